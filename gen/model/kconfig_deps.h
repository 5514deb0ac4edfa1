/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_KCONFIG_DEPS_H
#define HDRTEST_KCONFIG_DEPS_H

/* The "depends on" lines of every Kconfig entry for symbol (CONFIG_FOO or
 * FOO) in the tree, joined by "; ", or NULL if there are none. */
char *kconfig_dependencies(const char *tree, const char *symbol);

#endif

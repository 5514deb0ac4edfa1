/* SPDX-License-Identifier: GPL-2.0 */
/* A resolved .config, as written by kconfig, indexed by symbol name. */
#ifndef HDRTEST_KCONFIG_H
#define HDRTEST_KCONFIG_H

#include <uthash.h>

struct kconfig_entry {
	char *name;	/* CONFIG_FOO */
	char *value;	/* "y", "m", "n" (from "is not set"), a number or a "string" */
	UT_hash_handle hh;
};

struct kconfig {
	char *path;
	struct kconfig_entry *entries;
};

/* NULL after reporting an error (unreadable file, malformed line). */
struct kconfig *kconfig_read(const char *path);
/* The value of CONFIG_FOO, or NULL when the .config does not mention it. */
const char *kconfig_value(const struct kconfig *kc, const char *name);
/* Whether "#ifdef name" holds in a file compiled under this config: true
 * for =y and for valued symbols; CONFIG_FOO_MODULE holds when FOO=m. */
int kconfig_defined(const struct kconfig *kc, const char *name);
void kconfig_free(struct kconfig *kc);

#endif

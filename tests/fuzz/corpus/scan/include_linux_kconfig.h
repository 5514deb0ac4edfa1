/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every fixture TU (-include), as kbuild force-includes
 * include/linux/kconfig.h: it brings in the config (generated/autoconf.h)
 * and what compiler_types.h gives every TU.  Its path ends in
 * include/linux/kconfig.h so that hdrtest finds the "source tree".
 */
#ifndef FIXTURE_KCONFIG_H
#define FIXTURE_KCONFIG_H

#include <generated/autoconf.h>

#define __used __attribute__((__used__))

/* The compile command passes this with a space inside: it must survive
 * the quoting of compile.sh. */
#ifndef FIXTURE_BANNER
#error "FIXTURE_BANNER is not defined: the compile command lost an argument"
#endif

#endif /* FIXTURE_KCONFIG_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Calls a header forbids on purpose.  A TU calls each catalogued function
 * and function-like macro with made-up arguments, its own parameters.
 * Some headers reject exactly such a call at compile time, by design:
 *
 *   - a function declared __compiletime_error, __compiletime_warning or
 *     __deprecated, or with __attribute__((error)), ((warning)),
 *     ((deprecated)) or ((unavailable)): every call is a diagnostic
 *     (bitfield.h's __field_overflow(), workqueue.h's
 *     __warn_flushing_systemwide_wq());
 *   - a body that has BUILD_BUG(), BUILD_BUG_ON(), BUILD_BUG_ON_MSG(),
 *     BUILD_BUG_ON_NOT_POWER_OF_2() or compiletime_assert(): the guard
 *     fires on an argument the compiler cannot see is constant
 *     (slab.h's __kmalloc_index(), mm_types.h's encode_page());
 *   - a macro's body that checks what its argument is where it is
 *     expanded: BUILD_BUG_ON_ZERO(), __must_be_array(), __must_be_cstr()
 *     (a pointer for an array).  In a function's body these are decided
 *     where it is defined, whoever calls it, so there they do not count;
 *   - a body that calls a function declared as above.
 *
 * The body of the definition is looked at, and one level down the bodies
 * of the macros and inline functions of include/ that it calls
 * (register_sysctl_init() reaches __must_be_array() through
 * ARRAY_SIZE(), kmalloc_index() BUILD_BUG_ON_MSG() through
 * __kmalloc_index()).  Deeper chains are not followed: FIELD_PREP() ->
 * __BF_FIELD_CHECK() -> BUILD_BUG_ON_MSG() is not seen.  Arch headers
 * are not followed either (which one a cell uses is not known here).
 *
 * Such a symbol's catalog line says 'nocall "WHY"': its TU checks its
 * type (typeof emits no code) but does not call it.
 */
#ifndef HDRTEST_NOCALL_H
#define HDRTEST_NOCALL_H

#include "scan/scan.h"

/* Why a made-up call of d (a function or a macro) trips a guard its
 * header means, as catalog text ("its body has BUILD_BUG_ON()"), or
 * NULL.  The caller frees. */
char *nocall_reason(const struct scan_index *ix, const struct scan_def *d, const struct scan_def *sig);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Calls the header rejects on purpose, as the kernel's do: a function
 * declared __compiletime_error (bitfield.h's __field_overflow()), one
 * declared __compiletime_warning and a macro calling it
 * (workqueue.h's flush_scheduled_work()), an inline function whose
 * BUILD_BUG_ON() fires on an argument that is no constant (mm_types.h's
 * encode_page()).  Self-contained: each is fine where the kernel uses
 * it, and the TU of catalog guards.cat, which calls none of them, must
 * pass.
 */
#ifndef FIXTURE_GUARDS_H
#define FIXTURE_GUARDS_H

#include <fixture/compiler.h>

extern void __compiletime_error("value doesn't fit into mask") guards_overflow(void);
extern void guards_flush_warn(void) __compiletime_warning("Please avoid flushing system-wide workqueues.");

#define guards_flush() guards_flush_warn()

static inline int guards_encode(int v, int flags)
{
	BUILD_BUG_ON(flags > 3);
	return v | flags;
}

static inline int guards_plain(int v)
{
	return v + 1;
}

#endif /* FIXTURE_GUARDS_H */

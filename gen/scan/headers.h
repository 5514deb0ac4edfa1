/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tree's headers by include name, over the scan index: the kernel's own
 * file of a name, what an include pulls in, and how near a header is to
 * the one that uses it.  The lookups that the choice of a header to
 * include (definer.c, home.c), fix and explain share.
 */
#ifndef HDRTEST_HEADERS_H
#define HDRTEST_HEADERS_H

#include "scan/scan.h"

/* The file of an include name under include/ (not uapi, not arch/: those
 * differ per arch), or NULL: the headers a fix may add or patch, and the
 * forbidden ones.  (Only include/generated/uapi/ could share a name with
 * include/; the first by path is the one.) */
const struct scan_file *common_file(const struct scan_index *ix, const char *name);

/* Every include name that (*names)[0..n) pull in, appended to *names
 * each once, following every #include of every branch through the scan
 * index: asm/ headers are listed, not followed (they differ per arch).
 * Returns the new count; the caller frees the names. */
int header_closure(const struct scan_index *ix, char ***names, int n);

/* How many distinct headers name pulls in, itself included
 * (header_closure()); sets *reaches when target is among them. */
int closure_size(const struct scan_index *ix, const char *name, const char *target, int *reaches);

/* Whether include name z is of the first rank for a name culprit uses: a
 * header of culprit's own top dir, or of linux/ (the kernel's common
 * headers, where asm-generic/, vdso/ and uapi/ names are included from)
 * unless culprit is a uapi/ or vdso/ header.  A subsystem's own header
 * (acpi/, drm/, net/ ...) is of the second: acpi/actypes.h's u8 is
 * ACPICA's, the kernel's is linux/types.h's. */
int first_rank(const char *z, const char *culprit);

/* The header include name z's dir is named after, when that header is
 * the only file of the tree that includes z: "linux/atomic.h" for
 * linux/atomic/atomic-instrumented.h, which needs what linux/atomic.h
 * includes before it.  A part may stand only where its parent puts it,
 * unless a catalog says it stands alone (linux/mm/ slim headers, which
 * only linux/mm.h includes at first).  NULL when not; the caller frees. */
char *part_parent(const struct scan_index *ix, const char *z);

/* Whether include names a and b start with the same dir ("linux/"). */
int same_top_dir(const char *a, const char *b);

/* Whether k is a forward declaration ("struct page;"), not a definition. */
int is_forward_decl(enum scan_kind k);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The header to include for a name defined in a layer the kernel reaches
 * through its own headers (asm-generic/, vdso/, uapi/): linux/types.h
 * for u8, linux/bits.h for BIT().
 */
#ifndef HDRTEST_HOME_H
#define HDRTEST_HOME_H

#include "scan/scan.h"

/* Whether a definition in the file at path (relative to the tree) is
 * reached through a header of the user's own dir rather than included
 * directly: include/asm-generic/, include/vdso/, include/uapi/. */
int needs_home(const char *path);

/* That header, for a name defined in definer and needed by culprit: of
 * the headers of the first rank for culprit (its own top dir, linux/:
 * first_rank()) that include definer outside any #if, directly or
 * through headers of other dirs (an asm-generic/X standing
 * for the asm/X of the arches that have none), neither forbidden nor
 * including culprit back, the one the tree includes most, then the
 * lightest.  NULL when there is none; else the caller
 * frees it, and *weight is the headers it pulls in. */
char *home_header(const struct scan_index *ix, const struct scan_file *definer, const char *culprit,
		  char *const *forbids, int nforbids, int *weight);

#endif

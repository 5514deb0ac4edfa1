/* SPDX-License-Identifier: GPL-2.0 */
/* hdrtest fix as one call (fix_all.c). */
#ifndef HDRTEST_FIX_ALL_H
#define HDRTEST_FIX_ALL_H

struct fix_opts {
	const char *out;	/* the finished run; the fixes go to OUT/fix */
	char **cells;		/* its cells the fixes are proven on: ARCH/CONFIG */
	int ncells;
	int jobs;		/* TUs compiled at once, at least 1 */
	int signoff;		/* add the user's Signed-off-by to the patches */
	int verify_objects;	/* prove the kept patches on OUT/CELL/built's objects */
};

/* The smallest include or declaration for every header a failure of the
 * run is in, proven on its cells; the patches, OUT/fix/summary.txt and
 * the files beside it written, the summary printed.  1 when a failure is
 * left without a kept patch (no header qualifies, a chain to a forbidden
 * header, a fix not kept), else 0; -1 after an error message. */
int fix_all(const struct fix_opts *o);

#endif

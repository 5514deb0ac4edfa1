/* SPDX-License-Identifier: GPL-2.0 */
/* hdrtest fix-consumers as one call (fix_consumers.c). */
#ifndef HDRTEST_FIX_CONSUMERS_H
#define HDRTEST_FIX_CONSUMERS_H

struct fix_consumers_opts {
	const char *out;	/* the finished run, with OUT/CELL/built */
	char **cells;		/* its cells: ARCH/CONFIG */
	int ncells;
	int jobs;		/* objects compiled at once, at least 1 */
	int signoff;		/* add the user's Signed-off-by to the patches */
	int syntax_only;	/* only -fsyntax-only for C sources (make bench-objects) */
};

/* The cut of every include of a forbidden header where a chain of the
 * run starts, proven on the kernel objects of each cell's built dir; the
 * series, OUT/fix-consumers/summary.txt and objects.tsv written, the
 * summary printed.  1 when a cut is not kept, else 0; -1 after an error
 * message. */
int fix_consumers_all(const struct fix_consumers_opts *o);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* hdrtest move as one call (move_all.c): a move planned (move.h), written
 * under OUT/move and proven on a finished run's cells. */
#ifndef HDRTEST_MOVE_ALL_H
#define HDRTEST_MOVE_ALL_H

struct move_all_opts {
	const char *out;	/* the finished run; the move goes to OUT/move */
	const char *tree;	/* the run's tree, or NULL: the run's own */
	char *const *symbols;	/* what to move, as move_opts has them */
	int nsymbols;
	const char *from, *to;	/* include names; from NULL: the definer */
	int max;		/* move_opts.max */
	char **cells;		/* the run's cells it is proven on: ARCH/CONFIG */
	int ncells;
	char **catalogs;	/* the run's catalog files: TO's TU is generated from */
	int ncatalogs;		/* them and move.cat; 0: TO's TU includes TO alone */
	const char *templates, *m4;	/* what generates it */
	int jobs;		/* TUs compiled at once, at least 1 */
	int signoff;		/* add the user's Signed-off-by to the patch */
	int verify_objects;	/* prove a kept move on the cells' kernel objects too */
	int no_tokens;		/* ... compiling every one (no token shortcut) */
	const char *cache;	/* HDRTEST_CACHE: the texts before the move kept there, or NULL */
};

/* The move o asks for, planned, written into OUT/move/overlay (TO's and
 * FROM's new texts) and OUT/move/move.cat (TO's catalog entry), proven on
 * the cells: every TU of the run that reads FROM or TO compiled again with
 * the overlay searched first, and TO's own TU.  Kept when no TU that
 * passed fails and TO's TU passes on every cell: then the patch.  The
 * summary in OUT/move/summary.txt, printed.  0 kept, 1 not kept (or the
 * closure past max: listed), -1 after an error message. */
int move_all(const struct move_all_opts *o);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrtest move's shared state, between its steps (move_all.c), its proof
 * (move_proof.c) and its patch (move_patch.c).
 */
#ifndef HDRTEST_MOVER_H
#define HDRTEST_MOVER_H

#include "base/util.h"
#include "fix/fixer.h"
#include "model/catalog.h"
#include "move/move.h"
#include "move/move_all.h"

/*
 * A move on a finished run.  fx is opened on OUT/move (fixer_open()), its
 * fixes the two headers the move edits, FROM then TO, once the overlay
 * has them.  After the proof: proven counts the cells proven, kept is the
 * verdict, breaks has a line per TU that passed and fails now, and
 * to_fails one per cell where TO's TU fails (each "CELL HEADER: why").
 * patch is the patch's file name once written.
 */
struct mover {
	const struct move_all_opts *o;
	struct fixer fx;
	struct move m;
	char *from_path, *to_path;	/* in the tree: "include/linux/mm.h" */
	char *new_stem, **new_texts;	/* TO's TU when the run has none (fx->new_*) */
	struct catalog *cat;	/* the run's, or NULL: none given */
	struct catalog *with_to;	/* the same with move.cat, whose TO TO's TU tests */
	const struct header *to_catalogued;	/* TO's entry in cat, when it has one: no
						 * move.cat, the symbols go into its file */
	int proven, kept;
	struct strbuf breaks, to_fails;
	struct strbuf added;	/* the includes the proof added to TO, a line each */
	/* a line per catalog file a moved symbol was catalogued in, under
	 * another header: OUT/move/catalog/BASENAME is it without them */
	struct strbuf catalog_lines;
	/* --verify-objects, once a kept move was proven on objects: */
	int objects_cells;	/* some cell had a built dir */
	int objects_read;	/* objects that read FROM (or TO), all cells */
	int objects_unchanged;	/* ... of them, not compiled: the same program */
	struct strbuf objects;	/* what the proof on objects did, for the summary */
	char *patch;
};

/* move_proof.c */

/* The rounds of proof a move takes at most: the first, and one more for
 * each include TO's failing TU names (move_proof.c). */
#define MOVE_ROUNDS 4

/* The overlay written (OUT/move/overlay: TO's and FROM's new texts), and
 * proven on every cell, in rounds while TO's TU fails on a name whose
 * header the why-line names (included into mv->m.to_text, mv->added):
 * mv->kept and what broke.  0/-1. */
int move_prove(struct mover *mv);

/* move_objects.c */

/* The move made in a scratch tree (OUT/move/objects-tree, removed after)
 * and proven on every object of each cell's built dir that reads FROM or
 * TO, the token shortcut first unless o->no_tokens; what it did into sb,
 * OUT/move/objects.tsv; an object broken and mv->kept is 0.  0/-1. */
int move_prove_objects(struct mover *mv, struct strbuf *sb);

/* move_patch.c */

/* "linux/mm.h: move folio_size(), ... to mm/folio_size.h".  The caller
 * frees. */
char *move_subject(const struct move *m);
/* The names the closure added, each with why: "  folio_nr_pages(): used
 * by folio_size()" lines, into sb. */
void move_closure_lines(const struct move *m, struct strbuf *sb);
/* The includes TO's text has: its "#include" lines, into sb. */
void move_include_lines(const struct move *m, struct strbuf *sb);
/* The patch of a kept move into OUT/move (mv->patch); 0/-1. */
int move_write_patch(struct mover *mv);

#endif

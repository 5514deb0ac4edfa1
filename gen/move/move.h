/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A move of symbols out of a header into a slim one, as text: which
 * definitions move (every definition of the named symbols in FROM, on
 * every #if branch, with the comment above each, and the closure: what
 * the moved text uses that only FROM has), the new text of TO (its
 * includes, forward declarations, and the moved text in FROM's #if
 * skeleton), FROM's text without it and with an include of TO, and TO's
 * catalog entry.  Nothing is written and nothing proven here.
 */
#ifndef HDRTEST_MOVE_H
#define HDRTEST_MOVE_H

#include "model/catalog.h"
#include "scan/scan.h"

/* The most definitions a move takes before it asks the human. */
#define MOVE_MAX_DEFAULT 40

struct move_opts {
	char *const *symbols;	/* C identifiers */
	int nsymbols;
	const char *from;	/* an include name, or NULL: the one header that defines every symbol */
	const char *to;		/* an include name under linux/: "linux/mm/memory_failure.h" */
	int max;		/* the most definitions a move takes; 0 for MOVE_MAX_DEFAULT */
	const struct catalog *cat;	/* its defines read the #if conditions of TO's catalog
					 * lines; NULL: none */
};

/* A symbol that moves: a named one, or one the closure added. */
struct move_symbol {
	char *name;		/* "folio_nr_pages", "struct folio" */
	char *what;		/* as a message says it: "folio_nr_pages()" */
	char *why;		/* NULL for a named one; "used by folio_size()" */
	const struct scan_def **defs;	/* its definitions in FROM, forward declarations left out */
	int ndefs;
};

/*
 * A planned move.  syms holds the named symbols in the order given, then
 * the closure's in the order it found them, each name once; ndefs is the
 * sum of their ndefs, what max bounds.  After move_plan() returned 0,
 * to_text, from_text and catalog are the new texts; after 1 (the closure
 * past max) they are NULL and syms is the closure the human decides on;
 * after -1 they are NULL.  unresolved: names the moved text uses that no
 * header TO may include defines, nor FROM (an arch's asm/ header's), left
 * to the proof.  move_release() frees it all in every case.
 */
struct move {
	char *from, *to;	/* include names */
	int to_exists;		/* TO is a header of the tree: the text goes inside its guard */
	struct move_symbol *syms;
	int nsyms, ndefs;
	char **unresolved;
	int nunresolved;
	char *to_text, *from_text, *catalog;
};

/* Plan the move o asks for on the tree (its scan index ix): 0, -1 after
 * the errors saying what is refused and why (a symbol that is no C
 * identifier or that no header or several define, a TO that is no header
 * name under linux/ or that includes FROM, a declaration an #if cuts, a
 * name the moved text needs that only headers including FROM define), or
 * 1 when the closure passes o->max. */
int move_plan(const struct scan_index *ix, const char *tree, const struct move_opts *o, struct move *m);
void move_release(struct move *m);

#endif

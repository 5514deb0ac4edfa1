/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A move being planned: the state its parts share, and each part's
 * calls (move.h is the API):
 *   select.c    the input checked, FROM found, the headers TO may not include
 *   spans.c     FROM's text cut into pieces; the lines a definition moves with
 *   uses.c      the names a span's text uses
 *   closure.c   what moves with the named symbols, what TO includes and declares
 *   skeleton.c  the moved spans inside FROM's #if skeleton
 *   write.c     TO's and FROM's new texts
 *   entry.c     TO's catalog entry
 *   plan.c      move_plan(), the steps in order
 */
#ifndef HDRTEST_MOVE_WORK_H
#define HDRTEST_MOVE_WORK_H

#include "base/util.h"
#include "fix/fix.h"
#include "move/move.h"
#include "scan/scan.h"

enum item_kind { ITEM_C, ITEM_IF, ITEM_ELIF, ITEM_ELSE, ITEM_ENDIF, ITEM_PP };

/* One piece of FROM at file level: a directive (its logical line), or a
 * C declaration through its ';' or its body's '}'.  Items follow each
 * other in the text; two may share a line ("struct a; struct b;"). */
struct move_item {
	enum item_kind kind;
	int first, last;	/* its lines; last takes a comment begun on it */
	int owner;		/* #if, #elif, #else, #endif: the item of its #if; else -1 */
	int split;		/* a C item that a directive of an #if around it cuts, or
				 * that the text ends inside: no move takes it */
	int moved;
};

/* FROM's text, cut.  line_at[k] is where line k starts, for 1 <= k <=
 * nlines, and line_at[nlines + 1] the text's end. */
struct move_text {
	const char *text;
	const struct scan_file *f;
	const char **line_at;
	int nlines;
	struct move_item *items;
	int nitems;
	int *def_item;		/* f->defs[i] is in items[def_item[i]]; -1 when in none */
};

/* Lines of FROM that move as one: whole items and the comment block
 * directly above them.  Spans never overlap. */
struct move_span {
	int first, last;	/* its lines, the comment above included */
	int lo, hi;		/* its items, lo..hi */
	const struct scan_cond *cond;	/* the #if branch around it, NULL at file level */
	int whole;		/* an #if group that moves whole: items[lo] is its #if */
	const char *user;	/* what it moves, as said ("folio_size()"): a reason's */
};

/* A name a span uses. */
struct move_use {
	char *name;		/* "folio_size", "struct folio" */
	int whole;		/* a tag needed whole: by value, or through a pointer it dereferences */
};

/*
 * A move being planned.  Every item of a span is moved; every symbol of
 * m->syms has all its definitions in FROM in spans; every definition in
 * a span is of a symbol of m->syms, or a forward declaration.  adds are
 * FIX_INCLUDE and FIX_DECLARE candidates for TO, none of FROM or of a
 * header in forbids.  refused holds one line per reason the move cannot
 * be made, said once the closure is known.
 */
struct move_work {
	const struct scan_index *ix;
	const struct move_opts *o;
	struct move *m;
	const struct scan_file *from, *to;	/* to: NULL when TO is new */
	char *from_old;			/* FROM's text, which ft cuts */
	char *to_old;			/* TO's text, when it exists */
	struct move_text ft;
	struct move_span *spans;	/* in the order found; by line after move_whole_groups() */
	int nspans;
	char **forbids;			/* FROM and every header that includes it, on any arch */
	int nforbids;
	char **implicit;		/* the headers kbuild includes in every file, and theirs */
	int nimplicit;
	struct fix_cand *adds;
	int nadds;
	char **seen;			/* the names the closure has placed: included, moved or none */
	int nseen;
	struct strbuf refused;
};

/* select.c */

/* Whether the symbols and TO are what they must be; -1 after the errors. */
int move_check_input(const struct move_opts *o);
/* FROM (o->from, or the one header that defines every symbol), TO's file
 * if it exists, and forbids; -1 after the errors. */
int move_select(struct move_work *w, const char *tree);

/* spans.c */

/* Cut text, FROM's (the file f of the scan), into items; 0. */
int move_text_cut(struct move_text *t, const char *text, const struct scan_file *f);
void move_text_release(struct move_text *t);
/* Whether line l of t is blank (0 for a line outside t). */
int move_blank_line(const struct move_text *t, int l);
/* The span of items[item] and the items sharing its lines: 0, or -1 when
 * one of them is split. */
int move_span_at(const struct move_text *t, int item, struct move_span *sp);
/* The item of scan group g's #if, and of its branch b's directive (b = 0
 * its #if; b = nbranches its #endif); -1 when not found. */
int move_branch_item(const struct move_text *t, int g, int b);
/* Each #if group left empty by the spans becomes one span, whole, in
 * place of those in it; the spans sorted by line. */
void move_whole_groups(struct move_work *w);

/* uses.c */

/* The names sp's text uses and the #if conditions around it test, each
 * once, in order: not a member after '.' or "->", not a macro's or
 * function's own parameter, not "defined".  How many, into *out. */
int move_uses(const struct move_text *t, const struct move_span *sp, struct move_use **out);
void move_uses_free(struct move_use *u, int n);

/* closure.c */

/* The named symbols move: their definitions in FROM, and what shares
 * their lines.  0, or -1 after a line in w->refused. */
int move_add_named(struct move_work *w);
/* What the spans use, to a fixed point: a name only FROM has moves too,
 * one another header defines is included, a tag used by pointer only is
 * declared; 0. */
int move_closure(struct move_work *w);

/* skeleton.c */

/* The spans, in FROM's #if skeleton, to sb. */
void move_skeleton(const struct move_work *w, struct strbuf *sb);

/* write.c */

/* TO's new text; NULL after the error. */
char *move_to_text(const struct move_work *w);
/* FROM's text without the spans, including TO. */
char *move_from_text(const struct move_work *w);

/* entry.c */

/* "header TO" and a catalog line per moved symbol. */
char *move_catalog_entry(const struct move_work *w);

#endif

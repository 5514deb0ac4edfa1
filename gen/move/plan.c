// SPDX-License-Identifier: GPL-2.0
/*
 * move_plan(): a move's steps in order.  The input checked and FROM
 * found (select.c), FROM's text cut (spans.c), the named symbols' spans
 * and the closure (closure.c, uses.c), and unless the closure passes the
 * limit or something is refused, the #if groups the move empties taken
 * whole (spans.c) and the texts (write.c, skeleton.c, entry.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "move/work.h"

/* The text of the tree's file path; NULL after the error. */
static char *tree_text(const char *tree, const char *path)
{
	char *full = xasprintf("%s/%s", tree, path), *text = read_text_file(full, NULL, "a C header");

	if (!text && errno != EILSEQ)
		error("cannot read %s: %s", full, strerror(errno));
	free(full);
	return text;
}

/* Each reason the move is refused, as an error; -1. */
static int refuse(struct move_work *w)
{
	char *cur = w->refused.buf, *line;

	while ((line = next_line(&cur)))
		error("cannot move: %s", line);
	return -1;
}

static int plan(struct move_work *w, const char *tree)
{
	struct move *m = w->m;
	int max = w->o->max > 0 ? w->o->max : MOVE_MAX_DEFAULT;

	if (move_select(w, tree) || !(w->from_old = tree_text(tree, w->from->path)) ||
	    (w->to && !(w->to_old = tree_text(tree, w->to->path))))
		return -1;
	move_text_cut(&w->ft, w->from_old, w->from);
	move_add_named(w);
	move_closure(w);
	if (m->ndefs > max)
		return 1;
	if (w->refused.len)
		return refuse(w);
	move_whole_groups(w);
	if (!(m->to_text = move_to_text(w)))
		return -1;
	m->from_text = move_from_text(w);
	m->catalog = move_catalog_entry(w);
	return 0;
}

static void work_release(struct move_work *w)
{
	int i;

	move_text_release(&w->ft);
	free(w->from_old);
	free(w->to_old);
	free(w->spans);
	free_strings(w->forbids, w->nforbids);
	free_strings(w->implicit, w->nimplicit);
	free_strings(w->seen, w->nseen);
	for (i = 0; i < w->nadds; i++)
		fix_cand_free(&w->adds[i]);
	free(w->adds);
	sb_release(&w->refused);
}

int move_plan(const struct scan_index *ix, const char *tree, const struct move_opts *o, struct move *m)
{
	struct move_work w;
	int rc;

	memset(m, 0, sizeof(*m));
	if (move_check_input(o))
		return -1;
	memset(&w, 0, sizeof(w));
	w.ix = ix;
	w.o = o;
	w.m = m;
	sb_init(&w.refused);
	rc = plan(&w, tree);
	work_release(&w);
	if (rc) {
		free(m->to_text);
		free(m->from_text);
		m->to_text = m->from_text = NULL;
	}
	return rc;
}

void move_release(struct move *m)
{
	int i;

	free(m->from);
	free(m->to);
	for (i = 0; i < m->nsyms; i++) {
		free(m->syms[i].name);
		free(m->syms[i].what);
		free(m->syms[i].why);
		free(m->syms[i].defs);
	}
	free(m->syms);
	free_strings(m->unresolved, m->nunresolved);
	free(m->to_text);
	free(m->from_text);
	free(m->catalog);
	memset(m, 0, sizeof(*m));
}

// SPDX-License-Identifier: GPL-2.0
/*
 * What moves with the named symbols, and what TO gets instead.  Each
 * name the moved text uses is, in this order: moved already, or TO's
 * own; defined by the headers kbuild includes in every file; a tag used
 * by pointer only (TO declares it); defined by a header TO may include
 * (make fix's choice, find_definer(): never FROM, nor a header that
 * includes FROM or TO); defined by FROM (it moves too: the closure, with
 * its reason); defined only by headers that include FROM (the move is
 * refused: it needs them moved first); or defined nowhere TO may reach
 * (unresolved, for the proof to judge).
 */
#include <stdlib.h>
#include <string.h>

#include "move/work.h"
#include "scan/definer.h"
#include "scan/headers.h"

/* The headers kbuild's command line includes in every file (-include). */
static const char *const forced[] = { "linux/compiler-version.h", "linux/kconfig.h", "linux/compiler_types.h" };

static int find_sym(const struct move *m, const char *name)
{
	int i;

	for (i = 0; i < m->nsyms; i++)
		if (!strcmp(m->syms[i].name, name))
			return i;
	return -1;
}

/* "name()" for a function or function-like macro, else name. */
static char *said(const struct scan_index *ix, const char *name)
{
	return scan_is_callable(ix, name) ? xasprintf("%s()", name) : xstrdup(name);
}

/* name's definitions in f, forward declarations aside; how many. */
static int defs_in(const struct scan_index *ix, const struct scan_file *f, const char *name,
		   const struct scan_def ***out)
{
	const struct scan_def *d;
	int n = 0;

	*out = NULL;
	for (d = scan_lookup(ix, name); d && f; d = d->next)
		if (d->file == f && !is_forward_decl(d->kind))
			*(const struct scan_def **)push(out, &n, sizeof(d)) = d;
	return n;
}

static int def_index(const struct scan_file *f, const struct scan_def *d)
{
	int k;

	for (k = 0; k < f->ndefs && f->defs[k] != d; k++)
		;
	return k;
}

static int depth_of(const struct scan_cond *c)
{
	int n = 0;

	for (; c; c = c->parent)
		n++;
	return n;
}

/* The #if branch around the span: its definitions', the outermost (a
 * #define in a function's body sits deeper than the function). */
static const struct scan_cond *span_cond(const struct move_work *w, const struct move_span *sp)
{
	const struct scan_cond *best = NULL;
	int k, found = 0;

	for (k = 0; k < w->from->ndefs; k++) {
		int at = w->ft.def_item[k];

		if (at < sp->lo || at > sp->hi)
			continue;
		if (!found || depth_of(w->from->defs[k]->cond) < depth_of(best))
			best = w->from->defs[k]->cond;
		found = 1;
	}
	return best;
}

/* A new entry of m->syms for name, with its definitions in FROM; its index. */
static int new_symbol(struct move_work *w, const char *name, const char *why)
{
	struct move_symbol *s = push(&w->m->syms, &w->m->nsyms, sizeof(*s));

	memset(s, 0, sizeof(*s));
	s->name = xstrdup(name);
	s->what = said(w->ix, name);
	s->why = why ? xstrdup(why) : NULL;
	s->ndefs = defs_in(w->ix, w->from, name, &s->defs);
	w->m->ndefs += s->ndefs;
	return w->m->nsyms - 1;
}

static int add_def(struct move_work *w, int at, const struct scan_def *d);

/* The spans of syms[at]'s definitions. */
static int add_defs(struct move_work *w, int at)
{
	int i, bad = 0;

	/* syms grows on the way: no pointer into it is kept */
	for (i = 0; i < w->m->syms[at].ndefs; i++)
		bad |= add_def(w, at, w->m->syms[at].defs[i]);
	return bad;
}

/* name moves (why says why), unless it moves already. */
static int add_symbol(struct move_work *w, const char *name, const char *why)
{
	if (find_sym(w->m, name) >= 0)
		return 0;
	return add_defs(w, new_symbol(w, name, why));
}

int move_add_named(struct move_work *w)
{
	int i, n, bad = 0;

	for (i = 0; i < w->o->nsymbols; i++)
		if (find_sym(w->m, w->o->symbols[i]) < 0)
			new_symbol(w, w->o->symbols[i], NULL);
	n = w->m->nsyms;
	for (i = 0; i < n; i++)
		bad |= add_defs(w, i);
	return bad;
}

/* The span of d, a definition of syms[at], unless it moves already; what
 * else is defined on its lines moves with it. */
static int add_def(struct move_work *w, int at, const struct scan_def *d)
{
	const char *what = w->m->syms[at].what;
	int item = w->ft.def_item[def_index(w->from, d)], k, bad = 0;
	struct move_span sp;

	if (item < 0 || move_span_at(&w->ft, item, &sp)) {
		sb_addf(&w->refused, "%s at %s:%d: its declaration is cut by an #if, or not one the move reads: "
			"move it by hand\n", what, d->file->path, d->line);
		return -1;
	}
	if (w->ft.items[item].moved)
		return 0;
	if (d->undef_line)
		sb_addf(&w->refused, "%s at %s:%d: #undef'd at line %d, a helper of %s's own\n", what, d->file->path,
			d->line, d->undef_line, w->m->from);
	sp.cond = span_cond(w, &sp);
	sp.user = what;
	for (k = sp.lo; k <= sp.hi; k++)
		w->ft.items[k].moved = 1;
	*(struct move_span *)push(&w->spans, &w->nspans, sizeof(sp)) = sp;
	for (k = 0; k < w->from->ndefs; k++) {
		const struct scan_def *o = w->from->defs[k];
		char *why;

		if (w->ft.def_item[k] < sp.lo || w->ft.def_item[k] > sp.hi || is_forward_decl(o->kind) ||
		    find_sym(w->m, o->name) >= 0)
			continue;
		why = xasprintf("declared with %s", what);
		bad |= add_symbol(w, o->name, why);
		free(why);
	}
	return bad;
}

/* Whether some definition of name (forward declarations aside) is in a
 * file whose include name is listed. */
static int defined_among(const struct scan_index *ix, const char *name, char *const *list, int n)
{
	const struct scan_def *d;

	for (d = scan_lookup(ix, name); d; d = d->next)
		if (!is_forward_decl(d->kind) && d->file->include_name && str_listed(list, n, d->file->include_name))
			return 1;
	return 0;
}

/* Whether TO has name already: its own definition, or a declaration of
 * the tag. */
static int to_has(const struct move_work *w, const char *name)
{
	const struct scan_def *d;

	for (d = scan_lookup(w->ix, name); d && w->to; d = d->next)
		if (d->file == w->to)
			return 1;
	return 0;
}

static int to_includes(const struct move_work *w, const char *header)
{
	int i;

	for (i = 0; w->to && i < w->to->nincludes; i++)
		if (!strcmp(w->to->includes[i].name, header))
			return 1;
	return 0;
}

static struct fix_cand *new_cand(struct move_work *w, enum fix_kind kind, const char *name, const char *user)
{
	struct fix_cand *c = push(&w->adds, &w->nadds, sizeof(*c));

	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->header = xstrdup(w->m->to);
	c->symbol = xstrdup(name);
	c->what = said(w->ix, name);
	c->user = xstrdup(user);
	return c;
}

/* A tag used by pointer only: TO declares it, unless it moves or is
 * included after all (drop_needless()). */
static void declare(struct move_work *w, const char *tag, const char *user)
{
	int i;

	for (i = 0; i < w->nadds; i++)
		if (!strcmp(w->adds[i].symbol, tag))
			return;
	new_cand(w, FIX_DECLARE, tag, user);
}

/* name, which no header TO may include defines: it moves when FROM has
 * it, else the move is refused when only headers including FROM do; a
 * name only arch headers define is included from its asm/ header
 * (asm_definer()); else it is left to the proof. */
static void without_definer(struct move_work *w, const char *name, const char *user, const struct definer *d)
{
	const struct scan_def **defs;
	char *why, *asm_header;

	if (defs_in(w->ix, w->from, name, &defs)) {
		free(defs);
		why = xasprintf("used by %s", user);
		add_symbol(w, name, why);
		free(why);
		return;
	}
	if (d->nrefused && d->only_forbidden) {
		sb_addf(&w->refused, "%s: used by %s, is defined only in headers that include %s: %s: move it first\n",
			name, user, w->m->from, d->refused.buf);
		return;
	}
	asm_header = asm_definer(w->ix, name, w->forbids, w->nforbids);
	if (asm_header && !to_includes(w, asm_header)) {
		struct fix_cand *c = new_cand(w, FIX_INCLUDE, name, user);

		c->include = asm_header;
		c->weight = 1;
		return;
	}
	if (asm_header) {
		free(asm_header);	/* TO includes it already */
		return;
	}
	if (scan_lookup(w->ix, name))
		*(char **)push(&w->m->unresolved, &w->m->nunresolved, sizeof(char *)) = xstrdup(name);
}

/* A part (part_parent()) that no catalog says stands alone is included
 * through its parent: linux/atomic.h, not linux/atomic/atomic-instrumented.h,
 * for try_cmpxchg(), unless the parent is forbidden or includes TO. */
static void whole_of_part(struct move_work *w, struct definer *d)
{
	char *parent = part_parent(w->ix, d->include);
	int weight, cycle;

	if (!parent || (w->o->cat && catalog_header(w->o->cat, d->include)) ||
	    str_listed(w->forbids, w->nforbids, parent)) {
		free(parent);
		return;
	}
	weight = closure_size(w->ix, parent, w->m->to, &cycle);
	if (cycle) {
		free(parent);
		return;
	}
	free(d->include);
	d->include = parent;
	d->weight = weight;
}

/* One name a span of user's uses, placed. */
static void place(struct move_work *w, const struct move_use *u, const char *user)
{
	struct definer d;

	if (find_sym(w->m, u->name) >= 0 || str_listed(w->seen, w->nseen, u->name) || to_has(w, u->name) ||
	    defined_among(w->ix, u->name, w->implicit, w->nimplicit))
		return;
	if (strchr(u->name, ' ') && !u->whole) {
		declare(w, u->name, user);
		return;
	}
	*(char **)push(&w->seen, &w->nseen, sizeof(char *)) = xstrdup(u->name);
	find_definer(w->ix, u->name, w->m->to, w->forbids, w->nforbids, &d);
	if (d.include)
		whole_of_part(w, &d);
	if (d.include && !to_includes(w, d.include)) {
		struct fix_cand *c = new_cand(w, FIX_INCLUDE, u->name, user);

		c->include = d.include;
		c->weight = d.weight;
		d.include = NULL;
	} else if (!d.include) {
		without_definer(w, u->name, user, &d);
	}
	definer_release(&d);
}

/* Whether an include of TO brings tag: it is included for it, or the
 * header included defines it, one the move adds or one an existing TO
 * has (folio_size.h's linux/mm_types.h, for struct page). */
static int included(const struct move_work *w, const char *tag)
{
	const struct scan_def *d;
	int j;

	for (j = 0; j < w->nadds; j++)
		if (w->adds[j].kind == FIX_INCLUDE && !strcmp(w->adds[j].symbol, tag))
			return 1;
	for (d = scan_lookup(w->ix, tag); d; d = d->next) {
		if (is_forward_decl(d->kind) || !d->file->include_name)
			continue;
		if (to_includes(w, d->file->include_name))
			return 1;
		for (j = 0; j < w->nadds; j++)
			if (w->adds[j].kind == FIX_INCLUDE && !strcmp(w->adds[j].include, d->file->include_name))
				return 1;
	}
	return 0;
}

/* A declaration of a tag that moves, or that an include brings, goes. */
static void drop_needless(struct move_work *w)
{
	int i, n = 0;

	for (i = 0; i < w->nadds; i++) {
		struct fix_cand *c = &w->adds[i];

		if (c->kind == FIX_DECLARE && (find_sym(w->m, c->symbol) >= 0 || included(w, c->symbol)))
			fix_cand_free(c);
		else
			w->adds[n++] = *c;
	}
	w->nadds = n;
}

int move_closure(struct move_work *w)
{
	int i, k, n;

	for (i = 0; i < (int)(sizeof(forced) / sizeof(forced[0])); i++)
		*(char **)push(&w->implicit, &w->nimplicit, sizeof(char *)) = xstrdup(forced[i]);
	w->nimplicit = header_closure(w->ix, &w->implicit, w->nimplicit);
	/* the spans grow as names move */
	for (i = 0; i < w->nspans; i++) {
		const char *user = w->spans[i].user;
		struct move_use *u;

		n = move_uses(&w->ft, &w->spans[i], &u);
		for (k = 0; k < n; k++)
			place(w, &u[k], user);
		move_uses_free(u, n);
	}
	drop_needless(w);
	return 0;
}

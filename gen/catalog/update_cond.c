// SPDX-License-Identifier: GPL-2.0
/*
 * catalog-update's conditions: the #if chain around a definition read as
 * a catalog condition.  Each level's condition is parsed by the #if
 * parser (cpp/ifexpr.h) and its tree translated: CONFIG_X, defined(X),
 * IS_ENABLED, IS_BUILTIN and IS_MODULE(CONFIG_X), 0, 1, !, && and ||.
 * defined(X) is X for CONFIG_ names and catalog defines, true for
 * __KERNEL__ and false for what kernel C never defines; anything else
 * (comparisons, other macros) makes the chain no catalog condition.
 */
#include "catalog/catalog_update.h"

#include <stdlib.h>
#include <string.h>

/* A translation: a constant, or a catalog condition. */
struct tr {
	int k;			/* 1: always true, 0: never, -1: e */
	struct ifexpr *e;
};

static struct tr konst(int k)
{
	struct tr r = { k, NULL };

	return r;
}

static struct tr sym(const char *name)
{
	struct tr r = { -1, ifexpr_new(IFX_NAME, name, NULL, NULL) };

	return r;
}

static struct tr tr_not(struct tr a)
{
	struct tr r = { -1, NULL };

	if (a.k >= 0)
		return konst(!a.k);
	r.e = ifexpr_new(IFX_NOT, NULL, a.e, NULL);
	return r;
}

static struct tr tr_bin(struct tr a, struct tr b, int and)
{
	struct tr r = { -1, NULL };

	if (a.k == !and || b.k == !and) {
		ifexpr_free(a.e);
		ifexpr_free(b.e);
		return konst(!and);
	}
	if (a.k == and)
		return b;
	if (b.k == and)
		return a;
	r.e = ifexpr_new(and ? IFX_LAND : IFX_LOR, NULL, a.e, b.e);
	return r;
}

static struct tr fail(int *failed)
{
	*failed = 1;
	return konst(0);
}

static struct tr defined_value(const struct catalog *cat, const struct ifexpr *e, int *failed)
{
	static const char *const never[] = { "__ASSEMBLY__", "__ASSEMBLER__", "__CHECKER__", "__GENKSYMS__" };
	struct define *d;
	size_t i;

	if (starts_with(e->text, "CONFIG_"))
		return sym(e->text);
	if (!strcmp(e->text, "__KERNEL__"))
		return konst(1);
	for (i = 0; i < sizeof(never) / sizeof(never[0]); i++)
		if (!strcmp(e->text, never[i]))
			return konst(0);
	HASH_FIND_STR(cat->define_index, e->text, d);
	if (d)
		return sym(e->text);
	return fail(failed);
}

/* IS_ENABLED(CONFIG_X): built in or a module; IS_BUILTIN, IS_MODULE. */
static struct tr is_enabled(const struct ifexpr *e, int *failed)
{
	const struct ifexpr *a = e->nargs == 1 ? e->args[0] : NULL;
	int builtin = !strcmp(e->text, "IS_BUILTIN"), module = !strcmp(e->text, "IS_MODULE");
	char *mod;
	struct tr r;

	if ((!builtin && !module && strcmp(e->text, "IS_ENABLED")) || !a || a->op != IFX_NAME || a->parens ||
	    !starts_with(a->text, "CONFIG_"))
		return fail(failed);
	if (builtin)
		return sym(a->text);
	mod = xasprintf("%s_MODULE", a->text);
	r = module ? sym(mod) : tr_bin(sym(a->text), sym(mod), 0);
	free(mod);
	return r;
}

static struct tr translate(const struct catalog *cat, const struct ifexpr *e, int *failed)
{
	struct tr l, r;

	switch (e->op) {
	case IFX_NUM:
		if (!strcmp(e->text, "0") || !strcmp(e->text, "1"))
			return konst(e->text[0] == '1');
		break;
	case IFX_NAME:
		if (starts_with(e->text, "CONFIG_"))
			return sym(e->text);	/* "#if CONFIG_X": set (to a non-zero value) */
		break;
	case IFX_DEFINED:
		return defined_value(cat, e, failed);
	case IFX_CALL:
		return is_enabled(e, failed);
	case IFX_NOT:
		return tr_not(translate(cat, e->l, failed));
	case IFX_LAND:
	case IFX_LOR:
		l = translate(cat, e->l, failed);
		r = translate(cat, e->r, failed);
		return tr_bin(l, r, e->op == IFX_LAND);
	default:
		break;
	}
	return fail(failed);
}

/* One #if level; *failed if it cannot be translated. */
static struct tr translate_level(const struct catalog *cat, const struct scan_file *f, const struct scan_cond *c,
				 int *failed)
{
	struct ifx_error err;
	struct ifexpr *e = scan_cond_ast(f, c, &err);
	struct tr r;

	if (!e)
		return fail(failed);
	r = translate(cat, e, failed);
	ifexpr_free(e);
	if (*failed) {
		ifexpr_free(r.e);
		return konst(0);
	}
	return r;
}

/* A chain: the AND of its levels. */
static struct tr translate_chain(const struct catalog *cat, const struct scan_file *f, const struct scan_cond *c,
				 int *failed)
{
	struct tr r = konst(1);

	for (; c && !*failed; c = c->parent)
		r = tr_bin(translate_level(cat, f, c, failed), r, 1);
	return r;
}

struct branch {
	const struct scan_cond *c;
	const struct scan_file *f;
};

/* Replace the branches that cover all of an #if ... #else ... #endif by
 * the level around it; returns whether something was merged. */
static int merge_siblings(struct branch *b, int *n)
{
	int i, j, m;

	for (i = 0; i < *n; i++) {
		const struct scan_cond *c = b[i].c;
		const struct scan_group *g;
		char seen[256] = { 0 };
		int covered = 0;

		if (!c)
			continue;
		g = &b[i].f->groups[c->group];
		if (!g->has_else || g->nbranches > 256)
			continue;
		for (j = 0; j < *n; j++) {
			if (b[j].f == b[i].f && b[j].c && b[j].c->parent == c->parent && b[j].c->group == c->group &&
			    !seen[b[j].c->branch]) {
				seen[b[j].c->branch] = 1;
				covered++;
			}
		}
		if (covered < g->nbranches)
			continue;
		for (j = m = 0; j < *n; j++)
			if (!(b[j].f == b[i].f && b[j].c && b[j].c->parent == c->parent && b[j].c->group == c->group))
				b[m++] = b[j];
		b[m].c = c->parent;
		b[m].f = b[i].f;
		*n = m + 1;
		return 1;
	}
	return 0;
}

char *catalog_update_condition(const struct catalog *cat, const struct scan_def *const *defs, int n)
{
	struct branch *b = xmalloc((n + 1) * sizeof(*b));
	struct tr all = konst(0);
	char *text;
	int i, j, m = 0, failed = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < m; j++)
			if (b[j].c == defs[i]->cond && b[j].f == defs[i]->file)
				break;
		if (j == m) {
			b[m].c = defs[i]->cond;
			b[m++].f = defs[i]->file;
		}
	}
	while (merge_siblings(b, &m))
		;
	for (i = 0; i < m && !failed; i++)
		all = tr_bin(all, translate_chain(cat, b[i].f, b[i].c, &failed), 0);
	free(b);
	/* not expressible, never true in kernel C, or deeper than the catalog takes */
	if (failed || all.k == 0 || (all.e && all.e->depth > COND_MAX_DEPTH)) {
		ifexpr_free(all.e);
		return NULL;
	}
	if (all.k == 1)
		return xstrdup("");
	text = ifexpr_to_string(all.e);
	ifexpr_free(all.e);
	return text;
}

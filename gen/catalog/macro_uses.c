// SPDX-License-Identifier: GPL-2.0
/*
 * The names a macro's body uses (see macro_uses.h for which ones and
 * why).  The body is the scan's normalized replacement text, lexed
 * again; no expansion happens, so what a nested macro does with its
 * arguments is not known: a whole argument is left out rather than
 * guessed at.
 */
#include "catalog/macro_uses.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "catalog/catalog_update.h"
#include "catalog/drift.h"
#include "cpp/clex.h"
#include "model/catalog.h"
#include "model/cond.h"
#include "model/validate.h"

static int tok_is(const struct clex_tok *t, const char *s)
{
	return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

/* GNU C words and builtins that are no declared names. */
static int is_builtin_word(const char *w)
{
	static const char *const words[] = {
		"_Alignas", "_Alignof", "_Bool", "_Generic", "_Static_assert", "_Thread_local",
		"__COUNTER__", "__FILE__", "__FUNCTION__", "__LINE__", "__VA_ARGS__", "__VA_OPT__",
		"__alignof__", "__asm", "__asm__", "__attribute", "__attribute__", "__auto_type", "__const",
		"__extension__", "__func__", "__imag__", "__inline", "__inline__", "__int128", "__label__",
		"__real__", "__restrict", "__restrict__", "__signed__", "__typeof", "__typeof__",
		"__volatile__", "defined",
	};
	size_t i;

	if (starts_with(w, "__builtin_") || starts_with(w, "__sync_") || starts_with(w, "__atomic_"))
		return 1;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(w, words[i]))
			return 1;
	return 0;
}

static int is_assignment(const struct clex_tok *t)
{
	static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=" };
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (tok_is(t, ops[i]))
			return 1;
	return 0;
}

static int is_tag_keyword(const struct clex_tok *t)
{
	return tok_is(t, "struct") || tok_is(t, "union") || tok_is(t, "enum");
}

struct body {
	struct clex_tok *toks;
	int n;
};

static void lex_body(const char *text, struct body *b)
{
	struct clex lx;
	struct clex_tok t;

	b->toks = NULL;
	b->n = 0;
	clex_init(&lx, text, strlen(text), 1, 1);
	while (clex_next(&lx, &t) != CT_EOF)
		*(struct clex_tok *)push(&b->toks, &b->n, sizeof(t)) = t;
}

/* Locals of statement expressions: "typeof(x) __x = (x);", "int i, j;":
 * an identifier after a type-ish token (an identifier, '*' or ')') and
 * before '=', ';', ',' or '['.  A cast "(void) foo;" looks the same: its
 * name is then left out too, which is the safe side. */
static void collect_locals(const struct body *b, char ***locals, int *n)
{
	int i;

	for (i = 1; i + 1 < b->n; i++) {
		const struct clex_tok *p = &b->toks[i - 1], *t = &b->toks[i], *x = &b->toks[i + 1];

		if (t->kind != CT_IDENT)
			continue;
		if (!(p->kind == CT_IDENT || tok_is(p, "*") || tok_is(p, ")")))
			continue;
		if (tok_is(x, "=") || tok_is(x, ";") || tok_is(x, ",") || tok_is(x, "[")) {
			char *s = xstrndup(t->s, t->n);

			if (!str_listed(*locals, *n, s))
				*(char **)push(locals, n, sizeof(char *)) = s;
			else
				free(s);
		}
	}
}

/* For each token, whether it is inside the parentheses of a call (of a
 * macro or function, not of sizeof or typeof): there a whole argument
 * may be a member or type name the callee takes apart.  A cast's or a
 * grouping's parentheses are no call. */
static void mark_call_args(const struct body *b, int *in_call)
{
	int *stack = NULL, depth = 0, cap = 0, i;

	for (i = 0; i < b->n; i++) {
		const struct clex_tok *t = &b->toks[i];

		in_call[i] = depth > 0 && stack[depth - 1];
		if (tok_is(t, "(")) {
			const struct clex_tok *p = i ? &b->toks[i - 1] : NULL;
			char *w = p && p->kind == CT_IDENT ? xstrndup(p->s, p->n) : NULL;

			if (depth == cap) {
				cap = cap ? 2 * cap : 16;
				stack = xrealloc(stack, cap * sizeof(*stack));
			}
			stack[depth++] = w && !is_c_keyword(w) && strcmp(w, "__typeof__") && strcmp(w, "__typeof") &&
					 strcmp(w, "__alignof__") && strcmp(w, "_Alignof");
			free(w);
		} else if (tok_is(t, ")") && depth) {
			depth--;
		}
	}
	free(stack);
}

/* Whether token i is an identifier the body uses as a declared name. */
static int is_use(const struct body *b, const int *in_call, int i)
{
	const struct clex_tok *t = &b->toks[i];
	const struct clex_tok *p = i ? &b->toks[i - 1] : NULL, *x = i + 1 < b->n ? &b->toks[i + 1] : NULL;

	if (t->kind != CT_IDENT)
		return 0;
	if (p && (tok_is(p, ".") || tok_is(p, "->") || tok_is(p, "#") || tok_is(p, "##") || is_tag_keyword(p)))
		return 0;
	if (x && tok_is(x, "##"))
		return 0;
	/* a whole argument of a call: "offsetof(struct page, lru)" */
	if (in_call[i] && p && x && (tok_is(p, "(") || tok_is(p, ",")) && (tok_is(x, ",") || tok_is(x, ")")))
		return 0;
	/* assigned to: the caller's variable ("s1 += buf[i]") */
	if (x && (is_assignment(x) || tok_is(x, "++") || tok_is(x, "--")))
		return 0;
	if (p && (tok_is(p, "++") || tok_is(p, "--")))
		return 0;
	/* a label or a designator: "out:", ".field =" is caught above */
	if (x && tok_is(x, ":") && !(p && tok_is(p, "?")))
		return 0;
	return 1;
}

/* A declaration that makes a name usable once its header is included. */
static int declares(const struct scan_def *d)
{
	switch (d->kind) {
	case SCAN_FUNC:
	case SCAN_PROTO:
	case SCAN_MACRO:
	case SCAN_DEFINE:
	case SCAN_TYPEDEF:
		return drift_def_counts(d);
	case SCAN_VAR:
		/* a short global elsewhere (errata in acpi/processor.h, s1 in
		 * crypto/aria.h) is more likely a caller's local of that name */
		return starts_with(d->file->path, "include/linux/");
	default:
		return 0;
	}
}

static int generic_path(const char *path)
{
	return starts_with(path, "include/") && !starts_with(path, "include/asm-generic/") &&
	       !starts_with(path, "include/uapi/asm-generic/");
}

/* The condition under which including a header that declares name
 * declares it ("" always); NULL when name is not to be checked. */
static char *availability(const struct scan_index *ix, const char *name, const char *incname)
{
	static const struct catalog empty;
	const struct scan_def *e, **defs = NULL;
	char *cond = NULL;
	int n = 0;

	for (e = scan_lookup(ix, name); e; e = e->next) {
		if (e->file->include_name && !strcmp(e->file->include_name, incname))
			goto out;	/* the header's own: checked as its own symbol */
		if (declares(e) && generic_path(e->file->path))
			*(const struct scan_def **)push(&defs, &n, sizeof(*defs)) = e;
	}
	if (n)
		cond = catalog_update_condition(&empty, defs, n);
out:
	free(defs);
	return cond;
}

/* "A && B" in the catalog's canonical spelling; either may be "". */
static char *cond_and(const char *a, const char *b)
{
	struct loc l = { "<macro-uses>", 1, 1 };
	struct ifexpr *x, *y, *both;
	char *text;

	if (!*a)
		return xstrdup(b);
	if (!*b || !strcmp(a, b))
		return xstrdup(a);
	x = cond_parse(a, &l, NULL, NULL);
	y = cond_parse(b, &l, NULL, NULL);
	if (!x || !y) {
		ifexpr_free(x);
		ifexpr_free(y);
		return NULL;
	}
	both = ifexpr_new(IFX_LAND, "&&", x, y);
	text = ifexpr_to_string(both);
	ifexpr_free(both);
	return text;
}

struct group {
	char *cond;
	char **names;
	int n;
};

int macro_uses_lines(const struct scan_index *ix, const struct scan_def *d, const char *incname, char ***out,
		     int *n, struct macro_uses_stats *st)
{
	static const struct catalog empty;
	struct body b;
	struct group *groups = NULL;
	char **locals = NULL, **seen = NULL, *own;
	int nlocals = 0, nseen = 0, ngroups = 0, i, j, added = 0, *in_call;

	if (!d->value || !*d->value || (d->kind != SCAN_MACRO && d->kind != SCAN_DEFINE))
		return 0;
	st->macros++;
	own = catalog_update_condition(&empty, &d, 1);
	if (!own) {
		st->uncertain++;
		return 0;
	}
	lex_body(d->value, &b);
	in_call = xcalloc(b.n ? b.n : 1, sizeof(int));
	mark_call_args(&b, in_call);
	collect_locals(&b, &locals, &nlocals);
	for (i = 0; i < b.n; i++) {
		char *name, *avail, *cond;
		struct group *g = NULL;

		if (!is_use(&b, in_call, i))
			continue;
		name = xstrndup(b.toks[i].s, b.toks[i].n);
		if (str_listed(seen, nseen, name) || is_c_keyword(name) || is_builtin_word(name) ||
		    starts_with(name, "CONFIG_") || !strcmp(name, d->name) || str_listed(locals, nlocals, name) ||
		    str_listed((char **)d->args, d->kind == SCAN_MACRO ? d->nargs : 0, name)) {
			free(name);
			continue;
		}
		*(char **)push(&seen, &nseen, sizeof(char *)) = name;
		avail = availability(ix, name, incname);
		cond = avail ? cond_and(own, avail) : NULL;
		free(avail);
		if (!cond)
			continue;
		for (j = 0; j < ngroups && !g; j++)
			if (!strcmp(groups[j].cond, cond))
				g = &groups[j];
		if (g) {
			free(cond);
		} else {
			g = push(&groups, &ngroups, sizeof(*g));
			g->cond = cond;
			g->names = NULL;
			g->n = 0;
		}
		*(char **)push(&g->names, &g->n, sizeof(char *)) = name;
	}
	for (j = 0; j < ngroups; j++) {
		struct strbuf sb;

		sb_init(&sb);
		sb_addf(&sb, "uses\t%s\t", d->name);
		for (i = 0; i < groups[j].n; i++)
			sb_addf(&sb, "%s%s", i ? " " : "", groups[j].names[i]);
		if (*groups[j].cond)
			sb_addf(&sb, "\tif %s", groups[j].cond);
		*(char **)push(out, n, sizeof(char *)) = sb_detach(&sb);
		added++;
		free(groups[j].cond);
		free(groups[j].names);	/* the names are seen's */
	}
	free(groups);
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	for (i = 0; i < nlocals; i++)
		free(locals[i]);
	free(locals);
	free(in_call);
	free(b.toks);
	free(own);
	return added;
}

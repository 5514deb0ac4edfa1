// SPDX-License-Identifier: GPL-2.0
/*
 * The names a span of FROM uses: what TO must get from a header, or move
 * too.  Every identifier of the span's text and of the #if conditions
 * around it, but a member after '.' or "->", a macro's or a function's
 * own parameter, and "defined".  A tag is "struct NAME", needed whole
 * unless every use of it is a pointer never dereferenced: "struct NAME *"
 * everywhere, and no variable declared so followed by "->" or '[', or
 * after a unary '*'.  An enum is always needed whole.
 */
#include <stdlib.h>
#include <string.h>

#include "cpp/clex.h"
#include "move/work.h"

/* The tokens read, in order: the span's C tokens and its directives'
 * (a macro's body without its parameters, an #if's condition). */
struct toks {
	struct clex_tok *t;
	int n;
	char **skip;		/* names that are no use: the parameters */
	int nskip;
};

static int is(const struct clex_tok *t, const char *w)
{
	return t->n == strlen(w) && !memcmp(t->s, w, t->n);
}

static int punct(const struct clex_tok *t, const char *p)
{
	return t->kind == CT_PUNCT && is(t, p);
}

/* The tokens of the directive pp that use names: a #define's body (its
 * parameters left out), an #if's or #elif's condition; none of the
 * others (#include, #undef, #error ...). */
static void directive_tokens(struct toks *ts, const struct clex_tok *pp)
{
	struct clex_tok name, tok;
	const char *rest, *end;
	char **params = NULL;
	struct clex lx;
	int line, nparams = 0, define, i;

	clex_directive(pp, &name, &rest, &end, &line);
	define = is(&name, "define");
	if (name.kind != CT_IDENT || (!define && !is(&name, "if") && !is(&name, "elif") && !is(&name, "ifdef") &&
				      !is(&name, "ifndef") && !is(&name, "elifdef") && !is(&name, "elifndef")))
		return;
	clex_init(&lx, rest, end - rest, line, 1);
	if (define && clex_next(&lx, &tok) == CT_IDENT) {
		struct clex lookahead = lx;

		/* "NAME(": the parameters, to the ')' */
		if (clex_next(&lookahead, &tok) == CT_PUNCT && is(&tok, "(") && !tok.ws) {
			lx = lookahead;
			while (clex_next(&lx, &tok) != CT_EOF && !punct(&tok, ")"))
				if (tok.kind == CT_IDENT)
					*(char **)push(&params, &nparams, sizeof(char *)) = xstrndup(tok.s, tok.n);
		}
	}
	while (clex_next(&lx, &tok) != CT_EOF) {
		int param = 0;

		for (i = 0; tok.kind == CT_IDENT && i < nparams; i++)
			param |= is(&tok, params[i]);
		if (!param)
			*(struct clex_tok *)push(&ts->t, &ts->n, sizeof(tok)) = tok;
	}
	free_strings(params, nparams);
}

/* The parameter names of the functions declared in sp: no use. */
static void function_params(const struct move_text *t, const struct move_span *sp, struct toks *ts)
{
	int k, j;

	for (k = 0; k < t->f->ndefs; k++) {
		const struct scan_def *d = t->f->defs[k];
		struct scan_spans fs;

		if (t->def_item[k] < sp->lo || t->def_item[k] > sp->hi)
			continue;
		if (d->kind != SCAN_FUNC && d->kind != SCAN_PROTO)
			continue;
		if (scan_function_spans(t->text, d->line, d->name, &fs))
			continue;
		for (j = 0; j < fs.nparams; j++) {
			const struct scan_param_span *p = &fs.params[j];

			if (p->name >= 0)
				*(char **)push(&ts->skip, &ts->nskip, sizeof(char *)) =
					xstrndup(t->text + p->name, p->name_end - p->name);
		}
		scan_spans_free(&fs);
	}
}

static void read_span(const struct move_text *t, const struct move_span *sp, struct toks *ts)
{
	const char *s = t->line_at[sp->first], *e = t->line_at[sp->last + 1];
	struct clex_tok tok;
	struct clex lx;

	clex_init(&lx, s, e - s, sp->first, 0);
	while (clex_next(&lx, &tok) != CT_EOF) {
		if (tok.kind == CT_PP)
			directive_tokens(ts, &tok);
		else
			*(struct clex_tok *)push(&ts->t, &ts->n, sizeof(tok)) = tok;
	}
	function_params(t, sp, ts);
}

static void add_use(struct move_use **out, int *n, const char *s, size_t len, const char *tag, int whole)
{
	char *name = tag ? xasprintf("%s %.*s", tag, (int)len, s) : xstrndup(s, len);
	int i;

	for (i = 0; i < *n; i++) {
		if (!strcmp((*out)[i].name, name)) {
			(*out)[i].whole |= whole;
			free(name);
			return;
		}
	}
	(*out)[*n].name = name;
	(*out)[*n].whole = whole;
	++*n;
	*out = xrealloc(*out, (*n + 1) * sizeof(**out));
}

/* The variable "struct X *...NAME" declares at ts->t[i] (the '*'), or
 * -1: a function returning the pointer is none. */
static int pointer_variable(const struct toks *ts, int i)
{
	while (i < ts->n && (punct(&ts->t[i], "*") || is(&ts->t[i], "const") || is(&ts->t[i], "volatile")))
		i++;
	if (i >= ts->n || ts->t[i].kind != CT_IDENT || (i + 1 < ts->n && punct(&ts->t[i + 1], "(")))
		return -1;
	return i;
}

/* A token after which a '*' multiplies: an operand's last. */
static int operand(const struct clex_tok *t)
{
	if (t->kind == CT_IDENT)
		return !is(t, "return") && !is(t, "sizeof") && !is(t, "case");
	return t->kind == CT_NUMBER || punct(t, ")") || punct(t, "]");
}

/* Whether the token at i, a name, is dereferenced there. */
static int dereferenced(const struct toks *ts, int i)
{
	if (i + 1 < ts->n && (punct(&ts->t[i + 1], "->") || punct(&ts->t[i + 1], "[")))
		return 1;
	/* a unary '*' */
	return i >= 1 && punct(&ts->t[i - 1], "*") && (i < 2 || !operand(&ts->t[i - 2]));
}

/* Whether the pointer variable declared at v is dereferenced
 * anywhere in the span. */
static int deref_anywhere(const struct toks *ts, int v)
{
	const struct clex_tok *var = &ts->t[v];
	int i;

	for (i = 0; i < ts->n; i++) {
		const struct clex_tok *t = &ts->t[i];

		if (i == v || t->kind != CT_IDENT || t->n != var->n || memcmp(t->s, var->s, var->n))
			continue;
		if (!(i >= 1 && (punct(&ts->t[i - 1], ".") || punct(&ts->t[i - 1], "->"))) && dereferenced(ts, i))
			return 1;
	}
	return 0;
}

/* The tag at ts->t[i] ("struct", its name next): used, and how; returns
 * the last token it took. */
static int tag_use(const struct toks *ts, int i, struct move_use **out, int *n)
{
	const struct clex_tok *kw = &ts->t[i], *name = &ts->t[i + 1], *after = i + 2 < ts->n ? &ts->t[i + 2] : NULL;
	int whole, v;

	/* its definition or forward declaration, which moves with the span */
	if (after && (punct(after, "{") || punct(after, ";")))
		return i + 1;
	whole = is(kw, "enum") || !after || !punct(after, "*");
	if (!whole && (v = pointer_variable(ts, i + 2)) >= 0)
		whole = deref_anywhere(ts, v);
	add_use(out, n, name->s, name->n, is(kw, "struct") ? "struct" : is(kw, "union") ? "union" : "enum", whole);
	return i + 1;
}

/* C's keywords, GNU's among them, and "defined": no name a header
 * gives (linux/compiler.h's "if" traces branches, under a config). */
static int keyword(const struct clex_tok *t)
{
	static const char *const words[] = {
		"auto", "break", "case", "char", "const", "continue", "default", "defined", "do", "double", "else",
		"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict",
		"return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned",
		"void", "volatile", "while", "_Alignof", "_Bool", "_Generic", "_Noreturn", "_Static_assert",
		"_Thread_local", "asm", "typeof", "__asm__", "__attribute__", "__extension__", "__inline__",
		"__typeof__", "__volatile__", "__signed__", "__restrict__", "__alignof__", "__builtin_va_list",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (is(t, words[i]))
			return 1;
	return 0;
}

static int skipped(const struct toks *ts, const struct clex_tok *t)
{
	int i;

	if (keyword(t))
		return 1;
	for (i = 0; i < ts->nskip; i++)
		if (is(t, ts->skip[i]))
			return 1;
	return 0;
}

/* The names the #if conditions around sp test. */
static void condition_uses(const struct move_span *sp, struct move_use **out, int *n)
{
	const struct scan_cond *c;
	struct clex_tok tok;
	struct clex lx;

	for (c = sp->cond; c; c = c->parent) {
		clex_init(&lx, c->text, strlen(c->text), c->line, 1);
		while (clex_next(&lx, &tok) != CT_EOF)
			if (tok.kind == CT_IDENT && !keyword(&tok))
				add_use(out, n, tok.s, tok.n, NULL, 0);
	}
}

int move_uses(const struct move_text *t, const struct move_span *sp, struct move_use **out)
{
	struct toks ts = { 0 };
	int n = 0, i;

	*out = xmalloc(sizeof(**out));
	read_span(t, sp, &ts);
	for (i = 0; i < ts.n; i++) {
		const struct clex_tok *tok = &ts.t[i];

		if (tok->kind != CT_IDENT || (i >= 1 && (punct(&ts.t[i - 1], ".") || punct(&ts.t[i - 1], "->"))))
			continue;
		if ((is(tok, "struct") || is(tok, "union") || is(tok, "enum")) && i + 1 < ts.n &&
		    ts.t[i + 1].kind == CT_IDENT)
			i = tag_use(&ts, i, out, &n);
		else if (!skipped(&ts, tok))
			add_use(out, &n, tok->s, tok->n, NULL, 0);
	}
	condition_uses(sp, out, &n);
	free_strings(ts.skip, ts.nskip);
	free(ts.t);
	return n;
}

void move_uses_free(struct move_use *u, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(u[i].name);
	free(u);
}

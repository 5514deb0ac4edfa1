// SPDX-License-Identifier: GPL-2.0
/*
 * The header scanner's preprocessor directives: #define, #include and
 * #undef, the include guard, and the #if groups whose branches give each
 * definition its condition chain.  An #elif or #else also takes the
 * braces and the pending declaration back to where its #if found them
 * (onefile.c says why).  Called by onefile.c for each directive; calls
 * only fscan.c, the words and the arena (scan_internal.h draws the
 * stack), never declarations.c.
 */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* --- conditions --- */

/* Is e one operand: a name, a number, defined(X), f(...) or (...)? */
static int is_primary(const char *e)
{
	const char *p = e;
	int depth;

	if (*p == '!')
		return 0;
	if (*p == '(')
		goto paren;
	if (!*p)
		return 0;
	while (*p && (p[0] == '_' || (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') ||
		      (p[0] >= '0' && p[0] <= '9')))
		p++;
	if (p == e)
		return 0;
	if (!*p)
		return 1;
	if (starts_with(e, "defined ") && p == e + 7) {
		p++;
		while (*p && (p[0] == '_' || (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') ||
			      (p[0] >= '0' && p[0] <= '9')))
			p++;
		return !*p;
	}
	if (*p == ' ')
		p++;
	if (*p != '(')
		return 0;
paren:
	for (depth = 0; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p[1] == '\0';
	}
	return 0;
}

static int needs_parens(const char *e)
{
	if (is_primary(e) || (e[0] == '!' && is_primary(e + 1)))
		return 0;
	return strstr(e, "||") || strchr(e, '?');
}

static void add_conjunct(struct strbuf *sb, const char *e)
{
	if (sb->len)
		sb_add(sb, " && ");
	if (needs_parens(e))
		sb_addf(sb, "(%s)", e);
	else
		sb_add(sb, e);
}

static void add_negation(struct strbuf *sb, const char *e)
{
	if (sb->len)
		sb_add(sb, " && ");
	if (e[0] == '!' && is_primary(e + 1))
		sb_add(sb, e + 1);
	else if (is_primary(e))
		sb_addf(sb, "!%s", e);
	else
		sb_addf(sb, "!(%s)", e);
}

char *scan_cond_chain(const struct scan_cond *c)
{
	if (!c)
		return xstrdup("");
	/* a single level needs no parentheses */
	return xstrdup(c->parent ? c->chain : c->text);
}

struct ifexpr *scan_cond_ast(const struct scan_file *f, const struct scan_cond *c, struct ifx_error *err)
{
	struct loc loc = { f->path, c->line, 1 };

	return ifexpr_parse(c->text, strlen(c->text), &loc, IFX_CPP, NULL, NULL, err);
}

static int is_asm_text(const char *t)
{
	return !strcmp(t, "defined(__ASSEMBLY__)") || !strcmp(t, "defined(__ASSEMBLER__)") ||
	       !strcmp(t, "defined __ASSEMBLY__") || !strcmp(t, "defined __ASSEMBLER__") ||
	       !strcmp(t, "__ASSEMBLY__") || !strcmp(t, "__ASSEMBLER__");
}

static struct scan_cond *new_cond(struct fscan *fs, const struct scan_cond *parent, const char *text,
				  int group, int branch, int line)
{
	struct scan_cond *c = aalloc(fs->arena, sizeof(*c));

	c->parent = parent;
	c->text = text;
	c->group = group;
	c->branch = branch;
	c->line = line;
	c->is_asm = (parent && parent->is_asm) || is_asm_text(text);
	{
		struct strbuf sb;

		sb_init(&sb);
		if (parent)
			sb_add(&sb, parent->chain);
		add_conjunct(&sb, text);
		c->chain = astrndup(fs->arena, sb.buf, sb.len);
		sb_release(&sb);
	}
	return c;
}

static struct frame *top_frame(struct fscan *fs)
{
	return fs->nframes ? &fs->frames[fs->nframes - 1] : NULL;
}

/* The line a directive ends on: it continues over backslash-newlines
 * and comments. */
static int last_line(const struct clex_tok *pp)
{
	const char *p = pp->s, *end = pp->s + pp->n;
	int line = pp->line;

	while ((p = memchr(p, '\n', end - p))) {
		line++;
		p++;
	}
	return line;
}

/* Another branch of group g, whose directive is pp. */
static void add_end(struct fscan *fs, struct scan_group *g, const struct clex_tok *pp)
{
	int *ends = aalloc(fs->arena, (g->nbranches + 1) * sizeof(*ends));

	if (g->nbranches)	/* memcpy() wants a pointer even for 0 bytes */
		memcpy(ends, g->ends, g->nbranches * sizeof(*ends));
	ends[g->nbranches++] = last_line(pp);
	g->ends = ends;
}

static void push_if(struct fscan *fs, const char *expr, const struct clex_tok *pp, int guard)
{
	struct scan_file *f = fs->f;
	struct frame *fr;
	struct scan_group *g;
	int line = pp->line;

	if (fs->nframes >= SCAN_MAX_DEPTH) {
		skip_file(fs, SKIP_DEEP_IF, pp->s);
		return;
	}
	if (fs->nframes == fs->capframes) {
		fs->capframes = fs->capframes ? fs->capframes * 2 : 16;
		fs->frames = xrealloc(fs->frames, fs->capframes * sizeof(*fs->frames));
	}
	fr = &fs->frames[fs->nframes++];
	memset(fr, 0, sizeof(*fr));
	fr->saved_cur = fs->cur;
	fr->guard = guard;
	fr->group = -1;
	if (!guard) {	/* the include guard is no condition */
		if (f->ngroups == fs->ngroups_cap) {
			fs->ngroups_cap = fs->ngroups_cap ? fs->ngroups_cap * 2 : 8;
			f->groups = xrealloc(f->groups, fs->ngroups_cap * sizeof(*f->groups));
		}
		fr->group = f->ngroups++;
		g = &f->groups[fr->group];
		memset(g, 0, sizeof(*g));
		g->line = line;
		add_end(fs, g, pp);
	}
	fr->exprs = aalloc(fs->arena, sizeof(char *));
	fr->exprs[0] = expr;
	fr->nexprs = 1;
	if (!guard) {
		fr->node = new_cond(fs, fs->cur, expr, fr->group, 0, line);
		fs->cur = fr->node;
	}
	fr->depth_at_if = fs->depth;
	fr->decl_gen = fs->decl_gen;
	fr->decl_len = fs->ndecl;
	fr->paren_at_if = fs->paren;
}

static void add_branch(struct fscan *fs, const char *expr, const struct clex_tok *pp)
{
	struct frame *fr = top_frame(fs);
	struct scan_group *g;
	struct strbuf sb;
	const char **exprs;
	int i;

	if (!fr)
		return;
	if (fr->guard) {
		fs->guard_bad = 1;
		return;
	}
	g = &fs->f->groups[fr->group];
	sb_init(&sb);
	for (i = 0; i < fr->nexprs; i++)
		add_negation(&sb, fr->exprs[i]);
	if (expr) {
		add_conjunct(&sb, expr);
		exprs = aalloc(fs->arena, (fr->nexprs + 1) * sizeof(char *));
		memcpy(exprs, fr->exprs, fr->nexprs * sizeof(char *));
		exprs[fr->nexprs++] = expr;
		fr->exprs = exprs;
	} else {
		g->has_else = 1;
	}
	fr->node = new_cond(fs, fr->node->parent, astrndup(fs->arena, sb.buf, sb.len), fr->group, g->nbranches,
			    pp->line);
	add_end(fs, g, pp);
	sb_release(&sb);
	fs->cur = fr->node;
	/* braces and the pending declaration start over from the #if */
	if (!fr->seen_else) {
		fr->seen_else = 1;
		fr->depth_first_end = fs->depth;
	}
	if (fs->depth == 0 && fr->depth_at_if == 0 && fs->decl_gen == fr->decl_gen && fs->ndecl >= fr->decl_len) {
		if (fs->ndecl > fr->decl_len && !fr->alt) {
			fr->nalt = fs->ndecl - fr->decl_len;
			fr->alt = xmalloc(fr->nalt * sizeof(*fr->alt));
			memcpy(fr->alt, fs->decl + fr->decl_len, fr->nalt * sizeof(*fr->alt));
		}
		fs->ndecl = fr->decl_len;
		fs->paren = fr->paren_at_if;
	}
	fs->depth = fr->depth_at_if;
}

static void pop_if(struct fscan *fs, int line)
{
	struct frame *fr = top_frame(fs);

	if (!fr)
		return;
	if (!fr->guard) {
		fs->f->groups[fr->group].endif_line = line;
	} else {
		/* the guard's #endif must end the file */
		struct clex peek = fs->lx;
		struct clex_tok t;

		if (clex_next(&peek, &t) != CT_EOF)
			fs->guard_bad = 1;
	}
	if (fr->seen_else)
		fs->depth = fr->depth_first_end;
	if (fr->alt) {
		if (fs->depth == 0 && fs->decl_gen == fr->decl_gen && fs->ndecl >= fr->decl_len) {
			struct alt *a;

			fs->alts = xrealloc(fs->alts, (fs->nalts + 1) * sizeof(*fs->alts));
			a = &fs->alts[fs->nalts++];
			a->pos = fr->decl_len;
			a->replaced = fs->ndecl - fr->decl_len;
			a->toks = fr->alt;
			a->n = fr->nalt;
		} else {
			free(fr->alt);
		}
	}
	fs->cur = fr->saved_cur;
	fs->nframes--;
}

/* --- directives --- */

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* Whether body..end is annotations only: "__pass_object_size(1)". */
static int annotation_only(const char *body, const char *end, int line)
{
	struct clex lx;
	struct clex_tok t;
	int words = 0, depth;

	clex_init(&lx, body, end - body, line, 1);
	while (clex_next(&lx, &t) != CT_EOF) {
		int wc = t.kind == CT_IDENT ? word_class(t.s, t.n) : 0;

		if (!(wc & (W_ANNOT | W_ANNOT_CALL)))
			return 0;
		words++;
		if (!(wc & W_ANNOT_CALL))
			continue;
		if (clex_next(&lx, &t) != CT_PUNCT || !tok_is(t.s, t.n, "("))
			return 0;
		for (depth = 1; depth && clex_next(&lx, &t) != CT_EOF;)
			if (t.kind == CT_PUNCT)
				depth += tok_is(t.s, t.n, "(") ? 1 : tok_is(t.s, t.n, ")") ? -1 : 0;
		if (depth)
			return 0;
	}
	return words > 0;
}

/* Forget name as a file-local annotation (#undef, or a new #define). */
static void drop_annot(struct fscan *fs, const char *s, size_t n)
{
	int i;

	for (i = 0; i < fs->nannots; i++) {
		if ((size_t)fs->annots[i].n != n || memcmp(fs->annots[i].s, s, n))
			continue;
		fs->annots[i] = fs->annots[--fs->nannots];
		return;
	}
}

static void do_define(struct fscan *fs, const char *rest, const char *end, int line)
{
	struct clex lx;
	struct clex_tok name, t;
	struct scan_def *d;
	const char *body;

	clex_init(&lx, rest, end - rest, line, 1);
	if (clex_next(&lx, &name) != CT_IDENT)
		return;
	if (fs->ntoks == 2 && fs->guard_candidate) {
		if (name.n == (size_t)fs->guard_candidate_n && !memcmp(name.s, fs->guard_candidate, name.n) &&
		    (name.s + name.n >= end || name.s[name.n] != '(')) {
			fs->f->guard = astrndup(fs->arena, name.s, name.n);
			return;
		}
		fs->guard_bad = 1;	/* "#ifndef X" then "#define Y": no guard */
	}
	drop_annot(fs, name.s, name.n);
	if (name.s + name.n < end && name.s[name.n] == '(') {
		const char *params[64];
		size_t lens[64];
		int n = 0, i;

		clex_next(&lx, &t);	/* ( */
		while (clex_next(&lx, &t) != CT_EOF) {
			if (t.kind == CT_PUNCT && tok_is(t.s, t.n, ")"))
				break;
			if (tok_is(t.s, t.n, "...") && n > 0 && params[n - 1] + lens[n - 1] == t.s) {
				lens[n - 1] += 3;	/* "args..." */
			} else if ((t.kind == CT_IDENT || tok_is(t.s, t.n, "...")) && n < 64) {
				params[n] = t.s;
				lens[n++] = t.n;
			}
		}
		d = new_def(fs, name.s, name.n, SCAN_MACRO, line, fs->cur);
		d->args = aalloc(fs->arena, (n ? n : 1) * sizeof(char *));
		for (i = 0; i < n; i++)
			d->args[i] = astrndup(fs->arena, params[i], lens[i]);
		d->nargs = n;
		body = t.kind == CT_EOF ? end : t.s + t.n;
	} else {
		d = new_def(fs, name.s, name.n, SCAN_DEFINE, line, fs->cur);
		body = name.s + name.n;
		if (fs->nannots < (int)(sizeof(fs->annots) / sizeof(fs->annots[0])) &&
		    annotation_only(body, end, line)) {
			fs->annots[fs->nannots].s = name.s;
			fs->annots[fs->nannots++].n = (int)name.n;
		}
	}
	d->value = normalized(fs, body, end);
}

static void do_include(struct fscan *fs, const char *rest, const char *end, int line)
{
	const char *p = skip_blanks(rest, end), *q;
	struct scan_file *f = fs->f;
	struct scan_include *inc;
	char close;

	if (p >= end || (*p != '<' && *p != '"'))
		return;
	close = *p == '<' ? '>' : '"';
	for (q = p + 1; q < end && *q != close && *q != '\n'; q++)
		;
	if (q >= end || *q != close)
		return;
	if (f->nincludes == fs->nincludes_cap) {
		fs->nincludes_cap = fs->nincludes_cap ? fs->nincludes_cap * 2 : 8;
		f->includes = xrealloc(f->includes, fs->nincludes_cap * sizeof(*f->includes));
	}
	inc = &f->includes[f->nincludes++];
	inc->name = astrndup(fs->arena, p + 1, q - p - 1);
	inc->line = line;
	inc->system = *p == '<';
	inc->cond = fs->cur;
}

/* The name after #ifdef/#ifndef/#undef. */
static int directive_name(const char *rest, const char *end, int line, struct clex_tok *t)
{
	struct clex lx;

	clex_init(&lx, rest, end - rest, line, 1);
	return clex_next(&lx, t) == CT_IDENT;
}

/* "#if !defined(X)" or "#if !defined X": X (in the arena), for guard
 * detection; NULL for any other condition. */
static const char *negated_defined(struct fscan *fs, const char *rest, const char *end, int line)
{
	struct loc loc = { fs->f->path, line, 1 };
	struct ifx_error err;
	struct ifexpr *e = ifexpr_parse(rest, end - rest, &loc, IFX_CPP, NULL, NULL, &err);
	const char *x = NULL;

	if (e && e->op == IFX_NOT && !e->parens && e->l->op == IFX_DEFINED && !e->l->parens)
		x = astrdup(fs->arena, e->l->text);
	ifexpr_free(e);
	return x;
}

void directive(struct fscan *fs, const struct clex_tok *pp)
{
	struct clex_tok name, x;
	const char *rest, *end;
	int rline, line = pp->line;

	clex_directive(pp, &name, &rest, &end, &rline);
	if (name.kind != CT_IDENT)
		return;
#define IS(w) tok_is(name.s, name.n, w)
	if (IS("define")) {
		do_define(fs, rest, end, line);
	} else if (IS("include") || IS("include_next")) {
		do_include(fs, rest, end, line);
	} else if (IS("ifdef") || IS("ifndef")) {
		int neg = IS("ifndef");
		char *e;

		if (!directive_name(rest, end, rline, &x)) {
			push_if(fs, normalized(fs, rest, end), pp, 0);
			return;
		}
		e = aalloc(fs->arena, x.n + 11);
		sprintf(e, "%sdefined(%.*s)", neg ? "!" : "", (int)x.n, x.s);
		if (neg && fs->ntoks == 1 && fs->allow_guard) {
			fs->guard_candidate = x.s;
			fs->guard_candidate_n = (int)x.n;
			push_if(fs, e, pp, 1);
		} else {
			push_if(fs, e, pp, 0);
		}
	} else if (IS("if")) {
		const char *e = normalized(fs, rest, end), *g;

		if (fs->ntoks == 1 && fs->allow_guard && (g = negated_defined(fs, rest, end, rline))) {
			fs->guard_candidate = g;
			fs->guard_candidate_n = (int)strlen(g);
			push_if(fs, e, pp, 1);
		} else {
			push_if(fs, e, pp, 0);
		}
	} else if (IS("elif")) {
		add_branch(fs, normalized(fs, rest, end), pp);
	} else if (IS("elifdef") || IS("elifndef")) {
		char *e;

		if (!directive_name(rest, end, rline, &x))
			return;
		e = aalloc(fs->arena, x.n + 11);
		sprintf(e, "%sdefined(%.*s)", IS("elifndef") ? "!" : "", (int)x.n, x.s);
		add_branch(fs, e, pp);
	} else if (IS("else")) {
		add_branch(fs, NULL, pp);
	} else if (IS("endif")) {
		pop_if(fs, line);
	} else if (IS("undef")) {
		if (directive_name(rest, end, rline, &x)) {
			fs->undefs = xrealloc(fs->undefs, (fs->nundefs + 1) * sizeof(*fs->undefs));
			fs->undefs[fs->nundefs].name = x.s;
			fs->undefs[fs->nundefs].n = (int)x.n;
			fs->undefs[fs->nundefs++].line = line;
			drop_annot(fs, x.s, x.n);
		}
	}
#undef IS
}

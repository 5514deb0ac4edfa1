// SPDX-License-Identifier: GPL-2.0
/*
 * A recursive-descent parser for catalog conditions.  The grammar is the
 * subset of the C preprocessor's that Kconfig-dependent headers use:
 *
 *   or    := and { "||" and }
 *   and   := unary { "&&" unary }
 *   unary := "!" unary | "(" or ")" | NAME
 */
#include "model/cond.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *text;
	const char *p;
	struct loc start;
	cond_name_ok_fn name_ok;
	void *ctx;
	int failed;
	int nesting;	/* '!' and '(' being parsed: the recursion's depth */
};

static struct loc here(struct parser *ps)
{
	struct loc l = ps->start;

	l.col += (int)(ps->p - ps->text);
	return l;
}

static void skip_space(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

static void fail(struct parser *ps, const char *what)
{
	struct loc l;

	if (ps->failed)
		return;
	ps->failed = 1;
	l = here(ps);
	if (!*ps->p)
		error_at(&l, "condition: expected %s at end of line", what);
	else if ((unsigned char)*ps->p >= 0x80)
		error_at(&l, "condition: expected %s, found a non-ASCII byte", what);
	else
		error_at(&l, "condition: expected %s, found '%c'", what, *ps->p);
}

static struct cond *node(enum cond_op op, struct loc loc)
{
	struct cond *c = xcalloc(1, sizeof(*c));

	c->op = op;
	c->loc = loc;
	c->depth = 1;
	return c;
}

/* Reports and returns 1 if depth levels are too many. */
static int too_deep(struct parser *ps, int depth, const struct loc *loc)
{
	if (depth <= COND_MAX_DEPTH)
		return 0;
	if (!ps->failed) {
		ps->failed = 1;
		error_at(loc, "condition nested deeper than %d levels", COND_MAX_DEPTH);
	}
	return 1;
}

/* c's depth from its operands (either may be NULL after an error). */
static int set_depth(struct parser *ps, struct cond *c)
{
	int l = c->l ? c->l->depth : 0, r = c->r ? c->r->depth : 0;

	c->depth = 1 + (l > r ? l : r);
	return too_deep(ps, c->depth, &c->loc);
}

static struct cond *parse_or(struct parser *ps);

static struct cond *parse_unary(struct parser *ps)
{
	struct loc loc;
	struct cond *c;
	const char *s;

	skip_space(ps);
	loc = here(ps);
	if ((*ps->p == '!' || *ps->p == '(') && too_deep(ps, ps->nesting + 1, &loc))
		return NULL;
	if (*ps->p == '!') {
		ps->p++;
		c = node(COND_NOT, loc);
		ps->nesting++;
		c->l = parse_unary(ps);
		ps->nesting--;
		set_depth(ps, c);
		return c;
	}
	if (*ps->p == '(') {
		ps->p++;
		ps->nesting++;
		c = parse_or(ps);
		ps->nesting--;
		skip_space(ps);
		if (*ps->p != ')') {
			fail(ps, "')' or an operator (&&, ||)");
			return c;
		}
		ps->p++;
		return c;
	}
	if (!(isalpha((unsigned char)*ps->p) || *ps->p == '_')) {
		fail(ps, "a CONFIG_ symbol, '!' or '('");
		return NULL;
	}
	s = ps->p;
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
		ps->p++;
	c = node(COND_SYM, loc);
	c->name = xstrndup(s, ps->p - s);
	if (!starts_with(c->name, "CONFIG_") && !(ps->name_ok && ps->name_ok(c->name, ps->ctx)) &&
	    !ps->failed) {
		ps->failed = 1;
		error_at(&loc, "condition: unknown name '%s': expected a CONFIG_ symbol or a name "
			 "from an earlier define line", c->name);
	}
	return c;
}

static struct cond *parse_binary(struct parser *ps, enum cond_op op)
{
	const char *tok = op == COND_AND ? "&&" : "||";
	struct cond *c, *n;
	struct loc loc;

	c = op == COND_AND ? parse_unary(ps) : parse_binary(ps, COND_AND);
	for (;;) {
		skip_space(ps);
		if (strncmp(ps->p, tok, 2) != 0)
			return c;
		loc = here(ps);
		ps->p += 2;
		n = node(op, loc);
		n->l = c;
		n->r = op == COND_AND ? parse_unary(ps) : parse_binary(ps, COND_AND);
		c = n;
		/* "a && b && ..." makes the tree one level deeper per operator */
		if (set_depth(ps, c))
			return c;
	}
}

static struct cond *parse_or(struct parser *ps)
{
	return parse_binary(ps, COND_OR);
}

struct cond *cond_parse(const char *text, const struct loc *loc, cond_name_ok_fn name_ok, void *ctx)
{
	struct parser ps = { text, text, *loc, name_ok, ctx, 0, 0 };
	struct cond *c = parse_or(&ps);

	skip_space(&ps);
	if (*ps.p)
		fail(&ps, "&&, || or end of condition");
	if (ps.failed) {
		cond_free(c);
		return NULL;
	}
	return c;
}

int cond_eval(const struct cond *c, cond_value_fn value, void *ctx)
{
	switch (c->op) {
	case COND_SYM:
		return value(c->name, ctx);
	case COND_NOT:
		return !cond_eval(c->l, value, ctx);
	case COND_AND:
		return cond_eval(c->l, value, ctx) && cond_eval(c->r, value, ctx);
	case COND_OR:
		return cond_eval(c->l, value, ctx) || cond_eval(c->r, value, ctx);
	}
	return 0;
}

void cond_visit(const struct cond *c, cond_visit_fn visit, void *ctx)
{
	if (!c)
		return;
	if (c->op == COND_SYM) {
		visit(c->name, ctx);
		return;
	}
	cond_visit(c->l, visit, ctx);
	cond_visit(c->r, visit, ctx);
}

static int prec(enum cond_op op)
{
	switch (op) {
	case COND_OR:
		return 1;
	case COND_AND:
		return 2;
	default:
		return 3;
	}
}

static void to_string(const struct cond *c, struct strbuf *sb, int outer)
{
	int p = prec(c->op);

	if (p < outer)
		sb_addc(sb, '(');
	switch (c->op) {
	case COND_SYM:
		sb_add(sb, c->name);
		break;
	case COND_NOT:
		sb_addc(sb, '!');
		to_string(c->l, sb, 3);
		break;
	case COND_AND:
	case COND_OR:
		to_string(c->l, sb, p);
		sb_add(sb, c->op == COND_AND ? " && " : " || ");
		/* both operators are associative: a right operand of the
		 * same operator needs no parentheses either */
		to_string(c->r, sb, p);
		break;
	}
	if (p < outer)
		sb_addc(sb, ')');
}

char *cond_to_string(const struct cond *c)
{
	struct strbuf sb;

	sb_init(&sb);
	if (c)
		to_string(c, &sb, 0);
	return sb_detach(&sb);
}

void cond_free(struct cond *c)
{
	if (!c)
		return;
	cond_free(c->l);
	cond_free(c->r);
	free(c->name);
	free(c);
}

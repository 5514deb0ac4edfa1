// SPDX-License-Identifier: GPL-2.0
/*
 * #if expressions: recursive descent, one function per precedence level
 * of C's grammar (C11 6.5, 6.10.1), lowest first:
 *
 *   cond    := lor [ "?" cond ":" cond ]
 *   lor     := land { "||" land }     ... down to
 *   mul     := unary { ("*" | "/" | "%") unary }
 *   unary   := ("!" | "~" | "-" | "+") unary | primary
 *   primary := NUMBER | CHAR | "defined" NAME | "defined" "(" NAME ")"
 *            | NAME "(" [ cond { "," cond } ] ")" | NAME | "(" cond ")"
 *
 * IFX_LOGIC keeps "!", "&&", "||", parentheses and names; there
 * "defined" is a name like any other and "NAME(" no call.
 */
#include "cpp/ifexpr.h"

#include <stdlib.h>
#include <string.h>

#include "cpp/clex.h"

/* Binary operators by precedence; the printer shares the numbers. */
enum { PREC_COND = 1, PREC_LOR, PREC_LAND, PREC_MUL = 11, PREC_UNARY, PREC_PRIMARY };

static const struct binop {
	const char *tok;
	enum ifx_op op;
	int prec;
} binops[] = {
	{ "||", IFX_LOR, 2 },	{ "&&", IFX_LAND, 3 },	{ "|", IFX_BITOR, 4 },	{ "^", IFX_BITXOR, 5 },
	{ "&", IFX_BITAND, 6 },	{ "==", IFX_EQ, 7 },	{ "!=", IFX_NE, 7 },	{ "<", IFX_LT, 8 },
	{ "<=", IFX_LE, 8 },	{ ">", IFX_GT, 8 },	{ ">=", IFX_GE, 8 },	{ "<<", IFX_SHL, 9 },
	{ ">>", IFX_SHR, 9 },	{ "+", IFX_ADD, 10 },	{ "-", IFX_SUB, 10 },	{ "*", IFX_MUL, 11 },
	{ "/", IFX_DIV, 11 },	{ "%", IFX_MOD, 11 },
};
#define NBINOPS (sizeof(binops) / sizeof(binops[0]))

static const struct unop {
	const char *tok;
	enum ifx_op op;
} unops[] = { { "!", IFX_NOT }, { "~", IFX_COMPL }, { "-", IFX_NEG }, { "+", IFX_PLUS } };
#define NUNOPS (sizeof(unops) / sizeof(unops[0]))

struct parser {
	struct clex lx;
	struct clex_tok t;
	struct loc tloc;	/* of t */
	const char *text, *line_start, *scanned;
	struct loc start;
	enum ifx_lang lang;
	ifx_name_fn name_ok;
	void *ctx;
	struct ifx_error *err;
	int nesting;		/* unary operators, '(' and '?' being parsed: the recursion's depth */
};

static void next(struct parser *p)
{
	clex_next(&p->lx, &p->t);
	/* the column counts from the last newline before the token */
	for (; p->scanned < p->t.s; p->scanned++)
		if (*p->scanned == '\n')
			p->line_start = p->scanned + 1;
	p->tloc.file = p->start.file;
	p->tloc.line = p->t.line;
	if (p->line_start == p->text)
		p->tloc.col = p->start.col + (int)(p->t.s - p->text);
	else
		p->tloc.col = (int)(p->t.s - p->line_start) + 1;
}

static int is(const struct parser *p, const char *tok)
{
	return p->t.kind == CT_PUNCT && p->t.n == strlen(tok) && !memcmp(p->t.s, tok, p->t.n);
}

/* Record the first error only; returns NULL for the callers' returns. */
static struct ifexpr *fail_at(struct parser *p, enum ifx_err kind, const struct loc *loc)
{
	if (p->err->kind == IFX_OK) {
		p->err->kind = kind;
		p->err->loc = *loc;
		p->err->at = p->t.s;
		p->err->n = p->t.n;
	}
	return NULL;
}

static struct ifexpr *fail(struct parser *p, enum ifx_err kind)
{
	return fail_at(p, kind, &p->tloc);
}

static struct ifexpr *node(enum ifx_op op, const struct loc *loc)
{
	struct ifexpr *e = xcalloc(1, sizeof(*e));

	e->op = op;
	e->loc = *loc;
	e->depth = 1;
	return e;
}

static int deeper(int depth, const struct ifexpr *e)
{
	return e && e->depth + 1 > depth ? e->depth + 1 : depth;
}

/* Set e's depth from its operands; frees e and fails if it is too deep. */
static struct ifexpr *finish(struct parser *p, struct ifexpr *e)
{
	int i;

	e->depth = deeper(deeper(deeper(1, e->l), e->r), e->x);
	for (i = 0; i < e->nargs; i++)
		e->depth = deeper(e->depth, e->args[i]);
	if (e->depth <= COND_MAX_DEPTH)
		return e;
	fail_at(p, IFX_ERR_DEEP, &e->loc);
	ifexpr_free(e);
	return NULL;
}

/* Before recursing for a unary operator, '(' or '?': is there room? */
static int enter(struct parser *p)
{
	if (p->nesting + 1 > COND_MAX_DEPTH) {
		fail(p, IFX_ERR_DEEP);
		return 0;
	}
	p->nesting++;
	return 1;
}

/* An integer literal: decimal, octal, hex or binary digits, then a
 * suffix of u, l or ll in either order and case. */
static int is_integer(const char *s, size_t n)
{
	size_t i = 0, digits;
	int base = 10, u = 0, l = 0;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	else if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, i = 2;
	else if (s[0] == '0')
		base = 8;
	for (digits = i; i < n; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;

		if (d >= base)
			break;
	}
	if (i == digits)
		return 0;
	while (i < n) {
		if ((s[i] == 'u' || s[i] == 'U') && !u) {
			u = 1;
			i++;
		} else if ((s[i] == 'l' || s[i] == 'L') && !l) {
			l = 1;
			i += i + 1 < n && s[i + 1] == s[i] ? 2 : 1;
		} else {
			return 0;
		}
	}
	return 1;
}

static struct ifexpr *cond(struct parser *p);

/* After "defined". */
static struct ifexpr *defined(struct parser *p, struct ifexpr *e)
{
	int paren;

	next(p);
	paren = is(p, "(");
	if (paren)
		next(p);
	if (p->t.kind != CT_IDENT) {
		ifexpr_free(e);
		return fail(p, IFX_ERR_DEFINED);
	}
	e->text = xstrndup(p->t.s, p->t.n);
	next(p);
	if (paren && !is(p, ")")) {
		ifexpr_free(e);
		return fail(p, IFX_ERR_DEFINED_CLOSE);
	}
	if (paren)
		next(p);
	return e;
}

/* At the '(' after the name. */
static struct ifexpr *call(struct parser *p, struct ifexpr *e)
{
	int cap = 0;

	if (!enter(p)) {
		ifexpr_free(e);
		return NULL;
	}
	next(p);
	while (!is(p, ")")) {
		struct ifexpr *a = cond(p);

		if (!a) {
			ifexpr_free(e);
			return NULL;
		}
		/* doubling: a long argument list is no quadratic copy */
		if (e->nargs == cap) {
			cap = cap ? 2 * cap : 4;
			e->args = xrealloc(e->args, cap * sizeof(*e->args));
		}
		e->args[e->nargs++] = a;
		if (is(p, ","))
			next(p);
		else if (!is(p, ")")) {
			ifexpr_free(e);
			return fail(p, IFX_ERR_ARGS);
		}
	}
	next(p);
	p->nesting--;
	return finish(p, e);
}

static struct ifexpr *name(struct parser *p)
{
	struct ifexpr *e = node(IFX_NAME, &p->tloc);
	struct clex ahead = p->lx;
	struct clex_tok t;

	if (p->lang == IFX_CPP && p->t.n == 7 && !memcmp(p->t.s, "defined", 7)) {
		e->op = IFX_DEFINED;
		return defined(p, e);
	}
	e->text = xstrndup(p->t.s, p->t.n);
	if (p->lang == IFX_CPP && clex_next(&ahead, &t) == CT_PUNCT && t.n == 1 && *t.s == '(') {
		e->op = IFX_CALL;
		next(p);
		return call(p, e);
	}
	if (p->name_ok && !p->name_ok(e->text, p->ctx)) {
		ifexpr_free(e);
		return fail(p, IFX_ERR_NAME);
	}
	next(p);
	return e;
}

static struct ifexpr *primary(struct parser *p)
{
	struct ifexpr *e;

	if (is(p, "(")) {
		if (!enter(p))
			return NULL;
		next(p);
		e = cond(p);
		if (!e)
			return NULL;
		if (!is(p, ")")) {
			ifexpr_free(e);
			return fail(p, IFX_ERR_CLOSE);
		}
		next(p);
		p->nesting--;
		e->parens = 1;
		return e;
	}
	if (p->t.kind == CT_IDENT)
		return name(p);
	if (p->lang == IFX_CPP && (p->t.kind == CT_NUMBER || p->t.kind == CT_CHAR)) {
		if (p->t.kind == CT_NUMBER && !is_integer(p->t.s, p->t.n))
			return fail(p, IFX_ERR_NUMBER);
		/* unterminated, or with a NUL byte its text would lose */
		if (p->t.kind == CT_CHAR && (p->t.n < 3 || p->t.s[p->t.n - 1] != '\'' || memchr(p->t.s, 0, p->t.n)))
			return fail(p, IFX_ERR_OPERAND);
		e = node(p->t.kind == CT_NUMBER ? IFX_NUM : IFX_CHAR, &p->tloc);
		e->text = xstrndup(p->t.s, p->t.n);
		next(p);
		return e;
	}
	return fail(p, IFX_ERR_OPERAND);
}

static struct ifexpr *unary(struct parser *p)
{
	size_t i, n = p->lang == IFX_CPP ? NUNOPS : 1;
	struct ifexpr *e;

	for (i = 0; i < n; i++)
		if (is(p, unops[i].tok))
			break;
	if (i == n)
		return primary(p);
	if (!enter(p))
		return NULL;
	e = node(unops[i].op, &p->tloc);
	next(p);
	e->l = unary(p);
	p->nesting--;
	if (!e->l) {
		ifexpr_free(e);
		return NULL;
	}
	return finish(p, e);
}

static const struct binop *binop(const struct parser *p, int prec)
{
	size_t i;

	if (p->lang == IFX_LOGIC && prec > PREC_LAND)
		return NULL;
	for (i = 0; i < NBINOPS; i++)
		if (binops[i].prec == prec && is(p, binops[i].tok))
			return &binops[i];
	return NULL;
}

/* Left-associative operators of precedence prec and up. */
static struct ifexpr *binary(struct parser *p, int prec)
{
	struct ifexpr *e = prec > PREC_MUL ? unary(p) : binary(p, prec + 1), *n;
	const struct binop *b;

	while (e && (b = binop(p, prec))) {
		n = node(b->op, &p->tloc);
		n->l = e;
		next(p);
		n->r = prec == PREC_MUL ? unary(p) : binary(p, prec + 1);
		if (!n->r) {
			ifexpr_free(n);
			return NULL;
		}
		e = finish(p, n);
	}
	return e;
}

static struct ifexpr *cond(struct parser *p)
{
	struct ifexpr *e = binary(p, PREC_LOR), *n;

	if (!e || p->lang != IFX_CPP || !is(p, "?"))
		return e;
	n = node(IFX_COND, &p->tloc);
	n->l = e;
	if (!enter(p)) {
		ifexpr_free(n);
		return NULL;
	}
	next(p);
	n->r = cond(p);
	if (n->r && !is(p, ":"))
		fail(p, IFX_ERR_COLON);
	else if (n->r) {
		next(p);
		n->x = cond(p);
	}
	p->nesting--;
	if (!n->x) {
		ifexpr_free(n);
		return NULL;
	}
	return finish(p, n);
}

struct ifexpr *ifexpr_parse(const char *text, size_t len, const struct loc *loc, enum ifx_lang lang,
			    ifx_name_fn name_ok, void *ctx, struct ifx_error *err)
{
	struct parser p;
	struct ifexpr *e;

	memset(&p, 0, sizeof(p));
	memset(err, 0, sizeof(*err));
	p.text = p.line_start = p.scanned = text;
	p.start = *loc;
	p.lang = lang;
	p.name_ok = name_ok;
	p.ctx = ctx;
	p.err = err;
	clex_init(&p.lx, text, len, loc->line, 1);
	next(&p);
	e = cond(&p);
	if (e && p.t.kind != CT_EOF) {
		ifexpr_free(e);
		return fail(&p, IFX_ERR_END);
	}
	return e;
}

struct ifexpr *ifexpr_new(enum ifx_op op, const char *text, struct ifexpr *l, struct ifexpr *r)
{
	static const struct loc nowhere;
	struct ifexpr *e = node(op, l ? &l->loc : &nowhere);

	e->text = text ? xstrdup(text) : NULL;
	e->l = l;
	e->r = r;
	e->depth = deeper(deeper(1, l), r);
	return e;
}

void ifexpr_free(struct ifexpr *e)
{
	int i;

	if (!e)
		return;
	ifexpr_free(e->l);
	ifexpr_free(e->r);
	ifexpr_free(e->x);
	for (i = 0; i < e->nargs; i++)
		ifexpr_free(e->args[i]);
	free(e->args);
	free(e->text);
	free(e);
}

/* --- text --- */

static int prec(enum ifx_op op)
{
	size_t i;

	if (op == IFX_COND)
		return PREC_COND;
	if (op >= IFX_NOT && op <= IFX_PLUS)
		return PREC_UNARY;
	for (i = 0; i < NBINOPS; i++)
		if (binops[i].op == op)
			return binops[i].prec;
	return PREC_PRIMARY;
}

static const char *op_text(enum ifx_op op)
{
	size_t i;

	for (i = 0; i < NUNOPS; i++)
		if (unops[i].op == op)
			return unops[i].tok;
	for (i = 0; i < NBINOPS; i++)
		if (binops[i].op == op)
			return binops[i].tok;
	return "?";
}

/* Operators of a precedence of their own: "a && (b && c)" prints as
 * "a && b && c", which means the same. */
static int associative(enum ifx_op op)
{
	return op == IFX_LOR || op == IFX_LAND || op == IFX_BITOR || op == IFX_BITXOR || op == IFX_BITAND;
}

static void to_string(const struct ifexpr *e, struct strbuf *sb, int outer)
{
	int p = prec(e->op), i;

	if (p < outer)
		sb_addc(sb, '(');
	switch (e->op) {
	case IFX_NUM:
	case IFX_CHAR:
	case IFX_NAME:
		sb_add(sb, e->text);
		break;
	case IFX_DEFINED:
		sb_addf(sb, "defined(%s)", e->text);
		break;
	case IFX_CALL:
		sb_addf(sb, "%s(", e->text);
		for (i = 0; i < e->nargs; i++) {
			if (i)
				sb_add(sb, ", ");
			to_string(e->args[i], sb, PREC_COND);
		}
		sb_addc(sb, ')');
		break;
	case IFX_NOT:
	case IFX_COMPL:
	case IFX_NEG:
	case IFX_PLUS:
		sb_add(sb, op_text(e->op));
		/* "- -1", not the decrement "--1" */
		if (e->l->op == e->op && (e->op == IFX_NEG || e->op == IFX_PLUS))
			sb_addc(sb, ' ');
		to_string(e->l, sb, PREC_UNARY);
		break;
	case IFX_COND:
		to_string(e->l, sb, PREC_COND + 1);
		sb_add(sb, " ? ");
		to_string(e->r, sb, PREC_COND);
		sb_add(sb, " : ");
		to_string(e->x, sb, PREC_COND);
		break;
	default:
		to_string(e->l, sb, p);
		sb_addf(sb, " %s ", op_text(e->op));
		to_string(e->r, sb, associative(e->op) ? p : p + 1);
		break;
	}
	if (p < outer)
		sb_addc(sb, ')');
}

char *ifexpr_to_string(const struct ifexpr *e)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "");
	if (e)
		to_string(e, &sb, 0);
	return sb_detach(&sb);
}

void ifexpr_print_error(const struct ifx_error *err)
{
	static const char *const expected[] = {
		[IFX_ERR_OPERAND] = "an operand (a name, a number, '(' or a unary operator)",
		[IFX_ERR_CLOSE] = "')' or an operator",
		[IFX_ERR_END] = "an operator or the end of the expression",
		[IFX_ERR_COLON] = "':' or an operator",
		[IFX_ERR_DEFINED] = "a macro name after 'defined'",
		[IFX_ERR_DEFINED_CLOSE] = "')' after 'defined(NAME'",
		[IFX_ERR_ARGS] = "',' or ')' after a macro argument",
		[IFX_ERR_NUMBER] = "an integer constant",
		[IFX_ERR_NAME] = "a name that may appear here",
	};

	if (err->kind == IFX_ERR_DEEP)
		error_at(&err->loc, "#if expression nested deeper than %d levels", COND_MAX_DEPTH);
	else if (!err->n)
		error_at(&err->loc, "#if: expected %s at end of expression", expected[err->kind]);
	else
		error_at(&err->loc, "#if: expected %s, found '%.*s'", expected[err->kind],
			 err->n > 40 ? 40 : (int)err->n, err->at);
}

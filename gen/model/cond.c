// SPDX-License-Identifier: GPL-2.0
/*
 * Catalog conditions are parsed by the #if parser in its IFX_LOGIC
 * language:
 *
 *   or    := and { "||" and }
 *   and   := unary { "&&" unary }
 *   unary := "!" unary | "(" or ")" | NAME
 *
 * What is left here is the catalog's own: its alphabet, which names it
 * knows, and its words for errors.
 */
#include "model/cond.h"

#include <string.h>

/* Every byte a condition may hold.  The #if lexer reads more (comments,
 * '$' in names, '\r' as a blank): the text is parsed up to the first
 * other byte, which is then an error where it stands. */
#define COND_BYTES "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_ \t!()&|"

struct names {
	cond_name_ok_fn name_ok;
	void *ctx;
};

static int known(const char *name, void *p)
{
	const struct names *n = p;

	return starts_with(name, "CONFIG_") || (n->name_ok && n->name_ok(name, n->ctx));
}

static void report(const struct ifx_error *err)
{
	static const char *const expected[] = {
		[IFX_ERR_OPERAND] = "a CONFIG_ symbol, '!' or '('",
		[IFX_ERR_CLOSE] = "')' or an operator (&&, ||)",
		[IFX_ERR_END] = "&&, || or end of condition",
	};
	const char *what = err->kind < sizeof(expected) / sizeof(expected[0]) ? expected[err->kind] : NULL;
	unsigned char c = *err->at;

	if (err->kind == IFX_ERR_DEEP)
		error_at(&err->loc, "condition nested deeper than %d levels", COND_MAX_DEPTH);
	else if (err->kind == IFX_ERR_NAME)
		error_at(&err->loc, "condition: unknown name '%.*s': expected a CONFIG_ symbol or a name "
			 "from an earlier define line", (int)err->n, err->at);
	else if (!what)
		ifexpr_print_error(err);	/* no other error in IFX_LOGIC */
	else if (!c)
		error_at(&err->loc, "condition: expected %s at end of line", what);
	else if (c >= 0x80)
		error_at(&err->loc, "condition: expected %s, found a non-ASCII byte", what);
	else
		error_at(&err->loc, "condition: expected %s, found '%c'", what, c);
}

struct ifexpr *cond_parse(const char *text, const struct loc *loc, cond_name_ok_fn name_ok, void *ctx)
{
	struct names names = { name_ok, ctx };
	size_t n = strspn(text, COND_BYTES);
	struct ifx_error err;
	struct ifexpr *c = ifexpr_parse(text, n, loc, IFX_LOGIC, known, &names, &err);

	if (c && text[n]) {
		/* all of it before the stray byte parsed: an operator was due */
		ifexpr_free(c);
		c = NULL;
		err.kind = IFX_ERR_END;
		err.loc = *loc;
		err.loc.col += (int)n;
		err.at = text + n;
		err.n = 1;
	}
	if (!c)
		report(&err);
	return c;
}

int cond_eval(const struct ifexpr *c, cond_value_fn value, void *ctx)
{
	switch (c->op) {
	case IFX_NAME:
		return value(c->text, ctx);
	case IFX_NOT:
		return !cond_eval(c->l, value, ctx);
	case IFX_LAND:
		return cond_eval(c->l, value, ctx) && cond_eval(c->r, value, ctx);
	case IFX_LOR:
		return cond_eval(c->l, value, ctx) || cond_eval(c->r, value, ctx);
	default:
		return 0;	/* not in IFX_LOGIC */
	}
}

void cond_visit(const struct ifexpr *c, cond_visit_fn visit, void *ctx)
{
	if (!c)
		return;
	if (c->op == IFX_NAME) {
		visit(c->text, ctx);
		return;
	}
	cond_visit(c->l, visit, ctx);
	cond_visit(c->r, visit, ctx);
}

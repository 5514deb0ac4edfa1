/* SPDX-License-Identifier: GPL-2.0 */
/* The one parser of preprocessor conditions: an #if expression (tokens
 * from clex) into a tree.  Two languages share it: the whole #if
 * language (IFX_CPP), and its subset of names, '!', '&&', '||' and
 * parentheses (IFX_LOGIC) that catalog conditions are (model/cond.h). */
#ifndef HDRTEST_IFEXPR_H
#define HDRTEST_IFEXPR_H

#include <stddef.h>

#include "base/util.h"

/* Parsing, printing, evaluating and freeing recurse once per level of a
 * tree: deeper input is an error, not a stack overflow. */
#define COND_MAX_DEPTH 200

enum ifx_op {
	IFX_NUM,	/* integer literal */
	IFX_CHAR,	/* character literal */
	IFX_NAME,
	IFX_DEFINED,	/* defined X, defined(X) */
	IFX_CALL,	/* NAME(args): IS_ENABLED(CONFIG_X) ... */
	/* unary: l */
	IFX_NOT, IFX_COMPL, IFX_NEG, IFX_PLUS,
	/* binary: l op r */
	IFX_MUL, IFX_DIV, IFX_MOD, IFX_ADD, IFX_SUB, IFX_SHL, IFX_SHR,
	IFX_LT, IFX_LE, IFX_GT, IFX_GE, IFX_EQ, IFX_NE,
	IFX_BITAND, IFX_BITXOR, IFX_BITOR, IFX_LAND, IFX_LOR,
	IFX_COND,	/* l ? r : x */
};

struct ifexpr {
	enum ifx_op op;
	char *text;		/* NAME, DEFINED, CALL: the name; NUM, CHAR: the literal */
	struct ifexpr *l, *r, *x;
	struct ifexpr **args;	/* CALL */
	int nargs;
	struct loc loc;		/* of the operator, or of the token */
	int depth;		/* levels of the tree from this node down, itself included */
	int parens;		/* it was written in parentheses */
};

enum ifx_lang { IFX_CPP, IFX_LOGIC };

enum ifx_err {
	IFX_OK,
	IFX_ERR_OPERAND,	/* expected an operand */
	IFX_ERR_CLOSE,		/* expected ')' (or an operator) after "(expr" */
	IFX_ERR_END,		/* expected an operator or the end */
	IFX_ERR_COLON,		/* expected ':' after "a ? b" */
	IFX_ERR_DEFINED,	/* expected a name after "defined" */
	IFX_ERR_DEFINED_CLOSE,	/* expected ')' after "defined(X" */
	IFX_ERR_ARGS,		/* expected ',' or ')' after an argument */
	IFX_ERR_NUMBER,		/* a number that is no integer literal */
	IFX_ERR_NAME,		/* a name that name_ok refused */
	IFX_ERR_DEEP,		/* nested deeper than COND_MAX_DEPTH */
};

struct ifx_error {
	enum ifx_err kind;
	struct loc loc;
	const char *at;		/* the token there in the text; the text's end at the end */
	size_t n;		/* its length, 0 at the end */
};

/* Whether a name may be an operand (IFX_LOGIC); NULL allows every name. */
typedef int (*ifx_name_fn)(const char *name, void *ctx);

/* Parse text[0..len) in lang; loc is where text starts.  Returns the
 * tree, or NULL with *err saying where the first error is and what was
 * expected there (nothing is printed). */
struct ifexpr *ifexpr_parse(const char *text, size_t len, const struct loc *loc, enum ifx_lang lang,
			    ifx_name_fn name_ok, void *ctx, struct ifx_error *err);
/* A node built by hand (catalog-update's translations): text is copied,
 * l and r are taken over, the location is l's. */
struct ifexpr *ifexpr_new(enum ifx_op op, const char *text, struct ifexpr *l, struct ifexpr *r);
/* Print *err as "file:line:col: error: #if: expected ..., found '...'". */
void ifexpr_print_error(const struct ifx_error *err);
/* Canonical text: single spaces around binary operators, parentheses
 * only where needed, "defined(X)"; "" for NULL.  The caller frees. */
char *ifexpr_to_string(const struct ifexpr *e);
void ifexpr_free(struct ifexpr *e);

#endif

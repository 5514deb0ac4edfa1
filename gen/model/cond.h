/* SPDX-License-Identifier: GPL-2.0 */
/* Conditions over Kconfig symbols: CONFIG_X, !, &&, ||, parentheses, and
 * names introduced by the catalog's "define" lines. */
#ifndef HDRTEST_COND_H
#define HDRTEST_COND_H

#include "base/util.h"

enum cond_op { COND_SYM, COND_NOT, COND_AND, COND_OR };

struct cond {
	enum cond_op op;
	char *name;		/* COND_SYM */
	struct cond *l, *r;	/* r is NULL for COND_NOT */
	struct loc loc;
	int depth;		/* levels of the tree from this node down, itself included */
};

/* Answers whether name (not starting with CONFIG_) may appear in a
 * condition; ctx is passed through. */
typedef int (*cond_name_ok_fn)(const char *name, void *ctx);
/* Value of a name in a condition: 1 true, 0 false. */
typedef int (*cond_value_fn)(const char *name, void *ctx);
typedef void (*cond_visit_fn)(const char *name, void *ctx);

/* The parser, cond_eval() and cond_free() recurse once per level of a
 * condition: deeper input is an error, not a stack overflow. */
#define COND_MAX_DEPTH 200

/* Parse text; loc is where text starts (its column is advanced per char).
 * Returns NULL after reporting "file:line:col: error: ..." on bad input. */
struct cond *cond_parse(const char *text, const struct loc *loc, cond_name_ok_fn name_ok, void *ctx);
int cond_eval(const struct cond *c, cond_value_fn value, void *ctx);
/* Visit every name in c, left to right. */
void cond_visit(const struct cond *c, cond_visit_fn visit, void *ctx);
/* Canonical text: single spaces, parentheses only where needed. */
char *cond_to_string(const struct cond *c);
void cond_free(struct cond *c);

#endif

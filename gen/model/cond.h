/* SPDX-License-Identifier: GPL-2.0 */
/* Conditions over Kconfig symbols: CONFIG_X, !, &&, ||, parentheses, and
 * names introduced by the catalog's "define" lines.  A condition is an
 * #if expression of cpp/ifexpr.h's IFX_LOGIC subset, with its tree. */
#ifndef HDRTEST_COND_H
#define HDRTEST_COND_H

#include "cpp/ifexpr.h"

/* Answers whether name (not starting with CONFIG_) may appear in a
 * condition; ctx is passed through. */
typedef int (*cond_name_ok_fn)(const char *name, void *ctx);
/* Value of a name in a condition: 1 true, 0 false. */
typedef int (*cond_value_fn)(const char *name, void *ctx);
typedef void (*cond_visit_fn)(const char *name, void *ctx);

/* Parse text; loc is where text starts (its column is advanced per char).
 * Returns NULL after reporting "file:line:col: error: ..." on bad input.
 * ifexpr_to_string() is the canonical text, ifexpr_free() frees. */
struct ifexpr *cond_parse(const char *text, const struct loc *loc, cond_name_ok_fn name_ok, void *ctx);
int cond_eval(const struct ifexpr *c, cond_value_fn value, void *ctx);
/* Visit every name in c, left to right. */
void cond_visit(const struct ifexpr *c, cond_visit_fn visit, void *ctx);

#endif

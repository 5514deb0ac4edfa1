/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_EXPLAIN_H
#define HDRTEST_EXPLAIN_H

#include "judge/results.h"
#include "scan/scan.h"

/* What a diagnostic says is wrong with the header. */
enum explain_kind {
	EXPLAIN_MISSING,	/* it uses a name it does not declare: "thp_size" */
	EXPLAIN_INCOMPLETE,	/* it needs a tag complete (a field's type, a
				 * parameter's, sizeof) that it only declares */
	EXPLAIN_IF_MACRO,	/* an #if tests a macro not defined there (-Wundef) */
	EXPLAIN_GUARD,		/* included twice, it defines a name again: no
				 * include guard */
	EXPLAIN_BRANCHES,	/* a symbol whose type differs between #if
				 * branches: a stub that disagrees with its
				 * declaration */
	EXPLAIN_XMACRO,		/* an x-macro list: it invokes at file scope a
				 * macro only its includers define (and #undef
				 * after including it) */
};

/* Why a TU fails, as fields: what explain_failure() says, and what
 * `hdrtest fix` needs to write the include, declaration, include guard
 * or stub. */
struct explain_info {
	enum explain_kind kind;
	char *header;		/* the header under test */
	char *culprit;		/* the header the use is in: where a fix belongs */
	char *user;		/* "foo()", "struct foo", a catalogued symbol, or NULL */
	char *user_name;	/* "foo" when user names a function or macro, else NULL */
	char *missing;		/* "thp_size", "struct folio"; the macro an #if tests;
				 * the name defined again; the symbol whose type
				 * differs between branches */
	char *through;		/* the macro the use is expanded through, or NULL */
	char *needed_as;	/* EXPLAIN_INCOMPLETE: "field 'mutex'", "parameter 2",
				 * "sizeof(zstd_cctx)" */
	int use_line;		/* the use's line in culprit (the #if's, the
				 * definition repeated), 0 if unknown */
	int pointer_only;	/* a tag declared inside a parameter list */
	int included;		/* culprit includes definer (not under this config) */
	const struct scan_def *def;	/* the definition named, NULL if none */
	char *definer;		/* the header named for it: the one make fix includes
				 * (find_definer()), "linux/types.h" for u8, else the
				 * header of def; EXPLAIN_XMACRO: the includer that
				 * defines the macro; NULL if none */
	/* EXPLAIN_BRANCHES: the definition whose type the catalog has, and
	 * the one of another branch whose type differs (what this cell
	 * compiled, the stub in the tree's usual shape), in one file */
	const struct scan_def *catalogued, *other;
};

/* The fields, or NULL when no diagnostic says one of the things above
 * (or the TU does not fail).  Free with explain_info_free(). */
struct explain_info *explain_analyze(const struct tu_result *t, const struct cell_result *c,
				     const struct scan_index *ix);
/* The same for the nth diagnostic (from 0) that says one. */
struct explain_info *explain_analyze_nth(const struct tu_result *t, const struct cell_result *c,
					 const struct scan_index *ix, int nth);
void explain_info_free(struct explain_info *e);

/* Whether d is a stub: an inline function in a later branch of the #if
 * group whose first branch holds other, or one beside other's prototype. */
int explain_is_stub(const struct scan_def *d, const struct scan_def *other);

/* What differs between a and b, two functions of one name: "returns int,
 * not bool", "takes int as parameter 2, not u32", "takes 2 parameters,
 * not 3"; b's side first.  NULL when their types do not differ.  The
 * caller frees. */
char *explain_difference(const struct scan_def *b, const struct scan_def *a);

/* What an EXPLAIN_BRANCHES explanation says, without the header in
 * front: "tpm_pcr_read() is int (struct tpm_chip *, u32, struct
 * tpm_digest *) under COND at include/linux/tpm.h:468, but its stub
 * under COND at line 490 takes int as parameter 2, not u32".  The caller
 * frees. */
char *explain_branches(const struct explain_info *e);

/* One line saying why a failing TU fails, in the shape
 * "linux/mm/X.h: foo() uses bar(), defined in linux/mm/Y.h, which X.h does
 * not include"; NULL when no diagnostic says why.  The caller frees. */
char *explain_failure(const struct tu_result *t, const struct cell_result *c, const struct scan_index *ix);

#endif

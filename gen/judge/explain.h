/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_EXPLAIN_H
#define HDRTEST_EXPLAIN_H

#include "judge/results.h"
#include "scan/scan.h"

/* Why a TU fails, as fields: what explain_failure() says, and what
 * `hdrtest fix` needs to write the include or declaration. */
struct explain_info {
	char *header;		/* the header under test */
	char *culprit;		/* the header the use is in: where a fix belongs */
	char *user;		/* "foo()", a catalogued symbol, or NULL */
	char *user_name;	/* "foo" when user names a function or macro, else NULL */
	char *missing;		/* "thp_size", "struct folio" */
	char *through;		/* the macro the use is expanded through, or NULL */
	int use_line;		/* the use's line in culprit, 0 if unknown */
	int pointer_only;	/* a tag declared inside a parameter list */
	int included;		/* culprit includes definer (not under this config) */
	const struct scan_def *def;	/* the definition named, NULL if none */
	char *definer;		/* the header named for it: the one make fix includes
				 * (fix_definer), "linux/types.h" for u8, else the
				 * header of def; NULL if none */
};

/* The fields, or NULL when no diagnostic names a missing identifier or
 * type (or the TU does not fail).  Free with explain_info_free(). */
struct explain_info *explain_analyze(const struct tu_result *t, const struct cell_result *c,
				     const struct scan_index *ix);
/* The same for the nth diagnostic (from 0) that names a missing name. */
struct explain_info *explain_analyze_nth(const struct tu_result *t, const struct cell_result *c,
					 const struct scan_index *ix, int nth);
void explain_info_free(struct explain_info *e);

/* One line saying why a failing TU fails, in the shape
 * "linux/mm/X.h: foo() uses bar(), defined in linux/mm/Y.h, which X.h does
 * not include"; NULL when no diagnostic names a missing identifier or type.
 * The caller frees. */
char *explain_failure(const struct tu_result *t, const struct cell_result *c, const struct scan_index *ix);

#endif

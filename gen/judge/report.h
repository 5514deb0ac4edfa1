/* SPDX-License-Identifier: GPL-2.0 */
/* Writing verdicts: the terminal table, KTAP v1, and TSV. */
#ifndef HDRTEST_REPORT_H
#define HDRTEST_REPORT_H

#include <stdio.h>

#include "judge/results.h"

struct run_results {
	struct cell_result **cells;
	int ncells;
};

struct tally {
	int pass, fail, skip, error;
};

void tally_run(const struct run_results *r, struct tally *t);
void tally_cell(const struct cell_result *c, struct tally *t);

/* The TU of header in cell, or NULL. */
const struct tu_result *find_tu(const struct cell_result *c, const char *header);
/* Every header any cell has, in first-seen order (the table's rows): how
 * many; *out (freed by the caller) points into r. */
int collect_headers(const struct run_results *r, const char ***out);

/* A failure and the cells it occurs in (see distinct_failures()). */
struct distinct_failure {
	const char *header;
	char *detail;		/* the first diagnostic, the TU's cell taken off its path */
	const char *why;	/* the first cell's explanation, or NULL */
	const struct cell_result **cells;
	int ncells;
};

/* Failing TUs grouped by header and first diagnostic, in first-seen
 * order: how many; *out is freed with distinct_failures_free(). */
int distinct_failures(const struct run_results *r, struct distinct_failure **out);
void distinct_failures_free(struct distinct_failure *d, int n);

/* "a, b": the symbols a diagnostic points into, added to sb. */
struct strbuf;
void symbols_with_diagnostics(struct strbuf *sb, const struct tu_result *t);
/* The one-line command that compiles t again as kbuild did, or NULL when
 * the cell has none (caller frees). */
char *failure_repro(const struct cell_result *c, const struct tu_result *t);

void write_table(FILE *f, const struct run_results *r);
void write_failures(FILE *f, const struct run_results *r);
void write_distinct_failures(FILE *f, const struct run_results *r);
char *render_ktap(const struct run_results *r);
/* s as one line of KTAP text (every line break kunit.py knows a space),
 * with a backslash before each '#' when in_directive (after " # "). */
void ktap_put(struct strbuf *sb, const char *s, int in_directive);
char *render_tsv(const struct run_results *r);
char *render_junit(const struct run_results *r);

/* "hdrtest: 42 cells (header x arch x config): 28 pass, 14 fail, 0 skip,
 * 0 error" (caller frees). */
char *summary_line(const struct tally *t);

/* The summary line.  Returns whether the run failed (1) or passed (0): it
 * fails if any TU failed or errored, or if nothing was compiled (said on
 * the error stream). */
int write_summary(FILE *f, const struct run_results *r);

#endif

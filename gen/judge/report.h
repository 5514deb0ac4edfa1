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

void write_table(FILE *f, const struct run_results *r);
void write_failures(FILE *f, const struct run_results *r);
void write_distinct_failures(FILE *f, const struct run_results *r);
char *render_ktap(const struct run_results *r);
char *render_tsv(const struct run_results *r);
char *render_junit(const struct run_results *r);

/* The summary line.  Returns whether the run failed (1) or passed (0): it
 * fails if any TU failed or errored, or if nothing was compiled (said on
 * the error stream). */
int write_summary(FILE *f, const struct run_results *r);

#endif

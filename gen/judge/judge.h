/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Judging one OUT: what `hdrtest report` does, for the commands that judge
 * in-process (report, merge, a run).  The cells are read and judged, the
 * reports written (none is replaced unless all were), and the table
 * printed.
 *
 * When OUT/shard names a real shard (I/N with N > 1), only the TUs it lists
 * are judged: a cell none of whose TUs it lists is left out of every
 * report, a cell with some is reported with those alone.  A shard 1/1, or
 * no OUT/shard, is a whole run: every TU of the cells is judged.
 */
#ifndef HDRTEST_JUDGE_H
#define HDRTEST_JUDGE_H

#include <stdio.h>

struct lazy_scan;

/* What to judge and where the reports go; a NULL path is a report not
 * written. */
struct judge_opts {
	const char *out;	/* the run's dir */
	char **cells;		/* ARCH/CONFIG, in the report's order; NULL: OUT/cells */
	int ncells;
	const char *drift;	/* catalog-check --drift-out's file, or NULL */
	const char *baseline;	/* known failures: only new ones fail, or NULL */
	const char *baseline_out, *ktap, *tsv, *junit, *html, *failures;
	FILE *text;		/* the table and the summary; NULL: not printed */
	/* the run's tree, scanned once for its stages, or NULL: the
	 * explanations scan the cells' tree on their own */
	struct lazy_scan *scan;
};

/* Returns the exit status of `hdrtest report`: EXIT_OK (nothing failed),
 * EXIT_FAILED (a TU failed or errored, or a new failure against the
 * baseline, or nothing was compiled) or EXIT_ERROR (an input that cannot be
 * read, a report that cannot be written: then none was).  A shard that
 * owns no TU says so and is EXIT_OK. */
int judge_out(const struct judge_opts *o);

/* judge_out() with every report in OUT under its own name, as a run and a
 * merge write them: results.ktap, results.tsv, results.xml, report.html,
 * baseline.tsv and failures.txt (o's paths of them not read). */
int judge_into_out(const struct judge_opts *o);

#endif

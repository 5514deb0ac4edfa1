/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The verdicts of a patch series, step by step, and what they say about
 * each patch.
 *
 * A row is one (cell, header); its states are one per step.  A failure is
 * a span of steps in which the row fails: introduced by the patch of its
 * first step (the first bad patch; a span from the base was failing
 * before the series), ended by the patch of the first step after it at
 * which the row passes (the patch that fixed it), or still failing at the
 * last step.  Steps at which a row is not judged (skipped, an errored
 * cell, not run) neither start nor end a span.  Within a span, a step
 * whose first diagnostic (its line and column numbers aside: a patch that
 * moves code above it moves them) or explanation differs from the step
 * before it is a change of why.
 *
 * A row that passes at one step and is a skip at the next (the patch
 * made the header not meant to stand alone, or gave it an include only
 * another arch has) starts no failure, but every report names it with
 * the skip's reason: a patch cannot turn a test off unseen.
 *
 * Each cell also has a row of its own, SERIES_KBUILD: the tree itself,
 * failing at a step where kbuild could not prepare the cell (a patch that
 * breaks the kernel's own build there: its headers are then not judged),
 * passing where it could.  A patch that breaks the build on a cell until
 * a later patch mends it makes the series not bisectable.  The series is bisectable for header self-containedness when no
 * patch introduces a failure that a later patch fixes.
 */
#ifndef HDRTEST_SERIES_REPORT_H
#define HDRTEST_SERIES_REPORT_H

#include "series/steps.h"

/* The header name of a cell's kbuild row: no header path looks like it. */
#define SERIES_KBUILD "(kbuild prepare)"

enum step_state {
	SS_NONE,	/* not judged at this step: the step did not run, or the cell was not in it */
	SS_ABSENT,	/* the header does not exist yet (or any more) */
	SS_PASS,
	SS_FAIL,
	SS_SKIP,	/* judged a skip: not meant to stand alone, a cell that cannot be built here */
	SS_ERROR,	/* the cell could not be prepared at this step */
};

struct series_row {
	char *cell;	/* "x86_64/defconfig" */
	char *header;	/* "linux/mm/page_address.h" */
	enum step_state *state;	/* [step] */
	char **why;	/* [step]: the first diagnostic of a failure, a skip's reason, else NULL */
	char **expl;	/* [step]: the failure's explanation ("why:" in failures.txt), or NULL */
};

struct failure_span {
	int row;
	int first;	/* the step that introduced it */
	int last;	/* the last step at which it failed */
	int fixed;	/* the step that fixed it, or -1 */
};

struct series_report {
	const struct series *series;
	int nsteps;		/* the steps that ran: series->steps[0..nsteps) */
	int stopped;		/* the step that could not be made (a patch that does not apply), or -1 */
	char *stop_reason;	/* its words, or NULL */
	struct series_row *rows;	/* by cell, then header, in first-seen order */
	int nrows;
	struct failure_span *spans;	/* by row, then first step */
	int nspans;
	struct row_key *row_keys;	/* the rows by "CELL<TAB>HEADER" (series_report.c) */
	/* the per-step notes of moves.tsv (symbols elsewhere, not yet
	 * defined): "HEADER<TAB>SYMBOL<TAB>STATUS<TAB>WHERE" lines, or NULL */
	char **moves;
};

/* A row's state at a step, from results.tsv (arch, config, header,
 * verdict, first diagnostic) and moves.tsv; the report is built by
 * adding each step's files, then analysed. */
void series_report_init(struct series_report *r, const struct series *s);
/* Add step's results.tsv text (NULL: the step did not run), moves.tsv
 * text and failures.txt text (NULL: none); returns 0, or -1 after an
 * error naming path and line (a line without its five fields, an unknown
 * verdict). */
int series_report_add_step(struct series_report *r, int step, const char *results, const char *moves,
			   const char *failures, const char *path);
/* Whether two failures are one why: the same diagnostic but for its line
 * and column numbers, and the same explanation. */
int series_same_why(const char *diag_a, const char *expl_a, const char *diag_b, const char *expl_b);
/* Find the spans once every step is added. */
void series_report_analyse(struct series_report *r);
void series_report_free(struct series_report *r);

/* Whether no patch introduces a failure a later patch fixes. */
int series_bisectable(const struct series_report *r);
/* Counts of a step: spans it starts (new), ends (fixed), rows failing at
 * it, rows absent at it. */
void series_step_counts(const struct series_report *r, int step, int *new, int *fixed, int *failing,
			int *absent);

/* "pass", "fail", "absent", ... ("-" for SS_NONE). */
const char *series_state_name(enum step_state st);

/* The outputs (the caller frees each), in series_render.c: */
char *series_summary_text(const struct series_report *r);	/* summary.txt, as printed */
char *series_tsv(const struct series_report *r);		/* series.tsv: step, patch, cell, header, state, why */
char *series_ktap(const struct series_report *r);		/* series.ktap: one test per patch */
char *series_review_json(const struct series_report *r, int step, const char *url);	/* b4's review-check list */
char *series_html(const struct series_report *r);		/* series.html: patch x header grid per cell */

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The terminal report of a run too large to read TU by TU (a census of
 * include/linux): a summary per directory, and the failures grouped by
 * cause, each with its headers and cells; every failure in detail goes to
 * a file instead.
 */
#ifndef HDRTEST_LARGE_RUN_H
#define HDRTEST_LARGE_RUN_H

#include <stdio.h>

#include "judge/report.h"

/* More headers than this, and the report is the large run's. */
#define LARGE_RUN_HEADERS 60

int is_large_run(const struct run_results *r);

/* Per directory of the headers (linux/, linux/mm/, ...): headers, and
 * their TUs' pass, fail, skip and error counts. */
void write_dir_summary(FILE *f, const struct run_results *r);

/* Failing TUs grouped by cause: the first diagnostic, the TU's own cell
 * and file taken off, so that one broken header that many others include
 * is one cause, listing the headers it breaks (at most `most`, then how
 * many more) and the cells; the causes with most headers first. */
void write_causes(FILE *f, const struct run_results *r, int most);

/* Every failure as write_failures() prints it, as one text. */
char *render_failures(const struct run_results *r);

#endif

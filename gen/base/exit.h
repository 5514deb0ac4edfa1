/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrtest's exit statuses, what make and CI read of a command.
 *
 * A command's run function (gen/cmd) returns one, and so does each entry
 * point that does a whole command's work in one call, so that its caller
 * (a command, series' child running a step, make reading OUT/report.rc)
 * passes on what the command would have said: run_all() (run/run.h) and
 * its judge_stage(), judge_out() (judge/judge.h), merge_outs()
 * (judge/merge.h) and series_run() (series/series.h).
 *
 * Every other library function returns 0 on success and -1 after printing
 * an error, or a count or a boolean where that is what it computes
 * (report_coverage: the uncovered branches; write_summary: whether the
 * run failed; install_if_changed: whether it replaced the file;
 * catalog_update says through *stuck that it could not finish).  It never
 * returns an exit status, and exits only when memory runs out.
 */
#ifndef HDRTEST_EXIT_H
#define HDRTEST_EXIT_H

#define EXIT_OK		0	/* done; nothing failed */
#define EXIT_FAILED	1	/* a verdict or drift failure: a TU failed, the catalog drifts */
#define EXIT_ERROR	2	/* a usage or input error: bad options, a file that cannot be
				   read, parsed or written */

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-process stages of a run (run.c has the order).  Each does its
 * work only when its output is older than an input, as make would, and
 * returns 0, or -1 after an error message.  self is the tool's binary: a
 * rebuilt hdrtest regenerates and judges again.
 */
#ifndef HDRTEST_STAGES_H
#define HDRTEST_STAGES_H

#include "exec/mtimes.h"
#include "run/run.h"
#include "scan/lazy_scan.h"

/* OUT/drift.tsv: the catalog against the tree (ls: its index, made when
 * first needed), again when a catalogued header (or its dir), the
 * catalog or the tool changed. */
int drift_stage(const struct run_opts *o, struct mtimes *m, const char *self, struct lazy_scan *ls);

/* The TUs of cells (OUT/generated the stamp): all of them when the catalog,
 * the templates, the cells or the tool changed, else only the cells whose
 * prepared file did. */
int gen_stage(const struct run_opts *o, struct mtimes *m, const char *self, char **cells, int ncells);

/* The instrumented headers of coverage (dir, stamp). */
int probe_stage(const struct run_opts *o, struct mtimes *m, const char *self, const char *dir,
		const char *stamp);
/* OUT/coverage.txt and OUT/slimness.txt from what was preprocessed; each
 * is printed too. */
int coverage_stage(const struct run_opts *o, const char *dir, char **cells, int ncells);
int slimness_stage(const struct run_opts *o, char **cells, int ncells);

/* OUT/report.txt and the result files, judged again only when a cell, the
 * tool, the catalog, the drift, the baseline or a section report.html
 * shows changed; the report printed.  Returns the run's exit status
 * (EXIT_OK, EXIT_FAILED, EXIT_ERROR), also kept in OUT/report.rc.  The
 * failures are explained from ls, the run's index of its tree. */
int judge_stage(const struct run_opts *o, struct mtimes *m, const char *self, char **cells, int ncells,
		struct lazy_scan *ls);

/* OUT/shard: what this run is a part of (see shard/shard_file.h). */
int write_shard_file(const struct run_opts *o, char **cells, int ncells, char **stems, int nstems,
		     int **owner);

#endif

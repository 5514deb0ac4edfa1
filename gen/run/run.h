/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrtest run: a whole run in one process, the stages one after another,
 * each step run only when its output is older than its inputs:
 *
 *   plan     OUT/cells, OUT/CELL/plan                (plan/plan.c)
 *   drift    OUT/drift.tsv, the catalog against the tree
 *   prepare  OUT/CELL/prepared, a kbuild dir per cell (prepare/prepare.c,
 *            spawning gen/prepare/prepare-kbuild.sh on the pool)
 *   gen      OUT/CELL/TU.c, tus, compile.sh, manifest.tsv (generate/)
 *   compile  OUT/CELL/TU.rc, .log, .dep               (compile/compile.c)
 *   judge    report.txt, results.ktap/.tsv/.xml, report.html (judge/)
 *
 * The pool runs at most as many children at once as the jobserver gives
 * slots: make's own when make -jN runs us (so -j means what it means in
 * kbuild), else --jobs.  Each stage counts its own steps for "[n/N]".
 */
#ifndef HDRTEST_RUN_H
#define HDRTEST_RUN_H

#include "model/catalog.h"
#include "scan/scan.h"

struct run_opts {
	const struct catalog *cat;
	char **catalog_files;	/* the files cat was read from */
	int ncatalog_files;
	const char *out;
	const char *tree;
	const char *cache;
	const char *overlay;	/* or NULL */
	const char *baseline;	/* or NULL */
	char **archs;
	int narchs;
	char **configs;
	int nconfigs;
	int jobs;		/* slots when no make jobserver is there */
	int shard, nshards;	/* this run's part: shard of nshards (1/1: all) */
	const char *costs;	/* an earlier run's costs.tsv the shards are balanced by, or NULL */
	const char *templates;
	const char *m4;
	const char *prepare_script;	/* or NULL: gen/prepare/prepare-kbuild.sh */
	int coverage;		/* also preprocess for branch coverage */
	int slimness;		/* also measure each header's slimness */
	int no_report;		/* stop after compiling (fix judges on its own) */
	int print_packages;	/* only print the packages of this shard's arches */
	int prepare_only;	/* plan and prepare the cells, nothing after */
	/* tree's scan index when the caller has one (hdrtest series scanned
	 * the step's tree to fit its catalog), or NULL: the run scans the
	 * tree when a stage first needs it, once for all of them */
	const struct scan_index *tree_index;
};

/* The run: EXIT_OK when every TU judged passes (or only known failures of
 * the baseline fail), EXIT_FAILED when one fails or the catalog drifts,
 * EXIT_ERROR after an error message when the run itself could not be done
 * (bad input, a file it cannot write, a set-up that cannot compile). */
int run_all(const struct run_opts *o);

#endif

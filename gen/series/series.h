/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrtest series: the catalog's tests at every step of a patch series.
 *
 * For each step (the base, then each patch in turn) the series' scratch
 * tree is moved one patch further (gen/series/series-tree.sh), the tip's
 * catalog is fitted to that tree (step_catalog.h: headers absent, symbols
 * elsewhere), and a whole run (hdrtest run) tests it into OUT/NNNN.  The
 * scratch tree sits at one path for the whole series, so that each cell's
 * kbuild dir follows it from patch to patch (prepare-kbuild.sh updates it
 * in place), and each step's OUT starts as a copy of the step before it,
 * so that a TU none of whose inputs a patch changed is not compiled again.
 * Then the steps' verdicts are read back into the series report
 * (series_report.h): OUT/summary.txt, series.tsv, series.ktap,
 * series.html, and per step NNNN/review.json.
 */
#ifndef HDRTEST_SERIES_H
#define HDRTEST_SERIES_H

#include "model/catalog.h"
#include "run/run.h"

struct series_opts {
	const struct catalog *cat;
	char **catalog_files;
	int ncatalog_files;
	const char *out;	/* OUT/series */
	const char *tree;	/* with patches: the base they apply to; with range: the git tree */
	const char *patches;	/* the patch dir, or NULL */
	const char *range;	/* BASE..TIP in the git tree, or NULL */
	const char *script;	/* series-tree.sh */
	const char *url;	/* the series page's URL in review.json, or NULL: a file:// URL */
	int report_only;	/* run nothing: the report of the steps OUT holds */
	/* what every step's run is given: cache (HDRTEST_CACHE, which also
	 * holds the scratch tree), archs, configs, jobs, shard 1/1, templates
	 * and m4; each step sets its OUT, tree and catalog */
	struct run_opts run;
};

/* EXIT_OK when no patch introduces a failure, EXIT_FAILED when one does,
 * EXIT_ERROR after an error message (a patch that does not apply: the
 * steps before it keep their results, and the report says where it
 * stopped). */
int series_run(const struct series_opts *o);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Joining the shards of one run (`hdrtest run --shard I/N`, each in its own
 * OUT) into one OUT, judged as if one run had compiled every TU there: the
 * same reports, byte for byte, as judging a single OUT in that dir holding
 * the same results.
 *
 * Every shard of the run must be given, once: the shard files must agree on
 * the version, catalog, tree, plan and shard count, and no TU may be owned
 * by two of them.  The merged OUT has the first shard's cells file; each
 * cell's plan, prepared, manifest.tsv, tus and compile.sh from the first
 * shard (by index) that has the cell (every shard that has it must have
 * the same manifest); each TU's text and results from its owner, as they
 * are (out_copy.h: the judge finds a TU in a log compiled in another OUT);
 * drift.tsv; and a shard file 1/1 listing every TU (a whole run: judged
 * unfiltered).
 *
 * A shard is an artifact from another machine: each of its files is read
 * only as a regular file below its dir, no symlink followed (a zip keeps
 * them); each cell and stem is a safe name (base/files.h), each TU's cell
 * one of the run's; and in the merged OUT no symlink is written through.
 * All that is refused before anything is written.
 */
#ifndef HDRTEST_MERGE_H
#define HDRTEST_MERGE_H

#include <stdio.h>

struct merge_opts {
	const char *out;	/* the merged OUT, made if missing; no shard's dir */
	char **shards;		/* the shards' OUT dirs, in any order */
	int nshards;
	const char *baseline;	/* known failures, or NULL */
	FILE *text;		/* the table (also OUT/report.txt), or NULL */
};

/*
 * Merge, then judge the merged OUT into OUT/results.ktap, results.tsv,
 * results.xml, report.html, report.txt, failures.txt and baseline.tsv.
 * Returns EXIT_ERROR after an error (shards that do not make one run, each
 * problem named with its dir and field; a file that cannot be read or
 * written), else the judgement's EXIT_OK or EXIT_FAILED.
 */
int merge_outs(const struct merge_opts *o);

#endif

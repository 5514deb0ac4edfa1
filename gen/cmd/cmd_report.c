// SPDX-License-Identifier: GPL-2.0
/* hdrtest report: judge the compiled cells. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "judge/explain.h"
#include "base/files.h"
#include "judge/report.h"
#include "judge/results.h"
#include "scan/scan.h"
#include "base/util.h"

/* One line per failing TU saying why, from the scan index of the tree
 * (indexed once, and only when something failed). */
static void explain_run(struct run_results *r)
{
	struct scan_index *ix = NULL;
	int i, j;

	for (i = 0; i < r->ncells; i++) {
		struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			/* a drifted header is explained by its drift */
			if (c->tus[j].verdict != V_FAIL || c->tus[j].explanation || !*c->srctree)
				continue;
			if (!ix)
				ix = scan_tree(c->srctree);
			if (ix)
				c->tus[j].explanation = explain_failure(&c->tus[j], c, ix);
		}
	}
	scan_free(ix);
}

/* KTAP, TSV and JUnit: none is replaced unless all three were written. */
static int write_results(const struct run_results *r, const char *ktap, const char *tsv,
			 const char *junit)
{
	const char *paths[] = { ktap, tsv, junit };
	char *texts[] = { ktap ? render_ktap(r) : NULL, tsv ? render_tsv(r) : NULL,
			  junit ? render_junit(r) : NULL };
	int i, ret = write_files_atomic(3, paths, (const char *const *)texts);

	for (i = 0; i < 3; i++)
		free(texts[i]);
	return ret;
}

static int run_report(const struct command *cmd, int argc, char **argv)
{
	const char *out = NULL, *ktap = NULL, *tsv = NULL, *junit = NULL, *drift = NULL;
	const struct cmd_option opts[] = {
		{ "out", &out, 1, 0 },
		{ "ktap", &ktap, 0, 0 },
		{ "tsv", &tsv, 0, 0 },
		{ "junit", &junit, 0, 0 },
		{ "drift", &drift, 0, 0 },
		{ NULL, NULL, 0, 0 },
	};
	struct drift_lines dl = { NULL, 0 };
	struct run_results r = { NULL, 0 };
	char outabs[PATH_MAX];
	int first = cmd_options(cmd, argc, argv, opts), i, ret = CMD_ERROR, bad = 0;

	if (first < 0)
		return CMD_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	if (drift && drift_lines_read(drift, &dl))
		return CMD_ERROR;
	if (!realpath(out, outabs)) {
		error("cannot resolve %s: %s", out, strerror(errno));
		drift_lines_free(&dl);
		return CMD_ERROR;
	}
	for (i = first; i < argc; i++) {
		struct cell_result *cell = cell_read(outabs, argv[i]);

		if (!cell) {
			bad = 1;
			continue;
		}
		cell_mark_drift(cell, &dl);
		*(struct cell_result **)push(&r.cells, &r.ncells, sizeof(cell)) = cell;
	}
	drift_lines_free(&dl);
	if (!bad)
		explain_run(&r);
	if (!bad && !write_results(&r, ktap, tsv, junit)) {
		write_table(stdout, &r);
		write_failures(stdout, &r);
		write_distinct_failures(stdout, &r);
		ret = write_summary(stdout, &r) ? CMD_FAILED : CMD_OK;
	}
	for (i = 0; i < r.ncells; i++)
		cell_free(r.cells[i]);
	free(r.cells);
	return ret;
}

const struct command cmd_report = {
	"report", "judge the compiled cells; write the table, KTAP, TSV, JUnit",
	"--out OUTDIR [--ktap FILE] [--tsv FILE] [--junit FILE] [--drift FILE]\nARCH/CONFIG...",
	run_report,
};

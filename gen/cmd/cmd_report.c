// SPDX-License-Identifier: GPL-2.0
/* hdrtest report: judge the compiled cells. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "judge/baseline.h"
#include "judge/explain.h"
#include "base/files.h"
#include "judge/html.h"
#include "judge/large_run.h"
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

/* What other steps left in OUT that the page shows as sections, when
 * they ran: slimness, coverage, and the fixes of make fix. */
static const struct {
	const char *id, *title, *file;
} page_sections[] = {
	{ "slimness", "Slimness (make slimness)", "slimness.txt" },
	{ "coverage", "Branch coverage (make coverage)", "coverage.txt" },
	{ "fix", "Fixes (make fix)", "fix/summary.txt" },
};
#define NSECTIONS (sizeof(page_sections) / sizeof(page_sections[0]))

/* The HTML page, its log links relative to the dir it is written to.
 * NULL after an error. */
static char *render_page(const struct run_results *r, const char *out, const char *html)
{
	struct html_section secs[NSECTIONS];
	char *texts[NSECTIONS] = { NULL }, *dir = xstrdup(html), *slash = strrchr(dir, '/'), *page = NULL;
	char dirabs[PATH_MAX];
	struct html_options o = { dirabs, secs, 0 };
	size_t i;

	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	if (!realpath(slash ? dir : ".", dirabs)) {
		error("cannot resolve the dir of %s: %s", html, strerror(errno));
		goto out;
	}
	for (i = 0; i < NSECTIONS; i++) {
		char *path = xasprintf("%s/%s", out, page_sections[i].file);

		texts[i] = read_text_file(path, NULL, "text");
		if (!texts[i] && errno != ENOENT) {
			if (errno != EILSEQ)
				error("cannot read %s: %s", path, strerror(errno));
			free(path);
			goto out;
		}
		free(path);
		if (texts[i])
			secs[o.nsections++] = (struct html_section){ page_sections[i].id, page_sections[i].title,
								     page_sections[i].file, texts[i] };
	}
	page = render_html(r, &o);
out:
	for (i = 0; i < NSECTIONS; i++)
		free(texts[i]);
	free(dir);
	return page;
}

/* KTAP, TSV, JUnit, HTML, the failures as a baseline and every failure
 * in detail: none is replaced unless all were written. */
static int write_results(const struct run_results *r, const char *out, const char *ktap, const char *tsv,
			 const char *junit, const char *html, const char *baseline_out, const char *failures)
{
	const char *paths[] = { ktap, tsv, junit, html, baseline_out, failures };
	char *texts[] = { ktap ? render_ktap(r) : NULL, tsv ? render_tsv(r) : NULL,
			  junit ? render_junit(r) : NULL, html ? render_page(r, out, html) : NULL,
			  baseline_out ? render_baseline(r) : NULL, failures ? render_failures(r) : NULL };
	int i, ret = html && !texts[3] ? -1 : write_files_atomic(6, paths, (const char *const *)texts);

	for (i = 0; i < 6; i++)
		free(texts[i]);
	return ret;
}

static const char *out, *ktap, *tsv, *junit, *html, *drift, *baseline, *baseline_out, *failures;

static const struct cmd_option report_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the run whose cells are judged" },
	{ "ktap", "FILE", &ktap, NULL, 0, "write the verdicts as KTAP" },
	{ "tsv", "FILE", &tsv, NULL, 0, "write the verdicts as TSV" },
	{ "junit", "FILE", &junit, NULL, 0, "write the verdicts as JUnit XML" },
	{ "html", "FILE", &html, NULL, 0, "write the report as an HTML page" },
	{ "drift", "FILE", &drift, NULL, 0, "the drift, from catalog-check --drift-out" },
	{ "baseline", "FILE", &baseline, NULL, 0, "known failures: only new ones fail the run" },
	{ "baseline-out", "FILE", &baseline_out, NULL, 0, "write the failures as a baseline" },
	{ "failures", "FILE", &failures, NULL, 0, "write every failure in detail" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_report(const struct command *cmd, int argc, char **argv)
{
	struct drift_lines dl = { NULL, 0 };
	struct baseline bl = { 0 };
	struct run_results r = { NULL, 0 };
	char outabs[PATH_MAX];
	int first = cmd_options(cmd, argc, argv), i, ret = CMD_ERROR, bad = 0;

	if (first < 0)
		return CMD_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	if (drift && drift_lines_read(drift, &dl))
		return CMD_ERROR;
	if (baseline && baseline_read(baseline, &bl)) {
		drift_lines_free(&dl);
		return CMD_ERROR;
	}
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
	if (!bad && !write_results(&r, outabs, ktap, tsv, junit, html, baseline_out, failures)) {
		int failed;

		if (is_large_run(&r)) {
			/* thousands of headers: by directory and by cause, the
			 * detail in a file */
			write_dir_summary(stdout, &r);
			if (failures)
				printf("\nevery failure in detail, with its log and reproducer: %s\n", failures);
			write_causes(stdout, &r, 10);
		} else {
			write_table(stdout, &r);
			write_failures(stdout, &r);
			write_distinct_failures(stdout, &r);
		}
		failed = write_summary(stdout, &r);
		if (baseline) {
			/* only new failures fail the run (errors and a run
			 * that compiled nothing still do) */
			struct tally t;
			int nnew = write_baseline_report(stdout, &r, &bl);

			tally_run(&r, &t);
			failed = nnew || t.error || t.pass + t.fail == 0;
		}
		ret = failed ? CMD_FAILED : CMD_OK;
	}
	baseline_free(&bl);
	for (i = 0; i < r.ncells; i++)
		cell_free(r.cells[i]);
	free(r.cells);
	return ret;
}

const struct command cmd_report = {
	"report", "judge the compiled cells; write the table, KTAP, TSV, JUnit, HTML",
	report_options, "ARCH/CONFIG...",
	run_report,
};

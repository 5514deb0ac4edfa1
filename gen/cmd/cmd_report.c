// SPDX-License-Identifier: GPL-2.0
/* hdrtest report: judge the compiled cells (judge/judge.c does). */
#include <stdio.h>

#include "cmd/commands.h"
#include "judge/judge.h"

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
	int first = cmd_options(cmd, argc, argv);
	struct judge_opts o = {
		.out = out, .cells = argv + first, .ncells = argc - first, .drift = drift, .baseline = baseline,
		.baseline_out = baseline_out, .ktap = ktap, .tsv = tsv, .junit = junit, .html = html,
		.failures = failures, .text = stdout,
	};

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	return judge_out(&o);
}

const struct command cmd_report = {
	"report", "judge the compiled cells; write the table, KTAP, TSV, JUnit, HTML",
	report_options, "ARCH/CONFIG...",
	run_report,
};

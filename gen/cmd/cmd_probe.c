// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest probe:    instrumented copies of the headers
 * hdrtest coverage: which cells compiled each #if branch
 */
#include <stdio.h>

#include "cmd/commands.h"
#include "generate/probe.h"

/* Both commands' option values: cmd_options() sets each before a run. */
static const char *tree, *dir, *out, *cells;

static const struct cmd_option probe_options[] = {
	{ "tree", "KDIR", &tree, NULL, 1, "the kernel tree whose headers are copied" },
	{ "dir", "DIR", &dir, NULL, 1, "where the instrumented copies go" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_probe(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	ret = write_probes(cat, tree, dir) ? EXIT_ERROR : EXIT_OK;
	catalog_free(cat);
	return ret;
}

const struct command cmd_probe = {
	"probe", "instrumented copies of the headers, for branch coverage",
	probe_options, "CATALOG...",
	run_probe,
};

static const struct cmd_option coverage_options[] = {
	{ "dir", "DIR", &dir, NULL, 1, "the copies that probe --dir wrote" },
	{ "out", "OUTDIR", &out, NULL, 1, "the run: each cell's *.probe.i files" },
	{ "cells", "\"ARCH/CONFIG ...\"", &cells, NULL, 1, "the cells to count" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_coverage(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	struct cell_list cl;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	cell_list_split(&cl, cells);
	/* uncovered branches are what the table shows, not a failure */
	ret = report_coverage(cat, dir, out, cl.names, cl.n, stdout) < 0 ? EXIT_ERROR : EXIT_OK;
	cell_list_free(&cl);
	catalog_free(cat);
	return ret;
}

const struct command cmd_coverage = {
	"coverage", "which cells compiled each #if branch",
	coverage_options, "CATALOG...",
	run_coverage,
};

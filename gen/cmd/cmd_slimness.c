// SPDX-License-Identifier: GPL-2.0
/* hdrtest slimness: what including each header alone costs. */
#include <stdio.h>

#include "cmd/commands.h"
#include "judge/slimness.h"

static const char *out, *cells;

static const struct cmd_option slimness_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the run: each cell's slim/*.i files" },
	{ "cells", "\"ARCH/CONFIG ...\"", &cells, NULL, 1, "the cells to measure" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_slimness(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	struct cell_list cl;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	cell_list_split(&cl, cells);
	ret = report_slimness(cat, out, cl.names, cl.n, stdout) ? EXIT_ERROR : EXIT_OK;
	cell_list_free(&cl);
	catalog_free(cat);
	return ret;
}

const struct command cmd_slimness = {
	"slimness", "headers pulled in and preprocessed lines per header",
	slimness_options, "CATALOG...",
	run_slimness,
};

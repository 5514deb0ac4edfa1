// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest probe:    instrumented copies of the headers
 * hdrtest coverage: which cells compiled each #if branch
 */
#include <stdio.h>

#include "cmd/commands.h"
#include "generate/probe.h"

static int run_probe(const struct command *cmd, int argc, char **argv)
{
	const char *tree = NULL, *dir = NULL;
	const struct cmd_option opts[] = {
		{ "tree", &tree, 1, 0 },
		{ "dir", &dir, 1, 0 },
		{ NULL, NULL, 0, 0 },
	};
	int first = cmd_options(cmd, argc, argv, opts), ret;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return CMD_ERROR;
	ret = write_probes(cat, tree, dir) ? CMD_ERROR : CMD_OK;
	catalog_free(cat);
	return ret;
}

const struct command cmd_probe = {
	"probe", "instrumented copies of the headers, for branch coverage",
	"--tree KDIR --dir DIR CATALOG...",
	run_probe,
};

static int run_coverage(const struct command *cmd, int argc, char **argv)
{
	const char *dir = NULL, *out = NULL, *cells = NULL;
	const struct cmd_option opts[] = {
		{ "dir", &dir, 1, 0 },
		{ "out", &out, 1, 0 },
		{ "cells", &cells, 1, 0 },
		{ NULL, NULL, 0, 0 },
	};
	int first = cmd_options(cmd, argc, argv, opts), ret;
	struct cell_list cl;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return CMD_ERROR;
	cell_list_split(&cl, cells);
	/* uncovered branches are what the table shows, not a failure */
	ret = report_coverage(cat, dir, out, cl.names, cl.n, stdout) < 0 ? CMD_ERROR : CMD_OK;
	cell_list_free(&cl);
	catalog_free(cat);
	return ret;
}

const struct command cmd_coverage = {
	"coverage", "which cells compiled each #if branch",
	"--dir DIR --out OUTDIR --cells \"ARCH/CONFIG ...\" CATALOG...",
	run_coverage,
};

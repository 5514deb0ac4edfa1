// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest probe:    instrumented copies of the headers
 * hdrtest coverage: which cells compiled each #if branch
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "generate/probe.h"
#include "base/util.h"

static int run_probe(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tree", required_argument, NULL, 't' },
		{ "dir", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	const char *tree = NULL, *dir = NULL;
	struct catalog *cat;
	int c, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 't': tree = optarg; break;
		case 'd': dir = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!tree)
		return cmd_usage_error(cmd, "--tree is required");
	if (!dir)
		return cmd_usage_error(cmd, "--dir is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
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
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "out", required_argument, NULL, 'o' },
		{ "cells", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *out = NULL, *cell_list = NULL;
	struct catalog *cat;
	char **cells, *list;
	int c, ncells, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'o': out = optarg; break;
		case 'c': cell_list = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!dir)
		return cmd_usage_error(cmd, "--dir is required");
	if (!out)
		return cmd_usage_error(cmd, "--out is required");
	if (!cell_list)
		return cmd_usage_error(cmd, "--cells is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	list = xstrdup(cell_list);
	ncells = cmd_split_words(list, &cells);
	/* uncovered branches are what the table shows, not a failure */
	ret = report_coverage(cat, dir, out, cells, ncells, stdout) < 0 ? CMD_ERROR : CMD_OK;
	free(cells);
	free(list);
	catalog_free(cat);
	return ret;
}

const struct command cmd_coverage = {
	"coverage", "which cells compiled each #if branch",
	"--dir DIR --out OUTDIR --cells \"ARCH/CONFIG ...\" CATALOG...",
	run_coverage,
};

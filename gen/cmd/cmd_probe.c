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
	const char *dir = NULL, *out = NULL, *cells = NULL;
	struct cell_list cl;
	struct catalog *cat;
	int c, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'o': out = optarg; break;
		case 'c': cells = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!dir)
		return cmd_usage_error(cmd, "--dir is required");
	if (!out)
		return cmd_usage_error(cmd, "--out is required");
	if (!cells)
		return cmd_usage_error(cmd, "--cells is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
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

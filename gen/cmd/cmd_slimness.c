// SPDX-License-Identifier: GPL-2.0
/* hdrtest slimness: what including each header alone costs. */
#include <stdio.h>

#include "cmd/commands.h"
#include "judge/slimness.h"

static int run_slimness(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "cells", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *cells = NULL;
	struct cell_list cl;
	struct catalog *cat;
	int c, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'c': cells = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!out)
		return cmd_usage_error(cmd, "--out is required");
	if (!cells)
		return cmd_usage_error(cmd, "--cells is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	cell_list_split(&cl, cells);
	ret = report_slimness(cat, out, cl.names, cl.n, stdout) ? CMD_ERROR : CMD_OK;
	cell_list_free(&cl);
	catalog_free(cat);
	return ret;
}

const struct command cmd_slimness = {
	"slimness", "headers pulled in and preprocessed lines per header",
	"--out OUTDIR --cells \"ARCH/CONFIG ...\" CATALOG...",
	run_slimness,
};

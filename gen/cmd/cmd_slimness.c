// SPDX-License-Identifier: GPL-2.0
/* hdrtest slimness: what including each header alone costs. */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "judge/slimness.h"
#include "base/util.h"

static int run_slimness(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "cells", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *cell_list = NULL;
	struct catalog *cat;
	char **cells, *list;
	int c, ncells, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'c': cell_list = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!out)
		return cmd_usage_error(cmd, "--out is required");
	if (!cell_list)
		return cmd_usage_error(cmd, "--cells is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	list = xstrdup(cell_list);
	ncells = cmd_split_words(list, &cells);
	ret = report_slimness(cat, out, cells, ncells, stdout) ? CMD_ERROR : CMD_OK;
	free(cells);
	free(list);
	catalog_free(cat);
	return ret;
}

const struct command cmd_slimness = {
	"slimness", "headers pulled in and preprocessed lines per header",
	"--out OUTDIR --cells \"ARCH/CONFIG ...\" CATALOG...",
	run_slimness,
};

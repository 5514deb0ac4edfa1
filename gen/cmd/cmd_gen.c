// SPDX-License-Identifier: GPL-2.0
/* hdrtest gen: the TUs of every planned cell. */
#include "cmd/commands.h"
#include "generate/cells.h"

static int run_gen(const struct command *cmd, int argc, char **argv)
{
	const char *out = NULL, *cells = NULL;
	struct gen_opts o = { .templates = DEFAULT_TEMPLATES, .m4 = DEFAULT_M4 };
	const struct cmd_option opts[] = {
		{ "out", &out, 1, 0 },
		{ "templates", &o.templates, 0, 0 },
		{ "m4", &o.m4, 0, 0 },
		{ "cells", &cells, 0, 0 },
		{ NULL, NULL, 0, 0 },
	};
	int first = cmd_options(cmd, argc, argv, opts), ret;
	struct cell_list cl;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return CMD_ERROR;
	o.cat = cat;
	if (cells)
		cell_list_split(&cl, cells);
	ret = generate_cells(&o, out, cells ? cl.names : NULL, cells ? cl.n : 0) ? CMD_ERROR : CMD_OK;
	if (cells)
		cell_list_free(&cl);
	catalog_free(cat);
	return ret;
}

const struct command cmd_gen = {
	"gen", "render the TUs of every planned cell (OUTDIR/cells)",
	"--out OUTDIR [--cells \"ARCH/CONFIG ...\"] [--templates DIR] [--m4 PROG] CATALOG...",
	run_gen,
};

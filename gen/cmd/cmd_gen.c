// SPDX-License-Identifier: GPL-2.0
/* hdrtest gen: the TUs of every planned cell. */
#include "cmd/commands.h"
#include "generate/cells.h"

static const char *out, *cells, *templates, *m4;

static const struct cmd_option gen_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the planned run; the TUs go there" },
	{ "cells", "\"ARCH/CONFIG ...\"", &cells, NULL, 0, "only these of the planned cells" },
	{ "templates", "DIR", &templates, DEFAULT_TEMPLATES, 0, "the m4 templates" },
	{ "m4", "PROG", &m4, DEFAULT_M4, 0, "the m4 that renders them" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_gen(const struct command *cmd, int argc, char **argv)
{
	struct gen_opts o = { 0 };
	int first = cmd_options(cmd, argc, argv), ret;
	struct cell_list cl;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	o.cat = cat;
	o.templates = templates;
	o.m4 = m4;
	if (cells)
		cell_list_split(&cl, cells);
	ret = generate_cells(&o, out, cells ? cl.names : NULL, cells ? cl.n : 0) ? EXIT_ERROR : EXIT_OK;
	if (cells)
		cell_list_free(&cl);
	catalog_free(cat);
	return ret;
}

const struct command cmd_gen = {
	"gen", "render the TUs of every planned cell (OUTDIR/cells)",
	gen_options, "CATALOG...",
	run_gen,
};

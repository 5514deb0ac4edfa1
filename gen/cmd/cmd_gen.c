// SPDX-License-Identifier: GPL-2.0
/* hdrtest gen: the TUs of every planned cell. */
#include <stdlib.h>

#include "cmd/commands.h"
#include "generate/cells.h"
#include "base/util.h"

static int run_gen(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "templates", required_argument, NULL, 't' },
		{ "m4", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	struct gen_opts o = { 0 };
	const char *out = NULL;
	struct catalog *cat;
	int c, ret;

	o.templates = DEFAULT_TEMPLATES;
	o.m4 = DEFAULT_M4;
	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 't': o.templates = optarg; break;
		case 'm': o.m4 = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!out)
		return cmd_usage_error(cmd, "--out is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	o.cat = cat;
	ret = generate_cells(&o, out) ? CMD_ERROR : CMD_OK;
	catalog_free(cat);
	return ret;
}

const struct command cmd_gen = {
	"gen", "render the TUs of every planned cell (OUTDIR/cells)",
	"--out OUTDIR [--templates DIR] [--m4 PROG] CATALOG...",
	run_gen,
};

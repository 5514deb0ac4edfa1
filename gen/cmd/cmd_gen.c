// SPDX-License-Identifier: GPL-2.0
/* hdrtest gen: the TUs of one (arch, config) cell. */
#include <stdlib.h>

#include "cmd/commands.h"
#include "generate/emit.h"
#include "base/util.h"

static int run_gen(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "arch", required_argument, NULL, 'a' },
		{ "config", required_argument, NULL, 'c' },
		{ "kbuild", required_argument, NULL, 'k' },
		{ "skip", required_argument, NULL, 's' },
		{ "error", required_argument, NULL, 'e' },
		{ "overlay", required_argument, NULL, 'O' },
		{ "templates", required_argument, NULL, 't' },
		{ "m4", required_argument, NULL, 'm' },
		{ "out", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	struct gen_opts o = { 0 };
	struct catalog *cat;
	struct strbuf names;
	int c, i, ret;

	o.templates = DEFAULT_TEMPLATES;
	o.m4 = DEFAULT_M4;
	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'a': o.arch = optarg; break;
		case 'c': o.config = optarg; break;
		case 'k': o.kbuild = optarg; break;
		case 's': o.skip = optarg; break;
		case 'e': o.error = optarg; break;
		case 'O': o.overlay = optarg; break;
		case 't': o.templates = optarg; break;
		case 'm': o.m4 = optarg; break;
		case 'o': o.out = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!o.arch)
		return cmd_usage_error(cmd, "--arch is required");
	if (!o.config)
		return cmd_usage_error(cmd, "--config is required");
	if (!o.out)
		return cmd_usage_error(cmd, "--out is required");
	if ((o.kbuild != NULL) + (o.skip != NULL) + (o.error != NULL) != 1)
		return cmd_usage_error(cmd, "one of --kbuild, --skip and --error is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	o.cat = cat;
	sb_init(&names);
	for (i = optind; i < argc; i++)
		sb_addf(&names, "%s%s", i > optind ? " " : "", argv[i]);
	o.catalog_name = sb_detach(&names);
	ret = generate_cell(&o) ? CMD_ERROR : CMD_OK;
	catalog_free(cat);
	free(o.catalog_name);
	return ret;
}

const struct command cmd_gen = {
	"gen", "render the TUs of one (arch, config) cell from the catalog",
	"--arch A --config C (--kbuild DIR | --skip REASON | --error REASON)\n"
	"[--overlay DIR] [--templates DIR] [--m4 PROG] --out CELLDIR CATALOG...",
	run_gen,
};

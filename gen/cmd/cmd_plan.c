// SPDX-License-Identifier: GPL-2.0
/* hdrtest plan: the cells of a run and what each needs, from the catalog. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "plan/plan.h"
#include "base/util.h"

static int run_plan(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "tree", required_argument, NULL, 't' },
		{ "cache", required_argument, NULL, 'c' },
		{ "archs", required_argument, NULL, 'a' },
		{ "configs", required_argument, NULL, 'C' },
		{ "overlay", required_argument, NULL, 'O' },
		{ "print-packages", no_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	struct plan_opts o = { 0 };
	struct cell_list archs = { 0 }, configs = { 0 };
	const char *tree_arg = NULL, *overlay_arg = NULL, *archs_arg = NULL, *configs_arg = NULL;
	char tree[PATH_MAX], overlay[PATH_MAX];
	struct catalog *cat;
	int c, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 'o': o.out = optarg; break;
		case 't': tree_arg = optarg; break;
		case 'c': o.cache = optarg; break;
		case 'a': archs_arg = optarg; break;
		case 'C': configs_arg = optarg; break;
		case 'O': overlay_arg = optarg; break;
		case 'p': o.print_packages = stdout; break;
		default: return CMD_ERROR;
		}
	}
	if (!archs_arg)
		return cmd_usage_error(cmd, "--archs is required");
	if (!configs_arg)
		return cmd_usage_error(cmd, "--configs is required");
	if (!o.print_packages && (!o.out || !tree_arg || !o.cache))
		return cmd_usage_error(cmd, "--out, --tree and --cache are required (or --print-packages)");
	/* the scripts run elsewhere: every path they get is absolute */
	if (tree_arg) {
		if (!realpath(tree_arg, tree)) {
			error("KDIR=%s: %s", tree_arg, strerror(errno));
			return CMD_ERROR;
		}
		o.tree = tree;
	}
	if (overlay_arg && *overlay_arg) {
		if (!realpath(overlay_arg, overlay)) {
			error("OVERLAY=%s: %s", overlay_arg, strerror(errno));
			return CMD_ERROR;
		}
		o.overlay = overlay;
	}
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	cell_list_split(&archs, archs_arg);
	cell_list_split(&configs, configs_arg);
	o.cat = cat;
	o.archs = archs.names;
	o.narchs = archs.n;
	o.configs = configs.names;
	o.nconfigs = configs.n;
	ret = plan_write(&o) ? CMD_ERROR : CMD_OK;
	cell_list_free(&archs);
	cell_list_free(&configs);
	catalog_free(cat);
	return ret;
}

const struct command cmd_plan = {
	"plan", "the cells of a run and, per cell, the plan every later stage reads",
	"(--out OUTDIR --tree KDIR --cache DIR | --print-packages)\n"
	"--archs \"A ...\" --configs \"C ...\" [--overlay DIR] CATALOG...",
	run_plan,
};

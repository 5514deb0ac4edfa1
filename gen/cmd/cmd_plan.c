// SPDX-License-Identifier: GPL-2.0
/* hdrtest plan: the cells of a run and what each needs, from the catalog. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "plan/plan.h"
#include "base/util.h"

static const char *archs, *configs, *out, *tree, *cache, *overlay, *print;

static const struct cmd_option plan_options[] = {
	{ "archs", "\"A ...\"", &archs, NULL, 1, "the arches of the run, or all" },
	{ "configs", "\"C ...\"", &configs, NULL, 1, "the configs of the run, or all" },
	{ "out", "OUTDIR", &out, NULL, 0, "where the plans go (unless --print-packages)" },
	{ "tree", "KDIR", &tree, NULL, 0, "the kernel tree (unless --print-packages)" },
	{ "cache", "DIR", &cache, NULL, 0, "the prepared build dirs (unless --print-packages)" },
	{ "overlay", "DIR", &overlay, NULL, 0, "an include dir searched before the tree's" },
	{ "print-packages", NULL, &print, NULL, 0, "only print the packages the arches need" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_plan(const struct command *cmd, int argc, char **argv)
{
	struct plan_opts o = { 0 };
	int first = cmd_options(cmd, argc, argv), ret;
	char tree_buf[PATH_MAX], overlay_buf[PATH_MAX];
	struct cell_list arch_list, config_list;
	struct catalog *cat;

	if (first < 0)
		return EXIT_ERROR;
	if (!print && (!out || !tree || !cache))
		return cmd_usage_error(cmd, "--out, --tree and --cache are required (or --print-packages)");
	if (cmd_absolute("KDIR", tree, tree_buf, &o.tree) || cmd_absolute("OVERLAY", overlay, overlay_buf, &o.overlay))
		return EXIT_ERROR;
	if (!(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	o.cat = cat;
	o.out = out;
	o.cache = cache;
	o.print_packages = print ? stdout : NULL;
	cell_list_split(&arch_list, archs);
	cell_list_split(&config_list, configs);
	o.archs = arch_list.names;
	o.narchs = arch_list.n;
	o.configs = config_list.names;
	o.nconfigs = config_list.n;
	ret = plan_write(&o) ? EXIT_ERROR : EXIT_OK;
	cell_list_free(&arch_list);
	cell_list_free(&config_list);
	catalog_free(cat);
	return ret;
}

const struct command cmd_plan = {
	"plan", "the cells of a run and, per cell, the plan every later stage reads",
	plan_options, "CATALOG...",
	run_plan,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest series: the catalog's tests at every patch of a series. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "series/series.h"

static const char *out, *tree, *patches, *range, *cache, *archs, *configs, *jobs, *templates, *m4, *script, *url,
	*report_only;

static const struct cmd_option series_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the steps' results and the series report" },
	{ "tree", "KDIR", &tree, NULL, 1, "the patches' base (--range: the git tree)" },
	{ "series", "DIR", &patches, NULL, 0, "the patches: its quilt series file, else DIR/*.patch" },
	{ "range", "BASE..TIP", &range, NULL, 0, "instead: the commits of KDIR from BASE to TIP" },
	{ "cache", "DIR", &cache, NULL, 1, "scratch tree, kbuild dirs (HDRTEST_CACHE)" },
	{ "archs", "\"A ...\"", &archs, "x86_64 arm64", 0, "arches, or all" },
	{ "configs", "\"C ...\"", &configs, "defconfig", 0, "configs, or all" },
	{ "jobs", "N", &jobs, NULL, 0, "jobs at once without make -jN (default: cores)" },
	{ "templates", "DIR", &templates, DEFAULT_TEMPLATES, 0, "the m4 templates" },
	{ "m4", "PROG", &m4, DEFAULT_M4, 0, "the m4 that renders them" },
	{ "script", "SCRIPT", &script, "gen/series/series-tree.sh", 0, "steps the tree" },
	{ "url", "URL", &url, NULL, 0, "the series page in review.json (default: file://)" },
	{ "report-only", NULL, &report_only, NULL, 0, "run nothing: report the steps OUT holds" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_series(const struct command *cmd, int argc, char **argv)
{
	char out_buf[PATH_MAX], tree_buf[PATH_MAX], cache_buf[PATH_MAX], patches_buf[PATH_MAX],
		script_buf[PATH_MAX];
	struct cell_list arch_list, config_list;
	struct series_opts o = { 0 };
	int first = cmd_options(cmd, argc, argv), ret;
	struct catalog *cat;

	if (first < 0)
		return EXIT_ERROR;
	if (!patches == !range)
		return cmd_usage_error(cmd, "give one of --series DIR and --range BASE..TIP");
	if (cmd_jobs(cmd, jobs, &o.run.jobs))
		return EXIT_ERROR;
	if (mkdirs(out)) {
		error("cannot create %s: %s", out, strerror(errno));
		return EXIT_ERROR;
	}
	if (mkdirs(cache)) {
		error("HDRTEST_CACHE %s: cannot create it: %s", cache, strerror(errno));
		return EXIT_ERROR;
	}
	/* the scripts and the runs get absolute paths */
	if (cmd_absolute("OUT", out, out_buf, &o.out) ||
	    cmd_absolute("HDRTEST_CACHE", cache, cache_buf, &o.run.cache) ||
	    cmd_absolute("SCRIPT", script, script_buf, &o.script) || cmd_absolute("KDIR", tree, tree_buf, &o.tree) ||
	    cmd_absolute("SERIES", patches, patches_buf, &o.patches))
		return EXIT_ERROR;
	if (!(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	o.cat = cat;
	o.catalog_files = argv + first;
	o.ncatalog_files = argc - first;
	o.range = range;
	o.url = url;
	o.report_only = report_only != NULL;
	cell_list_split(&arch_list, archs);
	cell_list_split(&config_list, configs);
	o.run.archs = arch_list.names;
	o.run.narchs = arch_list.n;
	o.run.configs = config_list.names;
	o.run.nconfigs = config_list.n;
	o.run.shard = o.run.nshards = 1;
	o.run.templates = templates;
	o.run.m4 = m4;
	ret = series_run(&o);
	cell_list_free(&arch_list);
	cell_list_free(&config_list);
	catalog_free(cat);
	return ret;
}

const struct command cmd_series = {
	"series", "the tests at every patch of a series: which patch broke which header, on which cell",
	series_options, "CATALOG...",
	run_series,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest run: the whole run, plan to verdicts, in one process. */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "run/run.h"
#include "shard/partition.h"

static const char *out, *tree, *cache, *archs, *configs, *overlay, *baseline, *jobs, *shard, *costs,
	*templates, *m4, *prepare, *coverage, *slimness, *no_report,
	*print_packages, *prepare_only;

static const struct cmd_option run_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "where the run's files go" },
	{ "tree", "KDIR", &tree, NULL, 1, "the kernel tree" },
	{ "cache", "DIR", &cache, NULL, 1, "the prepared kbuild dirs (HDRTEST_CACHE)" },
	{ "archs", "\"A ...\"", &archs, NULL, 1, "the arches of the run, or all" },
	{ "configs", "\"C ...\"", &configs, NULL, 1, "the configs of the run, or all" },
	{ "overlay", "DIR", &overlay, NULL, 0, "an include dir searched before the tree's" },
	{ "baseline", "FILE", &baseline, NULL, 0, "known failures: only new ones fail the run" },
	{ "jobs", "N", &jobs, NULL, 0, "jobs at once without make -jN (default: cores)" },
	{ "shard", "I/N", &shard, NULL, 0, "run only part I of N (by cost), for N machines" },
	{ "costs", "FILE", &costs, NULL, 0, "balance the shards by an earlier run's costs.tsv" },
	{ "templates", "DIR", &templates, DEFAULT_TEMPLATES, 0, "the m4 templates" },
	{ "m4", "PROG", &m4, DEFAULT_M4, 0, "the m4 that renders them" },
	{ "prepare", "SCRIPT", &prepare, NULL, 0, "the prepare script (gen/prepare/prepare-kbuild.sh)" },
	{ "coverage", NULL, &coverage, NULL, 0, "also find which cells compile each #if branch" },
	{ "slimness", NULL, &slimness, NULL, 0, "also measure what each header costs alone" },
	{ "no-report", NULL, &no_report, NULL, 0, "compile, but judge nothing (make fix judges)" },
	{ "print-packages", NULL, &print_packages, NULL, 0, "only print the packages this shard's arches need" },
	{ "prepare-only", NULL, &prepare_only, NULL, 0, "plan and prepare the cells' kbuild dirs, nothing after" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

/* The run the options and the catalog files after them describe: parsed
 * here into a run_opts, done by run_all(). */
static int run_run(const struct command *cmd, int argc, char **argv)
{
	char out_buf[PATH_MAX], tree_buf[PATH_MAX], cache_buf[PATH_MAX], overlay_buf[PATH_MAX],
		baseline_buf[PATH_MAX];
	struct cell_list arch_list, config_list;
	struct run_opts o = { 0 };
	int first = cmd_options(cmd, argc, argv), ret;
	struct catalog *cat;

	if (first < 0 || cmd_jobs(cmd, jobs, &o.jobs))
		return EXIT_ERROR;
	o.shard = o.nshards = 1;
	if (shard && shard_parse(shard, &o.shard, &o.nshards))
		return cmd_usage_error(cmd, "--shard %s: expected I/N with 1 <= I <= N", shard);
	if (mkdirs(out) && errno != EEXIST) {
		error("cannot create %s: %s", out, strerror(errno));
		return EXIT_ERROR;
	}
	if (mkdirs(cache) && errno != EEXIST) {
		error("HDRTEST_CACHE %s: cannot create it: %s", cache, strerror(errno));
		return EXIT_ERROR;
	}
	if (cmd_absolute("OUT", out, out_buf, &o.out) || cmd_absolute("KDIR", tree, tree_buf, &o.tree) ||
	    cmd_absolute("HDRTEST_CACHE", cache, cache_buf, &o.cache) ||
	    cmd_absolute("OVERLAY", overlay, overlay_buf, &o.overlay) ||
	    cmd_absolute("BASELINE", baseline, baseline_buf, &o.baseline))
		return EXIT_ERROR;
	if (!(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	o.cat = cat;
	o.catalog_files = argv + first;
	o.ncatalog_files = argc - first;
	o.costs = costs;
	o.templates = templates;
	o.m4 = m4;
	o.prepare_script = prepare;
	o.coverage = coverage != NULL;
	o.slimness = slimness != NULL;
	o.no_report = no_report != NULL;
	o.print_packages = print_packages != NULL;
	o.prepare_only = prepare_only != NULL;
	cell_list_split(&arch_list, archs);
	cell_list_split(&config_list, configs);
	o.archs = arch_list.names;
	o.narchs = arch_list.n;
	o.configs = config_list.names;
	o.nconfigs = config_list.n;
	ret = run_all(&o);
	cell_list_free(&arch_list);
	cell_list_free(&config_list);
	catalog_free(cat);
	return ret;
}

const struct command cmd_run = {
	"run", "a whole run: plan, prepare, generate, compile and judge, in one process",
	run_options, "CATALOG...",
	run_run,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest build-cost: what a built kbuild dir's objects cost to build,
 * counted (objects/build_cost.h): make bench-split's exact rows. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "objects/build_cost.h"

static const char *built, *tree, *forbid, *lines, *jobs;

static const struct cmd_option build_cost_options[] = {
	{ "built", "DIR", &built, NULL, 1, "a built kbuild dir (O=), only read" },
	{ "tree", "KDIR", &tree, NULL, 1, "the tree it was built from" },
	{ "forbid", "HEADER", &forbid, NULL, 0, "count the objects that read it: linux/mm.h" },
	{ "lines", NULL, &lines, NULL, 0, "preprocess every object and count its lines (minutes)" },
	{ "jobs", "N", &jobs, NULL, 0, "preprocess N objects at once (default: the cores)" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static double per(long what, int n)
{
	return n ? (double)what / n : 0;
}

static int run_build_cost(const struct command *cmd, int argc, char **argv)
{
	char built_buf[PATH_MAX], tree_buf[PATH_MAX], *path = NULL, *tmp = NULL;
	const char *kdir, *srctree;
	struct kobj_set *s;
	struct build_cost c;
	int first = cmd_options(cmd, argc, argv), n, ret;

	if (first < 0 || cmd_jobs(cmd, jobs, &n))
		return EXIT_ERROR;
	if (first != argc)
		return cmd_usage_error(cmd, "expected no operand, found '%s'", argv[first]);
	if (forbid && (!name_is_safe(forbid) || !ends_with(forbid, ".h")))
		return cmd_usage_error(cmd, "--forbid: expected a header's include name (linux/mm.h; %s), found '%s'",
				       SAFE_NAME_RULE, forbid);
	if (cmd_absolute("--built", built, built_buf, &kdir) || cmd_absolute("--tree", tree, tree_buf, &srctree))
		return EXIT_ERROR;
	if (!(s = objects_load(kdir, srctree)))
		return EXIT_ERROR;
	if (forbid)
		path = xasprintf("include/%s", forbid);
	if (lines && !(tmp = make_tmp_dir("cost"))) {
		free(path);
		objects_free(s);
		return EXIT_ERROR;
	}
	ret = objects_build_cost(s, path, lines != NULL, tmp, n, &c);
	if (tmp)
		remove_tree(tmp);
	if (!ret) {
		printf("build cost of %s (tree %s)\n", kdir, srctree);
		printf("  %-32s %12d\n", "objects", c.objects);
		if (forbid) {
			char *what = xasprintf("reading %s", forbid);

			printf("  %-32s %12d  %.1f%%\n", what, c.reading, 100 * per(c.reading, c.objects));
			free(what);
		}
		printf("  %-32s %12ld  %.1f per object\n", "tree headers read", c.headers, per(c.headers, c.objects));
		if (c.lines >= 0)
			printf("  %-32s %12ld  %.1f per object\n", "preprocessed lines (-E -P)", c.lines,
			       per(c.lines, c.objects - c.failed));
		if (c.failed)
			printf("  %-32s %12d  (their lines not counted)\n", "objects whose -E failed", c.failed);
	}
	free(tmp);
	free(path);
	objects_free(s);
	return ret ? EXIT_ERROR : EXIT_OK;
}

const struct command cmd_build_cost = {
	"build-cost", "what a built kbuild dir's objects cost: readers of a header, headers read, preprocessed lines",
	build_cost_options, "", run_build_cost,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest merge: join the shards of one run and judge them as one
 * (judge/merge.c does). */
#include <stdio.h>

#include "cmd/commands.h"
#include "judge/merge.h"

static const char *out, *baseline;

static const struct cmd_option merge_options[] = {
	{ "out", "DIR", &out, NULL, 1, "where the shards are merged and judged" },
	{ "baseline", "FILE", &baseline, NULL, 0, "known failures: only new ones fail the run" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_merge(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv);
	struct merge_opts o = { out, argv + first, argc - first, baseline, stdout };

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no shard given");
	return merge_outs(&o);
}

const struct command cmd_merge = {
	"merge", "join the OUTs of a run's shards into one and judge it as one run",
	merge_options, "SHARD-OUT...",
	run_merge,
};

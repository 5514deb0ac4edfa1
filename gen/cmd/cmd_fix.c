// SPDX-License-Identifier: GPL-2.0
/* hdrtest fix: the smallest include or declaration for each failing
 * header, proven on the run's cells (fix/fix_all.c does). */
#include <stdlib.h>

#include "cmd/commands.h"
#include "fix/fix_all.h"

static const char *out, *jobs, *signoff, *verify_objects;

static const struct cmd_option fix_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the finished run; fixes go to OUTDIR/fix" },
	{ "jobs", "N", &jobs, "2", 0, "compile N TUs at once" },
	{ "signoff", NULL, &signoff, NULL, 0, "add your Signed-off-by (git config user.name/email)" },
	{ "verify-objects", NULL, &verify_objects, NULL, 0, "prove the patches on OUTDIR/CELL/built's objects" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_fix(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	struct fix_opts o = {
		.out = out, .cells = argv + first, .ncells = argc - first, .jobs = atoi(jobs) > 0 ? atoi(jobs) : 1,
		.signoff = signoff != NULL, .verify_objects = verify_objects != NULL,
	};

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	ret = fix_all(&o);
	return ret < 0 ? EXIT_ERROR : ret ? EXIT_FAILED : EXIT_OK;
}

const struct command cmd_fix = {
	"fix", "the smallest include or declaration for each failing header, proven on the run's cells",
	fix_options, "ARCH/CONFIG...",
	run_fix,
};

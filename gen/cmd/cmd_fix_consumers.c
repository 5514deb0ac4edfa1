// SPDX-License-Identifier: GPL-2.0
/* hdrtest fix-consumers: cut a forbidden include where the chains start,
 * proven on kernel objects (fix/fix_consumers.c does). */
#include <stdlib.h>

#include "cmd/commands.h"
#include "fix/fix_consumers.h"

static const char *out, *jobs, *signoff, *syntax_only;

static const struct cmd_option options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the finished run, with OUTDIR/CELL/built" },
	{ "jobs", "N", &jobs, "2", 0, "compile N objects at once" },
	{ "signoff", NULL, &signoff, NULL, 0, "add your Signed-off-by (git config user.name/email)" },
	{ "syntax-only", NULL, &syntax_only, NULL, 0, "only -fsyntax-only for C sources (make bench-objects)" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_fix_consumers(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	struct fix_consumers_opts o = {
		.out = out, .cells = argv + first, .ncells = argc - first, .jobs = atoi(jobs) > 0 ? atoi(jobs) : 1,
		.signoff = signoff != NULL, .syntax_only = syntax_only != NULL,
	};

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	ret = fix_consumers_all(&o);
	return ret < 0 ? EXIT_ERROR : ret ? EXIT_FAILED : EXIT_OK;
}

const struct command cmd_fix_consumers = {
	"fix-consumers", "cut a forbidden include where the chains start, proven on kernel objects",
	options, "ARCH/CONFIG...",
	run_fix_consumers,
};

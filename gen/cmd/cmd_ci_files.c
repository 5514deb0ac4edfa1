// SPDX-License-Identifier: GPL-2.0
/* hdrtest ci-files: the per-arch CI job files, from the arch table. */
#include "cmd/commands.h"
#include "generate/ci_files.h"

static int run_ci_files(const struct command *cmd, int argc, char **argv)
{
	const char *templates = DEFAULT_TEMPLATES, *github = NULL, *gitlab = NULL, *m4 = DEFAULT_M4;
	const struct cmd_option opts[] = {
		{ "github", &github, 1, 0 },
		{ "gitlab", &gitlab, 1, 0 },
		{ "templates", &templates, 0, 0 },
		{ "m4", &m4, 0, 0 },
		{ NULL, NULL, 0, 0 },
	};
	int first = cmd_options(cmd, argc, argv, opts), ret;
	struct catalog *cat;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return CMD_ERROR;
	ret = write_ci_files(cat, templates, m4, github, gitlab) ? CMD_ERROR : CMD_OK;
	catalog_free(cat);
	return ret;
}

const struct command cmd_ci_files = {
	"ci-files", "the per-arch CI job files, from the arch table",
	"--github FILE --gitlab FILE [--templates DIR] [--m4 PROG] CATALOG...",
	run_ci_files,
};

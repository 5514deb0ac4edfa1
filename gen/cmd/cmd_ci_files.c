// SPDX-License-Identifier: GPL-2.0
/* hdrtest ci-files: the per-arch CI job files, from the arch table. */
#include "cmd/commands.h"
#include "generate/ci_files.h"

static int run_ci_files(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "templates", required_argument, NULL, 't' },
		{ "github", required_argument, NULL, 'g' },
		{ "gitlab", required_argument, NULL, 'l' },
		{ "m4", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *templates = DEFAULT_TEMPLATES, *github = NULL, *gitlab = NULL, *m4 = DEFAULT_M4;
	struct catalog *cat;
	int c, ret;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 't': templates = optarg; break;
		case 'g': github = optarg; break;
		case 'l': gitlab = optarg; break;
		case 'm': m4 = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!github)
		return cmd_usage_error(cmd, "--github is required");
	if (!gitlab)
		return cmd_usage_error(cmd, "--gitlab is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
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

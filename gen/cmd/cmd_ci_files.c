// SPDX-License-Identifier: GPL-2.0
/* hdrtest ci-files: the CI job files (per arch, and sharded), from the arch table. */
#include <errno.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "generate/ci_files.h"

static const char *github, *gitlab, *templates, *m4, *shards;

static const struct cmd_option ci_files_options[] = {
	{ "github", "FILE", &github, NULL, 1, "where the GitHub workflow goes" },
	{ "gitlab", "FILE", &gitlab, NULL, 1, "where the GitLab CI file goes" },
	{ "templates", "DIR", &templates, DEFAULT_TEMPLATES, 0, "the m4 templates" },
	{ "m4", "PROG", &m4, DEFAULT_M4, 0, "the m4 that renders them" },
	{ "shards", "N", &shards, "4", 0, "how many runners the sharded variant uses" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_ci_files(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	struct catalog *cat;
	char *end;
	long n;

	if (first < 0)
		return EXIT_ERROR;
	/* GitLab's parallel: takes 1 to 200 */
	errno = 0;
	n = strtol(shards, &end, 10);
	if (errno || *end || end == shards || n < 2 || n > 200)
		return cmd_usage_error(cmd, "--shards %s: expected a number from 2 to 200 (GitLab's parallel: limit)",
				       shards);
	if (!(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	ret = write_ci_files(cat, templates, m4, (int)n, github, gitlab) ? EXIT_ERROR : EXIT_OK;
	catalog_free(cat);
	return ret;
}

const struct command cmd_ci_files = {
	"ci-files", "the CI job files (per arch, and sharded), from the arch table",
	ci_files_options, "CATALOG...",
	run_ci_files,
};

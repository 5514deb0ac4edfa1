// SPDX-License-Identifier: GPL-2.0
/* hdrtest scan: every definition in a tree's headers, as TSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/commands.h"
#include "base/files.h"
#include "scan/scan.h"
#include "base/util.h"

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* A PATH argument: a header, or a dir whose headers are all taken. */
static void add_path(const char *tree, const char *rel, char ***paths, int *n)
{
	char *full = xasprintf("%s/%s", tree, rel), *r = xstrdup(rel);
	size_t len = strlen(r);

	while (len > 1 && r[len - 1] == '/')
		r[--len] = '\0';
	if (is_dir(full))
		scan_list_headers(tree, r, paths, n);
	else
		*(char **)push(paths, n, sizeof(char *)) = xstrdup(r);
	free(r);
	free(full);
}

static const char *tree, *tsv;

static const struct cmd_option scan_options[] = {
	{ "tree", "KDIR", &tree, NULL, 1, "the kernel tree" },
	{ "tsv", "FILE", &tsv, NULL, 0, "write the index to FILE, not stdout" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_scan(const struct command *cmd, int argc, char **argv)
{
	struct scan_index *ix;
	struct scan_stats st;
	double t0 = seconds_now();
	char *text;
	int first = cmd_options(cmd, argc, argv), i, ret = EXIT_OK;

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc) {
		ix = scan_tree(tree);
	} else {
		char **paths = NULL;
		int n = 0;

		for (i = first; i < argc; i++)
			add_path(tree, argv[i], &paths, &n);
		ix = scan_paths(tree, paths, n);
		for (i = 0; i < n; i++)
			free(paths[i]);
		free(paths);
	}
	if (!ix)
		return EXIT_ERROR;
	text = scan_tsv(ix);
	if (write_output(tsv, text))
		ret = EXIT_ERROR;
	free(text);
	scan_get_stats(ix, &st);
	fprintf(stderr, "scan: %d headers, %d definitions, %d includes%s in %.2f s\n", st.files,
		st.defs, st.includes, st.unreadable ? " (some unreadable)" : "", seconds_now() - t0);
	if (st.unreadable)
		ret = EXIT_ERROR;
	scan_free(ix);
	return ret;
}

const struct command cmd_scan = {
	"scan", "index every header of a kernel tree, one definition per line",
	scan_options, "[PATH...]",
	run_scan,
};

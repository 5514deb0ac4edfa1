// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest scan:           every definition in a tree's headers, as TSV
 * hdrtest catalog-check:  where the catalog and the tree disagree
 * hdrtest catalog-update: rewrite the catalog so that they agree
 */
#include "cmd/cmd_scan.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "model/catalog.h"
#include "scan/catalog_update.h"
#include "scan/drift.h"
#include "base/files.h"
#include "scan/scan.h"
#include "base/util.h"

static int usage(const char *cmd)
{
	if (!strcmp(cmd, "scan"))
		fputs("usage: hdrtest scan --tree KDIR [--tsv FILE] [PATH...]\n", stderr);
	else
		fprintf(stderr, "usage: hdrtest %s --tree KDIR%s CATALOG...\n", cmd,
			strcmp(cmd, "catalog-check") ? "" : " [--drift-out FILE]");
	return 2;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --tree KDIR, then the rest; returns optind or -1.  --tsv (scan) and
 * --drift-out (catalog-check) only where the caller asks for them. */
static int tree_opt(int argc, char **argv, const char **tree, const char **tsv, const char **drift_out)
{
	static const struct option opts[] = {
		{ "tree", required_argument, NULL, 't' },
		{ "tsv", required_argument, NULL, 'o' },
		{ "drift-out", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			*tree = optarg;
			break;
		case 'o':
			if (!tsv)
				return -1;
			*tsv = optarg;
			break;
		case 'd':
			if (!drift_out)
				return -1;
			*drift_out = optarg;
			break;
		default:
			return -1;
		}
	}
	if (!*tree)
		return -1;
	return optind;
}

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

int cmd_scan(int argc, char **argv)
{
	const char *tree = NULL, *tsv = NULL;
	struct scan_index *ix;
	struct scan_stats st;
	double t0 = now();
	char *text;
	int first = tree_opt(argc, argv, &tree, &tsv, NULL), i, ret = 0;

	if (first < 0)
		return usage("scan");
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
		return 2;
	text = scan_tsv(ix);
	if (tsv) {
		if (write_file_atomic(tsv, text))
			ret = 2;
	} else {
		fputs(text, stdout);
		if (fflush(stdout))
			ret = 2;
	}
	free(text);
	scan_get_stats(ix, &st);
	fprintf(stderr, "scan: %d headers, %d definitions, %d includes%s in %.2f s\n", st.files, st.defs,
		st.includes, st.unreadable ? " (some unreadable)" : "", now() - t0);
	if (st.unreadable)
		ret = 2;
	scan_free(ix);
	return ret;
}

/* --tree KDIR CATALOG...: the catalog and the tree's index, or an exit
 * status (2: bad input). */
static int load(int argc, char **argv, const char *name, struct catalog **cat, struct scan_index **ix, int *first,
		const char **drift_out)
{
	const char *tree = NULL;

	*first = tree_opt(argc, argv, &tree, NULL, drift_out);
	if (*first < 0 || *first == argc)
		return usage(name);
	if (cat) {
		*cat = catalog_read(argv + *first, argc - *first);
		if (!*cat)
			return 2;
	}
	*ix = scan_tree(tree);
	if (!*ix) {
		if (cat)
			catalog_free(*cat);
		return 2;
	}
	return 0;
}

int cmd_catalog_check(int argc, char **argv)
{
	struct catalog *cat = NULL;
	struct scan_index *ix = NULL;
	struct drift_report *rep;
	const char *drift_out = NULL;
	int first, ret = load(argc, argv, "catalog-check", &cat, &ix, &first, &drift_out), i;

	if (ret)
		return ret;
	rep = drift_check(cat, ix);
	if (drift_out) {
		char *text = drift_tsv(rep);

		/* an unwritten drift file would read as "no drift": exit 2 */
		if (write_file_atomic(drift_out, text)) {
			free(text);
			drift_report_free(rep);
			catalog_free(cat);
			scan_free(ix);
			return 2;
		}
		free(text);
	}
	for (i = 0; i < rep->n; i++)
		printf("%s\n", rep->items[i].text);
	if (rep->ndrift) {
		fprintf(stderr, "catalog-check: %d of %d symbols in %d headers match the tree; %d drift%s "
			"(hdrtest catalog-update rewrites the catalog)\n", rep->nmatch, rep->nsyms, rep->nheaders,
			rep->ndrift, rep->ndrift == 1 ? "" : "s");
		ret = 1;
	} else {
		printf("catalog-check: %d symbols in %d headers match the tree\n", rep->nmatch, rep->nheaders);
	}
	drift_report_free(rep);
	catalog_free(cat);
	scan_free(ix);
	return ret;
}

int cmd_catalog_update(int argc, char **argv)
{
	struct scan_index *ix = NULL;
	int first, ret = load(argc, argv, "catalog-update", NULL, &ix, &first, NULL), stuck;

	if (ret)
		return ret;
	ret = catalog_update(argv + first, argc - first, ix, stdout, &stuck) ? 2 : stuck ? 1 : 0;
	scan_free(ix);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest catalog-check:  where the catalog and the tree disagree
 * hdrtest catalog-update: rewrite the catalog so that they agree
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "catalog/catalog_init.h"
#include "catalog/catalog_update.h"
#include "catalog/drift.h"
#include "base/files.h"
#include "scan/scan.h"
#include "base/util.h"

/* Write the drift file; an unwritten one would read as "no drift". */
static int write_drift(const char *path, const struct drift_report *rep)
{
	char *text = drift_tsv(rep);
	int ret = write_file_atomic(path, text);

	free(text);
	return ret;
}

/* Print the drift and the tally; returns the exit status. */
static int print_drift(const struct drift_report *rep)
{
	int i;

	for (i = 0; i < rep->n; i++)
		printf("%s\n", rep->items[i].text);
	if (!rep->ndrift) {
		printf("catalog-check: %d symbols in %d headers match the tree\n", rep->nmatch,
		       rep->nheaders);
		return EXIT_OK;
	}
	fprintf(stderr, "catalog-check: %d of %d symbols in %d headers match the tree; %d drift%s "
		"(hdrtest catalog-update rewrites the catalog)\n", rep->nmatch, rep->nsyms,
		rep->nheaders, rep->ndrift, rep->ndrift == 1 ? "" : "s");
	return EXIT_FAILED;
}

/* The three commands' option values: cmd_options() sets each before a run. */
static const char *tree, *drift_out, *init_out;

static const struct cmd_option check_options[] = {
	{ "tree", "KDIR", &tree, NULL, 1, "the kernel tree to check against" },
	{ "drift-out", "FILE", &drift_out, NULL, 0, "also write the drift as TSV to FILE" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_catalog_check(const struct command *cmd, int argc, char **argv)
{
	struct drift_report *rep;
	struct scan_index *ix;
	struct catalog *cat;
	int first = cmd_options(cmd, argc, argv), ret = EXIT_ERROR;

	if (first < 0 || !(cat = cmd_read_catalog(cmd, argc - first, argv + first)))
		return EXIT_ERROR;
	ix = scan_tree(tree);
	if (!ix) {
		catalog_free(cat);
		return EXIT_ERROR;
	}
	rep = drift_check(cat, ix);
	if (!drift_out || !write_drift(drift_out, rep))
		ret = print_drift(rep);
	drift_report_free(rep);
	catalog_free(cat);
	scan_free(ix);
	return ret;
}

const struct command cmd_catalog_check = {
	"catalog-check", "where the catalog and the tree's headers disagree",
	check_options, "CATALOG...",
	run_catalog_check,
};

static const struct cmd_option update_options[] = {
	{ "tree", "KDIR", &tree, NULL, 1, "the kernel tree to follow" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_catalog_update(const struct command *cmd, int argc, char **argv)
{
	struct scan_index *ix;
	int first = cmd_options(cmd, argc, argv), ret, stuck;

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no catalog files given");
	ix = scan_tree(tree);
	if (!ix)
		return EXIT_ERROR;
	if (catalog_update(argv + first, argc - first, ix, stdout, &stuck))
		ret = EXIT_ERROR;
	else
		ret = stuck ? EXIT_FAILED : EXIT_OK;
	scan_free(ix);
	return ret;
}

const struct command cmd_catalog_update = {
	"catalog-update", "rewrite the catalog so that it matches the tree",
	update_options, "CATALOG...",
	run_catalog_update,
};

static const struct cmd_option init_options[] = {
	{ "tree", "KDIR", &tree, NULL, 1, "the kernel tree to scan" },
	{ "out", "FILE", &init_out, NULL, 0, "write the catalog to FILE, not stdout" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_catalog_init(const struct command *cmd, int argc, char **argv)
{
	struct scan_index *ix;
	struct scan_stats st;
	char **paths, *text;
	int first = cmd_options(cmd, argc, argv), n, i, ret = EXIT_OK;

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no header patterns given");
	n = catalog_init_paths(tree, argv + first, argc - first, &paths);
	if (!n) {
		error("no header under %s/include matches the patterns given", tree);
		free(paths);
		return EXIT_ERROR;
	}
	ix = scan_tree(tree);	/* a header's uapi half and the names it shares */
	if (!ix) {
		ret = EXIT_ERROR;
		goto out;
	}
	scan_get_stats(ix, &st);
	if (st.unreadable) {
		ret = EXIT_ERROR;	/* said by the scan: never a catalog of half the headers */
	} else {
		text = catalog_init_render(ix, tree, paths, n, argv + first, argc - first);
		if (write_output(init_out, text))
			ret = EXIT_ERROR;
		free(text);
	}
	scan_free(ix);
out:
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return ret;
}

const struct command cmd_catalog_init = {
	"catalog-init", "write a catalog for the headers matching the patterns, from the scan",
	init_options, "PATTERN...",
	run_catalog_init,
};

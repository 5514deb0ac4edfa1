// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest catalog-check:  where the catalog and the tree disagree
 * hdrtest catalog-update: rewrite the catalog so that they agree
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "scan/catalog_update.h"
#include "scan/drift.h"
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
		return CMD_OK;
	}
	fprintf(stderr, "catalog-check: %d of %d symbols in %d headers match the tree; %d drift%s "
		"(hdrtest catalog-update rewrites the catalog)\n", rep->nmatch, rep->nsyms,
		rep->nheaders, rep->ndrift, rep->ndrift == 1 ? "" : "s");
	return CMD_FAILED;
}

static int run_catalog_check(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tree", required_argument, NULL, 't' },
		{ "drift-out", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	const char *tree = NULL, *drift_out = NULL;
	struct drift_report *rep;
	struct scan_index *ix;
	struct catalog *cat;
	int c, ret = CMD_ERROR;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 't': tree = optarg; break;
		case 'd': drift_out = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!tree)
		return cmd_usage_error(cmd, "--tree is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	ix = scan_tree(tree);
	if (!ix) {
		catalog_free(cat);
		return CMD_ERROR;
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
	"--tree KDIR [--drift-out FILE] CATALOG...",
	run_catalog_check,
};

static int run_catalog_update(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tree", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const char *tree = NULL;
	struct scan_index *ix;
	int c, ret, stuck;

	while ((c = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (c) {
		case 't': tree = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!tree)
		return cmd_usage_error(cmd, "--tree is required");
	if (optind == argc)
		return cmd_usage_error(cmd, "no catalog files given");
	ix = scan_tree(tree);
	if (!ix)
		return CMD_ERROR;
	if (catalog_update(argv + optind, argc - optind, ix, stdout, &stuck))
		ret = CMD_ERROR;
	else
		ret = stuck ? CMD_FAILED : CMD_OK;
	scan_free(ix);
	return ret;
}

const struct command cmd_catalog_update = {
	"catalog-update", "rewrite the catalog so that it matches the tree",
	"--tree KDIR CATALOG...",
	run_catalog_update,
};

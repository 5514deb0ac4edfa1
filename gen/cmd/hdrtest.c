// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest: prove that kernel headers are self-contained.
 *
 * Subcommands (each has one job; the GNUmakefile strings them together):
 *   plan         the cells of a run and what each needs, from the catalog
 *   gen          render the TUs of every planned cell
 *   report       judge the compiled cells; write the table, KTAP, TSV, JUnit
 *   ci-files     the per-arch CI job files, from the arch table
 *   probe        instrumented copies of the headers, for branch coverage
 *   coverage     which cells compiled each #if branch
 *   slimness     headers pulled in and preprocessed lines per header
 *   scan         index every header of a kernel tree
 *   catalog-check, catalog-update   the catalog against the tree
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "generate/ci_files.h"
#include "cmd/cmd_scan.h"
#include "generate/cells.h"
#include "generate/emit.h"
#include "plan/plan.h"
#include "judge/explain.h"
#include "model/kconfig.h"
#include "model/kconfig_deps.h"
#include "generate/probe.h"
#include "judge/report.h"
#include "base/run.h"
#include "judge/slimness.h"
#include "base/util.h"

static void __attribute__((noreturn)) usage(void)
{
	fputs("usage: hdrtest plan (--out OUTDIR --tree KDIR --cache DIR | --print-packages)\n"
	      "                    --archs \"A ...\" --configs \"C ...\" [--overlay DIR] CATALOG...\n"
	      "       hdrtest gen --out OUTDIR [--templates DIR] [--m4 PROG] CATALOG...\n"
	      "       hdrtest report --out OUTDIR [--ktap FILE] [--tsv FILE] [--junit FILE] [--drift FILE]\n"
	      "                      ARCH/CONFIG...\n"
	      "       hdrtest ci-files --templates DIR --github FILE --gitlab FILE [--m4 PROG] CATALOG...\n"
	      "       hdrtest slimness --out OUTDIR --cells \"ARCH/CONFIG ...\" CATALOG...\n"
	      "       hdrtest probe --tree KDIR --dir DIR CATALOG...\n"
	      "       hdrtest coverage --dir DIR --out OUTDIR --cells \"ARCH/CONFIG ...\" CATALOG...\n"
	      CMD_SCAN_USAGE,
	      stderr);
	exit(2);
}

static struct catalog *read_catalog(int argc, char **argv)
{
	struct catalog *cat;

	if (argc < 1) {
		error("no catalog files given");
		usage();
	}
	cat = catalog_read(argv, argc);
	if (!cat)
		exit(2);
	return cat;
}

static int cmd_gen(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "templates", required_argument, NULL, 't' },
		{ "m4", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	struct gen_opts o = { 0 };
	const char *out = NULL;
	struct catalog *cat;
	int c, ret;

	o.templates = "templates";
	o.m4 = "m4";
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 't': o.templates = optarg; break;
		case 'm': o.m4 = optarg; break;
		default: usage();
		}
	}
	if (!out)
		usage();
	cat = read_catalog(argc - optind, argv + optind);
	o.cat = cat;
	ret = generate_cells(&o, out) ? 2 : 0;
	catalog_free(cat);
	return ret;
}

/* The words of a space-separated list, as the GNUmakefile passes them. */
static int split_words(char *list, char ***words)
{
	char *tok;
	int n = 0;

	*words = NULL;
	for (tok = strtok(list, " "); tok; tok = strtok(NULL, " "))
		*(char **)push(words, &n, sizeof(char *)) = tok;
	return n;
}

static int cmd_plan(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },   { "tree", required_argument, NULL, 't' },
		{ "cache", required_argument, NULL, 'c' }, { "archs", required_argument, NULL, 'a' },
		{ "configs", required_argument, NULL, 'C' }, { "overlay", required_argument, NULL, 'O' },
		{ "print-packages", no_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	struct plan_opts o = { 0 };
	char *archs = NULL, *configs = NULL, tree[PATH_MAX], overlay[PATH_MAX];
	const char *tree_arg = NULL, *overlay_arg = NULL;
	struct catalog *cat;
	int c, ret;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o': o.out = optarg; break;
		case 't': tree_arg = optarg; break;
		case 'c': o.cache = optarg; break;
		case 'a': archs = optarg; break;
		case 'C': configs = optarg; break;
		case 'O': overlay_arg = optarg; break;
		case 'p': o.print_packages = stdout; break;
		default: usage();
		}
	}
	if (!archs || !configs || (!o.print_packages && (!o.out || !tree_arg || !o.cache)))
		usage();
	/* the scripts run elsewhere: every path they get is absolute */
	if (tree_arg) {
		if (!realpath(tree_arg, tree))
			die("KDIR=%s: %s", tree_arg, strerror(errno));
		o.tree = tree;
	}
	if (overlay_arg && *overlay_arg) {
		if (!realpath(overlay_arg, overlay))
			die("OVERLAY=%s: %s", overlay_arg, strerror(errno));
		o.overlay = overlay;
	}
	archs = xstrdup(archs);
	configs = xstrdup(configs);
	o.narchs = split_words(archs, &o.archs);
	o.nconfigs = split_words(configs, &o.configs);
	cat = read_catalog(argc - optind, argv + optind);
	o.cat = cat;
	ret = plan_write(&o) ? 2 : 0;
	catalog_free(cat);
	free(o.archs);
	free(o.configs);
	free(archs);
	free(configs);
	return ret;
}

/* One line per failing TU saying why, from the scan index of the tree
 * (indexed once, and only when something failed). */
static void explain_run(struct run_results *r)
{
	struct scan_index *ix = NULL;
	int i, j;

	for (i = 0; i < r->ncells; i++) {
		struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			/* a drifted header is explained by its drift */
			if (c->tus[j].verdict != V_FAIL || c->tus[j].explanation || !*c->srctree)
				continue;
			if (!ix)
				ix = scan_tree(c->srctree);
			if (ix)
				c->tus[j].explanation = explain_failure(&c->tus[j], c, ix);
		}
	}
	scan_free(ix);
}

static int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "ktap", required_argument, NULL, 'k' },
		{ "tsv", required_argument, NULL, 't' },
		{ "junit", required_argument, NULL, 'j' },
		{ "drift", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *ktap = NULL, *tsv = NULL, *junit = NULL, *drift = NULL;
	struct drift_lines dl = { NULL, 0 };
	struct run_results r = { NULL, 0 };
	char outabs[PATH_MAX];
	int c, i, ret, bad = 0;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'k': ktap = optarg; break;
		case 't': tsv = optarg; break;
		case 'j': junit = optarg; break;
		case 'd': drift = optarg; break;
		default: usage();
		}
	}
	if (!out || optind == argc)
		usage();
	if (drift && drift_lines_read(drift, &dl))
		return 2;
	if (!realpath(out, outabs))
		die("cannot resolve %s: %s", out, strerror(errno));
	for (i = optind; i < argc; i++) {
		struct cell_result *cell = cell_read(outabs, argv[i]);

		if (!cell) {
			bad = 1;
			continue;
		}
		cell_mark_drift(cell, &dl);
		*(struct cell_result **)push(&r.cells, &r.ncells, sizeof(cell)) = cell;
	}
	drift_lines_free(&dl);
	if (bad)
		return 2;
	explain_run(&r);
	{
		/* none is replaced unless all three were written */
		const char *paths[] = { ktap, tsv, junit };
		char *texts[] = { ktap ? render_ktap(&r) : NULL, tsv ? render_tsv(&r) : NULL,
				  junit ? render_junit(&r) : NULL };

		bad = write_files_atomic(3, paths, (const char *const *)texts);
		for (i = 0; i < 3; i++)
			free(texts[i]);
		if (bad)
			return 2;
	}
	write_table(stdout, &r);
	write_failures(stdout, &r);
	write_distinct_failures(stdout, &r);
	ret = write_summary(stdout, &r);
	for (i = 0; i < r.ncells; i++)
		cell_free(r.cells[i]);
	free(r.cells);
	return ret;
}

/* probe --tree KDIR --dir DIR CATALOG... */
static int cmd_probe(int argc, char **argv)
{
	struct catalog *cat;
	int ret;

	if (argc < 6 || strcmp(argv[1], "--tree") || strcmp(argv[3], "--dir"))
		usage();
	cat = read_catalog(argc - 5, argv + 5);
	ret = write_probes(cat, argv[2], argv[4]);
	catalog_free(cat);
	return ret;
}

/* coverage --dir DIR --out OUTDIR --cells "A/C ..." CATALOG... */
static int cmd_coverage(int argc, char **argv)
{
	struct catalog *cat;
	char **cells, *list;
	int ncells, ret;

	if (argc < 8 || strcmp(argv[1], "--dir") || strcmp(argv[3], "--out") || strcmp(argv[5], "--cells"))
		usage();
	cat = read_catalog(argc - 7, argv + 7);
	list = xstrdup(argv[6]);
	ncells = split_words(list, &cells);
	ret = report_coverage(cat, argv[2], argv[4], cells, ncells, stdout) < 0 ? 2 : 0;
	free(cells);
	free(list);
	catalog_free(cat);
	return ret;
}

/* slimness --out OUTDIR --cells "A/C ..." CATALOG... */
static int cmd_slimness(int argc, char **argv)
{
	struct catalog *cat;
	char **cells, *list;
	int ncells, ret;

	if (argc < 6 || strcmp(argv[1], "--out") || strcmp(argv[3], "--cells"))
		usage();
	cat = read_catalog(argc - 5, argv + 5);
	list = xstrdup(argv[4]);
	ncells = split_words(list, &cells);
	ret = report_slimness(cat, argv[2], cells, ncells, stdout) ? 2 : 0;
	free(cells);
	free(list);
	catalog_free(cat);
	return ret;
}

/* ci-files --templates DIR --github FILE --gitlab FILE [--m4 PROG] CATALOG... */
static int cmd_ci_files(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "templates", required_argument, NULL, 't' }, { "github", required_argument, NULL, 'g' },
		{ "gitlab", required_argument, NULL, 'l' },    { "m4", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *templates = NULL, *github = NULL, *gitlab = NULL, *m4 = "m4";
	struct catalog *cat;
	int c, ret;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't': templates = optarg; break;
		case 'g': github = optarg; break;
		case 'l': gitlab = optarg; break;
		case 'm': m4 = optarg; break;
		default: usage();
		}
	}
	if (!templates || !github || !gitlab)
		usage();
	cat = read_catalog(argc - optind, argv + optind);
	ret = write_ci_files(cat, templates, m4, github, gitlab) ? 2 : 0;
	catalog_free(cat);
	return ret;
}

static int run_command(int argc, char **argv)
{
	if (!strcmp(argv[0], "gen"))
		return cmd_gen(argc, argv);
	if (!strcmp(argv[0], "report"))
		return cmd_report(argc, argv);
	if (!strcmp(argv[0], "plan"))
		return cmd_plan(argc, argv);
	if (!strcmp(argv[0], "scan"))
		return cmd_scan(argc, argv);
	if (!strcmp(argv[0], "catalog-check"))
		return cmd_catalog_check(argc, argv);
	if (!strcmp(argv[0], "catalog-update"))
		return cmd_catalog_update(argc, argv);
	if (!strcmp(argv[0], "ci-files"))
		return cmd_ci_files(argc, argv);
	if (!strcmp(argv[0], "probe"))
		return cmd_probe(argc, argv);
	if (!strcmp(argv[0], "coverage"))
		return cmd_coverage(argc, argv);
	if (!strcmp(argv[0], "slimness"))
		return cmd_slimness(argc, argv);
	error("unknown subcommand '%s'", argv[0]);
	usage();
}

/* make installs what a command prints (hdrtest mk > catalog.mk.tmp && mv):
 * a write error on stdout must fail the command, or a truncated file goes
 * into place. */
int main(int argc, char **argv)
{
	int ret;

	if (argc < 2)
		usage();
	ret = run_command(argc - 1, argv + 1);
	if (write_stream_close(stdout, "standard output"))
		ret = 2;
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest: prove that kernel headers are self-contained.
 *
 * Subcommands (each has one job; the GNUmakefile strings them together):
 *   gen          render the TUs of one (arch, config) cell from the catalog
 *   report       judge the compiled cells; write the table, KTAP, TSV, JUnit
 *   kbuild-cmd   extract kbuild's compiler command for an object
 *   mk           the catalog's arches and configs as make variables
 *   fragment     a config's Kconfig fragment, as merge_config.sh reads it
 *   check-config which fragment lines a resolved .config failed to keep
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
#include "generate/emit.h"
#include "judge/explain.h"
#include "base/files.h"
#include "plan/kbuild_cmd.h"
#include "model/kconfig.h"
#include "model/kconfig_deps.h"
#include "generate/probe.h"
#include "judge/report.h"
#include "judge/slimness.h"
#include "base/util.h"

static void __attribute__((noreturn)) usage(void)
{
	fputs("usage: hdrtest gen --arch A --config C (--kbuild DIR | --skip REASON | --error REASON)\n"
	      "                   [--overlay DIR] [--templates DIR] [--m4 PROG] --out CELLDIR CATALOG...\n"
	      "       hdrtest report --out OUTDIR [--ktap FILE] [--tsv FILE] [--junit FILE] [--drift FILE]\n"
	      "                      ARCH/CONFIG...\n"
	      "       hdrtest kbuild-cmd KDIR OBJECT\n"
	      "       hdrtest mk CATALOG...\n"
	      "       hdrtest fragment --config C CATALOG...\n"
	      "       hdrtest check-config --config C --dotconfig FILE [--tree KDIR] CATALOG...\n"
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
		{ "arch", required_argument, NULL, 'a' },    { "config", required_argument, NULL, 'c' },
		{ "kbuild", required_argument, NULL, 'k' },  { "skip", required_argument, NULL, 's' },
		{ "error", required_argument, NULL, 'e' },
		{ "overlay", required_argument, NULL, 'O' }, { "templates", required_argument, NULL, 't' },
		{ "m4", required_argument, NULL, 'm' },      { "out", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	struct gen_opts o = { 0 };
	struct catalog *cat;
	int c, ret;

	o.templates = "templates";
	o.m4 = "m4";
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'a': o.arch = optarg; break;
		case 'c': o.config = optarg; break;
		case 'k': o.kbuild = optarg; break;
		case 's': o.skip = optarg; break;
		case 'e': o.error = optarg; break;
		case 'O': o.overlay = optarg; break;
		case 't': o.templates = optarg; break;
		case 'm': o.m4 = optarg; break;
		case 'o': o.out = optarg; break;
		default: usage();
		}
	}
	if (!o.arch || !o.config || !o.out ||
	    (o.kbuild != NULL) + (o.skip != NULL) + (o.error != NULL) != 1)
		usage();
	cat = read_catalog(argc - optind, argv + optind);
	o.cat = cat;
	{
		struct strbuf names;
		int i;

		sb_init(&names);
		for (i = optind; i < argc; i++)
			sb_addf(&names, "%s%s", i > optind ? " " : "", argv[i]);
		o.catalog_name = sb_detach(&names);
	}
	ret = generate_cell(&o) ? 2 : 0;
	catalog_free(cat);
	free(o.catalog_name);
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
	ret = write_summary(stdout, &r) ? 1 : 0;
	for (i = 0; i < r.ncells; i++)
		cell_free(r.cells[i]);
	free(r.cells);
	return ret;
}

static int cmd_kbuild_cmd(int argc, char **argv)
{
	struct kbuild_cmd *kc;
	char *text;

	if (argc != 3)
		usage();
	kc = kbuild_cmd_extract(argv[1], argv[2]);
	if (!kc)
		return 2;
	text = kbuild_cmd_format(kc);
	fputs(text, stdout);
	free(text);
	kbuild_cmd_free(kc);
	return 0;
}

/* Make variables for the arch table and the configs. */
static int cmd_mk(int argc, char **argv)
{
	struct catalog *cat = read_catalog(argc - 1, argv + 1);
	int i, j;

	printf("# Generated by hdrtest mk: do not edit.\nHT_ALL_ARCHES :=");
	for (i = 0; i < cat->narches; i++)
		printf(" %s", cat->arches[i]->name);
	printf("\nHT_ALL_CONFIGS :=");
	for (i = 0; i < cat->nconfigs; i++)
		printf(" %s", cat->configs[i]->name);
	printf("\nHT_HEADERS :=");
	for (i = 0; i < cat->nheaders; i++)
		printf(" %s", cat->headers[i]->path);
	printf("\n");
	for (i = 0; i < cat->narches; i++) {
		const struct arch *a = cat->arches[i];

		printf("HT_ARCH_%s_karch := %s\n", a->name, a->karch);
		printf("HT_ARCH_%s_cross := %s\n", a->name, a->cross ? a->cross : "");
		printf("HT_ARCH_%s_llvm := %s\n", a->name, a->llvm ? a->llvm : "");
		printf("HT_ARCH_%s_package := %s\n", a->name, a->package ? a->package : "");
		printf("HT_ARCH_%s_defconfig := %s\n", a->name, a->defconfig);
		printf("HT_ARCH_%s_unavailable := %s\n", a->name, a->unavailable ? a->unavailable : "");
	}
	for (i = 0; i < cat->nconfigs; i++) {
		const struct config *c = cat->configs[i];

		printf("HT_CONFIG_%s_base := %s\nHT_CONFIG_%s_arches :=", c->name, c->base, c->name);
		for (j = 0; j < cat->narches; j++)
			if (config_applies_to(c, cat->arches[j]->name))
				printf(" %s", cat->arches[j]->name);
		printf("\n");
	}
	catalog_free(cat);
	return 0;
}

static struct config *config_arg(struct catalog *cat, const char *name)
{
	struct config *c = catalog_config(cat, name);

	if (!c)
		die("config '%s' is not in the catalog", name);
	return c;
}

static int cmd_fragment(int argc, char **argv)
{
	const char *name = NULL;
	struct catalog *cat;
	struct config *c;
	int i;

	if (argc < 4 || strcmp(argv[1], "--config"))
		usage();
	name = argv[2];
	cat = read_catalog(argc - 3, argv + 3);
	c = config_arg(cat, name);
	/* no file or line here: the fragment is part of the build dir's cache key */
	printf("# hdrtest config %s\n", c->name);
	for (i = 0; i < c->nfrags; i++) {
		if (!strcmp(c->frags[i].value, "n"))
			printf("# %s is not set\n", c->frags[i].name);
		else
			printf("%s=%s\n", c->frags[i].name, c->frags[i].value);
	}
	catalog_free(cat);
	return 0;
}

/* probe --tree KDIR --dir DIR CATALOG... */
static int cmd_probe(int argc, char **argv)
{
	struct catalog *cat;
	int ret;

	if (argc < 6 || strcmp(argv[1], "--tree") || strcmp(argv[3], "--dir"))
		usage();
	cat = read_catalog(argc - 5, argv + 5);
	ret = write_probes(cat, argv[2], argv[4]) ? 2 : 0;
	catalog_free(cat);
	return ret;
}

/* The words of a space-separated list (cells passed by make), in place. */
static int split_words(char *list, char ***words)
{
	char *tok;
	int n = 0;

	*words = NULL;
	for (tok = strtok(list, " "); tok; tok = strtok(NULL, " "))
		*(char **)push(words, &n, sizeof(char *)) = tok;
	return n;
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

/* Exit 1 and name every fragment line the resolved .config did not keep. */
static int cmd_check_config(int argc, char **argv)
{
	struct catalog *cat;
	struct kconfig *kc;
	struct config *c;
	const char *tree = NULL;
	int i, lost = 0, first = 5;

	if (argc < 6 || strcmp(argv[1], "--config") || strcmp(argv[3], "--dotconfig"))
		usage();
	if (argc > 7 && !strcmp(argv[5], "--tree")) {
		tree = argv[6];
		first = 7;
	}
	cat = read_catalog(argc - first, argv + first);
	c = config_arg(cat, argv[2]);
	kc = kconfig_read(argv[4]);
	if (!kc)
		return 2;
	for (i = 0; i < c->nfrags; i++) {
		const char *want = c->frags[i].value, *got = kconfig_value(kc, c->frags[i].name);

		if (!got)
			got = "n";
		if (strcmp(want, got)) {
			char *deps = tree ? kconfig_dependencies(tree, c->frags[i].name) : NULL;

			printf("%s%s=%s (resolved to %s", lost++ ? ", " : "", c->frags[i].name, want, got);
			if (deps)
				printf("; Kconfig: %s", deps);
			printf(")");
			free(deps);
		}
	}
	if (lost)
		printf("\n");
	kconfig_free(kc);
	catalog_free(cat);
	return lost ? 1 : 0;
}

static int run_command(int argc, char **argv)
{
	if (!strcmp(argv[0], "gen"))
		return cmd_gen(argc, argv);
	if (!strcmp(argv[0], "report"))
		return cmd_report(argc, argv);
	if (!strcmp(argv[0], "kbuild-cmd"))
		return cmd_kbuild_cmd(argc, argv);
	if (!strcmp(argv[0], "mk"))
		return cmd_mk(argc, argv);
	if (!strcmp(argv[0], "fragment"))
		return cmd_fragment(argc, argv);
	if (!strcmp(argv[0], "check-config"))
		return cmd_check_config(argc, argv);
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

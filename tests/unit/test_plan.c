// SPDX-License-Identifier: GPL-2.0
/* The plan (gen/plan/plan.c) and what gen reads of the prepare step
 * (gen/generate/prepared.c, cells.c): the files between the stages. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "base/util.h"
#include "generate/cells.h"
#include "generate/prepared.h"
#include "helpers.h"
#include "model/catalog.h"
#include "plan/plan.h"
#include "suites.h"

static const char plan_catalog[] =
	"arch x86_64 karch=x86_64 kconfig=CONFIG_X86_64 package=gcc,binutils\n"
	"arch arm64 karch=arm64 kconfig=CONFIG_ARM64 cross=aarch64-linux-gnu- "
	"package=gcc-aarch64-linux-gnu,binutils-aarch64-linux-gnu\n"
	"arch hexagon karch=hexagon kconfig=CONFIG_HEXAGON llvm=-19 package=clang-19,lld-19\n"
	"config defconfig base=defconfig arches=all\n"
	"config kasan base=defconfig arches=arm64\n"
	"\tCONFIG_KASAN=y\n"
	"\tCONFIG_KCOV=n\n"
	"header linux/a.h\n"
	"\tfunc a_fn void (void)\n";

struct planned {
	struct catalog *cat;
	char *out;
	char *tree;
	char *diag;
	int rc;
};

/* When set, the planned tree's series stamp (.series.applied) holds it. */
static const char *tree_stamp;

/* Plan the catalog above for archs/configs (space-separated words). */
static struct planned plan(const char *archs, const char *configs)
{
	struct planned p;
	struct plan_opts o = { 0 };
	char *a = xstrdup(archs), *c = xstrdup(configs), *tok;
	char *diag;

	p.cat = read_catalog_text("plan.cat", plan_catalog, &diag);
	ck_assert_msg(p.cat != NULL, "%s", diag);
	free(diag);
	p.out = tmp_dir();
	p.tree = tmp_dir();
	free(put_file(p.tree, "Makefile", "# a tree\n"));
	if (tree_stamp)
		free(put_file(p.tree, ".series.applied", tree_stamp));
	o.cat = p.cat;
	o.out = p.out;
	o.tree = p.tree;
	o.cache = "/cache";
	for (tok = strtok(a, " "); tok; tok = strtok(NULL, " "))
		*(char **)push(&o.archs, &o.narchs, sizeof(char *)) = tok;
	for (tok = strtok(c, " "); tok; tok = strtok(NULL, " "))
		*(char **)push(&o.configs, &o.nconfigs, sizeof(char *)) = tok;
	diag_begin();
	p.rc = plan_write(&o);
	p.diag = diag_end();
	free(o.archs);
	free(o.configs);
	free(a);
	free(c);
	return p;
}

static void planned_free(struct planned *p)
{
	catalog_free(p->cat);
	free(p->out);
	free(p->tree);
	free(p->diag);
}

static char *out_file(const struct planned *p, const char *name)
{
	char *path = xasprintf("%s/%s", p->out, name), *text = slurp(path);

	free(path);
	return text;
}

/* The cells follow the selection's order, "all" is the catalog's order,
 * and a config goes only to the arches it applies to. */
START_TEST(test_cells_in_selection_order)
{
	struct planned p = plan("arm64 x86_64", "kasan defconfig");
	char *text;

	ck_assert_int_eq(p.rc, 0);
	ck_assert_str_eq(p.diag, "");
	text = out_file(&p, "cells");
	ck_assert_str_eq(text, "arm64/kasan\narm64/defconfig\nx86_64/defconfig\n");
	free(text);
	text = out_file(&p, "packages");
	ck_assert_str_eq(text, "gcc-aarch64-linux-gnu\nbinutils-aarch64-linux-gnu\ngcc\nbinutils\n");
	free(text);
	text = out_file(&p, "headers");
	ck_assert_str_eq(text, "linux/a.h\n");
	free(text);
	planned_free(&p);

	p = plan("all x86_64", "all");
	text = out_file(&p, "cells");
	ck_assert_str_eq(text, "x86_64/defconfig\narm64/defconfig\narm64/kasan\nhexagon/defconfig\n");
	free(text);
	planned_free(&p);
}
END_TEST

/* A cell's plan: what prepare needs, readable by sh and by plan_read. */
START_TEST(test_cell_plan_for_sh_and_c)
{
	struct planned p = plan("arm64", "kasan");
	char *path = xasprintf("%s/arm64/kasan/plan", p.out), *cmd, *want;
	struct plan pl;
	FILE *f;
	char got[512];

	ck_assert_int_eq(p.rc, 0);
	ck_assert_int_eq(plan_read(path, &pl), 0);
	ck_assert_str_eq(plan_get(&pl, "arch"), "arm64");
	ck_assert_str_eq(plan_get(&pl, "config"), "kasan");
	ck_assert_str_eq(plan_get(&pl, "cross"), "aarch64-linux-gnu-");
	ck_assert_str_eq(plan_get(&pl, "llvm"), "");
	ck_assert_str_eq(plan_get(&pl, "base"), "defconfig");
	ck_assert_str_eq(plan_get(&pl, "fragment"), "CONFIG_KASAN=y CONFIG_KCOV=n");
	/* its prepare starts from defconfig's dir: same base, no fragment */
	ck_assert_str_eq(plan_get(&pl, "seed"), "defconfig");
	ck_assert_str_eq(plan_get(&pl, "tree"), p.tree);
	ck_assert_str_eq(plan_get(&pl, "cache"), "/cache");
	ck_assert_ptr_null(plan_get(&pl, "nothing"));
	plan_free(&pl);
	/* the same values through sh's '.' */
	cmd = xasprintf("sh -c '. %s && printf \"%%s|%%s|%%s\" \"$arch\" \"$fragment\" \"$packages\"'", path);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(got, sizeof(got), f));
	ck_assert_int_eq(pclose(f), 0);
	want = "arm64|CONFIG_KASAN=y CONFIG_KCOV=n|gcc-aarch64-linux-gnu,binutils-aarch64-linux-gnu";
	ck_assert_str_eq(got, want);
	free(cmd);
	free(path);
	planned_free(&p);

	/* a config that is only its base has no seed */
	p = plan("arm64", "defconfig");
	path = xasprintf("%s/arm64/defconfig/plan", p.out);
	ck_assert_int_eq(plan_read(path, &pl), 0);
	ck_assert_str_eq(plan_get(&pl, "seed"), "");
	plan_free(&pl);
	free(path);
	planned_free(&p);
}
END_TEST

/* The identities come from outside (a stamp's line, a PATH dir): a quote,
 * a backslash or a control character is written as \xNN, so that the
 * line stays name='value' and sh reads the same as plan_read(). */
START_TEST(test_plan_identity_escaped)
{
	struct planned p;
	char *path, *cmd;
	struct plan pl;
	FILE *f;
	char got[512];

	tree_stamp = "x'; touch /nonexistent/ran; : '\\\t\xc3\xa9\n";
	p = plan("x86_64", "defconfig");
	tree_stamp = NULL;
	ck_assert_int_eq(p.rc, 0);
	path = xasprintf("%s/x86_64/defconfig/plan", p.out);
	ck_assert_int_eq(plan_read(path, &pl), 0);
	ck_assert_str_eq(plan_get(&pl, "tree_identity"), "x\\x27; touch /nonexistent/ran; : \\x27\\x5c\\x09\\xc3\\xa9");
	cmd = xasprintf("sh -c '. %s && printf \"%%s\" \"$tree_identity\"'", path);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(got, sizeof(got), f));
	ck_assert_int_eq(pclose(f), 0);
	ck_assert_str_eq(got, plan_get(&pl, "tree_identity"));
	plan_free(&pl);
	free(cmd);
	free(path);
	planned_free(&p);
}
END_TEST

/* An unchanged plan keeps its mtime: make redoes only what changed. */
START_TEST(test_unchanged_plan_keeps_mtime)
{
	struct planned p = plan("x86_64", "defconfig");
	char *path = xasprintf("%s/x86_64/defconfig/plan", p.out);
	struct plan_opts o = { 0 };
	char *archs[] = { "x86_64" }, *configs[] = { "defconfig" }, *diag;
	struct stat before, after;
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };

	ck_assert_int_eq(p.rc, 0);
	ck_assert_int_eq(utimensat(AT_FDCWD, path, old, 0), 0);
	ck_assert_int_eq(stat(path, &before), 0);
	o.cat = p.cat;
	o.out = p.out;
	o.tree = p.tree;
	o.cache = "/cache";
	o.archs = archs;
	o.narchs = 1;
	o.configs = configs;
	o.nconfigs = 1;
	diag_begin();
	ck_assert_int_eq(plan_write(&o), 0);
	diag = diag_end();
	ck_assert_int_eq(stat(path, &after), 0);
	ck_assert_int_eq(before.st_mtim.tv_sec, after.st_mtim.tv_sec);
	/* a different cache is a different plan */
	o.cache = "/other";
	ck_assert_int_eq(plan_write(&o), 0);
	ck_assert_int_eq(stat(path, &after), 0);
	ck_assert_int_ne(before.st_mtim.tv_sec, after.st_mtim.tv_sec);
	free(diag);
	free(path);
	planned_free(&p);
}
END_TEST

/* The plan names one tool of each package the prepare needs, so that a
 * cell skipped for a missing one gets a new plan once it is installed. */
START_TEST(test_plan_names_the_toolchain)
{
	char *bin = tmp_dir(), *old_path = xstrdup(getenv("PATH")), *path, *id;
	struct planned p;
	struct plan pl;

	setenv("PATH", bin, 1);
	p = plan("hexagon", "defconfig");
	path = xasprintf("%s/hexagon/defconfig/plan", p.out);
	ck_assert_int_eq(plan_read(path, &pl), 0);
	ck_assert_str_eq(plan_get(&pl, "compiler_identity"),
			 "none: clang-19; none: ld.lld-19; none: llvm-ar-19");
	plan_free(&pl);
	planned_free(&p);
	free(path);

	/* a linker appears: the identity says where */
	free(put_file(bin, "ld.lld-19", "#!/bin/sh\n"));
	path = xasprintf("%s/ld.lld-19", bin);
	ck_assert_int_eq(chmod(path, 0755), 0);
	free(path);
	p = plan("hexagon", "defconfig");
	path = xasprintf("%s/hexagon/defconfig/plan", p.out);
	ck_assert_int_eq(plan_read(path, &pl), 0);
	id = xasprintf("none: clang-19; %s/ld.lld-19 ", bin);
	ck_assert_msg(!strncmp(plan_get(&pl, "compiler_identity"), id, strlen(id)), "%s",
		      plan_get(&pl, "compiler_identity"));
	ck_assert_ptr_nonnull(strstr(plan_get(&pl, "compiler_identity"), "; none: llvm-ar-19"));
	plan_free(&pl);
	planned_free(&p);
	free(path);
	free(id);

	p = plan("arm64", "defconfig");
	path = xasprintf("%s/arm64/defconfig/plan", p.out);
	ck_assert_int_eq(plan_read(path, &pl), 0);
	ck_assert_str_eq(plan_get(&pl, "compiler_identity"),
			 "none: aarch64-linux-gnu-gcc; none: aarch64-linux-gnu-ld");
	plan_free(&pl);
	planned_free(&p);
	free(path);

	setenv("PATH", old_path, 1);
	free(old_path);
	free(bin);
}
END_TEST

START_TEST(test_bad_selection)
{
	struct planned p = plan("x86_64 sparc", "defconfig");
	char *cells = xasprintf("%s/cells", p.out);

	ck_assert_int_eq(p.rc, -1);
	ck_assert_str_eq(p.diag, "hdrtest: error: unknown arch 'sparc': the arch table (catalog/arches.cat) has: "
				 "x86_64 arm64 hexagon\n");
	ck_assert(!file_exists(cells));
	planned_free(&p);
	p = plan("x86_64", "kasan");
	ck_assert_int_eq(p.rc, -1);
	ck_assert_str_eq(p.diag, "hdrtest: error: no config in CONFIGS applies to any arch in ARCHS\n");
	ck_assert(!file_exists(cells));
	planned_free(&p);
	p = plan("x86_64", "nope");
	ck_assert_int_eq(p.rc, -1);
	ck_assert_str_eq(p.diag, "hdrtest: error: unknown config 'nope': catalog/configs.cat has: defconfig kasan\n");
	planned_free(&p);
	free(cells);
}
END_TEST

static void expect_plan_read_error(const char *text, const char *fmt)
{
	char *dir = tmp_dir(), *path = put_file(dir, "plan", text), *want = xasprintf(fmt, path), *diag;
	struct plan pl;

	diag_begin();
	ck_assert_int_eq(plan_read(path, &pl), -1);
	diag = diag_end();
	ck_assert_str_eq(diag, want);
	free(diag);
	free(want);
	free(path);
	free(dir);
}

START_TEST(test_plan_read_errors)
{
	expect_plan_read_error("# c\narch='x'\nconfig=y\n", "%s:3:8: error: expected name='value'\n");
	expect_plan_read_error("arch\n", "%s:1:1: error: expected name='value'\n");
	expect_plan_read_error("arch='x\n", "%s:1:6: error: expected name='value'\n");
}
END_TEST

static void expect_prepared(const char *text, const char *kdir, const char *skip, const char *err)
{
	char *dir = tmp_dir(), *path = put_file(dir, "prepared", text);
	struct prepared p;

	ck_assert_int_eq(prepared_read(path, &p), 0);
	if (kdir)
		ck_assert_str_eq(p.kdir, kdir);
	else
		ck_assert_ptr_null(p.kdir);
	if (skip)
		ck_assert_str_eq(p.skip, skip);
	else
		ck_assert_ptr_null(p.skip);
	if (err)
		ck_assert_str_eq(p.error, err);
	else
		ck_assert_ptr_null(p.error);
	prepared_free(&p);
	free(path);
	free(dir);
}

START_TEST(test_prepared)
{
	char *dir = tmp_dir(), *path, *diag, *want;
	struct prepared p;

	expect_prepared("kdir=/c/kbuild/x\n", "/c/kbuild/x", NULL, NULL);
	expect_prepared("skip=no compiler: install gcc\n", NULL, "no compiler: install gcc", NULL);
	expect_prepared("error=kbuild failed (log: x)\n", NULL, NULL, "kbuild failed (log: x)");
	path = put_file(dir, "prepared", "kdir=\n");
	diag_begin();
	ck_assert_int_eq(prepared_read(path, &p), -1);
	diag = diag_end();
	want = xasprintf("%s:1:1: error: expected kdir=DIR, skip=REASON or error=REASON\n", path);
	ck_assert_str_eq(diag, want);
	free(want);
	free(diag);
	free(path);
	/* half a line: a write that did not finish */
	path = put_file(dir, "prepared", "kdir=/c/kb");
	diag_begin();
	ck_assert_int_eq(prepared_read(path, &p), -1);
	diag = diag_end();
	want = xasprintf("%s:1:1: error: expected one line ending in a newline\n", path);
	ck_assert_str_eq(diag, want);
	free(want);
	free(diag);
	free(path);
	free(dir);
}
END_TEST

/* Kconfig dropping a fragment line makes the config unavailable, and the
 * message says what it resolved to. */
START_TEST(test_fragment_lost)
{
	char *diag, *dir = tmp_dir(), *path, *lost;
	struct catalog *cat = read_catalog_text("plan.cat", plan_catalog, &diag);
	struct kconfig *kc;

	free(diag);
	path = put_file(dir, ".config", "CONFIG_ARM64=y\nCONFIG_KASAN=y\n# CONFIG_KCOV is not set\n");
	kc = kconfig_read(path);
	ck_assert_ptr_null(fragment_lost(catalog_config(cat, "kasan"), kc, NULL));
	kconfig_free(kc);
	free(path);
	path = put_file(dir, ".config", "CONFIG_ARM64=y\nCONFIG_KCOV=y\n");
	kc = kconfig_read(path);
	lost = fragment_lost(catalog_config(cat, "kasan"), kc, NULL);
	ck_assert_str_eq(lost, "CONFIG_KASAN=y (resolved to n), CONFIG_KCOV=n (resolved to y)");
	free(lost);
	kconfig_free(kc);
	free(path);
	free(dir);
	catalog_free(cat);
}
END_TEST

START_TEST(test_read_cells)
{
	char *dir = tmp_dir(), **cells, *diag, *path;
	int n;

	free(put_file(dir, "cells", "x86_64/defconfig\narm64/kasan\n"));
	n = read_cells(dir, &cells);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(cells[0], "x86_64/defconfig");
	ck_assert_str_eq(cells[1], "arm64/kasan");
	free(cells[0]);
	free(cells[1]);
	free(cells);
	path = xasprintf("%s/none", dir);
	diag_begin();
	ck_assert_int_eq(read_cells(path, &cells), -1);
	diag = diag_end();
	ck_assert_ptr_nonnull(strstr(diag, "run 'hdrtest plan' first"));
	free(diag);
	free(path);
	free(dir);
}
END_TEST

Suite *plan_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_test(tc, test_cells_in_selection_order);
	tcase_add_test(tc, test_cell_plan_for_sh_and_c);
	tcase_add_test(tc, test_plan_identity_escaped);
	tcase_add_test(tc, test_unchanged_plan_keeps_mtime);
	tcase_add_test(tc, test_plan_names_the_toolchain);
	tcase_add_test(tc, test_bad_selection);
	tcase_add_test(tc, test_plan_read_errors);
	tcase_add_test(tc, test_prepared);
	tcase_add_test(tc, test_fragment_lost);
	tcase_add_test(tc, test_read_cells);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* The baseline (gen/judge/baseline.c): the class of a failure, reading a
 * baseline file, and a run judged against it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "judge/baseline.h"
#include "suites.h"

static char *class_of(const char *detail, int drifted)
{
	struct tu_result t = { 0 };

	t.detail = (char *)detail;
	t.drifted = drifted;
	return failure_class(&t);
}

static void expect_class(const char *detail, const char *want)
{
	char *got = class_of(detail, 0);

	ck_assert_str_eq(got, want);
	free(got);
}

/* Names, positions and suggestions are left out; the kind stays. */
START_TEST(test_failure_class)
{
	char *c;

	expect_class("include/linux/mm/page_address.h:68:56: error: implicit declaration of function 'thp_size'; "
		     "did you mean 'bitmap_size'? [-Werror=implicit-function-declaration]",
		     "implicit declaration of function '*'");
	expect_class("include/linux/mm/page_address.h:23:59: error: implicit declaration of function 'folio_pfn' "
		     "[-Werror=implicit-function-declaration]",
		     "implicit declaration of function '*'");
	expect_class("include/linux/mm/devmap_managed.h:26:57: error: 'struct folio' declared inside parameter list "
		     "will not be visible outside of this definition or declaration [-Werror]",
		     "'*' declared inside parameter list will not be visible outside of this definition or declaration");
	expect_class("pulls in the forbidden header linux/mm.h: linux/bio.h -> linux/mm.h",
		     "pulls in the forbidden header linux/mm.h");
	expect_class("x86_64/defconfig/linux/a.c:3:1: fatal error: linux/b.h: No such file or directory",
		     "linux/b.h: No such file or directory");
	c = class_of("linux/a.h: a_fn: the tree declares it differently", 1);
	ck_assert_str_eq(c, "catalog drift");
	free(c);
}
END_TEST

static char *write_baseline(const char *text)
{
	char *dir = tmp_dir(), *path = put_file(dir, "known.tsv", text);

	free(dir);
	return path;
}

START_TEST(test_baseline_read)
{
	char *path = write_baseline("# comment\n\nlinux/a.h\tx86_64/defconfig\tsome class\n"
				    "linux/b.h\tarm64/kasan\tother class\n");
	struct baseline b;

	ck_assert_int_eq(baseline_read(path, &b), 0);
	ck_assert_int_eq(b.n, 2);
	ck_assert_str_eq(b.items[1]->header, "linux/b.h");
	ck_assert_str_eq(b.items[1]->cell, "arm64/kasan");
	ck_assert_str_eq(b.items[1]->cls, "other class");
	ck_assert_int_eq(b.items[1]->line, 4);
	baseline_free(&b);
	free(path);
}
END_TEST

static void expect_read_error(const char *text, const char *want)
{
	char *path = write_baseline(text), *diag, *full;
	struct baseline b;

	diag_begin();
	ck_assert_int_eq(baseline_read(path, &b), -1);
	diag = diag_end();
	full = xasprintf("%s:%s", path, want);
	ck_assert_msg(strstr(diag, full), "got: %s\nwant: %s", diag, full);
	free(full);
	free(diag);
	free(path);
}

/* Each bad line names its line and column, and what was expected. */
START_TEST(test_baseline_errors)
{
	expect_read_error("linux/a.h\tx86_64\tc\n", "1:11: error: expected a cell ARCH/CONFIG, found 'x86_64'");
	expect_read_error("ok.h\ta/b\tc\nlinux/a.h x86_64/defconfig c\n",
			  "2:29: error: expected a tab after the header");
	expect_read_error("linux/a.h\tx86_64/defconfig\n", "1:27: error: expected a tab after the cell");
	expect_read_error("linux/a.h\t\tc\n", "1:11: error: expected the cell, found an empty field");
	expect_read_error("a.h\tx/y\tc\na.h\tx/y\td\n", "2:1: error: a.h in x/y is listed twice (first at line 1)");
}
END_TEST

/* A run of one cell: a.h fails as the baseline says, b.h fails anew, c.h
 * fails another way than it says, d.h now passes. */
START_TEST(test_baseline_report)
{
	struct tu_result tus[4] = { { 0 } };
	struct cell_result c = { 0 }, *cells[] = { &c };
	struct run_results r = { cells, 1 };
	char *path = write_baseline("a.h\tx86_64/defconfig\timplicit declaration of function '*'\n"
				    "c.h\tx86_64/defconfig\tpulls in the forbidden header linux/mm.h\n"
				    "d.h\tx86_64/defconfig\timplicit declaration of function '*'\n"
				    "e.h\tsparc/defconfig\tsomething\n");
	const char *names[] = { "a.h", "b.h", "c.h", "d.h" };
	struct baseline b;
	char buf[4096] = "";
	FILE *f;
	int i, nnew;

	for (i = 0; i < 4; i++) {
		tus[i].header = (char *)names[i];
		tus[i].verdict = i == 3 ? V_PASS : V_FAIL;
		tus[i].detail = "x.h:1:2: error: implicit declaration of function 'f'";
	}
	c.arch = "x86_64";
	c.config = "defconfig";
	c.tus = tus;
	c.ntus = 4;
	ck_assert_int_eq(baseline_read(path, &b), 0);
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	nnew = write_baseline_report(f, &r, &b);
	fclose(f);
	ck_assert_int_eq(nnew, 2);
	ck_assert_msg(strstr(buf, ": 1 known failures, 2 new, 1 now pass; 1 of its lines are for cells or headers "
				  "not in this run\n"), "%s", buf);
	ck_assert_msg(strstr(buf, "\n  b.h\tx86_64/defconfig\timplicit declaration of function '*'\n"), "%s", buf);
	ck_assert_msg(strstr(buf, "\n  c.h\tx86_64/defconfig\timplicit declaration of function '*' (the baseline, "
				  "line 2, says: pulls in the forbidden header linux/mm.h)\n"), "%s", buf);
	ck_assert_msg(strstr(buf, "remove them from the baseline:\n  d.h\tx86_64/defconfig\t"), "%s", buf);
	baseline_free(&b);
	free(path);
}
END_TEST

/* make baseline's file: the failures in run order, under a comment. */
START_TEST(test_render_baseline)
{
	struct tu_result tus[2] = { { 0 } };
	struct cell_result c = { 0 }, *cells[] = { &c };
	struct run_results r = { cells, 1 };
	char *text;

	tus[0].header = "a.h";
	tus[0].verdict = V_PASS;
	tus[1].header = "b.h";
	tus[1].verdict = V_FAIL;
	tus[1].detail = "pulls in the forbidden header linux/mm.h: b.h -> linux/mm.h";
	c.arch = "arm64";
	c.config = "defconfig";
	c.tus = tus;
	c.ntus = 2;
	text = render_baseline(&r);
	ck_assert_ptr_nonnull(strstr(text, "\nb.h\tarm64/defconfig\tpulls in the forbidden header linux/mm.h\n"));
	ck_assert_ptr_null(strstr(text, "a.h"));
	ck_assert_int_eq(text[0], '#');
	free(text);
}
END_TEST

Suite *baseline_suite(void)
{
	Suite *s = suite_create("baseline");
	TCase *tc = tcase_create("baseline");

	tcase_add_test(tc, test_failure_class);
	tcase_add_test(tc, test_baseline_read);
	tcase_add_test(tc, test_baseline_errors);
	tcase_add_test(tc, test_baseline_report);
	tcase_add_test(tc, test_render_baseline);
	suite_add_tcase(s, tc);
	return s;
}

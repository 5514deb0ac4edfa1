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

/* The one class of a TU whose log is empty: its detail's, or drift. */
static char *class_of(const char *detail, int drifted)
{
	struct tu_result t = { 0 };
	struct failure_kind *k;
	char *cls;
	int n;

	t.detail = (char *)detail;
	t.drifted = drifted;
	n = failure_kinds(&t, &k);
	ck_assert_int_eq(n, 1);
	cls = xstrdup(k[0].cls);
	failure_kinds_free(k, n);
	return cls;
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

/* Every diagnostic of the log counts, by class and how often, in the
 * order of first occurrence; notes and the -H include tree do not; a
 * forbidden include comes last. */
START_TEST(test_failure_kinds)
{
	struct tu_result t = { 0 };
	struct failure_kind *k;
	int n;

	t.detail = "include/linux/a.h:3:5: error: implicit declaration of function 'f'";
	t.log = ". include/linux/a.h\n"
		"include/linux/a.h:3:5: error: implicit declaration of function 'f' [-Werror=implicit-function-declaration]\n"
		"include/linux/a.h:4:1: note: declared here\n"
		"include/linux/a.h:9:2: error: #error NEW REGRESSION\n"
		"include/linux/a.h:12:5: error: implicit declaration of function 'g'; did you mean 'h'?\n"
		"include/linux/a.h:14:9: warning: unused variable 'x' [-Wunused-variable]\n";
	t.forbidden = "linux/mm.h: linux/a.h -> linux/mm.h";
	n = failure_kinds(&t, &k);
	ck_assert_int_eq(n, 4);
	ck_assert_str_eq(k[0].cls, "implicit declaration of function '*'");
	ck_assert_int_eq(k[0].count, 2);
	ck_assert_str_eq(k[1].cls, "#error NEW REGRESSION");
	ck_assert_int_eq(k[1].count, 1);
	ck_assert_str_eq(k[2].cls, "unused variable '*'");
	ck_assert_str_eq(k[3].cls, "pulls in the forbidden header linux/mm.h");
	failure_kinds_free(k, n);
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
	char *path = write_baseline("# comment\n\nlinux/a.h\tx86_64/defconfig\tsome class\t2\n"
				    "linux/b.h\tarm64/kasan\tother class\n"
				    "linux/a.h\tx86_64/defconfig\tthird class\t1\n");
	struct baseline b;

	ck_assert_int_eq(baseline_read(path, &b), 0);
	ck_assert_int_eq(b.n, 2);
	ck_assert_int_eq(b.nlines, 3);
	ck_assert_str_eq(b.items[0]->header, "linux/a.h");
	ck_assert_int_eq(b.items[0]->n, 2);
	ck_assert_str_eq(b.items[0]->lines[0]->cls, "some class");
	ck_assert_int_eq(b.items[0]->lines[0]->count, 2);
	ck_assert_str_eq(b.items[0]->lines[1]->cls, "third class");
	ck_assert_str_eq(b.items[1]->header, "linux/b.h");
	ck_assert_str_eq(b.items[1]->cell, "arm64/kasan");
	ck_assert_str_eq(b.items[1]->lines[0]->cls, "other class");
	/* a line of three fields, as older files have: once */
	ck_assert_int_eq(b.items[1]->lines[0]->count, 1);
	ck_assert_int_eq(b.items[1]->lines[0]->line, 4);
	baseline_free(&b);
	free(path);
}
END_TEST

/* A file edited on another system: CRLF line ends and trailing blanks are
 * no part of the class (they made every known failure new). */
START_TEST(test_baseline_read_crlf)
{
	char *path = write_baseline("# comment\r\n\r\nlinux/a.h\tx86_64/defconfig\tsome class\t2\r\n"
				    "linux/b.h\tarm64/kasan\tother class  \r\n"
				    "linux/c.h\tarm64/kasan\tthird class \t1 \t\n");
	struct baseline b;

	ck_assert_int_eq(baseline_read(path, &b), 0);
	ck_assert_int_eq(b.nlines, 3);
	ck_assert_str_eq(b.items[0]->lines[0]->cls, "some class");
	ck_assert_int_eq(b.items[0]->lines[0]->count, 2);
	ck_assert_str_eq(b.items[1]->lines[0]->cls, "other class");
	ck_assert_str_eq(b.items[2]->lines[0]->cls, "third class");
	ck_assert_int_eq(b.items[2]->lines[0]->count, 1);
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
	expect_read_error("a.h\tx/y\tc\na.h\tx/y\tc\t2\n",
			  "2:1: error: a.h in x/y: the class 'c' is listed twice (first at line 1)");
	expect_read_error("a.h\tx/y\tc\t0\n", "1:11: error: expected a count (a number from 1), found '0'");
	expect_read_error("a.h\tx/y\tc\tmany\n", "1:11: error: expected a count (a number from 1), found 'many'");
	expect_read_error("a.h\tx/y\tc\t1\textra\n", "1:12: error: expected the end of the line after the count");
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

/* A known failure that is a skip now (its header found not to stand
 * alone there) is not silently gone from the report: counted and listed
 * with the skip's reason. */
START_TEST(test_baseline_known_failure_now_skip)
{
	struct tu_result tus[2] = { { 0 } };
	struct cell_result c = { 0 }, *cells[] = { &c };
	struct run_results r = { cells, 1 };
	char *path = write_baseline("linux/zorro.h\tx86_64/defconfig\tasm/zorro.h: No such file or directory\n");
	struct baseline b;
	char buf[4096] = "";
	FILE *f;

	tus[0].header = "linux/zorro.h";
	tus[0].verdict = V_SKIP;
	tus[0].detail = "not for x86_64: needs asm/zorro.h, which only m68k has (include/linux/zorro.h:22)";
	/* a skip the baseline does not know: no news */
	tus[1].header = "linux/nubus.h";
	tus[1].verdict = V_SKIP;
	tus[1].detail = "not for x86_64: needs asm/nubus.h, which only m68k has (include/linux/nubus.h:14)";
	c.arch = "x86_64";
	c.config = "defconfig";
	c.tus = tus;
	c.ntus = 2;
	ck_assert_int_eq(baseline_read(path, &b), 0);
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	ck_assert_int_eq(write_baseline_report(f, &r, &b), 0);
	fclose(f);
	ck_assert_msg(strstr(buf, ": 0 known failures, 0 new, 0 now pass, 1 now skipped\n") &&
		      strstr(buf, "known failures that are skips now (remove them from the baseline if the reason "
				  "holds):\n  linux/zorro.h\tx86_64/defconfig\tnot for x86_64: needs asm/zorro.h, which "
				  "only m68k has (include/linux/zorro.h:22)\n") &&
		      !strstr(buf, "linux/nubus.h"), "%s", buf);
	baseline_free(&b);
	free(path);
}
END_TEST

/* report_against BASELINE-TEXT LOG: one failing TU a.h with that log,
 * judged against the baseline; the report in buf, the new count back. */
static int report_against(const char *bl, const char *log, char *buf, size_t size)
{
	struct tu_result t = { 0 };
	struct cell_result c = { 0 }, *cells[] = { &c };
	struct run_results r = { cells, 1 };
	char *path = write_baseline(bl);
	struct baseline b;
	FILE *f;
	int nnew;

	t.header = "a.h";
	t.verdict = V_FAIL;
	t.log = (char *)log;
	t.detail = "a.h:1:2: error: implicit declaration of function 'f'";
	c.arch = "x86_64";
	c.config = "defconfig";
	c.tus = &t;
	c.ntus = 1;
	ck_assert_int_eq(baseline_read(path, &b), 0);
	memset(buf, 0, size);
	f = fmemopen(buf, size - 1, "w");
	nnew = write_baseline_report(f, &r, &b);
	fclose(f);
	baseline_free(&b);
	free(path);
	return nnew;
}

/* A known failing header that gains an error after its known first
 * diagnostic is new: it was counted known, and the run passed. */
START_TEST(test_baseline_new_error_after_known_one)
{
	const char *bl = "a.h\tx86_64/defconfig\timplicit declaration of function '*'\t1\n";
	char buf[4096];

	ck_assert_int_eq(report_against(bl, "a.h:1:2: error: implicit declaration of function 'f'\n", buf,
					sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, ": 1 known failures, 0 new, 0 now pass\n"), "%s", buf);
	ck_assert_int_eq(report_against(bl, "a.h:1:2: error: implicit declaration of function 'f'\n"
					"a.h:7:2: error: #error NEW REGRESSION\n", buf, sizeof(buf)), 1);
	ck_assert_msg(strstr(buf, "\n  a.h\tx86_64/defconfig\t#error NEW REGRESSION (the baseline, line 1, says: "
				  "implicit declaration of function '*')\n"), "%s", buf);
	/* the same kind once more: a second name missing */
	ck_assert_int_eq(report_against(bl, "a.h:1:2: error: implicit declaration of function 'f'\n"
					"a.h:3:2: error: implicit declaration of function 'g'\n", buf, sizeof(buf)), 1);
	ck_assert_msg(strstr(buf, "\n  a.h\tx86_64/defconfig\timplicit declaration of function '*' (2 times) "
				  "(the baseline, line 1, says 1)\n"), "%s", buf);
	/* fewer than it says: known, and said */
	ck_assert_int_eq(report_against("a.h\tx86_64/defconfig\timplicit declaration of function '*'\t3\n"
					"a.h\tx86_64/defconfig\t#error X\t1\n",
					"a.h:1:2: error: implicit declaration of function 'f'\n", buf, sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, "fewer diagnostics than the baseline says (make baseline writes them anew):\n"
				  "  a.h\tx86_64/defconfig\timplicit declaration of function '*': 1, the baseline "
				  "(line 1) says 3\n  a.h\tx86_64/defconfig\t#error X: 0, the baseline (line 2) says 1\n"),
		      "%s", buf);
}
END_TEST

/* The same baseline with CRLF line ends and trailing blanks: known. */
START_TEST(test_baseline_report_crlf)
{
	char buf[4096];

	ck_assert_int_eq(report_against("a.h\tx86_64/defconfig\timplicit declaration of function '*'  \r\n",
					"a.h:1:2: error: implicit declaration of function 'f'\n", buf, sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, ": 1 known failures, 0 new, 0 now pass\n"), "%s", buf);
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
	ck_assert_ptr_nonnull(strstr(text, "\nb.h\tarm64/defconfig\tpulls in the forbidden header linux/mm.h\t1\n"));
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
	tcase_add_test(tc, test_failure_kinds);
	tcase_add_test(tc, test_baseline_read);
	tcase_add_test(tc, test_baseline_read_crlf);
	tcase_add_test(tc, test_baseline_new_error_after_known_one);
	tcase_add_test(tc, test_baseline_report_crlf);
	tcase_add_test(tc, test_baseline_errors);
	tcase_add_test(tc, test_baseline_report);
	tcase_add_test(tc, test_baseline_known_failure_now_skip);
	tcase_add_test(tc, test_render_baseline);
	suite_add_tcase(s, tc);
	return s;
}

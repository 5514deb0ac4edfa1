// SPDX-License-Identifier: GPL-2.0
/* Branch coverage: the instrumented header copies, and the table built
 * from what the cells' preprocessed TUs kept of their markers. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "helpers.h"
#include "generate/probe.h"
#include "suites.h"
#include "base/util.h"

static const char cat_text[] =
	"header linux/x.h\n"
	"\tfunc\tx_a\tint (void)\n"
	"header linux/y.h\n"
	"\tfunc\ty_a\tint (void)\n";

/* An include guard, an #ifdef with #else, an #if without. */
static const char x_h[] =
	"#ifndef _LINUX_X_H\n"
	"#define _LINUX_X_H\n"
	"#ifdef CONFIG_A\n"
	"int x_a(void);\n"
	"#else\n"
	"int x_b(void);\n"
	"#endif\n"
	"#if CONFIG_C\n"
	"int x_c(void);\n"
	"#endif\n"
	"#endif\n";

static struct catalog *read_cat(void)
{
	char *diag;
	struct catalog *cat = read_catalog_text("p.cat", cat_text, &diag);

	ck_assert_msg(cat != NULL, "%s", diag);
	free(diag);
	return cat;
}

/* The instrumented copy and branch list write_probes() makes of header
 * (include/linux/x.h or y.h) with the given text. */
static void probe(const char *header, const char *text, const char *want_h, const char *want_branches)
{
	char *tree = tmp_dir(), *dir = tmp_dir(), *path, *diag;
	struct catalog *cat = read_cat();

	path = xasprintf("include/%s", header);
	free(put_file(tree, path, text));
	free(path);
	diag_begin();
	ck_assert_int_eq(write_probes(cat, tree, dir), 0);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	path = xasprintf("%s/%s", dir, header);
	assert_file(path, want_h);
	free(path);
	path = xasprintf("%s/%s.branches", dir, header);
	assert_file(path, want_branches);
	free(path);
	free(diag);
	catalog_free(cat);
	free(dir);
	free(tree);
}

/* A marker after every branch's directive, none for the guard, and an
 * #else with its marker where the #if had none. */
START_TEST(test_write_probes)
{
	probe("linux/x.h", x_h,
	      "#ifndef _LINUX_X_H\n"
	      "#define _LINUX_X_H\n"
	      "#ifdef CONFIG_A\n"
	      "hdrtest_branch_1_1\n"
	      "int x_a(void);\n"
	      "#else\n"
	      "hdrtest_branch_1_2\n"
	      "int x_b(void);\n"
	      "#endif\n"
	      "#if CONFIG_C\n"
	      "hdrtest_branch_1_3\n"
	      "int x_c(void);\n"
	      "#else\n"
	      "hdrtest_branch_1_4\n"
	      "#endif\n"
	      "#endif\n",
	      "1\t3\t#ifdef CONFIG_A\n"
	      "2\t5\t#else\n"
	      "3\t8\t#if CONFIG_C\n"
	      "4\t10\t#else (implied: the #if at line 8 not taken)\n");
}
END_TEST

/* Directives are the C lexer's: an "#if" line inside a comment is none
 * (a "//" in a string does not end the line's C), and a "/ *" in a
 * string opens no comment that would hide the #ifdef after it. */
START_TEST(test_write_probes_comments_and_strings)
{
	static const char y_h[] =
		"#ifndef _LINUX_Y_H\n"
		"#define _LINUX_Y_H\n"
		"static const char y_url[] = \"http://example.org\"; /* the rest\n"
		"#if CONFIG_IN_A_COMMENT\n"
		"is comment */\n"
		"static const char *y_open = \"/*\";\n"
		"#ifdef CONFIG_Y\n"
		"int y_a(void);\n"
		"#endif\n"
		"#endif\n";

	probe("linux/y.h", y_h,
		"#ifndef _LINUX_Y_H\n"
		"#define _LINUX_Y_H\n"
		"static const char y_url[] = \"http://example.org\"; /* the rest\n"
		"#if CONFIG_IN_A_COMMENT\n"
		"is comment */\n"
		"static const char *y_open = \"/*\";\n"
		"#ifdef CONFIG_Y\n"
		"hdrtest_branch_2_1\n"
		"int y_a(void);\n"
		"#else\n"
		"hdrtest_branch_2_2\n"
		"#endif\n"
		"#endif\n",
		"1\t7\t#ifdef CONFIG_Y\n"
		"2\t9\t#else (implied: the #if at line 7 not taken)\n");
}
END_TEST

/* A directive continued over lines gets its marker after its last line,
 * and is listed by that line (as the coverage table has always shown
 * it); an #elif chain gets no implied #else. */
START_TEST(test_write_probes_continued_directive)
{
	static const char y_h[] =
		"#if defined(CONFIG_A) || \\\n"
		"\tdefined(CONFIG_B)\n"
		"int y_a(void);\n"
		"#elif CONFIG_C\n"
		"#endif\n";

	probe("linux/y.h", y_h,
		"#if defined(CONFIG_A) || \\\n"
		"\tdefined(CONFIG_B)\n"
		"hdrtest_branch_2_1\n"
		"int y_a(void);\n"
		"#elif CONFIG_C\n"
		"hdrtest_branch_2_2\n"
		"#endif\n",
		"1\t2\t defined(CONFIG_B)\n"
		"2\t4\t#elif CONFIG_C\n");
}
END_TEST

/* A catalogued header not under include/ (an arch header) is no error. */
START_TEST(test_write_probes_no_header)
{
	char *tree = tmp_dir(), *dir = tmp_dir(), *diag, *s;
	struct catalog *cat = read_cat();

	diag_begin();
	ck_assert_int_eq(write_probes(cat, tree, dir), 0);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	s = dir_list(dir);
	ck_assert_str_eq(s, "");
	free(s);
	free(diag);
	catalog_free(cat);
	free(dir);
	free(tree);
}
END_TEST

/* report_coverage() of the two cells; *uncovered gets its return. */
static char *coverage(const char *dir, const char *out, char **cells, int *uncovered)
{
	struct catalog *cat = read_cat();
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	*uncovered = report_coverage(cat, dir, out, cells, 2, f);
	fclose(f);
	catalog_free(cat);
	return text;
}

/* x86_64 took branches 1 and 4 (1 in both its TUs: listed once), arm64
 * branch 2; nobody took 3.  arm64's hdrtest_branch_1_40 is no marker of
 * branch 4. */
START_TEST(test_report_coverage)
{
	char *dir = tmp_dir(), *out = tmp_dir(), *text;
	char *cells[] = { "x86_64/defconfig", "arm64/defconfig" };
	int uncovered;

	free(put_file(dir, "linux/x.h.branches", "1\t3\t#ifdef CONFIG_A\n"
						 "2\t5\t#else\n"
						 "3\t8\t#if CONFIG_C\n"
						 "4\t10\t#else (implied: the #if at line 8 not taken)\n"));
	free(put_file(out, "x86_64/defconfig/linux/x.probe.i", "hdrtest_branch_1_1\nint x;\nhdrtest_branch_1_4\n"));
	free(put_file(out, "x86_64/defconfig/linux/y.probe.i", "hdrtest_branch_1_1\n"));
	free(put_file(out, "arm64/defconfig/linux/x.probe.i", "hdrtest_branch_1_40\nhdrtest_branch_1_2\n"));
	text = coverage(dir, out, cells, &uncovered);
	ck_assert_int_eq(uncovered, 1);
	ck_assert_str_eq(text,
		"Branch coverage: which cells compiled each #if branch of each header\n"
		"\n"
		"linux/x.h\n"
		"  line 3    #ifdef CONFIG_A                                              x86_64/defconfig\n"
		"  line 5    #else                                                        arm64/defconfig\n"
		"  line 8    #if CONFIG_C                                                 UNCOVERED\n"
		"  line 10   #else (implied: the #if at line 8 not taken)                 x86_64/defconfig\n"
		"\n"
		"1 branch uncovered\n");
	free(text);
	free(out);
	free(dir);
}
END_TEST

/* A cell whose name is the start of another's (i386/highmem and
 * i386/highmem-virtual) is credited with the branches it reached. */
START_TEST(test_report_coverage_prefix_cell)
{
	char *dir = tmp_dir(), *out = tmp_dir(), *text;
	char *cells[] = { "i386/highmem-virtual", "i386/highmem" };
	int uncovered;

	free(put_file(dir, "linux/x.h.branches", "1\t3\t#ifdef CONFIG_A\n"));
	free(put_file(out, "i386/highmem-virtual/linux/x.probe.i", "hdrtest_branch_1_1\n"));
	free(put_file(out, "i386/highmem/linux/x.probe.i", "hdrtest_branch_1_1\n"));
	text = coverage(dir, out, cells, &uncovered);
	ck_assert_int_eq(uncovered, 0);
	ck_assert_msg(strstr(text, " i386/highmem-virtual i386/highmem\n") != NULL, "%s", text);
	free(text);
	free(out);
	free(dir);
}
END_TEST

Suite *probe_suite(void)
{
	Suite *s = suite_create("probe");
	TCase *tc = tcase_create("probe");

	tcase_add_test(tc, test_write_probes);
	tcase_add_test(tc, test_write_probes_comments_and_strings);
	tcase_add_test(tc, test_write_probes_continued_directive);
	tcase_add_test(tc, test_write_probes_no_header);
	tcase_add_test(tc, test_report_coverage);
	tcase_add_test(tc, test_report_coverage_prefix_cell);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* The slimness table, from preprocessed files (cc -E) written by hand
 * into OUT/<cell>/slim/<stem>.i. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "helpers.h"
#include "judge/slimness.h"
#include "suites.h"
#include "base/util.h"

/* linux/b.h is catalogued and forbidden: one row. */
static const char cat_text[] =
	"header linux/a.h\n"
	"\tfunc\ta_fn\tint (void)\n"
	"header linux/b.h\n"
	"\tfunc\tb_fn\tint (void)\n"
	"forbid linux/mm.h  too big\n"
	"forbid linux/b.h  also too big\n";

static char *cells[] = { "x86_64/defconfig", "arm64/defconfig" };

#define TITLE "Slimness: headers pulled in / preprocessed lines when included alone\n\n"
#define HEAD "header                           x86_64/defconfig        arm64/defconfig\n"

/* Two headers (types.h twice), two lines: the TU's own .c, <built-in> and
 * blank lines do not count. */
static const char a_x86[] =
	"# 1 \"t/linux/a.c\"\n"
	"# 1 \"<built-in>\"\n"
	"# 1 \"<command-line>\"\n"
	"# 1 \"./include/linux/a.h\" 1\n"
	"# 1 \"./include/linux/types.h\" 1\n"
	"typedef unsigned char u8;\n"
	"\n"
	"# 2 \"./include/linux/a.h\" 2\n"
	"int a_fn(u8);\n"
	"# 7 \"./include/linux/types.h\"\n";

/* Spaces and tabs alone are blank; "#pragma" is no line marker. */
static const char b_i[] =
	"# 1 \"./include/linux/b.h\"\n"
	"   \n"
	"\tint b_fn(void);\n"
	"#pragma once\n";

static const char mm_i[] =
	"# 1 \"./include/linux/mm.h\" 1\n"
	"# 1 \"./include/linux/gfp.h\" 1\n"
	"# 3 \"./include/linux/mm.h\" 2\n"
	"x";

/* report_slimness() on cat_text and cells; *diag gets the errors. */
static char *report(const char *out, int *ret, char **diag)
{
	struct catalog *cat = read_catalog_text("s.cat", cat_text, diag);
	char *text;
	size_t len;
	FILE *f;

	ck_assert_msg(cat != NULL, "%s", *diag);
	free(*diag);
	f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	diag_begin();
	*ret = report_slimness(cat, out, cells, 2, f);
	*diag = diag_end();
	fclose(f);
	catalog_free(cat);
	return text;
}

START_TEST(test_table)
{
	char *out = tmp_dir(), *text, *diag;
	int ret;

	free(put_file(out, "x86_64/defconfig/slim/linux/a.i", a_x86));
	free(put_file(out, "arm64/defconfig/slim/linux/a.i", "# 1 \"x.c\"\nint a;\n"));
	free(put_file(out, "x86_64/defconfig/slim/linux/b.i", b_i));
	free(put_file(out, "arm64/defconfig/slim/linux/b.i", b_i));
	free(put_file(out, "x86_64/defconfig/slim/linux/mm.i", mm_i));
	free(put_file(out, "arm64/defconfig/slim/linux/mm.i", mm_i));
	text = report(out, &ret, &diag);
	ck_assert_str_eq(diag, "");
	ck_assert_int_eq(ret, 0);
	ck_assert_str_eq(text, TITLE HEAD
		"linux/a.h                                   2 / 2                  0 / 1\n"
		"linux/b.h                                   1 / 2                  1 / 2\n"
		"linux/mm.h                                  2 / 1                  2 / 1\n");
	free(text);
	free(diag);
	free(out);
}
END_TEST

/* A file not measured is a "?" in the table and an error naming it. */
START_TEST(test_missing_file)
{
	char *out = tmp_dir(), *text, *diag, *want;
	int ret;

	free(put_file(out, "x86_64/defconfig/slim/linux/a.i", a_x86));
	text = report(out, &ret, &diag);
	ck_assert_int_eq(ret, -1);
	ck_assert_msg(!strncmp(text, TITLE HEAD
		"linux/a.h                                   2 / 2                      ?\n",
		strlen(TITLE HEAD) + 73), "%s", text);
	want = xasprintf("hdrtest: error: cannot read %s/arm64/defconfig/slim/linux/a.i: "
			 "No such file or directory (run make slimness)\n", out);
	ck_assert_msg(!strncmp(diag, want, strlen(want)), "%s", diag);
	free(want);
	free(text);
	free(diag);
	free(out);
}
END_TEST

Suite *slimness_suite(void)
{
	Suite *s = suite_create("slimness");
	TCase *tc = tcase_create("report");

	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_missing_file);
	suite_add_tcase(s, tc);
	return s;
}

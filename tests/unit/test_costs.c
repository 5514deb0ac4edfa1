// SPDX-License-Identifier: GPL-2.0
/* The costs file: defaults for what it does not know, what it knows read
 * back as written, sorted, and every malformed line named. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "shard/costs.h"
#include "suites.h"

START_TEST(test_missing_file_is_defaults)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/costs.tsv", dir), *diag;
	struct costs c;

	diag_begin();
	ck_assert_int_eq(costs_read(path, &c), 0);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	ck_assert_int_eq(c.n, 0);
	ck_assert_int_eq(costs_prepare(&c, "x86_64/defconfig"), COST_PREPARE_MS);
	ck_assert_int_eq(costs_tu(&c, "x86_64/defconfig", "linux/mm/a"), COST_TU_MS);
	costs_free(&c);
	free(diag);
	free(path);
	free(dir);
}
END_TEST

/* Set in any order, written sorted (prepare lines first), read back. */
START_TEST(test_write_read)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/costs.tsv", dir), *list;
	struct costs c = { 0 }, back;

	costs_set_tu(&c, "x86_64/defconfig", "linux/mm/b", 300);
	costs_set_prepare(&c, "x86_64/defconfig", 40000);
	costs_set_tu(&c, "arm64/defconfig", "linux/a", 7);
	costs_set_tu(&c, "x86_64/defconfig", "linux/mm/a", 12);
	costs_set_prepare(&c, "arm64/defconfig", 1);
	costs_set_tu(&c, "x86_64/defconfig", "linux/mm/b", 250);	/* replaces */
	costs_set_tu(&c, "x86_64/defconfig", "linux/mm", 0);
	ck_assert_int_eq(costs_write(&c, path), 0);
	assert_file(path, "# hdrtest costs\n"
			  "prepare\tarm64/defconfig\t1\n"
			  "prepare\tx86_64/defconfig\t40000\n"
			  "tu\tarm64/defconfig\tlinux/a\t7\n"
			  "tu\tx86_64/defconfig\tlinux/mm\t0\n"
			  "tu\tx86_64/defconfig\tlinux/mm/a\t12\n"
			  "tu\tx86_64/defconfig\tlinux/mm/b\t250\n");
	ck_assert_int_eq(costs_read(path, &back), 0);
	ck_assert_int_eq(back.n, 6);
	ck_assert_int_eq(costs_prepare(&back, "x86_64/defconfig"), 40000);
	ck_assert_int_eq(costs_prepare(&back, "arm64/defconfig"), 1);
	ck_assert_int_eq(costs_prepare(&back, "arm64/tiny"), COST_PREPARE_MS);
	ck_assert_int_eq(costs_tu(&back, "x86_64/defconfig", "linux/mm/b"), 250);
	ck_assert_int_eq(costs_tu(&back, "x86_64/defconfig", "linux/mm"), 0);
	ck_assert_int_eq(costs_tu(&back, "arm64/defconfig", "linux/mm/b"), COST_TU_MS);
	/* the same costs, the same bytes: no .tmp left beside it */
	ck_assert_int_eq(costs_write(&back, path), 0);
	list = dir_list(dir);
	ck_assert_str_eq(list, "costs.tsv\n");
	free(list);
	costs_free(&c);
	costs_free(&back);
	free(path);
	free(dir);
}
END_TEST

/* The error costs_read() gives for a file holding text. */
static char *read_error(const char *text)
{
	char *dir = tmp_dir(), *path = put_file(dir, "costs.tsv", text), *diag, *want;
	struct costs c;
	int rc;

	diag_begin();
	rc = costs_read(path, &c);
	diag = diag_end();
	ck_assert_msg(rc == -1, "costs_read accepted '%s'", text);
	ck_assert_int_eq(c.n, 0);
	/* named relative to the dir, for the comparisons */
	want = xasprintf("%s/", dir);
	ck_assert_msg(starts_with(diag, want), "%s", diag);
	memmove(diag, diag + strlen(want), strlen(diag + strlen(want)) + 1);
	free(want);
	free(path);
	free(dir);
	return diag;
}

static void expect_error(const char *text, const char *want)
{
	char *diag = read_error(text);

	ck_assert_str_eq(diag, want);
	free(diag);
}

START_TEST(test_malformed)
{
	expect_error("", "costs.tsv:1:1: error: expected '# hdrtest costs', found an empty file\n");
	expect_error("# hdrtest cost\n", "costs.tsv:1:1: error: expected '# hdrtest costs' (the first line of a "
					  "costs file)\n");
	expect_error("# hdrtest costs\nprepare\tx86_64/defconfig\t10",
		     "costs.tsv:2:1: error: the last line has no newline: the file is cut short\n");
	expect_error("# hdrtest costs\ncompile\tx86_64/defconfig\t10\n",
		     "costs.tsv:2:1: error: expected 'prepare<TAB>CELL<TAB>MS' or 'tu<TAB>CELL<TAB>STEM<TAB>MS'\n");
	expect_error("# hdrtest costs\nprepare\tx86_64/defconfig\tlinux/a\t10\n",
		     "costs.tsv:2:1: error: expected 'prepare<TAB>CELL<TAB>MS'\n");
	expect_error("# hdrtest costs\ntu\tx86_64/defconfig\t10\n",
		     "costs.tsv:2:1: error: expected 'tu<TAB>CELL<TAB>STEM<TAB>MS'\n");
	expect_error("# hdrtest costs\n# a comment\ntu\tx86_64/defconfig\tlinux/a\t1x0\n",
		     "costs.tsv:3:29: error: expected the milliseconds (decimal digits, at most 100000000000), "
		     "found '1x0'\n");
	expect_error("# hdrtest costs\ntu\tx86_64/defconfig\tlinux/a\t-1\n",
		     "costs.tsv:2:29: error: expected the milliseconds (decimal digits, at most 100000000000), "
		     "found '-1'\n");
	expect_error("# hdrtest costs\ntu\tx86_64/defconfig\tlinux/a\t999999999999\n",
		     "costs.tsv:2:29: error: expected the milliseconds (decimal digits, at most 100000000000), "
		     "found '999999999999'\n");
	expect_error("# hdrtest costs\ntu\tx86_64/defconfig\t\t10\n",
		     "costs.tsv:2:21: error: expected a TU stem, found nothing\n");
	expect_error("# hdrtest costs\nprepare\t\t10\n", "costs.tsv:2:9: error: expected a cell (ARCH/CONFIG), "
							 "found nothing\n");
	expect_error("# hdrtest costs\nprepare\tx86_64/defconfig\t\n",
		     "costs.tsv:2:26: error: expected the milliseconds, found nothing\n");
	expect_error("# hdrtest costs\nprepare\tx86_64/defconfig\t10\nprepare\tx86_64/defconfig\t12\n",
		     "costs.tsv:3:1: error: prepare x86_64/defconfig is listed twice (first on line 2)\n");
	expect_error("# hdrtest costs\ntu\tx\ta\t1\ntu\tx\tb\t1\ntu\tx\ta\t2\n",
		     "costs.tsv:4:1: error: tu x a is listed twice (first on line 2)\n");
}
END_TEST

Suite *costs_suite(void)
{
	Suite *s = suite_create("costs");
	TCase *tc = tcase_create("file");

	tcase_add_test(tc, test_missing_file_is_defaults);
	tcase_add_test(tc, test_write_read);
	tcase_add_test(tc, test_malformed);
	suite_add_tcase(s, tc);
	return s;
}

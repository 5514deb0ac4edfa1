// SPDX-License-Identifier: GPL-2.0
/* The -H include tree read back from a compiler log. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "judge/includes.h"
#include "suites.h"

/* What gcc -H prints, mixed with a diagnostic, and its closing list. */
static const char log_text[] =
	". /src/include/linux/kconfig.h\n"
	".. /src/include/generated/autoconf.h\n"
	". /src/include/linux/highmem.h\n"
	".. /src/include/linux/cacheflush.h\n"
	"... /src/arch/x86/include/asm/cacheflush.h\n"
	".... /src/include/linux/mm.h\n"
	"..... /src/include/linux/gfp.h\n"
	".. /src/include/linux/kconfig.h\n"
	"/out/a.c:3:1: warning: boom\n"
	"Multiple include guards may be useful for:\n"
	"/src/include/linux/x.h\n"
	"/src/include/linux/y.h\n"
	"cc1: all warnings being treated as errors\n";

START_TEST(test_parse_splits_the_log)
{
	struct include_tree tree;
	char *rest = include_tree_parse(log_text, &tree);

	ck_assert_int_eq(tree.n, 8);
	ck_assert_int_eq(tree.entries[5].depth, 4);
	ck_assert_str_eq(tree.entries[5].path, "/src/include/linux/mm.h");
	/* the diagnostics stay, in order; -H lines and the guard list go */
	ck_assert_str_eq(rest, "/out/a.c:3:1: warning: boom\ncc1: all warnings being treated as errors\n");
	free(rest);
	include_tree_free(&tree);
}
END_TEST

START_TEST(test_count_distinct)
{
	struct include_tree tree;
	char *rest = include_tree_parse(log_text, &tree);

	/* kconfig.h is read twice */
	ck_assert_int_eq(include_count(&tree), 7);
	free(rest);
	include_tree_free(&tree);
}
END_TEST

START_TEST(test_chain)
{
	struct include_tree tree;
	char *rest = include_tree_parse(log_text, &tree), *chain;

	chain = include_chain(&tree, "linux/mm.h");
	ck_assert_str_eq(chain, "linux/highmem.h -> linux/cacheflush.h -> asm/cacheflush.h -> linux/mm.h");
	free(chain);
	chain = include_chain(&tree, "linux/gfp.h");
	ck_assert_str_eq(chain, "linux/highmem.h -> linux/cacheflush.h -> asm/cacheflush.h -> linux/mm.h -> "
				"linux/gfp.h");
	free(chain);
	ck_assert_ptr_null(include_chain(&tree, "linux/fs.h"));
	free(rest);
	include_tree_free(&tree);
}
END_TEST

START_TEST(test_include_name)
{
	ck_assert_str_eq(include_name("/src/include/linux/mm.h"), "linux/mm.h");
	ck_assert_str_eq(include_name("/src/arch/x86/include/asm/page.h"), "asm/page.h");
	ck_assert_str_eq(include_name("/a/include/b/include/c.h"), "c.h");
	ck_assert_str_eq(include_name("linux/mm/x.h"), "linux/mm/x.h");
}
END_TEST

/* A diagnostic that starts with dots is no -H line. */
START_TEST(test_dotted_paths_are_diagnostics)
{
	struct include_tree tree;
	char *rest = include_tree_parse("./arch/x86/include/asm/x.h:1:2: error: e\n", &tree);

	ck_assert_int_eq(tree.n, 0);
	ck_assert_str_eq(rest, "./arch/x86/include/asm/x.h:1:2: error: e\n");
	free(rest);
	include_tree_free(&tree);
}
END_TEST

Suite *includes_suite(void)
{
	Suite *s = suite_create("includes");
	TCase *tc = tcase_create("tree");

	tcase_add_test(tc, test_parse_splits_the_log);
	tcase_add_test(tc, test_count_distinct);
	tcase_add_test(tc, test_chain);
	tcase_add_test(tc, test_include_name);
	tcase_add_test(tc, test_dotted_paths_are_diagnostics);
	suite_add_tcase(s, tc);
	return s;
}

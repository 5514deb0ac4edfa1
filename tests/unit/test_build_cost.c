// SPDX-License-Identifier: GPL-2.0
/* What a built dir's objects cost (objects/build_cost.h): the readers of
 * a header and the headers by kbuild's records, and the lines of each
 * object's preprocessed text, counted from a real -E. */
#include <check.h>
#include <stdlib.h>

#include "base/util.h"
#include "fix_fixture.h"
#include "helpers.h"
#include "objects/build_cost.h"
#include "suites.h"

START_TEST(test_build_cost_counts)
{
	char *tree = tmp_dir(), *kdir, *tmp = tmp_dir();
	static const char *const srcs[] = { "drv/x.c", "drv/y.c", "drv/bad.c" };
	static const char *const deps[] = { "drv/x.c include/linux/one.h include/linux/mm.h", "drv/y.c",
					    "drv/bad.c include/linux/one.h" };
	struct kobj_set *s;
	struct build_cost c;

	free(put_file(tree, "include/linux/one.h", "int one;\n"));
	free(put_file(tree, "include/linux/mm.h", "#include <linux/one.h>\nint mm;\n"));
	free(put_file(tree, "drv/x.c", "#include <linux/mm.h>\nint x;\n"));
	free(put_file(tree, "drv/y.c", "int y;\n"));
	free(put_file(tree, "drv/bad.c", "#include <linux/missing.h>\n"));
	kdir = built_dir(tree, srcs, deps, 3);
	s = objects_load(kdir, tree);
	ck_assert_ptr_nonnull(s);

	ck_assert_int_eq(objects_build_cost(s, "include/linux/mm.h", 0, NULL, 1, &c), 0);
	ck_assert_int_eq(c.objects, 3);
	ck_assert_int_eq(c.reading, 1);
	ck_assert_int_eq(c.headers, 3);
	ck_assert_int_eq(c.lines, -1);

	/* x.c: "int one;" "int mm;" "int x;"; y.c: "int y;"; bad.c fails */
	ck_assert_int_eq(objects_build_cost(s, NULL, 1, tmp, 2, &c), 0);
	ck_assert_int_eq(c.reading, 0);
	ck_assert_int_eq(c.lines, 4);
	ck_assert_int_eq(c.failed, 1);
	objects_free(s);
	free(kdir);
	free(tmp);
	free(tree);
}
END_TEST

Suite *build_cost_suite(void)
{
	Suite *s = suite_create("build_cost");
	TCase *tc = tcase_create("count");

	tcase_add_test(tc, test_build_cost_counts);
	suite_add_tcase(s, tc);
	return s;
}

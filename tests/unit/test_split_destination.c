// SPDX-License-Identifier: GPL-2.0
/* Where make split moves a name (split/destination.h): MOVES= first, then
 * the slim header with the most of its relatives, then a new header; and
 * MOVES= files that are not one refused with their line and column. */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "scan/scan.h"
#include "split/destination.h"
#include "suites.h"

/* linux/mm.h's mf_queue() calls size_of() and order_of(), which
 * linux/mm/size.h defines; linux/mm/kick.h's kick() calls mf_queue();
 * lonely() has no relative; tied() is called by one function of each of
 * linux/mm/b.h and linux/mm/a.h.  Macros: ALIGNED()'s body uses
 * SIZE_SHIFT (linux/mm/size.h), a macro of linux/mm/b.h uses VM_B, and
 * VM_LONE has no relative (a name in its comment is none). */

static char *tree(void)
{
	char *t = tmp_dir();

	free(put_file(t, "include/linux/mm.h",
		      "#ifndef _LINUX_MM_H\n#define _LINUX_MM_H\n#include <linux/mm/size.h>\n"
		      "static inline int mf_queue(int x) { return size_of(x) + order_of(x); }\n"
		      "static inline int lonely(void) { return 0; }\n"
		      "static inline int tied(void) { return 1; }\n"
		      "#define ALIGNED(x) \\\n\t((x) << SIZE_SHIFT)\n#define VM_B 0x1\n#define VM_LONE 0x2 /* not size_of() */\n#endif\n"));
	free(put_file(t, "include/linux/mm/size.h",
		      "#ifndef _LINUX_MM_SIZE_H\n#define _LINUX_MM_SIZE_H\n"
		      "static inline int size_of(int x) { return x; }\n"
		      "static inline int order_of(int x) { return x + 1; }\n#define SIZE_SHIFT 3\n#endif\n"));
	free(put_file(t, "include/linux/mm/kick.h",
		      "#ifndef _LINUX_MM_KICK_H\n#define _LINUX_MM_KICK_H\n"
		      "static inline int kick(void) { return mf_queue(1); }\n#endif\n"));
	free(put_file(t, "include/linux/mm/b.h",
		      "#ifndef _LINUX_MM_B_H\n#define _LINUX_MM_B_H\nstatic inline int b(void) { return tied(); }\n"
		      "#define B_FLAGS(x) ((x) | VM_B)\n#endif\n"));
	free(put_file(t, "include/linux/mm/a.h",
		      "#ifndef _LINUX_MM_A_H\n#define _LINUX_MM_A_H\nstatic inline int a(void) { return tied(); }\n#endif\n"));
	return t;
}

static void check_destination(const struct scan_index *ix, const struct moves_map *m, const char *name,
			      const char *want, const char *want_why)
{
	char *why = NULL, *to = split_destination(ix, m, name, "linux/mm/", &why);

	ck_assert_str_eq(to, want);
	ck_assert_str_eq(why, want_why);
	free(to);
	free(why);
}

START_TEST(test_relatives_choose)
{
	char *t = tree();
	struct scan_index *ix = scan_tree(t);

	ck_assert_ptr_nonnull(ix);
	check_destination(ix, NULL, "mf_queue", "linux/mm/size.h",
			  "linux/mm/size.h defines 2 of its relatives (names it uses or that use it): "
			  "order_of(), size_of()");
	check_destination(ix, NULL, "tied", "linux/mm/a.h",
			  "linux/mm/a.h defines 1 of its relatives (names it uses or that use it): a()");
	check_destination(ix, NULL, "lonely", "linux/mm/lonely.h",
			  "a new header: no header under linux/mm/ defines a name it uses or one that uses it");
	/* macros: a body read across its continuation, and one that uses the name */
	check_destination(ix, NULL, "ALIGNED", "linux/mm/size.h",
			  "linux/mm/size.h defines 1 of its relatives (names it uses or that use it): SIZE_SHIFT");
	check_destination(ix, NULL, "VM_B", "linux/mm/b.h",
			  "linux/mm/b.h defines 1 of its relatives (names it uses or that use it): B_FLAGS()");
	check_destination(ix, NULL, "VM_LONE", "linux/mm/vm_lone.h",
			  "a new header: no header under linux/mm/ defines a name it uses or one that uses it");
	scan_free(ix);
	free(t);
}
END_TEST

START_TEST(test_moves_first)
{
	char *t = tree(), *path = put_file(t, "moves.txt", "# where they go\n\nmf_queue\tlinux/mm/memory_failure.h\n");
	struct scan_index *ix = scan_tree(t);
	struct moves_map *m = moves_read(path);
	char *why = xasprintf("MOVES= (%s:3)", path);

	ck_assert_ptr_nonnull(m);
	check_destination(ix, m, "mf_queue", "linux/mm/memory_failure.h", why);
	/* a name MOVES= does not map: as without it */
	check_destination(ix, m, "lonely", "linux/mm/lonely.h",
			  "a new header: no header under linux/mm/ defines a name it uses or one that uses it");
	moves_free(m);
	scan_free(ix);
	free(why);
	free(path);
	free(t);
}
END_TEST

static const struct {
	const char *text;
	const char *error;	/* after "PATH:" */
} bad_moves[] = {
	{ "mf_queue linux/mm/x.h\n", "1:9: error: expected a tab, then the header the name moves to" },
	{ "ok\tlinux/mm/ok.h\n9lives\tlinux/mm/x.h\n", "2:1: error: expected a C identifier (the name to move)" },
	{ "mf_queue\tlinux/../x.h\n", "1:10: error: expected an include name ending in .h" },
	{ "mf_queue\t/linux/x.h\n", "1:10: error: expected an include name ending in .h" },
	{ "mf_queue\tlinux/mm/x.c\n", "1:10: error: expected an include name ending in .h" },
	{ "mf_queue\tlinux/mm/x.h\nmf_queue\tlinux/mm/y.h\n",
	  "2:1: error: mf_queue is mapped already, on line 1: expected each name once" },
	{ "mf_queue\t\n", "1:10: error: expected an include name ending in .h" },
};

START_TEST(test_bad_moves_refused)
{
	char *t = tmp_dir(), *path = put_file(t, "moves.txt", bad_moves[_i].text), *diag, *want;
	struct moves_map *m;

	diag_begin();
	m = moves_read(path);
	diag = diag_end();
	ck_assert_ptr_null(m);
	want = xasprintf("%s:%s", path, bad_moves[_i].error);
	ck_assert_msg(strstr(diag, want) != NULL, "'%s' does not hold '%s'", diag, want);
	free(want);
	free(diag);
	free(path);
	free(t);
}
END_TEST

Suite *split_destination_suite(void)
{
	Suite *s = suite_create("split_destination");
	TCase *tc = tcase_create("choose");

	tcase_add_test(tc, test_relatives_choose);
	tcase_add_test(tc, test_moves_first);
	tcase_add_loop_test(tc, test_bad_moves_refused, 0, sizeof(bad_moves) / sizeof(bad_moves[0]));
	suite_add_tcase(s, tc);
	return s;
}

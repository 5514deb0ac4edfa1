// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest move through out/bin/hdrtest, on the fixture run of
 * fix_fixture.c: linux/big.h's big_twice() moved (its closure with it),
 * written under OUT/move, proven and kept, the patch applying with patch
 * -p1; and big_use() moved, which breaks linux/big_user.h: not kept, the
 * TU named with why.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "fix_fixture.h"
#include "helpers.h"
#include "suites.h"

#define assert_has(text, want) \
	ck_assert_msg(strstr((text), (want)) != NULL, "'%s' does not hold '%s'", (text), (want))

/* hdrtest move --out out ARGS x86_64/defconfig: its exit status. */
static int run_move(const char *out, const char *args)
{
	char *cmd;
	int status;

	ck_assert_msg(access("out/bin/hdrtest", X_OK) == 0, "out/bin/hdrtest is missing: make out/bin/hdrtest first");
	cmd = xasprintf("out/bin/hdrtest move --out %s %s x86_64/defconfig > %s/move.out 2>&1", out, args, out);
	status = system(cmd);
	free(cmd);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static char *out_file(const char *out, const char *name)
{
	char *path = xasprintf("%s/move/%s", out, name), *text = slurp(path);

	free(path);
	return text;
}

START_TEST(test_a_move_proven_and_kept)
{
	char *out = fix_run("x86_64", "big big_user"), *text, *cmd, *tree = repo_path("tests/fixtures/fix/tree");
	const char *patch = "0001-linux-big-h-move-big-twice-to-big-twice-h.patch";

	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h"), 0);
	text = out_file(out, "summary.txt");
	assert_has(text, "Moved from linux/big.h to linux/big/twice.h:\n  big_twice()\n"
			 "  big_count(): used by big_twice()\n");
	assert_has(text, "Proof: 1 cells, 1 round, 3 TUs compiled again: kept\n");
	free(text);
	text = out_file(out, "move.cat");
	assert_has(text, "header linux/big/twice.h\n");
	free(text);
	text = out_file(out, "overlay/linux/big.h");
	assert_has(text, "#include <linux/types.h>\n#include <linux/big/twice.h> // for big_twice(), big_count()\n");
	ck_assert_ptr_null(strstr(text, "int big_count(void);"));
	free(text);
	text = out_file(out, patch);
	assert_has(text, "Subject: [PATCH 1/1] linux/big.h: move big_twice() to big/twice.h\n");
	assert_has(text, "--- /dev/null\n+++ b/include/linux/big/twice.h\n");
	free(text);
	/* it applies to a copy of the tree, which is left as it was */
	cmd = xasprintf("cp -R %s %s/copy && cd %s/copy && patch -s -p1 < %s/move/%s && "
			"grep -q '^int big_count' include/linux/big/twice.h && "
			"! grep -q '^int big_count' include/linux/big.h && grep -q '^int big_count' %s/include/linux/big.h && "
			"test ! -e %s/include/linux/big/twice.h",
			tree, out, out, out, patch, tree, tree);
	ck_assert_msg(system(cmd) == 0, "the patch does not apply: %s", cmd);
	free(cmd);
	free(tree);
	free(out);
}
END_TEST

START_TEST(test_a_move_that_breaks_a_tu_is_not_kept)
{
	char *out = fix_run("x86_64", "big big_user"), *text, *path;

	ck_assert_int_eq(run_move(out, "--symbols big_use --to linux/big/use.h"), 1);
	text = out_file(out, "summary.txt");
	assert_has(text, "Proof: 1 cells, 1 round, 3 TUs compiled again: not kept\n"
			 "TUs that passed and fail with the move:\n"
			 "  x86_64/defconfig linux/big.h: ");
	assert_has(text, "  x86_64/defconfig linux/big_user.h: ");
	assert_has(text, "error: redefinition of 'struct big_box'\n");
	free(text);
	path = xasprintf("%s/move/series", out);
	ck_assert_int_ne(access(path, F_OK), 0);
	free(path);
	free(out);
}
END_TEST

/* big_twice() moved into linux/big/slim.h, which exists: appended inside
 * its guard, the patch a diff of it. */
START_TEST(test_a_move_into_an_existing_header)
{
	char *out = fix_run("x86_64", "big big_user"), *text;

	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/slim.h"), 0);
	text = out_file(out, "summary.txt");
	assert_has(text, "Moved from linux/big.h to linux/big/slim.h (appended):\n");
	free(text);
	text = out_file(out, "overlay/linux/big/slim.h");
	assert_has(text, "int big_slim(void);\n");
	assert_has(text, "int big_count(void);\n");
	assert_has(text, "#endif /* _LINUX_BIG_SLIM_H */\n");
	free(text);
	text = out_file(out, "0001-linux-big-h-move-big-twice-to-big-slim-h.patch");
	assert_has(text, "--- a/include/linux/big/slim.h\n+++ b/include/linux/big/slim.h\n");
	free(text);
	free(out);
}
END_TEST

/* big_mm_fn() moved out of linux/big_mm.h needs mm_only(), which only the
 * run's forbidden linux/mm.h defines: TO includes it (the plan knows the
 * headers that include FROM, not the run's forbidden ones), and the proof
 * finds TO pulling it in: not kept, and why. */
START_TEST(test_a_move_whose_header_fails_alone_is_not_kept)
{
	char *out = fix_run("x86_64", "big"), *text;

	ck_assert_int_eq(run_move(out, "--symbols big_mm_fn --to linux/big/mm_fn.h"), 1);
	text = out_file(out, "summary.txt");
	assert_has(text, ": not kept\nlinux/big/mm_fn.h does not compile alone:\n"
			 "  x86_64/defconfig linux/big/mm_fn.h: pulls in the forbidden header linux/mm.h: "
			 "linux/big/mm_fn.h -> linux/mm.h\n");
	free(text);
	free(out);
}
END_TEST


/* OUT/x86_64/defconfig/built naming a built dir of the fixture tree's
 * objects srcs[0..n), each reading linux/big.h. */
static void built_cell(const char *out, const char *const *srcs, int n)
{
	char *tree = repo_path("tests/fixtures/fix/tree"), *kdir, *line;
	const char *deps[2];
	char *d[2];
	int i;

	for (i = 0; i < n; i++)
		deps[i] = d[i] = xasprintf("%s include/linux/big.h include/linux/types.h", srcs[i]);
	kdir = built_dir(tree, srcs, deps, n);
	line = xasprintf("built=%s\n", kdir);
	free(put_file(out, "x86_64/defconfig/built", line));
	for (i = 0; i < n; i++)
		free(d[i]);
	free(line);
	free(kdir);
	free(tree);
}

/* --verify-objects: drv/big_twice.o reads big.h, and with big_twice() and
 * big_count() moved ahead of big.h's struct and big_other() (which they
 * do not use) it is the same program: not compiled, and the move kept. */
START_TEST(test_a_move_proven_on_objects)
{
	static const char *const srcs[] = { "drv/big_twice.c" };
	char *out = fix_run("x86_64", "big big_user"), *text;

	built_cell(out, srcs, 1);
	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h --verify-objects"), 0);
	text = out_file(out, "summary.txt");
	assert_has(text, "Proof on kernel objects (VERIFY=objects): 1 objects read linux/big.h\n");
	assert_has(text, "  preprocessed before and after: 1; the same tokens: 0; the same items, moved: 1 "
			 "(not compiled)\n  0 object compiles");
	assert_has(text, "  0 objects broken\n");
	free(text);
	text = out_file(out, "objects.tsv");
	ck_assert_str_eq(text, "x86_64/defconfig\tdrv/big_twice.o\tinclude/linux/big.h\tok\t"
			       "same tokens, items moved: not compiled\n");
	free(text);
	text = out_file(out, "0001-linux-big-h-move-big-twice-to-big-twice-h.patch");
	assert_has(text, "The 1 kernel objects of its built cells\nthat read linux/big.h compile as before (0 compiled");
	free(text);
	/* compiled instead, it compiles */
	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h --verify-objects --no-tokens"), 0);
	text = out_file(out, "objects.tsv");
	ck_assert_str_eq(text, "x86_64/defconfig\tdrv/big_twice.o\tinclude/linux/big.h\tok\t\n");
	free(text);
	free(out);
}
END_TEST

/* --cache: the second proof of a move on the same tree takes the text
 * before from the cache and gives the same verdict; a cached text that
 * cannot be read sends the object to the compiler, never past it. */
START_TEST(test_a_second_proof_takes_the_text_before_from_the_cache)
{
	static const char *const srcs[] = { "drv/big_twice.c" };
	static const char *const moved = "x86_64/defconfig\tdrv/big_twice.o\tinclude/linux/big.h\tok\t"
					 "same tokens, items moved: not compiled\n";
	char *out = fix_run("x86_64", "big big_user"), *cache = tmp_dir(), *args, *text, *cmd;

	built_cell(out, srcs, 1);
	args = xasprintf("--symbols big_twice --to linux/big/twice.h --verify-objects --cache %s", cache);
	ck_assert_int_eq(run_move(out, args), 0);
	text = out_file(out, "summary.txt");
	assert_has(text, "  the texts before the move from the cache: 0 of 1\n  0 object compiles");
	free(text);
	text = out_file(out, "objects.tsv");
	ck_assert_str_eq(text, moved);
	free(text);

	ck_assert_int_eq(run_move(out, args), 0);
	text = out_file(out, "summary.txt");
	assert_has(text, "  the texts before the move from the cache: 1 of 1\n  0 object compiles");
	free(text);
	text = out_file(out, "objects.tsv");
	ck_assert_str_eq(text, moved);
	free(text);

	cmd = xasprintf("for t in %s/pp/*/*.i.gz; do echo damaged > \"$t\"; done", cache);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_int_eq(run_move(out, args), 0);
	text = out_file(out, "summary.txt");
	assert_has(text, "  the texts before the move from the cache: 1 of 1\n  1 object compiles");
	free(text);
	text = out_file(out, "objects.tsv");
	ck_assert_str_eq(text, "x86_64/defconfig\tdrv/big_twice.o\tinclude/linux/big.h\tok\t\n");
	free(text);
	free(cmd);
	free(args);
	free(cache);
	free(out);
}
END_TEST

/* drv/big_guard.c defines the guard linux/big/twice.h gets: after the
 * move big.h declares no big_twice() there, its tokens change, it is
 * compiled and breaks: the move is not kept, the object named. */
START_TEST(test_a_move_that_breaks_an_object_is_not_kept)
{
	static const char *const srcs[] = { "drv/big_guard.c", "drv/big_twice.c" };
	char *out = fix_run("x86_64", "big big_user"), *text, *path;

	built_cell(out, srcs, 2);
	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h --verify-objects"), 1);
	text = out_file(out, "summary.txt");
	assert_has(text, "Proof: 1 cells, 1 round, 3 TUs compiled again: not kept\n");
	assert_has(text, "the same items, moved: 1 (not compiled)\n  1 object compiles");
	assert_has(text, "(x86_64/defconfig drv/big_guard.o)\n");
	assert_has(text, "  broken by linux/big.h: 1 objects: drv/big_guard.c:10:16: error: implicit declaration of function "
			 "'big_twice'");
	assert_has(text, "  1 objects broken: the move is not kept\n");
	free(text);
	text = out_file(out, "objects.tsv");
	assert_has(text, "x86_64/defconfig\tdrv/big_guard.o\tinclude/linux/big.h\tbroken\t");
	free(text);
	path = xasprintf("%s/move/0001-linux-big-h-move-big-twice-to-big-twice-h.patch", out);
	ck_assert_int_ne(access(path, F_OK), 0);
	free(path);
	free(out);
}
END_TEST
START_TEST(test_refused_input_is_an_error)
{
	char *out = fix_run("x86_64", "big"), *text, *path;

	ck_assert_int_eq(run_move(out, "--symbols 'big_twice;' --to linux/big/twice.h"), 2);
	ck_assert_int_eq(run_move(out, "--symbols big_twice --to ../x.h"), 2);
	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h --max x"), 2);
	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h --tree /"), 2);
	/* the last one's message */
	path = xasprintf("%s/move.out", out);
	text = slurp(path);
	assert_has(text, "--tree /: expected the tree of the run in ");
	free(text);
	free(path);
	free(out);
}
END_TEST

START_TEST(test_a_closure_past_max_writes_nothing)
{
	char *out = fix_run("x86_64", "big"), *text, *path;

	ck_assert_int_eq(run_move(out, "--symbols big_twice --to linux/big/twice.h --max 1"), 1);
	text = out_file(out, "summary.txt");
	assert_has(text, "The move takes 2 definitions, more than MAX (1): nothing written.  The closure:\n"
			 "  big_twice()\n  big_count(): used by big_twice()\n");
	free(text);
	path = xasprintf("%s/move/overlay", out);
	ck_assert_int_ne(access(path, F_OK), 0);
	free(path);
	free(out);
}
END_TEST

Suite *move_all_suite(void)
{
	Suite *s = suite_create("move_all");
	TCase *tc = tcase_create("move_all");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_a_move_proven_and_kept);
	tcase_add_test(tc, test_a_move_that_breaks_a_tu_is_not_kept);
	tcase_add_test(tc, test_a_move_into_an_existing_header);
	tcase_add_test(tc, test_a_move_whose_header_fails_alone_is_not_kept);
	tcase_add_test(tc, test_a_move_proven_on_objects);
	tcase_add_test(tc, test_a_second_proof_takes_the_text_before_from_the_cache);
	tcase_add_test(tc, test_a_move_that_breaks_an_object_is_not_kept);
	tcase_add_test(tc, test_refused_input_is_an_error);
	tcase_add_test(tc, test_a_closure_past_max_writes_nothing);
	suite_add_tcase(s, tc);
	return s;
}

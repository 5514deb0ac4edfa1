// SPDX-License-Identifier: GPL-2.0
/* The process runner (gen/base/process.c) and the file system helpers
 * (gen/base/files.c). */
#include <check.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "helpers.h"
#include "base/process.h"
#include "suites.h"
#include "base/util.h"

/* Run sh -c script with stdout to dir/out; its return, *diag what hdrtest
 * said and *err what the child wrote on file descriptor 2. */
static int run_sh(const char *dir, const char *script, char **diag, char **err)
{
	char *out = xasprintf("%s/out", dir);
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	int ret;

	stderr_begin();
	diag_begin();
	ret = run_to_file(argv, out);
	*diag = diag_end();
	*err = stderr_end();
	free(out);
	return ret;
}

START_TEST(test_exit_status_and_stdout)
{
	char *dir = tmp_dir(), *out = xasprintf("%s/out", dir), *diag, *err;

	ck_assert_int_eq(run_sh(dir, "echo hello; echo oops >&2; exit 3", &diag, &err), 3);
	assert_file(out, "hello\n");
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(err, "oops\n");
	free(diag);
	free(err);
	/* the file is truncated, not appended to */
	ck_assert_int_eq(run_sh(dir, "echo x", &diag, &err), 0);
	assert_file(out, "x\n");
	free(diag);
	free(err);
	free(out);
	free(dir);
}
END_TEST

/* tmp files named hdrtest-out.* in /tmp, now */
static int count_out_tmp(void)
{
	glob_t g;
	int n = glob("/tmp/hdrtest-out.*", 0, NULL, &g) == 0 ? (int)g.gl_pathc : 0;

	globfree(&g);
	return n;
}

/* A program's whole output on exit 0; NULL and its status otherwise; the
 * temporary file it went through removed either way. */
START_TEST(test_run_output)
{
	char *ok[] = { "sh", "-c", "echo one; echo two", NULL }, *no[] = { "sh", "-c", "echo x; exit 4", NULL };
	int before = count_out_tmp(), rc;
	char *text = run_output(ok, &rc);

	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(text, "one\ntwo\n");
	free(text);
	ck_assert_ptr_null(run_output(no, &rc));
	ck_assert_int_eq(rc, 4);
	ck_assert_int_eq(count_out_tmp(), before);
}
END_TEST

static int write_and_return(void *arg)
{
	printf("%s\n", (const char *)arg);
	return 5;
}

/* A function in a forked child: its stdout in the file, its return the
 * child's exit status. */
START_TEST(test_start_call_to_file)
{
	char *dir = tmp_dir(), *out = xasprintf("%s/out", dir);
	pid_t pid = start_call_to_file(write_and_return, "from the child", out);

	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(wait_child(pid, "the child"), 5);
	assert_file(out, "from the child\n");
	free(out);
	free(dir);
}
END_TEST

/* exec fails in the child: it says so itself and exits 127, which the
 * parent returns like any exit status (m4_render reports it as m4 failing). */
START_TEST(test_missing_program)
{
	char *dir = tmp_dir(), *out = xasprintf("%s/out", dir), *diag, *err;
	char *argv[] = { "/nonexistent/hdrtest-no-such-program", NULL };
	int ret;

	stderr_begin();
	diag_begin();
	ret = run_to_file(argv, out);
	diag = diag_end();
	err = stderr_end();
	ck_assert_int_eq(ret, 127);
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(err, "hdrtest: error: cannot run /nonexistent/hdrtest-no-such-program: "
			      "No such file or directory\n");
	assert_file(out, "");
	free(diag);
	free(err);
	free(out);
	free(dir);
}
END_TEST

START_TEST(test_killed_by_signal)
{
	char *dir = tmp_dir(), *diag, *err;

	ck_assert_int_eq(run_sh(dir, "kill -TERM $$", &diag, &err), -1);
	ck_assert_str_eq(diag, "hdrtest: error: sh was killed by signal 15\n");
	free(diag);
	free(err);
	free(dir);
}
END_TEST

START_TEST(test_output_not_creatable)
{
	char *dir = tmp_dir(), *out = xasprintf("%s/no/out", dir), *diag;
	char *argv[] = { "true", NULL };

	diag_begin();
	ck_assert_int_eq(run_to_file(argv, out), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "cannot create ") && strstr(diag, "/no/out: No such file or directory\n"),
		      "%s", diag);
	free(diag);
	free(out);
	free(dir);
}
END_TEST

START_TEST(test_mkdirs)
{
	char *dir = tmp_dir(), *deep = xasprintf("%s/a/b/c", dir), *s;
	struct stat st;

	ck_assert_int_eq(mkdirs(deep), 0);
	ck_assert_int_eq(stat(deep, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	/* again: nothing to do is no error */
	ck_assert_int_eq(mkdirs(deep), 0);
	s = dir_list(dir);
	ck_assert_str_eq(s, "a\n");
	free(s);
	free(deep);
	free(dir);
}
END_TEST

START_TEST(test_mkdirs_over_file)
{
	char *dir = tmp_dir(), *file = put_file(dir, "f", "x"), *sub = xasprintf("%s/f/g", dir);

	ck_assert_int_eq(mkdirs(sub), -1);
	free(sub);
	free(file);
	free(dir);
}
END_TEST

START_TEST(test_remove_tree)
{
	char *dir = tmp_dir(), *top = xasprintf("%s/t", dir), *s;

	free(put_file(top, "a/b/c.txt", "c"));
	free(put_file(top, "a/d.txt", "d"));
	free(put_file(top, "e.txt", "e"));
	ck_assert_int_eq(remove_tree(top), 0);
	ck_assert(!file_exists(top));
	s = dir_list(dir);
	ck_assert_str_eq(s, "");
	free(s);
	/* nothing to remove is no error */
	ck_assert_int_eq(remove_tree(top), 0);
	free(top);
	free(dir);
}
END_TEST

/* What a forked child of test_lock_waits does: hold DIR (as a run holds
 * its OUT), say so, and keep it until DIR/release exists. */
static int hold_dir(void *dir)
{
	char *release = xasprintf("%s/release", (char *)dir);

	if (lock_out(dir, "hdrtest run"))
		return 1;
	printf("locked\n");
	fflush(stdout);
	while (access(release, F_OK))
		usleep(10000);
	free(release);
	return 0;
}

static int take_dir(void *dir)
{
	return lock_out(dir, "hdrtest run") ? 1 : 0;
}

/* Whether file comes to hold text within 10 s. */
static int comes_to_hold(const char *file, const char *text)
{
	int i, found = 0;

	for (i = 0; i < 1000 && !found; i++) {
		char *got = read_file(file, NULL);

		found = got && strstr(got, text);
		free(got);
		if (!found)
			usleep(10000);
	}
	return found;
}

/* A second process that locks a held dir waits, naming the holder's pid,
 * and gets the lock once the holder is done. */
START_TEST(test_lock_waits)
{
	char *dir = tmp_dir(), *hout = xasprintf("%s/holder.out", dir), *wout = xasprintf("%s/waiter.out", dir);
	char *lock = xasprintf("%s/.lock", dir), *want;
	pid_t holder = start_call_to_file(hold_dir, dir, hout), waiter;

	ck_assert(comes_to_hold(hout, "locked\n"));
	want = xasprintf("%ld\thdrtest run\n", (long)holder);
	assert_file(lock, want);
	free(want);
	waiter = start_call_to_file(take_dir, dir, wout);
	want = xasprintf("  WAIT    hdrtest run (pid %ld) is using %s\n", (long)holder, dir);
	ck_assert_msg(comes_to_hold(wout, want), "no '%s'", want);
	free(want);
	free(put_file(dir, "release", ""));
	ck_assert_int_eq(wait_child(holder, "the holder"), 0);
	ck_assert_int_eq(wait_child(waiter, "the waiter"), 0);
	want = xasprintf("%ld\thdrtest run\n", (long)waiter);
	assert_file(lock, want);
	free(want), free(lock), free(hout), free(wout), free(dir);
}
END_TEST

/* The lock file is never opened through a symlink: the pid would be
 * written into whatever it points to. */
START_TEST(test_lock_no_symlink)
{
	char *dir = tmp_dir(), *victim = put_file(dir, "victim", "keep\n"), *out = xasprintf("%s/out", dir);
	char *lock = xasprintf("%s/.lock", out), *err;

	ck_assert_int_eq(mkdirs(out), 0);
	ck_assert_int_eq(symlink(victim, lock), 0);
	diag_begin();
	ck_assert_int_eq(lock_out(out, "hdrtest run"), -1);
	err = diag_end();
	ck_assert_msg(strstr(err, "cannot create the lock file"), "said: %s", err);
	assert_file(victim, "keep\n");
	free(err), free(lock), free(out), free(victim), free(dir);
}
END_TEST

/* Set path's mtime to a second long past, so that a rewrite shows. */
static void age(const char *path)
{
	struct timespec ts[2] = { { 1000000000, 0 }, { 1000000000, 0 } };

	ck_assert_int_eq(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static time_t mtime(const char *path)
{
	struct stat st;

	ck_assert_int_eq(stat(path, &st), 0);
	return st.st_mtime;
}

/* Install new over a file holding old, a second long past: it is kept
 * (mtime and all) when the bytes are the same, else replaced; the
 * temporary file is gone either way. */
static void check_install(const char *old, const char *new, int want)
{
	char *dir = tmp_dir(), *path = put_file(dir, "f", old), *tmp = put_file(dir, "f.tmp", new);
	char *s;

	age(path);
	ck_assert_int_eq(install_if_changed(tmp, path), want);
	if (want)
		ck_assert_int_ne(mtime(path), 1000000000);
	else
		ck_assert_int_eq(mtime(path), 1000000000);
	assert_file(path, new);
	s = dir_list(dir);
	ck_assert_str_eq(s, "f\n");
	free(s);
	free(tmp);
	free(path);
	free(dir);
}

START_TEST(test_install_unchanged)
{
	check_install("same\n", "same\n", 0);
}
END_TEST

START_TEST(test_install_changed)
{
	check_install("old\n", "new\n", 1);
}
END_TEST

/* No file yet: the new one is installed. */
START_TEST(test_install_new)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/f", dir), *tmp = put_file(dir, "f.tmp", "new\n");

	ck_assert_int_eq(install_if_changed(tmp, path), 1);
	assert_file(path, "new\n");
	ck_assert(!file_exists(tmp));
	free(tmp);
	free(path);
	free(dir);
}
END_TEST

Suite *run_suite(void)
{
	Suite *s = suite_create("run");
	TCase *tc = tcase_create("run_to_file");

	tcase_add_test(tc, test_exit_status_and_stdout);
	tcase_add_test(tc, test_missing_program);
	tcase_add_test(tc, test_run_output);
	tcase_add_test(tc, test_start_call_to_file);
	tcase_add_test(tc, test_killed_by_signal);
	tcase_add_test(tc, test_output_not_creatable);
	suite_add_tcase(s, tc);

	tc = tcase_create("fs");
	tcase_add_test(tc, test_mkdirs);
	tcase_add_test(tc, test_mkdirs_over_file);
	tcase_add_test(tc, test_remove_tree);
	tcase_add_test(tc, test_lock_waits);
	tcase_add_test(tc, test_lock_no_symlink);
	tcase_add_test(tc, test_install_unchanged);
	tcase_add_test(tc, test_install_changed);
	tcase_add_test(tc, test_install_new);
	suite_add_tcase(s, tc);
	return s;
}

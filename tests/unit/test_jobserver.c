// SPDX-License-Identifier: GPL-2.0
/* The make jobserver client (gen/exec/jobserver.c): our own pipe, and
 * joining a make's pipe or fifo named in a MAKEFLAGS the test makes. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"
#include "exec/jobserver.h"
#include "suites.h"
#include "base/util.h"

/* A pipe standing for make's, holding tokens: fds[0], fds[1]. */
static void make_pipe(int fds[2], const char *tokens)
{
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], tokens, strlen(tokens)), (ssize_t)strlen(tokens));
}

/* What the pipe read end fd holds now, its bytes sorted (the order tokens
 * come back in is not the point); fd is made non-blocking for this. */
static char *drain_sorted(int fd)
{
	char buf[256], t;
	ssize_t n;
	int i, j;

	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		n = 0;
	buf[n] = '\0';
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (buf[j] < buf[i]) {
				t = buf[i];
				buf[i] = buf[j];
				buf[j] = t;
			}
	return xstrdup(buf);
}

static int is_blocking(int fd)
{
	return !(fcntl(fd, F_GETFL) & O_NONBLOCK);
}

static int cloexec(int fd)
{
	return fcntl(fd, F_GETFD) & FD_CLOEXEC;
}

/* Take until none is free: how many were taken. */
static int take_all(struct jobserver *js)
{
	int n = 0, r;

	while ((r = jobserver_try_take(js)) == 1)
		n++;
	ck_assert_int_eq(r, 0);
	return n;
}

/* The R,W our own jobserver's makeflags name, checked to be the two ends
 * of one pipe. */
static void own_fds(struct jobserver *js, int *r, int *w)
{
	const char *auth = strstr(jobserver_makeflags(js), "--jobserver-auth=");
	struct stat a, b;

	ck_assert_ptr_nonnull(auth);
	ck_assert_int_eq(sscanf(auth, "--jobserver-auth=%d,%d", r, w), 2);
	ck_assert_int_eq(fstat(*r, &a), 0);
	ck_assert_int_eq(fstat(*w, &b), 0);
	ck_assert(S_ISFIFO(a.st_mode));
	ck_assert(a.st_ino == b.st_ino);
}

/* Our own pool of N slots: N - 1 tokens, then none; one given back can be
 * taken again. */
START_TEST(test_own_tokens)
{
	struct jobserver *js;
	char *want;
	int r, w;

	unsetenv("MAKEFLAGS");
	js = jobserver_open(4);
	ck_assert_ptr_nonnull(js);
	ck_assert_int_eq(jobserver_slots(js), 4);
	ck_assert_int_eq(take_all(js), 3);
	ck_assert_int_eq(jobserver_held(js), 3);
	jobserver_give(js);
	ck_assert_int_eq(jobserver_held(js), 2);
	ck_assert_int_eq(jobserver_try_take(js), 1);
	ck_assert_int_eq(jobserver_try_take(js), 0);

	own_fds(js, &r, &w);
	want = xasprintf(" -j4 --jobserver-auth=%d,%d", r, w);
	ck_assert_str_eq(jobserver_makeflags(js), want);
	/* children that make would run get the pipe blocking, as make has it */
	ck_assert(is_blocking(r));
	ck_assert_int_ge(jobserver_poll_fd(js), 0);
	jobserver_close(js);
	free(want);
}
END_TEST

START_TEST(test_own_one_slot)
{
	struct jobserver *js;

	unsetenv("MAKEFLAGS");
	js = jobserver_open(1);
	ck_assert_int_eq(jobserver_slots(js), 1);
	ck_assert_int_eq(jobserver_try_take(js), 0);
	jobserver_close(js);
}
END_TEST

START_TEST(test_bad_jobs)
{
	char *diag;

	unsetenv("MAKEFLAGS");
	diag_begin();
	ck_assert_ptr_null(jobserver_open(0));
	diag = diag_end();
	ck_assert_str_eq(diag, "hdrtest: error: -j0: the number of jobs must be at least 1\n");
	free(diag);
}
END_TEST

/* The pipe's fds are close-on-exec but in a child that is to share them. */
START_TEST(test_child_fds)
{
	struct jobserver *js;
	int r, w, st;
	pid_t pid;

	unsetenv("MAKEFLAGS");
	js = jobserver_open(2);
	own_fds(js, &r, &w);
	ck_assert(cloexec(r) && cloexec(w));
	pid = fork();
	if (pid == 0) {
		jobserver_child(js);
		_exit(cloexec(r) || cloexec(w));
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the fds stayed close-on-exec in the child");
	ck_assert(cloexec(r) && cloexec(w));
	jobserver_close(js);
}
END_TEST

/* Join make's pipe named as flag (--jobserver-auth= or --jobserver-fds=)
 * holding three different tokens: all three are taken without blocking
 * and touching the shared fd's mode, the same three come back. */
static void join_pipe(const char *flag)
{
	struct jobserver *js;
	char *mf, *back, *diag;
	int fds[2];

	make_pipe(fds, "+-*");
	mf = xasprintf("s -j4 %s%d,%d -- V=1", flag, fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	diag_begin();
	js = jobserver_open(8);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	ck_assert_ptr_nonnull(js);
	ck_assert_int_eq(jobserver_slots(js), 0);
	ck_assert_str_eq(jobserver_makeflags(js), mf);
	ck_assert_int_eq(take_all(js), 3);
	/* a description of our own: make's stays blocking, as make wants */
	ck_assert(is_blocking(fds[0]));
	ck_assert_int_ne(jobserver_poll_fd(js), fds[0]);
	jobserver_close(js);
	/* make's fds are not ours to close */
	ck_assert_int_ge(fcntl(fds[0], F_GETFD), 0);
	ck_assert_int_ge(fcntl(fds[1], F_GETFD), 0);
	back = drain_sorted(fds[0]);
	ck_assert_str_eq(back, "*+-");
	free(back);
	free(diag);
	free(mf);
	close(fds[0]);
	close(fds[1]);
	unsetenv("MAKEFLAGS");
}

START_TEST(test_join_auth)
{
	join_pipe("--jobserver-auth=");
}
END_TEST

START_TEST(test_join_fds)
{
	join_pipe("--jobserver-fds=");
}
END_TEST

/* make says to use the last --jobserver-auth; one after an escaped space
 * (a dir with a space) or in a variable's value (after "--") is no
 * option at all. */
START_TEST(test_join_last)
{
	struct jobserver *js;
	char *mf, *back, *diag;
	int fds[2];

	make_pipe(fds, "+");
	mf = xasprintf(" --jobserver-auth=97,98 -j4 --jobserver-auth=%d,%d -I/x\\ --jobserver-auth=97,98 "
		       "-- X=--jobserver-auth=97,98",
		       fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	diag_begin();
	js = jobserver_open(8);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	ck_assert_int_eq(jobserver_slots(js), 0);
	ck_assert_int_eq(take_all(js), 1);
	jobserver_close(js);
	back = drain_sorted(fds[0]);
	ck_assert_str_eq(back, "+");
	free(back);
	free(diag);
	free(mf);
}
END_TEST

/* make 4.4's fifo: tokens from it, the same bytes back. */
START_TEST(test_join_fifo)
{
	struct jobserver *js;
	char *dir = tmp_dir(), *path = xasprintf("%s/fifo", dir), *mf, *back;
	int holder;

	ck_assert_int_eq(mkfifo(path, 0600), 0);
	holder = open(path, O_RDWR);
	ck_assert_int_ge(holder, 0);
	ck_assert_int_eq(write(holder, "ab", 2), 2);
	mf = xasprintf(" -j3 --jobserver-auth=fifo:%s", path);
	setenv("MAKEFLAGS", mf, 1);
	js = jobserver_open(8);
	ck_assert_ptr_nonnull(js);
	ck_assert_int_eq(jobserver_slots(js), 0);
	ck_assert_str_eq(jobserver_makeflags(js), mf);
	ck_assert_int_eq(take_all(js), 2);
	jobserver_close(js);
	back = drain_sorted(holder);
	ck_assert_str_eq(back, "ab");
	free(back);
	free(mf);
	free(path);
	free(dir);
	close(holder);
}
END_TEST

/* A jobserver we cannot use: the warning (want in it), then our own pool
 * of one slot, whose makeflags keep mf's other words. */
static void unusable(const char *mf, const char *want_warning, const char *want_flags)
{
	struct jobserver *js;
	char *diag, *flags;
	int r, w;

	setenv("MAKEFLAGS", mf, 1);
	diag_begin();
	js = jobserver_open(8);
	diag = diag_end();
	ck_assert_ptr_nonnull(js);
	if (*want_warning)
		ck_assert_msg(strstr(diag, want_warning) != NULL, "'%s' lacks '%s'", diag, want_warning);
	else
		ck_assert_str_eq(diag, "");
	ck_assert_int_eq(jobserver_slots(js), 1);
	ck_assert_int_eq(jobserver_try_take(js), 0);
	own_fds(js, &r, &w);
	flags = xasprintf(want_flags, r, w);
	ck_assert_str_eq(jobserver_makeflags(js), flags);
	jobserver_close(js);
	free(flags);
	free(diag);
	unsetenv("MAKEFLAGS");
}

/* A recipe without '+': make names fds that are not open in us. */
START_TEST(test_closed_fds)
{
	unusable("ks -j4 --jobserver-auth=98,99 -- V=1 X=a\\ b",
		 "hdrtest: warning: jobserver unavailable: using -j1.  Add '+' to parent make rule (fd 98 is not open)\n",
		 "ks -j1 --jobserver-auth=%d,%d -- V=1 X=a\\ b");
}
END_TEST

START_TEST(test_not_a_pipe)
{
	char *dir = tmp_dir(), *path = put_file(dir, "f", "");
	int fd = open(path, O_RDONLY);
	char *mf = xasprintf(" -j4 --jobserver-auth=%d,%d", fd, fd), *want;

	want = xasprintf("(fds %d and %d are not the two ends of a pipe)", fd, fd);
	unusable(mf, want, " -j1 --jobserver-auth=%d,%d");
	free(want);
	free(mf);
	free(path);
	free(dir);
}
END_TEST

START_TEST(test_missing_fifo)
{
	unusable(" -j4 --jobserver-auth=fifo:/nonexistent/hdrtest-fifo",
		 "hdrtest: warning: jobserver unavailable: using -j1 (cannot open the fifo "
		 "/nonexistent/hdrtest-fifo: No such file or directory)\n",
		 " -j1 --jobserver-auth=%d,%d");
}
END_TEST

START_TEST(test_malformed)
{
	unusable(" -j4 --jobserver-auth=3", "--jobserver-auth=3, which names neither fds nor a fifo",
		 " -j1 --jobserver-auth=%d,%d");
}
END_TEST

/* Negative fds: make's "no jobserver for this one"; -j1 without a word. */
START_TEST(test_negative_fds)
{
	unusable(" -j4 --jobserver-auth=-2,-2", "", " -j1 --jobserver-auth=%d,%d");
}
END_TEST

/* MAKEFLAGS without a jobserver: our own of jobs slots, its flags kept. */
START_TEST(test_flags_kept)
{
	struct jobserver *js;
	char *want;
	int r, w;

	setenv("MAKEFLAGS", "s -j -- V=1", 1);
	js = jobserver_open(3);
	ck_assert_int_eq(jobserver_slots(js), 3);
	own_fds(js, &r, &w);
	want = xasprintf("s -j3 --jobserver-auth=%d,%d -- V=1", r, w);
	ck_assert_str_eq(jobserver_makeflags(js), want);
	jobserver_close(js);
	free(want);
	unsetenv("MAKEFLAGS");
}
END_TEST

/* Without /proc: make's shared fd itself, read under an alarm, never
 * blocking for long nor left non-blocking. */
START_TEST(test_no_proc)
{
	struct jobserver *js;
	struct timespec t0, t1;
	char *mf, *back;
	int fds[2];

	make_pipe(fds, "xy");
	mf = xasprintf(" -j3 --jobserver-auth=%d,%d", fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	jobserver_fd_dir = "/nonexistent";
	js = jobserver_open(8);
	ck_assert_int_eq(jobserver_poll_fd(js), fds[0]);
	ck_assert_int_eq(jobserver_try_take(js), 1);
	ck_assert_int_eq(jobserver_try_take(js), 1);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ck_assert_int_eq(jobserver_try_take(js), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ck_assert_int_lt((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000, 500);
	ck_assert(is_blocking(fds[0]));
	jobserver_close(js);
	jobserver_fd_dir = "/proc/self/fd";
	back = drain_sorted(fds[0]);
	ck_assert_str_eq(back, "xy");
	free(back);
	free(mf);
	unsetenv("MAKEFLAGS");
}
END_TEST

/* A process that exits holding tokens gives them back; a child it forked
 * that exits does not give back its parent's. */
START_TEST(test_exit_gives_back)
{
	char *mf, *back;
	int fds[2], st;
	pid_t pid;

	make_pipe(fds, "xy");
	mf = xasprintf(" -j3 --jobserver-auth=%d,%d", fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	pid = fork();
	if (pid == 0) {
		struct jobserver *js = jobserver_open(8);
		pid_t kid;
		char c;

		if (jobserver_try_take(js) != 1 || jobserver_try_take(js) != 1)
			_exit(3);
		kid = fork();
		if (kid == 0)
			exit(0);
		waitpid(kid, NULL, 0);
		fcntl(fds[0], F_SETFL, O_NONBLOCK);
		if (read(fds[0], &c, 1) != -1)
			_exit(4);	/* the forked child gave back ours */
		exit(0);	/* no jobserver_close() */
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child: status %#x", st);
	back = drain_sorted(fds[0]);
	ck_assert_str_eq(back, "xy");
	free(back);
	free(mf);
	unsetenv("MAKEFLAGS");
}
END_TEST

Suite *jobserver_suite(void)
{
	Suite *s = suite_create("jobserver");
	TCase *own = tcase_create("own");
	TCase *join = tcase_create("join");

	tcase_add_test(own, test_own_tokens);
	tcase_add_test(own, test_own_one_slot);
	tcase_add_test(own, test_bad_jobs);
	tcase_add_test(own, test_child_fds);
	tcase_add_test(own, test_flags_kept);
	suite_add_tcase(s, own);
	tcase_add_test(join, test_join_auth);
	tcase_add_test(join, test_join_fds);
	tcase_add_test(join, test_join_last);
	tcase_add_test(join, test_join_fifo);
	tcase_add_test(join, test_closed_fds);
	tcase_add_test(join, test_not_a_pipe);
	tcase_add_test(join, test_missing_fifo);
	tcase_add_test(join, test_malformed);
	tcase_add_test(join, test_negative_fds);
	tcase_add_test(join, test_no_proc);
	tcase_add_test(join, test_exit_gives_back);
	suite_add_tcase(s, join);
	return s;
}

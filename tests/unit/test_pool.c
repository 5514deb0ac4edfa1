// SPDX-License-Identifier: GPL-2.0
/* The job pool (gen/exec/pool.c): parallelism within the jobserver's slots,
 * order, statuses, logs, what each child gets, the end on a signal. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "helpers.h"
#include "exec/jobserver.h"
#include "exec/pool.h"
#include "suites.h"
#include "base/util.h"

/* A test's job: sh -c script, id its name in the orders below. */
struct tjob {
	struct pool_job job;
	char *argv[4];
	char *script;
	char id;
};

/* What the callbacks saw: jobs running now and at most, the ids in the
 * order they started and ended. */
static int running, max_running;
static char started_order[64], done_order[64];

static void on_started(struct pool_job *job)
{
	struct tjob *t = job->data;
	size_t n = strlen(started_order);

	started_order[n] = t->id;
	started_order[n + 1] = '\0';
	if (++running > max_running)
		max_running = running;
}

static void on_done(struct pool_job *job)
{
	struct tjob *t = job->data;
	size_t n = strlen(done_order);

	done_order[n] = t->id;
	done_order[n + 1] = '\0';
	running--;
}

static void reset_counts(void)
{
	running = max_running = 0;
	started_order[0] = done_order[0] = '\0';
}

static struct tjob *sh_job(char id, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static struct tjob *sh_job(char id, const char *fmt, ...)
{
	struct tjob *t = xcalloc(1, sizeof(*t));
	va_list ap;

	va_start(ap, fmt);
	ck_assert_int_ge(vasprintf(&t->script, fmt, ap), 0);
	va_end(ap);
	t->argv[0] = "sh";
	t->argv[1] = "-c";
	t->argv[2] = t->script;
	t->job.argv = t->argv;
	t->job.data = t;
	t->id = id;
	return t;
}

static void add(struct pool *p, struct tjob *t)
{
	pool_add(p, &t->job, on_started, on_done);
}

static void free_job(struct tjob *t)
{
	free(t->script);
	free(t);
}

/* Our own jobserver of n slots, whatever make runs the tests. */
static struct jobserver *own(int n)
{
	struct jobserver *js;

	unsetenv("MAKEFLAGS");
	js = jobserver_open(n);
	ck_assert_ptr_nonnull(js);
	return js;
}

static int take_all(struct jobserver *js)
{
	int n = 0;

	while (jobserver_try_take(js) == 1)
		n++;
	while (jobserver_held(js))
		jobserver_give(js);
	return n;
}

/* Three slots: three jobs run at once (each waits, up to 3 s, until three
 * have started), never more, started in the order added; every token is
 * back in the pipe afterwards. */
START_TEST(test_three_slots)
{
	struct jobserver *js = own(3);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir();
	struct tjob *t[6];
	int i;

	reset_counts();
	for (i = 0; i < 6; i++) {
		t[i] = sh_job('1' + i, "echo x >> %s/started; n=0; "
			      "while [ $(wc -l < %s/started) -lt 3 ]; do "
			      "n=$((n+1)); [ $n -lt 300 ] || exit 1; sleep 0.01; done", dir, dir);
		add(p, t[i]);
	}
	ck_assert_int_eq(pool_run(p), 0);
	for (i = 0; i < 6; i++) {
		ck_assert_msg(t[i]->job.status == 0, "job %d did not see 3 jobs running", i + 1);
		free_job(t[i]);
	}
	ck_assert_int_eq(max_running, 3);
	ck_assert_str_eq(started_order, "123456");
	ck_assert_int_eq(strlen(done_order), 6);
	ck_assert_int_eq(jobserver_held(js), 0);
	ck_assert_int_eq(take_all(js), 2);
	pool_free(p);
	jobserver_close(js);
	free(dir);
}
END_TEST

/* One slot (our own jobserver of one, or none): one job after the other,
 * in the order added. */
static void one_slot(struct jobserver *js)
{
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *log = xasprintf("%s/log", dir);
	struct tjob *t[3];
	int i;

	reset_counts();
	for (i = 0; i < 3; i++) {
		t[i] = sh_job('1' + i, "echo s%d >> %s; sleep 0.05; echo e%d >> %s", i + 1, log, i + 1, log);
		add(p, t[i]);
	}
	ck_assert_int_eq(pool_run(p), 0);
	assert_file(log, "s1\ne1\ns2\ne2\ns3\ne3\n");
	ck_assert_int_eq(max_running, 1);
	ck_assert_str_eq(started_order, "123");
	ck_assert_str_eq(done_order, "123");
	for (i = 0; i < 3; i++)
		free_job(t[i]);
	pool_free(p);
	free(log);
	free(dir);
}

START_TEST(test_one_slot)
{
	struct jobserver *js = own(1);

	one_slot(js);
	jobserver_close(js);
}
END_TEST

START_TEST(test_no_jobserver)
{
	one_slot(NULL);
}
END_TEST

/* FIFO at one slot, many jobs: their output in the order added. */
START_TEST(test_fifo)
{
	struct jobserver *js = own(1);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *log = xasprintf("%s/log", dir);
	struct tjob *t[9];
	int i;

	reset_counts();
	for (i = 0; i < 9; i++) {
		t[i] = sh_job('1' + i, "echo %d >> %s", i + 1, log);
		add(p, t[i]);
	}
	ck_assert_int_eq(pool_run(p), 0);
	assert_file(log, "1\n2\n3\n4\n5\n6\n7\n8\n9\n");
	ck_assert_str_eq(done_order, "123456789");
	for (i = 0; i < 9; i++)
		free_job(t[i]);
	pool_free(p);
	jobserver_close(js);
	free(log);
	free(dir);
}
END_TEST

/* Exit statuses, 128 + the signal that killed, the wall time. */
START_TEST(test_status)
{
	static const struct {
		const char *script;
		int status;
	} cases[] = {
		{ "exit 0", 0 },
		{ "exit 3", 3 },
		{ "exit 255", 255 },
		{ "kill -TERM $$", 128 + SIGTERM },
		{ "kill -KILL $$", 128 + SIGKILL },
		{ "sleep 0.1", 0 },
	};
	struct jobserver *js = own(2);
	struct pool *p = pool_new(js);
	struct tjob *t[6];
	size_t i;

	reset_counts();
	for (i = 0; i < 6; i++) {
		t[i] = sh_job('a' + i, "%s", cases[i].script);
		t[i]->job.status = 42;
		add(p, t[i]);
	}
	ck_assert_int_eq(pool_run(p), 0);
	for (i = 0; i < 6; i++)
		ck_assert_msg(t[i]->job.status == cases[i].status, "%s: status %d, want %d", cases[i].script,
			      t[i]->job.status, cases[i].status);
	ck_assert_int_ge(t[5]->job.ms, 100);
	ck_assert_int_lt(t[5]->job.ms, 5000);
	ck_assert_int_lt(t[0]->job.ms, t[5]->job.ms);
	for (i = 0; i < 6; i++)
		free_job(t[i]);
	pool_free(p);
	jobserver_close(js);
}
END_TEST

/* stdout and stderr into the log, truncated first; no log: ours. */
START_TEST(test_log)
{
	struct jobserver *js = own(2);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *log = put_file(dir, "log", "old text, longer than the new\n"), *out;
	struct tjob *a = sh_job('a', "echo out; echo err >&2; echo out2");
	struct tjob *b = sh_job('b', "echo inherited");

	reset_counts();
	a->job.log = log;
	add(p, a);
	add(p, b);
	stdout_begin();
	ck_assert_int_eq(pool_run(p), 0);
	out = stdout_end();
	assert_file(log, "out\nerr\nout2\n");
	ck_assert_str_eq(out, "inherited\n");
	free(out);
	free_job(a);
	free_job(b);
	pool_free(p);
	jobserver_close(js);
	free(log);
	free(dir);
}
END_TEST

/* What cannot start is status -1 with why, after started() and with
 * done(); the jobs after it run. */
START_TEST(test_cannot_start)
{
	struct jobserver *js = own(1);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *want;
	struct tjob *t[4];
	int i;

	reset_counts();
	t[0] = sh_job('a', "true");
	t[0]->argv[0] = "hdrtest-no-such-program";
	t[1] = sh_job('b', "true");
	t[1]->job.log = xasprintf("%s/no/log", dir);
	t[2] = sh_job('c', "true");
	t[2]->job.dir = xasprintf("%s/no", dir);
	t[3] = sh_job('d', "exit 7");
	for (i = 0; i < 4; i++)
		add(p, t[i]);
	ck_assert_int_eq(pool_run(p), 0);
	ck_assert_str_eq(started_order, "abcd");
	ck_assert_str_eq(done_order, "abcd");
	ck_assert_int_eq(t[0]->job.status, -1);
	ck_assert_str_eq(t[0]->job.why, "cannot run hdrtest-no-such-program: No such file or directory");
	ck_assert_int_eq(t[1]->job.status, -1);
	want = xasprintf("cannot create %s/no/log: No such file or directory", dir);
	ck_assert_str_eq(t[1]->job.why, want);
	free(want);
	ck_assert_int_eq(t[2]->job.status, -1);
	want = xasprintf("cannot change to %s/no: No such file or directory", dir);
	ck_assert_str_eq(t[2]->job.why, want);
	free(want);
	ck_assert_int_eq(t[3]->job.status, 7);
	ck_assert_str_eq(t[3]->job.why, "");
	free((char *)t[1]->job.log);
	free((char *)t[2]->job.dir);
	for (i = 0; i < 4; i++)
		free_job(t[i]);
	pool_free(p);
	jobserver_close(js);
	free(dir);
}
END_TEST

/* done() adds a job (a derived config's prepare after its seed's). */
static struct pool *adding_pool;
static struct tjob *added;

static void done_adding(struct pool_job *job)
{
	on_done(job);
	added = sh_job('b', "exit 5");
	add(adding_pool, added);
}

START_TEST(test_done_adds)
{
	struct jobserver *js = own(2);
	struct tjob *a = sh_job('a', "true");

	reset_counts();
	adding_pool = pool_new(js);
	pool_add(adding_pool, &a->job, on_started, done_adding);
	ck_assert_int_eq(pool_run(adding_pool), 0);
	ck_assert_str_eq(started_order, "ab");
	ck_assert_str_eq(done_order, "ab");
	ck_assert_int_eq(added->job.status, 5);
	free_job(a);
	free_job(added);
	pool_free(adding_pool);
	jobserver_close(js);
}
END_TEST

/* The child's environment (ours, the job's on top, the jobserver's
 * MAKEFLAGS) and dir. */
START_TEST(test_env_dir)
{
	struct jobserver *js = own(2);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *log = xasprintf("%s/log", dir), *want, *real;
	char *env[] = { "HT_POOL_A=job's", NULL };
	struct tjob *t = sh_job('a', "pwd; echo \"$HT_POOL_A,$HT_POOL_B\"; echo \"$MAKEFLAGS\"");

	reset_counts();
	setenv("HT_POOL_A", "ours", 1);
	setenv("HT_POOL_B", "also ours", 1);
	setenv("MAKEFLAGS", "not the jobserver's", 1);
	t->job.env = env;
	t->job.dir = dir;
	t->job.log = log;
	add(p, t);
	ck_assert_int_eq(pool_run(p), 0);
	real = realpath(dir, NULL);
	want = xasprintf("%s\njob's,also ours\n%s\n", real, jobserver_makeflags(js));
	assert_file(log, want);
	unsetenv("HT_POOL_A");
	unsetenv("HT_POOL_B");
	unsetenv("MAKEFLAGS");
	free(want);
	free(real);
	free_job(t);
	pool_free(p);
	jobserver_close(js);
	free(log);
	free(dir);
}
END_TEST

/* A signal set from /proc/PID/status (name "SigIgn", ...), without the
 * signals the C library keeps for itself (32 and 33 for glibc), which
 * no program can reset: they may be ignored by whoever runs the tests. */
static unsigned long long sig_field(const char *status, const char *name)
{
	char *key = xasprintf("\n%s:\t", name);
	const char *s = strstr(status, key);
	unsigned long long set;
	int sig;

	ck_assert_msg(s != NULL, "no %s in %s", name, status);
	set = strtoull(s + strlen(key), NULL, 16);
	for (sig = 32; sig < SIGRTMIN; sig++)
		set &= ~(1ULL << (sig - 1));
	free(key);
	return set;
}

/* Each child: no signal ignored or blocked (whatever ours are), stdin
 * from /dev/null, a process group of its own.  Ours are as they were. */
START_TEST(test_child_state)
{
	struct jobserver *js = own(2);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *logs[3], *text, *in;
	char *status[] = { "cat", "/proc/self/status", NULL };
	char *stat[] = { "cat", "/proc/self/stat", NULL };
	char *stdin_is[] = { "readlink", "/proc/self/fd/0", NULL };
	char **argvs[] = { status, stat, stdin_is };
	struct tjob *t[3];
	struct sigaction sa, old_int;
	sigset_t usr1, mask;
	int i, pid, pgid, saved_stdin, in_fd;

	reset_counts();
	sigaction(SIGINT, NULL, &old_int);
	signal(SIGINT, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	for (i = 0; i < 3; i++) {
		t[i] = sh_job('a' + i, "unused");
		t[i]->job.argv = argvs[i];
		t[i]->job.log = logs[i] = xasprintf("%s/log%d", dir, i);
		add(p, t[i]);
	}
	/* ours is not /dev/null while it runs */
	in = put_file(dir, "in", "");
	saved_stdin = dup(0);
	in_fd = open(in, O_RDONLY);
	ck_assert_int_eq(dup2(in_fd, 0), 0);
	close(in_fd);
	free(in);
	ck_assert_int_eq(pool_run(p), 0);
	text = slurp(logs[0]);
	dup2(saved_stdin, 0);
	close(saved_stdin);
	ck_assert_msg(sig_field(text, "SigBlk") == 0, "blocked: %s", text);
	ck_assert_msg(sig_field(text, "SigIgn") == 0, "ignored: %s", text);
	free(text);
	text = slurp(logs[1]);
	ck_assert_int_eq(sscanf(text, "%d (cat) %*c %*d %d", &pid, &pgid), 2);
	ck_assert_int_eq(pid, pgid);
	ck_assert_int_ne(pgid, getpgrp());
	free(text);
	text = slurp(logs[2]);
	ck_assert_str_eq(text, "/dev/null\n");
	free(text);

	sigaction(SIGCHLD, NULL, &sa);
	ck_assert(sa.sa_handler == SIG_DFL);
	sigaction(SIGINT, NULL, &sa);
	ck_assert(sa.sa_handler == SIG_DFL);
	sigaction(SIGHUP, NULL, &sa);
	ck_assert(sa.sa_handler == SIG_IGN);
	sigprocmask(SIG_BLOCK, NULL, &mask);
	ck_assert(sigismember(&mask, SIGUSR1));
	ck_assert(!sigismember(&mask, SIGCHLD));
	sigprocmask(SIG_UNBLOCK, &usr1, NULL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	sigaction(SIGINT, &old_int, NULL);
	for (i = 0; i < 3; i++) {
		free_job(t[i]);
		free(logs[i]);
	}
	pool_free(p);
	jobserver_close(js);
	free(dir);
}
END_TEST

static long cpu_ms(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000L + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
}

/* Waiting costs no CPU: with tokens free that no job needs, and with a
 * job waiting for a token that does not come until a job ends. */
START_TEST(test_no_busy_wait)
{
	struct jobserver *js = own(3);
	struct pool *p = pool_new(js);
	struct tjob *a = sh_job('a', "sleep 0.3"), *b, *c;
	long t0;

	reset_counts();
	add(p, a);
	t0 = cpu_ms();
	ck_assert_int_eq(pool_run(p), 0);
	ck_assert_int_lt(cpu_ms() - t0, 100);
	pool_free(p);
	jobserver_close(js);

	js = own(1);
	p = pool_new(js);
	b = sh_job('b', "sleep 0.2");
	c = sh_job('c', "sleep 0.2");
	add(p, b);
	add(p, c);
	t0 = cpu_ms();
	ck_assert_int_eq(pool_run(p), 0);
	ck_assert_int_lt(cpu_ms() - t0, 100);
	free_job(a);
	free_job(b);
	free_job(c);
	pool_free(p);
	jobserver_close(js);
}
END_TEST

/* make's jobserver, made by the test: tokens the jobs no longer need go
 * back while others still run, and all of them (the same bytes) by the
 * end. */
static int peek_fd = -1;
static int tokens_seen = -1;

static void count_tokens(struct pool_job *job)
{
	char buf[16];
	ssize_t n = read(peek_fd, buf, sizeof(buf));

	on_done(job);
	tokens_seen = n < 0 ? 0 : n;
	if (n > 0)
		ck_assert_int_eq(write(peek_fd + 1, buf, n), n);
}

START_TEST(test_tokens_back)
{
	struct jobserver *js;
	struct pool *p;
	struct tjob *t[3];
	char *mf, *path, buf[16];
	int fds[2], i;
	ssize_t n;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], "ab", 2), 2);
	mf = xasprintf(" -j3 --jobserver-auth=%d,%d", fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	js = jobserver_open(8);
	ck_assert_int_eq(jobserver_slots(js), 0);
	/* the callback's own non-blocking look at the pipe: peek_fd, and
	 * peek_fd + 1 to put back what it read */
	path = xasprintf("/proc/self/fd/%d", fds[0]);
	peek_fd = open(path, O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(peek_fd, 0);
	ck_assert_int_eq(dup2(fds[1], peek_fd + 1), peek_fd + 1);

	reset_counts();
	p = pool_new(js);
	t[0] = sh_job('a', "sleep 0.4");
	t[1] = sh_job('b', "true");
	t[2] = sh_job('c', "true");
	pool_add(p, &t[0]->job, on_started, count_tokens);
	add(p, t[1]);
	add(p, t[2]);
	ck_assert_int_eq(pool_run(p), 0);
	ck_assert_int_eq(max_running, 3);
	ck_assert_msg(tokens_seen == 2, "when the last job ended, %d tokens were back, not 2", tokens_seen);
	ck_assert_int_eq(jobserver_held(js), 0);
	n = read(peek_fd, buf, sizeof(buf));
	ck_assert_int_eq(n, 2);
	ck_assert(!memcmp(buf, "ab", 2) || !memcmp(buf, "ba", 2));
	for (i = 0; i < 3; i++)
		free_job(t[i]);
	pool_free(p);
	jobserver_close(js);
	unsetenv("MAKEFLAGS");
	free(path);
	free(mf);
}
END_TEST

/* A token that another client of make's jobserver gives back while our
 * job runs wakes the pool: the job waiting for it starts then, not when
 * the running job ends (here job a gives the token and waits for b). */
START_TEST(test_token_arrives)
{
	struct jobserver *js;
	struct pool *p;
	struct tjob *a, *b;
	char *mf, *dir = tmp_dir(), buf[4];
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	mf = xasprintf(" -j2 --jobserver-auth=%d,%d", fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	js = jobserver_open(8);
	p = pool_new(js);
	reset_counts();
	a = sh_job('a', "sleep 0.1; printf + >&%d; n=0; while [ ! -e %s/b ]; do "
		   "n=$((n+1)); [ $n -lt 300 ] || exit 1; sleep 0.01; done", fds[1], dir);
	b = sh_job('b', "touch %s/b", dir);
	add(p, a);
	add(p, b);
	ck_assert_int_eq(pool_run(p), 0);
	ck_assert_msg(a->job.status == 0, "b did not start while a ran");
	ck_assert_int_eq(b->job.status, 0);
	ck_assert_int_eq(max_running, 2);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	ck_assert_int_eq(read(fds[0], buf, sizeof(buf)), 1);
	free_job(a);
	free_job(b);
	pool_free(p);
	jobserver_close(js);
	unsetenv("MAKEFLAGS");
	close(fds[0]);
	close(fds[1]);
	free(mf);
	free(dir);
}
END_TEST

/* make's jobserver gone (its pipe has no writer left): an error, and the
 * jobs still run, one at a time in our implicit slot; pool_run says -1. */
START_TEST(test_jobserver_gone)
{
	struct jobserver *js;
	struct pool *p;
	struct tjob *t[3];
	char *mf, *diag;
	int fds[2], i;

	ck_assert_int_eq(pipe(fds), 0);
	mf = xasprintf(" -j2 --jobserver-auth=%d,%d", fds[0], fds[1]);
	setenv("MAKEFLAGS", mf, 1);
	js = jobserver_open(8);
	close(fds[1]);
	p = pool_new(js);
	reset_counts();
	for (i = 0; i < 3; i++) {
		t[i] = sh_job('1' + i, "exit %d", i);
		add(p, t[i]);
	}
	diag_begin();
	ck_assert_int_eq(pool_run(p), -1);
	diag = diag_end();
	ck_assert_str_eq(diag, "hdrtest: error: cannot read from the jobserver: it was closed\n");
	ck_assert_str_eq(done_order, "123");
	ck_assert_int_eq(max_running, 1);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(t[i]->job.status, i);
		free_job(t[i]);
	}
	pool_free(p);
	jobserver_close(js);
	unsetenv("MAKEFLAGS");
	close(fds[0]);
	free(diag);
	free(mf);
}
END_TEST

/* A make run by a job shares our slots: with 3 slots and another job
 * holding one, make runs 2 of its targets at once, not 3 (its -j3 alone)
 * nor 1 (no jobserver). */
START_TEST(test_make_shares)
{
	struct jobserver *js = own(3);
	struct pool *p = pool_new(js);
	char *dir = tmp_dir(), *mk, *text, *s;
	struct tjob *waiter, *make;
	int now = 0, most = 0;

	free(put_file(dir, "Makefile",
		       "all: t1 t2 t3 t4\n\t@touch done\n"
		       "t1 t2 t3 t4:\n\t@echo s >> log; sleep 0.2; echo e >> log\n"
		       ".PHONY: all t1 t2 t3 t4\n"));
	reset_counts();
	/* first, so that it has the implicit slot and make gets a token */
	waiter = sh_job('w', "n=0; while [ ! -e %s/done ]; do n=$((n+1)); [ $n -lt 300 ] || exit 1; sleep 0.02; done",
			dir);
	make = sh_job('m', "exec make --no-print-directory");
	make->job.dir = dir;
	mk = xasprintf("%s/make.log", dir);
	make->job.log = mk;
	add(p, waiter);
	add(p, make);
	ck_assert_int_eq(pool_run(p), 0);
	text = slurp(mk);
	ck_assert_msg(make->job.status == 0 && !*text, "make: status %d: %s", make->job.status, text);
	ck_assert_int_eq(waiter->job.status, 0);
	free(text);
	text = xasprintf("%s/log", dir);
	free(mk);
	mk = text;
	text = slurp(mk);
	for (s = text; *s; s++) {
		now += *s == 's' ? 1 : *s == 'e' ? -1 : 0;
		if (now > most)
			most = now;
	}
	ck_assert_msg(most == 2, "make ran %d targets at once, not 2", most);
	free(text);
	free(mk);
	free_job(waiter);
	free_job(make);
	pool_free(p);
	jobserver_close(js);
	free(dir);
}
END_TEST

/* Told to end (SIGTERM, SIGINT) while jobs run and one waits: a process
 * running a pool kills its children's groups (one ignoring the signal gets
 * SIGKILL after the grace), gives make's tokens back and dies of that
 * signal; the job that waited never starts. */
static const int end_signals[] = { SIGTERM, SIGINT };

static int read_pid(const char *path)
{
	char *text = slurp(path);
	int pid = atoi(text);

	free(text);
	return pid;
}

/* pid is gone (or a zombie nobody reaps in this container) */
static int gone(int pid)
{
	char *path = xasprintf("/proc/%d/stat", pid), *text, *paren;
	int ret = 1;

	if (kill(pid, 0) == 0 && (text = read_first_line(path))) {
		paren = strrchr(text, ')');
		ret = paren && paren[1] && paren[2] == 'Z';
		free(text);
	}
	free(path);
	return ret;
}

START_TEST(test_interrupt)
{
	int sig = end_signals[_i], fds[2], st, i, pids[3];
	const char *names[] = { "pid1", "grandchild", "stubborn" };
	char *dir = tmp_dir(), *mf, *path, *back;
	struct timespec t0 = { 0, 10 * 1000 * 1000 };
	pid_t x;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], "ab", 2), 2);
	mf = xasprintf(" -j3 --jobserver-auth=%d,%d", fds[0], fds[1]);
	x = fork();
	if (x == 0) {
		struct jobserver *js;
		struct pool *p;

		setenv("MAKEFLAGS", mf, 1);
		js = jobserver_open(8);
		p = pool_new(js);
		pool_kill_grace_ms = 300;
		add(p, sh_job('1', "echo $$ > %s/pid1.tmp; mv %s/pid1.tmp %s/pid1; exec sleep 30", dir, dir, dir));
		/* a child of the job: only the group's signal reaches it */
		add(p, sh_job('2', "sh -c 'echo $$ > %s/g.tmp; mv %s/g.tmp %s/grandchild; sleep 30; true'; true",
			      dir, dir, dir));
		add(p, sh_job('3', "trap '' INT TERM; echo $$ > %s/s.tmp; mv %s/s.tmp %s/stubborn; "
			      "n=0; while [ $n -lt 200 ]; do sleep 0.05; n=$((n+1)); done", dir, dir, dir));
		add(p, sh_job('4', "touch %s/late", dir));
		pool_run(p);
		_exit(99);
	}
	for (i = 0; i < 3; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		for (st = 0; st < 300 && !file_exists(path); st++)
			nanosleep(&t0, NULL);
		ck_assert_msg(file_exists(path), "%s never started", names[i]);
		pids[i] = read_pid(path);
		free(path);
	}
	ck_assert_int_eq(kill(x, sig), 0);
	ck_assert_int_eq(waitpid(x, &st, 0), x);
	ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == sig, "status %#x, want death by signal %d", st, sig);
	for (i = 0; i < 3; i++) {
		for (st = 0; st < 100 && !gone(pids[i]); st++)
			nanosleep(&t0, NULL);
		ck_assert_msg(gone(pids[i]), "%s (%d) is still there", names[i], pids[i]);
	}
	path = xasprintf("%s/late", dir);
	ck_assert(!file_exists(path));
	free(path);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	back = xcalloc(1, 8);
	ck_assert_int_eq(read(fds[0], back, 7), 2);
	ck_assert_msg(!strcmp(back, "ab") || !strcmp(back, "ba"), "tokens back: '%s'", back);
	free(back);
	free(mf);
	free(dir);
	close(fds[0]);
	close(fds[1]);
}
END_TEST

Suite *pool_suite(void)
{
	Suite *s = suite_create("pool");
	TCase *tc = tcase_create("pool");
	TCase *make = tcase_create("make");

	tcase_add_test(tc, test_three_slots);
	tcase_add_test(tc, test_one_slot);
	tcase_add_test(tc, test_no_jobserver);
	tcase_add_test(tc, test_fifo);
	tcase_add_test(tc, test_status);
	tcase_add_test(tc, test_log);
	tcase_add_test(tc, test_cannot_start);
	tcase_add_test(tc, test_done_adds);
	tcase_add_test(tc, test_env_dir);
	tcase_add_test(tc, test_child_state);
	tcase_add_test(tc, test_no_busy_wait);
	tcase_add_test(tc, test_tokens_back);
	tcase_add_test(tc, test_token_arrives);
	tcase_add_test(tc, test_jobserver_gone);
	tcase_add_loop_test(tc, test_interrupt, 0, 2);
	tcase_set_timeout(tc, 20);
	suite_add_tcase(s, tc);
	tcase_add_test(make, test_make_shares);
	tcase_set_timeout(make, 20);
	suite_add_tcase(s, make);
	return s;
}

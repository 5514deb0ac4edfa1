// SPDX-License-Identifier: GPL-2.0
/* The job pool: children run in parallel within the jobserver's slots. */
#define _GNU_SOURCE
#include "exec/pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "exec/jobserver.h"

int pool_kill_grace_ms = 2000;

/* A job in the pool: queued (pid 0, on the queue) or running (pid > 0, in
 * the pool's run[]); t0 is when it was started. */
struct entry {
	struct pool_job *job;
	void (*started)(struct pool_job *);
	void (*done)(struct pool_job *);
	pid_t pid;
	struct timespec t0;
	struct entry *next;
};

/*
 * The pool.  Invariants: queue (appended at *tail) holds the jobs not yet
 * started, in the order added; run[0..nrun) the running ones, in the order
 * started; tokens is how many tokens the pool took from js and holds, and
 * nrun <= 1 + tokens; outside start_ready() no token is held beyond need
 * (tokens <= nrun - 1 or 0).  js_broken: js failed, no more tokens are
 * taken.  failed: pool_run() returns -1.
 */
struct pool {
	struct jobserver *js;
	struct entry *queue, **tail;
	struct entry **run;
	int nrun, cap;
	int tokens;
	int js_broken;
	int failed;
};

/* What ends the wait for events: SIGCHLD and the signals that end us, as a
 * byte on the self-pipe; fatal_sig says which of the latter came. */
static const int caught[] = { SIGCHLD, SIGINT, SIGTERM, SIGHUP };
#define NCAUGHT (int)(sizeof(caught) / sizeof(caught[0]))
static struct sigaction old_action[NCAUGHT];
static int installed[NCAUGHT];
static int sig_pipe[2] = { -1, -1 };
static volatile sig_atomic_t fatal_sig;

/* Child-side failures, sent to the parent over a close-on-exec pipe. */
enum { STAGE_STDIN = 1, STAGE_LOG, STAGE_CHDIR, STAGE_EXEC };
struct child_failure {
	int stage;
	int err;
};

struct pool *pool_new(struct jobserver *js)
{
	struct pool *p = xcalloc(1, sizeof(*p));

	p->js = js;
	p->tail = &p->queue;
	return p;
}

void pool_add(struct pool *p, struct pool_job *job, void (*started)(struct pool_job *),
	      void (*done)(struct pool_job *))
{
	struct entry *e = xcalloc(1, sizeof(*e));

	e->job = job;
	e->started = started;
	e->done = done;
	*p->tail = e;
	p->tail = &e->next;
}

void pool_free(struct pool *p)
{
	struct entry *e, *next;
	int i;

	if (!p)
		return;
	for (e = p->queue; e; e = next) {
		next = e->next;
		free(e);
	}
	for (i = 0; i < p->nrun; i++)
		free(p->run[i]);
	free(p->run);
	free(p);
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000L + (t.tv_nsec - t0->tv_nsec) / 1000000L;
}

static void on_signal(int sig)
{
	int saved = errno;
	unsigned char c = sig;

	if (sig != SIGCHLD)
		fatal_sig = sig;
	if (write(sig_pipe[1], &c, 1) < 0) {
		/* full: a wake-up is pending anyway */
	}
	errno = saved;
}

/* The self-pipe and the handlers (not for a signal that is ignored: a
 * background job stays deaf to ^C): 0, or -1 after an error message. */
static int catch_signals(void)
{
	struct sigaction sa;
	int i;

	if (pipe2(sig_pipe, O_CLOEXEC | O_NONBLOCK))
		return error("cannot make a pipe: %s", strerror(errno));
	fatal_sig = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NCAUGHT; i++)
		sigaddset(&sa.sa_mask, caught[i]);
	for (i = 0; i < NCAUGHT; i++) {
		sigaction(caught[i], NULL, &old_action[i]);
		installed[i] = caught[i] == SIGCHLD || old_action[i].sa_handler != SIG_IGN;
		if (installed[i])
			sigaction(caught[i], &sa, NULL);
	}
	return 0;
}

static void release_signals(void)
{
	int i;

	for (i = 0; i < NCAUGHT; i++)
		if (installed[i])
			sigaction(caught[i], &old_action[i], NULL);
	close(sig_pipe[0]);
	close(sig_pipe[1]);
	sig_pipe[0] = sig_pipe[1] = -1;
}

static void block_caught(sigset_t *old)
{
	sigset_t set;
	int i;

	sigemptyset(&set);
	for (i = 0; i < NCAUGHT; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* Whether the environment entry s (NAME=...) sets name (NAME=...). */
static int same_name(const char *s, const char *name)
{
	size_t n = strcspn(name, "=");

	return !strncmp(s, name, n) && s[n] == '=';
}

/* Our environment with MAKEFLAGS (*makeflags: "MAKEFLAGS=...", the one
 * string allocated here) and then job->env put in.  The caller frees the
 * array and *makeflags. */
static char **child_env(struct pool *p, struct pool_job *job, char **makeflags)
{
	char **env, **e;
	int n = 0, nextra = 0, i, k = 0;

	for (e = environ; *e; e++)
		n++;
	for (e = job->env; e && *e; e++)
		nextra++;
	env = xmalloc((n + nextra + 2) * sizeof(*env));
	*makeflags = p->js ? xasprintf("MAKEFLAGS=%s", jobserver_makeflags(p->js)) : NULL;
	for (e = environ; *e; e++) {
		int replaced = *makeflags && same_name(*e, *makeflags);

		for (i = 0; !replaced && i < nextra; i++)
			replaced = same_name(*e, job->env[i]);
		if (!replaced)
			env[k++] = *e;
	}
	if (*makeflags)
		env[k++] = *makeflags;
	for (i = 0; i < nextra; i++)
		env[k++] = job->env[i];
	env[k] = NULL;
	return env;
}

static void __attribute__((noreturn)) child_fail(int errfd, int stage)
{
	struct child_failure f = { stage, errno };

	if (write(errfd, &f, sizeof(f)) < 0) {
		/* the parent then sees exit status 127 */
	}
	_exit(127);
}

/* In the child: its own process group, default signals, stdin from
 * /dev/null, the log, the dir, the program. */
static void __attribute__((noreturn)) child(struct pool *p, struct pool_job *job, int logfd, int errfd,
					    char **env)
{
	struct sigaction dfl;
	sigset_t none;
	int sig, fd;

	setpgid(0, 0);
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &dfl, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (p->js)
		jobserver_child(p->js);
	fd = open("/dev/null", O_RDONLY);
	if (fd < 0 || dup2(fd, 0) < 0)
		child_fail(errfd, STAGE_STDIN);
	if (fd > 0)
		close(fd);
	if (logfd >= 0 && (dup2(logfd, 1) < 0 || dup2(logfd, 2) < 0))
		child_fail(errfd, STAGE_LOG);
	if (job->dir && chdir(job->dir))
		child_fail(errfd, STAGE_CHDIR);
	execvpe(job->argv[0], job->argv, env);
	child_fail(errfd, STAGE_EXEC);
}

/*
 * vfork, not fork: this process holds the whole plan and catalog (160 MB
 * in a census), and copying its page tables for every one of thousands of
 * compiles was most of our own CPU time.  The child only makes system
 * calls until it execs or _exits, and the caller keeps our signals blocked
 * until the child has set its own to the default.  A function of its own
 * so that no variable of the caller lives across the vfork.
 */
static pid_t spawn(struct pool *p, struct pool_job *job, int logfd, int errfd, char **env)
{
	pid_t pid = vfork();

	if (pid == 0)
		child(p, job, logfd, errfd, env);
	return pid;
}

/* e could not start: status -1, why, done(). */
static void not_started(struct entry *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void not_started(struct entry *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->job->why, sizeof(e->job->why), fmt, ap);
	va_end(ap);
	e->job->status = -1;
	e->job->ms = ms_since(&e->t0);
	if (e->done)
		e->done(e->job);
	free(e);
}

/* Start e: on run[], or, when it cannot start, done() with status -1. */
static void start(struct pool *p, struct entry *e)
{
	struct pool_job *job = e->job;
	struct child_failure f;
	int logfd = -1, errp[2];
	char **env, *makeflags;
	sigset_t old_mask;
	ssize_t n;
	pid_t pid;

	job->status = 0;
	job->ms = 0;
	job->why[0] = '\0';
	if (e->started)
		e->started(job);
	clock_gettime(CLOCK_MONOTONIC, &e->t0);
	if (job->log) {
		logfd = open(job->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (logfd >= 0 && logfd <= 2) {
			int fd = fcntl(logfd, F_DUPFD_CLOEXEC, 3);

			close(logfd);
			logfd = fd;
		}
		if (logfd < 0) {
			not_started(e, "cannot create %s: %s", job->log, strerror(errno));
			return;
		}
	}
	if (pipe2(errp, O_CLOEXEC)) {
		error("cannot make a pipe: %s", strerror(errno));
		p->failed = 1;
		if (logfd >= 0)
			close(logfd);
		not_started(e, "cannot make a pipe: %s", strerror(errno));
		return;
	}
	env = child_env(p, job, &makeflags);
	fflush(NULL);
	block_caught(&old_mask);
	pid = spawn(p, job, logfd, errp[1], env);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	free(env);
	free(makeflags);
	close(errp[1]);
	if (logfd >= 0)
		close(logfd);
	if (pid < 0) {
		error("cannot start %s: fork: %s", job->argv[0], strerror(errno));
		p->failed = 1;
		close(errp[0]);
		not_started(e, "fork: %s", strerror(errno));
		return;
	}
	setpgid(pid, pid);	/* the child does the same: whoever comes first */

	/* EOF once the exec succeeded; a failure else */
	do
		n = read(errp[0], &f, sizeof(f));
	while (n < 0 && errno == EINTR);
	close(errp[0]);
	if (n == sizeof(f)) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		if (f.stage == STAGE_CHDIR)
			not_started(e, "cannot change to %s: %s", job->dir, strerror(f.err));
		else if (f.stage == STAGE_LOG)
			not_started(e, "cannot send the output to %s: %s", job->log, strerror(f.err));
		else if (f.stage == STAGE_STDIN)
			not_started(e, "cannot open /dev/null: %s", strerror(f.err));
		else
			not_started(e, "cannot run %s: %s", job->argv[0], strerror(f.err));
		return;
	}
	e->pid = pid;
	if (p->nrun == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 8;
		p->run = xrealloc(p->run, p->cap * sizeof(*p->run));
	}
	p->run[p->nrun++] = e;
}

/* Start queued jobs while there is a slot: the implicit one, a token held
 * or one the jobserver gives now. */
static void start_ready(struct pool *p)
{
	struct entry *e;
	int r;

	while (p->queue) {
		if (p->nrun >= 1 + p->tokens) {
			if (!p->js || p->js_broken)
				return;
			r = jobserver_try_take(p->js);
			if (r < 0) {
				p->js_broken = 1;
				p->failed = 1;
			}
			if (r <= 0)
				return;
			p->tokens++;
		}
		e = p->queue;
		p->queue = e->next;
		if (!p->queue)
			p->tail = &p->queue;
		e->next = NULL;
		start(p, e);
	}
}

/* Give back the tokens the running jobs do not need. */
static void release_surplus(struct pool *p)
{
	while (p->tokens > 0 && p->tokens >= p->nrun) {
		jobserver_give(p->js);
		p->tokens--;
	}
}

/* Collect the jobs that ended, in the order they started, calling done()
 * if call_done. */
static void reap(struct pool *p, int call_done)
{
	struct entry *e;
	int i = 0, st;
	pid_t r;

	while (i < p->nrun) {
		e = p->run[i];
		r = waitpid(e->pid, &st, WNOHANG);
		if (r == 0 || (r < 0 && errno == EINTR)) {
			i++;
			continue;
		}
		memmove(p->run + i, p->run + i + 1, (p->nrun - i - 1) * sizeof(*p->run));
		p->nrun--;
		e->job->ms = ms_since(&e->t0);
		if (r < 0) {
			error("waitpid %s: %s", e->job->argv[0], strerror(errno));
			p->failed = 1;
			e->job->status = -1;
			snprintf(e->job->why, sizeof(e->job->why), "waitpid: %s", strerror(errno));
		} else {
			e->job->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		}
		if (call_done && e->done)
			e->done(e->job);
		free(e);
	}
}

static void drain_sig_pipe(void)
{
	char buf[64];

	while (read(sig_pipe[0], buf, sizeof(buf)) > 0)
		;
}

/* We were told to end by sig: the children's groups get it too, are
 * waited for (killed after pool_kill_grace_ms), the tokens go back, and we die
 * of sig. */
static void __attribute__((noreturn)) interrupted(struct pool *p, int sig)
{
	struct pollfd pfd = { .fd = sig_pipe[0], .events = POLLIN };
	struct timespec t0;
	sigset_t set;
	long left;
	int i;

	for (i = 0; i < p->nrun; i++)
		kill(-p->run[i]->pid, sig);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		reap(p, 0);
		if (!p->nrun)
			break;
		left = pool_kill_grace_ms - ms_since(&t0);
		if (left <= 0) {
			for (i = 0; i < p->nrun; i++)
				kill(-p->run[i]->pid, SIGKILL);
			for (i = 0; i < p->nrun; i++)
				while (waitpid(p->run[i]->pid, NULL, 0) < 0 && errno == EINTR)
					;
			break;
		}
		if (poll(&pfd, 1, left) > 0)
			drain_sig_pipe();
	}
	for (; p->tokens; p->tokens--)
		jobserver_give(p->js);
	/* and any other token of this process's: it is ending */
	if (p->js)
		jobserver_close(p->js);
	release_signals();
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	fflush(NULL);
	raise(sig);
	_exit(128 + sig);
}

/* Sleep until a child ended, a signal came or (when a job waits for a
 * slot) the jobserver may have a token. */
static void wait_event(struct pool *p)
{
	struct pollfd pfd[2] = {
		{ .fd = sig_pipe[0], .events = POLLIN },
		{ .fd = -1, .events = POLLIN },
	};

	if (p->queue && p->js && !p->js_broken)
		pfd[1].fd = jobserver_poll_fd(p->js);
	if (poll(pfd, 2, -1) < 0 && errno != EINTR) {
		error("poll: %s", strerror(errno));
		p->failed = 1;
	}
	drain_sig_pipe();
}

int pool_run(struct pool *p)
{
	p->failed = 0;
	if (catch_signals())
		return -1;
	for (;;) {
		start_ready(p);
		release_surplus(p);
		/* start_ready() leaves a job queued only with one running */
		if (!p->nrun)
			break;
		wait_event(p);
		if (fatal_sig)
			interrupted(p, fatal_sig);
		reap(p, 1);
	}
	release_signals();
	return p->failed ? -1 : 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/* A pool of child processes run in parallel, as many at once as the
 * jobserver allows (the implicit slot and the tokens we can take), in the
 * order they were added, each with its stdout and stderr in a log file. */
#ifndef HDRTEST_POOL_H
#define HDRTEST_POOL_H

struct jobserver;

/*
 * One job.  The caller fills in the first part and keeps the job (and
 * what it points to) alive until done() was called for it; the pool fills
 * in the rest before calling done().
 */
struct pool_job {
	char **argv;		/* argv[0] is searched in our PATH (not one set in env) */
	char **env;		/* NAME=VALUE for this child on top of ours, NULL-ended, or NULL */
	const char *dir;	/* the child's cwd, or NULL: ours */
	const char *log;	/* stdout and stderr go to this file (created or truncated), or NULL: ours */
	void *data;		/* the caller's */
	/* filled in by the pool when the job ended: */
	int status;		/* exit status 0..255, 128 + signal when killed, -1 when it could not start */
	long ms;		/* wall time in ms */
	char why[200];		/* status -1: why, e.g. "cannot run cc: No such file or directory" */
};

struct pool;

/* A pool running jobs in the slots of js (one job at a time when js is
 * NULL).  Each child gets jobserver_makeflags(js) as its MAKEFLAGS (so a
 * make it runs shares the slots), default signal dispositions and no
 * blocked signals, /dev/null as stdin, and a process group of its own. */
struct pool *pool_new(struct jobserver *js);

/* Queue job; started(job) is called just before it starts, done(job) once
 * it ended (or could not start).  Either may be NULL.  done() may add
 * jobs: they are run by the same pool_run(). */
void pool_add(struct pool *p, struct pool_job *job, void (*started)(struct pool_job *),
	      void (*done)(struct pool_job *));

/* Run until no job is queued or running; every token taken is given back
 * by then.  Returns 0, or -1 after an error of the pool's own (fork failed:
 * that job is status -1; the jobserver failed: the rest ran in the slots
 * still held), every job having been done() all the same (unless not
 * even the self-pipe could be made: then none ran).
 * On SIGINT, SIGTERM or SIGHUP (unless ignored when pool_run began) the
 * children's process groups get the same signal (SIGKILL 2 s later if they
 * are still there), are waited for, the tokens are given back and the
 * process dies of that signal (to its parent: status 128 + signal, 130 for
 * SIGINT).  One pool_run() at a time: not from a callback. */
int pool_run(struct pool *p);

/* How long killed children get before SIGKILL, in ms (2000; the tests
 * shorten it). */
extern int pool_kill_grace_ms;

/* Free p and the jobs it still has queued (not their pool_job). */
void pool_free(struct pool *p);

#endif

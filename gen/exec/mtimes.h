/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The mtimes of a run, each file stat()ed at most once, and make's rule
 * on them: a target older than any of its inputs is made again.  The
 * up-to-date checks of TUs (uptodate.h) and of new headers in the way
 * (shadow.h) both read them.
 */
#ifndef HDRTEST_MTIMES_H
#define HDRTEST_MTIMES_H

#include <time.h>

/* The mtimes of this run, by path: a missing file is mtime 0 (older than
 * everything that exists). */
struct mtimes;

struct mtimes *mtimes_new(void);
void mtimes_free(struct mtimes *m);
/* The mtime of path in ns since the epoch (0: no such file), looked up once. */
long long mtime_of(struct mtimes *m, const char *path);
/* The ctime of path in ns (0: no such file; a symlink: the later of its
 * own and its target's, 0 if dangling), looked up once: what moves when
 * a dir gets a new entry or a file is made, renamed or linked. */
long long changed_of(struct mtimes *m, const char *path);
/* Forget path's mtime and ctime: the run has just written it. */
void mtime_forget(struct mtimes *m, const char *path);

/* A time as the ns since the epoch that mtime_of() and changed_of() give. */
long long timespec_ns(const struct timespec *ts);

/* 1 when target is missing or older than any of inputs[0..n) that exists
 * (an input that does not exist makes nothing stale: make's "FORCE" is
 * for the caller to decide); else 0. */
int stale(struct mtimes *m, const char *target, const char *const *inputs, int n);

#endif

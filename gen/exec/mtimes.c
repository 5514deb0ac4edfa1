// SPDX-License-Identifier: GPL-2.0
/* The mtimes of a run, each file stat()ed once: see mtimes.h. */
#include "exec/mtimes.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <uthash.h>

#include "base/util.h"

/* One path's mtime; path is owned. */
struct mtime_entry {
	char *path;
	long long ns;
	UT_hash_handle hh;
};

struct mtimes {
	struct mtime_entry *byname;
	struct mtime_entry *bychange;	/* ctimes, for changed_of() */
};

struct mtimes *mtimes_new(void)
{
	return xcalloc(1, sizeof(struct mtimes));
}

static void entries_free(struct mtime_entry **table)
{
	struct mtime_entry *e, *tmp;

	HASH_ITER(hh, *table, e, tmp) {
		HASH_DEL(*table, e);
		free(e->path);
		free(e);
	}
}

void mtimes_free(struct mtimes *m)
{
	if (!m)
		return;
	entries_free(&m->byname);
	entries_free(&m->bychange);
	free(m);
}

long long timespec_ns(const struct timespec *ts)
{
	return (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

/* A file's ctime moves on whatever is done to it (a new name, new
 * contents, new times: touch -d cannot set it back), a dir's when an entry
 * is added, removed or renamed in it, or it is itself renamed.  A symlink
 * counts as changed when it or what it points to did. */
long long changed_of(struct mtimes *m, const char *path)
{
	struct mtime_entry *e;
	struct stat st;

	HASH_FIND_STR(m->bychange, path, e);
	if (e)
		return e->ns;
	e = xmalloc(sizeof(*e));
	e->path = xstrdup(path);
	e->ns = 0;
	if (!lstat(path, &st)) {
		e->ns = timespec_ns(&st.st_ctim);
		/* a dangling link leads nowhere: as missing; else the later
		 * of the link's change and its target's (st is the target's) */
		if (S_ISLNK(st.st_mode) && stat(path, &st))
			e->ns = 0;
		else if (timespec_ns(&st.st_ctim) > e->ns)
			e->ns = timespec_ns(&st.st_ctim);
	}
	HASH_ADD_KEYPTR(hh, m->bychange, e->path, strlen(e->path), e);
	return e->ns;
}

long long mtime_of(struct mtimes *m, const char *path)
{
	struct mtime_entry *e;
	struct stat st;

	HASH_FIND_STR(m->byname, path, e);
	if (e)
		return e->ns;
	e = xmalloc(sizeof(*e));
	e->path = xstrdup(path);
	e->ns = 0;
	if (!stat(path, &st))
		e->ns = timespec_ns(&st.st_mtim);
	HASH_ADD_KEYPTR(hh, m->byname, e->path, strlen(e->path), e);
	return e->ns;
}

static void forget_in(struct mtime_entry **table, const char *path)
{
	struct mtime_entry *e;

	HASH_FIND_STR(*table, path, e);
	if (!e)
		return;
	HASH_DEL(*table, e);
	free(e->path);
	free(e);
}

void mtime_forget(struct mtimes *m, const char *path)
{
	forget_in(&m->byname, path);
	forget_in(&m->bychange, path);
}

int stale(struct mtimes *m, const char *target, const char *const *inputs, int n)
{
	long long t = mtime_of(m, target);
	int i;

	if (!t)
		return 1;
	for (i = 0; i < n; i++)
		if (inputs[i] && mtime_of(m, inputs[i]) > t)
			return 1;
	return 0;
}

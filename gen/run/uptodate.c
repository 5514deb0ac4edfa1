// SPDX-License-Identifier: GPL-2.0
/* Up-to-date checks from mtimes and depfiles, each file stat()ed once. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>
#include <uthash.h>

#include "base/files.h"
#include "base/util.h"
#include "run/uptodate.h"

/* One path's mtime; path is owned. */
struct mtime_entry {
	char *path;
	long long ns;
	UT_hash_handle hh;
};

struct mtimes {
	struct mtime_entry *byname;
};

struct mtimes *mtimes_new(void)
{
	return xcalloc(1, sizeof(struct mtimes));
}

void mtimes_free(struct mtimes *m)
{
	struct mtime_entry *e, *tmp;

	if (!m)
		return;
	HASH_ITER(hh, m->byname, e, tmp) {
		HASH_DEL(m->byname, e);
		free(e->path);
		free(e);
	}
	free(m);
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
		e->ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	HASH_ADD_KEYPTR(hh, m->byname, e->path, strlen(e->path), e);
	return e->ns;
}

void mtime_forget(struct mtimes *m, const char *path)
{
	struct mtime_entry *e;

	HASH_FIND_STR(m->byname, path, e);
	if (!e)
		return;
	HASH_DEL(m->byname, e);
	free(e->path);
	free(e);
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

/* Is word a target ("x.o:") or a line's continuation ("\")? */
static int not_a_prerequisite(const char *w, size_t len)
{
	return (len == 1 && w[0] == '\\') || w[len - 1] == ':';
}

/* A small set of the paths seen, so that each is added once. */
struct seen {
	char *path;
	UT_hash_handle hh;
};

static void seen_free(struct seen **set)
{
	struct seen *s, *tmp;

	HASH_ITER(hh, *set, s, tmp) {
		HASH_DEL(*set, s);
		free(s);	/* path belongs to the caller's list */
	}
}

/* Add the prerequisites of the depfile text to *deps (each once, by set). */
static void add_prerequisites(char *text, struct seen **set, char ***deps, int *n)
{
	char *p = text;

	for (;;) {
		size_t len;
		struct seen *s;

		p += strspn(p, " \t\r\n");
		if (!*p)
			break;
		len = strcspn(p, " \t\r\n");
		if (not_a_prerequisite(p, len)) {
			p += len;
			continue;
		}
		HASH_FIND(hh, *set, p, len, s);
		if (!s) {
			char *path = xstrndup(p, len);

			*(char **)push(deps, n, sizeof(char *)) = path;
			s = xmalloc(sizeof(*s));
			s->path = path;
			HASH_ADD_KEYPTR(hh, *set, s->path, len, s);
		}
		p += len;
	}
}

int depfile_read(const char *path, char ***deps, int *n)
{
	struct seen *set = NULL;
	char *text = read_file(path, NULL);

	*deps = NULL;
	*n = 0;
	if (!text)
		return -1;
	add_prerequisites(text, &set, deps, n);
	seen_free(&set);
	free(text);
	return 0;
}

int depfile_newer(struct mtimes *m, const char *path, long long mtime)
{
	char **deps;
	int n, i, newer = 0;

	if (depfile_read(path, &deps, &n))
		return 1;
	for (i = 0; i < n; i++) {
		if (!newer && mtime_of(m, deps[i]) > mtime)
			newer = 1;
		free(deps[i]);
	}
	free(deps);
	return newer;
}

int union_write(struct mtimes *m, const char *cell_dir, char **stems, int n)
{
	char *stamp = xasprintf("%s/compiled", cell_dir);
	char *path = xasprintf("%s/deps.union", cell_dir);
	struct seen *set = NULL;
	struct strbuf sb;
	char **deps = NULL;
	int ndeps = 0, i, ret = 0;
	FILE *f;

	unlink(stamp);
	for (i = 0; i < n; i++) {
		char *dep = xasprintf("%s/%s.dep", cell_dir, stems[i]);
		char *text = read_file(dep, NULL);

		if (text)
			add_prerequisites(text, &set, &deps, &ndeps);
		free(text);
		free(dep);
	}
	seen_free(&set);
	sb_init(&sb);
	for (i = 0; i < ndeps; i++) {
		sb_add(&sb, deps[i]);
		sb_addc(&sb, '\n');
		free(deps[i]);
	}
	free(deps);
	if (write_file_atomic(path, sb.buf ? sb.buf : ""))
		ret = -1;
	sb_release(&sb);
	if (!ret) {
		f = fopen(stamp, "w");
		if (!f || write_stream_close(f, stamp)) {
			if (!f)
				error("cannot write %s: %s", stamp, strerror(errno));
			unlink(stamp);
			ret = -1;
		}
	}
	mtime_forget(m, stamp);
	mtime_forget(m, path);
	free(stamp);
	free(path);
	return ret;
}

/* 1 when the TU's result is missing or is the debris of a full disk. */
static int no_result(const char *rc)
{
	struct stat st;

	return stat(rc, &st) || st.st_size < 2;
}

int cell_stale(struct mtimes *m, const char *cell_dir, char **stems, int n)
{
	char *stamp = xasprintf("%s/compiled", cell_dir);
	char *script = xasprintf("%s/compile.sh", cell_dir);
	char *deps = xasprintf("%s/deps.union", cell_dir);
	long long t = mtime_of(m, stamp);
	char *text = NULL, *p, *line;
	int ret = 1, i;

	if (!t || mtime_of(m, script) > t)
		goto out;
	for (i = 0; i < n; i++) {
		char *c = xasprintf("%s/%s.c", cell_dir, stems[i]);
		char *rc = xasprintf("%s/%s.rc", cell_dir, stems[i]);
		int newer = mtime_of(m, c) > t || no_result(rc);

		free(c);
		free(rc);
		if (newer)
			goto out;
	}
	text = read_file(deps, NULL);
	if (!text)
		goto out;
	for (p = text; (line = strsep(&p, "\n"));)
		if (*line && mtime_of(m, line) > t)
			goto out;
	ret = 0;
out:
	free(text);
	free(stamp);
	free(script);
	free(deps);
	return ret;
}

int tu_stale(struct mtimes *m, const char *cell_dir, const char *stem)
{
	char *rc = xasprintf("%s/%s.rc", cell_dir, stem);
	char *c = xasprintf("%s/%s.c", cell_dir, stem);
	char *script = xasprintf("%s/compile.sh", cell_dir);
	char *dep = xasprintf("%s/%s.dep", cell_dir, stem);
	const char *inputs[] = { c, script };
	int ret = 1;

	if (no_result(rc) || stale(m, rc, inputs, 2))
		goto out;
	/* no depfile (the compiler stopped before writing one): the
	 * result stands until its text or command changes */
	if (mtime_of(m, dep) && depfile_newer(m, dep, mtime_of(m, rc)))
		goto out;
	ret = 0;
out:
	free(rc);
	free(c);
	free(script);
	free(dep);
	return ret;
}

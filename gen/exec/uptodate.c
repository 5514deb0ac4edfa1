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
#include "exec/shadow.h"
#include "exec/uptodate.h"

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

/* 1 when one of deps[0..n) is newer than mtime or is gone (make, told
 * by -MP, does the same: a header the compiler would no longer find, or
 * would find elsewhere), or a header appeared that the compiler would now
 * find before one of them (shadow.h); else 0. */
static int deps_changed(struct mtimes *m, const struct shadow *sh, char **deps, int n, long long mtime)
{
	long long t;
	int i;

	for (i = 0; i < n; i++)
		if (!(t = mtime_of(m, deps[i])) || t > mtime)
			return 1;
	return shadow_appeared(m, sh, deps, n, mtime);
}

static char *begun_path(const char *cell_dir)
{
	return xasprintf("%s/compiled.new", cell_dir);
}

int cell_begin(struct mtimes *m, const char *cell_dir)
{
	char *stamp = xasprintf("%s/compiled", cell_dir), *begun = begun_path(cell_dir);
	int ret = 0;
	FILE *f;

	unlink(stamp);
	unlink(begun);
	f = fopen(begun, "w");
	if (!f || write_stream_close(f, begun)) {
		if (!f)
			error("cannot write %s: %s%s", begun, strerror(errno), disk_hint(errno));
		unlink(begun);
		ret = -1;
	}
	mtime_forget(m, stamp);
	mtime_forget(m, begun);
	free(stamp);
	free(begun);
	return ret;
}

int union_write(struct mtimes *m, const char *cell_dir, char **stems, int n)
{
	char *stamp = xasprintf("%s/compiled", cell_dir), *begun = begun_path(cell_dir);
	char *path = xasprintf("%s/deps.union", cell_dir);
	struct seen *set = NULL;
	struct mtimes *fresh;
	struct strbuf sb;
	struct stat st;
	char **deps = NULL;
	int ndeps = 0, i, ret = -1;

	/* the stamp's time is when the compile stage began (cell_begin()):
	 * what changed while it ran may not have been seen by a TU compiled
	 * before; a caller that began none stamps the time of now */
	if (stat(begun, &st)) {
		if (cell_begin(m, cell_dir))
			goto out;
		if (stat(begun, &st)) {
			error("cannot read %s: %s", begun, strerror(errno));
			goto out;
		}
	}
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
	}
	/* what is where now, not what the run saw before it compiled */
	fresh = mtimes_new();
	if (!write_file_atomic(path, sb.buf ? sb.buf : "") &&
	    !shadow_record(fresh, cell_dir, deps, ndeps, timespec_ns(&st.st_mtim))) {
		ret = rename(begun, stamp);
		if (ret)
			error("cannot rename %s to %s: %s", begun, stamp, strerror(errno));
	}
	mtimes_free(fresh);
	sb_release(&sb);
	for (i = 0; i < ndeps; i++)
		free(deps[i]);
	free(deps);
out:
	mtime_forget(m, stamp);
	mtime_forget(m, begun);
	mtime_forget(m, path);
	free(stamp);
	free(begun);
	free(path);
	return ret;
}

/* 1 when the TU's result is missing or is the debris of a full disk. */
static int no_result(const char *rc)
{
	struct stat st;

	return stat(rc, &st) || st.st_size < 2;
}

int cell_stale(struct mtimes *m, const struct shadow *sh, const char *cell_dir, char **stems, int n)
{
	char *stamp = xasprintf("%s/compiled", cell_dir);
	char *script = xasprintf("%s/compile.sh", cell_dir);
	char *deps = xasprintf("%s/deps.union", cell_dir);
	long long t = mtime_of(m, stamp);
	char *text = NULL, *p, *line, **lines = NULL;
	int ret = 1, nlines = 0, i;

	if (!sh || !t || mtime_of(m, script) > t)
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
		if (*line)
			*(char **)push(&lines, &nlines, sizeof(char *)) = line;
	ret = deps_changed(m, sh, lines, nlines, t);
out:
	free(lines);
	free(text);
	free(stamp);
	free(script);
	free(deps);
	return ret;
}

int tu_stale(struct mtimes *m, const struct shadow *sh, const char *cell_dir, const char *stem)
{
	char *rc = xasprintf("%s/%s.rc", cell_dir, stem);
	char *c = xasprintf("%s/%s.c", cell_dir, stem);
	char *script = xasprintf("%s/compile.sh", cell_dir);
	char *dep = xasprintf("%s/%s.dep", cell_dir, stem);
	const char *inputs[] = { c, script };
	char **deps;
	int ret = 1, n, i;

	if (!sh || no_result(rc) || stale(m, rc, inputs, 2))
		goto out;
	/* no depfile (the compiler stopped before writing one): the
	 * result stands until its text or command changes */
	if (!mtime_of(m, dep)) {
		ret = 0;
		goto out;
	}
	if (depfile_read(dep, &deps, &n))
		goto out;
	ret = deps_changed(m, sh, deps, n, mtime_of(m, rc));
	for (i = 0; i < n; i++)
		free(deps[i]);
	free(deps);
out:
	free(rc);
	free(c);
	free(script);
	free(dep);
	return ret;
}

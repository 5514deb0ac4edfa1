// SPDX-License-Identifier: GPL-2.0
/* New headers that would shadow the ones a TU read: see shadow.h. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uthash.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "exec/mtimes.h"
#include "exec/shadow.h"

#define PATH_HEADER "hdrtest-include-path 1"
#define RECORD_HEADER "hdrtest-deps-search 1"

/* A path in a set: a candidate a record lists, or a dir the headers a TU
 * read are in (then deps[0..ndeps) are their indices). */
struct entry {
	char *path;
	int *deps;
	int ndeps;
	UT_hash_handle hh;
};

struct shadow {
	char **dirs;		/* the include path, first searched first */
	size_t *lens;
	int ndirs;
	struct entry *seen;	/* the candidates there when recorded */
	char **quoted;		/* includer, candidate, includer, candidate, ... */
	int nquoted;
};

static struct entry *set_find(struct entry *set, const char *path, size_t len)
{
	struct entry *e;

	HASH_FIND(hh, set, path, len, e);
	return e;
}

static struct entry *set_add(struct entry **set, const char *path, size_t len)
{
	struct entry *e = set_find(*set, path, len);

	if (e)
		return e;
	e = xcalloc(1, sizeof(*e));
	e->path = xstrndup(path, len);
	HASH_ADD_KEYPTR(hh, *set, e->path, len, e);
	return e;
}

static void set_free(struct entry **set)
{
	struct entry *e, *tmp;

	HASH_ITER(hh, *set, e, tmp) {
		HASH_DEL(*set, e);
		free(e->path);
		free(e->deps);
		free(e);
	}
}

void shadow_free(struct shadow *s)
{
	int i;

	if (!s)
		return;
	for (i = 0; i < s->ndirs; i++)
		free(s->dirs[i]);
	free(s->dirs);
	free(s->lens);
	set_free(&s->seen);
	for (i = 0; i < s->nquoted; i++)
		free(s->quoted[i]);
	free(s->quoted);
	free(s);
}

/* The lines of cell_dir/name after its first, which must be header; NULL
 * when the file is missing, has another first line or is cut short. */
static char **read_lines(const char *cell_dir, const char *name, const char *header, int *n)
{
	char *path = xasprintf("%s/%s", cell_dir, name), *text = read_file(path, NULL), *cur = text, *line;
	char **lines = NULL;

	free(path);
	*n = 0;
	line = text ? next_line(&cur) : NULL;
	if (!line || strcmp(line, header)) {
		free(text);
		return NULL;
	}
	while ((line = next_line(&cur)))
		*(char **)push(&lines, n, sizeof(char *)) = xstrdup(line);
	free(text);
	if (!cur) {	/* the last line has no '\n' */
		while (*n)
			free(lines[--*n]);
		free(lines);
		return NULL;
	}
	return lines ? lines : xcalloc(1, sizeof(char *));
}

static void free_lines(char **lines, int n)
{
	while (n)
		free(lines[--n]);
	free(lines);
}

char **include_path_read(const char *cell_dir, int *n)
{
	char **lines = read_lines(cell_dir, "include-path", PATH_HEADER, n);
	int i;

	for (i = 0; lines && i < *n; i++) {
		/* a tab would split deps.search's lines */
		if (lines[i][0] != '/' || strchr(lines[i], '\t')) {
			free_lines(lines, *n);
			*n = 0;
			return NULL;
		}
	}
	return lines;
}

/* s's include path from cell_dir/include-path: 0, or -1 when it is not
 * one gen wrote. */
static int read_include_path(const char *cell_dir, struct shadow *s)
{
	int i;

	s->dirs = include_path_read(cell_dir, &s->ndirs);
	if (!s->dirs)
		return -1;
	s->lens = xcalloc(s->ndirs ? s->ndirs : 1, sizeof(size_t));
	for (i = 0; i < s->ndirs; i++)
		s->lens[i] = strlen(s->dirs[i]);
	return 0;
}

/* s's record from cell_dir/deps.search: "seen\tPATH" and "quote\tHEADER\t
 * PATH" lines, then "end"; 0, or -1 when it is anything else. */
static int read_record(const char *cell_dir, struct shadow *s)
{
	int n, i, ret = -1;
	char **lines = read_lines(cell_dir, "deps.search", RECORD_HEADER, &n);
	char *tab;

	if (!lines)
		return -1;
	for (i = 0; i < n - 1; i++) {
		if (starts_with(lines[i], "seen\t") && lines[i][5] == '/') {
			set_add(&s->seen, lines[i] + 5, strlen(lines[i] + 5));
		} else if (starts_with(lines[i], "quote\t") && (tab = strchr(lines[i] + 6, '\t')) && tab[1] == '/') {
			*(char **)push(&s->quoted, &s->nquoted, sizeof(char *)) = xstrndup(lines[i] + 6,
											  tab - lines[i] - 6);
			*(char **)push(&s->quoted, &s->nquoted, sizeof(char *)) = xstrdup(tab + 1);
		} else {
			goto out;
		}
	}
	if (n > 0 && !strcmp(lines[n - 1], "end"))
		ret = 0;
out:
	free_lines(lines, n);
	return ret;
}

struct shadow *shadow_load(const char *cell_dir)
{
	struct shadow *s = xcalloc(1, sizeof(*s));

	if (read_include_path(cell_dir, s) || read_record(cell_dir, s)) {
		shadow_free(s);
		return NULL;
	}
	return s;
}

/* The deps by the dir they are in (the part before their last '/'). */
static struct entry *deps_by_dir(char **deps, int n)
{
	struct entry *dirs = NULL, *e;
	int i;

	for (i = 0; i < n; i++) {
		const char *slash = strrchr(deps[i], '/');

		if (!slash || slash == deps[i])
			continue;
		e = set_add(&dirs, deps[i], slash - deps[i]);
		*(int *)push(&e->deps, &e->ndeps, sizeof(int)) = i;
	}
	return dirs;
}

/* The latest change (ctime) of root and of each dir from it down to
 * root + sub (sub: "" or "/a/b"), or 0 when one of them is missing:
 * nothing can be found under it.  path is the caller's buffer. */
static long long chain_changed(struct mtimes *m, struct strbuf *path, const char *root, const char *sub)
{
	long long newest = 0, t;
	const char *p = sub;

	path->len = 0;
	sb_add(path, root);
	for (;;) {
		t = changed_of(m, path->buf);
		if (!t)
			return 0;
		if (t > newest)
			newest = t;
		if (!*p)
			return newest;
		do
			sb_addc(path, *p++);
		while (*p && *p != '/');
	}
}

/* How many dirs of the include path, first to last, a dir of headers
 * could have been read from: k with dirs[k] equal to dir or above it; the
 * rest of dir (from its '/') in *sub. */
static int under(const struct shadow *s, int k, const char *dir, size_t len, const char **sub)
{
	if (len < s->lens[k] || memcmp(dir, s->dirs[k], s->lens[k]) || (dir[s->lens[k]] && dir[s->lens[k]] != '/'))
		return 0;
	*sub = dir + s->lens[k];
	return 1;
}

/*
 * What to do with each candidate: look whether it is new (check: a
 * candidate there now, changed at or after since or not, that the record
 * does not list), or record it (the ones there now whose every dir is
 * older than since).
 */
struct walk {
	struct mtimes *m;
	const struct shadow *s;
	long long since;
	int record;
	struct entry *seen;	/* record: the candidates found there */
	struct strbuf found;	/* record: their lines, in the order found */
};

/* One candidate: 1 when it is new (check), else 0.  A candidate that
 * appeared shows in the ctime of its dir; its own ctime is not asked: a
 * hard link made elsewhere moves it (cp -al of the tree, as a series'
 * scratch tree is made), and the next run would compile again for
 * nothing. */
static int candidate(struct walk *w, const char *path, long long dir_changed)
{
	if (!mtime_of(w->m, path))
		return 0;	/* not there: nothing shadows */
	if (!w->record)
		return !set_find(w->s->seen, path, strlen(path));
	if (dir_changed < w->since && !set_find(w->seen, path, strlen(path))) {
		set_add(&w->seen, path, strlen(path));
		sb_addf(&w->found, "seen\t%s\n", path);
	}
	return 0;
}

/* Every candidate D_j/N of the headers in group dir (read as D_k/N): 1
 * when one is new, else 0. */
static int walk_dir(struct walk *w, char **deps, const struct entry *dir, struct strbuf *path)
{
	const struct shadow *s = w->s;
	size_t len = strlen(dir->path);
	const char *sub;
	long long changed;
	int j, k, i;

	for (k = 0; k < s->ndirs; k++) {
		if (!under(s, k, dir->path, len, &sub))
			continue;
		for (j = 0; j < k; j++) {
			changed = chain_changed(w->m, path, s->dirs[j], sub);
			/* a check looks under dirs changed since; a record wherever there is something */
			if (!changed || (!w->record && changed < w->since))
				continue;
			for (i = 0; i < dir->ndeps; i++) {
				path->len = 0;
				sb_add(path, s->dirs[j]);
				sb_add(path, deps[dir->deps[i]] + s->lens[k]);
				if (candidate(w, path->buf, changed))
					return 1;
			}
		}
	}
	return 0;
}

static int walk_deps(struct walk *w, char **deps, int n)
{
	struct entry *dirs = deps_by_dir(deps, n), *e, *tmp;
	struct strbuf path;
	int hit = 0;

	sb_init(&path);
	for (e = dirs; e && !hit; e = e->hh.next)
		hit = walk_dir(w, deps, e, &path);
	sb_release(&path);
	HASH_ITER(hh, dirs, e, tmp) {
		HASH_DEL(dirs, e);
		free(e->path);
		free(e->deps);
		free(e);
	}
	return hit;
}

int shadow_appeared(struct mtimes *m, const struct shadow *s, char **deps, int n, long long since)
{
	struct walk w = { m, s, since, 0, NULL, { NULL, 0, 0 } };
	struct entry *read = NULL;
	int i, hit;

	hit = walk_deps(&w, deps, n);
	if (hit || !s->nquoted)
		return hit;
	/* a quoted include of a header the TU read, which its dir had not */
	for (i = 0; i < n; i++)
		set_add(&read, deps[i], strlen(deps[i]));
	for (i = 0; i + 1 < s->nquoted && !hit; i += 2)
		hit = set_find(read, s->quoted[i], strlen(s->quoted[i])) && mtime_of(m, s->quoted[i + 1]) &&
		      !set_find(s->seen, s->quoted[i + 1], strlen(s->quoted[i + 1]));
	set_free(&read);
	return hit;
}

/* The name in a line '#include "name"' (spaces allowed around '#'), its
 * length in *len; NULL for any other line.  A line of a comment that
 * looks like one only adds a place to look at. */
static const char *quoted_include(const char *line, size_t *len)
{
	const char *p = line + strspn(line, " \t"), *end;

	if (*p != '#')
		return NULL;
	p += 1 + strspn(p + 1, " \t");
	if (!starts_with(p, "include"))
		return NULL;
	p += 7 + strspn(p + 7, " \t");
	if (*p != '"' || !(end = strchr(p + 1, '"')) || end == p + 1 || p[1] == '/')
		return NULL;
	*len = end - p - 1;
	return p + 1;
}

/* The quoted includes of the header at path (its text read here) whose
 * file is not in the header's own dir, or came there since: each a
 * "quote\tHEADER\tCANDIDATE" line. */
static void record_quoted(struct walk *w, const char *header, struct strbuf *path)
{
	char *text = read_file(header, NULL), *cur = text, *line;
	const char *slash = strrchr(header, '/'), *name;
	size_t len;

	while (text && (line = next_line(&cur))) {
		if (!(name = quoted_include(line, &len)) || memchr(name, '\t', len))
			continue;
		path->len = 0;
		sb_addn(path, header, slash - header + 1);
		sb_addn(path, name, len);
		if (mtime_of(w->m, path->buf) && changed_of(w->m, path->buf) < w->since)
			continue;	/* found there, before the TUs were compiled */
		sb_addf(&w->found, "quote\t%s\t%s\n", header, path->buf);
	}
	free(text);
}

int shadow_record(struct mtimes *m, const char *cell_dir, char **deps, int n, long long since)
{
	struct shadow s = { 0 };
	struct walk w = { m, &s, since, 1, NULL, { NULL, 0, 0 } };
	struct strbuf path;
	char *out = xasprintf("%s/deps.search", cell_dir);
	int i, ret = 0;

	sb_init(&w.found);
	sb_add(&w.found, RECORD_HEADER "\n");
	/* no include path (a cell gen left without one): no record, so the
	 * cell is never up to date */
	if (read_include_path(cell_dir, &s)) {
		unlink(out);
		goto out;
	}
	walk_deps(&w, deps, n);
	sb_init(&path);
	for (i = 0; i < n; i++)
		if (strrchr(deps[i], '/') && deps[i][0] == '/')
			record_quoted(&w, deps[i], &path);
	sb_release(&path);
	sb_add(&w.found, "end\n");
	ret = write_file_atomic(out, w.found.buf);
out:
	set_free(&w.seen);
	sb_release(&w.found);
	for (i = 0; i < s.ndirs; i++)
		free(s.dirs[i]);
	free(s.dirs);
	free(s.lens);
	free(out);
	return ret;
}

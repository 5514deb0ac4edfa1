// SPDX-License-Identifier: GPL-2.0
/*
 * The index of a tree's headers: the files scanned by worker threads
 * (onefile.c reads each one), the names of every definition and the
 * include names, their lookups (scan.h), and the TSV of "hdrtest scan".
 * The top of the scanner's stack (scan_internal.h draws it).
 */
#include "scan/scan_internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* --- the index --- */

struct name_entry {
	const char *name;
	struct scan_def *first, *last;
	UT_hash_handle hh;
};

struct incname_entry {
	const char *name;
	const struct scan_file **files;
	int n;
	UT_hash_handle hh;
};

struct scan_index {
	struct arena arena;
	struct scan_file **files;	/* sorted by path */
	int nfiles;
	struct scan_file *file_index;
	struct name_entry *names;
	struct incname_entry *incnames;
	struct incname_entry *includers;	/* by the name an #include gives */
	struct scan_stats stats;
};

static const char *const kind_names[] = {
	[SCAN_FUNC] = "func",		[SCAN_PROTO] = "proto",		[SCAN_MACRO] = "macro",
	[SCAN_DEFINE] = "define",	[SCAN_VAR] = "var",		[SCAN_TYPEDEF] = "typedef",
	[SCAN_STRUCT] = "struct",	[SCAN_UNION] = "union",		[SCAN_ENUM] = "enum",
	[SCAN_STRUCT_FWD] = "struct-fwd", [SCAN_UNION_FWD] = "union-fwd", [SCAN_ENUM_FWD] = "enum-fwd",
};

const char *scan_kind_name(enum scan_kind kind)
{
	return kind_names[kind];
}

/* --- building the index --- */

/* While building, names are found through this open-addressing table:
 * uthash's chains cost a cache miss per step, and every definition is
 * looked up once.  Each distinct name is then added to the uthash index
 * once, which needs no lookup. */
struct name_slot {
	unsigned hash;
	struct name_entry *e;
};

struct name_table {
	struct name_slot *slots;
	size_t mask, used;
};

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct name_entry **name_slot(struct name_table *t, const char *name, unsigned h)
{
	size_t i = h & t->mask;

	while (t->slots[i].e && (t->slots[i].hash != h || strcmp(t->slots[i].e->name, name)))
		i = (i + 1) & t->mask;
	t->slots[i].hash = h;
	return &t->slots[i].e;
}

static void name_table_grow(struct name_table *t)
{
	struct name_table bigger;
	size_t i;

	bigger.mask = t->slots ? t->mask * 2 + 1 : 4095;
	bigger.slots = xcalloc(bigger.mask + 1, sizeof(*bigger.slots));
	bigger.used = t->used;
	for (i = 0; t->slots && i <= t->mask; i++)
		if (t->slots[i].e)
			*name_slot(&bigger, t->slots[i].e->name, t->slots[i].hash) = t->slots[i].e;
	free(t->slots);
	*t = bigger;
}

/* Add f to name's list in table (include names, or includers): files
 * come in path order, so a file added twice for one name (an #include of
 * it in both branches of an #if) is the last one, listed once. */
static void list_file(struct scan_index *ix, struct incname_entry **table, const char *name,
		      const struct scan_file *f)
{
	struct incname_entry *e;

	HASH_FIND_STR(*table, name, e);
	if (!e) {
		e = aalloc(&ix->arena, sizeof(*e));
		memset(e, 0, sizeof(*e));
		e->name = name;
		HASH_ADD_KEYPTR(hh, *table, e->name, strlen(e->name), e);
	}
	if (e->n && e->files[e->n - 1] == f)
		return;
	e->files = xrealloc(e->files, (e->n + 1) * sizeof(*e->files));
	e->files[e->n++] = f;
}

/* The files listed for name in table; how many. */
static int listed_files(const struct incname_entry *table, const char *name, const struct scan_file *const **files)
{
	struct incname_entry *e;

	HASH_FIND_STR(table, name, e);
	*files = e ? e->files : NULL;
	return e ? e->n : 0;
}

/* Add d to the list of its name. */
static void index_def(struct scan_index *ix, struct name_table *t, struct scan_def *d)
{
	unsigned h = name_hash(d->name);
	struct name_entry **slot, *e;

	if (!t->slots || (t->used + 1) * 2 > t->mask)
		name_table_grow(t);
	slot = name_slot(t, d->name, h);
	e = *slot;
	if (!e) {
		e = aalloc(&ix->arena, sizeof(*e));
		memset(e, 0, sizeof(*e));
		e->name = d->name;
		e->first = d;
		*slot = e;
		t->used++;
		HASH_ADD_KEYPTR(hh, ix->names, e->name, strlen(e->name), e);
	} else {
		e->last->next = d;
	}
	e->last = d;
}

/* path under dirfd read into *bufp (of *capp bytes, grown as needed);
 * NULL with errno set if it cannot be read. */
static char *slurp_at(int dirfd, const char *path, size_t *len, char **bufp, size_t *capp)
{
	struct stat st;
	char *buf;
	ssize_t r;
	size_t got = 0;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st)) {
		close(fd);
		return NULL;
	}
	if ((size_t)st.st_size + 1 > *capp) {
		*capp = (size_t)st.st_size + 1 + 65536;
		free(*bufp);
		*bufp = xmalloc(*capp);
	}
	buf = *bufp;
	while (got < (size_t)st.st_size) {
		r = read(fd, buf + got, st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += r;
	}
	close(fd);
	buf[got] = '\0';
	*len = got;
	return buf;
}

/* Files are scanned by worker threads, each with its own arena and
 * buffers, taking the next file from a shared counter; the index is then
 * built in path order, so the result does not depend on the threads. */
struct skip {
	int err;		/* errno: the file could not be read */
	int why;		/* else SKIP_*, at loc (file set by build()) */
	struct loc loc;
};

struct worker {
	struct scan_index *ix;
	int dirfd;
	pthread_mutex_t *lock;
	int *next;
	struct arena arena;
	struct skip *skips;	/* per file: why it was not indexed */
};

static void *worker_run(void *p)
{
	struct worker *w = p;
	struct fscan fs;
	char *filebuf = NULL;
	size_t filecap = 0;

	memset(&fs, 0, sizeof(fs));
	fs.arena = &w->arena;
	for (;;) {
		struct scan_file *f;
		size_t len;
		char *text, *nul;
		int i;

		pthread_mutex_lock(w->lock);
		i = (*w->next)++;
		pthread_mutex_unlock(w->lock);
		if (i >= w->ix->nfiles)
			break;
		f = w->ix->files[i];
		text = w->dirfd < 0 ? NULL : slurp_at(w->dirfd, f->path, &len, &filebuf, &filecap);
		if (!text) {
			w->skips[i].err = w->dirfd < 0 ? EBADF : errno;
			f->unreadable = 1;
			continue;
		}
		fs.ndefs_cap = fs.nincludes_cap = fs.ngroups_cap = 0;
		fs.f = f;
		nul = memchr(text, '\0', len);
		if (nul) {
			fs.skip = SKIP_NUL;
			fs.skip_at = nul;
		} else {
			scan_file_text(&fs, f, text, len);
		}
		if (fs.skip) {
			w->skips[i].why = fs.skip;
			text_loc(&w->skips[i].loc, text, fs.skip_at);
			reset_file(&fs);	/* nothing of it in the index */
			f->unreadable = 1;
		}
	}
	fscan_release(&fs);
	free(filebuf);
	return NULL;
}

/* In the main thread, so that messages do not interleave. */
static void report_skip(const char *tree, const struct scan_file *f, struct skip *s)
{
	char *path;

	if (!s->why) {
		error("cannot read %s/%s: %s", tree, f->path, strerror(s->err));
		return;
	}
	path = xasprintf("%s/%s", tree, f->path);
	s->loc.file = path;
	if (s->why == SKIP_NUL)
		nul_error(&s->loc, "a C header");
	else
		error_at(&s->loc, "%s nested deeper than %d levels", s->why == SKIP_DEEP_IF ? "#if" : "brackets",
			 SCAN_MAX_DEPTH);
	note_at(&s->loc, "%s is not indexed", f->path);
	free(path);
}

static int nthreads_for(int nfiles)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (nfiles < 256 || n < 2)
		return 1;
	return n > 8 ? 8 : (int)n;
}

static struct scan_index *build(const char *tree, char **relpaths, int n)
{
	struct scan_index *ix = xcalloc(1, sizeof(*ix));
	char **sorted = xmalloc((n ? n : 1) * sizeof(char *));
	struct name_table names = { NULL, 0, 0 };
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct worker workers[8];
	pthread_t threads[8];
	int dirfd, i, j, next = 0, nthreads;
	struct skip *skips;

	words_init();
	if (n) {
		memcpy(sorted, relpaths, n * sizeof(char *));
		qsort(sorted, n, sizeof(char *), cmp_strings);
	}
	dirfd = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		error("cannot open %s: %s", tree, strerror(errno));
	ix->files = xmalloc((n ? n : 1) * sizeof(*ix->files));
	for (i = 0; i < n; i++) {
		struct scan_file *f;
		char *inc;

		if (i > 0 && !strcmp(sorted[i], sorted[i - 1]))
			continue;
		f = aalloc(&ix->arena, sizeof(*f));
		memset(f, 0, sizeof(*f));
		f->path = astrdup(&ix->arena, sorted[i]);
		inc = scan_include_name(f->path);
		f->include_name = inc ? astrdup(&ix->arena, inc) : NULL;
		free(inc);
		ix->files[ix->nfiles++] = f;
	}
	skips = xcalloc(ix->nfiles + 1, sizeof(*skips));
	nthreads = nthreads_for(ix->nfiles);
	for (i = 0; i < nthreads; i++) {
		memset(&workers[i], 0, sizeof(workers[i]));
		workers[i].ix = ix;
		workers[i].dirfd = dirfd;
		workers[i].lock = &lock;
		workers[i].next = &next;
		workers[i].skips = skips;
	}
	for (i = 1; i < nthreads; i++)
		if (pthread_create(&threads[i], NULL, worker_run, &workers[i]))
			break;
	worker_run(&workers[0]);	/* this thread works too */
	for (j = 1; j < i; j++)
		pthread_join(threads[j], NULL);
	for (i = 0; i < nthreads; i++)	/* the workers' memory now belongs to the index */
		arena_adopt(&ix->arena, &workers[i].arena);
	for (i = 0; i < ix->nfiles; i++) {
		struct scan_file *f = ix->files[i];

		if (f->unreadable) {
			report_skip(tree, f, &skips[i]);
			ix->stats.unreadable++;
		}
		HASH_ADD_KEYPTR(hh, ix->file_index, f->path, strlen(f->path), f);
		ix->stats.defs += f->ndefs;
		ix->stats.includes += f->nincludes;
		for (j = 0; j < f->ndefs; j++)
			index_def(ix, &names, (struct scan_def *)f->defs[j]);
		for (j = 0; j < f->nincludes; j++)
			list_file(ix, &ix->includers, f->includes[j].name, f);
		if (f->include_name)
			list_file(ix, &ix->incnames, f->include_name, f);
	}
	ix->stats.files = ix->nfiles;
	free(skips);
	free(names.slots);
	if (dirfd >= 0)
		close(dirfd);
	free(sorted);
	return ix;
}

struct scan_index *scan_paths(const char *tree, char **relpaths, int n)
{
	return build(tree, relpaths, n);
}

/* Every *.h under tree/rel, as paths relative to tree (scan.h). */
void scan_list_headers(const char *tree, const char *rel, char ***out, int *n)
{
	char *dir = xasprintf("%s/%s", tree, rel);
	DIR *d = opendir(dir);
	struct dirent *de;

	free(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		char *sub;
		int type = de->d_type;

		if (de->d_name[0] == '.')
			continue;
		sub = xasprintf("%s/%s", rel, de->d_name);
		if (type == DT_UNKNOWN) {
			struct stat st;
			char *full = xasprintf("%s/%s", tree, sub);

			type = lstat(full, &st) ? DT_UNKNOWN : S_ISDIR(st.st_mode) ? DT_DIR :
			       S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
			free(full);
		}
		if (type == DT_DIR) {
			scan_list_headers(tree, sub, out, n);
			free(sub);
		} else if (type == DT_REG && ends_with(de->d_name, ".h")) {
			*(char **)push(out, n, sizeof(char *)) = sub;
		} else {
			free(sub);
		}
	}
	closedir(d);
}

struct scan_index *scan_tree(const char *tree)
{
	char **paths = NULL, *inc = xasprintf("%s/include", tree);
	struct scan_index *ix;
	struct stat st;
	DIR *d;
	struct dirent *de;
	int n = 0, i;

	if (stat(inc, &st) || !S_ISDIR(st.st_mode)) {
		error("%s is not a kernel tree: it has no include/ dir", tree);
		free(inc);
		return NULL;
	}
	free(inc);
	scan_list_headers(tree, "include", &paths, &n);
	inc = xasprintf("%s/arch", tree);
	d = opendir(inc);
	free(inc);
	while (d && (de = readdir(d))) {
		char *rel;

		if (de->d_name[0] == '.')
			continue;
		rel = xasprintf("arch/%s/include", de->d_name);
		scan_list_headers(tree, rel, &paths, &n);
		free(rel);
	}
	if (d)
		closedir(d);
	ix = build(tree, paths, n);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return ix;
}

void scan_free(struct scan_index *ix)
{
	struct incname_entry *e, *tmp;
	int i;

	if (!ix)
		return;
	HASH_CLEAR(hh, ix->names);
	HASH_CLEAR(hh, ix->file_index);
	HASH_ITER(hh, ix->incnames, e, tmp) {
		HASH_DEL(ix->incnames, e);
		free(e->files);
	}
	HASH_ITER(hh, ix->includers, e, tmp) {
		HASH_DEL(ix->includers, e);
		free(e->files);
	}
	for (i = 0; i < ix->nfiles; i++) {
		free(ix->files[i]->defs);
		free(ix->files[i]->includes);
		free(ix->files[i]->groups);
	}
	free(ix->files);
	arena_free(&ix->arena);
	free(ix);
}

const struct scan_def *scan_lookup(const struct scan_index *ix, const char *name)
{
	struct name_entry *e;

	HASH_FIND_STR(ix->names, name, e);
	return e ? e->first : NULL;
}

int scan_is_callable(const struct scan_index *ix, const char *name)
{
	const struct scan_def *d;

	for (d = scan_lookup(ix, name); d; d = d->next)
		if (d->kind == SCAN_FUNC || d->kind == SCAN_PROTO || d->kind == SCAN_MACRO)
			return 1;
	return 0;
}

const struct scan_file *scan_file(const struct scan_index *ix, const char *relpath)
{
	struct scan_file *f;

	HASH_FIND_STR(ix->file_index, relpath, f);
	return f;
}

int scan_files_named(const struct scan_index *ix, const char *incname, const struct scan_file *const **files)
{
	return listed_files(ix->incnames, incname, files);
}

int scan_includers(const struct scan_index *ix, const char *incname, const struct scan_file *const **files)
{
	return listed_files(ix->includers, incname, files);
}

int scan_files(const struct scan_index *ix, const struct scan_file *const **files)
{
	*files = (const struct scan_file *const *)ix->files;
	return ix->nfiles;
}

void scan_get_stats(const struct scan_index *ix, struct scan_stats *st)
{
	*st = ix->stats;
}

char *scan_include_name(const char *p)
{
	const char *s = NULL;

	if (starts_with(p, "include/uapi/"))
		s = p + 13;
	else if (starts_with(p, "include/generated/uapi/"))
		s = p + 23;
	else if (starts_with(p, "include/"))
		s = p + 8;
	else if (starts_with(p, "arch/")) {
		const char *a = strchr(p + 5, '/');

		if (a && a > p + 5 && starts_with(a, "/include/")) {
			a += 9;
			if (starts_with(a, "uapi/"))
				a += 5;
			else if (starts_with(a, "generated/uapi/"))
				a += 15;
			else if (starts_with(a, "generated/"))
				a += 10;
			s = a;
		}
	}
	return s && *s ? xstrdup(s) : NULL;
}

char *scan_format_signature(const char *ret, const char *const *args, int nargs)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	sb_addf(&sb, "%s (", ret ? ret : "?");
	if (!nargs)
		sb_add(&sb, "void");
	for (i = 0; i < nargs; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", args[i]);
	sb_addc(&sb, ')');
	return sb_detach(&sb);
}

char *scan_def_signature(const struct scan_def *d)
{
	struct strbuf sb;
	int i;

	switch (d->kind) {
	case SCAN_FUNC:
	case SCAN_PROTO:
		return scan_format_signature(d->type, d->args, d->nargs);
	case SCAN_MACRO:
		sb_init(&sb);
		sb_addc(&sb, '(');
		for (i = 0; i < d->nargs; i++)
			sb_addf(&sb, "%s%s", i ? ", " : "", d->args[i]);
		sb_addc(&sb, ')');
		return sb_detach(&sb);
	case SCAN_DEFINE:
		return xstrdup(d->value ? d->value : "");
	case SCAN_VAR:
	case SCAN_TYPEDEF:
		return xstrdup(d->type ? d->type : "");
	default:
		return xstrdup("");
	}
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct name_entry *const *)a)->name, (*(const struct name_entry *const *)b)->name);
}

/* Append s with tabs and newlines turned into spaces. */
static void add_field(struct strbuf *sb, const char *s)
{
	size_t n = strcspn(s, "\t\n");

	while (s[n]) {
		sb_addn(sb, s, n);
		sb_addc(sb, ' ');
		s += n + 1;
		n = strcspn(s, "\t\n");
	}
	sb_addn(sb, s, n);
}

static void tsv_line(struct strbuf *sb, const struct scan_def *d)
{
	char num[16];

	add_field(sb, d->name);
	sb_addc(sb, '\t');
	sb_add(sb, scan_kind_name(d->kind));
	sb_addc(sb, '\t');
	sb_add(sb, d->file->path);
	sb_addn(sb, num, snprintf(num, sizeof(num), ":%d\t", d->line));
	if (d->cond)
		add_field(sb, d->cond->parent ? d->cond->chain : d->cond->text);
	sb_addc(sb, '\t');
	switch (d->kind) {
	case SCAN_DEFINE:
		add_field(sb, d->value);
		break;
	case SCAN_VAR:
	case SCAN_TYPEDEF:
		if (d->type)
			add_field(sb, d->type);
		break;
	case SCAN_FUNC:
	case SCAN_PROTO:
	case SCAN_MACRO: {
		char *sig = scan_def_signature(d);

		add_field(sb, sig);
		free(sig);
		break;
	}
	default:
		break;
	}
	sb_addc(sb, '\n');
}

/* By name; a name's definitions are already in (path, line) order. */
char *scan_tsv(const struct scan_index *ix)
{
	struct name_entry **all = xmalloc((HASH_COUNT(ix->names) + 1) * sizeof(*all)), *e, *tmp;
	const struct scan_def *d;
	struct strbuf sb;
	int n = 0, i;

	HASH_ITER(hh, ix->names, e, tmp)
		all[n++] = e;
	qsort(all, n, sizeof(*all), name_cmp);
	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < n; i++)
		for (d = all[i]->first; d; d = d->next)
			tsv_line(&sb, d);
	free(all);
	return sb_detach(&sb);
}

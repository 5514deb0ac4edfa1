// SPDX-License-Identifier: GPL-2.0
/*
 * The texts before an edit, kept between proofs (ppcache.h says when an
 * entry holds).  One dir per build dir: HDRTEST_CACHE/pp/HASH(kdir)/,
 * with KEY.m, the manifest of the command whose words hash to KEY, and
 * KEY-STATE.i.gz, its text, STATE being the hash of the manifest: a
 * manifest names its own text, so two proofs writing the same entry at
 * once leave a manifest and the text it was written with.
 */
#define _GNU_SOURCE
#include "objects/ppcache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <uthash.h>

#include "base/files.h"
#include "base/hash.h"
#include "base/process.h"
#include "base/util.h"

#define MANIFEST_HEAD "hdrtest-ppcache 1\n"

/* A file's bytes as this process first read them; ok 0: unreadable. */
struct file_seen {
	char *path;
	uint64_t h;
	int ok;
	int too_new;		/* changed after the proof started */
	UT_hash_handle hh;
};

struct ppcache {
	char *dir;
	char *kdir;
	char *names;		/* hex hash of the names in the tree and the build dir */
	time_t started;
	struct file_seen *seen;
	char *tool_word;	/* the compiler of the last lookup, and its "tool" line */
	char *tool_line;
	int hits, lookups;
};

/* Build products: never included, and rewritten by every build. */
static int build_product(const char *name)
{
	static const char *const ends[] = { ".o", ".a", ".ko", ".cmd", ".mod", ".order", ".symvers", ".d", NULL };
	int i;

	for (i = 0; ends[i]; i++)
		if (ends_with(name, ends[i]))
			return 1;
	return 0;
}

/* Every name below the dir fd (rel: its path) into names, .git dirs and build
 * products left out; symlinks not followed. */
static void list_names(int fd, const char *rel, char ***names, int *n)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		char *path;
		int sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, ".git"))
			continue;
		if (e->d_type == DT_UNKNOWN) {
			struct stat st;

			if (!fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) && S_ISDIR(st.st_mode))
				e->d_type = DT_DIR;
		}
		if (e->d_type != DT_DIR && build_product(e->d_name))
			continue;
		path = xasprintf("%s/%s%s", rel, e->d_name, e->d_type == DT_DIR ? "/" : "");
		*(char **)push(names, n, sizeof(char *)) = path;
		if (e->d_type != DT_DIR)
			continue;
		sub = openat(fd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0)
			list_names(sub, path, names, n);
	}
	closedir(d);
}

/* The hash of the sorted names below srctree and kdir.  NULL when one of
 * them cannot be read. */
static char *names_hash(const char *srctree, const char *kdir)
{
	const char *roots[2] = { srctree, kdir };
	char **names = NULL;
	uint64_t h = HASH_INIT;
	int n = 0, i;

	for (i = 0; i < 2; i++) {
		int fd = open(roots[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (fd < 0) {
			free_strings(names, n);
			return NULL;
		}
		list_names(fd, i ? "K" : "S", &names, &n);
	}
	qsort(names, n, sizeof(char *), cmp_strings);
	for (i = 0; i < n; i++)
		h = hash_bytes(h, names[i], strlen(names[i]) + 1);
	free_strings(names, n);
	return hash_hex(h);
}

/* Remove what a proof that died left: tmp-* files an hour old. */
static void remove_stale_tmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);

	if (!d)
		return;
	while ((e = readdir(d))) {
		struct stat st;

		if (starts_with(e->d_name, "tmp-") && !fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) &&
		    now - st.st_mtime > 3600)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
}

struct ppcache *ppcache_open(const char *cache, const char *srctree, const char *kdir)
{
	struct ppcache *c;
	char *key, *names, *gzip;

	if (!cache)
		return NULL;
	/* gzip writes and reads the texts */
	gzip = find_in_path("gzip");
	if (!gzip) {
		fprintf(stderr, "  note: no gzip on PATH: the texts before the edit are not cached\n");
		return NULL;
	}
	free(gzip);
	names = names_hash(srctree, kdir);
	if (!names) {
		fprintf(stderr, "  note: cannot list %s and %s: the texts before the edit are not cached\n",
			srctree, kdir);
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	key = hash_hex(hash_bytes(HASH_INIT, kdir, strlen(kdir)));
	c->dir = xasprintf("%s/pp/%s", cache, key);
	free(key);
	c->kdir = xstrdup(kdir);
	c->names = names;
	c->started = time(NULL);
	if (mkdirs(c->dir)) {
		fprintf(stderr, "  note: cannot create %s: %s: the texts before the edit are not cached\n", c->dir,
			strerror(errno));
		ppcache_close(c);
		return NULL;
	}
	remove_stale_tmp(c->dir);
	return c;
}

void ppcache_close(struct ppcache *c)
{
	struct file_seen *f, *tmp;

	if (!c)
		return;
	HASH_ITER(hh, c->seen, f, tmp) {
		HASH_DEL(c->seen, f);
		free(f->path);
		free(f);
	}
	free(c->dir);
	free(c->kdir);
	free(c->names);
	free(c->tool_word);
	free(c->tool_line);
	free(c);
}

/* path (relative: to the build dir, where the commands run) as this
 * process first read it. */
static struct file_seen *seen(struct ppcache *c, const char *path)
{
	struct file_seen *f;
	char *abs = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", c->kdir, path);
	struct stat st;
	size_t len;
	char *text;

	HASH_FIND_STR(c->seen, abs, f);
	if (f) {
		free(abs);
		return f;
	}
	f = xcalloc(1, sizeof(*f));
	f->path = abs;
	if (!stat(abs, &st) && (text = read_file(abs, &len))) {
		f->ok = 1;
		f->h = hash_bytes(HASH_INIT, text, len);
		f->too_new = st.st_mtime >= c->started;
		free(text);
	}
	HASH_ADD_KEYPTR(hh, c->seen, f->path, strlen(f->path), f);
	return f;
}

/* "tool PATH SIZE MTIME INODE" for the command's first word, found on
 * PATH as the shell would; NULL when it is not found. */
static const char *tool_line(struct ppcache *c, const char *words)
{
	size_t n = strcspn(words, " ");
	char *word = xstrndup(words, n), *found;
	struct stat st;

	if (c->tool_word && !strcmp(c->tool_word, word)) {
		free(word);
		return c->tool_line;
	}
	found = strchr(word, '/') ? xstrdup(word) : find_in_path(word);
	free(c->tool_word);
	free(c->tool_line);
	c->tool_word = word;
	c->tool_line = found && !stat(found, &st) ?
		xasprintf("tool %s %lld %lld.%09ld %llu\n", found, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			  st.st_mtim.tv_nsec, (unsigned long long)st.st_ino) : NULL;
	free(found);
	return c->tool_line;
}

static char *key_of(const struct ppcache *c, const char *words)
{
	uint64_t h = hash_bytes(HASH_INIT, c->kdir, strlen(c->kdir) + 1);

	return hash_hex(hash_bytes(h, words, strlen(words)));
}

/* The manifest's first lines: everything but the files read. */
static void manifest_head(struct strbuf *sb, struct ppcache *c, const char *words, const char *tool)
{
	static const char *const env[] = { "CPATH", "C_INCLUDE_PATH", "OBJC_INCLUDE_PATH", "GCC_EXEC_PREFIX",
					   "COMPILER_PATH", "SOURCE_DATE_EPOCH", NULL };
	int i;

	sb_add(sb, MANIFEST_HEAD);
	sb_addf(sb, "words %s\n", words);
	sb_add(sb, tool);
	sb_addf(sb, "names %s\n", c->names);
	/* what else a preprocessor reads: the include paths of its environment */
	for (i = 0; env[i]; i++)
		sb_addf(sb, "env %s=%s\n", env[i], getenv(env[i]) ? getenv(env[i]) : "");
}

/* The text file a manifest body names. */
static char *text_path(const struct ppcache *c, const char *key, const char *body)
{
	char *state = hash_hex(hash_bytes(HASH_INIT, body, strlen(body))), *p;

	p = xasprintf("%s/%s-%s.i.gz", c->dir, key, state);
	free(state);
	return p;
}

/* Whether each "read HASH PATH" line of lines holds. */
static int files_hold(struct ppcache *c, const char *lines)
{
	const char *p = lines;

	while (*p) {
		const char *nl = strchr(p, '\n');
		char *path;
		struct file_seen *f;
		unsigned long long h;
		int at = 0;

		if (!nl || sscanf(p, "read %16llx %n", &h, &at) != 1 || !at || p + at >= nl)
			return 0;
		path = xstrndup(p + at, nl - (p + at));
		f = seen(c, path);
		free(path);
		if (!f->ok || f->too_new || f->h != (uint64_t)h)
			return 0;
		p = nl + 1;
	}
	return 1;
}

char *ppcache_lookup(struct ppcache *c, const char *words)
{
	const char *tool = tool_line(c, words);
	char *key = key_of(c, words), *m = xasprintf("%s/%s.m", c->dir, key), *body, *text = NULL;
	struct strbuf head;

	c->lookups++;
	sb_init(&head);
	body = tool ? read_file(m, NULL) : NULL;
	if (body) {
		manifest_head(&head, c, words, tool);
		if (starts_with(body, head.buf) && files_hold(c, body + head.len)) {
			text = text_path(c, key, body);
			if (access(text, R_OK)) {
				free(text);
				text = NULL;
			}
		}
	}
	c->hits += text != NULL;
	sb_release(&head);
	free(body);
	free(m);
	free(key);
	return text;
}

char *ppcache_tmp_name(struct ppcache *c, int i)
{
	return xasprintf("%s/tmp-%ld-%d.gz", c->dir, (long)getpid(), i);
}

/* The files a make-style dep file lists after its target ("B: f1 f2 \
 * f3"), "\ " as a space; NULL when it is not one. */
static char **dep_files(const char *text, int *n)
{
	const char *p = strchr(text, ':');
	char **files = NULL;
	struct strbuf sb;

	*n = 0;
	if (!p)
		return NULL;
	sb_init(&sb);
	for (p++;; p++) {
		if (*p == '\\' && p[1] == '\n') {
			p++;
			continue;
		}
		if (*p == '\\' && p[1] == ' ') {
			sb_addc(&sb, ' ');
			p++;
			continue;
		}
		if (*p && *p != ' ' && *p != '\n' && *p != '\t') {
			sb_addc(&sb, *p);
			continue;
		}
		if (sb.len)
			*(char **)push(&files, n, sizeof(char *)) = sb_detach(&sb);
		/* a line of its own "name:" (-MP) ends the list */
		if (!*p || (*p == '\n' && p[1] && p[1] != ' '))
			break;
	}
	sb_release(&sb);
	return files;
}

int ppcache_store(struct ppcache *c, const char *words, const char *depfile, const char *gz)
{
	const char *tool = tool_line(c, words);
	char *deps = read_file(depfile, NULL), **files = NULL, *key, *m, *old, *text, *body;
	struct strbuf sb;
	int n = 0, i, ret = 1;

	if (deps)
		files = dep_files(deps, &n);
	free(deps);
	if (!tool || !n) {
		free_strings(files, n);
		unlink(gz);
		return 1;
	}
	sb_init(&sb);
	manifest_head(&sb, c, words, tool);
	for (i = 0; i < n; i++) {
		struct file_seen *f = seen(c, files[i]);

		if (!f->ok || f->too_new)
			break;
		sb_addf(&sb, "read %016llx %s\n", (unsigned long long)f->h, files[i]);
	}
	free_strings(files, n);
	body = sb_detach(&sb);
	if (i < n) {
		free(body);
		unlink(gz);
		return 1;
	}
	key = key_of(c, words);
	m = xasprintf("%s/%s.m", c->dir, key);
	text = text_path(c, key, body);
	/* the text first, then the manifest that names it */
	if (rename(gz, text)) {
		fprintf(stderr, "  note: cannot keep %s: %s\n", text, strerror(errno));
		unlink(gz);
		ret = -1;
	} else {
		old = read_file(m, NULL);
		if (write_file_atomic(m, body)) {
			unlink(text);
			ret = -1;
		} else {
			ret = 0;
			if (old) {
				char *was = text_path(c, key, old);

				if (strcmp(was, text))
					unlink(was);
				free(was);
			}
		}
		free(old);
	}
	free(text);
	free(m);
	free(key);
	free(body);
	return ret;
}

int ppcache_hits(const struct ppcache *c)
{
	return c ? c->hits : 0;
}

int ppcache_lookups(const struct ppcache *c)
{
	return c ? c->lookups : 0;
}

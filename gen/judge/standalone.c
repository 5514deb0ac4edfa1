// SPDX-License-Identifier: GPL-2.0
/* Headers that cannot stand alone on a cell, or at all: see standalone.h. */
#include "judge/standalone.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "catalog/catalog_init.h"
#include "exec/shadow.h"
#include "judge/diag.h"

#define NO_SUCH_FILE ": No such file or directory"	/* gcc: "NAME: No such ..." */
#define NOT_FOUND "' file not found"		/* clang: "'NAME' file not found" */

/* Whether the chain of d starts at t's TU: its #include reached the
 * file, not its own text nor kbuild's -include (whose chain starts at
 * "<command-line>").  The TU is named by its path under the cell dir,
 * whichever OUT compiled it. */
static int from_the_tu(const struct cell_result *c, const struct tu_result *t, const struct first_error *d)
{
	char *tail = xasprintf("/%s/%s.c", c->display, t->stem);
	int i, ok = 0;

	for (i = 0; i < d->nfrom; i++)
		ok |= ends_with(d->from[i], tail);
	ok = ok && !ends_with(d->file, tail);
	free(tail);
	return ok;
}

/* Whether something named rel is under dir (a file, a dir, a symlink
 * not followed): anything but "no such file" is something. */
static int something_at(const char *dir, const char *rel)
{
	int fd = open_beneath(dir, rel, O_RDONLY | O_NONBLOCK);

	if (fd >= 0) {
		close(fd);
		return 1;
	}
	return errno != ENOENT && errno != ENOTDIR;
}

/* Whether root/rel is a regular file (no symlink on the way). */
static int file_at(const char *root, const char *rel)
{
	struct stat st;
	int fd = open_beneath(root, rel, O_RDONLY | O_NONBLOCK), ok;

	if (fd < 0)
		return 0;
	ok = !fstat(fd, &st) && S_ISREG(st.st_mode);
	close(fd);
	return ok;
}

/* The entries of root/rel (a dir, no symlink on the way) whose names
 * start with prefix, sorted; how many. */
static int dir_entries(const char *root, const char *rel, const char *prefix, char ***out)
{
	int fd = open_beneath(root, rel, O_RDONLY | O_DIRECTORY), n = 0;
	struct dirent *de;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	*out = NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while ((de = readdir(d)))
		if (starts_with(de->d_name, prefix) && name_is_safe(de->d_name))
			*(char **)push(out, &n, sizeof(char *)) = xstrdup(de->d_name);
	closedir(d);
	if (n)
		qsort(*out, n, sizeof(char *), cmp_strings);
	return n;
}

static void free_names(char **names, int n)
{
	while (n)
		free(names[--n]);
	free(names);
}

/* Whether the arch dir arch/K of the tree has the header name in one of
 * the include dirs an arch's build may add. */
static int arch_has(const char *srctree, const char *k, const char *name)
{
	char *rel, *dir, **mach;
	int n, i, hit;

	rel = xasprintf("arch/%s/include/%s", k, name);
	hit = file_at(srctree, rel);
	free(rel);
	rel = xasprintf("arch/%s/include/uapi/%s", k, name);
	hit = hit || file_at(srctree, rel);
	free(rel);
	/* board dirs: arch/sh/include/mach-dreamcast, arch/arm/mach-rpc/include */
	for (i = 0; i < 2 && !hit; i++) {
		dir = xasprintf(i ? "arch/%s" : "arch/%s/include", k);
		n = dir_entries(srctree, dir, "mach-", &mach);
		while (n && !hit) {
			rel = xasprintf(i ? "%s/%s/include/%s" : "%s/%s/%s", dir, mach[n - 1], name);
			hit = file_at(srctree, rel);
			free(rel);
			free(mach[--n]);
		}
		free_names(mach, n);
		free(dir);
	}
	return hit;
}

/* The arch dirs of the tree the cell's include path searches (K of
 * SRCTREE/arch/K/...), added to *own. */
static void own_arches(const char *srctree, char **dirs, int ndirs, char ***own, int *nown)
{
	char *prefix = xasprintf("%s/arch/", srctree);
	int i;

	for (i = 0; i < ndirs; i++) {
		const char *k = dirs[i] + strlen(prefix);
		char *name;

		if (!starts_with(dirs[i], prefix))
			continue;
		name = xstrndup(k, strcspn(k, "/"));
		if (*name && !str_listed(*own, *nown, name))
			*(char **)push(own, nown, sizeof(char *)) = name;
		else
			free(name);
	}
	free(prefix);
}

/* The header a fatal error says is missing, as gcc and clang say it, or
 * NULL. */
static char *missing_name(const char *msg)
{
	size_t n = strlen(msg);

	if (ends_with(msg, NO_SUCH_FILE))
		return xstrndup(msg, n - strlen(NO_SUCH_FILE));
	if (msg[0] == '\'' && n > 1 + strlen(NOT_FOUND) && ends_with(msg, NOT_FOUND))
		return xstrndup(msg + 1, n - 1 - strlen(NOT_FOUND));
	return NULL;
}

/* "fatal error: NAME: No such file or directory": another arch's header. */
static char *missing_arch_header(const struct cell_result *c, const struct tu_result *t, const struct first_error *d)
{
	char *name, **dirs, **own = NULL, **archs = NULL, *why = NULL;
	int ndirs, nown = 0, narchs, i, theirs = 0, ours = 0;
	struct strbuf list;

	if (!d->fatal || !*c->srctree || !from_the_tu(c, t, d) || !(name = missing_name(d->msg)))
		return NULL;
	dirs = name_is_safe(name) ? include_path_read(c->dir, &ndirs) : NULL;
	if (!dirs) {
		free(name);
		return NULL;
	}
	for (i = 0; i < ndirs && !ours; i++)
		ours = something_at(dirs[i], name);
	own_arches(c->srctree, dirs, ndirs, &own, &nown);
	narchs = ours ? 0 : dir_entries(c->srctree, "arch", "", &archs);
	sb_init(&list);
	for (i = 0; i < narchs && !ours; i++) {
		if (!arch_has(c->srctree, archs[i], name))
			continue;
		if (str_listed(own, nown, archs[i]))
			ours = 1;	/* this arch's own file, not found here: something else is wrong */
		sb_addf(&list, "%s%s", theirs++ ? ", " : "", archs[i]);
	}
	if (theirs && !ours) {
		char *where = shorten_paths(d->file, c->srctree, c->dir, c->display);

		why = xasprintf("not for %s: needs %s, which only %s %s (%s:%d)", c->arch, name, list.buf,
				theirs > 1 ? "have" : "has", where, d->line);
		free(where);
	}
	sb_release(&list);
	free_names(archs, narchs);
	free_names(own, nown);
	free_names(dirs, ndirs);
	free(name);
	return why;
}

/* The include name of the tree file rel (include/linux/x.h,
 * include/uapi/linux/x.h, arch/K/include[/uapi]/asm/x.h), or NULL. */
static const char *include_name(const char *rel)
{
	const char *p = rel;

	if (starts_with(p, "arch/")) {
		p = strchr(p + strlen("arch/"), '/');
		if (!p)
			return NULL;
		p++;
	}
	if (!starts_with(p, "include/"))
		return NULL;
	p += strlen("include/");
	return starts_with(p, "uapi/") ? p + strlen("uapi/") : p;
}

static int under(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	return n && !strncmp(path, dir, n) && path[n] == '/';
}

/* An error at an #error line of the header's own text ("error: #error
 * ..." from gcc, "error: ..." from clang), guarded by how it is included
 * or by the arch. */
static char *guarded_error(const struct cell_result *c, const struct tu_result *t, const struct first_error *d)
{
	struct error_guard g;
	enum error_guard_kind kind;
	const char *rel, *incname;
	char *text, *why = NULL;

	if (d->fatal || !under(d->file, c->srctree) || under(d->file, c->overlay) ||
	    under(d->file, c->kbuild) || under(d->file, c->dir) || !from_the_tu(c, t, d))
		return NULL;
	rel = d->file + strlen(c->srctree) + 1;
	incname = include_name(rel);
	if (!name_is_safe(rel) || !incname || strcmp(incname, t->header))
		return NULL;
	text = read_file_beneath(c->srctree, rel, NULL, NULL);
	kind = text ? error_guard_at(text, rel, d->line, &g) : EG_NONE;
	if (kind == EG_INCLUSION)
		why = xasprintf("not meant to be included alone: %s", g.quote);
	else if (kind == EG_ARCH)
		why = xasprintf("not for %s: %s (its branch tests only the arch macros %s)", c->arch, g.quote,
				g.macros);
	if (kind != EG_NONE)
		error_guard_free(&g);
	free(text);
	return why;
}

char *standalone_skip(const struct cell_result *c, const struct tu_result *t)
{
	struct first_error d;
	char *why;

	if (first_error_read(t->log, &d))
		return NULL;
	why = missing_arch_header(c, t, &d);
	if (!why)
		why = guarded_error(c, t, &d);
	first_error_free(&d);
	return why;
}

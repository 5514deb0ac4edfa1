// SPDX-License-Identifier: GPL-2.0
/* A series' scratch tree and its base: see scratch.h. */
/* fdopendir(), O_NOFOLLOW, AT_SYMLINK_NOFOLLOW */
#define _GNU_SOURCE
#include "series/scratch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/process.h"
#include "base/util.h"
#include "series/patch_names.h"

#define STAMP ".hdrtest-series.applied"

/* What a base holds that is not the tree's, and no patch may write: its
 * git dir (nothing in KDIR's may be written, and in a git tree's clone a
 * patch would write hooks that the next checkout runs) and the stamps of
 * hdrtest's trees. */
static int left_out(const char *name)
{
	return !strcmp(name, ".git") || !strcmp(name, ".hdrtest-base") ||
	       (name[0] == '.' && ends_with(name, ".applied"));
}

char *scratch_name_refusal(const char *tree, const char *name)
{
	const char *why = patch_name_refusal(name);
	char *path, *comp, *slash, *ret = NULL;
	struct stat st;

	if (why)
		return xstrdup(why);
	path = xstrndup(name, strcspn(name, "/"));
	if (left_out(path)) {
		ret = xasprintf("%s is kept out of the scratch tree", path);
		free(path);
		return ret;
	}
	free(path);
	path = xasprintf("%s/%s", tree, name);
	for (comp = path + strlen(tree) + 1;; comp = slash + 1) {
		slash = strchr(comp, '/');
		if (slash)
			*slash = '\0';
		/* what does not exist yet has no symlink on its way */
		if (lstat(path, &st))
			break;
		if (S_ISLNK(st.st_mode)) {
			ret = xasprintf("%s the symlink %s of the scratch tree", slash ? "goes through" : "is",
					path + strlen(tree) + 1);
			break;
		}
		if (!slash || !S_ISDIR(st.st_mode))
			break;
		*slash = '/';
	}
	free(path);
	return ret;
}

/* A copy of base/name, a regular file, into tree/name (removed): a new
 * file with a new time, so that make sees the change. */
static int copy_from_base(int bdir, int tdir, const char *leaf, const char *base, const char *tree,
			  const char *name)
{
	char *from = xasprintf("%s/%s", base, name), *to = xasprintf("%s/%s", tree, name);
	int ret = copy_file_at(bdir, tdir, leaf, from, to);

	free(from);
	free(to);
	return ret;
}

/* Make tree/name what base/name is now: a copy of its file, its dir, its
 * symlink, or nothing.  0, or -1 after an error. */
static int sync_path(int basefd, int treefd, const char *base, const char *tree, const char *name)
{
	const char *why = patch_name_refusal(name), *bleaf, *tleaf;
	int bdir = -1, tdir, ret = 0, said = 0;
	struct stat bst, tst;
	char target[4096];
	ssize_t tn = -1;

	if (why)
		return error("%s/%s: %s: not a name of the scratch tree", tree, name, why);
	/* what base holds, reached without a symlink: else nothing */
	bdir = open_parent_at(basefd, name, 0, &bleaf);
	if (bdir < 0 || fstatat(bdir, bleaf, &bst, AT_SYMLINK_NOFOLLOW))
		bst.st_mode = 0;
	if (S_ISLNK(bst.st_mode) &&
	    ((tn = readlinkat(bdir, bleaf, target, sizeof(target))) < 0 || (size_t)tn >= sizeof(target)))
		bst.st_mode = 0;
	if (!S_ISREG(bst.st_mode) && !S_ISDIR(bst.st_mode) && !S_ISLNK(bst.st_mode))
		bst.st_mode = 0;
	tdir = open_parent_at(treefd, name, bst.st_mode != 0, &tleaf);
	if (tdir < 0) {
		/* nothing there to remove; else a symlink of the tree on the way */
		if (!bst.st_mode && (errno == ENOENT || errno == ENOTDIR))
			goto out;
		error("cannot write %s/%s: %s", tree, name, errno == ELOOP ? "a symlink on its way" : strerror(errno));
		ret = -1;
		goto out;
	}
	if (!fstatat(tdir, tleaf, &tst, AT_SYMLINK_NOFOLLOW)) {
		if (S_ISDIR(tst.st_mode) && S_ISDIR(bst.st_mode))
			goto out;
		if (S_ISDIR(tst.st_mode)) {
			char *path = xasprintf("%s/%s", tree, name);

			ret = remove_tree(path);
			free(path);
		} else {
			ret = unlinkat(tdir, tleaf, 0);
		}
	}
	if (!ret && S_ISREG(bst.st_mode))
		said = ret = copy_from_base(bdir, tdir, tleaf, base, tree, name);
	else if (!ret && S_ISDIR(bst.st_mode))
		ret = mkdirat(tdir, tleaf, bst.st_mode & 0777);
	else if (!ret && S_ISLNK(bst.st_mode)) {
		target[tn] = '\0';
		ret = symlinkat(target, tdir, tleaf);
	}
	if (ret && !said)
		error("cannot make %s/%s the base's again: %s", tree, name, strerror(errno));
	close(tdir);
out:
	if (bdir >= 0)
		close(bdir);
	return ret ? -1 : 0;
}

/* A line per entry under the dir at fd (rel: its path in the base, ""
 * at the top) into *lines: "PATH\tTYPE ..." (see scratch.h).  0, or -1
 * after an error. */
static int walk(int fd, const char *base, const char *rel, char ***lines, int *n)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	int ret = 0;

	if (!d) {
		error("cannot read %s/%s: %s", base, rel, strerror(errno));
		close(fd);
		return -1;
	}
	while (!ret && (errno = 0, de = readdir(d))) {
		const char *nm = de->d_name;
		char *path;
		struct stat st;
		const unsigned char *c;

		if (!strcmp(nm, ".") || !strcmp(nm, "..") || (!*rel && left_out(nm)))
			continue;
		path = *rel ? xasprintf("%s/%s", rel, nm) : xstrdup(nm);
		for (c = (const unsigned char *)nm; *c && *c >= 0x20 && *c != 0x7f; c++)
			;
		if (*c) {
			error("%s/%s: a control character in a file name of the base: hdrtest series cannot follow it",
			      base, path);
			ret = -1;
		} else if (fstatat(dirfd(d), nm, &st, AT_SYMLINK_NOFOLLOW)) {
			error("cannot stat %s/%s: %s", base, path, strerror(errno));
			ret = -1;
		} else if (S_ISDIR(st.st_mode)) {
			int sub = openat(dirfd(d), nm, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			*(char **)push(lines, n, sizeof(char *)) = xasprintf("%s\td %o\n", path, st.st_mode & 07777);
			ret = sub < 0 ? -1 : walk(sub, base, path, lines, n);
			if (sub < 0)
				error("cannot read %s/%s: %s", base, path, strerror(errno));
		} else if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) {
			*(char **)push(lines, n, sizeof(char *)) =
				xasprintf("%s\t%c %o %ju %jd %jd.%09ld\n", path, S_ISREG(st.st_mode) ? 'f' : 'l',
					  st.st_mode & 07777, (uintmax_t)st.st_ino, (intmax_t)st.st_size,
					  (intmax_t)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
		}
		free(path);
	}
	if (!ret && errno) {
		error("cannot read %s/%s: %s", base, rel, strerror(errno));
		ret = -1;
	}
	closedir(d);
	return ret;
}

/* The base's state, the text of dir/base-state: its lines sorted (a path
 * before the paths under it), or NULL after an error. */
static char *base_state(const char *base)
{
	int fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC), n = 0, i;
	char **lines = NULL;
	struct strbuf sb;

	if (fd < 0) {
		error("cannot read %s: %s", base, strerror(errno));
		return NULL;
	}
	sb_init(&sb);
	if (!walk(fd, base, "", &lines, &n)) {
		if (n)
			qsort(lines, (size_t)n, sizeof(char *), cmp_strings);
		for (i = 0; i < n; i++)
			sb_add(&sb, lines[i]);
		if (!sb.buf)
			sb_add(&sb, "");
	}
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	return sb.buf ? sb_detach(&sb) : NULL;
}

/* Compare the paths of two state lines. */
static int path_cmp(const char *a, size_t na, const char *b, size_t nb)
{
	size_t la = strcspn(a, "\t"), lb = strcspn(b, "\t");
	int c;

	la = la < na ? la : na;
	lb = lb < nb ? lb : nb;
	c = memcmp(a, b, la < lb ? la : lb);
	return c ? c : (la > lb) - (la < lb);
}

/* The paths whose lines differ between the states old and now (both
 * sorted), added to *paths. */
static void changed_paths(const char *old, const char *now, char ***paths, int *n)
{
	const char *a = old, *b = now, *la, *lb;
	size_t na = 0, nb = 0;

	la = next_line_span(&a, &na);
	lb = next_line_span(&b, &nb);
	while (la || lb) {
		int c = !la ? 1 : !lb ? -1 : path_cmp(la, na, lb, nb);
		const char *l = c <= 0 ? la : lb;

		if (c || na != nb || memcmp(la, lb, na))
			*(char **)push(paths, n, sizeof(char *)) = xstrndup(l, strcspn(l, "\t\n"));
		if (c <= 0)
			la = next_line_span(&a, &na);
		if (c >= 0)
			lb = next_line_span(&b, &nb);
	}
}

/* The tree made afresh from the base: hard links to its files. */
static int link_tree(const char *base, const char *tree)
{
	char *tmp = xasprintf("%s.tmp", tree), **argv = NULL;
	struct dirent **names;
	int n = scandir(base, &names, NULL, alphasort), i, argc = 0, ret = -1;

	if (n < 0) {
		error("cannot read %s: %s", base, strerror(errno));
		free(tmp);
		return -1;
	}
	if (remove_tree(tree) || remove_tree(tmp) || mkdirs(tmp)) {
		error("cannot make %s afresh: %s", tree, strerror(errno));
		goto out;
	}
	*(char **)push(&argv, &argc, sizeof(char *)) = xstrdup("cp");
	*(char **)push(&argv, &argc, sizeof(char *)) = xstrdup("-al");
	*(char **)push(&argv, &argc, sizeof(char *)) = xstrdup("--");
	for (i = 0; i < n; i++)
		if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..") && !left_out(names[i]->d_name))
			*(char **)push(&argv, &argc, sizeof(char *)) = xasprintf("%s/%s", base, names[i]->d_name);
	*(char **)push(&argv, &argc, sizeof(char *)) = xstrdup(tmp);
	*(char **)push(&argv, &argc, sizeof(char *)) = NULL;
	if (run_program(argv)) {
		error("cannot link %s into %s (is HDRTEST_CACHE on the same file system?)", base, tmp);
		remove_tree(tmp);
	} else if (rename(tmp, tree)) {
		error("cannot rename %s to %s: %s", tmp, tree, strerror(errno));
	} else {
		ret = 0;
	}
out:
	for (i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(tmp);
	return ret;
}

/* The names dir/touched holds, each checked again (that file is
 * hdrtest's, but what it names is removed and written), added to
 * *paths.  0, or -1 after an error naming its line. */
static int touched_paths(const char *dir, const char *tree, char ***paths, int *n)
{
	char *path = xasprintf("%s/touched", dir), *text = read_text_file(path, NULL, "a list of names"), *cur, *line;
	int lineno = 0, ret = 0;

	if (!text && errno != ENOENT) {
		if (errno != EILSEQ)	/* a NUL byte: said */
			error("cannot read %s: %s", path, strerror(errno));
		ret = -1;
	}
	for (cur = text; !ret && cur && (line = next_line(&cur));) {
		char *why = scratch_name_refusal(tree, line);

		lineno++;
		if (why) {
			char *shown = printable_text(line);

			error("%s:%d: '%s': %s: it is not restored (remove %s to make the scratch tree afresh)", path,
			      lineno, shown, why, dir);
			free(shown);
			ret = -1;
		} else {
			*(char **)push(paths, n, sizeof(char *)) = xstrdup(line);
		}
		free(why);
	}
	free(text);
	free(path);
	return ret;
}

/* Every path of paths made the base's again, parents first. */
static int sync_paths(const char *base, const char *tree, char **paths, int n)
{
	int basefd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC), treefd, i, ret = 0;

	treefd = open(tree, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (basefd < 0 || treefd < 0) {
		error("cannot open %s: %s", basefd < 0 ? base : tree, strerror(errno));
		ret = -1;
	}
	if (n)
		qsort(paths, (size_t)n, sizeof(char *), cmp_strings);
	for (i = 0; !ret && i < n; i++)
		if (!i || strcmp(paths[i], paths[i - 1]))
			ret = sync_path(basefd, treefd, base, tree, paths[i]);
	if (basefd >= 0)
		close(basefd);
	if (treefd >= 0)
		close(treefd);
	return ret;
}

int scratch_reset(const char *base, const char *dir, const char *stamp)
{
	char *tree = xasprintf("%s/tree", dir), *state_path = xasprintf("%s/base-state", dir);
	char *touched = xasprintf("%s/touched", dir), *stamp_path = xasprintf("%s/%s", tree, STAMP);
	char *now = NULL, *old = NULL, **paths = NULL, *text = NULL;
	int n = 0, i, ret = -1, changed;
	struct stat st;

	text = xasprintf("%s/Makefile", base);
	if (stat(text, &st)) {
		error("%s is not a kernel tree (no Makefile)", base);
		goto out;
	}
	/* the base's state before the tree is made like it: a change
	 * made meanwhile is seen by the next reset */
	if (!(now = base_state(base)))
		goto out;
	old = read_file(state_path, NULL);
	if (!old || lstat(stamp_path, &st) || lstat(tree, &st) || !S_ISDIR(st.st_mode)) {
		/* no state: the tree is made afresh */
		if ((unlink(state_path) && errno != ENOENT) || link_tree(base, tree))
			goto out;
	} else {
		if (touched_paths(dir, tree, &paths, &n))
			goto out;
		changed = n;
		if (strcmp(old, now))
			changed_paths(old, now, &paths, &n);
		if (n > changed) {
			printf("  SYNC    %d paths of %s changed since its scratch tree was made: copied again\n",
			       n - changed, base);
			fflush(stdout);
		}
		if (sync_paths(base, tree, paths, n))
			goto out;
	}
	free(text);
	text = xasprintf("%s\n", stamp);
	if (write_file_atomic(touched, "") || write_file_atomic(state_path, now) || write_file_atomic(stamp_path, text))
		goto out;
	ret = 0;
out:
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(text);
	free(now);
	free(old);
	free(stamp_path);
	free(touched);
	free(state_path);
	free(tree);
	return ret;
}

int scratch_note_patch(const char *dir, const char *patch)
{
	char *tree = xasprintf("%s/tree", dir), *path = xasprintf("%s/touched", dir), *text, *why = NULL;
	struct patch_name *names = NULL;
	int n = 0, i, ret = -1;
	size_t len;
	FILE *f = NULL;

	text = read_file(patch, &len);
	if (!text) {
		error("cannot read %s: %s", patch, strerror(errno));
		goto out;
	}
	if (patch_file_names(patch, text, len, &names, &n))
		goto out;
	for (i = 0; i < n; i++)
		if ((why = scratch_name_refusal(tree, names[i].name))) {
			error("%s:%d: '%s': %s: a patch names files inside the tree only", patch, names[i].line,
			      names[i].name, why);
			goto out;
		}
	/* recorded first: a patch that fails half-way is undone by the next reset */
	f = fopen(path, "a");
	if (!f) {
		error("cannot write %s: %s", path, strerror(errno));
		goto out;
	}
	for (i = 0; i < n; i++)
		fprintf(f, "%s\n", names[i].name);
	ret = write_stream_close(f, path);
out:
	patch_names_free(names, n);
	free(why);
	free(text);
	free(path);
	free(tree);
	return ret;
}

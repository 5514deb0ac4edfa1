// SPDX-License-Identifier: GPL-2.0
#include "base/files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* The rest of f, which is closed; NULL (errno set) after a read error. */
static char *read_stream(FILE *f, size_t *len)
{
	struct strbuf sb;
	char chunk[65536];
	size_t n;

	sb_init(&sb);
	sb_add(&sb, "");
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sb_addn(&sb, chunk, n);
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		sb_release(&sb);
		errno = e;
		return NULL;
	}
	fclose(f);
	if (len)
		*len = sb.len;
	return sb_detach(&sb);
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");

	return f ? read_stream(f, len) : NULL;
}

char *read_first_line(const char *path)
{
	char *text = read_file(path, NULL), *nl;

	if (text && (nl = strchr(text, '\n')))
		*nl = '\0';
	return text;
}

char *read_text_file(const char *path, size_t *len, const char *expected)
{
	size_t n;
	char *text = read_file(path, &n);

	if (!text)
		return NULL;
	if (check_no_nul(path, text, n, expected)) {
		free(text);
		errno = EILSEQ;
		return NULL;
	}
	if (len)
		*len = n;
	return text;
}

int mkdirs(const char *path)
{
	char *p = xstrdup(path), *s;
	int ret = 0;

	for (s = p + 1; ret == 0; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		{
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0777) && errno != EEXIST)
				ret = -1;
			*s = c;
			if (!c)
				break;
		}
	}
	free(p);
	return ret;
}

char *first_missing_dir(const char *path)
{
	char *p, *s;

	if (!*path)
		return NULL;
	p = xstrdup(path);
	for (s = p + 1;; s++) {
		char c = *s;

		if (c != '/' && c)
			continue;
		*s = '\0';
		if (access(p, F_OK))
			return p;
		if (!c)
			break;
		*s = c;
	}
	free(p);
	return NULL;
}

void remove_empty_dirs(const char *dir, const char *top)
{
	char *p = xstrdup(dir), *slash;

	/* rmdir fails on a dir that is not empty: someone else's files stay */
	while (strlen(p) >= strlen(top) && !rmdir(p) && (slash = strrchr(p, '/')))
		*slash = '\0';
	free(p);
}

int remove_tree(const char *path)
{
	struct dirent *de;
	struct stat st;
	DIR *d;
	int ret = 0;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char *sub;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		sub = xasprintf("%s/%s", path, de->d_name);
		if (remove_tree(sub))
			ret = -1;
		free(sub);
	}
	closedir(d);
	if (rmdir(path))
		ret = -1;
	return ret;
}

/* The regular file name of the dir dfd, not followed if it is a symlink
 * (a fifo not waited on): read_file_beneath() once the dir is open. */
static char *read_regular_at(int dfd, const char *name, size_t *len, mode_t *mode)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), e;
	struct stat st;
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st))
		goto fail;
	errno = EINVAL;
	if (!S_ISREG(st.st_mode) || !(f = fdopen(fd, "rb")))
		goto fail;
	if (mode)
		*mode = st.st_mode & 0777;
	return read_stream(f, len);
fail:
	e = errno;
	close(fd);
	errno = e;
	return NULL;
}

/* install_if_changed() of the files tmp and name of the dir dfd (shown as
 * path); name is compared only if it is a regular file, and replaced even
 * if it is a symlink, never followed. */
static int install_at(int dfd, const char *tmp, const char *name, const char *path)
{
	size_t la, lb;
	char *a = read_regular_at(dfd, tmp, &la, NULL), *b = read_regular_at(dfd, name, &lb, NULL);
	int same = a && b && la == lb && !memcmp(a, b, la);

	free(a);
	free(b);
	if (same) {
		unlinkat(dfd, tmp, 0);
		return 0;
	}
	if (renameat(dfd, tmp, dfd, name)) {
		error("cannot write %s: %s", path, strerror(errno));
		unlinkat(dfd, tmp, 0);
		return -1;
	}
	return 1;
}

int install_if_changed(const char *tmp, const char *path)
{
	return install_at(AT_FDCWD, tmp, path, path);
}

/* Finish writing f, which holds path: every error since fopen() counts
 * (a failed fputs() sets the error flag; fclose() alone would not
 * report it if the buffer was empty by then). */
int write_stream_close(FILE *f, const char *path)
{
	int err = 0;

	if (fflush(f))
		err = errno;
	if (ferror(f) && !err)
		err = errno ? errno : EIO;
	if (fclose(f) && !err)
		err = errno;
	if (err)
		return error("cannot write %s: %s", path, strerror(err));
	return 0;
}

/* Write text to path, which is name to the caller (what an error message
 * names); keep is set for a file that must not be removed on failure. */
static int write_to(const char *path, const char *name, const char *text, int keep)
{
	size_t n = strlen(text);
	FILE *f;

	f = fopen(path, "w");
	if (!f)
		return error("cannot write %s: %s", name, strerror(errno));
	errno = 0;
	if (fwrite(text, 1, n, f) != n) {
		int err = errno ? errno : EIO;

		fclose(f);
		error("cannot write %s: %s", name, strerror(err));
		goto fail;
	}
	if (write_stream_close(f, name))
		goto fail;
	return 0;
fail:
	if (!keep)
		unlink(path);
	return -1;
}

int write_text(const char *path, const char *text)
{
	return write_to(path, path, text, 0);
}

/* Write text to a temporary file next to path; returns its name, or NULL. */
static char *write_temp(const char *path, const char *text)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());

	if (write_to(tmp, path, text, 0)) {
		free(tmp);
		return NULL;
	}
	return tmp;
}

/* A device or a pipe (--ktap /dev/stdout) is written to as it is: renaming
 * a file over it would replace the device node. */
static int is_special(const char *path)
{
	struct stat st;

	return !stat(path, &st) && !S_ISREG(st.st_mode);
}

int write_files_atomic(int n, const char *const paths[], const char *const texts[])
{
	char **tmps = xcalloc(n, sizeof(char *));
	int i, ret = 0;

	for (i = 0; i < n && !ret; i++) {
		if (!paths[i])
			continue;
		if (is_special(paths[i]))
			ret = write_to(paths[i], paths[i], texts[i], 1);
		else if (!(tmps[i] = write_temp(paths[i], texts[i])))
			ret = -1;
	}
	/* every file written: put them in place, stopping at the first error */
	for (i = 0; i < n; i++) {
		if (!tmps[i])
			continue;
		if (ret)
			unlink(tmps[i]);
		else if (install_if_changed(tmps[i], paths[i]) < 0)
			ret = -1;
		free(tmps[i]);
	}
	free(tmps);
	return ret;
}

int write_file_atomic(const char *path, const char *text)
{
	return write_files_atomic(1, &path, &text);
}

int write_output(const char *path, const char *text)
{
	if (path)
		return write_file_atomic(path, text);
	fputs(text, stdout);
	return fflush(stdout) ? -1 : 0;
}

int print_file(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text)
		return error("cannot read %s: %s", path, strerror(errno));
	if (fwrite(text, 1, len, stdout) != len || fflush(stdout)) {
		error("cannot write to stdout: %s", strerror(errno));
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

int name_is_safe(const char *rel)
{
	const char *p;

	for (p = rel; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			return 0;
	for (p = rel;;) {
		size_t n = strcspn(p, "/");

		if (!n || *p == '.')
			return 0;
		if (!p[n])
			return 1;
		p += n + 1;
	}
}

/* The dir name of the dir dfd, not followed if it is a symlink; made if
 * missing when make is set.  A dir descriptor, or -1 with errno set. */
static int open_subdir(int dfd, const char *name, int make)
{
	const int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(dfd, name, flags);
	struct stat st;

	if (fd < 0 && errno == ENOENT && make && (!mkdirat(dfd, name, 0777) || errno == EEXIST))
		fd = openat(dfd, name, flags);
	/* O_DIRECTORY says ENOTDIR for a symlink too */
	if (fd < 0 && errno == ENOTDIR && !fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode))
		errno = ELOOP;
	return fd;
}

int open_parent_at(int rootfd, const char *rel, int make, const char **last)
{
	const char *p = rel, *slash;
	int dfd = fcntl(rootfd, F_DUPFD_CLOEXEC, 0), fd, e;

	while (dfd >= 0 && (slash = strchr(p, '/'))) {
		char *name = xstrndup(p, slash - p);

		fd = open_subdir(dfd, name, make);
		e = errno;
		free(name);
		close(dfd);
		errno = e;
		dfd = fd;
		p = slash + 1;
	}
	*last = p;
	return dfd;
}

/* open_parent_at() from the dir root, for a safe name only. */
static int open_parent(const char *root, const char *rel, int make, const char **last)
{
	int rootfd, dfd, e;

	if (!name_is_safe(rel)) {
		errno = EXDEV;
		return -1;
	}
	rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0)
		return -1;
	dfd = open_parent_at(rootfd, rel, make, last);
	e = errno;
	close(rootfd);
	errno = e;
	return dfd;
}

int open_beneath(const char *root, const char *rel, int flags)
{
	const char *last;
	int dfd = open_parent(root, rel, 0, &last), fd, e;
	struct stat st;

	if (dfd < 0)
		return -1;
	fd = openat(dfd, last, flags | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0 && errno == ENOTDIR && !fstatat(dfd, last, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode))
		errno = ELOOP;
	e = errno;
	close(dfd);
	errno = e;
	return fd;
}

char *read_file_beneath(const char *root, const char *rel, size_t *len, mode_t *mode)
{
	const char *last;
	int dfd = open_parent(root, rel, 0, &last), e;
	char *text;

	if (dfd < 0)
		return NULL;
	text = read_regular_at(dfd, last, len, mode);
	e = errno;
	close(dfd);
	errno = e;
	return text;
}

/* write_file_beneath() once the dir is open: name of the dir dfd, which
 * errors call path. */
static int write_at(int dfd, const char *name, const char *text, size_t len, mode_t mode, const char *path)
{
	char *tmp = xasprintf("%s.tmp.%ld", name, (long)getpid());
	int fd, ret = -1;
	FILE *f = NULL;

	unlinkat(dfd, tmp, 0);	/* left by a killed run of this pid */
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || fchmod(fd, mode) || !(f = fdopen(fd, "wb"))) {
		error("cannot write %s: %s", path, beneath_strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlinkat(dfd, tmp, 0);
		}
		free(tmp);
		return -1;
	}
	fwrite(text, 1, len, f);
	if (write_stream_close(f, path))
		unlinkat(dfd, tmp, 0);
	else
		ret = install_at(dfd, tmp, name, path) < 0 ? -1 : 0;
	free(tmp);
	return ret;
}

int write_file_beneath(const char *root, const char *rel, const char *text, size_t len, mode_t mode)
{
	char *path = xasprintf("%s/%s", root, rel);
	const char *last;
	int dfd = open_parent(root, rel, 1, &last), ret;

	if (dfd < 0) {
		ret = error("cannot write %s: %s", path, beneath_strerror(errno));
	} else {
		ret = write_at(dfd, last, text, len, mode, path);
		close(dfd);
	}
	free(path);
	return ret;
}

int copy_file_at(int fromfd, int tofd, const char *name, const char *from, const char *to)
{
	size_t len;
	mode_t mode;
	char *text = read_regular_at(fromfd, name, &len, &mode);
	int ret;

	if (!text)
		return error("cannot read %s: %s", from, beneath_strerror(errno));
	ret = write_at(tofd, name, text, len, mode, to);
	free(text);
	return ret;
}

int copy_beneath(const char *from, const char *rel, const char *to)
{
	char *src = xasprintf("%s/%s", from, rel), *dst = xasprintf("%s/%s", to, rel);
	const char *last;
	int sfd = open_parent(from, rel, 0, &last), dfd = -1, ret, missing;
	struct stat st;

	missing = sfd < 0 ? errno == ENOENT : fstatat(sfd, last, &st, AT_SYMLINK_NOFOLLOW) && errno == ENOENT;
	if (missing)
		ret = remove_beneath(to, rel);
	else if (sfd < 0)
		ret = error("cannot read %s: %s", src, beneath_strerror(errno));
	else if ((dfd = open_parent(to, rel, 1, &last)) < 0)
		ret = error("cannot write %s: %s", dst, beneath_strerror(errno));
	else
		ret = copy_file_at(sfd, dfd, last, src, dst);
	if (sfd >= 0)
		close(sfd);
	if (dfd >= 0)
		close(dfd);
	free(src);
	free(dst);
	return ret;
}

int copy_beneath_check(const char *from, const char *rel, const char *to)
{
	int fd = open_beneath(from, rel, O_RDONLY | O_NONBLOCK), err = fd < 0 && errno != ENOENT ? errno : 0;
	struct stat st;
	char *parent;

	if (fd >= 0) {
		if (fstat(fd, &st) || !S_ISREG(st.st_mode))
			err = EINVAL;
		close(fd);
	}
	if (err)
		return error("cannot read %s/%s: %s", from, rel, beneath_strerror(err));
	if (!to || !strchr(rel, '/'))
		return 0;
	/* the file itself may be a symlink: it is replaced, not followed */
	parent = xstrndup(rel, strrchr(rel, '/') - rel);
	fd = open_beneath(to, parent, O_RDONLY | O_DIRECTORY);
	err = fd < 0 && errno != ENOENT ? errno : 0;
	free(parent);
	if (fd >= 0)
		close(fd);
	if (err)
		return error("cannot write %s/%s: %s", to, rel, beneath_strerror(err));
	return 0;
}

int remove_beneath(const char *root, const char *rel)
{
	const char *last;
	int dfd = open_parent(root, rel, 0, &last), ret = 0;

	if (dfd < 0 ? errno != ENOENT : unlinkat(dfd, last, 0) && errno != ENOENT) {
		error("cannot remove %s/%s: %s", root, rel, beneath_strerror(errno));
		ret = -1;
	}
	if (dfd >= 0)
		close(dfd);
	return ret;
}

const char *beneath_strerror(int err)
{
	if (err == EXDEV)
		return "not a name below its dir (" SAFE_NAME_RULE ")";
	if (err == ELOOP)
		return "it is a symlink or goes through one (not followed)";
	if (err == EINVAL)
		return "not a regular file";
	return strerror(err);
}

/* "WHO (pid N)" from what the holder of a lock file wrote into it
 * ("PID\tWHO\n"), or "another process" (a caller's new string).  The
 * file is anyone's to write: what is shown of it is printable. */
static char *lock_holder(int fd)
{
	char buf[128], *end, *nl, *who, *ret;
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	long pid;

	if (n <= 0)
		return xstrdup("another process");
	buf[n] = '\0';
	pid = strtol(buf, &end, 10);
	if (end == buf || *end != '\t' || pid <= 0 || !(nl = strchr(end, '\n')))
		return xstrdup("another process");
	*nl = '\0';
	who = printable_text(end + 1);
	ret = xasprintf("%s (pid %ld)", who, pid);
	free(who);
	return ret;
}

int lock_file(const char *path, const char *who, const char *what)
{
	/* no symlink followed: what is written below must not land elsewhere */
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666), rc;
	char *holder, *mine;
	int len;

	if (fd < 0)
		return error("cannot create the lock file %s: %s", path, strerror(errno));
	rc = flock(fd, LOCK_EX | LOCK_NB);
	if (rc && errno == EWOULDBLOCK) {
		holder = lock_holder(fd);
		printf("  WAIT    %s is using %s\n", holder, what);
		fflush(stdout);
		free(holder);
		while ((rc = flock(fd, LOCK_EX)) && errno == EINTR)
			;
	}
	if (rc) {
		error("cannot lock %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	mine = xasprintf("%ld\t%s\n", (long)getpid(), who);
	len = (int)strlen(mine);
	if (ftruncate(fd, 0) || pwrite(fd, mine, len, 0) != len) {
		error("cannot write %s: %s%s", path, strerror(errno), disk_hint(errno));
		free(mine);
		close(fd);
		return -1;
	}
	free(mine);
	return 0;	/* fd stays open: the lock is ours until this process ends */
}

int lock_out(const char *out, const char *who)
{
	char *path = xasprintf("%s/.lock", out);
	int ret = lock_file(path, who, out);

	free(path);
	return ret;
}

char *make_tmp_dir(const char *name)
{
	const char *base = getenv("TMPDIR");
	char *dir = xasprintf("%s/hdrtest-%s.XXXXXX", base && *base ? base : "/tmp", name);

	if (mkdtemp(dir))
		return dir;
	error("cannot make a temporary dir %s: %s", dir, strerror(errno));
	free(dir);
	return NULL;
}

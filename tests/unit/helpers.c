// SPDX-License-Identifier: GPL-2.0
#include "helpers.h"

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/process.h"
#include "model/catalog.h"
#include "base/files.h"
#include "base/util.h"

static char *tmp_root;
static char *diag_buf;
static size_t diag_len;
/* A capture of file descriptor 1 or 2: the descriptor to put back, the
 * file it goes to meanwhile. */
static int saved_fd[3] = { -1, -1, -1 };
static char *capture_path[3];

void helpers_init(void)
{
	const char *base = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/hdrtest-unit.XXXXXX", base && *base ? base : "/tmp");

	if (!mkdtemp(tmpl)) {
		perror(tmpl);
		exit(2);
	}
	tmp_root = tmpl;
}

void helpers_cleanup(void)
{
	remove_tree(tmp_root);
	free(tmp_root);
}

void diag_begin(void)
{
	diag_stream = open_memstream(&diag_buf, &diag_len);
	ck_assert_ptr_nonnull(diag_stream);
	reset_error_count();
}

char *diag_end(void)
{
	char *text;

	fclose(diag_stream);
	diag_stream = NULL;
	text = diag_buf;
	diag_buf = NULL;
	return text;
}

static void capture_begin(int fd)
{
	char *dir = tmp_dir();
	int f;

	capture_path[fd] = xasprintf("%s/%s", dir, fd == 1 ? "stdout" : "stderr");
	free(dir);
	fflush(fd == 1 ? stdout : stderr);
	saved_fd[fd] = dup(fd);
	f = open(capture_path[fd], O_WRONLY | O_CREAT | O_TRUNC, 0666);
	ck_assert_int_ge(f, 0);
	dup2(f, fd);
	close(f);
}

static char *capture_end(int fd)
{
	char *text;

	fflush(fd == 1 ? stdout : stderr);
	dup2(saved_fd[fd], fd);
	close(saved_fd[fd]);
	saved_fd[fd] = -1;
	text = slurp(capture_path[fd]);
	free(capture_path[fd]);
	return text;
}

void stderr_begin(void)
{
	capture_begin(2);
}

char *stderr_end(void)
{
	return capture_end(2);
}

void stdout_begin(void)
{
	capture_begin(1);
}

char *stdout_end(void)
{
	return capture_end(1);
}

char *tmp_dir(void)
{
	char *dir = xasprintf("%s/t.XXXXXX", tmp_root);

	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp %s", dir);
	return dir;
}

char *put_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name), *slash = strrchr(path, '/');
	FILE *f;

	*slash = '\0';
	ck_assert_int_eq(mkdirs(path), 0);
	*slash = '/';
	f = fopen(path, "w");
	ck_assert_msg(f != NULL, "cannot create %s", path);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

char *slurp(const char *path)
{
	char *text = read_file(path, NULL);

	ck_assert_msg(text != NULL, "cannot read %s", path);
	return text;
}

int file_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

char *repo_path(const char *rel)
{
	char buf[PATH_MAX];

	ck_assert_msg(realpath(rel, buf) != NULL,
		      "cannot find %s: run the unit tests from the repository root", rel);
	return xstrdup(buf);
}

struct catalog *read_catalog_text(const char *name, const char *text, char **diag)
{
	char *dir = tmp_dir(), *path = (char *)name;
	struct catalog *cat;
	int cwd = open(".", O_RDONLY);

	ck_assert_int_ge(cwd, 0);
	free(put_file(dir, name, text));
	ck_assert_int_eq(chdir(dir), 0);
	diag_begin();
	cat = catalog_read(&path, 1);
	*diag = diag_end();
	ck_assert_int_eq(fchdir(cwd), 0);
	close(cwd);
	free(dir);
	return cat;
}

char *dir_list(const char *dir)
{
	struct strbuf sb;
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	ck_assert_int_ge(n, 0);
	sb_init(&sb);
	for (i = 0; i < n; i++) {
		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, ".."))
			sb_addf(&sb, "%s\n", ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
	return sb_detach(&sb);
}

char *dir_snapshot(const char *dir, int dirs)
{
	char *cmd = xasprintf("cd '%s' && find . %s -printf '%%p %%y %%s %%T@\\n' | sort && "
			      "find . -type f -exec cksum {} + | sort", dir, dirs ? "" : "-type f");
	char *argv[] = { "sh", "-c", cmd, NULL };
	int rc;
	char *text = run_output(argv, &rc);

	ck_assert_msg(text && rc == 0, "%s", cmd);
	free(cmd);
	return text;
}

void assert_file(const char *path, const char *text)
{
	char *s = slurp(path);

	ck_assert_msg(!strcmp(s, text), "%s holds '%s', expected '%s'", path, s, text);
	free(s);
}

void assert_expected(const char *text, const char *expected)
{
	char *want = slurp(expected);

	ck_assert_msg(!strcmp(text, want), "got '%s', not what %s holds: '%s'", text, expected, want);
	free(want);
}

char *repeat(const char *s, int n, const char *tail)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	for (i = 0; i < n; i++)
		sb_add(&sb, s);
	sb_add(&sb, tail);
	return sb_detach(&sb);
}

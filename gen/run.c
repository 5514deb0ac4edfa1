// SPDX-License-Identifier: GPL-2.0
#include "run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

int run_to_file(char *const argv[], const char *out_path)
{
	pid_t pid;
	int status, fd;

	fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0) {
		error("cannot create %s: %s", out_path, strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		error("fork: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (pid == 0) {
		dup2(fd, 1);
		close(fd);
		execvp(argv[0], argv);
		fprintf(stderr, "hdrtest: error: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			error("waitpid: %s", strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	error("%s was killed by signal %d", argv[0], WTERMSIG(status));
	return -1;
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

int install_if_changed(const char *tmp, const char *path)
{
	size_t la, lb;
	char *a = read_file(tmp, &la), *b = read_file(path, &lb);
	int same = a && b && la == lb && !memcmp(a, b, la);

	free(a);
	free(b);
	if (same) {
		unlink(tmp);
		return 0;
	}
	if (rename(tmp, path)) {
		error("cannot rename %s to %s: %s", tmp, path, strerror(errno));
		return -1;
	}
	return 1;
}

int write_file_atomic(const char *path, const char *text)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	int ret = 0;

	if (!f) {
		error("cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	fputs(text, f);
	if (fclose(f)) {
		error("cannot write %s: %s", tmp, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (install_if_changed(tmp, path) < 0)
		ret = -1;
	free(tmp);
	return ret;
}

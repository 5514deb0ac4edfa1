// SPDX-License-Identifier: GPL-2.0
#include "base/process.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"

/* vfork: see spawn() in exec/pool.c; the child only calls dup2, close,
 * execvp and dprintf (no stdio buffer of ours). */
static pid_t spawn(char *const argv[], int fd, int errfd)
{
	pid_t pid = vfork();

	if (pid == 0) {
		if (fd >= 0) {
			dup2(fd, 1);
			close(fd);
		}
		if (errfd >= 0) {
			dup2(errfd, 2);
			close(errfd);
		}
		execvp(argv[0], argv);
		dprintf(2, "hdrtest: error: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

pid_t start_to_file(char *const argv[], const char *out_path)
{
	return start_to_files(argv, out_path, NULL);
}

/* out_path created or truncated, for a child's stdout; -1 after an error
 * message. */
static int open_out(const char *out_path)
{
	int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);

	if (fd < 0)
		error("cannot create %s: %s", out_path, strerror(errno));
	return fd;
}

pid_t start_to_files(char *const argv[], const char *out_path, const char *err_path)
{
	pid_t pid;
	int fd, errfd = -1;

	fd = open_out(out_path);
	if (fd < 0)
		return -1;
	if (err_path) {
		errfd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		if (errfd < 0) {
			error("cannot create %s: %s", err_path, strerror(errno));
			close(fd);
			return -1;
		}
	}
	fflush(NULL);
	pid = spawn(argv, fd, errfd);
	if (pid < 0)
		error("fork: %s", strerror(errno));
	close(fd);
	if (errfd >= 0)
		close(errfd);
	return pid;
}

int wait_child(pid_t pid, const char *what)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return error("waitpid: %s", strerror(errno));
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return error("%s was killed by signal %d", what, WTERMSIG(status));
}

int run_to_file(char *const argv[], const char *out_path)
{
	pid_t pid = start_to_file(argv, out_path);

	if (pid < 0)
		return -1;
	return wait_child(pid, argv[0]);
}

int run_program(char *const argv[])
{
	pid_t pid;

	fflush(NULL);
	pid = spawn(argv, -1, -1);
	if (pid < 0)
		return error("fork: %s", strerror(errno));
	return wait_child(pid, argv[0]);
}

char *run_output(char *const argv[], int *status)
{
	char tmp[] = "/tmp/hdrtest-out.XXXXXX";
	int fd = mkstemp(tmp);
	char *text = NULL;

	if (fd < 0) {
		error("cannot create a temporary file in /tmp: %s", strerror(errno));
		*status = -1;
		return NULL;
	}
	close(fd);
	*status = run_to_file(argv, tmp);
	if (*status == 0)
		text = read_file(tmp, NULL);
	unlink(tmp);
	return text;
}

pid_t start_call_to_file(int (*fn)(void *), void *arg, const char *out_path)
{
	int fd = open_out(out_path);
	pid_t pid;

	if (fd < 0)
		return -1;
	fflush(NULL);	/* what is buffered here is not the child's to write */
	pid = fork();
	if (pid < 0)
		error("fork: %s", strerror(errno));
	if (pid == 0) {
		int rc;

		if (dup2(fd, 1) < 0)
			_exit(127);
		close(fd);
		rc = fn(arg);
		fflush(NULL);
		_exit(rc);
	}
	close(fd);
	return pid;
}

char *find_in_path(const char *prog)
{
	const char *path = getenv("PATH");

	while (path && *path) {
		const char *colon = strchr(path, ':');
		size_t len = colon ? (size_t)(colon - path) : strlen(path);
		char *p = xasprintf("%.*s/%s", (int)len, path, prog);

		if (len && !access(p, X_OK))
			return p;
		free(p);
		path = colon ? colon + 1 : NULL;
	}
	return NULL;
}

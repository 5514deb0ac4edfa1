// SPDX-License-Identifier: GPL-2.0
#include "base/process.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"

/* vfork: see spawn() in run/pool.c; the child only calls dup2, close,
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

pid_t start_to_files(char *const argv[], const char *out_path, const char *err_path)
{
	pid_t pid;
	int fd, errfd = -1;

	fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0) {
		error("cannot create %s: %s", out_path, strerror(errno));
		return -1;
	}
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
		if (errno != EINTR) {
			error("waitpid: %s", strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	error("%s was killed by signal %d", what, WTERMSIG(status));
	return -1;
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
	if (pid < 0) {
		error("fork: %s", strerror(errno));
		return -1;
	}
	return wait_child(pid, argv[0]);
}

// SPDX-License-Identifier: GPL-2.0
#include "base/process.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"

/* Start argv[0] with stdout sent to out_path: its pid, or -1 after an
 * error message. */
pid_t start_to_file(char *const argv[], const char *out_path)
{
	pid_t pid;
	int fd;

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

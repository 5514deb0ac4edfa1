// SPDX-License-Identifier: GPL-2.0
#include "base/process.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"

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

// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include "fuzz.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"

static char *dir;

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

static void remove_dir(void)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

const char *fuzz_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	if (dir)
		return dir;
	dir = xasprintf("%s/hdrtest-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		die("cannot make a scratch dir %s", dir);
	atexit(remove_dir);
	return dir;
}

char *fuzz_file(const char *rel, const uint8_t *data, size_t size)
{
	char *path = xasprintf("%s/%s", fuzz_dir(), rel), *slash;
	FILE *f;

	/* make the parent dirs, once */
	for (slash = strchr(path + strlen(dir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0700);
		*slash = '/';
	}
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		die("cannot write %s", path);
	return path;
}

char *fuzz_string(const uint8_t *data, size_t size)
{
	return xstrndup((const char *)data, size);
}

int fuzz_has_nul(const uint8_t *data, size_t size)
{
	return memchr(data, '\0', size) != NULL;
}

void fuzz_quiet(void)
{
	if (!diag_stream)
		diag_stream = fopen("/dev/null", "w");
	reset_error_count();
}

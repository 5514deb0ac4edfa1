// SPDX-License-Identifier: GPL-2.0
/* Results from one OUT into another: see out_copy.h. */
#include "judge/out_copy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/process.h"
#include "base/util.h"

/* A TU's files: its text first, then its results. */
static const char *const tu_files[] = { "c", "rc", "log", "dep" };
#define NTU_FILES (int)(sizeof(tu_files) / sizeof(tu_files[0]))

/* Each of the TU's files (the text alone without results) by one(); 0,
 * or -1 at the first that fails. */
static int each_file(const char *from, const char *to, const char *tu, int results,
		     int (*one)(const char *from, const char *rel, const char *to))
{
	int k, ret = 0;

	for (k = 0; k < (results ? NTU_FILES : 1) && !ret; k++) {
		char *rel = xasprintf("%s.%s", tu, tu_files[k]);

		ret = one(from, rel, to);
		free(rel);
	}
	return ret;
}

int out_copy_tu(const char *from, const char *to, const char *tu, int results)
{
	return each_file(from, to, tu, results, copy_beneath);
}

int out_copy_tu_check(const char *from, const char *to, const char *tu)
{
	return each_file(from, to, tu, 1, copy_beneath_check);
}

int out_copy_all(const char *from, const char *to)
{
	char *src = xasprintf("%s/.", from);
	char *argv[] = { "cp", "-a", src, (char *)to, NULL };
	int rc;

	if (remove_tree(to) || mkdirs(to)) {
		error("cannot make %s afresh: %s", to, strerror(errno));
		free(src);
		return -1;
	}
	rc = run_program(argv);
	free(src);
	if (rc)
		return error("cannot copy %s to %s", from, to);
	return 0;
}

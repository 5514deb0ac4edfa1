// SPDX-License-Identifier: GPL-2.0
/* A step's OUT, made from the step before's: see step_out.h. */
/* nftw() and its FTW_PHYS */
#define _GNU_SOURCE
#include "series/step_out.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/process.h"
#include "base/util.h"

/* The step's OUT starts as the step before's: its TUs' results, depfiles
 * and stamps, which the run keeps where nothing they read changed. */
static int copy_dir(const char *from, const char *to)
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

/* Every "SERIES_OUT/NNNN/" in text made "SERIES_OUT/num/"; NULL when
 * there is none. */
static char *retargeted(const char *text, const char *series_out, const char *num)
{
	char *pat = xasprintf("%s/", series_out);
	size_t np = strlen(pat);
	const char *p = text, *hit;
	struct strbuf sb;
	int changed = 0;

	sb_init(&sb);
	while ((hit = strstr(p, pat))) {
		const char *d = hit + np;

		sb_addn(&sb, p, (size_t)(d - p));
		p = d;
		if (strspn(d, "0123456789") == 4 && d[4] == '/' && strncmp(d, num, 4)) {
			sb_add(&sb, num);
			p = d + 4;
			changed = 1;
		}
	}
	free(pat);
	if (!changed) {
		sb_release(&sb);
		return NULL;
	}
	sb_add(&sb, p);
	return sb_detach(&sb);
}

/* The series' OUT and the step a copied OUT is for, for retarget_file(). */
static const char *retarget_out, *retarget_num;
static int retarget_failed;

/* A log, depfile, deps.union or deps.search names its TU by the OUT it
 * was compiled in (gcc writes the path): in a step's OUT copied from the
 * step before it must name this step's, or the judge finds none of the TU's own lines
 * in its log (a failure charged to no symbol).  The file keeps its time:
 * it is as up to date as the result it belongs to. */
static int retarget_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *base = path + ftw->base;
	struct timespec times[2];
	char *text, *new;

	if (type != FTW_F || !(ends_with(base, ".log") || ends_with(base, ".dep") || !strcmp(base, "deps.union") ||
				!strcmp(base, "deps.search")))
		return 0;
	text = read_file(path, NULL);
	if (!text) {
		error("cannot read %s: %s", path, strerror(errno));
		retarget_failed = 1;
		return 1;
	}
	new = retargeted(text, retarget_out, retarget_num);
	free(text);
	if (!new)
		return 0;
	times[0] = st->st_atim;
	times[1] = st->st_mtim;
	if (write_file_atomic(path, new) || utimensat(AT_FDCWD, path, times, 0)) {
		error("cannot rewrite %s: %s", path, strerror(errno));
		retarget_failed = 1;
	}
	free(new);
	return retarget_failed;
}

static int retarget_dir(const char *series_out, const char *dir, const char *num)
{
	retarget_out = series_out;
	retarget_num = num;
	retarget_failed = 0;
	if (nftw(dir, retarget_file, 16, FTW_PHYS) && !retarget_failed)
		return error("cannot walk %s: %s", dir, strerror(errno));
	return retarget_failed ? -1 : 0;
}

int step_out_copy(const char *series_out, const char *from, const char *to, const char *num)
{
	return copy_dir(from, to) || retarget_dir(series_out, to, num) ? -1 : 0;
}

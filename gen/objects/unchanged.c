// SPDX-License-Identifier: GPL-2.0
/*
 * The shortcut of a proof on objects: an object whose preprocessed text
 * is the same program before and after the edit (objects/tokens.h)
 * cannot compile differently, so it needs no compile.  Each object is
 * one job (objects_same_program(): both -E runs and the comparison), so
 * every core preprocesses and compares, and no text is held here.
 */
#define _GNU_SOURCE
#include "objects/unchanged.h"

#include <stdlib.h>

#include "base/util.h"

int objects_unchanged(struct kobj_set *s, int *idx, int *n, const char *tree, const char *tmpdir, int jobs,
		      struct ppcache *pc, enum token_verdict *verdict, int *preprocessed)
{
	int *status = xcalloc(*n ? *n : 1, sizeof(int)), kept = 0, i;

	if (objects_same_program(s, idx, *n, tree, tmpdir, jobs, pc, status)) {
		free(status);
		return -1;
	}
	for (i = 0; i < *n; i++) {
		int k = idx[i];

		verdict[k] = status[i] == SAME_PROGRAM_SAME ? TOKENS_SAME :
			     status[i] == SAME_PROGRAM_MOVED ? TOKENS_MOVED : TOKENS_CHANGED;
		if (verdict[k] == TOKENS_CHANGED)
			idx[kept++] = k;
	}
	*preprocessed += *n;
	*n = kept;
	free(status);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The shortcut of a proof on objects: an object whose preprocessed text
 * is the same program before and after the edit (objects/tokens.h)
 * cannot compile differently, so it needs no compile.  Preprocessing is
 * a fraction of a compile, and both texts of a batch are held at once:
 * batches keep that to a few dozen objects' texts.
 */
#define _GNU_SOURCE
#include "objects/unchanged.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

int objects_unchanged(struct kobj_set *s, int *idx, int *n, const char *tree, const char *tmpdir, int jobs,
		      enum token_verdict *verdict, int *preprocessed)
{
	int batch = 16 * (jobs > 0 ? jobs : 1), kept = 0, i, j;

	for (i = 0; i < *n; i += batch) {
		int m = *n - i < batch ? *n - i : batch;
		char **before, **after;
		int rc = objects_preprocess(s, idx + i, m, NULL, tmpdir, jobs, &before);

		if (!rc)
			rc = objects_preprocess(s, idx + i, m, tree, tmpdir, jobs, &after);
		else
			after = xcalloc(m, sizeof(char *));
		for (j = 0; j < m; j++) {
			const struct kobj *o = &s->objs[idx[i + j]];
			char *why = NULL;

			verdict[idx[i + j]] = TOKENS_CHANGED;
			if (!rc && before[j] && after[j])
				verdict[idx[i + j]] = tokens_compare(before[j], after[j], ends_with(o->source, ".c"), &why);
			free(why);
			free(before[j]);
			free(after[j]);
		}
		free(before);
		free(after);
		if (rc)
			return -1;
		*preprocessed += m;
	}
	/* the pending list keeps only what must be compiled, in order */
	for (i = 0; i < *n; i++)
		if (verdict[idx[i]] == TOKENS_CHANGED)
			idx[kept++] = idx[i];
	*n = kept;
	return 0;
}

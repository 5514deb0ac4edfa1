// SPDX-License-Identifier: GPL-2.0
/*
 * The order of hdrtest fix's series: grouped by directory (the include
 * names sorted: linux/mm/ together, asm-generic/ together), and never a
 * patch before one it depends on.  The proof made every patch at once, so
 * a header whose patch was proven while it read another patched header
 * (it includes it, in the tree or through an include its own patch adds)
 * may need that header's patch: it comes first.  A cycle (each reads the
 * other) keeps the name order.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fix/fix.h"
#include "fix/fixer.h"
#include "scan/headers.h"
#include "scan/scan.h"

/* Every include name h's patched text pulls in: its own includes, and
 * those of the includes its patch adds, followed through the scan. */
static int closure_of(const struct scan_index *ix, const struct hdr_fix *h, char ***out)
{
	char **seen = NULL;
	int n = 0, i;

	*(char **)push(&seen, &n, sizeof(char *)) = xstrdup(h->header);
	for (i = 0; i < h->ncands; i++)
		if (h->cands[i].kind == FIX_INCLUDE && !str_listed(seen, n, h->cands[i].include))
			*(char **)push(&seen, &n, sizeof(char *)) = xstrdup(h->cands[i].include);
	*out = seen;
	return header_closure(ix, out, n);
}

int cmp_hdr_fix(const void *a, const void *b)
{
	return strcmp(((const struct hdr_fix *)a)->header, ((const struct hdr_fix *)b)->header);
}

void order_series(struct fixer *fx)
{
	int n = fx->nfixes, i, j, placed = 0;
	char ***cl;
	int *ncl, *done;
	struct hdr_fix *out;

	qsort(fx->fixes, n, sizeof(*fx->fixes), cmp_hdr_fix);
	if (n < 2)
		return;
	cl = xcalloc(n, sizeof(*cl));
	ncl = xcalloc(n, sizeof(int));
	done = xcalloc(n, sizeof(int));
	out = xcalloc(n, sizeof(*out));
	for (i = 0; i < n; i++)
		if (fx->fixes[i].kept)
			ncl[i] = closure_of(fx->ix, &fx->fixes[i], &cl[i]);
	/* Kahn's order, the first ready one by name each time; when none
	 * is ready (a cycle), the first left by name */
	while (placed < n) {
		int pick = -1;

		for (i = 0; i < n && pick < 0; i++) {
			int ready = !done[i];

			for (j = 0; ready && j < n; j++)
				ready = j == i || done[j] || !fx->fixes[j].kept || !fx->fixes[i].kept ||
					!str_listed(cl[i] + 1, ncl[i] - 1, fx->fixes[j].header);
			if (ready)
				pick = i;
		}
		for (i = 0; pick < 0 && i < n; i++)
			if (!done[i])
				pick = i;
		done[pick] = 1;
		out[placed++] = fx->fixes[pick];
	}
	memcpy(fx->fixes, out, n * sizeof(*out));
	for (i = 0; i < n; i++) {
		for (j = 0; j < ncl[i]; j++)
			free(cl[i][j]);
		free(cl[i]);
	}
	free(cl);
	free(ncl);
	free(done);
	free(out);
}

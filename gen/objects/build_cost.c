// SPDX-License-Identifier: GPL-2.0
/* The build cost of a built dir's objects (build_cost.h). */
#include "objects/build_cost.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

int objects_build_cost(struct kobj_set *s, const char *forbid, int count_lines, const char *tmpdir, int jobs,
		       struct build_cost *c)
{
	int fid = forbid ? objects_file_id(s, forbid) : -1, i, j, *idx;
	long *lines;

	memset(c, 0, sizeof(*c));
	c->objects = s->n;
	c->lines = -1;
	for (i = 0; i < s->n; i++) {
		const struct kobj *o = &s->objs[i];
		int reads = 0;

		for (j = 0; j < o->ndeps; j++) {
			c->headers += ends_with(s->files[o->deps[j]], ".h");
			reads |= fid >= 0 && o->deps[j] == fid;
		}
		c->reading += reads;
	}
	if (!count_lines || !s->n)
		return 0;
	idx = xcalloc(s->n, sizeof(int));
	lines = xcalloc(s->n, sizeof(long));
	for (i = 0; i < s->n; i++)
		idx[i] = i;
	if (objects_preprocessed_lines(s, idx, s->n, tmpdir, jobs, lines)) {
		free(idx);
		free(lines);
		return -1;
	}
	c->lines = 0;
	for (i = 0; i < s->n; i++) {
		if (lines[i] < 0)
			c->failed++;
		else
			c->lines += lines[i];
	}
	free(idx);
	free(lines);
	return 0;
}

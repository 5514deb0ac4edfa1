/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the objects of a built kbuild dir cost to build, in counts that
 * are exact rather than timed (make bench-split): how many objects read
 * the forbidden header, by kbuild's own records (.NAME.o.cmd's deps_),
 * the headers those records list, and the lines of each object's
 * preprocessed text.
 */
#ifndef HDRTEST_BUILD_COST_H
#define HDRTEST_BUILD_COST_H

#include "objects/objects.h"

struct build_cost {
	int objects;		/* objects with recorded dependencies */
	int reading;		/* of those, the ones whose record names the forbidden header */
	long headers;		/* the tree's *.h files in their records, summed (a
				 * build dir's generated ones are not recorded) */
	long lines;		/* the lines of their -E -P texts, summed; -1: not counted */
	int failed;		/* objects whose -E failed: their lines not counted */
};

/* The cost of every object of s.  forbid: a tree-relative path
 * ("include/linux/mm.h"), or NULL; count_lines: preprocess each object
 * (jobs at once, its text in tmpdir only while it is counted).  0, or -1
 * after an error message. */
int objects_build_cost(struct kobj_set *s, const char *forbid, int count_lines, const char *tmpdir, int jobs,
		       struct build_cost *c);

#endif

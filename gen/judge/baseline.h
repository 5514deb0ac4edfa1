/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A baseline: the failures a tree is known to have, so that it can adopt
 * hdrtest at once and fail only on new ones (the ratchet header-test-y
 * lacked).  One failure a line, "HEADER<TAB>ARCH/CONFIG<TAB>CLASS", '#'
 * lines are comments.  The class is the kind of the first diagnostic with
 * its names and positions left out, so that a line number moving does not
 * make a known failure new, while a different kind of failure does.
 */
#ifndef HDRTEST_BASELINE_H
#define HDRTEST_BASELINE_H

#include <stdio.h>

#include <uthash.h>

#include "judge/report.h"

struct baseline_entry {
	char *key;		/* "HEADER\tCELL": the hash key */
	char *header;
	char *cell;
	char *cls;
	int line;		/* in the file */
	UT_hash_handle hh;
};

struct baseline {
	char *path;
	struct baseline_entry *table;	/* by key */
	struct baseline_entry **items;	/* in file order */
	int n;
};

/* The class of a failing TU: "implicit declaration of function '*'",
 * "pulls in the forbidden header linux/mm.h", "catalog drift", ... */
char *failure_class(const struct tu_result *t);

/* The run's failures as a baseline file. */
char *render_baseline(const struct run_results *r);

/* Read a baseline; -1 after errors naming file:line:col. */
int baseline_read(const char *path, struct baseline *b);
void baseline_free(struct baseline *b);

/* The run against the baseline, written to f: the new failures (not in
 * it, or failing another way than it says), the known ones counted, and
 * the known ones that now pass ("remove from the baseline").  Returns the
 * number of new failures. */
int write_baseline_report(FILE *f, const struct run_results *r, const struct baseline *b);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A baseline: the failures a tree is known to have, so that it can adopt
 * hdrtest at once and fail only on new ones (the ratchet header-test-y
 * lacked).  One line per kind of diagnostic of a failing TU,
 * "HEADER<TAB>ARCH/CONFIG<TAB>CLASS<TAB>COUNT", '#' lines are comments.
 * The class is a diagnostic with its names and positions left out, so
 * that a line number moving does not make a known failure new; every
 * class of the TU is kept, with how often it occurs, so that a known
 * failing header that gains another error (an #error, a new undeclared
 * name) is new, not hidden behind its first diagnostic.
 *
 * A line of three fields (an older file) counts once.  Trailing blanks
 * and a CR (a file edited on another system) are not part of a field.
 */
#ifndef HDRTEST_BASELINE_H
#define HDRTEST_BASELINE_H

#include <stdio.h>

#include <uthash.h>

#include "judge/report.h"

/* One kind of diagnostic of a failing TU and how often it occurs. */
struct failure_kind {
	char *cls;
	int count;
};

/* The lines of one header in one cell. */
struct baseline_tu {
	char *key;		/* "HEADER\tCELL": the hash key */
	char *header;
	char *cell;
	struct baseline_entry **lines;	/* in file order */
	int n;
	UT_hash_handle hh;
};

/* One line of the file. */
struct baseline_entry {
	char *key;		/* "HEADER\tCELL\tCLASS": the hash key */
	char *cls;
	int count;
	int line;		/* in the file */
	struct baseline_tu *tu;
	UT_hash_handle hh;
};

struct baseline {
	char *path;
	struct baseline_entry *table;	/* by HEADER, CELL and CLASS */
	struct baseline_tu *tus;	/* by HEADER and CELL */
	struct baseline_tu **items;	/* in file order */
	int n;
	int nlines;
};

/* The class of one diagnostic line ("file:line:col: error: MESSAGE" or a
 * detail such as "pulls in the forbidden header linux/mm.h: a.h -> ..."):
 * "implicit declaration of function '*'", "pulls in the forbidden header
 * linux/mm.h", ... */
char *diagnostic_class(const char *diag);

/* The kinds of a failing TU's diagnostics, in the order they first
 * occur: each error and warning of its log, then the forbidden include;
 * "catalog drift" for a drifted header; the class of its detail when
 * nothing else (a compiler that printed no diagnostic).  Returns how
 * many; free with failure_kinds_free(). */
int failure_kinds(const struct tu_result *t, struct failure_kind **kinds);
void failure_kinds_free(struct failure_kind *kinds, int n);

/* The run's failures as a baseline file. */
char *render_baseline(const struct run_results *r);

/* Read a baseline; -1 after errors naming file:line:col. */
int baseline_read(const char *path, struct baseline *b);
void baseline_free(struct baseline *b);

/* The run against the baseline, written to f: the new failures (a TU not
 * in it, or with a class it does not list, or more often than it says),
 * the known ones counted, the known ones that now pass ("remove from the
 * baseline"), those that are skips now (with the skip's reason) and those
 * with fewer diagnostics than it says.  Returns the
 * number of TUs with new failures. */
int write_baseline_report(FILE *f, const struct run_results *r, const struct baseline *b);

#endif

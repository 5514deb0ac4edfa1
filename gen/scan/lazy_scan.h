/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tree's scan index, made at most once, when first needed, and shared
 * by what reads that tree in one process: a run's drift check and the
 * explanations of its failures each scanned the whole tree (0.7 s of a
 * kernel tree) for the same index, and hdrtest series, which scans each
 * step's tree to fit its catalog, hands that index to the step's run.
 *
 * Invariants: own is NULL while given is set; once lazy_scan_get failed
 * it fails again without scanning (scan_tree said why the first time).
 */
#ifndef HDRTEST_LAZY_SCAN_H
#define HDRTEST_LAZY_SCAN_H

#include "scan/scan.h"

struct lazy_scan {
	const char *tree;		/* the tree the index is of */
	const struct scan_index *given;	/* the caller's index of tree, or NULL */
	struct scan_index *own;		/* made here; lazy_scan_free frees it */
	int failed;
};

/* The index of ls->tree, scanned now if nobody has yet; NULL after an
 * error message. */
const struct scan_index *lazy_scan_get(struct lazy_scan *ls);

/* 1 when path is ls->tree however spelled (a symlink, a trailing
 * slash), else 0: only then may its index stand for path's. */
int lazy_scan_is_tree(const struct lazy_scan *ls, const char *path);

void lazy_scan_free(struct lazy_scan *ls);

#endif

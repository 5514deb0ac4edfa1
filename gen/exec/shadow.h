/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A new header that shadows one a TU read: a file that the compiler would
 * now find earlier on its include path than the one its depfile names
 * (arch/x86/include/linux/x.h added before include/linux/x.h, or an
 * OVERLAY file).  The depfile's mtimes cannot see it: nothing it names
 * changed.  So a TU is up to date only if no such file appeared since.
 *
 * The include path is gen's OUT/CELL/include-path (the dirs of
 * compile.sh's -iquote, -I, -isystem, -idirafter, OVERLAY first, in the
 * order gcc searches them).  A header read as D_k/N could have been
 * shadowed by D_j/N for every j < k: a candidate.  (A path under two
 * dirs, include/uapi/linux/x.h under include and include/uapi, is taken
 * both ways.)  A quoted #include "N" in a header H is looked for in H's
 * own dir first: if H's dir had no N, dir(H)/N is a candidate too.
 *
 * Some candidates existed when the TU was compiled (include/linux/types.h
 * beside include/uapi/linux/types.h: that header was read as
 * <uapi/linux/types.h>, not as <linux/types.h> from include/uapi).  So
 * when the cell's results are recorded (with deps.union), the candidates
 * that existed then are kept in OUT/CELL/deps.search, with the quoted
 * candidates; a candidate that exists now and is not listed there is a
 * new header in the way.
 *
 * Speed: a new file changes its dir's ctime, a new dir its own and its
 * parent's, and a renamed one its own, so the candidates are looked at
 * only under a dir that changed since the result: a no-op run stats the
 * few hundred dirs of a cell's include path (shared by the cells of a
 * tree), not the thousands of candidates.
 */
#ifndef HDRTEST_SHADOW_H
#define HDRTEST_SHADOW_H

struct mtimes;

/* A cell's include path and what its last record found. */
struct shadow;

/* OUT/CELL/include-path and OUT/CELL/deps.search, or NULL when either is
 * missing, cut short or not what this version writes (then every TU of
 * the cell is out of date). */
struct shadow *shadow_load(const char *cell_dir);
void shadow_free(struct shadow *s);

/* The dirs of OUT/CELL/include-path, first searched first, every one
 * absolute; NULL when it is missing, cut short or not what this version
 * writes.  The caller frees each and the array. */
char **include_path_read(const char *cell_dir, int *n);

/* 1 when a file that was not there when the record was written and that
 * the compiler would find before one of deps[0..n) now exists, looking
 * only under dirs changed at or after since (ns: the result's time);
 * else 0. */
int shadow_appeared(struct mtimes *m, const struct shadow *s, char **deps, int n, long long since);

/* Write OUT/CELL/deps.search for the headers deps[0..n) the cell's TUs
 * read, compiled from since on (ns: when the compile stage began): what
 * is there now and has not changed since that time counts as there when
 * they were compiled; what changed later does not, so that the next run
 * looks again.  0, or -1 after an error message. */
int shadow_record(struct mtimes *m, const char *cell_dir, char **deps, int n, long long since);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Results from one OUT into another.  A TU's files are its text, STEM.c,
 * and the results the compile stage leaves beside it (compile/tu.h):
 * STEM.rc, STEM.log and STEM.dep.  None needs rewriting where it lands:
 * the judge finds a TU in its log by its path below OUT (results.c).
 *
 *   - merged shards: each TU's files from the shard that owns it;
 *   - the fix proof: each TU's text, and the results of one it does not
 *     compile again;
 *   - a series' step: the whole OUT of the step before.
 *
 * A shard is an artifact from another machine: every file is read as a
 * regular file below its dir, written below its own, and no symlink is
 * followed on either side (base/files.h, copy_beneath()).
 */
#ifndef HDRTEST_OUT_COPY_H
#define HDRTEST_OUT_COPY_H

/* The TU tu ("CELL/STEM" below two OUTs, or "STEM" below two cell dirs,
 * a safe name) from from into to: its text and, with results set, its
 * results; a file from does not have is removed from to.  0, or -1 after
 * an error. */
int out_copy_tu(const char *from, const char *to, const char *tu, int results);

/* What out_copy_tu(from, to, tu, 1) would refuse, said, nothing written
 * (to NULL: a dir not made yet).  0, or -1 after the error. */
int out_copy_tu_check(const char *from, const char *to, const char *tu);

/* to (removed first) made a copy of the OUT from, every file's time kept
 * (cp -a): what the run keeps up to date stays up to date.  0, or -1
 * after an error. */
int out_copy_all(const char *from, const char *to);

#endif

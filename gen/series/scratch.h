/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scratch tree of a series of patch files on a base dir (KDIR), and
 * what hdrtest series knows of it, in HDRTEST_CACHE/series/ID/ where no
 * patch writes:
 *
 *   tree        the base's files as hard links (its .git left out:
 *               nothing in it may be written, and a series of patch
 *               files needs none of it), then each patch applied in
 *               turn (series-tree.sh apply)
 *   base-state  the base as it was when tree was last made like it: a
 *               line per file, dir and symlink of KDIR, with its type,
 *               mode, inode, size and mtime
 *   touched     every file the patches applied since then may have
 *               written, one a line
 *
 * Every write is inside tree: a name is refused when it is absolute, has
 * an empty, "." or ".." component or goes through a symlink of tree.
 */
#ifndef HDRTEST_SCRATCH_H
#define HDRTEST_SCRATCH_H

/* Make dir/tree the base as it is now, its stamp (the tree's identity
 * for a step: .hdrtest-series.applied) stamp.  The files the patches
 * touched and every file, dir or symlink KDIR changed since the last
 * reset (an edit, a rewrite, one added or removed) are copied again,
 * with a new time, so that kbuild and the step's run see them change;
 * the first time, tree is made of hard links.  0, or -1 after an error. */
int scratch_reset(const char *base, const char *dir, const char *stamp);

/* The files patch writes (patch_names.h), each checked against dir/tree
 * and added to dir/touched before it is applied.  0, or -1 after the
 * error "PATCH:LINE: 'NAME': why" (the patch must not be applied). */
int scratch_note_patch(const char *dir, const char *patch);

/* Why name (relative) may not be written in tree: patch_name_refusal(),
 * a first component the tree leaves out (.git: in a git clone a patch
 * would write hooks the next checkout runs; hdrtest's stamps), or a
 * symlink on its way (each component lstat()ed); NULL when it may.  The
 * caller frees. */
char *scratch_name_refusal(const char *tree, const char *name);

#endif

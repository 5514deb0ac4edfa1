/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The steps of a patch series: the base tree, then the tree after each
 * patch.  A step is named by its patch's number as in the patch's file
 * name ("0006" for 0006-linux-mm.h-move-...patch), or by its place in the
 * series when the name has no number (and for commits); "0000" is the
 * base.
 */
#ifndef HDRTEST_SERIES_STEPS_H
#define HDRTEST_SERIES_STEPS_H

struct series_step {
	char *num;	/* "0000", "0001", ...: unique, in step order */
	char *name;	/* the patch's file name, the commit, or "base" */
	char *subject;	/* the patch's subject line, without its [PATCH] tag */
	/* (name and subject with control characters in caret notation) */
	char *patch;	/* the patch file; NULL for the base and for a commit */
	char *commit;	/* the commit the step checks out (git), else NULL */
};

struct series {
	struct series_step *steps;	/* steps[0] is the base */
	int n;
	char *base_commit;	/* a format-patch --base series' "base-commit:", or NULL */
};

/* The patches of dir, in the order of its quilt "series" file when it has
 * one, else every *.patch in name order: steps 1..n after the base.  0, or
 * -1 after an error naming the file (and line) at fault: no patch, a
 * listed patch missing, two patches with one number. */
int series_from_dir(const char *dir, struct series *s);

/* The commits of range ("BASE..TIP") in the git tree at git, oldest
 * first, with no merge: the base is "git merge-base BASE TIP".  0, or -1
 * after an error naming the range. */
int series_from_git(const char *git, const char *range, struct series *s);

/* The subject of a mail-formatted patch's text: its "Subject:" header,
 * folded lines joined, a leading "[...]" tag taken off; NULL if none. */
char *patch_subject(const char *text);

void series_free(struct series *s);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* A cell's results as the judge holds them: each TU's verdict and why,
 * read by every report (results.h reads and judges them). */
#ifndef HDRTEST_CELL_H
#define HDRTEST_CELL_H

/* V_ERROR: not judged at all, the header neither passes nor fails: kbuild
 * could not prepare the cell, or what the compile stage left of the TU
 * cannot be read completely. */
enum verdict { V_PASS, V_FAIL, V_SKIP, V_ERROR };

struct sym_result {
	char *name;
	char *kind;
	char *use;		/* "used", "unused" (condition false), "skip" */
	char *cond;
	int diagnosed;		/* a diagnostic points into its use */
};

struct tu_result {
	char *header;
	char *stem;
	char *skip;		/* the catalog says: not meant to stand alone, why */
	enum verdict verdict;
	char *detail;		/* first diagnostic, or the skip reason */
	char *explanation;	/* why, in one line, where hdrtest can tell; or NULL */
	int stopped;		/* the compiler gave up early (fatal error) */
	int drifted;		/* fails because the catalog drifted from the tree */
	int nincludes;		/* headers the TU read (from -H), 0 if unknown */
	char *forbidden;	/* "linux/mm.h: a.h -> linux/mm.h", or NULL */
	char *log;		/* the whole compiler output, "" if none; naming
				 * this OUT wherever it was compiled (results.c) */
	struct sym_result *syms;
	int nsyms;
};

struct cell_result {
	char *arch;
	char *config;
	char *dir;		/* the cell dir */
	char *display;		/* how TU paths are shown: "<arch>/<config>" */
	int skipped;
	int errored;		/* kbuild could not prepare it: every TU is V_ERROR */
	char *note;		/* what kbuild itself failed at here, or NULL */
	char *overlay;		/* include dir searched first, or NULL */
	char *reason;
	char *kbuild;
	char *srctree;
	char *repro;		/* "cd KDIR && CMD", the TU follows */
	char **forbids;
	int nforbids;
	struct tu_result *tus;
	int ntus;
};

/* The detail of a TU that compiles but pulls in a forbidden header:
 * this, then tu_result.forbidden ("linux/mm.h: a.h -> linux/mm.h").
 * The reports and the baseline recognise such a failure by it. */
#define FORBIDDEN_DETAIL "pulls in the forbidden header "

#endif

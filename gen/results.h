/* SPDX-License-Identifier: GPL-2.0 */
/* Verdicts: what the compile stage left in each cell dir (manifest, TU
 * sources, exit codes, logs, depfiles), read back and judged. */
#ifndef HDRTEST_RESULTS_H
#define HDRTEST_RESULTS_H

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
	enum verdict verdict;
	char *detail;		/* first diagnostic, or the skip reason */
	char *explanation;	/* why, in one line, where hdrtest can tell; or NULL */
	int stopped;		/* the compiler gave up early (fatal error) */
	int nincludes;		/* headers the TU read (from -H), 0 if unknown */
	char *forbidden;	/* "linux/mm.h: a.h -> linux/mm.h", or NULL */
	char *log;		/* the whole compiler output, "" if none */
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

/* Read OUT/<cell>/manifest.tsv and judge each TU.  NULL after an error. */
struct cell_result *cell_read(const char *out, const char *cell);
void cell_free(struct cell_result *c);
const char *verdict_name(enum verdict v);

/* The first error or warning line in a compiler log, with the source tree
 * and cell dir prefixes taken off paths; NULL if there is none. */
char *first_diagnostic(const char *log, const char *srctree, const char *celldir, const char *display);

#endif

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
	char *skip;		/* the catalog says: not meant to stand alone, why */
	enum verdict verdict;
	char *detail;		/* first diagnostic, or the skip reason */
	char *explanation;	/* why, in one line, where hdrtest can tell; or NULL */
	int stopped;		/* the compiler gave up early (fatal error) */
	int drifted;		/* fails because the catalog drifted from the tree */
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

/* The detail of a TU that compiles but pulls in a forbidden header:
 * this, then tu_result.forbidden ("linux/mm.h: a.h -> linux/mm.h").
 * The reports and the baseline recognise such a failure by it. */
#define FORBIDDEN_DETAIL "pulls in the forbidden header "

/* Read OUT/<cell>/manifest.tsv and judge each TU.  NULL after an error. */
struct cell_result *cell_read(const char *out, const char *cell);
/* Only read the manifest, its TUs not judged yet (every stem a safe name,
 * name_is_safe()).  NULL after an error naming its line. */
struct cell_result *cell_read_manifest(const char *out, const char *cell);
void cell_free(struct cell_result *c);
/* Keep the TUs keep() says yes to, in their order, freeing the others;
 * returns how many are left. */
int cell_keep_tus(struct cell_result *c, int (*keep)(const struct tu_result *t, void *arg), void *arg);
const char *verdict_name(enum verdict v);

/* The drift file of `hdrtest catalog-check --drift-out`: one item a line,
 * "HEADER<TAB>MESSAGE". */
struct drift_line {
	char *header;
	char *text;
};

struct drift_lines {
	struct drift_line *items;
	int n;
};

/* Read a drift file; -1 after an error naming the line (a file cut short
 * is an error too: it would hide drift). */
int drift_lines_read(const char *path, struct drift_lines *d);
void drift_lines_free(struct drift_lines *d);

/* Every TU of a drifted header fails, in a cell that was compiled: the
 * first drift line is its detail, all of them its explanation. */
void cell_mark_drift(struct cell_result *c, const struct drift_lines *d);

#endif

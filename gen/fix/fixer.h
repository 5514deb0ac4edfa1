/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrtest fix's shared state: the failures of a run, the candidate fixes
 * of each header they are in, and the fixer that proves them.  The
 * rounds (fix/fix_all.c) fill it; the proof (fix/proof.c), the chain
 * report (fix/chains.c) and the patches (fix/patch.c) read it.
 */
#ifndef HDRTEST_FIXER_H
#define HDRTEST_FIXER_H

#include "base/util.h"
#include "fix/fix.h"
#include "judge/results.h"
#include "scan/scan.h"

struct failure {
	int cell;
	char *tu;		/* the header under test */
	char *why;		/* its explanation when it was first seen */
};

/*
 * The fix of one header, through the rounds of fix_all(): prove() proves
 * it, judge_fixes() judges it, drop_unkept() drops it or puts its
 * includes under their #if, write_patch() writes it.
 *
 * Invariants, between two rounds:
 *  - header never changes.  cands[0..ncands) and marks[0..ncands) only
 *    grow (a round adds what a patch uncovers), marks[k] one byte per
 *    cell; fails[0..nfails) only grows, each (cell, tu) once.
 *  - A fix that is not patchable() (its candidates are only reasons why
 *    not) is never written into the overlay, never kept, and has no path,
 *    base, verdict or patch.
 *  - path and base are set once the overlay had it (common_file() found
 *    the header), in_overlay saying which base it is: the run's overlay's
 *    copy or the tree's file.  proven is the overlay's text of it at the
 *    last proof (NULL: not there), changed whether that text differs
 *    from the proof before's.
 *  - dropped is 0 while it is proven; once a verdict drops it, the round
 *    of that verdict, for good: then kept is 0, the next write of the
 *    overlay removes its copy, and verdict, broke, newdiag, breaks and
 *    fixes_a_cell stay what that verdict said.
 *  - kept, broke, newdiag, breaks, fixes_a_cell and verdict are the last
 *    verdict's; kept implies broke == newdiag == 0.
 *  - guard_why is set only by a verdict that did not keep it for what it
 *    broke alone, an include for a use under #if having gone in
 *    unconditionally; drop_unkept() clears it, copying it into those
 *    candidates' cond_why and breaks into uncond_breaks, or leaves it for
 *    the next verdict.  uncond_breaks is set iff a candidate has cond_why.
 *  - After the rounds: broke_objects (and objects_why) only when
 *    --verify-objects dropped it, kept 0 then; patch and subject only on
 *    a kept fix, once its patch is written.
 */
struct hdr_fix {
	char *header;
	struct fix_cand *cands;
	int ncands;
	char **marks;		/* per candidate, per cell: its name was missing there */
	struct failure *fails;
	int nfails;
	int kept;
	char *path;		/* in the tree: "include/linux/mm/x.h" */
	char *base;		/* the file patched: the tree's, or the run's overlay's */
	int in_overlay;		/* base is the run's overlay's copy: the patch applies
				   there (paths relative to the overlay), not to the tree */
	char *patch;		/* its file name, once written */
	char *subject;		/* and its subject, without "[PATCH k/n] " */
	char *proven;		/* the overlay's text of the header at the last proof round */
	int changed;		/* it differs in this round's overlay (or is new there) */
	int dropped;		/* 0, or the round after whose verdict it was not kept and
				   taken out of the overlay: the rounds after it prove
				   the others without it */
	char *verdict;		/* its summary lines, from the last round that had it in */
	int broke;		/* and from that round: TUs that passed and break, */
	int newdiag;		/* TUs that failed and fail in a new way, */
	char *breaks;		/* and each of them: breaks.tsv's lines */
	char *guard_why;	/* not kept only for what it broke, with includes for
				   uses under #if put in unconditionally: what it
				   broke, for their cond_why (drop_unkept) */
	char *uncond_breaks;	/* its breaks.tsv lines from the round that put them
				   under their #if */
	int fixes_a_cell;	/* it makes a TU that failed pass on some cell */
	int broke_objects;	/* VERIFY=objects dropped it: kernel objects it breaks, */
	char *objects_why;	/* and the first reason with its first objects */
};

/* At most this many items of a list that grows with the tree (TUs a fix
 * breaks, headers a chain pulls a forbidden one into, patches) does a
 * line of the summary name: then "... and N more", and a file
 * (breaks.tsv, chains.tsv, series) has them all. */
#define SUMMARY_FEW 5

/* The patches' author, from the user's git identity (identity.c). */
struct fix_identity {
	char *name;		/* NULL when not set */
	char *email;
};

/*
 * A finished run being fixed: what fixer_open() sets (out, dir, cells,
 * orig, ix, who, signoff) never changes; the rest is fix_all()'s (the
 * proofs on objects of fix-consumers and of --verify-objects read only
 * fixer_open()'s).
 *
 * Invariants, between two rounds: rounds is how many proof rounds ran;
 * proof[i] is cell i's results of the last one (NULL before the first,
 * and for a cell the run skipped or could not compile); recompiled has a
 * line for each TU a round compiled, compiled of them, and reused counts
 * those a round took from the round before; fixes[0..nfixes) only grows,
 * a header once (fix_for()), in the order first met until the rounds of
 * candidates end, then by header (cmp_hdr_fix()), and last in the
 * series' order (order_series()).
 */
struct fixer {
	char *out;		/* the run (absolute: object commands run elsewhere) */
	char *dir;		/* OUT/fix */
	char *overlay;		/* OUT/fix/overlay */
	char **cells;
	int ncells;
	int jobs;
	struct cell_result **orig;
	struct cell_result **proof;
	struct scan_index *ix;
	struct hdr_fix *fixes;
	int nfixes;
	int compiled;		/* TUs compiled by the proof, all rounds */
	int reused;		/* TUs a later round did not compile again: nothing they read changed */
	struct strbuf recompiled;	/* and which: "ARCH/CONFIG/STEM" lines */
	double seconds;		/* and the time it took */
	int rounds;
	struct fix_identity who;	/* From: (and Signed-off-by:) of the patches */
	int signoff;		/* add the user's Signed-off-by (asked for: --signoff) */
	/* a TU the proof adds to every cell beside the run's (hdrtest move:
	 * TO's own), compiled in every round; NULL: none */
	const char *new_header;	/* what it tests: "linux/mm/x.h" */
	const char *new_stem;	/* its stem, which no TU of a cell has */
	char *const *new_texts;	/* its text in each cell */
};

/* open.c */

/* Open fx on the finished run in out for cells: out made absolute,
 * fx->dir = OUT/sub emptied and made, the cells' results read, the user's
 * identity (an error when it holds what a From: line cannot carry, or
 * when signoff asks for one that is not set), the
 * tree scanned.  0, or -1 after an error message (fixer_close() then
 * still frees what was opened). */
int fixer_open(struct fixer *fx, const char *out, const char *sub, char **cells, int ncells, int signoff);
/* Free what fixer_open() set, nothing else. */
void fixer_close(struct fixer *fx);

/* proof.c */

/* Whether h has a candidate that edits it (not only reasons why not). */
int patchable(const struct hdr_fix *h);
/* The TU of c that tests header, or NULL (c may be NULL). */
const struct tu_result *tu_named(const struct cell_result *c, const char *header);
/* One round of proof on every cell: fx->proof[] read again; 0/-1. */
int prove(struct fixer *fx);
/* What proof TU t of cell ci fails for now, in one line: explained, or
 * its forbidden header, or what the compiler did.  The caller frees. */
char *proof_why(struct fixer *fx, int ci, const struct tu_result *t);
/* The cells of h's failures, in run order, each once: all of them, or
 * (passing) only those the fix is proven on; allocated, space-separated. */
char *fail_cells(struct fixer *fx, const struct hdr_fix *h, int passing);
/* The verdict on each fix (h->kept), the summary lines in sum, the
 * candidates no header qualifies for in unfixed.  A dropped fix keeps the
 * verdict of the round that dropped it. */
void judge_fixes(struct fixer *fx, struct strbuf *sum, struct strbuf *unfixed);
/* Drop every fix the last verdict did not keep, so that the next round
 * proves the kept ones without it; but a fix not kept only for what it
 * broke (h->guard_why) gets its includes for uses under #if put under
 * that #if instead, proven so in the next round, or, when a TU it broke
 * is one another fix changed here broke too, is proven again as it is,
 * without that one.  How many fixes changed; how many of them the next
 * round proves again, put under #if or as they are, into *pending. */
int drop_unkept(struct fixer *fx, int *pending);

/* blame.c */

/* Which patch of the last proof round a broken TU's diagnostics lead to. */
struct blame {
	int **added;		/* per fix: the lines its patch added to the overlay copy */
	int *nadded;
	unsigned char ***hits;	/* per cell, per proof TU: NULL until its log is read;
				   else per fix whether a line it added is on a
				   diagnostic's way, and [nfixes]: any fix's is */
};
void blame_init(struct blame *b, const struct fixer *fx);

/* The numbers (from 1) of the lines of patched that are not in orig, when
 * patched only inserts lines into orig, or changes one in place (a stub
 * made to match): walking both side by side finds them; how many, in
 * *lines (the caller frees); -1 when lines of orig are not in patched
 * (lines is NULL then). */
int added_lines(const char *orig, const char *patched, int **lines);
/* Whether log names path:LINE, LINE one of lines: a diagnostic's place, or
 * an "In file included from" step of its way. */
int log_names_line(const char *log, const char *path, const int *lines, int nlines);
void blame_free(struct blame *b, const struct fixer *fx);
/* Whether fix fi's patch can be what broke proof TU k of cell ci (o: the
 * same TU before the patches): a line it added is on the way to one of
 * its diagnostics, or no patch's line is (then every patch it reads, as a
 * forbidden header newly pulled in is). */
int blame_patch(struct blame *b, const struct fixer *fx, int ci, int k, const struct tu_result *o, int fi);

/* classes.c */

/* Every header that fails on a cell of the run, in exactly one class:
 * fixed by a declaration, by an include, by both, needs a move (what it
 * needs is defined only in a forbidden header or one that includes it
 * back: named), or not fixable yet (with the reason), after the proof;
 * the table into sb, one "HEADER<TAB>CLASS<TAB>REASON" line per header
 * into tsv.  Returns how many headers are in a class that is no fix. */
int classify_failures(struct fixer *fx, struct strbuf *sb, struct strbuf *tsv);

/* chains.c */

/* Whether ch can be part of a C identifier. */
int is_ident(int ch);
/* The report on the headers that pull a forbidden header in, into sb,
 * each with the first SUMMARY_FEW headers on whose chains it is; every
 * one of those into tsv, one "INCLUDER:LINE<TAB>FORBIDDEN<TAB>HEADER<TAB>
 * CELLS" line each (chains.tsv). */
void chains(struct fixer *fx, struct strbuf *sb, struct strbuf *tsv);

/* A header on a failing TU's chain that includes a forbidden header
 * directly: where the chain can be cut. */
struct includer {
	char *path;		/* in the tree: "arch/x86/include/asm/cacheflush.h" */
	char *forbidden;	/* "linux/mm.h" */
	int line;		/* of its #include */
	char *cells;		/* the cells whose chains it is on, space-separated, run order */
	char *consumers;	/* the failing headers whose chains it is on, likewise */
};

/* Every includer of the chains of fx->orig's TUs, in the order first
 * met; how many, into *out (allocated: includers_free()). */
int find_includers(struct fixer *fx, struct includer **out);
void includers_free(struct includer *inc, int n);
/* The names file's own text uses (outside comments) that forb defines
 * and file does not ("struct page" for a tag), each once, in order of
 * first use; how many, into *names (allocated). */
int names_used_from(const struct scan_index *ix, const char *srctree, const struct scan_file *file,
		    const struct scan_file *forb, char ***names);

/* order.c */

/* qsort() order of struct hdr_fix: by header. */
int cmp_hdr_fix(const void *a, const void *b);

/* fx->fixes in the series' order: sorted by include name (so grouped by
 * directory), a kept patch after every kept patch of a header it reads
 * (its includes, in the tree or added by its patch, followed through the
 * scan): the proof made them all at once, so it may depend on them. */
void order_series(struct fixer *fx);

/* identity.c */

/* The user's identity as git has it, for a patch's From: GIT_AUTHOR_NAME
 * and GIT_AUTHOR_EMAIL, else git config user.name and user.email (run
 * in dir).  0 with both set, 1 when one is missing (what is found stays
 * set), -1 after an error naming the variable or the git config key: a
 * control character, '<' or '>' in either, a space in the address
 * (neither set). */
int fix_identity(const char *dir, struct fix_identity *id);
void fix_identity_free(struct fix_identity *id);

/* patch.c */

/* OUT/fix/0000-cover-letter.patch for the tree's series of total patches
 * (h->patch and h->subject written, in_overlay 0): [PATCH 0/total], what
 * the series does, the proof matrix (header x cell), the patches'
 * subjects, and base-commit: when srctree is a git work tree with
 * nothing uncommitted.  Not in the series file (neither quilt nor git am
 * takes a mail without a diff).  0, or -1 after an error message. */
int write_cover_letter(struct fixer *fx, int total, const char *srctree);
/* The prefix of the subjects of path's own commits (git log --no-merges
 * of the last 50 that touch it) when srctree is a git work tree: the one
 * most of them use ("mm", "mm/page_alloc", "mm, slab"), else NULL (no
 * repository, no history, no "PREFIX: " subject).  The caller frees. */
char *subject_prefix(const char *srctree, const char *path);
/* The commit srctree is at when it is a git work tree and nothing in it
 * is uncommitted (what git format-patch --base names), else NULL. */
char *clean_git_head(const char *srctree);

/* How to apply the patches names[0..n) of patches_dir to dir: git am in
 * a git tree, else patch -p1 (the default tree is Debian's source, not a
 * repository); the patches by name, or with more than SUMMARY_FEW,
 * through the series file of patches_dir named series. */
void apply_line(struct strbuf *sb, const char *dir, const char *patches_dir, char *const *names, int n,
		const char *series);
/* apply_line() for the patches make fix wrote for dir (the tree, or with
 * overlay set the run's overlay, whose copies they fix: said first), with
 * the series file series or overlay-series. */
void patch_apply_line(struct strbuf *sb, const struct fixer *fx, const char *dir, int overlay);
/* The patch of kept fix h, number no of total, into fx->dir (named
 * overlay-NNNN-... when h is the run's overlay's copy, its paths then
 * relative to the overlay); its name added to series and kept in
 * h->patch; 0/-1. */
int write_patch(struct fixer *fx, struct hdr_fix *h, int no, int total, const char *srctree,
		struct strbuf *series);

/* One mail of a series into dir, named NNNN-SLUG.patch (*name, allocated)
 * and added to series: subject, the paragraphs wrapped at 75 columns, the
 * user's Signed-off-by when fx asks for it, and the diff of each
 * origs[i] (the tree's file; "/dev/null" for a new one) against
 * patched[i] as a/rels[i], b/rels[i].
 * 0, or -1 after an error message. */
int write_mail(const struct fixer *fx, const char *dir, int no, int total, const char *subject,
	       char *const *paras, int nparas, char *const *rels, char *const *origs, char *const *patched,
	       int nfiles, struct strbuf *series, char **name);

#endif

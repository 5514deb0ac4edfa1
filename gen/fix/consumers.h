/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrtest fix-consumers: cut a forbidden include out of the headers that
 * pull it into the run's headers (the chain report's includers), and
 * prove each cut on every kernel object of each cell that reads the
 * header, fixing what breaks where the kernel fixes it: an include in
 * the .c file (or a header's own fix, as hdrtest fix writes it).
 *
 * All edits are made in a scratch tree (a symlink copy of KDIR whose
 * edited files are real files); KDIR and the built dirs are only read.
 */
#ifndef HDRTEST_CONSUMERS_H
#define HDRTEST_CONSUMERS_H

#include "fix/fix.h"
#include "fix/fixer.h"
#include "objects/objects.h"

enum cut_kind {
	CUT_REMOVE,	/* its own text uses nothing of the forbidden header */
	CUT_REPLACE,	/* what it uses is defined in headers that do not pull it in */
	CUT_KEEP,	/* some of it is defined only there: no cut, the names said */
};

/*
 * The cut of one includer.  Invariants: kind is cut_choose()'s, or
 * CUT_KEEP when the cut cannot be made (stays_for says why, for any
 * CUT_KEEP); cands only for CUT_REPLACE.  After prove_on_objects():
 * needed <= compiled, broken is the sum of reasons[].count, kept implies
 * kind != CUT_KEEP and broken == 0.  freed and still are "" but for a
 * kept cut, whose consumers consumers_again() compiled again.
 */
struct cut {
	struct includer inc;	/* owned */
	char *include_name;	/* of inc.path: "asm/cacheflush.h" */
	enum cut_kind kind;
	char **names;		/* what its own text uses from the forbidden header */
	int nnames;
	struct fix_cand *cands;	/* CUT_REPLACE: one include per name (fix_apply's) */
	int ncands;
	char *stays_for;	/* CUT_KEEP: the names only the forbidden header has */
	/* after the proof: */
	int compiled;		/* objects compiled for it, all cells and rounds */
	int needed;		/* of them, objects that needed an edit of their own */
	int broken;		/* objects still broken by it: the cut is not kept */
	struct broken_reason {
		char *why;	/* what no edit can give, or the first error */
		int count;
		char *examples;	/* "CELL OBJECT, ..." (the first 3) */
	} *reasons;		/* the broken objects, by why */
	int nreasons;
	int kept;
	char *freed;		/* consumers that no longer pull the header in: "H (CELL) ..." */
	char *still;		/* consumers that still do, with their next chain */
};

/* An edit the proof on objects asked for: includes (or declarations) in
 * one file, for the objects that broke without them.  Invariant:
 * cands[0..applied) are in the scratch tree, applied <= ncands; a round
 * adds candidates, apply_edits() then makes applied ncands. */
struct obj_edit {
	char *path;		/* in the tree: "drivers/gpu/drm/drm_cache.c", or a header */
	int is_header;		/* under include/ (or arch/.../include/): fix_apply(), else a source */
	struct fix_cand *cands;
	int ncands;
	char *objects;		/* "CELL OBJECT" lines that needed it */
	int cut;		/* the cut it serves: the first one the objects read */
	int applied;		/* cands already in the scratch tree */
};

/*
 * fix-consumers (and --verify-objects) on a run.  Invariants: srctree,
 * scratch, objs and skip never change once set (objs[i] or skip[i], one
 * of them); edits[0..nedits) only grows, a round at a time; rounds is how
 * many rounds prove_on_objects() ran, compiled the object compiles in
 * them (the unedited tree's too), objects_tsv a line per object
 * compiled, written after the last.
 */
struct consumer_fixer {
	struct fixer *fx;
	const char *srctree;
	/* the tree the built dirs were built from, when it is not srctree
	 * (srctree: it with edits kept before this proof); NULL: srctree */
	const char *base;
	char *scratch;		/* OUT/fix-consumers/tree */
	struct kobj_set **objs;	/* per cell; NULL: skip[cell] says why */
	char **skip;
	struct cut *cuts;
	int ncuts;
	struct obj_edit *edits;
	int nedits;
	int rounds;
	int compiled;		/* object compiles, all cells and rounds */
	double seconds;
	struct strbuf objects_tsv;	/* "CELL<TAB>OBJECT<TAB>CUT<TAB>STATUS<TAB>WHY" */
	int syntax_only;
	/* the token shortcut (objects/unchanged.h): objects whose preprocessed
	 * text is the same program are not compiled; tokens_* count them */
	int tokens;
	const char *cache;	/* HDRTEST_CACHE: the texts before kept (objects/ppcache.h), or NULL */
	int preprocessed;
	int cached;		/* of those, the texts before taken from the cache */
	int same_tokens;
	int moved_tokens;
};

/* cuts.c */

/* The cut of includer inc: what its text uses from the forbidden header,
 * and the lighter includes that give it (or why there are none). */
void cut_choose(struct consumer_fixer *cf, const struct includer *inc, struct cut *out);
/* text (the includer as in the tree) with the cut made: its #include of
 * the forbidden header removed, the replacements added.  NULL when the
 * #include line is not where the scan saw it. */
char *cut_apply(const struct scan_index *ix, const char *text, const struct cut *c);
void cut_free(struct cut *c);

/* cut_patches.c */

/* The series of the kept cuts into OUT/fix-consumers, their names into
 * series: per cut, a patch per directory of the edits its objects
 * needed, then the cut.  0, or -1 after an error message. */
int write_cut_series(struct consumer_fixer *cf, struct strbuf *series);

/* objproof.c */

/* A symlink copy of srctree at dir (removed first): every file a link to
 * KDIR's, so that an edit (a rename over the link) never reaches KDIR.
 * 0, or -1 after an error message. */
int scratch_make(const char *srctree, const char *dir);
/* An edited header as the proof on objects takes it: a cut (kind
 * CUT_REPLACE) of path, whose include name is include_name. */
void cut_of_edit(struct cut *c, const char *path, const char *include_name);
/* cf->objs and cf->skip, per cell of cf->fx: its built dir read, or why
 * it has none.  1 when some cell has one, 0 when none, -1 after an error
 * message. */
int load_built_dirs(struct consumer_fixer *cf);
/* The built dir of cell (OUT/CELL/built: built=DIR, from
 * gen/prepare/build-kbuild.sh), or NULL with *why (allocated). */
char *cell_built_dir(const char *out, const char *cell, char **why);
/* "CELL: built dir DIR (make TARGETS: N objects with recorded
 * dependencies)" into sb. */
void built_dir_line(struct strbuf *sb, const char *cell, const struct kobj_set *s);
/* The kbuild targets s was built with ("all", "mm/ lib/"), "?" when its
 * stamp does not say; allocated. */
char *built_targets(const struct kobj_set *s);
/* Write text as the scratch tree's path (a real file from then on). */
int scratch_write(struct consumer_fixer *cf, const char *path, const char *text);
/* The proof of every cut on every cell's objects, with the edits the
 * broken objects ask for, to a fixed point (at most rounds rounds). */
int prove_on_objects(struct consumer_fixer *cf, int rounds, int jobs);

/* Free what cf holds (not cf->fx); cf is zeroed. */
void consumer_fixer_release(struct consumer_fixer *cf);

/* verify.c */

/* The kept patches of the tree proven on every kernel object of each
 * cell's built dir that reads a patched header; a patch that breaks one
 * is dropped (h->kept 0).  What was compiled and dropped into sb.  0, or
 * -1 after an error message. */
int verify_on_objects(struct fixer *fx, struct strbuf *sb);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* What the hdrtest fix tests share: a finished run on the headers of
 * tests/fixtures/fix/tree, compiled by its stand-in compiler, and a fixer
 * on it whose candidates the test chooses. */
#ifndef HDRTEST_UNIT_FIX_FIXTURE_H
#define HDRTEST_UNIT_FIX_FIXTURE_H

#include "fix/fixer.h"

/* A new OUT holding ARCH/defconfig for each arch of arches ("x86_64
 * arm64"; arm64 compiles with -DCONFIG_ARM64), with the TUs of headers
 * ("plain user2": names under linux/, without .h) compiled by
 * recorded as the compile stage leaves them.  The caller frees. */
char *fix_run(const char *arches, const char *headers);
/* The same with overlay (a dir of headers) searched first, as OVERLAY=
 * makes a run do. */
char *fix_run_overlay(const char *arches, const char *headers, const char *overlay);

/* A fixer on the cells of fix_run(arches, ...): the results read, the
 * tree scanned, OUT/fix as its dir. */
struct fixer *fixer_new(const char *out, const char *arches);
void fixer_free(struct fixer *fx);

/* Candidates for fixer_add(); the strings are copied there. */
struct fix_cand cand_include(const char *symbol, const char *user, const char *include, const char *cond);
struct fix_cand cand_declare(const char *symbol, const char *user);
struct fix_cand cand_none(const char *symbol, const char *why_not);

/* The fix of header ("linux/plain.h") by cands, with the failures of its
 * TU in every cell where it failed (as `hdrtest fix` records them). */
struct hdr_fix *fixer_add(struct fixer *fx, const char *header, const struct fix_cand *cands, int n);

/* One round as `hdrtest fix` makes it: the patched headers written to the
 * overlay, then proven (prove() must succeed); what the round printed. */
char *fixer_prove(struct fixer *fx);
/* The same, prove() returning status. */
char *fixer_prove_status(struct fixer *fx, int status);

/* judge_fixes(): the summary, and the unfixed lines in *unfixed. */
char *fixer_judge(struct fixer *fx, char **unfixed);

/* A fixture run of headers on arches with the fix of header by cands,
 * proven in one round and judged. */
struct proven {
	char *out;
	struct fixer *fx;
	char *said;		/* what the round printed */
	char *sum;		/* what judge_fixes() said: the summary */
	char *unfixed;		/* and the unfixed lines */
};

void prove_fix(struct proven *p, const char *arches, const char *headers, const char *header,
	       const struct fix_cand *cands, int n);
void proven_free(struct proven *p);

/* Fail unless got is want, naming the first line that differs (Check
 * cannot carry a whole patch in its message). */
#define assert_text(got, want) assert_text_at(__FILE__, __LINE__, (got), (want))
void assert_text_at(const char *file, int line, const char *got, const char *want);

/* A built dir (in a new tmp dir) for the objects of srcs[0..n)
 * (tree-relative .c files), each recorded as kbuild does: its command
 * (the host's gcc, -I TREE/include) and the tree files deps[i] it read
 * (space-separated).  The caller frees. */
char *built_dir(const char *tree, const char *const *srcs, const char *const *deps, int n);

/* The proof's result of header in cell ci, or fail. */
const struct tu_result *proof_tu(struct fixer *fx, int ci, const char *header);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the header scanner share (scan.h is its API).  They
 * stand in a stack, each calling only the files below it:
 *   index.c         the index of every file: worker threads, lookups, TSV
 *   onefile.c       one file's scan: the token loop
 *   directives.c    its preprocessor directives and #if conditions
 *   declarations.c  its C declarations: functions, variables, typedefs, tags
 *                   (these two call neither each other nor anything above)
 *   fscan.c         the state of one file's scan, struct fscan
 *   words.c         the word classes of C and the kernel's annotations
 *   arena.c         the memory an index lives in (arena.h)
 */
#ifndef HDRTEST_SCAN_INTERNAL_H
#define HDRTEST_SCAN_INTERNAL_H

#include <string.h>

#include "cpp/clex.h"
#include "scan/arena.h"
#include "scan/scan.h"

/* words.c */

static inline int tok_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(s, w, n);
}


/* Word classes, looked up once per identifier token. */
enum {
	W_ANNOT = 1,		/* storage class, function specifier or annotation: dropped */
	W_ANNOT_CALL = 2,	/* annotation with arguments: dropped with its "(...)" */
	W_ASM = 4,
	W_ASM_QUAL = 8,
	W_TYPE_KW = 16,		/* part of a type, never a declared name */
	W_TYPEOF = 32,		/* typeof(...): a type, not a macro call */
	W_QUAL = 64,
	W_TAG = 128,
	W_ABI_POINTER = 256,	/* on a "*" only: __efiapi stood before it, dropped (clean()) */
};

/* The W_* classes of the identifier s[0..n), 0 for a plain name. */
int word_class(const char *s, size_t n);
/* Fill the word table once; before the first scan. */
void words_init(void);

/* fscan.c: the state of one file's scan */

#define DT_BODY 100	/* a skipped "{...}" inside a declaration */

/* Why a file is not indexed (scan.h): its bytes are not a C header. */
enum skip_reason {
	SKIP_NONE,
	SKIP_NUL,		/* a NUL byte */
	SKIP_DEEP_IF,		/* #if nested deeper than SCAN_MAX_DEPTH */
	SKIP_DEEP_PAREN,	/* brackets nested deeper than SCAN_MAX_DEPTH */
};

struct dtok {
	const char *s;
	int n;
	int kind;
	int wc;		/* word class of an identifier */
	int line;
	const struct scan_cond *cond;
};

struct frame {
	struct scan_cond *node;		/* the current branch; NULL for the guard */
	const struct scan_cond *saved_cur;
	int guard;
	int group;
	const char **exprs;		/* each branch's own condition so far */
	int nexprs;
	int depth_at_if, depth_first_end, seen_else;
	unsigned decl_gen;
	int decl_len, paren_at_if;
	struct dtok *alt;		/* the first branch's part of a pending declaration */
	int nalt;
};

struct alt {
	int pos, replaced;
	struct dtok *toks;
	int n;
};

struct undef {
	const char *name;
	int n;
	int line;
};

/* Per-file state; its buffers are reused from file to file, and
 * reset_file() empties the rest for the next.  At every token:
 *   - frames[0..nframes) are the #ifs open here, innermost last; cur is
 *     the branch of the innermost one that is not the include guard,
 *     NULL outside them all;
 *   - decl[0..ndecl) is the pending declaration and alts the heads that
 *     earlier #if branches gave it; reset_decl() empties both and bumps
 *     decl_gen, by which a frame knows whether the declaration it saw
 *     at its #if is still the pending one;
 *   - depth > 0 only inside braces being skipped; body_from..body_to
 *     are then the functions that body defines (none for a tag's body
 *     or an initializer);
 *   - skip, once set (skip_file()), stays until reset_file(). */
struct fscan {
	struct arena *arena;
	struct scan_file *f;
	struct clex lx;
	struct frame *frames;
	int nframes, capframes;
	const struct scan_cond *cur;
	int depth;		/* braces open in C code */
	int body_continue;	/* the body being skipped is part of the pending declaration */
	struct dtok *decl;
	int ndecl, capdecl;
	int paren;
	unsigned decl_gen;
	struct alt *alts;
	int nalts;
	struct undef *undefs;
	int nundefs;
	char *buf;		/* scratch for normalized text */
	size_t bufcap;
	int allow_guard;
	int asm_file;		/* no C in this file: it has ".macro" lines outside __ASSEMBLY__ */
	int saw_asm;
	const char *guard_candidate;
	int guard_candidate_n;
	int guard_bad;
	int ntoks;		/* tokens and directives seen at file level */
	int seq;		/* definitions so far, to sort them stably */
	int ndefs_cap, nincludes_cap, ngroups_cap;
	int skip;		/* SKIP_*: the file is not indexed */
	const char *skip_at;	/* where the reason for skip is */
	/* The function body being skipped: f->defs[body_from..body_to) are
	 * the functions it defines (none if equal), calls[0..ncalls) the
	 * names it calls so far; ident: the token before was this name. */
	int body_from, body_to;
	struct dtok *calls;
	int ncalls, capcalls;
	struct dtok ident;
	/* asm_state: 1 after an immediate-only constraint ("i"), 2 after its
	 * "("; asm_imm: the first such operand that is a name (see scan.h). */
	int asm_state;
	struct dtok asm_imm;
	/* the parameter names of the function whose body this is */
	struct dtok params[32];
	int nparams;
	/* object-like macros this file defines as annotations only ("#define
	 * POS __pass_object_size(1)"): annotations inside a declaration's brackets (its
	 * parameters), so a spelled parameter type names no macro the file
	 * may #undef at its end */
	struct dtok annots[16];
	int nannots;
};

/* Scratch of at least n + 1 bytes in fs, reused by the next call. */
char *scratch(struct fscan *fs, size_t n);
/* s..end normalized (clex_normalize()), in the arena. */
const char *normalized(struct fscan *fs, const char *s, const char *end);
struct scan_def *new_def(struct fscan *fs, const char *name, size_t n, enum scan_kind kind, int line,
			 const struct scan_cond *cond);
/* "struct NAME" and the like, for the tag keyword kw and its name. */
struct scan_def *new_tag_def(struct fscan *fs, const struct dtok *kw, const struct dtok *name, int fwd);
/* Do not index the file: why is a SKIP_*, at where it is; the first
 * reason stays. */
void skip_file(struct fscan *fs, int why, const char *at);
/* Start the next declaration from nothing. */
void reset_decl(struct fscan *fs);
/* Forget what fs found in fs->f so far. */
void reset_file(struct fscan *fs);
void fscan_release(struct fscan *fs);

/* directives.c */

/* The directive pp: a condition, a macro, an include or an #undef. */
void directive(struct fscan *fs, const struct clex_tok *pp);

/* declarations.c */

/* The C token t at file level: a part of the pending declaration, or
 * its end, which records what it declares. */
void c_token(struct fscan *fs, const struct clex_tok *t);

/* onefile.c */

/* Index f from its text, text[0..len) without a NUL byte. */
void scan_file_text(struct fscan *fs, struct scan_file *f, const char *text, size_t len);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether an object can compile differently after an edit of the tree,
 * from its preprocessed text before and after (its own command with -E
 * -P: no line markers).  Two answers need no compile:
 *
 *   same    the same C tokens, in the same order (blank lines, spacing
 *           and line numbers left out): the compiler is given the same
 *           program.
 *   moved   the same tokens, but one run of whole file-scope items
 *           (declarations, definitions) moved past another, and neither
 *           run uses a name the other declares; no #pragma in either.
 *           A move of symbols out of a header into one it includes does
 *           this to every object that reads the header.
 *
 * Both texts keep __LINE__ unexpanded (objects_preprocess()): an edit
 * that moves lines changes the numbers WARN_ON() records in its bug
 * table, data of the object, not its diagnostics; that one assumption
 * is checked on every object against a compile of each by make
 * bench-move.  Anything else is "changed": compile it.  "moved" rests on C's rule
 * that a file-scope item's meaning depends on what is declared before it
 * (ordinary names, tags, typedefs, enumerators); the names an item
 * declares are over-approximated (see declared_names() in tokens.c), so
 * an error can only send an object to the compiler, never past it.
 */
#ifndef HDRTEST_TOKENS_H
#define HDRTEST_TOKENS_H

enum token_verdict {
	TOKENS_SAME,
	TOKENS_MOVED,
	TOKENS_CHANGED,
};

/* The verdict on the preprocessed texts before and after; is_c: a C
 * source (an assembler source's text is only ever "same" or "changed").
 * *why (allocated, may be NULL) says why "changed" when it is not a plain
 * difference: "the moved items use a name the others declare: page". */
enum token_verdict tokens_compare(const char *before, const char *after, int is_c, char **why);

const char *token_verdict_name(enum token_verdict v);

/* The exit statuses of `hdrtest same-program` (cmd_same_program.c) for
 * TOKENS_SAME and TOKENS_MOVED; TOKENS_CHANGED is 1.  Apart from any
 * status a compiler gives, so that a job "cc -E && cc -E && hdrtest
 * same-program" says which by its status alone. */
#define SAME_PROGRAM_SAME 20
#define SAME_PROGRAM_MOVED 21

#endif

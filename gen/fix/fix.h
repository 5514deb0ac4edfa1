/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From an explained failure to the smallest edit of the header it is in:
 * a forward declaration when a tag is only used by pointer, else an
 * #include of the header that defines the missing name (find_definer() of
 * scan/definer.h: the lightest of linux/ or the header's own dir first),
 * never a forbidden one, never one that includes the header back (a
 * cycle); for a macro an #if tests, that include before the #if.  A header included twice that
 * defines a name again gets an include guard; a stub whose type is not
 * its declaration's is made to match it.  When no edit qualifies, a
 * one-line reason instead of an edit.
 */
#ifndef HDRTEST_FIX_H
#define HDRTEST_FIX_H

#include "base/util.h"
#include "judge/explain.h"
#include "scan/scan.h"

enum fix_kind { FIX_NONE, FIX_DECLARE, FIX_INCLUDE, FIX_GUARD, FIX_STUB };

struct fix_cand {
	enum fix_kind kind;
	char *header;		/* the header edited: "linux/mm/page_address.h" */
	char *symbol;		/* what was missing: "thp_size", "struct folio";
				 * FIX_GUARD: the guard macro; FIX_STUB: the function */
	char *what;		/* as shown: "thp_size()", "struct folio" */
	char *user;		/* "offset_in_thp()", or NULL */
	char *include;		/* FIX_INCLUDE: "linux/mm/folio_size.h" */
	int weight;		/* FIX_INCLUDE: headers it pulls in (scan index) */
	char *cond;		/* the #if the use is under, or NULL */
	int before;		/* FIX_INCLUDE for a macro an #if tests: that #if's
				 * line, which the include must come before; else 0 */
	char *sig;		/* FIX_STUB: the declaration's type, which the stub
				 * gets: "bool (struct request *)" */
	char *because;		/* FIX_GUARD, FIX_STUB: what is wrong, for the
				 * patch's message */
	char *cond_why;		/* NULL: the include goes in unconditionally, whatever
				 * cond; else it goes under cond, and this says what
				 * the unconditional one broke (the proof, proof.c) */
	char *why_not;		/* FIX_NONE: the one line saying why */
};

/* The candidate for an explained failure; forbids are the include names
 * that must never be included; copy is the culprit as the compiler read
 * it when that is not the tree's file (an overlay's: its lines are what
 * e->use_line counts), else NULL.  Returns 0, or -1 when e has nothing a
 * fix can act on (no culprit in the tree). */
int fix_choose(const struct scan_index *ix, const struct explain_info *e, const struct scan_file *copy,
	       char *const *forbids, int nforbids, struct fix_cand *out);
void fix_cand_free(struct fix_cand *f);

/* text (the header f, as scanned) with the edits of cands[0..n) made:
 * includes after its last #include before the use (before the #if that
 * tests what it defines), unconditionally unless the proof found that
 * breaks something (cond_why: then under the use's #if);
 * declarations after its last forward declaration, or its includes; an
 * include guard around all after its leading comments; a stub's return
 * and parameter types as its declaration spells them (fix_stub()).  The
 * caller frees. */
char *fix_apply(const char *text, const struct scan_file *f, const struct fix_cand *cands, int n);

/* The lines fix_apply() adds for the includes and declarations of
 * cands[0..n), without their #if, sorted: "#include <X> // for a(), b"
 * first, then "struct x; // for a()".  For a header written from
 * nothing, which has no spot to find yet.  The caller frees. */
char *fix_additions(const struct fix_cand *cands, int n);
/* The line of text (the header f, as scanned) after which fix_apply()
 * puts an include that no #if comes before: its last #include (or the
 * #endif of the #if around it) before its first definition, else its
 * guard's #define, else its leading comments; 0 for the top. */
int fix_include_spot(const char *text, const struct scan_file *f);

/* The #if c's include goes under: its use's, once the proof found the
 * unconditional one breaks something (cond_why); else NULL. */
const char *fix_placed_cond(const struct fix_cand *c);

/* "include linux/mm/folio_size.h for thp_size()", "declare struct folio" */
char *fix_summary(const struct fix_cand *f);
/* What cands[0..n) do, includes of one header grouped: "include
 * linux/mm/folio_size.h for thp_size(), folio_size(), declare struct folio". */
char *fix_describe(const struct fix_cand *cands, int n);

/* The include guard a header gets: "_LINUX_DTLK_H" for linux/dtlk.h, as
 * the tree's headers spell theirs, "__" first when the tree defines that
 * macro already; NULL when it defines both.  The caller frees. */
char *fix_guard_name(const struct scan_index *ix, const char *header);

/* text with the stub of name whose name is on line made to match the
 * declaration decl_text has on decl_line (a and b: their scanned
 * definitions): its return type and each parameter whose type differs
 * written as the declaration writes them (the stub's parameter names
 * kept), every parameter when their numbers differ, the lines after the
 * '(' aligned to it again.  NULL when either cannot be taken apart.  The
 * caller frees. */
char *fix_stub(const char *text, int line, const char *decl_text, int decl_line, const struct scan_def *decl,
	       const struct scan_def *stub);

/* Whether the candidate c is what the explained failure e asks for: the
 * same missing name, the guard of its header, its stub. */
int fix_cand_answers(const struct fix_cand *c, const struct explain_info *e);

/* The lightest header that defines name for a source file (a .c may
 * include any header: linux/mm.h too), its own definition, not a forward
 * declaration, not asm-generic/ (included through the arch's asm/); an
 * arch's asm/ header counts; a forbidden one only when no other has it.  NULL when none; *weight its closure. */
char *fix_source_include(const struct scan_index *ix, const char *name, char *const *forbids, int nforbids,
			 int *weight);
/* text (a source file) with the includes of cands[0..n) added after its
 * last #include <...> before its first #include "...", commented as
 * fix_apply() does.  The caller frees. */
char *fix_apply_source(const char *text, const struct fix_cand *cands, int n);

/* What cands[0..n) do, for a subject of at most room columns: as
 * fix_describe() says it when it fits, else the headers and tags without
 * the names they are for, else only how many.  The caller frees. */
char *fix_subject(const struct fix_cand *cands, int n, int room);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From an explained failure to the smallest edit of the header it is in:
 * a forward declaration when a tag is only used by pointer, else an
 * #include of the header that defines the missing name (fix_definer: the
 * lightest of linux/ or the header's own dir first), never a forbidden
 * one, never one that includes the header back (a cycle); for a macro an
 * #if tests, that include before the #if.  A header included twice that
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

/* Which header to include for name, used in culprit: the one make fix
 * adds and a why-line names.  Of the headers that define name (its own
 * definition, not a forward declaration, none under #ifndef __KERNEL__),
 * or bring in a definition of a layer (fix_home), neither forbidden, nor
 * asm-generic/, nor guardless with bodies, nor culprit or one that
 * includes it back: the first rank (fix_first_rank) before the second,
 * then an unconditional definition before one under #if, then the
 * lightest (fix_closure), then the first by name. */
struct fix_definer {
	char *include;		/* "linux/types.h", or NULL when none qualifies */
	const struct scan_def *def;	/* the definition it brings in */
	int weight;		/* the headers include pulls in */
	int rank, cond;		/* 1 for the second rank; 1 for a definition under #if */
	struct strbuf refused;	/* why not the others: "linux/mm.h (forbidden), ..." */
	int nrefused;
	int only_forbidden;	/* every refused one was forbidden */
};
void fix_definer(const struct scan_index *ix, const char *name, const char *culprit, char *const *forbids,
		 int nforbids, struct fix_definer *out);
void fix_definer_release(struct fix_definer *d);

/* The definition a why-line names when fix_definer() finds no header to
 * include (a forbidden one, one that includes culprit back, asm-generic/
 * or an arch's asm/ only): a real one before a forward declaration, one
 * of the first rank, asm/ or asm-generic/ before a subsystem's, under
 * include/ before arch/ and uapi/, then the first by path; none under
 * #ifndef __KERNEL__ (raid/pq.h's PAGE_SIZE).  NULL when none. */
const struct scan_def *fix_named_definition(const struct scan_index *ix, const char *name, const char *culprit);

/* Whether include name z is of the first rank for a name culprit uses: a
 * header of culprit's own top dir, or of linux/ (the kernel's common
 * headers, where asm-generic/, vdso/ and uapi/ names are included from)
 * unless culprit is a uapi/ or vdso/ header.  A subsystem's own header
 * (acpi/, drm/, net/ ...) is of the second: acpi/actypes.h's u8 is
 * ACPICA's, the kernel's is linux/types.h's. */
int fix_first_rank(const char *z, const char *culprit);

/* Whether name is one of the nforbids include names in forbids. */
int fix_forbidden(const char *name, char *const *forbids, int nforbids);

/* Whether include names a and b start with the same dir ("linux/"). */
int same_top_dir(const char *a, const char *b);

/* Whether a definition in the file at path (relative to the tree) is
 * reached through a header of the user's own dir rather than included
 * directly: include/asm-generic/, include/vdso/, include/uapi/. */
int fix_needs_home(const char *path);

/* That header, for a name defined in definer and needed by culprit: of
 * the headers of the first rank for culprit (its own top dir, linux/:
 * fix_first_rank) that include definer outside any #if, directly or
 * through headers of other dirs (an asm-generic/X standing
 * for the asm/X of the arches that have none), neither forbidden nor
 * including culprit back, the one the tree includes most, then the
 * lightest.  NULL when there is none; else the caller
 * frees it, and *weight is the headers it pulls in. */
char *fix_home(const struct scan_index *ix, const struct scan_file *definer, const char *culprit,
	       char *const *forbids, int nforbids, int *weight);

/* The file of an include name under include/ (not uapi, not arch/: those
 * differ per arch), or NULL: the headers a fix may add or patch. */
const struct scan_file *common_file(const struct scan_index *ix, const char *name);

/* How many distinct headers name pulls in, itself included, following
 * every #include of every branch through the scan index (asm/ headers
 * count once each, not followed: they differ per arch); sets *reaches
 * when target is among them. */
int fix_closure(const struct scan_index *ix, const char *name, const char *target, int *reaches);

/* text (the header f, as scanned) with the edits of cands[0..n) made:
 * includes after its last #include before the use (before the #if that
 * tests what it defines), unconditionally unless the proof found that
 * breaks something (cond_why: then under the use's #if);
 * declarations after its last forward declaration, or its includes; an
 * include guard around all after its leading comments; a stub's return
 * and parameter types as its declaration spells them (fix_stub()).  The
 * caller frees. */
char *fix_apply(const char *text, const struct scan_file *f, const struct fix_cand *cands, int n);

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

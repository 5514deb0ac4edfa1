/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which header to include for a name a header uses: the one make fix adds
 * (fix/fix.c) and a why-line names (judge/explain.c).
 */
#ifndef HDRTEST_DEFINER_H
#define HDRTEST_DEFINER_H

#include "base/util.h"
#include "scan/scan.h"

/* Of the headers that define name (its own definition, not a forward
 * declaration, none under #ifndef __KERNEL__), or bring in a definition
 * of a layer (home_header()), neither forbidden, nor asm-generic/, nor
 * guardless with bodies, nor culprit or one that includes it back: the
 * first rank (first_rank()) before the second, then an unconditional
 * definition before one under #if, then the lightest (closure_size()),
 * then the first by name. */
struct definer {
	char *include;		/* "linux/types.h", or NULL when none qualifies */
	const struct scan_def *def;	/* the definition it brings in */
	int weight;		/* the headers include pulls in */
	int rank, cond;		/* 1 for the second rank; 1 for a definition under #if */
	struct strbuf refused;	/* why not the others: "linux/mm.h (forbidden), ..." */
	int nrefused;
	int only_forbidden;	/* every refused one was forbidden */
};
void find_definer(const struct scan_index *ix, const char *name, const char *culprit, char *const *forbids,
		  int nforbids, struct definer *out);
void definer_release(struct definer *d);

/* For a name only arch headers define (PAGE_SIZE: arch/ARCH/include/asm/
 * and include/asm-generic/, nowhere else), the asm/ header to include
 * for it: "asm/NAME.h" by the basename most of its definitions have
 * (asm/page.h; x86's page_types.h is one among many), unless forbidden.
 * Only a name some linux/ header includes counts: one every arch has,
 * its own or kbuild's wrapper.  A definition in an asm-generic/ header
 * no such name stands for (memory_model.h's page_to_pfn) counts for the
 * arch headers that include it (asm/page.h).  That the one chosen brings
 * the name on each arch is the proof's to judge.  NULL when some
 * definition is elsewhere, or none fits.  The caller frees. */
char *asm_definer(const struct scan_index *ix, const char *name, char *const *forbids, int nforbids);

/* The definition a why-line names when find_definer() finds no header to
 * include (a forbidden one, one that includes culprit back, asm-generic/
 * or an arch's asm/ only): a real one before a forward declaration, one
 * of the first rank, asm/ or asm-generic/ before a subsystem's, under
 * include/ before arch/ and uapi/, then the first by path; none under
 * #ifndef __KERNEL__ (raid/pq.h's PAGE_SIZE).  NULL when none. */
const struct scan_def *named_definition(const struct scan_index *ix, const char *name, const char *culprit);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a macro's body uses, as catalog "uses" lines.  A static inline
 * function's body is compiled where its header is included, so a name it
 * uses that the header does not declare fails the header's test; a
 * macro's body is compiled only where it is expanded, so the same defect
 * hides until a user expands it (offset_in_thp() using thp_size()).
 * A uses line makes the test check each such name as the function's
 * body would be checked: declared once the header is included.
 *
 * Only names that cannot fail a header falsely are listed: names that
 * headers of include/ outside asm-generic declare (a function,
 * prototype, typedef or macro; a variable only in include/linux/, as a
 * short global elsewhere, errata or s1, is more likely a name of the
 * caller's own), under #if conditions that read
 * as a catalog condition; the line's condition is the macro's own and
 * that of the name's declarations, so the name is checked only on the
 * cells where including its declaring header declares it.  Not listed:
 * the macro's parameters and locals, names it assigns to or increments
 * (the caller's variables: "s1 += buf[i]"), members (after . and ->), tags,
 * operands of # and ##, whole arguments of a call (offsetof(T, member),
 * container_of(p, T, member)), names the header itself defines (they
 * are checked on their own), CONFIG_ names, keywords and builtins, and
 * names only arch/ or asm-generic headers declare (which of them an arch
 * uses is not known from the scan).
 */
#ifndef HDRTEST_MACRO_USES_H
#define HDRTEST_MACRO_USES_H

#include "scan/scan.h"

/* Counts over calls, for catalog-init's summary. */
struct macro_uses_stats {
	int macros;		/* macro definitions looked at */
	int lines;		/* uses lines written (counted by catalog-init, once each) */
	int names;		/* names listed in them */
	int uncertain;		/* macros left out: their own #if is no catalog condition */
};

/* Append to *out the uses lines ("uses\tNAME\tA B ...[\tif COND]", no
 * indentation, no newline) for the definition d (SCAN_MACRO, or
 * SCAN_DEFINE with a value) of header incname, one line per condition,
 * in the order the names first appear in the body.  Returns how many
 * lines were appended (0 when no name qualifies). */
int macro_uses_lines(const struct scan_index *ix, const struct scan_def *d, const char *incname, char ***out,
		     int *n, struct macro_uses_stats *st);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* catalog-update: rewrite the catalog so that it matches the tree.
 *
 *   moved      the line goes, text unchanged, to the end of its new
 *              header's block (a new "header" block at the end of the
 *              file it came from if the catalog has none)
 *   gone       the line is commented out: "# gone: func ..."; a gone
 *              header's line too
 *   signature  the types are rewritten from the tree's declaration
 *   kind       the kind (and signature) rewritten from the tree
 *   new        a line is added to the header's block: func NAME RET (ARGS),
 *              var NAME TYPE, type NAME, type struct NAME, flag NAME (an
 *              object-like macro that expands to nothing), with "if COND"
 *              when every #if around the definitions reads as a catalog
 *              condition; what cannot be inferred becomes "todo NAME
 *              KIND" with a comment saying what the tree has
 *
 * Comments, blank lines and the order of everything else are kept;
 * running it again changes nothing. */
#ifndef HDRTEST_CATALOG_UPDATE_H
#define HDRTEST_CATALOG_UPDATE_H

#include <stdio.h>

#include "model/catalog.h"
#include "scan/scan.h"

/* Rewrite the catalog files paths[0..n) (read as one catalog) against ix;
 * each changed file through a temporary file and rename.  What is done
 * is printed to out, one drift line per change.  Returns 0, or -1 after
 * an error: the catalog cannot be read or does not parse, or a file
 * cannot be written.  *stuck is set, after an error message, when the
 * update could not be finished: the catalog still drifts after every
 * round, the rewritten catalog does not parse (a bug), or there is no
 * temporary dir for the rounds.  After -1 or *stuck every catalog file
 * is as it was. */
int catalog_update(char **paths, int npaths, const struct scan_index *ix, FILE *out, int *stuck);

/* The catalog condition under which some definition of defs[0..n) is
 * seen, from their #if chains ("CONFIG_A && !CONFIG_B"); "" if always;
 * NULL if an #if cannot be read as a catalog condition (names other than
 * CONFIG_ ones and cat's defines, comparisons, ...).  The caller frees.
 * In catalog/update_cond.c. */
char *catalog_update_condition(const struct catalog *cat, const struct scan_def *const *defs, int n);

/* The catalog line (without indentation) for name as its definitions
 * defs[0..n) in one header define it: "func NAME RET (ARGS) if COND",
 * "todo NAME macro  # ...", with 'nocall "WHY"' after the signature of
 * a func or call that a made-up call must not reach (nocall.h; ix
 * resolves the names its bodies call).  The caller frees. */
char *catalog_update_line(const struct catalog *cat, const struct scan_index *ix, const char *name,
			  const struct scan_def *const *defs, int n);

#endif

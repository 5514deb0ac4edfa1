/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The catalog of one step of a patch series.  A catalog describes the
 * series' tip; at an earlier step a catalogued header may not exist yet,
 * and a symbol may still live elsewhere (in linux/mm.h, before the patch
 * that moves it).  The step's catalog is the tip's with those lines
 * commented out, each saying why, so that the step tests what its tree
 * holds; and a note per line tells the series report what was left out:
 *
 *   absent     the header is in no include dir of the tree yet
 *   elsewhere  the symbol is defined, but not in its header (where: the
 *              header that has it); when that header is catalogued too
 *              (an earlier move of the series put it there), the line
 *              goes into its entry, and its TU tests the symbol there
 *   undefined  the symbol is defined in no header yet
 *   differs    in its header, but not as catalogued (a signature or a
 *              kind; where: the drift's words)
 *
 * Moves are found as catalog-check finds drift (catalog/drift.h): the
 * scan index of the step's tree, every arch's include dirs.
 */
#ifndef HDRTEST_STEP_CATALOG_H
#define HDRTEST_STEP_CATALOG_H

#include "model/catalog.h"
#include "scan/scan.h"

/* Write CATDIR/NAME for each of the catalog's files files[0..n) (NAME its
 * base name; "I-NAME" when two share one), the same into KEEPDIR (the
 * step's record of what it tested), and moves_path:
 * "HEADER<TAB>SYMBOL<TAB>STATUS<TAB>WHERE" a line, SYMBOL "-" for the
 * header itself, WHERE "-" when there is nothing to say.  CATDIR is the
 * same dir at every step: a TU names the catalog it came from, and a TU
 * whose text a step does not change must keep its bytes.  Each file is
 * replaced only when its bytes change.  *paths: CATDIR's catalog files,
 * in the order of files (the caller frees each and the array).
 * 0, or -1 after an error message. */
int step_catalog_write(const struct catalog *cat, char **files, int n, const struct scan_index *ix,
		       const char *catdir, const char *keepdir, const char *moves_path, char ***paths);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a name that ties a popular header to the forbidden one goes when
 * make split moves it (the move's TO), in this order:
 *   1. the header MOVES= maps it to (a file of "name<TAB>header" lines);
 *   2. else the slim header (an include name under dir, "linux/mm/")
 *      that defines the most of its relatives: the names its own
 *      definitions use (a function's calls, a macro's body), and the
 *      definitions that use it (a tie: the first in name order);
 *   3. else a new header under dir named after it, in lower case as the
 *      tree's headers are: dir/name.h.
 * Each answer comes with why, for the summary and the patch.
 */
#ifndef HDRTEST_SPLIT_DESTINATION_H
#define HDRTEST_SPLIT_DESTINATION_H

#include "scan/scan.h"

/* MOVES= as read: name -> include name, each name once. */
struct moves_map;

/* Read the file at path: one "name<TAB>header" per line (a C identifier,
 * then an include name ending in ".h" with no ".." or leading '/');
 * blank lines and lines starting with '#' skipped.  NULL after an error
 * "PATH:LINE:COL: error: expected ..." (nothing half read is kept). */
struct moves_map *moves_read(const char *path);
void moves_free(struct moves_map *m);

/* The header name goes to (allocated), and *why (allocated): "MOVES=
 * (moves.txt:3)", "linux/mm/folio_size.h defines 2 of its relatives
 * (...): folio_nr_pages(), folio_order()", "a new header: no header
 * under linux/mm/ defines a name it uses or one that uses it".  m may
 * be NULL; dir ends with '/'. */
char *split_destination(const struct scan_index *ix, const struct moves_map *m, const char *name,
			const char *dir, char **why);

#endif

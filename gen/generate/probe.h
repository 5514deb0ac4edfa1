/* SPDX-License-Identifier: GPL-2.0 */
/* Branch coverage of the catalogued headers: instrumented copies of each
 * header put a marker token into every #if/#elif/#else branch (and into
 * the missing #else of an #if without one); preprocessing a cell's TUs
 * against the copies shows which branches that cell compiled. */
#ifndef HDRTEST_PROBE_H
#define HDRTEST_PROBE_H

#include "model/catalog.h"

/* Write DIR/<header> (instrumented) and DIR/<header>.branches for every
 * catalogued header found under tree/include.  0, or -1 after errors. */
int write_probes(const struct catalog *cat, const char *tree, const char *dir);

/* Print the coverage table of the given cells (their <stem>.probe.i files
 * under out/<cell>/) to f; returns the number of uncovered branches, or
 * -1 after an error. */
int report_coverage(const struct catalog *cat, const char *dir, const char *out, char **cells, int ncells,
		    FILE *f);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* How slim a header is: what including it alone costs the compiler, the
 * headers it pulls in and the lines it preprocesses to, per cell, beside
 * the forbidden header (linux/mm.h) it replaces. */
#ifndef HDRTEST_SLIMNESS_H
#define HDRTEST_SLIMNESS_H

#include <stdio.h>

#include "model/catalog.h"

/* Read out/<cell>/slim/<stem>.i for each measured header and cell; print
 * the table.  0, or -1 when a file is missing (make slimness not run). */
int report_slimness(const struct catalog *cat, const char *out, char **cells, int ncells, FILE *f);

#endif

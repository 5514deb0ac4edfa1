/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_CELLS_H
#define HDRTEST_CELLS_H

#include "generate/emit.h"

/* The cells of the plan, from OUT/cells: their count, or -1. */
int read_cells(const char *out, char ***cells);

/* Generate the cells of the plan in out (only those in only[0..nonly)
 * when only is set: the ones whose prepare step changed), with base's
 * catalog, templates and m4; 0, or -1 if a cell failed (the others are
 * done). */
int generate_cells(const struct gen_opts *base, const char *out, char **only, int nonly);

#endif

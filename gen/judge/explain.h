/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_EXPLAIN_H
#define HDRTEST_EXPLAIN_H

#include "judge/results.h"
#include "scan/scan.h"

/* One line saying why a failing TU fails, in the shape
 * "linux/mm/X.h: foo() uses bar(), defined in linux/mm/Y.h, which X.h does
 * not include"; NULL when no diagnostic names a missing identifier or type.
 * The caller frees. */
char *explain_failure(const struct tu_result *t, const struct cell_result *c, const struct scan_index *ix);

#endif

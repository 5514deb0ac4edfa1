/* SPDX-License-Identifier: GPL-2.0 */
/* Verdicts: what the compile stage left in each cell dir (manifest, TU
 * sources, exit codes, logs, depfiles), read back and judged. */
#ifndef HDRTEST_RESULTS_H
#define HDRTEST_RESULTS_H

#include "judge/cell.h"

/* Read OUT/<cell>/manifest.tsv and judge each TU.  NULL after an error. */
struct cell_result *cell_read(const char *out, const char *cell);
/* Only read the manifest, its TUs not judged yet (every stem a safe name,
 * name_is_safe()).  NULL after an error naming its line. */
struct cell_result *cell_read_manifest(const char *out, const char *cell);
void cell_free(struct cell_result *c);
/* Keep the TUs keep() says yes to, in their order, freeing the others;
 * returns how many are left. */
int cell_keep_tus(struct cell_result *c, int (*keep)(const struct tu_result *t, void *arg), void *arg);
const char *verdict_name(enum verdict v);

/* The drift file of `hdrtest catalog-check --drift-out`: one item a line,
 * "HEADER<TAB>MESSAGE". */
struct drift_line {
	char *header;
	char *text;
};

struct drift_lines {
	struct drift_line *items;
	int n;
};

/* Read a drift file; -1 after an error naming the line (a file cut short
 * is an error too: it would hide drift). */
int drift_lines_read(const char *path, struct drift_lines *d);
void drift_lines_free(struct drift_lines *d);

/* Every TU of a drifted header fails, in a cell that was compiled: the
 * first drift line is its detail, all of them its explanation. */
void cell_mark_drift(struct cell_result *c, const struct drift_lines *d);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each piece of a run cost when it last ran, so that the next run's
 * shards can be balanced by time rather than by count.  OUT/costs.tsv:
 *
 *   # hdrtest costs
 *   prepare<TAB>ARCH/CONFIG<TAB>MS
 *   tu<TAB>ARCH/CONFIG<TAB>STEM<TAB>MS
 *
 * MS in milliseconds; the lines sorted (prepare lines first, then by cell
 * and stem), each piece once.  Lines starting with '#' are comments.
 * What the file does not know costs the defaults below.
 */
#ifndef HDRTEST_COSTS_H
#define HDRTEST_COSTS_H

#include <uthash.h>

/* Preparing a cell's kbuild dir from nothing, and compiling one TU. */
#define COST_PREPARE_MS 15000
#define COST_TU_MS 200

/* One measured piece: key is "prepare\tCELL" or "tu\tCELL\tSTEM" (the
 * line's fields up to the time), unique in the table; ms >= 0. */
struct cost_entry {
	char *key;
	long ms;
	int line;		/* in the file it was read from, 0 if set */
	UT_hash_handle hh;
};

/* The pieces by key; n of them.  Zeroed (or read) before use. */
struct costs {
	struct cost_entry *table;
	int n;
};

/* Read path into *c (which need not be initialised).  A missing file is no
 * costs: 0 and *c empty.  -1 after an error naming file:line:col (a line
 * that is not one of the forms above, a piece listed twice, a file cut
 * short, one that cannot be read); *c is then empty. */
int costs_read(const char *path, struct costs *c);

/* The measured ms of cell's prepare, or COST_PREPARE_MS. */
long costs_prepare(const struct costs *c, const char *cell);
/* The measured ms of TU stem of cell, or COST_TU_MS. */
long costs_tu(const struct costs *c, const char *cell, const char *stem);

/* Record a time (ms >= 0), replacing the one known.  The names must hold
 * no tab nor newline. */
void costs_set_prepare(struct costs *c, const char *cell, long ms);
void costs_set_tu(struct costs *c, const char *cell, const char *stem, long ms);

/* The file's text for c: the header, then the lines sorted (caller frees). */
char *costs_render(const struct costs *c);
/* Write c to path (through path.tmp, renamed): 0, or -1 after an error. */
int costs_write(const struct costs *c, const char *path);

void costs_free(struct costs *c);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compile stage of a run: every stale TU of the prepared cells,
 * compiled by its cell's compile.sh on the run's pool, with a
 * "  CC      [n/N] ARCH/CONFIG HEADER" line as each starts.  The same
 * stage preprocesses the TUs for coverage (PROBE, into TU.probe.i) and
 * slimness (CPP, into TU.i).
 */
#ifndef HDRTEST_COMPILE_H
#define HDRTEST_COMPILE_H

#include "exec/mtimes.h"
#include "exec/pool.h"

enum compile_kind {
	COMPILE_CC,	/* compile and record: TU.rc, TU.log, TU.dep */
	COMPILE_PROBE,	/* preprocess with the instrumented headers first */
	COMPILE_CPP,	/* preprocess the slimness TUs (the cell's slims) */
};

struct compile_opts {
	enum compile_kind kind;
	const char *out;
	char **cells;		/* ARCH/CONFIG */
	int ncells;
	const char *probe_dir;	/* COMPILE_PROBE: the instrumented headers */
	const char *probe_stamp;	/* ... and the stamp they were made at */
	/* the TUs of this run (a shard's own), or NULL: all; 1 if owned */
	int (*owned)(void *ctx, const char *cell, const char *stem);
	/* called with each compiled TU's wall time, or NULL */
	void (*measured)(void *ctx, const char *cell, const char *stem, long ms);
	void *ctx;
};

/* Compile (or preprocess) every stale TU of o->cells that is owned.
 * Returns the number of TUs run, or -1 after error messages when a result
 * could not be recorded or compile.sh could not run a compiler (the other
 * TUs are still done). */
int compile_cells(struct pool *p, struct mtimes *m, const struct compile_opts *o);

/* The TU stems of a cell's list file (tus or slims), *n of them; NULL
 * with *n 0 when there is none. */
char **cell_list_read(const char *cell_dir, const char *name, int *n);
void cell_list_release(char **stems, int n);

#endif

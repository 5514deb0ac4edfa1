/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The prepare stage of a run: a kbuild dir per cell, made by the prepare
 * script (gen/prepare/prepare-kbuild.sh CELLDIR, which writes
 * CELLDIR/prepared), spawned by the run's pool, as many at once as it has
 * slots (kbuild's own make shares them through the jobserver).
 *
 * A cell is prepared again when its prepared file is missing or older
 * than its plan or the prepare scripts, when the kbuild dir it names left
 * the cache, or after an error (a full disk may be freed by now).  A skip
 * stays until the plan changes: the plan names the toolchain's files, so
 * installing one changes it.  A derived config's prepare starts from its
 * seed's dir, so when the seed cell is prepared in the same run, it first.
 */
#ifndef HDRTEST_PREPARE_H
#define HDRTEST_PREPARE_H

#include "exec/mtimes.h"
#include "exec/pool.h"

struct prepare_opts {
	const char *out;
	const char *script;	/* the prepare script */
	char **cells;		/* ARCH/CONFIG of the cells to prepare if stale */
	int ncells;
	long *ms;		/* out: each cell's prepare time, -1 where none ran */
};

/* Prepare the stale cells of o->cells with pool p.  Returns the number of
 * prepares run, or -1 after an error message when a prepare script
 * failed (it exits 0 after writing skip= or error=, so a failure is a
 * broken set-up: a plan it cannot read, a file it cannot write). */
int prepare_cells(struct pool *p, struct mtimes *m, const struct prepare_opts *o);

#endif

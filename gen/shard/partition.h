/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which shard of a run compiles which TU: `hdrtest run --shard I/N` runs
 * the TUs shard I owns, and every TU is owned by exactly one shard.
 *
 * Shards are balanced by cost (costs.h), not by count: a cell costs its
 * prepare and its TUs.  With no more shards than cells, whole cells go to
 * shards (longest first, each to the least loaded shard).  With more
 * shards than cells, each cell gets a number of shards that grows with
 * its cost (each one pays the cell's prepare again) and its TUs are split
 * among them in contiguous runs of its stem order.  A cell without TUs has
 * nothing to own and is left out.  The same input gives the same owners.
 */
#ifndef HDRTEST_PARTITION_H
#define HDRTEST_PARTITION_H

#include "shard/costs.h"

/* A cell and its TUs, in the order the cell lists them; the names unique. */
struct shard_cell {
	const char *name;	/* ARCH/CONFIG */
	char **stems;
	int nstems;
};

/*
 * owner[i][j] (allocated here, freed with shard_owner_free): the shard,
 * 1..nshards, of TU j of cell i.  Returns 0, or -1 after an error
 * (nshards < 1), *owner then NULL.
 */
int shard_partition(const struct shard_cell *cells, int ncells, const struct costs *c, int nshards, int ***owner);
void shard_owner_free(int **owner, int ncells);

/* "I/N" with 1 <= I <= N <= SHARD_MAX (decimal, nothing around it) into
 * *index and *total: 0, or -1 after an error saying what was expected. */
int shard_parse(const char *text, int *index, int *total);
/* The same without the error: 0 or -1. */
int shard_spec(const char *text, int *index, int *total);

/* The most shards a run may have. */
#define SHARD_MAX 10000

#endif

// SPDX-License-Identifier: GPL-2.0
#include "shard/partition.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* A cell with TUs, its costs, and how many shards it gets. */
struct slot {
	const struct shard_cell *cell;
	int i;			/* its index in the caller's cells */
	long prepare;
	long *w;		/* each TU's cost */
	long long tus;		/* their sum */
	int k;
};

/* Costlier first; then by name, then by index: a total order. */
static int by_cost(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	long long cx = x->prepare + x->tus, cy = y->prepare + y->tus;
	int c;

	if (cx != cy)
		return cx > cy ? -1 : 1;
	c = strcmp(x->cell->name, y->cell->name);
	return c ? c : x->i - y->i;
}

/* Whole cells: each, costliest first, to the least loaded shard (the
 * lowest index of equals). */
static void by_cells(struct slot *s, int n, int nshards, int **owner)
{
	long long *load = xcalloc(nshards, sizeof(*load));
	int i, j, best;

	for (i = 0; i < n; i++) {
		best = 0;
		for (j = 1; j < nshards; j++)
			if (load[j] < load[best])
				best = j;
		load[best] += s[i].prepare + s[i].tus;
		for (j = 0; j < s[i].cell->nstems; j++)
			owner[s[i].i][j] = best + 1;
	}
	free(load);
}

/* What each of a cell's shards costs, k of them sharing its TUs. */
static double per_shard(const struct slot *s)
{
	return (double)s->prepare + (double)s->tus / s->k;
}

/* Hand the extra shards out, one at a time, to the cell whose shards cost
 * the most: until none is left, or until that cell has a shard per TU
 * (then more shards would not end the run sooner). */
static void hand_out(struct slot *s, int n, int extra)
{
	while (extra > 0) {
		double max = -1;
		int i, pick = -1;

		for (i = 0; i < n; i++)
			if (per_shard(&s[i]) > max)
				max = per_shard(&s[i]);
		/* the first of the costliest that can still be split */
		for (i = 0; i < n && pick < 0; i++)
			if (per_shard(&s[i]) == max && s[i].k < s[i].cell->nstems)
				pick = i;
		if (pick < 0)
			return;
		s[pick].k++;
		extra--;
	}
}

/* How many contiguous runs of at most cap each w[0..n) needs (a TU costlier
 * than cap alone in its run). */
static int runs_needed(const long *w, int n, long long cap)
{
	long long load = 0;
	int runs = 1, j;

	for (j = 0; j < n; j++) {
		if (load > 0 && load + w[j] > cap) {
			runs++;
			load = 0;
		}
		load += w[j];
	}
	return runs;
}

/* Split the cell's TUs into s->k contiguous non-empty runs whose costliest
 * is as cheap as can be; run r goes to shard first + r. */
static void split_cell(const struct slot *s, int first, int **owner)
{
	int n = s->cell->nstems, j, run = 0, in_run = 0;
	long long lo = 0, hi = s->tus, load = 0;

	for (j = 0; j < n; j++)
		if (s->w[j] > lo)
			lo = s->w[j];
	/* the least cap for which k runs suffice */
	while (lo < hi) {
		long long mid = lo + (hi - lo) / 2;

		if (runs_needed(s->w, n, mid) <= s->k)
			hi = mid;
		else
			lo = mid + 1;
	}
	for (j = 0; j < n; j++) {
		/* a new run when this one is full, or when what is left is
		 * one TU for each run still to come */
		if (in_run && run < s->k - 1 && (load + s->w[j] > lo || n - j <= s->k - 1 - run)) {
			run++;
			in_run = 0;
			load = 0;
		}
		owner[s->i][j] = first + run;
		load += s->w[j];
		in_run++;
	}
}

int shard_partition(const struct shard_cell *cells, int ncells, const struct costs *c, int nshards, int ***owner)
{
	struct slot *s;
	int i, j, n = 0, next;

	*owner = NULL;
	if (nshards < 1)
		return error("a run has at least one shard, not %d", nshards);
	s = xcalloc(ncells + 1, sizeof(*s));
	*owner = xcalloc(ncells + 1, sizeof(int *));
	for (i = 0; i < ncells; i++) {
		(*owner)[i] = xcalloc(cells[i].nstems + 1, sizeof(int));
		if (!cells[i].nstems)
			continue;
		s[n].cell = &cells[i];
		s[n].i = i;
		s[n].prepare = costs_prepare(c, cells[i].name);
		s[n].w = xcalloc(cells[i].nstems, sizeof(long));
		for (j = 0; j < cells[i].nstems; j++) {
			s[n].w[j] = costs_tu(c, cells[i].name, cells[i].stems[j]);
			s[n].tus += s[n].w[j];
		}
		s[n].k = 1;
		n++;
	}
	qsort(s, n, sizeof(*s), by_cost);
	if (nshards <= n) {
		by_cells(s, n, nshards, *owner);
	} else {
		hand_out(s, n, nshards - n);
		for (i = 0, next = 1; i < n; next += s[i].k, i++)
			split_cell(&s[i], next, *owner);
	}
	for (i = 0; i < n; i++)
		free(s[i].w);
	free(s);
	return 0;
}

void shard_owner_free(int **owner, int ncells)
{
	int i;

	if (!owner)
		return;
	for (i = 0; i < ncells; i++)
		free(owner[i]);
	free(owner);
}

/* A decimal number at *p, at most SHARD_MAX, moving *p past it; -1 if
 * there is none. */
static int number(const char **p)
{
	int v = 0, digits = 0;

	while (**p >= '0' && **p <= '9') {
		v = v * 10 + (**p - '0');
		if (v > SHARD_MAX)
			return -1;
		(*p)++;
		digits++;
	}
	return digits ? v : -1;
}

int shard_spec(const char *text, int *index, int *total)
{
	const char *p = text;
	int i = number(&p), n = -1;

	if (i >= 0 && *p == '/') {
		p++;
		n = number(&p);
	}
	if (i < 1 || n < 1 || *p || i > n)
		return -1;
	*index = i;
	*total = n;
	return 0;
}

int shard_parse(const char *text, int *index, int *total)
{
	if (shard_spec(text, index, total))
		return error("shard '%s': expected I/N, shard I of N, with 1 <= I <= N <= %d (e.g. 2/4)", text, SHARD_MAX);
	return 0;
}

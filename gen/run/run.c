// SPDX-License-Identifier: GPL-2.0
/* hdrtest run: plan, drift, prepare, gen, compile and judge in one process. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/exit.h"
#include "base/files.h"
#include "base/util.h"
#include "compile/compile.h"
#include "exec/jobserver.h"
#include "exec/mtimes.h"
#include "exec/pool.h"
#include "generate/cells.h"
#include "plan/plan.h"
#include "prepare/prepare.h"
#include "run/run.h"
#include "run/stages.h"
#include "shard/costs.h"
#include "shard/partition.h"

/*
 * What the stages share.  cells are OUT/cells; own[i] is 1 when this run
 * (this shard) has TUs of cell i, and owner[i][j] the shard of its TU j
 * (stems: the catalog's headers that stand alone, the same in every cell).
 * own_cells lists the owned cells' names, the ones prepared and compiled.
 */
struct run {
	const struct run_opts *o;
	struct mtimes *m;
	struct pool *pool;
	struct jobserver *js;
	char **cells;
	int ncells;
	char **stems;
	int nstems;
	int **owner;
	char **own_cells;
	int nown;
	struct costs costs;	/* this OUT's, updated with what ran now */
	struct costs given;	/* --costs: what the shards are balanced by */
	char self[PATH_MAX];	/* the tool's own binary: a new one redoes gen and judge */
	struct lazy_scan scan;	/* the tree's index, for drift and the explanations */
};

static int run_owns(void *ctx, const char *cell, const char *stem)
{
	struct run *r = ctx;
	int i, j;

	if (r->o->nshards <= 1)
		return 1;
	for (i = 0; i < r->ncells && strcmp(r->cells[i], cell); i++)
		;
	for (j = 0; j < r->nstems && strcmp(r->stems[j], stem); j++)
		;
	return i < r->ncells && j < r->nstems && r->owner[i][j] == r->o->shard;
}

static void run_measured(void *ctx, const char *cell, const char *stem, long ms)
{
	struct run *r = ctx;

	costs_set_tu(&r->costs, cell, stem, ms);
}

static int plan_stage(struct run *r)
{
	const struct run_opts *o = r->o;
	struct plan_opts po = { 0 };

	po.cat = o->cat;
	po.out = o->out;
	po.tree = o->tree;
	po.cache = o->cache;
	po.overlay = o->overlay;
	po.archs = o->archs;
	po.narchs = o->narchs;
	po.configs = o->configs;
	po.nconfigs = o->nconfigs;
	if (plan_write(&po))
		return -1;
	r->ncells = read_cells(o->out, &r->cells);
	return r->ncells < 0 ? -1 : 0;
}

/* The TUs of each cell, and which of them are this shard's. */
static int shard_stage(struct run *r)
{
	const struct run_opts *o = r->o;
	struct shard_cell *sc;
	int i, j;

	for (i = 0; i < o->cat->nheaders; i++)
		if (!o->cat->headers[i]->skip)
			*(char **)push(&r->stems, &r->nstems, sizeof(char *)) = tu_stem(o->cat->headers[i]->path);
	sc = xcalloc(r->ncells ? r->ncells : 1, sizeof(*sc));
	for (i = 0; i < r->ncells; i++) {
		sc[i].name = r->cells[i];
		sc[i].stems = r->stems;
		sc[i].nstems = r->nstems;
	}
	if (shard_partition(sc, r->ncells, &r->given, o->nshards, &r->owner)) {
		free(sc);
		return -1;
	}
	free(sc);
	for (i = 0; i < r->ncells; i++) {
		for (j = 0; j < r->nstems && r->owner[i][j] != o->shard; j++)
			;
		/* a catalog with no header to test (a series' step before
		 * any of its headers exists): shard 1 has every cell, each
		 * with its manifest and no TU */
		if (j < r->nstems || (!r->nstems && o->shard == 1))
			*(char **)push(&r->own_cells, &r->nown, sizeof(char *)) = r->cells[i];
	}
	return 0;
}

/* The packages of this shard's arches only: a CI runner installs the
 * toolchains of the cells it runs, not of the whole matrix. */
static int print_shard_packages(struct run *r)
{
	struct plan_opts po = { 0 };
	char **archs = xcalloc(r->nown ? r->nown : 1, sizeof(char *));
	int i, j, n = 0, ret;

	for (i = 0; i < r->nown; i++) {
		char *arch = xstrndup(r->own_cells[i], strcspn(r->own_cells[i], "/"));

		for (j = 0; j < n && strcmp(archs[j], arch); j++)
			;
		if (j < n)
			free(arch);
		else
			archs[n++] = arch;
	}
	ret = 0;
	if (n) {
		po.cat = r->o->cat;
		po.tree = r->o->tree;
		po.cache = r->o->cache;
		po.overlay = r->o->overlay;
		po.archs = archs;
		po.narchs = n;
		po.configs = r->o->configs;
		po.nconfigs = r->o->nconfigs;
		po.print_packages = stdout;
		ret = plan_write(&po);
	}
	for (i = 0; i < n; i++)
		free(archs[i]);
	free(archs);
	return ret;
}

/* What preparing cell costs on a runner that has not got its kbuild dir:
 * the time the dir took to build, which the prepare script keeps in it,
 * not the moment a reuse of it took here; ms when the dir holds none. */
static long build_cost(const char *out, const char *cell, long ms)
{
	char *path = xasprintf("%s/%s/prepared", out, cell), *prepared = read_file(path, NULL);
	char *file = NULL, *text = NULL, *end;
	long built = -1;

	/* a skip or an error has no dir (the run says why elsewhere) */
	if (prepared && starts_with(prepared, "kdir=") && strchr(prepared, '\n')) {
		*strchr(prepared, '\n') = '\0';
		file = xasprintf("%s/.hdrtest-prepare-ms", prepared + 5);
		text = read_file(file, NULL);
	}
	if (text) {
		built = strtol(text, &end, 10);
		if (end == text || *end != '\n' || built < 0)
			built = -1;
	}
	free(text);
	free(file);
	free(prepared);
	free(path);
	return built >= 0 ? built : ms;
}

static int prepare_stage(struct run *r)
{
	struct prepare_opts po = { 0 };
	long *ms = xcalloc(r->nown ? r->nown : 1, sizeof(long));
	int n, i;

	po.out = r->o->out;
	po.script = r->o->prepare_script ? r->o->prepare_script : "gen/prepare/prepare-kbuild.sh";
	po.cells = r->own_cells;
	po.ncells = r->nown;
	po.ms = ms;
	n = prepare_cells(r->pool, r->m, &po);
	for (i = 0; i < r->nown; i++)
		if (ms[i] >= 0)
			costs_set_prepare(&r->costs, r->own_cells[i], build_cost(r->o->out, r->own_cells[i], ms[i]));
	free(ms);
	return n < 0 ? -1 : 0;
}

static int compile_stage(struct run *r, enum compile_kind kind, const char *probe_dir, const char *probe_stamp)
{
	struct compile_opts co = { 0 };

	co.kind = kind;
	co.out = r->o->out;
	co.cells = r->own_cells;
	co.ncells = r->nown;
	co.probe_dir = probe_dir;
	co.probe_stamp = probe_stamp;
	co.owned = run_owns;
	co.measured = run_measured;
	co.ctx = r;
	return compile_cells(r->pool, r->m, &co) < 0 ? -1 : 0;
}

static void run_free(struct run *r)
{
	int i;

	if (r->owner)
		shard_owner_free(r->owner, r->ncells);
	for (i = 0; i < r->ncells; i++)
		free(r->cells[i]);
	free(r->cells);
	for (i = 0; i < r->nstems; i++)
		free(r->stems[i]);
	free(r->stems);
	free(r->own_cells);
	if (r->pool)
		pool_free(r->pool);
	if (r->js)
		jobserver_close(r->js);
	costs_free(&r->costs);
	costs_free(&r->given);
	mtimes_free(r->m);
	lazy_scan_free(&r->scan);
}

int run_all(const struct run_opts *o)
{
	struct run r = { 0 };
	char *costs_out = xasprintf("%s/costs.tsv", o->out);
	int ret = EXIT_ERROR;
	ssize_t len;

	r.o = o;
	/* two runs writing one OUT would take each other's .log.tmp files */
	if (lock_out(o->out, "hdrtest run"))
		goto out_unlocked;
	r.m = mtimes_new();
	r.scan.tree = o->tree;
	r.scan.given = o->tree_index;
	len = readlink("/proc/self/exe", r.self, sizeof(r.self) - 1);
	r.self[len > 0 ? len : 0] = '\0';
	/* Every shard must split the run alike, so only a costs file they all
	 * get (--costs) balances them, never the OUT's own, which holds what
	 * this shard happened to run. */
	if (costs_read(costs_out, &r.costs) || (o->costs && costs_read(o->costs, &r.given)))
		goto out;
	if (plan_stage(&r) || shard_stage(&r))
		goto out;
	if (o->print_packages) {
		ret = print_shard_packages(&r) ? EXIT_ERROR : EXIT_OK;
		goto out;
	}
	if (!o->prepare_only && write_shard_file(o, r.cells, r.ncells, r.stems, r.nstems, r.owner))
		goto out;
	if (o->nshards > 1 && !r.nown) {
		printf("hdrtest: shard %d/%d has no work: the %d cells' TUs all went to other shards\n",
		       o->shard, o->nshards, r.ncells);
		ret = EXIT_OK;
		goto out;
	}
	if (!o->prepare_only && drift_stage(o, r.m, r.self, &r.scan))
		goto out;
	r.js = jobserver_open(o->jobs);
	if (!r.js)
		goto out;
	r.pool = pool_new(r.js);
	if (o->prepare_only) {
		ret = prepare_stage(&r) ? EXIT_ERROR : EXIT_OK;
		goto out;
	}
	if (prepare_stage(&r) || gen_stage(o, r.m, r.self, r.own_cells, r.nown) ||
	    compile_stage(&r, COMPILE_CC, NULL, NULL))
		goto out;
	if (costs_write(&r.costs, costs_out))
		goto out;
	if (o->coverage) {
		char *dir = xasprintf("%s/probe", o->out), *stamp = xasprintf("%s/probe/.stamp", o->out);
		int bad = probe_stage(o, r.m, r.self, dir, stamp) ||
			  compile_stage(&r, COMPILE_PROBE, dir, stamp) ||
			  coverage_stage(o, dir, r.own_cells, r.nown);

		free(dir);
		free(stamp);
		if (bad)
			goto out;
	}
	if (o->slimness && (compile_stage(&r, COMPILE_CPP, NULL, NULL) ||
			    slimness_stage(o, r.own_cells, r.nown)))
		goto out;
	ret = o->no_report ? EXIT_OK : judge_stage(o, r.m, r.self, r.cells, r.ncells, &r.scan);
	/* an uncovered branch or a failing TU is no failure of coverage */
	if ((o->coverage || o->slimness) && ret == EXIT_FAILED)
		ret = EXIT_OK;
out:
	run_free(&r);
out_unlocked:
	free(costs_out);
	return ret;
}

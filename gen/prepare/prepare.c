// SPDX-License-Identifier: GPL-2.0
/* The prepare stage: the prepare script per stale cell, seeds first. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "generate/prepared.h"
#include "plan/plan.h"
#include "prepare/prepare.h"

/*
 * One cell of the stage.  waiting_for is the index of the seed cell whose
 * prepare must end first (-1: none); a cell is queued on the pool only
 * once that has ended.  tag and env are set when it starts.
 */
struct prep {
	const char *cell;
	char *dir;
	int waiting_for;
	int stale;
	char *tag;
	char *env[2];
	struct pool_job job;
	struct prepare_state *st;
};

struct prepare_state {
	const struct prepare_opts *o;
	struct prep *preps;
	struct pool *pool;
	int total;		/* prepares to run: the N of [n/N] */
	int started;
	int failed;
};

/* The prepared file holds: a skip, or a kbuild dir that is still complete. */
static int prepared_holds(const char *path)
{
	struct prepared p;
	int ok = 0;

	if (access(path, F_OK))
		return 0;
	if (prepared_read(path, &p))
		return 0;
	if (p.skip) {
		ok = 1;
	} else if (p.kdir) {
		char *stamp = xasprintf("%s/.hdrtest-prepared", p.kdir);

		ok = !access(stamp, F_OK);
		free(stamp);
	}
	prepared_free(&p);
	return ok;
}

static int cell_is_stale(struct mtimes *m, const char *script, const char *recipe, const char *dir)
{
	char *prepared = xasprintf("%s/prepared", dir);
	char *plan = xasprintf("%s/plan", dir);
	const char *inputs[] = { plan, script, recipe };
	int ret = stale(m, prepared, inputs, 3) || !prepared_holds(prepared);

	free(prepared);
	free(plan);
	return ret;
}

/* The index of cell's seed among the stale cells, or -1. */
static int seed_of(struct prepare_state *st, int i)
{
	const struct prepare_opts *o = st->o;
	char *path = xasprintf("%s/plan", st->preps[i].dir);
	const char *seed, *slash = strrchr(o->cells[i], '/');
	struct plan p;
	int j, found = -1;

	if (plan_read(path, &p)) {
		free(path);
		return -1;	/* the script says what is wrong with it */
	}
	free(path);
	seed = plan_get(&p, "seed");
	if (seed && *seed && slash) {
		int alen = (int)(slash - o->cells[i]);

		for (j = 0; j < o->ncells; j++)
			if (j != i && st->preps[j].stale && !strncmp(o->cells[j], o->cells[i], alen + 1) &&
			    !strcmp(o->cells[j] + alen + 1, seed))
				found = j;
	}
	plan_free(&p);
	return found;
}

static void prep_started(struct pool_job *job)
{
	struct prep *pr = job->data;
	struct prepare_state *st = pr->st;
	int width = snprintf(NULL, 0, "%d", st->total);

	st->started++;
	pr->tag = xasprintf("[%*d/%d] ", width, st->started, st->total);
	pr->env[0] = xasprintf("HT_PROGRESS_TAG=%s", pr->tag);
	pr->env[1] = NULL;
	job->env = pr->env;
}

static void queue(struct prep *pr);

static void prep_done(struct pool_job *job)
{
	struct prep *pr = job->data;
	struct prepare_state *st = pr->st;
	int i, self = (int)(pr - st->preps);

	if (job->status != 0) {
		if (job->status < 0)
			error("cannot run the prepare script %s for %s", st->o->script, pr->cell);
		else
			error("the prepare script %s failed for %s (exit %d)", st->o->script, pr->cell,
			      job->status);
		st->failed = 1;
	}
	if (st->o->ms)
		st->o->ms[self] = job->ms;
	/* the cells derived from this one start now, from its dir */
	for (i = 0; i < st->o->ncells; i++)
		if (st->preps[i].stale && st->preps[i].waiting_for == self) {
			st->preps[i].waiting_for = -1;
			queue(&st->preps[i]);
		}
}

static void queue(struct prep *pr)
{
	struct prepare_state *st = pr->st;

	pr->job.argv = xcalloc(3, sizeof(char *));
	pr->job.argv[0] = (char *)st->o->script;
	pr->job.argv[1] = pr->dir;
	pr->job.data = pr;
	pool_add(st->pool, &pr->job, prep_started, prep_done);
}

int prepare_cells(struct pool *p, struct mtimes *m, const struct prepare_opts *o)
{
	struct prepare_state st = { 0 };
	char *recipe, *slash;
	int i;

	st.o = o;
	st.pool = p;
	st.preps = xcalloc(o->ncells ? o->ncells : 1, sizeof(struct prep));
	slash = strrchr(o->script, '/');
	recipe = slash ? xasprintf("%.*s/kbuild-recipe.sh", (int)(slash - o->script), o->script)
		       : xstrdup("kbuild-recipe.sh");
	for (i = 0; i < o->ncells; i++) {
		struct prep *pr = &st.preps[i];

		pr->st = &st;
		pr->cell = o->cells[i];
		pr->dir = xasprintf("%s/%s", o->out, o->cells[i]);
		pr->stale = cell_is_stale(m, o->script, recipe, pr->dir);
		pr->waiting_for = -1;
		if (o->ms)
			o->ms[i] = -1;
		st.total += pr->stale;
	}
	for (i = 0; i < o->ncells; i++)
		if (st.preps[i].stale)
			st.preps[i].waiting_for = seed_of(&st, i);
	for (i = 0; i < o->ncells; i++)
		if (st.preps[i].stale && st.preps[i].waiting_for < 0)
			queue(&st.preps[i]);
	if (st.total && pool_run(p))
		st.failed = 1;
	for (i = 0; i < o->ncells; i++) {
		char *prepared = xasprintf("%s/prepared", st.preps[i].dir);

		mtime_forget(m, prepared);
		free(prepared);
		free(st.preps[i].dir);
		free(st.preps[i].tag);
		free(st.preps[i].env[0]);
		free(st.preps[i].job.argv);
	}
	free(st.preps);
	free(recipe);
	return st.failed ? -1 : st.total;
}

// SPDX-License-Identifier: GPL-2.0
/* The compile stage: stale TUs on the pool, each result recorded. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "compile/compile.h"
#include "compile/tu.h"
#include "exec/shadow.h"
#include "exec/uptodate.h"
#include "generate/prepared.h"

/*
 * One TU to run.  cmd holds its argv and log; env is the kind's
 * environment (HT_PREPROCESS, HT_PROBE), shared by all TUs of a stage.
 */
struct tu_job {
	struct compile_state *st;
	const char *cell;
	char *cell_dir;
	char *stem;
	struct tu_command cmd;
	char *log;		/* where the preprocessors' output goes */
	struct pool_job job;
};

struct compile_state {
	const struct compile_opts *o;
	struct mtimes *m;
	char *env[3];
	int total;
	int started;
	int failed;
	int *begun;		/* per cell: its stamp went, union_write() makes it again */
};

char **cell_list_read(const char *cell_dir, const char *name, int *n)
{
	char *path = xasprintf("%s/%s", cell_dir, name);
	char *text = read_file(path, NULL), *p, *line;
	char **stems = NULL;

	*n = 0;
	free(path);
	if (!text)
		return NULL;
	for (p = text; (line = strsep(&p, "\n"));)
		if (*line)
			*(char **)push(&stems, n, sizeof(char *)) = xstrdup(line);
	free(text);
	return stems;
}

void cell_list_release(char **stems, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(stems[i]);
	free(stems);
}

static const char *const kind_word[] = { "CC", "PROBE", "CPP" };

static void tu_started(struct pool_job *job)
{
	struct tu_job *t = job->data;
	struct compile_state *st = t->st;
	int width = snprintf(NULL, 0, "%d", st->total);

	st->started++;
	printf("  %-7s [%*d/%d] %s %s%s\n", kind_word[st->o->kind], width, st->started, st->total,
	       t->cell, t->stem, st->o->kind == COMPILE_CPP ? "" : ".h");
	fflush(stdout);
	if (st->o->kind == COMPILE_CC)
		tu_forget(t->cell_dir, t->stem);
}

static void tu_done(struct pool_job *job)
{
	struct tu_job *t = job->data;
	struct compile_state *st = t->st;
	const struct compile_opts *o = st->o;

	if (o->kind == COMPILE_CC) {
		if (tu_record(t->cell_dir, t->stem, job->status))
			st->failed = 1;
		else if (o->measured)
			o->measured(o->ctx, t->cell, t->stem, job->ms);
	} else if (job->status != 0) {
		fprintf(stderr, "hdrtest: warning: preprocessing %s/%s.c failed%s: see %s\n", t->cell_dir,
			t->stem, o->kind == COMPILE_PROBE ? ", its branches count as not compiled" : "", t->log);
	}
}

/* Is the preprocessed TU (kind PROBE or CPP) stale? */
static int pp_stale(struct compile_state *st, const char *cell_dir, const char *stem)
{
	const char *suffix = st->o->kind == COMPILE_PROBE ? "probe.i" : "i";
	char *target = xasprintf("%s/%s.%s", cell_dir, stem, suffix);
	char *c = xasprintf("%s/%s.c", cell_dir, stem);
	const char *inputs[] = { c, st->o->kind == COMPILE_PROBE ? st->o->probe_stamp : NULL };
	int ret = stale(st->m, target, inputs, 2);

	free(target);
	free(c);
	return ret;
}

/* The cell's TUs to run, added to *jobs. */
static void cell_jobs(struct compile_state *st, int ci, struct tu_job ***jobs, int *njobs)
{
	const struct compile_opts *o = st->o;
	const char *cell = o->cells[ci];
	char *dir = xasprintf("%s/%s", o->out, cell);
	char **stems, **own = NULL;
	struct shadow *sh = NULL;
	int n, nown = 0, i;

	stems = cell_list_read(dir, o->kind == COMPILE_CPP ? "slims" : "tus", &n);
	for (i = 0; i < n; i++)
		if (!o->owned || o->owned(o->ctx, cell, stems[i]))
			*(char **)push(&own, &nown, sizeof(char *)) = stems[i];
	if (o->kind == COMPILE_CC) {
		sh = shadow_load(dir);
		if (!nown || !cell_stale(st->m, sh, dir, own, nown))
			nown = 0;	/* every TU up to date */
		else if (cell_begin(st->m, dir))
			st->failed = 1;
		else
			st->begun[ci] = 1;
	}
	for (i = 0; i < nown; i++) {
		struct tu_job *t;

		if (o->kind == COMPILE_CC ? !tu_stale(st->m, sh, dir, own[i]) : !pp_stale(st, dir, own[i]))
			continue;
		t = xcalloc(1, sizeof(*t));
		t->st = st;
		t->cell = cell;
		t->cell_dir = xstrdup(dir);
		t->stem = xstrdup(own[i]);
		tu_command_init(&t->cmd, dir, own[i]);
		t->job.argv = t->cmd.argv;
		t->job.data = t;
		if (o->kind == COMPILE_CC) {
			t->job.log = t->cmd.log_tmp;
		} else {
			t->log = xasprintf("%s/%s.%s.log", dir, own[i], o->kind == COMPILE_PROBE ? "probe" : "cpp");
			t->job.log = t->log;
			t->job.env = st->env;
		}
		*(struct tu_job **)push(jobs, njobs, sizeof(struct tu_job *)) = t;
	}
	shadow_free(sh);
	free(own);
	cell_list_release(stems, n);
	free(dir);
}

/* A prepared cell whose TUs can be compiled (not skipped, not an error). */
static int cell_prepared(const char *out, const char *cell)
{
	char *path = xasprintf("%s/%s/prepared", out, cell);
	struct prepared p;
	int ok = 0;

	if (!access(path, F_OK) && !prepared_read(path, &p)) {
		ok = p.kdir != NULL;
		prepared_free(&p);
	}
	free(path);
	return ok;
}

/* After a compile stage, the union of headers, the record of what was
 * where and the stamp of each cell it began on. */
static void cells_stamp(struct compile_state *st)
{
	const struct compile_opts *o = st->o;
	int ci, i;

	for (ci = 0; ci < o->ncells; ci++) {
		char *dir = xasprintf("%s/%s", o->out, o->cells[ci]);
		char **stems, **own = NULL;
		int n, nown = 0;

		if (st->begun[ci]) {
			stems = cell_list_read(dir, "tus", &n);
			for (i = 0; i < n; i++)
				if (!o->owned || o->owned(o->ctx, o->cells[ci], stems[i]))
					*(char **)push(&own, &nown, sizeof(char *)) = stems[i];
			if (union_write(st->m, dir, own, nown))
				st->failed = 1;
			free(own);
			cell_list_release(stems, n);
		}
		free(dir);
	}
}

int compile_cells(struct pool *p, struct mtimes *m, const struct compile_opts *o)
{
	struct compile_state st = { 0 };
	struct tu_job **jobs = NULL;
	int njobs = 0, ci, i;

	st.o = o;
	st.m = m;
	st.begun = xcalloc(o->ncells ? o->ncells : 1, sizeof(int));
	if (o->kind != COMPILE_CC) {
		st.env[0] = xasprintf("HT_PREPROCESS=%s", o->kind == COMPILE_PROBE ? "probe.i" : "i");
		st.env[1] = o->kind == COMPILE_PROBE ? xasprintf("HT_PROBE=%s", o->probe_dir) : NULL;
	}
	for (ci = 0; ci < o->ncells; ci++)
		if (cell_prepared(o->out, o->cells[ci]))
			cell_jobs(&st, ci, &jobs, &njobs);
	st.total = njobs;
	for (i = 0; i < njobs; i++)
		pool_add(p, &jobs[i]->job, tu_started, tu_done);
	if (njobs && pool_run(p))
		st.failed = 1;
	for (i = 0; i < njobs; i++) {
		char *rc = xasprintf("%s/%s.rc", jobs[i]->cell_dir, jobs[i]->stem);

		mtime_forget(m, rc);
		free(rc);
		tu_command_free(&jobs[i]->cmd);
		free(jobs[i]->cell_dir);
		free(jobs[i]->stem);
		free(jobs[i]->log);
		free(jobs[i]);
	}
	free(jobs);
	if (o->kind == COMPILE_CC)
		cells_stamp(&st);
	free(st.begun);
	free(st.env[0]);
	free(st.env[1]);
	return st.failed ? -1 : njobs;
}

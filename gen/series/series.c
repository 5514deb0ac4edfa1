// SPDX-License-Identifier: GPL-2.0
/* hdrtest series: see series.h. */
#include "series/series.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/exit.h"
#include "base/files.h"
#include "base/hash.h"
#include "base/process.h"
#include "base/util.h"
#include "judge/out_copy.h"
#include "run/run.h"
#include "scan/scan.h"
#include "series/scratch.h"
#include "series/series_report.h"
#include "series/step_catalog.h"
#include "series/steps.h"

/* Whether the tree is a git work tree (RANGE, or a series with a base-commit). */
static int is_git_tree(const char *tree)
{
	char *p = xasprintf("%s/.git", tree);
	struct stat st;
	int yes = !stat(p, &st);

	free(p);
	return yes;
}

/* What every step shares. */
struct step_env {
	const char *dir;	/* the series' dir in the cache (scratch.h) */
	const char *scratch;	/* its tree: dir/tree */
	const char *id;		/* the scratch tree's id, in each step's stamp */
	const char *catdir;	/* the catalog each step's run reads */
	int git;		/* the tree is a git clone, checked out commit by commit */
};

/* Move the scratch tree to step s; 0, or -1 (the script or scratch.c
 * said why).  A series of patch files on a base dir: the base and the
 * names each patch writes are scratch.c's, applying it the script's; a
 * git series: the script's. */
static int make_step_tree(const struct series_opts *o, const struct series *se, int s, const struct step_env *env)
{
	const struct series_step *st = &se->steps[s];
	char *stamp = xasprintf("hdrtest series %s at %s %s", env->id, st->num, st->commit ? st->commit : st->name);
	char *argv[8];
	int rc;

	argv[0] = (char *)o->script;
	if (s == 0 && env->git) {
		argv[1] = "git-reset", argv[2] = (char *)o->tree, argv[3] = (char *)env->scratch;
		argv[4] = st->commit ? st->commit : se->base_commit, argv[5] = stamp, argv[6] = NULL;
	} else if (s == 0) {
		rc = scratch_reset(o->tree, env->dir, stamp);
		free(stamp);
		return rc;
	} else if (st->commit) {
		argv[1] = "git-apply", argv[2] = (char *)env->scratch, argv[3] = st->commit;
		argv[4] = stamp, argv[5] = NULL;
	} else if (scratch_note_patch(env->dir, st->patch)) {
		free(stamp);
		return -1;
	} else {
		argv[1] = "apply", argv[2] = (char *)env->scratch, argv[3] = st->patch;
		argv[4] = stamp, argv[5] = NULL;
	}
	rc = run_program(argv);
	free(stamp);
	if (!rc && s == 0) {
		/* a checkout brings back every file: no name to restore */
		char *touched = xasprintf("%s/touched", env->dir);

		rc = write_file_atomic(touched, "");
		free(touched);
	}
	return rc == 0 ? 0 : -1;
}

/* The forked child of a step's run: the run ro describes.  A step's
 * catalog (ro->cat NULL) is read here, from ro->catalog_files, as hdrtest
 * run reads its operands. */
static int call_run(void *arg)
{
	struct run_opts *ro = arg;
	struct catalog *cat = NULL;
	int ret;

	if (!ro->cat && !(ro->cat = cat = catalog_read(ro->catalog_files, ro->ncatalog_files)))
		return EXIT_ERROR;
	ret = run_all(ro);
	catalog_free(cat);
	return ret;
}

/* The run of a step: what every step's run is given (o->run), on the
 * step's OUT (dir) and the scratch tree. */
static struct run_opts step_run(const struct series_opts *o, const char *scratch, const char *dir)
{
	struct run_opts ro = o->run;

	ro.out = dir;
	ro.tree = scratch;
	return ro;
}

/* The step's kbuild dirs brought up to date while this process scans the
 * step's tree and fits its catalog: the run's plan and prepare stages on
 * the step's OUT, in a child, with the series' own catalog (a cell's plan
 * and kbuild dir do not depend on which headers are tested, so the
 * step's run, planning again with the step's catalog, finds each cell
 * prepared).  The child's pid, or -1: then the step's run prepares, as
 * it would without this. */
static pid_t start_prepare(const struct series_opts *o, const char *scratch, const char *dir)
{
	struct run_opts ro = step_run(o, scratch, dir);

	ro.cat = o->cat;
	ro.catalog_files = o->catalog_files;
	ro.ncatalog_files = o->ncatalog_files;
	ro.prepare_only = 1;
	return start_call_to_file(call_run, &ro, "/dev/null");
}

/* The run of the step's tree and catalog (paths), in a child forked from
 * this process, not a new program: the child has ix, the step's scan
 * index, which the run's drift check and the explanations of its
 * failures would each make again (0.7 s of a kernel tree, twice a step).
 * Its stdout, the table, goes to OUT/NNNN/run.log; its stderr is the
 * series' (PREPARE and UPDATE lines, errors).  Its exit status, or -1. */
static int run_step(const struct series_opts *o, const char *scratch, const char *dir, char **paths,
		    const struct scan_index *ix)
{
	struct run_opts ro = step_run(o, scratch, dir);
	char *log = xasprintf("%s/run.log", dir);
	pid_t pid;

	ro.catalog_files = paths;
	ro.ncatalog_files = o->ncatalog_files;
	ro.tree_index = ix;
	pid = start_call_to_file(call_run, &ro, log);
	free(log);
	return pid < 0 ? -1 : wait_child(pid, "hdrtest run");
}

/* The scratch tree's place: one per base tree and kind (a copy of a
 * base dir's files, or a git clone checked out commit by commit), not
 * per series, so that a new version of a series, or another series on
 * the same base, starts from kbuild dirs that only need to follow what
 * differs.  A plain series and a base-commit series on one git tree are
 * two trees: each is checked against its own base at every run. */
static char *scratch_id(const struct series_opts *o, int git)
{
	char tree[PATH_MAX];
	uint64_t h = HASH_INIT;
	const char *t = realpath(o->tree, tree) ? tree : o->tree;
	/* (not the words of the trees before KDIR's .git was left out) */
	const char *kind = git ? "git clone" : "base files";

	h = hash_bytes(h, t, strlen(t) + 1);
	h = hash_bytes(h, kind, strlen(kind));
	return hash_hex(h);
}

/* One series run at a time on a scratch tree: the lock is held until
 * this process ends.  0, or -1 after an error message. */
static int lock_scratch(const char *scratch)
{
	char *path = xasprintf("%s.lock", scratch), *dir = xstrdup(scratch);
	int ret;

	*strrchr(dir, '/') = '\0';
	if (mkdirs(dir)) {
		error("cannot create %s: %s", dir, strerror(errno));
		ret = -1;
	} else {
		ret = lock_file(path, "hdrtest series", scratch);
	}
	free(path);
	free(dir);
	return ret;
}

/* The series report from the steps' files; writes it into OUT and prints
 * the summary.  Returns the exit status. */
static int report(const struct series_opts *o, const struct series *se, int nrun, int stopped, const char *why)
{
	struct series_report r;
	char *path, *text;
	int s, ret = EXIT_OK, introduced = 0, i;

	series_report_init(&r, se);
	r.stopped = stopped;
	r.stop_reason = why ? xstrdup(why) : NULL;
	for (s = 0; s < nrun; s++) {
		char *res_path = xasprintf("%s/%s/results.tsv", o->out, se->steps[s].num);
		char *mv_path = xasprintf("%s/%s/moves.tsv", o->out, se->steps[s].num);
		char *fl_path = xasprintf("%s/%s/failures.txt", o->out, se->steps[s].num);
		char *res = read_file(res_path, NULL), *mv = read_file(mv_path, NULL), *fl = read_file(fl_path, NULL);

		if (!res) {
			error("%s: %s (the step's run wrote no results)", res_path, strerror(errno));
			ret = EXIT_ERROR;
		} else if (series_report_add_step(&r, s, res, mv, fl, res_path)) {
			ret = EXIT_ERROR;
		}
		free(res);
		free(mv);
		free(fl);
		free(fl_path);
		free(res_path);
		free(mv_path);
	}
	if (!nrun)
		r.nsteps = 0;
	series_report_analyse(&r);
	for (i = 0; i < r.nspans; i++)
		introduced |= r.spans[i].first > 0;
	{
		const char *names[] = { "summary.txt", "series.tsv", "series.ktap", "series.html" };
		char *texts[4] = { series_summary_text(&r), series_tsv(&r), series_ktap(&r), series_html(&r) };
		char *paths[4];

		for (i = 0; i < 4; i++)
			paths[i] = xasprintf("%s/%s", o->out, names[i]);
		if (write_files_atomic(4, (const char *const *)paths, (const char *const *)texts))
			ret = EXIT_ERROR;
		fputs(texts[0], stdout);
		for (i = 0; i < 4; i++) {
			free(paths[i]);
			free(texts[i]);
		}
	}
	for (s = 0; s < r.nsteps; s++) {
		char *url = o->url ? xasprintf("%s#p%s", o->url, se->steps[s].num) :
				     xasprintf("file://%s/series.html#p%s", o->out, se->steps[s].num);

		path = xasprintf("%s/%s/review.json", o->out, se->steps[s].num);
		text = series_review_json(&r, s, url);
		if (write_file_atomic(path, text))
			ret = EXIT_ERROR;
		free(text);
		free(path);
		free(url);
	}
	printf("hdrtest series: %s/summary.txt, series.ktap, series.html; per patch NNNN/results.tsv and review.json\n",
	       o->out);
	series_report_free(&r);
	if (ret == EXIT_OK && (stopped >= 0))
		ret = EXIT_ERROR;
	if (ret == EXIT_OK && introduced)
		ret = EXIT_FAILED;
	return ret;
}

/* The last line of the step's report.txt and the step's wall time,
 * printed under its STEP line. */
static void print_step_tally(const char *dir, double start)
{
	char *path = xasprintf("%s/report.txt", dir), *text = read_file(path, NULL), *end, *line;

	if (text) {
		end = text + strlen(text);
		while (end > text && end[-1] == '\n')
			*--end = '\0';
		line = strrchr(text, '\n');
		printf("          %s (%.0f s)\n", line ? line + 1 : text, seconds_now() - start);
	}
	free(text);
	free(path);
}

/* One step: its tree, its OUT (from the step before's), its catalog, its
 * run.  0 done, 1 the step's tree cannot be made (the series stops
 * there), -1 after an error message. */
static int one_step(const struct series_opts *o, const struct series *se, int s, const struct step_env *env)
{
	const struct series_step *st = &se->steps[s];
	char *dir = xasprintf("%s/%s", o->out, st->num), *moves = xasprintf("%s/moves.tsv", dir), **paths = NULL;
	char *keep = NULL;
	struct scan_index *ix = NULL;
	double start = seconds_now();
	int ret = -1, rc, i;
	pid_t prep = -1;

	printf("  STEP    %s %s\n", st->num, st->subject);
	fflush(stdout);
	if (make_step_tree(o, se, s, env)) {
		ret = 1;
		goto out;
	}
	if (s > 0) {
		char *prev = xasprintf("%s/%s", o->out, se->steps[s - 1].num);

		rc = out_copy_all(prev, dir);
		free(prev);
		if (rc)
			goto out;
	} else if (mkdirs(dir)) {
		error("cannot create %s: %s", dir, strerror(errno));
		goto out;
	}
	prep = start_prepare(o, env->scratch, dir);
	ix = scan_tree(env->scratch);
	keep = xasprintf("%s/catalog", dir);
	if (!ix || step_catalog_write(o->cat, o->catalog_files, o->ncatalog_files, ix, env->catdir, keep, moves, &paths))
		goto out;
	/* its status is the run's to find again: a cell it could not
	 * prepare is prepared (and reported) by the run */
	if (prep > 0)
		wait_child(prep, "hdrtest run --prepare-only");
	prep = -1;
	rc = run_step(o, env->scratch, dir, paths, ix);
	if (rc < 0 || rc > 1) {
		error("the run of step %s failed (exit %d): see %s/run.log", st->num, rc, dir);
		goto out;
	}
	print_step_tally(dir, start);
	ret = 0;
out:
	if (prep > 0)
		wait_child(prep, "hdrtest run --prepare-only");
	for (i = 0; paths && i < o->ncatalog_files; i++)
		free(paths[i]);
	free(paths);
	scan_free(ix);
	free(keep);
	free(moves);
	free(dir);
	return ret;
}

int series_run(const struct series_opts *o)
{
	struct series se;
	char *id = NULL, *scratch = NULL, *why = NULL, *catdir = NULL;
	struct step_env env = { 0 };
	int s, nrun = 0, stopped = -1, ret = EXIT_ERROR, git_base = 0;
	char *dir = NULL;

	if (o->range ? series_from_git(o->tree, o->range, &se) : series_from_dir(o->patches, &se))
		return EXIT_ERROR;
	if (o->report_only) {
		/* the steps OUT holds, from the base on, until the first without results */
		for (nrun = 0; nrun < se.n; nrun++) {
			char *res = xasprintf("%s/%s/results.tsv", o->out, se.steps[nrun].num);
			struct stat st;
			int have = !stat(res, &st);

			free(res);
			if (!have)
				break;
		}
		ret = report(o, &se, nrun, nrun < se.n ? nrun : -1,
			     nrun < se.n ? "no results from here on in OUT (--report-only)" : NULL);
		goto out;
	}
	/* a format-patch --base series on a git tree starts at its base commit */
	git_base = !o->range && se.base_commit && is_git_tree(o->tree);
	if (mkdirs(o->out)) {
		error("cannot create %s: %s", o->out, strerror(errno));
		goto out;
	}
	/* the steps' runs lock their own OUTs, OUT/NNNN, not this one */
	if (lock_out(o->out, "hdrtest series"))
		goto out;
	/* the catalog the step's run reads: one path for every step */
	catdir = xasprintf("%s/catalog", o->out);
	id = scratch_id(o, o->range || git_base);
	dir = xasprintf("%s/series/%s", o->run.cache, id);
	scratch = xasprintf("%s/tree", dir);
	if (lock_scratch(scratch))
		goto out;
	env.dir = dir;
	env.scratch = scratch;
	env.id = id;
	env.catdir = catdir;
	env.git = o->range || git_base;
	printf("hdrtest series: %d patches on %s%s%s, in %s\n", se.n - 1, o->tree,
	       git_base ? " at base-commit " : "", git_base ? se.base_commit : "", scratch);
	for (s = 0; s < se.n; s++) {
		int rc = one_step(o, &se, s, &env);

		if (rc < 0)
			goto out;
		if (rc > 0) {
			stopped = s;
			why = xasprintf("%s does not apply (or cannot be checked out) on the tree of the steps before it",
					se.steps[s].patch ? se.steps[s].patch : se.steps[s].name);
			error("%s: the series stops here; the steps before it keep their results", why);
			/* no step from here on ran: an earlier run's results of them would mislead */
			for (; s < se.n; s++) {
				char *dir = xasprintf("%s/%s", o->out, se.steps[s].num);

				remove_tree(dir);
				free(dir);
			}
			break;
		}
		nrun = s + 1;
	}
	ret = report(o, &se, nrun, stopped, why);
out:
	free(why);
	free(catdir);
	free(id);
	free(scratch);
	free(dir);
	series_free(&se);
	return ret;
}

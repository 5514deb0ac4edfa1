// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix-consumers: from a finished run whose headers pull in a
 * forbidden header through a chain, cut the include where the chain
 * starts (each includer), prove the cut on the kernel objects of each
 * cell's built dir (fix/objproof.c), compile the consumers' TUs again,
 * and write the series: per cut, the edits its objects needed (one patch
 * per directory), then the cut.
 *
 *   setup:   the run's cells, the tree's scan, a scratch tree (symlinks)
 *   cuts:    fix/cuts.c, made in the scratch tree
 *   proof:   fix/objproof.c on each cell's built dir (OUT/CELL/built)
 *   again:   each consumer's TU against the scratch tree: still pulled in?
 *   output:  OUT/fix-consumers/{NNNN-*.patch,series,summary.txt,objects.tsv}
 */
#define _GNU_SOURCE
#include "fix/fix_consumers.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "fix/consumers.h"
#include "fix/fixer.h"
#include "judge/includes.h"
#include "judge/results.h"
#include "exec/pool.h"

#define OBJ_ROUNDS 5

/* Cut c made in the scratch tree; no cut (CUT_KEEP) when its #include
 * line is not where the scan saw it. */
static int make_cut(struct consumer_fixer *cf, struct cut *c)
{
	char *p = xasprintf("%s/%s", cf->srctree, c->inc.path), *text = read_file(p, NULL);
	char *cut = text ? cut_apply(cf->fx->ix, text, c) : NULL;
	int ret = 0;

	if (!cut) {
		c->kind = CUT_KEEP;
		c->stays_for = xasprintf("%s: no line '#include <%s>' to cut", p, c->inc.forbidden);
	} else {
		ret = scratch_write(cf, c->inc.path, cut);
	}
	free(p);
	free(text);
	free(cut);
	return ret ? -1 : 0;
}

/* A cut for each includer of the run's chains (fix/chains.c), made in
 * the scratch tree. */
static int make_cuts(struct consumer_fixer *cf)
{
	struct includer *inc;
	int ninc = find_includers(cf->fx, &inc), i;

	cf->cuts = xcalloc(ninc ? ninc : 1, sizeof(*cf->cuts));
	for (i = 0; i < ninc; i++)
		cut_choose(cf, &inc[i], &cf->cuts[cf->ncuts++]);
	includers_free(inc, ninc);
	cf->scratch = xasprintf("%s/tree", cf->fx->dir);
	if (ninc && scratch_make(cf->srctree, cf->scratch))
		return -1;
	for (i = 0; i < cf->ncuts; i++)
		if (cf->cuts[i].kind != CUT_KEEP && make_cut(cf, &cf->cuts[i]))
			return -1;
	return 0;
}

/* The cuts proven on each cell's built dir (or why a cell has none); a
 * cut is kept when it breaks no object, on every cell it is on a chain
 * in: a cell without a built dir proves nothing. */
static int prove_cuts(struct consumer_fixer *cf, int jobs)
{
	struct fixer *fx = cf->fx;
	int i, j;

	if (load_built_dirs(cf) < 0)
		return -1;
	if (prove_on_objects(cf, OBJ_ROUNDS, jobs))
		return -1;
	for (i = 0; i < cf->ncuts; i++) {
		struct cut *c = &cf->cuts[i];
		int proven = 1;

		for (j = 0; j < fx->ncells; j++)
			if (word_listed(c->inc.cells, fx->cells[j]) && !cf->objs[j])
				proven = 0;
		c->kept = c->kind != CUT_KEEP && !c->broken && proven;
	}
	return 0;
}

/* dir/compile.sh: the command of cell c, on the scratch tree; its path
 * (allocated), or NULL after an error message. */
static char *scratch_script(const struct consumer_fixer *cf, const struct cell_result *c, const char *dir)
{
	char *path = xasprintf("%s/compile.sh", c->dir), *text = read_file(path, NULL), *mine = NULL;
	size_t sl = strlen(cf->srctree);
	const char *p, *hit;
	struct strbuf sb;

	if (!text)
		error("cannot read %s: %s", path, strerror(errno));
	else if (mkdirs(dir))
		error("cannot create %s: %s", dir, strerror(errno));
	else
		mine = xasprintf("%s/compile.sh", dir);
	sb_init(&sb);
	for (p = text; mine && (hit = strstr(p, cf->srctree)); p = hit + sl) {
		sb_addn(&sb, p, hit - p);
		sb_add(&sb, cf->scratch);
	}
	if (mine) {
		sb_add(&sb, p);
		if (write_file_atomic(mine, sb.buf) < 0) {
			free(mine);
			mine = NULL;
		}
	}
	sb_release(&sb);
	free(text);
	free(path);
	return mine;
}

/* Consumer h's TU of cell ci compiled again in dir with script (the
 * cell's command on the scratch tree): in cut's freed when its forbidden
 * header no longer comes in, else in still with its next chain. */
static int again_tu(struct consumer_fixer *cf, int ci, struct cut *cut, const char *h, const char *dir,
		    const char *script)
{
	const struct fixer *fx = cf->fx;
	const struct tu_result *t = tu_named(fx->orig[ci], h);
	char *src, *tu, *tuc, *log, *raw, *chain, *n, *slash;
	char *argv[] = { "sh", (char *)script, NULL, NULL };
	struct include_tree tree;
	struct pool *pool;
	struct pool_job job = { 0 };

	if (!t)
		return 0;
	src = xasprintf("%s/%s.c", fx->orig[ci]->dir, t->stem);
	tu = xasprintf("%s/%s", dir, t->stem);
	tuc = xasprintf("%s.c", tu);
	log = xasprintf("%s.log", tu);
	raw = read_file(src, NULL);
	slash = strrchr(tuc, '/');
	*slash = '\0';
	mkdirs(tuc);
	*slash = '/';
	if (!raw || write_file_atomic(tuc, raw) < 0)
		return error("cannot copy %s to %s", src, tuc);
	free(raw);
	argv[2] = tu;
	job.argv = argv;
	job.log = log;
	pool = pool_new(NULL);
	pool_add(pool, &job, NULL, NULL);
	pool_run(pool);
	pool_free(pool);
	raw = read_file(log, NULL);
	free(include_tree_parse(raw ? raw : "", &tree));
	chain = include_chain(&tree, cut->inc.forbidden);
	if (!chain) {
		n = xasprintf("%s%s%s (%s)", cut->freed, *cut->freed ? ", " : "", h, fx->cells[ci]);
		free(cut->freed);
		cut->freed = n;
	} else {
		n = xasprintf("%s    %s (%s): %s\n", cut->still, h, fx->cells[ci], chain);
		free(cut->still);
		cut->still = n;
	}
	free(chain);
	include_tree_free(&tree);
	free(raw);
	free(src);
	free(tu);
	free(tuc);
	free(log);
	return 0;
}

/* Whether a kept cut is on cell: the cells without one may have no TUs
 * at all (a config the arch cannot have is a skip). */
static int kept_cut_on(const struct consumer_fixer *cf, const char *cell)
{
	int i;

	for (i = 0; i < cf->ncuts; i++)
		if (cf->cuts[i].kept && word_listed(cf->cuts[i].inc.cells, cell))
			return 1;
	return 0;
}

/* Each consumer of each kept cut: its TU compiled again on the cells of
 * the cut, against the scratch tree; freed, or its next chain. */
static int consumers_again(struct consumer_fixer *cf)
{
	struct fixer *fx = cf->fx;
	int ci, i, ret = 0;

	for (ci = 0; ci < fx->ncells && !ret; ci++) {
		char *dir, *script;

		if (!kept_cut_on(cf, fx->cells[ci]))
			continue;
		dir = xasprintf("%s/fix-consumers/again/%s", fx->out, fx->cells[ci]);
		script = scratch_script(cf, fx->orig[ci], dir);
		ret = script ? 0 : -1;
		for (i = 0; !ret && i < cf->ncuts; i++) {
			struct cut *cut = &cf->cuts[i];
			char *list = xstrdup(cut->inc.consumers), *save, *h;

			if (cut->kept && word_listed(cut->inc.cells, fx->cells[ci]))
				for (h = strtok_r(list, " ", &save); h && !ret; h = strtok_r(NULL, " ", &save))
					ret = again_tu(cf, ci, cut, h, dir, script);
			free(list);
		}
		free(script);
		free(dir);
	}
	return ret;
}

/* What summary.txt says of cut c, below the table. */
static void say_cut(struct strbuf *sum, const struct cut *c)
{
	int j;

	sb_addf(sum, "\n%s:%d includes %s\n    on the way from: %s\n    in: %s\n", c->inc.path, c->inc.line,
		c->inc.forbidden, c->inc.consumers, c->inc.cells);
	if (c->kind == CUT_KEEP) {
		sb_addf(sum, "    no cut: needs a move: %s (defined only in %s or headers that include it)\n",
			c->stays_for, c->inc.forbidden);
	} else if (!c->kept && c->broken) {
		sb_addf(sum, "    cut not kept: %d objects still break:\n", c->broken);
		for (j = 0; j < c->nreasons; j++)
			sb_addf(sum, "      %d objects: %s\n        (%s%s)\n", c->reasons[j].count, c->reasons[j].why,
				c->reasons[j].examples, c->reasons[j].count > 3 ? ", ..." : "");
	} else if (!c->kept) {
		sb_addf(sum, "    cut not kept: not proven on objects on every cell it is on (see the built dir lines)\n");
	} else {
		sb_addf(sum, "    cut kept: %d objects compiled, %d needed an edit\n", c->compiled, c->needed);
	}
	if (*c->still)
		sb_addf(sum, "    still pulled in:\n%s", c->still);
}

/* How to apply the series, as make fix says it. */
static void say_apply(struct strbuf *sum, const struct consumer_fixer *cf, const struct strbuf *series)
{
	char *text = xstrdup(series->buf), *cur = text, *line, **names = NULL;
	int n = 0;

	while ((line = next_line(&cur)))
		*(char **)push(&names, &n, sizeof(char *)) = line;
	apply_line(sum, cf->srctree, cf->fx->dir, names, n, "series");
	free(names);
	free(text);
}

/* summary.txt: deterministic (times to the terminal only). */
static void summary_text(const struct consumer_fixer *cf, const struct strbuf *series, struct strbuf *sum)
{
	static const char *const kinds[] = { "remove", "replace", "no cut" };
	const struct fixer *fx = cf->fx;
	int i;

	sb_addf(sum, "hdrtest fix-consumers: %d cells, %d headers on a chain to a forbidden header, "
		"%d rounds of proof on objects, %d object compiles\n\n", fx->ncells, cf->ncuts, cf->rounds,
		cf->compiled);
	for (i = 0; i < fx->ncells; i++)
		if (cf->skip[i])
			sb_addf(sum, "%s: no proof on objects: %s\n", fx->cells[i], cf->skip[i]);
		else
			built_dir_line(sum, fx->cells[i], cf->objs[i]);
	sb_add(sum, "(every object of a built dir whose recorded dependencies, kbuild's own list of what the "
	       "compiler read, name a cut or edited header: no other object can see the edit)\n");
	sb_addf(sum, "\n%-40s %-8s %-9s %-8s %-7s %s\n", "header", "cut", "objects", "needed", "broken",
		"consumers freed");
	for (i = 0; i < cf->ncuts; i++) {
		const struct cut *c = &cf->cuts[i];

		sb_addf(sum, "%-40s %-8s %-9d %-8d %-7d %s\n", c->inc.path, kinds[c->kind], c->compiled, c->needed,
			c->broken, *c->freed ? c->freed : "-");
	}
	for (i = 0; i < cf->ncuts; i++)
		say_cut(sum, &cf->cuts[i]);
	if (series->len)
		say_apply(sum, cf, series);
}

/* OUT/fix-consumers/name, text. */
static int write_out(const struct fixer *fx, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", fx->dir, name);
	int ret = write_file_atomic(path, text);

	free(path);
	return ret < 0 ? -1 : 0;
}

/* The summary printed, and the files. */
static int write_report(struct consumer_fixer *cf, const struct strbuf *series)
{
	struct strbuf sum;
	int ret;

	sb_init(&sum);
	summary_text(cf, series, &sum);
	printf("hdrtest fix-consumers: proof on objects took %.1f s\n\n", cf->seconds);
	fputs(sum.buf, stdout);
	ret = write_out(cf->fx, "summary.txt", sum.buf) ||
	      write_out(cf->fx, "series", series->len ? series->buf : "") ||
	      write_out(cf->fx, "objects.tsv", cf->objects_tsv.len ? cf->objects_tsv.buf : "") ? -1 : 0;
	sb_release(&sum);
	return ret;
}

/* Whether a cut is not kept. */
static int cut_left(const struct consumer_fixer *cf)
{
	int i;

	for (i = 0; i < cf->ncuts; i++)
		if (!cf->cuts[i].kept)
			return 1;
	return 0;
}

int fix_consumers_all(const struct fix_consumers_opts *o)
{
	struct fixer fx = { 0 };
	struct consumer_fixer cf = { 0 };
	struct strbuf series;
	int ret = -1;

	sb_init(&series);
	if (fixer_open(&fx, o->out, "fix-consumers", o->cells, o->ncells, o->signoff))
		goto out;
	cf.fx = &fx;
	cf.syntax_only = o->syntax_only;
	cf.srctree = fx.orig[0]->srctree;
	sb_init(&cf.objects_tsv);
	if (make_cuts(&cf) || prove_cuts(&cf, o->jobs) || consumers_again(&cf))
		goto out;
	if (write_cut_series(&cf, &series) || write_report(&cf, &series))
		goto out;
	ret = cut_left(&cf);
out:
	sb_release(&series);
	consumer_fixer_release(&cf);
	fixer_close(&fx);
	return ret;
}

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
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/process.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "exec/pool.h"
#include "fix/consumers.h"
#include "fix/fixer.h"
#include "judge/includes.h"
#include "judge/results.h"
#include "scan/scan.h"

#define OBJ_ROUNDS 5

/* Each consumer of each kept cut: its TU compiled again on the cells of
 * the cut, against the scratch tree; freed, or its next chain. */
static int consumers_again(struct consumer_fixer *cf)
{
	struct fixer *fx = cf->fx;
	int ci, i;

	for (ci = 0; ci < fx->ncells; ci++) {
		const struct cell_result *c = fx->orig[ci];
		char *script, *text, *dir, *myscript;
		struct strbuf sb;
		const char *p, *hit;
		int on = 0;

		/* only the cells a kept cut is on: another may have no TUs
		 * at all (a config the arch cannot have is a skip) */
		for (i = 0; i < cf->ncuts; i++)
			on |= cf->cuts[i].kept && word_listed(cf->cuts[i].inc.cells, fx->cells[ci]);
		if (!on)
			continue;
		script = xasprintf("%s/compile.sh", c->dir);
		text = read_file(script, NULL);
		dir = xasprintf("%s/fix-consumers/again/%s", fx->out, fx->cells[ci]);
		myscript = xasprintf("%s/compile.sh", dir);
		if (!text)
			return error("cannot read %s: %s", script, strerror(errno));
		if (mkdirs(dir))
			return error("cannot create %s: %s", dir, strerror(errno));
		/* the cell's command, on the scratch tree */
		sb_init(&sb);
		for (p = text; (hit = strstr(p, cf->srctree)); p = hit + strlen(cf->srctree)) {
			sb_addn(&sb, p, hit - p);
			sb_add(&sb, cf->scratch);
		}
		sb_add(&sb, p);
		if (write_file_atomic(myscript, sb.buf) < 0)
			return -1;
		sb_release(&sb);
		for (i = 0; i < cf->ncuts; i++) {
			struct cut *cut = &cf->cuts[i];
			char *list = xstrdup(cut->inc.consumers), *save, *h;

			if (!cut->kept || !word_listed(cut->inc.cells, fx->cells[ci]))
				goto next_cut;
			for (h = strtok_r(list, " ", &save); h; h = strtok_r(NULL, " ", &save)) {
				const struct tu_result *t = tu_named(c, h);
				char *src, *tu, *tuc, *log, *raw, *chain, *n, *slash;
				struct include_tree tree;
				char *argv[] = { "sh", myscript, NULL, NULL };
				struct pool *pool;
				struct pool_job job = { 0 };

				if (!t)
					continue;
				src = xasprintf("%s/%s.c", c->dir, t->stem);
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
					n = xasprintf("%s%s%s (%s)", cut->freed, *cut->freed ? ", " : "", h,
						      fx->cells[ci]);
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
			}
next_cut:
			free(list);
		}
		free(script);
		free(text);
		free(dir);
		free(myscript);
	}
	return 0;
}

/* "x86/cacheflush" style prefix: the file's own history's in a git
 * tree, else its path's (arch/X/... -> X, else its directory). */
static char *prefix_of(const struct consumer_fixer *cf, const char *path)
{
	char *p = subject_prefix(cf->srctree, path), *slash;

	if (p)
		return p;
	if (starts_with(path, "arch/") && (slash = strchr(path + 5, '/')))
		return xasprintf("%.*s", (int)(slash - path - 5), path + 5);
	if (starts_with(path, "include/") && (p = scan_include_name(path)))
		return p;
	slash = strrchr(path, '/');
	return slash ? xstrndup(path, slash - path) : xstrdup(path);
}

static int patch_of_edits(struct consumer_fixer *cf, int cut, const char *dir, int no, int total,
			  struct strbuf *series)
{
	struct fixer *fx = cf->fx;
	const struct cut *c = &cf->cuts[cut];
	char **rels = NULL, **origs = NULL, **patched = NULL, **paras = NULL, *subject, *prefix, *name = NULL;
	int n = 0, np = 0, i, rc;
	char *first = NULL;

	for (i = 0; i < cf->nedits; i++) {
		const struct obj_edit *ed = &cf->edits[i];
		char *d = xstrndup(ed->path, strrchr(ed->path, '/') ? strrchr(ed->path, '/') - ed->path : 0);
		char *desc;

		if (ed->cut == cut && !strcmp(d, dir) && ed->applied) {
			if (!first)
				first = ed->path;
			rels = xrealloc(rels, (n + 1) * sizeof(char *));
			origs = xrealloc(origs, (n + 1) * sizeof(char *));
			patched = xrealloc(patched, (n + 1) * sizeof(char *));
			rels[n] = ed->path;
			origs[n] = xasprintf("%s/%s", cf->srctree, ed->path);
			patched[n++] = xasprintf("%s/%s", cf->scratch, ed->path);
			desc = fix_describe(ed->cands, ed->ncands);
			*(char **)push(&paras, &np, sizeof(char *)) =
				xasprintf("%s: %s. It got %s only through %s, which includes %s; a later patch "
					  "of this series removes that include.",
					  ed->path, desc, ed->ncands > 1 ? "them" : "it", c->include_name,
					  c->inc.forbidden);
			free(desc);
		}
		free(d);
	}
	prefix = prefix_of(cf, first);
	subject = xasprintf("%s: include what %s no longer pulls in", prefix, c->include_name);
	*(char **)push(&paras, &np, sizeof(char *)) =
		xasprintf("Proven by hdrtest on %s: each object that needed this (kbuild's own command, on "
			  "the tree with the cut) compiles without a new error or warning.", c->inc.cells);
	rc = write_mail(fx, fx->dir, no, total, subject, paras, np, rels, origs, patched, n,
			series, &name);
	for (i = 0; i < n; i++) {
		free(origs[i]);
		free(patched[i]);
	}
	for (i = 0; i < np; i++)
		free(paras[i]);
	free(rels);
	free(origs);
	free(patched);
	free(paras);
	free(prefix);
	free(subject);
	free(name);
	return rc;
}

static int patch_of_cut(struct consumer_fixer *cf, int cut, int no, int total, struct strbuf *series)
{
	struct cut *c = &cf->cuts[cut];
	char *rel = c->inc.path, *orig = xasprintf("%s/%s", cf->srctree, rel);
	char *patched = xasprintf("%s/%s", cf->scratch, rel), *prefix = prefix_of(cf, rel), *subject;
	char *paras[5], *desc, *name = NULL, *scope = NULL;
	int np = 0, rc, i;

	if (c->kind == CUT_REMOVE) {
		subject = xasprintf("%s: remove the include of %s", prefix, c->inc.forbidden);
		paras[np++] = xasprintf("%s's own text uses nothing that %s defines, yet its include of it pulls "
					"%s into every file that includes %s: %s on %s.",
					c->include_name, c->inc.forbidden, c->inc.forbidden, c->include_name,
					c->inc.consumers, c->inc.cells);
	} else {
		desc = fix_describe(c->cands, c->ncands);
		subject = xasprintf("%s: include slimmer headers than %s", prefix, c->inc.forbidden);
		paras[np++] = xasprintf("%s includes %s, which pulls it into every file that includes %s: %s on "
					"%s. What its own text uses from it is defined in lighter headers: %s.",
					c->include_name, c->inc.forbidden, c->include_name, c->inc.consumers,
					c->inc.cells, desc);
		free(desc);
	}
	/* a built dir of some targets only proves those: say which */
	for (i = 0; i < cf->fx->ncells; i++) {
		char *t = cf->objs[i] && word_listed(c->inc.cells, cf->fx->cells[i]) ? built_targets(cf->objs[i]) : NULL;

		if (t && strcmp(t, "all")) {
			char *s = xasprintf("%s%s'make %s' on %s", scope ? scope : "", scope ? ", " : "", t,
					    cf->fx->cells[i]);

			free(scope);
			scope = s;
		}
		free(t);
	}
	paras[np++] = xasprintf("Proven by hdrtest on %s: all %d objects whose recorded dependencies name %s "
				"compiled again with this change%s%s%s; %d needed an include of their own (the "
				"patches before this one).",
				c->inc.cells, c->compiled, c->include_name, scope ? " (of those built by " : "",
				scope ? scope : "", scope ? ", not the whole kernel)" : "", c->needed);
	free(scope);
	if (*c->freed)
		paras[np++] = xasprintf("%s no longer pulled in by: %s.", c->inc.forbidden, c->freed);
	if (*c->still) {
		/* the first consumer's chain: where the header comes in now */
		const char *l = c->still + strspn(c->still, " ");

		paras[np++] = xasprintf("%s still comes in through another header for %s (the next cut): %.*s.",
					c->inc.forbidden, *c->freed ? "the others" : "them all",
					(int)strcspn(l, "\n"), l);
	}
	rc = write_mail(cf->fx, cf->fx->dir, no, total, subject, paras, np, &rel, &orig, &patched, 1, series,
			&name);
	while (np)
		free(paras[--np]);
	free(orig);
	free(patched);
	free(prefix);
	free(subject);
	free(name);
	return rc;
}

/* The directories of cut's edits, sorted, each once. */
static int edit_dirs(const struct consumer_fixer *cf, int cut, char ***dirs)
{
	int n = 0, i;

	*dirs = NULL;
	for (i = 0; i < cf->nedits; i++) {
		const struct obj_edit *ed = &cf->edits[i];
		const char *slash = strrchr(ed->path, '/');
		char *d = xstrndup(ed->path, slash ? slash - ed->path : 0);

		if (ed->cut != cut || !ed->applied || str_listed(*dirs, n, d)) {
			free(d);
			continue;
		}
		*(char **)push(dirs, &n, sizeof(char *)) = d;
	}
	if (n)
		qsort(*dirs, n, sizeof(char *), cmp_strings);
	return n;
}

static const char *out, *jobs, *signoff, *syntax_only;

static const struct cmd_option options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the finished run, with OUTDIR/CELL/built" },
	{ "jobs", "N", &jobs, "2", 0, "compile N objects at once" },
	{ "signoff", NULL, &signoff, NULL, 0, "add your Signed-off-by (git config user.name/email)" },
	{ "syntax-only", NULL, &syntax_only, NULL, 0, "only -fsyntax-only for C sources (make bench-objects)" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_fix_consumers(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), i, j, nj, total = 0, no = 0, ret = EXIT_OK;
	struct fixer fx = { 0 };
	struct consumer_fixer cf = { 0 };
	struct includer *inc;
	int ninc;
	struct strbuf sum, series;
	char *path, ***cut_dirs;
	int *ncut_dirs;

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	nj = atoi(jobs) > 0 ? atoi(jobs) : 1;
	if (fixer_open(&fx, out, "fix-consumers", argv + first, argc - first, signoff != NULL)) {
		fixer_close(&fx);
		return EXIT_ERROR;
	}
	cf.fx = &fx;
	cf.syntax_only = syntax_only != NULL;
	cf.srctree = fx.orig[0]->srctree;
	sb_init(&cf.objects_tsv);
	ninc = find_includers(&fx, &inc);
	cf.cuts = xcalloc(ninc ? ninc : 1, sizeof(*cf.cuts));
	for (i = 0; i < ninc; i++)
		cut_choose(&cf, &inc[i], &cf.cuts[cf.ncuts++]);
	includers_free(inc, ninc);

	/* the cuts, in the scratch tree */
	cf.scratch = xasprintf("%s/tree", fx.dir);
	if (ninc && scratch_make(cf.srctree, cf.scratch))
		return EXIT_ERROR;
	for (i = 0; i < cf.ncuts; i++) {
		struct cut *c = &cf.cuts[i];
		char *p, *text, *cut;

		if (c->kind == CUT_KEEP)
			continue;
		p = xasprintf("%s/%s", cf.srctree, c->inc.path);
		text = read_file(p, NULL);
		cut = text ? cut_apply(fx.ix, text, c) : NULL;
		if (!cut) {
			c->kind = CUT_KEEP;
			c->stays_for = xasprintf("%s: no line '#include <%s>' to cut", p, c->inc.forbidden);
		} else if (scratch_write(&cf, c->inc.path, cut)) {
			return EXIT_ERROR;
		}
		free(p);
		free(text);
		free(cut);
	}

	/* the proof on each cell's built dir */
	cf.objs = xcalloc(fx.ncells, sizeof(*cf.objs));
	cf.skip = xcalloc(fx.ncells, sizeof(*cf.skip));
	for (i = 0; i < fx.ncells; i++) {
		char *dir = cell_built_dir(fx.out, fx.cells[i], &cf.skip[i]);

		if (dir && !(cf.objs[i] = objects_load(dir, cf.srctree)))
			return EXIT_ERROR;
		free(dir);
	}
	if (prove_on_objects(&cf, OBJ_ROUNDS, nj))
		return EXIT_ERROR;
	for (i = 0; i < cf.ncuts; i++) {
		struct cut *c = &cf.cuts[i];
		int proven = 1;

		/* on every cell it is on a chain in: a cell without a built dir
		 * proves nothing */
		for (j = 0; j < fx.ncells; j++)
			if (word_listed(c->inc.cells, fx.cells[j]) && !cf.objs[j])
				proven = 0;
		c->kept = c->kind != CUT_KEEP && !c->broken && proven;
	}
	if (consumers_again(&cf))
		return EXIT_ERROR;

	/* the series: per kept cut, its edits' patches (a directory each),
	 * then the cut; the directories found once, counted for [PATCH k/n] */
	sb_init(&series);
	cut_dirs = xcalloc(cf.ncuts ? cf.ncuts : 1, sizeof(*cut_dirs));
	ncut_dirs = xcalloc(cf.ncuts ? cf.ncuts : 1, sizeof(int));
	for (i = 0; i < cf.ncuts; i++)
		if (cf.cuts[i].kept) {
			ncut_dirs[i] = edit_dirs(&cf, i, &cut_dirs[i]);
			total += ncut_dirs[i] + 1;
		}
	for (i = 0; i < cf.ncuts; i++) {
		if (!cf.cuts[i].kept)
			continue;
		for (j = 0; j < ncut_dirs[i]; j++)
			if (patch_of_edits(&cf, i, cut_dirs[i][j], ++no, total, &series))
				return EXIT_ERROR;
		if (patch_of_cut(&cf, i, ++no, total, &series))
			return EXIT_ERROR;
	}
	for (i = 0; i < cf.ncuts; i++) {
		for (j = 0; j < ncut_dirs[i]; j++)
			free(cut_dirs[i][j]);
		free(cut_dirs[i]);
	}
	free(cut_dirs);
	free(ncut_dirs);

	/* the summary: deterministic (times to the terminal only) */
	sb_init(&sum);
	sb_addf(&sum, "hdrtest fix-consumers: %d cells, %d headers on a chain to a forbidden header, "
		"%d rounds of proof on objects, %d object compiles\n\n", fx.ncells, cf.ncuts, cf.rounds, cf.compiled);
	for (i = 0; i < fx.ncells; i++)
		if (cf.skip[i])
			sb_addf(&sum, "%s: no proof on objects: %s\n", fx.cells[i], cf.skip[i]);
		else
			built_dir_line(&sum, fx.cells[i], cf.objs[i]);
	sb_add(&sum, "(every object of a built dir whose recorded dependencies, kbuild's own list of what the "
	       "compiler read, name a cut or edited header: no other object can see the edit)\n");
	sb_addf(&sum, "\n%-40s %-8s %-9s %-8s %-7s %s\n", "header", "cut", "objects", "needed", "broken",
		"consumers freed");
	for (i = 0; i < cf.ncuts; i++) {
		const struct cut *c = &cf.cuts[i];
		static const char *const kinds[] = { "remove", "replace", "no cut" };

		sb_addf(&sum, "%-40s %-8s %-9d %-8d %-7d %s\n", c->inc.path, kinds[c->kind], c->compiled, c->needed,
			c->broken, *c->freed ? c->freed : "-");
	}
	for (i = 0; i < cf.ncuts; i++) {
		const struct cut *c = &cf.cuts[i];

		sb_addf(&sum, "\n%s:%d includes %s\n    on the way from: %s\n    in: %s\n", c->inc.path, c->inc.line,
			c->inc.forbidden, c->inc.consumers, c->inc.cells);
		if (c->kind == CUT_KEEP)
			sb_addf(&sum, "    no cut: needs a move: %s (defined only in %s or headers that include it)\n",
				c->stays_for, c->inc.forbidden);
		else if (!c->kept && c->broken)
		{
			sb_addf(&sum, "    cut not kept: %d objects still break:\n", c->broken);
			for (j = 0; j < c->nreasons; j++)
				sb_addf(&sum, "      %d objects: %s\n        (%s%s)\n", c->reasons[j].count, c->reasons[j].why,
					c->reasons[j].examples, c->reasons[j].count > 3 ? ", ..." : "");
		}
		else if (!c->kept)
			sb_addf(&sum, "    cut not kept: not proven on objects on every cell it is on (see the built dir lines)\n");
		else
			sb_addf(&sum, "    cut kept: %d objects compiled, %d needed an edit\n", c->compiled, c->needed);
		if (*c->still)
			sb_addf(&sum, "    still pulled in:\n%s", c->still);
	}
	if (series.len) {
		/* as make fix says it: git am in a git tree, else patch -p1 */
		char *git = xasprintf("%s/.git", cf.srctree), *names = xstrdup(series.buf), *n, *save;
		int is_git = !access(git, F_OK);

		sb_addf(&sum, "\nApply with: cd %s && %s", cf.srctree, is_git ? "git am" : "cat");
		for (n = strtok_r(names, "\n", &save); n; n = strtok_r(NULL, "\n", &save))
			sb_addf(&sum, " %s/%s", fx.dir, n);
		sb_add(&sum, is_git ? "\n" : " | patch -p1\n");
		free(names);
		free(git);
	}
	printf("hdrtest fix-consumers: proof on objects took %.1f s\n\n", cf.seconds);
	fputs(sum.buf, stdout);
	path = xasprintf("%s/summary.txt", fx.dir);
	if (write_file_atomic(path, sum.buf) < 0)
		return EXIT_ERROR;
	free(path);
	path = xasprintf("%s/series", fx.dir);
	if (write_file_atomic(path, series.len ? series.buf : "") < 0)
		return EXIT_ERROR;
	free(path);
	path = xasprintf("%s/objects.tsv", fx.dir);
	if (write_file_atomic(path, cf.objects_tsv.len ? cf.objects_tsv.buf : "") < 0)
		return EXIT_ERROR;
	free(path);
	for (i = 0; i < cf.ncuts; i++)
		if (!cf.cuts[i].kept)
			ret = EXIT_FAILED;
	sb_release(&sum);
	sb_release(&series);
	consumer_fixer_release(&cf);
	fixer_close(&fx);
	return ret;
}

const struct command cmd_fix_consumers = {
	"fix-consumers", "cut a forbidden include where the chains start, proven on kernel objects",
	options, "ARCH/CONFIG...",
	run_fix_consumers,
};

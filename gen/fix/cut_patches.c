// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix-consumers' series: per kept cut, the edits its objects
 * needed (one patch per directory), then the cut itself.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fix/consumers.h"
#include "fix/fixer.h"
#include "scan/scan.h"

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

/* A built dir of some targets only proves those: which, on the cells
 * of c ("'make mm/ lib/' on x86_64/defconfig, ..."), or NULL when every
 * one built all. */
static char *built_scope(const struct consumer_fixer *cf, const struct cut *c)
{
	char *scope = NULL;
	int i;

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
	return scope;
}

static int patch_of_cut(struct consumer_fixer *cf, int cut, int no, int total, struct strbuf *series)
{
	struct cut *c = &cf->cuts[cut];
	char *rel = c->inc.path, *orig = xasprintf("%s/%s", cf->srctree, rel);
	char *patched = xasprintf("%s/%s", cf->scratch, rel), *prefix = prefix_of(cf, rel), *subject;
	char *paras[5], *desc, *name = NULL, *scope;
	int np = 0, rc;

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
	scope = built_scope(cf, c);
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

int write_cut_series(struct consumer_fixer *cf, struct strbuf *series)
{
	int n = cf->ncuts ? cf->ncuts : 1, total = 0, no = 0, i, j, ret = 0;
	char ***dirs = xcalloc(n, sizeof(*dirs));
	int *ndirs = xcalloc(n, sizeof(int));

	/* the directories found once, counted for [PATCH k/n] */
	for (i = 0; i < cf->ncuts; i++)
		if (cf->cuts[i].kept) {
			ndirs[i] = edit_dirs(cf, i, &dirs[i]);
			total += ndirs[i] + 1;
		}
	for (i = 0; i < cf->ncuts && !ret; i++) {
		if (!cf->cuts[i].kept)
			continue;
		for (j = 0; j < ndirs[i] && !ret; j++)
			ret = patch_of_edits(cf, i, dirs[i][j], ++no, total, series);
		if (!ret)
			ret = patch_of_cut(cf, i, ++no, total, series);
	}
	for (i = 0; i < cf->ncuts; i++) {
		for (j = 0; j < ndirs[i]; j++)
			free(dirs[i][j]);
		free(dirs[i]);
	}
	free(dirs);
	free(ndirs);
	return ret ? -1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The plan: which cells this run has, and for each one everything the
 * stages after it need, so that the catalog is read once per run.
 *
 * A plan also names what a prepared build dir depends on outside the
 * catalog, the tree's identity and the compiler's file, in cheap form (no
 * process is started): when either changes, the plan changes and make
 * runs the prepare step again, which then computes the full cache key.
 */
#include "plan/plan.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/process.h"
#include "base/util.h"

/* The selected names in the order given, "all" being every name in
 * catalog order, each once: the cells (and so the report) follow it. */
static int expand(char **words, int nwords, char **all, int nall, const char ***out)
{
	const char **names = NULL;
	int n = 0, i, j, k;

	for (i = 0; i < nwords; i++) {
		int every = !strcmp(words[i], "all");

		for (j = 0; j < (every ? nall : 1); j++) {
			const char *name = every ? all[j] : words[i];

			for (k = 0; k < n && strcmp(names[k], name); k++)
				;
			if (k == n)
				*(const char **)push(&names, &n, sizeof(char *)) = name;
		}
	}
	*out = names;
	return n;
}

/* Every word of a selection must be "all" or one of the names; what is
 * not says which names there are, and where they come from. */
static int check_names(char **words, int nwords, char **names, int nnames, const char *what,
		       const char *table)
{
	int i, j, bad = 0;

	for (i = 0; i < nwords; i++) {
		struct strbuf sb;

		for (j = 0; j < nnames && strcmp(words[i], names[j]); j++)
			;
		if (j < nnames || !strcmp(words[i], "all"))
			continue;
		sb_init(&sb);
		for (j = 0; j < nnames; j++)
			sb_addf(&sb, " %s", names[j]);
		error("unknown %s '%s': %s has:%s", what, words[i], table, sb.buf ? sb.buf : "");
		sb_release(&sb);
		bad = 1;
	}
	return bad ? -1 : 0;
}

/* A value that a quote or a line break would cut short, or a control
 * character hide, cannot be written as name='value'. */
static int quotable(const char *value)
{
	const unsigned char *p;

	for (p = (const unsigned char *)value; p && *p; p++)
		if (*p == '\'' || *p < 0x20 || *p == 0x7f)
			return 0;
	return 1;
}

/* name='value', which the prepare script and plan_read() read back.  Every
 * value is checked here, whatever its source (the catalog, the command
 * line, the tree, PATH); *bad is set after an error naming it. */
static void put(struct strbuf *sb, const char *name, const char *value, int *bad)
{
	if (!quotable(value)) {
		error("the plan's %s '%s' holds a quote or a control character: it cannot be passed to the "
		      "prepare script", name, value);
		*bad = 1;
		return;
	}
	sb_addf(sb, "%s='%s'\n", name, value ? value : "");
}

/* Text from outside (a stamp file's line, a path found in PATH) as an
 * identity: compared, never used, so a quote, a backslash, a control
 * character or a non-ASCII byte is written as \xNN rather than refused. */
static void add_identity(struct strbuf *sb, const char *text)
{
	const unsigned char *p;

	for (p = (const unsigned char *)text; *p; p++) {
		if (*p == '\'' || *p == '\\' || *p < 0x20 || *p >= 0x7f)
			sb_addf(sb, "\\x%02x", *p);
		else
			sb_addc(sb, (char)*p);
	}
}

/* The tree's identity: the series stamp of a prepared default tree, else
 * git's HEAD and index, else the top Makefile; file times, not contents,
 * so that nothing here runs git. */
static void tree_identity(struct strbuf *sb, const char *tree)
{
	const char *git_files[] = { ".git/HEAD", ".git/index", "Makefile" };
	struct dirent *de;
	struct stat st;
	char **stamps = NULL;
	int n = 0, i;
	DIR *d = opendir(tree);

	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.' && ends_with(de->d_name, ".applied"))
			*(char **)push(&stamps, &n, sizeof(char *)) = xstrdup(de->d_name);
	}
	if (d)
		closedir(d);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", tree, stamps[i]);
		/* one stamp per applied series: its first line names it */
		char *text = read_first_line(p);

		if (i)
			sb_addc(sb, ' ');
		add_identity(sb, text ? text : stamps[i]);
		free(text);
		free(p);
		free(stamps[i]);
	}
	free(stamps);
	if (n)
		return;
	for (i = 0; i < 3; i++) {
		char *p = xasprintf("%s/%s", tree, git_files[i]);

		if (!stat(p, &st))
			sb_addf(sb, "%s%s %lld.%09ld", sb->len ? " " : "", git_files[i], (long long)st.st_mtim.tv_sec,
				st.st_mtim.tv_nsec);
		free(p);
	}
}

/* A tool as found in PATH (resolved, with its size and time), or "none":
 * a compiler or linker installed or upgraded changes the plan. */
static void compiler_identity(struct strbuf *sb, const char *tool)
{
	char real[PATH_MAX], *p = find_in_path(tool);
	struct stat st;

	if (p && realpath(p, real) && !stat(real, &st)) {
		add_identity(sb, real);
		sb_addf(sb, " %lld %lld.%09ld", (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			st.st_mtim.tv_nsec);
	} else {
		sb_add(sb, "none: ");
		add_identity(sb, tool);
	}
	free(p);
}

/* The config whose prepared dir a derived config's prepare starts from:
 * one with no fragment, the same base, on the same arch (the first in the
 * catalog).  NULL for a config that is only its base. */
static const char *seed_config(const struct catalog *cat, const struct arch *a, const struct config *c)
{
	int i;

	if (!c->nfrags)
		return NULL;
	for (i = 0; i < cat->nconfigs; i++) {
		const struct config *s = cat->configs[i];

		if (s != c && !s->nfrags && !strcmp(s->base, c->base) && config_applies_to(s, a->name))
			return s->name;
	}
	return NULL;
}

/* tree_id: the tree's identity, the same for every cell (tree_identity()). */
static char *cell_plan(const struct plan_opts *o, const struct arch *a, const struct config *c,
		       const char *tree_id)
{
	struct strbuf sb, frag, id;
	char *tool;
	int i, bad = 0;

	sb_init(&sb);
	sb_addf(&sb, "# The plan of cell %s/%s, written by hdrtest plan: do not edit.\n", a->name, c->name);
	put(&sb, "arch", a->name, &bad);
	put(&sb, "config", c->name, &bad);
	put(&sb, "karch", a->karch, &bad);
	put(&sb, "cross", a->cross, &bad);
	put(&sb, "llvm", a->llvm, &bad);
	put(&sb, "packages", a->package, &bad);
	put(&sb, "unavailable", a->unavailable, &bad);
	/* "defconfig" as a base means the arch's own */
	put(&sb, "base", strcmp(c->base, "defconfig") ? c->base : a->defconfig, &bad);
	sb_init(&frag);
	for (i = 0; i < c->nfrags; i++)
		sb_addf(&frag, "%s%s=%s", i ? " " : "", c->frags[i].name, c->frags[i].value);
	put(&sb, "fragment", frag.buf, &bad);
	sb_release(&frag);
	put(&sb, "seed", seed_config(o->cat, a, c), &bad);
	put(&sb, "tree", o->tree, &bad);
	put(&sb, "cache", o->cache, &bad);
	put(&sb, "overlay", o->overlay, &bad);
	put(&sb, "tree_identity", tree_id, &bad);
	/* One tool of each package the prepare needs: a cell skipped for a
	 * missing one is prepared again once it is installed (its plan
	 * changes), and need not be looked at on every run. */
	sb_init(&id);
	if (a->llvm) {
		const char *v = strcmp(a->llvm, "1") ? a->llvm : "";
		const char *fmt[] = { "clang%s", "ld.lld%s", "llvm-ar%s" };

		for (i = 0; i < 3; i++) {
			tool = xasprintf(fmt[i], v);
			if (i)
				sb_addf(&id, "; ");
			compiler_identity(&id, tool);
			free(tool);
		}
	} else {
		const char *cross = a->cross ? a->cross : "";

		tool = xasprintf("%sgcc", cross);
		compiler_identity(&id, tool);
		free(tool);
		tool = xasprintf("%sld", cross);
		sb_addf(&id, "; ");
		compiler_identity(&id, tool);
		free(tool);
	}
	put(&sb, "compiler_identity", id.buf, &bad);
	sb_release(&id);
	if (bad) {
		error("cannot write the plan of cell %s/%s", a->name, c->name);
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

/* Add the comma-separated packages to the list (one a line), each once. */
static void add_packages(struct strbuf *list, const char *packages)
{
	const char *p = packages;

	while (*p) {
		size_t len = strcspn(p, ",");
		char *line = xasprintf("%.*s\n", (int)len, p);
		char *found = list->len ? strstr(list->buf, line) : NULL;

		/* a match must start a line: "gcc\n" is not in "libgcc\n" */
		while (found && found != list->buf && found[-1] != '\n')
			found = strstr(found + 1, line);
		if (!found)
			sb_add(list, line);
		free(line);
		p += len + (p[len] == ',');
	}
}

/* Values are single-quoted: no quote may be inside one.  The catalog's
 * own text cannot hold one (validate.c); paths from the command line can. */
static int check_quotable(const char *what, const char *value)
{
	if (!quotable(value))
		return error("%s '%s': a quote (') or a control character cannot be passed to the scripts", what, value);
	return 0;
}

/* The cells of a run and their texts, before anything is written. */
struct cell_plans {
	struct strbuf cells;	/* "ARCH/CONFIG\n" each */
	struct strbuf packages;	/* "PACKAGE\n" each, once */
	char **paths;		/* OUT/ARCH/CONFIG/plan */
	char **texts;
	int n;
};

/* A cell is arch/config, for each selected config that applies to a
 * selected arch.  -1 after an error (a plan that cannot be written). */
static int plan_cells(const struct plan_opts *o, char **arch_names, char **config_names, struct cell_plans *cp)
{
	const char **archs, **configs;
	int narchs, nconfigs, ntexts = 0, i, j, ret = 0;
	struct strbuf tree_id;
	char *text;

	/* read once: the tree's stamps are the same for every cell */
	sb_init(&tree_id);
	if (o->tree)
		tree_identity(&tree_id, o->tree);
	narchs = expand(o->archs, o->narchs, arch_names, o->cat->narches, &archs);
	nconfigs = expand(o->configs, o->nconfigs, config_names, o->cat->nconfigs, &configs);
	for (i = 0; i < narchs; i++) {
		const struct arch *a = catalog_arch(o->cat, archs[i]);
		int used = 0;

		for (j = 0; j < nconfigs; j++) {
			const struct config *c = catalog_config(o->cat, configs[j]);

			if (!config_applies_to(c, a->name))
				continue;
			sb_addf(&cp->cells, "%s/%s\n", a->name, c->name);
			*(char **)push(&cp->paths, &cp->n, sizeof(char *)) =
				xasprintf("%s/%s/%s/plan", o->out, a->name, c->name);
			text = cell_plan(o, a, c, tree_id.buf);
			*(char **)push(&cp->texts, &ntexts, sizeof(char *)) = text;
			if (!text)
				ret = -1;
			used = 1;
		}
		if (used && a->package)
			add_packages(&cp->packages, a->package);
	}
	free(archs);
	free(configs);
	sb_release(&tree_id);
	return ret;
}

/* Every cell's plan and the run's files, written together: after a
 * failure (a full disk) each file is as it was, so the cell list never
 * names a plan that is not there; an unchanged file keeps its mtime. */
static int install_plans(const struct plan_opts *o, const struct cell_plans *cp)
{
	const char *names[3] = { "cells", "packages", "headers" };
	int n = cp->n + 3, i, ret = 0;
	const char **paths = xcalloc(n, sizeof(char *)), **texts = xcalloc(n, sizeof(char *));
	char *top[3];
	struct strbuf headers;

	for (i = 0; i < cp->n && !ret; i++) {
		char *dir = xstrdup(cp->paths[i]);

		*strrchr(dir, '/') = '\0';
		if (mkdirs(dir)) {
			error("cannot create %s: %s", dir, strerror(errno));
			ret = -1;
		}
		free(dir);
		paths[i] = cp->paths[i];
		texts[i] = cp->texts[i];
	}
	sb_init(&headers);
	for (i = 0; i < o->cat->nheaders; i++)
		sb_addf(&headers, "%s\n", o->cat->headers[i]->path);
	for (i = 0; i < 3; i++) {
		top[i] = xasprintf("%s/%s", o->out, names[i]);
		paths[cp->n + i] = top[i];
	}
	texts[cp->n] = cp->cells.buf;
	texts[cp->n + 1] = cp->packages.buf ? cp->packages.buf : "";
	texts[cp->n + 2] = headers.buf ? headers.buf : "";
	if (!ret)
		ret = write_files_atomic(n, paths, texts);
	for (i = 0; i < 3; i++)
		free(top[i]);
	sb_release(&headers);
	free(paths);
	free(texts);
	return ret;
}

int plan_write(const struct plan_opts *o)
{
	struct cell_plans cp = { 0 };
	char **arch_names = xcalloc(o->cat->narches + 1, sizeof(char *));
	char **config_names = xcalloc(o->cat->nconfigs + 1, sizeof(char *));
	int i, bad, ret = -1;

	for (i = 0; i < o->cat->narches; i++)
		arch_names[i] = o->cat->arches[i]->name;
	for (i = 0; i < o->cat->nconfigs; i++)
		config_names[i] = o->cat->configs[i]->name;
	/* every unknown name is said, arches and configs */
	bad = check_names(o->archs, o->narchs, arch_names, o->cat->narches, "arch",
			  "the arch table (catalog/arches.cat)");
	if (check_names(o->configs, o->nconfigs, config_names, o->cat->nconfigs, "config", "catalog/configs.cat"))
		bad = -1;
	if (bad || check_quotable("KDIR", o->tree) || check_quotable("HDRTEST_CACHE", o->cache) ||
	    check_quotable("OVERLAY", o->overlay))
		goto out;
	sb_init(&cp.cells);
	sb_init(&cp.packages);
	if (plan_cells(o, arch_names, config_names, &cp))
		goto out;
	if (!cp.cells.len)
		error("no config in CONFIGS applies to any arch in ARCHS");
	else if (o->print_packages)
		ret = fputs(cp.packages.buf ? cp.packages.buf : "", o->print_packages) == EOF ? -1 : 0;
	else
		ret = install_plans(o, &cp);
out:
	for (i = 0; i < cp.n; i++) {
		free(cp.paths[i]);
		free(cp.texts[i]);
	}
	free(cp.paths);
	free(cp.texts);
	sb_release(&cp.cells);
	sb_release(&cp.packages);
	free(arch_names);
	free(config_names);
	return ret;
}

int plan_read(const char *path, struct plan *p)
{
	char *text = read_text_file(path, NULL, "name='value' lines"), *line, *cur = text;
	struct loc loc = { path, 0, 1 };

	p->entries = NULL;
	p->n = 0;
	if (!text) {
		if (errno != EILSEQ)
			error("cannot read %s: %s (run 'hdrtest plan' first)", path, strerror(errno));
		return -1;
	}
	while ((line = next_line(&cur))) {
		char *eq, *end;
		struct plan_entry *e;

		loc.line++;
		if (*line == '#' || !*line)
			continue;
		eq = strchr(line, '=');
		end = line + strlen(line);
		if (!eq || eq[1] != '\'' || end - eq < 3 || end[-1] != '\'') {
			loc.col = eq ? (int)(eq - line) + 2 : 1;
			error_at(&loc, "expected name='value'");
			free(text);
			plan_free(p);
			return -1;
		}
		e = push(&p->entries, &p->n, sizeof(*e));
		e->name = xstrndup(line, eq - line);
		e->value = xstrndup(eq + 2, end - eq - 3);
	}
	free(text);
	return 0;
}

const char *plan_get(const struct plan *p, const char *name)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->entries[i].name, name))
			return p->entries[i].value;
	return NULL;
}

void plan_free(struct plan *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		free(p->entries[i].name);
		free(p->entries[i].value);
	}
	free(p->entries);
	p->entries = NULL;
	p->n = 0;
}

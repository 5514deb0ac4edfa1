// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's chain report: for each forbidden header a failing TU pulls
 * in through a chain of includes, every header on the chain that includes
 * it directly, and what that header's own text uses from it.  No patch:
 * the way out is a human's call.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/fixer.h"
#include "judge/includes.h"
#include "judge/results.h"
#include "scan/headers.h"
#include "scan/scan.h"

/* --- consumers that pull in a forbidden header ----------------------------- */

/* The tree path of the first header of tree, the -H lines of a TU
 * compiled from srctree, that is the file of include name name:
 * "arch/x86/include/asm/cacheflush.h" for asm/cacheflush.h. */
static char *h_path(const struct include_tree *tree, const char *srctree, const char *name)
{
	char *needle = xasprintf("/include/%s", name), *path = NULL;
	size_t sl = strlen(srctree);
	int i;

	for (i = 0; i < tree->n && !path; i++) {
		const char *p = tree->entries[i].path;

		if (!strncmp(p, srctree, sl) && p[sl] == '/' && p[sl + 1] && ends_with(p, needle))
			path = xstrdup(p + sl + 1);
	}
	free(needle);
	return path;
}

int is_ident(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

int names_used_from(const struct scan_index *ix, const char *srctree, const struct scan_file *file,
		    const struct scan_file *forb, char ***names)
{
	char *path = xasprintf("%s/%s", srctree, file->path), *text = read_file(path, NULL), *p;
	int n = 0;

	*names = NULL;
	free(path);
	for (p = text; p && *p;) {
		if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			char *e = strchr(p, '\n');

			p = e ? e : p + strlen(p);
			continue;
		}
		if (is_ident(*p) && !(*p >= '0' && *p <= '9')) {
			char *s = p, *name, *tagged;
			const struct scan_def *d;
			int in_forb = 0, in_self = 0;

			while (is_ident(*p))
				p++;
			name = xstrndup(s, p - s);
			tagged = NULL;
			if (s > text + 7 && !strncmp(s - 7, "struct ", 7))
				tagged = xasprintf("struct %s", name);
			for (d = scan_lookup(ix, tagged ? tagged : name); d; d = d->next) {
				in_forb |= d->file == forb && d->kind != SCAN_STRUCT_FWD;
				in_self |= d->file == file;
			}
			if (in_forb && !in_self && !str_listed(*names, n, tagged ? tagged : name)) {
				*(char **)push(names, &n, sizeof(char *)) = tagged ? tagged : name;
				if (tagged)
					tagged = NULL;
				else
					name = NULL;
			}
			free(name);
			free(tagged);
			continue;
		}
		p++;
	}
	free(text);
	return n;
}

/* What file's own text uses from forb, each name with the slim headers
 * that define it too. */
static void uses_from(struct fixer *fx, const char *srctree, const struct scan_file *file,
		      const struct scan_file *forb, struct strbuf *sb)
{
	char **names;
	int n = names_used_from(fx->ix, srctree, file, forb, &names), i;

	for (i = 0; i < n; i++) {
		const struct scan_def *d;
		int nslim = 0;

		sb_addf(sb, "%s      %s: ", i ? "\n" : "", names[i]);
		for (d = scan_lookup(fx->ix, names[i]); d; d = d->next) {
			if (d->file == forb || !d->file->include_name || d->kind == SCAN_STRUCT_FWD ||
			    !starts_with(d->file->path, "include/linux/mm/"))
				continue;
			sb_addf(sb, "%s%s", nslim++ ? ", " : "", d->file->include_name);
		}
		if (!nslim)
			sb_add(sb, "no slim header (only in the forbidden one)");
		free(names[i]);
	}
	free(names);
	if (!n)
		/* its own text only: what the headers after it need is not seen */
		sb_add(sb, "      nothing it defines, in its own text (what the headers it includes next need is not checked)");
	sb_addc(sb, '\n');
}

/* word added to the space-separated list *words, unless it is there. */
static void add_word(char **words, const char *word)
{
	char *n;

	if (word_listed(*words, word))
		return;
	n = xasprintf("%s%s%s", *words, **words ? " " : "", word);
	free(*words);
	*words = n;
}

/* The includer at path, whose line includes forb: found in, or added to,
 * inc[0..*ninc). */
static struct includer *includer_at(struct includer **inc, int *ninc, const char *path, const char *forb,
				    int line)
{
	struct includer *in;
	int i;

	for (i = 0; i < *ninc; i++)
		if (!strcmp((*inc)[i].path, path))
			return &(*inc)[i];
	in = push(inc, ninc, sizeof(*in));
	in->path = xstrdup(path);
	in->forbidden = xstrdup(forb);
	in->line = line;
	in->cells = xstrdup("");
	in->consumers = xstrdup("");
	return in;
}

/* The line of f's #include of name, or 0. */
static int include_line(const struct scan_file *f, const char *name)
{
	int k;

	for (k = 0; f && k < f->nincludes; k++)
		if (!strcmp(f->includes[k].name, name))
			return f->includes[k].line;
	return 0;
}

/* The includers on the chain of t, a TU of cell ci that pulls a
 * forbidden header in (t->forbidden: "FORBIDDEN: A -> B -> ..."). */
static void includers_of(struct fixer *fx, int ci, const struct tu_result *t, struct includer **inc, int *ninc)
{
	const struct cell_result *c = fx->orig[ci];
	char *logpath = xasprintf("%s/%s.log", c->dir, t->stem), *raw = read_file(logpath, NULL);
	char *forb, *chain, *name, *save;
	struct include_tree tree;

	free(logpath);
	if (!raw)
		return;
	free(include_tree_parse(raw, &tree));
	forb = xstrndup(t->forbidden, strstr(t->forbidden, ": ") - t->forbidden);
	chain = xstrdup(strstr(t->forbidden, ": ") + 2);
	for (name = strtok_r(chain, " ->", &save); name; name = strtok_r(NULL, " ->", &save)) {
		char *path = h_path(&tree, c->srctree, name);
		const struct scan_file *f = path ? scan_file(fx->ix, path) : NULL;
		int line = include_line(f, forb);

		if (line) {
			struct includer *in = includer_at(inc, ninc, path, forb, line);

			add_word(&in->cells, fx->cells[ci]);
			add_word(&in->consumers, t->header);
		}
		free(path);
	}
	include_tree_free(&tree);
	free(chain);
	free(forb);
	free(raw);
}

int find_includers(struct fixer *fx, struct includer **out)
{
	struct includer *inc = NULL;
	int ninc = 0, i, j;

	for (i = 0; i < fx->ncells; i++) {
		const struct cell_result *c = fx->orig[i];

		for (j = 0; j < c->ntus; j++)
			if (c->tus[j].forbidden && strstr(c->tus[j].forbidden, ": "))
				includers_of(fx, i, &c->tus[j], &inc, &ninc);
	}
	*out = inc;
	return ninc;
}

void includers_free(struct includer *inc, int n)
{
	while (n-- > 0) {
		free(inc[n].path);
		free(inc[n].forbidden);
		free(inc[n].cells);
		free(inc[n].consumers);
	}
	free(inc);
}

/* For each chain a failing TU pulls a forbidden header in by: every
 * header on it that includes the forbidden header directly, with the
 * first few headers whose chains it is on; tsv has them all. */
void chains(struct fixer *fx, struct strbuf *sb, struct strbuf *tsv)
{
	struct includer *inc;
	int ninc = find_includers(fx, &inc), i, j;

	for (i = 0; i < ninc; i++) {
		const struct scan_file *f = scan_file(fx->ix, inc[i].path);
		const struct scan_file *forb = common_file(fx->ix, inc[i].forbidden);
		char *list = xstrdup(inc[i].consumers), *save, *w;
		char **consumers = NULL;
		int n = 0;

		for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
			*(char **)push(&consumers, &n, sizeof(char *)) = w;
		sb_addf(sb, "%s:%d includes %s\n    on the way from:", inc[i].path, inc[i].line, inc[i].forbidden);
		sb_add_few(sb, consumers, n, SUMMARY_FEW);
		sb_addf(sb, "\n    in: %s\n    uses from it:\n", inc[i].cells);
		for (j = 0; j < n; j++)
			sb_addf(tsv, "%s:%d\t%s\t%s\t%s\n", inc[i].path, inc[i].line, inc[i].forbidden, consumers[j],
				inc[i].cells);
		free(consumers);
		free(list);
		if (forb)
			uses_from(fx, fx->orig[0]->srctree, f, forb, sb);
	}
	includers_free(inc, ninc);
}

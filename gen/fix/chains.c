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
#include "base/lines.h"
#include "base/util.h"
#include "fix/fixer.h"
#include "judge/results.h"
#include "scan/headers.h"
#include "scan/scan.h"

/* --- consumers that pull in a forbidden header ----------------------------- */

/* The tree path of the file a -H line of log (the raw compiler output)
 * names as include name name. */
static char *h_path(const char *log, const char *srctree, const char *name)
{
	const char *cur = log, *line;
	char *needle = xasprintf("/include/%s", name);
	size_t n, sl = strlen(srctree), nl = strlen(needle);

	while ((line = next_line_span(&cur, &n))) {
		const char *p = line;

		if (*p != '.')
			continue;
		while (*p == '.')
			p++;
		if (*p != ' ')
			continue;
		p++;
		if (n - (p - line) > sl + 1 && !strncmp(p, srctree, sl) && p[sl] == '/' &&
		    (size_t)(n - (p - line)) >= nl && !strncmp(line + n - nl, needle, nl)) {
			free(needle);
			return xstrndup(p + sl + 1, n - (p - line) - sl - 1);
		}
	}
	free(needle);
	return NULL;
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

int find_includers(struct fixer *fx, struct includer **out)
{
	struct includer *inc = NULL;
	int ninc = 0, i, j, k;

	for (i = 0; i < fx->ncells; i++) {
		const struct cell_result *c = fx->orig[i];

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			char *forb, *chain, *name, *save;
			char *logpath, *raw;

			if (!t->forbidden || !strstr(t->forbidden, ": "))
				continue;
			logpath = xasprintf("%s/%s.log", c->dir, t->stem);
			raw = read_file(logpath, NULL);
			free(logpath);
			if (!raw)
				continue;
			forb = xstrndup(t->forbidden, strstr(t->forbidden, ": ") - t->forbidden);
			chain = xstrdup(strstr(t->forbidden, ": ") + 2);
			for (name = strtok_r(chain, " ->", &save); name; name = strtok_r(NULL, " ->", &save)) {
				char *path = h_path(raw, c->srctree, name);
				const struct scan_file *f = path ? scan_file(fx->ix, path) : NULL;
				struct includer *in = NULL;

				for (k = 0; f && k < f->nincludes; k++)
					if (!strcmp(f->includes[k].name, forb))
						break;
				if (!f || k == f->nincludes) {
					free(path);
					continue;
				}
				for (int m = 0; m < ninc; m++)
					if (!strcmp(inc[m].path, path))
						in = &inc[m];
				if (!in) {
					in = push(&inc, &ninc, sizeof(*in));
					in->path = xstrdup(path);
					in->forbidden = xstrdup(forb);
					in->line = f->includes[k].line;
					in->cells = xstrdup("");
					in->consumers = xstrdup("");
				}
				if (!word_listed(in->cells, fx->cells[i])) {
					char *n = xasprintf("%s%s%s", in->cells, *in->cells ? " " : "", fx->cells[i]);

					free(in->cells);
					in->cells = n;
				}
				{
					char *pad = xasprintf(" %s ", in->consumers), *me = xasprintf(" %s ", t->header);

					if (!strstr(pad, me)) {
						char *n = xasprintf("%s%s%s", in->consumers, *in->consumers ? " " : "",
								    t->header);

						free(in->consumers);
						in->consumers = n;
					}
					free(pad);
					free(me);
				}
				free(path);
			}
			free(chain);
			free(forb);
			free(raw);
		}
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

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

/* The names file uses (outside comments) that forbidden defines and file
 * does not, each with the slim headers that define it too. */
static void uses_from(struct fixer *fx, const char *srctree, const struct scan_file *file,
		      const struct scan_file *forb, struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", srctree, file->path), *text = read_file(path, NULL), *p;
	char **seen = NULL;
	int nseen = 0, i, any = 0;

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
			for (d = scan_lookup(fx->ix, tagged ? tagged : name); d; d = d->next) {
				in_forb |= d->file == forb && d->kind != SCAN_STRUCT_FWD;
				in_self |= d->file == file;
			}
			for (i = 0; i < nseen && strcmp(seen[i], tagged ? tagged : name); i++)
				;
			if (in_forb && !in_self && i == nseen) {
				int nslim = 0;

				*(char **)push(&seen, &nseen, sizeof(char *)) = xstrdup(tagged ? tagged : name);
				sb_addf(sb, "%s      %s: ", any ? "\n" : "", tagged ? tagged : name);
				any = 1;
				for (d = scan_lookup(fx->ix, tagged ? tagged : name); d; d = d->next) {
					if (d->file == forb || !d->file->include_name || d->kind == SCAN_STRUCT_FWD ||
					    !starts_with(d->file->path, "include/linux/mm/"))
						continue;
					sb_addf(sb, "%s%s", nslim++ ? ", " : "", d->file->include_name);
				}
				if (!nslim)
					sb_add(sb, "no slim header (only in the forbidden one)");
			}
			free(name);
			free(tagged);
			continue;
		}
		p++;
	}
	if (!any)
		/* its own text only: what the headers after it need is not seen */
		sb_add(sb, "      nothing it defines, in its own text (what the headers it includes next need is not checked)");
	sb_addc(sb, '\n');
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	free(text);
}

struct includer {
	char *path;		/* the tree file that includes the forbidden header */
	char *forbidden;
	int line;
	char *cells;		/* where it is on a chain */
	char *consumers;
};

/* For each chain a failing TU pulls a forbidden header in by: every
 * header on it that includes the forbidden header directly. */
void chains(struct fixer *fx, struct strbuf *sb)
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
				if (!strstr(in->cells, fx->cells[i])) {
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
	for (i = 0; i < ninc; i++) {
		const struct scan_file *f = scan_file(fx->ix, inc[i].path);
		const struct scan_file *const *ff;
		int nf = scan_files_named(fx->ix, inc[i].forbidden, &ff), m;
		const struct scan_file *forb = NULL;

		for (m = 0; m < nf; m++)
			if (starts_with(ff[m]->path, "include/") && !starts_with(ff[m]->path, "include/uapi/"))
				forb = ff[m];
		sb_addf(sb, "%s:%d includes %s\n    on the way from: %s\n    in: %s\n    uses from it:\n",
			inc[i].path, inc[i].line, inc[i].forbidden, inc[i].consumers, inc[i].cells);
		if (forb)
			uses_from(fx, fx->orig[0]->srctree, f, forb, sb);
		free(inc[i].path);
		free(inc[i].forbidden);
		free(inc[i].cells);
		free(inc[i].consumers);
	}
	free(inc);
}

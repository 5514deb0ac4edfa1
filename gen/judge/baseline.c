// SPDX-License-Identifier: GPL-2.0
#include "judge/baseline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"

char *failure_class(const struct tu_result *t)
{
	const char *d = t->detail ? t->detail : "", *msg, *end, *p;
	struct strbuf sb;
	int quoted = 0;

	if (t->drifted)
		return xstrdup("catalog drift");
	if (starts_with(d, FORBIDDEN_DETAIL)) {
		end = strchr(d + strlen(FORBIDDEN_DETAIL), ':');
		return end ? xstrndup(d, (size_t)(end - d)) : xstrdup(d);
	}
	/* "file:line:col: error: MESSAGE": the message alone */
	msg = strstr(d, " error: ");
	if (msg)
		msg += strlen(" error: ");
	else if ((msg = strstr(d, " warning: ")))
		msg += strlen(" warning: ");
	else
		msg = d;
	end = strstr(msg, "; did you mean");
	if (!end) {
		end = msg + strlen(msg);
		/* the option in brackets: the same kind under -Werror or not */
		if (end > msg && end[-1] == ']' && (p = strstr(msg, " [-W")))
			end = p;
	}
	/* names in quotes are left out: 'thp_size' and 'folio_pfn' are one kind */
	sb_init(&sb);
	for (p = msg; p < end; p++) {
		if (*p == '\'') {
			if (!quoted)
				sb_add(&sb, "'*'");
			quoted = !quoted;
		} else if (!quoted) {
			sb_addc(&sb, *p == '\t' || *p == '\n' ? ' ' : *p);
		}
	}
	return sb_detach(&sb);
}

char *render_baseline(const struct run_results *r)
{
	struct strbuf sb;
	int i, j;

	sb_init(&sb);
	sb_add(&sb, "# hdrtest baseline: the known failures, one a line:\n"
		    "# HEADER<TAB>ARCH/CONFIG<TAB>CLASS (the first diagnostic, names left out).\n"
		    "# Written by make baseline; make selftest-headers BASELINE=<this file>\n"
		    "# fails only on failures not listed here.\n");
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			char *cls;

			if (c->tus[j].verdict != V_FAIL)
				continue;
			cls = failure_class(&c->tus[j]);
			sb_addf(&sb, "%s\t%s/%s\t%s\n", c->tus[j].header, c->arch, c->config, cls);
			free(cls);
		}
	}
	return sb_detach(&sb);
}

void baseline_free(struct baseline *b)
{
	struct baseline_entry *e, *tmp;

	HASH_ITER(hh, b->table, e, tmp) {
		HASH_DEL(b->table, e);
		free(e->key);
		free(e->header);
		free(e->cell);
		free(e->cls);
		free(e);
	}
	free(b->items);
	free(b->path);
	memset(b, 0, sizeof(*b));
}

/* One line "HEADER<TAB>ARCH/CONFIG<TAB>CLASS" into b; -1 after an error. */
static int parse_line(struct baseline *b, char *line, int lineno)
{
	struct loc loc = { b->path, lineno, 1 };
	char *f[3], *p = line, *tab, *slash;
	struct baseline_entry *e, *old;
	int k;

	for (k = 0; k < 3; k++) {
		tab = k < 2 ? strchr(p, '\t') : NULL;
		if (k < 2 && !tab) {
			loc.col = (int)(p + strlen(p) - line) + 1;
			error_at(&loc, "expected a tab after the %s (a line is HEADER<TAB>ARCH/CONFIG<TAB>CLASS)",
				 k ? "cell" : "header");
			return -1;
		}
		if (tab)
			*tab = '\0';
		f[k] = p;
		if (!*p) {
			loc.col = (int)(p - line) + 1;
			error_at(&loc, "expected the %s, found an empty field", k == 0 ? "header" : k == 1 ? "cell" : "class");
			return -1;
		}
		p = tab ? tab + 1 : p;
	}
	slash = strchr(f[1], '/');
	if (!slash || slash == f[1] || !slash[1] || strchr(slash + 1, '/')) {
		loc.col = (int)(f[1] - line) + 1;
		error_at(&loc, "expected a cell ARCH/CONFIG, found '%s'", f[1]);
		return -1;
	}
	e = xcalloc(1, sizeof(*e));
	e->key = xasprintf("%s\t%s", f[0], f[1]);
	HASH_FIND_STR(b->table, e->key, old);
	if (old) {
		error_at(&loc, "%s in %s is listed twice (first at line %d)", f[0], f[1], old->line);
		free(e->key);
		free(e);
		return -1;
	}
	e->header = xstrdup(f[0]);
	e->cell = xstrdup(f[1]);
	e->cls = xstrdup(f[2]);
	e->line = lineno;
	HASH_ADD_KEYPTR(hh, b->table, e->key, strlen(e->key), e);
	*(struct baseline_entry **)push(&b->items, &b->n, sizeof(e)) = e;
	return 0;
}

int baseline_read(const char *path, struct baseline *b)
{
	char *text, *cur, *line;
	int lineno = 0, ret = 0;

	memset(b, 0, sizeof(*b));
	b->path = xstrdup(path);
	text = read_text_file(path, NULL, "a baseline file");
	if (!text) {
		if (errno != EILSEQ)
			error("cannot read the baseline %s: %s", path, strerror(errno));
		baseline_free(b);
		return -1;
	}
	cur = text;
	while ((line = next_line(&cur))) {
		lineno++;
		if (!*line || *line == '#')
			continue;
		if (parse_line(b, line, lineno))
			ret = -1;
	}
	free(text);
	if (ret)
		baseline_free(b);
	return ret;
}

int write_baseline_report(FILE *f, const struct run_results *r, const struct baseline *b)
{
	struct strbuf news, fixed;
	int known = 0, nnew = 0, nfixed = 0, seen = 0, i, j;

	sb_init(&news);
	sb_init(&fixed);
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			struct baseline_entry *e;
			char *key = xasprintf("%s\t%s/%s", t->header, c->arch, c->config), *cls;

			HASH_FIND_STR(b->table, key, e);
			free(key);
			seen += e != NULL;
			if (t->verdict == V_PASS && e) {
				nfixed++;
				sb_addf(&fixed, "  %s\t%s\t%s\n", e->header, e->cell, e->cls);
			}
			if (t->verdict != V_FAIL)
				continue;
			cls = failure_class(t);
			if (e && !strcmp(e->cls, cls)) {
				known++;
			} else {
				nnew++;
				sb_addf(&news, "  %s\t%s/%s\t%s", t->header, c->arch, c->config, cls);
				if (e)
					sb_addf(&news, " (the baseline, line %d, says: %s)", e->line, e->cls);
				sb_addc(&news, '\n');
			}
			free(cls);
		}
	}
	fprintf(f, "\nbaseline %s: %d known failures, %d new, %d now pass", b->path, known, nnew, nfixed);
	if (b->n > seen)
		fprintf(f, "; %d of its lines are for cells or headers not in this run", b->n - seen);
	fputc('\n', f);
	if (nnew)
		fprintf(f, "new failures, not in the baseline:\n%s", news.buf);
	if (nfixed)
		fprintf(f, "known failures that now pass: remove them from the baseline:\n%s", fixed.buf);
	sb_release(&news);
	sb_release(&fixed);
	return nnew;
}

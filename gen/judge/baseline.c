// SPDX-License-Identifier: GPL-2.0
#include "judge/baseline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "judge/diag.h"

char *diagnostic_class(const char *d)
{
	const char *msg, *end, *p;
	struct strbuf sb;
	int quoted = 0;

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

static void add_kind(struct failure_kind **kinds, int *n, char *cls)
{
	int i;

	for (i = 0; i < *n; i++) {
		if (!strcmp((*kinds)[i].cls, cls)) {
			(*kinds)[i].count++;
			free(cls);
			return;
		}
	}
	*(struct failure_kind *)push(kinds, n, sizeof(**kinds)) = (struct failure_kind){ cls, 1 };
}

int failure_kinds(const struct tu_result *t, struct failure_kind **kinds)
{
	const char *cur = t->log ? t->log : "", *line;
	size_t len;
	int n = 0;

	*kinds = NULL;
	if (t->drifted) {
		add_kind(kinds, &n, xstrdup("catalog drift"));
		return n;
	}
	while ((line = next_line_span(&cur, &len))) {
		char *l = xstrndup(line, len);

		if (is_diagnostic_line(l))
			add_kind(kinds, &n, diagnostic_class(l));
		free(l);
	}
	if (t->forbidden) {
		char *d = xasprintf(FORBIDDEN_DETAIL "%s", t->forbidden);

		add_kind(kinds, &n, diagnostic_class(d));
		free(d);
	}
	if (!n)
		add_kind(kinds, &n, diagnostic_class(t->detail ? t->detail : ""));
	return n;
}

void failure_kinds_free(struct failure_kind *kinds, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(kinds[i].cls);
	free(kinds);
}

char *render_baseline(const struct run_results *r)
{
	struct strbuf sb;
	int i, j, k;

	sb_init(&sb);
	sb_add(&sb, "# hdrtest baseline: the known failures, one line per kind of diagnostic:\n"
		    "# HEADER<TAB>ARCH/CONFIG<TAB>CLASS<TAB>COUNT, the class being a diagnostic\n"
		    "# with names and positions left out, the count how often the TU has it.\n"
		    "# Written by make baseline; make selftest-headers BASELINE=<this file>\n"
		    "# fails only on failures not listed here.\n");
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			struct failure_kind *kinds;
			int n;

			if (c->tus[j].verdict != V_FAIL)
				continue;
			n = failure_kinds(&c->tus[j], &kinds);
			for (k = 0; k < n; k++)
				sb_addf(&sb, "%s\t%s/%s\t%s\t%d\n", c->tus[j].header, c->arch, c->config, kinds[k].cls,
					kinds[k].count);
			failure_kinds_free(kinds, n);
		}
	}
	return sb_detach(&sb);
}

void baseline_free(struct baseline *b)
{
	struct baseline_entry *e, *tmp;
	struct baseline_tu *bt, *btmp;

	HASH_ITER(hh, b->table, e, tmp) {
		HASH_DEL(b->table, e);
		free(e->key);
		free(e->cls);
		free(e);
	}
	HASH_ITER(hh, b->tus, bt, btmp) {
		HASH_DEL(b->tus, bt);
		free(bt->key);
		free(bt->header);
		free(bt->cell);
		free(bt->lines);
		free(bt);
	}
	free(b->items);
	free(b->path);
	memset(b, 0, sizeof(*b));
}

/* The count field: a positive decimal number. */
static int parse_count(const char *s, const struct loc *loc, int *count)
{
	long v = 0;
	const char *p;

	for (p = s; *p >= '0' && *p <= '9' && v <= 1000000; p++)
		v = v * 10 + (*p - '0');
	if (p == s || *p || v < 1 || v > 1000000)
		return error_at(loc, "expected a count (a number from 1), found '%s'", s);
	*count = (int)v;
	return 0;
}

/* One line "HEADER<TAB>ARCH/CONFIG<TAB>CLASS[<TAB>COUNT]" into b; -1
 * after an error. */
static int parse_line(struct baseline *b, char *line, int lineno)
{
	struct loc loc = { b->path, lineno, 1 };
	char *f[4], *p = line, *tab, *slash, *end, *tukey;
	struct baseline_entry *e, *old;
	struct baseline_tu *bt;
	int nf, count = 1;

	/* a CR and blanks at the end are no part of the last field */
	end = line + strlen(line);
	while (end > line && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	for (nf = 0; nf < 4; nf++) {
		tab = strchr(p, '\t');
		if (nf < 2 && !tab) {
			loc.col = (int)(p + strlen(p) - line) + 1;
			return error_at(&loc, "expected a tab after the %s (a line is HEADER<TAB>ARCH/CONFIG<TAB>CLASS<TAB>COUNT)",
				 nf ? "cell" : "header");
		}
		if (tab) {
			/* blanks before the tab are no part of the field */
			char *e = tab;

			while (e > p && e[-1] == ' ')
				e--;
			*e = '\0';
		}
		f[nf] = p;
		if (!*p) {
			loc.col = (int)(p - line) + 1;
			return error_at(&loc, "expected the %s, found an empty field",
				 nf == 0 ? "header" : nf == 1 ? "cell" : nf == 2 ? "class" : "count");
		}
		if (!tab) {
			nf++;
			break;
		}
		if (nf == 3) {
			loc.col = (int)(tab - line) + 1;
			return error_at(&loc, "expected the end of the line after the count");
		}
		p = tab + 1;
	}
	slash = strchr(f[1], '/');
	if (!slash || slash == f[1] || !slash[1] || strchr(slash + 1, '/')) {
		loc.col = (int)(f[1] - line) + 1;
		return error_at(&loc, "expected a cell ARCH/CONFIG, found '%s'", f[1]);
	}
	if (nf == 4) {
		loc.col = (int)(f[3] - line) + 1;
		if (parse_count(f[3], &loc, &count))
			return -1;
	}
	e = xcalloc(1, sizeof(*e));
	e->key = xasprintf("%s\t%s\t%s", f[0], f[1], f[2]);
	HASH_FIND_STR(b->table, e->key, old);
	if (old) {
		loc.col = 1;
		error_at(&loc, "%s in %s: the class '%s' is listed twice (first at line %d)", f[0], f[1], f[2],
			 old->line);
		free(e->key);
		free(e);
		return -1;
	}
	e->cls = xstrdup(f[2]);
	e->count = count;
	e->line = lineno;
	HASH_ADD_KEYPTR(hh, b->table, e->key, strlen(e->key), e);
	tukey = xasprintf("%s\t%s", f[0], f[1]);
	HASH_FIND_STR(b->tus, tukey, bt);
	if (!bt) {
		bt = xcalloc(1, sizeof(*bt));
		bt->key = tukey;
		bt->header = xstrdup(f[0]);
		bt->cell = xstrdup(f[1]);
		HASH_ADD_KEYPTR(hh, b->tus, bt->key, strlen(bt->key), bt);
		*(struct baseline_tu **)push(&b->items, &b->n, sizeof(bt)) = bt;
	} else {
		free(tukey);
	}
	*(struct baseline_entry **)push(&bt->lines, &bt->n, sizeof(e)) = e;
	e->tu = bt;
	b->nlines++;
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
		if (!*line || *line == '#' || !strcmp(line, "\r"))
			continue;
		if (parse_line(b, line, lineno))
			ret = -1;
	}
	free(text);
	if (ret)
		baseline_free(b);
	return ret;
}

/* What the baseline says of one TU: its first line and every class. */
static void add_says(struct strbuf *sb, const struct baseline_tu *bt)
{
	int i;

	sb_addf(sb, " (the baseline, line %d, says: ", bt->lines[0]->line);
	for (i = 0; i < bt->n; i++) {
		sb_addf(sb, "%s%s", i ? "; " : "", bt->lines[i]->cls);
		if (bt->lines[i]->count > 1)
			sb_addf(sb, " (%d times)", bt->lines[i]->count);
	}
	sb_addc(sb, ')');
}

/* The new kinds of a failing TU, one line each into news; the baseline's
 * classes it no longer has, or has less often, into fewer.  Returns
 * whether any kind is new. */
static int compare_tu(const struct tu_result *t, const char *cell, const struct baseline *b,
		      const struct baseline_tu *bt, struct strbuf *news, struct strbuf *fewer)
{
	struct failure_kind *kinds;
	int n = failure_kinds(t, &kinds), k, i, isnew = 0;

	for (k = 0; k < n; k++) {
		char *key = xasprintf("%s\t%s\t%s", t->header, cell, kinds[k].cls);
		struct baseline_entry *e;

		HASH_FIND_STR(b->table, key, e);
		free(key);
		if (e && kinds[k].count <= e->count)
			continue;
		isnew = 1;
		sb_addf(news, "  %s\t%s\t%s", t->header, cell, kinds[k].cls);
		if (kinds[k].count > 1)
			sb_addf(news, " (%d times)", kinds[k].count);
		if (e)
			sb_addf(news, " (the baseline, line %d, says %d)", e->line, e->count);
		else if (bt)
			add_says(news, bt);
		sb_addc(news, '\n');
	}
	for (i = 0; bt && i < bt->n; i++) {
		const struct baseline_entry *e = bt->lines[i];
		int have = 0;

		for (k = 0; k < n; k++)
			if (!strcmp(kinds[k].cls, e->cls))
				have = kinds[k].count;
		if (have < e->count)
			sb_addf(fewer, "  %s\t%s\t%s: %d, the baseline (line %d) says %d\n", t->header, cell, e->cls,
				have, e->line, e->count);
	}
	failure_kinds_free(kinds, n);
	return isnew;
}

int write_baseline_report(FILE *f, const struct run_results *r, const struct baseline *b)
{
	struct strbuf news, fixed, fewer, skips;
	int known = 0, nnew = 0, nfixed = 0, nskips = 0, seen = 0, i, j, k;

	sb_init(&news);
	sb_init(&fixed);
	sb_init(&fewer);
	sb_init(&skips);
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];
		char *cell = xasprintf("%s/%s", c->arch, c->config);

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			struct baseline_tu *bt;
			char *key = xasprintf("%s\t%s", t->header, cell);

			HASH_FIND_STR(b->tus, key, bt);
			free(key);
			seen += bt ? bt->n : 0;
			if (t->verdict == V_PASS && bt) {
				nfixed++;
				sb_addf(&fixed, "  %s\t%s\t", bt->header, bt->cell);
				for (k = 0; k < bt->n; k++)
					sb_addf(&fixed, "%s%s", k ? "; " : "", bt->lines[k]->cls);
				sb_addc(&fixed, '\n');
			}
			/* a known failure that is a skip now: not silently gone */
			if (t->verdict == V_SKIP && bt) {
				nskips++;
				sb_addf(&skips, "  %s\t%s\t%s\n", bt->header, bt->cell, t->detail ? t->detail : "");
			}
			if (t->verdict != V_FAIL)
				continue;
			if (compare_tu(t, cell, b, bt, &news, &fewer))
				nnew++;
			else
				known++;
		}
		free(cell);
	}
	fprintf(f, "\nbaseline %s: %d known failures, %d new, %d now pass", b->path, known, nnew, nfixed);
	if (nskips)
		fprintf(f, ", %d now skipped", nskips);
	if (b->nlines > seen)
		fprintf(f, "; %d of its lines are for cells or headers not in this run", b->nlines - seen);
	fputc('\n', f);
	if (nnew)
		fprintf(f, "new failures, not in the baseline:\n%s", news.buf);
	if (nfixed)
		fprintf(f, "known failures that now pass: remove them from the baseline:\n%s", fixed.buf);
	if (nskips)
		fprintf(f, "known failures that are skips now (remove them from the baseline if the reason holds):\n%s",
			skips.buf);
	if (fewer.len)
		fprintf(f, "known failures with fewer diagnostics than the baseline says (make baseline "
			   "writes them anew):\n%s", fewer.buf);
	sb_release(&news);
	sb_release(&fixed);
	sb_release(&fewer);
	sb_release(&skips);
	return nnew;
}

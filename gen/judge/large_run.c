// SPDX-License-Identifier: GPL-2.0
#include "judge/large_run.h"

#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "base/util.h"

int is_large_run(const struct run_results *r)
{
	const char **hs;
	int n = collect_headers(r, &hs);

	free(hs);
	return n > LARGE_RUN_HEADERS;
}

/* "linux/mm/" of "linux/mm/foo.h"; "" for a header in no dir. */
static char *dir_of(const char *header)
{
	const char *slash = strrchr(header, '/');

	return slash ? xstrndup(header, (size_t)(slash - header + 1)) : xstrdup("");
}

struct dir_row {
	char *dir;
	int headers;
	struct tally t;
	UT_hash_handle hh;
};

static int by_dir(const struct dir_row *a, const struct dir_row *b)
{
	return strcmp(a->dir, b->dir);
}

void write_dir_summary(FILE *f, const struct run_results *r)
{
	struct dir_row *rows = NULL, *row, *tmp;
	const char **hs;
	int nh = collect_headers(r, &hs), h, i, w = 3;

	for (h = 0; h < nh; h++) {
		char *dir = dir_of(hs[h]);

		HASH_FIND_STR(rows, dir, row);
		if (!row) {
			row = xcalloc(1, sizeof(*row));
			row->dir = dir;
			HASH_ADD_KEYPTR(hh, rows, row->dir, strlen(row->dir), row);
		} else {
			free(dir);
		}
		row->headers++;
		for (i = 0; i < r->ncells; i++) {
			const struct tu_result *t = find_tu(r->cells[i], hs[h]);

			if (!t)
				continue;
			row->t.pass += t->verdict == V_PASS;
			row->t.fail += t->verdict == V_FAIL;
			row->t.skip += t->verdict == V_SKIP;
			row->t.error += t->verdict == V_ERROR;
		}
	}
	HASH_SORT(rows, by_dir);
	HASH_ITER(hh, rows, row, tmp)
		if ((int)strlen(row->dir) > w)
			w = (int)strlen(row->dir);
	fprintf(f, "%d headers in %d cells, by directory (counts are TUs, header x cell):\n", nh, r->ncells);
	fprintf(f, "%-*s  %7s  %6s  %6s  %6s  %6s\n", w, "dir", "headers", "pass", "fail", "skip", "error");
	HASH_ITER(hh, rows, row, tmp) {
		fprintf(f, "%-*s  %7d  %6d  %6d  %6d  %6d\n", w, row->dir, row->headers, row->t.pass, row->t.fail,
			row->t.skip, row->t.error);
		HASH_DEL(rows, row);
		free(row->dir);
		free(row);
	}
	free(hs);
}

struct cause {
	char *text;		/* the hash key */
	const char *why;	/* the first failure's explanation */
	const char **headers;
	int nheaders;
	const struct cell_result **cells;
	int ncells;
	int order;		/* first seen */
	UT_hash_handle hh;
};

/* "pulls in the forbidden header linux/mm.h via asm/cacheflush.h" of
 * "pulls in the forbidden header linux/mm.h: a.h -> ... -> asm/cacheflush.h
 * -> linux/mm.h": the header that includes the forbidden one is what the
 * headers failing this way have in common. */
static char *forbidden_cause(const char *d)
{
	const char *colon = strchr(d, ':'), *last = strstr(d, " -> "), *prev = NULL, *p;

	while (last) {
		p = strstr(last + 4, " -> ");
		if (!p)
			break;
		prev = last;
		last = p;
	}
	if (!last)
		return xstrndup(d, (size_t)(colon - d));
	p = prev ? prev + 4 : colon + 2;
	return xasprintf("%.*s via %.*s", (int)(colon - d), d, (int)(last - p), p);
}

/* The cause of a failing TU: its first diagnostic without the TU's cell
 * prefix and, when the diagnostic is in the TU itself, without its file
 * name (what is left is the same for every header it breaks). */
static char *cause_of(const struct cell_result *c, const struct tu_result *t)
{
	char *prefix = xasprintf("%s/%s.c:", c->display, t->stem), *text;
	const char *d = t->detail ? t->detail : "";

	if (starts_with(d, prefix))
		text = xasprintf("(the TU):%s", d + strlen(prefix));
	else if (starts_with(d, FORBIDDEN_DETAIL) && strchr(d, ':'))
		text = forbidden_cause(d);
	else
		text = xstrdup(d);
	free(prefix);
	return text;
}

/* Each header once (every cell has its own copy of the name). */
static void add_header(struct cause *k, const char *header)
{
	int i;

	for (i = k->nheaders - 1; i >= 0; i--)
		if (!strcmp(k->headers[i], header))
			return;
	*(const char **)push(&k->headers, &k->nheaders, sizeof(header)) = header;
}

static void add_cell(struct cause *k, const struct cell_result *c)
{
	if (!k->ncells || k->cells[k->ncells - 1] != c)
		*(const struct cell_result **)push(&k->cells, &k->ncells, sizeof(c)) = c;
}

static int by_size(const struct cause *a, const struct cause *b)
{
	if (a->nheaders != b->nheaders)
		return b->nheaders - a->nheaders;
	return a->order - b->order;
}

void write_causes(FILE *f, const struct run_results *r, int most)
{
	struct cause *causes = NULL, *k, *tmp;
	int i, j, n = 0;

	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			char *text;

			if (t->verdict != V_FAIL)
				continue;
			text = cause_of(c, t);
			HASH_FIND_STR(causes, text, k);
			if (!k) {
				k = xcalloc(1, sizeof(*k));
				k->text = text;
				k->why = t->explanation;
				k->order = n++;
				HASH_ADD_KEYPTR(hh, causes, k->text, strlen(k->text), k);
			} else {
				free(text);
			}
			add_header(k, t->header);
			add_cell(k, c);
		}
	}
	if (n)
		fprintf(f, "\n%d distinct causes of failure (first diagnostic; headers; cells), most headers first:\n", n);
	HASH_SORT(causes, by_size);
	HASH_ITER(hh, causes, k, tmp) {
		fprintf(f, "\n%s\n", k->text);
		if (k->why && k->nheaders == 1)
			fprintf(f, "  why: %s\n", k->why);
		fprintf(f, "  %d header%s:", k->nheaders, k->nheaders == 1 ? "" : "s");
		for (i = 0; i < k->nheaders && i < most; i++)
			fprintf(f, " %s", k->headers[i]);
		if (k->nheaders > most)
			fprintf(f, " ... and %d more", k->nheaders - most);
		fprintf(f, "\n  in:");
		for (i = 0; i < k->ncells; i++)
			fprintf(f, " %s/%s", k->cells[i]->arch, k->cells[i]->config);
		fputc('\n', f);
		HASH_DEL(causes, k);
		free(k->text);
		free(k->headers);
		free(k->cells);
		free(k);
	}
}

char *render_failures(const struct run_results *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		die("out of memory");
	write_failures(f, r);
	if (fclose(f))
		die("out of memory");
	return text;
}

// SPDX-License-Identifier: GPL-2.0
#include "shard/costs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"

#define COSTS_HEADER "# hdrtest costs"
/* More than a year: not a time anything here takes, and far from overflow. */
#define COST_MAX_MS 100000000000L

static long lookup(const struct costs *c, const char *key, long def)
{
	struct cost_entry *e;

	HASH_FIND_STR(c->table, key, e);
	return e ? e->ms : def;
}

long costs_prepare(const struct costs *c, const char *cell)
{
	char *key = xasprintf("prepare\t%s", cell);
	long ms = lookup(c, key, COST_PREPARE_MS);

	free(key);
	return ms;
}

long costs_tu(const struct costs *c, const char *cell, const char *stem)
{
	char *key = xasprintf("tu\t%s\t%s", cell, stem);
	long ms = lookup(c, key, COST_TU_MS);

	free(key);
	return ms;
}

/* Set key (taken over) to ms; the entry. */
static struct cost_entry *set(struct costs *c, char *key, long ms)
{
	struct cost_entry *e;

	HASH_FIND_STR(c->table, key, e);
	if (e) {
		free(key);
		e->ms = ms;
		return e;
	}
	e = xcalloc(1, sizeof(*e));
	e->key = key;
	e->ms = ms;
	HASH_ADD_KEYPTR(hh, c->table, e->key, strlen(e->key), e);
	c->n++;
	return e;
}

void costs_set_prepare(struct costs *c, const char *cell, long ms)
{
	set(c, xasprintf("prepare\t%s", cell), ms);
}

void costs_set_tu(struct costs *c, const char *cell, const char *stem, long ms)
{
	set(c, xasprintf("tu\t%s\t%s", cell, stem), ms);
}

void costs_free(struct costs *c)
{
	struct cost_entry *e, *tmp;

	HASH_ITER(hh, c->table, e, tmp) {
		HASH_DEL(c->table, e);
		free(e->key);
		free(e);
	}
	c->table = NULL;
	c->n = 0;
}

/* The milliseconds at s: decimal digits alone, at most COST_MAX_MS; or -1. */
static long parse_ms(const char *s)
{
	long ms = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		ms = ms * 10 + (*s - '0');
		if (ms > COST_MAX_MS)
			return -1;
	}
	return ms;
}

/* One line (not the header, not a comment) at loc: 0, or -1 after an error. */
static int parse_line(struct costs *c, char *line, struct loc *loc)
{
	char *f[5], *p = line, *key;
	int n = 0, want, i;
	struct cost_entry *e;
	long ms;

	f[n++] = p;
	while (n < 5 && (p = strchr(p, '\t'))) {
		*p++ = '\0';
		f[n++] = p;
	}
	want = !strcmp(f[0], "prepare") ? 3 : !strcmp(f[0], "tu") ? 4 : 0;
	if (!want)
		return error_at(loc, "expected 'prepare<TAB>CELL<TAB>MS' or 'tu<TAB>CELL<TAB>STEM<TAB>MS'");
	if (n != want)
		return error_at(loc, "expected %s", want == 3 ? "'prepare<TAB>CELL<TAB>MS'" : "'tu<TAB>CELL<TAB>STEM<TAB>MS'");
	for (i = 1; i < n; i++) {
		loc->col = (int)(f[i] - line) + 1;
		if (!*f[i])
			return error_at(loc, "expected %s, found nothing", i == n - 1 ? "the milliseconds" :
				 i == 1 ? "a cell (ARCH/CONFIG)" : "a TU stem");
	}
	ms = parse_ms(f[n - 1]);
	if (ms < 0)
		return error_at(loc, "expected the milliseconds (decimal digits, at most %ld), found '%s'", COST_MAX_MS,
			 f[n - 1]);
	loc->col = 1;
	key = n == 3 ? xasprintf("%s\t%s", f[0], f[1]) : xasprintf("%s\t%s\t%s", f[0], f[1], f[2]);
	HASH_FIND_STR(c->table, key, e);
	if (e) {
		error_at(loc, "%s %s%s%s is listed twice (first on line %d)", f[0], f[1], n == 4 ? " " : "",
			 n == 4 ? f[2] : "", e->line);
		free(key);
		return -1;
	}
	e = set(c, key, ms);
	e->line = loc->line;
	return 0;
}

int costs_read(const char *path, struct costs *c)
{
	struct loc loc = { path, 0, 1 };
	char *text, *cur, *line;
	int bad = 0;

	c->table = NULL;
	c->n = 0;
	text = read_text_file(path, NULL, "hdrtest costs lines");
	if (!text) {
		if (errno == ENOENT)
			return 0;
		if (errno != EILSEQ)	/* a NUL byte: reported */
			error("cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	cur = text;
	while (!bad && (line = next_line(&cur))) {
		loc.line++;
		loc.col = 1;
		if (!cur) {
			error_at(&loc, "the last line has no newline: the file is cut short");
			bad = 1;
		} else if (loc.line == 1) {
			if (strcmp(line, COSTS_HEADER)) {
				error_at(&loc, "expected '" COSTS_HEADER "' (the first line of a costs file)");
				bad = 1;
			}
		} else if (line[0] != '#') {
			bad = parse_line(c, line, &loc) < 0;
		}
	}
	if (!bad && loc.line == 0) {
		loc.line = 1;
		error_at(&loc, "expected '" COSTS_HEADER "', found an empty file");
		bad = 1;
	}
	free(text);
	if (bad)
		costs_free(c);
	return bad ? -1 : 0;
}

static int by_key(const void *a, const void *b)
{
	return strcmp((*(struct cost_entry *const *)a)->key, (*(struct cost_entry *const *)b)->key);
}

char *costs_render(const struct costs *c)
{
	struct cost_entry **all = xcalloc(c->n + 1, sizeof(*all)), *e, *tmp;
	struct strbuf sb;
	int n = 0, i;

	HASH_ITER(hh, c->table, e, tmp)
		all[n++] = e;
	/* "prepare" < "tu", and a tab sorts before every character of a name */
	qsort(all, n, sizeof(*all), by_key);
	sb_init(&sb);
	sb_add(&sb, COSTS_HEADER "\n");
	for (i = 0; i < n; i++)
		sb_addf(&sb, "%s\t%ld\n", all[i]->key, all[i]->ms);
	free(all);
	return sb_detach(&sb);
}

int costs_write(const struct costs *c, const char *path)
{
	char *text = costs_render(c);
	int ret = write_file_atomic(path, text);

	free(text);
	return ret;
}

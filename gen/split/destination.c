// SPDX-License-Identifier: GPL-2.0
/*
 * Where make split moves a name (destination.h): MOVES=, else the slim
 * header holding the most of its relatives, else a new one.
 */
#define _GNU_SOURCE
#include "split/destination.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "base/files.h"
#include "base/util.h"
#include "cpp/clex.h"

struct move_line {
	char *name;
	char *header;
	int line;
	UT_hash_handle hh;
};

/* Invariant: each name once; path is the file they were read from. */
struct moves_map {
	char *path;
	struct move_line *lines;
};

void moves_free(struct moves_map *m)
{
	struct move_line *l, *tmp;

	if (!m)
		return;
	HASH_ITER(hh, m->lines, l, tmp) {
		HASH_DEL(m->lines, l);
		free(l->name);
		free(l->header);
		free(l);
	}
	free(m->path);
	free(m);
}

static int ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int ident_char(int c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

/* One line of MOVES= (no '\n'), or -1 after its error. */
static int read_line(struct moves_map *m, const char *text, const char *p, const char *end, int lineno)
{
	struct loc loc = { m->path, lineno, 1 };
	const char *q = p, *tab;
	struct move_line *l, *was;
	char *header;

	if (!ident_start(*q)) {
		text_loc(&loc, text, q);
		return error_at(&loc, "expected a C identifier (the name to move)");
	}
	while (q < end && ident_char(*q))
		q++;
	if (q == end || *q != '\t') {
		text_loc(&loc, text, q);
		return error_at(&loc, "expected a tab, then the header the name moves to");
	}
	tab = q++;
	header = xstrndup(q, end - q);
	if (!name_is_safe(header) || !ends_with(header, ".h") || strchr(header, ' ')) {
		text_loc(&loc, text, q);
		free(header);
		return error_at(&loc, "expected an include name ending in .h (\"linux/mm/x.h\"; %s)", SAFE_NAME_RULE);
	}
	l = xcalloc(1, sizeof(*l));
	l->name = xstrndup(p, tab - p);
	l->header = header;
	l->line = lineno;
	HASH_FIND_STR(m->lines, l->name, was);
	if (was) {
		text_loc(&loc, text, p);
		error_at(&loc, "%s is mapped already, on line %d: expected each name once", l->name, was->line);
		free(l->name);
		free(l->header);
		free(l);
		return -1;
	}
	HASH_ADD_KEYPTR(hh, m->lines, l->name, strlen(l->name), l);
	return 0;
}

struct moves_map *moves_read(const char *path)
{
	size_t len;
	char *text = read_text_file(path, &len, "lines of a name, a tab and a header");
	struct moves_map *m;
	const char *p;
	int lineno = 1;

	if (!text) {
		if (errno != EILSEQ)
			error("cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	m = xcalloc(1, sizeof(*m));
	m->path = xstrdup(path);
	for (p = text; *p; lineno++) {
		const char *end = strchrnul(p, '\n');

		if (end > p && *p != '#' && read_line(m, text, p, end, lineno)) {
			moves_free(m);
			free(text);
			return NULL;
		}
		p = *end ? end + 1 : end;
	}
	free(text);
	return m;
}

/* A slim header's count of relatives, and their names. */
struct holder {
	const char *header;
	char **names;
	int n;
};

static void add_relative(struct holder **hs, int *nh, const char *header, const char *name)
{
	struct holder *h = NULL;
	int i;

	for (i = 0; i < *nh && !h; i++)
		if (!strcmp((*hs)[i].header, header))
			h = &(*hs)[i];
	if (!h) {
		h = push(hs, nh, sizeof(*h));
		memset(h, 0, sizeof(*h));
		h->header = header;
	}
	if (!str_listed(h->names, h->n, name))
		*(char **)push(&h->names, &h->n, sizeof(char *)) = xstrdup(name);
}

static int in_dir(const struct scan_file *f, const char *dir)
{
	return f->include_name && starts_with(f->include_name, dir);
}

/* The names a definition uses: a function's calls; the identifiers of a
 * macro's body as the scan keeps it (d->value: comments and
 * continuations gone), its parameters left out.  Into *names
 * (allocated), each once; how many. */
static int def_uses(const struct scan_def *d, char ***names)
{
	struct clex lx;
	struct clex_tok t;
	int n = 0, i;

	*names = NULL;
	if (d->kind == SCAN_FUNC) {
		for (i = 0; i < d->ncalls; i++)
			*(char **)push(names, &n, sizeof(char *)) = xstrdup(d->calls[i]);
		return n;
	}
	if ((d->kind != SCAN_MACRO && d->kind != SCAN_DEFINE) || !d->value)
		return 0;
	clex_init(&lx, d->value, strlen(d->value), 1, 1);
	while (clex_next(&lx, &t) != CT_EOF) {
		char *w;

		if (t.kind != CT_IDENT)
			continue;
		w = xstrndup(t.s, t.n);
		if (!strcmp(w, "defined") || !strcmp(w, d->name) || str_listed((char *const *)d->args, d->nargs, w) ||
		    str_listed(*names, n, w))
			free(w);
		else
			*(char **)push(names, &n, sizeof(char *)) = w;
	}
	return n;
}

/* The relatives of name that headers under dir define, per header: what
 * name's definitions use, and the definitions that use name. */
static void relatives(const struct scan_index *ix, const char *name, const char *dir, struct holder **hs,
		      int *nh)
{
	const struct scan_file *const *files;
	const struct scan_def *d, *c;
	int nf = scan_files(ix, &files), i, j, n;
	char **uses;

	for (d = scan_lookup(ix, name); d; d = d->next) {
		n = def_uses(d, &uses);
		for (i = 0; i < n; i++)
			for (c = scan_lookup(ix, uses[i]); c; c = c->next)
				if (in_dir(c->file, dir) && strcmp(c->name, name))
					add_relative(hs, nh, c->file->include_name, c->name);
		free_strings(uses, n);
	}
	for (i = 0; i < nf; i++) {
		if (!in_dir(files[i], dir))
			continue;
		for (j = 0; j < files[i]->ndefs; j++) {
			d = files[i]->defs[j];
			if (!strcmp(d->name, name))
				continue;
			n = def_uses(d, &uses);
			if (str_listed(uses, n, name))
				add_relative(hs, nh, files[i]->include_name, d->name);
			free_strings(uses, n);
		}
	}
}

char *split_destination(const struct scan_index *ix, const struct moves_map *m, const char *name,
			const char *dir, char **why)
{
	struct move_line *l = NULL;
	struct holder *hs = NULL, *best = NULL;
	struct strbuf sb;
	char *to;
	int nh = 0, i;

	if (m)
		HASH_FIND_STR(m->lines, name, l);
	if (l) {
		*why = xasprintf("MOVES= (%s:%d)", m->path, l->line);
		return xstrdup(l->header);
	}
	relatives(ix, name, dir, &hs, &nh);
	for (i = 0; i < nh; i++)
		if (!best || hs[i].n > best->n || (hs[i].n == best->n && strcmp(hs[i].header, best->header) < 0))
			best = &hs[i];
	if (!best) {
		*why = xasprintf("a new header: no header under %s defines a name it uses or one that uses it", dir);
		to = xasprintf("%s%s.h", dir, name);
		/* the tree's header names are lower case: PAGE_ALIGN -> page_align.h */
		for (i = strlen(dir); to[i]; i++)
			to[i] = tolower((unsigned char)to[i]);
		return to;
	}
	qsort(best->names, best->n, sizeof(char *), cmp_strings);
	sb_init(&sb);
	sb_addf(&sb, "%s defines %d of its relatives (names it uses or that use it): ", best->header, best->n);
	for (i = 0; i < best->n; i++)
		sb_addf(&sb, "%s%s%s", i ? ", " : "", best->names[i], scan_is_callable(ix, best->names[i]) ? "()" : "");
	*why = sb_detach(&sb);
	to = xstrdup(best->header);
	for (i = 0; i < nh; i++)
		free_strings(hs[i].names, hs[i].n);
	free(hs);
	return to;
}

// SPDX-License-Identifier: GPL-2.0
/* A compiler's diagnostics, read: see diag.h. */
#include "judge/diag.h"

#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/util.h"

int is_diagnostic_line(const char *line)
{
	return strstr(line, ": error: ") || strstr(line, ": warning: ") || strstr(line, ": fatal error: ");
}

char *shorten_paths(const char *line, const char *srctree, const char *celldir, const char *display)
{
	char *from = xasprintf("%s/", celldir), *to = xasprintf("%s/", display);
	char *a = str_replace_all(line, from, to), *b;

	free(from);
	free(to);
	if (!*srctree)
		return a;
	from = xasprintf("%s/", srctree);
	b = str_replace_all(a, from, "");
	free(from);
	free(a);
	return b;
}

char *first_diagnostic(const char *log, const char *srctree, const char *celldir, const char *display)
{
	const char *cur = log, *line;
	size_t n;

	while ((line = next_line_span(&cur, &n))) {
		char *l = xstrndup(line, n);

		if (is_diagnostic_line(l)) {
			char *s = shorten_paths(l, srctree, celldir, display);

			free(l);
			return s;
		}
		free(l);
	}
	return NULL;
}

/* The number of a trailing ":DIGITS" of s[0..*n), *n cut before it; or
 * -1 when there is none. */
static int trailing_number(const char *s, size_t *n)
{
	size_t i = *n;

	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i == *n || *n - i > 9 || i < 2 || s[i - 1] != ':')
		return -1;
	*n = i - 1;
	return atoi(s + i);
}

int diag_split(const char *line, struct diag_parts *d)
{
	/* FILE has no ": " in it; LINE and COL are numbers */
	const char *sep = strstr(line, ": ");
	size_t n = sep ? (size_t)(sep - line) : 0;
	int last = sep ? trailing_number(line, &n) : -1, first;

	if (last < 0 || !strstr(sep + 2, ": "))
		return 0;
	first = trailing_number(line, &n);
	d->line = first < 0 ? last : first;
	d->col = first < 0 ? 0 : last;
	d->file = xstrndup(line, n);
	d->kind = sep + 2;
	d->msg = strstr(d->kind, ": ") + 2;
	return 1;
}

/* "PATH:LINE," or "PATH:LINE:" of an include chain: PATH, or NULL. */
static char *chain_file(const char *s, size_t n)
{
	if (n && (s[n - 1] == ',' || s[n - 1] == ':'))
		n--;
	return trailing_number(s, &n) < 0 ? NULL : xstrndup(s, n);
}

/* e from the first diagnostic, l: 0, or -1 when it is a warning. */
static int take_error(const char *l, struct first_error *e)
{
	struct diag_parts d;

	if (!diag_split(l, &d))
		return -1;
	e->fatal = starts_with(d.kind, "fatal error: ");
	if (!e->fatal && !starts_with(d.kind, "error: ")) {
		free(d.file);
		return -1;
	}
	e->file = d.file;
	e->line = d.line;
	e->msg = xstrdup(d.msg);
	return 0;
}

int first_error_read(const char *log, struct first_error *e)
{
	const char *cur = log, *line;
	size_t n;

	memset(e, 0, sizeof(*e));
	while ((line = next_line_span(&cur, &n))) {
		char *l = xstrndup(line, n);
		int from = starts_with(l, "In file included from ");
		const char *f = from ? l + strlen("In file included ") : l + strspn(l, " ");

		if (from || (f > l && starts_with(f, "from ") && e->nfrom)) {
			/* gcc: "In file included from INNER," then "  from
			 * OUTER" lines; clang: one "In file included from"
			 * line each, outermost first */
			char *file = chain_file(f + strlen("from "), strlen(f + strlen("from ")));

			if (file)
				*(char **)push(&e->from, &e->nfrom, sizeof(char *)) = file;
		} else if (is_diagnostic_line(l)) {
			int ret = take_error(l, e);

			free(l);
			if (ret)
				first_error_free(e);
			return ret;
		} else if (e->nfrom) {
			while (e->nfrom)
				free(e->from[--e->nfrom]);
		}
		free(l);
	}
	first_error_free(e);
	return -1;
}

void first_error_free(struct first_error *e)
{
	int i;

	for (i = 0; i < e->nfrom; i++)
		free(e->from[i]);
	free(e->from);
	free(e->file);
	free(e->msg);
	memset(e, 0, sizeof(*e));
}

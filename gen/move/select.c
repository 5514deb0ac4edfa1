// SPDX-License-Identifier: GPL-2.0
/*
 * What a move is asked, checked, and where it moves from.  Every symbol
 * is a C identifier, TO a header name under linux/.  FROM, unless given,
 * is the one header that defines every symbol now: a uapi twin has its
 * header's name, and a tag's forward declarations do not count; a
 * symbol defined in several headers or in none is refused.  TO may not
 * include FROM, nor any header that includes it: forbids lists them, on
 * every arch.
 */
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "model/validate.h"
#include "move/work.h"
#include "scan/headers.h"

/* name is a header's include name: a safe relative path of plain file
 * names ending in .h, under linux/ when linux_only. */
static int check_header(const char *what, const char *name, int linux_only)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./";
	char *p;

	if (name && name_is_safe(name) && strspn(name, plain) == strlen(name) && ends_with(name, ".h") &&
	    strchr(name, '/') && (!linux_only || starts_with(name, "linux/")))
		return 0;
	p = printable_line(name ? name : "");
	error("%s: expected a header's include name%s ending in .h, of letters, digits, '_', '-', '.' and '/', no "
	      "name in it empty or starting with '.' (\"linux/mm/memory_failure.h\"); found '%s'",
	      what, linux_only ? " under linux/" : "", p);
	free(p);
	return -1;
}

int move_check_input(const struct move_opts *o)
{
	int i, rc = 0;

	if (!o->nsymbols)
		rc = error("SYMBOLS: expected the C identifiers of the symbols to move; found none");
	for (i = 0; i < o->nsymbols; i++) {
		char *p;

		if (is_identifier(o->symbols[i]))
			continue;
		p = printable_line(o->symbols[i]);
		rc = error("SYMBOLS: expected C identifiers; found '%s'", p);
		free(p);
	}
	if (check_header("TO", o->to, 1))
		rc = -1;
	if (o->from && check_header("FROM", o->from, 0))
		rc = -1;
	return rc;
}

/* The include names of the headers that define name, forward
 * declarations aside, each once (a uapi twin has its header's name);
 * how many, into *out. */
static int definers(const struct scan_index *ix, const char *name, char ***out)
{
	const struct scan_def *d;
	int n = 0;

	*out = NULL;
	for (d = scan_lookup(ix, name); d; d = d->next)
		if (!is_forward_decl(d->kind) && d->file->include_name && !str_listed(*out, n, d->file->include_name))
			*(char **)push(out, &n, sizeof(char *)) = xstrdup(d->file->include_name);
	return n;
}

/* The one header every symbol is defined in, into *from; -1 after the
 * errors naming the symbols that are not. */
static int default_from(const struct move_work *w, char **from)
{
	const struct move_opts *o = w->o;
	int i, j, rc = 0, first = -1;

	*from = NULL;
	for (i = 0; i < o->nsymbols; i++) {
		char **names;
		int n = definers(w->ix, o->symbols[i], &names);
		struct strbuf sb;

		if (n == 1 && (!*from || !strcmp(*from, names[0]))) {
			if (!*from) {
				*from = xstrdup(names[0]);
				first = i;
			}
		} else if (n == 1) {
			rc = error("%s is defined in %s, %s in %s: a move takes the symbols of one header",
				   o->symbols[first], *from, o->symbols[i], names[0]);
		} else if (!n) {
			rc = error("%s: no header of the tree defines it", o->symbols[i]);
		} else {
			sb_init(&sb);
			for (j = 0; j < n; j++)
				sb_addf(&sb, "%s%s", j ? ", " : "", names[j]);
			rc = error("%s is defined in %d headers: %s: say which with FROM", o->symbols[i], n, sb.buf);
			sb_release(&sb);
		}
		free_strings(names, n);
	}
	if (rc) {
		free(*from);
		*from = NULL;
	}
	return rc;
}

/* FROM and every header under include/ that includes it, directly or
 * not.  Not through an arch's asm/ header, as header_closure() does not
 * follow one: what one arch's asm/X includes, the others' need not (the
 * proof sees each arch's). */
static void forbidden(struct move_work *w)
{
	int next;

	*(char **)push(&w->forbids, &w->nforbids, sizeof(char *)) = xstrdup(w->m->from);
	for (next = 0; next < w->nforbids; next++) {
		const struct scan_file *const *by;
		int n = scan_includers(w->ix, w->forbids[next], &by), i;

		for (i = 0; i < n; i++) {
			const char *z = by[i]->include_name;

			if (z && common_file(w->ix, z) == by[i] && !str_listed(w->forbids, w->nforbids, z))
				*(char **)push(&w->forbids, &w->nforbids, sizeof(char *)) = xstrdup(z);
		}
	}
}

/* Whether FROM defines every symbol; the errors for those it does not. */
static int from_defines_all(const struct move_work *w)
{
	int i, rc = 0;

	for (i = 0; i < w->o->nsymbols; i++) {
		const struct scan_def *d;
		int found = 0;

		for (d = scan_lookup(w->ix, w->o->symbols[i]); d; d = d->next)
			found |= d->file == w->from && !is_forward_decl(d->kind);
		if (!found)
			rc = error("%s: %s (%s) does not define it", w->o->symbols[i], w->m->from, w->from->path);
	}
	return rc;
}

int move_select(struct move_work *w, const char *tree)
{
	const char *to = w->o->to;
	char *from = NULL;

	if (w->o->from)
		from = xstrdup(w->o->from);
	else if (default_from(w, &from))
		return -1;
	w->m->from = from;
	w->m->to = xstrdup(to);
	if (!(w->from = common_file(w->ix, from)))
		return error("FROM: %s is no header under include/ of %s", from, tree);
	if (from_defines_all(w))
		return -1;
	if (!strcmp(from, to))
		return error("TO: %s is FROM itself", to);
	forbidden(w);
	if (str_listed(w->forbids, w->nforbids, to))
		return error("TO: %s includes %s: moving into it would make an include cycle", to, from);
	w->to = common_file(w->ix, to);
	w->m->to_exists = w->to != NULL;
	return 0;
}

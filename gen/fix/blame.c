// SPDX-License-Identifier: GPL-2.0
/*
 * Which patch of a proof round broke a TU.  Every TU reads the core
 * headers, so "it reads the patched header" blames every patch of a round
 * for the one that breaks them all.  gcc names the way to each diagnostic
 * ("In file included from OVERLAY/HEADER:LINE", the diagnostic's own
 * OVERLAY/HEADER:LINE:COL, its notes'): a patch is to blame when one of
 * those is a line it added.  A patched header the break merely passes
 * through, at one of its old includes, is not.  When no added line is on
 * any of them (a macro a new include defines, used elsewhere; a forbidden
 * header pulled in), every patched header the TU reads is to blame.
 */
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/fixer.h"

/* Whether the line at s (of length n) is a line of text at or after at. */
static int line_later(const char *at, const char *s, size_t n)
{
	while (*at) {
		size_t len = strcspn(at, "\n");

		if (len == n && !strncmp(at, s, n))
			return 1;
		at += len + (at[len] == '\n');
	}
	return 0;
}

int added_lines(const char *orig, const char *patched, int **lines)
{
	const char *a = orig, *b = patched;
	int n = 0, no = 1;

	*lines = NULL;
	while (*b) {
		size_t la = *a ? strcspn(a, "\n") : 0, lb = strcspn(b, "\n");

		if (*a && la == lb && !strncmp(a, b, la)) {
			a += la + (a[la] == '\n');
		} else {
			*lines = xrealloc(*lines, (n + 1) * sizeof(**lines));
			(*lines)[n++] = no;
			/* a line of orig that patched has no more: changed (a
			 * stub made to match), so both move on */
			if (*a && !line_later(b + lb + (b[lb] == '\n'), a, la))
				a += la + (a[la] == '\n');
		}
		b += lb + (b[lb] == '\n');
		no++;
	}
	/* a line of orig never met: not an edit hdrtest makes */
	if (*a) {
		free(*lines);
		*lines = NULL;
		return -1;
	}
	return n;
}

/* The LINE of ":LINE" at after, the end of a path in a log, or 0: -H
 * lines name a file with no :LINE. */
static int line_after(const char *after)
{
	return *after == ':' && after[1] >= '0' && after[1] <= '9' ? atoi(after + 1) : 0;
}

static int line_listed(const int *lines, int nlines, int no)
{
	int i;

	for (i = 0; i < nlines; i++)
		if (lines[i] == no)
			return 1;
	return 0;
}

int log_names_line(const char *log, const char *path, const int *lines, int nlines)
{
	size_t plen = strlen(path);
	const char *p = log;

	while ((p = strstr(p, path))) {
		p += plen;
		if (line_listed(lines, nlines, line_after(p)))
			return 1;
	}
	return 0;
}

void blame_init(struct blame *b, const struct fixer *fx)
{
	int i;

	b->added = xcalloc(fx->nfixes, sizeof(*b->added));
	b->nadded = xcalloc(fx->nfixes, sizeof(*b->nadded));
	b->hits = xcalloc(fx->ncells, sizeof(*b->hits));
	for (i = 0; i < fx->ncells; i++)
		b->hits[i] = fx->proof[i] ? xcalloc(fx->proof[i]->ntus, sizeof(**b->hits)) : NULL;
	for (i = 0; i < fx->nfixes; i++) {
		const struct hdr_fix *h = &fx->fixes[i];
		char *orig;

		if (!h->proven || !h->base || h->dropped)
			continue;
		orig = read_file(h->base, NULL);
		if (orig && (b->nadded[i] = added_lines(orig, h->proven, &b->added[i])) < 0)
			b->nadded[i] = 0;
		free(orig);
	}
}

void blame_free(struct blame *b, const struct fixer *fx)
{
	int i, k;

	for (i = 0; i < fx->nfixes; i++)
		free(b->added[i]);
	for (i = 0; i < fx->ncells; i++) {
		for (k = 0; b->hits[i] && k < fx->proof[i]->ntus; k++)
			free(b->hits[i][k]);
		free(b->hits[i]);
	}
	free(b->added);
	free(b->nadded);
	free(b->hits);
}

/* Mark in hit[] every fix one of whose added lines the log names as
 * OVERLAY/HEADER:LINE; hit[nfixes]: any was. */
static void read_stacks(const struct blame *b, const struct fixer *fx, const char *log, unsigned char *hit)
{
	size_t olen = strlen(fx->overlay);
	const char *p = log;
	int i;

	while ((p = strstr(p, fx->overlay))) {
		const char *hdr = p + olen + 1;
		size_t hlen;
		int no;

		p += olen;
		if (hdr[-1] != '/')
			continue;
		hlen = strcspn(hdr, ":\n");
		if (!(no = line_after(hdr + hlen)))
			continue;
		for (i = 0; i < fx->nfixes; i++) {
			const char *name = fx->fixes[i].header;

			if (strlen(name) == hlen && !strncmp(name, hdr, hlen) && line_listed(b->added[i], b->nadded[i], no)) {
				hit[i] = 1;
				hit[fx->nfixes] = 1;
			}
		}
	}
}

int blame_patch(struct blame *b, const struct fixer *fx, int ci, int k, const struct tu_result *o, int fi)
{
	const struct tu_result *t = &fx->proof[ci]->tus[k];

	if (t->forbidden && !(o && o->forbidden))
		return 1;
	if (!b->hits[ci][k]) {
		b->hits[ci][k] = xcalloc(fx->nfixes + 1, 1);
		read_stacks(b, fx, t->log, b->hits[ci][k]);
	}
	return !b->hits[ci][k][fx->nfixes] || b->hits[ci][k][fi];
}

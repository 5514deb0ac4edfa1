// SPDX-License-Identifier: GPL-2.0
/*
 * The moved spans inside FROM's #if skeleton, for TO: each span under the
 * #if branches it was under in FROM, each group opened and closed with
 * FROM's own lines.  A branch nothing moved from is left out: at the end
 * of its group simply (an #else kept only if something moved under it),
 * before a branch that moves by opening that one with its whole
 * condition ("#if !defined(X)" for the #else of an #ifdef X that kept
 * all, "#elif" the same after a left-out #elif).  A blank line comes
 * between two pieces where FROM has one between them, never after an #if
 * or before an #else or #endif.
 */
#include <string.h>

#include "move/work.h"

/* What is written so far: the branches open, outermost first; the line
 * of FROM the last piece written ends on (0: none yet), and whether it
 * was code (a span or an #endif), after which a blank line may come. */
struct skel {
	const struct move_work *w;
	struct strbuf *sb;
	const struct scan_cond *open[SCAN_MAX_DEPTH];
	int nopen;
	int last, after_code;
};

static void from_lines(struct skel *s, int first, int last)
{
	const struct move_text *t = &s->w->ft;
	const char *a = t->line_at[first], *b = t->line_at[last + 1];

	sb_addn(s->sb, a, b - a);
	if (b > a && b[-1] != '\n')
		sb_addc(s->sb, '\n');
	s->last = last;
}

/* Whether line (up to its end) is a function's prototype that starts
 * with extern: "extern TYPE NAME(", checkpatch's AVOID_EXTERNS test (a
 * CHECK with --strict: "extern prototypes should be avoided in .h
 * files").  Where it starts, the "extern " to drop, or NULL. */
static const char *extern_prototype(const char *line, const char *end)
{
	const char *p = line, *at;
	int words = 0;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p < 7 || strncmp(p, "extern", 6) || (p[6] != ' ' && p[6] != '\t'))
		return NULL;
	at = p;
	for (p += 6; p < end; ) {
		if (*p == ' ' || *p == '\t' || *p == '*') {
			p++;
		} else if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
			const char *w = p;

			while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
					   (*p >= '0' && *p <= '9')))
				p++;
			words++;
			if (words >= 2 && p < end && *p == '(' && (p - w != 13 || strncmp(w, "__attribute__", 13)))
				return at;
		} else {
			return NULL;
		}
	}
	return NULL;
}

/* A span's lines, each prototype's "extern " left out (as checkpatch
 * --fix drops it): the patch is checkpatch --strict clean. */
static void span_lines(struct skel *s, int first, int last)
{
	const struct move_text *t = &s->w->ft;
	int l;

	for (l = first; l <= last; l++) {
		const char *a = t->line_at[l], *b = t->line_at[l + 1], *ext = extern_prototype(a, b);

		if (ext) {
			sb_addn(s->sb, a, ext - a);
			for (a = ext + 6; a < b && (*a == ' ' || *a == '\t'); a++)
				;
		}
		sb_addn(s->sb, a, b - a);
		if (b > a && b[-1] != '\n')
			sb_addc(s->sb, '\n');
	}
	s->last = last;
}

/* Before an opening #if or a span that starts on line first. */
static void gap(struct skel *s, int first)
{
	int l;

	if (!s->last || !s->after_code)
		return;
	for (l = s->last + 1; l < first; l++) {
		if (move_blank_line(&s->w->ft, l)) {
			sb_addc(s->sb, '\n');
			return;
		}
	}
}

/* The directive of branch c: FROM's own when it follows the branch of
 * its group written before it (prev; NULL for the group's first, which
 * then is its #if), else its whole condition. */
static void branch(struct skel *s, const struct scan_cond *c, const struct scan_cond *prev)
{
	const struct move_text *t = &s->w->ft;
	int item = move_branch_item(t, c->group, c->branch);

	if (!prev)
		gap(s, c->line);
	if (item >= 0 && (prev ? c->branch == prev->branch + 1 : c->branch == 0)) {
		from_lines(s, t->items[item].first, t->items[item].last);
	} else {
		sb_addf(s->sb, "#%s %s\n", prev ? "elif" : "if", c->text);
		s->last = c->line;
	}
	s->after_code = 0;
}

static void close_to(struct skel *s, int keep)
{
	const struct move_text *t = &s->w->ft;

	while (s->nopen > keep) {
		const struct scan_cond *c = s->open[--s->nopen];
		int item = move_branch_item(t, c->group, t->f->groups[c->group].nbranches);

		if (item >= 0)
			from_lines(s, t->items[item].first, t->items[item].last);
		else
			sb_add(s->sb, "#endif\n");
		s->after_code = 1;
	}
}

static void put_span(struct skel *s, const struct move_span *sp)
{
	const struct scan_cond *chain[SCAN_MAX_DEPTH], *c;
	int n = 0, k = 0;

	for (c = sp->cond; c; c = c->parent)
		n++;
	for (c = sp->cond, k = n; c; c = c->parent)
		chain[--k] = c;
	while (k < s->nopen && k < n && s->open[k] == chain[k])
		k++;
	if (k < s->nopen && k < n && s->open[k]->group == chain[k]->group) {
		/* a later branch of a group open */
		close_to(s, k + 1);
		branch(s, chain[k], s->open[k]);
		s->open[k] = chain[k];
		k++;
	} else {
		close_to(s, k);
	}
	for (; k < n; k++) {
		branch(s, chain[k], NULL);
		s->open[s->nopen++] = chain[k];
	}
	gap(s, sp->first);
	span_lines(s, sp->first, sp->last);
	s->after_code = 1;
}

void move_skeleton(const struct move_work *w, struct strbuf *sb)
{
	struct skel s = { .w = w, .sb = sb };
	int i;

	for (i = 0; i < w->nspans; i++)
		put_span(&s, &w->spans[i]);
	close_to(&s, 0);
}

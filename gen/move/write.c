// SPDX-License-Identifier: GPL-2.0
/*
 * The texts a move writes.  TO: the SPDX line, an include guard in the
 * tree's style (fix_guard_name()), the includes and forward declarations
 * as make fix writes them (fix_additions()), then the moved spans in
 * FROM's #if skeleton; an existing TO gets its includes as make fix adds
 * them (fix_apply()) and the spans before its guard's #endif.  FROM: the
 * spans gone, with a blank line they leave doubled, and an #include of TO
 * where make fix puts an include (fix_include_spot()), so that every file
 * that includes FROM still sees every name.
 */
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "move/work.h"

/* The line of text the guard's #endif is on: its last "#endif"; 0 when
 * there is none. */
static int guard_endif(const char *text)
{
	const char *cur = text, *line;
	size_t n;
	int no = 0, at = 0;

	while ((line = next_line_span(&cur, &n))) {
		no++;
		if (n >= 6 && !strncmp(line, "#endif", 6))
			at = no;
	}
	return at;
}

/* TO as it is, with the includes it needs added and the spans before
 * its guard's #endif (at its end when it has no guard). */
static char *into_existing(const struct move_work *w)
{
	char *text = w->nadds ? fix_apply(w->to_old, w->to, w->adds, w->nadds) : xstrdup(w->to_old);
	int at = w->to->guard ? guard_endif(text) : 0, no = 0, blank = 1;
	const char *cur = text, *line;
	struct strbuf sb;
	size_t n;

	sb_init(&sb);
	while ((line = next_line_span(&cur, &n))) {
		if (++no == at)
			break;
		sb_addn(&sb, line, n);
		sb_addc(&sb, '\n');
		blank = strspn(line, " \t") == n;
	}
	if (!blank)
		sb_addc(&sb, '\n');
	move_skeleton(w, &sb);
	if (line) {
		sb_addc(&sb, '\n');
		sb_add(&sb, line);
	}
	free(text);
	return sb_detach(&sb);
}

char *move_to_text(const struct move_work *w)
{
	struct strbuf sb;
	char *guard, *adds;

	if (w->to)
		return into_existing(w);
	if (!(guard = fix_guard_name(w->ix, w->m->to))) {
		error("TO: %s: both include guards it could have are macros of the tree already", w->m->to);
		return NULL;
	}
	sb_init(&sb);
	sb_addf(&sb, "/* SPDX-License-Identifier: GPL-2.0 */\n#ifndef %s\n#define %s\n\n", guard, guard);
	adds = fix_additions(w->adds, w->nadds);
	if (*adds)
		sb_addf(&sb, "%s\n", adds);
	free(adds);
	move_skeleton(w, &sb);
	sb_addf(&sb, "\n#endif /* %s */\n", guard);
	free(guard);
	return sb_detach(&sb);
}

/* Whether line l is a directive of one of the words (each "#word"). */
static int directive_at(const struct move_text *t, int l, const char *const *words)
{
	const char *p;
	int i;

	if (l < 1 || l > t->nlines)
		return 0;
	for (p = t->line_at[l]; *p == ' ' || *p == '\t'; p++)
		;
	for (i = 0; words[i]; i++)
		if (starts_with(p, words[i]))
			return 1;
	return 0;
}

/* Where a run of gone lines leaves two blank lines, or a blank line
 * after an #if or before an #endif, one goes too. */
static void drop_blank(const struct move_text *t, char *gone)
{
	static const char *const opens[] = { "#if", "#elif", "#else", NULL };
	static const char *const closes[] = { "#elif", "#else", "#endif", NULL };
	int a, b, kept;

	for (a = 1; a <= t->nlines; a = b + 1) {
		for (; a <= t->nlines && !gone[a]; a++)
			;
		for (b = a; b + 1 <= t->nlines && gone[b + 1]; b++)
			;
		if (a > t->nlines)
			break;
		/* the line kept before the run: a blank line dropped after
		 * the run before may have joined the two */
		for (kept = a - 1; kept >= 1 && gone[kept]; kept--)
			;
		if (move_blank_line(t, b + 1) &&
		    (!kept || move_blank_line(t, kept) || directive_at(t, kept, opens)))
			gone[b + 1] = 1;
		else if (move_blank_line(t, kept) && (b == t->nlines || directive_at(t, b + 1, closes)))
			gone[kept] = 1;
	}
}

/* "#include <TO> // for a(), b" for what moved; "" when FROM has it. */
static char *include_of_to(const struct move_work *w)
{
	struct fix_cand *c;
	char *line;
	int i;

	for (i = 0; i < w->from->nincludes; i++)
		if (!strcmp(w->from->includes[i].name, w->m->to))
			return xstrdup("");
	c = xcalloc(w->m->nsyms + 1, sizeof(*c));
	for (i = 0; i < w->m->nsyms; i++) {
		c[i].kind = FIX_INCLUDE;
		c[i].header = w->m->from;
		c[i].symbol = w->m->syms[i].name;
		c[i].what = w->m->syms[i].what;
		c[i].include = w->m->to;
	}
	line = fix_additions(c, w->m->nsyms);
	free(c);
	return line;
}

char *move_from_text(const struct move_work *w)
{
	const struct move_text *t = &w->ft;
	char *gone = xcalloc(t->nlines + 2, 1), *include = include_of_to(w);
	int spot = fix_include_spot(t->text, w->from), i, l;
	struct strbuf sb;

	for (i = 0; i < w->nspans; i++)
		for (l = w->spans[i].first; l <= w->spans[i].last; l++)
			gone[l] = 1;
	drop_blank(t, gone);
	sb_init(&sb);
	if (!spot)
		sb_add(&sb, include);
	for (l = 1; l <= t->nlines; l++) {
		if (!gone[l]) {
			sb_addn(&sb, t->line_at[l], t->line_at[l + 1] - t->line_at[l]);
			if (t->line_at[l + 1][-1] != '\n')
				sb_addc(&sb, '\n');
		}
		if (l == spot)
			sb_add(&sb, include);
	}
	free(gone);
	free(include);
	return sb_detach(&sb);
}

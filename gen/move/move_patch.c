// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest move's patch, in the style of the series that splits
 * linux/mm.h: "linux/mm.h: move folio_size(), ... to mm/folio_size.h",
 * a body saying what moved, what the closure added and why, and the
 * proof; From and Signed-off-by as make fix writes them (write_mail()).
 */
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "move/mover.h"

/* How many named symbols a subject names before "...". */
#define SUBJECT_NAMES 2

/* The named symbols (why NULL), "a(), b()", at most max of them then
 * ", ..." (max 0: all). */
static char *named(const struct move *m, int max)
{
	struct strbuf sb;
	int i, n = 0;

	sb_init(&sb);
	for (i = 0; i < m->nsyms; i++) {
		if (m->syms[i].why)
			continue;
		if (max && n == max) {
			sb_add(&sb, ", ...");
			break;
		}
		sb_addf(&sb, "%s%s", n++ ? ", " : "", m->syms[i].what);
	}
	return sb_detach(&sb);
}

char *move_subject(const struct move *m)
{
	char *names = named(m, SUBJECT_NAMES);
	const char *to = starts_with(m->to, "linux/") ? m->to + strlen("linux/") : m->to;
	char *s = xasprintf("%s: move %s to %s", m->from, names, to);

	free(names);
	return s;
}

void move_closure_lines(const struct move *m, struct strbuf *sb)
{
	int i;

	for (i = 0; i < m->nsyms; i++)
		if (m->syms[i].why)
			sb_addf(sb, "  %s: %s\n", m->syms[i].what, m->syms[i].why);
}

void move_include_lines(const struct move *m, struct strbuf *sb)
{
	const char *cur = m->to_text, *line;
	size_t n;

	while ((line = next_line_span(&cur, &n)))
		if (starts_with(line, "#include"))
			sb_addf(sb, "  %.*s\n", (int)n, line);
}

/* The closure as a sentence: "The names they need that only linux/mm.h
 * defines moved with them: folio_nr_pages() (used by folio_size())."; NULL
 * when it added nothing. */
static char *closure_para(const struct move *m)
{
	struct strbuf sb;
	char *s;
	int i;

	sb_init(&sb);
	for (i = 0; i < m->nsyms; i++)
		if (m->syms[i].why)
			sb_addf(&sb, "%s%s (%s)", sb.len ? ", " : "", m->syms[i].what, m->syms[i].why);
	if (!sb.len)
		return NULL;
	s = xasprintf("The names they need that only %s defines moved with them: %s.", m->from, sb.buf);
	sb_release(&sb);
	return s;
}

int move_write_patch(struct mover *mv)
{
	const struct move *m = &mv->m;
	struct fixer *fx = &mv->fx;
	char *names = named(m, 0), *subject = move_subject(m), *closure = closure_para(m);
	char *origs[2], *patched[2], *rels[2] = { mv->from_path, mv->to_path }, *paras[3];
	struct strbuf series;
	const char *them = strchr(names, ',') ? "them" : "it";
	int np = 0, i, ret;
	/* the proof on objects, when it ran on a built dir */
	char *objects = mv->objects_cells ?
		xasprintf("  The %d kernel objects of its built cells that read %s compile as before (%d compiled, "
			  "the others the same program once preprocessed).", mv->objects_read, m->from,
			  mv->objects_read - mv->objects_unchanged) : NULL;

	paras[np++] = xasprintf("Move %s out of %s into %s, so that a header that needs only %s need not "
				"include %s.  %s includes %s: every file that includes it still sees %s.",
				names, m->from, m->to, them, m->from, m->from, m->to, them);
	if (closure)
		paras[np++] = closure;
	paras[np++] = xasprintf("Proven by hdrtest on %d cells: every header test of the run that reads %s "
				"compiled again with the move, none that passed fails, and %s compiles alone.%s",
				mv->proven, m->from, m->to, objects ? objects : "");
	origs[0] = xasprintf("%s/%s", fx->orig[0]->srctree, mv->from_path);
	origs[1] = m->to_exists ? xasprintf("%s/%s", fx->orig[0]->srctree, mv->to_path) : xstrdup("/dev/null");
	patched[0] = xasprintf("%s/%s", fx->overlay, m->from);
	patched[1] = xasprintf("%s/%s", fx->overlay, m->to);
	sb_init(&series);
	ret = write_mail(fx, fx->dir, 1, 1, subject, paras, np, rels, origs, patched, 2, &series, &mv->patch);
	for (i = 0; i < np; i++)
		free(paras[i]);
	for (i = 0; i < 2; i++) {
		free(origs[i]);
		free(patched[i]);
	}
	sb_release(&series);
	free(objects);
	free(subject);
	free(names);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest move's proof, one round of make fix's (fix/proof.c): TO's and
 * FROM's new texts in OUT/move/overlay, searched first; every TU of the
 * run whose depfile reads FROM or TO compiled again in OUT/move/proof/CELL,
 * and TO's own TU (added to each cell when the run has none: TO included
 * alone).  Kept when no TU that passed fails and TO's TU passes on every
 * cell.  Where TO's TU fails on a name a macro TO uses expands to
 * (vmemmap, through page_to_pfn()), which no scan of TO's own text sees,
 * the header the why-line names is included and the proof runs again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "fix/fixer.h"
#include "generate/emit.h"
#include "judge/explain.h"
#include "judge/results.h"
#include "scan/headers.h"
#include "move/mover.h"

/* An edit of header in the overlay: a candidate that is no reason why
 * not (patchable()), so that prove() compiles again each TU whose
 * depfile reads header. */
static void edited(struct fixer *fx, const char *header)
{
	struct hdr_fix *h = push(&fx->fixes, &fx->nfixes, sizeof(*h));
	struct fix_cand *c;

	memset(h, 0, sizeof(*h));
	h->header = xstrdup(header);
	c = push(&h->cands, &h->ncands, sizeof(*c));
	memset(c, 0, sizeof(*c));
	c->kind = FIX_INCLUDE;
	c->header = xstrdup(header);
	c->symbol = xstrdup(header);
}

/* TO's TU in cell ci as the run's generator writes it from TO's catalog
 * entry h, rendered into OUT/move/gen/CELL with the overlay searched
 * first; without a catalog (h NULL), or in a cell the proof skips, TO
 * included alone.  NULL after an error. */
static char *to_tu(struct mover *mv, int ci, struct header *h)
{
	struct fixer *fx = &mv->fx;
	const struct cell_result *c = fx->orig[ci];
	struct catalog one;
	struct gen_opts g = { .templates = mv->o->templates, .m4 = mv->o->m4, .overlay = fx->overlay };
	char *dir, *path, *text;

	if (!h || c->skipped || c->errored)
		return xasprintf("/* The TU of %s, moved into by hdrtest move: the header alone. */\n"
				 "#include <%s>\n", mv->m.to, mv->m.to);
	/* the run's catalog with TO's entry, its only header */
	one = *mv->with_to;
	one.headers = &h;
	one.nheaders = 1;
	one.nforbids = 0;
	dir = xasprintf("%s/gen/%s", fx->dir, fx->cells[ci]);
	g.cat = &one;
	g.arch = c->arch;
	g.config = c->config;
	g.kbuild = c->kbuild;
	g.out = dir;
	path = xasprintf("%s/%s.c", dir, mv->new_stem);
	text = NULL;
	if (!generate_cell(&g) && !(text = read_file(path, NULL)))
		error("cannot read %s, the TU of %s: %s", path, mv->m.to, strerror(errno));
	free(path);
	free(dir);
	return text;
}

/* TO's TU, per cell, when the run has none. */
static int new_tu(struct mover *mv)
{
	struct fixer *fx = &mv->fx;
	struct header *h = mv->with_to ? catalog_header(mv->with_to, mv->m.to) : NULL;
	int i;

	if (tu_named(fx->orig[0], mv->m.to))
		return 0;
	fx->new_header = mv->m.to;
	fx->new_stem = mv->new_stem = xstrndup(mv->m.to, strlen(mv->m.to) - 2);
	mv->new_texts = xcalloc(fx->ncells, sizeof(char *));
	fx->new_texts = mv->new_texts;
	for (i = 0; i < fx->ncells; i++) {
		if (!(mv->new_texts[i] = to_tu(mv, i, h)))
			return -1;
	}
	return 0;
}

/* OUT/move/overlay with TO's and FROM's new texts, the proof's state,
 * and TO's TU when the run has none. */
static int open_overlay(struct mover *mv)
{
	struct fixer *fx = &mv->fx;
	const struct move *m = &mv->m;

	fx->overlay = xasprintf("%s/overlay", fx->dir);
	fx->jobs = mv->o->jobs;
	fx->proof = xcalloc(fx->ncells, sizeof(*fx->proof));
	sb_init(&fx->recompiled);
	if (mkdirs(fx->overlay))
		return error("cannot create %s: %s", fx->overlay, strerror(errno));
	if (write_file_beneath(fx->overlay, m->from, m->from_text, strlen(m->from_text), 0644) ||
	    write_file_beneath(fx->overlay, m->to, m->to_text, strlen(m->to_text), 0644))
		return -1;
	edited(fx, m->from);
	edited(fx, m->to);
	return new_tu(mv);
}

/* The verdict on cell ci: each TU that passed in the run and fails now
 * into mv->breaks, TO's TU failing (or missing) into mv->to_fails. */
static void judge_cell(struct mover *mv, int ci)
{
	struct fixer *fx = &mv->fx;
	const struct cell_result *p = fx->proof[ci];
	const struct tu_result *to = tu_named(p, mv->m.to);
	int i;

	mv->proven++;
	for (i = 0; i < p->ntus; i++) {
		const struct tu_result *t = &p->tus[i], *was = tu_named(fx->orig[ci], t->header);
		char *why;

		if (t == to || t->verdict == V_PASS || !was || was->verdict != V_PASS)
			continue;
		why = proof_why(fx, ci, t);
		sb_addf(&mv->breaks, "  %s %s: %s\n", fx->cells[ci], t->header, why);
		free(why);
	}
	if (!to) {
		sb_addf(&mv->to_fails, "  %s %s: not compiled\n", fx->cells[ci], mv->m.to);
	} else if (to->verdict != V_PASS) {
		char *why = proof_why(fx, ci, to);

		sb_addf(&mv->to_fails, "  %s %s: %s\n", fx->cells[ci], to->header, why);
		free(why);
	}
}

/* text with "#include <include> // for name" among its first run of
 * includes, in name order, or after its guard's #define when it has
 * none.  The caller frees. */
static char *with_include(const char *text, const char *include, const char *name)
{
	char *line = xasprintf("#include <%s> // for %s\n", include, name);
	const char *cur = text, *at = NULL, *l;
	struct strbuf sb;
	size_t n;
	int in_run = 0, define_seen = 0;

	while ((l = next_line_span(&cur, &n))) {
		if (starts_with(l, "#include <")) {
			in_run = 1;
			if (strncmp(l, line, n) > 0) {
				at = l;
				break;
			}
			at = cur;
		} else if (in_run) {
			break;
		} else if (!define_seen && starts_with(l, "#define ")) {
			define_seen = 1;
			at = cur;
		}
	}
	sb_init(&sb);
	if (!at)
		at = text;
	sb_addn(&sb, text, at - text);
	if (!in_run && define_seen)
		sb_addc(&sb, '\n');
	sb_add(&sb, line);
	if (!in_run && define_seen && *at != '\n')
		sb_addc(&sb, '\n');
	sb_add(&sb, at);
	free(line);
	return sb_detach(&sb);
}

/* For each cell where TO's TU fails on a name TO uses and does not get,
 * defined in a header that reaches neither FROM nor TO: that header
 * included in TO (once), with a line for the summary into mv->added.
 * Returns how many were added; -1 after an error. */
static int include_what_to_lacks(struct mover *mv)
{
	struct fixer *fx = &mv->fx;
	struct move *m = &mv->m;
	int ci, added = 0;

	for (ci = 0; ci < fx->ncells; ci++) {
		const struct tu_result *to = fx->proof[ci] ? tu_named(fx->proof[ci], m->to) : NULL;
		struct explain_info *e;
		char *already, *text;
		int reach_from, reach_to;

		if (!to || to->verdict == V_PASS || !(e = explain_analyze(to, fx->proof[ci], fx->ix)))
			continue;
		if (e->kind != EXPLAIN_MISSING || !e->culprit || strcmp(e->culprit, m->to) || !e->definer ||
		    !e->missing || strchr(e->missing, ' ')) {
			explain_info_free(e);
			continue;
		}
		already = xasprintf("#include <%s>", e->definer);
		closure_size(fx->ix, e->definer, m->from, &reach_from);
		closure_size(fx->ix, e->definer, m->to, &reach_to);
		if (!strstr(m->to_text, already) && !reach_from && !reach_to && strcmp(e->definer, m->from)) {
			text = with_include(m->to_text, e->definer, e->missing);
			free(m->to_text);
			m->to_text = text;
			sb_addf(&mv->added, "  #include <%s> // for %s: %s, %s%s%s\n", e->definer, e->missing,
				fx->cells[ci], e->user ? e->user : m->to, e->through ? " through " : "",
				e->through ? e->through : "");
			added++;
		}
		free(already);
		explain_info_free(e);
	}
	if (added && write_file_beneath(fx->overlay, m->to, m->to_text, strlen(m->to_text), 0644))
		return -1;
	return added;
}

int move_prove(struct mover *mv)
{
	struct fixer *fx = &mv->fx;
	int i, added;

	if (open_overlay(mv))
		return -1;
	for (fx->rounds = 1;; fx->rounds++) {
		sb_release(&mv->breaks);
		sb_release(&mv->to_fails);
		mv->proven = 0;
		if (prove(fx))
			return -1;
		for (i = 0; i < fx->ncells; i++)
			if (fx->proof[i])
				judge_cell(mv, i);
		mv->kept = mv->proven && !mv->breaks.len && !mv->to_fails.len;
		if (mv->kept || !mv->to_fails.len || fx->rounds >= MOVE_ROUNDS)
			break;
		if ((added = include_what_to_lacks(mv)) < 0)
			return -1;
		if (!added)
			break;
	}
	return 0;
}

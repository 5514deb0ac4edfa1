// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest move's proof, one round of make fix's (fix/proof.c): TO's and
 * FROM's new texts in OUT/move/overlay, searched first; every TU of the
 * run whose depfile reads FROM or TO compiled again in OUT/move/proof/CELL,
 * and TO's own TU (added to each cell when the run has none: TO included
 * alone).  Kept when no TU that passed fails and TO's TU passes on every
 * cell.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/fixer.h"
#include "generate/emit.h"
#include "judge/results.h"
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
	fx->rounds = 1;
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

int move_prove(struct mover *mv)
{
	struct fixer *fx = &mv->fx;
	int i;

	if (open_overlay(mv) || prove(fx))
		return -1;
	for (i = 0; i < fx->ncells; i++)
		if (fx->proof[i])
			judge_cell(mv, i);
	mv->kept = mv->proven && !mv->breaks.len && !mv->to_fails.len;
	return 0;
}

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
	if (!tu_named(fx->orig[0], m->to)) {
		fx->new_header = m->to;
		fx->new_stem = mv->new_stem = xstrndup(m->to, strlen(m->to) - 2);
		fx->new_text = mv->new_text = xasprintf("/* The TU of %s, moved into by hdrtest move: the header alone. */\n"
							"#include <%s>\n", m->to, m->to);
	}
	return 0;
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

// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix: from a finished run's results, the smallest include or
 * declaration for every header a failure is in, proven on every cell of
 * the run.
 *
 * Each round writes the patched headers to OUT/fix/overlay, searched
 * before everything else, and proves them (fix/proof.c).  A failure the
 * patch uncovers (the next missing symbol) adds a candidate and another
 * round; at most FIX_ROUNDS rounds.  A fix is kept when no TU that passed
 * fails, no forbidden header comes in, and every cell where the header
 * failed passes or fails for another reason.  The fixes not kept are then
 * taken out and the rest proven again without them, until a round keeps
 * every fix it proves (at most DROP_ROUNDS more): a patch proven beside
 * one that breaks every TU is proven alone with its peers, not judged by
 * its neighbour's damage.  An include for a use under #if goes in
 * unconditionally; when that is what a fix is not kept for (it broke what
 * passed), the next of those rounds proves it under the use's #if, and
 * the patch says why.
 * The verdicts, the chain report (fix/chains.c) and the patches
 * (fix/patch.c) come last.  Nothing under KDIR is touched.
 */
#define _GNU_SOURCE
#include "fix/fix_all.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/consumers.h"
#include "fix/fix.h"
#include "fix/fixer.h"
#include "judge/explain.h"
#include "judge/results.h"
#include "scan/headers.h"
#include "scan/scan.h"

#define FIX_ROUNDS 5
#define DROP_ROUNDS 3

/* What fix reports, gathered as the steps after the rounds find it:
 * summary.txt's parts and the files beside it.  Zeroed, every strbuf is
 * empty, as sb_init() leaves one. */
struct fix_report {
	struct strbuf sum;		/* the verdict on each fix (judge_fixes) */
	struct strbuf unfixed;		/* the candidates no header qualifies for */
	struct strbuf verified;		/* the proof on objects (--verify-objects) */
	struct strbuf chains, chains_tsv;	/* forbidden headers pulled in through a chain */
	struct strbuf classes, classes_tsv;	/* each failing header's class */
	struct strbuf series, overlay_series;	/* the patches' names, in order */
};

static struct hdr_fix *fix_for(struct fixer *fx, const char *header)
{
	struct hdr_fix *h;
	int i;

	for (i = 0; i < fx->nfixes; i++)
		if (!strcmp(fx->fixes[i].header, header))
			return &fx->fixes[i];
	h = push(&fx->fixes, &fx->nfixes, sizeof(*h));
	memset(h, 0, sizeof(*h));
	h->header = xstrdup(header);
	return h;
}

/* Take in one missing name of a failing TU: a candidate if it is new for
 * the header it is in.  Returns 1 if it added one. */
static int take_one(struct fixer *fx, int ci, const struct cell_result *c, const struct tu_result *t,
		    const struct explain_info *e)
{
	struct hdr_fix *h;
	struct fix_cand cand;
	int k, seen = 0;

	struct scan_index *ox = NULL;
	const struct scan_file *copy = NULL;
	int rc;

	/* the copy the compiler read, when an overlay (the run's, or the
	 * proof's, which c names) held the culprit */
	if (c->overlay) {
		char *path = xasprintf("%s/%s", c->overlay, e->culprit), *rel = e->culprit;

		if (!access(path, F_OK) && (ox = scan_paths(c->overlay, &rel, 1)))
			copy = scan_file(ox, e->culprit);
		free(path);
	}
	rc = fix_choose(fx->ix, e, copy, c->forbids, c->nforbids, &cand);
	scan_free(ox);
	if (rc)
		return 0;
	h = fix_for(fx, e->culprit);
	for (k = 0; k < h->nfails; k++)
		seen |= h->fails[k].cell == ci && !strcmp(h->fails[k].tu, t->header);
	if (!seen) {
		struct failure *f = push(&h->fails, &h->nfails, sizeof(*f));

		f->cell = ci;
		f->tu = xstrdup(t->header);
		f->why = explain_failure(t, c, fx->ix);
	}
	for (k = 0; k < h->ncands && strcmp(h->cands[k].symbol, cand.symbol); k++)
		;
	if (k < h->ncands) {
		fix_cand_free(&cand);
		h->marks[k][ci] = 1;
		return 0;
	}
	h->marks = xrealloc(h->marks, (h->ncands + 1) * sizeof(*h->marks));
	h->marks[h->ncands] = xcalloc(fx->ncells, 1);
	h->marks[h->ncands][ci] = 1;
	*(struct fix_cand *)push(&h->cands, &h->ncands, sizeof(cand)) = cand;
	return 1;
}

/* Take in the failures of one set of results: a candidate for each
 * missing name not seen before, every name a log names, not only the
 * first (a name no header qualifies for must not hide the next one).
 * Returns how many candidates it added. */
static int take_failures(struct fixer *fx, struct cell_result **cr)
{
	int i, j, nth, added = 0;

	for (i = 0; i < fx->ncells; i++) {
		const struct cell_result *c = cr[i];

		for (j = 0; c && j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			struct explain_info *e;

			for (nth = 0; t->verdict == V_FAIL && nth < 32; nth++) {
				if (!(e = explain_analyze_nth(t, c, fx->ix, nth)))
					break;
				added += take_one(fx, i, c, t, e);
				explain_info_free(e);
			}
		}
	}
	return added;
}

/* The patched headers, in the overlay.  A header the run's own overlay
 * holds is patched there: that copy is what the run compiled. */
static int write_overlay(struct fixer *fx)
{
	const char *runov = fx->orig[0]->overlay, *srctree = fx->orig[0]->srctree;
	int i;

	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];
		const struct scan_file *f = common_file(fx->ix, h->header);
		char *src, *text, *patched, *dst, *slash;

		if (!patchable(h) || !f)
			continue;
		if (h->dropped) {
			dst = xasprintf("%s/%s", fx->overlay, h->header);
			unlink(dst);
			free(dst);
			continue;
		}
		free(h->path);
		h->path = xstrdup(f->path);
		src = runov ? xasprintf("%s/%s", runov, h->header) : NULL;
		if (!src || access(src, F_OK)) {
			free(src);
			src = xasprintf("%s/%s", srctree, f->path);
		}
		free(h->base);
		h->base = xstrdup(src);
		h->in_overlay = !starts_with(src, srctree);
		text = read_file(src, NULL);
		if (!text) {
			error("cannot read %s: %s", src, strerror(errno));
			free(src);
			return -1;
		}
		if (h->in_overlay) {
			char *rel = h->header;
			struct scan_index *ox = scan_paths(runov, &rel, 1);

			const struct scan_file *of = ox ? scan_file(ox, h->header) : NULL;

			patched = fix_apply(text, of ? of : f, h->cands, h->ncands);
			scan_free(ox);
		} else {
			patched = fix_apply(text, f, h->cands, h->ncands);
		}
		dst = xasprintf("%s/%s", fx->overlay, h->header);
		slash = strrchr(dst, '/');
		*slash = '\0';
		if (mkdirs(dst))
			return error("cannot create %s: %s", dst, strerror(errno));
		*slash = '/';
		if (write_file_atomic(dst, patched) < 0)
			return -1;
		free(src);
		free(text);
		free(patched);
		free(dst);
	}
	return 0;
}

/* Whether a fix is still kept (and so worth another round). */
static int any_kept(const struct fixer *fx)
{
	int i;

	for (i = 0; i < fx->nfixes; i++)
		if (fx->fixes[i].kept)
			return 1;
	return 0;
}

/* OUT/fix/overlay, searched first by the proof's compiles. */
static int open_overlay(struct fixer *fx, int jobs)
{
	fx->jobs = jobs;
	fx->overlay = xasprintf("%s/overlay", fx->dir);
	sb_init(&fx->recompiled);
	fx->proof = xcalloc(fx->ncells, sizeof(*fx->proof));
	if (mkdirs(fx->overlay))
		return error("cannot create %s: %s", fx->overlay, strerror(errno));
	return 0;
}

/* A candidate for each failure of the run, proven, and again for what a
 * patch uncovers; the fixes then in the order of their headers. */
static int prove_rounds(struct fixer *fx)
{
	int added;

	take_failures(fx, fx->orig);
	do {
		fx->rounds++;
		if (write_overlay(fx) || prove(fx))
			return -1;
		added = take_failures(fx, fx->proof);
	} while (added && fx->rounds < FIX_ROUNDS);
	qsort(fx->fixes, fx->nfixes, sizeof(*fx->fixes), cmp_hdr_fix);
	return 0;
}

/* The verdict on each fix; what was kept beside the fixes not kept,
 * proven again without them; a fix not kept for what its unconditional
 * includes for uses under #if broke, proven again with them under the
 * #if. */
static int judge_rounds(struct fixer *fx, struct fix_report *r)
{
	int drops, pending;

	judge_fixes(fx, &r->sum, &r->unfixed);
	for (drops = 0; drops < DROP_ROUNDS && drop_unkept(fx, &pending) && (pending || any_kept(fx)); drops++) {
		fx->rounds++;
		if (write_overlay(fx) || prove(fx))
			return -1;
		sb_release(&r->sum);
		sb_release(&r->unfixed);
		judge_fixes(fx, &r->sum, &r->unfixed);
	}
	return 0;
}

/* The kept patches in the order they apply, grouped by directory, each
 * after those it depends on (order_series); two series: the tree's, and
 * the overlay's own copies' (a diff of an overlay copy does not apply to
 * the tree). */
static int write_patches(struct fixer *fx, struct fix_report *r)
{
	const char *srctree = fx->orig[0]->srctree;
	int i, kept = 0, kept_overlay = 0, no = 0, no_overlay = 0;

	order_series(fx);
	for (i = 0; i < fx->nfixes; i++) {
		kept += fx->fixes[i].kept;
		kept_overlay += fx->fixes[i].kept && fx->fixes[i].in_overlay;
	}
	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];

		if (!h->kept)
			continue;
		if (h->in_overlay ? write_patch(fx, h, ++no_overlay, kept_overlay, srctree, &r->overlay_series) :
				    write_patch(fx, h, ++no, kept - kept_overlay, srctree, &r->series))
			return -1;
	}
	if (kept > kept_overlay && write_cover_letter(fx, kept - kept_overlay, srctree))
		return -1;
	return 0;
}

/* summary.txt: the verdicts, what has no patch and why, how to apply. */
static void summary_text(const struct fixer *fx, const struct fix_report *r, struct strbuf *all)
{
	sb_addf(all, "hdrtest fix: %d cells, %d rounds of proof, %d TUs compiled again\n\n", fx->ncells,
		fx->rounds, fx->compiled);
	sb_addf(all, "%-28s %s\n", "header", "fix");
	sb_add(all, r->sum.len ? r->sum.buf : "(no header can be fixed by an include or a declaration)\n");
	if (r->verified.len)
		sb_addf(all, "\n%s", r->verified.buf);
	if (r->unfixed.len)
		sb_addf(all, "\nNo patch (no header qualifies):\n%s", r->unfixed.buf);
	if (r->chains.len)
		sb_addf(all, "\nForbidden headers pulled in through a chain (no automatic patch):\n%s",
			r->chains.buf);
	if (r->classes.len)
		sb_addf(all, "\n%s", r->classes.buf);
	if (r->series.len)
		patch_apply_line(all, fx, fx->orig[0]->srctree, 0);
	if (r->overlay_series.len)
		patch_apply_line(all, fx, fx->orig[0]->overlay, 1);
}

/* OUT/fix/name, sb's text. */
static int write_out(const struct fixer *fx, const char *name, const struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", fx->dir, name);
	int ret = write_file_atomic(path, sb->len ? sb->buf : "");

	free(path);
	return ret < 0 ? -1 : 0;
}

/* OUT/fix/overlay-series, only when there are overlay patches. */
static int write_overlay_series(const struct fixer *fx, const struct strbuf *series)
{
	char *path = xasprintf("%s/overlay-series", fx->dir);
	int ret = 0;

	if (series->len ? write_file_atomic(path, series->buf) < 0 : unlink(path) && errno != ENOENT)
		ret = error("cannot write %s: %s", path, strerror(errno));
	free(path);
	return ret;
}

/* The files beside the patches and summary.txt, then the summary. */
static int write_report(struct fixer *fx, const struct fix_report *r)
{
	struct strbuf all, breaks;
	int i, ret;

	/* the time goes to the terminal only: summary.txt is deterministic */
	printf("hdrtest fix: %d cells, %d rounds of proof, %d TUs compiled again in %.1f s", fx->ncells,
	       fx->rounds, fx->compiled, fx->seconds);
	if (fx->reused)
		printf(" (%d results of the round before reused: nothing they read changed)", fx->reused);
	printf("\n\n");
	sb_init(&all);
	summary_text(fx, r, &all);
	/* every TU a fix broke, of which the summary names the first few */
	sb_init(&breaks);
	for (i = 0; i < fx->nfixes; i++) {
		if (fx->fixes[i].uncond_breaks)
			sb_add(&breaks, fx->fixes[i].uncond_breaks);
		if (fx->fixes[i].breaks)
			sb_add(&breaks, fx->fixes[i].breaks);
	}
	ret = write_out(fx, "recompiled", &fx->recompiled) || write_out(fx, "series", &r->series) ||
	      write_overlay_series(fx, &r->overlay_series) || write_out(fx, "classes.tsv", &r->classes_tsv) ||
	      write_out(fx, "chains.tsv", &r->chains_tsv) || write_out(fx, "breaks.tsv", &breaks) ||
	      write_out(fx, "summary.txt", &all) ? -1 : 0;
	if (!ret)
		fputs(all.buf, stdout);
	sb_release(&breaks);
	sb_release(&all);
	return ret;
}

/* Whether a failure is left without a kept patch. */
static int unfixed_left(const struct fixer *fx, const struct fix_report *r)
{
	int i;

	if (r->unfixed.len || r->chains.len)
		return 1;
	for (i = 0; i < fx->nfixes; i++)
		if (!fx->fixes[i].kept && patchable(&fx->fixes[i]))
			return 1;
	return 0;
}

static void report_release(struct fix_report *r)
{
	struct strbuf *all[] = { &r->sum, &r->unfixed, &r->verified, &r->chains, &r->chains_tsv, &r->classes,
				 &r->classes_tsv, &r->series, &r->overlay_series };
	size_t i;

	for (i = 0; i < sizeof(all) / sizeof(*all); i++)
		sb_release(all[i]);
}

int fix_all(const struct fix_opts *o)
{
	struct fixer fx = { 0 };
	struct fix_report r = { 0 };
	int ret = -1;

	if (fixer_open(&fx, o->out, "fix", o->cells, o->ncells, o->signoff) || open_overlay(&fx, o->jobs))
		goto out;
	if (prove_rounds(&fx) || judge_rounds(&fx, &r))
		goto out;
	if (o->verify_objects && verify_on_objects(&fx, &r.verified))
		goto out;
	/* what has no patch: the chains to a forbidden header; every
	 * failing header's class */
	chains(&fx, &r.chains, &r.chains_tsv);
	classify_failures(&fx, &r.classes, &r.classes_tsv);
	if (write_patches(&fx, &r) || write_report(&fx, &r))
		goto out;
	ret = unfixed_left(&fx, &r);
out:
	report_release(&r);
	fixer_close(&fx);
	return ret;
}

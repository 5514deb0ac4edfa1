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
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "fix/consumers.h"
#include "fix/fix.h"
#include "fix/fixer.h"
#include "judge/explain.h"
#include "judge/results.h"
#include "scan/headers.h"
#include "scan/scan.h"

#define FIX_ROUNDS 5
#define DROP_ROUNDS 3

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
static int write_overlay(struct fixer *fx, const char *srctree)
{
	const char *runov = fx->orig[0]->overlay;
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

static int cmp_fix(const void *a, const void *b)
{
	return strcmp(((const struct hdr_fix *)a)->header, ((const struct hdr_fix *)b)->header);
}

static const char *out, *jobs, *signoff, *verify_objects;

static const struct cmd_option fix_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the finished run; fixes go to OUTDIR/fix" },
	{ "jobs", "N", &jobs, "2", 0, "compile N TUs at once" },
	{ "signoff", NULL, &signoff, NULL, 0, "add your Signed-off-by (git config user.name/email)" },
	{ "verify-objects", NULL, &verify_objects, NULL, 0, "prove the patches on OUTDIR/CELL/built's objects" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_fix(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), i, j, k, added, kept = 0, kept_overlay = 0, unfixed_n = 0, drops;
	int pending;
	struct fixer fx = { 0 };
	struct strbuf sum, unfixed, ch, ch_tsv, series, overlay_series, classes, classes_tsv, verified, breaks_tsv;
	const char *srctree;
	char *path;
	int ret = CMD_OK;

	if (first < 0)
		return CMD_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	fx.jobs = atoi(jobs);
	if (fx.jobs < 1)
		fx.jobs = 1;
	if (fixer_open(&fx, out, "fix", argv + first, argc - first, signoff != NULL)) {
		fixer_close(&fx);
		return CMD_ERROR;
	}
	srctree = fx.orig[0]->srctree;
	fx.overlay = xasprintf("%s/overlay", fx.dir);
	sb_init(&fx.recompiled);
	fx.proof = xcalloc(fx.ncells, sizeof(*fx.proof));
	if (mkdirs(fx.overlay)) {
		error("cannot create %s: %s", fx.overlay, strerror(errno));
		return CMD_ERROR;
	}

	take_failures(&fx, fx.orig);
	/* prove, and again for what a patch uncovers */
	do {
		fx.rounds++;
		if (write_overlay(&fx, srctree) || prove(&fx))
			return CMD_ERROR;
		added = take_failures(&fx, fx.proof);
	} while (added && fx.rounds < FIX_ROUNDS);
	qsort(fx.fixes, fx.nfixes, sizeof(*fx.fixes), cmp_fix);

	sb_init(&sum);
	sb_init(&unfixed);
	sb_init(&ch);
	sb_init(&series);
	sb_init(&overlay_series);
	judge_fixes(&fx, &sum, &unfixed);
	/* what was kept beside the fixes not kept, proven again without them;
	 * a fix not kept for what its unconditional includes for uses under
	 * #if broke, proven again with them under the #if */
	for (drops = 0; drops < DROP_ROUNDS && drop_unkept(&fx, &pending) && (pending || any_kept(&fx)); drops++) {
		fx.rounds++;
		if (write_overlay(&fx, srctree) || prove(&fx))
			return CMD_ERROR;
		sb_release(&sum);
		sb_release(&unfixed);
		judge_fixes(&fx, &sum, &unfixed);
	}
	/* every TU a fix broke, of which the summary names the first few */
	sb_init(&breaks_tsv);
	for (i = 0; i < fx.nfixes; i++) {
		if (fx.fixes[i].uncond_breaks)
			sb_add(&breaks_tsv, fx.fixes[i].uncond_breaks);
		if (fx.fixes[i].breaks)
			sb_add(&breaks_tsv, fx.fixes[i].breaks);
	}
	sb_init(&verified);
	if (verify_objects && verify_on_objects(&fx, &verified))
		return CMD_ERROR;
	sb_init(&ch_tsv);
	chains(&fx, &ch, &ch_tsv);
	sb_init(&classes);
	sb_init(&classes_tsv);
	classify_failures(&fx, &classes, &classes_tsv);
	/* the patches in the order they apply: grouped by directory, each
	 * after those it depends on */
	order_series(&fx);
	for (i = 0; i < fx.nfixes; i++)
		kept += fx.fixes[i].kept;
	/* two series: the tree's, and the overlay's own copies' (a diff of
	 * an overlay copy does not apply to the tree) */
	for (i = 0; i < fx.nfixes; i++)
		if (fx.fixes[i].kept)
			kept_overlay += fx.fixes[i].in_overlay;
	for (i = 0, j = 0, k = 0; i < fx.nfixes; i++) {
		struct hdr_fix *h = &fx.fixes[i];

		if (!h->kept)
			continue;
		if (h->in_overlay ? write_patch(&fx, h, ++k, kept_overlay, srctree, &overlay_series) :
				    write_patch(&fx, h, ++j, kept - kept_overlay, srctree, &series))
			return CMD_ERROR;
	}
	if (kept > kept_overlay && write_cover_letter(&fx, kept - kept_overlay, srctree))
		return CMD_ERROR;
	for (i = 0; i < (int)unfixed.len; i++)
		unfixed_n += unfixed.buf[i] == '\n';
	{
		struct strbuf all;

		sb_init(&all);
		/* the time goes to the terminal only: summary.txt is deterministic */
		printf("hdrtest fix: %d cells, %d rounds of proof, %d TUs compiled again in %.1f s", fx.ncells,
		       fx.rounds, fx.compiled, fx.seconds);
		if (fx.reused)
			printf(" (%d results of the round before reused: nothing they read changed)", fx.reused);
		printf("\n\n");
		sb_addf(&all, "hdrtest fix: %d cells, %d rounds of proof, %d TUs compiled again\n\n", fx.ncells,
			fx.rounds, fx.compiled);
		sb_addf(&all, "%-28s %s\n", "header", "fix");
		sb_add(&all, sum.len ? sum.buf : "(no header can be fixed by an include or a declaration)\n");
		if (verified.len)
			sb_addf(&all, "\n%s", verified.buf);
		if (unfixed.len)
			sb_addf(&all, "\nNo patch (no header qualifies):\n%s", unfixed.buf);
		if (ch.len)
			sb_addf(&all, "\nForbidden headers pulled in through a chain (no automatic patch):\n%s",
				ch.buf);
		if (classes.len)
			sb_addf(&all, "\n%s", classes.buf);
		if (series.len)
			patch_apply_line(&all, &fx, srctree, 0);
		if (overlay_series.len)
			patch_apply_line(&all, &fx, fx.orig[0]->overlay, 1);
		path = xasprintf("%s/recompiled", fx.dir);
		if (write_file_atomic(path, fx.recompiled.len ? fx.recompiled.buf : "") < 0)
			return CMD_ERROR;
		free(path);
		path = xasprintf("%s/series", fx.dir);
		if (write_file_atomic(path, series.buf ? series.buf : "") < 0)
			return CMD_ERROR;
		free(path);
		path = xasprintf("%s/overlay-series", fx.dir);
		if (overlay_series.len ? write_file_atomic(path, overlay_series.buf) < 0 :
					 unlink(path) && errno != ENOENT) {
			error("cannot write %s: %s", path, strerror(errno));
			return CMD_ERROR;
		}
		free(path);
		path = xasprintf("%s/classes.tsv", fx.dir);
		if (write_file_atomic(path, classes_tsv.len ? classes_tsv.buf : "") < 0)
			return CMD_ERROR;
		free(path);
		path = xasprintf("%s/chains.tsv", fx.dir);
		if (write_file_atomic(path, ch_tsv.len ? ch_tsv.buf : "") < 0)
			return CMD_ERROR;
		free(path);
		path = xasprintf("%s/breaks.tsv", fx.dir);
		if (write_file_atomic(path, breaks_tsv.len ? breaks_tsv.buf : "") < 0)
			return CMD_ERROR;
		free(path);
		path = xasprintf("%s/summary.txt", fx.dir);
		if (write_file_atomic(path, all.buf) < 0)
			return CMD_ERROR;
		free(path);
		fputs(all.buf, stdout);
		sb_release(&all);
	}
	if (unfixed.len || ch.len)
		ret = CMD_FAILED;
	for (i = 0; i < fx.nfixes; i++)
		if (!fx.fixes[i].kept && patchable(&fx.fixes[i]))
			ret = CMD_FAILED;
	sb_release(&classes);
	sb_release(&verified);
	sb_release(&classes_tsv);
	sb_release(&breaks_tsv);
	sb_release(&ch_tsv);
	fixer_close(&fx);
	return ret;
}

const struct command cmd_fix = {
	"fix", "the smallest include or declaration for each failing header, proven on the run's cells",
	fix_options, "ARCH/CONFIG...",
	run_fix,
};

// SPDX-License-Identifier: GPL-2.0
/*
 * What became of every failing header, in one class each.  The fixes
 * are kept or not per edited header (proof.c); a header under test may
 * fail through several of them (its own, one it includes), or for what
 * no include fixes.  Its class is read from the last proof, where every
 * candidate was applied:
 *
 *   fixed by a declaration / an include / both / an include for an #if
 *   macro / an include guard / a stub made to match its declaration /
 *   several kinds of fix
 *       it passes now on every cell where it failed, and every fix its
 *       failures asked for is kept: the kinds of those fixes;
 *   fixed by the series' other patches
 *       it passes, and none of its failures asked for a fix of its own
 *       (a header it includes was fixed for another header's failure);
 *   needs a move
 *       it still fails, for a name defined only in a forbidden header or
 *       in one that includes it back: the reason names both;
 *   not fixable yet
 *       it still fails for anything else hdrtest explains, with the
 *       reason: a name no header defines, a fix not kept (it broke what
 *       passed), a forbidden header pulled in through a chain;
 *   not explained
 *       it still fails for a diagnostic hdrtest does not explain (its
 *       class, as the baseline has it): counted apart, what is left for
 *       a person to read.
 *
 * Headers not meant to stand alone are skips, never failures: counted
 * beside the table.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fix/fix.h"
#include "fix/fixer.h"
#include "judge/baseline.h"
#include "judge/explain.h"

enum fix_class {
	CLASS_DECLARE,
	CLASS_INCLUDE,
	CLASS_BOTH,
	CLASS_IF_INCLUDE,
	CLASS_GUARD,
	CLASS_STUB,
	CLASS_SEVERAL,
	CLASS_OTHERS,
	CLASS_MOVE,		/* this one and those after it are no fix */
	CLASS_NOT_YET,
	CLASS_UNEXPLAINED,
	NCLASSES
};

static const char *const class_names[NCLASSES] = {
	[CLASS_DECLARE] = "fixed by a declaration",
	[CLASS_INCLUDE] = "fixed by an include",
	[CLASS_BOTH] = "fixed by both",
	[CLASS_IF_INCLUDE] = "fixed by an include for an #if macro",
	[CLASS_GUARD] = "fixed by an include guard",
	[CLASS_STUB] = "fixed by a stub made to match",
	[CLASS_SEVERAL] = "fixed by several kinds of fix",
	[CLASS_OTHERS] = "fixed by the series' other patches",
	[CLASS_MOVE] = "needs a move",
	[CLASS_NOT_YET] = "not fixable yet",
	[CLASS_UNEXPLAINED] = "not explained",
};

/* The kind of a kept fix, as a bit of the kinds a header's fixes have. */
static int kind_bit(const struct fix_cand *c)
{
	switch (c->kind) {
	case FIX_DECLARE:
		return 1 << CLASS_DECLARE;
	case FIX_INCLUDE:
		return c->before ? 1 << CLASS_IF_INCLUDE : 1 << CLASS_INCLUDE;
	case FIX_GUARD:
		return 1 << CLASS_GUARD;
	case FIX_STUB:
		return 1 << CLASS_STUB;
	default:
		return 0;
	}
}

/* The class of a header fixed by kept fixes of the kinds in bits. */
static enum fix_class fixed_by(int bits)
{
	int i;

	if (!bits)
		return CLASS_OTHERS;
	if (bits == (1 << CLASS_DECLARE | 1 << CLASS_INCLUDE))
		return CLASS_BOTH;
	for (i = 0; i < CLASS_SEVERAL; i++)
		if (bits == 1 << i)
			return i;
	return CLASS_SEVERAL;
}

/* Every header whose TU fails on some cell of the run, sorted, once. */
static char **failing_headers(struct fixer *fx, int *n)
{
	char **list = NULL;
	int i, j, k, m = 0;

	for (i = 0; i < fx->ncells; i++)
		for (j = 0; fx->orig[i] && j < fx->orig[i]->ntus; j++)
			if (fx->orig[i]->tus[j].verdict == V_FAIL)
				*(char **)push(&list, &m, sizeof(char *)) = fx->orig[i]->tus[j].header;
	qsort(list, m, sizeof(char *), cmp_strings);
	for (i = 0, k = 0; i < m; i++)
		if (!k || strcmp(list[k - 1], list[i]))
			list[k++] = list[i];
	*n = k;
	return list;
}

/* The TU of header on cell ci as the last proof has it (the run's own
 * when the proof has none). */
static const struct tu_result *now(struct fixer *fx, int ci, const char *header, const struct cell_result **c)
{
	const struct tu_result *t = fx->proof[ci] ? tu_named(fx->proof[ci], header) : NULL;

	*c = t ? fx->proof[ci] : fx->orig[ci];
	return t ? t : tu_named(fx->orig[ci], header);
}

/* Why fix h is not kept, from the last round that had it in: "it breaks
 * 422 TUs that passed" (linux/wait.h's, on the census). */
static char *not_kept_why(const struct hdr_fix *h)
{
	if (h->broke_objects)
		return xasprintf("it breaks %d kernel %s: %s", h->broke_objects,
				 h->broke_objects == 1 ? "object" : "objects", h->objects_why);
	if (h->broke)
		return xasprintf("it breaks %d %s that passed", h->broke, h->broke == 1 ? "TU" : "TUs");
	if (h->newdiag)
		return xasprintf("it gives %d failing %s a new kind of diagnostic", h->newdiag,
				 h->newdiag == 1 ? "TU" : "TUs");
	if (!h->fixes_a_cell)
		return xstrdup("it fixes no cell");
	return xstrdup("not proven where it was needed");
}

/* "its fix" when h is header's own, else "the fix of X". */
static char *whose_fix(const struct hdr_fix *h, const char *header)
{
	return strcmp(h->header, header) ? xasprintf("the fix of %s", h->header) : xstrdup("its fix");
}

/* "<whose fix> is not kept: <why>", or with fmt "passes with %s, which is
 * not kept: %s". */
static char *not_kept_reason(const char *fmt, const struct hdr_fix *h, const char *header)
{
	char *whose = whose_fix(h, header), *why = not_kept_why(h), *r = xasprintf(fmt, whose, why);

	free(whose);
	free(why);
	return r;
}

/* Why header t still fails on cell c, as a class and a reason. */
static enum fix_class why_still(struct fixer *fx, const struct cell_result *c, const struct tu_result *t,
				const struct hdr_fix *not_kept, char **reason)
{
	struct explain_info *e = explain_analyze(t, c, fx->ix);
	struct fix_cand cand;
	enum fix_class cls = CLASS_NOT_YET;

	if (e && !fix_choose(fx->ix, e, NULL, c->forbids, c->nforbids, &cand)) {
		if (cand.kind == FIX_NONE) {
			cls = strstr(cand.why_not, "(forbidden)") || strstr(cand.why_not, ": a cycle)") ? CLASS_MOVE
													: CLASS_NOT_YET;
			*reason = xstrdup(cand.why_not);
		} else if (not_kept) {
			*reason = not_kept_reason("%s is not kept: %s", not_kept, t->header);
		} else {
			char *what = fix_summary(&cand);

			*reason = xasprintf("%s: %s, not proven within the rounds of proof", e->culprit, what);
			free(what);
		}
		fix_cand_free(&cand);
	} else if (e) {
		*reason = explain_failure(t, c, fx->ix);
	} else if (t->forbidden) {
		*reason = xasprintf("pulls in the forbidden header %s (no automatic patch: see the chain report)",
				    t->forbidden);
	} else {
		char *cls_text = diagnostic_class(t->detail ? t->detail : "fails");

		*reason = xasprintf("a diagnostic hdrtest does not explain: %s", cls_text);
		free(cls_text);
		cls = CLASS_UNEXPLAINED;
	}
	explain_info_free(e);
	if (!*reason)
		*reason = xstrdup(t->detail ? t->detail : "fails");
	return cls;
}

/* Whether h was in the overlay at the last proof round: not kept, but
 * not taken out before it either (the drop rounds stop after three, or
 * when nothing was kept).  A header that passes in that round may owe it
 * to h; one that passes after h was taken out does not. */
static int in_last_proof(const struct fixer *fx, const struct hdr_fix *h)
{
	return !h->dropped || h->dropped >= fx->rounds;
}

/* Whether h should stand for header's fixes not kept rather than cur:
 * its own first, it is what the header needs; else the first. */
static int own_first(const struct hdr_fix *cur, const struct hdr_fix *h, const char *header)
{
	return !cur || (!strcmp(h->header, header) && strcmp(cur->header, header));
}

static enum fix_class classify(struct fixer *fx, const char *header, char **reason)
{
	const struct hdr_fix *not_kept = NULL, *needed = NULL;
	int i, j, k, kinds = 0, first_failing = -1;

	*reason = NULL;
	for (i = 0; i < fx->nfixes; i++) {
		const struct hdr_fix *h = &fx->fixes[i];

		for (j = 0; j < h->nfails; j++) {
			if (strcmp(h->fails[j].tu, header))
				continue;
			for (k = 0; k < h->ncands; k++) {
				if (h->cands[k].kind == FIX_NONE || !h->marks[k][h->fails[j].cell])
					continue;
				if (h->kept) {
					kinds |= kind_bit(&h->cands[k]);
					continue;
				}
				if (own_first(not_kept, h, header))
					not_kept = h;
				if (in_last_proof(fx, h) && own_first(needed, h, header))
					needed = h;
			}
		}
	}
	for (i = 0; i < fx->ncells && first_failing < 0; i++) {
		const struct cell_result *c;
		const struct tu_result *o = tu_named(fx->orig[i], header), *t;

		if (!o || o->verdict != V_FAIL)
			continue;
		t = now(fx, i, header, &c);
		if (!t || t->verdict != V_PASS)
			first_failing = i;
	}
	if (first_failing >= 0) {
		const struct cell_result *c;
		const struct tu_result *t = now(fx, first_failing, header, &c);

		if (!t) {
			*reason = xstrdup("not compiled in the proof");
			return CLASS_NOT_YET;
		}
		return why_still(fx, c, t, not_kept, reason);
	}
	/* it passes: with a fix not kept in, or with what is kept alone */
	if (needed) {
		*reason = not_kept_reason("passes with %s, which is not kept: %s", needed, header);
		return CLASS_NOT_YET;
	}
	return fixed_by(kinds);
}

/* How many headers are skips: by the catalog (on every cell, never
 * compiled) and by the judge (on some cell, with its reason: an arch-only
 * include, an #error that says so), each counted once. */
static void count_skips(const struct fixer *fx, int *by_catalog, int *by_judge)
{
	struct cell_result *first = fx->orig[0];
	int i, j, c;

	*by_catalog = *by_judge = 0;
	for (j = 0; first && j < first->ntus; j++) {
		if (first->tus[j].skip) {
			(*by_catalog)++;
			continue;
		}
		for (c = 0; c < fx->ncells; c++) {
			const struct cell_result *r = fx->orig[c];

			for (i = 0; r && i < r->ntus; i++)
				if (r->tus[i].verdict == V_SKIP && !strcmp(r->tus[i].header, first->tus[j].header))
					break;
			if (r && i < r->ntus) {
				(*by_judge)++;
				break;
			}
		}
	}
}

int classify_failures(struct fixer *fx, struct strbuf *sb, struct strbuf *tsv)
{
	int count[NCLASSES] = { 0 };
	char **headers, **reasons;
	enum fix_class *cls;
	int n, i, by_catalog, by_judge, unfixed = 0;

	headers = failing_headers(fx, &n);
	reasons = xcalloc(n ? n : 1, sizeof(char *));
	cls = xcalloc(n ? n : 1, sizeof(*cls));
	for (i = 0; i < n; i++) {
		cls[i] = classify(fx, headers[i], &reasons[i]);
		count[cls[i]]++;
	}
	count_skips(fx, &by_catalog, &by_judge);
	sb_addf(sb, "%d %s on a cell of the run; each in one class, after the proof:\n", n,
		n == 1 ? "header fails" : "headers fail");
	for (i = 0; i < NCLASSES; i++)
		sb_addf(sb, "  %-36s %5d\n", class_names[i], count[i]);
	if (by_catalog)
		sb_addf(sb, "  (not standalone by design: %d more, skipped on every cell, never compiled)\n", by_catalog);
	if (by_judge)
		sb_addf(sb, "  (not standalone on some cell: %d more, skipped there with the reason, judged elsewhere)\n",
			by_judge);
	sb_addc(sb, '\n');
	for (i = 0; i < n; i++) {
		sb_addf(sb, "%-28s %s%s%s\n", headers[i], class_names[cls[i]], reasons[i] ? ": " : "",
			reasons[i] ? reasons[i] : "");
		sb_addf(tsv, "%s\t%s\t%s\n", headers[i], class_names[cls[i]], reasons[i] ? reasons[i] : "");
		unfixed += cls[i] >= CLASS_MOVE;
		free(reasons[i]);
	}
	free(reasons);
	free(cls);
	free(headers);
	return unfixed;
}

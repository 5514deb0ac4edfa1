// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's proof: each round recompiles, in OUT/fix/proof/CELL (a
 * copy of the cell dir: its manifest, TUs and the results of untouched
 * TUs), every TU that failed or whose depfile names a patched header, with
 * the cell's own command and the overlay searched first; then the verdict
 * on each fix.  A fix is kept when no TU that passed fails, no forbidden
 * header comes in, and every cell where the header failed passes or fails
 * for another reason; a break counts against a fix only when its patched
 * copy's added lines are on the break's way (blame.c).  A dropped fix is
 * out of the overlay: the others are proven again without it.  A fix not
 * kept only for what it broke, whose includes for uses under #if went in
 * unconditionally, is not dropped but proven again with them under the
 * #if, saying what they broke without it.  The summary names the first
 * few TUs a fix breaks; breaks.tsv has them all.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "compile/tu.h"
#include "exec/jobserver.h"
#include "exec/pool.h"
#include "fix/fixer.h"
#include "judge/baseline.h"
#include "judge/explain.h"
#include "judge/out_copy.h"
#include "judge/results.h"

int patchable(const struct hdr_fix *h)
{
	int i;

	for (i = 0; i < h->ncands; i++)
		if (h->cands[i].kind != FIX_NONE)
			return 1;
	return 0;
}

/* compile.sh with the overlay searched first: after the compiler word of
 * each exec line. */
static char *proof_script(const char *script, const char *overlay)
{
	struct strbuf sb;
	const char *cur = script, *line;
	size_t n;

	sb_init(&sb);
	while ((line = next_line_span(&cur, &n))) {
		const char *exec = memmem(line, n, "exec ", 5);

		if (exec && (exec == line || exec[-1] == '\t' || exec[-1] == ' ')) {
			const char *word = exec + 5, *sp = memchr(word, ' ', n - (word - line));

			if (sp) {
				sb_addn(&sb, line, sp - line);
				sb_addf(&sb, " '-I%s'", overlay);
				sb_addn(&sb, sp, n - (sp - line));
				sb_addc(&sb, '\n');
				continue;
			}
		}
		sb_addn(&sb, line, n);
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

/* Whether a depfile names h's header: the tree's copy, the one in the
 * overlay the run (cell c) searched first, or the proof's patched one. */
static int dep_reads(const struct fixer *fx, const struct cell_result *c, const char *dep, const struct hdr_fix *h)
{
	char *tree = xasprintf("/include/%s", h->header), *ov = xasprintf("%s/%s", fx->overlay, h->header);
	char *runov = c->overlay ? xasprintf("%s/%s", c->overlay, h->header) : NULL;
	int hit = strstr(dep, tree) || strstr(dep, ov) || (runov && strstr(dep, runov));

	free(runov);
	free(ov);
	free(tree);
	return hit;
}

/* Whether TU needs compiling again: it failed, has no depfile, or its
 * depfile names a patched header. */
static int affected(struct fixer *fx, const struct cell_result *c, const struct tu_result *t, const char *base)
{
	char *path = xasprintf("%s.dep", base), *dep = read_file(path, NULL);
	int i, hit = t->verdict != V_PASS || !dep;

	for (i = 0; dep && !hit && i < fx->nfixes; i++)
		hit = patchable(&fx->fixes[i]) && !fx->fixes[i].dropped && dep_reads(fx, c, dep, &fx->fixes[i]);
	free(dep);
	free(path);
	return hit;
}

/* Whether a TU the previous round compiled read a header whose patch
 * changed since (dep: that round's depfile).  If not, its inputs are
 * the same and so is its result: rounds after the first compile only
 * what the new candidates can change, not every TU of every patched
 * header again. */
static int reads_changed(struct fixer *fx, const struct cell_result *c, const char *dep)
{
	int i, hit = 0;

	for (i = 0; !hit && i < fx->nfixes; i++)
		hit = fx->fixes[i].changed && dep_reads(fx, c, dep, &fx->fixes[i]);
	return hit;
}

/* One TU of a proof round on the pool. */
struct proof_tu {
	const char *dir;
	const char *stem;
	struct tu_command cmd;
	struct pool_job job;
	int failed;
};

static void proof_tu_done(struct pool_job *job)
{
	struct proof_tu *t = job->data;

	t->failed = tu_record(t->dir, t->stem, job->status) != 0;
}

/* Compile each TU of the proof cell dir with its compile.sh, jobs at a
 * time (make's jobserver's under make -jN), recorded as the run records
 * its own (compile/tu.h: TU.log, TU.rc and TU.dep written completely or
 * not at all, a full disk an error, never a verdict); its CC lines are not
 * shown, the FIX line says the round. */
static int compile_all(char **tus, int n, const char *dir, int jobs)
{
	struct proof_tu *t = xcalloc(n ? n : 1, sizeof(*t));
	struct jobserver *js = n ? jobserver_open(jobs) : NULL;
	struct pool *p = js ? pool_new(js) : NULL;
	int i, ret = n && !p ? -1 : 0;

	for (i = 0; p && i < n; i++) {
		t[i].dir = dir;
		t[i].stem = tus[i] + strlen(dir) + 1;
		tu_command_init(&t[i].cmd, dir, t[i].stem);
		tu_forget(dir, t[i].stem);
		t[i].job.argv = t[i].cmd.argv;
		t[i].job.log = t[i].cmd.log_tmp;
		t[i].job.data = &t[i];
		pool_add(p, &t[i].job, NULL, proof_tu_done);
	}
	if (p && pool_run(p))
		ret = -1;
	for (i = 0; p && i < n; i++) {
		ret |= t[i].failed ? -1 : 0;
		tu_command_free(&t[i].cmd);
	}
	if (p)
		pool_free(p);
	if (js)
		jobserver_close(js);
	free(t);
	return ret;
}

/* Whether the TU the last round compiled in prev read no header whose
 * patch changed since: its result stands. */
static int unchanged_since(struct fixer *fx, const struct cell_result *c, const char *prev, const char *stem)
{
	char *path = xasprintf("%s/%s.dep", prev, stem), *dep = read_file(path, NULL);
	int same = dep && !reads_changed(fx, c, dep);

	free(dep);
	free(path);
	return same;
}

/* The TU the proof adds (fx->new_stem), its text of cell ci written into
 * dir and added to *tus to be compiled; 0/-1. */
static int add_new_tu(struct fixer *fx, int ci, const char *dir, char ***tus, int *ntus)
{
	char *rel;
	int ret;

	if (!fx->new_stem)
		return 0;
	rel = xasprintf("%s.c", fx->new_stem);
	ret = write_file_beneath(dir, rel, fx->new_texts[ci], strlen(fx->new_texts[ci]), 0644);
	free(rel);
	*(char **)push(tus, ntus, sizeof(char *)) = xasprintf("%s/%s", dir, fx->new_stem);
	return ret;
}

/* The round's TUs in the proof cell dir: each affected TU's text, its
 * path added to *tus to be compiled, and every other TU's results, from
 * the run or, when nothing it read changed since, from the last round.
 * 0, or -1 after an error. */
static int copy_tus(struct fixer *fx, int ci, const char *dir, const char *prev, char ***tus, int *ntus)
{
	const struct cell_result *c = fx->orig[ci];
	char *run = xasprintf("%s/%s", fx->out, fx->cells[ci]);
	int i, ret = 0;

	for (i = 0; i < c->ntus; i++) {
		const struct tu_result *t = &c->tus[i];
		char *src = xasprintf("%s/%s", run, t->stem);
		int redo = affected(fx, c, t, src), reuse;

		reuse = redo && fx->rounds > 1 && unchanged_since(fx, c, prev, t->stem);
		if (reuse) {
			redo = 0;
			fx->reused++;
		}
		ret |= out_copy_tu(reuse ? prev : run, dir, t->stem, !redo);
		if (redo)
			*(char **)push(tus, ntus, sizeof(char *)) = xasprintf("%s/%s", dir, t->stem);
		free(src);
	}
	free(run);
	return ret || add_new_tu(fx, ci, dir, tus, ntus) ? -1 : 0;
}

/* dir made afresh for cell ci's round, the last round's kept as prev
 * (a TU nothing it read changed for takes its results from there): the
 * cell's manifest, with the overlay the -H lines name, and its
 * compile.sh with the overlay searched first. */
static int proof_dir(struct fixer *fx, int ci, const char *dir, const char *prev)
{
	char *from, *to, *text, *script;
	struct strbuf man;
	const char *cur, *line;
	size_t n;
	int ret;

	remove_tree(prev);
	if (fx->rounds > 1 && rename(dir, prev) && errno != ENOENT)
		return error("cannot rename %s: %s", dir, strerror(errno));
	remove_tree(dir);
	if (mkdirs(dir))
		return error("cannot create %s: %s", dir, strerror(errno));
	from = xasprintf("%s/%s/manifest.tsv", fx->out, fx->cells[ci]);
	text = read_file(from, NULL);
	if (!text) {
		error("cannot read %s: %s", from, strerror(errno));
		free(from);
		return -1;
	}
	sb_init(&man);
	for (cur = text; (line = next_line_span(&cur, &n));) {
		if (!strncmp(line, "overlay\t", 8))
			sb_addf(&man, "overlay\t%s\n", fx->overlay);
		else {
			sb_addn(&man, line, n);
			sb_addc(&man, '\n');
		}
	}
	if (fx->new_stem)
		sb_addf(&man, "header\t%s\t%s\n", fx->new_header, fx->new_stem);
	free(text);
	free(from);
	to = xasprintf("%s/manifest.tsv", dir);
	ret = write_file_atomic(to, man.buf) < 0 ? -1 : 0;
	free(to);
	sb_release(&man);
	if (ret)
		return -1;
	from = xasprintf("%s/%s/compile.sh", fx->out, fx->cells[ci]);
	text = read_file(from, NULL);
	if (!text) {
		error("cannot read %s: %s", from, strerror(errno));
		free(from);
		return -1;
	}
	free(from);
	script = xasprintf("%s/compile.sh", dir);
	to = proof_script(text, fx->overlay);
	free(text);
	if (write_file_atomic(script, to) < 0 || chmod(script, 0755))
		ret = error("cannot write %s", script);
	free(to);
	free(script);
	return ret;
}

/* One round of proof in one cell: a copy of the cell dir in which every
 * affected TU is compiled again with the overlay. */
static int prove_cell(struct fixer *fx, int ci)
{
	char *dir = xasprintf("%s/proof/%s", fx->dir, fx->cells[ci]), *prev = xasprintf("%s.prev", dir);
	char **tus = NULL;
	int ntus = 0, i, ret = 0;

	if (proof_dir(fx, ci, dir, prev)) {
		free(prev);
		free(dir);
		return -1;
	}
	ret |= copy_tus(fx, ci, dir, prev, &tus, &ntus);
	for (i = 0; i < ntus; i++)
		sb_addf(&fx->recompiled, "%s/%s\n", fx->cells[ci], tus[i] + strlen(dir) + 1);
	fx->compiled += ntus;
	if (ntus)
		printf("  FIX     round %d %s: %d TUs\n", fx->rounds, fx->cells[ci], ntus);
	fflush(stdout);
	ret |= compile_all(tus, ntus, dir, fx->jobs);
	for (i = 0; i < ntus; i++)
		free(tus[i]);
	free(tus);
	remove_tree(prev);
	free(prev);
	free(dir);
	return ret ? -1 : 0;
}

/* Which patched headers' overlay text differs from the last round's (a
 * dropped one's is gone: changed in the round after it was dropped). */
static void mark_changed(struct fixer *fx)
{
	int i;

	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];
		char *path = xasprintf("%s/%s", fx->overlay, h->header), *text = read_file(path, NULL);

		h->changed = patchable(h) && (text || h->proven) && (!text || !h->proven || strcmp(text, h->proven));
		free(h->proven);
		h->proven = text;
		free(path);
	}
}

int prove(struct fixer *fx)
{
	struct timespec a, b;
	char *proofdir = xasprintf("%s/proof", fx->dir);
	int i;

	clock_gettime(CLOCK_MONOTONIC, &a);
	mark_changed(fx);
	for (i = 0; i < fx->ncells; i++) {
		if (fx->proof[i])
			cell_free(fx->proof[i]);
		fx->proof[i] = NULL;
		if (fx->orig[i]->skipped || fx->orig[i]->errored)
			continue;
		if (prove_cell(fx, i))
			break;
		fx->proof[i] = cell_read(proofdir, fx->cells[i]);
		if (!fx->proof[i])
			break;
	}
	free(proofdir);
	if (i < fx->ncells)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &b);
	fx->seconds += (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
	return 0;
}

const struct tu_result *tu_named(const struct cell_result *c, const char *header)
{
	int i;

	for (i = 0; c && i < c->ntus; i++)
		if (!strcmp(c->tus[i].header, header))
			return &c->tus[i];
	return NULL;
}

/* Whether a proof TU's depfile names header. */
static int proof_reads(struct fixer *fx, int ci, const struct tu_result *t, const char *header)
{
	char *path = xasprintf("%s/proof/%s/%s.dep", fx->dir, fx->cells[ci], t->stem);
	char *dep = read_file(path, NULL), *needle = xasprintf("/%s", header);
	int hit = !dep || strstr(dep, needle);

	free(dep);
	free(path);
	free(needle);
	return hit;
}

char *proof_why(struct fixer *fx, int ci, const struct tu_result *t)
{
	char *why = explain_failure(t, fx->proof[ci], fx->ix);

	if (why)
		return why;
	if (t->forbidden)
		return xasprintf("pulls in the forbidden header %s", t->forbidden);
	return xstrdup(t->detail ? t->detail : "fails");
}

static int still_needs(struct fixer *fx, int ci, const struct tu_result *t, const struct hdr_fix *h);

/* The cells of h's failures, in run order, each once: all of them, or
 * (proven) only those where every TU that failed in h passes now, or fails
 * for other reasons only. */
char *fail_cells(struct fixer *fx, const struct hdr_fix *h, int passing)
{
	char *mark = xcalloc(fx->ncells, 1);
	struct strbuf sb;
	int i, j;

	for (j = 0; j < h->nfails; j++) {
		const struct failure *f = &h->fails[j];
		const struct tu_result *t = fx->proof[f->cell] ? tu_named(fx->proof[f->cell], f->tu) : NULL;

		mark[f->cell] |= 1;
		if (passing && still_needs(fx, f->cell, t, h))
			mark[f->cell] |= 2;
	}
	sb_init(&sb);
	for (i = 0; i < fx->ncells; i++)
		if (mark[i] == 1)
			sb_addf(&sb, "%s%s", sb.len ? " " : "", fx->cells[i]);
	free(mark);
	return sb_detach(&sb);
}

/* Whether a proof TU still fails for what a patched candidate of h was to
 * fix, or for nothing hdrtest can explain (then the fix is not proven). */
static int still_needs(struct fixer *fx, int ci, const struct tu_result *t, const struct hdr_fix *h)
{
	struct explain_info *e;
	int nth, k, hit = 0;

	if (!t)
		return 1;
	if (t->verdict == V_PASS)
		return 0;
	for (nth = 0; !hit && nth < 32 && (e = explain_analyze_nth(t, fx->proof[ci], fx->ix, nth)); nth++) {
		for (k = 0; k < h->ncands; k++)
			hit |= fix_cand_answers(&h->cands[k], e);
		explain_info_free(e);
	}
	if (hit || nth)
		return hit;
	/* no missing name: a forbidden header the run pulled in already is
	 * another reason (the chain report has it); a new one, or nothing
	 * explained, is not proof */
	if (t->forbidden) {
		const struct tu_result *o = tu_named(fx->orig[ci], t->header);

		return !o || !o->forbidden;
	}
	return 1;
}

/* A kind of diagnostic (its class, names left out) that t has and o, the
 * same TU before the patches, has not; NULL when none.  The caller frees. */
static char *new_kind(const struct tu_result *o, const struct tu_result *t)
{
	struct failure_kind *ok, *tk;
	int no = failure_kinds(o, &ok), nt = failure_kinds(t, &tk), i, j;
	char *found = NULL;

	for (i = 0; i < nt && !found; i++) {
		for (j = 0; j < no && strcmp(ok[j].cls, tk[i].cls); j++)
			;
		if (j == no)
			found = xstrdup(tk[i].cls);
	}
	failure_kinds_free(ok, no);
	failure_kinds_free(tk, nt);
	return found;
}

/* Whether header's TU in cell ci is one of h's failures: what h's patch
 * is for (a new kind of error there is the next thing it needs). */
static int fails_for(const struct hdr_fix *h, int ci, const char *header)
{
	int j;

	for (j = 0; j < h->nfails; j++)
		if (h->fails[j].cell == ci && !strcmp(h->fails[j].tu, header))
			return 1;
	return 0;
}

/* h's candidates no header qualifies for, with their cells, into unfixed. */
static void list_unfixed(const struct fixer *fx, const struct hdr_fix *h, struct strbuf *unfixed)
{
	int j, k;

	for (j = 0; j < h->ncands; j++) {
		const struct fix_cand *c = &h->cands[j];

		if (c->kind != FIX_NONE)
			continue;
		sb_addf(unfixed, "%s\n  cells:", c->why_not);
		for (k = 0; k < fx->ncells; k++)
			if (h->marks[j][k])
				sb_addf(unfixed, " %s", fx->cells[k]);
		sb_add(unfixed, "\n");
	}
}

/* What one verdict found a fix breaks: the summary's lists and
 * breaks.tsv's lines. */
struct breakage {
	char **regress;		/* "CELL:TU" of the TUs that passed and fail now */
	int nregress;
	char **newdiag;		/* "CELL:TU (KIND)" of those that failed in a new way */
	int nnewdiag;
	char *first;		/* the first of them with why: "CELL:TU (WHY)" */
	struct strbuf tsv;	/* HEADER<TAB>WHAT<TAB>CELL<TAB>TU<TAB>WHY */
};

static void breakage_release(struct breakage *b)
{
	int i;

	for (i = 0; i < b->nregress; i++)
		free(b->regress[i]);
	for (i = 0; i < b->nnewdiag; i++)
		free(b->newdiag[i]);
	free(b->regress);
	free(b->newdiag);
	free(b->first);
	sb_release(&b->tsv);
}

/* Proof TU t of cell ci, which passed, fails now with h's patch. */
static void add_regress(struct breakage *b, struct fixer *fx, int ci, const struct tu_result *t,
			const struct hdr_fix *h)
{
	char *why = proof_why(fx, ci, t);

	*(char **)push(&b->regress, &b->nregress, sizeof(char *)) = xasprintf("%s:%s", fx->cells[ci], t->header);
	sb_addf(&b->tsv, "%s\tbreaks what passed\t%s\t%s\t%s\n", h->header, fx->cells[ci], t->header, why);
	if (!b->first)
		b->first = xasprintf("%s:%s (%s)", fx->cells[ci], t->header, why);
	free(why);
}

/* Proof TU t of cell ci, which failed, has a new kind of diagnostic. */
static void add_newdiag(struct breakage *b, struct fixer *fx, int ci, const struct tu_result *t,
			const struct hdr_fix *h, const char *kind)
{
	*(char **)push(&b->newdiag, &b->nnewdiag, sizeof(char *)) =
		xasprintf("%s:%s (%s)", fx->cells[ci], t->header, kind);
	sb_addf(&b->tsv, "%s\tnew kind of diagnostic\t%s\t%s\t%s\n", h->header, fx->cells[ci], t->header, kind);
}

/* Whether candidate k of h is an include for a use under #if that went
 * in unconditionally, and no other candidate includes the same header
 * unconditionally: under the #if it may break less. */
static int guardable(const struct hdr_fix *h, int k)
{
	const struct fix_cand *c = &h->cands[k];
	int j;

	if (c->kind != FIX_INCLUDE || !c->cond || c->cond_why)
		return 0;
	for (j = 0; j < h->ncands; j++)
		if (h->cands[j].kind == FIX_INCLUDE && !h->cands[j].cond && !strcmp(h->cands[j].include, c->include))
			return 0;
	return 1;
}

/* Why h's includes for uses under #if go under it, from what they broke
 * in: "unconditionally it breaks 2 TUs that passed: CELL:TU (WHY), and
 * 1 more"; NULL when h has no such include. */
static char *guard_reason(const struct hdr_fix *h, const struct breakage *b)
{
	int k, n = b->nregress ? b->nregress : b->nnewdiag;
	const char *first;
	char *more, *why;

	for (k = 0; k < h->ncands && !guardable(h, k); k++)
		;
	if (k == h->ncands || !n)
		return NULL;
	first = b->nregress ? b->first : b->newdiag[0];
	more = n > 1 ? xasprintf(", and %d more", n - 1) : xstrdup("");
	if (b->nregress)
		why = xasprintf("unconditionally it breaks %d %s that passed: %s%s", n, n == 1 ? "TU" : "TUs", first,
				more);
	else
		why = xasprintf("unconditionally it gives %d failing %s a new kind of diagnostic: %s%s", n,
				n == 1 ? "TU" : "TUs", first, more);
	free(more);
	return why;
}

/* "under #if COND: WHY" for each #if h's includes went under, once. */
static void add_guards(struct strbuf *lines, const struct hdr_fix *h)
{
	int j, k;

	for (k = 0; k < h->ncands; k++) {
		const char *cond = fix_placed_cond(&h->cands[k]);

		for (j = 0; cond && j < k; j++)
			if (fix_placed_cond(&h->cands[j]) && !strcmp(fix_placed_cond(&h->cands[j]), cond))
				cond = NULL;
		if (cond)
			sb_addf(lines, "%-28s under #if %s: %s\n", "", cond, h->cands[k].cond_why);
	}
}

/* Every cell where a TU failed in h: passes now, or why not, into
 * failing ("CELL: WHY; ..."); whether one still fails for what h was to
 * fix, or for nothing hdrtest can explain (then h is not proven). */
static int still_failing(struct fixer *fx, const struct hdr_fix *h, struct strbuf *failing)
{
	char *seen = xcalloc(fx->ncells, 1);
	int j, unproven = 0;

	for (j = 0; j < h->nfails; j++) {
		const struct failure *f = &h->fails[j];
		const struct tu_result *t = tu_named(fx->proof[f->cell], f->tu);

		if (t && t->verdict == V_PASS)
			continue;
		unproven |= still_needs(fx, f->cell, t, h);
		if (!seen[f->cell]++) {
			char *why = t ? proof_why(fx, f->cell, t) : xstrdup("not compiled");

			sb_addf(failing, "%s%s: %s", failing->len ? "; " : "", fx->cells[f->cell], why);
			free(why);
		}
	}
	free(seen);
	return unproven;
}

/* What fix fi's patch broke where a TU reads its header: a TU that
 * passed fails now, or one that failed for other reasons fails in a new
 * way (a patch can break what already fails). */
static void find_breakage(struct fixer *fx, struct blame *blame, int fi, struct breakage *b)
{
	const struct hdr_fix *h = &fx->fixes[fi];
	int j, k;

	for (j = 0; patchable(h) && j < fx->ncells; j++) {
		for (k = 0; fx->proof[j] && k < fx->proof[j]->ntus; k++) {
			const struct tu_result *t = &fx->proof[j]->tus[k], *o = &fx->orig[j]->tus[k];

			/* blame first: its log is read once per TU, the depfile
			 * proof_reads() reads once per TU and fix */
			if (o->verdict == V_PASS && t->verdict != V_PASS && blame_patch(blame, fx, j, k, o, fi) &&
			    proof_reads(fx, j, t, h->header)) {
				add_regress(b, fx, j, t, h);
			} else if (o->verdict == V_FAIL && t->verdict == V_FAIL && !fails_for(h, j, t->header) &&
				   blame_patch(blame, fx, j, k, o, fi) && proof_reads(fx, j, t, h->header)) {
				char *kind = new_kind(o, t);

				if (kind)
					add_newdiag(b, fx, j, t, h, kind);
				free(kind);
			}
		}
	}
}

/* The summary lines of patchable fix h: what it does, its verdict, the
 * #if its includes went under, where it still fails, what it breaks. */
static char *verdict_lines(const struct hdr_fix *h, const char *proven, const struct strbuf *failing,
			   const struct breakage *b)
{
	struct strbuf lines;
	char *what = fix_describe(h->cands, h->ncands);

	sb_init(&lines);
	sb_addf(&lines, "%-28s %s\n", h->header, what);
	free(what);
	if (*proven)
		sb_addf(&lines, "%-28s %s: %s\n", "", h->kept ? "kept, proven on" : "NOT kept, passes on", proven);
	else
		sb_addf(&lines, "%-28s %s\n", "", h->kept ? "kept: where it failed, it fails only for other reasons now" :
			"NOT kept: it fixes no cell");
	add_guards(&lines, h);
	if (failing->len)
		sb_addf(&lines, "%-28s still failing%s: %s\n", "", h->kept ? ", for other reasons" : "", failing->buf);
	if (b->nregress) {
		sb_addf(&lines, "%-28s breaks what passed:", "");
		sb_add_few(&lines, b->regress, b->nregress, SUMMARY_FEW);
		sb_addc(&lines, '\n');
	}
	if (b->nnewdiag) {
		sb_addf(&lines, "%-28s gives what failed a new kind of diagnostic:", "");
		sb_add_few(&lines, b->newdiag, b->nnewdiag, SUMMARY_FEW);
		sb_addc(&lines, '\n');
	}
	return sb_detach(&lines);
}

/* The verdict on fix fi, its summary lines into sum. */
static void judge_fix(struct fixer *fx, struct blame *blame, int fi, struct strbuf *sum, struct strbuf *unfixed)
{
	struct hdr_fix *h = &fx->fixes[fi];
	struct breakage b = { 0 };
	struct strbuf failing;
	char *proven;
	int unproven;

	list_unfixed(fx, h, unfixed);
	/* proven without it since: its verdict stands */
	if (h->dropped) {
		h->kept = 0;
		if (h->verdict)
			sb_add(sum, h->verdict);
		return;
	}
	sb_init(&failing);
	sb_init(&b.tsv);
	unproven = still_failing(fx, h, &failing);
	proven = fail_cells(fx, h, 1);
	find_breakage(fx, blame, fi, &b);
	/* passes, or fails for another reason, where it failed; no TU that
	 * passed fails now where it reads h */
	h->kept = patchable(h) && !b.nregress && !b.nnewdiag && !unproven;
	h->broke = b.nregress;
	h->newdiag = b.nnewdiag;
	h->fixes_a_cell = *proven != 0;
	free(h->breaks);
	h->breaks = sb_detach(&b.tsv);
	free(h->guard_why);
	/* not kept only for what it broke: its includes for uses under
	 * #if may be what did, the next round tries them under it */
	h->guard_why = patchable(h) && !h->kept && !unproven ? guard_reason(h, &b) : NULL;
	if (patchable(h)) {
		free(h->verdict);
		h->verdict = verdict_lines(h, proven, &failing, &b);
		sb_add(sum, h->verdict);
	}
	free(proven);
	sb_release(&failing);
	breakage_release(&b);
}

/* The verdict on each fix, the summary lines in sum. */
void judge_fixes(struct fixer *fx, struct strbuf *sum, struct strbuf *unfixed)
{
	struct blame blame;
	int i;

	blame_init(&blame, fx);
	for (i = 0; i < fx->nfixes; i++)
		judge_fix(fx, &blame, i, sum, unfixed);
	blame_free(&blame, fx);
}

/* lines (breaks.tsv's) with "unconditionally: " before each WHAT. */
static char *unconditional_lines(const char *lines)
{
	struct strbuf sb;
	const char *cur = lines, *line, *tab;
	size_t n;

	sb_init(&sb);
	while ((line = next_line_span(&cur, &n))) {
		tab = memchr(line, '\t', n);
		if (!tab)
			continue;
		sb_addn(&sb, line, tab + 1 - line);
		sb_add(&sb, "unconditionally: ");
		sb_addn(&sb, tab + 1, n - (tab + 1 - line));
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

/* Put h's includes for uses under #if under that #if, saying why. */
static void guard(struct hdr_fix *h)
{
	int k;

	for (k = 0; k < h->ncands; k++)
		if (guardable(h, k))
			h->cands[k].cond_why = xstrdup(h->guard_why);
	free(h->uncond_breaks);
	h->uncond_breaks = unconditional_lines(h->breaks ? h->breaks : "");
	free(h->guard_why);
	h->guard_why = NULL;
}

/* Where field no (from 0) of a tab-separated line starts, or NULL. */
static const char *field_at(const char *line, size_t n, int no)
{
	const char *p = line;

	while (no-- > 0) {
		p = memchr(p, '\t', n - (p - line));
		if (!p)
			return NULL;
		p++;
	}
	return p;
}

/* Whether a TU one of breaks.tsv's lines names (its CELL and TU) is in
 * other's lines too: what broke it may be the other fix. */
static int shares_a_break(const char *lines, const char *other)
{
	const char *cur = lines, *line;
	size_t n;
	int hit = 0;

	while (!hit && other && (line = next_line_span(&cur, &n))) {
		const char *cell = field_at(line, n, 2), *why = field_at(line, n, 4);
		char *key;

		if (!cell || !why)
			continue;
		key = xasprintf("\t%.*s", (int)(why - cell), cell);
		hit = strstr(other, key) != NULL;
		free(key);
	}
	return hit;
}

static int unkept(const struct hdr_fix *h)
{
	return patchable(h) && !h->kept && !h->dropped;
}

int drop_unkept(struct fixer *fx, int *pending)
{
	char *changed = xcalloc(fx->nfixes ? fx->nfixes : 1, 1);
	int i, j, n = 0;

	*pending = 0;
	/* what no #if can save: out of the overlay */
	for (i = 0; i < fx->nfixes; i++) {
		if (unkept(&fx->fixes[i]) && !fx->fixes[i].guard_why) {
			fx->fixes[i].dropped = fx->rounds;
			changed[i] = 1;
			n++;
		}
	}
	/* the others' includes for uses under #if under it; but one whose
	 * break is also another's it waits for: proven as it is without that
	 * one first, its #if is not what the other broke */
	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];

		if (!unkept(h) || !h->guard_why)
			continue;
		for (j = 0; j < fx->nfixes && !(changed[j] && shares_a_break(h->breaks, fx->fixes[j].breaks)); j++)
			;
		if (j == fx->nfixes) {
			guard(h);
			changed[i] = 1;
			n++;
		}
		++*pending;
	}
	free(changed);
	return n;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix: from a finished run's results, the smallest include or
 * declaration for every header a failure is in, proven on every cell of
 * the run.
 *
 * Each round writes the patched headers to OUT/fix/overlay, searched
 * before everything else, and recompiles in OUT/fix/proof/CELL (a copy of
 * the cell dir: its manifest, TUs and the results of untouched TUs) every
 * TU that failed or whose depfile names a patched header, with the cell's
 * own command.  A failure the patch uncovers (the next missing symbol)
 * adds a candidate and another round; at most FIX_ROUNDS rounds.  A fix is
 * kept when no TU that passed fails, no forbidden header comes in, and
 * every cell where the header failed passes or fails for another reason.
 * Nothing under KDIR is touched.
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
#include "base/process.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "fix/fix.h"
#include "judge/explain.h"
#include "judge/results.h"

#define FIX_ROUNDS 5

struct failure {
	int cell;
	char *tu;		/* the header under test */
	char *why;		/* its explanation when it was first seen */
};

struct hdr_fix {
	char *header;
	struct fix_cand *cands;
	int ncands;
	char **marks;		/* per candidate, per cell: its name was missing there */
	struct failure *fails;
	int nfails;
	int kept;
	char *path;		/* in the tree: "include/linux/mm/x.h" */
	char *base;		/* the file patched: the tree's, or the run's overlay's */
	char *patch;		/* its file name, once written */
};

struct fixer {
	const char *out;
	char *dir;		/* OUT/fix */
	char *overlay;		/* OUT/fix/overlay */
	char **cells;
	int ncells;
	int jobs;
	struct cell_result **orig;
	struct cell_result **proof;
	struct scan_index *ix;
	struct hdr_fix *fixes;
	int nfixes;
	int compiled;		/* TUs compiled by the proof, all rounds */
	struct strbuf recompiled;	/* and which: "ARCH/CONFIG/STEM" lines */
	double seconds;		/* and the time it took */
	int rounds;
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

static int patchable(const struct hdr_fix *h)
{
	int i;

	for (i = 0; i < h->ncands; i++)
		if (h->cands[i].kind != FIX_NONE)
			return 1;
	return 0;
}

static const struct scan_file *tree_file(const struct scan_index *ix, const char *name)
{
	const struct scan_file *const *files;
	int n = scan_files_named(ix, name, &files), i;

	for (i = 0; i < n; i++)
		if (starts_with(files[i]->path, "include/") && !starts_with(files[i]->path, "include/uapi/"))
			return files[i];
	return NULL;
}

/* The patched headers, in the overlay.  A header the run's own overlay
 * holds is patched there: that copy is what the run compiled. */
static int write_overlay(struct fixer *fx, const char *srctree)
{
	const char *runov = fx->orig[0]->overlay;
	int i;

	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];
		const struct scan_file *f = tree_file(fx->ix, h->header);
		char *src, *text, *patched, *dst, *slash;

		if (!patchable(h) || !f)
			continue;
		free(h->path);
		h->path = xstrdup(f->path);
		src = runov ? xasprintf("%s/%s", runov, h->header) : NULL;
		if (!src || access(src, F_OK)) {
			free(src);
			src = xasprintf("%s/%s", srctree, f->path);
		}
		free(h->base);
		h->base = xstrdup(src);
		text = read_file(src, NULL);
		if (!text) {
			error("cannot read %s: %s", src, strerror(errno));
			free(src);
			return -1;
		}
		if (!starts_with(src, srctree)) {
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
		if (mkdirs(dst)) {
			error("cannot create %s: %s", dst, strerror(errno));
			return -1;
		}
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

static int copy_file(const char *from, const char *to)
{
	size_t len;
	char *text = read_file(from, &len);
	FILE *f;
	int ret;

	if (!text)
		return errno == ENOENT ? 0 : -1;
	f = fopen(to, "w");
	if (!f) {
		error("cannot write %s: %s", to, strerror(errno));
		free(text);
		return -1;
	}
	fwrite(text, 1, len, f);
	ret = write_stream_close(f, to);
	free(text);
	return ret;
}

/* Whether TU needs compiling again: it failed, has no depfile, or its
 * depfile names a patched header. */
static int affected(struct fixer *fx, const struct tu_result *t, const char *base)
{
	char *path = xasprintf("%s.dep", base), *dep = read_file(path, NULL);
	int i, hit = t->verdict != V_PASS || !dep;

	for (i = 0; dep && !hit && i < fx->nfixes; i++) {
		char *needle = xasprintf("/include/%s", fx->fixes[i].header);

		hit = patchable(&fx->fixes[i]) && strstr(dep, needle);
		free(needle);
	}
	free(dep);
	free(path);
	return hit;
}

struct job {
	pid_t pid;
};

/* Run "compile.sh TU > TU.log 2>&1; echo $? > TU.rc" for each TU, jobs at
 * a time. */
static int compile_all(char **tus, int n, const char *script, int jobs)
{
	pid_t *running = xcalloc(jobs, sizeof(pid_t));
	int next = 0, live = 0, i, ret = 0;

	while (next < n || live) {
		if (next < n && live < jobs) {
			pid_t pid = fork();

			if (pid < 0) {
				error("fork: %s", strerror(errno));
				ret = -1;
				n = next;
				continue;
			}
			if (!pid) {
				execl("/bin/sh", "sh", "-c",
				      "rm -f \"$1.d\"; \"$0\" \"$1\" > \"$1.log.tmp\" 2>&1; echo $? > \"$1.rc.tmp\"; "
				      "if [ -s \"$1.d\" ] && [ -z \"$(tail -c 1 \"$1.d\")\" ]; then mv -f \"$1.d\" \"$1.dep\"; "
				      "else rm -f \"$1.d\" \"$1.dep\"; fi; rm -f \"$1.o\"; "
				      "mv -f \"$1.log.tmp\" \"$1.log\" && mv -f \"$1.rc.tmp\" \"$1.rc\"",
				      script, tus[next], (char *)NULL);
				_exit(127);
			}
			for (i = 0; running[i]; i++)
				;
			running[i] = pid;
			live++;
			next++;
			continue;
		}
		{
			int status;
			pid_t pid = wait(&status);

			if (pid < 0)
				break;
			for (i = 0; i < jobs; i++)
				if (running[i] == pid)
					running[i] = 0;
			live--;
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				ret = -1;
		}
	}
	free(running);
	return ret;
}

/* One round of proof in one cell: a copy of the cell dir in which every
 * affected TU is compiled again with the overlay. */
static int prove_cell(struct fixer *fx, int ci)
{
	const struct cell_result *c = fx->orig[ci];
	char *dir = xasprintf("%s/proof/%s", fx->dir, fx->cells[ci]), *from, *to, *text, *script;
	char **tus = NULL;
	int ntus = 0, i, ret = 0;
	struct strbuf man;
	const char *cur, *line;
	size_t n;

	remove_tree(dir);
	if (mkdirs(dir)) {
		error("cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	/* the manifest, with the overlay the -H lines name */
	from = xasprintf("%s/%s/manifest.tsv", fx->out, fx->cells[ci]);
	text = read_file(from, NULL);
	if (!text) {
		error("cannot read %s: %s", from, strerror(errno));
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
	free(text);
	free(from);
	to = xasprintf("%s/manifest.tsv", dir);
	ret |= write_file_atomic(to, man.buf);
	free(to);
	sb_release(&man);
	from = xasprintf("%s/%s/compile.sh", fx->out, fx->cells[ci]);
	text = read_file(from, NULL);
	free(from);
	script = xasprintf("%s/compile.sh", dir);
	if (!text || write_file_atomic(script, (to = proof_script(text, fx->overlay))) < 0 ||
	    chmod(script, 0755)) {
		error("cannot write %s", script);
		return -1;
	}
	free(to);
	free(text);
	for (i = 0; i < c->ntus; i++) {
		const struct tu_result *t = &c->tus[i];
		char *src = xasprintf("%s/%s/%s", fx->out, fx->cells[ci], t->stem);
		char *dst = xasprintf("%s/%s", dir, t->stem), *d = xstrdup(dst);
		const char *exts[] = { "c", "rc", "log", "dep" };
		int k, redo = affected(fx, t, src);

		*strrchr(d, '/') = '\0';
		mkdirs(d);
		free(d);
		for (k = 0; k < (redo ? 1 : 4); k++) {
			char *a = xasprintf("%s.%s", src, exts[k]), *b = xasprintf("%s.%s", dst, exts[k]);

			ret |= copy_file(a, b);
			free(a);
			free(b);
		}
		if (redo)
			*(char **)push(&tus, &ntus, sizeof(char *)) = xstrdup(dst);
		free(dst);
		free(src);
	}
	for (i = 0; i < ntus; i++)
		sb_addf(&fx->recompiled, "%s/%s\n", fx->cells[ci], tus[i] + strlen(dir) + 1);
	fx->compiled += ntus;
	if (ntus)
		printf("  FIX     round %d %s: %d TUs\n", fx->rounds, fx->cells[ci], ntus);
	fflush(stdout);
	ret |= compile_all(tus, ntus, script, fx->jobs);
	for (i = 0; i < ntus; i++)
		free(tus[i]);
	free(tus);
	free(script);
	free(dir);
	return ret ? -1 : 0;
}

static int prove(struct fixer *fx)
{
	struct timespec a, b;
	char *proofdir = xasprintf("%s/proof", fx->dir);
	int i;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < fx->ncells; i++) {
		if (fx->proof[i])
			cell_free(fx->proof[i]);
		fx->proof[i] = NULL;
		if (fx->orig[i]->skipped || fx->orig[i]->errored)
			continue;
		if (prove_cell(fx, i))
			return -1;
		fx->proof[i] = cell_read(proofdir, fx->cells[i]);
		if (!fx->proof[i])
			return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	fx->seconds += (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
	free(proofdir);
	return 0;
}

static const struct tu_result *tu_named(const struct cell_result *c, const char *header)
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

/* What a proof TU's failure now is, in one line. */
static char *now_why(struct fixer *fx, int ci, const struct tu_result *t)
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
static char *fail_cells(struct fixer *fx, const struct hdr_fix *h, int passing)
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
			hit |= h->cands[k].kind != FIX_NONE && !strcmp(e->culprit, h->header) &&
			       !strcmp(e->missing, h->cands[k].symbol);
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

/* The verdict on each fix, the summary lines in sum. */
static void judge_fixes(struct fixer *fx, struct strbuf *sum, struct strbuf *unfixed)
{
	int i, j, k;

	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];
		struct strbuf failing, regress;
		char *what, *proven, *seen = xcalloc(fx->ncells, 1);
		int ff = 1, unproven = 0;

		sb_init(&failing);
		sb_init(&regress);
		/* every cell where a TU failed in h: passes now, or why not */
		for (j = 0; j < h->nfails; j++) {
			const struct failure *f = &h->fails[j];
			const struct tu_result *t = tu_named(fx->proof[f->cell], f->tu);

			if (t && t->verdict == V_PASS)
				continue;
			unproven |= still_needs(fx, f->cell, t, h);
			if (!seen[f->cell]++) {
				char *why = t ? now_why(fx, f->cell, t) : xstrdup("not compiled");

				sb_addf(&failing, "%s%s: %s", ff ? "" : "; ", fx->cells[f->cell], why);
				ff = 0;
				free(why);
			}
		}
		free(seen);
		proven = fail_cells(fx, h, 1);
		/* no TU that passed fails now where it reads h */
		for (j = 0; patchable(h) && j < fx->ncells; j++) {
			for (k = 0; fx->proof[j] && k < fx->proof[j]->ntus; k++) {
				const struct tu_result *t = &fx->proof[j]->tus[k], *o = &fx->orig[j]->tus[k];

				if (o->verdict == V_PASS && t->verdict != V_PASS && proof_reads(fx, j, t, h->header))
					sb_addf(&regress, " %s:%s", fx->cells[j], t->header);
			}
		}
		/* passes, or fails for another reason, where it failed */
		h->kept = patchable(h) && !regress.len && !unproven;
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
		if (!patchable(h))
			goto next;
		what = fix_describe(h->cands, h->ncands);
		sb_addf(sum, "%-28s %s\n", h->header, what);
		free(what);
		if (*proven)
			sb_addf(sum, "%-28s %s: %s\n", "", h->kept ? "kept, proven on" : "NOT kept, passes on", proven);
		else
			sb_addf(sum, "%-28s %s\n", "", h->kept ? "kept: where it failed, it fails only for other reasons now" :
				"NOT kept: it fixes no cell");
		if (failing.len)
			sb_addf(sum, "%-28s still failing%s: %s\n", "", h->kept ? ", for other reasons" : "", failing.buf);
		if (regress.len)
			sb_addf(sum, "%-28s breaks what passed:%s\n", "", regress.buf);
next:
		free(proven);
		sb_release(&failing);
		sb_release(&regress);
	}
}

/* --- consumers that pull in a forbidden header ----------------------------- */

/* The tree path of the file a -H line of log (the raw compiler output)
 * names as include name name. */
static char *h_path(const char *log, const char *srctree, const char *name)
{
	const char *cur = log, *line;
	char *needle = xasprintf("/include/%s", name);
	size_t n, sl = strlen(srctree), nl = strlen(needle);

	while ((line = next_line_span(&cur, &n))) {
		const char *p = line;

		if (*p != '.')
			continue;
		while (*p == '.')
			p++;
		if (*p != ' ')
			continue;
		p++;
		if (n - (p - line) > sl + 1 && !strncmp(p, srctree, sl) && p[sl] == '/' &&
		    (size_t)(n - (p - line)) >= nl && !strncmp(line + n - nl, needle, nl)) {
			free(needle);
			return xstrndup(p + sl + 1, n - (p - line) - sl - 1);
		}
	}
	free(needle);
	return NULL;
}

static int is_ident(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* The names file uses (outside comments) that forbidden defines and file
 * does not, each with the slim headers that define it too. */
static void uses_from(struct fixer *fx, const char *srctree, const struct scan_file *file,
		      const struct scan_file *forb, struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", srctree, file->path), *text = read_file(path, NULL), *p;
	char **seen = NULL;
	int nseen = 0, i, any = 0;

	free(path);
	for (p = text; p && *p;) {
		if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			char *e = strchr(p, '\n');

			p = e ? e : p + strlen(p);
			continue;
		}
		if (is_ident(*p) && !(*p >= '0' && *p <= '9')) {
			char *s = p, *name, *tagged;
			const struct scan_def *d;
			int in_forb = 0, in_self = 0;

			while (is_ident(*p))
				p++;
			name = xstrndup(s, p - s);
			tagged = NULL;
			if (s > text + 7 && !strncmp(s - 7, "struct ", 7))
				tagged = xasprintf("struct %s", name);
			for (d = scan_lookup(fx->ix, tagged ? tagged : name); d; d = d->next) {
				in_forb |= d->file == forb && d->kind != SCAN_STRUCT_FWD;
				in_self |= d->file == file;
			}
			for (i = 0; i < nseen && strcmp(seen[i], tagged ? tagged : name); i++)
				;
			if (in_forb && !in_self && i == nseen) {
				int nslim = 0;

				*(char **)push(&seen, &nseen, sizeof(char *)) = xstrdup(tagged ? tagged : name);
				sb_addf(sb, "%s      %s: ", any ? "\n" : "", tagged ? tagged : name);
				any = 1;
				for (d = scan_lookup(fx->ix, tagged ? tagged : name); d; d = d->next) {
					if (d->file == forb || !d->file->include_name || d->kind == SCAN_STRUCT_FWD ||
					    !starts_with(d->file->path, "include/linux/mm/"))
						continue;
					sb_addf(sb, "%s%s", nslim++ ? ", " : "", d->file->include_name);
				}
				if (!nslim)
					sb_add(sb, "no slim header (only in the forbidden one)");
			}
			free(name);
			free(tagged);
			continue;
		}
		p++;
	}
	if (!any)
		/* its own text only: what the headers after it need is not seen */
		sb_add(sb, "      nothing it defines, in its own text (what the headers it includes next need is not checked)");
	sb_addc(sb, '\n');
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	free(text);
}

struct includer {
	char *path;		/* the tree file that includes the forbidden header */
	char *forbidden;
	int line;
	char *cells;		/* where it is on a chain */
	char *consumers;
};

/* For each chain a failing TU pulls a forbidden header in by: every
 * header on it that includes the forbidden header directly. */
static void chains(struct fixer *fx, struct strbuf *sb)
{
	struct includer *inc = NULL;
	int ninc = 0, i, j, k;

	for (i = 0; i < fx->ncells; i++) {
		const struct cell_result *c = fx->orig[i];

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			char *forb, *chain, *name, *save;
			char *logpath, *raw;

			if (!t->forbidden || !strstr(t->forbidden, ": "))
				continue;
			logpath = xasprintf("%s/%s.log", c->dir, t->stem);
			raw = read_file(logpath, NULL);
			free(logpath);
			if (!raw)
				continue;
			forb = xstrndup(t->forbidden, strstr(t->forbidden, ": ") - t->forbidden);
			chain = xstrdup(strstr(t->forbidden, ": ") + 2);
			for (name = strtok_r(chain, " ->", &save); name; name = strtok_r(NULL, " ->", &save)) {
				char *path = h_path(raw, c->srctree, name);
				const struct scan_file *f = path ? scan_file(fx->ix, path) : NULL;
				struct includer *in = NULL;

				for (k = 0; f && k < f->nincludes; k++)
					if (!strcmp(f->includes[k].name, forb))
						break;
				if (!f || k == f->nincludes) {
					free(path);
					continue;
				}
				for (int m = 0; m < ninc; m++)
					if (!strcmp(inc[m].path, path))
						in = &inc[m];
				if (!in) {
					in = push(&inc, &ninc, sizeof(*in));
					in->path = xstrdup(path);
					in->forbidden = xstrdup(forb);
					in->line = f->includes[k].line;
					in->cells = xstrdup("");
					in->consumers = xstrdup("");
				}
				if (!strstr(in->cells, fx->cells[i])) {
					char *n = xasprintf("%s%s%s", in->cells, *in->cells ? " " : "", fx->cells[i]);

					free(in->cells);
					in->cells = n;
				}
				{
					char *pad = xasprintf(" %s ", in->consumers), *me = xasprintf(" %s ", t->header);

					if (!strstr(pad, me)) {
						char *n = xasprintf("%s%s%s", in->consumers, *in->consumers ? " " : "",
								    t->header);

						free(in->consumers);
						in->consumers = n;
					}
					free(pad);
					free(me);
				}
				free(path);
			}
			free(chain);
			free(forb);
			free(raw);
		}
	}
	for (i = 0; i < ninc; i++) {
		const struct scan_file *f = scan_file(fx->ix, inc[i].path);
		const struct scan_file *const *ff;
		int nf = scan_files_named(fx->ix, inc[i].forbidden, &ff), m;
		const struct scan_file *forb = NULL;

		for (m = 0; m < nf; m++)
			if (starts_with(ff[m]->path, "include/") && !starts_with(ff[m]->path, "include/uapi/"))
				forb = ff[m];
		sb_addf(sb, "%s:%d includes %s\n    on the way from: %s\n    in: %s\n    uses from it:\n",
			inc[i].path, inc[i].line, inc[i].forbidden, inc[i].consumers, inc[i].cells);
		if (forb)
			uses_from(fx, fx->orig[0]->srctree, f, forb, sb);
		free(inc[i].path);
		free(inc[i].forbidden);
		free(inc[i].cells);
		free(inc[i].consumers);
	}
	free(inc);
}

/* --- patches ----------------------------------------------------------------- */

static char *slug(const char *s)
{
	struct strbuf sb;
	int dash = 0;

	sb_init(&sb);
	for (; *s && sb.len < 52; s++) {
		if (is_ident(*s) && *s != '_') {
			sb_addc(&sb, *s);
			dash = 0;
		} else if (!dash && sb.len) {
			sb_addc(&sb, '-');
			dash = 1;
		}
	}
	while (sb.len && sb.buf[sb.len - 1] == '-')
		sb.buf[--sb.len] = '\0';
	return sb_detach(&sb);
}

static int write_patch(struct fixer *fx, struct hdr_fix *h, int no, int total, const char *srctree,
		       struct strbuf *series)
{
	char *orig = xstrdup(h->base), *patched = xasprintf("%s/%s", fx->overlay, h->header);
	char *la = xasprintf("a/%s", h->path), *lb = xasprintf("b/%s", h->path);
	char *difftmp = xasprintf("%s/diff.tmp", fx->dir), *diff, *subject, *name, *s, *path;
	char *argv[] = { "diff", "-u", "--label", la, "--label", lb, orig, patched, NULL };
	struct strbuf sb;
	char *desc;
	char *cells;
	int rc, j;

	rc = run_to_file(argv, difftmp);
	diff = read_file(difftmp, NULL);
	unlink(difftmp);
	if (rc != 1 || !diff) {
		error("diff -u %s %s: exit status %d", orig, patched, rc);
		return -1;
	}
	desc = fix_describe(h->cands, h->ncands);
	subject = xasprintf("%s: %s", h->header, desc);
	free(desc);
	sb_init(&sb);
	sb_add(&sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	sb_add(&sb, "From: hdrtest <hdrtest@localhost>\n");
	sb_addf(&sb, "Subject: [PATCH %d/%d] %s\n\n", no, total, subject);
	for (j = 0; j < h->ncands; j++) {
		const struct fix_cand *c = &h->cands[j];

		if (c->kind == FIX_DECLARE)
			sb_addf(&sb, "%s uses %s only by pointer, in a parameter list,\n"
				     "without declaring it: the tag is then local to the prototype.\n"
				     "A forward declaration is all it needs.\n\n",
				c->user ? c->user : h->header, c->symbol);
		else if (c->kind == FIX_INCLUDE)
			sb_addf(&sb, "%s uses %s, defined in %s,\n"
				     "which %s does not include%s.\n\n",
				c->user ? c->user : h->header, c->what, c->include, h->header,
				c->cond ? " (the use is under #if, and so is the include)" : "");
	}
	cells = fail_cells(fx, h, 0);
	sb_addf(&sb, "Failed on: %s\n", cells);
	free(cells);
	cells = fail_cells(fx, h, 1);
	sb_addf(&sb, "Proven by hdrtest on: %s", *cells ? cells : "none");
	free(cells);
	sb_add(&sb, "\n(every TU of these cells that reads the header compiled again with it)\n---\n");
	sb_add(&sb, diff);
	sb_add(&sb, "-- \nhdrtest\n\n");
	s = slug(subject);
	name = xasprintf("%04d-%s.patch", no, s);
	path = xasprintf("%s/%s", fx->dir, name);
	rc = write_file_atomic(path, sb.buf);
	sb_addf(series, "%s\n", name);
	h->patch = name;
	free(path);
	free(s);
	free(subject);
	sb_release(&sb);
	free(diff);
	free(difftmp);
	free(orig);
	free(patched);
	free(la);
	free(lb);
	return rc < 0 ? -1 : 0;
}

static int cmp_fix(const void *a, const void *b)
{
	return strcmp(((const struct hdr_fix *)a)->header, ((const struct hdr_fix *)b)->header);
}

static int run_fix(const struct command *cmd, int argc, char **argv)
{
	const char *out = NULL, *jobs = NULL;
	const struct cmd_option opts[] = {
		{ "out", &out, 1, 0 },
		{ "jobs", &jobs, 0, 0 },
		{ NULL, NULL, 0, 0 },
	};
	int first = cmd_options(cmd, argc, argv, opts), i, j, added, kept = 0, unfixed_n = 0;
	struct fixer fx = { 0 };
	struct strbuf sum, unfixed, ch, series;
	const char *srctree;
	char *path;
	char *absout = NULL;
	int ret = CMD_OK;

	if (first < 0)
		return CMD_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	fx.out = out;
	fx.jobs = jobs ? atoi(jobs) : 2;
	if (fx.jobs < 1)
		fx.jobs = 1;
	fx.cells = argv + first;
	fx.ncells = argc - first;
	/* absolute: compile.sh runs in the kbuild dir */
	if (out[0] != '/') {
		char cwd[4096];

		if (!getcwd(cwd, sizeof(cwd)))
			return CMD_ERROR;
		out = absout = xasprintf("%s/%s", cwd, out);
	}
	fx.out = out;
	fx.dir = xasprintf("%s/fix", out);
	fx.overlay = xasprintf("%s/fix/overlay", out);
	sb_init(&fx.recompiled);
	fx.orig = xcalloc(fx.ncells, sizeof(*fx.orig));
	fx.proof = xcalloc(fx.ncells, sizeof(*fx.proof));
	for (i = 0; i < fx.ncells; i++)
		if (!(fx.orig[i] = cell_read(out, fx.cells[i])))
			return CMD_ERROR;
	srctree = fx.orig[0]->srctree;
	if (!(fx.ix = scan_tree(srctree)))
		return CMD_ERROR;
	remove_tree(fx.dir);
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
	judge_fixes(&fx, &sum, &unfixed);
	chains(&fx, &ch);
	for (i = 0; i < fx.nfixes; i++)
		kept += fx.fixes[i].kept;
	for (i = 0, j = 0; i < fx.nfixes; i++)
		if (fx.fixes[i].kept && write_patch(&fx, &fx.fixes[i], ++j, kept, srctree, &series))
			return CMD_ERROR;
	for (i = 0; i < (int)unfixed.len; i++)
		unfixed_n += unfixed.buf[i] == '\n';
	{
		struct strbuf all;

		sb_init(&all);
		/* the time goes to the terminal only: summary.txt is deterministic */
		printf("hdrtest fix: %d cells, %d rounds of proof, %d TUs compiled again in %.1f s\n\n",
		       fx.ncells, fx.rounds, fx.compiled, fx.seconds);
		sb_addf(&all, "hdrtest fix: %d cells, %d rounds of proof, %d TUs compiled again\n\n", fx.ncells,
			fx.rounds, fx.compiled);
		sb_addf(&all, "%-28s %s\n", "header", "fix");
		sb_add(&all, sum.len ? sum.buf : "(no header can be fixed by an include or a declaration)\n");
		if (unfixed.len)
			sb_addf(&all, "\nNo patch (no header qualifies):\n%s", unfixed.buf);
		if (ch.len)
			sb_addf(&all, "\nForbidden headers pulled in through a chain (no automatic patch):\n%s",
				ch.buf);
		if (series.len) {
			sb_addf(&all, "\nApply with: cd %s && git am", srctree);
			for (i = 0; i < fx.nfixes; i++)
				if (fx.fixes[i].patch)
					sb_addf(&all, " %.*s/%s", (int)(strlen(fx.overlay) - 8), fx.overlay, fx.fixes[i].patch);
			sb_add(&all, "\n");
		}
		path = xasprintf("%s/recompiled", fx.dir);
		if (write_file_atomic(path, fx.recompiled.len ? fx.recompiled.buf : "") < 0)
			return CMD_ERROR;
		free(path);
		path = xasprintf("%s/series", fx.dir);
		if (write_file_atomic(path, series.buf ? series.buf : "") < 0)
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
	return ret;
}

const struct command cmd_fix = {
	"fix", "the smallest include or declaration for each failing header, proven on the run's cells",
	"--out OUTDIR [--jobs N] ARCH/CONFIG...",
	run_fix,
};

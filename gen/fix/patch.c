// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's patches: one git-am-able mail per kept fix, the diff of
 * the patched overlay copy against the header the run compiled, with what
 * it fixes and the cells it is proven on.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/process.h"
#include "base/util.h"
#include "fix/fix.h"
#include "fix/fixer.h"

/* --- patches ----------------------------------------------------------------- */

/* A commit message's lines: at most 75 columns (checkpatch's limit). */
#define BODY_WIDTH 75

/* text, one paragraph, into sb as lines of at most width columns, broken
 * between words (a word longer than a line has a line of its own), the
 * first line indented by first blanks, the others by rest. */
static void wrap_indented(struct strbuf *sb, const char *text, int width, int first, int rest)
{
	int col = first, start = 1;

	sb_addf(sb, "%*s", first, "");
	while (*text) {
		int len = (int)strcspn(text, " \n");

		if (len) {
			if (!start && col + 1 + len > width) {
				sb_addf(sb, "\n%*s", rest, "");
				col = rest;
				start = 1;
			}
			if (!start) {
				sb_addc(sb, ' ');
				col++;
			}
			sb_addf(sb, "%.*s", len, text);
			col += len;
			start = 0;
		}
		text += len;
		text += strspn(text, " \n");
	}
	sb_addc(sb, '\n');
}

static void wrap_paragraph(struct strbuf *sb, const char *text, int width)
{
	wrap_indented(sb, text, width, 0, 0);
}

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

/* A mail's first lines, as git format-patch writes them: From the user. */
static void mail_head(struct strbuf *sb, const struct fixer *fx, int no, int total, const char *subject)
{
	sb_add(sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	if (fx->who.name && fx->who.email)
		sb_addf(sb, "From: %s <%s>\n", fx->who.name, fx->who.email);
	else
		sb_add(sb, "From: hdrtest <hdrtest@localhost>\n");
	sb_addf(sb, "Subject: [PATCH %d/%d] %s\n\n", no, total, subject);
}

int write_patch(struct fixer *fx, struct hdr_fix *h, int no, int total, const char *srctree,
		struct strbuf *series)
{
	char *orig = xstrdup(h->base), *patched = xasprintf("%s/%s", fx->overlay, h->header);
	/* an overlay copy's path is relative to the overlay, as it is included */
	const char *rel = h->in_overlay ? h->header : h->path;
	char *la = xasprintf("a/%s", rel), *lb = xasprintf("b/%s", rel);
	char *difftmp = xasprintf("%s/diff.tmp", fx->dir), *diff, *subject, *name, *s, *path, *prefix;
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
		rc = -1;
		goto out;
	}
	/* the prefix the file's own history uses, in a git tree */
	prefix = h->in_overlay ? NULL : subject_prefix(srctree, h->path);
	/* a subject line of at most 75 columns; the body says it all */
	desc = fix_subject(h->cands, h->ncands, 75 - 2 - (int)strlen(prefix ? prefix : h->header));
	subject = xasprintf("%s: %s", prefix ? prefix : h->header, desc);
	free(prefix);
	free(desc);
	sb_init(&sb);
	mail_head(&sb, fx, no, total, subject);
	for (j = 0; j < h->ncands; j++) {
		const struct fix_cand *c = &h->cands[j];
		char *para = NULL;

		if (c->kind == FIX_DECLARE)
			para = xasprintf("%s uses %s only by pointer, in a parameter list, without declaring it: "
					 "the tag is then local to the prototype. A forward declaration is all it "
					 "needs.",
					 c->user ? c->user : h->header, c->symbol);
		else if (c->kind == FIX_INCLUDE && c->before)
			para = xasprintf("The #if at line %d of %s tests %s, defined in %s, which %s does not "
					 "include: the #if reads it as 0 (-Wundef warns). The include goes before "
					 "it.",
					 c->before, h->header, c->what, c->include, h->header);
		else if (c->kind == FIX_GUARD)
			para = xasprintf("%s Guard it with %s, as the tree's headers are.", c->because, c->symbol);
		else if (c->kind == FIX_STUB)
			para = xasprintf("%s Make the stub match its declaration.", c->because);
		else if (c->kind == FIX_INCLUDE && fix_placed_cond(c))
			/* why not unconditionally, as a reviewer would ask */
			para = xasprintf("%s uses %s, defined in %s, which %s does not include. The include "
					 "is under the use's #if %s: %s.",
					 c->user ? c->user : h->header, c->what, c->include, h->header,
					 fix_placed_cond(c), c->cond_why);
		else if (c->kind == FIX_INCLUDE)
			para = xasprintf("%s uses %s, defined in %s, which %s does not include.",
					 c->user ? c->user : h->header, c->what, c->include, h->header);
		if (para) {
			wrap_paragraph(&sb, para, BODY_WIDTH);
			sb_addc(&sb, '\n');
			free(para);
		}
	}
	cells = fail_cells(fx, h, 0);
	s = xasprintf("Failed on: %s", cells);
	wrap_paragraph(&sb, s, BODY_WIDTH);
	free(s);
	free(cells);
	cells = fail_cells(fx, h, 1);
	s = xasprintf("Proven by hdrtest on: %s (every TU of these cells that reads the header compiled again "
		      "with it)", *cells ? cells : "none");
	wrap_paragraph(&sb, s, BODY_WIDTH);
	free(s);
	free(cells);
	if (fx->signoff)
		sb_addf(&sb, "\nSigned-off-by: %s <%s>\n", fx->who.name, fx->who.email);
	sb_add(&sb, "---\n");
	sb_add(&sb, diff);
	sb_add(&sb, "-- \nhdrtest\n\n");
	s = slug(subject);
	name = xasprintf("%s%04d-%s.patch", h->in_overlay ? "overlay-" : "", no, s);
	path = xasprintf("%s/%s", fx->dir, name);
	rc = write_file_atomic(path, sb.buf);
	sb_addf(series, "%s\n", name);
	h->patch = name;
	h->subject = xstrdup(subject);
	free(path);
	free(s);
	free(subject);
	sb_release(&sb);
out:
	free(diff);
	free(difftmp);
	free(orig);
	free(patched);
	free(la);
	free(lb);
	return rc < 0 ? -1 : 0;
}

void apply_line(struct strbuf *sb, const char *dir, const char *patches_dir, char *const *names, int n,
		const char *series)
{
	char *git = xasprintf("%s/.git", dir);
	int is_git = !access(git, F_OK), i;

	/* a few by name; more through the series file, in one short line */
	if (n > SUMMARY_FEW) {
		sb_addf(sb, "\nApply with: cd %s && (cd %s && cat $(cat %s)) | %s\n", dir, patches_dir, series,
			is_git ? "git am" : "patch -p1");
	} else {
		sb_addf(sb, "\nApply with: cd %s && %s", dir, is_git ? "git am" : "cat");
		for (i = 0; i < n; i++)
			sb_addf(sb, " %s/%s", patches_dir, names[i]);
		sb_add(sb, is_git ? "\n" : " | patch -p1\n");
	}
	free(git);
}

void patch_apply_line(struct strbuf *sb, const struct fixer *fx, const char *dir, int overlay)
{
	char **names = NULL;
	int i, n = 0;

	if (overlay)
		sb_addf(sb, "\nThe overlay %s holds the copies these patches fix (a diff of them does not apply to "
			    "the tree):\n", dir);
	for (i = 0; i < fx->nfixes; i++)
		if (fx->fixes[i].patch && fx->fixes[i].in_overlay == overlay)
			*(char **)push(&names, &n, sizeof(char *)) = fx->fixes[i].patch;
	apply_line(sb, dir, fx->dir, names, n, overlay ? "overlay-series" : "series");
	free(names);
}

char *subject_prefix(const char *srctree, const char *path)
{
	char *argv[] = { "git", "-C", (char *)srctree, "log", "--no-merges", "-n", "50", "--format=%s", "--",
			 (char *)path, NULL };
	char *top = xasprintf("%s/.git", srctree), *log = NULL, *best = NULL, *line, *cur;
	char **prefixes = NULL;
	int *counts = NULL, n = 0, rc, i, best_count = 0;

	if (access(top, F_OK) || !(log = run_output(argv, &rc)) || rc)
		goto out;
	for (cur = log; (line = strsep(&cur, "\n"));) {
		char *colon = strstr(line, ": ");

		/* "mm/page_alloc: ...", "mm, slab: ...": not a Revert "..." */
		if (!colon || colon == line || colon - line > 40 || starts_with(line, "Revert ") ||
		    (strchr(line, '"') && strchr(line, '"') < colon))
			continue;
		*colon = '\0';
		for (i = 0; i < n && strcmp(prefixes[i], line); i++)
			;
		if (i == n) {
			*(char **)push(&prefixes, &n, sizeof(char *)) = line;
			counts = xrealloc(counts, n * sizeof(*counts));
			counts[i] = 0;
		}
		/* the most used; of as many, the first to get there (git log
		 * lists the newest first) */
		if (++counts[i] > best_count) {
			best_count = counts[i];
			best = prefixes[i];
		}
	}
	best = best ? xstrdup(best) : NULL;
out:
	free(prefixes);
	free(counts);
	free(log);
	free(top);
	return best;
}

char *clean_git_head(const char *srctree)
{
	char *head_argv[] = { "git", "-C", (char *)srctree, "rev-parse", "--verify", "-q", "HEAD", NULL };
	char *status_argv[] = { "git", "-C", (char *)srctree, "status", "--porcelain", "--untracked-files=no", NULL };
	char *top = xasprintf("%s/.git", srctree), *head = NULL, *status = NULL, *nl;
	int rc;

	/* the tree itself, not a dir inside some other repository */
	if (access(top, F_OK) || !(status = run_output(status_argv, &rc)) || *status ||
	    !(head = run_output(head_argv, &rc)))
		goto out;
	if ((nl = strchr(head, '\n')))
		*nl = '\0';
	if (strlen(head) < 40) {
		free(head);
		head = NULL;
	}
out:
	free(status);
	free(top);
	return head;
}

/* Whether every TU that failed in h on cell ci passes at the last proof:
 * a patch kept because where it failed, it fails only for other reasons
 * now, is not one that fixed that cell. */
static int passes_now(struct fixer *fx, const struct hdr_fix *h, int ci)
{
	int k;

	for (k = 0; k < h->nfails; k++) {
		const struct tu_result *t;

		if (h->fails[k].cell != ci)
			continue;
		t = fx->proof[ci] ? tu_named(fx->proof[ci], h->fails[k].tu) : NULL;
		if (!t || t->verdict != V_PASS)
			return 0;
	}
	return 1;
}

/* The proof matrix's word for h on cell ci. */
static const char *proof_word(struct fixer *fx, const struct hdr_fix *h, int ci, const char *failed,
			      const char *proven)
{
	if (word_listed(proven, fx->cells[ci]) && passes_now(fx, h, ci))
		return "fixed";
	return word_listed(failed, fx->cells[ci]) ? "fails" : "-";
}

int write_cover_letter(struct fixer *fx, int total, const char *srctree)
{
	char *base = clean_git_head(srctree), *subject, *path;
	int i, j, hw = (int)strlen("header"), rc, in_part = 0;
	struct strbuf sb, rows;

	for (i = 0; i < fx->nfixes; i++)
		if (fx->fixes[i].patch && !fx->fixes[i].in_overlay && (int)strlen(fx->fixes[i].header) > hw)
			hw = (int)strlen(fx->fixes[i].header);
	/* the matrix first: the subject counts its rows with a "fails" */
	sb_init(&rows);
	sb_addf(&rows, "%-*s", hw + 2, "header");
	for (j = 0; j < fx->ncells; j++)
		sb_addf(&rows, "  %s", fx->cells[j]);
	sb_addc(&rows, '\n');
	for (i = 0; i < fx->nfixes; i++) {
		const struct hdr_fix *h = &fx->fixes[i];
		char *failed, *proven;
		int fails = 0;

		if (!h->patch || h->in_overlay)
			continue;
		failed = fail_cells(fx, h, 0);
		proven = fail_cells(fx, h, 1);
		sb_addf(&rows, "%-*s", hw + 2, h->header);
		for (j = 0; j < fx->ncells; j++) {
			const char *word = proof_word(fx, h, j, failed, proven);

			fails |= !strcmp(word, "fails");
			sb_addf(&rows, "  %-*s", (int)strlen(fx->cells[j]), word);
		}
		in_part += fails;
		/* no trailing blanks */
		while (rows.len && rows.buf[rows.len - 1] == ' ')
			rows.buf[--rows.len] = '\0';
		sb_addc(&rows, '\n');
		free(failed);
		free(proven);
	}
	sb_init(&sb);
	if (in_part)
		subject = xasprintf("make %d header%s self-contained, and %d more in part", total - in_part,
				    total - in_part == 1 ? "" : "s", in_part);
	else
		subject = xasprintf("make %d header%s self-contained", total, total == 1 ? "" : "s");
	mail_head(&sb, fx, 0, total, subject);
	wrap_paragraph(&sb, "Each header below has an error when a file includes it, or a header that "
			    "includes it, alone, on the kernel configurations named (header tests by "
			    "hdrtest, with the kernel's own flags). Each patch adds the smallest include "
			    "or forward declaration for what the header uses, and is proven by compiling "
			    "again every test of those configurations that reads the header.", BODY_WIDTH);
	sb_addc(&sb, '\n');
	wrap_paragraph(&sb, "Proof, per header and configuration: fixed = every test that failed in it "
			    "passes with the series; fails = one still fails there, for a reason the "
			    "series does not touch; - = did not fail.", BODY_WIDTH);
	sb_addc(&sb, '\n');
	sb_add(&sb, rows.buf);
	sb_release(&rows);
	sb_addc(&sb, '\n');
	sb_addf(&sb, "%s (%d):\n", fx->who.name && fx->who.email ? fx->who.name : "hdrtest", total);
	for (i = 0; i < fx->nfixes; i++)
		if (fx->fixes[i].patch && !fx->fixes[i].in_overlay)
			wrap_indented(&sb, fx->fixes[i].subject, 72, 2, 4);	/* git shortlog -w72,2,4 */
	if (base)
		sb_addf(&sb, "\nbase-commit: %s\n", base);
	sb_add(&sb, "-- \nhdrtest\n\n");
	path = xasprintf("%s/0000-cover-letter.patch", fx->dir);
	rc = write_file_atomic(path, sb.buf);
	free(path);
	free(subject);
	free(base);
	sb_release(&sb);
	return rc < 0 ? -1 : 0;
}

int write_mail(const struct fixer *fx, const char *dir, int no, int total, const char *subject,
	       char *const *paras, int nparas, char *const *rels, char *const *origs, char *const *patched,
	       int nfiles, struct strbuf *series, char **name)
{
	char *difftmp = xasprintf("%s/diff.tmp", dir), *s, *path;
	struct strbuf sb;
	int i, rc = 0;

	*name = NULL;
	sb_init(&sb);
	mail_head(&sb, fx, no, total, subject);
	for (i = 0; i < nparas; i++) {
		wrap_paragraph(&sb, paras[i], BODY_WIDTH);
		if (i + 1 < nparas)
			sb_addc(&sb, '\n');
	}
	if (fx->signoff)
		sb_addf(&sb, "\nSigned-off-by: %s <%s>\n", fx->who.name, fx->who.email);
	sb_add(&sb, "---\n");
	for (i = 0; i < nfiles && !rc; i++) {
		/* a file made from nothing (make move's new header): from /dev/null */
		char *la = !strcmp(origs[i], "/dev/null") ? xstrdup(origs[i]) : xasprintf("a/%s", rels[i]);
		char *lb = xasprintf("b/%s", rels[i]), *diff;
		char *argv[] = { "diff", "-u", "--label", la, "--label", lb, origs[i], patched[i], NULL };
		int st = run_to_file(argv, difftmp);

		diff = read_file(difftmp, NULL);
		unlink(difftmp);
		if (st != 1 || !diff) {
			error("diff -u %s %s: exit status %d", origs[i], patched[i], st);
			rc = -1;
		} else {
			sb_add(&sb, diff);
		}
		free(diff);
		free(la);
		free(lb);
	}
	if (!rc) {
		sb_add(&sb, "-- \nhdrtest\n\n");
		s = slug(subject);
		*name = xasprintf("%04d-%s.patch", no, s);
		path = xasprintf("%s/%s", dir, *name);
		rc = write_file_atomic(path, sb.buf) < 0 ? -1 : 0;
		sb_addf(series, "%s\n", *name);
		free(path);
		free(s);
	}
	sb_release(&sb);
	free(difftmp);
	return rc;
}

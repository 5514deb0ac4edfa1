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
 * between words (a word longer than a line has a line of its own). */
static void wrap_paragraph(struct strbuf *sb, const char *text, int width)
{
	int col = 0;

	while (*text) {
		int len = (int)strcspn(text, " \n");

		if (len) {
			if (col && col + 1 + len > width) {
				sb_addc(sb, '\n');
				col = 0;
			}
			if (col) {
				sb_addc(sb, ' ');
				col++;
			}
			sb_addf(sb, "%.*s", len, text);
			col += len;
		}
		text += len;
		text += strspn(text, " \n");
	}
	sb_addc(sb, '\n');
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

int write_patch(struct fixer *fx, struct hdr_fix *h, int no, int total, const char *srctree,
		struct strbuf *series)
{
	char *orig = xstrdup(h->base), *patched = xasprintf("%s/%s", fx->overlay, h->header);
	/* an overlay copy's path is relative to the overlay, as it is included */
	const char *rel = h->in_overlay ? h->header : h->path;
	char *la = xasprintf("a/%s", rel), *lb = xasprintf("b/%s", rel);
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
		rc = -1;
		goto out;
	}
	desc = fix_describe(h->cands, h->ncands);
	subject = xasprintf("%s: %s", h->header, desc);
	free(desc);
	sb_init(&sb);
	sb_add(&sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	if (fx->who.name && fx->who.email)
		sb_addf(&sb, "From: %s <%s>\n", fx->who.name, fx->who.email);
	else
		sb_add(&sb, "From: hdrtest <hdrtest@localhost>\n");
	sb_addf(&sb, "Subject: [PATCH %d/%d] %s\n\n", no, total, subject);
	for (j = 0; j < h->ncands; j++) {
		const struct fix_cand *c = &h->cands[j];
		char *para = NULL;

		if (c->kind == FIX_DECLARE)
			para = xasprintf("%s uses %s only by pointer, in a parameter list, without declaring it: "
					 "the tag is then local to the prototype. A forward declaration is all it "
					 "needs.",
					 c->user ? c->user : h->header, c->symbol);
		else if (c->kind == FIX_INCLUDE)
			para = xasprintf("%s uses %s, defined in %s, which %s does not include%s.",
					 c->user ? c->user : h->header, c->what, c->include, h->header,
					 c->cond ? " (the use is under #if, and so is the include)" : "");
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

void patch_apply_line(struct strbuf *sb, const struct fixer *fx, const char *dir, int overlay)
{
	char *git = xasprintf("%s/.git", dir), *patches_dir = xstrndup(fx->overlay, strlen(fx->overlay) - 8);
	int is_git = !access(git, F_OK), i;

	if (overlay)
		sb_addf(sb, "\nThe overlay %s holds the copies these patches fix (a diff of them does not apply to "
			    "the tree):\n", dir);
	sb_addf(sb, "\nApply with: cd %s && %s", dir, is_git ? "git am" : "cat");
	for (i = 0; i < fx->nfixes; i++)
		if (fx->fixes[i].patch && fx->fixes[i].in_overlay == overlay)
			sb_addf(sb, " %s/%s", patches_dir, fx->fixes[i].patch);
	sb_add(sb, is_git ? "\n" : " | patch -p1\n");
	free(patches_dir);
	free(git);
}

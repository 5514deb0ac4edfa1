// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest move: a group of symbols moved out of a header into a slim one
 * on a finished run's tree, proven on the run's cells.  The move is
 * planned as text (move.h), TO's catalog entry written, the new texts
 * proven in an overlay (move_proof.c), and when kept, the patch
 * (move_patch.c).  Everything goes under OUT/move; nothing under KDIR is
 * touched.
 */
#define _GNU_SOURCE
#include "move/move_all.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "fix/fixer.h"
#include "move/mover.h"
#include "scan/headers.h"

/* --tree, when given, is the run's tree: the run's results are what is
 * proven, and they are of the tree they were compiled in. */
static int same_tree(const struct mover *mv)
{
	const char *run = mv->fx.orig[0]->srctree;
	char a[PATH_MAX], b[PATH_MAX];

	if (!mv->o->tree)
		return 0;
	if (!realpath(mv->o->tree, a))
		return error("--tree %s: %s", mv->o->tree, strerror(errno));
	if (!realpath(run, b) || strcmp(a, b))
		return error("--tree %s: expected the tree of the run in %s, %s", mv->o->tree, mv->o->out, run);
	return 0;
}

/* move_plan() on the run's tree, the headers' paths in it; 0, 1 (the
 * closure past max), -1. */
static int plan(struct mover *mv)
{
	const struct move_all_opts *o = mv->o;
	struct move_opts mo = {
		.symbols = o->symbols, .nsymbols = o->nsymbols, .from = o->from, .to = o->to, .max = o->max,
		.cat = mv->cat,
	};
	int rc = move_plan(mv->fx.ix, mv->fx.orig[0]->srctree, &mo, &mv->m);

	if (rc)
		return rc;
	mv->from_path = xstrdup(common_file(mv->fx.ix, mv->m.from)->path);
	mv->to_path = mv->m.to_exists ? xstrdup(common_file(mv->fx.ix, mv->m.to)->path) :
					xasprintf("include/%s", mv->m.to);
	return 0;
}

/* Whether the symbol line at (file, line) is one a moved symbol has
 * under another header than TO: it leaves that entry for TO's. */
static int moved_line(const struct mover *mv, const char *file, int line)
{
	int i;

	for (i = 0; i < mv->m.nsyms; i++) {
		const struct symbol *s = catalog_symbol(mv->cat, mv->m.syms[i].name);

		if (s && strcmp(s->header->path, mv->m.to) && s->loc.line == line && !strcmp(s->loc.file, file))
			return 1;
	}
	return 0;
}

/* The last line of TO's catalog entry when file has it, else 0. */
static int to_entry_end(const struct mover *mv, const char *file)
{
	const struct header *h = mv->to_catalogued;

	return h && !strcmp(h->loc.file, file) ? catalog_entry_end(h) : 0;
}

/* catalog file i as the move leaves it, as OUT/move/catalog/BASENAME,
 * named in *follow (the file itself when the move leaves it as it is):
 * without the lines of the symbols that move (a symbol is catalogued
 * under one header: from this move on, TO's), and with TO's new symbol
 * lines after its entry when the file has it.  0/-1. */
static int follow_one(struct mover *mv, int i, char **follow)
{
	const char *file = mv->o->catalogs[i], *cur, *line;
	char *text = read_file(file, NULL), *base;
	struct strbuf sb;
	size_t n;
	int no = 0, dropped = 0, ret = 0, end = to_entry_end(mv, file);

	if (!text)
		return error("cannot read %s: %s", file, strerror(errno));
	sb_init(&sb);
	for (cur = text; (line = next_line_span(&cur, &n));) {
		if (moved_line(mv, file, ++no)) {
			dropped++;
		} else {
			sb_addn(&sb, line, n);
			sb_addc(&sb, '\n');
		}
		if (no == end)	/* TO's entry gets the lines after its "header" line */
			sb_add(&sb, strchr(mv->m.catalog, '\n') + 1);
	}
	*follow = xstrdup(file);
	if (dropped || end) {
		base = strrchr(file, '/') ? strrchr(file, '/') + 1 : (char *)file;
		free(*follow);
		*follow = xasprintf("%s/catalog/%s", mv->fx.dir, base);
		if (access(*follow, F_OK) == 0)
			ret = error("%s and another catalog file have the name %s: give them distinct names",
				    file, base);
		else if (write_file_beneath(mv->fx.dir, *follow + strlen(mv->fx.dir) + 1, sb.buf, sb.len, 0644))
			ret = -1;
		else if (dropped)
			sb_addf(&mv->catalog_lines, "  %s: %d symbol lines moved to %s's entry: %s\n", file,
				dropped, mv->m.to, *follow);
		else
			sb_addf(&mv->catalog_lines, "  %s: %s's entry gets %d symbol lines: %s\n", file,
				mv->m.to, mv->m.nsyms, *follow);
	}
	sb_release(&sb);
	free(text);
	return ret;
}

/* The run's catalog files as the move leaves them (follow_one(): the
 * symbols that move taken out of other headers' entries, TO's entry
 * grown), and with move.cat when TO had none, read as one: what TO's TU
 * is generated from. */
static int read_with_to(struct mover *mv)
{
	const struct move_all_opts *o = mv->o;
	char **files;
	int i, ret = 0;

	if (!o->ncatalogs)
		return 0;
	files = xcalloc(o->ncatalogs + 1, sizeof(char *));
	for (i = 0; i < o->ncatalogs && !ret; i++)
		ret = follow_one(mv, i, &files[i]);
	if (!ret && !mv->to_catalogued)
		files[o->ncatalogs] = xasprintf("%s/move.cat", mv->fx.dir);
	if (!ret && !tu_named(mv->fx.orig[0], mv->m.to) &&
	    !(mv->with_to = catalog_read(files, o->ncatalogs + !mv->to_catalogued)))
		ret = -1;
	for (i = 0; i <= o->ncatalogs; i++)
		free(files[i]);
	free(files);
	return ret;
}

/* OUT/move/NAME, text. */
static int write_out(const struct mover *mv, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", mv->fx.dir, name);
	int ret = write_file_atomic(path, text) < 0 ? -1 : 0;

	free(path);
	return ret;
}

/* The symbols, each with why when the closure added it. */
static void symbol_lines(const struct move *m, struct strbuf *sb)
{
	int i;

	for (i = 0; i < m->nsyms; i++)
		sb_addf(sb, "  %s%s%s\n", m->syms[i].what, m->syms[i].why ? ": " : "",
			m->syms[i].why ? m->syms[i].why : "");
}

/* What the move is, what the closure added, TO's includes, the names
 * left to the proof. */
static void what_moved(const struct mover *mv, struct strbuf *sb)
{
	const struct move *m = &mv->m;
	int i;
	size_t len;

	sb_addf(sb, "Moved from %s to %s%s:\n", m->from, m->to, m->to_exists ? " (appended)" : "");
	symbol_lines(m, sb);
	sb_add(sb, "\nThe closure added:\n");
	len = sb->len;
	move_closure_lines(m, sb);
	if (sb->len == len)
		sb_add(sb, "  nothing\n");
	sb_addf(sb, "\n%s includes:\n", m->to);
	len = sb->len;
	move_include_lines(m, sb);
	if (sb->len == len)
		sb_add(sb, "  nothing\n");
	if (m->nunresolved)
		sb_add(sb, "\nNames no header TO may include defines (left to the proof):\n");
	for (i = 0; i < m->nunresolved; i++)
		sb_addf(sb, "  %s\n", m->unresolved[i]);
}

/* The proof's verdict and what broke, or how to apply the patch. */
static void verdict(const struct mover *mv, struct strbuf *sb)
{
	const struct fixer *fx = &mv->fx;

	if (mv->added.len)
		sb_addf(sb, "\nThe proof added to %s (TO's TU failed without them):\n%s", mv->m.to, mv->added.buf);
	sb_addf(sb, "\nProof: %d cells, %d round%s, %d TUs compiled again: %s\n", mv->proven, fx->rounds,
		fx->rounds == 1 ? "" : "s", fx->compiled, mv->kept ? "kept" : "not kept");
	if (mv->breaks.len)
		sb_addf(sb, "TUs that passed and fail with the move:\n%s", mv->breaks.buf);
	if (mv->objects.len)
		sb_add(sb, mv->objects.buf);
	if (mv->to_fails.len)
		sb_addf(sb, "%s does not compile alone:\n%s", mv->m.to, mv->to_fails.buf);
	if (!mv->proven)
		sb_add(sb, "No cell of the run could be proven on.\n");
	if (mv->patch) {
		sb_addf(sb, "\nPatch: %s/%s\n", fx->dir, mv->patch);
		if (!mv->to_catalogued)
			sb_addf(sb, "Catalog entry: %s/move.cat\n", fx->dir);
		if (mv->catalog_lines.len)
			sb_addf(sb, "The catalog files, as the move leaves them:\n%s", mv->catalog_lines.buf);
		apply_line(sb, fx->orig[0]->srctree, fx->dir, &mv->patch, 1, "series");
	}
}

/* summary.txt, printed: the move and its proof, or the closure past max
 * (planned_over: nothing written). */
static int write_summary(const struct mover *mv, int planned_over)
{
	const struct move *m = &mv->m;
	struct strbuf sb;
	int ret;

	sb_init(&sb);
	sb_addf(&sb, "hdrtest move: %s to %s\n\n", m->from, m->to);
	if (planned_over) {
		sb_addf(&sb, "The move takes %d definitions, more than MAX (%d): nothing written.  The closure:\n",
			m->ndefs, mv->o->max > 0 ? mv->o->max : MOVE_MAX_DEFAULT);
		symbol_lines(m, &sb);
	} else {
		what_moved(mv, &sb);
		verdict(mv, &sb);
	}
	ret = write_out(mv, "summary.txt", sb.buf);
	if (!ret)
		fputs(sb.buf, stdout);
	sb_release(&sb);
	return ret;
}

static void mover_release(struct mover *mv)
{
	struct fixer *fx = &mv->fx;
	int i;

	for (i = 0; i < fx->nfixes; i++) {
		fix_cand_free(&fx->fixes[i].cands[0]);
		free(fx->fixes[i].cands);
		free(fx->fixes[i].header);
		free(fx->fixes[i].proven);
	}
	free(fx->fixes);
	for (i = 0; fx->proof && i < fx->ncells; i++)
		if (fx->proof[i])
			cell_free(fx->proof[i]);
	free(fx->proof);
	free(fx->overlay);
	sb_release(&fx->recompiled);
	fixer_close(fx);
	move_release(&mv->m);
	free(mv->from_path);
	free(mv->to_path);
	free(mv->new_stem);
	for (i = 0; mv->new_texts && i < fx->ncells; i++)
		free(mv->new_texts[i]);
	free(mv->new_texts);
	catalog_free(mv->cat);
	catalog_free(mv->with_to);
	sb_release(&mv->breaks);
	sb_release(&mv->to_fails);
	sb_release(&mv->added);
	sb_release(&mv->catalog_lines);
	sb_release(&mv->objects);
	free(mv->patch);
}

int move_all(const struct move_all_opts *o)
{
	struct mover mv = { .o = o };
	int ret = -1, rc;

	sb_init(&mv.breaks);
	sb_init(&mv.to_fails);
	sb_init(&mv.added);
	sb_init(&mv.catalog_lines);
	sb_init(&mv.objects);
	if (fixer_open(&mv.fx, o->out, "move", o->cells, o->ncells, o->signoff) || same_tree(&mv))
		goto out;
	if (o->ncatalogs && !(mv.cat = catalog_read(o->catalogs, o->ncatalogs)))
		goto out;
	rc = plan(&mv);
	if (rc == 1)
		ret = write_summary(&mv, 1) ? -1 : 1;
	if (rc)
		goto out;
	mv.to_catalogued = mv.cat ? catalog_header(mv.cat, mv.m.to) : NULL;
	if ((!mv.to_catalogued && write_out(&mv, "move.cat", mv.m.catalog)) || read_with_to(&mv) ||
	    move_prove(&mv))
		goto out;
	if (mv.kept && o->verify_objects && move_prove_objects(&mv, &mv.objects))
		goto out;
	if ((mv.kept && move_write_patch(&mv)) || write_summary(&mv, 0))
		goto out;
	ret = !mv.kept;
out:
	mover_release(&mv);
	return ret;
}

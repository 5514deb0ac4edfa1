// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest move --verify-objects (make move VERIFY=objects): the move made
 * in a scratch tree and proven on every kernel object of each cell's
 * built dir whose recorded dependencies name FROM (or an existing TO),
 * each with its own command: fix/objproof.c's proof, one round (a move
 * asks no edit of the objects).  First the token shortcut
 * (objects/unchanged.h): an object whose preprocessed text is the same
 * program before and after the move is not compiled.  An object that
 * breaks (an error, or a warning the unmoved tree does not give) and the
 * move is not kept.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/consumers.h"
#include "move/mover.h"

/* FROM's and TO's new texts into the scratch tree (TO's dir made when it
 * is new).  0/-1. */
static int scratch_move(struct consumer_fixer *cf, const struct mover *mv)
{
	char *to = xasprintf("%s/%s", cf->scratch, mv->to_path), *slash = strrchr(to, '/');

	*slash = '\0';
	if (mkdirs(to)) {
		error("cannot create %s: %s", to, strerror(errno));
		free(to);
		return -1;
	}
	free(to);
	if (scratch_write(cf, mv->from_path, mv->m.from_text) || scratch_write(cf, mv->to_path, mv->m.to_text))
		return error("cannot put the move into the scratch tree %s", cf->scratch);
	return 0;
}

/* What the proof on objects did, into sb; the move not kept when an
 * object broke. */
static void objects_verdict(struct mover *mv, const struct consumer_fixer *cf, struct strbuf *sb)
{
	const char *p;
	char *scratch_dir = xasprintf("%s/", cf->scratch);
	int i, j, broken = 0;

	/* objects.tsv has a line per object that reads FROM or TO */
	for (p = cf->objects_tsv.len ? cf->objects_tsv.buf : "", mv->objects_read = 0; *p; p++)
		mv->objects_read += *p == '\n';
	sb_addf(sb, "\nProof on kernel objects (VERIFY=objects): %d objects read %s%s%s\n", mv->objects_read,
		mv->m.from, mv->m.to_exists ? " or " : "", mv->m.to_exists ? mv->m.to : "");
	for (i = 0; i < mv->fx.ncells; i++)
		if (cf->objs[i])
			built_dir_line(sb, mv->fx.cells[i], cf->objs[i]);
		else
			sb_addf(sb, "%s: not proven on objects: %s\n", mv->fx.cells[i], cf->skip[i]);
	if (cf->tokens)
		sb_addf(sb, "  preprocessed before and after: %d; the same tokens: %d; the same items, moved: %d"
			" (not compiled)\n", cf->preprocessed, cf->same_tokens, cf->moved_tokens);
	if (cf->tokens && cf->cache)
		sb_addf(sb, "  the texts before the move from the cache: %d of %d\n", cf->cached, cf->preprocessed);
	sb_addf(sb, "  %d object compiles; the proof took %.1f s\n", cf->compiled, cf->seconds);
	for (i = 0; i < cf->ncuts; i++) {
		const struct cut *c = &cf->cuts[i];

		broken += c->broken;
		for (j = 0; j < c->nreasons; j++) {
			/* the scratch tree's paths made tree-relative: "drv/x.c:10:16: error: ..." */
			char *why = str_replace_all(c->reasons[j].why, scratch_dir, "");

			sb_addf(sb, "  broken by %s: %d objects: %s\n    (%s%s)\n", c->include_name, c->reasons[j].count,
				why, c->reasons[j].examples, c->reasons[j].count > 3 ? ", ..." : "");
			free(why);
		}
	}
	sb_addf(sb, "  %d objects broken%s\n", broken, broken ? ": the move is not kept" : "");
	free(scratch_dir);
	mv->objects_unchanged = cf->same_tokens + cf->moved_tokens;
	if (broken)
		mv->kept = 0;
}

int move_prove_objects(struct mover *mv, struct strbuf *sb)
{
	struct consumer_fixer cf = { 0 };
	char *tsv;
	int any, ret = -1;

	cf.fx = &mv->fx;
	cf.srctree = mv->fx.orig[0]->srctree;
	cf.scratch = xasprintf("%s/objects-tree", mv->fx.dir);
	cf.tokens = !mv->o->no_tokens;
	cf.cache = mv->o->cache;
	sb_init(&cf.objects_tsv);
	if (scratch_make(cf.srctree, cf.scratch) || scratch_move(&cf, mv))
		goto out;
	cf.cuts = xcalloc(2, sizeof(*cf.cuts));
	cut_of_edit(&cf.cuts[cf.ncuts++], mv->from_path, mv->m.from);
	cut_of_edit(&cf.cuts[cf.ncuts++], mv->to_path, mv->m.to);
	if ((any = load_built_dirs(&cf)) < 0)
		goto out;
	if (any && prove_on_objects(&cf, 1, mv->fx.jobs))
		goto out;
	mv->objects_cells = any;
	objects_verdict(mv, &cf, sb);
	tsv = xasprintf("%s/objects.tsv", mv->fx.dir);
	ret = write_file_atomic(tsv, cf.objects_tsv.len ? cf.objects_tsv.buf : "") < 0 ? -1 : 0;
	free(tsv);
out:
	/* the scratch tree is a symlink per file of the tree: nothing to keep */
	remove_tree(cf.scratch);
	consumer_fixer_release(&cf);
	return ret;
}

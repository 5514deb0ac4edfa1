// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix --verify-objects (make fix VERIFY=objects): an include added
 * to a widely used header can break code far from the TUs that proved it
 * (a redefinition, a cycle, a macro whose meaning changes).  The kept
 * patches of the tree are made in a scratch tree and proven on every
 * kernel object of each cell's built dir whose recorded dependencies
 * name a patched header (fix/objproof.c, one round: no edit of the
 * objects is made for a header's patch); a patch that breaks one (an
 * error, or a warning the unpatched tree does not give) is dropped.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "fix/consumers.h"
#include "fix/fixer.h"

/* h breaks c's objects: not kept, and its class says so with the first
 * reason (fix/classes.c), not the header proof's counts.  c->broken > 0,
 * and every broken object added a reason (objproof.c's cut_broken()). */
static void drop_for_objects(struct hdr_fix *h, const struct cut *c)
{
	h->kept = 0;
	h->broke_objects = c->broken;
	free(h->objects_why);
	h->objects_why = xasprintf("%s (%s%s)", c->reasons[0].why, c->reasons[0].examples,
				   c->reasons[0].count > 3 || c->nreasons > 1 ? ", ..." : "");
}

int verify_on_objects(struct fixer *fx, struct strbuf *sb)
{
	struct consumer_fixer cf = { 0 };
	int i, j, any = 0, ret = 0;

	cf.fx = fx;
	cf.srctree = fx->orig[0]->srctree;
	cf.scratch = xasprintf("%s/objects-tree", fx->dir);
	sb_init(&cf.objects_tsv);
	if (scratch_make(cf.srctree, cf.scratch)) {
		ret = -1;
		goto out;
	}
	for (i = 0; i < fx->nfixes; i++) {
		struct hdr_fix *h = &fx->fixes[i];
		char *p, *text;

		/* an overlay's copy is not the tree's file: no object reads it */
		if (!h->kept || h->in_overlay || !h->path)
			continue;
		p = xasprintf("%s/%s", fx->overlay, h->header);
		text = read_file(p, NULL);
		if (!text || scratch_write(&cf, h->path, text)) {
			error("cannot put %s into the scratch tree", p);
			free(p);
			free(text);
			ret = -1;
			goto out;
		}
		free(p);
		free(text);
		cf.cuts = xrealloc(cf.cuts, (cf.ncuts + 1) * sizeof(*cf.cuts));
		cut_of_edit(&cf.cuts[cf.ncuts++], h->path, h->header);
	}
	if ((any = load_built_dirs(&cf)) < 0) {
		ret = -1;
		goto out;
	}
	if (cf.ncuts && any && prove_on_objects(&cf, 1, fx->jobs)) {
		ret = -1;
		goto out;
	}
	sb_addf(sb, "Proof on kernel objects (VERIFY=objects): %d patched headers, %d object compiles\n", cf.ncuts,
		cf.compiled);
	for (i = 0; i < fx->ncells; i++)
		if (cf.objs[i])
			built_dir_line(sb, fx->cells[i], cf.objs[i]);
		else
			sb_addf(sb, "%s: not verified on objects: %s\n", fx->cells[i], cf.skip[i]);
	for (i = 0; i < cf.ncuts; i++) {
		struct cut *c = &cf.cuts[i];

		if (!c->broken) {
			sb_addf(sb, "  %-40s %d objects compiled with it, none broken\n", c->include_name, c->compiled);
			continue;
		}
		/* a broken object is blamed on the patch whose added line
		 * its log names, else on the first patched header it reads
		 * (objproof.c): the others it reads are proven with it */
		sb_addf(sb, "  %-40s DROPPED: %d of %d objects break with it:\n", c->include_name, c->broken,
			c->compiled);
		for (j = 0; j < c->nreasons; j++)
			sb_addf(sb, "      %d objects: %s\n        (%s%s)\n", c->reasons[j].count, c->reasons[j].why,
				c->reasons[j].examples, c->reasons[j].count > 3 ? ", ..." : "");
		for (j = 0; j < fx->nfixes; j++)
			if (fx->fixes[j].path && !strcmp(fx->fixes[j].path, c->inc.path) && !fx->fixes[j].in_overlay)
				drop_for_objects(&fx->fixes[j], c);
	}
out:
	/* the scratch tree is a symlink per file of the tree: nothing to keep */
	if (cf.scratch)
		remove_tree(cf.scratch);
	consumer_fixer_release(&cf);
	return ret;
}

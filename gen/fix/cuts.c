// SPDX-License-Identifier: GPL-2.0
/*
 * The cut of one includer: remove its #include of the forbidden header
 * when its own text uses nothing from it, replace it with the lightest
 * headers that define what it uses (none of which pulls the forbidden
 * header in, none of which includes the includer back), or keep it and
 * say which names only the forbidden header has.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/util.h"
#include "fix/consumers.h"
#include "scan/headers.h"
#include "scan/scan.h"

/* The lightest header other than forb that defines name and reaches
 * neither forb nor self; NULL when none. */
static char *replacement(const struct scan_index *ix, const char *name, const struct scan_file *forb,
			 const char *self, int *weight)
{
	const struct scan_def *d;
	char *best = NULL;
	int best_w = 0;

	for (d = scan_lookup(ix, name); d; d = d->next) {
		const char *z = d->file->include_name;
		int w, reaches_forb, cycle;

		if (!z || d->file == forb || is_forward_decl(d->kind) || d->cond || starts_with(z, "asm-generic/") ||
		    !common_file(ix, z) || strcmp(common_file(ix, z)->path, d->file->path))
			continue;
		w = closure_size(ix, z, forb->include_name, &reaches_forb);
		closure_size(ix, z, self, &cycle);
		if (reaches_forb || cycle)
			continue;
		if (!best || w < best_w || (w == best_w && strcmp(z, best) < 0)) {
			free(best);
			best = xstrdup(z);
			best_w = w;
		}
	}
	*weight = best_w;
	return best;
}

void cut_choose(struct consumer_fixer *cf, const struct includer *inc, struct cut *out)
{
	const struct scan_index *ix = cf->fx->ix;
	const struct scan_file *f = scan_file(ix, inc->path), *forb = common_file(ix, inc->forbidden);
	struct strbuf stays;
	int i;

	memset(out, 0, sizeof(*out));
	out->inc.path = xstrdup(inc->path);
	out->inc.forbidden = xstrdup(inc->forbidden);
	out->inc.line = inc->line;
	out->inc.cells = xstrdup(inc->cells);
	out->inc.consumers = xstrdup(inc->consumers);
	out->include_name = xstrdup(f && f->include_name ? f->include_name : inc->path);
	out->freed = xstrdup("");
	out->still = xstrdup("");
	if (!f || !forb) {
		out->kind = CUT_KEEP;
		out->stays_for = xasprintf("%s or %s is not in the scan of the tree", inc->path, inc->forbidden);
		return;
	}
	out->nnames = names_used_from(ix, cf->srctree, f, forb, &out->names);
	sb_init(&stays);
	for (i = 0; i < out->nnames; i++) {
		int w;
		char *z = replacement(ix, out->names[i], forb, out->include_name, &w);
		struct fix_cand *c;

		if (!z) {
			sb_addf(&stays, "%s%s", stays.len ? ", " : "", out->names[i]);
			continue;
		}
		c = push(&out->cands, &out->ncands, sizeof(*c));
		memset(c, 0, sizeof(*c));
		c->kind = FIX_INCLUDE;
		c->header = xstrdup(out->include_name);
		c->symbol = xstrdup(out->names[i]);
		c->what = xasprintf("%s%s", out->names[i], scan_is_callable(ix, out->names[i]) ? "()" : "");
		c->include = z;
		c->weight = w;
	}
	if (stays.len) {
		out->kind = CUT_KEEP;
		out->stays_for = sb_detach(&stays);
		return;
	}
	sb_release(&stays);
	out->kind = out->ncands ? CUT_REPLACE : CUT_REMOVE;
}

char *cut_apply(const struct scan_index *ix, const char *text, const struct cut *c)
{
	const struct scan_file *f = scan_file(ix, c->inc.path);
	char *with = f && c->ncands ? fix_apply(text, f, c->cands, c->ncands) : xstrdup(text);
	char *want = xasprintf("#include <%s>", c->inc.forbidden);
	const char *cur = with, *line;
	struct strbuf sb;
	size_t n;
	int removed = 0;

	/* the include line itself, found by its text: the additions above
	 * it moved its line number */
	sb_init(&sb);
	while ((line = next_line_span(&cur, &n))) {
		size_t w = strlen(want), rest = n >= w ? w + strspn(line + w, " \t") : 0;

		/* the line, or the line and a comment: "#include <linux/mm.h> // for x" */
		if (!removed && n >= w && !strncmp(line, want, w) && rest <= n &&
		    (rest == n || (n - rest >= 2 && (!strncmp(line + rest, "//", 2) || !strncmp(line + rest, "/*", 2))))) {
			removed = 1;
			continue;
		}
		sb_addn(&sb, line, n);
		sb_addc(&sb, '\n');
	}
	free(want);
	free(with);
	if (!removed) {
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

void cut_free(struct cut *c)
{
	int i;

	free(c->inc.path);
	free(c->inc.forbidden);
	free(c->inc.cells);
	free(c->inc.consumers);
	free(c->include_name);
	for (i = 0; i < c->nnames; i++)
		free(c->names[i]);
	free(c->names);
	for (i = 0; i < c->ncands; i++)
		fix_cand_free(&c->cands[i]);
	free(c->cands);
	free(c->stays_for);
	for (i = 0; i < c->nreasons; i++) {
		free(c->reasons[i].why);
		free(c->reasons[i].examples);
	}
	free(c->reasons);
	free(c->freed);
	free(c->still);
}

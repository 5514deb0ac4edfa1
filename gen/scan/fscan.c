// SPDX-License-Identifier: GPL-2.0
/*
 * The state of one file's scan, struct fscan, and what the parts that
 * read the file share of it: the definitions it records, the pending
 * declaration started over, the file not indexed and the file
 * forgotten.  Above the arena and the words, below directives.c and
 * declarations.c (scan_internal.h draws the stack).
 */
#include "scan/scan_internal.h"

#include <stdlib.h>

#include "base/util.h"

char *scratch(struct fscan *fs, size_t n)
{
	if (n + 1 > fs->bufcap) {
		fs->bufcap = (n + 1) * 2;
		fs->buf = xrealloc(fs->buf, fs->bufcap);
	}
	return fs->buf;
}

const char *normalized(struct fscan *fs, const char *s, const char *end)
{
	char *b = scratch(fs, end - s);
	size_t n = clex_normalize(s, end - s, b);

	return astrndup(fs->arena, b, n);
}

struct scan_def *new_def(struct fscan *fs, const char *name, size_t n, enum scan_kind kind, int line,
			 const struct scan_cond *cond)
{
	struct scan_def *d = aalloc(fs->arena, sizeof(*d));
	struct scan_file *f = fs->f;

	memset(d, 0, sizeof(*d));
	d->name = astrndup(fs->arena, name, n);
	d->kind = kind;
	d->file = f;
	d->line = line;
	d->cond = cond;
	if (f->ndefs == fs->ndefs_cap) {
		fs->ndefs_cap = fs->ndefs_cap ? fs->ndefs_cap * 2 : 16;
		f->defs = xrealloc(f->defs, fs->ndefs_cap * sizeof(*f->defs));
	}
	f->defs[f->ndefs++] = d;
	fs->seq++;
	return d;
}

struct scan_def *new_tag_def(struct fscan *fs, const struct dtok *kw, const struct dtok *name, int fwd)
{
	static const enum scan_kind kinds[2][3] = {
		{ SCAN_STRUCT, SCAN_UNION, SCAN_ENUM },
		{ SCAN_STRUCT_FWD, SCAN_UNION_FWD, SCAN_ENUM_FWD },
	};
	char *full = scratch(fs, kw->n + 1 + name->n);
	int k = kw->s[0] == 's' ? 0 : kw->s[0] == 'u' ? 1 : 2;	/* struct, union, enum */

	memcpy(full, kw->s, kw->n);
	full[kw->n] = ' ';
	memcpy(full + kw->n + 1, name->s, name->n);
	return new_def(fs, full, kw->n + 1 + name->n, kinds[fwd][k], name->line, name->cond);
}

void skip_file(struct fscan *fs, int why, const char *at)
{
	if (!fs->skip) {
		fs->skip = why;
		fs->skip_at = at;
	}
}

void reset_decl(struct fscan *fs)
{
	int i;

	fs->ndecl = 0;
	fs->paren = 0;
	fs->decl_gen++;
	for (i = 0; i < fs->nalts; i++)
		free(fs->alts[i].toks);
	fs->nalts = 0;
}

void reset_file(struct fscan *fs)
{
	struct scan_file *f = fs->f;

	f->ndefs = 0;
	f->nincludes = 0;
	f->ngroups = 0;
	f->guard = NULL;
	f->code_line = 0;
	fs->nundefs = 0;
	fs->nannots = 0;
	while (fs->nframes) {
		free(fs->frames[fs->nframes - 1].alt);
		fs->nframes--;
	}
	fs->cur = NULL;
	fs->depth = 0;
	fs->body_continue = 0;
	fs->body_from = fs->body_to = 0;
	fs->ncalls = 0;
	reset_decl(fs);
	fs->guard_candidate = NULL;
	fs->guard_bad = 0;
	fs->ntoks = 0;
	fs->saw_asm = 0;
	fs->skip = SKIP_NONE;
	fs->skip_at = NULL;
}

void fscan_release(struct fscan *fs)
{
	free(fs->frames);
	free(fs->decl);
	free(fs->alts);
	free(fs->undefs);
	free(fs->buf);
	free(fs->calls);
}

// SPDX-License-Identifier: GPL-2.0
#include "catalog/drift.h"

#include <stdlib.h>
#include <string.h>

#include "model/validate.h"

int drift_def_counts(const struct scan_def *d)
{
	switch (d->kind) {
	case SCAN_STRUCT_FWD:
	case SCAN_UNION_FWD:
	case SCAN_ENUM_FWD:
		return 0;
	case SCAN_MACRO:
	case SCAN_DEFINE:
		return !d->undef_line;
	default:
		return 1;
	}
}

int drift_kind_fits(enum sym_kind catalogued, enum scan_kind k)
{
	switch (catalogued) {
	case SYM_FUNC:
		return k == SCAN_FUNC || k == SCAN_PROTO || k == SCAN_DEFINE;
	case SYM_CALL:
		return k == SCAN_FUNC || k == SCAN_PROTO || k == SCAN_MACRO || k == SCAN_DEFINE;
	case SYM_MACRO:
		return k == SCAN_MACRO || k == SCAN_DEFINE;
	case SYM_CONST:
		return k == SCAN_DEFINE;
	case SYM_FLAG:
		return k == SCAN_DEFINE || k == SCAN_MACRO;
	case SYM_VAR:
		return k == SCAN_VAR || k == SCAN_DEFINE;
	case SYM_TYPE:
		return k == SCAN_TYPEDEF || k == SCAN_STRUCT || k == SCAN_UNION || k == SCAN_ENUM ||
		       k == SCAN_DEFINE;
	case SYM_USES:	/* a macro, object-like (a value) or function-like */
		return k == SCAN_MACRO || k == SCAN_DEFINE;
	case SYM_TODO:
		return 1;
	}
	return 0;
}

const char *drift_kind_phrase(enum scan_kind kind)
{
	static const char *const phrases[] = {
		[SCAN_FUNC] = "a function",		[SCAN_PROTO] = "a function",
		[SCAN_MACRO] = "a function-like macro",	[SCAN_DEFINE] = "an object-like macro",
		[SCAN_VAR] = "a variable",		[SCAN_TYPEDEF] = "a typedef",
		[SCAN_STRUCT] = "a struct",		[SCAN_UNION] = "a union",
		[SCAN_ENUM] = "an enum",		[SCAN_STRUCT_FWD] = "a struct declaration",
		[SCAN_UNION_FWD] = "a union declaration", [SCAN_ENUM_FWD] = "an enum declaration",
	};

	return phrases[kind];
}

static int is_tag_word(const char *w)
{
	return !strcmp(w, "struct") || !strcmp(w, "union") || !strcmp(w, "enum");
}

char *drift_symbol_key(const struct symbol *s)
{
	if (s->kind == SYM_TODO && is_tag_word(s->type))
		return xasprintf("%s %s", s->type, s->name);
	if (s->kind == SYM_TYPE) {
		const char *sp = strchr(s->name, ' ');

		if (!sp)
			return is_identifier(s->name) ? xstrdup(s->name) : NULL;
		if (strchr(sp + 1, ' ') || !is_identifier(sp + 1))
			return NULL;
		{
			char *w = xstrndup(s->name, sp - s->name);
			int tag = is_tag_word(w);

			free(w);
			return tag ? xstrdup(s->name) : NULL;
		}
	}
	return xstrdup(s->name);
}

/* --- the set of catalogued names --- */

struct key {
	char *name;
	UT_hash_handle hh;
};

static void key_add(struct key **set, const char *name)
{
	struct key *k;

	HASH_FIND_STR(*set, name, k);
	if (k)
		return;
	k = xcalloc(1, sizeof(*k));
	k->name = xstrdup(name);
	HASH_ADD_KEYPTR(hh, *set, k->name, strlen(k->name), k);
}

static int key_has(struct key *set, const char *name)
{
	struct key *k;

	HASH_FIND_STR(set, name, k);
	return k != NULL;
}

static void key_free(struct key **set)
{
	struct key *k, *tmp;

	HASH_ITER(hh, *set, k, tmp) {
		HASH_DEL(*set, k);
		free(k->name);
		free(k);
	}
}

/* --- items --- */

static struct drift *add(struct drift_report *r, enum drift_kind kind, const struct loc *loc,
			 const struct header *h, const struct symbol *s, const struct scan_def *d)
{
	struct drift *it = push(&r->items, &r->n, sizeof(*r->items));

	it->kind = kind;
	it->loc = *loc;
	it->header = h;
	it->sym = s;
	it->def = d;
	if (kind != DRIFT_TODO)
		r->ndrift++;
	return it;
}

static char *where(const struct loc *l)
{
	return xasprintf("%s:%d:%d", l->file, l->line, l->col);
}

static char *catalog_signature(const struct symbol *s)
{
	return scan_format_signature(s->type, (const char *const *)s->args, s->nargs);
}

static int same_signature(const struct symbol *s, const struct scan_def *d)
{
	int i;

	if (strcmp(s->type, d->type) || s->nargs != d->nargs)
		return 0;
	for (i = 0; i < s->nargs; i++)
		if (strcmp(s->args[i], d->args[i]))
			return 0;
	return 1;
}

static int in_header(const struct scan_def *d, const char *incname)
{
	return d->file->include_name && !strcmp(d->file->include_name, incname);
}

/* How good a new home d is for s (lower is better): a fitting kind, under
 * include/ rather than arch/, not uapi. */
static int home_rank(const struct symbol *s, const struct scan_def *d)
{
	const char *p = d->file->path;

	return (drift_kind_fits(s->kind, d->kind) ? 0 : 4) + (starts_with(p, "arch/") ? 2 : 0) +
	       (strstr(p, "/uapi/") ? 1 : 0);
}

/* Function definitions of s's name in the files named incname: if there
 * are some and none has the catalogued types, the first. */
static const struct scan_def *signature_mismatch(const struct symbol *s, const struct scan_def *defs,
						 const char *incname)
{
	const struct scan_def *d, *first = NULL;

	if (s->kind != SYM_FUNC && s->kind != SYM_CALL)
		return NULL;
	for (d = defs; d; d = d->next) {
		if (!in_header(d, incname) || (d->kind != SCAN_FUNC && d->kind != SCAN_PROTO) || !d->sig_ok)
			continue;
		if (same_signature(s, d))
			return NULL;
		if (!first)
			first = d;
	}
	return first;
}

static void signature_item(struct drift_report *r, const struct header *h, const struct symbol *s,
			   const struct scan_def *d)
{
	struct drift *it = add(r, DRIFT_SIGNATURE, &s->loc, h, s, d);
	char *at = where(&s->loc), *tree = scan_format_signature(d->type, d->args, d->nargs),
	     *cat = catalog_signature(s);

	it->text = xasprintf("%s: drift: %s: signature changed: tree has %s, catalog has %s", at, s->name, tree, cat);
	free(at);
	free(tree);
	free(cat);
}

static void check_symbol(struct drift_report *r, const struct scan_index *ix, const struct header *h,
			 const struct symbol *s)
{
	const struct scan_def *defs, *d, *home = NULL, *wrong = NULL, *mismatch;
	char *key = drift_symbol_key(s), *at;
	int fits = 0, here = 0, others = 0;
	struct drift *it;

	if (!key) {
		/* a type such as "unsigned long": nothing to look up */
		r->nmatch++;
		goto note;
	}
	defs = scan_lookup(ix, key);
	for (d = defs; d; d = d->next) {
		if (!drift_def_counts(d))
			continue;
		if (in_header(d, h->path)) {
			here = 1;
			if (drift_kind_fits(s->kind, d->kind))
				fits = 1;
			else if (!wrong)
				wrong = d;
		} else if (!home || home_rank(s, d) < home_rank(s, home)) {
			home = d;
		}
	}
	at = where(&s->loc);
	if (here && !fits) {
		it = add(r, DRIFT_KIND, &s->loc, h, s, wrong);
		it->text = xasprintf("%s: drift: %s: kind changed: tree has %s (%s:%d), catalog has %s", at, s->name,
				     drift_kind_phrase(wrong->kind), wrong->file->path, wrong->line,
				     sym_kind_name(s->kind));
	} else if (here) {
		mismatch = signature_mismatch(s, defs, h->path);
		if (mismatch)
			signature_item(r, h, s, mismatch);
		else
			r->nmatch++;
	} else if (home) {
		const char *to = home->file->include_name ? home->file->include_name : home->file->path;

		/* other headers that define it too */
		for (d = defs; d; d = d->next)
			if (drift_def_counts(d) && d->file->include_name && strcmp(d->file->include_name, to) &&
			    drift_kind_fits(s->kind, d->kind))
				others++;
		it = add(r, DRIFT_MOVED, &s->loc, h, s, home);
		it->to = xstrdup(to);
		it->text = xasprintf("%s: drift: %s: moved to %s (%s:%d)%s", at, s->name, to, home->file->path,
				     home->line, others ? " (and defined in other headers too)" : "");
		if (drift_kind_fits(s->kind, home->kind)) {
			mismatch = signature_mismatch(s, defs, to);
			if (mismatch)
				signature_item(r, h, s, mismatch);
		}
	} else {
		it = add(r, DRIFT_GONE, &s->loc, h, s, NULL);
		it->text = xasprintf("%s: drift: %s: gone (defined in no header of the tree)", at, s->name);
	}
	free(at);
note:
	if (s->kind == SYM_TODO) {
		at = where(&s->loc);
		it = add(r, DRIFT_TODO, &s->loc, h, s, NULL);
		it->text = xasprintf("%s: note: %s needs review (todo)", at, s->name);
		free(at);
	}
	free(key);
}

static int new_cmp(const void *a, const void *b)
{
	const struct drift *x = a, *y = b;
	int c = strcmp(x->def->file->path, y->def->file->path);

	if (c)
		return c;
	return x->def->line < y->def->line ? -1 : x->def->line > y->def->line;
}

struct drift_report *drift_check(const struct catalog *cat, const struct scan_index *ix)
{
	struct drift_report *r = xcalloc(1, sizeof(*r));
	struct key *catalogued = NULL;
	int i, j, k, first_new;

	for (i = 0; i < cat->nheaders; i++) {
		for (j = 0; j < cat->headers[i]->nsyms; j++) {
			char *key = drift_symbol_key(cat->headers[i]->syms[j]);

			if (key)
				key_add(&catalogued, key);
			free(key);
		}
	}
	r->nheaders = cat->nheaders;
	for (i = 0; i < cat->nheaders; i++) {
		const struct header *h = cat->headers[i];
		const struct scan_file *const *files;

		if (!scan_files_named(ix, h->path, &files)) {
			struct drift *it = add(r, DRIFT_HEADER_GONE, &h->loc, h, NULL, NULL);
			char *at = where(&h->loc);

			it->text = xasprintf("%s: drift: header %s: gone", at, h->path);
			free(at);
		}
		for (j = 0; j < h->nsyms; j++) {
			r->nsyms++;
			check_symbol(r, ix, h, h->syms[j]);
		}
	}
	/* what the catalogued headers define beyond the catalog */
	first_new = r->n;
	for (i = 0; i < cat->nheaders; i++) {
		const struct header *h = cat->headers[i];
		const struct scan_file *const *files;
		struct key *seen = NULL;
		int nfiles = scan_files_named(ix, h->path, &files);

		if (!h->nsyms)
			continue;	/* catalogued to be compiled only (mm_consumers.cat) */
		for (j = 0; j < nfiles; j++) {
			for (k = 0; k < files[j]->ndefs; k++) {
				const struct scan_def *d = files[j]->defs[k];
				struct drift *it;
				struct loc l;

				if (!drift_def_counts(d) || key_has(catalogued, d->name) || key_has(seen, d->name))
					continue;
				/* Not new but not catalogable either: a keyword
				 * ("#define inline ..."), or a name the catalog
				 * already holds for another kind (struct and
				 * variable mem_section); catalog-init notes both. */
				if (is_c_keyword(d->name) || catalog_symbol(cat, d->name))
					continue;
				key_add(&seen, d->name);
				l.file = d->file->path;
				l.line = d->line;
				l.col = 1;
				it = add(r, DRIFT_NEW, &l, h, NULL, d);
				it->text = xasprintf("%s:%d:1: drift: new symbol %s (%s) in %s is not in the catalog",
						     d->file->path, d->line, d->name, scan_kind_name(d->kind), h->path);
			}
		}
		key_free(&seen);
	}
	if (r->n > first_new)	/* r->items is NULL if there are none */
		qsort(r->items + first_new, r->n - first_new, sizeof(*r->items), new_cmp);
	key_free(&catalogued);
	return r;
}

void drift_report_free(struct drift_report *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; i < r->n; i++) {
		free(r->items[i].text);
		free(r->items[i].to);
	}
	free(r->items);
	free(r);
}

char *drift_tsv(const struct drift_report *r)
{
	struct strbuf sb;
	const char *p;
	int i;

	sb_init(&sb);
	for (i = 0; i < r->n; i++) {
		if (r->items[i].kind == DRIFT_TODO)
			continue;
		sb_addf(&sb, "%s\t", r->items[i].header->path);
		for (p = r->items[i].text; *p; p++)
			sb_addc(&sb, *p == '\t' || *p == '\n' ? ' ' : *p);
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

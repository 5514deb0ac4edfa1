// SPDX-License-Identifier: GPL-2.0
/*
 * catalog-update.  The catalog files are edited as lines of text, so
 * that comments, blank lines and layout survive.  One round reads the
 * catalog, asks drift_check() what differs and edits the lines; rounds
 * repeat (on temporary copies) until nothing drifts, because one change
 * can uncover the next (a symbol moved to a header the catalog did not
 * list makes that header catalogued, and its other symbols new).  Only
 * then are the real files replaced.
 */
#include "catalog/catalog_update.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/drift.h"
#include "catalog/nocall.h"
#include "base/files.h"
#include "base/util.h"
#include "model/validate.h"

/* --- catalog lines for what the tree has --- */

static int kind_is_call(const char *kind)
{
	return !strcmp(kind, "call") || !strcmp(kind, "func");
}

/* ' nocall "WHY"' for a symbol some definition of which a made-up call
 * must not reach (nocall.h), or "". */
static char *nocall_field(const struct scan_index *ix, const struct scan_def *const *defs, int n,
			  const struct scan_def *sig)
{
	char *why = NULL, *field;
	int i;

	for (i = 0; i < n && !why; i++)
		why = nocall_reason(ix, defs[i], sig);
	if (!why)
		return xstrdup("");
	field = xasprintf("\tnocall \"%s\"", why);
	free(why);
	return field;
}

/* The tag a typedef names, through typedefs of typedefs (zstd_cctx ->
 * ZSTD_CCtx -> struct ZSTD_CCtx_s): "struct NAME" or "union NAME", else
 * NULL (a pointer, a scalar, an anonymous struct). */
static const char *typedef_tag(const struct scan_index *ix, const struct scan_def *t)
{
	int depth;

	for (depth = 0; t && t->type && depth < 8; depth++) {
		const struct scan_def *d;

		if ((starts_with(t->type, "struct ") && is_identifier(t->type + 7)) ||
		    (starts_with(t->type, "union ") && is_identifier(t->type + 6)))
			return t->type;
		if (!is_identifier(t->type))
			return NULL;
		for (d = scan_lookup(ix, t->type); d && d->kind != SCAN_TYPEDEF; d = d->next)
			;
		t = d;
	}
	return NULL;
}

/* ' opaque "WHY"' for a typedef of a tag that no header of the tree
 * defines, only declares (typedef struct ZSTD_CCtx_s zstd_cctx): a handle
 * its users hold by pointer, which the TU cannot size; else "". */
static char *opaque_field(const struct scan_index *ix, const struct scan_def *const *defs, int n)
{
	const struct scan_def *d;
	const char *tag = NULL;
	int i;

	for (i = 0; ix && i < n && !tag; i++)
		if (defs[i]->kind == SCAN_TYPEDEF)
			tag = typedef_tag(ix, defs[i]);
	if (!tag)
		return xstrdup("");
	for (d = scan_lookup(ix, tag); d; d = d->next)
		if (d->kind == SCAN_STRUCT || d->kind == SCAN_UNION)
			return xstrdup("");
	return xasprintf("\topaque \"a typedef of %s, which no header of the tree defines: used by pointer\"", tag);
}

/*
 * A definition of another type than var's, when the branches of var's
 * type are no catalog condition (#if ELF_CLASS == ELFCLASS32 ... #else:
 * the arch's asm/elf.h decides): no catalog line can say which type a
 * cell sees, so none is asserted.  A type that differs by CONFIG_ options
 * stays asserted: callers see it change with the config.  Else NULL.
 */
static const struct scan_def *unstated_type(const struct catalog *cat, const struct scan_def *const *defs, int n,
					    const struct scan_def *var)
{
	const struct scan_def **same = xmalloc(n * sizeof(*same)), *other = NULL;
	char *cond = NULL;
	int i, m = 0;

	for (i = 0; i < n; i++) {
		if (defs[i]->kind != SCAN_VAR || !defs[i]->type)
			continue;
		if (!strcmp(defs[i]->type, var->type))
			same[m++] = defs[i];
		else if (!other)
			other = defs[i];
	}
	if (other && (cond = catalog_update_condition(cat, same, m)))
		other = NULL;
	free(cond);
	free(same);
	return other;
}

/* The todo comment's note on unstated_type()'s definition d. */
static char *retyped_note(const struct scan_def *d)
{
	char *chain = scan_cond_chain(d->cond), *note;

	note = xasprintf("; %s at %s:%d%s%s: which branch a cell takes is no catalog condition, so no type is checked",
			 d->type, d->file->path, d->line, chain ? ", only if " : "", chain ? chain : "");
	free(chain);
	return note;
}

/*
 * A name's definitions, read for its catalog line.  read_defs() fills
 * first .. has_tag; choose_kind() then kind (NULL: only a todo line can
 * say it), todo_kind and sig (the types, or NULL); catalog_update_line()
 * sets cond, and clears kind when cond is NULL (no catalog condition
 * states the #if chain, kept in chain for the todo) or when a var's type
 * differs by a branch no catalog condition states (retyped).
 */
struct name_defs {
	const struct scan_def *first;
	const struct scan_def *func;	/* the first with a signature a call can use */
	const struct scan_def *var;	/* the first var with a type */
	/* "#define foo bar" may alias one function to another, so foo(x)
	 * still compiles; "#define foo NULL", "#define foo 0" or a cast
	 * cannot be called. */
	const struct scan_def *uncallable;
	const struct scan_def *retyped;	/* var of another type, see unstated_type() */
	int has_func, has_macro, has_define, has_value, has_typedef, has_tag;
	const char *kind, *todo_kind;
	char *sig, *cond, *chain;
};

/* A function a made-up call can be typed from: a signature, no "...". */
static int callable_signature(const struct scan_def *d)
{
	int j;

	if (!d->sig_ok)
		return 0;
	for (j = 0; j < d->nargs; j++)
		if (!strcmp(d->args[j], "..."))
			return 0;
	return 1;
}

/* What defs[0..n) are, kind by kind. */
static void read_defs(const struct scan_def *const *defs, int n, struct name_defs *nd)
{
	int i;

	nd->first = defs[0];
	for (i = 0; i < n; i++) {
		const struct scan_def *d = defs[i];

		switch (d->kind) {
		case SCAN_FUNC:
		case SCAN_PROTO:
			nd->has_func = 1;
			if (!nd->func && callable_signature(d))
				nd->func = d;
			break;
		case SCAN_MACRO:
			nd->has_macro = 1;
			break;
		case SCAN_DEFINE:
			nd->has_define = 1;
			if (d->value && *d->value)
				nd->has_value = 1;
			if (!nd->uncallable && d->value && *d->value &&
			    (!is_identifier(d->value) || !strcmp(d->value, "NULL")))
				nd->uncallable = d;
			break;
		case SCAN_VAR:
			if (!nd->var && d->type)
				nd->var = d;
			break;
		case SCAN_TYPEDEF:
			nd->has_typedef = 1;
			break;
		case SCAN_STRUCT:
		case SCAN_UNION:
		case SCAN_ENUM:
			nd->has_tag = 1;
			break;
		default:
			break;
		}
	}
}

/* The line's kind from what the definitions are; the todo's, and the types. */
static void choose_kind(struct name_defs *nd)
{
	const struct scan_def *first = nd->first;

	if (nd->has_tag || nd->has_typedef) {
		nd->kind = "type";
		if (!nd->has_tag)
			nd->todo_kind = "type";
		else
			nd->todo_kind = first->kind == SCAN_UNION ? "union" : first->kind == SCAN_ENUM ? "enum" : "struct";
	} else if (nd->has_func) {
		nd->kind = nd->has_macro || nd->has_define ? "call" : "func";
		nd->todo_kind = nd->kind;
		if (nd->func)
			nd->sig = scan_format_signature(nd->func->type, nd->func->args, nd->func->nargs);
		/* Under some config it is a value, not a function: a call
		 * would fail there, and the condition of the function's own
		 * branch is not what the catalog can state for "call". */
		if (!nd->func || nd->uncallable)
			nd->kind = NULL;
	} else if (nd->has_macro) {
		nd->kind = NULL;
		nd->todo_kind = "macro";
	} else if (nd->has_define) {
		nd->kind = nd->has_value ? NULL : "flag";
		nd->todo_kind = "const";
	} else {
		nd->todo_kind = "var";
		nd->kind = nd->var ? "var" : NULL;
		if (nd->var)
			nd->sig = xstrdup(nd->var->type);
	}
}

/* "todo NAME KIND [if COND] # tree: ..." for what no line can assert. */
static char *todo_of(const char *name, const struct name_defs *nd)
{
	const struct scan_def *first = nd->first, *u = nd->uncallable;
	/* "todo struct foo" is spelled "todo foo struct" */
	const char *bare = nd->has_tag && strchr(name, ' ') ? strchr(name, ' ') + 1 : name;
	const char *cond = nd->cond && *nd->cond ? nd->cond : NULL;
	char *what = scan_def_signature(nd->func ? nd->func : nd->var ? nd->var : first), *value, *line;

	if (u && kind_is_call(nd->todo_kind))
		value = xasprintf("; not callable where it is #define %s %s (%s:%d)", name, u->value, u->file->path,
				  u->line);
	else
		value = nd->retyped ? retyped_note(nd->retyped) : xstrdup("");
	line = xasprintf("todo\t%s\t%s%s%s\t# tree: %s%s%s at %s:%d%s%s%s", bare, nd->todo_kind, cond ? "\tif " : "",
			 cond ? cond : "", drift_kind_phrase(first->kind), *what ? " " : "", what, first->file->path,
			 first->line, nd->chain ? ", only if " : "", nd->chain ? nd->chain : "", value);
	free(value);
	free(what);
	return line;
}

char *catalog_update_line(const struct catalog *cat, const struct scan_index *ix, const char *name,
			  const struct scan_def *const *defs, int n)
{
	struct name_defs nd = { 0 };
	char *line;

	read_defs(defs, n, &nd);
	choose_kind(&nd);
	nd.cond = catalog_update_condition(cat, defs, n);
	if (!nd.cond) {
		nd.kind = NULL;
		nd.chain = scan_cond_chain(nd.first->cond);
	}
	/* only a line that would assert var's type: a todo says why already */
	if (nd.kind && nd.var && !strcmp(nd.kind, "var") && (nd.retyped = unstated_type(cat, defs, n, nd.var)))
		nd.kind = NULL;
	if (nd.kind) {
		char *nocall = nd.sig ? nocall_field(ix, defs, n, nd.func) :
			       !strcmp(nd.kind, "type") ? opaque_field(ix, defs, n) : xstrdup("");

		line = xasprintf("%s\t%s%s%s%s%s%s", nd.kind, name, nd.sig ? "\t" : "", nd.sig ? nd.sig : "", nocall,
				 *nd.cond ? "\tif " : "", nd.cond);
		free(nocall);
	} else {
		line = todo_of(name, &nd);
	}
	free(nd.sig);
	free(nd.cond);
	free(nd.chain);
	return line;
}

/* --- the catalog files as lines --- */

struct line {
	char *text;
	int deleted;
	char **after;		/* lines inserted after this one */
	int nafter;
};

struct block {			/* a "header" block appended to the file */
	char *header;
	char **lines;
	int nlines;
};

struct cfile {
	struct line *lines;
	int nlines;
	int trailing_nl;
	struct block *blocks;
	int nblocks;
};

static void cfile_clear(struct cfile *f)
{
	int i, j;

	for (i = 0; i < f->nlines; i++) {
		free(f->lines[i].text);
		for (j = 0; j < f->lines[i].nafter; j++)
			free(f->lines[i].after[j]);
		free(f->lines[i].after);
	}
	free(f->lines);
	for (i = 0; i < f->nblocks; i++) {
		free(f->blocks[i].header);
		for (j = 0; j < f->blocks[i].nlines; j++)
			free(f->blocks[i].lines[j]);
		free(f->blocks[i].lines);
	}
	free(f->blocks);
	memset(f, 0, sizeof(*f));
}

static void cfile_load(struct cfile *f, const char *text)
{
	const char *p = text, *nl;

	cfile_clear(f);
	f->trailing_nl = !*text || text[strlen(text) - 1] == '\n';
	while (*p) {
		struct line *l = push(&f->lines, &f->nlines, sizeof(*f->lines));

		nl = strchr(p, '\n');
		l->text = nl ? xstrndup(p, nl - p) : xstrdup(p);
		p = nl ? nl + 1 : p + strlen(p);
	}
}

static char *cfile_render(const struct cfile *f)
{
	struct strbuf sb;
	int i, j, appended = 0;

	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < f->nlines; i++) {
		if (!f->lines[i].deleted)
			sb_addf(&sb, "%s\n", f->lines[i].text);
		for (j = 0; j < f->lines[i].nafter; j++)
			sb_addf(&sb, "%s\n", f->lines[i].after[j]);
		appended |= f->lines[i].nafter;
	}
	for (i = 0; i < f->nblocks; i++) {
		if (sb.len && !(sb.len >= 2 && sb.buf[sb.len - 1] == '\n' && sb.buf[sb.len - 2] == '\n'))
			sb_addc(&sb, '\n');
		sb_addf(&sb, "header %s\n", f->blocks[i].header);
		for (j = 0; j < f->blocks[i].nlines; j++)
			sb_addf(&sb, "%s\n", f->blocks[i].lines[j]);
		appended = 1;
	}
	if (!f->trailing_nl && !appended && sb.len)
		sb.buf[--sb.len] = '\0';
	return sb_detach(&sb);
}

/* A catalog symbol line, cut up: "<indent><kind> <name> <sig><tail>",
 * the tail being ' nocall "WHY"', " if COND" and/or "# comment" with the
 * blanks before: what a new signature keeps. */
struct cut {
	const char *indent_end, *kind_end, *name, *name_end, *sig, *sig_end, *tail;
};

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

static void cut_line(const char *text, int is_type, struct cut *c)
{
	const char *p, *end, *comment = NULL, *nocall;
	int quoted = 0;

	for (p = text; *p; p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == '#' && !quoted) {
			comment = p;
			break;
		}
	}
	end = comment ? comment : text + strlen(text);
	/* " if" as catalog.c's find_if() sees it */
	for (p = text, quoted = 0; p < end; p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (!quoted && p[0] == 'i' && p + 1 < end && p[1] == 'f' &&
			 (p == text || blank(p[-1]) || p[-1] == ')' || p[-1] == '"') &&
			 (p + 2 == end || blank(p[2]) || p[2] == '(' || p[2] == '!')) {
			end = p;
			break;
		}
	}
	while (end > text && blank(end[-1]))
		end--;
	for (p = text; blank(*p); p++)
		;
	c->indent_end = p;
	while (p < end && !blank(*p))
		p++;
	c->kind_end = p;
	nocall = catalog_nocall_field(c->kind_end, end);
	if (nocall)
		for (end = nocall; end > text && blank(end[-1]); end--)
			;
	c->tail = end;
	while (p < end && blank(*p))
		p++;
	c->name = p;
	if (is_type) {
		c->name_end = end;
		c->sig = c->sig_end = end;
		return;
	}
	while (p < end && !blank(*p))
		p++;
	c->name_end = p;
	while (p < end && blank(*p))
		p++;
	c->sig = p;
	c->sig_end = end;
}

/* The line with its kind word and/or signature replaced (NULL: keep;
 * sig "" drops it). */
static char *rewrite(const char *text, int is_type, const char *kind, const char *sig)
{
	struct cut c;
	struct strbuf sb;

	cut_line(text, is_type, &c);
	sb_init(&sb);
	sb_addn(&sb, text, c.indent_end - text);
	if (kind)
		sb_add(&sb, kind);
	else
		sb_addn(&sb, c.indent_end, c.kind_end - c.indent_end);
	sb_addc(&sb, '\t');
	sb_addn(&sb, c.name, c.name_end - c.name);
	if (sig && *sig) {
		sb_addc(&sb, '\t');
		sb_add(&sb, sig);
	} else if (!sig && c.sig_end > c.sig) {
		sb_addc(&sb, '\t');
		sb_addn(&sb, c.sig, c.sig_end - c.sig);
	}
	sb_add(&sb, c.tail);
	return sb_detach(&sb);
}

static char *commented_out(const char *text)
{
	const char *p = text;

	while (blank(*p))
		p++;
	return xasprintf("%.*s# gone: %s", (int)(p - text), text, p);
}

/* --- one round --- */

struct round {
	const struct catalog *cat;
	const struct scan_index *ix;
	struct cfile *files;
	int nfiles;
};

static int file_index(const struct round *r, const char *file)
{
	int i;

	for (i = 0; i < r->cat->nfiles; i++)
		if (r->cat->files[i] == file || !strcmp(r->cat->files[i], file))
			return i;
	return -1;
}

static struct line *line_at(struct round *r, const struct loc *l)
{
	int fi = file_index(r, l->file);

	if (fi < 0 || l->line < 1 || l->line > r->files[fi].nlines)
		return NULL;
	return &r->files[fi].lines[l->line - 1];
}

/* Add text to the end of header incname's block: the catalog's, or a new
 * one at the end of file fi. */
static void add_to_block(struct round *r, const char *incname, int fi, const char *text)
{
	const struct header *h = catalog_header(r->cat, incname);
	struct cfile *f;
	struct block *b;
	int i;

	if (h) {
		struct loc last = h->loc;
		struct line *l;

		last.line = catalog_entry_end(h);
		l = line_at(r, &last);
		if (l) {
			*(char **)push(&l->after, &l->nafter, sizeof(char *)) = xstrdup(text);
			return;
		}
	}
	f = &r->files[fi];
	for (i = 0; i < f->nblocks; i++)
		if (!strcmp(f->blocks[i].header, incname))
			break;
	if (i == f->nblocks) {
		b = push(&f->blocks, &f->nblocks, sizeof(*f->blocks));
		b->header = xstrdup(incname);
	}
	b = &f->blocks[i];
	*(char **)push(&b->lines, &b->nlines, sizeof(char *)) = xstrdup(text);
}

/* The definitions of name in the files called incname. */
static int defs_in(const struct scan_index *ix, const char *name, const char *incname,
		   const struct scan_def ***out)
{
	const struct scan_def *d;
	int n = 0;

	*out = NULL;
	for (d = scan_lookup(ix, name); d; d = d->next)
		if (drift_def_counts(d) && d->file->include_name && !strcmp(d->file->include_name, incname))
			*(const struct scan_def **)push(out, &n, sizeof(**out)) = d;
	return n;
}

/* The catalog line of a symbol catalogued with the wrong kind, rewritten
 * with the kind (and types) the tree gives it. */
static char *line_with_tree_kind(struct round *r, const struct symbol *s, const char *text)
{
	const struct scan_def **defs;
	char *key = drift_symbol_key(s), *line, *res;
	int n = defs_in(r->ix, key, s->header->path, &defs), i, macros = 1;

	for (i = 0; i < n; i++)
		if (defs[i]->kind != SCAN_MACRO && defs[i]->kind != SCAN_DEFINE)
			macros = 0;
	if (macros && (s->kind == SYM_FUNC || s->kind == SYM_CALL)) {
		/* a function that became a macro: its types stay the best guess */
		res = rewrite(text, 0, "macro", NULL);
	} else {
		struct cut c;
		char *kw;

		line = catalog_update_line(r->cat, r->ix, key, defs, n);
		/* keep the line's own condition and comment: only kind and types change */
		cut_line(line, 0, &c);
		kw = xstrndup(line, c.kind_end - line);
		if (!strcmp(kw, "todo") || !strcmp(kw, "type")) {
			struct cut o;

			cut_line(text, s->kind == SYM_TYPE, &o);
			res = xasprintf("%.*s%s", (int)(o.indent_end - text), text, line);
		} else {
			char *sig = xstrndup(c.sig, c.sig_end - c.sig);

			res = rewrite(text, s->kind == SYM_TYPE, kw, sig);
			free(sig);
		}
		free(kw);
		free(line);
	}
	free(defs);
	free(key);
	return res;
}

static void apply(struct round *r, const struct drift_report *rep)
{
	int i, pass;

	/* edits in place first, so that a moved line carries them along */
	for (pass = 0; pass < 3; pass++) {
		for (i = 0; i < rep->n; i++) {
			const struct drift *d = &rep->items[i];
			struct line *l = d->kind == DRIFT_NEW ? NULL : line_at(r, &d->loc);
			char *text = NULL;

			if (pass == 0 && l && d->kind == DRIFT_SIGNATURE) {
				char *sig = scan_format_signature(d->def->type, d->def->args, d->def->nargs);

				text = rewrite(l->text, 0, NULL, sig);
				free(sig);
			} else if (pass == 0 && l && d->kind == DRIFT_KIND) {
				text = line_with_tree_kind(r, d->sym, l->text);
			} else if (pass == 0 && l && (d->kind == DRIFT_GONE || d->kind == DRIFT_HEADER_GONE)) {
				text = commented_out(l->text);
			} else if (pass == 1 && l && d->kind == DRIFT_MOVED) {
				l->deleted = 1;
				add_to_block(r, d->to, file_index(r, d->loc.file), l->text);
			} else if (pass == 2 && d->kind == DRIFT_NEW) {
				const struct scan_def **defs;
				int n = defs_in(r->ix, d->def->name, d->header->path, &defs);
				char *line = catalog_update_line(r->cat, r->ix, d->def->name, defs, n);

				text = xasprintf("\t%s", line);
				add_to_block(r, d->header->path, file_index(r, d->header->loc.file), text);
				free(line);
				free(defs);
				free(text);
				text = NULL;
			}
			if (text) {
				free(l->text);
				l->text = text;
			}
		}
	}
}

/* Print a drift line with the round's temporary file name replaced. */
static void print_item(FILE *out, const struct catalog *cat, char **paths, const struct drift *d)
{
	int i;

	for (i = 0; i < cat->nfiles; i++) {
		size_t n = strlen(cat->files[i]);

		if (d->loc.file == cat->files[i] && !strncmp(d->text, cat->files[i], n)) {
			fprintf(out, "%s%s\n", paths[i], d->text + n);
			return;
		}
	}
	fprintf(out, "%s\n", d->text);
}

/* Write every catalog file whose text changed, all or none: a full disk
 * leaves each file as it was (-1). */
static int write_changed(char **paths, int npaths, struct cfile *files, char **originals, FILE *out)
{
	const char **wpaths = xcalloc(npaths, sizeof(char *));
	char **texts = xcalloc(npaths, sizeof(char *));
	int i, ret;

	for (i = 0; i < npaths; i++) {
		texts[i] = cfile_render(&files[i]);
		if (strcmp(texts[i], originals[i]))
			wpaths[i] = paths[i];
	}
	ret = write_files_atomic(npaths, wpaths, (const char *const *)texts);
	for (i = 0; i < npaths; i++) {
		if (!ret && wpaths[i])
			fprintf(out, "catalog-update: rewrote %s\n", paths[i]);
		free(texts[i]);
	}
	free(texts);
	free(wpaths);
	return ret;
}

/* A later round reads the catalog as the last one left it: written into
 * a temporary dir (made on the first call), tmp[i] for files[i].  0, or
 * -1 with *stuck set when no temporary dir could be made. */
static int write_round(struct cfile *files, int npaths, char **tmp, char **tmpdir, int *stuck)
{
	int i;

	if (!*tmpdir && !(*tmpdir = make_tmp_dir("update"))) {
		*stuck = 1;
		return -1;
	}
	for (i = 0; i < npaths; i++) {
		char *text = cfile_render(&files[i]);
		int ret;

		free(tmp[i]);
		tmp[i] = xasprintf("%s/%d.cat", *tmpdir, i);
		ret = write_text(tmp[i], text);
		free(text);
		if (ret)
			return -1;
	}
	return 0;
}

int catalog_update(char **paths, int npaths, const struct scan_index *ix, FILE *out, int *stuck)
{
	struct cfile *files = xcalloc(npaths + 1, sizeof(*files));
	char **originals = xcalloc(npaths + 1, sizeof(char *)), **tmp = xcalloc(npaths + 1, sizeof(char *));
	char *tmpdir = NULL;
	int i, round, ret = 0, changes = 0;

	*stuck = 0;
	for (i = 0; i < npaths; i++) {
		originals[i] = read_text_file(paths[i], NULL, "catalog lines");
		if (!originals[i]) {
			if (errno != EILSEQ)	/* a NUL byte: reported */
				error("cannot read catalog %s: %s", paths[i], strerror(errno));
			ret = -1;
			goto out;
		}
		cfile_load(&files[i], originals[i]);
	}
	for (round = 0;; round++) {
		struct catalog *cat;
		struct drift_report *rep;
		struct round r;

		if (round > 0 && write_round(files, npaths, tmp, &tmpdir, stuck)) {
			if (!*stuck)
				ret = -1;
			goto out;
		}
		cat = catalog_read(round ? tmp : paths, npaths);
		if (!cat) {
			if (round)
				error("the updated catalog does not parse (a bug in catalog-update); nothing was written");
			if (round)
				*stuck = 1;
			else
				ret = -1;
			goto out;
		}
		rep = drift_check(cat, ix);
		if (!rep->ndrift || round == 8) {
			for (i = 0; i < rep->n; i++)
				if (rep->items[i].kind == DRIFT_TODO || rep->ndrift)
					print_item(out, cat, paths, &rep->items[i]);
			if (rep->ndrift) {
				error("the catalog still drifts after %d rounds of updates; nothing was written", round);
				*stuck = 1;
			}
			drift_report_free(rep);
			catalog_free(cat);
			break;
		}
		for (i = 0; i < rep->n; i++)
			if (rep->items[i].kind != DRIFT_TODO)
				print_item(out, cat, paths, &rep->items[i]);
		changes += rep->ndrift;
		r.cat = cat;
		r.ix = ix;
		r.files = files;
		r.nfiles = npaths;
		apply(&r, rep);
		/* the next round reads what this one wrote */
		for (i = 0; i < npaths; i++) {
			char *text = cfile_render(&files[i]);

			cfile_load(&files[i], text);
			free(text);
		}
		drift_report_free(rep);
		catalog_free(cat);
	}
	if (ret || *stuck)
		goto out;
	ret = write_changed(paths, npaths, files, originals, out);
	if (!ret && !changes)
		fprintf(out, "catalog-update: the catalog matches the tree; nothing to do\n");
out:
	for (i = 0; i < npaths; i++) {
		cfile_clear(&files[i]);
		free(originals[i]);
		free(tmp[i]);
	}
	free(files);
	free(originals);
	free(tmp);
	if (tmpdir) {
		remove_tree(tmpdir);
		free(tmpdir);
	}
	return ret;
}

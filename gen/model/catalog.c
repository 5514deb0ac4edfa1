// SPDX-License-Identifier: GPL-2.0
/*
 * The catalog parser.  The format is line based: a directive word, then
 * its operands.  Symbol lines belong to the last "header" line, fragment
 * lines (CONFIG_FOO=y) to the last "config" line.  '#' starts a comment.
 */
#include "model/catalog.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "model/validate.h"

/* What free text (forbid reasons, unavailable=, string values) may hold */
#define FREE_TEXT "printable ASCII text without quotes, backslashes, $, ` or #"

static const char *const kind_names[] = {
	[SYM_FUNC] = "func",   [SYM_MACRO] = "macro", [SYM_CALL] = "call", [SYM_CONST] = "const",
	[SYM_FLAG] = "flag",   [SYM_VAR] = "var",     [SYM_TYPE] = "type",  [SYM_TODO] = "todo",
	[SYM_USES] = "uses",
};

const char *sym_kind_name(enum sym_kind kind)
{
	return kind_names[kind];
}

static int kind_from_word(const char *w, size_t n)
{
	int k;

	for (k = 0; k < (int)(sizeof(kind_names) / sizeof(kind_names[0])); k++)
		if (strlen(kind_names[k]) == n && !strncmp(kind_names[k], w, n))
			return k;
	return -1;
}

struct parse_state {
	struct catalog *cat;
	const char *file;
	int line;
	char *text;		/* the current line, comment stripped */
	struct header *header;	/* symbol lines go here */
	struct config *config;	/* fragment lines go here */
};

static struct loc loc_at(struct parse_state *ps, const char *p)
{
	struct loc l = { ps->file, ps->line, (int)(p - ps->text) + 1 };

	return l;
}

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The next whitespace-separated word at *p; returns its length. */
static size_t word(const char **p)
{
	const char *s;

	*p = skip_ws(*p);
	for (s = *p; *s && *s != ' ' && *s != '\t'; s++)
		;
	return s - *p;
}

/* Position of the word "if" in p outside double quotes, or NULL. */
static const char *find_if(const char *p)
{
	const char *s;
	int quoted = 0;

	for (s = p; *s; s++) {
		if (*s == '"')
			quoted = !quoted;
		else if (!quoted && s[0] == 'i' && s[1] == 'f' &&
			 (s == p || s[-1] == ' ' || s[-1] == '\t' || s[-1] == ')' || s[-1] == '"') &&
			 (s[2] == '\0' || s[2] == ' ' || s[2] == '\t' || s[2] == '(' || s[2] == '!'))
			return s;
	}
	return NULL;
}

static int define_known(const char *name, void *ctx)
{
	struct catalog *cat = ctx;
	struct define *d;

	HASH_FIND_STR(cat->define_index, name, d);
	return d != NULL;
}

static void symbol_free(struct symbol *sym)
{
	ifexpr_free(sym->cond);
	free(sym->cond_text);
	free(sym->nocall);
	free(sym->opaque);
	free(sym->name);
	free(sym->type);
	while (sym->nargs)
		free(sym->args[--sym->nargs]);
	free(sym->args);
	free(sym);
}

static void finish_symbol(struct parse_state *ps, struct symbol *sym)
{
	struct symbol *old;

	if (sym->kind == SYM_USES) {
		/* not a symbol of its own: one line per branch of its macro */
		sym->header = ps->header;
		*(struct symbol **)push(&ps->header->syms, &ps->header->nsyms, sizeof(sym)) = sym;
		return;
	}
	HASH_FIND_STR(ps->cat->sym_index, sym->name, old);
	if (old) {
		error_at(&sym->loc, "symbol '%s' is catalogued twice: already at %s:%d (under %s)", sym->name,
			 old->loc.file, old->loc.line, old->header->path);
		symbol_free(sym);
		return;
	}
	sym->header = ps->header;
	HASH_ADD_KEYPTR(hh, ps->cat->sym_index, sym->name, strlen(sym->name), sym);
	*(struct symbol **)push(&ps->header->syms, &ps->header->nsyms, sizeof(sym)) = sym;
}

/* "if CONDITION" at ifp: the symbol's condition; 0 or -1. */
static int parse_symbol_cond(struct parse_state *ps, const char *ifp, struct symbol *sym)
{
	const char *c = skip_ws(ifp + 2);
	struct loc cl = loc_at(ps, c);

	if (!*c)
		return error_at(&cl, "expected a condition after 'if'");
	sym->cond = cond_parse(c, &cl, define_known, ps->cat);
	if (!sym->cond)
		return -1;
	sym->cond_text = ifexpr_to_string(sym->cond);
	return 0;
}

/* "uses MACRO NAME...": the names, each an identifier, none twice.  0 or -1. */
static int parse_uses(struct parse_state *ps, struct symbol *sym, const char *p, const char *end)
{
	struct loc l = loc_at(ps, p < end ? p : end);
	int i;

	if (p >= end)
		return error_at(&l, "expected the names the body of '%s' uses after 'uses %s'", sym->name, sym->name);
	while (p < end) {
		const char *w = p;
		size_t n = word(&w);
		char *name;

		if (w >= end || !n)
			break;
		if (w + n > end)
			n = end - w;
		l = loc_at(ps, w);
		name = xstrndup(w, n);
		if (check_identifier(name, &l, "a name the macro's body uses")) {
			free(name);
			return -1;
		}
		for (i = 0; i < sym->nargs; i++) {
			if (!strcmp(sym->args[i], name)) {
				error_at(&l, "'%s' is listed twice in this uses line", name);
				free(name);
				return -1;
			}
		}
		*(char **)push(&sym->args, &sym->nargs, sizeof(char *)) = name;
		p = w + n;
	}
	return 0;
}

/* What follows a symbol's name up to end, by kind: a signature, a type,
 * nothing (flag), or a kind word (todo).  0 or -1. */
static int parse_symbol_rest(struct parse_state *ps, struct symbol *sym, const char *p, const char *end,
			     const struct loc *l)
{
	const char *kind = kind_names[sym->kind];

	switch (sym->kind) {
	case SYM_FUNC:
	case SYM_MACRO:
	case SYM_CALL:
		if (p >= end)
			return error_at(l, "expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' after '%s'", sym->name);
		return parse_signature(p, end - p, l, &sym->type, &sym->args, &sym->nargs);
	case SYM_CONST:
	case SYM_VAR:
		if (p >= end)
			return error_at(l, "expected the type of '%s'", sym->name);
		sym->type = parse_type(p, end - p, l);
		if (!sym->type)
			return -1;
		if (!strcmp(sym->type, "void"))
			return error_at(l, "a %s cannot have type void", kind);
		return 0;
	case SYM_FLAG:
		if (p < end)
			return error_at(l, "expected 'if CONDITION' or end of line after flag '%s'", sym->name);
		return 0;
	case SYM_TODO: {
		/* todo NAME KIND-WORD: what the symbol is, to be typed on review */
		const char *w = p;
		size_t wn = word(&w);

		if (p >= end || !wn)
			return error_at(l, "expected a kind word after todo '%s' (func, macro, const, ...)", sym->name);
		sym->type = xstrndup(w, w + wn > end ? (size_t)(end - w) : wn);
		if (check_identifier(sym->type, l, "a kind word"))
			return -1;
		if (skip_ws(w + wn) < end) {
			struct loc e = loc_at(ps, skip_ws(w + wn));

			return error_at(&e, "expected 'if CONDITION' or end of line after todo '%s %s'", sym->name,
				 sym->type);
		}
		return 0;
	}
	case SYM_USES:
		return parse_uses(ps, sym, p, end);
	case SYM_TYPE:	/* parse_symbol reads a type's name itself */
		break;
	}
	return 0;
}

/* The quoted reason at q, after the word kw ("skip", "nocall"), up to
 * end (NULL: the end of the line), which may hold blanks only after it.
 * '#' is allowed in it, and so is ' (an #error line's double quotes
 * become single ones); neither reaches m4 or a shell.  0 with *reason
 * set, or -1 after an error. */
static int quoted_reason(struct parse_state *ps, const char *q, const char *end, const char *kw, char **reason)
{
	struct loc rl = loc_at(ps, q);
	const char *close;
	char *text, *c, *what;
	int ret;

	*reason = NULL;
	if (!end)
		end = q + strlen(q);
	if (*q != '"' || !(close = memchr(q + 1, '"', end - q - 1)) || close == q + 1)
		return error_at(&rl, "expected a quoted, non-empty reason after '%s'", kw);
	if (skip_ws(close + 1) < end) {
		struct loc e = loc_at(ps, skip_ws(close + 1));

		return error_at(&e, "expected end of line after the %s reason", kw);
	}
	text = xstrndup(q + 1, close - q - 1);
	for (c = text; *c; c++)
		if (*c == '#' || *c == '\'')
			*c = ' ';
	rl.col++;
	what = xasprintf("printable ASCII text without double quotes, backslashes, $ or ` in the %s reason", kw);
	ret = check_chars(text, &rl, what, text_chars);
	free(what);
	free(text);
	if (ret)
		return -1;
	*reason = xstrndup(q + 1, close - q - 1);
	return 0;
}

const char *catalog_nocall_field(const char *p, const char *end)
{
	const char *w = end, *word_end;

	/* the quoted text that ends it, if any: the word before it */
	if (w > p && w[-1] == '"') {
		w--;
		while (w > p && w[-1] != '"')
			w--;
		if (w == p)
			return NULL;
		w--;
	}
	while (w > p && (w[-1] == ' ' || w[-1] == '\t'))
		w--;
	word_end = w;
	while (w > p && w[-1] != ' ' && w[-1] != '\t')
		w--;
	/* the first word is the symbol's name: 'type opaque' is a type */
	if (skip_ws(p) == w)
		return NULL;
	return word_end - w == 6 && (!strncmp(w, "nocall", 6) || !strncmp(w, "opaque", 6)) ? w : NULL;
}

/* The optional field that ends [p, *end), after a signature, and says
 * why the TU does not make the usual use: 'nocall "WHY"' (a func, call or
 * macro: it is not called) or 'opaque "WHY"' (a type: it is not sized,
 * only used by pointer).  sym->nocall or sym->opaque gets WHY, and *end
 * is moved before the field.  0 (nothing set when there is none), or -1
 * after an error. */
static int parse_why_field(struct parse_state *ps, struct symbol *sym, const char *p, const char **end)
{
	const char *w = catalog_nocall_field(p, *end), *bad;
	int opaque = w && !strncmp(w, "opaque", 6);
	const char *kw = opaque ? "opaque" : "nocall";
	char **why = opaque ? &sym->opaque : &sym->nocall;
	struct loc l;

	if (!w)
		return 0;
	l = loc_at(ps, w);
	if (opaque && sym->kind != SYM_TYPE)
		return error_at(&l, "'opaque' is for a type line, not a %s", kind_names[sym->kind]);
	if (!opaque && sym->kind != SYM_FUNC && sym->kind != SYM_CALL && sym->kind != SYM_MACRO)
		return error_at(&l, "'nocall' is for a func, call or macro line, not a %s", kind_names[sym->kind]);
	if (quoted_reason(ps, skip_ws(w + 6), *end, kw, why))
		return -1;
	bad = strstr(w, "*/");
	if (bad && bad < *end) {
		l = loc_at(ps, bad);
		error_at(&l, "a %s reason may not hold '*/': the TU quotes it in a comment", kw);
		free(*why);
		*why = NULL;
		return -1;
	}
	while (w > p && (w[-1] == ' ' || w[-1] == '\t'))
		w--;
	*end = w;
	return 0;
}

static void parse_symbol(struct parse_state *ps, int kind, const char *kw)
{
	const char *p = kw + strlen(kind_names[kind]), *ifp, *end, *name;
	struct loc l = loc_at(ps, kw);
	struct symbol *sym;
	size_t n;

	if (!ps->header) {
		error_at(&l, "expected a 'header PATH' line before the first symbol");
		return;
	}
	sym = xcalloc(1, sizeof(*sym));
	sym->kind = kind;
	sym->loc = l;
	ifp = find_if(p);
	end = ifp ? ifp : p + strlen(p);
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (ifp && parse_symbol_cond(ps, ifp, sym))
		goto bad;
	if (parse_why_field(ps, sym, p, &end))
		goto bad;
	if (kind == SYM_TYPE) {
		l = loc_at(ps, skip_ws(p));
		if (skip_ws(p) >= end) {
			error_at(&l, "expected a type after 'type'");
			goto bad;
		}
		sym->name = parse_type(skip_ws(p), end - skip_ws(p), &l);
		if (!sym->name)
			goto bad;
		finish_symbol(ps, sym);
		return;
	}
	n = word(&p);
	name = p;
	l = loc_at(ps, name);
	if (name >= end) {
		error_at(&l, "expected a symbol name after '%s'", kind_names[kind]);
		goto bad;
	}
	sym->name = xstrndup(name, n);
	if (check_identifier(sym->name, &l, "a symbol name"))
		goto bad;
	p = skip_ws(name + n);
	l = loc_at(ps, p < end ? p : end);
	if (parse_symbol_rest(ps, sym, p, end, &l))
		goto bad;
	finish_symbol(ps, sym);
	return;
bad:
	symbol_free(sym);
}

/* The optional 'skip "REASON"' after a header path: the header is not
 * meant to stand alone (an #error guard), so its TU is a skip. */
static int parse_header_skip(struct parse_state *ps, const char *p, char **reason)
{
	const char *q = p;
	struct loc l = loc_at(ps, p);

	*reason = NULL;
	if (word(&q) != 4 || strncmp(q, "skip", 4) || (q[4] != ' ' && q[4] != '\t' && q[4]))
		return error_at(&l, "expected end of line or 'skip \"REASON\"' after the header path");
	return quoted_reason(ps, skip_ws(q + 4), NULL, "skip", reason);
}

static void parse_header(struct parse_state *ps, const char *kw)
{
	const char *p = kw + 6;
	size_t n = word(&p);
	struct loc l = loc_at(ps, p);
	struct header *h, *old;
	char *path, *skip = NULL;

	if (!n) {
		error_at(&l, "expected a header path after 'header'");
		return;
	}
	path = xstrndup(p, n);
	if (check_header_path(path, &l)) {
		free(path);
		return;
	}
	p += n;
	if (*skip_ws(p) && parse_header_skip(ps, skip_ws(p), &skip)) {
		free(path);
		return;
	}
	HASH_FIND_STR(ps->cat->header_index, path, old);
	if (old) {
		error_at(&l, "header '%s' is catalogued twice: already at %s:%d", path, old->loc.file,
			 old->loc.line);
		free(path);
		free(skip);
		return;
	}
	h = xcalloc(1, sizeof(*h));
	h->path = path;
	h->skip = skip;
	h->loc = l;
	HASH_ADD_KEYPTR(hh, ps->cat->header_index, h->path, strlen(h->path), h);
	*(struct header **)push(&ps->cat->headers, &ps->cat->nheaders, sizeof(h)) = h;
	ps->header = h;
}

static void parse_forbid(struct parse_state *ps, const char *kw)
{
	const char *p = kw + 6, *reason;
	size_t n = word(&p);
	struct loc l = loc_at(ps, p), rl;
	struct forbid *f;
	char *path;

	if (!n) {
		error_at(&l, "expected a header path after 'forbid'");
		return;
	}
	path = xstrndup(p, n);
	if (check_header_path(path, &l)) {
		free(path);
		return;
	}
	reason = skip_ws(p + n);
	rl = loc_at(ps, reason);
	if (check_chars(reason, &rl, FREE_TEXT " as the reason", text_chars)) {
		free(path);
		return;
	}
	f = push(&ps->cat->forbids, &ps->cat->nforbids, sizeof(*f));
	f->path = path;
	f->reason = xstrdup(reason);
	f->loc = l;
}

/* Evaluating a condition expands the defines in it, each in turn: a
 * chain of defines is as deep as their conditions together, and "D2 D1 ||
 * D1" doubles with each line.  Both are limited, or 40 lines would take
 * 2^40 steps and 100,000 lines overflow the stack. */
#define DEFINE_MAX_NAMES 10000

struct expansion {
	const struct catalog *cat;
	int depth;		/* deepest define met */
	long names;
};

static void expand_name(const char *name, void *p)
{
	struct expansion *x = p;
	struct define *d;

	HASH_FIND_STR(x->cat->define_index, name, d);
	if (d && d->depth > x->depth)
		x->depth = d->depth;
	x->names += d ? d->names : 1;
	if (x->names > DEFINE_MAX_NAMES)
		x->names = DEFINE_MAX_NAMES + 1;	/* no overflow */
}

static int define_too_big(struct parse_state *ps, struct define *d, const struct loc *cl)
{
	struct expansion x = { ps->cat, 0, 0 };

	cond_visit(d->cond, expand_name, &x);
	d->depth = d->cond->depth + x.depth;
	d->names = x.names;
	if (d->depth > COND_MAX_DEPTH) {
		error_at(cl, "define '%s' with the defines it uses is nested deeper than %d levels", d->name,
			 COND_MAX_DEPTH);
		return 1;
	}
	if (d->names > DEFINE_MAX_NAMES) {
		error_at(cl, "define '%s' with the defines it uses has more than %d names", d->name,
			 DEFINE_MAX_NAMES);
		return 1;
	}
	return 0;
}

static void parse_define(struct parse_state *ps, const char *kw)
{
	const char *p = kw + 6;
	size_t n = word(&p);
	struct loc l = loc_at(ps, p);
	struct define *d, *old;
	const char *c;
	char *name;

	if (!n) {
		error_at(&l, "expected a name after 'define'");
		return;
	}
	name = xstrndup(p, n);
	if (check_chars(name, &l, "a name to define (a C identifier)", ident_chars)) {
		free(name);
		return;
	}
	if (starts_with(name, "CONFIG_")) {
		error_at(&l, "a define may not be named CONFIG_*: those come from the .config");
		free(name);
		return;
	}
	HASH_FIND_STR(ps->cat->define_index, name, old);
	if (old) {
		error_at(&l, "'%s' is defined twice: already at %s:%d", name, old->loc.file, old->loc.line);
		free(name);
		return;
	}
	c = skip_ws(p + n);
	if (!*c) {
		struct loc cl = loc_at(ps, c);

		error_at(&cl, "expected a condition after 'define %s'", name);
		free(name);
		return;
	}
	d = xcalloc(1, sizeof(*d));
	d->name = name;
	d->loc = l;
	{
		struct loc cl = loc_at(ps, c);

		d->cond = cond_parse(c, &cl, define_known, ps->cat);
		if (d->cond && define_too_big(ps, d, &cl)) {
			ifexpr_free(d->cond);
			d->cond = NULL;
		}
	}
	if (!d->cond) {
		free(d->name);
		free(d);
		return;
	}
	d->cond_text = ifexpr_to_string(d->cond);
	HASH_ADD_KEYPTR(hh, ps->cat->define_index, d->name, strlen(d->name), d);
	*(struct define **)push(&ps->cat->defines, &ps->cat->ndefines, sizeof(d)) = d;
}

/* key=value or key="value with spaces"; calls set() for each field. */
typedef int (*field_fn)(struct parse_state *ps, void *obj, const char *key, char *value,
			const struct loc *kloc, const struct loc *vloc);

static int parse_fields(struct parse_state *ps, const char *p, void *obj, field_fn set)
{
	int bad = 0;

	for (;;) {
		const char *k, *eq, *v;
		struct loc kl, vl, cl;	/* cl: the value's text, inside any quotes */
		char *key, *value;

		p = skip_ws(p);
		if (!*p)
			return bad ? -1 : 0;
		k = p;
		kl = loc_at(ps, k);
		eq = k;
		while (*eq && *eq != '=' && *eq != ' ' && *eq != '\t')
			eq++;
		if (*eq != '=' || eq == k)
			return error_at(&kl, "expected key=value");
		v = eq + 1;
		vl = loc_at(ps, v);
		if (*v == '"') {
			const char *q = strchr(v + 1, '"');

			if (!q)
				return error_at(&vl, "expected a closing '\"'");
			value = xstrndup(v + 1, q - v - 1);
			p = q + 1;
			cl = loc_at(ps, v + 1);
		} else {
			for (p = v; *p && *p != ' ' && *p != '\t'; p++)
				;
			value = xstrndup(v, p - v);
			cl = vl;
		}
		if (!*value) {
			error_at(&vl, "expected a value after '%.*s='", (int)(eq - k), k);
			free(value);
			return -1;
		}
		key = xstrndup(k, eq - k);
		if (set(ps, obj, key, value, &kl, &cl))
			bad = 1;
		free(key);
	}
}

#define ARCH_NAME "an arch name (letters, digits, '_', '.', '+', '-')"
#define MAKE_TARGET "a make target (letters, digits, '_', '.', '-'; not starting with '-')"

/* The arch fields, and what each may hold: every one ends up in make
 * variables and shell commands (gen/prepare/prepare-kbuild.sh), and name, package
 * and unavailable in m4 input too. */
static const struct arch_field {
	const char *key;
	size_t offset;
	const char *what;
	char_class_fn chars;
} arch_fields[] = {
	{ "karch", offsetof(struct arch, karch), "a kernel ARCH= name (lower-case letters, digits, '_')",
	  karch_chars },
	{ "kconfig", offsetof(struct arch, kconfig), "a CONFIG_ symbol (upper-case letters, digits, '_')",
	  kconfig_chars },
	{ "cross", offsetof(struct arch, cross),
	  "a toolchain prefix like aarch64-linux-gnu- (letters, digits, '_', '.', '+', '-'; not starting with '-')",
	  toolchain_chars },
	{ "llvm", offsetof(struct arch, llvm), "1 or -VERSION", llvm_chars },
	{ "package", offsetof(struct arch, package),
	  "a Debian package name (lower-case letters, digits, '+', '.', '-')", package_chars },
	{ "defconfig", offsetof(struct arch, defconfig), MAKE_TARGET, target_chars },
	{ "unavailable", offsetof(struct arch, unavailable), FREE_TEXT, text_chars },
};

/* What the character classes cannot say: the shape of the whole value. */
static int check_arch_value(const struct arch_field *f, const char *value, const struct loc *vl)
{
	struct loc end = *vl;
	size_t n = strlen(value);

	end.col += (int)n;
	if (!strcmp(f->key, "kconfig") && (!starts_with(value, "CONFIG_") || n == 7))
		return error_at(vl, "expected a CONFIG_ symbol, found '%s'", value);
	if (!strcmp(f->key, "cross") && value[n - 1] != '-')
		return error_at(&end, "expected a toolchain prefix ending in '-' for cross=, found '%s'", value);
	if (!strcmp(f->key, "llvm") && strcmp(value, "1") && (value[0] != '-' || n == 1)) {
		struct loc second = *vl;

		/* "19" or "-": what follows the first character is wrong */
		second.col++;
		return error_at(&second, "expected 1 or -VERSION for llvm=, found '%s'", value);
	}
	return 0;
}

/* package=: one Debian package name, or several separated by commas (the
 * compiler and the rest of its toolchain). */
static int check_packages(const char *value, const struct loc *vl, const char *what)
{
	char *list = xstrdup(value), *name = list, *comma;
	struct loc l = *vl;
	int ret = 0;

	for (; !ret; name = comma + 1) {
		comma = strchr(name, ',');
		if (comma)
			*comma = '\0';
		l.col = vl->col + (int)(name - list);
		ret = check_chars(name, &l, what, package_chars);
		if (!ret && strlen(name) < 2) {
			l.col += (int)strlen(name);
			error_at(&l, "expected a Debian package name of two characters or more, found '%s'", name);
			ret = -1;
		}
		if (!comma)
			break;
	}
	free(list);
	return ret;
}

static int set_arch_field(struct parse_state *ps, void *obj, const char *key, char *value,
			  const struct loc *kl, const struct loc *vl)
{
	const struct arch_field *f = NULL;
	char **slot, *what;
	size_t i;
	int bad;

	(void)ps;
	for (i = 0; i < sizeof(arch_fields) / sizeof(arch_fields[0]); i++)
		if (!strcmp(key, arch_fields[i].key))
			f = &arch_fields[i];
	if (!f) {
		error_at(kl, "unknown arch field '%s': expected karch, kconfig, cross, llvm, package, "
			 "defconfig or unavailable", key);
		free(value);
		return -1;
	}
	slot = (char **)((char *)obj + f->offset);
	if (*slot) {
		error_at(kl, "arch field '%s' given twice", key);
		free(value);
		return -1;
	}
	what = xasprintf("%s for %s=", f->what, key);
	if (f->chars == package_chars)
		bad = check_packages(value, vl, what);
	else
		bad = check_chars(value, vl, what, f->chars) || check_arch_value(f, value, vl);
	free(what);
	if (bad) {
		free(value);
		return -1;
	}
	*slot = value;
	return 0;
}

/* The name after an "arch" or "config" keyword (kwlen long), checked
 * (chars says what it may hold): a new string, *l where it stands and
 * *rest what follows it, or NULL after an error. */
static char *entry_name(struct parse_state *ps, const char *kw, size_t kwlen, const char *what,
			const char *chars, struct loc *l, const char **rest)
{
	const char *p = kw + kwlen;
	size_t n = word(&p);
	char *name;

	*l = loc_at(ps, p);
	if (!n) {
		error_at(l, "expected %s name after '%.*s'", what, (int)kwlen, kw);
		return NULL;
	}
	name = xstrndup(p, n);
	if (check_chars(name, l, chars, cell_name_chars)) {
		free(name);
		return NULL;
	}
	*rest = p + n;
	return name;
}

static void parse_arch(struct parse_state *ps, const char *kw)
{
	const char *rest;
	struct loc l;
	char *name = entry_name(ps, kw, 4, "an arch", ARCH_NAME, &l, &rest);
	struct arch *a, *old;

	if (!name)
		return;
	a = xcalloc(1, sizeof(*a));
	a->name = name;
	a->loc = l;
	if (parse_fields(ps, rest, a, set_arch_field))
		goto bad;
	if (!a->karch || !a->kconfig) {
		error_at(&l, "arch '%s' needs karch= and kconfig=", a->name);
		goto bad;
	}
	if (!a->defconfig)
		a->defconfig = xstrdup("defconfig");
	HASH_FIND_STR(ps->cat->arch_index, a->name, old);
	if (old) {
		error_at(&l, "arch '%s' is listed twice: already at %s:%d", a->name, old->loc.file, old->loc.line);
		goto bad;
	}
	HASH_ADD_KEYPTR(hh, ps->cat->arch_index, a->name, strlen(a->name), a);
	*(struct arch **)push(&ps->cat->arches, &ps->cat->narches, sizeof(a)) = a;
	return;
bad:
	free(a->name);
	free(a->karch);
	free(a->kconfig);
	free(a->cross);
	free(a->llvm);
	free(a->package);
	free(a->defconfig);
	free(a->unavailable);
	free(a);
}

static int set_config_field(struct parse_state *ps, void *obj, const char *key, char *value,
			    const struct loc *kl, const struct loc *vl)
{
	struct config *c = obj;

	(void)ps;
	if (!strcmp(key, "base")) {
		if (c->base) {
			error_at(kl, "config field 'base' given twice");
			free(value);
			return -1;
		}
		if (check_chars(value, vl, MAKE_TARGET " for base=", target_chars)) {
			free(value);
			return -1;
		}
		c->base = value;
		return 0;
	}
	if (!strcmp(key, "arches")) {
		char *s = value, *comma;
		int nlocs;

		if (c->arches_given) {
			error_at(kl, "config field 'arches' given twice");
			free(value);
			return -1;
		}
		c->arches_given = 1;
		if (!strcmp(value, "all")) {
			free(value);
			return 0;
		}
		for (;;) {
			struct loc al = *vl;

			comma = strchr(s, ',');
			if (comma)
				*comma = '\0';
			al.col += (int)(s - value);
			if (!*s) {
				error_at(&al, "expected an arch name in arches=, found ''");
				free(value);
				return -1;
			}
			if (check_chars(s, &al, ARCH_NAME " in arches=", cell_name_chars)) {
				free(value);
				return -1;
			}
			nlocs = c->narches;
			*(struct loc *)push(&c->arch_locs, &nlocs, sizeof(struct loc)) = al;
			*(char **)push(&c->arches, &c->narches, sizeof(char *)) = xstrdup(s);
			if (!comma)
				break;
			s = comma + 1;
		}
		free(value);
		return 0;
	}
	error_at(kl, "unknown config field '%s': expected base or arches", key);
	free(value);
	return -1;
}

static void parse_config(struct parse_state *ps, const char *kw)
{
	const char *rest;
	struct loc l;
	char *name = entry_name(ps, kw, 6, "a config", "a config name (letters, digits, '_', '.', '+', '-')", &l,
				  &rest);
	struct config *c, *old;

	if (!name)
		return;
	c = xcalloc(1, sizeof(*c));
	c->name = name;
	c->loc = l;
	if (parse_fields(ps, rest, c, set_config_field))
		goto bad;
	if (!c->base)
		c->base = xstrdup("defconfig");
	HASH_FIND_STR(ps->cat->config_index, c->name, old);
	if (old) {
		error_at(&l, "config '%s' is listed twice: already at %s:%d", c->name, old->loc.file,
			 old->loc.line);
		goto bad;
	}
	HASH_ADD_KEYPTR(hh, ps->cat->config_index, c->name, strlen(c->name), c);
	*(struct config **)push(&ps->cat->configs, &ps->cat->nconfigs, sizeof(c)) = c;
	ps->config = c;
	return;
bad:
	while (c->narches)
		free(c->arches[--c->narches]);
	free(c->arches);
	free(c->arch_locs);
	free(c->name);
	free(c->base);
	free(c);
}

/* What kconfig writes: y, m, n, a decimal or 0x number, or a "string";
 * a string's text goes through the shell (merge_config.sh), so it is
 * plain text.  vl points at the value.  0, or -1 after an error. */
static int check_fragment_value(const char *v, const struct loc *vl, const char *name)
{
	size_t n = strlen(v);
	const char *d = v;

	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		char *text = xstrndup(v + 1, n - 2);
		struct loc tl = *vl;
		int ret;

		tl.col++;
		ret = check_chars(text, &tl, FREE_TEXT " in a string", text_chars);
		free(text);
		return ret;
	}
	if (!strcmp(v, "y") || !strcmp(v, "m") || !strcmp(v, "n"))
		return 0;
	if (v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
		if (n > 2 && strspn(v + 2, "0123456789abcdefABCDEF") == n - 2)
			return 0;
	} else {
		if (*d == '-')
			d++;
		if (*d && strspn(d, "0123456789") == strlen(d))
			return 0;
	}
	return error_at(vl, "expected a value (y, m, n, a number or a \"string\") after '%s='", name);
}

static void parse_fragment(struct parse_state *ps, const char *p)
{
	struct loc l = loc_at(ps, p), vl;
	const char *eq = strchr(p, '='), *v;
	struct frag_line *f;
	char *name;
	int i;

	if (!ps->config) {
		error_at(&l, "expected a 'config NAME' line before the fragment line");
		return;
	}
	if (!eq) {
		error_at(&l, "expected CONFIG_NAME=value");
		return;
	}
	name = xstrndup(p, eq - p);
	if (check_identifier(name, &l, "a CONFIG_ symbol")) {
		free(name);
		return;
	}
	v = eq + 1;
	vl = loc_at(ps, v);
	if (check_fragment_value(v, &vl, name)) {
		free(name);
		return;
	}
	for (i = 0; i < ps->config->nfrags; i++) {
		if (!strcmp(ps->config->frags[i].name, name)) {
			error_at(&l, "%s is set twice in config '%s': already at line %d", name,
				 ps->config->name, ps->config->frags[i].loc.line);
			free(name);
			return;
		}
	}
	f = push(&ps->config->frags, &ps->config->nfrags, sizeof(*f));
	f->name = name;
	f->value = xstrdup(v);
	f->loc = l;
}

static void parse_directive(struct parse_state *ps)
{
	const char *p = skip_ws(ps->text), *w = p;
	size_t n = word(&w);
	struct loc l = loc_at(ps, p);
	int kind;

	if (!n)
		return;
	kind = kind_from_word(w, n);
	if (kind >= 0 && (w[n] == ' ' || w[n] == '\t' || w[n] == '\0')) {
		ps->config = NULL;
		parse_symbol(ps, kind, w);
		return;
	}
	if (starts_with(w, "CONFIG_")) {
		parse_fragment(ps, w);
		return;
	}
	ps->header = NULL;
	ps->config = NULL;
#define IS(kw) (n == strlen(kw) && !strncmp(w, kw, n))
	if (IS("header"))
		parse_header(ps, w);
	else if (IS("forbid"))
		parse_forbid(ps, w);
	else if (IS("define"))
		parse_define(ps, w);
	else if (IS("arch"))
		parse_arch(ps, w);
	else if (IS("config"))
		parse_config(ps, w);
	else
		error_at(&l, "expected a directive (header, forbid, define, arch, config), a symbol kind "
			 "(func, macro, call, const, flag, var, type, todo) or CONFIG_NAME=value, found '%.*s'",
			 (int)n, w);
#undef IS
}

/* One line: its directive, then, if that parsed, the one rule for every
 * value in it: no name m4 reads as its own (a line refused for another
 * reason says that alone, and one refused here keeps its place: a header
 * line still holds the symbols below it). */
static void parse_line(struct parse_state *ps)
{
	int before = error_count();
	struct loc l = loc_at(ps, ps->text);

	parse_directive(ps);
	if (error_count() == before)
		check_m4_names(ps->text, &l);
}

/* Cut the comment off a line: '#' outside double quotes. */
static void strip_comment(char *s)
{
	int quoted = 0;
	char *end;

	for (; *s; s++) {
		if (*s == '"')
			quoted = !quoted;
		else if (*s == '#' && !quoted)
			break;
	}
	end = s;
	*end = '\0';
}

static void rstrip(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

static void check_config_arches(struct catalog *cat)
{
	int i, j;

	for (i = 0; i < cat->nconfigs; i++) {
		struct config *c = cat->configs[i];

		for (j = 0; j < c->narches; j++)
			if (!catalog_arch(cat, c->arches[j]))
				error_at(&c->arch_locs[j], "config '%s' names arch '%s', which no arch line defines",
					 c->name, c->arches[j]);
	}
}

struct catalog *catalog_read(char **paths, int npaths)
{
	struct catalog *cat = xcalloc(1, sizeof(*cat));
	int before = error_count(), i;

	for (i = 0; i < npaths; i++) {
		struct parse_state ps = { cat, NULL, 0, NULL, NULL, NULL };
		char *text = read_text_file(paths[i], NULL, "catalog lines"), *line, *cur = text;

		*(char **)push(&cat->files, &cat->nfiles, sizeof(char *)) = xstrdup(paths[i]);
		ps.file = cat->files[cat->nfiles - 1];
		if (!text) {
			if (errno != EILSEQ)	/* a NUL byte: reported */
				error("cannot read catalog %s: %s", paths[i], strerror(errno));
			continue;
		}
		while ((line = next_line(&cur))) {
			ps.line++;
			ps.text = line;
			strip_comment(line);
			rstrip(line);
			parse_line(&ps);
		}
		free(text);
	}
	check_config_arches(cat);
	if (error_count() != before) {
		catalog_free(cat);
		return NULL;
	}
	return cat;
}

void catalog_free(struct catalog *cat)
{
	struct symbol *s, *stmp;
	int i, j;

	if (!cat)
		return;
	/* uses lines are in no index: their header owns them */
	for (i = 0; i < cat->nheaders; i++)
		for (j = 0; j < cat->headers[i]->nsyms; j++)
			if (cat->headers[i]->syms[j]->kind == SYM_USES)
				symbol_free(cat->headers[i]->syms[j]);
	HASH_ITER(hh, cat->sym_index, s, stmp) {
		HASH_DEL(cat->sym_index, s);
		symbol_free(s);
	}
	HASH_CLEAR(hh, cat->header_index);
	for (i = 0; i < cat->nheaders; i++) {
		free(cat->headers[i]->path);
		free(cat->headers[i]->skip);
		free(cat->headers[i]->syms);
		free(cat->headers[i]);
	}
	free(cat->headers);
	for (i = 0; i < cat->nforbids; i++) {
		free(cat->forbids[i].path);
		free(cat->forbids[i].reason);
	}
	free(cat->forbids);
	HASH_CLEAR(hh, cat->define_index);
	for (i = 0; i < cat->ndefines; i++) {
		ifexpr_free(cat->defines[i]->cond);
		free(cat->defines[i]->cond_text);
		free(cat->defines[i]->name);
		free(cat->defines[i]);
	}
	free(cat->defines);
	HASH_CLEAR(hh, cat->arch_index);
	for (i = 0; i < cat->narches; i++) {
		struct arch *a = cat->arches[i];

		free(a->name);
		free(a->karch);
		free(a->kconfig);
		free(a->cross);
		free(a->llvm);
		free(a->package);
		free(a->defconfig);
		free(a->unavailable);
		free(a);
	}
	free(cat->arches);
	HASH_CLEAR(hh, cat->config_index);
	for (i = 0; i < cat->nconfigs; i++) {
		struct config *c = cat->configs[i];

		for (j = 0; j < c->narches; j++)
			free(c->arches[j]);
		free(c->arches);
		free(c->arch_locs);
		for (j = 0; j < c->nfrags; j++) {
			free(c->frags[j].name);
			free(c->frags[j].value);
		}
		free(c->frags);
		free(c->name);
		free(c->base);
		free(c);
	}
	free(cat->configs);
	for (i = 0; i < cat->nfiles; i++)
		free(cat->files[i]);
	free(cat->files);
	free(cat);
}

struct header *catalog_header(const struct catalog *cat, const char *path)
{
	struct header *h;

	HASH_FIND_STR(cat->header_index, path, h);
	return h;
}

int catalog_entry_end(const struct header *h)
{
	int i, end = h->loc.line;

	for (i = 0; i < h->nsyms; i++)
		if (h->syms[i]->loc.line > end)
			end = h->syms[i]->loc.line;
	return end;
}

struct symbol *catalog_symbol(const struct catalog *cat, const char *name)
{
	struct symbol *s;

	HASH_FIND_STR(cat->sym_index, name, s);
	return s;
}

struct arch *catalog_arch(const struct catalog *cat, const char *name)
{
	struct arch *a;

	HASH_FIND_STR(cat->arch_index, name, a);
	return a;
}

struct config *catalog_config(const struct catalog *cat, const char *name)
{
	struct config *c;

	HASH_FIND_STR(cat->config_index, name, c);
	return c;
}

int config_applies_to(const struct config *cfg, const char *arch)
{
	int i;

	if (!cfg->arches)
		return 1;
	for (i = 0; i < cfg->narches; i++)
		if (!strcmp(cfg->arches[i], arch))
			return 1;
	return 0;
}

struct eval_ctx {
	const struct catalog *cat;
	cond_value_fn config_value;
	cond_visit_fn visit;
	void *ctx;
};

static int eval_name(const char *name, void *p)
{
	struct eval_ctx *ec = p;
	struct define *d;

	HASH_FIND_STR(ec->cat->define_index, name, d);
	if (d)
		return cond_eval(d->cond, eval_name, ec);
	return ec->config_value(name, ec->ctx);
}

int catalog_cond_holds(const struct catalog *cat, const struct ifexpr *c, cond_value_fn config_value, void *ctx)
{
	struct eval_ctx ec = { cat, config_value, NULL, ctx };

	return !c || cond_eval(c, eval_name, &ec);
}

static void visit_name(const char *name, void *p)
{
	struct eval_ctx *ec = p;
	struct define *d;

	HASH_FIND_STR(ec->cat->define_index, name, d);
	if (d)
		cond_visit(d->cond, visit_name, ec);
	else
		ec->visit(name, ec->ctx);
}

void catalog_cond_configs(const struct catalog *cat, const struct ifexpr *c, cond_visit_fn visit, void *ctx)
{
	struct eval_ctx ec = { cat, NULL, visit, ctx };

	cond_visit(c, visit_name, &ec);
}

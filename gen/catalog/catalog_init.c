// SPDX-License-Identifier: GPL-2.0
/*
 * catalog-init.  The lines are catalog-update's (catalog_update_line):
 * one renderer and one #if translator for both commands.  The header
 * text is read once more for the not-standalone test, because the scan
 * index does not keep #error lines.
 */
#include "catalog/catalog_init.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "catalog/catalog_update.h"
#include "catalog/drift.h"
#include "catalog/macro_uses.h"
#include "cpp/ifexpr.h"
#include "model/validate.h"

/* --- headers not meant to stand alone --- */

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* One open #if level: whether its branch is decided by defined() tests
 * only, negated ("#ifndef X": include X first) or not ("#ifdef X":
 * included twice, compiler-version.h); whether by the arch alone. */
struct level {
	int negated;	/* this branch holds when macros are not defined */
	int positive;	/* ... when they are */
	int arch;	/* it, and each branch of the chain before it, tests target macros only */
	char *ifndef;	/* "#ifndef X" (or "#if !defined(X)") as the last directive: X */
	struct strbuf macros;	/* the target macros of the chain, ", "-separated */
};

/* Whether an #if expression is nothing but !defined(X) tests joined by
 * && or ||.  sign: 1 for "defined(X)" tests instead. */
static int defined_tests(const char *e, int negated)
{
	int n = 0;

	for (;;) {
		e = skip_ws(e);
		if (negated) {
			if (*e != '!')
				return 0;
			e = skip_ws(e + 1);
		}
		if (strncmp(e, "defined", 7) || isalnum((unsigned char)e[7]) || e[7] == '_')
			return 0;
		e = skip_ws(e + 7);
		if (starts_with(skip_ws(*e == '(' ? e + 1 : e), "CONFIG_"))
			return 0;	/* a config test, not a guard */
		if (*e == '(') {
			e = skip_ws(e + 1);
			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			e = skip_ws(e);
			if (*e != ')')
				return 0;
			e++;
		} else {
			const char *s = e;

			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			if (e == s)
				return 0;
		}
		n++;
		e = skip_ws(e);
		if (!*e)
			return n > 0;
		if ((e[0] == '&' && e[1] == '&') || (e[0] == '|' && e[1] == '|'))
			e += 2;
		else
			return 0;
	}
}

static int says_not_standalone(const char *msg)
{
	static const char *const words[] = {
		"directly", "do not include", "don't include", "dont include", "included", "inclusion", "instead",
	};
	char *low = xstrdup(msg), *p;
	size_t i;
	int hit = 0;

	for (p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (i = 0; i < sizeof(words) / sizeof(words[0]) && !hit; i++)
		hit = strstr(low, words[i]) != NULL;
	free(low);
	return hit;
}

/* The directive of a line ("ifndef", "error", ...) and its argument;
 * 0 if the line is no directive.  Comments are cut off the argument. */
static int directive(char *line, char **name, char **arg)
{
	char *p = (char *)skip_ws(line), *c;

	if (*p != '#')
		return 0;
	p = (char *)skip_ws(p + 1);
	*name = p;
	while (isalpha((unsigned char)*p))
		p++;
	if (*p) {
		*p++ = '\0';
		p = (char *)skip_ws(p);
	}
	*arg = p;
	if (strcmp(*name, "error") && ((c = strstr(p, "/*")) || (c = strstr(p, "//"))))
		*c = '\0';
	for (c = p + strlen(p); c > p && isspace((unsigned char)c[-1]); c--)
		c[-1] = '\0';
	return 1;
}

/* p..end onto sb, catalog-safe: a double quote becomes ', a backslash,
 * $, ` or an unprintable byte a blank. */
static void add_safe(struct strbuf *sb, const char *p, const char *end)
{
	for (; p < end; p++) {
		if (*p == '"')
			sb_addc(sb, '\'');
		else if (*p == '\\' || *p == '$' || *p == '`' || !isprint((unsigned char)*p))
			sb_addc(sb, ' ');
		else
			sb_addc(sb, *p);
	}
}

static char *quote_line(const char *path, int lineno, const char *line)
{
	struct strbuf sb;
	const char *p = skip_ws(line), *end = p + strlen(p);

	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	sb_init(&sb);
	sb_addf(&sb, "%s:%d: ", path, lineno);
	add_safe(&sb, p, end);
	return sb_detach(&sb);
}

/* Why the header f (its text) is an x-macro list, catalog-safe: its
 * first line of code is one (scan_x_macro); else NULL. */
static char *x_macro_list(const struct scan_index *ix, const struct scan_file *f, const char *text)
{
	const char *cur = text, *s = NULL;
	const struct scan_def *d;
	char *line, *name, *why;
	struct strbuf sb;
	size_t len = 0;
	int n;

	if (!f || !f->code_line || !text)
		return NULL;
	for (n = 0; n < f->code_line && (s = next_line_span(&cur, &len)); n++)
		;
	if (n < f->code_line)
		return NULL;
	line = xstrndup(s, len);
	d = scan_x_macro(ix, f, line, &name);
	free(line);
	if (!d)
		return NULL;
	why = xasprintf("an x-macro list: line %d invokes %s(), which only %s defines and #undefs", f->code_line,
			name, d->file->include_name);
	free(name);
	sb_init(&sb);
	add_safe(&sb, why, why + strlen(why));
	free(why);
	return sb_detach(&sb);
}

/* Why the header f (its text) is a template, catalog-safe: a header its
 * includer fills in with macros it sets (scan_template); else NULL. */
static char *template_header(const struct scan_index *ix, const struct scan_file *f, const char *text)
{
	struct scan_template t;
	struct strbuf sb;
	char *why;

	if (!scan_template(ix, f, text, &t))
		return NULL;
	if (t.how == TEMPLATE_INCLUDE)
		why = xasprintf("a template: line %d includes the file %s names, a macro it leaves to its includer",
				t.line, t.macro);
	else if (t.how == TEMPLATE_SET)
		why = xasprintf("a template: line %d uses %s, which only its includers define, before they include it",
				t.line, t.macro);
	else
		why = xasprintf("a template: it uses %s, which it #undefs at line %d but never defines: "
				"its includer sets it", t.macro, t.line);
	sb_init(&sb);
	add_safe(&sb, why, why + strlen(why));
	if (t.includer)
		sb_addf(&sb, " (%s:%d)", t.includer->file->include_name, t.includer->line);
	free(why);
	free(t.macro);
	return sb_detach(&sb);
}

/* The macros a compiler predefines for its target CPU: which one is
 * defined says which arch the TU is built for, and no header defines
 * them (#ifdef __hppa__ ... #elif defined(__mc68000__) ... #else). */
static const char *const target_macros[] = {
	"__aarch64__", "__alpha__", "__arc__", "__arch64__", "__arm__", "__csky__", "__hexagon__",
	"__hppa__", "__i386__", "__ia64__", "__loongarch__", "__m68k__", "__mc68000__", "__microblaze__",
	"__mips__", "__nios2__", "__or1k__", "__powerpc__", "__powerpc64__", "__ppc__", "__ppc64__",
	"__riscv", "__s390__", "__s390x__", "__sh__", "__sparc__", "__sparc_v9__", "__x86_64__", "__xtensa__",
};

static void add_macro(struct strbuf *sb, const char *name)
{
	const char *p;
	size_t n = strlen(name);

	for (p = sb->buf; p && (p = strstr(p, name)); p += n)
		if ((p == sb->buf || p[-1] == ' ') && (!p[n] || p[n] == ','))
			return;
	sb_addf(sb, "%s%s", sb->len ? ", " : "", name);
}

/* Whether e is nothing but defined() tests of target macros, joined by
 * '!', && and ||; they are added to *macros. */
static int target_tests(const struct ifexpr *e, struct strbuf *macros)
{
	size_t i;

	switch (e->op) {
	case IFX_DEFINED:
		for (i = 0; i < sizeof(target_macros) / sizeof(target_macros[0]); i++)
			if (!strcmp(e->text, target_macros[i])) {
				add_macro(macros, e->text);
				return 1;
			}
		return 0;
	case IFX_NOT:
		return target_tests(e->l, macros);
	case IFX_LAND:
	case IFX_LOR:
		return target_tests(e->l, macros) && target_tests(e->r, macros);
	default:
		return 0;
	}
}

/* The same for the condition of "#NAME ARG" (if, ifdef, ifndef, elif). */
static int arch_condition(const char *name, const char *arg, const char *path, int lineno, struct strbuf *macros)
{
	struct loc loc = { path, lineno, 1 };
	struct ifx_error err;
	struct ifexpr *e;
	char *text;
	int ret;

	text = strcmp(name, "ifdef") && strcmp(name, "ifndef") ? xstrdup(arg) : xasprintf("defined(%s)", arg);
	e = ifexpr_parse(text, strlen(text), &loc, IFX_CPP, NULL, NULL, &err);
	ret = e && target_tests(e, macros);
	ifexpr_free(e);
	free(text);
	return ret;
}

/* X of "#ifndef X" or "#if !defined(X)", or NULL. */
static char *ifndef_name(const char *name, const char *arg)
{
	const char *e = arg;

	if (!strcmp(name, "if")) {
		if (*e != '!')
			return NULL;
		e = skip_ws(e + 1);
		if (strncmp(e, "defined", 7))
			return NULL;
		e = skip_ws(e + 7);
		e = skip_ws(*e == '(' ? e + 1 : e);
	} else if (strcmp(name, "ifndef")) {
		return NULL;
	}
	arg = e;
	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	return e > arg ? xstrndup(arg, e - arg) : NULL;
}

/* Whether "#define ARG" defines name. */
static int defines(const char *arg, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(arg, name, n) && !isalnum((unsigned char)arg[n]) && arg[n] != '_' && arg[n] != '(';
}

static void level_free(struct level *l)
{
	free(l->ifndef);
	sb_release(&l->macros);
}

/* What the #error at level l (NULL: under no #if) is guarded by. */
static enum error_guard_kind guard_kind(const struct level *l, const char *msg)
{
	if (l && (l->negated || l->positive) && says_not_standalone(msg))
		return EG_INCLUSION;
	if (l && l->arch)
		return EG_ARCH;
	return EG_NONE;
}

/*
 * The #error directives of text, each with the innermost #if branch it
 * is in.  With at 0, the first one standalone_guard takes; else the one
 * on line at.  Its kind, with g (if not NULL) filled in.
 *
 * The include guard (#ifndef X right before #define X) is no condition:
 * its branch holds on the first inclusion, whatever includes it.
 */
static enum error_guard_kind walk_errors(const char *text, const char *path, int at, struct error_guard *g)
{
	struct level *stack = NULL;
	int depth = 0, cap = 0, lineno = 0, done = 0, i;
	const char *cur = text;
	enum error_guard_kind kind = EG_NONE;

	while (*cur && !done && (!at || lineno < at)) {
		const char *nl = strchr(cur, '\n');
		size_t len = nl ? (size_t)(nl - cur) : strlen(cur);
		char *line = xstrndup(cur, len), *name, *arg, *copy;

		lineno++;
		cur += len + (nl != NULL);
		copy = xstrdup(line);
		if (directive(copy, &name, &arg)) {
			struct level *top = depth ? &stack[depth - 1] : NULL;
			char *guard = top ? top->ifndef : NULL;

			if (top)
				top->ifndef = NULL;
			if (guard && !strcmp(name, "define") && defines(arg, guard))
				top->negated = 0;	/* the include guard */
			free(guard);
			if (!strcmp(name, "if") || !strcmp(name, "ifdef") || !strcmp(name, "ifndef")) {
				struct level l = { 0, 0, 0, NULL, { NULL, 0, 0 } };

				if (!strcmp(name, "ifndef"))
					l.negated = !starts_with(arg, "CONFIG_");
				else if (!strcmp(name, "ifdef"))
					l.positive = !starts_with(arg, "CONFIG_");
				else if (defined_tests(arg, 1))
					l.negated = 1;
				else if (defined_tests(arg, 0))
					l.positive = 1;
				sb_init(&l.macros);
				l.arch = arch_condition(name, arg, path, lineno, &l.macros);
				l.ifndef = ifndef_name(name, arg);
				if (depth == cap) {
					cap = cap ? 2 * cap : 16;
					stack = xrealloc(stack, cap * sizeof(*stack));
				}
				stack[depth++] = l;
			} else if (!strcmp(name, "elif") && top) {
				top->negated = defined_tests(arg, 1);
				top->positive = defined_tests(arg, 0);
				top->arch = top->arch && arch_condition(name, arg, path, lineno, &top->macros);
			} else if (!strcmp(name, "else") && top) {
				int neg = top->negated;

				top->negated = top->positive;
				top->positive = neg;
			} else if (!strcmp(name, "endif") && top) {
				level_free(top);
				depth--;
			} else if (!strcmp(name, "error") && (!at || lineno == at)) {
				kind = guard_kind(top, arg);
				done = at || kind == EG_INCLUSION;
				if (done && g) {
					g->quote = quote_line(path, lineno, line);
					g->macros = kind == EG_ARCH ? xstrdup(top->macros.buf ? top->macros.buf : "") : NULL;
				}
				if (!done)
					kind = EG_NONE;
			}
		}
		free(copy);
		free(line);
	}
	for (i = 0; i < depth; i++)
		level_free(&stack[i]);
	free(stack);
	return kind;
}

char *standalone_guard(const char *text, const char *path)
{
	struct error_guard g = { NULL, NULL };

	if (walk_errors(text, path, 0, &g) != EG_INCLUSION)
		return NULL;
	free(g.macros);
	return g.quote;
}

enum error_guard_kind error_guard_at(const char *text, const char *path, int line, struct error_guard *g)
{
	enum error_guard_kind kind;

	g->quote = g->macros = NULL;
	if (line < 1)
		return EG_NONE;
	kind = walk_errors(text, path, line, g);
	if (kind == EG_NONE)
		error_guard_free(g);
	return kind;
}

void error_guard_free(struct error_guard *g)
{
	free(g->quote);
	free(g->macros);
	g->quote = g->macros = NULL;
}

/* --- which headers --- */

int catalog_init_paths(const char *tree, char **patterns, int npatterns, char ***out)
{
	char **all = NULL;
	int nall = 0, n = 0, i, j;

	*out = NULL;
	scan_list_headers(tree, "include", &all, &nall);
	qsort(all, nall, sizeof(char *), cmp_strings);
	for (i = 0; i < nall; i++) {
		const char *under = all[i] + strlen("include/");
		int hit = 0;

		if (!starts_with(all[i], "include/") || starts_with(under, "uapi/") ||
		    starts_with(under, "generated/"))
			hit = -1;
		for (j = 0; j < npatterns && !hit; j++)
			hit = !fnmatch(patterns[j], under, FNM_PATHNAME);
		if (hit > 0)
			*(char **)push(out, &n, sizeof(char *)) = all[i];
		else
			free(all[i]);
	}
	free(all);
	return n;
}

/* --- the catalog text --- */

struct seen {
	const char *name;
	const char *header;
	UT_hash_handle hh;
};

/* The name a catalog line is known by: "todo NAME KIND", "type TYPE", "KIND NAME ...". */
static char *line_key(const char *line)
{
	const char *name = strchr(line, '\t') + 1, *end;

	if (starts_with(line, "type\t"))
		end = strstr(name, "\tif ");
	else
		end = strchr(name, '\t');
	return end ? xstrndup(name, end - name) : xstrdup(name);
}

/* Whether #include <incname> cannot see f: f is the uapi half and the
 * kernel half, which the include path finds first, does not include it
 * (<uapi/linux/x.h>).  Its names are then no names the header provides. */
static int shadowed(const struct scan_file *f, const struct scan_file *const *files, int n, const char *incname)
{
	char *uapi;
	int i, j, hidden = 0;

	if (!starts_with(f->path, "include/uapi/"))
		return 0;
	uapi = xasprintf("uapi/%s", incname);
	for (i = 0; i < n; i++) {
		if (files[i] == f || !starts_with(files[i]->path, "include/") ||
		    starts_with(files[i]->path, "include/uapi/"))
			continue;
		hidden = 1;
		for (j = 0; j < files[i]->nincludes; j++)
			if (!strcmp(files[i]->includes[j].name, uapi))
				hidden = 0;
	}
	free(uapi);
	return hidden;
}

/* The names "#undef"ed in text, added to *names. */
static void undefs_in(const char *text, char ***names, int *n)
{
	const char *p = text;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		char *line = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p)), *name, *arg, *s;

		if (directive(line, &name, &arg) && !strcmp(name, "undef")) {
			for (s = arg; isalnum((unsigned char)*s) || *s == '_'; s++)
				;
			if (s > arg)
				*(char **)push(names, n, sizeof(char *)) = xstrndup(arg, s - arg);
		}
		free(line);
		p = nl ? nl + 1 : NULL;
	}
}

/* The names the header's files, or the headers they include directly
 * (under include/), #undef: a macro of the uapi half the kernel half
 * undefines (RFKILL_STATE_SOFT_BLOCKED), a template parameter that an
 * included template undefines (btree.h, btree-type.h).  The scan records
 * only an #undef in the defining file itself. */
static void collect_undefs(const struct scan_index *ix, const char *tree, const struct scan_file *const *files,
			   int n, char ***names, int *nnames)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", tree, files[i]->path), *text = read_file(path, NULL);

		undefs_in(text, names, nnames);
		free(text);
		free(path);
		for (j = 0; j < files[i]->nincludes; j++) {
			const struct scan_file *const *inc;
			int ninc = scan_files_named(ix, files[i]->includes[j].name, &inc);

			for (k = 0; k < ninc; k++) {
				if (!starts_with(inc[k]->path, "include/"))
					continue;
				path = xasprintf("%s/%s", tree, inc[k]->path);
				text = read_file(path, NULL);
				undefs_in(text, names, nnames);
				free(text);
				free(path);
			}
		}
	}
}

/* "todo NAME KIND # why" for a name the header does not provide as line
 * says it does ("type struct foo" is spelled "todo foo struct"). */
static char *todo_line(const char *line, const char *name, const char *why)
{
	const char *kind_end = strchr(line, '\t');
	char *kind = xstrndup(line, kind_end ? (size_t)(kind_end - line) : strlen(line)), *todo;
	const char *sp = strchr(name, ' ');

	if (!strcmp(kind, "type") && sp)
		todo = xasprintf("todo\t%s\t%.*s\t# %s", sp + 1, (int)(sp - name), name, why);
	else
		todo = xasprintf("todo\t%s\t%s\t# %s", name, kind, why);
	free(kind);
	return todo;
}

/* A name only macros define (function-like, or object-like with a value)
 * under an #if that reads as a catalog condition: catalog-update leaves
 * it todo, for its types to be written on review; here it is "flag NAME
 * if COND", which is checked (the header defines it where it should),
 * and its bodies are checked by uses lines.  Takes line over. */
static char *macro_line(const struct catalog *cat, const char *name, const struct scan_def *const *defs, int n,
			char *line)
{
	char *cond, *flag;
	int i;

	if (!starts_with(line, "todo\t"))
		return line;
	for (i = 0; i < n; i++)
		if (defs[i]->kind != SCAN_MACRO && defs[i]->kind != SCAN_DEFINE)
			return line;
	cond = catalog_update_condition(cat, defs, n);
	if (!cond)
		return line;
	flag = xasprintf("flag\t%s%s%s", name, *cond ? "\tif " : "", cond);
	free(cond);
	free(line);
	return flag;
}

/* The uses lines of every definition of a catalogued name, each once. */
static void add_uses(struct strbuf *sb, const struct scan_index *ix, const struct scan_def *const *defs, int n,
		     const char *incname, struct macro_uses_stats *st)
{
	char **lines = NULL;
	int nlines = 0, i, j;

	for (i = 0; i < n; i++)
		macro_uses_lines(ix, defs[i], incname, &lines, &nlines, st);
	for (i = 0; i < nlines; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(lines[i], lines[j]))
				break;
		if (j == i) {
			/* "uses\tMACRO\tA B C[\tif ...]": its names counted */
			const char *c = strchr(strchr(lines[i], '\t') + 1, '\t') + 1;

			sb_addf(sb, "\t%s\n", lines[i]);
			st->lines++;
			for (st->names++; *c && *c != '\t'; c++)
				st->names += *c == ' ';
		}
	}
	for (i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
}

/*
 * What the rendering keeps from header to header.  seen holds each name
 * catalogued so far, with the header it went under (a name is catalogued
 * once, under the first header that defines it); keys the names the
 * lines written are known by (line_key(), owned), each once.  Both only
 * grow; st counts the uses lines written.
 */
struct render {
	const struct scan_index *ix;
	const char *tree;
	struct catalog empty;	/* no define lines: only CONFIG_ names translate */
	struct macro_uses_stats st;
	struct seen *seen, *keys;
	struct strbuf sb;
};

/* The header being rendered: every file of its name (include/linux/x.h
 * and include/uapi/linux/x.h), what they #undef, and here, the names
 * already met in them (each definition after the first is no new line). */
struct render_header {
	const char *incname;
	const struct scan_file *const *files;
	int nfiles;
	char **undefs;
	int nundefs;
	struct seen *here;
};

static struct seen *seen_add(struct seen **set, const char *name, const char *header)
{
	struct seen *s = xcalloc(1, sizeof(*s));

	s->name = name;
	s->header = header;
	HASH_ADD_KEYPTR(hh, *set, s->name, strlen(s->name), s);
	return s;
}

static void seen_free(struct seen **set, int names_owned)
{
	struct seen *s, *tmp;

	HASH_ITER(hh, *set, s, tmp) {
		HASH_DEL(*set, s);
		if (names_owned)
			free((char *)s->name);
		free(s);
	}
}

static void render_preamble(struct strbuf *sb, char **patterns, int npatterns)
{
	int i;

	sb_add(sb, "# Generated by \"hdrtest catalog-init");
	for (i = 0; i < npatterns; i++)
		sb_addf(sb, " %s", patterns[i]);
	sb_add(sb, "\" from the scan of a kernel tree.\n"
		   "# Review before use: every \"todo\" line is a symbol whose kind, types or\n"
		   "# condition could not be inferred; it is listed, not tested.\n"
		   "# No forbid or define lines are copied: add them by hand (see catalog/mm.cat).\n");
}

/* Why the header at relpath is a skip (an #error that says it is not
 * meant to stand alone, an x-macro list, a template), or NULL. */
static char *skip_reason(const struct render *r, const char *relpath)
{
	char *full = xasprintf("%s/%s", r->tree, relpath), *text = read_file(full, NULL);
	char *why = text ? standalone_guard(text, relpath) : NULL;

	if (!why)
		why = x_macro_list(r->ix, scan_file(r->ix, relpath), text);
	if (!why)
		why = template_header(r->ix, scan_file(r->ix, relpath), text);
	free(full);
	free(text);
	return why;
}

/* 1 when d is the first definition of its name in the header and no
 * header before it has the name (then a comment says where it went);
 * else 0. */
static int first_sighting(struct render *r, struct render_header *h, const struct scan_file *f,
			  const struct scan_def *d)
{
	struct seen *s;

	HASH_FIND_STR(h->here, d->name, s);
	if (s)
		return 0;
	seen_add(&h->here, d->name, NULL);
	HASH_FIND_STR(r->seen, d->name, s);
	if (s) {
		sb_addf(&r->sb, "\t# %s: catalogued under %s, also defined at %s:%d\n", d->name, s->header, f->path,
			d->line);
		return 0;
	}
	seen_add(&r->seen, d->name, h->incname);
	return 1;
}

/* The definitions of name #include <incname> sees, in *defs: a shadowed
 * uapi half's only when no other one exists (*shadowed_only), for its
 * todo line.  Their number. */
static int visible_defs(const struct render *r, const struct render_header *h, const char *name,
			const struct scan_def ***defs, int *shadowed_only)
{
	const struct scan_def *e;
	int nd = 0, pass;

	*defs = NULL;
	for (pass = 0; pass < 2 && !nd; pass++)
		for (e = scan_lookup(r->ix, name); e; e = e->next)
			if (drift_def_counts(e) && e->file->include_name && !strcmp(e->file->include_name, h->incname) &&
			    (pass || !shadowed(e->file, h->files, h->nfiles, h->incname)))
				*(const struct scan_def **)push(defs, &nd, sizeof(**defs)) = e;
	*shadowed_only = pass == 2;
	return nd;
}

/* line, or a todo line saying why it is not checked when it would be
 * (a name only a shadowed uapi half defines, or one #undef'd).  Takes
 * line over. */
static char *unchecked(const struct render_header *h, const char *name, const struct scan_def *const *defs,
		       int shadowed_only, char *line)
{
	char *why, *todo;

	if (starts_with(line, "todo\t"))
		return line;
	why = shadowed_only ? xasprintf("only in %s, which <%s> does not reach", defs[0]->file->path, h->incname)
			    : xstrdup("#undef'd by the header or one it includes");
	todo = todo_line(line, name, why);
	free(why);
	free(line);
	return todo;
}

/* line for the name d defines, unless a line before it took its catalog
 * name or the name is a C keyword: then a comment says so.  A checked
 * line is followed by the uses lines of its macro bodies. */
static void add_line(struct render *r, const struct render_header *h, const struct scan_def *d, const char *line,
		     int check, const struct scan_def *const *defs, int nd)
{
	char *key = line_key(line);
	struct seen *s;

	HASH_FIND_STR(r->keys, key, s);
	if (s || is_c_keyword(d->name)) {
		/* "todo mem_section struct" after "var mem_section";
		 * "#define if(...)": no catalog line can name them */
		sb_addf(&r->sb, "\t# not catalogued, %s: %s\n", s ? "its catalog name is taken" : "a C keyword", line);
		free(key);
		return;
	}
	seen_add(&r->keys, key, NULL);
	sb_addf(&r->sb, "\t%s\n", line);
	if (check)
		add_uses(&r->sb, r->ix, defs, nd, h->incname, &r->st);
}

/* The catalog line of the name d defines in file f of header h, the first
 * time the name is met. */
static void render_def(struct render *r, struct render_header *h, const struct scan_file *f,
		       const struct scan_def *d)
{
	const struct scan_def **defs;
	int nd, shadowed_only, check;
	char *line;

	if (!drift_def_counts(d) || !first_sighting(r, h, f, d))
		return;
	nd = visible_defs(r, h, d->name, &defs, &shadowed_only);
	line = catalog_update_line(&r->empty, r->ix, d->name, defs, nd);
	check = !shadowed_only && !str_listed(h->undefs, h->nundefs, d->name);
	if (check)
		line = macro_line(&r->empty, d->name, defs, nd, line);
	else
		line = unchecked(h, d->name, defs, shadowed_only, line);
	add_line(r, h, d, line, check, defs, nd);
	free(line);
	free(defs);
}

/* "header NAME" and its lines, or its skip with the reason. */
static void render_header(struct render *r, const char *relpath)
{
	struct render_header h = { .incname = relpath + strlen("include/") };
	char *why = skip_reason(r, relpath);
	int fi, j;

	sb_addf(&r->sb, "\nheader %s", h.incname);
	if (why) {
		sb_addf(&r->sb, " skip \"%s\"\n", why);
		free(why);
		return;
	}
	sb_addc(&r->sb, '\n');
	/* every file of that name, as catalog-check's drift sees them */
	h.nfiles = scan_files_named(r->ix, h.incname, &h.files);
	collect_undefs(r->ix, r->tree, h.files, h.nfiles, &h.undefs, &h.nundefs);
	for (fi = 0; fi < h.nfiles; fi++)
		for (j = 0; j < h.files[fi]->ndefs; j++)
			render_def(r, &h, h.files[fi], h.files[fi]->defs[j]);
	seen_free(&h.here, 0);
	for (j = 0; j < h.nundefs; j++)
		free(h.undefs[j]);
	free(h.undefs);
}

char *catalog_init_render(const struct scan_index *ix, const char *tree, char **relpaths, int n,
			  char **patterns, int npatterns)
{
	struct render r = { .ix = ix, .tree = tree };
	int i;

	sb_init(&r.sb);
	render_preamble(&r.sb, patterns, npatterns);
	for (i = 0; i < n; i++)
		render_header(&r, relpaths[i]);
	sb_addf(&r.sb, "\n# uses: %d lines naming %d names, from %d macro bodies; %d more bodies not\n"
		       "# looked at: their #if is no catalog condition (the macro is todo).\n",
		r.st.lines, r.st.names, r.st.macros - r.st.uncertain, r.st.uncertain);
	seen_free(&r.seen, 0);
	seen_free(&r.keys, 1);
	return sb_detach(&r.sb);
}

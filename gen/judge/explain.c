// SPDX-License-Identifier: GPL-2.0
/*
 * Why a TU fails, in one line, from the diagnostics that say what is
 * wrong with a header (gcc's and clang's wordings below):
 *
 *   - a name it uses and does not declare: the header that defines it
 *     (from the scan index of the tree) and the header that should have
 *     included it;
 *   - a tag it needs complete (a field's type, a parameter's, sizeof)
 *     and only declares: likewise, the header that defines the tag;
 *   - a macro an #if tests that is not defined there (-Wundef): the
 *     header that defines it;
 *   - a name defined again where it was defined, on the TU's second
 *     inclusion: the header has no include guard;
 *   - a symbol whose type is not the catalogued one, where its #if
 *     branches give it two types: a stub that disagrees with its
 *     declaration, both lines and both conditions named;
 *   - a line at file scope that invokes a macro only the header's
 *     includers define, and #undef after including it: an x-macro list,
 *     not a header to include alone.
 *
 * The header to blame is where the name is used: for an error inside a
 * macro body, the outermost header that expands the macro (gcc's "in
 * expansion of macro" notes, clang's "expanded from macro" notes), else
 * the header the error is in, else (the error is in the generated TU)
 * the header under test.
 */
#include "judge/explain.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "cpp/clex.h"
#include "judge/diag.h"
#include "scan/definer.h"
#include "scan/headers.h"

/* Message fragments that name a missing identifier or tag, and how the
 * name is quoted in them.  Both compilers run with LC_ALL=C: 'name'. */
static const struct {
	const char *prefix;	/* the message starts with this ... */
	int tag;		/* ... and the quoted name is a "struct X" */
} patterns[] = {
	{ "implicit declaration of function '", 0 },
	{ "call to undeclared function '", 0 },
	{ "use of undeclared identifier '", 0 },
	{ "unknown type name '", 0 },
	{ "'", 0 },	/* gcc: 'X' undeclared (first use in this function) */
	{ "invalid use of undefined type '", 1 },
	{ "dereferencing pointer to incomplete type '", 1 },
	{ "incomplete definition of type '", 1 },
	{ "declaration of '", 1 },	/* clang: ... will not be visible outside */
};

/* Where a definition is repeated: gcc's and clang's words for a name
 * defined twice, and for the note on its first definition. */
static const char *const redefinitions[] = {
	"redefinition of '", "redeclaration of '", "redeclaration of enumerator '", "redefinition of enumerator '",
};
static const char *const first_definitions[] = {
	"originally defined here", "previous definition", "previous declaration",
};

struct site {
	char *file;	/* as printed */
	int line;
	char *macro;	/* for expansion notes: the macro expanded there */
};

struct note {
	struct site at;
	char *msg;
};

/* One error or warning of a log, with the notes that follow it. */
struct record {
	struct site at;
	char *msg;
	char *function;		/* the function the error is in, or NULL */
	char *echo;		/* the source line gcc shows under it, or NULL */
	struct note *notes;
	int nnotes;
};

struct diag {
	enum explain_kind kind;
	struct site at;
	char *name;		/* "thp_size", "struct folio", "NR_CPUS" */
	char *function;		/* the function the error is in, or NULL */
	char *needed_as;	/* EXPLAIN_INCOMPLETE: "field 'mutex'" */
	int field;		/* EXPLAIN_INCOMPLETE: a field of a struct or union */
	struct site *expansions;	/* gcc: innermost first */
	int nexpansions;
	int clang_order;	/* notes are "expanded from": definitions */
	int param_list;		/* a tag declared inside a parameter list: used by pointer */
	const struct scan_def *catalogued, *other;	/* EXPLAIN_BRANCHES */
	const struct scan_def *includer;	/* EXPLAIN_XMACRO: the macro's definition */
};

/* "FILE:LINE:COL: KIND: MSG" -> the parts; 0 if the line is not one.  A
 * diagnostic without a column (an unterminated #if) points at no use. */
static int split_diag(const char *line, struct site *at, const char **kind, const char **msg)
{
	struct diag_parts d;

	if (!diag_split(line, &d))
		return 0;
	if (!d.col) {
		free(d.file);
		return 0;
	}
	at->file = d.file;
	at->line = d.line;
	at->macro = NULL;
	*kind = d.kind;
	*msg = d.msg;
	return 1;
}

/* gcc's echo of the source line: "   26 |         struct mutex mutex;" ->
 * the source; NULL for any other line. */
static const char *echoed(const char *line)
{
	const char *p = line + strspn(line, " ");

	if (*p < '0' || *p > '9')
		return NULL;
	p += strspn(p, "0123456789");
	return starts_with(p, " | ") ? p + 3 : NULL;
}

/* "FILE: In function 'F':" */
static char *function_context(const char *line)
{
	const char *p = strstr(line, ": In function '"), *e;

	if (!p)
		return NULL;
	p += strlen(": In function '");
	e = strchr(p, '\'');
	return e ? xstrndup(p, e - p) : NULL;
}

static void records_free(struct record *r, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		free(r[i].at.file);
		free(r[i].msg);
		free(r[i].function);
		free(r[i].echo);
		for (j = 0; j < r[i].nnotes; j++) {
			free(r[i].notes[j].at.file);
			free(r[i].notes[j].msg);
		}
		free(r[i].notes);
	}
	free(r);
}

/* The errors and warnings of log, in order, each with its notes, the
 * function it is in and the source line echoed under it. */
static int parse_log(const char *log, struct record **out)
{
	const char *cur = log, *line;
	struct record *r = NULL;
	char *function = NULL;
	int n = 0, last_was_diag = 0;
	size_t len;

	while ((line = next_line_span(&cur, &len))) {
		const char *kind, *msg, *src;
		char *l, *f;
		struct site at;

		if (*line == '.') {	/* -H */
			last_was_diag = 0;
			continue;
		}
		l = xstrndup(line, len);
		if ((f = function_context(l))) {
			free(function);
			function = f;
		} else if (split_diag(l, &at, &kind, &msg)) {
			if (starts_with(kind, "error:") || starts_with(kind, "warning:")) {
				struct record *rec = push(&r, &n, sizeof(*rec));

				memset(rec, 0, sizeof(*rec));
				rec->at = at;
				rec->msg = xstrdup(msg);
				rec->function = function ? xstrdup(function) : NULL;
				last_was_diag = 2;
				free(l);
				continue;
			}
			if (n && starts_with(kind, "note:")) {
				struct note *no = push(&r[n - 1].notes, &r[n - 1].nnotes, sizeof(*no));

				no->at = at;
				no->msg = xstrdup(msg);
				last_was_diag = 1;
				free(l);
				continue;
			}
			free(at.file);
		} else if (last_was_diag == 2 && (src = echoed(l))) {
			r[n - 1].echo = xstrdup(src);
		}
		last_was_diag = 0;
		free(l);
	}
	free(function);
	*out = r;
	return n;
}

static char *quoted_after(const char *msg, const char *prefix)
{
	const char *s, *e;

	if (strncmp(msg, prefix, strlen(prefix)))
		return NULL;
	s = msg + strlen(prefix);
	e = strchr(s, '\'');
	if (!e || e == s)
		return NULL;
	/* gcc's bare 'X' pattern: only "'X' undeclared" */
	if (!strcmp(prefix, "'") && strncmp(e, "' undeclared", 12) && strncmp(e, "' declared inside", 17))
		return NULL;
	return xstrndup(s, e - s);
}

static int is_tag_name(const char *name)
{
	return starts_with(name, "struct ") || starts_with(name, "union ") || starts_with(name, "enum ");
}

static char *missing_name(const char *msg)
{
	size_t i;

	for (i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		char *name = quoted_after(msg, patterns[i].prefix);

		if (!name)
			continue;
		if (patterns[i].tag && !is_tag_name(name)) {
			free(name);
			continue;
		}
		return name;
	}
	return NULL;
}

static int is_identifier(const char *s, size_t n)
{
	size_t i;

	if (!n || (*s >= '0' && *s <= '9'))
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '_'))
			return 0;
	return 1;
}

/* -Wundef: gcc's "\"NR_CPUS\" is not defined, evaluates to 0", clang's
 * 'NR_CPUS'. */
static char *undefined_macro(const char *msg)
{
	char q = *msg;
	const char *e;

	if (q != '"' && q != '\'')
		return NULL;
	e = strchr(msg + 1, q);
	if (!e || !starts_with(e + 1, " is not defined") || !is_identifier(msg + 1, e - msg - 1))
		return NULL;
	return xstrndup(msg + 1, e - msg - 1);
}

/* The type written before the name declared in a line of C: "struct
 * mutex" for mutex in "struct mutex mutex;", "wq_t" in "wq_t wq;";
 * NULL when the name is not declared there by such a type. */
static char *type_before(const char *text, const char *name)
{
	struct clex lx;
	struct clex_tok t, p1 = { 0 }, p2 = { 0 };
	size_t n = strlen(name);

	clex_init(&lx, text, strlen(text), 1, 0);
	while (clex_next(&lx, &t) != CT_EOF) {
		struct clex ahead = lx;
		struct clex_tok next;

		/* the name declared: what follows it ends its declarator */
		if (t.kind == CT_IDENT && t.n == n && !strncmp(t.s, name, n) && p1.kind == CT_IDENT &&
		    (clex_next(&ahead, &next) == CT_EOF || (next.kind == CT_PUNCT && strchr(";[,:=)", next.s[0])))) {
			if (p2.kind == CT_IDENT && ((p2.n == 6 && !strncmp(p2.s, "struct", 6)) ||
						    (p2.n == 5 && !strncmp(p2.s, "union", 5)) ||
						    (p2.n == 4 && !strncmp(p2.s, "enum", 4))))
				return xasprintf("%.*s %.*s", (int)p2.n, p2.s, (int)p1.n, p1.s);
			return xstrndup(p1.s, p1.n);
		}
		p2 = p1;
		p1 = t;
	}
	return NULL;
}

/* The text of line no of the file path, or NULL. */
static char *file_line(const char *path, int no)
{
	char *text = read_file(path, NULL), *line = NULL;
	const char *cur = text, *l;
	size_t n;
	int i = 0;

	while (text && (l = next_line_span(&cur, &n)))
		if (++i == no) {
			line = xstrndup(l, n);
			break;
		}
	free(text);
	return line;
}

/* The #include name of a file the compiler printed, or NULL for the TU. */
static char *header_of(const char *file, const struct cell_result *c)
{
	size_t n;

	if (starts_with(file, c->dir) && file[strlen(c->dir)] == '/')
		return NULL;
	if (c->overlay && starts_with(file, c->overlay) && file[strlen(c->overlay)] == '/')
		return xstrdup(file + strlen(c->overlay) + 1);
	n = strlen(c->srctree);
	if (n && starts_with(file, c->srctree) && file[n] == '/') {
		char *name = scan_include_name(file + n + 1);

		if (name)
			return name;
	}
	return NULL;
}

/* The file of the tree a path the compiler printed is, or NULL. */
static const struct scan_file *tree_file(const struct scan_index *ix, const struct cell_result *c, const char *file)
{
	size_t n = strlen(c->srctree);

	if (!ix || !n || !starts_with(file, c->srctree) || file[n] != '/')
		return NULL;
	return scan_file(ix, file + n + 1);
}

/* The source line r is on: gcc's echo of it, else the line of the
 * tree's file (never a file the log names outside the tree). */
static char *source_line(const struct record *r, const struct cell_result *c, const struct scan_index *ix)
{
	const struct scan_file *f;
	char *path, *line;

	if (r->echo)
		return xstrdup(r->echo);
	if (!(f = tree_file(ix, c, r->at.file)))
		return NULL;
	path = xasprintf("%s/%s", c->srctree, f->path);
	line = file_line(path, r->at.line);
	free(path);
	return line;
}

/* gcc's "expected '=', ',', ';', 'asm' or '__attribute__' before 'NAME'"
 * on a line "int __init NAME(...)": the word before NAME is a macro the
 * compiler did not know (linux/init.h's __init, not included), which a
 * header of the tree defines.  That word, or NULL. */
static char *unknown_word_before(const struct record *r, const struct cell_result *c, const struct scan_index *ix)
{
	const char *b = strstr(r->msg, "' before '"), *p, *e;
	char *src, *name, *word = NULL;
	const struct scan_def *d;
	size_t n;

	if (!ix || !starts_with(r->msg, "expected ") || !b || !(e = strchr(b + 10, '\'')) || e == b + 10)
		return NULL;
	name = xstrndup(b + 10, e - b - 10);
	src = source_line(r, c, ix);
	n = strlen(name);
	for (p = src ? strstr(src, name) : NULL; p; p = strstr(p + 1, name)) {
		if ((p > src && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    isalnum((unsigned char)p[n]) || p[n] == '_')
			continue;
		for (e = p; e > src && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		for (b = e; b > src && (isalnum((unsigned char)b[-1]) || b[-1] == '_'); b--)
			;
		if (b < e && is_identifier(b, e - b))
			word = xstrndup(b, e - b);
		break;
	}
	for (d = word ? scan_lookup(ix, word) : NULL; d; d = d->next)
		if (d->kind == SCAN_DEFINE || d->kind == SCAN_MACRO)
			break;
	if (!d) {
		free(word);
		word = NULL;
	}
	free(name);
	free(src);
	return word;
}

/* What the diagnostic r says a tag is needed complete for: the tag (or
 * the typedef naming it, resolved later) into d.  0 when it says none. */
static int incomplete(const struct record *r, const struct cell_result *c, const struct scan_index *ix,
		      struct diag *d)
{
	const char *m = r->msg, *q;
	char *name = NULL, *src = NULL;

	if (starts_with(m, "field '") && (q = strchr(m + 7, '\'')) && starts_with(q, "' has incomplete type")) {
		/* gcc names the field, not its type: read it off the line */
		char *field = xstrndup(m + 7, q - m - 7);

		src = source_line(r, c, ix);
		name = src ? type_before(src, field) : NULL;
		d->needed_as = xasprintf("field '%s'", field);
		free(field);
	} else if (starts_with(m, "parameter ") && (q = strstr(m, " ('")) && strstr(q, "') has incomplete type")) {
		/* in the TU's use: "parameter 2 ('a2') has incomplete type" */
		char *param = xstrndup(q + 3, strchr(q + 3, '\'') - q - 3);

		src = source_line(r, c, ix);
		name = src ? type_before(src, param) : NULL;
		d->needed_as = xasprintf("parameter %d", atoi(m + 10));
		free(param);
	} else if ((q = strstr(m, "has incomplete type '")) &&
		   (starts_with(m, "field ") || starts_with(m, "variable "))) {
		/* clang names the type */
		name = quoted_after(q, "has incomplete type '");
		d->needed_as = xstrdup(starts_with(m, "field ") ? "a field's type" : "a variable's type");
	} else if (starts_with(m, "array type has incomplete element type '")) {
		name = quoted_after(m, "array type has incomplete element type '");
		d->needed_as = xstrdup("an array's element type");
	} else if (starts_with(m, "invalid application of 'sizeof' to ") && (q = strstr(m, "incomplete type '"))) {
		/* a typedef's tag: gcc's {aka 'struct X'}, clang's (aka 'struct X') */
		const char *aka = strstr(q, "aka '");
		char *type = quoted_after(q, "incomplete type '");

		name = aka ? quoted_after(aka, "aka '") : type ? xstrdup(type) : NULL;
		d->needed_as = xasprintf("sizeof(%s)", type ? type : "?");
		free(type);
	} else {
		return 0;
	}
	free(src);
	if (!name) {
		free(d->needed_as);
		d->needed_as = NULL;
		return 0;
	}
	d->name = name;
	return 1;
}

/* The name r says is defined again at the place of its first definition:
 * the same text read twice.  NULL otherwise. */
static char *defined_again(const struct record *r)
{
	size_t i, j;
	int k;

	for (i = 0; i < sizeof(redefinitions) / sizeof(redefinitions[0]); i++) {
		char *name = quoted_after(r->msg, redefinitions[i]);

		if (!name)
			continue;
		for (k = 0; k < r->nnotes; k++) {
			const struct note *no = &r->notes[k];

			if (no->at.line != r->at.line || strcmp(no->at.file, r->at.file))
				continue;
			for (j = 0; j < sizeof(first_definitions) / sizeof(first_definitions[0]); j++)
				if (starts_with(no->msg, first_definitions[j]))
					return name;
		}
		free(name);
	}
	return NULL;
}

/* The symbol and its catalogued type in the TU's type check:
 * "blk_integrity_rq(): not a function of the catalogued type bool
 * (struct request *)" (*func set) or "_DYNAMIC: not of the catalogued
 * type Elf32_Dyn[]".  0 when r is not that check. */
static int type_check(const char *msg, char **name, char **type, int *func)
{
	static const char fn[] = "(): not a function of the catalogued type ", var[] = ": not of the catalogued type ";
	const char *at, *s, *end;

	if (!strstr(msg, "static assertion failed"))
		return 0;
	*func = (at = strstr(msg, fn)) != NULL;
	if (!at && !(at = strstr(msg, var)))
		return 0;
	for (s = at; s > msg && is_identifier(s - 1, 1); s--)
		;
	if (s == at)
		return 0;
	*name = xstrndup(s, at - s);
	at += *func ? strlen(fn) : strlen(var);
	end = at + strlen(at);
	if (end > at && end[-1] == '"')
		end--;
	*type = xstrndup(at, end - at);
	return 1;
}

static int is_function(const struct scan_def *d)
{
	return d->kind == SCAN_FUNC || d->kind == SCAN_PROTO;
}

/* The type of d as the catalog spells it, or NULL: a function's or a
 * variable's. */
static char *type_of(const struct scan_def *d)
{
	if (is_function(d))
		return d->sig_ok ? scan_def_signature(d) : NULL;
	return d->kind == SCAN_VAR && d->type ? xstrdup(d->type) : NULL;
}

/* The definition of name whose type is the catalogued one (a function's
 * when func), and another one in its file, under another #if branch,
 * whose type differs: 0 when there is no such pair. */
static int branch_pair(const struct scan_index *ix, const char *name, const char *type, int func,
		       const struct scan_def **a, const struct scan_def **b)
{
	const struct scan_def *d, *o;

	for (d = scan_lookup(ix, name); d; d = d->next) {
		char *mine;
		int same;

		if (is_function(d) != func || !(mine = type_of(d)))
			continue;
		same = !strcmp(mine, type);
		if (same) {
			for (o = scan_lookup(ix, name); o; o = o->next) {
				char *theirs;
				int differs;

				if (o == d || o->file != d->file || o->cond == d->cond ||
				    (o->kind != SCAN_VAR && !is_function(o)))
					continue;
				theirs = type_of(o);
				differs = is_function(o) != func || (theirs && strcmp(theirs, mine));
				free(theirs);
				if (differs) {
					*a = d;
					*b = o;
					free(mine);
					return 1;
				}
			}
		}
		free(mine);
	}
	return 0;
}

/* A typedef's tag: "struct wait_queue_head" for wait_queue_head_t, or
 * NULL. */
static char *typedef_tag(const struct scan_index *ix, const char *name)
{
	const struct scan_def *d;

	for (d = ix ? scan_lookup(ix, name) : NULL; d; d = d->next)
		if (d->kind == SCAN_TYPEDEF && d->type && is_tag_name(d->type) && !strchr(d->type, '*'))
			return xstrdup(d->type);
	return NULL;
}

/* An x-macro list: r is an error at file scope on a line of a header of
 * the tree that scan_x_macro takes for one (catalog-init asks it of the
 * header's first line of code).  The includer's definition, or NULL. */
static const struct scan_def *x_macro(const struct record *r, const struct cell_result *c,
				      const struct scan_index *ix, char **name)
{
	const struct scan_file *f = tree_file(ix, c, r->at.file);
	const struct scan_def *d;
	char *src;

	*name = NULL;
	if (!f || r->function)
		return NULL;
	src = source_line(r, c, ix);
	d = scan_x_macro(ix, f, src, name);
	free(src);
	return d;
}

/* Whether a name defined again at its first place in file means a missing
 * include guard: file is a header (not the TU), and the tree's copy has
 * no guard (an overlay's copy is what the compiler read: trusted). */
static int guardless(const struct scan_index *ix, const struct cell_result *c, const char *file)
{
	const struct scan_file *f = tree_file(ix, c, file);
	char *h;

	if (f)
		return !f->guard;
	h = header_of(file, c);
	free(h);
	return h != NULL;
}

/* Whether the record r says one of the things explained, into d: a
 * field's typedef resolved to its tag, a repeated definition only in a
 * header without a guard, a type check only where two branches differ. */
static int recognise(const struct record *r, const struct cell_result *c, const struct scan_index *ix,
		     struct diag *d)
{
	char *name, *type;
	int func, found;

	memset(d, 0, sizeof(*d));
	if ((name = missing_name(r->msg)) || (name = unknown_word_before(r, c, ix))) {
		d->kind = EXPLAIN_MISSING;
		d->name = name;
		d->param_list = strstr(r->msg, "declared inside parameter list") ||
				(starts_with(r->msg, "declaration of '") && strstr(r->msg, "will not be visible"));
	} else if ((name = undefined_macro(r->msg))) {
		d->kind = EXPLAIN_IF_MACRO;
		d->name = name;
	} else if (incomplete(r, c, ix, d)) {
		d->kind = EXPLAIN_INCOMPLETE;
		d->field = starts_with(r->msg, "field ");
		if (!is_tag_name(d->name)) {
			char *tag = typedef_tag(ix, d->name);

			free(d->name);
			d->name = tag;
			if (!tag) {
				free(d->needed_as);
				return 0;
			}
		}
	} else if ((name = defined_again(r))) {
		if (!guardless(ix, c, r->at.file)) {
			free(name);
			return 0;
		}
		d->kind = EXPLAIN_GUARD;
		d->name = name;
	} else if (ix && type_check(r->msg, &name, &type, &func)) {
		found = branch_pair(ix, name, type, func, &d->catalogued, &d->other);
		free(type);
		if (!found) {
			free(name);
			return 0;
		}
		d->kind = EXPLAIN_BRANCHES;
		d->name = name;
	} else if ((d->includer = x_macro(r, c, ix, &name))) {
		d->kind = EXPLAIN_XMACRO;
		d->name = name;
	} else {
		return 0;
	}
	d->at = r->at;
	d->at.file = xstrdup(r->at.file);
	d->function = r->function ? xstrdup(r->function) : NULL;
	return 1;
}

static void diag_free(struct diag *d)
{
	int i;

	free(d->at.file);
	free(d->name);
	free(d->function);
	free(d->needed_as);
	for (i = 0; i < d->nexpansions; i++) {
		free(d->expansions[i].file);
		free(d->expansions[i].macro);
	}
	free(d->expansions);
}

/* The nth diagnostic (from 0) of t that says one of the things
 * explained, with the macro expansions its notes give. */
static int find_diag(const struct tu_result *t, const struct cell_result *c, const struct scan_index *ix,
		     struct diag *d, int nth)
{
	struct record *r;
	int n = parse_log(t->log, &r), i, k, found = 0;

	for (i = 0; i < n && !found; i++) {
		if (!recognise(&r[i], c, ix, d))
			continue;
		if (nth-- > 0) {
			diag_free(d);
			continue;
		}
		found = 1;
		for (k = 0; k < r[i].nnotes; k++) {
			const struct note *no = &r[i].notes[k];
			struct site *s;
			const char *m, *e;

			if (!starts_with(no->msg, "in expansion of macro '") &&
			    !starts_with(no->msg, "expanded from macro '"))
				continue;
			m = strchr(no->msg, '\'') + 1;
			e = strchr(m, '\'');
			s = push(&d->expansions, &d->nexpansions, sizeof(*s));
			s->file = xstrdup(no->at.file);
			s->line = no->at.line;
			s->macro = e ? xstrndup(m, e - m) : NULL;
			d->clang_order = starts_with(no->msg, "expanded");
		}
	}
	if (!found)
		memset(d, 0, sizeof(*d));
	records_free(r, n);
	return found;
}

/* The header a why-line names for name: the one make fix would include
 * (one choice for both), else named_definition()'s.  A tag needed
 * complete has no definition in a forward declaration. */
static void definer_of(const struct scan_index *ix, const struct cell_result *c, struct explain_info *e)
{
	struct definer fd;

	find_definer(ix, e->missing, e->culprit, c->forbids, c->nforbids, &fd);
	if (fd.include) {
		e->def = fd.def;
		e->definer = fd.include;
		fd.include = NULL;
	} else if ((e->def = named_definition(ix, e->missing, e->culprit))) {
		if (e->kind == EXPLAIN_INCOMPLETE && is_forward_decl(e->def->kind))
			e->def = NULL;
		else
			e->definer = xstrdup(e->def->file->include_name);
	}
	definer_release(&fd);
}

static int file_includes(const struct scan_file *f, const char *other)
{
	int j;

	for (j = 0; f && j < f->nincludes; j++)
		if (!strcmp(f->includes[j].name, other))
			return 1;
	return 0;
}

/* Whether text has an "#include <other>" or "#include "other"" directive. */
static int text_includes(const char *text, const char *other)
{
	size_t n = strlen(other);
	struct clex lx;
	struct clex_tok t, name;

	/* the lexer's directives: none in a comment, continuations joined */
	clex_init(&lx, text, strlen(text), 1, 0);
	while (clex_next(&lx, &t) != CT_EOF) {
		const char *q, *end;
		int line;

		if (t.kind != CT_PP)
			continue;
		clex_directive(&t, &name, &q, &end, &line);
		if (name.kind != CT_IDENT || name.n != 7 || strncmp(name.s, "include", 7))
			continue;
		while (q < end && (*q == ' ' || *q == '\t' || *q == '\\' || *q == '\n'))
			q++;	/* blanks, and a continuation */
		if (end - q > (ptrdiff_t)n + 1 && (*q == '<' || *q == '"') && !strncmp(q + 1, other, n) &&
		    q[1 + n] == (*q == '<' ? '>' : '"'))
			return 1;
	}
	return 0;
}

/* Whether header has an #include of other: the overlay's copy of header
 * when there is one (it is what the compiler read), else the tree's. */
static int includes_directly(const struct scan_index *ix, const struct cell_result *c, const char *header,
			     const char *other)
{
	const struct scan_file *const *files;
	int n, i, found = 0;

	if (c->overlay) {
		char *path = xasprintf("%s/%s", c->overlay, header), *text = read_file(path, NULL);

		free(path);
		if (text) {
			/* its #include lines read from the text: scanning the copy
			 * again for every diagnostic of every TU (hdrtest fix asks
			 * for each) took minutes at tree scale */
			found = text_includes(text, other);
			free(text);
			return found;
		}
	}
	n = scan_files_named(ix, header, &files);
	for (i = 0; i < n && !found; i++)
		found = file_includes(files[i], other);
	return found;
}

/* The last definition of one of the kinds in mask at or before line of
 * the file the compiler printed: for an error at file scope, the
 * prototype it is in; for a field, the struct. */
static const char *def_at(const struct scan_index *ix, const struct cell_result *c, const char *file, int line,
			  unsigned mask)
{
	const struct scan_file *f = tree_file(ix, c, file);
	const char *name = NULL;
	int i;

	for (i = 0; f && i < f->ndefs && f->defs[i]->line <= line; i++)
		if (mask & (1u << f->defs[i]->kind))
			name = f->defs[i]->name;
	return name;
}

static const char *function_at(const struct scan_index *ix, const struct cell_result *c, const char *file,
			       int line)
{
	return def_at(ix, c, file, line, 1u << SCAN_FUNC | 1u << SCAN_PROTO);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* The catalogued symbol whose use in the TU holds the error, if any. */
static const char *tu_symbol(const struct tu_result *t)
{
	int i;

	for (i = 0; i < t->nsyms; i++)
		if (t->syms[i].diagnosed)
			return t->syms[i].name;
	return NULL;
}

/* Where the use is, who uses it and through which macro, for a
 * diagnostic in culprit's text, a macro body, or the TU. */
static char *place(const struct tu_result *t, const struct cell_result *c, const struct scan_index *ix,
		   struct diag *d, struct explain_info *e)
{
	char *culprit = NULL;
	const char *user_name = NULL, *tag;
	int i;

	/* the outermost expansion site in a header, for gcc's order */
	if (!d->clang_order) {
		for (i = d->nexpansions - 1; i >= 0 && !culprit; i--) {
			culprit = header_of(d->expansions[i].file, c);
			if (culprit) {
				e->use_line = d->expansions[i].line;
				if (d->expansions[i].macro)
					e->through = xstrdup(d->expansions[i].macro);
			}
		}
	}
	if (culprit) {
		user_name = d->function;
	} else if ((culprit = header_of(d->at.file, c))) {
		e->use_line = d->at.line;
		if (d->nexpansions && d->expansions[0].macro)
			user_name = d->expansions[0].macro;
		else if (d->function)
			user_name = d->function;
		else if (d->field &&
			 (tag = def_at(ix, c, d->at.file, d->at.line, 1u << SCAN_STRUCT | 1u << SCAN_UNION)))
			e->user = xstrdup(tag);	/* the struct the field is in */
		else
			user_name = function_at(ix, c, d->at.file, d->at.line);
	} else {
		const char *s = tu_symbol(t);

		culprit = xstrdup(t->header);
		if (d->clang_order && d->nexpansions && d->expansions[0].macro)
			user_name = d->expansions[0].macro;
		else if (s && ix && scan_is_callable(ix, s))
			user_name = s;	/* "offset_in_thp()": a uses line checks a macro's body */
		else if (s)
			e->user = xasprintf("%s", s);
	}
	if (user_name) {
		e->user = xasprintf("%s()", user_name);
		e->user_name = xstrdup(user_name);
	}
	return culprit;
}

struct explain_info *explain_analyze_nth(const struct tu_result *t, const struct cell_result *c,
					 const struct scan_index *ix, int nth)
{
	struct diag d;
	struct explain_info *e;

	if (t->verdict != V_FAIL || !find_diag(t, c, ix, &d, nth))
		return NULL;
	e = xcalloc(1, sizeof(*e));
	e->kind = d.kind;
	e->header = xstrdup(t->header);
	e->missing = d.name;
	d.name = NULL;
	e->needed_as = d.needed_as;
	d.needed_as = NULL;
	e->pointer_only = d.param_list;
	switch (d.kind) {
	case EXPLAIN_BRANCHES:
		/* the header of the two definitions, the other's line */
		e->catalogued = d.catalogued;
		e->other = d.other;
		e->culprit = xstrdup(d.catalogued->file->include_name ? d.catalogued->file->include_name : t->header);
		e->use_line = d.other->line;
		break;
	case EXPLAIN_XMACRO:
		e->def = d.includer;
		e->definer = xstrdup(d.includer->file->include_name);
		/* fall through */
	case EXPLAIN_GUARD:
	case EXPLAIN_IF_MACRO:
		/* the header itself, whatever macro the line is in */
		e->culprit = header_of(d.at.file, c);
		if (!e->culprit)
			e->culprit = xstrdup(t->header);
		e->use_line = d.at.line;
		break;
	default:
		e->culprit = place(t, c, ix, &d, e);
	}
	if (d.kind != EXPLAIN_BRANCHES && d.kind != EXPLAIN_GUARD && d.kind != EXPLAIN_XMACRO) {
		definer_of(ix, c, e);
		e->included = e->definer && includes_directly(ix, c, e->culprit, e->definer);
	}
	diag_free(&d);
	return e;
}

struct explain_info *explain_analyze(const struct tu_result *t, const struct cell_result *c,
				     const struct scan_index *ix)
{
	return explain_analyze_nth(t, c, ix, 0);
}

void explain_info_free(struct explain_info *e)
{
	if (!e)
		return;
	free(e->header);
	free(e->culprit);
	free(e->user);
	free(e->user_name);
	free(e->missing);
	free(e->through);
	free(e->needed_as);
	free(e->definer);
	free(e);
}

/* Whether levels of a and b's #if chains are branches of one group, and
 * a's the later one. */
static int later_branch(const struct scan_def *a, const struct scan_def *b)
{
	const struct scan_cond *x, *y;

	for (x = a->cond; x; x = x->parent)
		for (y = b->cond; y; y = y->parent)
			if (x->group == y->group && x->branch != y->branch)
				return x->branch > y->branch;
	return 0;
}

int explain_is_stub(const struct scan_def *d, const struct scan_def *other)
{
	return d->kind == SCAN_FUNC && d->file == other->file &&
	       (other->kind == SCAN_PROTO || other->kind == SCAN_VAR || later_branch(d, other));
}

char *explain_difference(const struct scan_def *b, const struct scan_def *a)
{
	int i;

	if (!is_function(a) || !is_function(b) || !a->type || !b->type)
		return NULL;
	if (strcmp(a->type, b->type))
		return xasprintf("returns %s, not %s", b->type, a->type);
	if (a->nargs != b->nargs)
		return xasprintf("takes %d parameter%s, not %d", b->nargs, b->nargs == 1 ? "" : "s", a->nargs);
	for (i = 0; i < a->nargs; i++)
		if (strcmp(a->args[i], b->args[i]))
			return xasprintf("takes %s as parameter %d, not %s", b->args[i], i + 1, a->args[i]);
	return NULL;
}

/* "a function bool (void)", "a variable of type bool" */
static char *described(const struct scan_def *d)
{
	char *type = type_of(d), *s;

	s = is_function(d) ? xasprintf("a function %s", type ? type : "(?)") :
			     xasprintf("a variable of type %s", type ? type : "?");
	free(type);
	return s;
}

/* How a why-line calls d beside other: "its stub", "its declaration". */
static const char *called(const struct scan_def *d, const struct scan_def *other)
{
	if (explain_is_stub(d, other))
		return "its stub";
	return d->kind == SCAN_PROTO || explain_is_stub(other, d) ? "its declaration" : "its definition";
}

/* "under COND", or "unconditionally": the caller frees. */
static char *under(const struct scan_def *d)
{
	char *c = scan_cond_chain(d->cond), *s = *c ? xasprintf("under %s", c) : xstrdup("unconditionally");

	free(c);
	return s;
}

/* "tpm_pcr_read() is int (struct tpm_chip *, u32, struct tpm_digest *)
 * under COND at include/linux/tpm.h:468, but its stub under COND at line
 * 490 takes int as parameter 2, not u32" */
char *explain_branches(const struct explain_info *e)
{
	const struct scan_def *a = e->catalogued, *b = e->other;
	struct strbuf sb;
	char *ua = under(a), *ub = under(b), *diff = explain_difference(b, a);

	sb_init(&sb);
	if (diff) {
		char *sig = scan_def_signature(a);

		sb_addf(&sb, "%s() is %s%s %s at %s:%d, but %s %s at line %d %s", e->missing, sig,
			explain_is_stub(a, b) ? " in its stub" : "", ua, a->file->path, a->line, called(b, a), ub,
			b->line, diff);
		free(sig);
	} else {
		char *da = described(a), *db = described(b);

		sb_addf(&sb, "%s is %s %s at %s:%d, but %s %s at line %d", e->missing, da, ua, a->file->path, a->line,
			db, ub, b->line);
		free(da);
		free(db);
	}
	free(diff);
	free(ua);
	free(ub);
	return sb_detach(&sb);
}

/* ", defined in D, which C does not include" and its other endings. */
static void say_definer(struct strbuf *sb, const struct explain_info *e)
{
	if (!e->def)
		sb_addf(sb, ", which no header of the tree defines%s",
			e->kind == EXPLAIN_INCOMPLETE ? " (it is only declared)" : "");
	else if (e->definer && !strcmp(e->definer, e->culprit) && e->use_line <= 0)
		/* the TU's use of a name the header declares: its declaration
		 * is what did not compile */
		sb_addf(sb, ", which %s declares at line %d, in a declaration that does not compile", base_name(e->culprit),
			e->def->line);
	else if (e->definer && !strcmp(e->definer, e->culprit) && e->def->line > e->use_line)
		/* its own, below the use (a tag in a parameter list of an ops
		 * struct before the tag's struct): no include can help */
		sb_addf(sb, " at line %d, which %s defines only at line %d, after it%s", e->use_line,
			base_name(e->culprit), e->def->line,
			e->pointer_only ? ": a forward declaration before it is all it needs" : "");
	else if (e->included)
		sb_addf(sb, ", defined in %s, which %s includes, but not under this config", e->definer,
			base_name(e->culprit));
	else
		sb_addf(sb, ", defined in %s, which %s does not include", e->definer, base_name(e->culprit));
}

char *explain_failure(const struct tu_result *t, const struct cell_result *c, const struct scan_index *ix)
{
	struct explain_info *e = explain_analyze(t, c, ix);
	const struct scan_def *def;
	struct strbuf sb;
	const char *what;

	if (!e)
		return NULL;
	def = e->def;
	what = def && (def->kind == SCAN_FUNC || def->kind == SCAN_PROTO || def->kind == SCAN_MACRO) ? "()" : "";
	sb_init(&sb);
	sb_addf(&sb, "%s: ", t->header);
	if (strcmp(e->culprit, t->header))
		sb_addf(&sb, "via %s: ", e->culprit);
	switch (e->kind) {
	case EXPLAIN_BRANCHES: {
		char *why = explain_branches(e);

		sb_add(&sb, why);
		free(why);
		break;
	}
	case EXPLAIN_GUARD:
		sb_addf(&sb, "no include guard: included twice, it defines %s again (line %d)", e->missing,
			e->use_line);
		break;
	case EXPLAIN_XMACRO:
		sb_addf(&sb, "an x-macro list: line %d invokes %s(), which only its includer %s defines (and "
			"#undefs after it): not a header to include alone",
			e->use_line, e->missing, e->definer);
		break;
	case EXPLAIN_IF_MACRO:
		sb_addf(&sb, "the #if at line %d tests %s", e->use_line, e->missing);
		say_definer(&sb, e);
		break;
	case EXPLAIN_INCOMPLETE:
		sb_addf(&sb, "%s%sneeds %s complete (%s)", e->user ? e->user : "", e->user ? " " : "", e->missing,
			e->needed_as);
		say_definer(&sb, e);
		break;
	case EXPLAIN_MISSING:
		if (e->user)
			sb_addf(&sb, "%s uses ", e->user);
		else
			sb_add(&sb, "uses ");
		sb_addf(&sb, "%s%s", e->missing, what);
		if (e->through)
			sb_addf(&sb, " (through the macro %s())", e->through);
		say_definer(&sb, e);
		break;
	}
	explain_info_free(e);
	return sb_detach(&sb);
}

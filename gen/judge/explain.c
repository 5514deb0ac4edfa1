// SPDX-License-Identifier: GPL-2.0
/*
 * Why a TU fails, in one line: the identifier or type the compiler missed,
 * the header that defines it (from the scan index of the tree), and the
 * header that should have included it.
 *
 * The missing name comes from the first diagnostic that names one (gcc's
 * and clang's wordings below).  The header to blame is where the name is
 * used: for an error inside a macro body, the outermost header that
 * expands the macro (gcc's "in expansion of macro" notes, clang's
 * "expanded from macro" notes), else the header the error is in, else
 * (the error is in the generated TU) the header under test.
 */
#include "judge/explain.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "cpp/clex.h"
#include "fix/fix.h"

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

struct site {
	char *file;	/* as printed */
	int line;
	char *macro;	/* for expansion notes: the macro expanded there */
};

struct diag {
	struct site at;
	char *name;		/* "thp_size", "struct folio" */
	char *function;		/* the function the error is in, or NULL */
	struct site *expansions;	/* gcc: innermost first */
	int nexpansions;
	int clang_order;	/* notes are "expanded from": definitions */
	int param_list;		/* a tag declared inside a parameter list: used by pointer */
};

/* "FILE:LINE:COL: KIND: MSG" -> the parts; 0 if the line is not one. */
static int split_diag(const char *line, struct site *at, const char **kind, const char **msg)
{
	const char *p = line, *c1, *c2, *c3;

	/* FILE has no ": " in it; LINE and COL are numbers */
	c1 = strstr(p, ": ");
	if (!c1)
		return 0;
	for (c3 = c1 - 1; c3 > p && *c3 >= '0' && *c3 <= '9'; c3--)
		;
	if (*c3 != ':')
		return 0;
	for (c2 = c3 - 1; c2 > p && *c2 >= '0' && *c2 <= '9'; c2--)
		;
	if (*c2 != ':' || c2 == p)
		return 0;
	at->file = xstrndup(p, c2 - p);
	at->line = atoi(c2 + 1);
	at->macro = NULL;
	*kind = c1 + 2;
	*msg = strstr(*kind, ": ");
	if (!*msg) {
		free(at->file);
		return 0;
	}
	*msg += 2;
	return 1;
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

static char *missing_name(const char *msg)
{
	size_t i;

	for (i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		char *name = quoted_after(msg, patterns[i].prefix);

		if (!name)
			continue;
		if (patterns[i].tag && strncmp(name, "struct ", 7) && strncmp(name, "union ", 6) &&
		    strncmp(name, "enum ", 5)) {
			free(name);
			continue;
		}
		return name;
	}
	return NULL;
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

static void diag_free(struct diag *d)
{
	int i;

	free(d->at.file);
	free(d->name);
	free(d->function);
	for (i = 0; i < d->nexpansions; i++) {
		free(d->expansions[i].file);
		free(d->expansions[i].macro);
	}
	free(d->expansions);
}

/* The first diagnostic that names a missing identifier (after skipping
 * nth such), with its notes. */
static int find_missing(const char *log, struct diag *d, int nth)
{
	const char *cur = log, *line;
	char *function = NULL;
	int found = 0;
	size_t n;

	memset(d, 0, sizeof(*d));
	while ((line = next_line_span(&cur, &n))) {
		const char *kind, *msg;
		char *l = xstrndup(line, n), *f;
		struct site at;

		if ((f = function_context(l))) {
			free(function);
			function = f;
			free(l);
			continue;
		}
		if (!split_diag(l, &at, &kind, &msg)) {
			free(l);
			continue;
		}
		if (!found && (starts_with(kind, "error:") || starts_with(kind, "warning:"))) {
			char *name = missing_name(msg);

			if (name) {
				if (nth-- > 0) {
					free(name);
					free(at.file);
					free(l);
					continue;
				}
				found = 1;
				d->at = at;
				d->name = name;
				d->function = function ? xstrdup(function) : NULL;
				d->param_list = strstr(msg, "declared inside parameter list") ||
						(starts_with(msg, "declaration of '") && strstr(msg, "will not be visible"));
				free(l);
				continue;
			}
		} else if (found && starts_with(kind, "note:") &&
			   (starts_with(msg, "in expansion of macro '") ||
			    starts_with(msg, "expanded from macro '"))) {
			struct site *s = push(&d->expansions, &d->nexpansions, sizeof(*s));
			const char *m = strchr(msg, '\'') + 1, *e = strchr(m, '\'');

			*s = at;
			s->macro = e ? xstrndup(m, e - m) : NULL;
			d->clang_order = starts_with(msg, "expanded");
			free(l);
			continue;
		} else if (found && (starts_with(kind, "error:") || starts_with(kind, "warning:"))) {
			free(at.file);
			free(l);
			break;
		}
		free(at.file);
		free(l);
	}
	free(function);
	return found;
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

/* The header a why-line names for name: the one make fix would include
 * (one choice for both), else fix_named_definition()'s. */
static void definer_of(const struct scan_index *ix, const struct cell_result *c, struct explain_info *e)
{
	struct fix_definer fd;

	fix_definer(ix, e->missing, e->culprit, c->forbids, c->nforbids, &fd);
	if (fd.include) {
		e->def = fd.def;
		e->definer = fd.include;
		fd.include = NULL;
	} else if ((e->def = fix_named_definition(ix, e->missing, e->culprit))) {
		e->definer = xstrdup(e->def->file->include_name);
	}
	fix_definer_release(&fd);
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

/* The function a line of a header belongs to: the last one declared at or
 * before it (for an error at file scope, in a prototype). */
static const char *function_at(const struct scan_index *ix, const struct cell_result *c, const char *file,
			       int line)
{
	size_t n = strlen(c->srctree);
	const struct scan_file *f;
	const char *name = NULL;
	int i;

	if (!n || !starts_with(file, c->srctree) || file[n] != '/')
		return NULL;
	f = scan_file(ix, file + n + 1);
	for (i = 0; f && i < f->ndefs && f->defs[i]->line <= line; i++)
		if (f->defs[i]->kind == SCAN_FUNC || f->defs[i]->kind == SCAN_PROTO)
			name = f->defs[i]->name;
	return name;
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

struct explain_info *explain_analyze_nth(const struct tu_result *t, const struct cell_result *c,
					 const struct scan_index *ix, int nth)
{
	struct diag d;
	struct explain_info *e;
	char *culprit = NULL, *user = NULL, *through = NULL;
	const char *user_name = NULL;
	int i, use_line = 0;

	if (t->verdict != V_FAIL || !find_missing(t->log, &d, nth))
		return NULL;

	/* the outermost expansion site in a header, for gcc's order */
	if (!d.clang_order) {
		for (i = d.nexpansions - 1; i >= 0 && !culprit; i--) {
			culprit = header_of(d.expansions[i].file, c);
			if (culprit) {
				use_line = d.expansions[i].line;
				if (d.expansions[i].macro)
					through = xstrdup(d.expansions[i].macro);
			}
		}
	}
	if (culprit) {
		user_name = d.function;
	} else if ((culprit = header_of(d.at.file, c))) {
		use_line = d.at.line;
		if (d.nexpansions && d.expansions[0].macro)
			user_name = d.expansions[0].macro;
		else if (d.function)
			user_name = d.function;
		else
			user_name = function_at(ix, c, d.at.file, d.at.line);
	} else {
		const char *s = tu_symbol(t);

		culprit = xstrdup(t->header);
		if (d.clang_order && d.nexpansions && d.expansions[0].macro)
			user_name = d.expansions[0].macro;
		else if (s && ix && scan_is_callable(ix, s))
			user_name = s;	/* "offset_in_thp()": a uses line checks a macro's body */
		else if (s)
			user = xasprintf("%s", s);
	}
	if (user_name)
		user = xasprintf("%s()", user_name);

	e = xcalloc(1, sizeof(*e));
	e->header = xstrdup(t->header);
	e->culprit = culprit;
	e->user = user;
	e->user_name = user_name ? xstrdup(user_name) : NULL;
	e->missing = d.name;
	d.name = NULL;
	e->through = through;
	e->use_line = use_line;
	e->pointer_only = d.param_list;
	definer_of(ix, c, e);
	e->included = e->definer && includes_directly(ix, c, culprit, e->definer);
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
	free(e->definer);
	free(e);
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
	if (e->user)
		sb_addf(&sb, "%s uses ", e->user);
	else
		sb_add(&sb, "uses ");
	sb_addf(&sb, "%s%s", e->missing, what);
	if (e->through)
		sb_addf(&sb, " (through the macro %s())", e->through);
	if (!def)
		sb_add(&sb, ", which no header of the tree defines");
	else if (e->included)
		sb_addf(&sb, ", defined in %s, which %s includes, but not under this config",
			e->definer, base_name(e->culprit));
	else
		sb_addf(&sb, ", defined in %s, which %s does not include", e->definer,
			base_name(e->culprit));
	explain_info_free(e);
	return sb_detach(&sb);
}

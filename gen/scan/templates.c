// SPDX-License-Identifier: GPL-2.0
/*
 * Headers that another header fills in: an x-macro list (a list of
 * NAME(...) lines its includer expands with its own NAME) and a template
 * (a header written against macros its includer sets around its
 * #include).  Neither is meant to be included alone; catalog-init makes
 * them skips and explain says why.
 */
#include "scan/scan.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cpp/clex.h"

/* Whether f has an #include of name. */
static int includes_name(const struct scan_file *f, const char *name)
{
	int i;

	for (i = 0; i < f->nincludes; i++)
		if (!strcmp(f->includes[i].name, name))
			return 1;
	return 0;
}

/* Whether f, or a header it includes (directly or through others),
 * defines name and keeps it defined (no #undef after it).  seen: the
 * files visited, to end on include cycles. */
static int keeps_defined(const struct scan_index *ix, const struct scan_file *f, const char *name,
			 const struct scan_file ***seen, int *nseen)
{
	int i, j, k, n;

	for (i = 0; i < *nseen; i++)
		if ((*seen)[i] == f)
			return 0;
	*(const struct scan_file **)push(seen, nseen, sizeof(**seen)) = f;
	for (i = 0; i < f->ndefs; i++)
		if (!strcmp(f->defs[i]->name, name) && !f->defs[i]->undef_line)
			return 1;
	for (j = 0; j < f->nincludes; j++) {
		const struct scan_file *const *inc;
		const char *inc_name = f->includes[j].name;
		int uapi = starts_with(inc_name, "uapi/");

		/* the index names include/uapi/linux/x.h "linux/x.h" too */
		n = scan_files_named(ix, uapi ? inc_name + strlen("uapi/") : inc_name, &inc);
		for (k = 0; k < n; k++)
			if ((!uapi || strstr(inc[k]->path, "/uapi/")) && keeps_defined(ix, inc[k], name, seen, nseen))
				return 1;
	}
	return 0;
}

/* Whether f gets name from a header it includes, directly or not. */
static int gets_defined(const struct scan_index *ix, const struct scan_file *f, const char *name)
{
	const struct scan_file **seen = NULL;
	int nseen = 0, yes;

	yes = keeps_defined(ix, f, name, &seen, &nseen);
	free(seen);
	return yes;
}

/* Whether f itself has a definition of name (an #undef is none). */
static int defines(const struct scan_file *f, const char *name)
{
	int i;

	for (i = 0; i < f->ndefs; i++)
		if (!strcmp(f->defs[i]->name, name))
			return 1;
	return 0;
}

const struct scan_def *scan_x_macro(const struct scan_index *ix, const struct scan_file *f, const char *line,
				    char **name)
{
	const struct scan_def *d, *best = NULL;
	const char *p, *e;

	*name = NULL;
	if (!f->include_name || !line)
		return NULL;
	p = line + strspn(line, " \t");
	for (e = p; isalnum((unsigned char)*e) || *e == '_'; e++)
		;
	if (e == p || isdigit((unsigned char)*p) || e[strspn(e, " \t")] != '(')
		return NULL;
	*name = xstrndup(p, e - p);
	for (d = scan_lookup(ix, *name); d; d = d->next) {
		if (d->file == f)
			break;	/* its own: not a list of another's */
		if (d->kind == SCAN_MACRO && d->undef_line && d->file->include_name &&
		    (!best || (!includes_name(best->file, f->include_name) && includes_name(d->file, f->include_name))))
			best = d;
	}
	/* one it gets from an include (TRACE_EVENT() of linux/tracepoint.h,
	 * which trace/define_trace.h redefines and #undefs) */
	if (!d && best && gets_defined(ix, f, *name))
		best = NULL;
	if (d || !best) {
		free(*name);
		*name = NULL;
		return NULL;
	}
	return best;
}

/* Whether the identifier name[0..n) is a token of text before line
 * before (in code or inside a directive other than an #undef). */
static int used_before(const char *text, const char *name, size_t n, int before)
{
	struct clex lx, in;
	struct clex_tok t, dname, u;
	const char *rest, *end;
	int rest_line;

	clex_init(&lx, text, strlen(text), 1, 0);
	while (clex_next(&lx, &t) != CT_EOF && t.line < before) {
		if (t.kind == CT_IDENT && t.n == n && !memcmp(t.s, name, n))
			return 1;
		if (t.kind != CT_PP)
			continue;
		clex_directive(&t, &dname, &rest, &end, &rest_line);
		if (dname.kind == CT_IDENT && dname.n == 5 && !memcmp(dname.s, "undef", 5))
			continue;
		clex_init(&in, rest, end - rest, rest_line, 1);
		while (clex_next(&in, &u) != CT_EOF)
			if (u.kind == CT_IDENT && u.n == n && !memcmp(u.s, name, n))
				return 1;
	}
	return 0;
}

/* A definition of name in a file that includes f: where the includer
 * sets it; NULL if none is in the index (the includer is a .c file). */
static const struct scan_def *set_by_includer(const struct scan_index *ix, const struct scan_file *f,
					      const char *name)
{
	const struct scan_def *d;

	for (d = scan_lookup(ix, name); d; d = d->next)
		if (d->file != f && d->file->include_name && includes_name(d->file, f->include_name))
			return d;
	return NULL;
}

/* Whether the directive pp is "#NAME IDENT ...": *arg gets IDENT. */
static int directive_with_ident(const struct clex_tok *pp, const char *dir, struct clex_tok *arg)
{
	struct clex_tok dname;
	struct clex in;
	const char *rest, *end;
	int rest_line;

	clex_directive(pp, &dname, &rest, &end, &rest_line);
	if (dname.kind != CT_IDENT || dname.n != strlen(dir) || memcmp(dname.s, dir, dname.n))
		return 0;
	clex_init(&in, rest, end - rest, rest_line, 1);
	return clex_next(&in, arg) == CT_IDENT;
}

/* The line of incl's #include of name, 0 if none. */
static int include_line(const struct scan_file *incl, const char *name)
{
	int i;

	for (i = 0; i < incl->nincludes; i++)
		if (!strcmp(incl->includes[i].name, name))
			return incl->includes[i].line;
	return 0;
}

/* Whether name is a macro that only headers including f define, each
 * before its #include of f (cgroup.h's #define CGROUP_REF_FN_ATTRS static
 * inline, then #include <linux/cgroup_refcnt.h>).  A name an includer
 * defines after the include (mm.h's VM_MAYREAD, which fs.h uses) is one
 * f misses, not one it is given.  *by: the first such definition. */
static int set_before_include(const struct scan_index *ix, const struct scan_file *f, const char *name,
			      const struct scan_def **by)
{
	const struct scan_def *d;
	int line;

	*by = NULL;
	for (d = scan_lookup(ix, name); d; d = d->next) {
		if (d->kind != SCAN_DEFINE && d->kind != SCAN_MACRO)
			return 0;
		if (d->file == f || !(line = include_line(d->file, f->include_name)) || d->line > line)
			return 0;
		if (!*by)
			*by = d;
	}
	return *by != NULL;
}

/* The first macro-like name (capitals, digits, _) f's code uses that
 * only its includers set before including it (set_before_include()),
 * into t; 0 if none. */
static int set_by_includers(const struct scan_index *ix, const struct scan_file *f, const char *text,
			    struct scan_template *t)
{
	struct clex lx;
	struct clex_tok tok;

	clex_init(&lx, text, strlen(text), 1, 0);
	while (clex_next(&lx, &tok) != CT_EOF) {
		const struct scan_def *by;
		char *name;
		size_t i;

		if (tok.kind != CT_IDENT || tok.n < 2)
			continue;
		for (i = 0; i < tok.n && (isupper((unsigned char)tok.s[i]) || isdigit((unsigned char)tok.s[i]) ||
					  tok.s[i] == '_'); i++)
			;
		if (i < tok.n)
			continue;
		name = xstrndup(tok.s, tok.n);
		if (!defines(f, name) && !gets_defined(ix, f, name) && set_before_include(ix, f, name, &by)) {
			t->macro = name;
			t->line = tok.line;
			t->how = TEMPLATE_SET;
			t->includer = by;
			return 1;
		}
		free(name);
	}
	return 0;
}

int scan_template(const struct scan_index *ix, const struct scan_file *f, const char *text,
		  struct scan_template *t)
{
	struct clex lx;
	struct clex_tok tok, arg;

	memset(t, 0, sizeof(*t));
	if (!f || !f->include_name || !text)
		return 0;
	clex_init(&lx, text, strlen(text), 1, 0);
	while (clex_next(&lx, &tok) != CT_EOF) {
		char *name;
		int computed;

		if (tok.kind != CT_PP)
			continue;
		computed = directive_with_ident(&tok, "include", &arg);
		if (!computed && !directive_with_ident(&tok, "undef", &arg))
			continue;
		name = xstrndup(arg.s, arg.n);
		if (!defines(f, name) && !gets_defined(ix, f, name) &&
		    (computed || used_before(text, arg.s, arg.n, tok.line))) {
			t->macro = name;
			t->line = tok.line;
			t->how = computed ? TEMPLATE_INCLUDE : TEMPLATE_UNDEF;
			t->includer = set_by_includer(ix, f, name);
			return 1;
		}
		free(name);
	}
	return set_by_includers(ix, f, text, t);
}

// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include "fix/fix.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/util.h"
#include "scan/definer.h"
#include "scan/headers.h"

void fix_cand_free(struct fix_cand *f)
{
	free(f->header);
	free(f->symbol);
	free(f->what);
	free(f->user);
	free(f->include);
	free(f->cond);
	free(f->sig);
	free(f->because);
	free(f->cond_why);
	free(f->why_not);
	memset(f, 0, sizeof(*f));
}

static int is_tag(const char *name)
{
	return starts_with(name, "struct ") || starts_with(name, "union ") || starts_with(name, "enum ");
}

/* The #if the use at line of the header is under: the condition of the
 * definition it is in (the last one at or before it), or NULL. */
static char *use_cond(const struct scan_file *f, int line)
{
	const struct scan_def *user = NULL;
	int i;

	for (i = 0; f && line && i < f->ndefs && f->defs[i]->line <= line; i++)
		user = f->defs[i];
	if (!user || !user->cond || user->cond->is_asm)
		return NULL;
	return scan_cond_chain(user->cond);
}

int fix_cand_answers(const struct fix_cand *c, const struct explain_info *e)
{
	if (c->kind == FIX_NONE || strcmp(c->header, e->culprit))
		return 0;
	switch (c->kind) {
	case FIX_GUARD:
		return e->kind == EXPLAIN_GUARD;
	case FIX_STUB:
		return e->kind == EXPLAIN_BRANCHES && !strcmp(c->symbol, e->missing);
	default:
		return e->kind != EXPLAIN_GUARD && e->kind != EXPLAIN_BRANCHES && !strcmp(c->symbol, e->missing);
	}
}

/* Whether the tree defines macro: a #define, or a header's guard. */
static int macro_taken(const struct scan_index *ix, const char *macro)
{
	const struct scan_file *const *files;
	const struct scan_def *d;
	int n, i;

	for (d = scan_lookup(ix, macro); d; d = d->next)
		if (d->kind == SCAN_DEFINE || d->kind == SCAN_MACRO)
			return 1;
	n = scan_files(ix, &files);
	for (i = 0; i < n; i++)
		if (files[i]->guard && !strcmp(files[i]->guard, macro))
			return 1;
	return 0;
}

char *fix_guard_name(const struct scan_index *ix, const char *header)
{
	struct strbuf sb;
	const char *p;
	char *twice;

	sb_init(&sb);
	sb_addc(&sb, '_');
	for (p = header; *p; p++)
		sb_addc(&sb, (*p >= 'a' && *p <= 'z') ? *p - 'a' + 'A' :
			     ((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')) ? *p : '_');
	if (!macro_taken(ix, sb.buf))
		return sb_detach(&sb);
	twice = xasprintf("_%s", sb.buf);
	sb_release(&sb);
	if (!macro_taken(ix, twice))
		return twice;
	free(twice);
	return NULL;
}

/* A header that defines a name again when included twice: its include
 * guard. */
static int choose_guard(const struct scan_index *ix, const struct explain_info *e, struct fix_cand *out)
{
	char *guard = fix_guard_name(ix, e->culprit);

	out->what = xstrdup(e->missing);
	if (!guard) {
		out->kind = FIX_NONE;
		out->why_not = xasprintf("%s: no include guard, and the tree defines the macros one would use",
					 e->culprit);
		return 0;
	}
	out->kind = FIX_GUARD;
	free(out->symbol);
	out->symbol = guard;
	out->because = xasprintf("%s has no include guard: a file that includes it twice gets a redefinition of %s "
				 "(line %d).",
				 e->culprit, e->missing, e->use_line);
	return 0;
}

/* A function whose stub has another type than its declaration: the stub
 * made to match, when it is the stub that differs and the change is one
 * of types. */
static int choose_stub(const struct explain_info *e, struct fix_cand *out)
{
	const struct scan_def *decl = e->catalogued, *stub = e->other;
	char *why = explain_branches(e);

	out->what = xasprintf("%s()", e->missing);
	if (!explain_is_stub(stub, decl)) {
		out->kind = FIX_NONE;
		if (explain_is_stub(decl, stub))
			out->why_not = xasprintf("%s: %s: the catalog has its stub's type, this config compiles the "
						 "declaration: make the stub match by hand, then the catalog",
						 e->culprit, why);
		else
			out->why_not = xasprintf("%s: %s: no stub to make match", e->culprit, why);
	} else if (!decl->sig_ok || !stub->sig_ok ||
		   (!strcmp(decl->type, "void") && strcmp(stub->type, "void"))) {
		out->kind = FIX_NONE;
		out->why_not = xasprintf("%s: %s: the stub's body must change too: make it match by hand", e->culprit,
					 why);
	} else {
		out->kind = FIX_STUB;
		out->sig = scan_def_signature(decl);
		out->because = xasprintf("%s: a caller builds on one config and breaks on the other.", why);
	}
	free(why);
	return 0;
}

int fix_choose(const struct scan_index *ix, const struct explain_info *e, const struct scan_file *copy,
	       char *const *forbids, int nforbids, struct fix_cand *out)
{
	const struct scan_file *hf = common_file(ix, e->culprit);
	struct definer def;
	int tag = is_tag(e->missing);

	memset(out, 0, sizeof(*out));
	if (!hf)
		return -1;
	out->header = xstrdup(e->culprit);
	out->symbol = xstrdup(e->missing);
	out->user = e->user ? xstrdup(e->user) : NULL;
	if (e->kind == EXPLAIN_GUARD)
		return choose_guard(ix, e, out);
	if (e->kind == EXPLAIN_BRANCHES)
		return choose_stub(e, out);
	if (e->kind == EXPLAIN_XMACRO) {
		/* no edit makes a list of another header's entries stand alone */
		out->kind = FIX_NONE;
		out->what = xasprintf("%s()", e->missing);
		out->why_not = xasprintf("%s: an x-macro list of %s's %s() entries: not a header to include alone",
					 e->culprit, e->definer, e->missing);
		return 0;
	}
	if (tag) {
		out->what = xstrdup(e->missing);
	} else {
		out->what = xasprintf("%s%s", e->missing, scan_is_callable(ix, e->missing) ? "()" : "");
	}
	/* a tag only used by pointer needs no definition, only its name */
	if (tag && e->pointer_only) {
		out->kind = FIX_DECLARE;
		return 0;
	}
	find_definer(ix, e->missing, e->culprit, forbids, nforbids, &def);
	if (def.include) {
		out->kind = FIX_INCLUDE;
		out->include = def.include;
		out->weight = def.weight;
		/* a macro an #if tests is included before the #if, whatever
		 * #if that one is under */
		if (e->kind == EXPLAIN_IF_MACRO)
			out->before = e->use_line;
		else
			out->cond = use_cond(copy ? copy : hf, e->use_line);
		def.include = NULL;
		definer_release(&def);
		return 0;
	}
	out->kind = FIX_NONE;
	if (!def.nrefused) {
		out->why_not = xasprintf("%s: %s needs %s, which no header of the tree defines outside %s",
					 e->culprit, e->user ? e->user : "it", out->what, e->culprit);
	} else if (def.only_forbidden && def.nrefused == 1) {
		const char *z = def.refused.buf;
		char *zname = xstrndup(z, strchr(z, ' ') - z);

		out->why_not = xasprintf("%s: %s needs %s, defined only in %s (forbidden): move %s out of %s, "
					 "or rewrite %s without it",
					 e->culprit, e->user ? e->user : "it", out->what, zname, out->what,
					 strrchr(zname, '/') ? strrchr(zname, '/') + 1 : zname,
					 e->user ? e->user : e->culprit);
		free(zname);
	} else {
		out->why_not = xasprintf("%s: %s needs %s, defined only in %s: no header qualifies",
					 e->culprit, e->user ? e->user : "it", out->what, def.refused.buf);
	}
	definer_release(&def);
	return 0;
}

char *fix_summary(const struct fix_cand *f)
{
	switch (f->kind) {
	case FIX_DECLARE:
		return xasprintf("declare %s", f->symbol);
	case FIX_INCLUDE:
		return xasprintf("include %s for %s", f->include, f->what);
	case FIX_GUARD:
		return xasprintf("add the include guard %s", f->symbol);
	case FIX_STUB:
		return xasprintf("make the stub of %s match its declaration", f->what);
	default:
		return xstrdup("no patch");
	}
}

/* A reviewer includes a header unconditionally unless that breaks
 * something: the use's #if only once the proof has shown it does. */
const char *fix_placed_cond(const struct fix_cand *c)
{
	return c->cond_why ? c->cond : NULL;
}

static int same_include(const struct fix_cand *a, const struct fix_cand *b)
{
	const char *ca = fix_placed_cond(a), *cb = fix_placed_cond(b);

	return a->kind == FIX_INCLUDE && b->kind == FIX_INCLUDE && !strcmp(a->include, b->include) &&
	       ((!ca && !cb) || (ca && cb && !strcmp(ca, cb)));
}

/* The names cands[i] and every later candidate for the same include (and
 * #if) are added for: "thp_size(), folio_size()".  NULL when an earlier
 * candidate already added that include. */
static char *include_for(const struct fix_cand *cands, int n, int i)
{
	struct strbuf sb;
	int j;

	for (j = 0; j < i; j++)
		if (same_include(&cands[j], &cands[i]))
			return NULL;
	sb_init(&sb);
	sb_add(&sb, cands[i].what);
	/* "#include <X> // for a, b, ..." within checkpatch's 100 columns,
	 * room kept for the ", ..." */
	for (j = i + 1; j < n; j++) {
		if (!same_include(&cands[j], &cands[i]))
			continue;
		if (strlen(cands[i].include) + sb.len + strlen(cands[j].what) + 26 > 100) {
			sb_add(&sb, ", ...");
			break;
		}
		sb_addf(&sb, ", %s", cands[j].what);
	}
	return sb_detach(&sb);
}

char *fix_describe(const struct fix_cand *cands, int n)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	for (i = 0; i < n; i++) {
		char *names;

		if (cands[i].kind == FIX_DECLARE) {
			sb_addf(&sb, "%sdeclare %s", sb.len ? ", " : "", cands[i].symbol);
		} else if (cands[i].kind == FIX_INCLUDE && (names = include_for(cands, n, i))) {
			sb_addf(&sb, "%sinclude %s for %s", sb.len ? ", " : "", cands[i].include, names);
			free(names);
		} else if (cands[i].kind == FIX_GUARD || cands[i].kind == FIX_STUB) {
			names = fix_summary(&cands[i]);
			sb_addf(&sb, "%s%s", sb.len ? ", " : "", names);
			free(names);
		}
	}
	return sb_detach(&sb);
}

/* The last line a directive group ends on, for the outermost #if around
 * cond. */
static int group_end(const struct scan_file *f, const struct scan_cond *c)
{
	while (c->parent)
		c = c->parent;
	return c->group < f->ngroups ? f->groups[c->group].endif_line : 0;
}

/* The last line of the comments and blank lines a header starts with
 * (its SPDX line, its description), not past before: where a first
 * #include goes in a header with neither a guard nor an include. */
static int leading_comment_end(const char *text, int before)
{
	const char *cur = text, *line;
	size_t n;
	int no = 0, end = 0, in_comment = 0;

	while ((line = next_line_span(&cur, &n)) && (!before || no + 1 < before)) {
		const char *p = line, *e = line + n;

		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (!in_comment && p < e && !(e - p >= 2 && (!strncmp(p, "//", 2) || !strncmp(p, "/*", 2))))
			break;
		no++;
		if (p < e && !in_comment && !strncmp(p, "/*", 2))
			in_comment = 1;
		if (in_comment && memmem(p, e - p, "*/", 2))
			in_comment = 0;
		if (!in_comment)
			end = no;
	}
	return end;
}

/* The line after which an include guard opens: the last line of the
 * comments a header starts with, before the blank lines after them. */
static int guard_spot(const char *text)
{
	const char *cur = text, *line;
	int end = leading_comment_end(text, 0), no = 0, last = 0;
	size_t n;

	while ((line = next_line_span(&cur, &n)) && ++no <= end)
		if (strspn(line, " \t") < n)
			last = no;
	return last;
}

/* The line after which to add an include: the last #include (or the
 * #endif of the #if around it) before the first use, else the guard,
 * else the end of the comments the header starts with. */
static int include_spot(const char *text, const struct scan_file *f, int before)
{
	int i, spot = 0;

	for (i = 0; i < f->nincludes; i++) {
		int at = f->includes[i].cond ? group_end(f, f->includes[i].cond) : f->includes[i].line;

		if (at && (!before || at < before) && at > spot)
			spot = at;
	}
	if (!spot && f->guard) {
		/* the guard's #define */
		const char *cur = text, *line;
		size_t n;
		int no = 0;

		while ((line = next_line_span(&cur, &n))) {
			no++;
			if (!strncmp(line, "#define ", 8) && n >= 8 + strlen(f->guard) &&
			    !strncmp(line + 8, f->guard, strlen(f->guard))) {
				spot = no;
				break;
			}
		}
	}
	if (!spot)
		spot = leading_comment_end(text, before);
	return spot;
}

/* The line after which to declare a tag: the last forward declaration at
 * file level before the first use, else where an include would go. */
static int declare_spot(const char *text, const struct scan_file *f, int before)
{
	int i, spot = 0;

	for (i = 0; i < f->ndefs; i++)
		if (is_forward_decl(f->defs[i]->kind) && !f->defs[i]->cond && (!before || f->defs[i]->line < before))
			spot = f->defs[i]->line;
	return spot ? spot : include_spot(text, f, before);
}

/* The first line of the header that is not a comment, directive or blank
 * after the spot where additions go: an upper bound for the spot. */
static int first_def_line(const struct scan_file *f)
{
	int i, first = 0;

	for (i = 0; i < f->ndefs; i++)
		if (!is_forward_decl(f->defs[i]->kind) && (!first || f->defs[i]->line < first))
			first = f->defs[i]->line;
	return first;
}

struct addition {
	int after;
	int first;		/* an include guard's #ifndef: before what else goes there */
	const char *cond;	/* its #if, or NULL; under one, after the plain includes
				   of its spot, which it may test */
	char *text;		/* the line, without the #if */
};

static int cmp_addition(const void *a, const void *b)
{
	const struct addition *x = a, *y = b;

	if (x->after != y->after)
		return x->after < y->after ? -1 : 1;
	if (x->first != y->first)
		return y->first - x->first;
	if (!x->cond != !y->cond)
		return x->cond ? 1 : -1;
	if (x->cond && strcmp(x->cond, y->cond))
		return strcmp(x->cond, y->cond);
	return strcmp(x->text, y->text);
}

/* The additions from adds[next] that go after line no (every one left
 * when no is INT_MAX), those under the same #if in one block; returns the
 * next one not written. */
static int add_at(struct strbuf *sb, const struct addition *adds, int nadds, int next, int no)
{
	while (next < nadds && (no == INT_MAX || adds[next].after == no)) {
		const char *cond = adds[next].cond;

		if (cond)
			sb_addf(sb, "#if %s\n", cond);
		do {
			sb_add(sb, adds[next++].text);
		} while (next < nadds && (no == INT_MAX || adds[next].after == no) && cond && adds[next].cond &&
			 !strcmp(adds[next].cond, cond));
		if (cond)
			sb_add(sb, "#endif\n");
	}
	return next;
}

/* The line an include for cands[i] goes before: the first definition,
 * or an #if before it that tests a name it is for (0: none). */
static int include_before(const struct fix_cand *cands, int n, int i, int before)
{
	int j;

	for (j = i; j < n; j++)
		if ((j == i || same_include(&cands[j], &cands[i])) && cands[j].before &&
		    (!before || cands[j].before < before))
			before = cands[j].before;
	return before;
}

/* Whether the last line of text is blank. */
static int ends_blank(const char *text)
{
	size_t n = strlen(text);

	if (n && text[n - 1] == '\n')
		n--;
	while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	return !n || text[n - 1] == '\n';
}

/* The declaration of c's function in f (of the type c gives it), and its
 * stub there whose type differs; 0 if f has no such pair. */
static int stub_pair(const struct scan_file *f, const struct fix_cand *c, const struct scan_def **decl,
		     const struct scan_def **stub)
{
	int i, j;

	for (i = 0; i < f->ndefs; i++) {
		const struct scan_def *d = f->defs[i];
		char *sig, *diff;

		if (strcmp(d->name, c->symbol) || (d->kind != SCAN_FUNC && d->kind != SCAN_PROTO))
			continue;
		sig = scan_def_signature(d);
		if (strcmp(sig, c->sig)) {
			free(sig);
			continue;
		}
		free(sig);
		for (j = 0; j < f->ndefs; j++) {
			const struct scan_def *s = f->defs[j];

			if (s == d || strcmp(s->name, c->symbol) || !explain_is_stub(s, d))
				continue;
			diff = explain_difference(s, d);
			free(diff);
			if (diff) {
				*decl = d;
				*stub = s;
				return 1;
			}
		}
	}
	return 0;
}

struct stub_edit {
	const struct scan_def *decl, *stub;
};

static int cmp_stub_last_first(const void *a, const void *b)
{
	return ((const struct stub_edit *)b)->stub->line - ((const struct stub_edit *)a)->stub->line;
}

/* out (text with the additions made; text's line k is its line at[k])
 * with the stubs of cands made to match, the last one first: a rewrite
 * may change how many lines the ones after it have. */
static char *match_stubs(char *out, const char *text, const int *at, const struct scan_file *f,
			 const struct fix_cand *cands, int n)
{
	struct stub_edit *e = NULL;
	int ne = 0, i, j;

	for (i = 0; i < n; i++) {
		const struct scan_def *d, *s;
		struct stub_edit *x;

		if (cands[i].kind != FIX_STUB || !stub_pair(f, &cands[i], &d, &s))
			continue;
		for (j = 0; j < ne && e[j].stub != s; j++)
			;
		if (j < ne)
			continue;
		x = push(&e, &ne, sizeof(*x));
		x->decl = d;
		x->stub = s;
	}
	if (ne)
		qsort(e, ne, sizeof(*e), cmp_stub_last_first);
	for (i = 0; i < ne; i++) {
		char *next = fix_stub(out, at[e[i].stub->line], text, e[i].decl->line, e[i].decl, e[i].stub);

		if (next) {
			free(out);
			out = next;
		}
	}
	free(e);
	return out;
}

/* Whether an earlier candidate than cands[i] makes the same edit. */
static int made_before(const struct fix_cand *cands, int i)
{
	const struct fix_cand *c = &cands[i];
	int j;

	for (j = 0; j < i; j++)
		if (cands[j].kind == c->kind && !strcmp(cands[j].symbol, c->symbol) &&
		    (c->kind != FIX_INCLUDE || !strcmp(cands[j].include, c->include)))
			return 1;
	return 0;
}

/* The line an include or a declaration cands[i] adds, without its #if:
 * NULL when an earlier candidate adds that line (one include serves every
 * name it is for). */
static char *addition_line(const struct fix_cand *cands, int n, int i)
{
	const struct fix_cand *c = &cands[i];
	char *names, *line;

	if (made_before(cands, i))
		return NULL;
	if (c->kind == FIX_DECLARE)
		/* a tag with no named user (a member's function pointer) gets
		 * no comment: "for linux/x.h" would name the header itself */
		return c->user ? xasprintf("%s; // for %s\n", c->symbol, c->user) : xasprintf("%s;\n", c->symbol);
	names = include_for(cands, n, i);
	if (!names)
		return NULL;
	line = xasprintf("#include <%s> // for %s\n", c->include, names);
	free(names);
	return line;
}

char *fix_additions(const struct fix_cand *cands, int n)
{
	char **lines = NULL, *line;
	struct strbuf sb;
	int nlines = 0, i;

	for (i = 0; i < n; i++)
		if ((cands[i].kind == FIX_INCLUDE || cands[i].kind == FIX_DECLARE) &&
		    (line = addition_line(cands, n, i)))
			*(char **)push(&lines, &nlines, sizeof(char *)) = line;
	if (nlines)
		qsort(lines, nlines, sizeof(char *), cmp_strings);
	sb_init(&sb);
	for (i = 0; i < nlines; i++) {
		sb_add(&sb, lines[i]);
		free(lines[i]);
	}
	free(lines);
	return sb_detach(&sb);
}

int fix_include_spot(const char *text, const struct scan_file *f)
{
	return include_spot(text, f, first_def_line(f));
}

char *fix_apply(const char *text, const struct scan_file *f, const struct fix_cand *cands, int n)
{
	struct addition *adds = NULL;
	struct strbuf sb;
	const char *cur = text, *line;
	int nadds = 0, i, no = 0, next = 0, before = first_def_line(f), *at = NULL, nat = 0, lines = 0;
	size_t len, counted = 0;

	for (i = 0; i < n; i++) {
		const struct fix_cand *c = &cands[i];
		struct addition *a;
		char *text_of;

		if (c->kind == FIX_NONE || c->kind == FIX_STUB)
			continue;
		if (c->kind == FIX_GUARD) {
			if (made_before(cands, i))
				continue;
			/* around all but the leading comments, SPDX line first */
			a = push(&adds, &nadds, sizeof(*a));
			a->after = guard_spot(text);
			a->first = 1;
			a->text = xasprintf("#ifndef %s\n#define %s\n", c->symbol, c->symbol);
			a = push(&adds, &nadds, sizeof(*a));
			a->after = INT_MAX;
			a->text = xasprintf("%s#endif /* %s */\n", ends_blank(text) ? "" : "\n", c->symbol);
			continue;
		}
		if (!(text_of = addition_line(cands, n, i)))
			continue;
		a = push(&adds, &nadds, sizeof(*a));
		a->text = text_of;
		if (c->kind == FIX_DECLARE) {
			a->after = declare_spot(text, f, before);
		} else {
			a->after = include_spot(text, f, include_before(cands, n, i, before));
			a->cond = fix_placed_cond(c);
		}
	}
	/* only stubs: no addition, and qsort() takes no NULL array */
	if (nadds)
		qsort(adds, nadds, sizeof(*adds), cmp_addition);
	sb_init(&sb);
	next = add_at(&sb, adds, nadds, next, 0);
	*(int *)push(&at, &nat, sizeof(int)) = 0;
	while ((line = next_line_span(&cur, &len))) {
		no++;
		/* the line of the result this one is on */
		for (; counted < sb.len; counted++)
			lines += sb.buf[counted] == '\n';
		*(int *)push(&at, &nat, sizeof(int)) = lines + 1;
		sb_addn(&sb, line, len);
		sb_addc(&sb, '\n');
		next = add_at(&sb, adds, nadds, next, no);
	}
	next = add_at(&sb, adds, nadds, next, INT_MAX);
	for (i = 0; i < nadds; i++)
		free(adds[i].text);
	free(adds);
	{
		char *out = match_stubs(sb_detach(&sb), text, at, f, cands, n);

		free(at);
		return out;
	}
}

char *fix_source_include(const struct scan_index *ix, const char *name, char *const *forbids, int nforbids,
			 int *weight)
{
	const struct scan_def *d;
	char *best = NULL;
	int best_w = 0;

	for (d = scan_lookup(ix, name); d; d = d->next) {
		const char *z = d->file->include_name;
		int w, cycle;

		if (!z || is_forward_decl(d->kind) || starts_with(z, "asm-generic/") || starts_with(z, "uapi/"))
			continue;
		/* a header of include/, or an arch's asm/ header (the object is
		 * compiled for one arch: its asm/ is the one it gets) */
		if (common_file(ix, z) ? strcmp(common_file(ix, z)->path, d->file->path) :
					 !(starts_with(d->file->path, "arch/") && starts_with(z, "asm/")))
			continue;
		/* a forbidden header last: the cut is there to pull it in less */
		w = closure_size(ix, z, "", &cycle) + (d->cond ? 200000 : 0) +
		    (str_listed(forbids, nforbids, z) ? 300000 : 0);
		if (!best || w < best_w || (w == best_w && strcmp(z, best) < 0)) {
			free(best);
			best = xstrdup(z);
			best_w = w;
		}
	}
	if (weight)
		*weight = best_w % 100000;
	return best;
}

/* The line after which a source file's new includes go: its last
 * top-level #include <...> before its first #include "..." (a local
 * header may need what they give), else before that first local one,
 * else after its leading comments. */
static int source_include_spot(const char *text)
{
	const char *cur = text, *line;
	size_t n;
	int no = 0, depth = 0, spot = 0;

	while ((line = next_line_span(&cur, &n))) {
		no++;
		if (n >= 3 && !strncmp(line, "#if", 3))
			depth++;
		else if (n >= 6 && !strncmp(line, "#endif", 6) && depth > 0)
			depth--;
		else if (n > 10 && !strncmp(line, "#include \"", 10))
			return spot ? spot : no - 1;
		else if (!depth && n > 10 && !strncmp(line, "#include <", 10))
			spot = no;
	}
	return spot ? spot : leading_comment_end(text, 0);
}

char *fix_apply_source(const char *text, const struct fix_cand *cands, int n)
{
	struct strbuf sb, adds;
	const char *cur = text, *line;
	int i, no = 0, spot = source_include_spot(text);
	size_t len;

	sb_init(&adds);
	for (i = 0; i < n; i++) {
		char *names;

		if (cands[i].kind != FIX_INCLUDE || !(names = include_for(cands, n, i)))
			continue;
		sb_addf(&adds, "#include <%s> // for %s\n", cands[i].include, names);
		free(names);
	}
	sb_init(&sb);
	if (!spot && adds.len)
		sb_add(&sb, adds.buf);
	while ((line = next_line_span(&cur, &len))) {
		no++;
		sb_addn(&sb, line, len);
		sb_addc(&sb, '\n');
		if (no == spot && adds.len)
			sb_add(&sb, adds.buf);
	}
	sb_release(&adds);
	return sb_detach(&sb);
}

/* parts[0..n) that are not empty, joined by ", ". */
static char *join_parts(struct strbuf *parts, int n)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	for (i = 0; i < n; i++)
		if (parts[i].len)
			sb_addf(&sb, "%s%s", sb.len ? ", " : "", parts[i].buf);
	return sb_detach(&sb);
}

char *fix_subject(const struct fix_cand *cands, int n, int room)
{
	char *full = fix_describe(cands, n);
	struct strbuf parts[4];	/* includes, declarations, a guard, stubs */
	int i, j, count[4] = { 0 };

	if ((int)strlen(full) <= room)
		return full;
	free(full);
	/* the headers, tags and functions alone, without the names they are for */
	for (i = 0; i < 4; i++)
		sb_init(&parts[i]);
	for (i = 0; i < n; i++) {
		int seen = 0;

		for (j = 0; j < i; j++)
			seen |= cands[j].kind == cands[i].kind &&
				!strcmp(cands[i].kind == FIX_INCLUDE ? cands[j].include : cands[j].symbol,
					cands[i].kind == FIX_INCLUDE ? cands[i].include : cands[i].symbol);
		if (seen)
			continue;
		if (cands[i].kind == FIX_INCLUDE)
			sb_addf(&parts[0], "%s%s", count[0]++ ? ", " : "include ", cands[i].include);
		else if (cands[i].kind == FIX_DECLARE)
			sb_addf(&parts[1], "%s%s", count[1]++ ? ", " : "declare ", cands[i].symbol);
		else if (cands[i].kind == FIX_GUARD && !count[2]++)
			sb_add(&parts[2], "add an include guard");
		else if (cands[i].kind == FIX_STUB)
			sb_addf(&parts[3], "%s%s", count[3]++ ? ", " : "match the stubs of ", cands[i].what);
	}
	full = join_parts(parts, 4);
	for (i = 0; i < 4; i++)
		sb_release(&parts[i]);
	if ((int)strlen(full) <= room)
		return full;
	free(full);
	/* only how many */
	if (count[0])
		sb_addf(&parts[0], "include %d header%s", count[0], count[0] > 1 ? "s" : "");
	if (count[1])
		sb_addf(&parts[1], "declare %d tag%s", count[1], count[1] > 1 ? "s" : "");
	if (count[2])
		sb_add(&parts[2], "add an include guard");
	if (count[3])
		sb_addf(&parts[3], "match %d stub%s", count[3], count[3] > 1 ? "s" : "");
	full = join_parts(parts, 4);
	for (i = 0; i < 4; i++)
		sb_release(&parts[i]);
	return full;
}

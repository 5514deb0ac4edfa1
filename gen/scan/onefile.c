// SPDX-License-Identifier: GPL-2.0
/*
 * One file's scan.  The file is lexed once (gen/cpp/clex.c): directives
 * are handled as they come (conditions, macros, includes; directives.c),
 * and the C tokens at file scope are collected into one declaration at
 * a time, which ends at a ';' or at a '{' that opens a function body
 * (declarations.c).  Bodies are skipped by counting braces.  A
 * declaration is then read from the outside in: its annotations
 * (__attribute__((...)), __must_check, ...) dropped, a function found as
 * the first "NAME (" that has a type before it, variables and typedefs
 * by their declarators.
 *
 * Braces split over #if branches ("#ifdef X\n int f(int a) {\n#else\n
 * int f(long a) {\n#endif") are handled the way ctags does: each
 * #elif/#else starts from the brace depth of its #if, and the #endif
 * continues with the depth the first branch ended with.  A declaration
 * whose head differs between branches is read once per branch.
 *
 * Above directives.c and declarations.c, which it hands each token;
 * below index.c, whose workers scan each file with it
 * (scan_internal.h draws the stack).
 */
#include "scan/scan_internal.h"

#include <stdlib.h>

static int def_cmp(const void *a, const void *b)
{
	const struct scan_def *x = *(const struct scan_def *const *)a, *y = *(const struct scan_def *const *)b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x < y ? -1 : x > y;	/* arena order is creation order within a file */
}


/* ".macro" at the start of a line: assembler, in a header included from
 * .S files without an __ASSEMBLY__ guard. */
static int asm_directive(const char *text, size_t len, const struct clex_tok *t)
{
	const char *b = t->s;

	if (t->kind != CT_PUNCT || t->n != 1 || t->s[0] != '.' || (size_t)(t->s - text) + 7 > len ||
	    memcmp(t->s + 1, "macro", 5) || (t->s[6] != ' ' && t->s[6] != '\t'))
		return 0;
	while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	return b == text || b[-1] == '\n';
}

static int scan_text(struct fscan *fs, const char *text, size_t len)
{
	struct clex_tok t;

	reset_file(fs);
	clex_init(&fs->lx, text, len, 1, 0);
	while (clex_next(&fs->lx, &t) != CT_EOF) {
		fs->ntoks++;
		if (fs->ntoks == 2 && fs->guard_candidate) {
			struct clex_tok name;
			const char *rest, *end;
			int rl;

			if (t.kind == CT_PP) {
				clex_directive(&t, &name, &rest, &end, &rl);
				if (!tok_is(name.s, name.n, "define"))
					fs->guard_bad = 1;
			} else {
				fs->guard_bad = 1;
			}
		}
		if (t.kind == CT_PP)
			directive(fs, &t);
		else if (!fs->asm_file && !(fs->cur && fs->cur->is_asm)) {
			if (asm_directive(text, len, &t))
				fs->saw_asm = 1;
			if (!fs->f->code_line)
				fs->f->code_line = t.line;
			c_token(fs, &t);
		}
		if (fs->guard_bad)
			return -1;
		if (fs->skip)
			return 0;
	}
	if (fs->guard_candidate && !fs->f->guard)
		return -1;
	if (fs->saw_asm && !fs->asm_file) {
		fs->asm_file = 1;
		return -1;
	}
	return 0;
}

static int undef_name_cmp(const char *name, const struct undef *u)
{
	int c = strncmp(name, u->name, u->n);

	return c ? c : (unsigned char)name[u->n];
}

static int undef_cmp(const void *a, const void *b)
{
	const struct undef *x = a, *y = b;
	int c = strncmp(x->name, y->name, x->n < y->n ? x->n : y->n);

	if (c)
		return c;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

void scan_file_text(struct fscan *fs, struct scan_file *f, const char *text, size_t len)
{
	int j;

	fs->f = f;
	fs->allow_guard = 1;
	fs->asm_file = 0;
	/* again if the guard was no guard, or the C was assembler; each
	 * retry turns one of the two off for good, so this ends */
	while (scan_text(fs, text, len)) {
		if (!fs->saw_asm)
			fs->allow_guard = 0;
		else
			fs->asm_file = 1;
	}
	while (fs->nframes) {	/* unterminated #if */
		free(fs->frames[fs->nframes - 1].alt);
		fs->nframes--;
	}
	reset_decl(fs);
	/* qsort() and memcpy() want a pointer even for 0 elements */
	if (f->ndefs)
		qsort(f->defs, f->ndefs, sizeof(*f->defs), def_cmp);
	if (fs->nundefs) {
		qsort(fs->undefs, fs->nundefs, sizeof(*fs->undefs), undef_cmp);
		for (j = 0; j < f->ndefs; j++) {
			struct scan_def *d = (struct scan_def *)f->defs[j];
			int lo = 0, hi = fs->nundefs;

			if (d->kind != SCAN_MACRO && d->kind != SCAN_DEFINE)
				continue;
			/* the first #undef of this name after the definition */
			while (lo < hi) {
				int mid = (lo + hi) / 2, c = undef_name_cmp(d->name, &fs->undefs[mid]);

				if (c > 0 || (c == 0 && fs->undefs[mid].line <= d->line))
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < fs->nundefs && !undef_name_cmp(d->name, &fs->undefs[lo]))
				d->undef_line = fs->undefs[lo].line;
		}
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A stub made to match its declaration.  Where the other branch of an #if
 * gives a function a stub whose return or parameter types are not its
 * declaration's (include/linux/tpm.h's tpm_pcr_read() takes u32 pcr_idx,
 * its stub int pcr_idx), a caller builds on one config and warns, or
 * breaks, on the other.  The stub gets the declaration's types, written
 * as the declaration writes them; only what differs changes, the stub
 * keeps its parameter names (its body may use them), and the lines of its
 * parameter list stay aligned to its '('.
 */
#include "fix/fix.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cpp/clex.h"

/* Where a line of the list wraps: the kernel's 80 columns. */
#define STUB_WIDTH 80

struct edit {
	int start, end;		/* the bytes of the stub's text replaced */
	char *text;
};

/* text[start..end) with comments and runs of blanks made one space. */
static char *normalized(const char *text, int start, int end)
{
	char *out = xmalloc(end - start + 1);
	size_t n = clex_normalize(text + start, end - start, out);

	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
	return out;
}

/* The column text[at] is shown in, tabs every 8 columns. */
static int column(const char *text, int at)
{
	int start = at, col = 0, i;

	while (start > 0 && text[start - 1] != '\n')
		start--;
	for (i = start; i < at; i++)
		col = text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/* Blanks up to column width as the kernel indents: tabs, then spaces. */
static void indent_to(struct strbuf *sb, int width)
{
	int i;

	for (i = 0; i < width / 8; i++)
		sb_addc(sb, '\t');
	for (i = 0; i < width % 8; i++)
		sb_addc(sb, ' ');
}

/* The declaration's parameter p (in dtext) written with the name of the
 * stub's parameter sp (in stext), or with none; NULL when an unnamed
 * declarator cannot take a name at its end ("void (*)(int)"). */
static char *param_as(const char *dtext, const struct scan_param_span *p, const char *stext,
		      const struct scan_param_span *sp)
{
	char *name = sp->name >= 0 ? xstrndup(stext + sp->name, sp->name_end - sp->name) : NULL;
	char *head, *tail, *s;

	if (p->name >= 0) {
		head = normalized(dtext, p->start, p->name);
		tail = normalized(dtext, p->name_end, p->end);
	} else {
		head = normalized(dtext, p->start, p->end);
		tail = xstrdup("");
		if (name && strpbrk(head, "([")) {
			free(head);
			free(tail);
			free(name);
			return NULL;
		}
	}
	if (!name)	/* the stub has no name for it: the declaration's, if any */
		name = p->name >= 0 ? xstrndup(dtext + p->name, p->name_end - p->name) : xstrdup("");
	s = xasprintf("%s%s%s%s", head, *name && *head && !strchr("*(", head[strlen(head) - 1]) ? " " : "", name, tail);
	free(head);
	free(tail);
	free(name);
	return s;
}

/* The parameters p[0..n), for a list that starts at column col: wrapped
 * within STUB_WIDTH, aligned to col. */
static char *layout_list(char *const *p, int n, int col)
{
	struct strbuf sb;
	int i, at = col;

	sb_init(&sb);
	if (!n)
		sb_add(&sb, "void");
	for (i = 0; i < n; i++) {
		int len = (int)strlen(p[i]) + 1;	/* and its ',' or ')' */

		if (i && at + 1 + len > STUB_WIDTH) {
			sb_add(&sb, ",\n");
			indent_to(&sb, col);
			at = col;
		} else if (i) {
			sb_add(&sb, ", ");
			at += 2;
		}
		sb_add(&sb, p[i]);
		at += len - 1;
	}
	return sb_detach(&sb);
}

/* Every parameter of the declaration, its names, for a list that starts
 * at column col (layout_list). */
static char *whole_list(const char *dtext, const struct scan_spans *d, int col)
{
	char **p = xcalloc(d->nparams + 1, sizeof(*p)), *list;
	int i;

	for (i = 0; i < d->nparams; i++)
		p[i] = normalized(dtext, d->params[i].start, d->params[i].end);
	list = layout_list(p, d->nparams, col);
	for (i = 0; i < d->nparams; i++)
		free(p[i]);
	free(p);
	return list;
}

/* text with the lines after open's, up to close's, that were aligned to
 * the column after old_col aligned to the one after new_col. */
static char *realign(const char *text, int open, int close, int old_col, int new_col)
{
	struct strbuf sb;
	const char *p = text + open;
	int i;

	if (old_col == new_col)
		return xstrdup(text);
	sb_init(&sb);
	sb_addn(&sb, text, open);
	while (*p && p < text + close) {
		const char *nl = strchr(p, '\n');

		if (!nl || nl >= text + close)
			break;
		sb_addn(&sb, p, nl + 1 - p);
		p = nl + 1;
		for (i = 0; p[i] == ' ' || p[i] == '\t'; i++)
			;
		if (column(p, (int)i) == old_col + 1) {
			indent_to(&sb, new_col + 1);
			p += i;
		}
	}
	sb_add(&sb, p);
	return sb_detach(&sb);
}

/* text with a blank line before the line at head when an edit at edit
 * changes that line and it follows a function's closing brace: the
 * kernel's style (checkpatch's LINE_SPACING), which the changed line
 * would break in a patch. */
static char *blank_line_before(char *text, int head, int edit)
{
	int start = head, prev;

	while (start > 0 && text[start - 1] != '\n')
		start--;
	if (memchr(text + start, '\n', edit - start) || start < 2)
		return text;
	for (prev = start - 1; prev > 0 && text[prev - 1] != '\n'; prev--)
		;
	if (text[prev] != '}' || strspn(text + prev + 1, "; \t") != (size_t)(start - 1 - prev - 1)) {
		return text;
	} else {
		char *out = xasprintf("%.*s\n%s", start, text, text + start);

		free(text);
		return out;
	}
}

/* The widest line of text[from..to), in columns. */
static int widest_line(const char *text, int from, int to)
{
	int i, widest = 0;

	for (i = from; i <= to && text[i]; i++)
		if (text[i] == '\n' || i == to) {
			int col = column(text, i);

			if (col > widest)
				widest = col;
		}
	return widest;
}

/* text with edits[0..n) made (in order, apart), and the lines of the
 * parameter list after the '(' (at open, which moved by moved) aligned
 * again when the '(' moved by shift columns; *close gets the ')' of the
 * result. */
static char *apply(const char *text, const struct edit *edits, int n, int open, int moved, int col, int shift,
		   int *close)
{
	struct strbuf sb;
	int i, from = 0, depth = 0;
	char *done, *out;

	sb_init(&sb);
	for (i = 0; i < n; i++) {
		sb_addn(&sb, text + from, edits[i].start - from);
		sb_add(&sb, edits[i].text);
		from = edits[i].end;
	}
	sb_add(&sb, text + from);
	done = sb_detach(&sb);
	open += moved;
	for (*close = open; done[*close]; (*close)++) {
		depth += done[*close] == '(' ? 1 : done[*close] == ')' ? -1 : 0;
		if (!depth)
			break;
	}
	out = realign(done, open, *close, col, col + shift);
	free(done);
	return out;
}

/* The stub's parameters with the edits after the first (those of its
 * parameters, in order) made: each changed one as the declaration has
 * it, the others as the stub writes them. */
static char **edited_params(const char *text, const struct scan_spans *s, const struct edit *edits, int n)
{
	char **p = xcalloc(s->nparams + 1, sizeof(*p));
	int i, e = 0;

	for (i = 0; i < s->nparams; i++) {
		while (e < n && edits[e].start < s->params[i].start)
			e++;
		p[i] = e < n && edits[e].start == s->params[i].start ? xstrdup(edits[e].text)
								      : normalized(text, s->params[i].start, s->params[i].end);
	}
	return p;
}

/* The edits that make the stub's parameters, one by one, what the
 * declaration's are; the number written after edits[n], or -1. */
static int param_edits(const char *text, const struct scan_spans *s, const char *decl_text,
		       const struct scan_spans *d, const struct scan_def *decl, const struct scan_def *stub,
		       struct edit *edits, int n)
{
	int i, first = n;

	for (i = 0; i < decl->nargs; i++) {
		if (!strcmp(decl->args[i], stub->args[i]))
			continue;
		edits[n].start = s->params[i].start;
		edits[n].end = s->params[i].end;
		if (!(edits[n].text = param_as(decl_text, &d->params[i], text, &s->params[i])))
			return -1;
		n++;
	}
	return n - first;
}

char *fix_stub(const char *text, int line, const char *decl_text, int decl_line, const struct scan_def *decl,
	       const struct scan_def *stub)
{
	struct scan_spans s, d;
	struct edit edits[130];
	int n = 0, i, moved = 0, shift = 0, col, close, nparam;
	char *out = NULL;

	if (scan_function_spans(text, line, stub->name, &s))
		return NULL;
	if (scan_function_spans(decl_text, decl_line, decl->name, &d)) {
		scan_spans_free(&s);
		return NULL;
	}
	/* the scanner's types are what differs: its spans must be the same
	 * parameters */
	if (s.nparams != stub->nargs || d.nparams != decl->nargs || d.nparams > 128)
		goto out;
	col = column(text, s.open);
	if (strcmp(decl->type, stub->type)) {
		edits[n].start = s.ret;
		edits[n].end = s.ret_end;
		edits[n].text = normalized(decl_text, d.ret, d.ret_end);
		/* the '(' moves with it, and on its line when they share one */
		moved = (int)strlen(edits[n].text) - (s.ret_end - s.ret);
		if (!memchr(text + s.ret, '\n', s.open - s.ret))
			shift = moved;
		n++;
	}
	if (decl->nargs == stub->nargs) {
		nparam = param_edits(text, &s, decl_text, &d, decl, stub, edits, n);
		if (nparam < 0)
			goto out;
		n += nparam;
	} else {
		edits[n].start = s.open + 1;
		edits[n].end = s.close;
		edits[n].text = whole_list(decl_text, &d, col + shift + 1);
		n++;
		nparam = 0;
	}
	if (!n)
		goto out;
	out = apply(text, edits, n, s.open, moved, col, shift, &close);
	/* a changed parameter on a line past 80 columns: the whole list
	 * wrapped again, as checkpatch and a reviewer want it */
	if (nparam && widest_line(out, s.ret, close) > STUB_WIDTH) {
		char **p = edited_params(text, &s, edits, n);

		for (i = n - nparam; i < n; i++)
			free(edits[i].text);
		n -= nparam;
		edits[n].start = s.open + 1;
		edits[n].end = s.close;
		edits[n].text = layout_list(p, s.nparams, col + shift + 1);
		n++;
		for (i = 0; i < s.nparams; i++)
			free(p[i]);
		free(p);
		free(out);
		out = apply(text, edits, n, s.open, moved, col, shift, &close);
	}
	out = blank_line_before(out, s.ret, edits[0].start);
out:
	for (i = 0; i < n; i++)
		free(edits[i].text);
	scan_spans_free(&s);
	scan_spans_free(&d);
	return out;
}

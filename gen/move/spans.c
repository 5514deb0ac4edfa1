// SPDX-License-Identifier: GPL-2.0
/*
 * The lines a definition of FROM moves with.  FROM's text is cut into
 * its pieces at file level: each directive, each C declaration through
 * its ';' or its function body's '}'.  A definition moves with its piece,
 * the pieces sharing its lines, and the comment block directly above (its
 * kernel-doc).  Braces count as the scanner counts them
 * (scan/directives.c): each #elif and #else starts again from the braces
 * of its #if, and the #endif goes on from those of the first branch.
 */
#include <stdlib.h>
#include <string.h>

#include "cpp/clex.h"
#include "move/work.h"

/* An #if being read: where, and the braces and brackets at it. */
struct cut_frame {
	int item;		/* the #if's own item; -1 inside a C item */
	int inside;		/* the C item it is in, or -1 */
	int depth, paren;	/* at the #if */
	int first_end;		/* the braces at the end of its first branch */
	int seen_else;
};

/* The cut so far: items[cur] is the C item being read (-1 between
 * items), with depth braces and paren brackets open; body when its '{'
 * opened a function's body; prev_close when its last token was ')';
 * has_func when it names a function the scan saw defined (its '{' opens
 * the body after an annotation too: "int f(void) __attribute_const__ {"). */
struct cut {
	struct move_text *t;
	struct clex lx;
	int cur, depth, paren, body, prev_close, has_func;
	struct cut_frame *frames;
	int nframes;
	int next_def;		/* f->defs before it are on earlier lines */
};

static void index_lines(struct move_text *t)
{
	const char *p;
	int n = 0;

	t->nlines = 0;
	t->line_at = NULL;
	*(const char **)push(&t->line_at, &n, sizeof(char *)) = NULL;	/* no line 0 */
	for (p = t->text; *p;) {
		const char *e = strchr(p, '\n');

		*(const char **)push(&t->line_at, &n, sizeof(char *)) = p;
		p = e ? e + 1 : p + strlen(p);
	}
	t->nlines = n - 1;
	*(const char **)push(&t->line_at, &n, sizeof(char *)) = p;
}

static struct move_item *new_item(struct cut *c, enum item_kind kind, int first)
{
	struct move_item *it = push(&c->t->items, &c->t->nitems, sizeof(*it));

	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->first = it->last = first;
	it->owner = -1;
	return it;
}

/* A block comment that starts on the item's last line after it ends
 * there too: the item's last line is the comment's. */
static void take_trailing_comment(struct cut *c, struct move_item *it)
{
	const char *p = c->lx.p, *e;

	while (p < c->lx.end && (*p == ' ' || *p == '\t'))
		p++;
	if (p + 1 >= c->lx.end || p[0] != '/' || p[1] != '*' || !(e = strstr(p + 2, "*/")))
		return;
	for (; p < e; p++)
		it->last += *p == '\n';
}

static void end_item(struct cut *c)
{
	struct move_item *it = &c->t->items[c->cur];
	int k;

	take_trailing_comment(c, it);
	/* an #if opened inside it and not closed: its #else and #endif come
	 * after, of no group; the item is cut */
	for (k = c->nframes - 1; k >= 0 && c->frames[k].inside == c->cur; k--) {
		c->frames[k].inside = -2;
		it->split = 1;
	}
	c->cur = -1;
	c->depth = c->paren = c->body = c->prev_close = c->has_func = 0;
}

/* The C item is cut by a directive of an #if around it: it ends here,
 * unmovable, and the #ifs opened inside it are forgotten. */
static void split_item(struct cut *c)
{
	c->t->items[c->cur].split = 1;
	while (c->nframes && c->frames[c->nframes - 1].inside == c->cur)
		c->nframes--;
	c->cur = -1;
	c->depth = c->paren = c->body = c->prev_close = c->has_func = 0;
}

static enum item_kind directive_kind(const struct clex_tok *pp)
{
	struct clex_tok name;
	const char *rest, *end;
	int line;

	clex_directive(pp, &name, &rest, &end, &line);
	if (name.kind != CT_IDENT)
		return ITEM_PP;
	if ((name.n == 2 && !memcmp(name.s, "if", 2)) || (name.n == 5 && !memcmp(name.s, "ifdef", 5)) ||
	    (name.n == 6 && !memcmp(name.s, "ifndef", 6)))
		return ITEM_IF;
	if (name.n >= 4 && !memcmp(name.s, "elif", 4))
		return ITEM_ELIF;
	if (name.n == 4 && !memcmp(name.s, "else", 4))
		return ITEM_ELSE;
	if (name.n == 5 && !memcmp(name.s, "endif", 5))
		return ITEM_ENDIF;
	return ITEM_PP;
}

/* The definitions of f named by the token at its line go in the item:
 * a tag's by its name after the keyword, a macro's by its #define line. */
static void name_defs(struct cut *c, const struct clex_tok *tok, int item)
{
	const struct scan_file *f = c->t->f;
	int k;

	while (c->next_def < f->ndefs && f->defs[c->next_def]->line < tok->line)
		c->next_def++;
	for (k = c->next_def; k < f->ndefs && f->defs[k]->line == tok->line; k++) {
		const struct scan_def *d = f->defs[k];
		const char *name = strchr(d->name, ' ') ? strchr(d->name, ' ') + 1 : d->name;
		int macro = d->kind == SCAN_MACRO || d->kind == SCAN_DEFINE;

		if (macro != (tok->kind == CT_PP) || c->t->def_item[k] >= 0)
			continue;
		if (macro || (strlen(name) == tok->n && !memcmp(name, tok->s, tok->n))) {
			c->t->def_item[k] = item;
			if (d->kind == SCAN_FUNC)
				c->has_func = 1;
		}
	}
}

/* A conditional directive inside the C item: its #if's braces kept as
 * the scanner keeps them; 0, or -1 when it belongs to an #if around the
 * item (the item is split). */
static int directive_inside(struct cut *c, enum item_kind kind)
{
	struct cut_frame *fr = c->nframes ? &c->frames[c->nframes - 1] : NULL;

	if (kind == ITEM_IF) {
		fr = push(&c->frames, &c->nframes, sizeof(*fr));
		memset(fr, 0, sizeof(*fr));
		fr->item = -1;
		fr->inside = c->cur;
		fr->depth = c->depth;
		fr->paren = c->paren;
		return 0;
	}
	if (!fr || fr->inside != c->cur)
		return -1;
	if (kind == ITEM_ENDIF) {
		if (fr->seen_else)
			c->depth = fr->first_end;
		c->nframes--;
		return 0;
	}
	if (!fr->seen_else) {
		fr->seen_else = 1;
		fr->first_end = c->depth;
	}
	c->depth = fr->depth;
	c->paren = fr->paren;
	return 0;
}

/* A directive between C items: an item of its own. */
static void directive_alone(struct cut *c, const struct clex_tok *tok, enum item_kind kind)
{
	int at = c->t->nitems;
	struct move_item *it = new_item(c, kind, tok->line);
	struct cut_frame *fr = c->nframes ? &c->frames[c->nframes - 1] : NULL;

	it->last = c->lx.line;
	if (kind == ITEM_IF) {
		fr = push(&c->frames, &c->nframes, sizeof(*fr));
		memset(fr, 0, sizeof(*fr));
		fr->item = at;
		fr->inside = -1;
		it->owner = at;
	} else if (kind != ITEM_PP && fr) {
		if (fr->inside == -1)
			it->owner = fr->item;
		else
			it->kind = ITEM_PP;	/* of an #if an item cut: no group */
		if (kind == ITEM_ENDIF)
			c->nframes--;
	}
	name_defs(c, tok, at);
}

static void directive(struct cut *c, const struct clex_tok *tok)
{
	enum item_kind kind = directive_kind(tok);

	if (c->cur >= 0) {
		if (kind == ITEM_PP || !directive_inside(c, kind)) {
			c->t->items[c->cur].last = c->lx.line;
			name_defs(c, tok, c->cur);
			return;
		}
		split_item(c);
	}
	directive_alone(c, tok, kind);
}

/* A C token: it starts an item, or goes on with one, or ends it. */
static void c_token(struct cut *c, const struct clex_tok *tok)
{
	char ch = tok->kind == CT_PUNCT && tok->n == 1 ? tok->s[0] : 0;

	if (c->cur < 0) {
		c->cur = c->t->nitems;
		new_item(c, ITEM_C, tok->line);
	}
	c->t->items[c->cur].last = c->lx.line;
	if (c->depth > 0) {
		c->depth += ch == '{' ? 1 : ch == '}' ? -1 : 0;
		if (ch == '}' && !c->depth && c->body)
			end_item(c);
		return;
	}
	if (ch == '{' && !c->paren) {
		/* a function's body ends the item; a struct's or an
		 * initializer's goes on to the ';' */
		c->depth = 1;
		c->body = c->has_func || c->prev_close;
		return;
	}
	if ((ch == ';' || ch == '}') && !c->paren) {
		end_item(c);
		return;
	}
	if (ch == '(' || ch == '[')
		c->paren++;
	else if ((ch == ')' || ch == ']') && c->paren)
		c->paren--;
	if (tok->kind == CT_IDENT)
		name_defs(c, tok, c->cur);
	c->prev_close = ch == ')';
}

/* A definition no token named (one inside a function's body): the item
 * whose lines hold it. */
static void place_rest(struct move_text *t)
{
	int k, i;

	for (k = 0; k < t->f->ndefs; k++) {
		if (t->def_item[k] >= 0)
			continue;
		for (i = 0; i < t->nitems; i++)
			if (t->items[i].first <= t->f->defs[k]->line && t->f->defs[k]->line <= t->items[i].last) {
				t->def_item[k] = i;
				break;
			}
	}
}

int move_text_cut(struct move_text *t, const char *text, const struct scan_file *f)
{
	struct cut c = { 0 };
	struct clex_tok tok;
	int k;

	memset(t, 0, sizeof(*t));
	t->text = text;
	t->f = f;
	index_lines(t);
	t->def_item = xmalloc((f->ndefs + 1) * sizeof(int));
	for (k = 0; k < f->ndefs; k++)
		t->def_item[k] = -1;
	c.t = t;
	c.cur = -1;
	clex_init(&c.lx, text, strlen(text), 1, 0);
	while (clex_next(&c.lx, &tok) != CT_EOF) {
		if (tok.kind == CT_PP)
			directive(&c, &tok);
		else
			c_token(&c, &tok);
	}
	if (c.cur >= 0)
		t->items[c.cur].split = 1;
	place_rest(t);
	free(c.frames);
	return 0;
}

void move_text_release(struct move_text *t)
{
	free(t->line_at);
	free(t->items);
	free(t->def_item);
	memset(t, 0, sizeof(*t));
}

/* The first line of the comment block directly above items[i]: of the
 * comments between the item before and it, those after the last blank
 * line outside a comment; items[i].first when there are none.  The
 * first item's is the file's own comment (its SPDX line): none. */
static int comment_above(const struct move_text *t, int i)
{
	int from = i > 0 ? t->items[i - 1].last + 1 : t->items[i].first, first = from, in = 0, l;

	for (l = from; l < t->items[i].first; l++) {
		const char *q = t->line_at[l], *e = t->line_at[l + 1];
		int was_in = in, blank = 1;

		for (; q < e; q++) {
			if (in) {
				if (q[0] == '*' && q + 1 < e && q[1] == '/') {
					in = 0;
					q++;
				}
			} else if (q[0] == '/' && q + 1 < e && q[1] == '*') {
				in = 1;
				blank = 0;
				q++;
			} else if (q[0] == '/' && q + 1 < e && q[1] == '/') {
				blank = 0;
				break;
			} else if (*q != ' ' && *q != '\t' && *q != '\n' && *q != '\r') {
				blank = 0;
			}
		}
		if (!was_in && blank)
			first = l + 1;
	}
	return first;
}

int move_span_at(const struct move_text *t, int item, struct move_span *sp)
{
	int lo = item, hi = item, k;

	while (lo > 0 && t->items[lo - 1].last >= t->items[lo].first)
		lo--;
	while (hi + 1 < t->nitems && t->items[hi + 1].first <= t->items[hi].last)
		hi++;
	for (k = lo; k <= hi; k++)
		if (t->items[k].split)
			return -1;
	memset(sp, 0, sizeof(*sp));
	sp->lo = lo;
	sp->hi = hi;
	sp->first = comment_above(t, lo);
	sp->last = t->items[hi].last;
	return 0;
}

int move_branch_item(const struct move_text *t, int g, int b)
{
	int i, at = -1, seen = 0;

	if (g < 0 || g >= t->f->ngroups)
		return -1;
	for (i = 0; i < t->nitems && at < 0; i++)
		if (t->items[i].kind == ITEM_IF && t->items[i].first == t->f->groups[g].line)
			at = i;
	if (at < 0 || !b)
		return at;
	for (i = at + 1; i < t->nitems; i++) {
		if (t->items[i].owner != at || t->items[i].kind == ITEM_IF)
			continue;
		if (++seen == b)
			return i;
	}
	return -1;
}

/* Whether the items between an #if (items[lo]) and its #endif
 * (items[hi]) all move, but the directives of the #ifs among them. */
static int left_empty(const struct move_text *t, int lo, int hi)
{
	int i;

	for (i = lo + 1; i < hi; i++)
		if (!t->items[i].moved && (t->items[i].kind == ITEM_C || t->items[i].kind == ITEM_PP))
			return 0;
	return 1;
}

/* The outermost #if group around sp that the move leaves empty, as a
 * span of its own: 0, or -1 when there is none. */
static int whole_group(const struct move_text *t, const struct move_span *sp, struct move_span *out)
{
	const struct scan_cond *c;
	int found = -1;

	for (c = sp->cond; c; c = c->parent) {
		int lo = move_branch_item(t, c->group, 0);
		int hi = move_branch_item(t, c->group, t->f->groups[c->group].nbranches);

		if (lo < 0 || hi < 0 || !left_empty(t, lo, hi))
			continue;
		memset(out, 0, sizeof(*out));
		out->lo = lo;
		out->hi = hi;
		out->cond = c->parent;
		found = 0;
	}
	if (found)
		return found;
	out->first = comment_above(t, out->lo);
	out->last = t->items[out->hi].last;
	out->whole = 1;
	out->user = sp->user;
	return 0;
}

static int cmp_span(const void *a, const void *b)
{
	return ((const struct move_span *)a)->first - ((const struct move_span *)b)->first;
}

void move_whole_groups(struct move_work *w)
{
	struct move_span *out = NULL, g;
	int nout = 0, i, k;

	for (i = 0; i < w->nspans; i++) {
		if (whole_group(&w->ft, &w->spans[i], &g)) {
			*(struct move_span *)push(&out, &nout, sizeof(g)) = w->spans[i];
			continue;
		}
		for (k = 0; k < nout && !(out[k].whole && out[k].lo == g.lo); k++)
			;
		if (k < nout)
			continue;
		for (k = g.lo; k <= g.hi; k++)
			w->ft.items[k].moved = 1;
		*(struct move_span *)push(&out, &nout, sizeof(g)) = g;
	}
	if (nout)
		qsort(out, nout, sizeof(*out), cmp_span);
	free(w->spans);
	w->spans = out;
	w->nspans = nout;
}

int move_blank_line(const struct move_text *t, int l)
{
	const char *p;

	if (l < 1 || l > t->nlines)
		return 0;
	for (p = t->line_at[l]; p < t->line_at[l + 1]; p++)
		if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			return 0;
	return 1;
}

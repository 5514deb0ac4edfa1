// SPDX-License-Identifier: GPL-2.0
/*
 * The preprocessed texts of an object before and after an edit, compared
 * as C tokens and as file-scope items (tokens.h says what the verdicts
 * mean).  One pass lexes, one splits items, one looks for the move.
 */
#define _GNU_SOURCE
#include "objects/tokens.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "base/hash.h"
#include "base/util.h"

struct token {
	const char *p;
	int len;
	uint64_t h;
};

/* A file-scope item: tokens [first, end) of its text; h is the hash of
 * their texts, so that two items with a different h differ. */
struct item {
	int first, end;
	uint64_t h;
	int pragma;		/* a #pragma line (or _Pragma's): it changes what follows */
};

struct unit {
	struct token *t;
	int n;
	struct item *it;
	int nit;
};

static int ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static int ident_char(int c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

/* the punctuators of C, longest first: maximal munch */
static const char *const puncts[] = {
	"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=",
	"%=", "+=", "-=", "&=", "^=", "|=", "##", NULL,
};

/* The length of the token at p (not blank); a '#' at a line's start is
 * the whole line (-P leaves only #pragma and #ident lines). */
static int token_len(const char *p, int line_start)
{
	const char *q = p;
	int i;

	if (*p == '#' && line_start) {
		while (*q && *q != '\n')
			q++;
		return q - p;
	}
	if (ident_start(*p)) {
		while (ident_char(*q))
			q++;
		return q - p;
	}
	if ((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9')) {
		/* a pp-number: digits, letters, '.', and a sign after e/E/p/P */
		for (q = p + 1; ident_char(*q) || *q == '.' ||
		     ((*q == '+' || *q == '-') && strchr("eEpP", q[-1])); q++)
			;
		return q - p;
	}
	if (*p == '"' || *p == '\'') {
		for (q = p + 1; *q && *q != *p && *q != '\n'; q++)
			if (*q == '\\' && q[1])
				q++;
		return (*q == *p ? q + 1 : q) - p;
	}
	if (!strchr("<>.-+&|=!*/%^#", *p) || !p[1])
		return 1;
	for (i = 0; puncts[i]; i++)
		if (p[0] == puncts[i][0] && !strncmp(p, puncts[i], strlen(puncts[i])))
			return strlen(puncts[i]);
	return 1;
}

static struct token *new_token(struct unit *u, int *cap)
{
	if (u->n == *cap) {
		*cap = *cap ? 2 * *cap : 4096;
		u->t = xrealloc(u->t, *cap * sizeof(*u->t));
	}
	return &u->t[u->n++];
}

/* The tokens of [p, end) added to u; p is at a line's start, and so is
 * end (or it is the text's end): no token spans lines in -E's output. */
static void lex_range(const char *p, const char *end, struct unit *u, int *cap)
{
	int line_start = 1;

	while (p < end) {
		struct token *t;

		if (*p == '\n') {
			line_start = 1;
			p++;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
			p++;
			continue;
		}
		t = new_token(u, cap);
		t->p = p;
		t->len = token_len(p, line_start);
		t->h = hash_bytes(HASH_INIT, p, t->len);
		p += t->len;
		line_start = 0;
	}
}

/* The common start and end of two texts, each cut back to a line's
 * start: *pre bytes from the start and *suf from the end are the same in
 * both, and neither region starts inside a line. */
static void common_ends(const char *a, size_t la, const char *b, size_t lb, size_t *pre, size_t *suf)
{
	size_t p = 0, s = 0, max;

	while (p < la && p < lb && a[p] == b[p])
		p++;
	while (p > 0 && a[p - 1] != '\n')
		p--;
	max = (la < lb ? la : lb) - p;
	while (s < max && a[la - 1 - s] == b[lb - 1 - s])
		s++;
	while (s > 0 && !((la - s == p || a[la - s - 1] == '\n') && (lb - s == p || b[lb - s - 1] == '\n')))
		s--;
	*pre = p;
	*suf = s;
}

/* Both texts' tokens: a's lexed whole, b's copied from a's where the two
 * texts are the same (their common start and end), lexed between. */
static void lex_both(const char *a, struct unit *ua, const char *b, struct unit *ub)
{
	size_t la = strlen(a), lb = strlen(b), pre, suf;
	int cap_a = 0, cap_b = 0, i;

	ua->t = ub->t = NULL;
	ua->n = ub->n = 0;
	common_ends(a, la, b, lb, &pre, &suf);
	lex_range(a, a + la, ua, &cap_a);
	for (i = 0; i < ua->n && ua->t[i].p < a + pre; i++) {
		struct token *t = new_token(ub, &cap_b);

		*t = ua->t[i];
		t->p = b + (ua->t[i].p - a);
	}
	lex_range(b + pre, b + lb - suf, ub, &cap_b);
	for (i = 0; i < ua->n; i++) {
		struct token *t;

		if (ua->t[i].p < a + la - suf)
			continue;
		t = new_token(ub, &cap_b);
		*t = ua->t[i];
		t->p = b + lb - (a + la - ua->t[i].p);
	}
}

static int tok_is(const struct token *t, const char *s)
{
	return t->len == (int)strlen(s) && !memcmp(t->p, s, t->len);
}

static int tok_eq(const struct token *a, const struct token *b)
{
	return a->h == b->h && a->len == b->len && !memcmp(a->p, b->p, a->len);
}

/* Cut u's tokens into file-scope items: a declaration ends at its ';'
 * outside braces and parentheses, a function definition at the '}' that
 * closes its body (a '{' after ')' at depth 0), a #pragma line is one. */
static void split_items(struct unit *u)
{
	int i = 0, cap = 0;

	u->it = NULL;
	u->nit = 0;
	while (i < u->n) {
		int braces = 0, parens = 0, body = 0, start = i, j;
		struct item *it;

		if (u->t[i].p[0] == '#') {
			i++;
		} else {
			for (; i < u->n; i++) {
				const struct token *t = &u->t[i];

				if (t->p[0] == '#' && t->len > 1)
					break;	/* a pragma line inside: it ends the item before it */
				if (tok_is(t, "(") || tok_is(t, "["))
					parens++;
				else if ((tok_is(t, ")") || tok_is(t, "]")) && parens)
					parens--;
				else if (tok_is(t, "{")) {
					if (!braces && !parens && i > start && tok_is(&u->t[i - 1], ")"))
						body = 1;
					braces++;
				} else if (tok_is(t, "}") && braces) {
					if (!--braces && body) {
						i++;
						break;
					}
				} else if (tok_is(t, ";") && !braces && !parens) {
					i++;
					break;
				}
			}
			if (i == start)
				i++;
		}
		if (u->nit == cap) {
			cap = cap ? 2 * cap : 1024;
			u->it = xrealloc(u->it, cap * sizeof(*u->it));
		}
		it = &u->it[u->nit++];
		it->first = start;
		it->end = i;
		it->pragma = u->t[start].p[0] == '#';
		it->h = HASH_INIT;
		for (j = start; j < i; j++)
			it->h = hash_bytes(it->h, &u->t[j].h, sizeof(u->t[j].h));
	}
}

static int item_eq(const struct unit *a, int i, const struct unit *b, int j)
{
	const struct item *x = &a->it[i], *y = &b->it[j];
	int k;

	if (x->h != y->h || x->end - x->first != y->end - y->first)
		return 0;
	for (k = 0; k < x->end - x->first; k++)
		if (!tok_eq(&a->t[x->first + k], &b->t[y->first + k]))
			return 0;
	return 1;
}

/* C's keywords and GCC's: never a name an item declares or uses */
static const char *const keywords[] = {
	"_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
	"_Static_assert", "_Thread_local", "__alignof__", "__asm", "__asm__", "__attribute", "__attribute__",
	"__auto_type", "__builtin_offsetof", "__builtin_types_compatible_p", "__builtin_va_arg", "__const",
	"__const__", "__extension__", "__inline", "__inline__", "__int128", "__label__", "__restrict",
	"__restrict__", "__signed", "__signed__", "__thread", "__typeof", "__typeof__", "__volatile",
	"__volatile__", "asm", "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
	"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict",
	"return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "typeof", "union",
	"unsigned", "void", "volatile", "while", NULL,
};

static int is_name(const struct token *t)
{
	static size_t lens[sizeof(keywords) / sizeof(keywords[0])];
	int i;

	if (!ident_start(t->p[0]))
		return 0;
	for (i = 0; keywords[i]; i++) {
		if (!lens[i])
			lens[i] = strlen(keywords[i]);
		if ((size_t)t->len == lens[i] && t->p[0] == keywords[i][0] && !memcmp(t->p, keywords[i], lens[i]))
			return 0;
	}
	return 1;
}

/* keywords whose parenthesised group declares nothing */
static const char *const group_keywords[] = {
	"__attribute__", "__attribute", "asm", "__asm__", "__asm", "typeof", "__typeof__", "__typeof", "sizeof",
	"_Alignof", "__alignof__", "_Alignas", "_Static_assert", NULL,
};

static int is_group_keyword(const struct token *t)
{
	int i;

	for (i = 0; group_keywords[i]; i++)
		if (tok_is(t, group_keywords[i]))
			return 1;
	return 0;
}

/* The index after the ')' matching the '(' at open (or end). */
static int group_end(const struct unit *u, int open, int end)
{
	int depth = 0, i;

	for (i = open; i < end; i++) {
		if (tok_is(&u->t[i], "("))
			depth++;
		else if (tok_is(&u->t[i], ")") && !--depth)
			return i + 1;
	}
	return end;
}

struct name {
	const char *p;
	int len;
	UT_hash_handle hh;
};

static void name_add(struct name **set, const struct token *t)
{
	struct name *e;

	HASH_FIND(hh, *set, t->p, t->len, e);
	if (e)
		return;
	e = xcalloc(1, sizeof(*e));
	e->p = t->p;
	e->len = t->len;
	HASH_ADD_KEYPTR(hh, *set, e->p, e->len, e);
}

static int name_in(struct name *set, const struct token *t)
{
	struct name *e;

	HASH_FIND(hh, set, t->p, t->len, e);
	return e != NULL;
}

static void names_free(struct name **set)
{
	struct name *e, *tmp;

	HASH_ITER(hh, *set, e, tmp) {
		HASH_DEL(*set, e);
		free(e);
	}
}

/*
 * Call fn on each name item k of u declares, and on some it does not (an
 * over-approximation is safe: it only sends more objects to the
 * compiler):
 *   - a tag after struct/union/enum outside parentheses (a definition, a
 *     forward declaration, or a first mention that declares it);
 *   - at the item's top level, a name followed by ; , = [ ( : or an
 *     attribute or asm label (the declarator of "u32 x;" is x, not u32);
 *   - inside parentheses at the top level, a name after "(" or "(*"
 *     (with qualifiers): a function pointer's or a parenthesised
 *     declarator, and some parameters;
 *   - every name in an enum's body (its enumerators).
 * Returns 1 as soon as fn does.
 */
static int declared_names(const struct unit *u, int k, int (*fn)(const struct token *, void *), void *arg)
{
	const struct item *it = &u->it[k];
	int braces = 0, parens = 0, enum_depth = 0, i;

	for (i = it->first; i < it->end; i++) {
		const struct token *t = &u->t[i], *prev = i > it->first ? t - 1 : NULL;
		const struct token *next = i + 1 < it->end ? t + 1 : NULL;
		int decl = 0;

		if (next && tok_is(next, "(") && is_group_keyword(t)) {
			/* an attribute, asm label, typeof or sizeof: uses only */
			i = group_end(u, i + 1, it->end) - 1;
			continue;
		}
		if (tok_is(t, "(") || tok_is(t, "[")) {
			parens++;
		} else if ((tok_is(t, ")") || tok_is(t, "]")) && parens) {
			parens--;
		} else if (tok_is(t, "{")) {
			braces++;
			/* enum { or enum TAG { */
			if (!enum_depth && prev && (tok_is(prev, "enum") ||
						    (i - 2 >= it->first && tok_is(prev - 1, "enum"))))
				enum_depth = braces;
		} else if (tok_is(t, "}") && braces) {
			if (braces-- == enum_depth)
				enum_depth = 0;
		}
		if (!is_name(t))
			continue;
		if (prev && !parens && (tok_is(prev, "struct") || tok_is(prev, "union") || tok_is(prev, "enum")))
			decl = 1;
		else if (enum_depth)
			decl = 1;
		else if (!braces && !parens && next &&
			 (tok_is(next, ";") || tok_is(next, ",") || tok_is(next, "=") || tok_is(next, "[") ||
			  tok_is(next, "(") || tok_is(next, ":") || tok_is(next, "__attribute__") ||
			  tok_is(next, "__attribute") || tok_is(next, "asm") || tok_is(next, "__asm__") ||
			  tok_is(next, "__asm")))
			decl = 1;
		else if (!braces && !parens && !next)
			decl = 1;
		else if (!braces && parens && prev) {
			const struct token *q = prev;

			while (q > u->t + it->first && (tok_is(q, "const") || tok_is(q, "volatile") ||
							 tok_is(q, "__restrict") || tok_is(q, "restrict")))
				q--;
			decl = tok_is(q, "(") || (tok_is(q, "*") && q > u->t + it->first && tok_is(q - 1, "("));
		}
		if (decl && fn(t, arg))
			return 1;
	}
	return 0;
}

static int add_to_set(const struct token *t, void *arg)
{
	name_add(arg, t);
	return 0;
}

static int in_set(const struct token *t, void *arg)
{
	return name_in(arg, t);
}

/* Whether the items of u marked in moved[] (the runs that moved) and the
 * unmarked items from lo (where the texts start to differ) to the last
 * marked one (those they moved past) leave each other alone: no pragma
 * among them, no name one declares used by the other.  The items before
 * lo come before both places, and see no difference.  1 when they do;
 * *why otherwise. */
static int independent(const struct unit *u, int lo, const char *moved, char **why)
{
	struct name *moved_uses = NULL, *moved_decls = NULL;
	int last = -1, k, i, ok = 1;

	for (k = 0; k < u->nit; k++)
		if (moved[k])
			last = k;
	for (k = lo; k <= last && ok; k++) {
		if (u->it[k].pragma) {
			*why = xstrdup("a #pragma among the items that moved or were moved past");
			ok = 0;
		} else if (moved[k]) {
			for (i = u->it[k].first; i < u->it[k].end; i++)
				if (is_name(&u->t[i]))
					name_add(&moved_uses, &u->t[i]);
			declared_names(u, k, add_to_set, &moved_decls);
		}
	}
	for (k = lo; k <= last && ok; k++) {
		if (moved[k])
			continue;
		for (i = u->it[k].first; i < u->it[k].end && ok; i++)
			if (is_name(&u->t[i]) && name_in(moved_decls, &u->t[i])) {
				*why = xasprintf("the items moved past use %.*s, which the moved items declare",
						 u->t[i].len, u->t[i].p);
				ok = 0;
			}
		if (ok && declared_names(u, k, in_set, moved_uses)) {
			*why = xstrdup("the moved items use a name the items they moved past may declare");
			ok = 0;
		}
	}
	names_free(&moved_uses);
	names_free(&moved_decls);
	return ok;
}

/* b's items [lo, lo + m) are a's [lo, lo + m) with a run of them moved
 * ahead: a's middle is an interleaving of b's first s items (the moved,
 * in order) and its other items (in order).  Marks a's moved items in
 * moved[] and returns 1 when some s fits. */
static int find_move(const struct unit *a, const struct unit *b, int lo, int m, char *moved)
{
	int s, j;

	for (s = 1; s < m; s++) {
		int yi = 0, ri = s, ok = 1;

		/* a's first middle item is one that stayed: b's item s */
		if (!item_eq(a, lo, b, lo + s))
			continue;
		memset(moved, 0, a->nit);
		for (j = 0; j < m && ok; j++) {
			if (ri < m && item_eq(a, lo + j, b, lo + ri)) {
				ri++;
			} else if (yi < s && item_eq(a, lo + j, b, lo + yi)) {
				moved[lo + j] = 1;
				yi++;
			} else {
				ok = 0;
			}
		}
		if (ok && yi == s && ri == m)
			return 1;
	}
	return 0;
}

static enum token_verdict compare_items(struct unit *a, struct unit *b, char **why)
{
	int lo = 0, hi_a, hi_b, m;
	char *moved;
	enum token_verdict v = TOKENS_CHANGED;

	split_items(a);
	split_items(b);
	if (a->nit != b->nit) {
		*why = xstrdup("not a move: the file-scope items differ in number");
		return TOKENS_CHANGED;
	}
	while (lo < a->nit && item_eq(a, lo, b, lo))
		lo++;
	hi_a = a->nit;
	hi_b = b->nit;
	while (hi_a > lo && item_eq(a, hi_a - 1, b, hi_b - 1)) {
		hi_a--;
		hi_b--;
	}
	m = hi_a - lo;
	moved = xcalloc(a->nit ? a->nit : 1, 1);
	/* a move ahead (b has the moved run first) or back (a has it) */
	if (find_move(a, b, lo, m, moved)) {
		if (independent(a, lo, moved, why))
			v = TOKENS_MOVED;
	} else if (find_move(b, a, lo, m, moved)) {
		if (independent(b, lo, moved, why))
			v = TOKENS_MOVED;
	} else {
		*why = xstrdup("not a move: the file-scope items differ");
	}
	free(moved);
	return v;
}

enum token_verdict tokens_compare(const char *before, const char *after, int is_c, char **why)
{
	struct unit a, b;
	enum token_verdict v = TOKENS_SAME;
	int i;

	*why = NULL;
	if (!strcmp(before, after))
		return TOKENS_SAME;
	lex_both(before, &a, after, &b);
	if (a.n != b.n)
		v = TOKENS_CHANGED;
	for (i = 0; i < a.n && v == TOKENS_SAME; i++)
		if (!tok_eq(&a.t[i], &b.t[i]))
			v = TOKENS_CHANGED;
	a.it = b.it = NULL;
	if (v != TOKENS_SAME && is_c && a.n == b.n)
		v = compare_items(&a, &b, why);
	free(a.t);
	free(b.t);
	free(a.it);
	free(b.it);
	return v;
}

const char *token_verdict_name(enum token_verdict v)
{
	switch (v) {
	case TOKENS_SAME:
		return "same tokens";
	case TOKENS_MOVED:
		return "same tokens, items moved";
	default:
		return "tokens changed";
	}
}

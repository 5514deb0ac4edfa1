// SPDX-License-Identifier: GPL-2.0
#include "cpp/clex.h"

#include <string.h>

void clex_init(struct clex *lx, const char *text, size_t len, int line, int directive)
{
	lx->p = text;
	lx->end = text + len;
	lx->line = line;
	lx->bol = 1;
	lx->directive = directive;
}

static int is_ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static int is_ident_char(unsigned char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

/* A backslash-newline at p ("\\\n" or "\\\r\n"): its length, or 0. */
static int splice_at(const char *p, const char *end)
{
	if (p < end && p[0] == '\\') {
		if (p + 1 < end && p[1] == '\n')
			return 2;
		if (p + 2 < end && p[1] == '\r' && p[2] == '\n')
			return 3;
	}
	return 0;
}

/* Skip a block comment starting at p ("/ *"); counts its newlines. */
static const char *skip_block_comment(const char *p, const char *end, int *line)
{
	for (p += 2; p < end; p++) {
		if (*p == '\n')
			(*line)++;
		else if (*p == '*' && p + 1 < end && p[1] == '/')
			return p + 2;
	}
	return end;
}

/* Skip a line comment starting at p; stops at its newline, which a
 * backslash continues. */
static const char *skip_line_comment(const char *p, const char *end, int *line)
{
	for (p += 2; p < end; p++) {
		int s = splice_at(p, end);

		if (s) {
			p += s - 1;
			(*line)++;
		} else if (*p == '\n') {
			break;
		}
	}
	return p;
}

/* Skip a string or character literal starting at its quote; an
 * unterminated one ends before the newline. */
static const char *skip_literal(const char *p, const char *end, int *line)
{
	char q = *p;

	for (p++; p < end; p++) {
		int s = splice_at(p, end);

		if (s) {
			p += s - 1;
			(*line)++;
			continue;
		}
		if (*p == '\\' && p + 1 < end && p[1] != '\n') {
			p++;
			continue;
		}
		if (*p == q)
			return p + 1;
		if (*p == '\n')
			return p;
	}
	return end;
}

static const char *const puncts3[] = { "...", "<<=", ">>=" };
static const char *const puncts2[] = { "##", "&&", "||", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
				       "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=" };

enum clex_kind clex_next(struct clex *lx, struct clex_tok *t)
{
	const char *p = lx->p, *end = lx->end;
	int ws = 0, s;
	unsigned char c;

	for (;;) {
		if (p >= end)
			break;
		c = *p;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			p++;
			ws = 1;
		} else if (c == '\n') {
			p++;
			lx->line++;
			ws = 1;
			if (!lx->directive)
				lx->bol = 1;
		} else if ((s = splice_at(p, end))) {
			p += s;
			lx->line++;
			ws = 1;
		} else if (c == '/' && p + 1 < end && p[1] == '*') {
			p = skip_block_comment(p, end, &lx->line);
			ws = 1;
		} else if (c == '/' && p + 1 < end && p[1] == '/') {
			p = skip_line_comment(p, end, &lx->line);
			ws = 1;
		} else {
			break;
		}
	}
	t->s = p;
	t->line = lx->line;
	t->ws = ws;
	if (p >= end) {
		lx->p = p;
		t->n = 0;
		return t->kind = CT_EOF;
	}
	c = *p;
	if (c == '#' && lx->bol && !lx->directive) {
		/* the whole logical line */
		while (p < end && *p != '\n') {
			if ((s = splice_at(p, end))) {
				p += s;
				lx->line++;
			} else if (*p == '/' && p + 1 < end && p[1] == '*') {
				p = skip_block_comment(p, end, &lx->line);
			} else if (*p == '/' && p + 1 < end && p[1] == '/') {
				p = skip_line_comment(p, end, &lx->line);
			} else if (*p == '"' || *p == '\'') {
				p = skip_literal(p, end, &lx->line);
			} else {
				p++;
			}
		}
		t->kind = CT_PP;
	} else if (is_ident_start(c)) {
		while (p < end && is_ident_char(*p))
			p++;
		t->kind = CT_IDENT;
	} else if ((c >= '0' && c <= '9') || (c == '.' && p + 1 < end && p[1] >= '0' && p[1] <= '9')) {
		for (p++; p < end; p++) {
			if ((*p == '+' || *p == '-') && strchr("eEpP", p[-1]))
				continue;
			if (!is_ident_char(*p) && *p != '.')
				break;
		}
		t->kind = CT_NUMBER;
	} else if (c == '"' || c == '\'') {
		p = skip_literal(p, end, &lx->line);
		t->kind = c == '"' ? CT_STRING : CT_CHAR;
	} else {
		size_t i, left = end - p;

		t->kind = CT_PUNCT;
		for (i = 0; i < sizeof(puncts3) / sizeof(puncts3[0]); i++)
			if (left >= 3 && !memcmp(p, puncts3[i], 3))
				break;
		if (i < sizeof(puncts3) / sizeof(puncts3[0])) {
			p += 3;
		} else {
			for (i = 0; i < sizeof(puncts2) / sizeof(puncts2[0]); i++)
				if (left >= 2 && p[0] == puncts2[i][0] && p[1] == puncts2[i][1])
					break;
			p += i < sizeof(puncts2) / sizeof(puncts2[0]) ? 2 : 1;
		}
	}
	lx->bol = 0;
	lx->p = p;
	t->n = p - t->s;
	return t->kind;
}

void clex_directive(const struct clex_tok *pp, struct clex_tok *name, const char **rest, const char **end,
		    int *rest_line)
{
	struct clex lx;

	/* skip the '#' */
	clex_init(&lx, pp->s + 1, pp->n - 1, pp->line, 1);
	clex_next(&lx, name);
	if (name->kind != CT_IDENT) {
		/* "#" alone, or "# 12 file" line markers: no name */
		*rest = name->kind == CT_EOF ? pp->s + pp->n : name->s;
		name->kind = CT_EOF;
		name->n = 0;
	} else {
		*rest = name->s + name->n;
	}
	*end = pp->s + pp->n;
	*rest_line = name->line;
}

size_t clex_normalize(const char *s, size_t n, char *out)
{
	struct clex lx;
	struct clex_tok t;
	size_t len = 0;

	clex_init(&lx, s, n, 1, 1);
	while (clex_next(&lx, &t) != CT_EOF) {
		if (t.ws && len)
			out[len++] = ' ';
		memcpy(out + len, t.s, t.n);
		len += t.n;
	}
	out[len] = '\0';
	return len;
}

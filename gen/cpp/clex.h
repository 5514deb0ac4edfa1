/* SPDX-License-Identifier: GPL-2.0 */
/* A small C lexer for reading kernel headers, not for compiling them:
 * comments and line continuations are skipped, string and character
 * literals are single tokens (an unterminated one ends at the end of its
 * line, so a stray apostrophe in an assembler comment cannot swallow the
 * rest of the file), and a preprocessor directive is one token that spans
 * its whole logical line (continuations and comments included). */
#ifndef HDRTEST_CLEX_H
#define HDRTEST_CLEX_H

#include <stddef.h>

enum clex_kind {
	CT_EOF,
	CT_IDENT,
	CT_NUMBER,
	CT_STRING,
	CT_CHAR,
	CT_PUNCT,	/* "(", "...", "&&", "##", ... */
	CT_PP,		/* "#define X 1": from '#' to the end of the logical line */
};

struct clex_tok {
	enum clex_kind kind;
	const char *s;
	size_t n;
	int line;	/* of the token's first character */
	int ws;		/* whitespace, a comment or a continuation precedes it */
};

struct clex {
	const char *p, *end;
	int line;
	int bol;	/* nothing but whitespace and comments since the last newline */
	int directive;	/* inside one directive: '#' is punctuation, newlines are blanks */
};

/* Lex text[0..len), whose first line is numbered line.  With directive
 * set, the text is the inside of one directive (see clex_directive). */
void clex_init(struct clex *lx, const char *text, size_t len, int line, int directive);
enum clex_kind clex_next(struct clex *lx, struct clex_tok *t);

/* Split a CT_PP token: *name gets the directive's name ("define"; kind
 * CT_EOF for the null directive "#"), and [*rest, *end) the text after
 * it; *rest_line is the line *rest is on. */
void clex_directive(const struct clex_tok *pp, struct clex_tok *name, const char **rest, const char **end,
		    int *rest_line);

/* Write the tokens of s[0..n) to out (which has room for n + 1 bytes)
 * with comments and continuations removed and each run of blanks between
 * two tokens turned into one space; returns the length written. */
size_t clex_normalize(const char *s, size_t n, char *out);

#endif

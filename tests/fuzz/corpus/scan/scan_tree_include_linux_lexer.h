/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LEXER_H
#define _LINUX_LEXER_H

/*
 * #define FAKE_IN_COMMENT 1
 * static inline int fake_in_comment(void) { return 0; }
 */
// #define FAKE_IN_LINE_COMMENT 1
static const char lexer_text[] = "#define FAKE_IN_STRING 1 /* not a comment */";
static const char lexer_quote = '"';

#define LEXER_LONG(a, b) \
	((a) + \
	 (b))
#define LEXER_AFTER 1 /* a comment
			 spanning lines */

#if 0
static inline int lexer_dead(void)
{
	return 0;
}
#define LEXER_DEAD
#endif

static inline int lexer_multi(int a,
			      int b)
{
	return a + b; /* } unbalanced in a comment */
}

#endif /* _LINUX_LEXER_H */

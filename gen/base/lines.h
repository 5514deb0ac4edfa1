/* SPDX-License-Identifier: GPL-2.0 */
/* Reading a text line by line, in place. */
#ifndef HDRTEST_LINES_H
#define HDRTEST_LINES_H

#include <stddef.h>

/* The line at *cursor, NUL-terminated in place (its '\n' overwritten), or
 * NULL at the end of the text.  *cursor moves to the next line; after a
 * last line without a '\n' it becomes NULL, which is how a caller tells a
 * file cut short (and the next call returns NULL).  Start with *cursor at
 * the text:
 *
 *	char *cur = text, *line;
 *
 *	while ((line = next_line(&cur)))
 *		...
 */
char *next_line(char **cursor);

/* The same for a text that must stay as it is: the line at *cursor, not
 * NUL-terminated, its length without the '\n' in *len (line[*len] is
 * '\n' or the end of the text), or NULL at the end. */
const char *next_line_span(const char **cursor, size_t *len);

#endif

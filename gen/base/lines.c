// SPDX-License-Identifier: GPL-2.0
#include "base/lines.h"

#include <string.h>

char *next_line(char **cursor)
{
	char *line = *cursor, *nl;

	if (!line || !*line)
		return NULL;
	nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*cursor = nl + 1;
	} else {
		*cursor = NULL;
	}
	return line;
}

const char *next_line_span(const char **cursor, size_t *len)
{
	const char *line = *cursor, *nl;

	if (!line || !*line)
		return NULL;
	nl = strchr(line, '\n');
	*len = nl ? (size_t)(nl - line) : strlen(line);
	*cursor = nl ? nl + 1 : NULL;
	return line;
}

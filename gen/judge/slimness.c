// SPDX-License-Identifier: GPL-2.0
#include "judge/slimness.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"

struct size {
	int headers;	/* distinct files named by line markers, the .c aside */
	int lines;	/* non-blank lines that are not line markers */
};

/* Count what a preprocessed file (cc -E) holds. */
static int measure(const char *path, struct size *s)
{
	char *text = read_file(path, NULL), *line, *cur = text;
	char **files = NULL;
	int nfiles = 0, i;

	s->headers = s->lines = 0;
	if (!text)
		return -1;
	while ((line = next_line(&cur))) {
		if (line[0] == '#' && line[1] == ' ') {
			/* # LINE "FILE" FLAGS */
			char *q = strchr(line, '"'), *e = q ? strchr(q + 1, '"') : NULL;

			if (!e || q[1] == '<' || (e[-1] == 'c' && e[-2] == '.'))
				continue;
			*e = '\0';
			for (i = 0; i < nfiles && strcmp(files[i], q + 1); i++)
				;
			if (i == nfiles)
				*(char **)push(&files, &nfiles, sizeof(char *)) = xstrdup(q + 1);
			continue;
		}
		if (line[strspn(line, " \t")])
			s->lines++;
	}
	s->headers = nfiles;
	for (i = 0; i < nfiles; i++)
		free(files[i]);
	free(files);
	free(text);
	return 0;
}

int report_slimness(const struct catalog *cat, const char *out, char **cells, int ncells, FILE *f)
{
	const char **hs = NULL;
	int nh = 0, i, j, k, ret = 0;

	for (i = 0; i < cat->nheaders; i++)
		*(const char **)push(&hs, &nh, sizeof(char *)) = cat->headers[i]->path;
	for (i = 0; i < cat->nforbids; i++)
		*(const char **)push(&hs, &nh, sizeof(char *)) = cat->forbids[i].path;

	fprintf(f, "Slimness: headers pulled in / preprocessed lines when included alone\n\n%-26s", "header");
	for (j = 0; j < ncells; j++)
		fprintf(f, " %22s", cells[j]);
	fputc('\n', f);
	for (i = 0; i < nh; i++) {
		/* a forbidden header that is also catalogued is listed once */
		for (k = 0; k < i && strcmp(hs[k], hs[i]); k++)
			;
		if (k < i)
			continue;
		fprintf(f, "%-26s", hs[i]);
		for (j = 0; j < ncells; j++) {
			char *stem = xstrndup(hs[i], strlen(hs[i]) - 2);
			char *path = xasprintf("%s/%s/slim/%s.i", out, cells[j], stem);
			struct size s;

			if (measure(path, &s)) {
				error("cannot read %s: %s (run make slimness)", path, strerror(errno));
				ret = -1;
				fprintf(f, " %22s", "?");
			} else {
				char *cell = xasprintf("%d / %d", s.headers, s.lines);

				fprintf(f, " %22s", cell);
				free(cell);
			}
			free(path);
			free(stem);
		}
		fputc('\n', f);
	}
	free(hs);
	return ret;
}

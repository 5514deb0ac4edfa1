// SPDX-License-Identifier: GPL-2.0
/*
 * The marker of branch N of catalogued header H is the token
 * hdrtest_branch_H_N on a line of its own right after the directive that
 * opens the branch.  Preprocessing keeps it only where the branch is
 * taken.  An #if group without #else gets one ("#else" plus a marker) so
 * that "not taken" is a branch too.  The include guard is no branch.
 */
#include "generate/probe.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "generate/m4render.h"

struct group {
	int has_else;
	int has_elif;		/* an #if/#elif chain: its "none" case gets no implied #else */
	int first_line;		/* of its #if */
	int guard;
};

/* The directive word of a preprocessor line ("if", "endif"...), or "". */
static void directive(const char *line, char *word, size_t n)
{
	const char *p = line;
	size_t i = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	word[0] = '\0';
	if (*p != '#')
		return;
	p++;
	while (*p == ' ' || *p == '\t')
		p++;
	while (isalpha((unsigned char)*p) && i + 1 < n)
		word[i++] = *p++;
	word[i] = '\0';
}

/* The macro an "#ifndef X" tests, for include guard detection. */
static char *ifndef_name(const char *line)
{
	const char *p = strstr(line, "ifndef");
	size_t n;

	if (!p)
		return NULL;
	p = p + 6;
	while (*p == ' ' || *p == '\t')
		p++;
	for (n = 0; isalnum((unsigned char)p[n]) || p[n] == '_'; n++)
		;
	return n ? xstrndup(p, n) : NULL;
}

static char *one_line(const char *s)
{
	char *t = xstrdup(s), *p;

	for (p = t; *p; p++)
		if (*p == '\t')
			*p = ' ';
	return t;
}

/* Instrument one header: text in, instrumented text and branch list out. */
static int instrument(int hid, const char *header, char *text, struct strbuf *out, struct strbuf *branches)
{
	struct group stack[64];
	int depth = 0, lineno = 0, nbranch = 0, in_comment = 0;
	char *line, *more, *cur = text, *guard = NULL, word[16];
	int first_directive = 1;

	while ((line = next_line(&cur))) {
		int cont;

		lineno++;
		directive(in_comment ? "" : line, word, sizeof(word));
		/* a block comment spanning lines hides directives */
		{
			const char *p = line;

			while (*p) {
				if (!in_comment && p[0] == '/' && p[1] == '*') {
					in_comment = 1;
					p += 2;
				} else if (in_comment && p[0] == '*' && p[1] == '/') {
					in_comment = 0;
					p += 2;
				} else if (!in_comment && p[0] == '/' && p[1] == '/') {
					break;
				} else {
					p++;
				}
			}
		}
		if (!strcmp(word, "endif") && depth > 0) {
			struct group *g = &stack[depth - 1];

			if (!g->has_else && !g->has_elif && !g->guard) {
				nbranch++;
				sb_addf(out, "#else\nhdrtest_branch_%d_%d\n", hid, nbranch);
				sb_addf(branches, "%d\t%d\t#else (implied: the #if at line %d not taken)\n", nbranch,
					lineno, g->first_line);
			}
			depth--;
		}
		sb_add(out, line);
		sb_addc(out, '\n');
		/* a directive continued with backslashes ends on a later line */
		cont = *line && line[strlen(line) - 1] == '\\';
		while (cont && (more = next_line(&cur))) {
			line = more;
			lineno++;
			sb_add(out, line);
			sb_addc(out, '\n');
			cont = *line && line[strlen(line) - 1] == '\\';
		}
		if (!strcmp(word, "if") || !strcmp(word, "ifdef") || !strcmp(word, "ifndef")) {
			struct group *g;

			if (depth == (int)(sizeof(stack) / sizeof(stack[0]))) {
				error("%s:%d: #if nesting too deep for hdrtest's probe", header, lineno);
				free(guard);
				return -1;
			}
			g = &stack[depth++];
			g->has_else = 0;
			g->has_elif = 0;
			g->first_line = lineno;
			g->guard = 0;
			if (first_directive && !strcmp(word, "ifndef")) {
				/* the guard: "#ifndef X" first, "#define X" next */
				guard = ifndef_name(line);
				g->guard = guard != NULL;
			}
		} else if (!strcmp(word, "else") || !strcmp(word, "elif")) {
			if (depth > 0) {
				stack[depth - 1].has_else |= !strcmp(word, "else");
				stack[depth - 1].has_elif |= !strcmp(word, "elif");
			}
		}
		if (*word)
			first_directive = 0;
		if ((!strcmp(word, "if") || !strcmp(word, "ifdef") || !strcmp(word, "ifndef") ||
		     !strcmp(word, "elif") || !strcmp(word, "else")) &&
		    !(depth > 0 && stack[depth - 1].guard && strcmp(word, "else") && strcmp(word, "elif"))) {
			char *t = one_line(line);

			nbranch++;
			sb_addf(out, "hdrtest_branch_%d_%d\n", hid, nbranch);
			sb_addf(branches, "%d\t%d\t%s\n", nbranch, lineno, t);
			free(t);
		}
	}
	free(guard);
	return 0;
}

int write_probes(const struct catalog *cat, const char *tree, const char *dir)
{
	int i, ret = 0;

	for (i = 0; i < cat->nheaders; i++) {
		const char *h = cat->headers[i]->path;
		char *src, *text;

		/* coverage is of the headers the catalog promises symbols for */
		if (!cat->headers[i]->nsyms)
			continue;
		src = xasprintf("%s/include/%s", tree, h);
		text = read_file(src, NULL);
		char *dst, *bpath, *slash;
		struct strbuf out, branches;

		if (!text) {
			free(src);
			continue;	/* an arch header: not probed */
		}
		sb_init(&out);
		sb_init(&branches);
		sb_add(&out, "");
		sb_add(&branches, "");
		if (instrument(i + 1, h, text, &out, &branches)) {
			ret = -1;
		} else {
			dst = xasprintf("%s/%s", dir, h);
			bpath = xasprintf("%s.branches", dst);
			slash = strrchr(dst, '/');
			*slash = '\0';
			if (mkdirs(dst)) {
				error("cannot create %s: %s", dst, strerror(errno));
				ret = -1;
			}
			*slash = '/';
			if (!ret && (write_file_atomic(dst, out.buf) || write_file_atomic(bpath, branches.buf)))
				ret = -1;
			free(dst);
			free(bpath);
		}
		sb_release(&out);
		sb_release(&branches);
		free(text);
		free(src);
	}
	return ret;
}

struct branch {
	int id;
	int line;
	char *text;
	struct strbuf cells;
	int ncells;
	int last_cell;		/* index of the cell credited last, or -1 */
};

int report_coverage(const struct catalog *cat, const char *dir, const char *out, char **cells, int ncells,
		    FILE *f)
{
	int i, j, k, uncovered = 0;

	fprintf(f, "Branch coverage: which cells compiled each #if branch of each header\n");
	for (i = 0; i < cat->nheaders; i++) {
		const char *h = cat->headers[i]->path;
		char *bpath = xasprintf("%s/%s.branches", dir, h), *btext = read_file(bpath, NULL), *line, *cur = btext;
		struct branch *br = NULL;
		int nbr = 0;

		free(bpath);
		if (!btext)
			continue;
		while ((line = next_line(&cur))) {
			struct branch *b;
			char *t1, *t2;

			t1 = strchr(line, '\t');
			t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
			if (!t2)
				continue;
			b = push(&br, &nbr, sizeof(*br));
			b->id = atoi(line);
			b->line = atoi(t1 + 1);
			b->text = xstrdup(t2 + 1);
			sb_init(&b->cells);
			b->last_cell = -1;
		}
		free(btext);
		for (j = 0; j < ncells; j++) {
			char *stem = xstrndup(h, strlen(h) - 2);
			int t;

			/* every TU of the cell: a header is reached through others too */
			for (t = 0; t < cat->nheaders; t++) {
				char *tstem = xstrndup(cat->headers[t]->path, strlen(cat->headers[t]->path) - 2);
				char *ipath = xasprintf("%s/%s/%s.probe.i", out, cells[j], tstem);
				char *itext = read_file(ipath, NULL);

				for (k = 0; itext && k < nbr; k++) {
					char tok[64];
					const char *p;
					size_t n;

					/* not strstr() on the list: i386/highmem is
					 * part of i386/highmem-virtual */
					if (br[k].last_cell == j)
						continue;
					n = snprintf(tok, sizeof(tok), "hdrtest_branch_%d_%d", i + 1, br[k].id);
					for (p = strstr(itext, tok); p; p = strstr(p + 1, tok))
						if (!isdigit((unsigned char)p[n]))
							break;
					if (p) {
						sb_addf(&br[k].cells, "%s%s", br[k].ncells ? " " : "", cells[j]);
						br[k].ncells++;
						br[k].last_cell = j;
					}
				}
				free(itext);
				free(ipath);
				free(tstem);
			}
			free(stem);
		}
		fprintf(f, "\n%s\n", h);
		for (k = 0; k < nbr; k++) {
			fprintf(f, "  line %-4d %-60s %s\n", br[k].line, br[k].text,
				br[k].ncells ? br[k].cells.buf : "UNCOVERED");
			uncovered += !br[k].ncells;
			free(br[k].text);
			sb_release(&br[k].cells);
		}
		free(br);
	}
	fprintf(f, "\n%d branch%s uncovered\n", uncovered, uncovered == 1 ? "" : "es");
	return uncovered;
}

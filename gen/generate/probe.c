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
#include "scan/scan.h"

static char *one_line(const char *s)
{
	char *t = xstrdup(s), *p;

	for (p = t; *p; p++)
		if (*p == '\t')
			*p = ' ';
	return t;
}

/* Instrument one header: its text and scan in, instrumented text and
 * branch list out.  Where the markers go comes from the scan's #if
 * groups (the include guard is none): after the line each branch's
 * directive ends on, and an implied #else before an #endif that ends a
 * group of one branch. */
static void instrument(int hid, const struct scan_file *f, char *text, struct strbuf *out, struct strbuf *branches)
{
	int nlines = 1, lineno = 0, nbranch = 0, i, k;
	char *line, *cur, *p;
	int *mark, *implied;	/* per line: a branch's directive ends there; group + 1 */

	for (p = text; (p = strchr(p, '\n')); p++)
		nlines++;
	mark = xcalloc(nlines + 1, sizeof(*mark));
	implied = xcalloc(nlines + 1, sizeof(*implied));
	for (i = 0; i < f->ngroups; i++) {
		const struct scan_group *g = &f->groups[i];

		for (k = 0; k < g->nbranches; k++)
			mark[g->ends[k]] = 1;
		if (g->nbranches == 1 && g->endif_line)
			implied[g->endif_line] = i + 1;
	}
	cur = text;
	while ((line = next_line(&cur))) {
		lineno++;
		if (implied[lineno]) {
			nbranch++;
			sb_addf(out, "#else\nhdrtest_branch_%d_%d\n", hid, nbranch);
			sb_addf(branches, "%d\t%d\t#else (implied: the #if at line %d not taken)\n", nbranch, lineno,
				f->groups[implied[lineno] - 1].ends[0]);
		}
		sb_add(out, line);
		sb_addc(out, '\n');
		if (mark[lineno]) {
			char *t = one_line(line);

			nbranch++;
			sb_addf(out, "hdrtest_branch_%d_%d\n", hid, nbranch);
			sb_addf(branches, "%d\t%d\t%s\n", nbranch, lineno, t);
			free(t);
		}
	}
	free(mark);
	free(implied);
}

static int write_probe(const char *dir, const char *header, const char *text, const char *branches)
{
	char *dst = xasprintf("%s/%s", dir, header), *bpath = xasprintf("%s.branches", dst);
	char *slash = strrchr(dst, '/');
	int ret = 0;

	*slash = '\0';
	if (mkdirs(dst)) {
		error("cannot create %s: %s", dst, strerror(errno));
		ret = -1;
	}
	*slash = '/';
	if (!ret && (write_file_atomic(dst, text) || write_file_atomic(bpath, branches)))
		ret = -1;
	free(dst);
	free(bpath);
	return ret;
}

int write_probes(const struct catalog *cat, const char *tree, const char *dir)
{
	char **rels = xcalloc(cat->nheaders + 1, sizeof(char *));
	char **texts = xcalloc(cat->nheaders + 1, sizeof(char *));
	int *hids = xcalloc(cat->nheaders + 1, sizeof(int));	/* catalog index + 1 */
	struct scan_index *ix;
	int i, n = 0, ret = 0;

	for (i = 0; i < cat->nheaders; i++) {
		char *src;

		/* coverage is of the headers the catalog promises symbols for */
		if (!cat->headers[i]->nsyms)
			continue;
		rels[n] = xasprintf("include/%s", cat->headers[i]->path);
		src = xasprintf("%s/%s", tree, rels[n]);
		texts[n] = read_file(src, NULL);
		free(src);
		if (!texts[n]) {
			free(rels[n]);
			continue;	/* an arch header: not probed */
		}
		hids[n++] = i + 1;
	}
	/* scan reports a file it cannot index (NUL byte, too deep) */
	ix = scan_paths(tree, rels, n);
	for (i = 0; i < n; i++) {
		const struct scan_file *f = scan_file(ix, rels[i]);
		struct strbuf out, branches;

		if (!f || f->unreadable) {
			ret = -1;
			continue;
		}
		sb_init(&out);
		sb_init(&branches);
		sb_add(&out, "");
		sb_add(&branches, "");
		instrument(hids[i], f, texts[i], &out, &branches);
		if (write_probe(dir, cat->headers[hids[i] - 1]->path, out.buf, branches.buf))
			ret = -1;
		sb_release(&out);
		sb_release(&branches);
	}
	scan_free(ix);
	for (i = 0; i < n; i++) {
		free(rels[i]);
		free(texts[i]);
	}
	free(rels);
	free(texts);
	free(hids);
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

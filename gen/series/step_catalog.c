// SPDX-License-Identifier: GPL-2.0
/* The catalog of one step of a patch series: see step_catalog.h. */
#include "series/step_catalog.h"

#include <errno.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "catalog/drift.h"

/* The reason a catalog line is left out at this step, by file and line. */
struct left_out {
	const char **why;	/* [line - 1], NULL: kept */
	int nlines;
};

static void leave_out(struct left_out *lo, int nfiles, char **files, const struct loc *l, const char *why)
{
	int i;

	for (i = 0; i < nfiles; i++)
		if (l->file && !strcmp(l->file, files[i]) && l->line >= 1 && l->line <= lo[i].nlines) {
			lo[i].why[l->line - 1] = why;
			return;
		}
}

/* "F:L:C: drift: what" -> "what" */
static const char *drift_words(const char *text)
{
	const char *p = strstr(text, ": drift: ");

	return p ? p + strlen(": drift: ") : text;
}

static void note(struct strbuf *sb, const char *header, const char *sym, const char *status, const char *where)
{
	const char *p;

	sb_addf(sb, "%s\t%s\t%s\t", header, sym ? sym : "-", status);
	for (p = where && *where ? where : "-"; *p; p++)	/* a tab or newline in a message is a space here */
		sb_addc(sb, *p == '\t' || *p == '\n' ? ' ' : *p);
	sb_addc(sb, '\n');
}

/* The file name of files[i] under DIR/catalog. */
static char *step_name(char **files, int n, int i)
{
	const char *base = strrchr(files[i], '/') ? strrchr(files[i], '/') + 1 : files[i];
	int j;

	for (j = 0; j < n; j++) {
		const char *other = strrchr(files[j], '/') ? strrchr(files[j], '/') + 1 : files[j];

		if (j != i && !strcmp(other, base))
			return xasprintf("%d-%s", i + 1, base);
	}
	return xstrdup(base);
}

/* The file's text with the lines left out commented, each with its reason. */
static char *step_text(const char *text, const struct left_out *lo)
{
	const char *cur = text, *line;
	struct strbuf sb;
	size_t len;
	int n = 0;

	sb_init(&sb);
	while ((line = next_line_span(&cur, &len))) {
		const char *why = n < lo->nlines ? lo->why[n] : NULL;

		if (why)
			sb_addf(&sb, "# hdrtest series: %s: ", why);
		sb_addn(&sb, line, len);
		sb_addc(&sb, '\n');
		n++;
	}
	return sb_detach(&sb);
}

static int count_lines(const char *text)
{
	const char *cur = text;
	size_t len;
	int n = 0;

	while (next_line_span(&cur, &len))
		n++;
	return n;
}

int step_catalog_write(const struct catalog *cat, char **files, int n, const struct scan_index *ix,
		       const char *catdir, const char *keepdir, const char *moves_path, char ***paths)
{
	struct drift_report *rep = drift_check(cat, ix);
	struct left_out *lo = xcalloc((size_t)n + 1, sizeof(*lo));
	char **texts = xcalloc((size_t)2 * n + 1, sizeof(char *));
	/* the files written: catdir's [0, n), keepdir's [n, 2n), moves 2n */
	char **out = xcalloc((size_t)2 * n + 2, sizeof(char *));
	struct strbuf notes;
	int i, j, ret = -1;

	sb_init(&notes);
	for (i = 0; i < n; i++) {
		texts[i] = read_text_file(files[i], NULL, "a catalog");
		if (!texts[i]) {
			error("cannot read %s: %s", files[i], strerror(errno));
			goto out;
		}
		lo[i].nlines = count_lines(texts[i]);
		lo[i].why = xcalloc((size_t)lo[i].nlines + 1, sizeof(char *));
	}
	for (i = 0; i < rep->n; i++) {
		const struct drift *d = &rep->items[i];
		const struct header *h = d->header;
		const struct scan_file *const *hf;

		/* a symbol of an absent header is not noted again: drift_check
		 * reports it as gone or moved too, which the header's note covers */
		if (d->kind != DRIFT_HEADER_GONE && h && !scan_files_named(ix, h->path, &hf))
			continue;
		switch (d->kind) {
		case DRIFT_HEADER_GONE:
			leave_out(lo, n, files, &h->loc, "absent at this step");
			for (j = 0; j < h->nsyms; j++)
				leave_out(lo, n, files, &h->syms[j]->loc, "absent at this step");
			note(&notes, h->path, NULL, "absent", NULL);
			break;
		case DRIFT_MOVED:
			leave_out(lo, n, files, &d->sym->loc, "elsewhere at this step");
			note(&notes, h->path, d->sym->name, "elsewhere", d->to);
			break;
		case DRIFT_GONE:
			leave_out(lo, n, files, &d->sym->loc, "undefined at this step");
			note(&notes, h->path, d->sym->name, "undefined", NULL);
			break;
		case DRIFT_SIGNATURE:
		case DRIFT_KIND:
			leave_out(lo, n, files, &d->sym->loc, "differs at this step");
			note(&notes, h->path, d->sym->name, "differs", drift_words(d->text));
			break;
		case DRIFT_NEW:
		case DRIFT_TODO:
			break;
		}
	}
	if (mkdirs(catdir) || mkdirs(keepdir)) {
		error("cannot create %s or %s: %s", catdir, keepdir, strerror(errno));
		goto out;
	}
	for (i = 0; i < n; i++) {
		char *name = step_name(files, n, i);
		char *text = step_text(texts[i], &lo[i]);

		out[i] = xasprintf("%s/%s", catdir, name);
		out[n + i] = xasprintf("%s/%s", keepdir, name);
		free(name);
		free(texts[i]);
		texts[i] = text;
		texts[n + i] = xstrdup(text);
	}
	out[2 * n] = xstrdup(moves_path);
	texts[2 * n] = sb_detach(&notes);
	ret = write_files_atomic(2 * n + 1, (const char *const *)out, (const char *const *)texts);
out:
	for (i = 0; i <= 2 * n; i++)
		free(texts[i]);
	for (i = 0; i < n; i++)
		free(lo[i].why);
	free(texts);
	free(lo);
	sb_release(&notes);
	drift_report_free(rep);
	for (i = n; i <= 2 * n; i++) {
		free(out[i]);
		out[i] = NULL;
	}
	if (ret) {
		for (i = 0; i < n; i++)
			free(out[i]);
		free(out);
		out = NULL;
	}
	*paths = out;
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/* The catalog of one step of a patch series: see step_catalog.h. */
#include "series/step_catalog.h"

#include <errno.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "catalog/drift.h"
#include "scan/headers.h"

/* The reason a catalog line is left out at this step, by file and line,
 * and the lines a symbol catalogued elsewhere brings into an entry. */
struct left_out {
	const char **why;	/* [line - 1], NULL: kept */
	struct strbuf *after;	/* [line - 1]: lines to add after it */
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

/* The file's text with the lines left out commented, each with its
 * reason, and the lines brought in after their entry's last. */
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
		if (n < lo->nlines && lo->after[n].len)
			sb_add(&sb, lo->after[n].buf);
		n++;
	}
	return sb_detach(&sb);
}

/* The index of the catalog file l is in, or -1. */
static int file_of(char **files, int n, const struct loc *l)
{
	int i;

	for (i = 0; i < n; i++)
		if (l->file && !strcmp(l->file, files[i]))
			return i;
	return -1;
}

/* The catalogued header, other than sym's own and present at this step,
 * that defines sym now (a move of the series put it there first: the
 * tip's folio_size.h symbols in page_address.h, before the patch that
 * moves them on), or NULL. */
static const struct header *home_now(const struct catalog *cat, const struct scan_index *ix,
				     const struct symbol *sym)
{
	const struct scan_def *d;
	const struct scan_file *const *hf;

	for (d = scan_lookup(ix, sym->name); d; d = d->next) {
		const struct header *h;

		if (is_forward_decl(d->kind) || !d->file->include_name)
			continue;
		h = catalog_header(cat, d->file->include_name);
		if (h && h != sym->header && scan_files_named(ix, h->path, &hf))
			return h;
	}
	return NULL;
}

/* sym's catalog line, left out where it is, into the entry of the
 * header that has it at this step (home_now()): 1 when it has one. */
static int bring(struct left_out *lo, int n, char **files, char **texts, const struct catalog *cat,
		 const struct scan_index *ix, const struct symbol *sym)
{
	const struct header *to = home_now(cat, ix, sym);
	int from = file_of(files, n, &sym->loc), into, last, i;
	const char *cur, *line;
	size_t len;

	if (!to || from < 0 || (into = file_of(files, n, &to->loc)) < 0)
		return 0;
	last = catalog_entry_end(to);
	if (last < 1 || last > lo[into].nlines || sym->loc.line < 1 || sym->loc.line > lo[from].nlines)
		return 0;
	for (cur = texts[from], i = 1; (line = next_line_span(&cur, &len)) && i < sym->loc.line; i++)
		;
	if (!line)
		return 0;
	sb_addf(&lo[into].after[last - 1], "# hdrtest series: in %s at this step, catalogued under %s:\n",
		to->path, sym->header->path);
	sb_addn(&lo[into].after[last - 1], line, len);
	sb_addc(&lo[into].after[last - 1], '\n');
	lo[from].why[sym->loc.line - 1] = "in another catalogued header at this step";
	return 1;
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
		lo[i].after = xcalloc((size_t)lo[i].nlines + 1, sizeof(struct strbuf));
		for (j = 0; j <= lo[i].nlines; j++)
			sb_init(&lo[i].after[j]);
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
				if (!bring(lo, n, files, texts, cat, ix, h->syms[j]))
					leave_out(lo, n, files, &h->syms[j]->loc, "absent at this step");
			note(&notes, h->path, NULL, "absent", NULL);
			break;
		case DRIFT_MOVED:
			if (!bring(lo, n, files, texts, cat, ix, d->sym))
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
	for (i = 0; i < n; i++) {
		for (j = 0; lo[i].after && j <= lo[i].nlines; j++)
			sb_release(&lo[i].after[j]);
		free(lo[i].after);
		free(lo[i].why);
	}
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

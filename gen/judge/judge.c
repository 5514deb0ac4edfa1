// SPDX-License-Identifier: GPL-2.0
#include "judge/judge.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/exit.h"
#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "judge/baseline.h"
#include "judge/explain.h"
#include "judge/html.h"
#include "judge/large_run.h"
#include "judge/report.h"
#include "judge/results.h"
#include "scan/lazy_scan.h"
#include "scan/scan.h"
#include "shard/shard_file.h"

/* One line per failing TU saying why, from the scan index of the tree
 * (indexed once, and only when something failed): the run's own index
 * when the cells compiled its tree (ls), else one made here. */
static void explain_run(struct run_results *r, struct lazy_scan *ls)
{
	struct scan_index *ix = NULL;
	int i, j;

	for (i = 0; i < r->ncells; i++) {
		struct cell_result *c = r->cells[i];
		int runs_tree = -1;	/* c's tree is ls's: not asked yet */

		for (j = 0; j < c->ntus; j++) {
			const struct scan_index *use;

			/* a drifted header is explained by its drift */
			if (c->tus[j].verdict != V_FAIL || c->tus[j].explanation || !*c->srctree)
				continue;
			if (runs_tree < 0)
				runs_tree = ls && lazy_scan_is_tree(ls, c->srctree);
			if (runs_tree) {
				use = lazy_scan_get(ls);
			} else {
				if (!ix)
					ix = scan_tree(c->srctree);
				use = ix;
			}
			if (use)
				c->tus[j].explanation = explain_failure(&c->tus[j], c, use);
		}
	}
	scan_free(ix);
}

/* What other steps left in OUT that the page shows as sections, when
 * they ran: slimness, coverage, and the fixes of make fix. */
static const struct {
	const char *id, *title, *file;
} page_sections[] = {
	{ "slimness", "Slimness (make slimness)", "slimness.txt" },
	{ "coverage", "Branch coverage (make coverage)", "coverage.txt" },
	{ "fix", "Fixes (make fix)", "fix/summary.txt" },
};
#define NSECTIONS (sizeof(page_sections) / sizeof(page_sections[0]))

/* The HTML page, its log links relative to the dir it is written to.
 * NULL after an error. */
static char *render_page(const struct run_results *r, const char *out, const char *html)
{
	struct html_section secs[NSECTIONS];
	char *texts[NSECTIONS] = { NULL }, *dir = xstrdup(html), *slash = strrchr(dir, '/'), *page = NULL;
	char dirabs[PATH_MAX];
	struct html_options o = { dirabs, secs, 0 };
	size_t i;

	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	if (!realpath(slash ? dir : ".", dirabs)) {
		error("cannot resolve the dir of %s: %s", html, strerror(errno));
		goto out;
	}
	for (i = 0; i < NSECTIONS; i++) {
		char *path = xasprintf("%s/%s", out, page_sections[i].file);

		texts[i] = read_text_file(path, NULL, "text");
		if (!texts[i] && errno != ENOENT) {
			if (errno != EILSEQ)
				error("cannot read %s: %s", path, strerror(errno));
			free(path);
			goto out;
		}
		free(path);
		if (texts[i])
			secs[o.nsections++] = (struct html_section){ page_sections[i].id, page_sections[i].title,
								     page_sections[i].file, texts[i] };
	}
	page = render_html(r, &o);
out:
	for (i = 0; i < NSECTIONS; i++)
		free(texts[i]);
	free(dir);
	return page;
}

/* KTAP, TSV, JUnit, HTML, the failures as a baseline and every failure
 * in detail: none is replaced unless all were written.  0 or -1. */
static int write_results(const struct run_results *r, const char *out, const struct judge_opts *o)
{
	const char *paths[] = { o->ktap, o->tsv, o->junit, o->html, o->baseline_out, o->failures };
	char *texts[] = { o->ktap ? render_ktap(r) : NULL, o->tsv ? render_tsv(r) : NULL,
			  o->junit ? render_junit(r) : NULL, o->html ? render_page(r, out, o->html) : NULL,
			  o->baseline_out ? render_baseline(r) : NULL, o->failures ? render_failures(r) : NULL };
	int i, ret = o->html && !texts[3] ? -1 : write_files_atomic(6, paths, (const char *const *)texts);

	for (i = 0; i < 6; i++)
		free(texts[i]);
	return ret;
}

/* The table, the failures and the summary on f; whether the run failed. */
static int write_terminal(FILE *f, const struct run_results *r, const struct judge_opts *o, const struct baseline *bl)
{
	int failed;

	if (is_large_run(r)) {
		/* thousands of headers: by directory and by cause, the
		 * detail in a file */
		write_dir_summary(f, r);
		if (o->failures)
			fprintf(f, "\nevery failure in detail, with its log and reproducer: %s\n", o->failures);
		write_causes(f, r, 10);
	} else {
		write_table(f, r);
		write_failures(f, r);
		write_distinct_failures(f, r);
	}
	failed = write_summary(f, r);
	if (o->baseline) {
		/* only new failures fail the run (errors and a run that
		 * compiled nothing still do) */
		struct tally t;
		int nnew = write_baseline_report(f, r, bl);

		tally_run(r, &t);
		failed = nnew || t.error || t.pass + t.fail == 0;
	}
	return failed;
}

/* OUT/shard when it names a real shard: 1 and *id read; 0 when there is
 * none or it is a whole run (1/1); -1 after an error. */
static int read_shard(const char *out, struct shard_id *id)
{
	char *path = xasprintf("%s/shard", out);
	struct stat st;
	int ret;

	memset(id, 0, sizeof(*id));
	if (stat(path, &st) && errno == ENOENT) {
		free(path);
		return 0;
	}
	ret = shard_file_read(path, id) ? -1 : id->total > 1;
	free(path);
	if (ret == 0)
		shard_id_free(id);
	return ret;
}

struct owned {
	const struct shard_id *id;
	const char *cell;
	int n;			/* how many of the cell's TUs the shard lists */
};

static int owned(const struct tu_result *t, void *arg)
{
	struct owned *ow = arg;

	if (!shard_id_owns(ow->id, ow->cell, t->stem))
		return 0;
	ow->n++;
	return 1;
}

/* The cell's TUs the shard does not list left out: how many are left, or
 * -1 after an error (the shard lists a TU the cell does not have). */
static int keep_owned(struct cell_result *c, const char *cell, const struct shard_id *id, const char *out)
{
	struct owned ow = { id, cell, 0 };
	int i, j, listed = 0;

	cell_keep_tus(c, owned, &ow);
	for (i = 0; i < id->ntus; i++)
		listed += !strcmp(id->tus[i].cell, cell);
	if (listed == ow.n)
		return c->ntus;
	for (i = 0; i < id->ntus; i++) {
		if (strcmp(id->tus[i].cell, cell))
			continue;
		for (j = 0; j < c->ntus && strcmp(c->tus[j].stem, id->tus[i].stem); j++)
			;
		if (j == c->ntus)
			break;
	}
	return error("%s/shard: shard %d/%d owns the TU %s %s, which %s/%s/manifest.tsv does not list: the shard file "
	      "is not of this run", out, id->index, id->total, cell, i < id->ntus ? id->tus[i].stem : "?", out, cell);
}

/* Whether the shard lists a TU of cell. */
static int owns_any(const struct shard_id *id, const char *cell)
{
	int i;

	for (i = 0; i < id->ntus; i++)
		if (!strcmp(id->tus[i].cell, cell))
			return 1;
	return 0;
}

/* The cells OUT/cells lists, into *names (*text holds them); 0 or -1. */
static int read_cells(const char *out, char **text, char ***names, int *n)
{
	char *path = xasprintf("%s/cells", out), *cur, *line;

	*names = NULL;
	*n = 0;
	*text = read_text_file(path, NULL, "ARCH/CONFIG lines");
	if (!*text) {
		if (errno != EILSEQ)
			error("cannot read %s: %s (written by hdrtest plan)", path, strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	cur = *text;
	while ((line = next_line(&cur)))
		if (*line)
			*(char **)push(names, n, sizeof(char *)) = line;
	return 0;
}

/* The run's cells read and judged into *r, a shard's TUs alone: 0, or -1
 * after errors (every cell is read, to report them all). */
static int read_run(const char *outabs, char **cells, int ncells, const struct drift_lines *dl,
		    const struct shard_id *id, struct run_results *r)
{
	int i, bad = 0;

	for (i = 0; i < ncells; i++) {
		struct cell_result *cell;
		int left;

		/* a cell none of whose TUs is the shard's: it may not even
		 * have been generated here */
		if (id && !owns_any(id, cells[i]))
			continue;
		cell = cell_read(outabs, cells[i]);
		if (!cell) {
			bad = 1;
			continue;
		}
		left = id ? keep_owned(cell, cells[i], id, outabs) : cell->ntus;
		if (left < 0) {
			bad = 1;
			cell_free(cell);
			continue;
		}
		cell_mark_drift(cell, dl);
		*(struct cell_result **)push(&r->cells, &r->ncells, sizeof(cell)) = cell;
	}
	return bad ? -1 : 0;
}

int judge_out(const struct judge_opts *o)
{
	struct drift_lines dl = { NULL, 0 };
	struct baseline bl = { 0 };
	struct run_results r = { NULL, 0 };
	struct shard_id id;
	char outabs[PATH_MAX], *cells_text = NULL, **cells = o->cells, *buf = NULL;
	int i, ret = EXIT_ERROR, sharded = 0, ncells = o->ncells;
	size_t len = 0;
	FILE *text = o->text;

	if (o->drift && drift_lines_read(o->drift, &dl))
		return EXIT_ERROR;
	if (o->baseline && baseline_read(o->baseline, &bl)) {
		drift_lines_free(&dl);
		return EXIT_ERROR;
	}
	if (!realpath(o->out, outabs)) {
		error("cannot resolve %s: %s", o->out, strerror(errno));
		goto out;
	}
	sharded = read_shard(outabs, &id);
	if (sharded < 0)
		goto out;
	if (!cells && read_cells(outabs, &cells_text, &cells, &ncells))
		goto out;
	if (read_run(outabs, cells, ncells, &dl, sharded ? &id : NULL, &r))
		goto out;
	explain_run(&r, o->scan);
	if (write_results(&r, outabs, o))
		goto out;
	if (!text)
		text = open_memstream(&buf, &len);
	if (!text)
		die("out of memory");
	if (sharded && !r.ncells) {
		fprintf(text, "hdrtest: shard %d/%d has no work: no TU of this run is its own\n", id.index, id.total);
		ret = EXIT_OK;
	} else {
		ret = write_terminal(text, &r, o, &bl) ? EXIT_FAILED : EXIT_OK;
	}
	if (!o->text)
		fclose(text);
	free(buf);
out:
	drift_lines_free(&dl);
	baseline_free(&bl);
	if (sharded > 0)
		shard_id_free(&id);
	for (i = 0; i < r.ncells; i++)
		cell_free(r.cells[i]);
	free(r.cells);
	if (cells_text)
		free(cells);
	free(cells_text);
	return ret;
}

int judge_into_out(const struct judge_opts *o)
{
	static const char *const names[] = { "results.ktap", "results.tsv", "results.xml", "report.html",
					     "baseline.tsv", "failures.txt" };
	struct judge_opts own = *o;
	char *paths[6];
	int i, ret;

	for (i = 0; i < 6; i++)
		paths[i] = xasprintf("%s/%s", o->out, names[i]);
	own.ktap = paths[0];
	own.tsv = paths[1];
	own.junit = paths[2];
	own.html = paths[3];
	own.baseline_out = paths[4];
	own.failures = paths[5];
	ret = judge_out(&own);
	for (i = 0; i < 6; i++)
		free(paths[i]);
	return ret;
}

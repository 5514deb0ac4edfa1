// SPDX-License-Identifier: GPL-2.0
#include "judge/merge.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/exit.h"
#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "judge/judge.h"
#include "judge/out_copy.h"
#include "judge/results.h"
#include "shard/shard_file.h"

/* One shard given: its dir as given, and its shard file. */
struct shard {
	const char *dir;
	struct shard_id id;
};

/* The files of a cell that every shard of it has alike. */
static const char *const cell_files[] = { "plan", "prepared", "manifest.tsv", "tus", "compile.sh" };
#define NCELL_FILES (int)(sizeof(cell_files) / sizeof(cell_files[0]))

/* Where the shards differ on a field of their files: one error each. */
static int check_field(const struct shard *s, const struct shard *first, const char *name, const char *a,
		       const char *b)
{
	if (!strcmp(a, b))
		return 0;
	return error("%s: its shard file's %s is '%s', and %s's is '%s': shards of different runs cannot be merged", s->dir,
	      name, a, first->dir, b);
}

/* A TU with the shard that owns it. */
struct owned_tu {
	const struct shard_tu *tu;
	const struct shard *by;
};

static int by_tu(const void *a, const void *b)
{
	const struct owned_tu *x = a, *y = b;
	int c = strcmp(x->tu->cell, y->tu->cell);

	if (!c)
		c = strcmp(x->tu->stem, y->tu->stem);
	return c ? c : x->by->id.index - y->by->id.index;
}

/* The shards, given in any order, as one run: in *bi (1..total) by index.
 * 0, or -1 after an error for each problem. */
static int check_run(struct shard *s, int n, struct shard ***bi)
{
	struct owned_tu *all = NULL;
	int i, j, nall = 0, bad = 0, total = s[0].id.total, dups = 0;

	for (i = 1; i < n; i++) {
		bad |= check_field(&s[i], &s[0], "version", s[i].id.version, s[0].id.version);
		bad |= check_field(&s[i], &s[0], "catalog", s[i].id.catalog, s[0].id.catalog);
		bad |= check_field(&s[i], &s[0], "tree", s[i].id.tree, s[0].id.tree);
		bad |= check_field(&s[i], &s[0], "plan", s[i].id.plan, s[0].id.plan);
		if (s[i].id.total != total) {
			error("%s: its shard file's shard is %d/%d, and %s's is %d/%d: shards of one run have the same "
			      "count", s[i].dir, s[i].id.index, s[i].id.total, s[0].dir, s[0].id.index, total);
			bad = 1;
		}
	}
	if (bad)
		return -1;
	*bi = xcalloc(total + 1, sizeof(**bi));
	for (i = 0; i < n; i++) {
		struct shard **slot = &(*bi)[s[i].id.index];

		if (*slot) {
			error("%s: shard %d/%d is given twice: %s and %s", s[i].dir, s[i].id.index, total, (*slot)->dir,
			      s[i].dir);
			bad = 1;
		}
		*slot = &s[i];
	}
	for (i = 1; i <= total; i++) {
		if (!(*bi)[i]) {
			error("shard %d/%d is missing: every shard of the run, 1 to %d, is needed", i, total, total);
			bad = 1;
		}
	}
	if (bad)
		return -1;
	for (i = 0; i < n; i++)
		for (j = 0; j < s[i].id.ntus; j++)
			*(struct owned_tu *)push(&all, &nall, sizeof(*all)) =
				(struct owned_tu){ &s[i].id.tus[j], &s[i] };
	qsort(all, nall, sizeof(*all), by_tu);
	for (i = 1; i < nall; i++) {
		if (strcmp(all[i].tu->cell, all[i - 1].tu->cell) || strcmp(all[i].tu->stem, all[i - 1].tu->stem))
			continue;
		if (++dups <= 10)
			error("%s: the TU %s %s is owned by two shards: %s (shard %d/%d) and %s (shard %d/%d)",
			      all[i].by->dir, all[i].tu->cell, all[i].tu->stem, all[i - 1].by->dir,
			      all[i - 1].by->id.index, total, all[i].by->dir, all[i].by->id.index, total);
	}
	if (dups > 10)
		error("and %d more TUs owned by two shards", dups - 10);
	free(all);
	return dups ? -1 : 0;
}

/* The bytes of the shard's file dir/rel, *len long; NULL with *missing
 * set if it does not exist, NULL after an error otherwise.  Only a
 * regular file of the shard's own is read: a symlink (an artifact keeps
 * them) is refused, not followed. */
static char *read_bytes(const char *dir, const char *rel, size_t *len, int *missing)
{
	char *text = read_file_beneath(dir, rel, len, NULL);

	*missing = !text && errno == ENOENT;
	if (!text && !*missing)
		error("cannot read %s/%s: %s", dir, rel, beneath_strerror(errno));
	return text;
}

/* The first shard, by index, whose dir has the cell (its manifest.tsv);
 * every other that has it must have the same manifest.  NULL (and *bad
 * set after an error) when none has it. */
static const struct shard *cell_source(struct shard **bi, int total, const char *cell, int *bad)
{
	const struct shard *first = NULL;
	char *ftext = NULL, *fpath = NULL;
	size_t flen = 0;
	int i;

	for (i = 1; i <= total; i++) {
		char *rel = xasprintf("%s/manifest.tsv", cell), *path = xasprintf("%s/%s", bi[i]->dir, rel), *text;
		size_t len;
		int missing;

		text = read_bytes(bi[i]->dir, rel, &len, &missing);
		free(rel);
		if (!text) {
			*bad |= !missing;
			free(path);
			continue;
		}
		if (!first) {
			first = bi[i];
			ftext = text;
			flen = len;
			fpath = path;
			continue;
		}
		if (len != flen || memcmp(text, ftext, len)) {
			error("%s differs from %s: the shards prepared the cell %s differently (another kbuild dir, "
			      "tree or status), and one report cannot hold both", path, fpath, cell);
			*bad = 1;
		}
		free(text);
		free(path);
	}
	free(ftext);
	free(fpath);
	return first;
}

/* The first shard that has an OUT/drift.tsv: all that have one must
 * agree.  NULL when none has (*bad set after an error). */
static const struct shard *drift_source(struct shard **bi, int total, int *bad)
{
	const struct shard *first = NULL;
	char *ftext = NULL;
	size_t flen = 0;
	int i;

	for (i = 1; i <= total; i++) {
		char *text;
		size_t len;
		int missing;

		text = read_bytes(bi[i]->dir, "drift.tsv", &len, &missing);
		if (!text) {
			*bad |= !missing;
			continue;
		}
		if (!first) {
			first = bi[i];
			ftext = text;
			flen = len;
			continue;
		}
		if (len != flen || memcmp(text, ftext, len)) {
			error("%s/drift.tsv differs from %s/drift.tsv: the shards checked the catalog against "
			      "different trees", bi[i]->dir, first->dir);
			*bad = 1;
		}
		free(text);
	}
	free(ftext);
	return first;
}

/* Every TU's cell is one of the run's cells[0..ncells): a cell dir of
 * another name (s1/evil in OUT/s1, a shard's own dir) is never written.
 * 0, or -1 after an error for each shard file line naming another. */
static int check_tu_cells(struct shard **bi, int total, char **cells, int ncells)
{
	char *from = xasprintf("%s/cells", bi[1]->dir);
	int i, j, bad = 0;

	for (i = 1; i <= total; i++) {
		const struct shard_id *id = &bi[i]->id;
		char *path = xasprintf("%s/shard", bi[i]->dir);

		/* sorted by cell: each cell checked once */
		for (j = 0; j < id->ntus; j++) {
			struct loc loc = { path, id->tus[j].line, 4 };

			if ((j && !strcmp(id->tus[j].cell, id->tus[j - 1].cell)) ||
			    str_listed(cells, ncells, id->tus[j].cell))
				continue;
			error_at(&loc, "the TU's cell %s is not one of the run's cells (%s)", id->tus[j].cell, from);
			bad = 1;
		}
		free(path);
	}
	free(from);
	return bad ? -1 : 0;
}

/* Every cell's files (from src[i], the cell's source shard, if any) and
 * every TU's results into outabs; with check set, only what would be
 * refused, said (outabs NULL: a new OUT).  0 or -1. */
static int copy_run(struct shard **bi, int total, char **cells, const struct shard **src, int ncells,
		    const char *outabs, int check)
{
	int i, j, bad = 0;

	for (i = 0; i < ncells && !bad; i++) {
		for (j = 0; j < NCELL_FILES && src[i] && !bad; j++) {
			char *rel = xasprintf("%s/%s", cells[i], cell_files[j]);

			bad = (check ? copy_beneath_check(src[i]->dir, rel, outabs) :
				       copy_beneath(src[i]->dir, rel, outabs)) < 0;
			free(rel);
		}
	}
	for (i = 1; i <= total && !bad; i++) {
		const struct shard *s = bi[i];

		for (j = 0; j < s->id.ntus && !bad; j++) {
			char *tu = xasprintf("%s/%s", s->id.tus[j].cell, s->id.tus[j].stem);

			bad = (check ? out_copy_tu_check(s->dir, outabs, tu) : out_copy_tu(s->dir, outabs, tu, 1)) < 0;
			free(tu);
		}
	}
	return bad ? -1 : 0;
}

/* The merged shard file: 1/1, every TU. */
static int write_union(struct shard **bi, int total, const char *outabs)
{
	struct shard_id u = { 0 };
	char *path = xasprintf("%s/shard", outabs);
	int i, j, ret;

	u.version = bi[1]->id.version;
	u.catalog = bi[1]->id.catalog;
	u.tree = bi[1]->id.tree;
	u.plan = bi[1]->id.plan;
	u.out = (char *)outabs;
	u.index = u.total = 1;
	for (i = 1; i <= total; i++)
		for (j = 0; j < bi[i]->id.ntus; j++)
			*(struct shard_tu *)push(&u.tus, &u.ntus, sizeof(*u.tus)) = bi[i]->id.tus[j];
	ret = shard_file_write(path, &u);
	free(u.tus);
	free(path);
	return ret;
}

/* Judge the merged OUT, its table into OUT/report.txt and onto o->text. */
static int judge_merged(const struct merge_opts *o, int have_drift)
{
	char *drift = xasprintf("%s/drift.tsv", o->out), *report = xasprintf("%s/report.txt", o->out), *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret;
	struct judge_opts jo = { 0 };

	if (!f)
		die("out of memory");
	jo.out = o->out;
	jo.drift = have_drift ? drift : NULL;
	jo.baseline = o->baseline;
	jo.text = f;
	ret = judge_into_out(&jo);
	if (fclose(f))
		die("out of memory");
	if (ret != EXIT_ERROR && write_file_atomic(report, text ? text : ""))
		ret = EXIT_ERROR;
	if (ret != EXIT_ERROR && o->text)
		fputs(text ? text : "", o->text);
	free(text);
	free(drift);
	free(report);
	return ret;
}

/* --out must not be one of the shards: its files would be overwritten
 * while they are read. */
static int check_out_dir(const struct merge_opts *o, const char *outabs, const struct shard *s, int n)
{
	char real[PATH_MAX];
	int i;

	for (i = 0; i < n; i++) {
		if (realpath(s[i].dir, real) && !strcmp(real, outabs))
			return error("--out %s is the shard %s: merge into a dir of its own", o->out, s[i].dir);
	}
	return 0;
}

int merge_outs(const struct merge_opts *o)
{
	struct shard *s = xcalloc(o->nshards + 1, sizeof(*s));
	struct shard **bi = NULL;
	const struct shard **src = NULL, *drift = NULL;
	char outabs[PATH_MAX], *cells_text = NULL, *cells_lines = NULL, **cells = NULL, *path;
	size_t cells_len = 0;
	int i, ncells = 0, bad = 0, ret = EXIT_ERROR, total, have_out;
	struct stat st;

	for (i = 0; i < o->nshards; i++) {
		s[i].dir = o->shards[i];
		path = xasprintf("%s/shard", s[i].dir);
		if (lstat(path, &st) && errno == ENOENT) {
			error("%s is not the OUT of a run: it has no shard file (%s)", s[i].dir, path);
			bad = 1;
		} else if (shard_file_read(path, &s[i].id)) {
			bad = 1;
		}
		free(path);
	}
	if (bad || !o->nshards || check_run(s, o->nshards, &bi))
		goto out;
	total = s[0].id.total;
	have_out = realpath(o->out, outabs) != NULL;
	if ((have_out && check_out_dir(o, outabs, s, o->nshards)) ||
	    shard_cells_read(bi[1]->dir, &cells_text, &cells_len, &cells_lines, &cells, &ncells) ||
	    check_tu_cells(bi, total, cells, ncells))
		goto out;
	/* all that can be refused, refused before anything is written */
	src = xcalloc(ncells + 1, sizeof(*src));
	for (i = 0; i < ncells; i++) {
		src[i] = cell_source(bi, total, cells[i], &bad);
		/* the judge reads the files of each TU the manifest lists */
		if (src[i] && !bad) {
			struct cell_result *c = cell_read_manifest(src[i]->dir, cells[i]);

			bad = !c;
			cell_free(c);
		}
	}
	drift = drift_source(bi, total, &bad);
	if (bad || copy_run(bi, total, cells, src, ncells, have_out ? outabs : NULL, 1))
		goto out;
	if (mkdirs(o->out) || !realpath(o->out, outabs)) {
		error("cannot create %s: %s", o->out, strerror(errno));
		goto out;
	}
	bad = write_file_beneath(outabs, "cells", cells_text, cells_len, 0644);
	if (!bad)
		bad = copy_run(bi, total, cells, src, ncells, outabs, 0);
	if (!bad)
		bad = drift ? copy_beneath(drift->dir, "drift.tsv", outabs) : remove_beneath(outabs, "drift.tsv");
	if (!bad)
		bad = write_union(bi, total, outabs);
	if (!bad)
		ret = judge_merged(o, drift != NULL);
out:
	for (i = 0; i < o->nshards; i++)
		shard_id_free(&s[i].id);
	free(s);
	free(bi);
	free(cells_lines);
	free(cells);
	free(cells_text);
	free(src);
	return ret;
}

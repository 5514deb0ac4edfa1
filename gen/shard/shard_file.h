/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OUT/shard: what a run ran, written by every run and read by the report
 * (which judges only the TUs a shard owns) and by merge (which joins the
 * shards of one run):
 *
 *   # hdrtest shard
 *   version<TAB>VERSION        hdrtest's version
 *   catalog<TAB>HEX            hash of the catalog files' bytes
 *   tree<TAB>IDENTITY          the kernel tree's identity
 *   plan<TAB>HEX               hash of OUT/cells and every cell's plan (but
 *                              its paths and file times, which differ
 *                              from machine to machine)
 *   out<TAB>PATH               the absolute OUT the run compiled in (its
 *                              logs name the TUs by it)
 *   shard<TAB>I/N
 *   tu<TAB>ARCH/CONFIG<TAB>STEM   each TU the shard owns, sorted, once
 *
 * The fields in this order; a value holds no tab nor newline.  A shard 1/1
 * is a whole run: it owns every TU, listed or not.
 *
 * A shard's files come from another machine (a CI artifact): its cells and
 * stems name files below OUT, so each is a safe name (name_is_safe() in
 * base/files.h: no '/' at its start, no name in it empty or starting with
 * '.'), and the cell has the form ARCH/CONFIG.  The files are read as
 * read_file_beneath() does: a symlink is refused, not followed.
 */
#ifndef HDRTEST_SHARD_FILE_H
#define HDRTEST_SHARD_FILE_H

#include <stddef.h>
#include <stdint.h>

struct shard_tu {
	char *cell;		/* ARCH/CONFIG */
	char *stem;
	int line;		/* its line in the file read, or 0 */
};

/* What one run ran.  1 <= index <= total; tus sorted by cell then stem,
 * each once, when read from a file. */
struct shard_id {
	char *version;
	char *catalog;
	char *tree;
	char *plan;
	char *out;		/* NULL when writing: the file's own dir */
	int index, total;
	struct shard_tu *tus;
	int ntus;
};

/* Write id to path (through a temporary file, renamed), its TUs sorted;
 * with id->out NULL, the out line is the real path of path's dir.  0, or
 * -1 after an error (a value with a tab or newline, a write that failed). */
int shard_file_write(const char *path, const struct shard_id *id);

/* Read path into *id: 0, or -1 after an error naming file:line:col and
 * what was expected there (*id then empty).  A missing file is an error
 * too, errno ENOENT: the caller tells a run without one apart. */
int shard_file_read(const char *path, struct shard_id *id);

/* The cells a shard's OUT/cells lists, one a line (empty lines skipped):
 * the file's bytes in *text (*len long) and the names in *names, pointing
 * into *lines (the caller frees the three).  0, or -1 after an error
 * naming the file, and its line for a name that is not a cell. */
int shard_cells_read(const char *out, char **text, size_t *len, char **lines, char ***names, int *n);
/* Whether cell is a safe name of the form ARCH/CONFIG. */
int shard_cell_ok(const char *cell);

/* Add a TU to id (copies of the names). */
void shard_id_add(struct shard_id *id, const char *cell, const char *stem);
/* Whether id owns the TU: a shard 1/1 owns all, another those it lists
 * (sorted, as read). */
int shard_id_owns(const struct shard_id *id, const char *cell, const char *stem);
void shard_id_free(struct shard_id *id);

/* The hash of the catalog files paths[0..n), in that order (hex, caller
 * frees), or NULL after an error. */
char *shard_catalog_hash(char **paths, int n);
/* The hash of OUT/cells and of every listed cell's OUT/CELL/plan (hex,
 * caller frees), or NULL after an error. */
char *shard_plan_hash(const char *out);

#endif

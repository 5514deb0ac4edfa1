// SPDX-License-Identifier: GPL-2.0
#include "shard/shard_file.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/hash.h"
#include "base/lines.h"
#include "base/util.h"
#include "plan/plan.h"
#include "shard/partition.h"

#define SHARD_HEADER "# hdrtest shard"
/* What a tu line or OUT/cells holds where a cell is expected. */
#define NOT_A_CELL "expected a cell, ARCH/CONFIG, found '%s' (" SAFE_NAME_RULE ")"

/* The fields before the TUs, in their order, and what each holds. */
static const struct {
	const char *name, *what;
} fields[] = {
	{ "version", "hdrtest's version" },
	{ "catalog", "the catalog's hash, hex digits" },
	{ "tree", "the tree's identity" },
	{ "plan", "the plan's hash, hex digits" },
	{ "out", "the absolute OUT dir the shard ran in" },
	{ "shard", "I/N, shard I of N" },
};
#define NFIELDS (int)(sizeof(fields) / sizeof(fields[0]))

void shard_id_add(struct shard_id *id, const char *cell, const char *stem)
{
	struct shard_tu *t = push(&id->tus, &id->ntus, sizeof(*t));

	t->cell = xstrdup(cell);
	t->stem = xstrdup(stem);
}

void shard_id_free(struct shard_id *id)
{
	int i;

	for (i = 0; i < id->ntus; i++) {
		free(id->tus[i].cell);
		free(id->tus[i].stem);
	}
	free(id->tus);
	free(id->version);
	free(id->catalog);
	free(id->tree);
	free(id->plan);
	free(id->out);
	memset(id, 0, sizeof(*id));
}

static int tu_cmp(const char *cell_a, const char *stem_a, const char *cell_b, const char *stem_b)
{
	int c = strcmp(cell_a, cell_b);

	return c ? c : strcmp(stem_a, stem_b);
}

static int by_tu(const void *a, const void *b)
{
	const struct shard_tu *x = *(const struct shard_tu *const *)a, *y = *(const struct shard_tu *const *)b;

	return tu_cmp(x->cell, x->stem, y->cell, y->stem);
}

int shard_id_owns(const struct shard_id *id, const char *cell, const char *stem)
{
	int lo = 0, hi = id->ntus;

	if (id->total <= 1)
		return 1;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2, c = tu_cmp(id->tus[mid].cell, id->tus[mid].stem, cell, stem);

		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int shard_cell_ok(const char *cell)
{
	const char *slash = strchr(cell, '/');

	return slash && !strchr(slash + 1, '/') && name_is_safe(cell);
}

/* A value the file can hold: not empty, no control character (a tab ends
 * it, and its error messages and the merge's print it). */
static int value_ok(const char *value)
{
	const char *p;

	for (p = value; p && *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			return 0;
	return p && p != value;
}

static int check_value(const char *path, const char *name, const char *value)
{
	if (!value_ok(value))
		return error("cannot write %s: its %s '%s' is empty or holds a tab, a line break or another control "
		      "character", path, name, value ? value : "");
	return 0;
}

int shard_file_write(const char *path, const struct shard_id *id)
{
	const struct shard_tu **tus = xcalloc(id->ntus + 1, sizeof(*tus));
	char *out = id->out ? xstrdup(id->out) : NULL, *text;
	struct strbuf sb;
	int i, ret = -1;

	if (!out) {
		char *dir = xstrdup(path), *slash = strrchr(dir, '/'), real[PATH_MAX];

		if (slash)
			*(slash == dir ? slash + 1 : slash) = '\0';
		if (!realpath(slash ? dir : ".", real))
			error("cannot resolve the dir of %s: %s", path, strerror(errno));
		else
			out = xstrdup(real);
		free(dir);
		if (!out) {
			free(tus);
			return -1;
		}
	}
	sb_init(&sb);
	if (check_value(path, "version", id->version) || check_value(path, "catalog hash", id->catalog) ||
	    check_value(path, "tree identity", id->tree) || check_value(path, "plan hash", id->plan) ||
	    check_value(path, "out dir", out))
		goto done;
	if (id->index < 1 || id->index > id->total) {
		error("cannot write %s: shard %d/%d is not one of 1 to %d", path, id->index, id->total, id->total);
		goto done;
	}
	for (i = 0; i < id->ntus; i++) {
		tus[i] = &id->tus[i];
		if (check_value(path, "TU's cell", tus[i]->cell) || check_value(path, "TU's stem", tus[i]->stem))
			goto done;
		if (!shard_cell_ok(tus[i]->cell) || !name_is_safe(tus[i]->stem)) {
			error("cannot write %s: the TU %s %s is not a cell ARCH/CONFIG and a stem below it", path,
			      tus[i]->cell, tus[i]->stem);
			goto done;
		}
	}
	qsort(tus, id->ntus, sizeof(*tus), by_tu);
	sb_addf(&sb, SHARD_HEADER "\nversion\t%s\ncatalog\t%s\ntree\t%s\nplan\t%s\nout\t%s\nshard\t%d/%d\n",
		id->version, id->catalog, id->tree, id->plan, out, id->index, id->total);
	for (i = 0; i < id->ntus; i++) {
		if (i && !by_tu(&tus[i - 1], &tus[i]))
			continue;	/* once */
		sb_addf(&sb, "tu\t%s\t%s\n", tus[i]->cell, tus[i]->stem);
	}
	text = sb_detach(&sb);
	ret = write_file_atomic(path, text);
	free(text);
done:
	sb_release(&sb);
	free(out);
	free(tus);
	return ret;
}

static int is_hex(const char *s)
{
	return *s && strspn(s, "0123456789abcdef") == strlen(s);
}

/* Field k's line (NAME<TAB>VALUE) at loc into id: 0, or -1 after an error. */
static int read_field(struct shard_id *id, int k, char *line, struct loc *loc)
{
	char *tab = strchr(line, '\t'), *value;
	char **slots[] = { &id->version, &id->catalog, &id->tree, &id->plan, &id->out };

	if (!tab || (size_t)(tab - line) != strlen(fields[k].name) || strncmp(line, fields[k].name, tab - line))
		return error_at(loc, "expected '%s<TAB>VALUE' (%s)", fields[k].name, fields[k].what);
	value = tab + 1;
	loc->col = (int)(value - line) + 1;
	if (!value_ok(value) || ((k == 1 || k == 3) && !is_hex(value)) || (k == 4 && *value != '/'))
		return error_at(loc, "expected %s, found '%s'", fields[k].what, value);
	if (k == NFIELDS - 1) {
		if (shard_spec(value, &id->index, &id->total))
			return error_at(loc, "expected %s with 1 <= I <= N <= %d, found '%s'", fields[k].what, SHARD_MAX,
				 value);
		return 0;
	}
	*slots[k] = xstrdup(value);
	return 0;
}

/* A TU line at loc into id: 0, or -1 after an error. */
static int read_tu(struct shard_id *id, char *line, struct loc *loc)
{
	char *cell, *stem, *slash;
	const struct shard_tu *prev = id->ntus ? &id->tus[id->ntus - 1] : NULL;

	if (!starts_with(line, "tu\t"))
		return error_at(loc, "expected 'tu<TAB>ARCH/CONFIG<TAB>STEM' (a TU the shard owns)");
	cell = line + 3;
	stem = strchr(cell, '\t');
	slash = strchr(cell, '/');
	loc->col = 4;
	if (!stem || !slash || slash > stem || memchr(slash + 1, '/', stem - slash - 1))
		return error_at(loc, "expected a cell, ARCH/CONFIG, then a tab and the TU's stem");
	*stem++ = '\0';
	if (!shard_cell_ok(cell))
		return error_at(loc, NOT_A_CELL, cell);
	loc->col = (int)(stem - line) + 1;
	if (!value_ok(stem))
		return error_at(loc, "expected the TU's stem (no tab or other control character), found '%s'", stem);
	/* the merge copies CELL/STEM.c and the rest: nothing outside the cell */
	if (!name_is_safe(stem))
		return error_at(loc, "expected the TU's stem, a path below its cell's dir, found '%s' (" SAFE_NAME_RULE ")",
			 stem);
	if (prev && tu_cmp(prev->cell, prev->stem, cell, stem) >= 0) {
		loc->col = 1;
		return error_at(loc, "TU %s %s %s: the tu lines are sorted by cell and stem, each TU once", cell, stem,
			 tu_cmp(prev->cell, prev->stem, cell, stem) ? "comes before the line above it" :
			 "is listed twice");
	}
	shard_id_add(id, cell, stem);
	id->tus[id->ntus - 1].line = loc->line;
	return 0;
}

/* The text file path, read below its dir as read_file_beneath() reads (a
 * symlink refused), with no NUL byte in it (expected: what it holds); a
 * missing file's error ends with hint.  NULL after the error, errno set. */
static char *read_shard_text(const char *path, size_t *len, const char *expected, const char *hint)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : slash - path) : xstrdup(".");
	char *text = read_file_beneath(dir, slash ? slash + 1 : path, len, NULL);
	int e = errno;

	free(dir);
	if (!text) {
		error("cannot read %s: %s%s", path, beneath_strerror(e), e == ENOENT ? hint : "");
		errno = e;
		return NULL;
	}
	if (check_no_nul(path, text, *len, expected)) {
		free(text);
		errno = EILSEQ;
		return NULL;
	}
	return text;
}

int shard_file_read(const char *path, struct shard_id *id)
{
	struct loc loc = { path, 0, 1 };
	char *text, *cur, *line;
	size_t len;
	int bad = 0;

	memset(id, 0, sizeof(*id));
	text = read_shard_text(path, &len, "the lines of a shard file", "");
	if (!text)
		return -1;
	cur = text;
	while (!bad && (line = next_line(&cur))) {
		loc.line++;
		loc.col = 1;
		if (!cur) {
			error_at(&loc, "the last line has no newline: the file is cut short");
			bad = 1;
		} else if (loc.line == 1) {
			if (strcmp(line, SHARD_HEADER)) {
				error_at(&loc, "expected '" SHARD_HEADER "' (the first line of a shard file)");
				bad = 1;
			}
		} else if (loc.line - 2 < NFIELDS) {
			bad = read_field(id, loc.line - 2, line, &loc) < 0;
		} else {
			bad = read_tu(id, line, &loc) < 0;
		}
	}
	if (!bad && loc.line < NFIELDS + 1) {
		loc.line++;
		loc.col = 1;
		if (loc.line == 1)
			error_at(&loc, "expected '" SHARD_HEADER "', found an empty file");
		else
			error_at(&loc, "expected '%s<TAB>VALUE' (%s), found the end of the file",
				 fields[loc.line - 2].name, fields[loc.line - 2].what);
		bad = 1;
	}
	free(text);
	if (bad) {
		shard_id_free(id);
		errno = EINVAL;
	}
	return bad ? -1 : 0;
}

int shard_cells_read(const char *out, char **text, size_t *len, char **lines, char ***names, int *n)
{
	char *path = xasprintf("%s/cells", out), *cur, *line;
	struct loc loc = { path, 0, 1 };
	int bad = 0;

	*names = NULL;
	*n = 0;
	*lines = NULL;
	*text = read_shard_text(path, len, "ARCH/CONFIG lines", " (a shard's OUT holds the run's cells)");
	cur = *lines = *text ? xstrndup(*text, *len) : NULL;
	while (cur && (line = next_line(&cur))) {
		loc.line++;
		if (!*line)
			continue;
		if (!shard_cell_ok(line)) {
			error_at(&loc, NOT_A_CELL, line);
			bad = 1;
		}
		*(char **)push(names, n, sizeof(char *)) = line;
	}
	free(path);
	return *text && !bad ? 0 : -1;
}

char *shard_catalog_hash(char **paths, int n)
{
	uint64_t h = HASH_INIT;
	int i;

	for (i = 0; i < n; i++)
		if (hash_file_into(&h, paths[i]))
			return NULL;
	return hash_hex(h);
}

/* Plan values that differ between two machines running the same plan (a
 * path, a file's time in an identity): not part of the plan's hash. */
static int machine_local(const char *name)
{
	static const char *const local[] = { "tree", "cache", "overlay", "tree_identity", "compiler_identity" };
	size_t i;

	for (i = 0; i < sizeof(local) / sizeof(local[0]); i++)
		if (!strcmp(name, local[i]))
			return 1;
	return 0;
}

/* Add a cell's plan to *h: every name and value but the machine's own. */
static int hash_plan_into(uint64_t *h, const char *path)
{
	struct plan p;
	int i;

	if (plan_read(path, &p))
		return -1;
	for (i = 0; i < p.n; i++) {
		if (machine_local(p.entries[i].name))
			continue;
		*h = hash_bytes(*h, p.entries[i].name, strlen(p.entries[i].name) + 1);
		*h = hash_bytes(*h, p.entries[i].value, strlen(p.entries[i].value) + 1);
	}
	plan_free(&p);
	return 0;
}

char *shard_plan_hash(const char *out)
{
	char *path = xasprintf("%s/cells", out), *text, *cur, *cell;
	uint64_t h = HASH_INIT;
	int bad = 0;

	text = read_text_file(path, NULL, "ARCH/CONFIG lines");
	if (!text) {
		if (errno != EILSEQ)
			error("cannot read %s: %s (written by hdrtest plan)", path, strerror(errno));
		free(path);
		return NULL;
	}
	bad = hash_file_into(&h, path);
	cur = text;
	while (!bad && (cell = next_line(&cur))) {
		char *plan;

		if (!*cell)
			continue;
		plan = xasprintf("%s/%s/plan", out, cell);
		bad = hash_plan_into(&h, plan);
		free(plan);
	}
	free(text);
	free(path);
	return bad ? NULL : hash_hex(h);
}

// SPDX-License-Identifier: GPL-2.0
/* A shard's files as the merge reads them (gen/shard/shard_file.c): OUT/shard
 * (shard_file_read: the header, the fields, the tu lines) and, the same
 * bytes, OUT/cells (shard_cells_read).  A shard comes from another machine
 * and its cells and stems name files below OUT: every one accepted must be
 * a safe name (name_is_safe), the cells ARCH/CONFIG; what is read must be
 * written back and read again the same. */
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "fuzz.h"
#include "shard/shard_file.h"

/* The first line of a tu: after the header and the six fields. */
#define FIRST_TU_LINE 8

static int same_str(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* Each TU a safe cell and stem, on its own line, sorted and once; each
 * value one the file can hold. */
static void check_read(const struct shard_id *id)
{
	int i;

	if (id->index < 1 || id->index > id->total || !id->out || id->out[0] != '/' || !id->version ||
	    !id->catalog || !id->tree || !id->plan)
		abort();
	for (i = 0; i < id->ntus; i++) {
		const struct shard_tu *t = &id->tus[i];
		int c = i ? strcmp(t[-1].cell, t->cell) : -1;

		if (!shard_cell_ok(t->cell) || !name_is_safe(t->stem) || t->line != FIRST_TU_LINE + i)
			abort();
		if (c > 0 || (!c && strcmp(t[-1].stem, t->stem) >= 0))
			abort();
		if (!shard_id_owns(id, t->cell, t->stem))
			abort();
	}
}

/* What was read, written and read back: the same shard. */
static void check_round_trip(const struct shard_id *id)
{
	char *path = xasprintf("%s/back", fuzz_dir());
	struct shard_id back;
	int i;

	if (shard_file_write(path, id) || shard_file_read(path, &back))
		abort();
	if (!same_str(back.version, id->version) || !same_str(back.catalog, id->catalog) ||
	    !same_str(back.tree, id->tree) || !same_str(back.plan, id->plan) || !same_str(back.out, id->out) ||
	    back.index != id->index || back.total != id->total || back.ntus != id->ntus)
		abort();
	for (i = 0; i < id->ntus; i++)
		if (!same_str(back.tus[i].cell, id->tus[i].cell) || !same_str(back.tus[i].stem, id->tus[i].stem))
			abort();
	shard_id_free(&back);
	free(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = fuzz_file("shard", data, size), *text, *lines, **names;
	struct shard_id id;
	size_t len;
	int i, n;

	fuzz_quiet();
	if (!shard_file_read(path, &id)) {
		if (fuzz_has_nul(data, size))
			abort();
		check_read(&id);
		check_round_trip(&id);
		shard_id_free(&id);
	}
	free(path);
	path = fuzz_file("cells", data, size);
	if (!shard_cells_read(fuzz_dir(), &text, &len, &lines, &names, &n)) {
		/* the bytes kept as they are: the merged OUT/cells */
		if (fuzz_has_nul(data, size) || len != size || memcmp(text, data, size))
			abort();
		for (i = 0; i < n; i++)
			if (!shard_cell_ok(names[i]))
				abort();
	}
	free(text);
	free(lines);
	free(names);
	free(path);
	return 0;
}

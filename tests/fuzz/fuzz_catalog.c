// SPDX-License-Identifier: GPL-2.0
/* The catalog reader (gen/catalog.c) on one catalog file. */
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "fuzz.h"

static int value(const char *name, void *ctx)
{
	return strlen(name) % 2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = fuzz_file("fuzz.cat", data, size);
	struct catalog *cat;
	int i, j;

	fuzz_quiet();
	cat = catalog_read(&path, 1);
	if (cat && fuzz_has_nul(data, size))
		abort();
	if (cat) {
		/* what gen does with a catalog: evaluate every condition */
		for (i = 0; i < cat->nheaders; i++)
			for (j = 0; j < cat->headers[i]->nsyms; j++)
				if (cat->headers[i]->syms[j]->cond)
					catalog_cond_holds(cat, cat->headers[i]->syms[j]->cond, value, NULL);
		for (i = 0; i < cat->nconfigs; i++)
			for (j = 0; j < cat->narches; j++)
				config_applies_to(cat->configs[i], cat->arches[j]->name);
	}
	catalog_free(cat);
	free(path);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* A cell's plan file (gen/plan/plan.c) as gen reads it: plan_read, then
 * every name the stages look up. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "plan/plan.h"

/* the names cell_plan() writes */
static const char *const names[] = {
	"arch", "config", "karch", "cross", "llvm", "packages", "unavailable", "base", "fragment",
	"seed", "tree", "cache", "overlay", "tree_identity", "compiler_identity",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = fuzz_file("x86_64/defconfig/plan", data, size);
	struct plan p;
	size_t i;
	int j;

	fuzz_quiet();
	if (!plan_read(path, &p)) {
		if (fuzz_has_nul(data, size))
			abort();
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			plan_get(&p, names[i]);
		/* every entry is one line, and found by its name */
		for (j = 0; j < p.n; j++)
			if (strchr(p.entries[j].name, '\n') || strchr(p.entries[j].value, '\n') ||
			    !plan_get(&p, p.entries[j].name))
				abort();
		plan_free(&p);
	}
	free(path);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* A baseline file (gen/judge/baseline.c), then, when it parses, a small
 * fixed run judged against it, so that the comparison runs too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "judge/baseline.h"

/* Two cells of the default run, their TUs passing, failing each way a
 * class comes from (the log's diagnostics, some more than once, a
 * forbidden header, drift, a detail alone), skipped and in error: the
 * headers and classes of the seeds, so that a mutated seed matches some
 * and differs from others. */
static struct tu_result x86_tus[] = {
	{ .header = "linux/mm/page_address.h", .verdict = V_FAIL,
	  .detail = "include/linux/mm/page_address.h:68:56: error: implicit declaration of function 'thp_size'",
	  .log = "include/linux/mm/page_address.h:68:56: error: implicit declaration of function 'thp_size'; "
		 "did you mean 'bitmap_size'? [-Werror=implicit-function-declaration]\n"
		 "   68 |         return thp_size(folio);\n"
		 "include/linux/mm/page_address.h:70:9: error: implicit declaration of function 'folio_pfn' "
		 "[-Werror=implicit-function-declaration]\n"
		 "include/linux/mm/page_address.h:71:2: error: unknown type name 'pgoff_t'\n" },
	{ .header = "linux/bio.h", .verdict = V_FAIL,
	  .detail = "pulls in the forbidden header linux/mm.h: linux/bio.h -> linux/mm.h",
	  .forbidden = "linux/mm.h: linux/bio.h -> linux/mm.h", .log = "" },
	{ .header = "linux/mm/folio_next.h", .verdict = V_FAIL, .drifted = 1,
	  .detail = "linux/mm/folio_next.h: folio_next: the tree declares it differently" },
	{ .header = "linux/highmem.h", .verdict = V_PASS, .log = "" },
	{ .header = "linux/kasan.h", .verdict = V_SKIP, .detail = "not meant to stand alone" },
};
static struct tu_result arm64_tus[] = {
	{ .header = "linux/mm/folio_usage.h", .verdict = V_FAIL,
	  .detail = "include/linux/mm/folio_usage.h:3:1: warning: 'struct folio' declared inside parameter list "
		    "will not be visible outside of this definition or declaration [-Werror]",
	  .log = "include/linux/mm/folio_usage.h:3:1: warning: 'struct folio' declared inside parameter list "
		 "will not be visible outside of this definition or declaration [-Werror]\n"
		 "include/linux/mm/folio_usage.h:9:20: error: passing argument 1 of 'folio_size' from incompatible "
		 "pointer type [-Werror=incompatible-pointer-types]\n",
	  .forbidden = "linux/mm.h: linux/mm/folio_usage.h -> linux/mm.h" },
	{ .header = "linux/skbuff.h", .verdict = V_FAIL, .detail = "the compiler was killed", .log = "Killed\n" },
	{ .header = "linux/bio.h", .verdict = V_PASS, .log = "" },
	{ .header = "linux/pagemap.h", .verdict = V_ERROR },
};
static struct cell_result x86 = { .arch = "x86_64", .config = "defconfig", .tus = x86_tus, .ntus = 5 };
static struct cell_result arm64 = { .arch = "arm64", .config = "defconfig", .tus = arm64_tus, .ntus = 4 };
static struct cell_result *cells[] = { &x86, &arm64 };
static const struct run_results run = { cells, 2 };
/* the failing TUs above: no more can be new */
#define RUN_FAILURES 5

/* A field as the reader keeps it: not empty, no tab, no blank at its end
 * (baseline.h). */
static int field_ok(const char *s)
{
	size_t n = strlen(s);

	return n && !strchr(s, '\t') && s[n - 1] != ' ';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	char *path = fuzz_file("baseline.tsv", data, size);
	struct baseline b;
	int i, j, nlines = 0, nnew;

	fuzz_quiet();
	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	if (baseline_read(path, &b)) {
		free(path);
		return 0;
	}
	if (fuzz_has_nul(data, size))
		abort();
	/* every TU a header in an ARCH/CONFIG, found under its key, with
	 * its lines; every line a class and a count, found under its key */
	for (i = 0; i < b.n; i++) {
		const struct baseline_tu *bt = b.items[i], *found_tu;
		const char *slash = strchr(bt->cell, '/');

		if (!field_ok(bt->header) || !field_ok(bt->cell) || !slash || slash == bt->cell || !slash[1] ||
		    strchr(slash + 1, '/') || bt->n < 1)
			abort();
		HASH_FIND_STR(b.tus, bt->key, found_tu);
		if (found_tu != bt)
			abort();
		for (j = 0; j < bt->n; j++) {
			const struct baseline_entry *e = bt->lines[j], *found;

			if (e->tu != bt || !field_ok(e->cls) || e->count < 1)
				abort();
			HASH_FIND_STR(b.table, e->key, found);
			if (found != e)
				abort();
		}
		nlines += bt->n;
	}
	if (nlines != b.nlines)
		abort();
	nnew = write_baseline_report(devnull, &run, &b);
	if (nnew < 0 || nnew > RUN_FAILURES)
		abort();
	baseline_free(&b);
	free(path);
	return 0;
}

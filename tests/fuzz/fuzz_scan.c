// SPDX-License-Identifier: GPL-2.0
/* The header scanner (gen/scan.c) and its lexer (gen/clex.c) on one
 * header text. */
#include <stdlib.h>

#include "cpp/clex.h"
#include "fuzz.h"
#include "scan/scan.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *rel = "include/linux/fuzz.h", *path = fuzz_file(rel, data, size), *text, *tree;
	const struct scan_file *const *files;
	struct scan_index *ix;
	struct scan_stats st;
	struct clex lx;
	struct clex_tok t;
	int i, n;

	fuzz_quiet();
	/* the lexer alone, on the bytes as they are (NULs too) */
	clex_init(&lx, (const char *)data, size, 1, 0);
	while (clex_next(&lx, &t) != CT_EOF)
		;
	text = xmalloc(size + 1);
	clex_normalize((const char *)data, size, text);
	free(text);

	tree = xasprintf("%s", fuzz_dir());
	ix = scan_paths(tree, &rel, 1);
	/* a header with a NUL is reported and not indexed (scan.h) */
	scan_get_stats(ix, &st);
	if (fuzz_has_nul(data, size) && (!st.unreadable || st.defs))
		abort();
	text = scan_tsv(ix);
	free(text);
	n = scan_files(ix, &files);
	for (i = 0; i < n; i++) {
		int j;

		for (j = 0; j < files[i]->ndefs; j++) {
			text = scan_def_signature(files[i]->defs[j]);
			free(text);
			text = scan_cond_chain(files[i]->defs[j]->cond);
			free(text);
			scan_lookup(ix, files[i]->defs[j]->name);
		}
	}
	scan_free(ix);
	free(tree);
	free(path);
	return 0;
}

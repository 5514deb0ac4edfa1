// SPDX-License-Identifier: GPL-2.0
/* The header scanner (gen/scan/) and its lexer (gen/cpp/clex.c) on one
 * header text; every #if group's lines in order, every condition's tree. */
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

		/* probe marks the lines the groups' directives end on */
		for (j = 0; j < files[i]->ngroups; j++) {
			const struct scan_group *g = &files[i]->groups[j];
			int k;

			for (k = 0; k < g->nbranches; k++)
				if (g->ends[k] < g->line || (k && g->ends[k] <= g->ends[k - 1]) ||
				    (g->endif_line && g->endif_line <= g->ends[k]))
					abort();
		}
		for (j = 0; j < files[i]->ndefs; j++) {
			text = scan_def_signature(files[i]->defs[j]);
			free(text);
			text = scan_cond_chain(files[i]->defs[j]->cond);
			free(text);
			if (files[i]->defs[j]->cond) {
				struct ifx_error err;

				ifexpr_free(scan_cond_ast(files[i], files[i]->defs[j]->cond, &err));
			}
			scan_lookup(ix, files[i]->defs[j]->name);
		}
	}
	scan_free(ix);
	free(tree);
	free(path);
	return 0;
}

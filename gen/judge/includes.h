/* SPDX-License-Identifier: GPL-2.0 */
/* The include tree gcc and clang print with -H ("." per level, then the
 * path), read back from a compiler log: which headers a TU pulled in, and
 * through which chain it reached a given one. */
#ifndef HDRTEST_INCLUDES_H
#define HDRTEST_INCLUDES_H

struct include_entry {
	int depth;	/* 1: included by the TU itself */
	char *path;
};

struct include_tree {
	struct include_entry *entries;	/* in the order the compiler read them */
	int n;
};

/* Split log into the -H lines (into tree) and everything else (returned,
 * caller frees): diagnostics keep their order.  gcc's closing "Multiple
 * include guards may be useful for:" list goes with the -H lines. */
char *include_tree_parse(const char *log, struct include_tree *tree);
void include_tree_free(struct include_tree *tree);

/* How many different headers the TU read. */
int include_count(const struct include_tree *tree);

/* "linux/highmem.h -> linux/fs.h -> linux/mm.h": the chain of the first
 * inclusion of header (an #include name such as linux/mm.h), or NULL. */
char *include_chain(const struct include_tree *tree, const char *header);

/* The #include name of a path: what follows its last "/include/"
 * ("/src/arch/x86/include/asm/page.h" -> "asm/page.h"). */
const char *include_name(const char *path);

#endif

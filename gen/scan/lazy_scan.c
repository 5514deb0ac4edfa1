// SPDX-License-Identifier: GPL-2.0
/* A tree's scan index, made once: see lazy_scan.h. */
#include "scan/lazy_scan.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

const struct scan_index *lazy_scan_get(struct lazy_scan *ls)
{
	if (ls->given)
		return ls->given;
	if (!ls->own && !ls->failed) {
		ls->own = scan_tree(ls->tree);
		ls->failed = !ls->own;
	}
	return ls->own;
}

int lazy_scan_is_tree(const struct lazy_scan *ls, const char *path)
{
	char a[PATH_MAX], b[PATH_MAX];

	return realpath(ls->tree, a) && realpath(path, b) && !strcmp(a, b);
}

void lazy_scan_free(struct lazy_scan *ls)
{
	scan_free(ls->own);
	ls->own = NULL;
}

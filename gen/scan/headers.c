// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include "scan/headers.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

const struct scan_file *common_file(const struct scan_index *ix, const char *name)
{
	const struct scan_file *const *files;
	int n = scan_files_named(ix, name, &files), i;

	for (i = 0; i < n; i++)
		if (starts_with(files[i]->path, "include/") && !starts_with(files[i]->path, "include/uapi/"))
			return files[i];
	return NULL;
}

int header_closure(const struct scan_index *ix, char ***names, int n)
{
	int next = 0, i;

	while (next < n) {
		const char *cur = (*names)[next++];
		const struct scan_file *f;

		if (starts_with(cur, "asm/") || !(f = common_file(ix, cur)))
			continue;
		for (i = 0; i < f->nincludes; i++)
			if (!str_listed(*names, n, f->includes[i].name))
				*(char **)push(names, &n, sizeof(char *)) = xstrdup(f->includes[i].name);
	}
	return n;
}

int closure_size(const struct scan_index *ix, const char *name, const char *target, int *reaches)
{
	char **seen = NULL;
	int n = 0, i;

	*(char **)push(&seen, &n, sizeof(char *)) = xstrdup(name);
	n = header_closure(ix, &seen, n);
	*reaches = target && str_listed(seen, n, target);
	for (i = 0; i < n; i++)
		free(seen[i]);
	free(seen);
	return n;
}

/* Whether culprit is built with the kernel's headers at hand: not a uapi/
 * header (user space includes it), not a vdso/ one (the vDSO is built
 * without linux/). */
static int kernel_side(const char *culprit)
{
	return !starts_with(culprit, "uapi/") && !starts_with(culprit, "vdso/");
}

int first_rank(const char *z, const char *culprit)
{
	return same_top_dir(z, culprit) || (starts_with(z, "linux/") && kernel_side(culprit));
}

int same_top_dir(const char *a, const char *b)
{
	const char *sa = strchr(a, '/'), *sb = strchr(b, '/');

	return sa && sb && sa - a == sb - b && !strncmp(a, b, sa - a);
}

int is_forward_decl(enum scan_kind k)
{
	return k == SCAN_STRUCT_FWD || k == SCAN_UNION_FWD || k == SCAN_ENUM_FWD;
}

char *part_parent(const struct scan_index *ix, const char *z)
{
	const struct scan_file *const *by;
	const char *slash = strrchr(z, '/');
	char *parent;
	int n, i;

	if (!slash || !memchr(z, '/', slash - z))
		return NULL;	/* a top-dir header (linux/mm.h) is no part */
	parent = xasprintf("%.*s.h", (int)(slash - z), z);
	n = scan_includers(ix, z, &by);
	for (i = 0; i < n; i++)
		if (!by[i]->include_name || strcmp(by[i]->include_name, parent))
			break;
	if (!n || i < n || !common_file(ix, parent)) {
		free(parent);
		return NULL;
	}
	return parent;
}

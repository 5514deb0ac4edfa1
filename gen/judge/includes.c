// SPDX-License-Identifier: GPL-2.0
#include "judge/includes.h"

#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/util.h"

const char *include_name(const char *path)
{
	const char *p = path, *hit = NULL;

	while ((p = strstr(p, "/include/"))) {
		hit = p + strlen("/include/");
		p++;
	}
	return hit ? hit : path;
}

char *include_tree_parse(const char *log, struct include_tree *tree)
{
	struct strbuf rest;
	const char *cur = log, *line;
	int guards = 0;
	size_t n;

	tree->entries = NULL;
	tree->n = 0;
	sb_init(&rest);
	sb_add(&rest, "");
	while ((line = next_line_span(&cur, &n))) {
		size_t dots = strspn(line, ".");

		if (dots > 0 && dots < n && line[dots] == ' ') {
			struct include_entry *e = push(&tree->entries, &tree->n, sizeof(*e));

			e->depth = (int)dots;
			e->path = xstrndup(line + dots + 1, n - dots - 1);
		} else if (!strncmp(line, "Multiple include guards may be useful for:", 42)) {
			guards = 1;
		} else if (guards && n && line[0] != ' ' && !memchr(line, ' ', n)) {
			/* a file of gcc's include guard list */
		} else {
			guards = 0;
			sb_addn(&rest, line, n);
			if (line[n] == '\n')
				sb_addc(&rest, '\n');
		}
	}
	return sb_detach(&rest);
}

void include_tree_free(struct include_tree *tree)
{
	int i;

	for (i = 0; i < tree->n; i++)
		free(tree->entries[i].path);
	free(tree->entries);
	tree->entries = NULL;
	tree->n = 0;
}

int include_count(const struct include_tree *tree)
{
	int i, j, count = 0;

	for (i = 0; i < tree->n; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(tree->entries[j].path, tree->entries[i].path))
				break;
		count += j == i;
	}
	return count;
}

char *include_chain(const struct include_tree *tree, const char *header)
{
	int i, k;

	for (i = 0; i < tree->n; i++) {
		const struct include_entry *e = &tree->entries[i];
		struct strbuf sb;
		int *chain, want;

		if (strcmp(include_name(e->path), header))
			continue;
		/* walk back: the nearest earlier entry one level up is the includer */
		chain = xcalloc(e->depth, sizeof(int));
		want = e->depth;
		for (k = i; k >= 0 && want > 0; k--) {
			if (tree->entries[k].depth == want) {
				chain[want - 1] = k;
				want--;
			}
		}
		sb_init(&sb);
		for (k = 0; k < e->depth; k++)
			sb_addf(&sb, "%s%s", k ? " -> " : "", include_name(tree->entries[chain[k]].path));
		free(chain);
		return sb_detach(&sb);
	}
	return NULL;
}

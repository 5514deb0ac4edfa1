// SPDX-License-Identifier: GPL-2.0
/* OUT/shard: what this run is, so that merge joins only the parts of one run. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "base/version.h"
#include "run/stages.h"
#include "shard/shard_file.h"

/* The commit a git tree's HEAD names: its id, read from .git without
 * running git (a detached HEAD holds it, a branch names a ref file or a
 * line of packed-refs), or NULL. */
static char *git_head(const char *tree)
{
	char *path = xasprintf("%s/.git/HEAD", tree), *head = read_first_line(path), *id = NULL;

	free(path);
	if (!head)
		return NULL;
	if (!starts_with(head, "ref: ")) {
		id = head;
		return id;
	}
	path = xasprintf("%s/.git/%s", tree, head + 5);
	id = read_first_line(path);
	free(path);
	if (!id) {
		char *packed = xasprintf("%s/.git/packed-refs", tree);
		char *text = read_file(packed, NULL), *p, *line;

		for (p = text; p && !id && (line = strsep(&p, "\n"));) {
			char *sp = strchr(line, ' ');

			if (sp && !strcmp(sp + 1, head + 5))
				id = xstrndup(line, (size_t)(sp - line));
		}
		free(text);
		free(packed);
	}
	free(head);
	return id;
}

/* The tree's identity across machines: the series stamp of a prepared
 * default tree (its first line), else the commit of a git tree, else
 * "unknown" (then only the plan tells runs apart).  Not the plan's
 * identity, which holds file times that differ between two checkouts. */
static char *tree_identity(const char *tree)
{
	struct dirent **names;
	int n = scandir(tree, &names, NULL, alphasort), i;
	struct strbuf sb;
	char *id;

	sb_init(&sb);
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;

		if (name[0] == '.' && ends_with(name, ".applied")) {
			char *path = xasprintf("%s/%s", tree, name), *line = read_first_line(path);

			sb_addf(&sb, "%s%s", sb.len ? " " : "", line ? line : name);
			free(line);
			free(path);
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	if (sb.len)
		return sb_detach(&sb);
	sb_release(&sb);
	id = git_head(tree);
	if (id) {
		char *git = xasprintf("git %s", id);

		free(id);
		return git;
	}
	return xstrdup("unknown");
}

int write_shard_file(const struct run_opts *o, char **cells, int ncells, char **stems, int nstems, int **owner)
{
	char *path = xasprintf("%s/shard", o->out);
	struct shard_id id = { 0 };
	int i, j, ret = -1;

	id.version = (char *)hdrtest_version();
	id.catalog = shard_catalog_hash(o->catalog_files, o->ncatalog_files);
	id.tree = tree_identity(o->tree);
	id.plan = shard_plan_hash(o->out);
	id.index = o->shard;
	id.total = o->nshards;
	if (!id.catalog || !id.plan)
		goto out;
	if (o->nshards > 1)
		for (i = 0; i < ncells; i++)
			for (j = 0; j < nstems; j++)
				if (owner[i][j] == o->shard)
					shard_id_add(&id, cells[i], stems[j]);
	ret = shard_file_write(path, &id);
out:
	free(id.catalog);
	free(id.tree);
	free(id.plan);
	id.version = id.catalog = id.tree = id.plan = NULL;
	shard_id_free(&id);
	free(path);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * gen for every cell of the plan, the catalog read once: each cell's plan
 * and what its prepare step left decide whether it gets TUs, is skipped
 * or is in error.
 */
#include "generate/cells.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/lines.h"
#include "base/util.h"
#include "generate/emit.h"
#include "generate/prepared.h"
#include "model/kconfig.h"
#include "plan/plan.h"

/* The cells of the plan (OUT/cells), one a line. */
int read_cells(const char *out, char ***cells)
{
	char *path = xasprintf("%s/cells", out), *text = read_text_file(path, NULL, "ARCH/CONFIG lines");
	char *line, *cur;
	int n = 0;

	*cells = NULL;
	if (!text) {
		error("cannot read %s (run 'hdrtest plan' first)", path);
		free(path);
		return -1;
	}
	free(path);
	cur = text;
	while ((line = next_line(&cur))) {
		if (*line)
			*(char **)push(cells, &n, sizeof(char *)) = xstrdup(line);
	}
	free(text);
	return n;
}

/* A kbuild dir whose .config lost part of the config's fragment is a skip:
 * the config does not exist on this arch. */
static char *lost_reason(const struct gen_opts *o, const char *kdir, const char *tree)
{
	char *path = xasprintf("%s/.config", kdir), *lost, *reason = NULL;
	struct kconfig *kc = kconfig_read(path);

	free(path);
	if (!kc)
		return NULL;
	lost = fragment_lost(catalog_config(o->cat, o->config), kc, tree);
	if (lost)
		reason = xasprintf("config %s not available on arch %s: Kconfig did not keep %s", o->config, o->arch,
				   lost);
	free(lost);
	kconfig_free(kc);
	return reason;
}

static int generate_one(struct gen_opts *o, const char *out, const char *cell)
{
	struct plan plan;
	struct prepared prep;
	char *path, *reason = NULL;
	int ret = -1;

	path = xasprintf("%s/%s/plan", out, cell);
	if (plan_read(path, &plan)) {
		free(path);
		return -1;
	}
	free(path);
	path = xasprintf("%s/%s/prepared", out, cell);
	if (prepared_read(path, &prep))
		goto out_plan;
	o->arch = plan_get(&plan, "arch");
	o->config = plan_get(&plan, "config");
	o->overlay = plan_get(&plan, "overlay");
	if (!o->arch || !o->config || !catalog_arch(o->cat, o->arch) || !catalog_config(o->cat, o->config)) {
		error("%s/%s/plan: not a plan of this catalog's cell %s (run 'hdrtest plan' again)", out, cell,
		      cell);
		goto out;
	}
	if (o->overlay && !*o->overlay)
		o->overlay = NULL;
	o->kbuild = prep.kdir;
	o->skip = prep.skip;
	o->error = prep.error;
	if (prep.kdir && (reason = lost_reason(o, prep.kdir, plan_get(&plan, "tree")))) {
		fprintf(stderr, "  SKIP    %s: %s\n", cell, reason);
		o->kbuild = NULL;
		o->skip = reason;
	}
	o->out = xasprintf("%s/%s", out, cell);
	ret = generate_cell(o);
	free((char *)o->out);
out:
	free(reason);
	prepared_free(&prep);
out_plan:
	free(path);
	plan_free(&plan);
	return ret;
}

/* Is cell one of only[0..nonly)? No list means every cell. */
static int wanted(const char *cell, char **only, int nonly)
{
	int i;

	for (i = 0; i < nonly; i++)
		if (!strcmp(only[i], cell))
			return 1;
	return !only;
}

int generate_cells(const struct gen_opts *base, const char *out, char **only, int nonly)
{
	struct gen_opts o;
	char **cells;
	int n = read_cells(out, &cells), i, ret = 0;

	if (n < 0)
		return -1;
	for (i = 0; i < nonly; i++) {
		int j;

		for (j = 0; j < n && strcmp(cells[j], only[i]); j++)
			;
		if (j == n) {
			error("cell '%s' is not in the plan (%s/cells)", only[i], out);
			ret = -1;
		}
	}
	for (i = 0; i < n; i++) {
		o = *base;
		if (!ret && wanted(cells[i], only, nonly) && generate_one(&o, out, cells[i]))
			ret = -1;
		free(cells[i]);
	}
	free(cells);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The header a fix includes for a name whose definition lives in a
 * layer the kernel reaches through its own headers: u8 is defined in
 * asm-generic/int-ll64.h, which linux/ headers get from linux/types.h
 * (through uapi/linux/types.h, the arch's asm/types.h and
 * asm-generic/types.h); BIT() in vdso/bits.h, which they get from
 * linux/bits.h: a header of the first rank for the user (first_rank:
 * its own top dir, or linux/).  Including the layer's header itself is
 * what no maintainer takes (asm-generic/ breaks arches whose asm/ header
 * comes first), and when it is refused the next definer found may be
 * one nobody would pick: acpi/actypes.h's own u8.
 */
#define _GNU_SOURCE
#include "scan/home.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "scan/headers.h"

/* How deep the walk back goes: linux/types.h is 4 includes above u8. */
#define HOME_MAX_DEPTH 6

int needs_home(const char *path)
{
	return starts_with(path, "include/asm-generic/") || starts_with(path, "include/vdso/") ||
	       starts_with(path, "include/uapi/");
}

struct walk {
	char **names;		/* every name met, in the order met */
	int *depth;		/* of each name */
	int n;
};

static void walk_add(struct walk *w, const char *name, int depth)
{
	int i;

	for (i = 0; i < w->n; i++)
		if (!strcmp(w->names[i], name))
			return;
	*(char **)push(&w->names, &w->n, sizeof(char *)) = xstrdup(name);
	w->depth = xrealloc(w->depth, w->n * sizeof(*w->depth));
	w->depth[w->n - 1] = depth;
}

/* The names f is included by: "linux/mm.h"; a uapi header
 * "uapi/linux/types.h", and its plain name only when no kernel header
 * shadows it.  Not an arch's own headers: what one arch's asm/X brings
 * in, the others' need not (asm-generic/X stands for the asm/X of the
 * arches that have none). */
static void add_names_of(const struct scan_index *ix, const struct scan_file *f, struct walk *w, int depth)
{
	char *uapi;

	if (!f->include_name || !starts_with(f->path, "include/"))
		return;
	if (!starts_with(f->path, "include/uapi/")) {
		walk_add(w, f->include_name, depth);
		return;
	}
	uapi = xasprintf("uapi/%s", f->include_name);
	walk_add(w, uapi, depth);
	free(uapi);
	if (!common_file(ix, f->include_name))
		walk_add(w, f->include_name, depth);
}

/* Whether f includes name outside any #if (the guard is none). */
static int includes_always(const struct scan_file *f, const char *name)
{
	int i;

	for (i = 0; i < f->nincludes; i++)
		if (!f->includes[i].cond && !strcmp(f->includes[i].name, name))
			return 1;
	return 0;
}

char *home_header(const struct scan_index *ix, const struct scan_file *definer, const char *culprit,
		  char *const *forbids, int nforbids, int *weight)
{
	struct walk w = { NULL, NULL, 0 };
	char *best = NULL;
	int best_w = 0, best_users = 0, next = 0, i;

	add_names_of(ix, definer, &w, 0);
	while (next < w.n) {
		const char *name = w.names[next];
		int depth = w.depth[next++], alias;

		if (depth >= HOME_MAX_DEPTH)
			continue;
		/* an asm/ header an arch does not have is asm-generic's */
		for (alias = 0; alias < 2; alias++) {
			const struct scan_file *const *by;
			char *as = NULL;
			int nby;

			if (alias && !starts_with(name, "asm-generic/"))
				break;
			if (alias)
				as = xasprintf("asm/%s", name + strlen("asm-generic/"));
			nby = scan_includers(ix, as ? as : name, &by);
			for (i = 0; i < nby; i++) {
				const struct scan_file *g = by[i];
				const char *gn = g->include_name;
				const struct scan_file *const *users;
				int wt, cycle, nusers;

				if (!gn || !includes_always(g, as ? as : name))
					continue;
				if (common_file(ix, gn) != g || !first_rank(gn, culprit)) {
					add_names_of(ix, g, &w, depth + 1);
					continue;
				}
				if (!strcmp(gn, culprit))
					continue;
				if (str_listed(forbids, nforbids, gn))
					continue;
				/* the one the tree includes most, then the
				 * lightest: the weight does not count what an asm/
				 * header pulls in (linux/count_zeros.h, which
				 * includes asm/bitops.h, would beat linux/types.h
				 * for u8), nor does the distance
				 * (linux/io-64-nonatomic-hi-lo.h includes
				 * asm-generic/int-ll64.h itself); the closure only
				 * of those still in the race */
				nusers = scan_includers(ix, gn, &users);
				if (best && nusers < best_users)
					continue;
				wt = closure_size(ix, gn, culprit, &cycle);
				if (cycle)
					continue;
				if (best && nusers == best_users && (wt > best_w || (wt == best_w && strcmp(gn, best) > 0)))
					continue;
				free(best);
				best = xstrdup(gn);
				best_w = wt;
				best_users = nusers;
			}
			free(as);
		}
	}
	for (i = 0; i < w.n; i++)
		free(w.names[i]);
	free(w.names);
	free(w.depth);
	*weight = best_w;
	return best;
}

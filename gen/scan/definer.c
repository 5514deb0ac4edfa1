// SPDX-License-Identifier: GPL-2.0
/*
 * Which header to include for a name a header uses and does not get:
 * the one make fix adds, and the one explain's why-line names.  Of the
 * headers that define it, the first rank (its user's own top dir, or
 * linux/) before the second, then an unconditional definition, then the
 * lightest; a name of a layer reached through the kernel's own headers
 * (asm-generic/, vdso/, uapi/) through those (home.c).
 */
#define _GNU_SOURCE
#include "scan/definer.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "scan/headers.h"
#include "scan/home.h"

/* A definition the kernel never compiles: raid/pq.h's u8 and PAGE_SIZE
 * for its user-space build, under #ifndef __KERNEL__. */
static int user_space_only(const struct scan_def *d)
{
	const struct scan_cond *c;

	for (c = d->cond; c; c = c->parent)
		if (!strcmp(c->text, "!defined(__KERNEL__)"))
			return 1;
	return 0;
}

/* Whether f may be included only where its includers include it: no
 * include guard, and a definition a second inclusion repeats (a function
 * body, a struct, union or enum): linux/cgroup_refcnt.h's css_get(),
 * which linux/cgroup.h includes once.  Prototypes and macros repeat
 * harmlessly. */
static int once_only(const struct scan_file *f)
{
	int i;

	if (f->guard)
		return 0;
	for (i = 0; i < f->ndefs; i++) {
		enum scan_kind k = f->defs[i]->kind;

		if (k == SCAN_FUNC || k == SCAN_STRUCT || k == SCAN_UNION || k == SCAN_ENUM)
			return 1;
	}
	return 0;
}

/* The header of the culprit's own dir (or linux/) that brings d's file in
 * (home_header()), when that file is included only through its includers
 * (once_only), or is of a layer reached that way and of another dir than
 * the culprit: an asm-generic/ header includes its neighbours itself. */
static char *home_of(const struct scan_index *ix, const struct scan_def *d, const char *culprit,
		     char *const *forbids, int nforbids, int *weight)
{
	char *as_included, *home = NULL;

	if (once_only(d->file))
		return home_header(ix, d->file, culprit, forbids, nforbids, weight);
	if (!needs_home(d->file->path))
		return NULL;
	as_included = starts_with(d->file->path, "include/uapi/") ?
		xasprintf("uapi/%s", d->file->include_name) : xstrdup(d->file->include_name);
	if (!same_top_dir(as_included, culprit))
		home = home_header(ix, d->file, culprit, forbids, nforbids, weight);
	free(as_included);
	return home;
}

/* Keeps include (taking it) for d in out when it ranks before what out
 * has: the first rank (first_rank()) before the second, then an
 * unconditional definition before one under #if, then the fewer headers
 * pulled in, then the name that sorts first: the same choice whatever the
 * order of the definitions. */
static void take_better(struct definer *out, char *include, const struct scan_def *d, const char *culprit,
			int weight)
{
	int rank = !first_rank(include, culprit), cond = d->cond != NULL, diff;

	if (!out->include)
		diff = -1;
	else if (rank != out->rank)
		diff = rank - out->rank;
	else if (cond != out->cond)
		diff = cond - out->cond;
	else if (weight != out->weight)
		diff = weight - out->weight;
	else
		diff = strcmp(include, out->include);
	if (diff >= 0) {
		free(include);
		return;
	}
	free(out->include);
	out->include = include;
	out->def = d;
	out->weight = weight;
	out->rank = rank;
	out->cond = cond;
}

/* z is not the one: why, for the one line a fix without a patch says */
static void refuse(struct definer *out, const char *z, const char *why, int forbidden)
{
	sb_addf(&out->refused, "%s%s (%s)", out->nrefused++ ? ", " : "", z, why);
	if (!forbidden)
		out->only_forbidden = 0;
}

/* Whether z is refused already: a header that defines the name twice (a
 * stub under #else) is refused once. */
static int refused_already(const struct definer *out, const char *z)
{
	char *as_entry = xasprintf("%s (", z);
	const char *at = out->nrefused ? strstr(out->refused.buf, as_entry) : NULL;

	free(as_entry);
	return at && (at == out->refused.buf || at[-1] == ' ');
}

void find_definer(const struct scan_index *ix, const char *name, const char *culprit, char *const *forbids,
		  int nforbids, struct definer *out)
{
	const struct scan_def *d;

	memset(out, 0, sizeof(*out));
	sb_init(&out->refused);
	out->only_forbidden = 1;
	for (d = scan_lookup(ix, name); d; d = d->next) {
		const char *z = d->file->include_name;
		char *home;
		int weight, cycle;

		if (!z || is_forward_decl(d->kind) || user_space_only(d))
			continue;
		home = home_of(ix, d, culprit, forbids, nforbids, &weight);
		if (home) {
			take_better(out, home, d, culprit, weight);
			continue;
		}
		if (!common_file(ix, z) || strcmp(common_file(ix, z)->path, d->file->path))
			continue;
		if (!strcmp(z, culprit) || refused_already(out, z))
			continue;
		if (str_listed(forbids, nforbids, z)) {
			refuse(out, z, "forbidden", 1);
			continue;
		}
		/* asm-generic/ is what an arch's asm/ header builds on, included
		 * through it: set_bit() from asm-generic/bitops/instrumented-atomic.h
		 * breaks every arch whose asm/bitops.h has not defined arch_set_bit() */
		if (starts_with(z, "asm-generic/") && !starts_with(culprit, "asm-generic/")) {
			refuse(out, z, "asm-generic: included through the arch's asm/ headers", 0);
			continue;
		}
		if (once_only(d->file)) {
			refuse(out, z, "no include guard: included once, by the headers that include it", 0);
			continue;
		}
		weight = closure_size(ix, z, culprit, &cycle);
		if (cycle) {
			char *why = xasprintf("it includes %s: a cycle", culprit);

			refuse(out, z, why, 0);
			free(why);
			continue;
		}
		take_better(out, xstrdup(z), d, culprit, weight);
	}
}

const struct scan_def *named_definition(const struct scan_index *ix, const char *name, const char *culprit)
{
	const struct scan_def *d, *best = NULL;
	int best_rank = 0;

	for (d = scan_lookup(ix, name); d; d = d->next) {
		const char *z = d->file->include_name;
		int rank = 1;

		if (!z || user_space_only(d))
			continue;
		if (!is_forward_decl(d->kind))
			rank += 4;
		/* an arch's asm/ header by its generic name: PAGE_SIZE */
		if (first_rank(z, culprit) || starts_with(z, "asm/") || starts_with(z, "asm-generic/"))
			rank += 2;
		if (starts_with(d->file->path, "include/") && !starts_with(d->file->path, "include/uapi/"))
			rank += 1;
		if (rank > best_rank) {
			best = d;
			best_rank = rank;
		}
	}
	return best;
}

/* The basename of an arch header's path, "page.h" for
 * arch/x86/include/asm/page.h, arch/x86/include/uapi/asm/page.h or
 * include/asm-generic/page.h; NULL for any other. */
static const char *asm_basename(const char *path)
{
	const char *p = NULL, *arch_end = starts_with(path, "arch/") ? strchr(path + 5, '/') : NULL;

	if (starts_with(path, "include/asm-generic/"))
		p = path + 20;
	else if (arch_end && starts_with(arch_end, "/include/asm/"))
		p = arch_end + 13;
	else if (arch_end && starts_with(arch_end, "/include/uapi/asm/"))
		p = arch_end + 18;
	return p && *p && !strchr(p, '/') ? p : NULL;
}

/* Whether asm/base names a header the kernel's own headers include: one
 * every arch has (its own or kbuild's mandatory wrapper), unlike
 * asm/memory_model.h, which only arch headers include as
 * asm-generic/memory_model.h. */
static int asm_name_used(const struct scan_index *ix, const char *base)
{
	const struct scan_file *const *by;
	char *z = xasprintf("asm/%s", base);
	int n = scan_includers(ix, z, &by), i, used = 0;

	for (i = 0; i < n && !used; i++)
		used = starts_with(by[i]->path, "include/linux/");
	free(z);
	return used;
}

/* Counts base once more in bases/counts. */
static void count_base(const char ***bases, int **counts, int *nbases, const char *base)
{
	int i;

	for (i = 0; i < *nbases && strcmp((*bases)[i], base); i++)
		;
	if (i == *nbases) {
		*(const char **)push(bases, nbases, sizeof(char *)) = base;
		*counts = xrealloc(*counts, *nbases * sizeof(int));
		(*counts)[i] = 0;
	}
	(*counts)[i]++;
}

char *asm_definer(const struct scan_index *ix, const char *name, char *const *forbids, int nforbids)
{
	const struct scan_def *d;
	const char **bases = NULL;
	int *arches = NULL, nbases = 0, best = -1, i;
	char *z = NULL;

	for (d = scan_lookup(ix, name); d; d = d->next) {
		const struct scan_file *const *by;
		const char *b;
		int n;

		if (is_forward_decl(d->kind) || user_space_only(d))
			continue;
		if (!(b = asm_basename(d->file->path))) {
			free(bases);
			free(arches);
			return NULL;	/* a definition outside the arch headers */
		}
		if (asm_name_used(ix, b) || !starts_with(d->file->path, "include/asm-generic/")) {
			count_base(&bases, &arches, &nbases, b);
			continue;
		}
		/* an asm-generic/ header no asm/ name stands for: the arch
		 * headers that include it (asm/page.h for memory_model.h) */
		n = scan_includers(ix, d->file->include_name, &by);
		for (i = 0; i < n; i++)
			if (starts_with(by[i]->path, "arch/") && (b = asm_basename(by[i]->path)))
				count_base(&bases, &arches, &nbases, b);
	}
	for (i = 0; i < nbases; i++) {
		if (!asm_name_used(ix, bases[i]))
			continue;
		if (best < 0 || arches[i] > arches[best] || (arches[i] == arches[best] && strcmp(bases[i], bases[best]) < 0))
			best = i;
	}
	if (best >= 0) {
		z = xasprintf("asm/%s", bases[best]);
		for (i = 0; i < nforbids; i++)
			if (!strcmp(forbids[i], z)) {
				free(z);
				z = NULL;
				break;
			}
	}
	free(bases);
	free(arches);
	return z;
}

void definer_release(struct definer *d)
{
	free(d->include);
	sb_release(&d->refused);
	memset(d, 0, sizeof(*d));
}

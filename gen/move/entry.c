// SPDX-License-Identifier: GPL-2.0
/*
 * TO's catalog entry: "header TO", then a line per moved symbol, in TO's
 * order, as catalog-update writes it from the definitions
 * (catalog_update_line(): kind, signature, nocall, the #if condition),
 * so that the tests of TO follow the move.
 */
#include <stdlib.h>

#include "catalog/catalog_update.h"
#include "move/work.h"

static int cmp_first_line(const void *a, const void *b)
{
	const struct move_symbol *x = *(const struct move_symbol *const *)a, *y = *(const struct move_symbol *const *)b;

	return x->defs[0]->line - y->defs[0]->line;
}

char *move_catalog_entry(const struct move_work *w)
{
	static const struct catalog none;
	const struct catalog *cat = w->o->cat ? w->o->cat : &none;
	struct move_symbol **order = xmalloc((w->m->nsyms + 1) * sizeof(*order));
	struct strbuf sb;
	int i;

	for (i = 0; i < w->m->nsyms; i++)
		order[i] = &w->m->syms[i];
	qsort(order, w->m->nsyms, sizeof(*order), cmp_first_line);
	sb_init(&sb);
	sb_addf(&sb, "header %s\n", w->m->to);
	for (i = 0; i < w->m->nsyms; i++) {
		char *line = catalog_update_line(cat, w->ix, order[i]->name, order[i]->defs, order[i]->ndefs);

		sb_addf(&sb, "\t%s\n", line);
		free(line);
	}
	free(order);
	return sb_detach(&sb);
}

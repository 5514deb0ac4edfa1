// SPDX-License-Identifier: GPL-2.0
/* Catalog conditions (gen/cond.c): parse; a condition that parses must
 * print as text that parses back to the same text and the same values. */
#include <stdlib.h>
#include <string.h>

#include "model/cond.h"
#include "fuzz.h"

/* Names besides CONFIG_*: as if an earlier define line made them. */
static int name_ok(const char *name, void *ctx)
{
	return !strncmp(name, "WANT_", 5);
}

/* Any fixed answer per name will do: ctx flips half of them. */
static int value(const char *name, void *ctx)
{
	return (strlen(name) + *(int *)ctx) % 2;
}

static void count(const char *name, void *ctx)
{
	(*(int *)ctx)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct loc loc = { "fuzz.cat", 1, 1 };
	char *text = fuzz_string(data, size), *canon, *again;
	struct ifexpr *c, *c2;
	int flip, n = 0;

	fuzz_quiet();
	c = cond_parse(text, &loc, name_ok, NULL);
	if (!c) {
		free(text);
		return 0;
	}
	cond_visit(c, count, &n);
	canon = ifexpr_to_string(c);
	/* a long flat chain prints deeper than it parsed: only short ones */
	if (strlen(canon) <= COND_MAX_DEPTH) {
		c2 = cond_parse(canon, &loc, name_ok, NULL);
		if (!c2)
			abort();
		again = ifexpr_to_string(c2);
		if (strcmp(canon, again))
			abort();
		for (flip = 0; flip < 2; flip++)
			if (cond_eval(c, value, &flip) != cond_eval(c2, value, &flip))
				abort();
		free(again);
		ifexpr_free(c2);
	}
	free(canon);
	ifexpr_free(c);
	free(text);
	return 0;
}

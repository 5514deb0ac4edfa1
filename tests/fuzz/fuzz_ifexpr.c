// SPDX-License-Identifier: GPL-2.0
/* #if expressions (gen/cpp/ifexpr.c) in both languages: an error has a
 * position inside the input; an expression that parses prints as text
 * that parses back to the same text. */
#include <stdlib.h>
#include <string.h>

#include "cpp/ifexpr.h"
#include "fuzz.h"

static void one(const uint8_t *data, size_t size, enum ifx_lang lang)
{
	struct loc loc = { "fuzz.h", 1, 1 };
	const char *text = (const char *)data;
	struct ifx_error err;
	struct ifexpr *e = ifexpr_parse(text, size, &loc, lang, NULL, NULL, &err), *again;
	char *s, *s2;

	if (!e) {
		if (err.kind == IFX_OK || err.loc.line < 1 || err.loc.col < 1 || err.at < text ||
		    err.at + err.n > text + size)
			abort();
		ifexpr_print_error(&err);
		return;
	}
	if (err.kind != IFX_OK || e->depth > COND_MAX_DEPTH)
		abort();
	s = ifexpr_to_string(e);
	/* "(a && b) && (c && d)" prints as a flat chain, one level deeper:
	 * only text too short to be too deep must parse back */
	if (strlen(s) <= COND_MAX_DEPTH) {
		again = ifexpr_parse(s, strlen(s), &loc, lang, NULL, NULL, &err);
		if (!again)
			abort();
		s2 = ifexpr_to_string(again);
		if (strcmp(s, s2))
			abort();
		free(s2);
		ifexpr_free(again);
	}
	free(s);
	ifexpr_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_quiet();
	one(data, size, IFX_CPP);
	one(data, size, IFX_LOGIC);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* A header's text as the judge reads an #error that stopped a TU
 * (error_guard_at, gen/catalog/catalog_init.c), asked of every line, and
 * as catalog-init reads it (standalone_guard): a guarded #error is quoted
 * at its own line, an arch guard names its macros, and catalog-init's
 * answer is the judge's for that line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_init.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *alone, *at;
	struct error_guard g;
	int line, nlines = 1, alone_line = 0;
	const char *p;

	fuzz_quiet();
	for (p = text; *p; p++)
		nlines += *p == '\n';
	alone = standalone_guard(text, "h.h");
	if (alone && sscanf(alone, "h.h:%d: ", &alone_line) != 1)
		abort();
	for (line = 0; line <= nlines + 1; line++) {
		enum error_guard_kind kind = error_guard_at(text, "h.h", line, &g);

		if (kind == EG_NONE) {
			if (g.quote || g.macros)
				abort();
			continue;
		}
		at = xasprintf("h.h:%d: ", line);
		if (!g.quote || strncmp(g.quote, at, strlen(at)) || strchr(g.quote, '\n') || strchr(g.quote, '"'))
			abort();
		if ((kind == EG_ARCH) != (g.macros && *g.macros))
			abort();
		/* catalog-init's first guard is this line's, and the same words */
		if (kind == EG_INCLUSION && (!alone || line < alone_line))
			abort();
		if (line == alone_line && (kind != EG_INCLUSION || strcmp(alone, g.quote)))
			abort();
		free(at);
		error_guard_free(&g);
	}
	free(alone);
	free(text);
	return 0;
}

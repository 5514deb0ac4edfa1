// SPDX-License-Identifier: GPL-2.0
/* The names a patch of a series writes (gen/series/patch_names.c), which
 * hdrtest series removes and writes again at the next reset: every name
 * it accepts must be relative, with no empty, "." or ".." component and
 * no control character (checked here on its own, not by the parser's
 * own patch_name_refusal()), read from a line the patch has. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "series/patch_names.h"

static void check_name(const char *name)
{
	const char *p = name, *comp = name;

	if (!*name || *name == '/')
		abort();
	for (;; p++) {
		if ((*p && (unsigned char)*p < 0x20) || *p == 0x7f)
			abort();
		if (*p && *p != '/')
			continue;
		if (p == comp || (p - comp == 1 && comp[0] == '.') || (p - comp == 2 && !strncmp(comp, "..", 2)))
			abort();
		if (!*p)
			break;
		comp = p + 1;
	}
	if (patch_name_refusal(name))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the bytes as read_file() gives them: a NUL stays in, one ends them */
	char *text = malloc(size + 1);
	struct patch_name *names;
	int n, i, lines = 1;
	size_t k;

	fuzz_quiet();
	memcpy(text, data, size);
	text[size] = '\0';
	for (k = 0; k < size; k++)
		lines += data[k] == '\n';
	if (!patch_file_names("fuzz.patch", text, size, &names, &n)) {
		if (fuzz_has_nul(data, size))
			abort();
		for (i = 0; i < n; i++) {
			check_name(names[i].name);
			if (names[i].line < 1 || names[i].line > lines)
				abort();
		}
		patch_names_free(names, n);
	} else if (names || n) {
		abort();
	}
	free(text);
	return 0;
}

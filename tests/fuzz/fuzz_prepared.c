// SPDX-License-Identifier: GPL-2.0
/* What the prepare step left for a cell (gen/generate/prepared.c), as
 * gen reads it: exactly one of kdir, skip and error, or an error. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "generate/prepared.h"

/* A reason goes on to the reports: no control character but a tab. */
static int printable(const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; p && *p; p++)
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			return 0;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = fuzz_file("x86_64/defconfig/prepared", data, size);
	struct prepared p;
	int ret, set;

	fuzz_quiet();
	ret = prepared_read(path, &p);
	set = !!p.kdir + !!p.skip + !!p.error;
	if (ret ? set != 0 : set != 1)
		abort();
	if (!ret && fuzz_has_nul(data, size))
		abort();
	/* a kdir is a dir gen reads files in: never empty, one line */
	if (p.kdir && (!*p.kdir || strchr(p.kdir, '\n')))
		abort();
	if (!printable(p.skip) || !printable(p.error))
		abort();
	prepared_free(&p);
	free(path);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* kbuild's .cmd files (gen/generate/kbuild_cmd.c): the input as
 * mm/.mmzone.o.cmd, whose command gen makes generic. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "generate/kbuild_cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = fuzz_file("kbuild/mm/.mmzone.o.cmd", data, size), *kdir;
	struct kbuild_cmd *kc;

	fuzz_quiet();
	kdir = xasprintf("%s/kbuild", fuzz_dir());
	kc = kbuild_cmd_extract(kdir, "mm/mmzone.o");
	if (kc && fuzz_has_nul(data, size))
		abort();
	kbuild_cmd_free(kc);
	free(path);
	free(kdir);
	return 0;
}

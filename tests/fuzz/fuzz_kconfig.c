// SPDX-License-Identifier: GPL-2.0
/* The .config reader (gen/kconfig.c). */
#include <stdlib.h>

#include "fuzz.h"
#include "model/kconfig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = fuzz_file(".config", data, size);
	struct kconfig *kc;

	fuzz_quiet();
	kc = kconfig_read(path);
	if (kc && fuzz_has_nul(data, size))
		abort();
	if (kc) {
		kconfig_defined(kc, "CONFIG_MMU");
		kconfig_defined(kc, "CONFIG_KASAN_MODULE");
		kconfig_value(kc, "CONFIG_NR_CPUS");
	}
	kconfig_free(kc);
	free(path);
	return 0;
}

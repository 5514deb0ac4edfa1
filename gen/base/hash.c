// SPDX-License-Identifier: GPL-2.0
#include "base/hash.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"

#define FNV_PRIME 0x100000001b3ULL

uint64_t hash_bytes(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= FNV_PRIME;
	}
	return h;
}

int hash_file_into(uint64_t *h, const char *path)
{
	size_t len;
	char *text = read_file(path, &len), sep[32];
	int n;

	if (!text)
		return error("cannot read %s: %s", path, strerror(errno));
	*h = hash_bytes(*h, text, len);
	n = snprintf(sep, sizeof(sep), "\n%zu\n", len);
	*h = hash_bytes(*h, sep, (size_t)n);
	free(text);
	return 0;
}

char *hash_hex(uint64_t h)
{
	return xasprintf("%016llx", (unsigned long long)h);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* FNV-1a, 64 bits: a fingerprint of some bytes (the catalog, a run's plan)
 * that two runs compare, not a defence against anyone forging one. */
#ifndef HDRTEST_HASH_H
#define HDRTEST_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The hash of no bytes: where every hash starts. */
#define HASH_INIT 0xcbf29ce484222325ULL

/* h with the n bytes at data added; returns the new hash. */
uint64_t hash_bytes(uint64_t h, const void *data, size_t n);

/* *h with the bytes of the file at path added, then its length (so that
 * the files "ab" "c" and "a" "bc" hash apart).  0, or -1 after the error
 * "cannot read PATH: REASON" (*h is then as it was). */
int hash_file_into(uint64_t *h, const char *path);

/* h as 16 lower-case hex digits (caller frees). */
char *hash_hex(uint64_t h);

#endif

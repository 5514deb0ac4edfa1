/* SPDX-License-Identifier: GPL-2.0 */
/* What the fuzz targets share: the parsers read files, so each input is
 * written to a scratch dir first; diagnostics are thrown away. */
#ifndef HDRTEST_FUZZ_H
#define HDRTEST_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* This process's scratch dir (made on first use, removed at exit). */
const char *fuzz_dir(void);
/* Write data[0..size) to fuzz_dir()/rel (parent dirs made); returns
 * the path, which the caller frees. */
char *fuzz_file(const char *rel, const uint8_t *data, size_t size);
/* data[0..size) as a NUL-terminated string (caller frees). */
char *fuzz_string(const uint8_t *data, size_t size);
/* Diagnostics to /dev/null and the error count reset: call per input. */
void fuzz_quiet(void);
/* Whether data[0..size) holds a NUL byte: then no text parser may
 * accept it (a NUL ended the text early once, without a word). */
int fuzz_has_nul(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif

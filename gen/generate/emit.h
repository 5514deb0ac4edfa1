/* SPDX-License-Identifier: GPL-2.0 */
/* The generator: one TU per catalogued header for one (arch, config)
 * cell, written through the m4 templates, plus its TU and slim lists,
 * compile script and manifest. */
#ifndef HDRTEST_EMIT_H
#define HDRTEST_EMIT_H

#include "model/catalog.h"

struct gen_opts {
	const struct catalog *cat;
	const char *arch;
	const char *config;
	const char *kbuild;	/* prepared build dir with .config and
				   the object prepare built; NULL when skipping */
	const char *skip;	/* why the cell is skipped, or NULL */
	const char *error;	/* why kbuild could not prepare the cell, or NULL */
	const char *overlay;	/* include dir searched first, or NULL */
	const char *templates;	/* dir with hdrtest.m4 and tu.c.m4 */
	const char *m4;		/* the m4 program */
	const char *out;	/* the cell dir, out/<arch>/<config> */
};

/* Returns 0, or -1 after error messages; on error nothing in out changes. */
int generate_cell(const struct gen_opts *o);

/* The TU path (relative to the cell dir, without .c) for a header. */
char *tu_stem(const char *header);

#endif

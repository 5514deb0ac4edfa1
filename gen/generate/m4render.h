/* SPDX-License-Identifier: GPL-2.0 */
/* Rendering a template: the generator writes its data as m4 definitions
 * (m4_define(⟦m4_HT_NAME⟧, ⟦value⟧)) and runs m4 -P -E over the prelude,
 * the definitions and the template.  Values are validated before they get
 * here: they cannot contain the quote characters ⟦ ⟧ nor a name that
 * begins with m4_, the prefix of every macro while rendering (m4_def
 * refuses both all the same), and the prelude takes away every builtin
 * that reaches outside m4 (syscmd, include, m4exit...). */
#ifndef HDRTEST_M4RENDER_H
#define HDRTEST_M4RENDER_H

#include "base/util.h"

void m4_def(struct strbuf *sb, const char *name, const char *value);
void m4_defi(struct strbuf *sb, const char *name, int value);

/* Write defs to defs_path, render templates/<tmpl> into out_path.
 * Returns 0, or -1 after an error message (m4 failed, or its output is
 * empty). */
int m4_render(const char *m4, const char *templates, const char *defs_path, const char *defs,
	      const char *tmpl, const char *out_path);

/* The same for many files (gen: one TU per catalogued header), in at most
 * nproc m4 processes.  Each process renders a group of items from one
 * input (every item's defs, then the template), so m4 starts nproc times,
 * not once per header; the items' data are popped after each one, so an
 * item never sees another's.  A group that fails is rendered again one
 * item at a time, for the message that names the item.  defs_path is where
 * that single render keeps an item's defs.  Returns 0, or -1 after the
 * first failing item's message. */
struct m4_item {
	char *defs_path;
	char *defs;
	char *out_path;
};
int m4_render_many(const char *m4, const char *templates, const char *tmpdir, const char *tmpl,
		   const struct m4_item *items, int n, int nproc);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Rendering a template: the generator writes its data as m4 definitions
 * (m4_define(⟦HT_NAME⟧, ⟦value⟧)) and runs m4 -P -E over the prelude, the
 * definitions and the template.  Values are validated before they get
 * here: they cannot contain the quote characters ⟦ ⟧ (m4_def refuses them
 * all the same), and the prelude takes away every builtin that reaches
 * outside m4 (syscmd, include, m4exit...), should a template rescan one. */
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

#endif

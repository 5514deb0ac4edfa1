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

#include <sys/types.h>

#include "base/util.h"

void m4_def(struct strbuf *sb, const char *name, const char *value);
void m4_defi(struct strbuf *sb, const char *name, int value);

/* Write defs to defs_path, render templates/<tmpl> into out_path.
 * Returns 0, or -1 after an error message (m4 failed, or its output is
 * empty). */
int m4_render(const char *m4, const char *templates, const char *defs_path, const char *defs,
	      const char *tmpl, const char *out_path);

/* The same for many files, up to max m4 processes at once: add() starts
 * one (first waiting for the oldest when max run), finish() waits for
 * the rest.  Both return -1 once any render failed (after its message);
 * every started m4 is waited for by finish(), which must always be
 * called. */
struct m4_job {
	pid_t pid;
	char *template;
	char *out_path;
};
struct m4_batch {
	struct m4_job *running;
	int n, max, failed;
};
void m4_batch_init(struct m4_batch *b, int max);
int m4_batch_add(struct m4_batch *b, const char *m4, const char *templates, const char *defs_path,
		 const char *defs, const char *tmpl, const char *out_path);
int m4_batch_finish(struct m4_batch *b);

#endif

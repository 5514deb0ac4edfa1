// SPDX-License-Identifier: GPL-2.0
#include "generate/m4render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/process.h"

#define M4_LQUOTE "\xe2\x9f\xa6"	/* ⟦ */
#define M4_RQUOTE "\xe2\x9f\xa7"	/* ⟧ */

/* The catalog's checks keep m4's quotes out of every value; should one
 * slip through, it must not end the quoted value early and have m4 run
 * the rest: the definition is replaced by a failure of the m4 run. */
void m4_def(struct strbuf *sb, const char *name, const char *value)
{
	if (strstr(value, M4_LQUOTE) || strstr(value, M4_RQUOTE)) {
		error("the value of HT_%s holds m4's quote characters: not passed to m4", name);
		sb_addf(sb, "ht_fail(⟦HT_%s: a value with quote characters⟧)\n", name);
		return;
	}
	sb_addf(sb, "m4_define(⟦HT_%s⟧, ⟦%s⟧)\n", name, value);
}

void m4_defi(struct strbuf *sb, const char *name, int value)
{
	sb_addf(sb, "m4_define(⟦HT_%s⟧, ⟦%d⟧)\n", name, value);
}

/* Every template renders to something: an empty file means m4 stopped
 * early (an m4exit) without saying so. */
static int check_output(const char *out_path, const char *template)
{
	struct stat st;

	if (stat(out_path, &st)) {
		error("cannot write %s: %s", out_path, strerror(errno));
		return -1;
	}
	if (st.st_size == 0) {
		error("m4 rendered nothing from %s into %s", template, out_path);
		return -1;
	}
	return 0;
}

int m4_render(const char *m4, const char *templates, const char *defs_path, const char *defs,
	      const char *tmpl, const char *out_path)
{
	char *prelude = xasprintf("%s/hdrtest.m4", templates);
	char *template = xasprintf("%s/%s", templates, tmpl);
	char *argv[] = { (char *)m4, "-P", "-E", prelude, (char *)defs_path, template, NULL };
	int rc = -1;

	if (write_text(defs_path, defs) == 0) {
		rc = run_to_file(argv, out_path);
		if (rc > 0)
			error("m4 failed (exit %d) rendering %s into %s", rc, template, out_path);
		if (rc == 0)
			rc = check_output(out_path, template);
	}
	free(prelude);
	free(template);
	return rc ? -1 : 0;
}

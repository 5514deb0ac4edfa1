// SPDX-License-Identifier: GPL-2.0
#include "m4render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

void m4_def(struct strbuf *sb, const char *name, const char *value)
{
	sb_addf(sb, "m4_define(⟦HT_%s⟧, ⟦%s⟧)\n", name, value);
}

void m4_defi(struct strbuf *sb, const char *name, int value)
{
	sb_addf(sb, "m4_define(⟦HT_%s⟧, ⟦%d⟧)\n", name, value);
}

int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		error("cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	fputs(text, f);
	if (fclose(f)) {
		error("cannot write %s: %s", path, strerror(errno));
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
	}
	free(prelude);
	free(template);
	return rc ? -1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The CI job files, rendered from the arch table: one job per arch that
 * has a toolchain here, and the sharded variant of the whole matrix.
 * Arches marked unavailable get no job (it could only skip); the files
 * list them in a comment instead.
 */
#include "generate/ci_files.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "generate/m4render.h"

static char *ci_defs(const struct catalog *cat, int nshards)
{
	struct strbuf sb;
	char key[64], *compiler;
	int i, njob = 0, nout = 0;

	sb_init(&sb);
	sb_add(&sb, "m4_divert(-1)\n");
	for (i = 0; i < cat->narches; i++) {
		const struct arch *a = cat->arches[i];

		if (a->unavailable) {
			nout++;
			snprintf(key, sizeof(key), "OUT_%d_NAME", nout);
			m4_def(&sb, key, a->name);
			snprintf(key, sizeof(key), "OUT_%d_WHY", nout);
			m4_def(&sb, key, a->unavailable);
			continue;
		}
		njob++;
		snprintf(key, sizeof(key), "JOB_%d_ARCH", njob);
		m4_def(&sb, key, a->name);
		/* the job's name shows the compiler, the list's first package */
		snprintf(key, sizeof(key), "JOB_%d_PACKAGE", njob);
		compiler = xstrndup(a->package ? a->package : "",
				    a->package ? strcspn(a->package, ",") : 0);
		m4_def(&sb, key, compiler);
		free(compiler);
	}
	m4_defi(&sb, "NJOB", njob);
	m4_defi(&sb, "NOUT", nout);
	m4_defi(&sb, "NSHARDS", nshards);
	sb_add(&sb, "m4_divert(0)m4_dnl\n");
	return sb_detach(&sb);
}

int write_ci_files(const struct catalog *cat, const char *templates, const char *m4, int nshards,
		   const char *github, const char *gitlab)
{
	char *defs = ci_defs(cat, nshards);
	char *dpath = xasprintf("%s.defs.%ld", github, (long)getpid());
	char *gh_tmp = xasprintf("%s.tmp.%ld", github, (long)getpid());
	char *gl_tmp = xasprintf("%s.tmp.%ld", gitlab, (long)getpid());
	int ret = -1;

	if (m4_render(m4, templates, dpath, defs, "github-workflow.yml.m4", gh_tmp) == 0 &&
	    m4_render(m4, templates, dpath, defs, "gitlab-ci.yml.m4", gl_tmp) == 0 &&
	    install_if_changed(gh_tmp, github) >= 0 && install_if_changed(gl_tmp, gitlab) >= 0)
		ret = 0;
	unlink(dpath);
	unlink(gh_tmp);
	unlink(gl_tmp);
	free(defs);
	free(dpath);
	free(gh_tmp);
	free(gl_tmp);
	return ret;
}

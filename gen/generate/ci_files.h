/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_CI_FILES_H
#define HDRTEST_CI_FILES_H

#include "model/catalog.h"

/* Render the GitHub Actions workflow and the GitLab CI file from the arch
 * table: one job per arch, and the sharded variant (nshards jobs over the
 * whole matrix, then a merge job); each file is replaced only if its
 * bytes change.  0 or -1. */
int write_ci_files(const struct catalog *cat, const char *templates, const char *m4, int nshards,
		   const char *github, const char *gitlab);

#endif

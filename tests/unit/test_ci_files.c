// SPDX-License-Identifier: GPL-2.0
/* The CI job files, rendered with the real templates and m4 from an arch
 * table of two arches, one of them unavailable. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "generate/ci_files.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

static const char arches[] =
	"arch xa karch=x86_64 kconfig=CONFIG_X86_64 package=gcc-xa,binutils-xa\n"
	"arch yb karch=arm64 kconfig=CONFIG_ARM64 package=gcc-yb unavailable=\"no yb toolchain\"\n";

/* Render arches into dir for nshards; *github and *gitlab get the files' text. */
static void render_n(const char *dir, int nshards, char **github, char **gitlab)
{
	char *templates = repo_path("templates"), *diag, *err;
	char *gh = xasprintf("%s/hdrtest.yml", dir), *gl = xasprintf("%s/gitlab-ci.yml", dir);
	struct catalog *cat = read_catalog_text("arches.cat", arches, &diag);

	ck_assert_msg(cat != NULL, "%s", diag);
	free(diag);
	stderr_begin();
	diag_begin();
	ck_assert_int_eq(write_ci_files(cat, templates, "m4", nshards, gh, gl), 0);
	diag = diag_end();
	err = stderr_end();
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(err, "");
	*github = slurp(gh);
	*gitlab = slurp(gl);
	free(err);
	free(diag);
	catalog_free(cat);
	free(gh);
	free(gl);
	free(templates);
}

static void render(const char *dir, char **github, char **gitlab)
{
	render_n(dir, 4, github, gitlab);
}

#define HAS(text, s) ck_assert_msg(strstr(text, s) != NULL, "no '%s' in:\n%s", s, text)
#define LACKS(text, s) ck_assert_msg(strstr(text, s) == NULL, "'%s' in:\n%s", s, text)

START_TEST(test_github)
{
	char *dir = tmp_dir(), *gh, *gl, *s;

	render(dir, &gh, &gl);
	s = dir_list(dir);
	ck_assert_str_eq(s, "gitlab-ci.yml\nhdrtest.yml\n");
	free(s);
	HAS(gh, "\njobs:\n  xa:\n    if: vars.HDRTEST_SHARDED == ''\n    runs-on: ubuntu-latest\n");
	/* the job is named after the compiler, the first package alone */
	HAS(gh, "\n      - name: xa (gcc-xa), every config\n        run: ci/run-arch xa\n");
	LACKS(gh, "binutils-xa");
	/* the unavailable arch: in the comment, no job */
	HAS(gh, "\n#   yb: no yb toolchain\n");
	LACKS(gh, "\n  yb:");
	LACKS(gh, "run-arch yb");
	LACKS(gh, "gcc-yb");
	/* the sharded variant: a matrix of 4 shards, a merge that needs them
	 * and downloads every shard's artifact, even after a shard failed */
	HAS(gh, "\n  shard:\n    if: vars.HDRTEST_SHARDED != ''\n");
	HAS(gh, "\n        shard: [1, 2, 3, 4]\n");
	HAS(gh, "\n      HDRTEST_SHARD: ${{ matrix.shard }}/4\n      HDRTEST_OUT: out/shard-${{ matrix.shard }}\n");
	HAS(gh, "\n  merge:\n    if: always() && vars.HDRTEST_SHARDED != ''\n    needs: shard\n");
	HAS(gh, "\n          pattern: hdrtest-shard-*\n          path: out/shards\n");
	HAS(gh, "\n        run: ci/merge-shards out out/shards/*\n");
	free(gh);
	free(gl);
	free(dir);
}
END_TEST

START_TEST(test_gitlab)
{
	char *dir = tmp_dir(), *gh, *gl;

	render(dir, &gh, &gl);
	HAS(gl, "\nxa:\n  extends: .hdrtest\n  variables:\n    HDRTEST_ARCH: xa\n");
	HAS(gl, "\n#   yb: no yb toolchain\n");
	LACKS(gl, "\nyb:");
	LACKS(gl, "HDRTEST_ARCH: yb");
	/* the per-arch jobs stay out of a sharded pipeline */
	HAS(gl, "\n.hdrtest:\n  extends: .hdrtest-base\n  rules:\n    - if: $HDRTEST_SHARDED\n      when: never\n");
	HAS(gl, "\nhdrtest-shard:\n  extends: .hdrtest-base\n  parallel: 4\n");
	HAS(gl, "\n    HDRTEST_SHARD: $CI_NODE_INDEX/$CI_NODE_TOTAL\n");
	HAS(gl, "\nhdrtest-merge:\n  extends: .hdrtest-base\n  needs:\n    - hdrtest-shard\n");
	HAS(gl, "\n    - $HDRTEST_DIR/ci/merge-shards out out/shard-*\n");
	HAS(gl, "\n    reports:\n      junit: out/results.xml\n");
	free(gh);
	free(gl);
	free(dir);
}
END_TEST

/* The number of shards is the caller's, in both files. */
START_TEST(test_shards)
{
	char *dir = tmp_dir(), *gh, *gl;

	render_n(dir, 12, &gh, &gl);
	HAS(gl, "\n  parallel: 12\n");
	HAS(gh, "\n        shard: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n");
	HAS(gh, "\n      HDRTEST_SHARD: ${{ matrix.shard }}/12\n");
	LACKS(gh, "/4\n");
	free(gh);
	free(gl);
	free(dir);
}
END_TEST

/* Same arch table, same bytes: the committed files are checked for that. */
START_TEST(test_deterministic)
{
	char *dir1 = tmp_dir(), *dir2 = tmp_dir(), *gh1, *gl1, *gh2, *gl2;

	render(dir1, &gh1, &gl1);
	render(dir2, &gh2, &gl2);
	ck_assert_str_eq(gh1, gh2);
	ck_assert_str_eq(gl1, gl2);
	free(gh1);
	free(gl1);
	free(gh2);
	free(gl2);
	free(dir1);
	free(dir2);
}
END_TEST

Suite *ci_files_suite(void)
{
	Suite *s = suite_create("ci_files");
	TCase *tc = tcase_create("render");

	tcase_add_test(tc, test_github);
	tcase_add_test(tc, test_gitlab);
	tcase_add_test(tc, test_shards);
	tcase_add_test(tc, test_deterministic);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* Judging one OUT in-process (what hdrtest report does), and a shard's OUT:
 * only the TUs its shard file lists. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "helpers.h"
#include "out_fixture.h"
#include "suites.h"

/* The fixture run's identity as shard index/total, owning no TU yet. */
static void shard_of(struct shard_id *id, int index, int total)
{
	int i;

	out_fixture_all(id);
	for (i = 0; i < id->ntus; i++) {
		free(id->tus[i].cell);
		free(id->tus[i].stem);
	}
	id->ntus = 0;
	id->index = index;
	id->total = total;
}

static char *read_report(const char *out, const char *name)
{
	char *path = xasprintf("%s/%s", out, name), *text = slurp(path);

	free(path);
	return text;
}

/* The fixture's verdicts, as the TSV has them: every kind. */
START_TEST(test_whole_run)
{
	char *tree = out_fixture_tree(), *out = tmp_dir(), *text, *diag, *tsv;

	out_fixture_write(out, tree, NULL, NULL);
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 1);
	ck_assert_str_eq(diag, "");
	tsv = read_report(out, "results.tsv");
	ck_assert_str_eq(tsv,
		"x86_64\tdefconfig\tlinux/a.h\tpass\t\n"
		"x86_64\tdefconfig\tlinux/b.h\tfail\tinclude/linux/b.h:3:15: error: unknown type name 'u8'\n"
		"x86_64\tdefconfig\tlinux/c.h\tfail\tinclude/linux/c.h:2:13: warning: 'c_x' defined but not used "
		"[-Wunused-function]\n"
		"x86_64\tdefconfig\tlinux/d.h\tfail\tmm.cat:9:2: drift: d_fn: gone from linux/d.h\n"
		"x86_64\tdefconfig\tlinux/s.h\tskip\tnot meant to be included alone: needs the arch's asm context\n"
		"arm64\tdefconfig\tlinux/a.h\tpass\t\n"
		"arm64\tdefconfig\tlinux/b.h\tfail\tpulls in the forbidden header linux/mm.h\n"
		"arm64\tdefconfig\tlinux/c.h\tfail\tarm64/defconfig/linux/c.c:1:10: fatal error: linux/zz.h: No "
		"such file or directory\n"
		"arm64\tdefconfig\tlinux/d.h\tfail\tmm.cat:9:2: drift: d_fn: gone from linux/d.h\n"
		"arm64\tdefconfig\tlinux/s.h\tskip\tnot meant to be included alone: needs the arch's asm context\n"
		"x86_64\ttiny\tlinux/a.h\tskip\tno x86_64-linux-gnu-gcc\n"
		"x86_64\ttiny\tlinux/b.h\tskip\tno x86_64-linux-gnu-gcc\n"
		"x86_64\ttiny\tlinux/c.h\tskip\tno x86_64-linux-gnu-gcc\n"
		"x86_64\ttiny\tlinux/d.h\tskip\tno x86_64-linux-gnu-gcc\n"
		"x86_64\ttiny\tlinux/s.h\tskip\tno x86_64-linux-gnu-gcc\n");
	free(tsv);
	free(text);
	free(diag);
	free(out);
	free(tree);
}
END_TEST

/* A shard file 1/1 is a whole run: the same reports as none. */
START_TEST(test_whole_shard_is_whole_run)
{
	char *tree = out_fixture_tree(), *out = tmp_dir(), *text, *diag, *before, *after, *path;
	struct shard_id all;

	out_fixture_write(out, tree, NULL, NULL);
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 1);
	before = out_fixture_reports(out);
	free(text);
	free(diag);
	out_fixture_all(&all);
	/* even one listing a single TU */
	all.ntus = 1;
	path = xasprintf("%s/shard", out);
	ck_assert_int_eq(shard_file_write(path, &all), 0);
	all.ntus = FX_NCELLS * FX_NHEADERS;
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 1);
	ck_assert_str_eq(diag, "");
	after = out_fixture_reports(out);
	assert_same_text("the reports", after, before);
	shard_id_free(&all);
	free(path);
	free(before);
	free(after);
	free(text);
	free(diag);
	free(out);
	free(tree);
}
END_TEST

/* Shard 2/3 owns three TUs of two cells: only those are reported; the
 * third cell is left out altogether. */
START_TEST(test_shard_judges_its_tus)
{
	char *tree = out_fixture_tree(), *out = tmp_dir(), *text, *diag, *tsv, *ktap, *xml;
	struct shard_id id;

	shard_of(&id, 2, 3);
	shard_id_add(&id, "x86_64/defconfig", "linux/b");
	shard_id_add(&id, "x86_64/defconfig", "linux/c");
	shard_id_add(&id, "arm64/defconfig", "linux/s");
	out_fixture_write(out, tree, NULL, &id);
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 1);
	ck_assert_str_eq(diag, "");
	tsv = read_report(out, "results.tsv");
	ck_assert_str_eq(tsv,
		"x86_64\tdefconfig\tlinux/b.h\tfail\tinclude/linux/b.h:3:15: error: unknown type name 'u8'\n"
		"x86_64\tdefconfig\tlinux/c.h\tfail\tinclude/linux/c.h:2:13: warning: 'c_x' defined but not used "
		"[-Wunused-function]\n"
		"arm64\tdefconfig\tlinux/s.h\tskip\tnot meant to be included alone: needs the arch's asm context\n");
	ktap = read_report(out, "results.ktap");
	ck_assert_msg(!strstr(ktap, "tiny") && !strstr(ktap, "linux/a.h") && strstr(ktap, "linux/c.h"), "%s", ktap);
	xml = read_report(out, "results.xml");
	ck_assert_msg(strstr(xml, "<testsuites name=\"hdrtest\" tests=\"3\" failures=\"2\" errors=\"0\">") &&
		      !strstr(xml, "tiny"), "%s", xml);
	ck_assert_msg(strstr(text, "header     x86_64/defconfig  arm64/defconfig\n"), "%s", text);
	ck_assert_msg(strstr(text, "\nhdrtest: 3 cells (header x arch x config): 0 pass, 2 fail, 1 skip, 0 error\n"),
		      "%s", text);
	shard_id_free(&id);
	free(tsv);
	free(ktap);
	free(xml);
	free(text);
	free(diag);
	free(out);
	free(tree);
}
END_TEST

/* A shard that owns nothing says so, and passes. */
START_TEST(test_shard_with_no_work)
{
	char *tree = out_fixture_tree(), *out = tmp_dir(), *text, *diag, *tsv;
	struct shard_id id;

	shard_of(&id, 3, 3);
	out_fixture_write(out, tree, NULL, &id);
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 0);
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(text, "hdrtest: shard 3/3 has no work: no TU of this run is its own\n");
	tsv = read_report(out, "results.tsv");
	ck_assert_str_eq(tsv, "");
	shard_id_free(&id);
	free(tsv);
	free(text);
	free(diag);
	free(out);
	free(tree);
}
END_TEST

/* A shard file that is not of this run, or not a shard file: an error, and
 * no report written. */
START_TEST(test_bad_shard_file)
{
	char *tree = out_fixture_tree(), *out = tmp_dir(), *text, *diag, *want, *path;
	struct shard_id id;

	shard_of(&id, 1, 2);
	shard_id_add(&id, "x86_64/defconfig", "linux/a");
	out_fixture_write(out, tree, NULL, &id);
	path = xasprintf("%s/shard", out);
	shard_id_add(&id, "x86_64/defconfig", "linux/zz");
	ck_assert_int_eq(shard_file_write(path, &id), 0);
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 2);
	want = xasprintf("hdrtest: error: %s/shard: shard 1/2 owns the TU x86_64/defconfig linux/zz, which "
			 "%s/x86_64/defconfig/manifest.tsv does not list: the shard file is not of this run\n", out,
			 out);
	ck_assert_str_eq(diag, want);
	free(want);
	want = xasprintf("%s/results.tsv", out);
	ck_assert(!file_exists(want));
	free(want);
	free(text);
	free(diag);
	free(put_file(out, "shard", "# hdrtest shard\nversion\tv\n"));
	ck_assert_int_eq(out_fixture_judge(out, NULL, &text, &diag), 2);
	want = xasprintf("%s:3:1: error: expected 'catalog<TAB>VALUE' (the catalog's hash, hex digits), found the "
			 "end of the file\n", path);
	ck_assert_str_eq(diag, want);
	free(want);
	free(text);
	free(diag);
	shard_id_free(&id);
	free(path);
	free(out);
	free(tree);
}
END_TEST

Suite *judge_suite(void)
{
	Suite *s = suite_create("judge");
	TCase *tc = tcase_create("out");

	tcase_add_test(tc, test_whole_run);
	tcase_add_test(tc, test_whole_shard_is_whole_run);
	tcase_add_test(tc, test_shard_judges_its_tus);
	tcase_add_test(tc, test_shard_with_no_work);
	tcase_add_test(tc, test_bad_shard_file);
	suite_add_tcase(s, tc);
	return s;
}

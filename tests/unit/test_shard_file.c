// SPDX-License-Identifier: GPL-2.0
/* The shard file: written and read back, each malformed line named with
 * what was expected; and the hashes that identify a run. */
#include <check.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/hash.h"
#include "base/util.h"
#include "helpers.h"
#include "shard/shard_file.h"
#include "suites.h"

START_TEST(test_fnv)
{
	char *hex;

	/* the published test vectors of FNV-1a 64 */
	ck_assert_uint_eq(hash_bytes(HASH_INIT, "", 0), 0xcbf29ce484222325ULL);
	ck_assert_uint_eq(hash_bytes(HASH_INIT, "a", 1), 0xaf63dc4c8601ec8cULL);
	ck_assert_uint_eq(hash_bytes(HASH_INIT, "foobar", 6), 0x85944171f73967e8ULL);
	/* in pieces, the same */
	ck_assert_uint_eq(hash_bytes(hash_bytes(HASH_INIT, "foo", 3), "bar", 3), 0x85944171f73967e8ULL);
	hex = hash_hex(0xaf63dc4c8601ec8cULL);
	ck_assert_str_eq(hex, "af63dc4c8601ec8c");
	free(hex);
	hex = hash_hex(0x1);
	ck_assert_str_eq(hex, "0000000000000001");
	free(hex);
}
END_TEST

/* The catalog's hash: its bytes, file by file; where one file ends counts. */
START_TEST(test_catalog_hash)
{
	char *dir = tmp_dir(), *paths[3], *h1, *h2, *h3, *diag;

	paths[0] = put_file(dir, "a.cat", "ab");
	paths[1] = put_file(dir, "b.cat", "c");
	h1 = shard_catalog_hash(paths, 2);
	free(put_file(dir, "a.cat", "a"));
	free(put_file(dir, "b.cat", "bc"));
	h2 = shard_catalog_hash(paths, 2);
	ck_assert_str_ne(h1, h2);
	free(put_file(dir, "a.cat", "ab"));
	free(put_file(dir, "b.cat", "c"));
	h3 = shard_catalog_hash(paths, 2);
	ck_assert_str_eq(h1, h3);
	ck_assert_int_eq(strlen(h1), 16);
	free(h2);
	free(h3);
	paths[2] = xasprintf("%s/gone.cat", dir);
	diag_begin();
	ck_assert_ptr_null(shard_catalog_hash(paths, 3));
	diag = diag_end();
	ck_assert_msg(strstr(diag, "hdrtest: error: cannot read ") && strstr(diag, "gone.cat: No such file"), "%s",
		      diag);
	free(diag);
	free(h1);
	free(paths[0]);
	free(paths[1]);
	free(paths[2]);
	free(dir);
}
END_TEST

/* The plan's hash: OUT/cells and each listed cell's plan. */
START_TEST(test_plan_hash)
{
	char *out = tmp_dir(), *h1, *h2, *h3, *diag;

	free(put_file(out, "cells", "x86_64/defconfig\narm64/defconfig\n"));
	free(put_file(out, "x86_64/defconfig/plan", "arch='x86_64'\n"));
	free(put_file(out, "arm64/defconfig/plan", "arch='arm64'\n"));
	free(put_file(out, "i386/defconfig/plan", "arch='i386'\n"));
	h1 = shard_plan_hash(out);
	ck_assert_ptr_nonnull(h1);
	/* a cell not listed does not count */
	free(put_file(out, "i386/defconfig/plan", "arch='i386'\nconfig='x'\n"));
	h2 = shard_plan_hash(out);
	ck_assert_str_eq(h1, h2);
	free(h2);
	/* a path or a file time in an identity is the machine's, not the plan's */
	free(put_file(out, "arm64/defconfig/plan", "arch='arm64'\ntree='/elsewhere'\ncompiler_identity='x 1.2'\n"));
	h2 = shard_plan_hash(out);
	ck_assert_str_eq(h1, h2);
	free(h2);
	free(put_file(out, "arm64/defconfig/plan", "arch='arm64'\nconfig='changed'\n"));
	h2 = shard_plan_hash(out);
	ck_assert_str_ne(h1, h2);
	free(put_file(out, "cells", "x86_64/defconfig\n"));
	h3 = shard_plan_hash(out);
	ck_assert_str_ne(h3, h2);
	ck_assert_str_ne(h3, h1);
	free(put_file(out, "cells", "x86_64/defconfig\nsparc/defconfig\n"));
	diag_begin();
	ck_assert_ptr_null(shard_plan_hash(out));
	diag = diag_end();
	ck_assert_msg(strstr(diag, "sparc/defconfig/plan: No such file"), "%s", diag);
	free(diag);
	free(h1);
	free(h2);
	free(h3);
	free(out);
}
END_TEST

static void fill(struct shard_id *id)
{
	memset(id, 0, sizeof(*id));
	id->version = xstrdup("0.9 (g1234567)");
	id->catalog = xstrdup("00ff00ff00ff00ff");
	id->tree = xstrdup("linux-6.12 mm-split 3f2a");
	id->plan = xstrdup("0123456789abcdef");
	id->index = 2;
	id->total = 3;
	shard_id_add(id, "x86_64/defconfig", "linux/mm/b");
	shard_id_add(id, "arm64/defconfig", "linux/mm/a");
	shard_id_add(id, "x86_64/defconfig", "linux/mm/a");
	shard_id_add(id, "x86_64/defconfig", "linux/mm/b");	/* once in the file */
}

START_TEST(test_write_read)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/shard", dir), real[PATH_MAX], *want, *list;
	struct shard_id id, back;

	fill(&id);
	ck_assert_int_eq(shard_file_write(path, &id), 0);
	ck_assert_ptr_nonnull(realpath(dir, real));
	want = xasprintf("# hdrtest shard\n"
			 "version\t0.9 (g1234567)\n"
			 "catalog\t00ff00ff00ff00ff\n"
			 "tree\tlinux-6.12 mm-split 3f2a\n"
			 "plan\t0123456789abcdef\n"
			 "out\t%s\n"
			 "shard\t2/3\n"
			 "tu\tarm64/defconfig\tlinux/mm/a\n"
			 "tu\tx86_64/defconfig\tlinux/mm/a\n"
			 "tu\tx86_64/defconfig\tlinux/mm/b\n", real);
	assert_file(path, want);
	list = dir_list(dir);
	ck_assert_str_eq(list, "shard\n");
	free(list);
	ck_assert_int_eq(shard_file_read(path, &back), 0);
	ck_assert_str_eq(back.version, "0.9 (g1234567)");
	ck_assert_str_eq(back.catalog, "00ff00ff00ff00ff");
	ck_assert_str_eq(back.tree, "linux-6.12 mm-split 3f2a");
	ck_assert_str_eq(back.plan, "0123456789abcdef");
	ck_assert_str_eq(back.out, real);
	ck_assert_int_eq(back.index, 2);
	ck_assert_int_eq(back.total, 3);
	ck_assert_int_eq(back.ntus, 3);
	ck_assert_str_eq(back.tus[1].cell, "x86_64/defconfig");
	ck_assert_str_eq(back.tus[1].stem, "linux/mm/a");
	ck_assert(shard_id_owns(&back, "x86_64/defconfig", "linux/mm/b"));
	ck_assert(shard_id_owns(&back, "arm64/defconfig", "linux/mm/a"));
	ck_assert(!shard_id_owns(&back, "arm64/defconfig", "linux/mm/b"));
	ck_assert(!shard_id_owns(&back, "i386/defconfig", "linux/mm/a"));
	/* a whole run owns every TU */
	back.index = back.total = 1;
	ck_assert(shard_id_owns(&back, "arm64/defconfig", "linux/mm/b"));
	/* an out dir given is written as it is */
	id.out = xstrdup("/elsewhere/out");
	ck_assert_int_eq(shard_file_write(path, &id), 0);
	shard_id_free(&back);
	ck_assert_int_eq(shard_file_read(path, &back), 0);
	ck_assert_str_eq(back.out, "/elsewhere/out");
	shard_id_free(&back);
	shard_id_free(&id);
	free(want);
	free(path);
	free(dir);
}
END_TEST

/* Nothing the file cannot hold is written, nor any file. */
START_TEST(test_write_refuses)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/shard", dir), *diag, *list;
	struct shard_id id;

	fill(&id);
	free(id.tree);
	id.tree = xstrdup("a\tb");
	diag_begin();
	ck_assert_int_eq(shard_file_write(path, &id), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/shard: its tree identity 'a\tb' is empty or holds a tab, a line break or "
				   "another control character\n"), "%s",
		      diag);
	free(diag);
	free(id.tree);
	id.tree = xstrdup("t");
	id.index = 4;
	diag_begin();
	ck_assert_int_eq(shard_file_write(path, &id), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/shard: shard 4/3 is not one of 1 to 3\n"), "%s", diag);
	free(diag);
	id.index = 1;
	free(id.tus[0].stem);
	id.tus[0].stem = xstrdup("");
	diag_begin();
	ck_assert_int_eq(shard_file_write(path, &id), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/shard: its TU's stem '' is empty"), "%s", diag);
	free(diag);
	list = dir_list(dir);
	ck_assert_str_eq(list, "");
	free(list);
	shard_id_free(&id);
	free(path);
	free(dir);
}
END_TEST

#define HEAD "# hdrtest shard\nversion\tv1\ncatalog\tabc\ntree\tt\nplan\tdef\nout\t/o\n"

/* The error reading a shard file that holds text gives, the dir taken off. */
static void expect_error(const char *text, const char *want)
{
	char *dir = tmp_dir(), *path = put_file(dir, "shard", text), *diag, *prefix = xasprintf("%s/", dir);
	struct shard_id id;

	diag_begin();
	ck_assert_msg(shard_file_read(path, &id) == -1, "accepted:\n%s", text);
	diag = diag_end();
	ck_assert_int_eq(id.ntus, 0);
	ck_assert_ptr_null(id.version);
	ck_assert_msg(starts_with(diag, prefix), "%s", diag);
	ck_assert_str_eq(diag + strlen(prefix), want);
	free(diag);
	free(prefix);
	free(path);
	free(dir);
}

START_TEST(test_read_errors)
{
	struct shard_id id;
	char *dir = tmp_dir(), *path = put_file(dir, "shard", HEAD "shard\t1/1\n"), *diag;

	/* the smallest file: no TU */
	ck_assert_int_eq(shard_file_read(path, &id), 0);
	ck_assert_int_eq(id.ntus, 0);
	ck_assert_int_eq(id.total, 1);
	shard_id_free(&id);
	free(path);
	path = xasprintf("%s/none", dir);
	diag_begin();
	ck_assert_int_eq(shard_file_read(path, &id), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/none: No such file or directory\n"), "%s", diag);
	free(diag);
	free(path);
	free(dir);

	expect_error("", "shard:1:1: error: expected '# hdrtest shard', found an empty file\n");
	expect_error("# hdrtest costs\n", "shard:1:1: error: expected '# hdrtest shard' (the first line of a shard "
					  "file)\n");
	expect_error("# hdrtest shard\n", "shard:2:1: error: expected 'version<TAB>VALUE' (hdrtest's version), found "
					  "the end of the file\n");
	expect_error("# hdrtest shard\nversion\tv1\ntree\tt\n",
		     "shard:3:1: error: expected 'catalog<TAB>VALUE' (the catalog's hash, hex digits)\n");
	expect_error("# hdrtest shard\nversion\tv1\ncatalog\tABC\n",
		     "shard:3:9: error: expected the catalog's hash, hex digits, found 'ABC'\n");
	expect_error("# hdrtest shard\nversion\t\n", "shard:2:9: error: expected hdrtest's version, found ''\n");
	expect_error("# hdrtest shard\nversions\tv\n",
		     "shard:2:1: error: expected 'version<TAB>VALUE' (hdrtest's version)\n");
	expect_error("# hdrtest shard\nversion\tv1\ncatalog\tabc\ntree\tt\nplan\tdef\nout\trel/out\n",
		     "shard:6:5: error: expected the absolute OUT dir the shard ran in, found 'rel/out'\n");
	expect_error(HEAD "shard\t3/2\n",
		     "shard:7:7: error: expected I/N, shard I of N with 1 <= I <= N <= 10000, found '3/2'\n");
	expect_error(HEAD, "shard:7:1: error: expected 'shard<TAB>VALUE' (I/N, shard I of N), found the end of the "
			   "file\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64/defconfig\tlinux/a",
		     "shard:8:1: error: the last line has no newline: the file is cut short\n");
	expect_error(HEAD "shard\t1/2\nTU\tx86_64/defconfig\tlinux/a\n",
		     "shard:8:1: error: expected 'tu<TAB>ARCH/CONFIG<TAB>STEM' (a TU the shard owns)\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64\tlinux/a\n",
		     "shard:8:4: error: expected a cell, ARCH/CONFIG, then a tab and the TU's stem\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64/defconfig/linux/a\n",
		     "shard:8:4: error: expected a cell, ARCH/CONFIG, then a tab and the TU's stem\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64/defconfig\t\n",
		     "shard:8:21: error: expected the TU's stem (no tab or other control character), found ''\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64/defconfig\tlinux/a\r\n",
		     "shard:8:21: error: expected the TU's stem (no tab or other control character), found "
		     "'linux/a^M'\n");
	expect_error("# hdrtest shard\nversion\tv1\033[2K\n",
		     "shard:2:9: error: expected hdrtest's version, found 'v1^[[2K'\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64/defconfig\tlinux/b\ntu\tx86_64/defconfig\tlinux/a\n",
		     "shard:9:1: error: TU x86_64/defconfig linux/a comes before the line above it: the tu lines are "
		     "sorted by cell and stem, each TU once\n");
	expect_error(HEAD "shard\t1/2\ntu\tx86_64/defconfig\tlinux/a\ntu\tx86_64/defconfig\tlinux/a\n",
		     "shard:9:1: error: TU x86_64/defconfig linux/a is listed twice: the tu lines are sorted by cell "
		     "and stem, each TU once\n");
}
END_TEST

/* A cell or stem names files below OUT (the merge copies CELL/STEM.c and
 * the rest): one that would leave it, or name a hidden file, is refused
 * with its line. */
START_TEST(test_read_unsafe_names)
{
	static const char *const stems[] = {
		"../../../victim", "/builds/victim", "linux/../../victim", "linux/..", ".", "linux/.git/x", ".hidden",
		"linux//a", "linux/a/",
	};
	static const char *const cells[] = {
		"../defconfig", "x86_64/..", ".x86_64/defconfig", "x86_64/.config", "/defconfig", "x86_64/",
	};
	char *text, *want;
	size_t i;

	for (i = 0; i < sizeof(stems) / sizeof(stems[0]); i++) {
		text = xasprintf(HEAD "shard\t1/2\ntu\tx86_64/defconfig\t%s\n", stems[i]);
		want = xasprintf("shard:8:21: error: expected the TU's stem, a path below its cell's dir, found "
				 "'%s' (" SAFE_NAME_RULE ")\n", stems[i]);
		expect_error(text, want);
		free(want);
		free(text);
	}
	for (i = 0; i < sizeof(cells) / sizeof(cells[0]); i++) {
		text = xasprintf(HEAD "shard\t1/2\ntu\t%s\tlinux/a\n", cells[i]);
		want = xasprintf("shard:8:4: error: expected a cell, ARCH/CONFIG, found '%s' (" SAFE_NAME_RULE ")\n",
				 cells[i]);
		expect_error(text, want);
		free(want);
		free(text);
	}
}
END_TEST

/* Each TU read knows its line (the merge names it); a TU the reader would
 * refuse is not written. */
START_TEST(test_tu_lines)
{
	struct shard_id id;
	char *dir = tmp_dir(), *path, *text;

	path = put_file(dir, "shard", HEAD "shard\t1/2\ntu\ta/b\tc\ntu\ta/b\td/e\n");
	ck_assert_int_eq(shard_file_read(path, &id), 0);
	ck_assert_int_eq(id.tus[0].line, 8);
	ck_assert_int_eq(id.tus[1].line, 9);
	free(id.tus[1].stem);
	id.tus[1].stem = xstrdup("../x");
	diag_begin();
	ck_assert_int_eq(shard_file_write(path, &id), -1);
	text = diag_end();
	ck_assert_msg(strstr(text, "/shard: the TU a/b ../x is not a cell ARCH/CONFIG and a stem below it\n"), "%s",
		      text);
	free(text);
	shard_id_free(&id);
	free(path);
	free(dir);
}
END_TEST

/* A shard file from an artifact is not read through a symlink. */
START_TEST(test_read_no_symlink)
{
	char *dir = tmp_dir(), *real = put_file(dir, "real", HEAD "shard\t1/1\n"), *path, *diag;
	struct shard_id id;

	path = xasprintf("%s/shard", dir);
	ck_assert_int_eq(symlink(real, path), 0);
	diag_begin();
	ck_assert_int_eq(shard_file_read(path, &id), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/shard: it is a symlink or goes through one (not followed)\n"), "%s", diag);
	free(diag);
	ck_assert_int_eq(shard_file_read(real, &id), 0);
	shard_id_free(&id);
	free(path);
	free(real);
	free(dir);
}
END_TEST

/* OUT/cells of a shard: one cell ARCH/CONFIG a line, each checked. */
START_TEST(test_cells_read)
{
	char *dir = tmp_dir(), *text, *lines, **names, *diag, *link;
	size_t len;
	int n;

	free(put_file(dir, "cells", "x86_64/defconfig\n\narm64/defconfig\n"));
	ck_assert_int_eq(shard_cells_read(dir, &text, &len, &lines, &names, &n), 0);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(names[0], "x86_64/defconfig");
	ck_assert_str_eq(names[1], "arm64/defconfig");
	ck_assert_uint_eq(len, 34);
	ck_assert_str_eq(text, "x86_64/defconfig\n\narm64/defconfig\n");
	free(text);
	free(lines);
	free(names);
	free(put_file(dir, "cells", "x86_64/defconfig\nshard-1/../..\nx86_64\n.git/x\n"));
	diag_begin();
	ck_assert_int_eq(shard_cells_read(dir, &text, &len, &lines, &names, &n), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/cells:2:1: error: expected a cell, ARCH/CONFIG, found 'shard-1/../..' ("
				   SAFE_NAME_RULE ")\n") &&
		      strstr(diag, "/cells:3:1: error: expected a cell, ARCH/CONFIG, found 'x86_64'") &&
		      strstr(diag, "/cells:4:1: error: expected a cell, ARCH/CONFIG, found '.git/x'"), "%s", diag);
	free(diag);
	free(text);
	free(lines);
	free(names);
	link = xasprintf("%s/cells", dir);
	ck_assert_int_eq(unlink(link), 0);
	ck_assert_int_eq(symlink("/etc/passwd", link), 0);
	diag_begin();
	ck_assert_int_eq(shard_cells_read(dir, &text, &len, &lines, &names, &n), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/cells: it is a symlink or goes through one (not followed)\n"), "%s", diag);
	ck_assert_ptr_null(text);
	free(diag);
	free(lines);
	free(names);
	ck_assert_int_eq(unlink(link), 0);
	diag_begin();
	ck_assert_int_eq(shard_cells_read(dir, &text, &len, &lines, &names, &n), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/cells: No such file or directory (a shard's OUT holds the run's cells)\n"), "%s",
		      diag);
	free(diag);
	free(lines);
	free(names);
	free(link);
	free(dir);
}
END_TEST

Suite *shard_file_suite(void)
{
	Suite *s = suite_create("shard_file");
	TCase *tc = tcase_create("hash");

	tcase_add_test(tc, test_fnv);
	tcase_add_test(tc, test_catalog_hash);
	tcase_add_test(tc, test_plan_hash);
	suite_add_tcase(s, tc);
	tc = tcase_create("file");
	tcase_add_test(tc, test_write_read);
	tcase_add_test(tc, test_write_refuses);
	tcase_add_test(tc, test_read_errors);
	tcase_add_test(tc, test_read_unsafe_names);
	tcase_add_test(tc, test_tu_lines);
	tcase_add_test(tc, test_read_no_symlink);
	tcase_add_test(tc, test_cells_read);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* hdrtest merge: the shards of a run joined give the reports of one run
 * that compiled every TU there, byte for byte; shards that are not one run
 * are refused, naming the dir and what differs, and nothing is written. */
#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "helpers.h"
#include "judge/merge.h"
#include "out_fixture.h"
#include "suites.h"

/* Where CI ran shards 1 and 2: their logs name this OUT, not the dir
 * their artifacts are merged from. */
#define CI_OUT "/builds/ci/out"

/* nshards shard OUTs of the fixture run under base (s1, s2, ...): TU i
 * is shard (i % nbusy) + 1's, the shards after nbusy own nothing.  Shards
 * 1 and 2 ran in CI_OUT, the others where they are.  Returns their dirs. */
static char **make_shards(const char *base, const char *tree, int nshards, int nbusy)
{
	char **dirs = xcalloc(nshards + 1, sizeof(char *));
	struct shard_id all;
	int k, i;

	out_fixture_all(&all);
	for (k = 1; k <= nshards; k++) {
		struct shard_id own = all;

		own.tus = NULL;
		own.ntus = 0;
		own.index = k;
		own.total = nshards;
		for (i = 0; i < all.ntus; i++)
			if (i % nbusy == k - 1)
				shard_id_add(&own, all.tus[i].cell, all.tus[i].stem);
		dirs[k - 1] = xasprintf("%s/s%d", base, k);
		out_fixture_write(dirs[k - 1], tree, k <= 2 ? CI_OUT : NULL, &own);
		own.version = own.catalog = own.tree = own.plan = NULL;
		shard_id_free(&own);
	}
	shard_id_free(&all);
	return dirs;
}

static void free_dirs(char **dirs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
}

/* merge_outs() into out; *text the table it printed, *diag its errors. */
static int merge(const char *out, char **dirs, int n, const char *baseline, char **text, char **diag)
{
	size_t len = 0;
	FILE *f;
	struct merge_opts o = { out, dirs, n, baseline, NULL };
	int ret;

	*text = NULL;
	f = open_memstream(text, &len);
	ck_assert_ptr_nonnull(f);
	o.text = f;
	diag_begin();
	ret = merge_outs(&o);
	*diag = diag_end();
	ck_assert_int_eq(fclose(f), 0);
	return ret;
}

/* Merge the shards into out, then judge the whole run written into out
 * (the merge removed first): the same status, table and reports. */
static void expect_as_one_run(const char *out, const char *tree, char **dirs, int n, const char *baseline)
{
	char *mtext, *mdiag, *mrep, *dtext, *ddiag, *drep;
	int mrc, drc;

	mrc = merge(out, dirs, n, baseline, &mtext, &mdiag);
	ck_assert_msg(mrc != EXIT_ERROR, "%s", mdiag);
	ck_assert_str_eq(mdiag, "");
	mrep = out_fixture_reports(out);
	ck_assert_int_eq(remove_tree(out), 0);
	out_fixture_write(out, tree, NULL, NULL);
	drc = out_fixture_judge(out, baseline, &dtext, &ddiag);
	ck_assert_str_eq(ddiag, "");
	drep = out_fixture_reports(out);
	ck_assert_int_eq(mrc, drc);
	assert_same_text("the tables", mtext, dtext);
	assert_same_text("the reports", mrep, drep);
	free(mtext);
	free(mdiag);
	free(mrep);
	free(dtext);
	free(ddiag);
	free(drep);
}

START_TEST(test_three_shards)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 3, 3), *out, *text,
	     *diag, *log, *want, real[PATH_MAX];
	char *order[3];
	struct shard_id u;

	out = xasprintf("%s/merged", base);
	/* in any order */
	order[0] = dirs[2];
	order[1] = dirs[0];
	order[2] = dirs[1];
	ck_assert_int_eq(merge(out, order, 3, NULL, &text, &diag), EXIT_FAILED);
	ck_assert_str_eq(diag, "");
	ck_assert_ptr_nonnull(realpath(out, real));
	/* shard 1's log is copied as it is, naming the OUT it ran in: the
	 * judge reads it as if it named this one (the reports below) */
	log = xasprintf("%s/x86_64/defconfig/linux/b.log", out);
	want = slurp(log);
	ck_assert_msg(strstr(want, CI_OUT) && !strstr(want, real), "%s", want);
	free(want);
	free(log);
	/* the table is also in report.txt */
	log = xasprintf("%s/report.txt", out);
	assert_file(log, text);
	free(log);
	/* the merged shard file: the whole run, every TU */
	log = xasprintf("%s/shard", out);
	ck_assert_int_eq(shard_file_read(log, &u), 0);
	ck_assert_int_eq(u.index, 1);
	ck_assert_int_eq(u.total, 1);
	ck_assert_int_eq(u.ntus, FX_NCELLS * FX_NHEADERS);
	ck_assert_str_eq(u.out, real);
	ck_assert_str_eq(u.catalog, "c0ffee");
	shard_id_free(&u);
	free(log);
	free(text);
	free(diag);
	ck_assert_int_eq(remove_tree(out), 0);
	expect_as_one_run(out, tree, dirs, 3, NULL);
	/* again into the dir that holds a run: what the shards lack there
	 * (x86_64/defconfig/linux/b.dep) does not stay */
	ck_assert_int_eq(remove_tree(out), 0);
	out_fixture_write(out, tree, NULL, NULL);
	free(put_file(out, "x86_64/defconfig/linux/b.dep", "x.o: /inc/linux/mm.h\n"));
	want = xasprintf("%s/x86_64/defconfig/linux/b.dep", out);
	ck_assert_int_eq(merge(out, dirs, 3, NULL, &text, &diag), EXIT_FAILED);
	ck_assert(!file_exists(want));
	free(want);
	free(text);
	free(diag);
	free(out);
	free_dirs(dirs, 3);
	free(base);
	free(tree);
}
END_TEST

/* With a baseline: only new failures fail, as in one run. */
START_TEST(test_with_baseline)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 3, 3), *out, *bl;

	out = xasprintf("%s/merged", base);
	bl = put_file(base, "baseline.tsv", "linux/b.h\tx86_64/defconfig\tunknown type name '*'\t1\n");
	expect_as_one_run(out, tree, dirs, 3, bl);
	free(bl);
	free(out);
	free_dirs(dirs, 3);
	free(base);
	free(tree);
}
END_TEST

/* Five shards, two of which own nothing (their OUT holds no cell dir). */
START_TEST(test_shards_with_no_work)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 5, 3), *out, *list;

	list = dir_list(dirs[4]);
	ck_assert_str_eq(list, "cells\ndrift.tsv\nshard\n");
	free(list);
	out = xasprintf("%s/merged", base);
	expect_as_one_run(out, tree, dirs, 5, NULL);
	free(out);
	free_dirs(dirs, 5);
	free(base);
	free(tree);
}
END_TEST

/* One shard of one: a run merged alone is itself. */
START_TEST(test_one_shard)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 1, 1), *out;

	out = xasprintf("%s/merged", base);
	expect_as_one_run(out, tree, dirs, 1, NULL);
	free(out);
	free_dirs(dirs, 1);
	free(base);
	free(tree);
}
END_TEST

/* The refusal merging dirs into out gives: the errors, with the base dir
 * as B. */
static void expect_refused_into(const char *base, const char *out, char **dirs, int n, const char *want)
{
	char *text, *diag, *got, *b = xasprintf("%s/", base);
	struct strbuf sb;
	const char *p, *q;

	ck_assert_int_eq(merge(out, dirs, n, NULL, &text, &diag), EXIT_ERROR);
	ck_assert_str_eq(text, "");
	sb_init(&sb);
	sb_add(&sb, "");
	for (p = diag; (q = strstr(p, b)); p = q + strlen(b)) {
		sb_addn(&sb, p, q - p);
		sb_add(&sb, "B/");
	}
	sb_add(&sb, p);
	got = sb_detach(&sb);
	ck_assert_str_eq(got, want);
	free(got);
	free(b);
	free(text);
	free(diag);
}

/* The same into B/merged, which must not have been made. */
static void expect_refused(const char *base, char **dirs, int n, const char *want)
{
	char *out = xasprintf("%s/merged", base);

	expect_refused_into(base, out, dirs, n, want);
	ck_assert_msg(!file_exists(out), "%s was made", out);
	free(out);
}

/* Rewrite shard k's file (1..) with one field changed. */
static void change_shard(char **dirs, int k, const char *field, const char *value)
{
	char *path = xasprintf("%s/shard", dirs[k - 1]);
	struct shard_id id;
	char **slot = !strcmp(field, "version") ? &id.version : !strcmp(field, "catalog") ? &id.catalog :
		      !strcmp(field, "tree") ? &id.tree : &id.plan;

	ck_assert_int_eq(shard_file_read(path, &id), 0);
	if (!strcmp(field, "total")) {
		id.total = atoi(value);
	} else if (!strcmp(field, "tu")) {
		shard_id_add(&id, "x86_64/defconfig", value);
	} else {
		free(*slot);
		*slot = xstrdup(value);
	}
	ck_assert_int_eq(shard_file_write(path, &id), 0);
	shard_id_free(&id);
	free(path);
}

START_TEST(test_different_runs)
{
	static const char *const fields[][3] = {
		{ "version", "test 2", "test 1" },
		{ "catalog", "c0ffef", "c0ffee" },
		{ "tree", "linux-other", "linux-test" },
		{ "plan", "beee", "beef" },
	};
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 3, 3), *want;
	size_t k;

	for (k = 0; k < sizeof(fields) / sizeof(fields[0]); k++) {
		change_shard(dirs, 2, fields[k][0], fields[k][1]);
		want = xasprintf("hdrtest: error: B/s2: its shard file's %s is '%s', and B/s1's is '%s': shards of "
				 "different runs cannot be merged\n", fields[k][0], fields[k][1], fields[k][2]);
		expect_refused(base, dirs, 3, want);
		free(want);
		change_shard(dirs, 2, fields[k][0], fields[k][2]);
	}
	/* all of them at once, each said */
	change_shard(dirs, 3, "catalog", "0");
	change_shard(dirs, 3, "plan", "1");
	expect_refused(base, dirs, 3,
		       "hdrtest: error: B/s3: its shard file's catalog is '0', and B/s1's is 'c0ffee': shards of "
		       "different runs cannot be merged\n"
		       "hdrtest: error: B/s3: its shard file's plan is '1', and B/s1's is 'beef': shards of different "
		       "runs cannot be merged\n");
	free_dirs(dirs, 3);
	free(base);
	free(tree);
}
END_TEST

START_TEST(test_not_every_shard_once)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 4, 4);
	char *some[5] = { dirs[0], dirs[2], NULL, NULL, NULL };

	expect_refused(base, some, 2,
		       "hdrtest: error: shard 2/4 is missing: every shard of the run, 1 to 4, is needed\n"
		       "hdrtest: error: shard 4/4 is missing: every shard of the run, 1 to 4, is needed\n");
	some[2] = dirs[1];
	some[3] = dirs[3];
	some[4] = dirs[1];
	expect_refused(base, some, 5, "hdrtest: error: B/s2: shard 2/4 is given twice: B/s2 and B/s2\n");
	change_shard(dirs, 3, "total", "5");
	expect_refused(base, dirs, 4, "hdrtest: error: B/s3: its shard file's shard is 3/5, and B/s1's is 1/4: "
				      "shards of one run have the same count\n");
	free_dirs(dirs, 4);
	free(base);
	free(tree);
}
END_TEST

/* A TU owned by two shards would be judged twice, from either's results. */
START_TEST(test_tu_in_two_shards)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 3, 3);

	/* TU 0, x86_64/defconfig linux/a, is shard 1's */
	change_shard(dirs, 3, "tu", "linux/a");
	expect_refused(base, dirs, 3, "hdrtest: error: B/s3: the TU x86_64/defconfig linux/a is owned by two shards: "
				      "B/s1 (shard 1/3) and B/s3 (shard 3/3)\n");
	free_dirs(dirs, 3);
	free(base);
	free(tree);
}
END_TEST

/* Shards that prepared a cell differently, or checked drift against
 * different trees, cannot make one report. */
START_TEST(test_cells_differ)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 3, 3);

	free(put_file(dirs[1], "drift.tsv", ""));
	expect_refused(base, dirs, 3, "hdrtest: error: B/s2/drift.tsv differs from B/s1/drift.tsv: the shards "
				      "checked the catalog against different trees\n");
	free(put_file(dirs[1], "drift.tsv", "linux/d.h\tmm.cat:9:2: drift: d_fn: gone from linux/d.h\n"));
	free(put_file(dirs[2], "arm64/defconfig/manifest.tsv", "hdrtest-manifest\t1\n"));
	expect_refused(base, dirs, 3, "hdrtest: error: B/s3/arm64/defconfig/manifest.tsv differs from "
				      "B/s1/arm64/defconfig/manifest.tsv: the shards prepared the cell arm64/defconfig "
				      "differently (another kbuild dir, tree or status), and one report cannot hold "
				      "both\n");
	free_dirs(dirs, 3);
	free(base);
	free(tree);
}
END_TEST

/* Not a shard's OUT; a shard file that cannot be read; --out a shard. */
START_TEST(test_not_shards)
{
	char *tree = out_fixture_tree(), *base = tmp_dir(), **dirs = make_shards(base, tree, 1, 1), *text, *diag;
	char *none = xasprintf("%s/none", base), *two[2] = { dirs[0], none };

	expect_refused(base, two, 2, "hdrtest: error: B/none is not the OUT of a run: it has no shard file "
				     "(B/none/shard)\n");
	free(put_file(none, "shard", "# hdrtest shard\n"));
	expect_refused(base, two, 2, "B/none/shard:2:1: error: expected 'version<TAB>VALUE' (hdrtest's version), "
				     "found the end of the file\n");
	ck_assert_int_eq(merge(dirs[0], dirs, 1, NULL, &text, &diag), EXIT_ERROR);
	ck_assert_msg(strstr(diag, "/s1 is the shard ") && strstr(diag, ": merge into a dir of its own\n"), "%s",
		      diag);
	free(text);
	free(diag);
	free(none);
	free_dirs(dirs, 1);
	free(base);
	free(tree);
}
END_TEST

/* Whether a regular file under dir (no symlink followed) holds needle. */
static int found_under(const char *dir, const char *needle)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int hit = 0;

	if (!d)
		return 0;
	while (!hit && (de = readdir(d))) {
		char *path = xasprintf("%s/%s", dir, de->d_name), *text;
		struct stat st;

		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && !lstat(path, &st)) {
			if (S_ISDIR(st.st_mode)) {
				hit = found_under(path, needle);
			} else if (S_ISREG(st.st_mode)) {
				text = slurp(path);
				hit = strstr(text, needle) != NULL;
				free(text);
			}
		}
		free(path);
	}
	closedir(d);
	return hit;
}

/* Shard 2 of 2 of the fixture run (shard 1 owns every TU), whose one TU
 * is the line tuline (line 8), or none. */
static void put_shard2(const char *dir, const char *tuline)
{
	char *text = xasprintf("# hdrtest shard\nversion\ttest 1\ncatalog\tc0ffee\ntree\tlinux-test\nplan\tbeef\n"
			       "out\t%s\nshard\t2/2\n%s%s", CI_OUT, tuline ? tuline : "", tuline ? "\n" : "");

	free(put_file(dir, "shard", text));
	free(text);
}

/* An artifact's symlink, fifo or dir symlink where a shard has a file: the
 * merge refuses to read it, and merges nothing.  Each symlink points at a
 * copy of the file it replaces (a log's with a secret added), which the
 * merge would take as it is if it followed it. */
START_TEST(test_shard_symlinks)
{
	static const char *const files[] = {
		"x86_64/defconfig/linux/b.log", "x86_64/defconfig/linux/b.c", "x86_64/defconfig/manifest.tsv",
		"x86_64/defconfig/compile.sh", "arm64/defconfig/plan", "drift.tsv", "cells", "shard",
	};
	char *tree = out_fixture_tree(), *real = tmp_dir(), *base = realpath(real, NULL),
	     **dirs = make_shards(base, tree, 1, 1), *text, *want, *from, *to, *linux_dir, *moved;
	size_t k;

	for (k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
		from = xasprintf("%s/%s", dirs[0], files[k]);
		text = slurp(from);
		if (!k) {
			char *t = text;

			text = xasprintf("%sCI_JOB_TOKEN=secret-35\n", t);
			free(t);
		}
		to = put_file(base, "private", text);
		free(text);
		ck_assert_int_eq(unlink(from), 0);
		ck_assert_int_eq(symlink(to, from), 0);
		want = xasprintf("hdrtest: error: cannot read B/s1/%s: it is a symlink or goes through one (not "
				 "followed)\n", files[k]);
		expect_refused(base, dirs, 1, want);
		free(want);
		ck_assert_int_eq(rename(to, from), 0);
		free(from);
		free(to);
	}
	/* the job's environment, CI_JOB_TOKEN in it */
	from = xasprintf("%s/x86_64/defconfig/linux/b.log", dirs[0]);
	moved = xasprintf("%s/b.log", base);
	ck_assert_int_eq(rename(from, moved), 0);
	ck_assert_int_eq(setenv("CI_JOB_TOKEN", "secret-35", 1), 0);
	ck_assert_int_eq(symlink("/proc/self/environ", from), 0);
	expect_refused(base, dirs, 1, "hdrtest: error: cannot read B/s1/x86_64/defconfig/linux/b.log: it is a "
				      "symlink or goes through one (not followed)\n");
	/* a fifo: refused, not waited on */
	ck_assert_int_eq(unlink(from), 0);
	ck_assert_int_eq(mkfifo(from, 0644), 0);
	expect_refused(base, dirs, 1, "hdrtest: error: cannot read B/s1/x86_64/defconfig/linux/b.log: not a "
				      "regular file\n");
	ck_assert_int_eq(unlink(from), 0);
	ck_assert_int_eq(rename(moved, from), 0);
	/* a dir on the way */
	linux_dir = xasprintf("%s/x86_64/defconfig/linux", dirs[0]);
	free(moved);
	moved = xasprintf("%s/linux", base);
	ck_assert_int_eq(rename(linux_dir, moved), 0);
	ck_assert_int_eq(symlink(moved, linux_dir), 0);
	expect_refused(base, dirs, 1, "hdrtest: error: cannot read B/s1/x86_64/defconfig/linux/a.c: it is a "
				      "symlink or goes through one (not followed)\n");
	ck_assert_int_eq(unlink(linux_dir), 0);
	ck_assert_int_eq(rename(moved, linux_dir), 0);
	free(linux_dir);
	free(moved);
	free(from);
	free_dirs(dirs, 1);
	free(base);
	free(real);
	free(tree);
}
END_TEST

/* Shards inside OUT, as ci/merge-shards lays them out: shard 1 owns every
 * TU, shard 2 the one of its tu line.  A stem or cell that would leave
 * OUT, or a cell the run does not have, is refused with its line: the
 * files beside OUT and in DIR (a symlink's target) are as they were. */
START_TEST(test_names_leaving_out)
{
	static const char *const cases[][2] = {
		{ "tu\tx86_64/defconfig\t../../../victim",
		  "B/out/s2/shard:8:21: error: expected the TU's stem, a path below its cell's dir, found "
		  "'../../../victim' (" SAFE_NAME_RULE ")\n" },
		{ "tu\tx86_64/defconfig\t/builds/victim",
		  "B/out/s2/shard:8:21: error: expected the TU's stem, a path below its cell's dir, found "
		  "'/builds/victim' (" SAFE_NAME_RULE ")\n" },
		{ "tu\tx86_64/defconfig\tlinux/.git/victim",
		  "B/out/s2/shard:8:21: error: expected the TU's stem, a path below its cell's dir, found "
		  "'linux/.git/victim' (" SAFE_NAME_RULE ")\n" },
		{ "tu\tx86_64/defconfig\tlinux//victim",
		  "B/out/s2/shard:8:21: error: expected the TU's stem, a path below its cell's dir, found "
		  "'linux//victim' (" SAFE_NAME_RULE ")\n" },
		{ "tu\t../defconfig\tvictim",
		  "B/out/s2/shard:8:4: error: expected a cell, ARCH/CONFIG, found '../defconfig' "
		  "(" SAFE_NAME_RULE ")\n" },
		{ "tu\t.x86_64/defconfig\tlinux/a",
		  "B/out/s2/shard:8:4: error: expected a cell, ARCH/CONFIG, found '.x86_64/defconfig' "
		  "(" SAFE_NAME_RULE ")\n" },
		{ "tu\t/defconfig\tvictim",
		  "B/out/s2/shard:8:4: error: expected a cell, ARCH/CONFIG, found '/defconfig' "
		  "(" SAFE_NAME_RULE ")\n" },
		{ "tu\tx86_64/tiny2\tlinux/a",
		  "B/out/s2/shard:8:4: error: the TU's cell x86_64/tiny2 is not one of the run's cells "
		  "(B/out/s1/cells)\n" },
		{ "tu\ts1/evil\tpwn",
		  "B/out/s2/shard:8:4: error: the TU's cell s1/evil is not one of the run's cells "
		  "(B/out/s1/cells)\n" },
	};
	char *tree = out_fixture_tree(), *real = tmp_dir(), *base = realpath(real, NULL), *out, **dirs, *list,
	     *victims[4], *target, *evil, *manifest, *text;
	size_t k;
	int i;

	out = xasprintf("%s/out", base);
	dirs = make_shards(out, tree, 2, 1);
	victims[0] = put_file(base, "victim.c", "VICTIM\n");
	victims[1] = put_file(base, "victim.log", "VICTIM\n");
	victims[2] = put_file(base, "defconfig/victim.c", "VICTIM\n");
	victims[3] = put_file(base, "defconfig/victim.log", "VICTIM\n");
	/* tu s1/evil pwn: shard 2 has s1/evil/pwn.*, and OUT/s1/evil is DIR */
	target = xasprintf("%s/dir", base);
	ck_assert_int_eq(mkdir(target, 0755), 0);
	evil = xasprintf("%s/evil", dirs[0]);
	ck_assert_int_eq(symlink(target, evil), 0);
	free(put_file(dirs[1], "s1/evil/pwn.c", "PWNED\n"));
	free(put_file(dirs[1], "s1/evil/pwn.log", "PWNED\n"));
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		put_shard2(dirs[1], cases[k][0]);
		expect_refused_into(base, out, dirs, 2, cases[k][1]);
		for (i = 0; i < 4; i++)
			assert_file(victims[i], "VICTIM\n");
		list = dir_list(out);
		ck_assert_str_eq(list, "s1\ns2\n");
		free(list);
		list = dir_list(target);
		ck_assert_str_eq(list, "");
		free(list);
	}
	/* a stem in a manifest: the judge would read B/victim.log */
	put_shard2(dirs[1], NULL);
	free(put_file(base, "victim.rc", "1\n"));
	manifest = xasprintf("%s/x86_64/defconfig/manifest.tsv", dirs[0]);
	text = slurp(manifest);
	free(manifest);
	manifest = xasprintf("%sheader\tlinux/v.h\t../../../victim\n", text);
	free(put_file(dirs[0], "x86_64/defconfig/manifest.tsv", manifest));
	expect_refused_into(base, out, dirs, 2, "B/out/s1/x86_64/defconfig/manifest.tsv:19:18: error: expected the "
						"TU's stem, a path below its cell's dir, found '../../../victim' ("
						SAFE_NAME_RULE ")\n");
	list = dir_list(out);
	ck_assert_str_eq(list, "s1\ns2\n");
	free(list);
	free(manifest);
	free(text);
	ck_assert(!found_under(out, "VICTIM"));
	for (i = 0; i < 4; i++)
		free(victims[i]);
	free(evil);
	free(target);
	free_dirs(dirs, 2);
	free(out);
	free(base);
	free(real);
	free(tree);
}
END_TEST

/* A symlink already in --out is not written through: the merge stops
 * before it writes anything, the symlink's target stays empty. */
START_TEST(test_out_symlinks)
{
	char *tree = out_fixture_tree(), *real = tmp_dir(), *base = realpath(real, NULL), *out, **dirs, *list,
	     *target, *link, *cells;

	/* a cell the shards' cells file adds, whose dir in OUT is a symlink */
	out = xasprintf("%s/out", base);
	dirs = make_shards(out, tree, 2, 1);
	target = xasprintf("%s/dir", base);
	ck_assert_int_eq(mkdir(target, 0755), 0);
	link = xasprintf("%s/evil", dirs[0]);
	ck_assert_int_eq(symlink(target, link), 0);
	free(link);
	free(put_file(dirs[1], "s1/evil/pwn.c", "PWNED\n"));
	put_shard2(dirs[1], "tu\ts1/evil\tpwn");
	cells = xasprintf("%s/cells", dirs[0]);
	list = slurp(cells);
	free(cells);
	cells = xasprintf("%ss1/evil\n", list);
	free(list);
	free(put_file(dirs[0], "cells", cells));
	free(put_file(dirs[1], "cells", cells));
	free(cells);
	expect_refused_into(base, out, dirs, 2, "hdrtest: error: cannot write B/out/s1/evil/pwn.c: it is a symlink "
					       "or goes through one (not followed)\n");
	list = dir_list(out);
	ck_assert_str_eq(list, "s1\ns2\n");
	free(list);
	list = dir_list(target);
	ck_assert_str_eq(list, "");
	free(list);
	free_dirs(dirs, 2);
	free(out);

	/* OUT/x86_64 made a symlink before the merge */
	dirs = make_shards(base, tree, 2, 2);
	out = xasprintf("%s/merged", base);
	link = xasprintf("%s/x86_64", out);
	ck_assert_int_eq(mkdir(out, 0755), 0);
	ck_assert_int_eq(symlink(target, link), 0);
	free(link);
	expect_refused_into(base, out, dirs, 2, "hdrtest: error: cannot write B/merged/x86_64/defconfig/plan: it is "
					       "a symlink or goes through one (not followed)\n");
	list = dir_list(out);
	ck_assert_str_eq(list, "x86_64\n");
	free(list);
	list = dir_list(target);
	ck_assert_str_eq(list, "");
	free(list);
	free_dirs(dirs, 2);
	free(out);
	free(target);
	free(base);
	free(real);
	free(tree);
}
END_TEST

/* hdrtest merge wants a shard at least, and --out. */
START_TEST(test_command_usage)
{
	char *argv[] = { "merge", "--out", "x", NULL }, *diag;

	optind = 0;
	diag_begin();
	ck_assert_int_eq(cmd_merge.run(&cmd_merge, 3, argv), EXIT_ERROR);
	diag = diag_end();
	ck_assert_msg(starts_with(diag, "hdrtest merge: no shard given\nusage: hdrtest merge --out DIR [OPTION...] "
				       "SHARD-OUT...\n"), "%s", diag);
	free(diag);
	argv[1] = "s1";
	optind = 0;
	diag_begin();
	ck_assert_int_eq(cmd_merge.run(&cmd_merge, 2, argv), EXIT_ERROR);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "--out"), "%s", diag);
	free(diag);
}
END_TEST

Suite *merge_suite(void)
{
	Suite *s = suite_create("merge");
	TCase *tc = tcase_create("as one run");

	tcase_add_test(tc, test_three_shards);
	tcase_add_test(tc, test_with_baseline);
	tcase_add_test(tc, test_shards_with_no_work);
	tcase_add_test(tc, test_one_shard);
	suite_add_tcase(s, tc);
	tc = tcase_create("refused");
	tcase_add_test(tc, test_different_runs);
	tcase_add_test(tc, test_not_every_shard_once);
	tcase_add_test(tc, test_tu_in_two_shards);
	tcase_add_test(tc, test_cells_differ);
	tcase_add_test(tc, test_not_shards);
	tcase_add_test(tc, test_command_usage);
	suite_add_tcase(s, tc);
	tc = tcase_create("hostile shards");
	tcase_add_test(tc, test_shard_symlinks);
	tcase_add_test(tc, test_names_leaving_out);
	tcase_add_test(tc, test_out_symlinks);
	suite_add_tcase(s, tc);
	return s;
}

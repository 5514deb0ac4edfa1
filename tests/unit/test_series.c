// SPDX-License-Identifier: GPL-2.0
/* hdrtest series: the steps of a series (tests/fixtures/series), the
 * tree moved patch by patch by gen/series/series-tree.sh, the tip's
 * catalog fitted to each step (a header that appears at patch 2, a
 * symbol that moves between two headers at patch 3), a patch that does
 * not apply, and the series report on verdicts made up for it (a failure
 * introduced at 2 and fixed at 3: not bisectable). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/process.h"
#include "base/util.h"
#include "helpers.h"
#include "model/catalog.h"
#include "scan/scan.h"
#include "series/scratch.h"
#include "series/series_report.h"
#include "series/step_catalog.h"
#include "series/steps.h"
#include "suites.h"

#define FX "tests/fixtures/series"

START_TEST(test_steps_from_dir)
{
	struct series s;

	ck_assert_int_eq(series_from_dir(FX "/patches", &s), 0);
	ck_assert_int_eq(s.n, 4);
	ck_assert_str_eq(s.steps[0].num, "0000");
	ck_assert_ptr_null(s.steps[0].patch);
	ck_assert_str_eq(s.steps[2].num, "0002");
	ck_assert_str_eq(s.steps[2].name, "0002-add-three.h.patch");
	ck_assert_str_eq(s.steps[2].subject, "linux/three.h: a new header");
	ck_assert_str_eq(s.steps[3].subject, "linux/one.h: move moving_sym() to linux/two.h");
	series_free(&s);
}
END_TEST

START_TEST(test_subject_folded_and_tagged)
{
	char *s = patch_subject("From: a\nSubject: [PATCH v5 06/15] linux/mm.h: move page_address()\n and others\n\nbody\n");

	ck_assert_str_eq(s, "linux/mm.h: move page_address() and others");
	free(s);
	ck_assert_ptr_null(patch_subject("From: a\n\nSubject: in the body\n"));
}
END_TEST

START_TEST(test_steps_refused)
{
	char *dir = tmp_dir(), *msg;
	struct series s;

	free(put_file(dir, "series", "0001-a.patch\n../escape.patch\n"));
	free(put_file(dir, "0001-a.patch", "Subject: a\n"));
	diag_begin();
	ck_assert_int_eq(series_from_dir(dir, &s), -1);
	msg = diag_end();
	ck_assert_msg(strstr(msg, "/series:2:1: expected a patch file name") != NULL, "%s", msg);
	free(msg);
	free(dir);

	dir = tmp_dir();
	free(put_file(dir, "0001-a.patch", "Subject: a\n"));
	free(put_file(dir, "1-b.patch", "Subject: b\n"));
	diag_begin();
	ck_assert_int_eq(series_from_dir(dir, &s), -1);
	msg = diag_end();
	ck_assert_msg(strstr(msg, "its number 0001 is 0001-a.patch's too") != NULL, "%s", msg);
	free(msg);
	free(dir);

	dir = tmp_dir();
	diag_begin();
	ck_assert_int_eq(series_from_dir(dir, &s), -1);
	msg = diag_end();
	ck_assert_msg(strstr(msg, "no patch") != NULL, "%s", msg);
	free(msg);
	free(dir);

	diag_begin();
	ck_assert_int_eq(series_from_git(".", "--upload-pack=x..HEAD", &s), -1);
	msg = diag_end();
	ck_assert_msg(strstr(msg, "expected BASE..TIP, two git revisions") != NULL, "%s", msg);
	free(msg);
}
END_TEST

/* series-tree.sh CMD ARGS...: its exit status. */
static int tree_step(const char *cmd, const char *a, const char *b, const char *c)
{
	char *script = repo_path("gen/series/series-tree.sh");
	char *argv[] = { script, (char *)cmd, (char *)a, (char *)b, (char *)c, NULL };
	int rc;

	stderr_begin();
	rc = run_program(argv);
	free(stderr_end());
	free(script);
	return rc;
}

/* The scratch tree dir/tree made the base again, as hdrtest series does. */
static int tree_reset(const char *base, const char *dir, const char *stamp)
{
	int rc;

	diag_begin();
	stdout_begin();
	rc = scratch_reset(base, dir, stamp);
	free(stdout_end());
	free(diag_end());
	return rc;
}

/* patch applied on dir/tree, its names recorded first; 0, or -1. */
static int tree_apply(const char *dir, const char *patch, const char *stamp)
{
	char *tree = xasprintf("%s/tree", dir);
	int rc;

	diag_begin();
	rc = scratch_note_patch(dir, patch);
	free(diag_end());
	if (!rc)
		rc = tree_step("apply", tree, patch, stamp) ? -1 : 0;
	free(tree);
	return rc;
}

/* The step's moves.tsv, after fitting the tip's catalog to the tree. */
static char *moves_at(const char *tree, const char *out)
{
	char *cat_path = repo_path(FX "/tip.cat"), *files[] = { cat_path }, **paths = NULL, *mv, *moves, *keep, *kept;
	struct catalog *cat;
	struct scan_index *ix;

	diag_begin();
	cat = catalog_read(files, 1);
	ix = scan_tree(tree);
	ck_assert_ptr_nonnull(cat);
	ck_assert_ptr_nonnull(ix);
	mv = xasprintf("%s/moves.tsv", out);
	keep = xasprintf("%s/keep", out);
	ck_assert_int_eq(step_catalog_write(cat, files, 1, ix, out, keep, mv, &paths), 0);
	free(diag_end());
	moves = slurp(mv);
	free(mv);
	/* the step's record holds what its run reads */
	kept = slurp(paths[0]);
	mv = xasprintf("%s/tip.cat", keep);
	assert_file(mv, kept);
	free(mv);
	free(kept);
	free(keep);
	/* the step's catalog reads as a catalog */
	diag_begin();
	catalog_free(catalog_read(paths, 1));
	ck_assert_int_eq(error_count(), 0);
	free(diag_end());
	free(paths[0]);
	free(paths);
	scan_free(ix);
	catalog_free(cat);
	free(cat_path);
	return moves;
}

START_TEST(test_tree_moves_and_catalog_follows)
{
	char *dir = tmp_dir(), *tree = xasprintf("%s/tree", dir), *base = repo_path(FX "/base");
	char *p1 = repo_path(FX "/patches/0001-one.h-add-one_more.patch");
	char *p2 = repo_path(FX "/patches/0002-add-three.h.patch");
	char *p3 = repo_path(FX "/patches/0003-move-moving_sym-to-two.h.patch");
	char *out = xasprintf("%s/out", dir), *m, *one;

	ck_assert_int_eq(tree_reset(base, dir, "step 0"), 0);
	m = moves_at(tree, out);
	ck_assert_str_eq(m, "linux/one.h\tone_more\tundefined\t-\n"
			    "linux/two.h\tmoving_sym\telsewhere\tlinux/one.h\n"
			    "linux/three.h\t-\tabsent\t-\n");
	free(m);
	/* the step's catalog: what the tree does not hold, commented out */
	one = xasprintf("%s/tip.cat", out);
	m = slurp(one);
	ck_assert_msg(strstr(m, "# hdrtest series: absent at this step: header linux/three.h\n") &&
		      strstr(m, "# hdrtest series: absent at this step: \tfunc\tthree_get") &&
		      /* moving_sym is in one.h, catalogued too, until patch 3: one.h's entry has it */
		      strstr(m, "\tfunc\tone_get\t\tint (void)\n# hdrtest series: undefined at this step: \tfunc\tone_more\t"
				"int (void)\n# hdrtest series: in linux/one.h at this step, catalogued under linux/two.h:\n"
				"\tfunc\tmoving_sym\tint (int)\n") &&
		      strstr(m, "# hdrtest series: in another catalogued header at this step: \tfunc\tmoving_sym") &&
		      strstr(m, "\tfunc\tone_get\t\tint (void)\n"), "%s", m);
	free(m);
	ck_assert_int_eq(tree_apply(dir, p1, "step 1"), 0);
	m = moves_at(tree, out);
	ck_assert_str_eq(m, "linux/two.h\tmoving_sym\telsewhere\tlinux/one.h\nlinux/three.h\t-\tabsent\t-\n");
	free(m);
	/* the header appears at patch 2 */
	ck_assert_int_eq(tree_apply(dir, p2, "step 2"), 0);
	m = moves_at(tree, out);
	ck_assert_str_eq(m, "linux/two.h\tmoving_sym\telsewhere\tlinux/one.h\n");
	free(m);
	/* the symbol moves at patch 3: the tip's catalog holds */
	ck_assert_int_eq(tree_apply(dir, p3, "step 3"), 0);
	m = moves_at(tree, out);
	ck_assert_str_eq(m, "");
	free(m);
	m = slurp(one);
	ck_assert_msg(!strstr(m, "hdrtest series"), "%s", m);
	free(m);
	/* the base tree was never written (the patches broke the links) */
	m = slurp(FX "/base/include/linux/one.h");
	ck_assert_msg(strstr(m, "moving_sym") && !strstr(m, "one_more"), "%s", m);
	free(m);
	ck_assert(!file_exists(FX "/base/include/linux/three.h"));
	/* back to the base: the files the patches changed come back */
	ck_assert_int_eq(tree_reset(base, dir, "step 0 again"), 0);
	m = moves_at(tree, out);
	ck_assert_str_eq(m, "linux/one.h\tone_more\tundefined\t-\n"
			    "linux/two.h\tmoving_sym\telsewhere\tlinux/one.h\n"
			    "linux/three.h\t-\tabsent\t-\n");
	free(m);
	free(one);
	free(out);
	free(p1);
	free(p2);
	free(p3);
	free(base);
	free(tree);
	free(dir);
}
END_TEST

START_TEST(test_patch_that_does_not_apply)
{
	char *dir = tmp_dir(), *tree = xasprintf("%s/tree", dir), *base = repo_path(FX "/base");
	char *p1 = repo_path(FX "/bad/0001-one.h-add-one_more.patch");
	char *p2 = repo_path(FX "/bad/0002-does-not-apply.patch");
	char *script = repo_path("gen/series/series-tree.sh"), *err, *before, *after, *one;
	char *argv[] = { script, "apply", tree, p2, "step 2", NULL };

	ck_assert_int_eq(tree_reset(base, dir, "step 0"), 0);
	ck_assert_int_eq(tree_apply(dir, p1, "step 1"), 0);
	one = xasprintf("%s/include/linux/one.h", tree);
	before = slurp(one);
	stderr_begin();
	ck_assert_int_eq(run_program(argv), 1);
	err = stderr_end();
	ck_assert_msg(strstr(err, "hdrtest: error: ") && strstr(err, "0002-does-not-apply.patch does not apply") &&
		      strstr(err, "include/linux/one.h"), "%s", err);
	after = slurp(one);
	ck_assert_str_eq(before, after);	/* nothing half-applied */
	free(before);
	free(after);
	free(err);
	free(one);
	free(script);
	free(p1);
	free(p2);
	free(base);
	free(tree);
	free(dir);
}
END_TEST

/* A git tree with the fixture's base as one commit and each patch as the
 * next (git am), on branch tip; the base commit is tagged base. */
static char *fixture_git(void)
{
	char *dir = tmp_dir(), *base = repo_path(FX "/base"), *patches = repo_path(FX "/patches"), *cmd;

	cmd = xasprintf("cd '%s' && cp -r '%s'/. . && git init -q -b tip . && git -c user.name=t -c user.email=t@t "
			"add -A && git -c user.name=t -c user.email=t@t commit -q -m base && git tag base && "
			"git -c user.name=t -c user.email=t@t am -q '%s'/0*.patch", dir, base, patches);
	ck_assert_msg(system(cmd) == 0, "%s", cmd);
	free(cmd);
	free(base);
	free(patches);
	return dir;
}

START_TEST(test_steps_from_git_and_worktree)
{
	char *git = fixture_git(), *wt = xasprintf("%s.wt/tree", git), *out = xasprintf("%s.out", git), *m, *before;
	struct series s;

	ck_assert_int_eq(series_from_git(git, "base..tip", &s), 0);
	ck_assert_int_eq(s.n, 4);
	ck_assert_ptr_nonnull(s.steps[0].commit);
	ck_assert_str_eq(s.steps[1].subject, "one.h: add one_more()");
	ck_assert_str_eq(s.steps[3].num, "0003");
	ck_assert_str_eq(s.steps[3].subject, "linux/one.h: move moving_sym() to linux/two.h");
	/* the clone at the base, then at each commit; the git tree is not
	 * written (a worktree would be registered in its .git) */
	before = dir_snapshot(git, 1);
	{
		char *script = repo_path("gen/series/series-tree.sh");
		char *argv[] = { script, "git-reset", git, wt, s.steps[0].commit, "step 0", NULL };

		stderr_begin();
		ck_assert_int_eq(run_program(argv), 0);
		free(stderr_end());
		free(script);
	}
	m = moves_at(wt, out);
	ck_assert_str_eq(m, "linux/one.h\tone_more\tundefined\t-\n"
			    "linux/two.h\tmoving_sym\telsewhere\tlinux/one.h\n"
			    "linux/three.h\t-\tabsent\t-\n");
	free(m);
	ck_assert_int_eq(tree_step("git-apply", wt, s.steps[2].commit, "step 2"), 0);
	m = moves_at(wt, out);
	ck_assert_str_eq(m, "linux/two.h\tmoving_sym\telsewhere\tlinux/one.h\n");
	free(m);
	ck_assert_int_eq(tree_step("git-apply", wt, s.steps[3].commit, "step 3"), 0);
	m = moves_at(wt, out);
	ck_assert_str_eq(m, "");
	free(m);
	/* back to the base: a file only a later commit has is gone */
	{
		char *script = repo_path("gen/series/series-tree.sh"), *three = xasprintf("%s/include/linux/three.h", wt);
		char *argv[] = { script, "git-reset", git, wt, s.steps[0].commit, "step 0 again", NULL };

		ck_assert(file_exists(three));
		stderr_begin();
		ck_assert_int_eq(run_program(argv), 0);
		free(stderr_end());
		ck_assert(!file_exists(three));
		free(three);
		free(script);
	}
	m = dir_snapshot(git, 1);
	ck_assert_msg(!strcmp(before, m), "the git tree was written: before\n%.2000s\nafter\n%.2000s", before, m);
	free(m);
	free(before);
	series_free(&s);
	free(out);
	free(wt);
	free(git);
}
END_TEST

/* A made-up series of 4 steps and its verdicts. */
static struct series fake_series(void)
{
	struct series s = { 0 };
	const char *subjects[] = { "the base", "add a.h", "break b.h", "fix b.h" };
	int i;

	for (i = 0; i < 4; i++) {
		struct series_step *st = push(&s.steps, &s.n, sizeof(*st));

		memset(st, 0, sizeof(*st));
		st->num = xasprintf("%04d", i);
		st->name = i ? xasprintf("%04d-p.patch", i) : xstrdup("base");
		st->patch = i ? xstrdup(st->name) : NULL;
		st->subject = xstrdup(subjects[i]);
	}
	return s;
}

#define C "x86_64\tdefconfig\t"
static const char *const results[4] = {
	C "linux/b.h\tpass\t\n" C "linux/c.h\tpass\t\n",
	C "linux/a.h\tpass\t\n" C "linux/b.h\tpass\t\n" C "linux/c.h\tfail\tinclude/linux/c.h:10:5: error: x\n",
	C "linux/a.h\tpass\t\n" C "linux/b.h\tfail\tinclude/linux/b.h:3:1: error: y\n"
	C "linux/c.h\tfail\tinclude/linux/c.h:12:5: error: x\n",
	C "linux/a.h\tpass\t\n" C "linux/b.h\tpass\t\n" C "linux/c.h\tfail\tinclude/linux/c.h:12:5: error: x\n",
};
static const char *const failures[4] = {
	"",
	"FAIL x86_64/defconfig linux/c.h\n  include/linux/c.h:10:5: error: x\n  why: x is in linux/d.h\n",
	"FAIL x86_64/defconfig linux/b.h\n  y\n  why: y moved\n\n"
	"FAIL x86_64/defconfig linux/c.h\n  include/linux/c.h:12:5: error: x\n  why: x is in linux/d.h\n",
	"FAIL x86_64/defconfig linux/c.h\n  include/linux/c.h:12:5: error: x\n  why: x is in linux/e.h\n",
};

START_TEST(test_report_first_bad_fixed_and_bisectable)
{
	struct series s = fake_series();
	struct series_report r;
	char *text, *json;
	int i, nw, fx, fl, ab;

	series_report_init(&r, &s);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(series_report_add_step(&r, i, results[i], i ? NULL : "linux/a.h\t-\tabsent\t-\n",
							failures[i], "results.tsv"), 0);
	series_report_analyse(&r);
	/* b.h, the cell's kbuild row, c.h, a.h */
	ck_assert_int_eq(r.nrows, 4);
	ck_assert_str_eq(r.rows[1].header, SERIES_KBUILD);
	ck_assert_int_eq(r.rows[1].state[3], SS_PASS);
	/* a.h: absent at the base, then passes: no failure */
	ck_assert_str_eq(r.rows[3].header, "linux/a.h");
	ck_assert_int_eq(r.rows[3].state[0], SS_ABSENT);
	ck_assert_int_eq(r.nspans, 2);
	/* b.h: introduced at 2, fixed at 3 */
	ck_assert_str_eq(r.rows[r.spans[0].row].header, "linux/b.h");
	ck_assert_int_eq(r.spans[0].first, 2);
	ck_assert_int_eq(r.spans[0].fixed, 3);
	/* c.h: introduced at 1, still failing */
	ck_assert_int_eq(r.spans[1].first, 1);
	ck_assert_int_eq(r.spans[1].fixed, -1);
	ck_assert(!series_bisectable(&r));
	series_step_counts(&r, 2, &nw, &fx, &fl, &ab);
	ck_assert_int_eq(nw, 1);
	ck_assert_int_eq(fl, 2);
	series_step_counts(&r, 3, &nw, &fx, &fl, &ab);
	ck_assert_int_eq(fx, 1);
	text = series_summary_text(&r);
	ck_assert_msg(strstr(text, "linux/b.h on x86_64/defconfig: first bad 0002 (break b.h); fixed by 0003 (fix b.h)") &&
		      strstr(text, "linux/c.h on x86_64/defconfig: first bad 0001 (add a.h); still failing at 0003") &&
		      strstr(text, "Bisectable for header self-containedness: no: 0002 breaks linux/b.h on "
				   "x86_64/defconfig until 0003\n"), "%s", text);
	/* c.h's line moved at 0002 (no change of why), its explanation changed at 0003 */
	ck_assert_msg(!strstr(text, "why changed at 0002") && strstr(text, "why changed at 0003: include/linux/c.h") &&
		      strstr(text, "why: x is in linux/e.h"), "%s", text);
	free(text);
	text = series_ktap(&r);
	ck_assert_msg(strstr(text, "1..4\n") && strstr(text, "\nok 1 0000-base\n") && strstr(text, "\nnot ok 2 0001-p\n") &&
		      strstr(text, "\nnot ok 3 0002-p\n") && strstr(text, "\nok 4 0003-p\n") &&
		      strstr(text, "# fixed x86_64/defconfig linux/b.h\n"), "%s", text);
	free(text);
	json = series_review_json(&r, 2, "https://ci.example/series.html#p0002");
	ck_assert_msg(strstr(json, "[{\"tool\": \"hdrtest\", \"status\": \"fail\", \"summary\": \"1 header test newly failing") &&
		      strstr(json, "\"url\": \"https://ci.example/series.html#p0002\""), "%s", json);
	free(json);
	json = series_review_json(&r, 3, "u");
	ck_assert_msg(strstr(json, "\"status\": \"warn\""), "%s", json);
	free(json);
	json = series_review_json(&r, 0, "u");
	ck_assert_msg(strstr(json, "\"status\": \"pass\""), "%s", json);
	free(json);
	text = series_html(&r);
	ck_assert_msg(strstr(text, "<td class=\"fail firstbad\" title=\"include/linux/b.h:3:1: error: y\nwhy: y moved\">FAIL</td>"),
		      "%s", text);
	free(text);
	series_report_free(&r);
	series_free(&s);
}
END_TEST

/* A patch that breaks the tree's own build on a cell (its prepare fails:
 * every TU an error) until the next one mends it: the cell's kbuild row
 * fails there, and the series is not bisectable. */
START_TEST(test_report_kbuild_broken_by_a_patch)
{
	struct series s = fake_series();
	struct series_report r;
	char *text;

	series_report_init(&r, &s);
	ck_assert_int_eq(series_report_add_step(&r, 0, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 1, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 2, C "linux/b.h\terror\tkbuild 'make prepare' failed: "
							  "include/linux/mm.h:1456:43: error: z\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 3, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	series_report_analyse(&r);
	ck_assert_int_eq(r.nspans, 1);
	ck_assert_str_eq(r.rows[r.spans[0].row].header, SERIES_KBUILD);
	ck_assert_int_eq(r.spans[0].first, 2);
	ck_assert_int_eq(r.spans[0].fixed, 3);
	/* the header was not judged at 2: no failure of its own */
	ck_assert_int_eq(r.rows[0].state[2], SS_ERROR);
	ck_assert(!series_bisectable(&r));
	text = series_summary_text(&r);
	ck_assert_msg(strstr(text, "(kbuild prepare) on x86_64/defconfig: first bad 0002 (break b.h); fixed by 0003") &&
		      strstr(text, "0002: kbuild 'make prepare' failed: include/linux/mm.h:1456:43: error: z\n"), "%s", text);
	free(text);
	series_report_free(&r);
	series_free(&s);
}
END_TEST

START_TEST(test_report_bisectable_series_and_bad_results)
{
	struct series s = fake_series();
	struct series_report r;
	char *text, *msg;

	series_report_init(&r, &s);
	ck_assert_int_eq(series_report_add_step(&r, 0, C "linux/b.h\tfail\tz\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 1, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	series_report_analyse(&r);
	/* failing before the series and fixed by it: bisectable */
	ck_assert(series_bisectable(&r));
	text = series_summary_text(&r);
	ck_assert_msg(strstr(text, "failing in the base tree already; fixed by 0001") &&
		      strstr(text, "Bisectable for header self-containedness: yes"), "%s", text);
	free(text);
	diag_begin();
	ck_assert_int_eq(series_report_add_step(&r, 2, C "linux/b.h\tmaybe\t\n", NULL, NULL, "0002/results.tsv"), -1);
	msg = diag_end();
	ck_assert_msg(strstr(msg, "0002/results.tsv:1:1: expected ARCH, CONFIG, HEADER, pass|fail|skip|error"), "%s", msg);
	free(msg);
	series_report_free(&r);
	series_free(&s);
}
END_TEST

/* A patch that adds a guarded #error to a header that passed (or an
 * include only another arch has) makes its test a skip: no failure, but
 * every report of the series names it with the skip's reason.  A skip
 * that failed before, or one from the start, is no news. */
START_TEST(test_report_pass_turned_skip)
{
	struct series s = fake_series();
	struct series_report r;
	char *text;
	const char *why = "not meant to be included alone: include/linux/b.h:3: #error 'b.h included directly'";

	series_report_init(&r, &s);
	ck_assert_int_eq(series_report_add_step(&r, 0, C "linux/b.h\tpass\t\n" C "linux/c.h\tfail\tz\n"
							  C "linux/d.h\tskip\tnot for x86_64: x\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 1, C "linux/b.h\tpass\t\n" C "linux/c.h\tfail\tz\n"
							  C "linux/d.h\tskip\tnot for x86_64: x\n", NULL, NULL, "r"), 0);
	text = xasprintf(C "linux/b.h\tskip\t%s\n" C "linux/c.h\tskip\tnot for x86_64: y\n"
			   C "linux/d.h\tskip\tnot for x86_64: x\n", why);
	ck_assert_int_eq(series_report_add_step(&r, 2, text, NULL, NULL, "r"), 0);
	free(text);
	series_report_analyse(&r);
	text = series_summary_text(&r);
	ck_assert_msg(strstr(text, "Passing headers a patch made skips (check that it means them not to stand alone "
				   "there):\n  at 0002 (break b.h):\n    skipped x86_64/defconfig linux/b.h: "
				   "not meant to be included alone: include/linux/b.h:3: #error 'b.h included directly'\n\n") &&
		      !strstr(text, "skipped x86_64/defconfig linux/c.h") && !strstr(text, "skipped x86_64/defconfig linux/d.h"),
		      "%s", text);
	free(text);
	text = series_ktap(&r);
	ck_assert_msg(strstr(text, "# skipped x86_64/defconfig linux/b.h: not meant to be included alone: "), "%s", text);
	free(text);
	text = series_review_json(&r, 2, "u");
	ck_assert_msg(strstr(text, "\"status\": \"warn\"") && strstr(text, "skipped x86_64/defconfig linux/b.h: "), "%s",
		      text);
	free(text);
	text = series_tsv(&r);
	ck_assert_msg(strstr(text, "\tx86_64/defconfig\tlinux/b.h\tskip\tnot meant to be included alone: "), "%s", text);
	free(text);
	series_report_free(&r);
	series_free(&s);
}
END_TEST

/* review.json is UTF-8, as JSON must be: a header's Latin-1 byte, an
 * overlong form, a surrogate and a sequence cut short at the end of a
 * string each become U+FFFD; valid UTF-8 (é, an emoji) is kept. */
START_TEST(test_review_json_is_utf8)
{
	struct series s = fake_series();
	struct series_report r;
	char *json;

	series_report_init(&r, &s);
	ck_assert_int_eq(series_report_add_step(&r, 0, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 1, C "linux/b.h\tfail\tinclude/linux/b.h:1:2: error: "
							  "caf\xe9 \xc0\xaf caf\xc3\xa9 \xf0\x9f\x98\x80 \xed\xa0\x80\n",
						NULL, NULL, "r"), 0);
	series_report_analyse(&r);
	json = series_review_json(&r, 1, "https://ci.example/\xe2\x82");
	ck_assert_msg(strstr(json, "error: caf\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd caf\xc3\xa9 \xf0\x9f\x98\x80 "
				   "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\\n\"") &&
		      strstr(json, "\"url\": \"https://ci.example/\xef\xbf\xbd\xef\xbf\xbd\""), "%s", json);
	free(json);
	series_report_free(&r);
	series_free(&s);
}
END_TEST

/* A patch's subject and file name are its author's bytes: the STEP line,
 * summary.txt, the KTAP and the errors get them in caret notation, never
 * an escape sequence that moves the cursor or erases the report's lines. */
START_TEST(test_subject_and_name_in_caret_notation)
{
	char *dir = tmp_dir(), *git = tmp_dir(), *text, *msg, *cmd;
	struct series s;
	struct series_report r;

	free(put_file(dir, "0001-a.patch", "From: a\nSubject: [PATCH] \033[2K\033[1Aall\tgood\x7f\n\nbody\n"));
	free(put_file(dir, "0002-\033[1A.patch", "no mail headers\n"));
	ck_assert_int_eq(series_from_dir(dir, &s), 0);
	ck_assert_int_eq(s.n, 3);
	ck_assert_str_eq(s.steps[1].subject, "^[[2K^[[1Aall good^?");
	ck_assert_str_eq(s.steps[2].name, "0002-^[[1A.patch");
	ck_assert_str_eq(s.steps[2].subject, "0002-^[[1A.patch");
	/* the file itself is still found */
	ck_assert_ptr_nonnull(strstr(s.steps[2].patch, "/0002-\033[1A.patch"));
	series_report_init(&r, &s);
	ck_assert_int_eq(series_report_add_step(&r, 0, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 1, C "linux/b.h\tfail\tz\n", NULL, NULL, "r"), 0);
	ck_assert_int_eq(series_report_add_step(&r, 2, C "linux/b.h\tpass\t\n", NULL, NULL, "r"), 0);
	series_report_analyse(&r);
	text = series_summary_text(&r);
	ck_assert_msg(!strchr(text, '\033') && !strchr(text, 0x7f) &&
		      strstr(text, "first bad 0001 (^[[2K^[[1Aall good^?); fixed by 0002 (0002-^[[1A.patch)"), "%s", text);
	free(text);
	text = series_ktap(&r);
	ck_assert_msg(!strchr(text, '\033') && strstr(text, "ok 3 0002-^[[1A\n"), "%s", text);
	free(text);
	series_report_free(&r);
	series_free(&s);

	/* a listed patch that is missing: the error names it in caret notation */
	free(put_file(dir, "series", "0001-\033[2K.patch\n"));
	diag_begin();
	ck_assert_int_eq(series_from_dir(dir, &s), -1);
	msg = diag_end();
	ck_assert_msg(!strchr(msg, '\033') && strstr(msg, "/0001-^[[2K.patch: No such file"), "%s", msg);
	free(msg);

	/* a commit's subject (git log %s) */
	cmd = xasprintf("cd '%s' && git init -q . && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m base && "
			"git tag base && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m \"$(printf "
			"'x\\033[2Ky')\" && git tag tip", git);
	ck_assert_msg(system(cmd) == 0, "%s", cmd);
	ck_assert_int_eq(series_from_git(git, "base..tip", &s), 0);
	ck_assert_str_eq(s.steps[1].subject, "x^[[2Ky");
	series_free(&s);
	free(cmd);
	free(git);
	free(dir);
}
END_TEST

Suite *series_suite(void)
{
	Suite *s = suite_create("series");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_steps_from_dir);
	tcase_add_test(tc, test_subject_folded_and_tagged);
	tcase_add_test(tc, test_steps_refused);
	tcase_add_test(tc, test_tree_moves_and_catalog_follows);
	tcase_add_test(tc, test_patch_that_does_not_apply);
	tcase_add_test(tc, test_steps_from_git_and_worktree);
	tcase_add_test(tc, test_report_first_bad_fixed_and_bisectable);
	tcase_add_test(tc, test_report_kbuild_broken_by_a_patch);
	tcase_add_test(tc, test_report_bisectable_series_and_bad_results);
	tcase_add_test(tc, test_report_pass_turned_skip);
	tcase_add_test(tc, test_review_json_is_utf8);
	tcase_add_test(tc, test_subject_and_name_in_caret_notation);
	suite_add_tcase(s, tc);
	return s;
}

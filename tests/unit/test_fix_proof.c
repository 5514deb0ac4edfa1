// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's proof (fix/proof.c), on the fixture run of fix_fixture.c:
 * which TUs each round compiles again and with what, and the verdict on
 * each fix.  Then the rounds (fix/fix_all.c), through out/bin/hdrtest.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/lines.h"
#include "base/util.h"
#include "fix_fixture.h"
#include "helpers.h"
#include "suites.h"

#define LIGHT cand_include("light_fn", "plain()", "linux/light.h", NULL)

/* Assert that the text holds want, showing both when not. */
#define assert_has(text, want) \
	ck_assert_msg(strstr((text), (want)) != NULL, "'%s' does not hold '%s'", (text), (want))

START_TEST(test_keeps_a_fix_that_makes_a_tu_pass)
{
	struct fix_cand c = LIGHT;
	struct proven p;

	prove_fix(&p, "x86_64", "light plain", "linux/plain.h", &c, 1);
	ck_assert_int_eq(p.fx->orig[0]->tus[1].verdict, V_FAIL);
	ck_assert_str_eq(p.said, "  FIX     round 1 x86_64/defconfig: 1 TUs\n");
	ck_assert_int_eq(proof_tu(p.fx, 0, "linux/plain.h")->verdict, V_PASS);
	ck_assert_int_eq(p.fx->fixes[0].kept, 1);
	ck_assert_str_eq(p.sum, "linux/plain.h                include linux/light.h for light_fn()\n"
				"                             kept, proven on: x86_64/defconfig\n");
	ck_assert_str_eq(p.unfixed, "");
	proven_free(&p);
}
END_TEST

/* plain.h's include of linux/light.h and user2.h's of linux/box.h,
 * proven beside linux/READER.h, which passed (its own struct box, the
 * names declared by hand), and judged: READER.h breaks on box.h's struct
 * box, which user2.h's patch brings in, so that patch is not kept and
 * plain.h's is. */
static void assert_user2_blamed_not_plain(const char *reader)
{
	char *headers = xasprintf("plain user2 %s", reader), *out = fix_run("x86_64", headers);
	char *tu = xasprintf("linux/%s.h", reader), *sum, *unfixed, *want;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand light = LIGHT, box = cand_include("box_fn", "user2()", "linux/box.h", NULL);

	ck_assert_str_eq(fx->orig[0]->tus[2].header, tu);
	ck_assert_int_eq(fx->orig[0]->tus[2].verdict, V_PASS);
	fixer_add(fx, "linux/plain.h", &light, 1);
	fixer_add(fx, "linux/user2.h", &box, 1);
	free(fixer_prove(fx));
	ck_assert_int_eq(proof_tu(fx, 0, "linux/user2.h")->verdict, V_PASS);
	ck_assert_int_eq(proof_tu(fx, 0, tu)->verdict, V_FAIL);
	sum = fixer_judge(fx, &unfixed);
	ck_assert_int_eq(fx->fixes[1].kept, 0);
	want = xasprintf("linux/user2.h                include linux/box.h for box_fn()\n"
			 "                             NOT kept, passes on: x86_64/defconfig\n"
			 "                             breaks what passed: x86_64/defconfig:%s\n", tu);
	assert_has(sum, want);
	ck_assert_int_eq(fx->fixes[0].kept, 1);
	assert_has(sum, "linux/plain.h                include linux/light.h for light_fn()\n"
			"                             kept, proven on: x86_64/defconfig\n"
			"linux/user2.h");
	free(want);
	free(unfixed);
	free(sum);
	fixer_free(fx);
	free(tu);
	free(out);
	free(headers);
}

/* reader.h does not read plain.h: its failure is not plain.h's */
START_TEST(test_rejects_a_fix_that_breaks_a_tu_reading_the_header)
{
	assert_user2_blamed_not_plain("reader");
}
END_TEST

/* reader_both.h reads both patched headers and breaks: the redefinition
 * is in linux/box.h, included from user2.h's patched copy; plain.h's is on
 * no diagnostic's include stack */
START_TEST(test_blames_only_the_patch_on_the_error_stack)
{
	assert_user2_blamed_not_plain("reader_both");
}
END_TEST

START_TEST(test_a_patched_header_the_break_passes_through_is_not_blamed)
{
	char *out = fix_run("x86_64", "user2 via reader_via"), *sum, *unfixed;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand light = cand_include("light_fn", "via()", "linux/light.h", NULL);
	struct fix_cand box = cand_include("box_fn", "user2()", "linux/box.h", NULL);

	ck_assert_int_eq(fx->orig[0]->tus[2].verdict, V_PASS);
	fixer_add(fx, "linux/user2.h", &box, 1);
	fixer_add(fx, "linux/via.h", &light, 1);
	free(fixer_prove(fx));
	/* the redefinition's way: box.h, from user2.h's added include, from
	 * via.h's old include of user2.h: via.h's patch is not to blame */
	ck_assert_int_eq(proof_tu(fx, 0, "linux/reader_via.h")->verdict, V_FAIL);
	ck_assert_int_eq(proof_tu(fx, 0, "linux/via.h")->verdict, V_PASS);
	sum = fixer_judge(fx, &unfixed);
	ck_assert_int_eq(fx->fixes[0].kept, 0);
	assert_has(sum, "breaks what passed: x86_64/defconfig:linux/reader_via.h\n");
	ck_assert_int_eq(fx->fixes[1].kept, 1);
	assert_has(sum, "linux/via.h                  include linux/light.h for light_fn()\n"
			"                             kept, proven on: x86_64/defconfig\n");
	free(unfixed);
	free(sum);
	fixer_free(fx);
	free(out);
}
END_TEST

START_TEST(test_rejects_a_fix_that_makes_a_failing_tu_fail_in_a_new_way)
{
	char *out = fix_run("x86_64", "user2 failing_reader"), *sum, *unfixed;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand box = cand_include("box_fn", "user2()", "linux/box.h", NULL);

	/* failing_reader.h fails already, for nowhere_fn() */
	ck_assert_int_eq(fx->orig[0]->tus[1].verdict, V_FAIL);
	fixer_add(fx, "linux/user2.h", &box, 1);
	free(fixer_prove(fx));
	ck_assert_int_eq(proof_tu(fx, 0, "linux/user2.h")->verdict, V_PASS);
	sum = fixer_judge(fx, &unfixed);
	/* it still fails, now for linux/box.h's struct box too: the patch
	 * broke it, even though it failed before */
	ck_assert_int_eq(fx->fixes[0].kept, 0);
	assert_has(sum, "linux/user2.h                include linux/box.h for box_fn()\n"
			"                             NOT kept, passes on: x86_64/defconfig\n"
			"                             gives what failed a new kind of diagnostic: "
			"x86_64/defconfig:linux/failing_reader.h (redefinition of '*')\n");
	free(unfixed);
	free(sum);
	fixer_free(fx);
	free(out);
}
END_TEST

START_TEST(test_rejects_a_fix_that_breaks_a_tu_reading_the_run_overlay_copy)
{
	char *ov = tmp_dir(), *tree = repo_path("tests/fixtures/fix/tree"), *path, *text, *out, *sum, *unfixed;
	struct fixer *fx;
	struct fix_cand c = cand_include("box_fn", "user2()", "linux/box.h", NULL);
	struct hdr_fix *h;

	/* the run had OVERLAY=ov with a copy of user2.h: reader.h read that */
	path = xasprintf("%s/include/linux/user2.h", tree);
	text = slurp(path);
	free(put_file(ov, "linux/user2.h", text));
	free(text);
	free(path);
	out = fix_run_overlay("x86_64", "user2 reader", ov);
	fx = fixer_new(out, "x86_64");
	ck_assert_int_eq(fx->orig[0]->tus[1].verdict, V_PASS);
	h = fixer_add(fx, "linux/user2.h", &c, 1);
	/* the copy the run compiled is the one patched */
	free(h->base);
	h->base = xasprintf("%s/linux/user2.h", ov);
	free(fixer_prove(fx));
	/* reader.h's depfile names ov/linux/user2.h: it is compiled again */
	ck_assert_str_eq(fx->recompiled.buf, "x86_64/defconfig/linux/user2\nx86_64/defconfig/linux/reader\n");
	sum = fixer_judge(fx, &unfixed);
	ck_assert_int_eq(h->kept, 0);
	assert_has(sum, "breaks what passed: x86_64/defconfig:linux/reader.h\n");
	free(unfixed);
	free(sum);
	fixer_free(fx);
	free(out);
	free(tree);
	free(ov);
}
END_TEST

START_TEST(test_rejects_a_fix_that_fixes_nothing)
{
	/* the wrong header: the name is still missing */
	struct fix_cand c = cand_include("light_fn", "plain()", "linux/types.h", NULL);
	struct proven p;

	prove_fix(&p, "x86_64", "plain", "linux/plain.h", &c, 1);
	ck_assert_int_eq(p.fx->fixes[0].kept, 0);
	ck_assert_str_eq(p.sum, "linux/plain.h                include linux/types.h for light_fn()\n"
				"                             NOT kept: it fixes no cell\n"
				"                             still failing: x86_64/defconfig: linux/plain.h: plain() uses "
				"light_fn(), defined in linux/light.h, which plain.h does not include\n");
	proven_free(&p);
}
END_TEST

START_TEST(test_keeps_a_fix_when_only_other_names_fail)
{
	struct fix_cand c[2] = {
		cand_include("light_fn", "mixed()", "linux/light.h", NULL),
		cand_none("mm_only", "linux/mixed.h: mixed() needs mm_only(), defined only in linux/mm.h (forbidden)"),
	};
	struct proven p;

	prove_fix(&p, "x86_64", "mixed", "linux/mixed.h", c, 2);
	/* it still fails, but only for mm_only(), which no fix was for */
	ck_assert_int_eq(proof_tu(p.fx, 0, "linux/mixed.h")->verdict, V_FAIL);
	ck_assert_int_eq(p.fx->fixes[0].kept, 1);
	ck_assert_str_eq(p.sum, "linux/mixed.h                include linux/light.h for light_fn()\n"
				"                             kept, proven on: x86_64/defconfig\n"
				"                             still failing, for other reasons: x86_64/defconfig: "
				"linux/mixed.h: mixed() uses mm_only(), defined in linux/mm.h, which mixed.h does not "
				"include\n");
	ck_assert_str_eq(p.unfixed, "linux/mixed.h: mixed() needs mm_only(), defined only in linux/mm.h "
				    "(forbidden)\n  cells: x86_64/defconfig\n");
	proven_free(&p);
}
END_TEST

START_TEST(test_rejects_a_fix_that_pulls_in_a_forbidden_header)
{
	/* pulls_mm.h declares light_fn() too, and includes linux/mm.h */
	struct fix_cand c = cand_include("light_fn", "plain()", "linux/pulls_mm.h", NULL);
	struct proven p;

	prove_fix(&p, "x86_64", "plain", "linux/plain.h", &c, 1);
	ck_assert_int_eq(p.fx->fixes[0].kept, 0);
	ck_assert_str_eq(p.sum, "linux/plain.h                include linux/pulls_mm.h for light_fn()\n"
				"                             NOT kept: it fixes no cell\n"
				"                             still failing: x86_64/defconfig: pulls in the forbidden "
				"header linux/mm.h: linux/plain.h -> linux/pulls_mm.h -> linux/mm.h\n");
	proven_free(&p);
}
END_TEST

START_TEST(test_keeps_a_fix_where_the_forbidden_header_was_in_already)
{
	struct fix_cand c = cand_include("light_fn", "both()", "linux/light.h", NULL);
	struct proven p;

	prove_fix(&p, "x86_64", "both", "linux/both.h", &c, 1);
	/* both.h failed for light_fn(), and pulled in linux/mm.h before */
	ck_assert_ptr_nonnull(p.fx->orig[0]->tus[0].forbidden);
	ck_assert_int_eq(p.fx->fixes[0].kept, 1);
	ck_assert_str_eq(p.sum, "linux/both.h                 include linux/light.h for light_fn()\n"
				"                             kept, proven on: x86_64/defconfig\n"
				"                             still failing, for other reasons: x86_64/defconfig: pulls "
				"in the forbidden header linux/mm.h: linux/both.h -> linux/chain_idle.h -> linux/mm.h\n");
	proven_free(&p);
}
END_TEST

START_TEST(test_no_patch_is_listed_with_its_cells)
{
	struct fix_cand c = cand_none("mm_only", "linux/mixed.h: mixed() needs mm_only(): no header qualifies");
	struct proven p;

	/* nothing to patch: no summary line, the reason and where */
	prove_fix(&p, "x86_64 arm64", "mixed", "linux/mixed.h", &c, 1);
	ck_assert_int_eq(p.fx->fixes[0].kept, 0);
	ck_assert_str_eq(p.sum, "");
	ck_assert_str_eq(p.unfixed, "linux/mixed.h: mixed() needs mm_only(): no header qualifies\n"
				    "  cells: x86_64/defconfig arm64/defconfig\n");
	proven_free(&p);
}
END_TEST

START_TEST(test_a_skipped_cell_is_not_proven)
{
	char *out = fix_run("x86_64 arm64", "plain"), *man, *said, *sum, *unfixed, *dir;
	struct fixer *fx;
	struct fix_cand c = LIGHT;

	/* arm64 was skipped (no compiler, say): nothing of it is compiled */
	man = xasprintf("%s/arm64/defconfig/manifest.tsv", out);
	said = slurp(man);
	*strstr(said, "status\tok\t") = '\0';
	sum = xasprintf("%sstatus\tskip\tno compiler%s", said, strstr(said + strlen(said) + 1, "\n"));
	free(put_file(out, "arm64/defconfig/manifest.tsv", sum));
	free(sum);
	free(said);
	free(man);
	fx = fixer_new(out, "x86_64 arm64");
	fixer_add(fx, "linux/plain.h", &c, 1);
	said = fixer_prove(fx);
	ck_assert_str_eq(said, "  FIX     round 1 x86_64/defconfig: 1 TUs\n");
	ck_assert_ptr_null(fx->proof[1]);
	dir = xasprintf("%s/fix/proof/arm64", out);
	ck_assert(!file_exists(dir));
	free(dir);
	sum = fixer_judge(fx, &unfixed);
	ck_assert_str_eq(sum, "linux/plain.h                include linux/light.h for light_fn()\n"
			      "                             kept, proven on: x86_64/defconfig\n");
	free(unfixed);
	free(sum);
	free(said);
	fixer_free(fx);
	free(out);
}
END_TEST

START_TEST(test_rejects_a_fix_that_trades_the_name_for_another_error)
{
	struct fix_cand c = cand_include("box_fn", "clash()", "linux/box.h", NULL);
	struct proven p;
	char *want;

	prove_fix(&p, "x86_64", "clash", "linux/clash.h", &c, 1);
	/* no name is missing now, but it fails: that is no proof */
	ck_assert_int_eq(p.fx->fixes[0].kept, 0);
	want = xasprintf("linux/clash.h                include linux/box.h for box_fn()\n"
			 "                             NOT kept: it fixes no cell\n"
			 "                             still failing: x86_64/defconfig: %s/linux/clash.h:7:1: error: "
			 "redefinition of 'struct box'\n", p.fx->overlay);
	ck_assert_str_eq(p.sum, want);
	free(want);
	proven_free(&p);
}
END_TEST

START_TEST(test_a_compiler_that_cannot_run_is_an_error)
{
	char *out = fix_run("x86_64", "plain"), *path, *text, *err;
	struct fixer *fx;
	struct fix_cand c = LIGHT;

	/* the cell's compiler is gone: the proof cannot judge anything */
	path = xasprintf("%s/x86_64/defconfig/compile.sh", out);
	text = slurp(path);
	*strstr(text, "\nexec ") = '\0';
	free(put_file(out, "x86_64/defconfig/compile.sh", (err = xasprintf("%s\nexit 127\n", text))));
	free(err);
	free(text);
	fx = fixer_new(out, "x86_64");
	fixer_add(fx, "linux/plain.h", &c, 1);
	stderr_begin();
	free(fixer_prove_status(fx, -1));
	err = stderr_end();
	assert_has(err, "/fix/proof/x86_64/defconfig/compile.sh could not run the compiler for ");
	free(err);
	free(path);
	fixer_free(fx);
	free(out);
}
END_TEST

/* prove() on fx, which must fail; what it said, with OUT shown as "OUT". */
static char *prove_fails(struct fixer *fx)
{
	char *said, *diag, *p;
	size_t n = strlen(fx->out);
	struct strbuf sb;

	diag_begin();
	said = fixer_prove_status(fx, -1);
	diag = diag_end();
	free(said);
	sb_init(&sb);
	for (p = diag; *p; p++) {
		if (!strncmp(p, fx->out, n)) {
			sb_add(&sb, "OUT");
			p += n - 1;
		} else {
			sb_addc(&sb, *p);
		}
	}
	free(diag);
	return sb_detach(&sb);
}

START_TEST(test_a_cell_dir_it_cannot_copy_is_an_error_naming_the_file)
{
	char *out = fix_run("x86_64", "plain"), *path, *text, *diag;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand c = LIGHT;

	fixer_add(fx, "linux/plain.h", &c, 1);
	/* the run's compile.sh is gone: that file is named, not the copy */
	path = xasprintf("%s/x86_64/defconfig/compile.sh", out);
	text = slurp(path);
	ck_assert_int_eq(unlink(path), 0);
	diag = prove_fails(fx);
	ck_assert_str_eq(diag, "hdrtest: error: cannot read OUT/x86_64/defconfig/compile.sh: No such file or "
			       "directory\n");
	free(diag);
	free(put_file(out, "x86_64/defconfig/compile.sh", text));
	free(text);
	free(path);
	/* so is its manifest */
	path = xasprintf("%s/x86_64/defconfig/manifest.tsv", out);
	ck_assert_int_eq(unlink(path), 0);
	diag = prove_fails(fx);
	ck_assert_str_eq(diag, "hdrtest: error: cannot read OUT/x86_64/defconfig/manifest.tsv: No such file or "
			       "directory\n");
	free(diag);
	free(path);
	fixer_free(fx);
	free(out);
}
END_TEST

START_TEST(test_proven_only_where_it_failed)
{
	struct fix_cand c = cand_include("next_fn", "arch_only()", "linux/next.h", "defined(CONFIG_ARM64)");
	struct proven p;
	char *cells;

	prove_fix(&p, "x86_64 arm64", "arch_only", "linux/arch_only.h", &c, 1);
	/* the use is under #ifdef CONFIG_ARM64: it fails on arm64 only */
	ck_assert_int_eq(p.fx->orig[0]->tus[0].verdict, V_PASS);
	ck_assert_int_eq(p.fx->orig[1]->tus[0].verdict, V_FAIL);
	/* on x86_64 it passed, and is compiled again since it reads the header */
	ck_assert_str_eq(p.said, "  FIX     round 1 x86_64/defconfig: 1 TUs\n  FIX     round 1 arm64/defconfig: 1 TUs\n");
	cells = fail_cells(p.fx, &p.fx->fixes[0], 0);
	ck_assert_str_eq(cells, "arm64/defconfig");
	free(cells);
	cells = fail_cells(p.fx, &p.fx->fixes[0], 1);
	ck_assert_str_eq(cells, "arm64/defconfig");
	free(cells);
	ck_assert_str_eq(p.sum, "linux/arch_only.h            include linux/next.h for next_fn()\n"
				"                             kept, proven on: arm64/defconfig\n");
	proven_free(&p);
}
END_TEST

START_TEST(test_recompiles_what_failed_or_reads_a_patched_header)
{
	char *out = fix_run("x86_64", "light plain user2 reader"), *log;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand light = LIGHT, box = cand_include("box_fn", "user2()", "linux/box.h", NULL);
	char *dir = xasprintf("%s/fix/proof/x86_64/defconfig/linux", out);
	char *a = xasprintf("%s/reader.log", dir), *b = xasprintf("%s/x86_64/defconfig/linux/reader.log", out);

	/* plain.h patched: what failed (plain, user2); not light or reader,
	 * which passed and read no patched header */
	fixer_add(fx, "linux/plain.h", &light, 1);
	free(fixer_prove(fx));
	ck_assert_str_eq(fx->recompiled.buf, "x86_64/defconfig/linux/plain\nx86_64/defconfig/linux/user2\n");
	ck_assert_int_eq(fx->compiled, 2);
	/* the results of the others are the run's, copied */
	log = slurp(b);
	assert_file(a, log);
	free(log);
	ck_assert_int_eq(proof_tu(fx, 0, "linux/light.h")->verdict, V_PASS);
	ck_assert_int_eq(proof_tu(fx, 0, "linux/reader.h")->verdict, V_PASS);
	/* user2.h patched too: reader.h reads it, it is compiled again, and
	 * user2 (it reads user2.h); plain read nothing that changed since
	 * the round before, whose result it keeps */
	fixer_add(fx, "linux/user2.h", &box, 1);
	free(fixer_prove(fx));
	ck_assert_str_eq(fx->recompiled.buf, "x86_64/defconfig/linux/plain\nx86_64/defconfig/linux/user2\n"
					     "x86_64/defconfig/linux/user2\nx86_64/defconfig/linux/reader\n");
	ck_assert_int_eq(fx->compiled, 4);
	ck_assert_int_eq(fx->reused, 1);
	ck_assert_int_eq(proof_tu(fx, 0, "linux/plain.h")->verdict, V_PASS);
	ck_assert_int_eq(proof_tu(fx, 0, "linux/reader.h")->verdict, V_FAIL);
	free(a);
	free(b);
	free(dir);
	fixer_free(fx);
	free(out);
}
END_TEST

START_TEST(test_proof_searches_the_overlay_first)
{
	char *out = fix_run("x86_64", "plain"), *text, *want, *cc = repo_path("tests/fixtures/fix/cc");
	char *tree = repo_path("tests/fixtures/fix/tree"), *orig, *path, *proof;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand c = LIGHT;

	fixer_add(fx, "linux/plain.h", &c, 1);
	path = xasprintf("%s/x86_64/defconfig/compile.sh", out);
	orig = slurp(path);
	free(fixer_prove(fx));
	/* the proof's copy of the cell: the overlay right after the compiler */
	proof = xasprintf("%s/fix/proof/x86_64/defconfig/compile.sh", out);
	text = slurp(proof);
	free(proof);
	want = xasprintf("\nexec %s '-I%s'  -I%s/include -MF \"$1.d\" -MT \"$1.rc\" -c -o \"$1.o\" \"$1.c\"\n", cc,
			 fx->overlay, tree);
	assert_has(text, want);
	free(want);
	free(text);
	ck_assert_str_eq(fx->proof[0]->overlay, fx->overlay);
	/* the run's own cell dir is left as it was */
	assert_file(path, orig);
	free(orig);
	free(path);
	free(tree);
	free(cc);
	fixer_free(fx);
	free(out);
}
END_TEST

/* After a verdict: a fix not kept with no include for a use under #if is
 * dropped; one whose includes for uses under #if broke what passed gets
 * them under the #if; but one that broke a TU the dropped one broke too
 * waits a round, proven as it is without it: its #if may not be to blame. */
START_TEST(test_a_fix_under_if_only_for_its_own_breaks)
{
	char *out = fix_run("x86_64", "plain");
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand plain = cand_include("light_fn", "a()", "linux/light.h", NULL);
	struct fix_cand cond = cand_include("light_fn", "b()", "linux/light.h", "defined(CONFIG_ARM64)");
	const char *why = "unconditionally it breaks 1 TU that passed: x86_64/defconfig:linux/x.h (e)";
	struct hdr_fix *a, *b, *c;
	int pending;

	fixer_add(fx, "linux/a.h", &plain, 1);
	fixer_add(fx, "linux/b.h", &cond, 1);
	fixer_add(fx, "linux/c.h", &cond, 1);
	a = &fx->fixes[0];
	b = &fx->fixes[1];
	c = &fx->fixes[2];
	fx->rounds = 1;
	a->breaks = xstrdup("linux/a.h\tbreaks what passed\tx86_64/defconfig\tlinux/x.h\te\n");
	b->breaks = xstrdup("linux/b.h\tbreaks what passed\tx86_64/defconfig\tlinux/x.h\te\n");
	c->breaks = xstrdup("linux/c.h\tbreaks what passed\tx86_64/defconfig\tlinux/y.h\te\n");
	b->guard_why = xstrdup(why);
	c->guard_why = xstrdup(why);
	ck_assert_int_eq(drop_unkept(fx, &pending), 2);
	ck_assert_int_eq(pending, 2);
	ck_assert_int_eq(a->dropped, 1);
	/* b broke linux/x.h, as a did: as it is, without a */
	ck_assert_int_eq(b->dropped, 0);
	ck_assert_ptr_null(b->cands[0].cond_why);
	/* c broke only what it broke alone: its include under the #if */
	ck_assert_int_eq(c->dropped, 0);
	ck_assert_str_eq(c->cands[0].cond_why, why);
	ck_assert_ptr_null(c->guard_why);
	ck_assert_str_eq(c->uncond_breaks, "linux/c.h\tunconditionally: breaks what passed\tx86_64/defconfig\t"
					   "linux/y.h\te\n");
	fixer_free(fx);
	free(out);
}
END_TEST

/* --- the rounds: hdrtest fix itself ---------------------------------------- */

/* out/bin/hdrtest fix --out OUT on the cells; its exit status. */
static int run_fix(const char *out, const char *cell)
{
	char *cmd;
	int status;

	ck_assert_msg(access("out/bin/hdrtest", X_OK) == 0, "out/bin/hdrtest is missing: make out/bin/hdrtest first");
	cmd = xasprintf("out/bin/hdrtest fix --out %s %s > %s/fix.out 2>&1", out,
			cell, out);
	status = system(cmd);
	free(cmd);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

START_TEST(test_a_second_round_for_the_next_missing_name)
{
	char *out = fix_run("x86_64", "user"), *path, *text, *want, *tree = repo_path("tests/fixtures/fix/tree");
	const char *patch = "0001-linux-user-h-include-linux-light-h-linux-next-h.patch";

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 0);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	/* round 1 includes light.h; then next_fn() under #ifdef _LINUX_LIGHT_H
	 * is missing, and round 2 includes next.h too (unconditionally: it
	 * breaks nothing) */
	want = xasprintf("hdrtest fix: 1 cells, 2 rounds of proof, 2 TUs compiled again\n\n"
			 "header                       fix\n"
			 "linux/user.h                 include linux/light.h for light_fn(), include linux/next.h "
			 "for next_fn()\n"
			 "                             kept, proven on: x86_64/defconfig\n"
			 "\n1 header fails on a cell of the run; each in one class, after the proof:\n"
			 "  fixed by a declaration                   0\n"
			 "  fixed by an include                      1\n"
			 "  fixed by both                            0\n"
			 "  fixed by an include for an #if macro     0\n"
			 "  fixed by an include guard                0\n"
			 "  fixed by a stub made to match            0\n"
			 "  fixed by several kinds of fix            0\n"
			 "  fixed by the series' other patches       0\n"
			 "  needs a move                             0\n"
			 "  not fixable yet                          0\n"
			 "  not explained                            0\n"
			 "\n"
			 "linux/user.h                 fixed by an include\n"
			 "\nApply with: cd %s && cat %s/fix/%s | patch -p1\n", tree, out, patch);
	assert_text(text, want);
	free(want);
	free(text);
	free(path);
	path = xasprintf("%s/fix/recompiled", out);
	assert_file(path, "x86_64/defconfig/linux/user\nx86_64/defconfig/linux/user\n");
	free(path);
	path = xasprintf("%s/fix/overlay/linux/user.h", out);
	text = slurp(path);
	assert_has(text, "#include <linux/types.h>\n#include <linux/light.h> // for light_fn()\n"
			 "#include <linux/next.h> // for next_fn()\n\n");
	free(text);
	free(path);
	path = xasprintf("%s/fix/series", out);
	want = xasprintf("%s\n", patch);
	assert_file(path, want);
	free(want);
	free(path);
	free(tree);
	free(out);
}
END_TEST

/* The text of the patch of OUT/fix/series whose name holds part. */
static char *slurp_patch(const char *out, const char *part)
{
	char *path = xasprintf("%s/fix/series", out), *series = slurp(path), *line, *cur = series, *text = NULL;

	while (!text && (line = next_line(&cur))) {
		if (strstr(line, part)) {
			char *p = xasprintf("%s/fix/%s", out, line);

			text = slurp(p);
			free(p);
		}
	}
	ck_assert_msg(text != NULL, "no patch named *%s* in %s", part, path);
	free(series);
	free(path);
	return text;
}

/* The fixes of what the explanations beside a missing name say:
 * linux/noguard.h, included twice, defines struct noguard again (an
 * include guard); linux/ifmacro.h's #if tests NR_LIGHTS, which it does
 * not get (an include before the #if); linux/stubbed.h's stub of
 * chip_read() takes int where its declaration takes u32 (the stub made to
 * match).  Each proven, each in its class, each patch what a maintainer
 * would write. */
START_TEST(test_a_guard_an_if_macro_include_and_a_stub)
{
	char *out = fix_run("x86_64", "noguard ifmacro stubbed"), *path, *text;

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 0);
	path = xasprintf("%s/fix/classes.tsv", out);
	assert_file(path, "linux/ifmacro.h\tfixed by an include for an #if macro\t\n"
			  "linux/noguard.h\tfixed by an include guard\t\n"
			  "linux/stubbed.h\tfixed by a stub made to match\t\n");
	free(path);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	assert_has(text, "linux/noguard.h              add the include guard _LINUX_NOGUARD_H\n"
			 "                             kept, proven on: x86_64/defconfig\n");
	assert_has(text, "linux/stubbed.h              make the stub of chip_read() match its declaration\n"
			 "                             kept, proven on: x86_64/defconfig\n");
	assert_has(text, "linux/ifmacro.h              include linux/lights.h for NR_LIGHTS\n"
			 "                             kept, proven on: x86_64/defconfig\n");
	free(text);
	free(path);
	/* the guard around all but the leading comments, in the tree's style */
	path = xasprintf("%s/fix/overlay/linux/noguard.h", out);
	assert_file(path, "/* SPDX-License-Identifier: GPL-2.0 */\n/*\n * No include guard: a second inclusion "
			  "defines struct noguard again.  The\n * fix adds one.\n */\n"
			  "#ifndef _LINUX_NOGUARD_H\n#define _LINUX_NOGUARD_H\n\nstruct noguard {\n\tint x;\n};\n"
			  "\n#endif /* _LINUX_NOGUARD_H */\n");
	free(path);
	/* the include before the #if that tests what it defines */
	path = xasprintf("%s/fix/overlay/linux/ifmacro.h", out);
	text = slurp(path);
	assert_has(text, "#include <linux/types.h>\n#include <linux/lights.h> // for NR_LIGHTS\n\n");
	free(text);
	free(path);
	/* the stub's parameter as the declaration has it, its name kept */
	path = xasprintf("%s/fix/overlay/linux/stubbed.h", out);
	text = slurp(path);
	assert_has(text, "#else\nstatic inline int chip_read(struct chip *chip, u32 idx) { return -1; }\n#endif\n");
	free(text);
	free(path);
	/* the patches say why */
	text = slurp_patch(out, "linux-noguard-h");
	assert_has(text, "linux/noguard.h has no include guard: a file that includes it twice gets a\n"
			 "redefinition of struct noguard (line 7). Guard it with _LINUX_NOGUARD_H, as\n"
			 "the tree's headers are.\n");
	free(text);
	text = slurp_patch(out, "linux-stubbed-h");
	assert_has(text, "chip_read() is int (struct chip *, u32) under defined(CONFIG_CHIP) at\n"
			 "include/linux/stubbed.h:10, but its stub under !defined(CONFIG_CHIP) at\n"
			 "line 12 takes int as parameter 2, not u32: a caller builds on one config\n"
			 "and breaks on the other. Make the stub match its declaration.\n");
	assert_has(text, "-static inline int chip_read(struct chip *chip, int idx) { return -1; }\n"
			 "+static inline int chip_read(struct chip *chip, u32 idx) { return -1; }\n");
	free(text);
	text = slurp_patch(out, "linux-ifmacro-h");
	assert_has(text, "The #if at line 7 of linux/ifmacro.h tests NR_LIGHTS, defined in\n");
	free(text);
	free(out);
}
END_TEST

START_TEST(test_a_fix_not_kept_fails_the_command)
{
	char *out = fix_run("x86_64", "user2 reader"), *path, *text;

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 1);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	assert_has(text, "hdrtest fix: 1 cells, 1 rounds of proof, 2 TUs compiled again\n");
	assert_has(text, "NOT kept, passes on: x86_64/defconfig\n");
	ck_assert_ptr_null(strstr(text, "Apply with"));
	free(text);
	free(path);
	path = xasprintf("%s/fix/series", out);
	assert_file(path, "");
	free(path);
	/* the class says which fix and why, not "see above" */
	path = xasprintf("%s/fix/classes.tsv", out);
	assert_file(path, "linux/user2.h\tnot fixable yet\tpasses with its fix, which is not kept: "
			  "it breaks 1 TU that passed\n");
	free(path);
	free(out);
}
END_TEST

/* guarded.h uses arm_fn() under #ifdef CONFIG_ARM64, and linux/arm_defs.h
 * defines it there, but pulls in linux/mm.h (forbidden) elsewhere: round
 * 1 includes it unconditionally, which breaks guarded.h on x86_64, where
 * it passed; round 2 puts the include under the use's #if, and the
 * summary, the patch and breaks.tsv say why. */
START_TEST(test_an_include_that_breaks_what_passed_goes_under_the_if)
{
	char *out = fix_run("x86_64 arm64", "guarded"), *path, *text, *want;
	const char *why = "unconditionally it breaks 1 TU that passed: x86_64/defconfig:linux/guarded.h (pulls "
			  "in the forbidden header linux/mm.h: linux/guarded.h -> linux/arm_defs.h -> linux/mm.h)";

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig arm64/defconfig"), 0);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	want = xasprintf("hdrtest fix: 2 cells, 2 rounds of proof, 4 TUs compiled again\n\n"
			 "header                       fix\n"
			 "linux/guarded.h              include linux/arm_defs.h for arm_fn()\n"
			 "                             kept, proven on: arm64/defconfig\n"
			 "                             under #if defined(CONFIG_ARM64): %s\n\n", why);
	assert_has(text, want);
	free(want);
	free(text);
	free(path);
	path = xasprintf("%s/fix/overlay/linux/guarded.h", out);
	text = slurp(path);
	assert_has(text, "#include <linux/types.h>\n#if defined(CONFIG_ARM64)\n"
			 "#include <linux/arm_defs.h> // for arm_fn()\n#endif\n\n");
	free(text);
	free(path);
	/* the patch says why not unconditionally */
	path = xasprintf("%s/fix/0001-linux-guarded-h-include-linux-arm-defs-h-for-arm-fn.patch", out);
	text = slurp(path);
	assert_has(text, "\n\nguarded() uses arm_fn(), defined in linux/arm_defs.h, which linux/guarded.h\n"
			 "does not include. The include is under the use's #if defined(CONFIG_ARM64):\n"
			 "unconditionally it breaks 1 TU that passed:\n"
			 "x86_64/defconfig:linux/guarded.h (pulls in the forbidden header linux/mm.h:\n"
			 "linux/guarded.h -> linux/arm_defs.h -> linux/mm.h).\n\n");
	free(text);
	free(path);
	/* what the unconditional include broke stays on record */
	path = xasprintf("%s/fix/breaks.tsv", out);
	assert_file(path, "linux/guarded.h\tunconditionally: breaks what passed\tx86_64/defconfig\t"
			  "linux/guarded.h\tpulls in the forbidden header linux/mm.h: linux/guarded.h -> "
			  "linux/arm_defs.h -> linux/mm.h\n");
	free(path);
	free(out);
}
END_TEST

/* user2.h's include of linux/box.h breaks reader.h and reader_both.h on
 * each of three cells: the summary names the first five and "and 1
 * more", breaks.tsv all six, with why. */
START_TEST(test_the_summary_names_a_few_breaks_and_how_many_more)
{
	char *out = fix_run("x86_64 arm64 riscv", "user2 reader reader_both"), *path, *text;
	const char *why = "include/linux/box.h:4:1: error: redefinition of 'struct box'";

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig arm64/defconfig riscv/defconfig"), 1);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	assert_has(text, "                             breaks what passed: x86_64/defconfig:linux/reader.h "
			 "x86_64/defconfig:linux/reader_both.h arm64/defconfig:linux/reader.h "
			 "arm64/defconfig:linux/reader_both.h riscv/defconfig:linux/reader.h ... and 1 more\n");
	free(text);
	free(path);
	path = xasprintf("%s/fix/breaks.tsv", out);
	text = xasprintf("linux/user2.h\tbreaks what passed\tx86_64/defconfig\tlinux/reader.h\t%s\n"
			 "linux/user2.h\tbreaks what passed\tx86_64/defconfig\tlinux/reader_both.h\t%s\n"
			 "linux/user2.h\tbreaks what passed\tarm64/defconfig\tlinux/reader.h\t%s\n"
			 "linux/user2.h\tbreaks what passed\tarm64/defconfig\tlinux/reader_both.h\t%s\n"
			 "linux/user2.h\tbreaks what passed\triscv/defconfig\tlinux/reader.h\t%s\n"
			 "linux/user2.h\tbreaks what passed\triscv/defconfig\tlinux/reader_both.h\t%s\n",
			 why, why, why, why, why, why);
	assert_file(path, text);
	free(text);
	free(path);
	free(out);
}
END_TEST

/* The cover letter's matrix says "fixed" only where every test that
 * failed in the header passes: linux/mixed.h's patch is kept, and mixed.h
 * still fails for mm_only() (forbidden linux/mm.h). */
START_TEST(test_the_cover_letter_tells_fixed_from_fixed_in_part)
{
	char *out = fix_run("x86_64", "plain mixed"), *path, *text;

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 1);
	path = xasprintf("%s/fix/0000-cover-letter.patch", out);
	text = slurp(path);
	assert_has(text, "Subject: [PATCH 0/2] make 1 header self-contained, and 1 more in part\n");
	assert_has(text, "header           x86_64/defconfig\n"
			 "linux/mixed.h    fails\n"
			 "linux/plain.h    fixed\n");
	free(text);
	free(path);
	free(out);
}
END_TEST

/* A header whose own fix and another header's are both not kept: its
 * class names its own, with why. */
START_TEST(test_the_class_names_the_own_fix_not_kept)
{
	char *out = fix_run("x86_64", "user2 reader wrap reader_wrap"), *path;

	/* wrap.h fails for crate_fn() and, through linux/user2.h, for
	 * box_fn(): both fixes make it pass, both break reader_wrap.h */
	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 1);
	path = xasprintf("%s/fix/classes.tsv", out);
	assert_file(path, "linux/user2.h\tnot fixable yet\tpasses with its fix, which is not kept: "
			  "it breaks 2 TUs that passed\n"
			  "linux/wrap.h\tnot fixable yet\tpasses with its fix, which is not kept: "
			  "it breaks 1 TU that passed\n");
	free(path);
	free(out);
}
END_TEST

START_TEST(test_what_was_kept_is_proven_again_without_what_was_not)
{
	char *out = fix_run("x86_64", "plain user2 reader_both"), *path, *text;

	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 1);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	/* round 1: both patches, reader_both.h breaks for user2.h's; round 2:
	 * plain.h's alone, and reader_both.h compiled again without user2.h's */
	assert_has(text, "hdrtest fix: 1 cells, 2 rounds of proof, 5 TUs compiled again\n");
	assert_has(text, "linux/plain.h                include linux/light.h for light_fn()\n"
			 "                             kept, proven on: x86_64/defconfig\n"
			 "linux/user2.h                include linux/box.h for box_fn()\n"
			 "                             NOT kept, passes on: x86_64/defconfig\n"
			 "                             breaks what passed: x86_64/defconfig:linux/reader_both.h\n");
	free(text);
	free(path);
	path = xasprintf("%s/fix/recompiled", out);
	assert_file(path, "x86_64/defconfig/linux/plain\nx86_64/defconfig/linux/user2\n"
		    "x86_64/defconfig/linux/reader_both\n"
		    "x86_64/defconfig/linux/user2\nx86_64/defconfig/linux/reader_both\n");
	free(path);
	path = xasprintf("%s/fix/overlay/linux/user2.h", out);
	ck_assert_int_eq(file_exists(path), 0);
	free(path);
	path = xasprintf("%s/fix/series", out);
	assert_file(path, "0001-linux-plain-h-include-linux-light-h-for-light-fn.patch\n");
	free(path);
	free(out);
}
END_TEST

START_TEST(test_the_run_overlay_copy_is_the_one_patched)
{
	char *ov = tmp_dir(), *tree = repo_path("tests/fixtures/fix/tree"), *path, *text, *copy, *at, *out;
	const char *patch = "overlay-0001-linux-plain-h-include-linux-light-h-for-light-fn.patch";

	/* the run had OVERLAY=ov with its own copy of plain.h: the patch is
	 * of that copy, in the overlay's own series, with its paths */
	path = xasprintf("%s/include/linux/plain.h", tree);
	text = slurp(path);
	at = strstr(text, "/* light_fn() is in");
	copy = xasprintf("%.*s/* the run's copy */%s", (int)(at - text), text, strchr(at, '\n'));
	free(put_file(ov, "linux/plain.h", copy));
	free(copy);
	free(text);
	free(path);
	out = fix_run_overlay("x86_64", "plain", ov);
	ck_assert_int_eq(run_fix(out, "x86_64/defconfig"), 0);
	path = xasprintf("%s/fix/%s", out, patch);
	text = slurp(path);
	assert_has(text, "--- a/linux/plain.h\n+++ b/linux/plain.h\n@@ -2,6 +2,7 @@\n"
			 " #ifndef _LINUX_PLAIN_H\n #define _LINUX_PLAIN_H\n #include <linux/types.h>\n"
			 "+#include <linux/light.h> // for light_fn()\n \n"
			 " /* the run's copy */\n");
	free(text);
	free(path);
	path = xasprintf("%s/fix/overlay-series", out);
	text = slurp(path);
	ck_assert_str_eq(text, "overlay-0001-linux-plain-h-include-linux-light-h-for-light-fn.patch\n");
	free(text);
	free(path);
	path = xasprintf("%s/fix/series", out);
	text = slurp(path);
	ck_assert_str_eq(text, "");
	free(text);
	free(path);
	path = xasprintf("%s/fix/summary.txt", out);
	text = slurp(path);
	copy = xasprintf("\nApply with: cd %s && cat %s/fix/%s | patch -p1\n", ov, out, patch);
	assert_has(text, copy);
	free(copy);
	free(text);
	free(path);
	free(out);
	free(tree);
	free(ov);
}
END_TEST

Suite *fix_proof_suite(void)
{
	Suite *s = suite_create("fix_proof");
	TCase *tc = tcase_create("proof");
	TCase *rounds = tcase_create("rounds");

	/* each test compiles a few TUs with the fixture's compiler, twice */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_keeps_a_fix_that_makes_a_tu_pass);
	tcase_add_test(tc, test_rejects_a_fix_that_breaks_a_tu_reading_the_header);
	tcase_add_test(tc, test_rejects_a_fix_that_makes_a_failing_tu_fail_in_a_new_way);
	tcase_add_test(tc, test_rejects_a_fix_that_breaks_a_tu_reading_the_run_overlay_copy);
	tcase_add_test(tc, test_rejects_a_fix_that_fixes_nothing);
	tcase_add_test(tc, test_keeps_a_fix_when_only_other_names_fail);
	tcase_add_test(tc, test_rejects_a_fix_that_pulls_in_a_forbidden_header);
	tcase_add_test(tc, test_keeps_a_fix_where_the_forbidden_header_was_in_already);
	tcase_add_test(tc, test_no_patch_is_listed_with_its_cells);
	tcase_add_test(tc, test_a_skipped_cell_is_not_proven);
	tcase_add_test(tc, test_rejects_a_fix_that_trades_the_name_for_another_error);
	tcase_add_test(tc, test_a_compiler_that_cannot_run_is_an_error);
	tcase_add_test(tc, test_a_cell_dir_it_cannot_copy_is_an_error_naming_the_file);
	tcase_add_test(tc, test_proven_only_where_it_failed);
	tcase_add_test(tc, test_recompiles_what_failed_or_reads_a_patched_header);
	tcase_add_test(tc, test_proof_searches_the_overlay_first);
	tcase_add_test(tc, test_a_fix_under_if_only_for_its_own_breaks);
	tcase_add_test(tc, test_blames_only_the_patch_on_the_error_stack);
	tcase_add_test(tc, test_a_patched_header_the_break_passes_through_is_not_blamed);
	suite_add_tcase(s, tc);
	tcase_set_timeout(rounds, 60);
	tcase_add_test(rounds, test_a_second_round_for_the_next_missing_name);
	tcase_add_test(rounds, test_a_fix_not_kept_fails_the_command);
	tcase_add_test(rounds, test_a_guard_an_if_macro_include_and_a_stub);
	tcase_add_test(rounds, test_the_summary_names_a_few_breaks_and_how_many_more);
	tcase_add_test(rounds, test_an_include_that_breaks_what_passed_goes_under_the_if);
	tcase_add_test(rounds, test_what_was_kept_is_proven_again_without_what_was_not);
	tcase_add_test(rounds, test_the_class_names_the_own_fix_not_kept);
	tcase_add_test(rounds, test_the_cover_letter_tells_fixed_from_fixed_in_part);
	tcase_add_test(rounds, test_the_run_overlay_copy_is_the_one_patched);
	suite_add_tcase(s, rounds);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's patches (fix/patch.c): the mail of a proven fix, whole,
 * on the fixture run of fix_fixture.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "fix_fixture.h"
#include "helpers.h"
#include "suites.h"

/* The patch of the fix of header by cands on a fixture run, proven
 * first, as number no of total; *p holds the run, its file name is
 * p->fx->fixes[0].patch. */
static char *patch_of(struct proven *p, const char *arches, const char *headers, const char *header,
		      const struct fix_cand *cands, int n, int no, int total)
{
	struct strbuf series;
	char *path, *text, *want;
	struct hdr_fix *h;

	prove_fix(p, arches, headers, header, cands, n);
	h = &p->fx->fixes[0];
	ck_assert_msg(h->kept, "not kept: %s", p->sum);
	sb_init(&series);
	ck_assert_int_eq(write_patch(p->fx, h, no, total, p->fx->orig[0]->srctree, &series), 0);
	ck_assert_ptr_nonnull(h->patch);
	want = xasprintf("%s\n", h->patch);
	ck_assert_str_eq(series.buf, want);
	free(want);
	sb_release(&series);
	path = xasprintf("%s/%s", p->fx->dir, h->patch);
	text = slurp(path);
	free(path);
	return text;
}

#define HEAD "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n" \
	"From: hdrtest <hdrtest@localhost>\n"
#define TAIL "-- \nhdrtest\n\n"

START_TEST(test_include_after_the_last_include)
{
	struct fix_cand c[2] = {
		cand_include("light_fn", "user_light()", "linux/light.h", NULL),
		cand_include("next_fn", "user_next()", "linux/next.h", "defined(_LINUX_LIGHT_H)"),
	};
	struct proven p;
	char *text = patch_of(&p, "x86_64", "user", "linux/user.h", c, 2, 2, 3);

	/* a subject of at most 75 columns: the headers without the names they
	 * are for (the body has those) */
	ck_assert_str_eq(p.fx->fixes[0].patch, "0002-linux-user-h-include-linux-light-h-linux-next-h.patch");
	/* a sentence a name, broken where it has a comma; the conditional
	 * include after the plain one, both after the last #include */
	assert_text(text, HEAD
		"Subject: [PATCH 2/3] linux/user.h: include linux/light.h, linux/next.h\n"
		"\n"
		"user_light() uses light_fn(), defined in linux/light.h, which linux/user.h\n"
		"does not include.\n"
		"\n"
		"user_next() uses next_fn(), defined in linux/next.h, which linux/user.h\n"
		"does not include (the use is under #if, and so is the include).\n"
		"\n"
		"Failed on: x86_64/defconfig\n"
		"Proven by hdrtest on: x86_64/defconfig (every TU of these cells that reads\n"
		"the header compiled again with it)\n"
		"---\n"
		"--- a/include/linux/user.h\n"
		"+++ b/include/linux/user.h\n"
		"@@ -2,6 +2,10 @@\n"
		" #ifndef _LINUX_USER_H\n"
		" #define _LINUX_USER_H\n"
		" #include <linux/types.h>\n"
		"+#include <linux/light.h> // for light_fn()\n"
		"+#if defined(_LINUX_LIGHT_H)\n"
		"+#include <linux/next.h> // for next_fn()\n"
		"+#endif\n"
		" \n"
		" /* light_fn() is missing; next_fn() too, but only once linux/light.h is in:\n"
		"  * the second round of proof finds it */\n"
		TAIL);
	free(text);
	proven_free(&p);
}
END_TEST

START_TEST(test_include_under_if_where_it_failed)
{
	struct fix_cand c = cand_include("next_fn", "arch_only()", "linux/next.h", "defined(CONFIG_ARM64)");
	struct proven p;
	char *text = patch_of(&p, "x86_64 arm64", "arch_only", "linux/arch_only.h", &c, 1, 1, 1);

	ck_assert_str_eq(p.fx->fixes[0].patch, "0001-linux-arch-only-h-include-linux-next-h-for-next-fn.patch");
	/* no #include in the header: after its guard; failed and proven on
	 * arm64 only, where CONFIG_ARM64 is defined */
	assert_text(text, HEAD
		"Subject: [PATCH 1/1] linux/arch_only.h: include linux/next.h for next_fn()\n"
		"\n"
		"arch_only() uses next_fn(), defined in linux/next.h, which\n"
		"linux/arch_only.h does not include (the use is under #if, and so is the\n"
		"include).\n"
		"\n"
		"Failed on: arm64/defconfig\n"
		"Proven by hdrtest on: arm64/defconfig (every TU of these cells that reads\n"
		"the header compiled again with it)\n"
		"---\n"
		"--- a/include/linux/arch_only.h\n"
		"+++ b/include/linux/arch_only.h\n"
		"@@ -1,6 +1,9 @@\n"
		" /* SPDX-License-Identifier: GPL-2.0 */\n"
		" #ifndef _LINUX_ARCH_ONLY_H\n"
		" #define _LINUX_ARCH_ONLY_H\n"
		"+#if defined(CONFIG_ARM64)\n"
		"+#include <linux/next.h> // for next_fn()\n"
		"+#endif\n"
		" /* fails only where CONFIG_ARM64 is defined */\n"
		" #ifdef CONFIG_ARM64\n"
		" static inline int arch_only(void)\n"
		TAIL);
	free(text);
	proven_free(&p);
}
END_TEST

START_TEST(test_declaration)
{
	struct fix_cand c = cand_declare("struct thing", "take()");
	struct proven p;
	char *text = patch_of(&p, "x86_64", "decl", "linux/decl.h", &c, 1, 1, 1);

	ck_assert_str_eq(p.fx->fixes[0].patch, "0001-linux-decl-h-declare-struct-thing.patch");
	assert_text(text, HEAD
		"Subject: [PATCH 1/1] linux/decl.h: declare struct thing\n"
		"\n"
		"take() uses struct thing only by pointer, in a parameter list, without\n"
		"declaring it: the tag is then local to the prototype. A forward declaration\n"
		"is all it needs.\n"
		"\n"
		"Failed on: x86_64/defconfig\n"
		"Proven by hdrtest on: x86_64/defconfig (every TU of these cells that reads\n"
		"the header compiled again with it)\n"
		"---\n"
		"--- a/include/linux/decl.h\n"
		"+++ b/include/linux/decl.h\n"
		"@@ -4,6 +4,7 @@\n"
		" #include <linux/types.h>\n"
		" \n"
		" struct page;\n"
		"+struct thing; // for take()\n"
		" /* struct thing only by pointer: a forward declaration is all it needs */\n"
		" int take(struct thing *t);\n"
		" #endif\n"
		TAIL);
	free(text);
	proven_free(&p);
}
END_TEST

START_TEST(test_no_change_is_an_error)
{
	char *out = fix_run("x86_64", "plain"), *text, *diag;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand c = cand_include("light_fn", "plain()", "linux/light.h", NULL);
	struct hdr_fix *h = fixer_add(fx, "linux/plain.h", &c, 1);
	struct strbuf series;

	/* the overlay's copy is the header as it was: no patch, and no file */
	text = slurp(h->base);
	free(put_file(fx->overlay, h->header, text));
	free(text);
	sb_init(&series);
	diag_begin();
	ck_assert_int_eq(write_patch(fx, h, 1, 1, fx->orig[0]->srctree, &series), -1);
	diag = diag_end();
	text = xasprintf("hdrtest: error: diff -u %s %s/linux/plain.h: exit status 0\n", h->base, fx->overlay);
	ck_assert_str_eq(diag, text);
	free(text);
	free(diag);
	ck_assert_ptr_null(series.buf);
	ck_assert_ptr_null(h->patch);
	text = dir_list(fx->dir);
	ck_assert_str_eq(text, "overlay\n");
	free(text);
	fixer_free(fx);
	free(out);
}
END_TEST

/* How to apply: git am where the dir is a git tree, else patch -p1 (the
 * default tree is Debian's source); the overlay's patches apart. */
START_TEST(test_apply_line)
{
	char *out = fix_run("x86_64", "plain"), *dir = tmp_dir(), *want, *patches;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand c = cand_include("light_fn", "plain()", "linux/light.h", NULL);
	struct hdr_fix *t, *o;
	struct strbuf sb;

	fixer_add(fx, "linux/plain.h", &c, 1);
	fixer_add(fx, "linux/user.h", &c, 1);
	t = &fx->fixes[0];	/* (the second add may move the first) */
	o = &fx->fixes[1];
	t->patch = xstrdup("0001-t.patch");
	o->patch = xstrdup("overlay-0001-o.patch");
	o->in_overlay = 1;
	patches = xstrndup(fx->overlay, strlen(fx->overlay) - strlen("/overlay"));
	sb_init(&sb);
	patch_apply_line(&sb, fx, dir, 0);
	want = xasprintf("\nApply with: cd %s && cat %s/0001-t.patch | patch -p1\n", dir, patches);
	ck_assert_str_eq(sb.buf, want);
	free(want);
	sb_release(&sb);
	free(put_file(dir, ".git/HEAD", "ref: refs/heads/main\n"));
	patch_apply_line(&sb, fx, dir, 0);
	want = xasprintf("\nApply with: cd %s && git am %s/0001-t.patch\n", dir, patches);
	ck_assert_str_eq(sb.buf, want);
	free(want);
	sb_release(&sb);
	patch_apply_line(&sb, fx, dir, 1);
	want = xasprintf("\nThe overlay %s holds the copies these patches fix (a diff of them does not apply to "
			 "the tree):\n\nApply with: cd %s && git am %s/overlay-0001-o.patch\n", dir, dir, patches);
	ck_assert_str_eq(sb.buf, want);
	free(want);
	sb_release(&sb);
	free(patches);
	fixer_free(fx);
	free(dir);
	free(out);
}
END_TEST

/* base-commit: only for a git work tree with nothing uncommitted. */
START_TEST(test_clean_git_head)
{
	char dir[] = "/tmp/hdrtest-githead-XXXXXX", *cmd, *head;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_ptr_null(clean_git_head(dir));	/* no repository */
	cmd = xasprintf("cd '%s' && git init -q . && echo a > f && git add f && "
			"git -c user.name=t -c user.email=t@t commit -qm base", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	head = clean_git_head(dir);
	ck_assert_ptr_nonnull(head);
	ck_assert_int_eq((int)strlen(head), 40);
	ck_assert_int_eq((int)strspn(head, "0123456789abcdef"), 40);
	free(head);
	cmd = xasprintf("echo b > '%s/f'", dir);	/* uncommitted: the patches apply to no commit */
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	ck_assert_ptr_null(clean_git_head(dir));
	cmd = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}
END_TEST

/* A patch's subject prefix is what the file's own history uses most. */
START_TEST(test_subject_prefix)
{
	char dir[] = "/tmp/hdrtest-prefix-XXXXXX", *cmd, *p;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_ptr_null(subject_prefix(dir, "include/linux/a.h"));	/* no repository */
	cmd = xasprintf("cd '%s' && git init -q . && mkdir -p include/linux && "
			"c() { echo \"$1\" >> \"$2\" && git add \"$2\" && "
			"git -c user.name=t -c user.email=t@t commit -q -m \"$3\"; } && "
			"c 1 include/linux/a.h 'mm: add a.h' && "
			"c 2 include/linux/a.h 'mm/a: fix a thing' && "
			"c 3 include/linux/a.h 'Revert \"x: y\"' && "
			"c 4 include/linux/a.h 'mm/a: fix another' && "
			"c 5 include/linux/a.h 'no prefix at all' && "
			"c 1 include/linux/b.h 'b.h without a prefix'",
			dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	p = subject_prefix(dir, "include/linux/a.h");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(p, "mm/a");
	free(p);
	ck_assert_ptr_null(subject_prefix(dir, "include/linux/b.h"));	/* no "PREFIX: " */
	ck_assert_ptr_null(subject_prefix(dir, "include/linux/none.h"));	/* no history */
	cmd = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}
END_TEST

/* A subject of at most the room given: the whole description, else the
 * headers and tags without the names they are for, else how many. */
START_TEST(test_subject_within_its_room)
{
	struct fix_cand c[] = {
		cand_include("light_fn", "user_light()", "linux/light.h", NULL),
		cand_include("other_fn", "user_light()", "linux/light.h", NULL),
		cand_include("next_fn", "user_next()", "linux/next.h", NULL),
		cand_declare("struct thing", "user()"),
	};
	char *s;

	/* as fixer_add() completes them */
	c[0].what = "light_fn()";
	c[1].what = "other_fn()";
	c[2].what = "next_fn()";
	c[3].what = "struct thing";
	s = fix_subject(c, 1, 75);
	ck_assert_str_eq(s, "include linux/light.h for light_fn()");
	free(s);
	s = fix_subject(c, 4, 60);
	ck_assert_str_eq(s, "include linux/light.h, linux/next.h, declare struct thing");
	free(s);
	s = fix_subject(c, 4, 40);
	ck_assert_str_eq(s, "include 2 headers, declare 1 tag");
	free(s);
	s = fix_subject(c, 3, 20);
	ck_assert_str_eq(s, "include 2 headers");
	free(s);
}
END_TEST

Suite *fix_patch_suite(void)
{
	Suite *s = suite_create("fix_patch");
	TCase *tc = tcase_create("patch");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_include_after_the_last_include);
	tcase_add_test(tc, test_include_under_if_where_it_failed);
	tcase_add_test(tc, test_declaration);
	tcase_add_test(tc, test_no_change_is_an_error);
	tcase_add_test(tc, test_apply_line);
	tcase_add_test(tc, test_clean_git_head);
	tcase_add_test(tc, test_subject_prefix);
	tcase_add_test(tc, test_subject_within_its_room);
	suite_add_tcase(s, tc);
	return s;
}

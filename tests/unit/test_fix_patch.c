// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's patches (fix/patch.c): the mail of a proven fix, whole,
 * on the fixture run of fix_fixture.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/process.h"
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
	/* a sentence a name, broken where it has a comma; both after the
	 * last #include, the one for a use under #if too: unconditionally,
	 * since that breaks nothing */
	assert_text(text, HEAD
		"Subject: [PATCH 2/3] linux/user.h: include linux/light.h, linux/next.h\n"
		"\n"
		"user_light() uses light_fn(), defined in linux/light.h, which linux/user.h\n"
		"does not include.\n"
		"\n"
		"user_next() uses next_fn(), defined in linux/next.h, which linux/user.h\n"
		"does not include.\n"
		"\n"
		"Failed on: x86_64/defconfig\n"
		"Proven by hdrtest on: x86_64/defconfig (every TU of these cells that reads\n"
		"the header compiled again with it)\n"
		"---\n"
		"--- a/include/linux/user.h\n"
		"+++ b/include/linux/user.h\n"
		"@@ -2,6 +2,8 @@\n"
		" #ifndef _LINUX_USER_H\n"
		" #define _LINUX_USER_H\n"
		" #include <linux/types.h>\n"
		"+#include <linux/light.h> // for light_fn()\n"
		"+#include <linux/next.h> // for next_fn()\n"
		" \n"
		" /* light_fn() is missing; next_fn() too, but only once linux/light.h is in:\n"
		"  * the second round of proof finds it */\n"
		TAIL);
	free(text);
	proven_free(&p);
}
END_TEST

/* A use under #if gets its include unconditionally when that breaks
 * nothing: arch_only.h's next_fn() under #ifdef CONFIG_ARM64. */
START_TEST(test_include_for_a_use_under_if_unconditionally)
{
	struct fix_cand c = cand_include("next_fn", "arch_only()", "linux/next.h", "defined(CONFIG_ARM64)");
	struct proven p;
	char *text = patch_of(&p, "x86_64 arm64", "arch_only", "linux/arch_only.h", &c, 1, 1, 1);

	ck_assert_str_eq(p.fx->fixes[0].patch, "0001-linux-arch-only-h-include-linux-next-h-for-next-fn.patch");
	/* no #include in the header: after its guard; failed and proven on
	 * arm64 only, where CONFIG_ARM64 is defined; x86_64 compiled again
	 * with it, and it still passes there */
	assert_text(text, HEAD
		"Subject: [PATCH 1/1] linux/arch_only.h: include linux/next.h for next_fn()\n"
		"\n"
		"arch_only() uses next_fn(), defined in linux/next.h, which\n"
		"linux/arch_only.h does not include.\n"
		"\n"
		"Failed on: arm64/defconfig\n"
		"Proven by hdrtest on: arm64/defconfig (every TU of these cells that reads\n"
		"the header compiled again with it)\n"
		"---\n"
		"--- a/include/linux/arch_only.h\n"
		"+++ b/include/linux/arch_only.h\n"
		"@@ -1,6 +1,7 @@\n"
		" /* SPDX-License-Identifier: GPL-2.0 */\n"
		" #ifndef _LINUX_ARCH_ONLY_H\n"
		" #define _LINUX_ARCH_ONLY_H\n"
		"+#include <linux/next.h> // for next_fn()\n"
		" /* fails only where CONFIG_ARM64 is defined */\n"
		" #ifdef CONFIG_ARM64\n"
		" static inline int arch_only(void)\n"
		TAIL);
	ck_assert_int_eq(proof_tu(p.fx, 0, "linux/arch_only.h")->verdict, V_PASS);
	free(text);
	proven_free(&p);
}
END_TEST

/* An include the proof put under the use's #if: the patch says why, as
 * a reviewer would ask. */
START_TEST(test_include_under_if_says_why)
{
	struct fix_cand c = cand_include("next_fn", "arch_only()", "linux/next.h", "defined(CONFIG_ARM64)");
	struct proven p;
	char *text;

	c.cond_why = "unconditionally it breaks 1 TU that passed: x86_64/defconfig:linux/r.h (why)";
	text = patch_of(&p, "x86_64 arm64", "arch_only", "linux/arch_only.h", &c, 1, 1, 1);
	assert_text(text, HEAD
		"Subject: [PATCH 1/1] linux/arch_only.h: include linux/next.h for next_fn()\n"
		"\n"
		"arch_only() uses next_fn(), defined in linux/next.h, which\n"
		"linux/arch_only.h does not include. The include is under the use's #if\n"
		"defined(CONFIG_ARM64): unconditionally it breaks 1 TU that passed:\n"
		"x86_64/defconfig:linux/r.h (why).\n"
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

/* More patches than a line names: through the series file, in a line
 * that does not grow with the tree. */
START_TEST(test_apply_line_through_the_series)
{
	char *out = fix_run("x86_64", "plain"), *dir = tmp_dir(), *want, *patches;
	struct fixer *fx = fixer_new(out, "x86_64");
	struct fix_cand c = cand_include("light_fn", "plain()", "linux/light.h", NULL);
	const char *headers[] = { "linux/a.h", "linux/b.h", "linux/c.h", "linux/d.h", "linux/e.h", "linux/f.h" };
	struct strbuf sb;
	int i;

	for (i = 0; i < 6; i++)
		fixer_add(fx, headers[i], &c, 1);
	for (i = 0; i < 6; i++)
		fx->fixes[i].patch = xasprintf("%04d-p.patch", i + 1);
	patches = xstrndup(fx->overlay, strlen(fx->overlay) - strlen("/overlay"));
	sb_init(&sb);
	patch_apply_line(&sb, fx, dir, 0);
	want = xasprintf("\nApply with: cd %s && (cd %s && cat $(cat series)) | patch -p1\n", dir, patches);
	ck_assert_str_eq(sb.buf, want);
	free(want);
	sb_release(&sb);
	free(put_file(dir, ".git/HEAD", "ref: refs/heads/main\n"));
	patch_apply_line(&sb, fx, dir, 0);
	want = xasprintf("\nApply with: cd %s && (cd %s && cat $(cat series)) | git am\n", dir, patches);
	ck_assert_str_eq(sb.buf, want);
	free(want);
	sb_release(&sb);
	/* five are named */
	free(fx->fixes[5].patch);
	fx->fixes[5].patch = NULL;
	patch_apply_line(&sb, fx, dir, 0);
	want = xasprintf("\nApply with: cd %s && git am %s/0001-p.patch %s/0002-p.patch %s/0003-p.patch "
			 "%s/0004-p.patch %s/0005-p.patch\n", dir, patches, patches, patches, patches, patches);
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

/* --- the patches' author: the user's git identity (fix/identity.c) ------- */

/* fix_identity() in dir with GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL as name
 * and email (NULL: unset) and no git config but dir's own; its status,
 * what it said in *said. */
static int identity_in(const char *dir, const char *name, const char *email, struct fix_identity *id, char **said)
{
	int rc;

	setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	if (name)
		setenv("GIT_AUTHOR_NAME", name, 1);
	else
		unsetenv("GIT_AUTHOR_NAME");
	if (email)
		setenv("GIT_AUTHOR_EMAIL", email, 1);
	else
		unsetenv("GIT_AUTHOR_EMAIL");
	diag_begin();
	rc = fix_identity(dir, id);
	*said = diag_end();
	unsetenv("GIT_AUTHOR_NAME");
	unsetenv("GIT_AUTHOR_EMAIL");
	unsetenv("GIT_CONFIG_GLOBAL");
	unsetenv("GIT_CONFIG_NOSYSTEM");
	return rc;
}

/* git config key value in repo. */
static void git_set(const char *repo, const char *key, const char *value)
{
	char *argv[] = { "git", "-C", (char *)repo, "config", (char *)key, (char *)value, NULL };

	ck_assert_int_eq(run_program(argv), 0);
}

/* Assert that fix_identity() in repo with name and email refuses the
 * identity with the one error want (freed). */
static void assert_refused(const char *repo, const char *name, const char *email, char *want)
{
	struct fix_identity id;
	char *said;

	ck_assert_int_eq(identity_in(repo, name, email, &id, &said), -1);
	ck_assert_ptr_null(id.name);
	ck_assert_ptr_null(id.email);
	ck_assert_str_eq(said, want);
	free(said);
	free(want);
}

/* A control character in the identity, from either source, would put a
 * header line of its own into the patches' From: (a CR: git am takes
 * what follows it as another header) or an escape sequence on the
 * terminal: refused, naming the variable or the git config key. */
START_TEST(test_identity_control_characters_refused)
{
	static const char *const bad[] = { "\r", "\t", "\x1b", "\x7f", "\n", "\x01" };
	static const char *const shown[] = { "^M", "^I", "^[", "^?", "^J", "^A" };
	char *repo = tmp_dir(), *said, *name, *email;
	char *init[] = { "git", "init", "-q", repo, NULL };
	struct fix_identity id;
	unsigned int i;

	ck_assert_int_eq(run_program(init), 0);
	ck_assert_int_eq(identity_in(repo, "Ada Tester", "ada@example.org", &id, &said), 0);
	ck_assert_str_eq(id.name, "Ada Tester");
	ck_assert_str_eq(id.email, "ada@example.org");
	ck_assert_str_eq(said, "");
	free(said);
	fix_identity_free(&id);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		name = xasprintf("Doe, John%sBcc: evil@example.org", bad[i]);
		email = xasprintf("ada@example.org%sX-Inj:1", bad[i]);
		assert_refused(repo, name, "ada@example.org",
			       xasprintf("hdrtest: error: GIT_AUTHOR_NAME \"Doe, John%sBcc: evil@example.org\" holds a "
					 "control character (%s) at byte 10: a patch's From: line cannot carry it\n",
					 shown[i], shown[i]));
		assert_refused(repo, "Ada Tester", email,
			       xasprintf("hdrtest: error: GIT_AUTHOR_EMAIL \"ada@example.org%sX-Inj:1\" holds a "
					 "control character (%s) at byte 16: a patch's From: line cannot carry it\n",
					 shown[i], shown[i]));
		/* the same from the tree's repository */
		git_set(repo, "user.name", name);
		git_set(repo, "user.email", "ada@example.org");
		assert_refused(repo, NULL, NULL,
			       xasprintf("hdrtest: error: git config user.name (in %s) \"Doe, John%sBcc: evil@example.org\" "
					 "holds a control character (%s) at byte 10: a patch's From: line cannot carry it\n",
					 repo, shown[i], shown[i]));
		git_set(repo, "user.name", "Ada Tester");
		git_set(repo, "user.email", email);
		assert_refused(repo, NULL, NULL,
			       xasprintf("hdrtest: error: git config user.email (in %s) \"ada@example.org%sX-Inj:1\" "
					 "holds a control character (%s) at byte 16: a patch's From: line cannot carry it\n",
					 repo, shown[i], shown[i]));
		free(name);
		free(email);
	}
	/* the brackets of the address, as before */
	assert_refused(repo, "Ada <x@y>", "ada@example.org",
		       xstrdup("hdrtest: error: GIT_AUTHOR_NAME \"Ada <x@y>\" holds '<' at byte 5: a patch's From: line "
			       "cannot carry it\n"));
	/* neither set: not refused, only missing */
	git_set(repo, "user.name", "");
	git_set(repo, "user.email", "");
	ck_assert_int_eq(identity_in(repo, NULL, NULL, &id, &said), 1);
	ck_assert_str_eq(said, "");
	free(said);
	free(repo);
}
END_TEST

/* hdrtest fix with an identity it refuses: exit 2, OUT/fix left as it
 * was, no patch written. */
START_TEST(test_fix_refuses_the_identity_before_writing)
{
	char *out = fix_run("x86_64", "user"), *cmd, *path, *said;
	int status;

	ck_assert_msg(access("out/bin/hdrtest", X_OK) == 0, "out/bin/hdrtest is missing: make out/bin/hdrtest first");
	cmd = xasprintf("GIT_AUTHOR_NAME=\"$(printf 'Doe, John\\rBcc: evil@example.org')\" GIT_AUTHOR_EMAIL=ada@example.org "
			"out/bin/hdrtest fix --out %s x86_64/defconfig > %s/fix.out 2>&1", out, out);
	status = system(cmd);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 2);
	path = xasprintf("%s/fix.out", out);
	said = slurp(path);
	ck_assert_msg(strstr(said, "hdrtest: error: GIT_AUTHOR_NAME \"Doe, John^MBcc: evil@example.org\" holds a "
				   "control character (^M)") && !strchr(said, '\r'), "%s", said);
	free(said);
	free(path);
	path = xasprintf("%s/fix", out);
	ck_assert(!file_exists(path));
	free(path);
	free(cmd);
	free(out);
}
END_TEST

Suite *fix_patch_suite(void)
{
	Suite *s = suite_create("fix_patch");
	TCase *tc = tcase_create("patch");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_include_after_the_last_include);
	tcase_add_test(tc, test_include_for_a_use_under_if_unconditionally);
	tcase_add_test(tc, test_include_under_if_says_why);
	tcase_add_test(tc, test_declaration);
	tcase_add_test(tc, test_no_change_is_an_error);
	tcase_add_test(tc, test_apply_line);
	tcase_add_test(tc, test_apply_line_through_the_series);
	tcase_add_test(tc, test_clean_git_head);
	tcase_add_test(tc, test_subject_prefix);
	tcase_add_test(tc, test_subject_within_its_room);
	tcase_add_test(tc, test_identity_control_characters_refused);
	tcase_add_test(tc, test_fix_refuses_the_identity_before_writing);
	suite_add_tcase(s, tc);
	return s;
}

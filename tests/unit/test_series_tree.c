// SPDX-License-Identifier: GPL-2.0
/* A series' scratch tree, against hostile patches and a moving base: the
 * names a patch writes as patch -p1 reads them (patch_names.c), each one
 * refused that would reach out of the tree (.., /, an empty component,
 * a symlink), also when read back from the touched list; and the tree
 * brought back to its base as the base is now (scratch.c), which is
 * never written, nor is a git base by the git steps (series-tree.sh). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/process.h"
#include "base/util.h"
#include "helpers.h"
#include "series/patch_names.h"
#include "series/scratch.h"
#include "suites.h"

/* The names of text, one "LINE NAME" a line; or NULL, *msg the error. */
static char *names_of(const char *text, char **msg)
{
	struct patch_name *names;
	struct strbuf sb;
	int n, i, rc;

	diag_begin();
	rc = patch_file_names("p.patch", text, strlen(text), &names, &n);
	*msg = diag_end();
	if (rc) {
		ck_assert_ptr_null(names);
		return NULL;
	}
	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < n; i++)
		sb_addf(&sb, "%d %s\n", names[i].line, names[i].name);
	patch_names_free(names, n);
	return sb_detach(&sb);
}

#define HUNK "@@ -1 +1 @@\n-a\n+b\n"

START_TEST(test_names_as_git_and_diff_write_them)
{
	char *msg, *got;

	got = names_of("From: x\nSubject: y\n\n---\n include/x.h | 2 +-\n\n"
		       "diff --git a/include/x.h b/include/x.h\nindex 1..2 100644\n"
		       "--- a/include/x.h\n+++ b/include/x.h\n" HUNK
		       "@@ -5,2 +5,3 @@\n ctx\n\n+new\n\\ No newline at end of file\n"
		       "diff --git a/n.h b/n.h\nnew file mode 100644\n--- /dev/null\n+++ b/n.h\n@@ -0,0 +1 @@\n+x\n"
		       "diff --git a/old.h b/new.h\nsimilarity index 90%\n"
		       "rename from old.h\nrename to new.h\n"
		       "diff --git a/c.h b/d.h\ncopy from c.h\ncopy to d.h\n"
		       "diff --git \"a/caf\\303\\251.h\" \"b/caf\\303\\251.h\"\ndeleted file mode 100755\n"
		       "--- \"a/caf\\303\\251.h\"\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
		       "diff --git a/sp ace.h b/sp ace.h\n--- a/sp ace.h\t\n+++ b/sp ace.h\t\n" HUNK
		       "-- \n2.43.0\n", &msg);
	ck_assert_msg(got != NULL, "%s", msg);
	ck_assert_str_eq(got, "7 include/x.h\n7 include/x.h\n9 include/x.h\n10 include/x.h\n"
			      "19 n.h\n19 n.h\n22 n.h\n"
			      "25 old.h\n25 new.h\n27 old.h\n28 new.h\n"
			      "29 c.h\n29 d.h\n30 c.h\n31 d.h\n"
			      "32 caf\303\251.h\n32 caf\303\251.h\n34 caf\303\251.h\n"
			      "38 sp ace.h\n38 sp ace.h\n39 sp ace.h\n40 sp ace.h\n");
	free(got);
	free(msg);
	/* diff -u's dated lines; a hunk's "--- " line is a removed "-- " line */
	got = names_of("--- a/x.c\t2024-05-01 10:00:00.000000000 +0200\n"
		       "+++ b/x.c\t2024-05-01 10:00:01.000000000 +0200\n"
		       "@@ -1 +1 @@\n--- a/../../etc/passwd\n+++ b/../../etc/passwd\n", &msg);
	ck_assert_msg(got != NULL, "%s", msg);
	ck_assert_str_eq(got, "1 x.c\n2 x.c\n");
	free(got);
	free(msg);
}
END_TEST

/* Each hostile patch, the line of its refusal and what that says. */
static const struct {
	const char *text, *line_and_why;
} hostile[] = {
	{ "--- a/../../../../kdir/include/linux/mm/page_kasan_tag.h\n+++ b/x\n" HUNK,
	  "p.patch:1: 'a/../../../../kdir/include/linux/mm/page_kasan_tag.h': a '..' component" },
	{ "--- a/x\n+++ ../x\n" HUNK, "p.patch:2: '../x': a '..' component" },
	{ "--- a/../x\n+++ b/x\n" HUNK, "p.patch:1: 'a/../x': a '..' component" },
	{ "Subject: s\n\n--- /etc/x\n+++ /etc/x\n" HUNK, "p.patch:3: '/etc/x': an absolute name" },
	{ "--- a//x\n+++ b//x\n" HUNK, "p.patch:1: 'a//x': an empty component" },
	{ "--- a/x/\n+++ b/x/\n" HUNK, "p.patch:1: 'a/x/': an empty component" },
	{ "--- a/./x\n+++ b/x\n" HUNK, "p.patch:1: 'a/./x': a '.' component" },
	{ "--- x\n+++ x\n" HUNK, "p.patch:1: 'x': no dir to take off" },
	{ "--- a/\n+++ b/x\n" HUNK, "p.patch:1: 'a/': an empty component" },
	{ "--- \n+++ b/x\n" HUNK, "p.patch:1: '': expected a name" },
	{ "--- a/x y\n+++ b/x y\n" HUNK, "p.patch:1: 'a/x y': expected a name (C-quoted when it has a space" },
	{ "--- \"a/x\\ty\"\n+++ b/x\n" HUNK, "p.patch:1: '\"a/x\\ty\"': a control character in the name" },
	{ "--- \"a/x\\000\"\n+++ b/x\n" HUNK, "p.patch:1: '\"a/x\\000\"': expected a C-quoted name" },
	{ "--- \"a/x\n+++ b/x\n" HUNK, "p.patch:1: '\"a/x': expected a C-quoted name" },
	{ "diff --git a/x b/x\nrename from x\nrename to ../../x\n", "p.patch:3: '../../x': a '..' component" },
	{ "diff --git a/x b/x\ncopy from /etc/shadow\ncopy to x\n", "p.patch:2: '/etc/shadow': an absolute name" },
	{ "diff --git a/../../x b/../../x\n", "p.patch:1: 'a/../../x': a '..' component" },
	{ "diff --git a/x y b/z w\n", "p.patch:1: 'a/x y b/z w': expected two names" },
	{ "diff --git a/l b/l\nnew file mode 120000\n", "p.patch:2: '120000': expected a file's mode" },
	{ "diff --git a/s b/s\nnew mode 160000\n", "p.patch:2: '160000': expected a file's mode" },
	{ "diff --git a/b b/b\nindex 1..2\nGIT binary patch\n", "p.patch:3: a binary patch" },
	{ "Subject: x\n\n" HUNK, "p.patch:3: a hunk that does not follow its file's '--- ' and '+++ ' lines" },
	{ "--- a/x\n+++ b/x\ngarbage\n" HUNK, "p.patch:4: a hunk that does not follow" },
	{ "--- /dev/null\n+++ /dev/null\n" HUNK, "p.patch:2: a diff of /dev/null to /dev/null names no file" },
	{ "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n", "p.patch:3: the hunk ends early: 2 old and 2 new lines missing" },
	{ "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\nX\n", "p.patch:5: 'X': expected a line of the hunk of line 3" },
	{ "--- a/x\n+++ b/x\n@@ -1 +1 x\n", "p.patch:3: '@@ -1 +1 x': expected '@@ -A,B +C,D @@'" },
	{ "*** a/x\n--- b/x\n***************\n*** 1 ****\n", "p.patch:3: a context diff" },
	{ "--- a/x\n+++ b/x\n1c1\n< a\n---\n> b\n", "p.patch:3: '1c1': a normal or ed diff" },
	{ "Index: x\n5a\nnew\n.\n", "p.patch:2: '5a': a normal or ed diff" },
	{ "--- a/\033[2Kx\n+++ b/x\n" HUNK, "p.patch:1: 'a/^[[2Kx': a control character in the name" },
};

START_TEST(test_hostile_names_refused)
{
	char *msg, *got;

	got = names_of(hostile[_i].text, &msg);
	ck_assert_msg(!got, "accepted:\n%s\n%s", hostile[_i].text, got);
	ck_assert_msg(strstr(msg, "hdrtest: error: ") && strstr(msg, hostile[_i].line_and_why), "%s\nsaid: %s",
		      hostile[_i].text, msg);
	free(msg);
}
END_TEST

START_TEST(test_name_refusal)
{
	ck_assert_ptr_null(patch_name_refusal("include/linux/mm.h"));
	ck_assert_ptr_null(patch_name_refusal(".gitignore"));
	ck_assert_ptr_null(patch_name_refusal("a/..b/c."));
	ck_assert_str_eq(patch_name_refusal(""), "an empty name");
	ck_assert_str_eq(patch_name_refusal("../x"), "a '..' component");
	ck_assert_str_eq(patch_name_refusal("a/../../x"), "a '..' component");
	ck_assert_str_eq(patch_name_refusal("a/.."), "a '..' component");
	ck_assert_str_eq(patch_name_refusal("/etc/x"), "an absolute name");
	ck_assert_str_eq(patch_name_refusal("a//x"), "an empty component ('//', or a '/' at the end)");
	ck_assert_str_eq(patch_name_refusal("a\nb"), "a control character in the name");
}
END_TEST

/* A scratch dir (scratch.h) on a base of its own: base/ with the
 * fixture's files and a git dir, dir/ for the series. */
static char *scratch_fixture(char **base)
{
	char *top = tmp_dir(), *cmd;

	*base = xasprintf("%s/kdir", top);
	cmd = xasprintf("cp -r tests/fixtures/series/base '%s' && mkdir -p '%s/.git' && echo ref > '%s/.git/HEAD'",
			*base, *base, *base);
	ck_assert_msg(system(cmd) == 0, "%s", cmd);
	free(cmd);
	return top;
}

/* scratch_reset() on top/tree: its exit, what it printed in *said. */
static int reset_said(const char *base, const char *top, const char *stamp, char **said)
{
	int rc;
	char *diag;

	diag_begin();
	stdout_begin();
	rc = scratch_reset(base, top, stamp);
	*said = stdout_end();
	diag = diag_end();
	if (rc) {
		free(*said);
		*said = diag;
	} else {
		free(diag);
	}
	return rc;
}

/* Fail unless dir/rel holds text. */
static void assert_at(const char *dir, const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", dir, rel);

	assert_file(path, text);
	free(path);
}

static int exists_at(const char *dir, const char *rel)
{
	char *path = xasprintf("%s/%s", dir, rel);
	int yes = file_exists(path);

	free(path);
	return yes;
}

START_TEST(test_name_through_a_symlink_refused)
{
	char *base, *top = scratch_fixture(&base), *tree = xasprintf("%s/tree", top), *victim, *link, *why;
	char *patch, *msg;

	victim = xasprintf("%s/victim", top);
	free(put_file(top, "victim/x.h", "mine\n"));
	free(put_file(tree, "include/linux/one.h", "one\n"));
	link = xasprintf("%s/include/evil", tree);
	ck_assert_int_eq(symlink(victim, link), 0);
	free(link);
	link = xasprintf("%s/include/evil.h", tree);
	ck_assert_int_eq(symlink("../../victim/x.h", link), 0);
	free(link);
	ck_assert_ptr_null(scratch_name_refusal(tree, "include/linux/one.h"));
	ck_assert_ptr_null(scratch_name_refusal(tree, "include/new/dir/x.h"));
	why = scratch_name_refusal(tree, "include/evil/x.h");
	ck_assert_str_eq(why, "goes through the symlink include/evil of the scratch tree");
	free(why);
	why = scratch_name_refusal(tree, "include/evil.h");
	ck_assert_str_eq(why, "is the symlink include/evil.h of the scratch tree");
	free(why);
	why = scratch_name_refusal(tree, "include/../x");
	ck_assert_str_eq(why, "a '..' component");
	free(why);
	/* a git clone's hooks run at the next checkout */
	why = scratch_name_refusal(tree, ".git/hooks/post-checkout");
	ck_assert_str_eq(why, ".git is kept out of the scratch tree");
	free(why);
	why = scratch_name_refusal(tree, ".hdrtest-series.applied");
	ck_assert_str_eq(why, ".hdrtest-series.applied is kept out of the scratch tree");
	free(why);
	ck_assert_ptr_null(scratch_name_refusal(tree, "include/.gitignore"));
	/* a patch through it is refused, its line named, nothing recorded */
	patch = put_file(top, "p.patch", "Subject: x\n\n--- a/include/linux/one.h\n+++ b/include/linux/one.h\n"
			 "@@ -1 +1 @@\n-one\n+two\n--- a/include/evil/x.h\n+++ b/include/evil/x.h\n" HUNK);
	diag_begin();
	ck_assert_int_eq(scratch_note_patch(top, patch), -1);
	msg = diag_end();
	ck_assert_msg(strstr(msg, "p.patch:8: 'include/evil/x.h': goes through the symlink include/evil of the scratch "
			      "tree"), "%s", msg);
	ck_assert(!exists_at(top, "touched"));
	free(msg);
	free(patch);
	assert_at(victim, "x.h", "mine\n");
	free(victim);
	free(tree);
	free(base);
	free(top);
}
END_TEST

START_TEST(test_reset_checks_the_touched_list_again)
{
	char *base, *top = scratch_fixture(&base), *msg, *before;

	free(put_file(top, "victim.h", "mine\n"));
	ck_assert_msg(reset_said(base, top, "step 0", &msg) == 0, "%s", msg);
	free(msg);
	/* the list is hdrtest's own, but a name in it is removed and written */
	free(put_file(top, "touched", "include/linux/one.h\n../victim.h\n"));
	before = dir_snapshot(top, 1);
	ck_assert_int_eq(reset_said(base, top, "step 0 again", &msg), -1);
	ck_assert_msg(strstr(msg, "/touched:2: '../victim.h': a '..' component: it is not restored"), "%s", msg);
	free(msg);
	/* nothing was removed or written, in the tree or beside it */
	msg = dir_snapshot(top, 1);
	ck_assert_msg(!strcmp(before, msg), "written: before\n%.2000s\nafter\n%.2000s", before, msg);
	free(msg);
	free(before);
	free(base);
	free(top);
}
END_TEST

START_TEST(test_reset_follows_the_base)
{
	char *base, *top = scratch_fixture(&base), *tree = xasprintf("%s/tree", top), *p1, *before, *after, *cmd;

	p1 = repo_path("tests/fixtures/series/patches/0001-one.h-add-one_more.patch");
	ck_assert_int_eq(reset_said(base, top, "step 0", &after), 0);
	free(after);
	/* the base's git dir is not the tree's: nothing may write in it */
	ck_assert(!exists_at(tree, ".git"));
	diag_begin();
	ck_assert_int_eq(scratch_note_patch(top, p1), 0);
	free(diag_end());
	assert_at(top, "touched", "include/linux/one.h\ninclude/linux/one.h\n");
	cmd = xasprintf("cd '%s' && patch -s -p1 < '%s'", tree, p1);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	/* the base changes: a file rewritten (a new inode: the tree's hard
	 * link keeps the old bytes), a file and a dir added, one removed */
	cmd = xasprintf("cd '%s' && sed -i '1i #error broken' include/linux/two.h && echo new > include/linux/new.h && "
			"rm include/linux/one_more.h 2>/dev/null; mkdir include/sub && echo s > include/sub/s.h && "
			"rm include/linux/three.h 2>/dev/null; echo gone > include/gone.h",
			base);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	ck_assert_int_eq(reset_said(base, top, "step 0 again", &after), 0);
	free(after);
	cmd = xasprintf("rm '%s/include/gone.h'", base);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	before = dir_snapshot(base, 1);
	ck_assert_int_eq(reset_said(base, top, "step 0 again", &after), 0);
	ck_assert_msg(strstr(after, "  SYNC    1 paths of ") != NULL, "%s", after);
	free(after);
	after = dir_snapshot(base, 1);
	ck_assert_msg(!strcmp(before, after), "the base was written: before\n%.2000s\nafter\n%.2000s", before,
		      after);
	free(before);
	free(after);
	cmd = xasprintf("%s/include/linux/two.h", tree);
	after = slurp(cmd);
	ck_assert_msg(starts_with(after, "#error broken\n"), "%s", after);
	free(after);
	free(cmd);
	assert_at(tree, "include/linux/new.h", "new\n");
	assert_at(tree, "include/sub/s.h", "s\n");
	ck_assert(!exists_at(tree, "include/gone.h"));
	/* the patched file is the base's again, the touched list empty */
	cmd = xasprintf("%s/include/linux/one.h", tree);
	after = slurp(cmd);
	ck_assert_msg(!strstr(after, "one_more"), "%s", after);
	free(after);
	free(cmd);
	assert_at(top, "touched", "");
	/* and a reset with nothing changed changes no file and says nothing */
	before = dir_snapshot(tree, 0);
	ck_assert_int_eq(reset_said(base, top, "step 0 again", &after), 0);
	ck_assert_str_eq(after, "");
	free(after);
	after = dir_snapshot(tree, 0);
	ck_assert_msg(!strcmp(before, after), "changed: before\n%.2000s\nafter\n%.2000s", before, after);
	free(before);
	free(after);
	free(p1);
	free(tree);
	free(base);
	free(top);
}
END_TEST

Suite *series_tree_suite(void)
{
	Suite *s = suite_create("series_tree");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_names_as_git_and_diff_write_them);
	tcase_add_loop_test(tc, test_hostile_names_refused, 0, (int)(sizeof(hostile) / sizeof(hostile[0])));
	tcase_add_test(tc, test_name_refusal);
	tcase_add_test(tc, test_name_through_a_symlink_refused);
	tcase_add_test(tc, test_reset_checks_the_touched_list_again);
	tcase_add_test(tc, test_reset_follows_the_base);
	suite_add_tcase(s, tc);
	return s;
}

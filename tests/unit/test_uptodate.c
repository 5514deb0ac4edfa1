// SPDX-License-Identifier: GPL-2.0
/* The run's up-to-date checks (gen/exec/uptodate.c) and a TU's recorded
 * result (gen/compile/tu.c), on files with set mtimes. */
#include <check.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "compile/tu.h"
#include "helpers.h"
#include "exec/shadow.h"
#include "exec/uptodate.h"
#include "suites.h"

/* Set path's mtime to secs after a fixed time (so order never depends on
 * how fast the test runs). */
static void at(const char *path, int secs)
{
	struct timespec ts[2];

	ts[0].tv_sec = ts[1].tv_sec = 1700000000 + secs;
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	ck_assert_int_eq(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static char *file_at(const char *dir, const char *name, const char *text, int secs)
{
	char *p = put_file(dir, name, text);

	at(p, secs);
	return p;
}

START_TEST(test_stale_by_mtime)
{
	char *d = tmp_dir();
	char *t = file_at(d, "t", "", 10), *a = file_at(d, "a", "", 5), *b = file_at(d, "b", "", 20);
	char *gone = xasprintf("%s/gone", d);
	const char *older[] = { a, gone }, *newer[] = { a, b };
	struct mtimes *m = mtimes_new();

	ck_assert_int_eq(stale(m, t, older, 2), 0);
	ck_assert_int_eq(stale(m, t, newer, 2), 1);
	ck_assert_int_eq(stale(m, gone, older, 1), 1);	/* no target: stale */
	/* the table remembers: a file touched since is seen only once forgotten */
	at(a, 30);
	ck_assert_int_eq(stale(m, t, older, 1), 0);
	mtime_forget(m, a);
	ck_assert_int_eq(stale(m, t, older, 1), 1);
	mtimes_free(m);
	free(t), free(a), free(b), free(gone), free(d);
}
END_TEST

START_TEST(test_depfile_read)
{
	char *d = tmp_dir();
	char *dep = put_file(d, "x.dep", "/o/x.rc: /o/x.c /t/a.h \\\n /t/b.h /t/a.h\n\n/t/a.h:\n\n/t/b.h:\n");
	char **deps;
	int n, i;

	ck_assert_int_eq(depfile_read(dep, &deps, &n), 0);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(deps[0], "/o/x.c");
	ck_assert_str_eq(deps[1], "/t/a.h");
	ck_assert_str_eq(deps[2], "/t/b.h");
	for (i = 0; i < n; i++)
		free(deps[i]);
	free(deps);
	free(dep);
	dep = xasprintf("%s/none.dep", d);
	ck_assert_int_eq(depfile_read(dep, &deps, &n), -1);
	ck_assert_ptr_null(deps);
	free(dep);
	free(d);
}
END_TEST

/* A cell dir with TUs a and b compiled at 10, their headers h1 and h2,
 * an empty include path and a record of it. */
static char *cell_fixture(char **h1, char **h2)
{
	char *d = tmp_dir(), *dep;

	free(put_file(d, "include-path", "hdrtest-include-path 1\n"));
	free(put_file(d, "deps.search", "hdrtest-deps-search 1\nend\n"));
	*h1 = file_at(d, "h1.h", "", 1);
	*h2 = file_at(d, "h2.h", "", 1);
	free(file_at(d, "compile.sh", "", 1));
	free(file_at(d, "a.c", "", 2));
	free(file_at(d, "b.c", "", 2));
	dep = xasprintf("a.rc: %s/a.c %s\n", d, *h1);
	free(file_at(d, "a.dep", dep, 10));
	free(dep);
	dep = xasprintf("b.rc: %s/b.c %s\n", d, *h2);
	free(file_at(d, "b.dep", dep, 10));
	free(dep);
	free(file_at(d, "a.rc", "0\n", 10));
	free(file_at(d, "b.rc", "1\n", 10));
	return d;
}

START_TEST(test_tu_stale)
{
	char *h1, *h2, *d = cell_fixture(&h1, &h2), *p;
	struct shadow *sh = shadow_load(d);
	struct mtimes *m = mtimes_new();

	ck_assert_ptr_nonnull(sh);
	ck_assert_int_eq(tu_stale(m, sh, d, "a"), 0);
	ck_assert_int_eq(tu_stale(m, sh, d, "b"), 0);
	/* no record of the cell: nothing is known to be up to date */
	ck_assert_int_eq(tu_stale(m, NULL, d, "a"), 1);
	mtimes_free(m);
	/* a header a read changed: a only */
	at(h1, 20);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, sh, d, "a"), 1);
	ck_assert_int_eq(tu_stale(m, sh, d, "b"), 0);
	mtimes_free(m);
	at(h1, 1);
	/* the command changed: both */
	p = xasprintf("%s/compile.sh", d);
	at(p, 20);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, sh, d, "a"), 1);
	ck_assert_int_eq(tu_stale(m, sh, d, "b"), 1);
	mtimes_free(m);
	at(p, 1);
	free(p);
	/* the debris of a full disk: an empty result */
	p = file_at(d, "b.rc", "", 10);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, sh, d, "b"), 1);
	mtimes_free(m);
	free(p);
	/* a header a read is gone: a compiles again (make -MP does too) */
	unlink(h1);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, sh, d, "a"), 1);
	mtimes_free(m);
	shadow_free(sh);
	free(h1), free(h2), free(d);
}
END_TEST

/* cell_stale() with the cell's record as it is now */
static int cell_stale_now(const char *d, char **stems, int n)
{
	struct mtimes *m = mtimes_new();
	struct shadow *sh = shadow_load(d);
	int ret = cell_stale(m, sh, d, stems, n);

	shadow_free(sh);
	mtimes_free(m);
	return ret;
}

START_TEST(test_cell_stale_and_union)
{
	char *h1, *h2, *d = cell_fixture(&h1, &h2), *u;
	char *stems[] = { "a", "b" };
	struct mtimes *m = mtimes_new();
	char *expect;

	ck_assert_int_eq(cell_stale_now(d, stems, 2), 1);	/* no stamp yet */
	ck_assert_int_eq(union_write(m, d, stems, 2), 0);
	mtimes_free(m);
	u = xasprintf("%s/deps.union", d);
	expect = xasprintf("%s/a.c\n%s\n%s/b.c\n%s\n", d, h1, d, h2);
	assert_file(u, expect);
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 0);
	/* a header in the union newer than the stamp */
	at(h2, 2000000000 - 1700000000);
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 1);
	at(h2, 1);
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 0);
	/* a record cut short, or of another version: out of date */
	free(u);
	u = xasprintf("%s/deps.search", d);
	free(put_file(d, "deps.search", "hdrtest-deps-search 1\n"));
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 1);
	free(put_file(d, "deps.search", "hdrtest-deps-search 0\nend\n"));
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 1);
	free(put_file(d, "deps.search", "hdrtest-deps-search 1\nend\n"));
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 0);
	free(put_file(d, "include-path", "hdrtest-include-path 1\nrelative/dir\n"));
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 1);
	free(put_file(d, "include-path", "hdrtest-include-path 1\n"));
	/* a TU without a result */
	free(u);
	u = xasprintf("%s/b.rc", d);
	unlink(u);
	ck_assert_int_eq(cell_stale_now(d, stems, 2), 1);
	free(u), free(expect), free(h1), free(h2), free(d);
}
END_TEST

/*
 * A cell whose TU t read headers found on a fake include path
 * ROOT/arch, ROOT/include, ROOT/include/uapi (the kernel's, in its order):
 * include/linux/x.h (read as <linux/x.h>), include/uapi/linux/y.h (read
 * as <uapi/linux/y.h>: include/linux/y.h exists, as in the kernel) and
 * include/linux/q.h, which has '#include "r.h"' and so read include/r.h
 * (its own dir has no r.h).  The record is written with the compile
 * stage begun 50 ms from now, after every file here was made.  With
 * link_during, that file gets a hard link in another dir after the stage
 * began (cp -al of the tree elsewhere, as a series makes its scratch):
 * its ctime moves, its dir's does not.
 */
static char *shadow_fixture_linked(char **root, const char *link_during)
{
	char *d, *dep, *paths, *begun;
	char *stems[] = { "t" };
	struct timespec ts[2], pause = { 0, 100 * 1000 * 1000 };
	struct mtimes *m = mtimes_new();

	*root = tmp_dir();
	d = xasprintf("%s/cell", *root);
	free(file_at(*root, "arch/.keep", "", 1));
	free(file_at(*root, "include/linux/x.h", "", 1));
	free(file_at(*root, "include/linux/y.h", "", 1));
	free(file_at(*root, "include/uapi/linux/y.h", "", 1));
	free(file_at(*root, "include/linux/q.h", "/* q */\n#include \"r.h\"\n", 1));
	free(file_at(*root, "include/r.h", "", 1));
	paths = xasprintf("hdrtest-include-path 1\n%s/arch\n%s/include\n%s/include/uapi\n", *root, *root, *root);
	free(put_file(d, "include-path", paths));
	free(file_at(d, "compile.sh", "", 1));
	free(file_at(d, "t.c", "", 2));
	dep = xasprintf("%s/t.rc: %s/t.c %s/include/linux/x.h %s/include/uapi/linux/y.h %s/include/linux/q.h "
			"%s/include/r.h\n", d, d, *root, *root, *root, *root);
	free(file_at(d, "t.dep", dep, 10));
	free(file_at(d, "t.rc", "0\n", 10));
	ck_assert_int_eq(cell_begin(m, d), 0);
	begun = xasprintf("%s/compiled.new", d);
	ck_assert_int_eq(clock_gettime(CLOCK_REALTIME, &ts[0]), 0);
	ts[0].tv_nsec += 50 * 1000 * 1000;
	if (ts[0].tv_nsec >= 1000000000) {
		ts[0].tv_sec++;
		ts[0].tv_nsec -= 1000000000;
	}
	ts[1] = ts[0];
	ck_assert_int_eq(utimensat(AT_FDCWD, begun, ts, 0), 0);
	if (link_during) {
		char *from = xasprintf("%s/%s", *root, link_during), *to = xasprintf("%s/elsewhere", *root);

		nanosleep(&pause, NULL);
		ck_assert_int_eq(mkdir(to, 0777), 0);
		free(to);
		to = xasprintf("%s/elsewhere/copy.h", *root);
		ck_assert_int_eq(link(from, to), 0);
		free(from), free(to);
	}
	ck_assert_int_eq(union_write(m, d, stems, 1), 0);
	mtimes_free(m);
	/* what is done from here on is done after the record */
	nanosleep(&pause, NULL);
	free(begun);
	free(paths);
	free(dep);
	return d;
}

static char *shadow_fixture(char **root)
{
	return shadow_fixture_linked(root, NULL);
}

/* Is t of the cell d (or d as a whole) out of date, as a run sees it now? */
static int t_stale(const char *d)
{
	char *stems[] = { "t" };
	struct mtimes *m = mtimes_new();
	struct shadow *sh = shadow_load(d);
	int cell = cell_stale(m, sh, d, stems, 1), tu;

	mtimes_free(m);
	m = mtimes_new();
	tu = tu_stale(m, sh, d, "t");
	ck_assert_msg(cell == tu, "cell_stale() says %d, tu_stale() %d", cell, tu);
	mtimes_free(m);
	shadow_free(sh);
	return tu;
}

/* The case: arch/x86/include/linux/mm/page_kasan_tag.h added,
 * the include/ one read: the TU is out of date. */
START_TEST(test_shadow_new_header)
{
	char *root, *d = shadow_fixture(&root), *p;

	ck_assert_int_eq(t_stale(d), 0);
	free(put_file(root, "arch/linux/x.h", "typedef int shadows;\n"));
	ck_assert_int_eq(t_stale(d), 1);
	p = xasprintf("%s/arch/linux/x.h", root);
	unlink(p);
	ck_assert_int_eq(t_stale(d), 0);
	free(p);
	free(d), free(root);
}
END_TEST

/* include/linux/y.h was there when t read include/uapi/linux/y.h (which
 * it did as <uapi/linux/y.h>): a change in include/linux does not make t
 * out of date, a new arch/linux/y.h or arch/uapi/linux/y.h does. */
START_TEST(test_shadow_seen_candidate)
{
	char *root, *d = shadow_fixture(&root), *p, *before, *search;

	search = xasprintf("%s/deps.search", d);
	before = slurp(search);
	p = xasprintf("seen\t%s/include/linux/y.h\n", root);
	ck_assert_msg(strstr(before, p), "deps.search lacks %s:\n%s", p, before);
	free(p);
	free(put_file(root, "include/linux/unrelated.h", ""));
	ck_assert_int_eq(t_stale(d), 0);
	free(put_file(root, "arch/uapi/linux/y.h", ""));
	ck_assert_int_eq(t_stale(d), 1);
	free(before), free(search), free(d), free(root);
}
END_TEST

/* '#include "r.h"' in include/linux/q.h found include/r.h: an r.h new in
 * include/linux is found first. */
START_TEST(test_shadow_quoted_include)
{
	char *root, *d = shadow_fixture(&root);

	ck_assert_int_eq(t_stale(d), 0);
	free(put_file(root, "include/linux/r.h", ""));
	ck_assert_int_eq(t_stale(d), 1);
	free(d), free(root);
}
END_TEST

/* include/linux/y.h, a candidate there before the compile stage, got a
 * hard link elsewhere while it ran: nothing new can be found, and t is not
 * compiled again. */
START_TEST(test_shadow_candidate_linked_elsewhere)
{
	char *root, *d = shadow_fixture_linked(&root, "include/linux/y.h");

	ck_assert_int_eq(t_stale(d), 0);
	free(d), free(root);
}
END_TEST

/* The record is the same bytes whenever the tree is the same. */
START_TEST(test_shadow_record_deterministic)
{
	char *root, *d = shadow_fixture(&root), *search, *first, *again;
	char *stems[] = { "t" };
	struct mtimes *m = mtimes_new();

	search = xasprintf("%s/deps.search", d);
	first = slurp(search);
	ck_assert_int_eq(union_write(m, d, stems, 1), 0);
	again = slurp(search);
	ck_assert_str_eq(first, again);
	/* read as it is written */
	ck_assert_int_eq(t_stale(d), 0);
	mtimes_free(m);
	free(first), free(again), free(search), free(d), free(root);
}
END_TEST

/* A cell dir whose compile.sh prints what it is given and exits with it. */
static char *tu_cell(const char *body)
{
	char *d = tmp_dir(), *s = put_file(d, "compile.sh", body);

	ck_assert_int_eq(chmod(s, 0755), 0);
	free(s);
	return d;
}

START_TEST(test_tu_record)
{
	char *d = tu_cell(""), *p;

	free(put_file(d, "t.log.tmp", "t.c:1:1: error: x\n"));
	free(put_file(d, "t.d", "t.rc: t.c\n"));
	ck_assert_int_eq(tu_record(d, "t", 1), 0);
	p = xasprintf("%s/t.rc", d);
	assert_file(p, "1\n");
	free(p);
	p = xasprintf("%s/t.log", d);
	assert_file(p, "t.c:1:1: error: x\n");
	free(p);
	p = xasprintf("%s/t.dep", d);
	assert_file(p, "t.rc: t.c\n");
	free(p);
	/* a depfile cut short is no depfile */
	free(put_file(d, "t.log.tmp", ""));
	free(put_file(d, "t.d", "t.rc: t."));
	ck_assert_int_eq(tu_record(d, "t", 0), 0);
	p = xasprintf("%s/t.dep", d);
	ck_assert_int_eq(file_exists(p), 0);
	free(p);
	free(d);
}
END_TEST

/* tu_record() of a compile with this log and status refuses: an error
 * holding want, and no .rc */
static void assert_refused(const char *d, const char *log, int status, const char *want)
{
	char *p = xasprintf("%s/t.rc", d), *err;

	free(put_file(d, "t.log.tmp", log));
	diag_begin();
	ck_assert_msg(tu_record(d, "t", status) == -1, "recorded a result where it should say '%s'", want);
	err = diag_end();
	ck_assert_ptr_nonnull(strstr(err, want));
	free(err);
	ck_assert_int_eq(file_exists(p), 0);
	free(p);
}

START_TEST(test_tu_record_refuses)
{
	char *d = tu_cell("");

	/* a full disk: no result, an error naming the TU */
	assert_refused(d, "cc1: error: t.o: No space left on device\n", 1, "cannot record the result of");
	/* a log cut short (a write lost on a full disk): no result */
	assert_refused(d, "t.c:1:1: error: x\nt.c:2:1: err", 1, "is cut short");
	/* a failure with an empty log: its diagnostics were lost on a disk
	 * full at that moment, or the compiler was killed; not a verdict */
	assert_refused(d, "", 1, "exited with status 1 and printed nothing");
	/* compile.sh could not run the compiler: a set-up error, not a verdict */
	assert_refused(d, "compile.sh: 3: gcc: not found\n", 127, "could not run the compiler");
	free(d);
}
END_TEST


START_TEST(test_tu_forget)
{
	char *d = tu_cell(""), *p;
	struct tu_command c;

	free(put_file(d, "x/t.rc", "0\n"));
	tu_forget(d, "x/t");
	p = xasprintf("%s/x/t.rc", d);
	ck_assert_int_eq(file_exists(p), 0);
	free(p);
	tu_command_init(&c, d, "x/t");
	p = xasprintf("%s/compile.sh", d);
	ck_assert_str_eq(c.argv[0], p);
	ck_assert_ptr_null(c.argv[2]);
	free(p);
	p = xasprintf("%s/x/t.log.tmp", d);
	ck_assert_str_eq(c.log_tmp, p);
	free(p);
	tu_command_free(&c);
	free(d);
}
END_TEST

Suite *uptodate_suite(void)
{
	Suite *s = suite_create("uptodate");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_stale_by_mtime);
	tcase_add_test(tc, test_depfile_read);
	tcase_add_test(tc, test_tu_stale);
	tcase_add_test(tc, test_cell_stale_and_union);
	tcase_add_test(tc, test_shadow_new_header);
	tcase_add_test(tc, test_shadow_seen_candidate);
	tcase_add_test(tc, test_shadow_quoted_include);
	tcase_add_test(tc, test_shadow_candidate_linked_elsewhere);
	tcase_add_test(tc, test_shadow_record_deterministic);
	tcase_add_test(tc, test_tu_record);
	tcase_add_test(tc, test_tu_record_refuses);
	tcase_add_test(tc, test_tu_forget);
	suite_add_tcase(s, tc);
	return s;
}

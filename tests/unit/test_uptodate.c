// SPDX-License-Identifier: GPL-2.0
/* The run's up-to-date checks (gen/run/uptodate.c) and a TU's recorded
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
#include "run/uptodate.h"
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

/* A cell dir with TUs a and b compiled at 10, their headers h1 and h2. */
static char *cell_fixture(char **h1, char **h2)
{
	char *d = tmp_dir(), *dep;

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
	struct mtimes *m = mtimes_new();

	ck_assert_int_eq(tu_stale(m, d, "a"), 0);
	ck_assert_int_eq(tu_stale(m, d, "b"), 0);
	mtimes_free(m);
	/* a header a read changed: a only */
	at(h1, 20);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, d, "a"), 1);
	ck_assert_int_eq(tu_stale(m, d, "b"), 0);
	mtimes_free(m);
	at(h1, 1);
	/* the command changed: both */
	p = xasprintf("%s/compile.sh", d);
	at(p, 20);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, d, "a"), 1);
	ck_assert_int_eq(tu_stale(m, d, "b"), 1);
	mtimes_free(m);
	at(p, 1);
	free(p);
	/* the debris of a full disk: an empty result */
	p = file_at(d, "b.rc", "", 10);
	m = mtimes_new();
	ck_assert_int_eq(tu_stale(m, d, "b"), 1);
	mtimes_free(m);
	free(p);
	free(h1), free(h2), free(d);
}
END_TEST

START_TEST(test_cell_stale_and_union)
{
	char *h1, *h2, *d = cell_fixture(&h1, &h2), *u;
	char *stems[] = { "a", "b" };
	struct mtimes *m = mtimes_new();
	char *expect;

	ck_assert_int_eq(cell_stale(m, d, stems, 2), 1);	/* no stamp yet */
	ck_assert_int_eq(union_write(m, d, stems, 2), 0);
	u = xasprintf("%s/deps.union", d);
	expect = xasprintf("%s/a.c\n%s\n%s/b.c\n%s\n", d, h1, d, h2);
	assert_file(u, expect);
	ck_assert_int_eq(cell_stale(m, d, stems, 2), 0);
	mtimes_free(m);
	/* a header in the union newer than the stamp */
	at(h2, 2000000000 - 1700000000);
	m = mtimes_new();
	ck_assert_int_eq(cell_stale(m, d, stems, 2), 1);
	mtimes_free(m);
	at(h2, 1);
	/* a TU without a result */
	free(u);
	u = xasprintf("%s/b.rc", d);
	unlink(u);
	m = mtimes_new();
	ck_assert_int_eq(cell_stale(m, d, stems, 2), 1);
	mtimes_free(m);
	free(u), free(expect), free(h1), free(h2), free(d);
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
	tcase_add_test(tc, test_tu_record);
	tcase_add_test(tc, test_tu_record_refuses);
	tcase_add_test(tc, test_tu_forget);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* The reports, on results built by hand: KTAP v1, TSV, the table. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/catalog.h"
#include "catalog/drift.h"
#include "helpers.h"
#include "judge/report.h"
#include "scan/scan.h"
#include "suites.h"
#include "base/util.h"

/* x86_64/defconfig: a.h passes, b.h fails; arm64/defconfig is skipped. */
static struct sym_result a_syms[] = {
	{ .name = "a_fn", .kind = "func", .use = "used", .cond = "" },
	{ .name = "A_FLAG", .kind = "flag", .use = "unused", .cond = "CONFIG_X && !CONFIG_Y" },
};
static struct sym_result b_syms[] = {
	{ .name = "b_one", .kind = "func", .use = "used", .cond = "", .diagnosed = 1 },
	{ .name = "b_two", .kind = "const", .use = "used", .cond = "" },
};
static struct tu_result x86_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_PASS, .log = "", .syms = a_syms, .nsyms = 2 },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_FAIL,
	  .detail = "include/linux/b.h:3:5: error: unknown type name 'u8'", .log = "", .syms = b_syms, .nsyms = 2 },
};
static struct tu_result arm_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_SKIP, .detail = "no aarch64-linux-gnu-gcc",
	  .log = "", .syms = a_syms, .nsyms = 2 },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_SKIP, .detail = "no aarch64-linux-gnu-gcc",
	  .log = "", .syms = b_syms, .nsyms = 2 },
};
static struct cell_result x86_cell = {
	.arch = "x86_64", .config = "defconfig", .dir = "/out/x86_64/defconfig", .display = "x86_64/defconfig",
	.reason = "", .repro = "cd /kb && gcc -O2", .tus = x86_tus, .ntus = 2,
};
static struct cell_result arm_cell = {
	.arch = "arm64", .config = "defconfig", .dir = "/out/arm64/defconfig", .display = "arm64/defconfig",
	.skipped = 1, .reason = "no aarch64-linux-gnu-gcc", .repro = "", .tus = arm_tus, .ntus = 2,
};
static struct cell_result *cells[] = { &x86_cell, &arm_cell };
static const struct run_results run = { cells, 2 };

/* What every KTAP report starts with, and the first lines of one whose
 * first arch is x86_64 with defconfig alone. */
#define KTAP_START "KTAP version 1\n# hdrtest: are the catalogued headers self-contained?\n"
#define KTAP_X86_DEFCONFIG \
	"  KTAP version 1\n  # Subtest: x86_64\n  1..1\n    KTAP version 1\n    # Subtest: defconfig\n"

START_TEST(test_ktap)
{
	char *ktap = render_ktap(&run);

	ck_assert_str_eq(ktap, KTAP_START
			       "1..2\n"
			       KTAP_X86_DEFCONFIG
			       "    1..2\n"
			       "    # symbol a_fn: ok\n"
			       "    # symbol A_FLAG: skip: not provided under this config: only if CONFIG_X && !CONFIG_Y\n"
			       "    ok 1 linux/a.h\n"
			       "    # symbol b_one: not ok\n"
			       "    # symbol b_two: ok\n"
			       "    # include/linux/b.h:3:5: error: unknown type name 'u8'\n"
			       "    not ok 2 linux/b.h\n"
			       "  not ok 1 defconfig\n"
			       "not ok 1 x86_64\n"
			       "  KTAP version 1\n"
			       "  # Subtest: arm64\n"
			       "  1..1\n"
			       "    KTAP version 1\n"
			       "    # Subtest: defconfig\n"
			       "    1..2\n"
			       "    ok 1 linux/a.h # SKIP no aarch64-linux-gnu-gcc\n"
			       "    ok 2 linux/b.h # SKIP no aarch64-linux-gnu-gcc\n"
			       "  ok 1 defconfig # SKIP no aarch64-linux-gnu-gcc\n"
			       "ok 2 arm64 # SKIP every config of this arch was skipped\n");
	free(ktap);
}
END_TEST

START_TEST(test_tsv)
{
	char *tsv = render_tsv(&run);

	ck_assert_str_eq(tsv, "x86_64\tdefconfig\tlinux/a.h\tpass\t\n"
			      "x86_64\tdefconfig\tlinux/b.h\tfail\tinclude/linux/b.h:3:5: error: unknown type name 'u8'\n"
			      "arm64\tdefconfig\tlinux/a.h\tskip\tno aarch64-linux-gnu-gcc\n"
			      "arm64\tdefconfig\tlinux/b.h\tskip\tno aarch64-linux-gnu-gcc\n");
	free(tsv);
}
END_TEST

/* Arches in first-seen order with their configs grouped; the compiler
 * stopping early; details on one line. */
static struct sym_result c_syms[] = {
	{ .name = "c_one", .kind = "func", .use = "used", .cond = "", .diagnosed = 1 },
	{ .name = "c_two", .kind = "func", .use = "used", .cond = "" },
};
static struct tu_result stopped_tus[] = {
	{ .header = "linux/c.h", .stem = "linux/c", .verdict = V_FAIL,
	  .detail = "include/linux/c.h:1:10: fatal error: linux/d.h\tgone\nsecond line", .stopped = 1, .log = "",
	  .syms = c_syms, .nsyms = 2 },
};
static struct tu_result pass_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_PASS, .log = "" },
};
static struct cell_result stopped_cell = {
	.arch = "x86_64", .config = "defconfig", .dir = "/o/x", .display = "x86_64/defconfig", .reason = "",
	.repro = "", .tus = stopped_tus, .ntus = 1,
};
static struct cell_result arm_pass_cell = {
	.arch = "arm64", .config = "defconfig", .dir = "/o/a", .display = "arm64/defconfig", .reason = "",
	.repro = "", .tus = pass_tus, .ntus = 1,
};
static struct cell_result debug_cell = {
	.arch = "x86_64", .config = "debug", .dir = "/o/d", .display = "x86_64/debug", .reason = "",
	.repro = "", .tus = pass_tus, .ntus = 1,
};
static struct cell_result *cells2[] = { &stopped_cell, &arm_pass_cell, &debug_cell };
static const struct run_results run2 = { cells2, 3 };

START_TEST(test_ktap_grouping)
{
	char *ktap = render_ktap(&run2);

	ck_assert_str_eq(ktap, KTAP_START
			       "1..2\n"
			       "  KTAP version 1\n"
			       "  # Subtest: x86_64\n"
			       "  1..2\n"
			       "    KTAP version 1\n"
			       "    # Subtest: defconfig\n"
			       "    1..1\n"
			       "    # symbol c_one: not ok\n"
			       "    # symbol c_two: skip: not checked: the compiler stopped early\n"
			       "    # include/linux/c.h:1:10: fatal error: linux/d.h\tgone second line\n"
			       "    not ok 1 linux/c.h\n"
			       "  not ok 1 defconfig\n"
			       "    KTAP version 1\n"
			       "    # Subtest: debug\n"
			       "    1..1\n"
			       "    ok 1 linux/a.h\n"
			       "  ok 2 debug\n"
			       "not ok 1 x86_64\n"
			       "  KTAP version 1\n"
			       "  # Subtest: arm64\n"
			       "  1..1\n"
			       "    KTAP version 1\n"
			       "    # Subtest: defconfig\n"
			       "    1..1\n"
			       "    ok 1 linux/a.h\n"
			       "  ok 1 defconfig\n"
			       "ok 2 arm64\n");
	free(ktap);
}
END_TEST

/* kunit.py splits lines wherever Python's str.splitlines() does, and
 * reads " # SKIP" anywhere on a result line as the directive: a header's
 * texts stay on one line, and an error whose text says "# SKIP" stays an
 * error.  A cell with no header is left out (kunit.py errors on 1..0). */
static struct tu_result odd_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_FAIL,
	  .detail = "a\rb\fc\vd\x1c" "e\xc2\x85" "f\xe2\x80\xa8g\xe2\x80\xa9h \xe2\x80\x98q\xe2\x80\x99", .log = "" },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_ERROR, .detail = "rc: # SKIP me\rnot", .log = "" },
};
static struct cell_result odd_cell = {
	.arch = "x86_64", .config = "defconfig", .dir = "/o/x", .display = "x86_64/defconfig", .reason = "",
	.repro = "", .tus = odd_tus, .ntus = 2,
};
static struct cell_result empty_cell = {
	.arch = "arm64", .config = "tiny", .dir = "/o/t", .display = "arm64/tiny", .reason = "", .repro = "",
};
static struct cell_result *cells_odd[] = { &empty_cell, &odd_cell };
static const struct run_results run_odd = { cells_odd, 2 };

START_TEST(test_ktap_one_line_texts)
{
	char *ktap = render_ktap(&run_odd);

	ck_assert_str_eq(ktap, KTAP_START
			       "# arm64/tiny: no header to test\n"
			       "1..1\n"
			       KTAP_X86_DEFCONFIG
			       "    1..2\n"
			       "    # a b c d e f g h \xe2\x80\x98q\xe2\x80\x99\n"
			       "    not ok 1 linux/a.h\n"
			       "    not ok 2 linux/b.h # ERROR rc: \\# SKIP me not\n"
			       "  not ok 1 defconfig\n"
			       "not ok 1 x86_64\n");
	free(ktap);
}
END_TEST

/* A TSV field never holds a tab or a newline. */
START_TEST(test_tsv_one_line_fields)
{
	char *tsv = render_tsv(&run2);

	ck_assert_str_eq(tsv, "x86_64\tdefconfig\tlinux/c.h\tfail\t"
			      "include/linux/c.h:1:10: fatal error: linux/d.h gone "
			      "second line\n"
			      "arm64\tdefconfig\tlinux/a.h\tpass\t\n"
			      "x86_64\tdebug\tlinux/a.h\tpass\t\n");
	free(tsv);
}
END_TEST

static char *capture(void (*write)(FILE *, const struct run_results *), const struct run_results *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	write(f, r);
	fclose(f);
	return buf;
}

START_TEST(test_table)
{
	char *table = capture(write_table, &run);

	ck_assert_str_eq(table, "header     x86_64/defconfig  arm64/defconfig\n"
				"linux/a.h  pass              skip           \n"
				"linux/b.h  FAIL              skip           \n");
	free(table);
}
END_TEST

START_TEST(test_failures)
{
	char *text = capture(write_failures, &run);

	ck_assert_str_eq(text, "\nFAIL x86_64/defconfig linux/b.h\n"
			       "  include/linux/b.h:3:5: error: unknown type name 'u8'\n"
			       "  symbols whose use fails: b_one\n"
			       "  log: /out/x86_64/defconfig/linux/b.log\n"
			       "  reproduce: cd /kb && gcc -O2 -c -o /dev/null /out/x86_64/defconfig/linux/b.c\n");
	free(text);
}
END_TEST

START_TEST(test_tally)
{
	struct tally t;

	tally_run(&run, &t);
	ck_assert_int_eq(t.pass, 1);
	ck_assert_int_eq(t.fail, 1);
	ck_assert_int_eq(t.skip, 2);
	tally_run(&run2, &t);
	ck_assert_int_eq(t.pass, 2);
	ck_assert_int_eq(t.fail, 1);
	ck_assert_int_eq(t.skip, 0);
}
END_TEST

/* arm64/defconfig errored: kbuild could not prepare it, nothing was compiled. */
#define KBUILD_FAILED "kbuild 'make prepare' failed: x.h:1:1: error: #error boom"
static struct tu_result errored_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_ERROR, .detail = KBUILD_FAILED, .log = "",
	  .syms = a_syms, .nsyms = 2 },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_ERROR, .detail = KBUILD_FAILED, .log = "",
	  .syms = b_syms, .nsyms = 2 },
};
static struct cell_result errored_cell = {
	.arch = "arm64", .config = "defconfig", .dir = "/out/arm64/defconfig", .display = "arm64/defconfig",
	.errored = 1, .reason = KBUILD_FAILED, .repro = "", .tus = errored_tus, .ntus = 2,
};
static struct cell_result x86_pass_cell = {
	.arch = "x86_64", .config = "defconfig", .dir = "/out/x86_64/defconfig", .display = "x86_64/defconfig",
	.reason = "", .repro = "", .tus = x86_tus, .ntus = 1,
};
static struct cell_result *cells_err[] = { &x86_pass_cell, &errored_cell };
static const struct run_results run_err = { cells_err, 2 };

/* An errored cell has its headers, each an ERROR, as in the TSV: kunit.py
 * counts them as failed, one per header. */
START_TEST(test_errored_cell_ktap)
{
	char *ktap = render_ktap(&run_err);

	ck_assert_str_eq(ktap, KTAP_START
			       "1..2\n"
			       KTAP_X86_DEFCONFIG
			       "    1..1\n"
			       "    # symbol a_fn: ok\n"
			       "    # symbol A_FLAG: skip: not provided under this config: only if CONFIG_X && !CONFIG_Y\n"
			       "    ok 1 linux/a.h\n"
			       "  ok 1 defconfig\n"
			       "ok 1 x86_64\n"
			       "  KTAP version 1\n"
			       "  # Subtest: arm64\n"
			       "  1..1\n"
			       "    KTAP version 1\n"
			       "    # Subtest: defconfig\n"
			       "    1..2\n"
			       "    not ok 1 linux/a.h # ERROR kbuild 'make prepare' failed: x.h:1:1: error: \\#error boom\n"
			       "    not ok 2 linux/b.h # ERROR kbuild 'make prepare' failed: x.h:1:1: error: \\#error boom\n"
			       "  not ok 1 defconfig # ERROR kbuild 'make prepare' failed: x.h:1:1: error: \\#error "
			       "boom\n"
			       "not ok 2 arm64\n");
	free(ktap);
}
END_TEST

START_TEST(test_errored_cell_tsv)
{
	char *tsv = render_tsv(&run_err);

	ck_assert_str_eq(tsv, "x86_64\tdefconfig\tlinux/a.h\tpass\t\n"
			      "arm64\tdefconfig\tlinux/a.h\terror\t" KBUILD_FAILED "\n"
			      "arm64\tdefconfig\tlinux/b.h\terror\t" KBUILD_FAILED "\n");
	free(tsv);
}
END_TEST

START_TEST(test_errored_cell_junit)
{
	char *xml = render_junit(&run_err);

	ck_assert_str_eq(xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
			      "<testsuites name=\"hdrtest\" tests=\"3\" failures=\"0\" errors=\"2\">\n"
			      "  <testsuite name=\"x86_64/defconfig\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
			      "    <testcase classname=\"hdrtest.x86_64.defconfig\" name=\"x86_64/defconfig/linux/a.h\"/>\n"
			      "  </testsuite>\n"
			      "  <testsuite name=\"arm64/defconfig\" tests=\"2\" failures=\"0\" errors=\"2\" skipped=\"0\">\n"
			      "    <testcase classname=\"hdrtest.arm64.defconfig\" name=\"arm64/defconfig/linux/a.h\">\n"
			      "      <error type=\"kbuild\" message=\"" KBUILD_FAILED "\">" KBUILD_FAILED "</error>\n"
			      "    </testcase>\n"
			      "    <testcase classname=\"hdrtest.arm64.defconfig\" name=\"arm64/defconfig/linux/b.h\">\n"
			      "      <error type=\"kbuild\" message=\"" KBUILD_FAILED "\">" KBUILD_FAILED "</error>\n"
			      "    </testcase>\n"
			      "  </testsuite>\n"
			      "</testsuites>\n");
	free(xml);
}
END_TEST

/* One line for the errored cell, not one per header. */
START_TEST(test_errored_cell_terminal)
{
	char *table = capture(write_table, &run_err), *text = capture(write_failures, &run_err);

	ck_assert_str_eq(table, "header     x86_64/defconfig  arm64/defconfig\n"
				"linux/a.h  pass              ERROR          \n"
				"linux/b.h  -                 ERROR          \n");
	ck_assert_str_eq(text, "\nERROR arm64/defconfig: kbuild could not prepare it, no header was compiled\n  "
			       KBUILD_FAILED "\n");
	free(table);
	free(text);
}
END_TEST

/* write_summary's line, what it said on the error stream, its status. */
static int summary(const struct run_results *r, char **text, char **diag)
{
	size_t len = 0;
	FILE *f;
	int rc;

	*text = NULL;
	f = open_memstream(text, &len);
	diag_begin();
	rc = write_summary(f, r);
	fclose(f);
	*diag = diag_end();
	return rc;
}

/* The summary counts errors; an error makes the run fail. */
START_TEST(test_summary_with_errors)
{
	static struct cell_result *pass[] = { &x86_pass_cell };
	static const struct run_results r = { pass, 1 };
	char *text, *diag;

	ck_assert_int_eq(summary(&run_err, &text, &diag), 1);
	ck_assert_str_eq(text, "\nhdrtest: 3 cells (header x arch x config): 1 pass, 0 fail, 0 skip, 2 error\n");
	ck_assert_str_eq(diag, "");
	free(text);
	free(diag);
	/* without the errored cell the run passes */
	ck_assert_int_eq(summary(&r, &text, &diag), 0);
	ck_assert_str_eq(text, "\nhdrtest: 1 cells (header x arch x config): 1 pass, 0 fail, 0 skip, 0 error\n");
	free(text);
	free(diag);
}
END_TEST

/* Every cell skipped or errored: nothing was compiled, and it says so. */
START_TEST(test_summary_nothing_compiled)
{
	static struct cell_result *none[] = { &arm_cell, &errored_cell };
	static const struct run_results r = { none, 2 };
	char *text, *diag;

	ck_assert_int_eq(summary(&r, &text, &diag), 1);
	ck_assert_str_eq(text, "\nhdrtest: 4 cells (header x arch x config): 0 pass, 0 fail, 2 skip, 2 error\n");
	ck_assert_str_eq(diag, "hdrtest: error: nothing was compiled: every cell was skipped or errored; "
			       "this run proves nothing\n");
	free(text);
	free(diag);
}
END_TEST

/* Many cells: one line each, with the error count and the cell's reason. */
START_TEST(test_cell_lines_with_error)
{
	static struct cell_result *many[] = { &x86_pass_cell, &x86_pass_cell, &x86_pass_cell, &x86_pass_cell,
					      &x86_pass_cell, &x86_cell, &errored_cell };
	static const struct run_results r = { many, 7 };
	char *table = capture(write_table, &r);

	ck_assert_str_eq(table, "cell              pass  fail  skip  error  failing headers\n"
				"x86_64/defconfig     1     0     0      0  \n"
				"x86_64/defconfig     1     0     0      0  \n"
				"x86_64/defconfig     1     0     0      0  \n"
				"x86_64/defconfig     1     0     0      0  \n"
				"x86_64/defconfig     1     0     0      0  \n"
				"x86_64/defconfig     1     1     0      0  linux/b.h\n"
				"arm64/defconfig      0     0     0      2  ERROR: " KBUILD_FAILED "\n");
	free(table);
}
END_TEST

/* In a cell that was built: a header whose result is unreadable, and one
 * that fails for no symbol of it (a forbidden header). */
static struct tu_result mixed_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_ERROR,
	  .detail = "result of TU unreadable: x86_64/defconfig/linux/a.rc is empty: the compile stage was "
		    "interrupted or the disk is full; rerun", .log = "", .syms = a_syms, .nsyms = 2 },
	{ .header = "linux/c.h", .stem = "linux/c", .verdict = V_FAIL,
	  .detail = "pulls in the forbidden header linux/mm.h: linux/c.h -> linux/mm.h", .log = "",
	  .syms = a_syms, .nsyms = 2 },
};
static struct cell_result mixed_cell = {
	.arch = "x86_64", .config = "defconfig", .dir = "/out/x86_64/defconfig", .display = "x86_64/defconfig",
	.reason = "", .repro = "", .tus = mixed_tus, .ntus = 2,
};
static struct cell_result *cells_mixed[] = { &mixed_cell };
static const struct run_results run_mixed = { cells_mixed, 1 };

/* An unreadable TU is an ERROR; a failure that no symbol is charged with
 * lists no symbol. */
START_TEST(test_tu_error_and_symbolless_failure_ktap)
{
	char *ktap = render_ktap(&run_mixed);

	ck_assert_str_eq(ktap, KTAP_START
			       "1..1\n"
			       KTAP_X86_DEFCONFIG
			       "    1..2\n"
			       "    not ok 1 linux/a.h # ERROR result of TU unreadable: x86_64/defconfig/linux/a.rc is "
			       "empty: the compile stage was interrupted or the disk is full; rerun\n"
			       "    # pulls in the forbidden header linux/mm.h: linux/c.h -> linux/mm.h\n"
			       "    not ok 2 linux/c.h\n"
			       "  not ok 1 defconfig\n"
			       "not ok 1 x86_64\n");
	free(ktap);
}
END_TEST

START_TEST(test_tu_error_elsewhere)
{
	char *tsv = render_tsv(&run_mixed), *xml = render_junit(&run_mixed), *text = capture(write_failures, &run_mixed);

	ck_assert_str_eq(tsv, "x86_64\tdefconfig\tlinux/a.h\terror\tresult of TU unreadable: x86_64/defconfig/"
			      "linux/a.rc is empty: the compile stage was interrupted or the disk is full; rerun\n"
			      "x86_64\tdefconfig\tlinux/c.h\tfail\tpulls in the forbidden header linux/mm.h: "
			      "linux/c.h -> linux/mm.h\n");
	ck_assert_msg(strstr(xml, "errors=\"1\"") && strstr(xml, "<error type=\"result\" message=\"result of TU "
			"unreadable: x86_64/defconfig/linux/a.rc is empty"), "%s", xml);
	ck_assert_msg(strstr(text, "\nERROR x86_64/defconfig linux/a.h\n  result of TU unreadable: ") &&
		      strstr(text, "  log: /out/x86_64/defconfig/linux/a.log\n"), "%s", text);
	free(tsv);
	free(xml);
	free(text);
}
END_TEST

/* catalog-check --drift-out: a line per drift item (todo notes are no
 * drift) naming the catalogued header it concerns; a new symbol's is the
 * header that defines it. */
START_TEST(test_drift_tsv)
{
	int cwd = open(".", O_RDONLY);
	char *path = "fx.cat", *diag, *tsv;
	struct catalog *cat;
	struct scan_index *ix;
	struct drift_report *rep;

	ck_assert_int_ge(cwd, 0);
	ck_assert_int_eq(chdir("tests/fixtures/scan/drift"), 0);
	diag_begin();
	cat = catalog_read(&path, 1);
	ix = scan_tree("tree");
	diag = diag_end();
	ck_assert_int_eq(fchdir(cwd), 0);
	close(cwd);
	ck_assert_msg(cat && ix, "%s", diag);
	rep = drift_check(cat, ix);
	tsv = drift_tsv(rep);
	ck_assert_int_eq(rep->ndrift, 17);
	ck_assert_msg(!strstr(tsv, "todo"), "%s", tsv);
	ck_assert_msg(!strncmp(tsv, "linux/fx/size.h\tfx.cat:8:2: drift: fx_page_size: signature changed: ", 68),
		      "%s", tsv);
	ck_assert_msg(strstr(tsv, "\nlinux/fx/next.h\tfx.cat:15:2: drift: fx_next: moved to linux/fx/iter.h "
				  "(include/linux/fx/iter.h:7)\n"), "%s", tsv);
	ck_assert_msg(strstr(tsv, "\nlinux/fx/old.h\tfx.cat:18:8: drift: header linux/fx/old.h: gone\n"), "%s", tsv);
	ck_assert_msg(strstr(tsv, "\nlinux/fx/size.h\tinclude/linux/fx/size.h:48:1: drift: new symbol fx_wanted (var) "
				  "in linux/fx/size.h is not in the catalog\n"), "%s", tsv);
	free(tsv);
	free(diag);
	drift_report_free(rep);
	scan_free(ix);
	catalog_free(cat);
}
END_TEST

Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("render");

	tcase_add_test(tc, test_ktap);
	tcase_add_test(tc, test_tsv);
	tcase_add_test(tc, test_ktap_grouping);
	tcase_add_test(tc, test_tsv_one_line_fields);
	tcase_add_test(tc, test_ktap_one_line_texts);
	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_failures);
	tcase_add_test(tc, test_tally);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_errored_cell_ktap);
	tcase_add_test(tc, test_errored_cell_tsv);
	tcase_add_test(tc, test_errored_cell_junit);
	tcase_add_test(tc, test_errored_cell_terminal);
	tcase_add_test(tc, test_summary_with_errors);
	tcase_add_test(tc, test_summary_nothing_compiled);
	tcase_add_test(tc, test_cell_lines_with_error);
	tcase_add_test(tc, test_tu_error_and_symbolless_failure_ktap);
	tcase_add_test(tc, test_tu_error_elsewhere);
	suite_add_tcase(s, tc);

	tc = tcase_create("drift");
	tcase_add_test(tc, test_drift_tsv);
	suite_add_tcase(s, tc);
	return s;
}

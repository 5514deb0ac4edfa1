// SPDX-License-Identifier: GPL-2.0
/* Judging what the compile stage left in a cell dir, on cell dirs made by
 * hand: the first diagnostic, warnings, missing results, forbidden
 * headers in depfiles, and which symbol a diagnostic points into. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "judge/diag.h"
#include "judge/report.h"
#include "judge/results.h"
#include "suites.h"
#include "base/util.h"

static void expect_first(const char *log, const char *srctree, const char *want)
{
	char *got = first_diagnostic(log, srctree, "/out/x86_64/defconfig", "x86_64/defconfig");

	if (!want) {
		ck_assert_msg(got == NULL, "expected no diagnostic, got '%s'", got);
		return;
	}
	ck_assert_msg(got != NULL, "no diagnostic found in '%s'", log);
	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_first_diagnostic_srctree)
{
	expect_first("In file included from /out/x86_64/defconfig/linux/a.c:3:\n"
		     "/src/include/linux/a.h:10:5: error: unknown type name 'u8'\n"
		     "/src/include/linux/a.h:11:5: error: later\n",
		     "/src", "include/linux/a.h:10:5: error: unknown type name 'u8'");
	/* no srctree: paths stay as they are */
	expect_first("/src/include/linux/a.h:10:5: error: boom\n", "", "/src/include/linux/a.h:10:5: error: boom");
	/* only whole directory prefixes are taken off */
	expect_first("/srcx/a.h:1:1: error: boom", "/src", "/srcx/a.h:1:1: error: boom");
}
END_TEST

START_TEST(test_first_diagnostic_celldir)
{
	expect_first("/out/x86_64/defconfig/linux/a.c:12:2: error: #error \"hdrtest: no\"\n", "/src",
		     "x86_64/defconfig/linux/a.c:12:2: error: #error \"hdrtest: no\"");
	expect_first("/out/x86_64/defconfig/linux/a.c:7:1: warning: 'f' defined in /src/include/linux/a.h\n", "/src",
		     "x86_64/defconfig/linux/a.c:7:1: warning: 'f' defined in include/linux/a.h");
}
END_TEST

/* Warnings and fatal errors count; notes and other lines do not. */
START_TEST(test_first_diagnostic_kinds)
{
	expect_first("/src/a.h:1:1: note: declared here\n/src/b.h:2:3: warning: unused\n", "/src",
		     "b.h:2:3: warning: unused");
	expect_first("In file included from x.c:1:\n/src/a.h:3:10: fatal error: linux/b.h: No such file or "
		     "directory\ncompilation terminated.\n",
		     "/src", "a.h:3:10: fatal error: linux/b.h: No such file or directory");
	expect_first("In file included from x.c:1:\ncc1: note: nothing\n", "/src", NULL);
	expect_first("", "/src", NULL);
}
END_TEST

/* A cell dir under the source tree still shows as <arch>/<config>. */
START_TEST(test_first_diagnostic_cell_in_srctree)
{
	char *got = first_diagnostic("/work/linux/out/x86_64/defconfig/linux/a.c:12:2: error: boom\n", "/work/linux",
				     "/work/linux/out/x86_64/defconfig", "x86_64/defconfig");

	ck_assert_str_eq(got, "x86_64/defconfig/linux/a.c:12:2: error: boom");
	free(got);
}
END_TEST

START_TEST(test_verdict_names)
{
	ck_assert_str_eq(verdict_name(V_PASS), "pass");
	ck_assert_str_eq(verdict_name(V_FAIL), "fail");
	ck_assert_str_eq(verdict_name(V_SKIP), "skip");
	ck_assert_str_eq(verdict_name(V_ERROR), "error");
}
END_TEST

/* out/x86_64/defconfig with a manifest listing the given headers. */
static char *out;

static char *cell_path(const char *name)
{
	return xasprintf("%s/x86_64/defconfig/%s", out, name);
}

static void put(const char *name, const char *text)
{
	char *path = cell_path(name), *slash = strrchr(path, '/');

	*slash = '\0';
	free(put_file(path, slash + 1, text));
	free(path);
}

static void make_cell(const char *status, const char *headers)
{
	struct strbuf sb;

	free(out);
	out = tmp_dir();
	sb_init(&sb);
	sb_addf(&sb, "hdrtest-manifest\t1\narch\tx86_64\nconfig\tdefconfig\nstatus\t%s\nkbuild\t/kb\n"
		     "srctree\t/src\noverlay\t\nrepro\tcd /kb && gcc -O2\nforbid\tlinux/mm.h\n%s",
		status, headers);
	put("manifest.tsv", sb.buf);
	sb_release(&sb);
}

static struct cell_result *read_cell(void)
{
	struct cell_result *c;
	char *diag;

	diag_begin();
	c = cell_read(out, "x86_64/defconfig");
	diag = diag_end();
	ck_assert_msg(c != NULL, "%s", diag);
	ck_assert_str_eq(diag, "");
	free(diag);
	return c;
}

static const struct tu_result *tu(const struct cell_result *c, const char *header)
{
	int i;

	for (i = 0; i < c->ntus; i++)
		if (!strcmp(c->tus[i].header, header))
			return &c->tus[i];
	ck_abort_msg("no TU for %s", header);
	return NULL;
}

START_TEST(test_cell_fields)
{
	struct cell_result *c;

	make_cell("ok\t", "header\tlinux/a.h\tlinux/a\nsym\ta_fn\tfunc\tused\t\n"
			  "sym\tA_FLAG\tflag\tunused\tCONFIG_X && !CONFIG_Y\n");
	put("linux/a.rc", "0\n");
	put("linux/a.log", "");
	put("linux/a.dep", "linux/a.rc: linux/a.c /x/include/linux/a.h\n");
	c = read_cell();
	ck_assert_str_eq(c->arch, "x86_64");
	ck_assert_str_eq(c->config, "defconfig");
	ck_assert_str_eq(c->display, "x86_64/defconfig");
	ck_assert_int_eq(c->skipped, 0);
	ck_assert_str_eq(c->reason, "");
	ck_assert_str_eq(c->kbuild, "/kb");
	ck_assert_str_eq(c->srctree, "/src");
	ck_assert_str_eq(c->repro, "cd /kb && gcc -O2");
	ck_assert_int_eq(c->nforbids, 1);
	ck_assert_str_eq(c->forbids[0], "linux/mm.h");
	ck_assert_int_eq(c->ntus, 1);
	ck_assert_str_eq(c->tus[0].stem, "linux/a");
	ck_assert_int_eq(c->tus[0].nsyms, 2);
	ck_assert_str_eq(c->tus[0].syms[1].name, "A_FLAG");
	ck_assert_str_eq(c->tus[0].syms[1].kind, "flag");
	ck_assert_str_eq(c->tus[0].syms[1].use, "unused");
	ck_assert_str_eq(c->tus[0].syms[1].cond, "CONFIG_X && !CONFIG_Y");
	/* exit code 0, an empty log, a depfile without forbidden headers: a pass */
	ck_assert_int_eq(c->tus[0].verdict, V_PASS);
	ck_assert_ptr_null(c->tus[0].detail);
	ck_assert_str_eq(c->tus[0].log, "");
	cell_free(c);
}
END_TEST

START_TEST(test_warning_fails)
{
	const char *log = "/src/include/linux/b.h:3:1: warning: 'x' defined but not used [-Wunused-function]\n";
	struct cell_result *c;
	const struct tu_result *t;

	make_cell("ok\t", "header\tlinux/b.h\tlinux/b\n");
	put("linux/b.rc", "0\n");
	put("linux/b.log", log);
	c = read_cell();
	t = tu(c, "linux/b.h");
	ck_assert_int_eq(t->verdict, V_FAIL);
	ck_assert_str_eq(t->detail, "include/linux/b.h:3:1: warning: 'x' defined but not used [-Wunused-function]");
	ck_assert_str_eq(t->log, log);
	ck_assert_int_eq(t->stopped, 0);
	cell_free(c);
}
END_TEST

/* gcc's temporary file names are random: the log keeps the same bytes run
 * after run (results.xml quotes it); a path that only looks alike stays. */
START_TEST(test_gcc_temp_names_stable)
{
	struct cell_result *c;
	const struct tu_result *t;

	make_cell("ok\t", "header\tlinux/b.h\tlinux/b\n");
	put("linux/b.rc", "1\n");
	put("linux/b.log", "/tmp/ccby6ISI.s: Assembler messages:\n/tmp/ccby6ISI.s: Error: unaligned opcodes\n"
			   "/src/include/linux/ccache.h:1:1: error: x\n");
	c = read_cell();
	t = tu(c, "linux/b.h");
	ck_assert_str_eq(t->log, "/tmp/ccXXXXXX.s: Assembler messages:\n/tmp/ccXXXXXX.s: Error: unaligned opcodes\n"
				 "/src/include/linux/ccache.h:1:1: error: x\n");
	cell_free(c);
}
END_TEST

START_TEST(test_missing_rc)
{
	struct cell_result *c;
	char *want;

	make_cell("ok\t", "header\tlinux/c.h\tlinux/c\n");
	put("linux/c.log", "");
	c = read_cell();
	want = xasprintf("not compiled: %s/x86_64/defconfig/linux/c.rc is missing (the compile stage did not run)",
			 out);
	ck_assert_int_eq(c->tus[0].verdict, V_ERROR);
	ck_assert_str_eq(c->tus[0].detail, want);
	free(want);
	cell_free(c);
}
END_TEST

START_TEST(test_forbidden_header)
{
	struct cell_result *c;
	char *dep;

	make_cell("ok\t", "header\tlinux/d.h\tlinux/d\nheader\tlinux/e.h\tlinux/e\n");
	put("linux/d.rc", "0\n");
	put("linux/d.log", "");
	dep = xasprintf("%s/x86_64/defconfig/linux/d.rc: %s/x86_64/defconfig/linux/d.c /x/include/linux/mm.h \\\n"
			" /x/include/linux/d.h\n/x/include/linux/mm.h:\n",
			out, out);
	put("linux/d.dep", dep);
	free(dep);
	/* near misses are no hits */
	put("linux/e.rc", "0\n");
	put("linux/e.log", "");
	put("linux/e.dep", "e.rc: e.c /x/include/linux/mm.hx /x/include/linux/mm/page.h \\\n"
			 " /x/include/linux/mm_types.h /x/uapi/linux/mm.h\n");
	c = read_cell();
	ck_assert_int_eq(tu(c, "linux/d.h")->verdict, V_FAIL);
	ck_assert_str_eq(tu(c, "linux/d.h")->detail, "pulls in the forbidden header linux/mm.h");
	ck_assert_int_eq(tu(c, "linux/e.h")->verdict, V_PASS);
	cell_free(c);
}
END_TEST

START_TEST(test_exit_status_without_diagnostic)
{
	struct cell_result *c;

	make_cell("ok\t", "header\tlinux/f.h\tlinux/f\n");
	put("linux/f.rc", "1\n");
	put("linux/f.log", "gcc: something odd happened\n");
	c = read_cell();
	ck_assert_int_eq(c->tus[0].verdict, V_FAIL);
	ck_assert_str_eq(c->tus[0].detail, "the compiler exited with status 1 and printed no diagnostic");
	cell_free(c);
}
END_TEST

START_TEST(test_fatal_error_stops)
{
	struct cell_result *c;

	make_cell("ok\t", "header\tlinux/g.h\tlinux/g\n");
	put("linux/g.rc", "1\n");
	put("linux/g.log", "/src/include/linux/g.h:1:10: fatal error: linux/nope.h: No such file or directory\n"
			   "compilation terminated.\n");
	c = read_cell();
	ck_assert_int_eq(c->tus[0].verdict, V_FAIL);
	ck_assert_int_eq(c->tus[0].stopped, 1);
	ck_assert_str_eq(c->tus[0].detail,
			 "include/linux/g.h:1:10: fatal error: linux/nope.h: No such file or directory");
	cell_free(c);
}
END_TEST

/* The TU h of linux/h.h, its use of h_two at line 8, failing. */
static void put_tu_h(void)
{
	make_cell("ok\t", "header\tlinux/h.h\tlinux/h\nsym\th_one\tfunc\tused\t\nsym\th_two\tfunc\tused\t\n"
			  "sym\th_three\tfunc\tused\t\n");
	put("linux/h.c", "/* generated */\n"
			 "#include <linux/h.h>\n"
			 "/* hdrtest-symbol h_one: func int (void) */\n"
			 "static int use1(void) { return h_one(); }\n"
			 "/* hdrtest-symbol h_two: func int (void) */\n"
			 "static int use2(void)\n"
			 "{\n"
			 "\treturn h_two();\n"
			 "}\n"
			 "/* hdrtest-symbol h_three: func int (void) */\n"
			 "static int use3(void) { return h_three(); }\n");
	put("linux/h.rc", "1\n");
}

/* The TU h (put_tu_h()) judged with log: detail, and the diagnostic
 * charged to h_two alone.  The caller frees the cell. */
static struct cell_result *judge_h(const char *log, const char *detail)
{
	struct cell_result *c;
	const struct tu_result *t;

	put("linux/h.log", log);
	c = read_cell();
	t = tu(c, "linux/h.h");
	ck_assert_str_eq(t->detail, detail);
	ck_assert_int_eq(t->syms[0].diagnosed, 0);
	ck_assert_int_eq(t->syms[1].diagnosed, 1);
	ck_assert_int_eq(t->syms[2].diagnosed, 0);
	return c;
}

/* A diagnostic in the TU is charged to the symbol whose use it is in. */
START_TEST(test_attribution)
{
	char *log;

	put_tu_h();
	log = xasprintf("In file included from %s/x86_64/defconfig/linux/h.c:2:\n"
			"/src/include/linux/h.h:1:1: error: x\n"
			"%s/x86_64/defconfig/linux/h.c:8:9: error: implicit declaration of function 'h_two'\n",
			out, out);
	cell_free(judge_h(log, "include/linux/h.h:1:1: error: x"));
	free(log);
}
END_TEST

/* A log compiled in another OUT (a shard's in CI, the step before's in a
 * series) is judged as if compiled in this one: the TU is found by its
 * path below OUT, not by a message that quotes such a path. */
START_TEST(test_log_of_another_out)
{
	const char *then = "/builds/ci/out/x86_64/defconfig/linux/h.c";
	struct cell_result *c;
	char *log, *want;

	put_tu_h();
	log = xasprintf("/src/include/linux/h.h:1:1: note: see /elsewhere/x86_64/defconfig/linux/h.c:2\n"
			"%s: In function 'use2':\n"
			"%s:8:9: error: implicit declaration of function 'h_two'\n", then, then);
	c = judge_h(log, "x86_64/defconfig/linux/h.c:8:9: error: implicit declaration of function 'h_two'");
	want = xasprintf("/src/include/linux/h.h:1:1: note: see /elsewhere/x86_64/defconfig/linux/h.c:2\n"
			 "%s/x86_64/defconfig/linux/h.c: In function 'use2':\n"
			 "%s/x86_64/defconfig/linux/h.c:8:9: error: implicit declaration of function 'h_two'\n", out,
			 out);
	ck_assert_str_eq(tu(c, "linux/h.h")->log, want);
	free(want);
	free(log);
	cell_free(c);
}
END_TEST

START_TEST(test_skipped_cell)
{
	struct cell_result *c;

	make_cell("skip\tno aarch64-linux-gnu-gcc here", "header\tlinux/a.h\tlinux/a\nsym\ta_fn\tfunc\tskip\t\n"
							 "header\tlinux/b.h\tlinux/b\n");
	c = read_cell();
	ck_assert_int_eq(c->skipped, 1);
	ck_assert_str_eq(c->reason, "no aarch64-linux-gnu-gcc here");
	ck_assert_int_eq(c->ntus, 2);
	ck_assert_int_eq(c->tus[0].verdict, V_SKIP);
	ck_assert_str_eq(c->tus[0].detail, "no aarch64-linux-gnu-gcc here");
	ck_assert_int_eq(c->tus[1].verdict, V_SKIP);
	ck_assert_str_eq(c->tus[0].syms[0].use, "skip");
	cell_free(c);
}
END_TEST

/* A header the catalog says is not meant to stand alone: a skip with its
 * reason, in a cell that compiled the others. */
START_TEST(test_not_standalone_header)
{
	struct cell_result *c;

	make_cell("ok\t", "header\tlinux/a.h\tlinux/a\tskip\tinclude/linux/a.h:5: # error 'include b.h instead'\n");
	c = read_cell();
	ck_assert_int_eq(c->skipped, 0);
	ck_assert_int_eq(c->ntus, 1);
	ck_assert_int_eq(c->tus[0].verdict, V_SKIP);
	ck_assert_str_eq(c->tus[0].detail,
			 "not meant to be included alone: include/linux/a.h:5: # error 'include b.h instead'");
	cell_free(c);
}
END_TEST

/* kbuild could not prepare the cell: no TU is compiled, each is an error
 * (not a failure of its header) with kbuild's reason. */
START_TEST(test_errored_cell)
{
	struct cell_result *c;

	make_cell("error\tkbuild 'make prepare' failed: x.h:1:1: error: boom",
		  "header\tlinux/a.h\tlinux/a\nsym\ta_fn\tfunc\tskip\t\n");
	c = read_cell();
	ck_assert_int_eq(c->errored, 1);
	ck_assert_int_eq(c->skipped, 0);
	ck_assert_int_eq(c->tus[0].verdict, V_ERROR);
	ck_assert_str_eq(c->tus[0].detail, "kbuild 'make prepare' failed: x.h:1:1: error: boom");
	cell_free(c);
}
END_TEST

/* A note says what kbuild itself failed at; the TUs are judged as usual. */
START_TEST(test_cell_note)
{
	struct cell_result *c;

	make_cell("ok\t", "note\tkbuild itself fails to build mm/mmzone.o here: e\nheader\tlinux/a.h\tlinux/a\n");
	put("linux/a.rc", "0\n");
	put("linux/a.log", "");
	put("linux/a.dep", "linux/a.rc: linux/a.c\n");
	c = read_cell();
	ck_assert_str_eq(c->note, "kbuild itself fails to build mm/mmzone.o here: e");
	ck_assert_int_eq(c->tus[0].verdict, V_PASS);
	cell_free(c);
}
END_TEST

/* linux/a.h compiled with rc, log and depfile as given (NULL: absent);
 * its verdict and detail. */
static void expect_tu(const char *rc, const char *log, const char *dep, enum verdict v, const char *detail)
{
	struct cell_result *c;

	make_cell("ok\t", "header\tlinux/a.h\tlinux/a\n");
	if (rc)
		put("linux/a.rc", rc);
	if (log)
		put("linux/a.log", log);
	if (dep)
		put("linux/a.dep", dep);
	c = read_cell();
	ck_assert_msg(c->tus[0].verdict == v, "rc '%s', log '%s', dep '%s': %s, expected %s (%s)", rc, log, dep,
		      verdict_name(c->tus[0].verdict), verdict_name(v), c->tus[0].detail);
	if (detail)
		ck_assert_str_eq(c->tus[0].detail, detail);
	cell_free(c);
}

#define UNREADABLE(file, what) \
	"result of TU unreadable: x86_64/defconfig/linux/a." file " " what ": the compile stage was " \
	"interrupted or the disk is full; rerun"
#define DEP "linux/a.rc: linux/a.c /x/include/linux/a.h\n"

/* A .rc is exactly an exit status and a newline; anything else (left by a
 * full disk or a killed make) is an error of the TU, never a pass. */
START_TEST(test_rc_unreadable)
{
	static const char *const bad[] = { "0", "00000\n", "0\n\n", " 0\n", "0 \n", "256\n", "-1\n", "\n",
					   "0\nx", "ok\n" };
	size_t i;

	expect_tu("0\n", "", DEP, V_PASS, NULL);
	expect_tu("255\n", "", DEP, V_FAIL, "the compiler exited with status 255 and printed no diagnostic");
	expect_tu("", "", DEP, V_ERROR, UNREADABLE("rc", "is empty"));
	expect_tu("0", "", DEP, V_ERROR,
		  UNREADABLE("rc", "is truncated or garbled ('0', not an exit status and a newline)"));
	expect_tu("0\n1\n\001", "", DEP, V_ERROR,
		  UNREADABLE("rc", "is truncated or garbled ('0\\n1\\n\\x01', not an exit status and a newline)"));
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		expect_tu(bad[i], "", DEP, V_ERROR, NULL);
}
END_TEST

/* Append NUL bytes to a file of the cell. */
static void put_nuls(const char *name)
{
	char *path = cell_path(name);
	FILE *f = fopen(path, "a");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fwrite("\0\0\0", 1, 3, f), 3);
	ck_assert_int_eq(fclose(f), 0);
	free(path);
}

/* A .log that is missing, cut short or holds NUL bytes is an error. */
START_TEST(test_log_unreadable)
{
	struct cell_result *c;

	expect_tu("0\n", NULL, DEP, V_ERROR, UNREADABLE("log", "is missing"));
	expect_tu("0\n", ". /x/include/linux/a.h\n/x/include/linux/a.h:1:1: warn", DEP, V_ERROR,
		  UNREADABLE("log", "is truncated (it does not end with a complete line)"));
	/* blocks a crash left unwritten read as NUL bytes */
	expect_tu("1\n", "/x/a.h:1:1: error: x\n", DEP, V_FAIL, "/x/a.h:1:1: error: x");
	put_nuls("linux/a.log");
	c = read_cell();
	ck_assert_str_eq(c->tus[0].detail, UNREADABLE("log", "holds NUL bytes"));
	cell_free(c);
}
END_TEST

/* A depfile cut short says nothing about forbidden headers: the TU is an
 * error unless the -H tree in its log says what it included. */
START_TEST(test_depfile_truncated)
{
	const char *tree = ". /x/include/linux/a.h\n";

	expect_tu("0\n", "", "linux/a.rc: linux/a.c \\\n", V_ERROR,
		  UNREADABLE("dep", "is truncated (it does not end with a complete line)"));
	expect_tu("0\n", "", "linux/a.rc: linux/a.c /x/include/linux/a.h", V_ERROR, NULL);
	expect_tu("0\n", "", "", V_ERROR, UNREADABLE("dep", "is empty"));
	expect_tu("0\n", "", NULL, V_ERROR, UNREADABLE("dep", "is missing"));
	/* the -H tree is there: it decides */
	expect_tu("0\n", tree, "linux/a.rc: linux/a.c \\\n", V_PASS, NULL);
	expect_tu("0\n", ". /x/include/linux/a.h\n.. /x/include/linux/mm.h\n", "linux/a.rc: \\\n", V_FAIL,
		  "pulls in the forbidden header linux/mm.h: linux/a.h -> linux/mm.h");
	/* a failing TU stays a failure */
	expect_tu("1\n", "/x/include/linux/a.h:1:1: error: x\n", NULL, V_FAIL, "/x/include/linux/a.h:1:1: error: x");
}
END_TEST

static void expect_cell_error(const char *cell, const char *fmt)
{
	void *got;
	char *diag, *want;

	want = xasprintf(fmt, out);
	diag_begin();
	got = cell_read(out, cell);
	diag = diag_end();
	ck_assert_ptr_null(got);
	ck_assert_str_eq(diag, want);
	free(diag);
	free(want);
}

START_TEST(test_cell_read_errors)
{
	out = tmp_dir();
	expect_cell_error("x86_64/nope", "hdrtest: error: cannot read %s/x86_64/nope/manifest.tsv: No such file or "
					 "directory (was the cell generated?)\n");
	put("manifest.tsv", "hdrtest-manifest\t1\narch\tx86_64\nbogus\tline\n");
	expect_cell_error("x86_64/defconfig",
			  "%s/x86_64/defconfig/manifest.tsv:3:1: error: unexpected manifest line 'bogus'\n");
	put("manifest.tsv", "hdrtest-manifest\t1\narch\tx86_64\nconfig\tdefconfig\n");
	expect_cell_error("x86_64/defconfig",
			  "hdrtest: error: %s/x86_64/defconfig/manifest.tsv: incomplete manifest\n");
}
END_TEST

/* --- drift (hdrtest report --drift FILE) --- */

#define DRIFT_A "mm.cat:12:2: drift: a_fn: signature changed: tree has int (void), catalog has long (void)"
#define DRIFT_A2 "include/linux/a.h:9:1: drift: new symbol a_new (func) in linux/a.h is not in the catalog"

static int read_drift(const char *text, struct drift_lines *d, char **diag)
{
	char *path = put_file(out, "drift.tsv", text);
	int ret;

	diag_begin();
	ret = drift_lines_read(path, d);
	*diag = diag_end();
	free(path);
	return ret;
}

START_TEST(test_drift_file)
{
	struct drift_lines d;
	char *diag;

	out = tmp_dir();
	ck_assert_int_eq(read_drift("linux/a.h\t" DRIFT_A "\nlinux/a.h\t" DRIFT_A2 "\n", &d, &diag), 0);
	ck_assert_str_eq(diag, "");
	ck_assert_int_eq(d.n, 2);
	ck_assert_str_eq(d.items[1].header, "linux/a.h");
	ck_assert_str_eq(d.items[1].text, DRIFT_A2);
	drift_lines_free(&d);
	free(diag);
	/* no drift */
	ck_assert_int_eq(read_drift("", &d, &diag), 0);
	ck_assert_int_eq(d.n, 0);
	free(diag);
}
END_TEST

/* A drift file that is cut short or garbled would hide drift: an error. */
START_TEST(test_drift_file_errors)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "linux/a.h\tx\nlinux/b.h\ty", "%s/drift.tsv:2:1: error: the last line has no newline: the file is cut "
						"short\n" },
		{ "linux/a.h x\n", "%s/drift.tsv:1:1: error: expected 'HEADER<TAB>DRIFT MESSAGE'\n" },
		{ "linux/a.h\tx\n\n", "%s/drift.tsv:2:1: error: expected 'HEADER<TAB>DRIFT MESSAGE'\n" },
		{ "\tx\n", "%s/drift.tsv:1:1: error: expected 'HEADER<TAB>DRIFT MESSAGE'\n" },
		{ "linux/a.h\t\n", "%s/drift.tsv:1:1: error: expected 'HEADER<TAB>DRIFT MESSAGE'\n" },
		{ "linux/a.h\tx\ty\n", "%s/drift.tsv:1:1: error: expected 'HEADER<TAB>DRIFT MESSAGE'\n" },
	};
	struct drift_lines d;
	char *diag, *want;
	size_t i;

	out = tmp_dir();
	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		ck_assert_int_eq(read_drift(cases[i].text, &d, &diag), -1);
		want = xasprintf(cases[i].want, out);
		ck_assert_str_eq(diag, want);
		ck_assert_int_eq(d.n, 0);
		free(want);
		free(diag);
	}
	diag_begin();
	ck_assert_int_eq(drift_lines_read("/nonexistent/drift.tsv", &d), -1);
	diag = diag_end();
	ck_assert_str_eq(diag, "hdrtest: error: cannot read /nonexistent/drift.tsv: No such file or directory "
			       "(written by hdrtest catalog-check --drift-out)\n");
	free(diag);
}
END_TEST

/* A NUL byte is named at its place, like in every text hdrtest reads. */
START_TEST(test_drift_file_nul)
{
	static const char text[] = "linux/a.h\tx\nlinux/b.h\t\0y\n";
	struct drift_lines d;
	char *path, *diag, *want;
	FILE *f;

	out = tmp_dir();
	path = xasprintf("%s/drift.tsv", out);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fwrite(text, 1, sizeof(text) - 1, f), sizeof(text) - 1);
	ck_assert_int_eq(fclose(f), 0);
	diag_begin();
	ck_assert_int_eq(drift_lines_read(path, &d), -1);
	diag = diag_end();
	want = xasprintf("%s:2:11: error: NUL byte in a text file (expected HEADER<TAB>DRIFT MESSAGE lines)\n", path);
	ck_assert_str_eq(diag, want);
	ck_assert_int_eq(d.n, 0);
	free(want);
	free(diag);
	free(path);
}
END_TEST

/* x86_64/defconfig compiled a.h and b.h cleanly; arm64/defconfig errored. */
static struct run_results drift_run(void)
{
	struct run_results r = { NULL, 0 };
	struct drift_lines d;
	char *diag;
	int i;

	make_cell("ok\t", "header\tlinux/a.h\tlinux/a\nsym\ta_fn\tfunc\tused\t\nheader\tlinux/b.h\tlinux/b\n");
	put("linux/a.rc", "0\n");
	put("linux/a.log", ". /x/include/linux/a.h\n");
	put("linux/b.rc", "0\n");
	put("linux/b.log", ". /x/include/linux/b.h\n");
	free(put_file(out, "arm64/defconfig/manifest.tsv",
		      "hdrtest-manifest\t1\narch\tarm64\nconfig\tdefconfig\nstatus\terror\tkbuild failed\n"
		      "header\tlinux/a.h\tlinux/a\nheader\tlinux/b.h\tlinux/b\n"));
	ck_assert_int_eq(read_drift("linux/a.h\t" DRIFT_A "\nlinux/a.h\t" DRIFT_A2 "\n", &d, &diag), 0);
	free(diag);
	r.ncells = 2;
	r.cells = xcalloc(2, sizeof(*r.cells));
	r.cells[0] = read_cell();
	r.cells[1] = cell_read(out, "arm64/defconfig");
	ck_assert_ptr_nonnull(r.cells[1]);
	for (i = 0; i < r.ncells; i++)
		cell_mark_drift(r.cells[i], &d);
	drift_lines_free(&d);
	return r;
}

static void drift_run_free(struct run_results *r)
{
	int i;

	for (i = 0; i < r->ncells; i++)
		cell_free(r->cells[i]);
	free(r->cells);
}

/* The drifted header fails where it was compiled, with the drift as its
 * detail and why; the other header and the errored cell are untouched. */
START_TEST(test_drift_marks_header)
{
	struct run_results r = drift_run();
	const struct tu_result *a = tu(r.cells[0], "linux/a.h"), *b = tu(r.cells[0], "linux/b.h");

	ck_assert_int_eq(a->verdict, V_FAIL);
	ck_assert_int_eq(a->drifted, 1);
	ck_assert_str_eq(a->detail, DRIFT_A);
	ck_assert_str_eq(a->explanation, DRIFT_A "; " DRIFT_A2);
	ck_assert_int_eq(b->verdict, V_PASS);
	ck_assert_ptr_null(b->explanation);
	ck_assert_int_eq(tu(r.cells[1], "linux/a.h")->verdict, V_ERROR);
	ck_assert_str_eq(tu(r.cells[1], "linux/a.h")->detail, "kbuild failed");
	drift_run_free(&r);
}
END_TEST

/* ... and every format says so. */
START_TEST(test_drift_in_every_format)
{
	struct run_results r = drift_run();
	char *tsv = render_tsv(&r), *ktap = render_ktap(&r), *xml = render_junit(&r), *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_str_eq(tsv, "x86_64\tdefconfig\tlinux/a.h\tfail\t" DRIFT_A "\n"
			      "x86_64\tdefconfig\tlinux/b.h\tpass\t\n"
			      "arm64\tdefconfig\tlinux/a.h\terror\tkbuild failed\n"
			      "arm64\tdefconfig\tlinux/b.h\terror\tkbuild failed\n");
	ck_assert_msg(strstr(ktap, "    # Subtest: defconfig\n"
				   "    1..2\n"
				   "    # " DRIFT_A "\n"
				   "    # why: " DRIFT_A "; " DRIFT_A2 "\n"
				   "    not ok 1 linux/a.h\n"
				   "    ok 2 linux/b.h\n"
				   "  not ok 1 defconfig\n"), "%s", ktap);
	ck_assert_msg(strstr(xml, "failures=\"1\" errors=\"2\"") &&
		      strstr(xml, "<failure type=\"drift\" message=\"" DRIFT_A "\">" DRIFT_A "\nwhy: " DRIFT_A "; "
				  DRIFT_A2 "</failure>"), "%s", xml);
	write_table(f, &r);
	write_failures(f, &r);
	ck_assert_int_eq(write_summary(f, &r), 1);
	fclose(f);
	ck_assert_msg(strstr(text, "linux/a.h  FAIL              ERROR          \n"
				   "linux/b.h  pass              ERROR          \n") &&
		      strstr(text, "\nFAIL x86_64/defconfig linux/a.h\n  " DRIFT_A "\n  why: " DRIFT_A "; "
				   DRIFT_A2 "\n") &&
		      strstr(text, ": 1 pass, 1 fail, 0 skip, 2 error\n"), "%s", text);
	free(tsv);
	free(ktap);
	free(xml);
	free(text);
	drift_run_free(&r);
}
END_TEST

static void teardown(void)
{
	free(out);
	out = NULL;
}

Suite *results_suite(void)
{
	Suite *s = suite_create("results");
	TCase *diag = tcase_create("first_diagnostic"), *tc = tcase_create("cell_read");

	tcase_add_test(diag, test_first_diagnostic_srctree);
	tcase_add_test(diag, test_gcc_temp_names_stable);
	tcase_add_test(diag, test_first_diagnostic_celldir);
	tcase_add_test(diag, test_first_diagnostic_kinds);
	tcase_add_test(diag, test_first_diagnostic_cell_in_srctree);
	tcase_add_test(diag, test_verdict_names);
	suite_add_tcase(s, diag);

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_cell_fields);
	tcase_add_test(tc, test_warning_fails);
	tcase_add_test(tc, test_missing_rc);
	tcase_add_test(tc, test_forbidden_header);
	tcase_add_test(tc, test_exit_status_without_diagnostic);
	tcase_add_test(tc, test_fatal_error_stops);
	tcase_add_test(tc, test_attribution);
	tcase_add_test(tc, test_log_of_another_out);
	tcase_add_test(tc, test_skipped_cell);
	tcase_add_test(tc, test_not_standalone_header);
	tcase_add_test(tc, test_errored_cell);
	tcase_add_test(tc, test_cell_note);
	tcase_add_test(tc, test_cell_read_errors);
	tcase_add_test(tc, test_rc_unreadable);
	tcase_add_test(tc, test_log_unreadable);
	tcase_add_test(tc, test_depfile_truncated);
	suite_add_tcase(s, tc);

	tc = tcase_create("drift");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_drift_file);
	tcase_add_test(tc, test_drift_file_errors);
	tcase_add_test(tc, test_drift_file_nul);
	tcase_add_test(tc, test_drift_marks_header);
	tcase_add_test(tc, test_drift_in_every_format);
	suite_add_tcase(s, tc);
	return s;
}

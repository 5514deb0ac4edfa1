// SPDX-License-Identifier: GPL-2.0
/* Headers that cannot stand alone on a cell, or at all (judge/standalone.h):
 * a TU's first error that is another arch's missing header or a guarded
 * #error of the header's own is a skip with its reason; everything that
 * only looks alike stays a failure.  On a fixture tree and cell dirs made
 * by hand, the logs as gcc writes them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "judge/html.h"
#include "judge/report.h"
#include "judge/results.h"
#include "suites.h"

static char *tree, *out;

/* The fixture tree: arch-only headers where the kernel keeps them, and
 * headers with each kind of #error. */
static void make_tree(void)
{
	static const char *const files[][2] = {
		{ "arch/m68k/include/asm/zorro.h", "" },
		{ "arch/arm/include/asm/arm-cci.h", "" },
		{ "arch/arm64/include/asm/arm-cci.h", "" },
		{ "arch/s390/include/uapi/asm/dasd.h", "" },
		{ "arch/sh/include/mach-dreamcast/mach/maple.h", "" },
		{ "arch/arm/mach-rpc/include/mach/isa-dma.h", "" },
		{ "arch/x86/include/asm/bitops.h",
		  "#ifndef _LINUX_BITOPS_H\n#error only <linux/bitops.h> can be included directly\n#endif\n" },
		{ "include/linux/zorro.h", "#include <asm/zorro.h>\n" },
		{ "include/linux/patchkey.h", "#ifndef _LINUX_PATCHKEY_H\n#define _LINUX_PATCHKEY_H\n"
					      "#include <uapi/linux/patchkey.h>\n#endif\n" },
		{ "include/uapi/linux/patchkey.h",
		  "/* Do not include this file directly. */\n#ifndef _LINUX_PATCHKEY_H_INDIRECT\n"
		  "#error \"patchkey.h included directly\"\n#endif\n" },
		{ "include/linux/hp_sdc.h", "#ifndef _LINUX_HP_SDC_H\n#define _LINUX_HP_SDC_H\n"
					    "#if defined(__hppa__)\n\tstruct parisc_device *dev;\n"
					    "#elif defined(__mc68000__)\n\tvoid *dev;\n#else\n"
					    "#error No support for device registration on this arch yet.\n#endif\n#endif\n" },
		/* under its include guard only: unconditional, whatever it says */
		{ "include/linux/guarded.h", "#ifndef _LINUX_GUARDED_H\n#define _LINUX_GUARDED_H\n"
					     "#error \"guarded.h included directly\"\n#endif\n" },
		/* what tests/e2e/baseline.sh inserts into a catalogued header */
		{ "include/linux/regress.h", "#ifndef _LINUX_REGRESS_H\n#define _LINUX_REGRESS_H\nint a;\n"
					     "#error NEW REGRESSION\n#endif\n" },
		/* a config test */
		{ "include/linux/smp_only.h", "#ifndef CONFIG_SMP\n#error do not include directly on UP\n#endif\n" },
	};
	size_t i;

	tree = tmp_dir();
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		free(put_file(tree, files[i][0], files[i][1]));
}

/* s with @T@ the tree and @C@ the cell dir. */
static char *expand(const char *s, const char *cell)
{
	char *a = xstrdup(s), *p;
	const char *const keys[2] = { "@T@", "@C@" };
	const char *vals[2] = { tree, cell };
	int k;

	for (k = 0; k < 2; k++)
		while ((p = strstr(a, keys[k]))) {
			char *b = xasprintf("%.*s%s%s", (int)(p - a), a, vals[k], p + 3);

			free(a);
			a = b;
		}
	return a;
}

/* One cell, ARCH/defconfig of kbuild arch karch, with the TU of header
 * failing with log; include_path NULL: the cell has none (an older
 * OUT).  Its verdict and detail are checked. */
static void expect(const char *arch, const char *karch, const char *header, const char *log, const char *overlay,
		   int include_path, enum verdict v, const char *detail)
{
	char *cellname = xasprintf("%s/defconfig", arch), *cell, *stem = xstrndup(header, strlen(header) - 2);
	char *text, *name, *diag;
	struct cell_result *c;

	free(out);
	out = tmp_dir();
	cell = xasprintf("%s/%s", out, cellname);
	text = xasprintf("hdrtest-manifest\t1\narch\t%s\nconfig\tdefconfig\nstatus\tok\t\nkbuild\t/kb\nsrctree\t%s\n"
			 "overlay\t%s\nrepro\tcd /kb && gcc\nheader\t%s\t%s\n",
			 arch, tree, overlay ? overlay : "", header, stem);
	free(put_file(cell, "manifest.tsv", text));
	free(text);
	if (include_path) {
		text = xasprintf("hdrtest-include-path 1\n%s%s%s/arch/%s/include\n/kb/arch/%s/include/generated\n"
				 "%s/include\n%s/arch/%s/include/uapi\n%s/include/uapi\n",
				 overlay ? overlay : "", overlay ? "\n" : "", tree, karch, karch, tree, tree, karch,
				 tree);
		free(put_file(cell, "include-path", text));
		free(text);
	}
	name = xasprintf("%s.rc", stem);
	free(put_file(cell, name, "1\n"));
	free(name);
	name = xasprintf("%s.log", stem);
	text = expand(log, cell);
	free(put_file(cell, name, text));
	free(text);
	free(name);

	diag_begin();
	c = cell_read(out, cellname);
	diag = diag_end();
	ck_assert_msg(c != NULL, "%s", diag);
	ck_assert_msg(c->tus[0].verdict == v, "%s on %s: %s (%s), expected %s", header, arch,
		      verdict_name(c->tus[0].verdict), c->tus[0].detail, verdict_name(v));
	text = expand(detail, cell);
	ck_assert_str_eq(c->tus[0].detail, text);
	free(text);
	cell_free(c);
	free(diag);
	free(cell);
	free(stem);
	free(cellname);
}

#define FROM_TU(stem, line) "In file included from @C@/" stem ".c:" line ":\n"
#define MISSING(file, line, name)                                                      \
	"@T@/" file ":" line ":10: fatal error: " name ": No such file or directory\n" \
	"    " line " | #include <" name ">\n"                                             \
	"      |          ^~~~~~~~~~~~~\ncompilation terminated.\n"
#define NOT_FOUND(file, line, name) file ":" line ":10: fatal error: " name ": No such file or directory"

/* Another arch's header: a skip naming the arches that have it, on
 * every kind of include dir an arch keeps them in. */
START_TEST(arch_only_header)
{
	expect("x86_64", "x86", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") MISSING("include/linux/zorro.h", "1", "asm/zorro.h"), NULL, 1, V_SKIP,
	       "not for x86_64: needs asm/zorro.h, which only m68k has (include/linux/zorro.h:1)");
	expect("x86_64", "x86", "linux/arm-cci.h",
	       FROM_TU("linux/arm-cci", "13") MISSING("include/linux/arm-cci.h", "14", "asm/arm-cci.h"), NULL, 1,
	       V_SKIP, "not for x86_64: needs asm/arm-cci.h, which only arm, arm64 have (include/linux/arm-cci.h:14)");
	/* a uapi header, reached through another header of the chain */
	expect("arm64", "arm64", "linux/dasd_mod.h",
	       "In file included from @T@/include/linux/dasd.h:5,\n"
	       "                 from @C@/linux/dasd_mod.c:13:\n" MISSING("include/linux/dasd.h", "5", "asm/dasd.h"),
	       NULL, 1, V_SKIP, "not for arm64: needs asm/dasd.h, which only s390 has (include/linux/dasd.h:5)");
	/* clang's words for it */
	expect("x86_64-llvm", "x86", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") "@T@/include/linux/zorro.h:1:10: fatal error: 'asm/zorro.h' file not found\n",
	       NULL, 1, V_SKIP, "not for x86_64-llvm: needs asm/zorro.h, which only m68k has (include/linux/zorro.h:1)");
	/* board dirs: arch/sh/include/mach-*, arch/arm/mach-* / include */
	expect("x86_64", "x86", "linux/maple.h",
	       FROM_TU("linux/maple", "13") MISSING("include/linux/maple.h", "5", "mach/maple.h"), NULL, 1, V_SKIP,
	       "not for x86_64: needs mach/maple.h, which only sh has (include/linux/maple.h:5)");
	expect("x86_64", "x86", "linux/isa.h",
	       FROM_TU("linux/isa", "13") MISSING("include/linux/isa.h", "3", "mach/isa-dma.h"), NULL, 1, V_SKIP,
	       "not for x86_64: needs mach/isa-dma.h, which only arm has (include/linux/isa.h:3)");
}
END_TEST

/* ... judged where the arch has it: the same error there is no skip
 * (the file is this arch's own: something else went wrong). */
START_TEST(arch_only_header_on_its_arch)
{
	expect("x86_64", "x86", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") MISSING("include/linux/zorro.h", "1", "asm/zorro.h"), NULL, 1, V_SKIP,
	       "not for x86_64: needs asm/zorro.h, which only m68k has (include/linux/zorro.h:1)");
	expect("m68k", "m68k", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") MISSING("include/linux/zorro.h", "1", "asm/zorro.h"), NULL, 1, V_FAIL,
	       NOT_FOUND("include/linux/zorro.h", "1", "asm/zorro.h"));
	expect("arm", "arm", "linux/isa.h",
	       FROM_TU("linux/isa", "13") MISSING("include/linux/isa.h", "3", "mach/isa-dma.h"), NULL, 1, V_FAIL,
	       NOT_FOUND("include/linux/isa.h", "3", "mach/isa-dma.h"));
}
END_TEST

/* Missing files that stay failures, beside the one that is a skip. */
START_TEST(missing_header_fails)
{
	expect("x86_64", "x86", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") MISSING("include/linux/zorro.h", "1", "asm/zorro.h"), NULL, 1, V_SKIP,
	       "not for x86_64: needs asm/zorro.h, which only m68k has (include/linux/zorro.h:1)");
	/* no arch has it */
	expect("x86_64", "x86", "linux/a.h", FROM_TU("linux/a", "13") MISSING("include/linux/a.h", "3", "asm/nowhere.h"),
	       NULL, 1, V_FAIL, NOT_FOUND("include/linux/a.h", "3", "asm/nowhere.h"));
	/* the TU's own text, not the header's chain */
	expect("x86_64", "x86", "linux/a.h", "@C@/linux/a.c:13:10: fatal error: asm/zorro.h: No such file or directory\n",
	       NULL, 1, V_FAIL, "x86_64/defconfig/linux/a.c:13:10: fatal error: asm/zorro.h: No such file or directory");
	/* a file of kbuild's -include, before the TU's own text */
	expect("x86_64", "x86", "linux/a.h",
	       "In file included from @T@/include/linux/compiler_types.h:5,\n"
	       "                 from <command-line>:\n" MISSING("include/linux/b.h", "2", "asm/zorro.h"),
	       NULL, 1, V_FAIL, NOT_FOUND("include/linux/b.h", "2", "asm/zorro.h"));
	/* a warning came first */
	expect("x86_64", "x86", "linux/a.h",
	       FROM_TU("linux/a", "13") "@T@/include/linux/a.h:1:5: warning: 'x' defined but not used\n"
	       MISSING("include/linux/a.h", "3", "asm/zorro.h"), NULL, 1, V_FAIL,
	       "include/linux/a.h:1:5: warning: 'x' defined but not used");
	/* an older OUT: no include path to tell where the compiler looked */
	expect("x86_64", "x86", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") MISSING("include/linux/zorro.h", "1", "asm/zorro.h"), NULL, 0, V_FAIL,
	       NOT_FOUND("include/linux/zorro.h", "1", "asm/zorro.h"));
	/* a name that leaves the tree */
	expect("x86_64", "x86", "linux/a.h",
	       FROM_TU("linux/a", "13") MISSING("include/linux/a.h", "1", "../m68k/include/asm/zorro.h"), NULL, 1,
	       V_FAIL, NOT_FOUND("include/linux/a.h", "1", "../m68k/include/asm/zorro.h"));
}
END_TEST

#define ERROR_AT(file, line, text) "@T@/" file ":" line ":2: error: " text "\n    " line " | " text "\n"
#define ERROR_LINE(file, line, text) file ":" line ":2: error: " text

/* An #error of the header's own (here its uapi half) under a test of
 * how it is included: not meant to be included alone. */
START_TEST(inclusion_error)
{
	expect("x86_64", "x86", "linux/patchkey.h",
	       "In file included from @T@/include/linux/patchkey.h:3,\n"
	       "                 from @C@/linux/patchkey.c:13:\n"
	       ERROR_AT("include/uapi/linux/patchkey.h", "3", "#error \"patchkey.h included directly\""),
	       NULL, 1, V_SKIP,
	       "not meant to be included alone: include/uapi/linux/patchkey.h:3: #error 'patchkey.h included directly'");
	/* clang prints the #error's text alone, and its chain outermost first */
	expect("x86_64-llvm", "x86", "linux/patchkey.h",
	       "In file included from @C@/linux/patchkey.c:13:\n"
	       "In file included from @T@/include/linux/patchkey.h:3:\n"
	       "@T@/include/uapi/linux/patchkey.h:3:2: error: \"patchkey.h included directly\"\n",
	       NULL, 1, V_SKIP,
	       "not meant to be included alone: include/uapi/linux/patchkey.h:3: #error 'patchkey.h included directly'");
}
END_TEST

/* An #error in the #else of arch tests: not for this arch. */
START_TEST(arch_error)
{
	expect("x86_64", "x86", "linux/hp_sdc.h",
	       FROM_TU("linux/hp_sdc", "13")
	       ERROR_AT("include/linux/hp_sdc.h", "8", "#error No support for device registration on this arch yet."),
	       NULL, 1, V_SKIP,
	       "not for x86_64: include/linux/hp_sdc.h:8: #error No support for device registration on this arch yet. "
	       "(its branch tests only the arch macros __hppa__, __mc68000__)");
}
END_TEST

/* #errors that stay failures, beside the ones that are skips. */
START_TEST(unguarded_errors_fail)
{
	expect("x86_64", "x86", "linux/patchkey.h",
	       "In file included from @T@/include/linux/patchkey.h:3,\n"
	       "                 from @C@/linux/patchkey.c:13:\n"
	       ERROR_AT("include/uapi/linux/patchkey.h", "3", "#error \"patchkey.h included directly\""), NULL, 1,
	       V_SKIP, "not meant to be included alone: include/uapi/linux/patchkey.h:3: #error 'patchkey.h included directly'");
	expect("x86_64", "x86", "linux/hp_sdc.h",
	       FROM_TU("linux/hp_sdc", "13")
	       ERROR_AT("include/linux/hp_sdc.h", "8", "#error No support for device registration on this arch yet."),
	       NULL, 1, V_SKIP,
	       "not for x86_64: include/linux/hp_sdc.h:8: #error No support for device registration on this arch yet. "
	       "(its branch tests only the arch macros __hppa__, __mc68000__)");
	/* under the include guard alone: fires on every first inclusion */
	expect("x86_64", "x86", "linux/guarded.h",
	       FROM_TU("linux/guarded", "13") ERROR_AT("include/linux/guarded.h", "3", "#error \"guarded.h included directly\""),
	       NULL, 1, V_FAIL, ERROR_LINE("include/linux/guarded.h", "3", "#error \"guarded.h included directly\""));
	expect("x86_64", "x86", "linux/regress.h",
	       FROM_TU("linux/regress", "13") ERROR_AT("include/linux/regress.h", "4", "#error NEW REGRESSION"), NULL,
	       1, V_FAIL, ERROR_LINE("include/linux/regress.h", "4", "#error NEW REGRESSION"));
	/* the TU's own config check */
	expect("x86_64", "x86", "linux/hp_sdc.h",
	       "@C@/linux/hp_sdc.c:10:2: error: #error \"hdrtest: generated for a config with CONFIG_X86_64 (arch "
	       "x86_64, config defconfig) but compiled without it\"\n", NULL, 1, V_FAIL,
	       "x86_64/defconfig/linux/hp_sdc.c:10:2: error: #error \"hdrtest: generated for a config with "
	       "CONFIG_X86_64 (arch x86_64, config defconfig) but compiled without it\"");
	/* a config test */
	expect("x86_64", "x86", "linux/smp_only.h",
	       FROM_TU("linux/smp_only", "13") ERROR_AT("include/linux/smp_only.h", "2", "#error do not include directly on UP"),
	       NULL, 1, V_FAIL, ERROR_LINE("include/linux/smp_only.h", "2", "#error do not include directly on UP"));
	/* another header's guard, which the header trips by including it
	 * the wrong way: its own defect */
	expect("x86_64", "x86", "linux/count_zeros.h",
	       "In file included from @T@/include/linux/count_zeros.h:11,\n"
	       "                 from @C@/linux/count_zeros.c:13:\n"
	       ERROR_AT("arch/x86/include/asm/bitops.h", "2", "#error only <linux/bitops.h> can be included directly"),
	       NULL, 1, V_FAIL,
	       ERROR_LINE("arch/x86/include/asm/bitops.h", "2", "#error only <linux/bitops.h> can be included directly"));
	/* a line that is no #error there (the tree changed under the log) */
	expect("x86_64", "x86", "linux/hp_sdc.h",
	       FROM_TU("linux/hp_sdc", "13")
	       ERROR_AT("include/linux/hp_sdc.h", "7", "#error No support for device registration on this arch yet."),
	       NULL, 1, V_FAIL,
	       ERROR_LINE("include/linux/hp_sdc.h", "7", "#error No support for device registration on this arch yet."));
}
END_TEST

/* The OVERLAY's copy is what the run tests in the header's place: its
 * #error is no reason to skip, whatever guards it. */
START_TEST(overlay_error_fails)
{
	char *ov = tmp_dir(), *log, *want;

	/* the tree's own is a skip */
	expect("x86_64", "x86", "linux/hp_sdc.h",
	       FROM_TU("linux/hp_sdc", "13")
	       ERROR_AT("include/linux/hp_sdc.h", "8", "#error No support for device registration on this arch yet."),
	       ov, 1, V_SKIP,
	       "not for x86_64: include/linux/hp_sdc.h:8: #error No support for device registration on this arch yet. "
	       "(its branch tests only the arch macros __hppa__, __mc68000__)");
	free(put_file(ov, "linux/hp_sdc.h", "#if defined(__hppa__)\n#else\n#error not on this arch\n#endif\n"));
	want = xasprintf("%s/linux/hp_sdc.h:3:2: error: #error not on this arch", ov);
	log = xasprintf(FROM_TU("linux/hp_sdc", "13") "%s\n", want);
	expect("x86_64", "x86", "linux/hp_sdc.h", log, ov, 1, V_FAIL, want);
	free(want);
	free(log);
	free(ov);
}
END_TEST

/* The skip is reported as every skip is: TSV, KTAP "# SKIP reason",
 * JUnit <skipped>, the summary, HTML. */
START_TEST(skip_in_every_report)
{
	const char *why = "not for x86_64: needs asm/zorro.h, which only m68k has (include/linux/zorro.h:1)";
	struct run_results r = { NULL, 0 };
	struct html_options o = { "/", NULL, 0 };
	char *tsv, *ktap, *xml, *html, *text = NULL, *want, *diag;
	size_t len = 0;
	FILE *f;

	expect("x86_64", "x86", "linux/zorro.h",
	       FROM_TU("linux/zorro", "13") MISSING("include/linux/zorro.h", "1", "asm/zorro.h"), NULL, 1, V_SKIP, why);
	r.cells = xcalloc(1, sizeof(*r.cells));
	r.cells[0] = cell_read(out, "x86_64/defconfig");
	r.ncells = 1;
	tsv = render_tsv(&r);
	ktap = render_ktap(&r);
	xml = render_junit(&r);
	html = render_html(&r, &o);
	want = xasprintf("x86_64\tdefconfig\tlinux/zorro.h\tskip\t%s\n", why);
	ck_assert_str_eq(tsv, want);
	free(want);
	want = xasprintf("    ok 1 linux/zorro.h # SKIP %s\n", why);
	ck_assert_msg(strstr(ktap, want), "%s", ktap);
	free(want);
	ck_assert_msg(strstr(xml, "skipped=\"1\"") && strstr(xml, "<skipped message=\"not for x86_64: needs asm/zorro.h"),
		      "%s", xml);
	ck_assert_msg(html && strstr(html, "needs asm/zorro.h, which only m68k has"), "%s", html);
	f = open_memstream(&text, &len);
	diag_begin();
	ck_assert_int_eq(write_summary(f, &r), 1);	/* nothing was compiled */
	diag = diag_end();
	fclose(f);
	ck_assert_msg(strstr(text, ": 0 pass, 0 fail, 1 skip, 0 error\n"), "%s", text);
	free(diag);
	free(tsv);
	free(ktap);
	free(xml);
	free(html);
	free(text);
	cell_free(r.cells[0]);
	free(r.cells);
}
END_TEST

static void setup(void)
{
	make_tree();
}

static void teardown(void)
{
	free(tree);
	free(out);
	tree = out = NULL;
}

Suite *standalone_suite(void)
{
	Suite *s = suite_create("standalone");
	TCase *tc = tcase_create("standalone");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, arch_only_header);
	tcase_add_test(tc, arch_only_header_on_its_arch);
	tcase_add_test(tc, missing_header_fails);
	tcase_add_test(tc, inclusion_error);
	tcase_add_test(tc, arch_error);
	tcase_add_test(tc, unguarded_errors_fail);
	tcase_add_test(tc, overlay_error_fails);
	tcase_add_test(tc, skip_in_every_report);
	suite_add_tcase(s, tc);
	return s;
}

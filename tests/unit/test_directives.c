// SPDX-License-Identifier: GPL-2.0
/*
 * The arch, config, fragment and forbid lines: every field reaches make,
 * a shell or m4, so each is held to a character class, and the error
 * points at the first character outside it.  Then the two injections
 * through catalog/arches.cat that made "hdrtest ci-files" run a command
 * and write empty CI files, refused by the parser and, should a value get
 * past it, by the m4 rendering.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "generate/ci_files.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

#define A "arch a karch=x kconfig=CONFIG_X "	/* the next field starts at column 33 */
#define PKG "a Debian package name (lower-case letters, digits, '+', '.', '-') for package="
#define TEXT "printable ASCII text without quotes, backslashes, $, ` or #"
#define TARGET "a make target (letters, digits, '_', '.', '-'; not starting with '-')"
#define CROSS "a toolchain prefix like aarch64-linux-gnu- (letters, digits, '_', '.', '+', '-'; not starting with '-')"
#define RESERVED "is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n"

static const struct {
	const char *text, *diag;
} bad[] = {
	/* arch fields */
	{ "arch a karch=X86 kconfig=CONFIG_X\n",
	  "t.cat:1:14: error: expected a kernel ARCH= name (lower-case letters, digits, '_') for karch=, "
	  "found 'X' in 'X86'\n" },
	{ "arch a karch=x kconfig=CONFIG_x\n",
	  "t.cat:1:31: error: expected a CONFIG_ symbol (upper-case letters, digits, '_') for kconfig=, "
	  "found 'x' in 'CONFIG_x'\n" },
	{ "arch a karch=x kconfig=CONFIG_\n", "t.cat:1:24: error: expected a CONFIG_ symbol, found 'CONFIG_'\n" },
	{ A "cross=aarch64/linux-\n",
	  "t.cat:1:46: error: expected " CROSS " for cross=, found '/' in 'aarch64/linux-'\n" },
	/* a word that reaches a command line: not an option */
	{ A "cross=-x-\n", "t.cat:1:39: error: expected " CROSS " for cross=, found '-' in '-x-'\n" },
	{ A "cross=aarch64\n",
	  "t.cat:1:46: error: expected a toolchain prefix ending in '-' for cross=, found 'aarch64'\n" },
	{ A "llvm=19\n", "t.cat:1:39: error: expected 1 or -VERSION for llvm=, found '19'\n" },
	{ A "llvm=-\n", "t.cat:1:39: error: expected 1 or -VERSION for llvm=, found '-'\n" },
	{ A "llvm=y\n", "t.cat:1:38: error: expected 1 or -VERSION for llvm=, found 'y' in 'y'\n" },
	{ A "llvm=-1x\n", "t.cat:1:40: error: expected 1 or -VERSION for llvm=, found 'x' in '-1x'\n" },
	{ A "package=Gcc\n", "t.cat:1:41: error: expected " PKG ", found 'G' in 'Gcc'\n" },
	{ A "package=-gcc\n", "t.cat:1:41: error: expected " PKG ", found '-' in '-gcc'\n" },
	{ A "package=gcc_12\n", "t.cat:1:44: error: expected " PKG ", found '_' in 'gcc_12'\n" },
	{ A "package=g\n",
	  "t.cat:1:42: error: expected a Debian package name of two characters or more, found 'g'\n" },
	{ A "package=gcc,Binutils\n", "t.cat:1:45: error: expected " PKG ", found 'B' in 'Binutils'\n" },
	{ A "package=gcc,,lld\n", "t.cat:1:45: error: expected a Debian package name of two characters or more, found ''\n" },
	{ A "package=gcc,\n", "t.cat:1:45: error: expected a Debian package name of two characters or more, found ''\n" },
	{ A "defconfig=foo/bar\n",
	  "t.cat:1:46: error: expected " TARGET " for defconfig=, found '/' in 'foo/bar'\n" },
	{ A "defconfig=a$b\n", "t.cat:1:44: error: expected " TARGET " for defconfig=, found '$' in 'a$b'\n" },
	/* make would read it as an option */
	{ A "defconfig=-j99\n", "t.cat:1:43: error: expected " TARGET " for defconfig=, found '-' in '-j99'\n" },
	{ A "unavailable=\"it's gone\"\n",
	  "t.cat:1:48: error: expected " TEXT " for unavailable=, found ''' in 'it's gone'\n" },
	{ A "unavailable=\"a\\b\"\n",
	  "t.cat:1:47: error: expected " TEXT " for unavailable=, found '\\' in 'a\\b'\n" },
	{ A "unavailable=\"$HOME\"\n",
	  "t.cat:1:46: error: expected " TEXT " for unavailable=, found '$' in '$HOME'\n" },
	{ A "unavailable=\"a\tb\"\n",
	  "t.cat:1:47: error: expected " TEXT " for unavailable=, found byte 0x09 in 'a\tb'\n" },
	{ A "unavailable=\"see m4_include\"\n", "t.cat:1:50: error: 'm4_include' " RESERVED },

	/* config lines */
	{ "config c base=a$b\n", "t.cat:1:16: error: expected " TARGET " for base=, found '$' in 'a$b'\n" },
	{ "config c base=-j99\n", "t.cat:1:15: error: expected " TARGET " for base=, found '-' in '-j99'\n" },
	{ "config c base=--eval=x\n", "t.cat:1:15: error: expected " TARGET " for base=, found '-' in '--eval=x'\n" },
	{ "config c arches=x86_64,arm/64\n",
	  "t.cat:1:27: error: expected an arch name (letters, digits, '_', '.', '+', '-') in arches=, "
	  "found '/' in 'arm/64'\n" },
	{ "config c$\n",
	  "t.cat:1:9: error: expected a config name (letters, digits, '_', '.', '+', '-'), found '$' in 'c$'\n" },

	/* fragment values */
	{ "config c\n\tCONFIG_A=\"a$b\"\n",
	  "t.cat:2:13: error: expected " TEXT " in a string, found '$' in 'a$b'\n" },
	{ "config c\n\tCONFIG_A=\"`id`\"\n",
	  "t.cat:2:12: error: expected " TEXT " in a string, found '`' in '`id`'\n" },
	{ "config c\n\tCONFIG_A=\"a\\b\"\n",
	  "t.cat:2:13: error: expected " TEXT " in a string, found '\\' in 'a\\b'\n" },
	{ "config c\n\tCONFIG_A=\"a\"b\"\n",
	  "t.cat:2:13: error: expected " TEXT " in a string, found '\"' in 'a\"b'\n" },
	{ "config c\n\tCONFIG_A=\"m4_dnl\"\n", "t.cat:2:12: error: 'm4_dnl' " RESERVED },
	{ "config c\n\tCONFIG_A=\"\xe2\x9f\xa6\"\n",
	  "t.cat:2:12: error: expected " TEXT " in a string, found byte 0xe2 in '\xe2\x9f\xa6'\n" },
	{ "config c\n\tCONFIG_A=yes\n",
	  "t.cat:2:11: error: expected a value (y, m, n, a number or a \"string\") after 'CONFIG_A='\n" },
	{ "config c\n\tCONFIG_A=-\n",
	  "t.cat:2:11: error: expected a value (y, m, n, a number or a \"string\") after 'CONFIG_A='\n" },

	/* forbid reasons */
	{ "forbid linux/mm.h the $PATH\n", "t.cat:1:23: error: expected " TEXT " as the reason, found '$' in "
	  "'the $PATH'\n" },
	{ "forbid linux/mm.h no m4_dnl here\n", "t.cat:1:22: error: 'm4_dnl' " RESERVED },

	/* the two injections of the issue */
	{ "arch x karch=x kconfig=CONFIG_X unavailable=\"x \xe2\x9f\xa7m4_esyscmd(id > FILE)\xe2\x9f\xa6 y\"\n",
	  "t.cat:1:48: error: expected " TEXT " for unavailable=, found byte 0xe2 in "
	  "'x \xe2\x9f\xa7m4_esyscmd(id > FILE)\xe2\x9f\xa6 y'\n" },
	{ "arch x karch=x kconfig=CONFIG_X package=gcc\xe2\x9f\xa7m4_m4exit\xe2\x9f\xa6\n",
	  "t.cat:1:44: error: expected " PKG ", found byte 0xe2 in 'gcc\xe2\x9f\xa7m4_m4exit\xe2\x9f\xa6'\n" },
};

START_TEST(test_bad_fields)
{
	char *diag;
	struct catalog *cat = read_catalog_text("t.cat", bad[_i].text, &diag);

	ck_assert_str_eq(diag, bad[_i].diag);
	ck_assert_ptr_null(cat);
	free(diag);
}
END_TEST

/* What the table holds: the fields of every shape it allows. */
START_TEST(test_good_fields)
{
	char *diag;
	struct catalog *cat = read_catalog_text("t.cat",
		"forbid linux/mm.h the point of the split: (all) of mm.h, 100% & more\n"
		"arch a karch=x86_64 kconfig=CONFIG_X86_64 cross=powerpc64le-linux-gnu- llvm=-19 package=g++-12.x,lld-19 "
		"defconfig=ppc64le_defconfig unavailable=\"no cc (gcc-nios2-linux-gnu; LLVM: none) here!\"\n"
		"arch b karch=um kconfig=CONFIG_UML llvm=1\n"
		"config c base=nommu_virt_defconfig arches=a,b\n"
		"\tCONFIG_A=\"a string, with spaces.\"\n\tCONFIG_B=0x1F\n\tCONFIG_C=-3\n\tCONFIG_D=\"\"\n", &diag);

	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_str_eq(cat->arches[0]->package, "g++-12.x,lld-19");
	ck_assert_str_eq(cat->arches[0]->unavailable, "no cc (gcc-nios2-linux-gnu; LLVM: none) here!");
	ck_assert_str_eq(cat->configs[0]->frags[0].value, "\"a string, with spaces.\"");
	catalog_free(cat);
	free(diag);
}
END_TEST

/* The CI files as they were before a failed ci-files run. */
static const char old_github[] = "old github\n", old_gitlab[] = "old gitlab\n";

/* Should a value with m4's quotes get past the parser, rendering it fails:
 * no command runs, and both CI files stay as they were. */
static void expect_ci_files_refused(void (*poison)(struct arch *a, const char *flag))
{
	char *dir = tmp_dir(), *gh = put_file(dir, "hdrtest.yml", old_github);
	char *gl = put_file(dir, "gitlab-ci.yml", old_gitlab), *flag = xasprintf("%s/ran", dir);
	char *templates = repo_path("templates"), *diag, *s;
	struct catalog *cat = read_catalog_text("arches.cat",
		"arch x karch=x kconfig=CONFIG_X package=gcc\narch y karch=y kconfig=CONFIG_Y unavailable=\"none\"\n",
		&diag);

	ck_assert_msg(cat != NULL, "%s", diag);
	free(diag);
	poison(cat->arches[0], flag);
	poison(cat->arches[1], flag);
	stderr_begin();
	diag_begin();
	ck_assert_int_eq(write_ci_files(cat, templates, "m4", 4, gh, gl), -1);
	diag = diag_end();
	free(stderr_end());
	ck_assert_msg(strstr(diag, "holds m4's quote characters: not passed to m4\n") != NULL, "%s", diag);
	ck_assert_msg(!file_exists(flag), "m4 ran the command in the arch table");
	assert_file(gh, old_github);
	assert_file(gl, old_gitlab);
	s = dir_list(dir);
	ck_assert_str_eq(s, "gitlab-ci.yml\nhdrtest.yml\n");
	free(s);
	catalog_free(cat);
	free(diag);
	free(templates);
	free(flag);
	free(gl);
	free(gh);
	free(dir);
}

static void poison_unavailable(struct arch *a, const char *flag)
{
	if (!a->unavailable)
		return;
	free(a->unavailable);
	a->unavailable = xasprintf("x \xe2\x9f\xa7m4_esyscmd(touch %s)\xe2\x9f\xa6 y", flag);
}

static void poison_package(struct arch *a, const char *flag)
{
	if (!a->package)
		return;
	free(a->package);
	a->package = xstrdup("gcc\xe2\x9f\xa7m4_m4exit\xe2\x9f\xa6");
}

START_TEST(test_ci_files_unavailable_injection)
{
	expect_ci_files_refused(poison_unavailable);
}
END_TEST

START_TEST(test_ci_files_package_injection)
{
	expect_ci_files_refused(poison_package);
}
END_TEST

Suite *directives_suite(void)
{
	Suite *s = suite_create("directives");
	TCase *tc = tcase_create("fields"), *ci = tcase_create("ci-files");

	tcase_add_loop_test(tc, test_bad_fields, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, test_good_fields);
	suite_add_tcase(s, tc);
	tcase_add_test(ci, test_ci_files_unavailable_injection);
	tcase_add_test(ci, test_ci_files_package_injection);
	suite_add_tcase(s, ci);
	return s;
}

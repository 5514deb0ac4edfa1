// SPDX-License-Identifier: GPL-2.0
/* Reading a resolved .config, and what "#ifdef CONFIG_FOO" sees. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "model/kconfig.h"
#include "model/kconfig_deps.h"
#include "suites.h"
#include "base/util.h"

static const char dot_config[] =
	"#\n"
	"# Automatically generated file; DO NOT EDIT.\n"
	"# Linux/x86 6.12.0 Kernel Configuration\n"
	"#\n"
	"CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14) 12.2.0\"\n"
	"CONFIG_X86_64=y\n"
	"CONFIG_EXT4_FS=m\n"
	"# CONFIG_HIGHMEM is not set\n"
	"CONFIG_LOG_BUF_SHIFT=17\n"
	"CONFIG_PHYSICAL_START=0x1000000\n"
	"\n"
	"# CONFIG_NOT_REALLY is not set, says this comment\n"
	"# CONFIG_MMU=y is a comment too\n"
	"CONFIG_LATER=m\n"
	"CONFIG_LATER=y\n"
	"CONFIG_NO_NEWLINE_AT_END=y";

static struct kconfig *read_text(const char *text, char **diag)
{
	char *dir = tmp_dir(), *path = put_file(dir, ".config", text);
	struct kconfig *kc;

	diag_begin();
	kc = kconfig_read(path);
	*diag = diag_end();
	free(path);
	free(dir);
	return kc;
}

static struct kconfig *good(void)
{
	char *diag;
	struct kconfig *kc = read_text(dot_config, &diag);

	ck_assert_msg(kc != NULL, "%s", diag);
	ck_assert_str_eq(diag, "");
	free(diag);
	return kc;
}

START_TEST(test_values)
{
	struct kconfig *kc = good();

	ck_assert_str_eq(kconfig_value(kc, "CONFIG_X86_64"), "y");
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_EXT4_FS"), "m");
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_HIGHMEM"), "n");
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_LOG_BUF_SHIFT"), "17");
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_PHYSICAL_START"), "0x1000000");
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_CC_VERSION_TEXT"), "\"gcc (Debian 12.2.0-14) 12.2.0\"");
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_NO_NEWLINE_AT_END"), "y");
	/* the last assignment wins, as in kconfig */
	ck_assert_str_eq(kconfig_value(kc, "CONFIG_LATER"), "y");
	ck_assert_ptr_null(kconfig_value(kc, "CONFIG_NOT_REALLY"));
	ck_assert_ptr_null(kconfig_value(kc, "CONFIG_MMU"));
	ck_assert_ptr_null(kconfig_value(kc, "CONFIG_ABSENT"));
	kconfig_free(kc);
}
END_TEST

/* autoconf.h defines CONFIG_FOO for =y and valued symbols, and only
 * CONFIG_FOO_MODULE for =m. */
START_TEST(test_defined)
{
	struct kconfig *kc = good();

	ck_assert(kconfig_defined(kc, "CONFIG_X86_64"));
	ck_assert(kconfig_defined(kc, "CONFIG_LOG_BUF_SHIFT"));
	ck_assert(kconfig_defined(kc, "CONFIG_CC_VERSION_TEXT"));
	ck_assert(!kconfig_defined(kc, "CONFIG_EXT4_FS"));
	ck_assert(kconfig_defined(kc, "CONFIG_EXT4_FS_MODULE"));
	ck_assert(!kconfig_defined(kc, "CONFIG_X86_64_MODULE"));
	ck_assert(!kconfig_defined(kc, "CONFIG_HIGHMEM"));
	ck_assert(!kconfig_defined(kc, "CONFIG_HIGHMEM_MODULE"));
	ck_assert(!kconfig_defined(kc, "CONFIG_ABSENT"));
	ck_assert(!kconfig_defined(kc, "CONFIG_ABSENT_MODULE"));
	ck_assert(!kconfig_defined(kc, "_MODULE"));
	kconfig_free(kc);
}
END_TEST

static const struct {
	const char *text, *diag;	/* diag has "F" where the path goes */
} bad[] = {
	{ "FOO=y\n", "F:1:1: error: expected CONFIG_NAME=value or '# CONFIG_NAME is not set'\n" },
	{ "CONFIG_A=y\n  CONFIG_B=y\n", "F:2:1: error: expected CONFIG_NAME=value or '# CONFIG_NAME is not set'\n" },
	{ "CONFIG_FOO y\n", "F:1:11: error: expected '=' after CONFIG_FOO\n" },
	{ "CONFIG_FOO\n", "F:1:11: error: expected '=' after CONFIG_FOO\n" },
	{ "\nCONFIG_FOO-BAR=y\n", "F:2:11: error: expected '=' after CONFIG_FOO\n" },
	/* every bad line is reported */
	{ "CONFIG_A=y\nX\nCONFIG_B y\n",
	  "F:2:1: error: expected CONFIG_NAME=value or '# CONFIG_NAME is not set'\n"
	  "F:3:9: error: expected '=' after CONFIG_B\n" },
};

START_TEST(test_malformed)
{
	void *got;
	char *dir = tmp_dir(), *path = put_file(dir, ".config", bad[_i].text), *diag;
	struct strbuf want;
	const char *p;

	diag_begin();
	got = kconfig_read(path);
	diag = diag_end();
	ck_assert_ptr_null(got);
	sb_init(&want);
	for (p = bad[_i].diag; *p; p++) {
		if (*p == 'F' && (p == bad[_i].diag || p[-1] == '\n'))
			sb_add(&want, path);
		else
			sb_addc(&want, *p);
	}
	ck_assert_str_eq(diag, want.buf);
	sb_release(&want);
	free(diag);
	free(path);
	free(dir);
}
END_TEST

START_TEST(test_unreadable)
{
	void *got;
	char *diag;

	diag_begin();
	got = kconfig_read("/nonexistent/hdrtest/.config");
	diag = diag_end();
	ck_assert_ptr_null(got);
	ck_assert_str_eq(diag, "hdrtest: error: cannot read /nonexistent/hdrtest/.config: No such file or "
			       "directory\n");
	ck_assert_int_eq(error_count(), 1);
	free(diag);
}
END_TEST

START_TEST(test_empty)
{
	char *diag;
	struct kconfig *kc = read_text("", &diag);

	ck_assert_ptr_nonnull(kc);
	ck_assert_ptr_null(kconfig_value(kc, "CONFIG_X86_64"));
	kconfig_free(kc);
	free(diag);
}
END_TEST

/* The "depends on" lines of a symbol, from every Kconfig* file of a tree
 * (what a skip quotes when Kconfig did not keep a fragment line). */
START_TEST(test_dependencies)
{
	char *dir = tmp_dir(), *deps;

	free(put_file(dir, "Kconfig", "config FOO\n\tbool \"foo\"\n\tdepends on BAR\n"
			  "config OTHER\n\tdepends on NOPE\n"));
	free(put_file(dir, "mm/Kconfig.debug", "config FOO\n\tdepends on BAZ && !QUX\n"));
	deps = kconfig_dependencies(dir, "CONFIG_FOO");
	ck_assert_ptr_nonnull(deps);
	ck_assert_ptr_nonnull(strstr(deps, "depends on BAR"));
	ck_assert_ptr_nonnull(strstr(deps, "depends on BAZ && !QUX"));
	ck_assert_ptr_null(strstr(deps, "NOPE"));
	free(deps);
	ck_assert_ptr_null(kconfig_dependencies(dir, "CONFIG_NOT_THERE"));
	free(dir);
}
END_TEST

/* A NUL byte in a tree's Kconfig file is reported at its place, and the
 * file is left out rather than read up to the NUL. */
START_TEST(test_dependencies_nul)
{
	static const char text[] = "config FOO\n\0\tdepends on CUT\n";
	char *dir = tmp_dir(), *path = xasprintf("%s/Kconfig", dir), *deps, *diag;
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fwrite(text, 1, sizeof(text) - 1, f), sizeof(text) - 1);
	ck_assert_int_eq(fclose(f), 0);
	diag_begin();
	deps = kconfig_dependencies(dir, "CONFIG_FOO");
	diag = diag_end();
	ck_assert_ptr_null(deps);
	ck_assert_ptr_nonnull(strstr(diag, "/Kconfig:2:1: error: NUL byte in a text file"));
	free(diag);
	free(path);
	free(dir);
}
END_TEST

Suite *kconfig_suite(void)
{
	Suite *s = suite_create("kconfig");
	TCase *tc = tcase_create("read");

	tcase_add_test(tc, test_values);
	tcase_add_test(tc, test_defined);
	tcase_add_loop_test(tc, test_malformed, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, test_unreadable);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_dependencies);
	tcase_add_test(tc, test_dependencies_nul);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* Shell words, and kbuild's recorded compiler command made generic. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "generate/kbuild_cmd.h"
#include "suites.h"
#include "base/util.h"

static void free_words(char **argv, int argc)
{
	while (argc)
		free(argv[--argc]);
	free(argv);
}

/* Split s and compare with want (NULL-terminated). */
static void expect_split(const char *s, const char *const *want)
{
	char **argv;
	int argc, n;

	ck_assert_msg(shell_split(s, &argv, &argc) == 0, "cannot split [%s]", s);
	for (n = 0; want[n]; n++) {
		ck_assert_msg(n < argc, "[%s]: %d words, expected more", s, argc);
		ck_assert_str_eq(argv[n], want[n]);
	}
	ck_assert_int_eq(argc, n);
	free_words(argv, argc);
}

START_TEST(test_split_plain)
{
	const char *w1[] = { "gcc", "-O2", "-c", NULL };
	const char *w2[] = { NULL };

	expect_split("gcc -O2 -c", w1);
	expect_split("  gcc\t-O2   -c  ", w1);
	expect_split("", w2);
	expect_split("   ", w2);
}
END_TEST

START_TEST(test_split_quotes)
{
	const char *w1[] = { "a b", "c d", "ef", NULL };
	const char *w2[] = { "-DKBUILD_MODNAME=\"mmzone\"", NULL };
	const char *w3[] = { "", "x", NULL };
	const char *w4[] = { "a\"b\\c$d`e\\n", NULL };
	const char *w5[] = { "it's", NULL };
	const char *w6[] = { "a\nb;c", NULL };

	expect_split("'a b' \"c d\" e'f'", w1);
	expect_split("-DKBUILD_MODNAME='\"mmzone\"'", w2);
	expect_split("'' x", w3);
	/* inside double quotes only \" \\ \$ \` are escapes */
	expect_split("\"a\\\"b\\\\c\\$d\\`e\\n\"", w4);
	expect_split("it\\'s", w5);
	/* quotes span ';' and newlines */
	expect_split("'a\nb;c'", w6);
}
END_TEST

START_TEST(test_split_backslash)
{
	const char *w1[] = { "a b", NULL };
	const char *w2[] = { "a;b", "c", NULL };
	const char *w3[] = { "a\\", NULL };

	expect_split("a\\ b", w1);
	expect_split("a\\;b c", w2);
	/* a backslash at the very end stays */
	expect_split("a\\", w3);
}
END_TEST

START_TEST(test_split_stops)
{
	const char *w1[] = { "gcc", "-c", "x.c", NULL };
	const char *w2[] = { "a", NULL };

	expect_split("gcc -c x.c   ; ./tools/objtool/objtool --foo x.o", w1);
	expect_split("gcc -c x.c;objtool", w1);
	expect_split("a\nb", w2);
	expect_split("a ; b", w2);
}
END_TEST

START_TEST(test_split_unbalanced)
{
	char **argv = (char **)1;
	int argc = 1;

	ck_assert_int_eq(shell_split("gcc 'oops", &argv, &argc), -1);
	ck_assert_ptr_null(argv);
	ck_assert_int_eq(argc, 0);
	ck_assert_int_eq(shell_split("gcc \"oops", &argv, &argc), -1);
	ck_assert_ptr_null(argv);
	ck_assert_int_eq(shell_split("a b \"c\\\"", &argv, &argc), -1);
	ck_assert_int_eq(argc, 0);
}
END_TEST

static const struct {
	const char *word, *quoted;
} quoting[] = {
	{ "gcc", "gcc" },
	{ "-I/src/include", "-I/src/include" },
	{ "-fmacro-prefix-map=/src/=", "-fmacro-prefix-map=/src/=" },
	{ "-Wp,-MMD,a.d", "-Wp,-MMD,a.d" },
	{ "user@host:%x+y", "user@host:%x+y" },
	{ "", "''" },
	{ "a b", "'a b'" },
	{ "it's", "'it'\\''s'" },
	{ "-DX=\"y\"", "'-DX=\"y\"'" },
	{ "$HOME", "'$HOME'" },
	{ "~", "'~'" },
	{ "*.c", "'*.c'" },
	{ "a;b", "'a;b'" },
	{ "a\\b", "'a\\b'" },
	{ "`x`", "'`x`'" },
	{ "a\tb", "'a\tb'" },
	{ "a\nb", "'a\nb'" },
	{ "'", "''\\'''" },
};

START_TEST(test_shell_word)
{
	struct strbuf sb;
	char **argv;
	int argc;

	sb_init(&sb);
	sb_add(&sb, "x ");
	sb_add_shell_word(&sb, quoting[_i].word);
	ck_assert_str_eq(sb.buf + 2, quoting[_i].quoted);
	/* and the shell reads it back as the same single word */
	ck_assert_int_eq(shell_split(sb.buf, &argv, &argc), 0);
	ck_assert_int_eq(argc, 2);
	ck_assert_str_eq(argv[1], quoting[_i].word);
	free_words(argv, argc);
	sb_release(&sb);
}
END_TEST

/* A .cmd file as kbuild (v6.3+) writes it. */
static const char mmzone_cmd[] =
	"savedcmd_mm/mmzone.o := gcc -Wp,-MMD,mm/.mmzone.o.d -nostdinc -I/src/arch/x86/include -I/src/include "
	"-include /src/include/linux/kconfig.h -D__KERNEL__ -O2 -I/src/mm -Imm "
	"-DKBUILD_MODFILE='\"mm/mmzone\"' -DKBUILD_BASENAME='\"mmzone\"' -DKBUILD_MODNAME='\"mmzone\"' "
	"-D__KBUILD_MODNAME=kmod_mmzone -c -o mm/mmzone.o /src/mm/mmzone.c   ; "
	"./tools/objtool/objtool --foo mm/mmzone.o\n"
	"\n"
	"source_mm/mmzone.o := /src/mm/mmzone.c\n"
	"\n"
	"deps_mm/mmzone.o := \\\n"
	"  /src/include/linux/kconfig.h \\\n"
	"\n"
	"mm/mmzone.o: $(deps_mm/mmzone.o)\n"
	"\n"
	"$(deps_mm/mmzone.o):\n";

static const char *const mmzone_argv[] = {
	"gcc", "-nostdinc", "-I/src/arch/x86/include", "-I/src/include", "-include",
	"/src/include/linux/kconfig.h", "-D__KERNEL__", "-O2",
	/* kbuild's names of the object, as hdrtest's */
	"-DKBUILD_MODFILE=\"hdrtest\"", "-DKBUILD_BASENAME=\"hdrtest\"", "-DKBUILD_MODNAME=\"hdrtest\"",
	"-D__KBUILD_MODNAME=kmod_hdrtest", NULL,
};

static void expect_argv(const struct kbuild_cmd *kc, const char *const *want)
{
	int n;

	for (n = 0; want[n]; n++) {
		ck_assert_msg(n < kc->argc, "only %d words", kc->argc);
		ck_assert_str_eq(kc->argv[n], want[n]);
	}
	ck_assert_int_eq(kc->argc, n);
}

START_TEST(test_extract)
{
	char *kdir = tmp_dir(), *diag;
	struct kbuild_cmd *kc;

	free(put_file(kdir, "mm/.mmzone.o.cmd", mmzone_cmd));
	diag_begin();
	kc = kbuild_cmd_extract(kdir, "mm/mmzone.o");
	diag = diag_end();
	ck_assert_msg(kc != NULL, "%s", diag);
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(kc->object, "mm/mmzone.o");
	expect_argv(kc, mmzone_argv);
	kbuild_cmd_free(kc);
	free(diag);
	free(kdir);
}
END_TEST

/* kernel/bounds.s, compiled during 'make prepare': the fallback when the
 * tree cannot build mm/mmzone.o.  -S and -fverbose-asm go with the rest. */
START_TEST(test_extract_assembly)
{
	static const char *const want[] = { "gcc", "-nostdinc", "-I/src/include", "-D__KERNEL__", "-O2",
					    "-DKBUILD_MODFILE=\"hdrtest\"", NULL };
	char *kdir = tmp_dir(), *diag;
	struct kbuild_cmd *kc;

	free(put_file(kdir, "kernel/.bounds.s.cmd",
		      "savedcmd_kernel/bounds.s := gcc -Wp,-MMD,kernel/.bounds.s.d -nostdinc -I/src/include "
		      "-D__KERNEL__ -O2 -DKBUILD_MODFILE='\"kernel/bounds\"' -fverbose-asm -S "
		      "-o kernel/bounds.s /src/kernel/bounds.c\n"));
	diag_begin();
	kc = kbuild_cmd_extract(kdir, "kernel/bounds.s");
	diag = diag_end();
	ck_assert_msg(kc != NULL, "%s", diag);
	expect_argv(kc, want);
	kbuild_cmd_free(kc);
	free(diag);
	free(kdir);
}
END_TEST

/* Before v6.3 the variable was cmd_<object>. */
START_TEST(test_extract_old_kbuild)
{
	const char *want[] = { "gcc", "-O2", NULL };
	char *kdir = tmp_dir();
	struct kbuild_cmd *kc;

	free(put_file(kdir, "mm/.mmzone.o.cmd",
		      "cmd_mm/mmzone.o := gcc -Wp,-MD,mm/.mmzone.o.d -O2 -c -o mm/mmzone.o /src/mm/mmzone.c\n"));
	kc = kbuild_cmd_extract(kdir, "mm/mmzone.o");
	ck_assert_ptr_nonnull(kc);
	expect_argv(kc, want);
	kbuild_cmd_free(kc);
	free(kdir);
}
END_TEST

/* An object at the top of the build dir. */
START_TEST(test_extract_top_level)
{
	const char *want[] = { "gcc", "-O2", NULL };
	char *kdir = tmp_dir();
	struct kbuild_cmd *kc;

	free(put_file(kdir, ".init.o.cmd",
		      "savedcmd_init.o := gcc -O2 -I/src -I. -c -o init.o /src/init.c\n"));
	kc = kbuild_cmd_extract(kdir, "init.o");
	ck_assert_ptr_nonnull(kc);
	expect_argv(kc, want);
	kbuild_cmd_free(kc);
	free(kdir);
}
END_TEST

static void expect_extract_error(const char *text, const char *fmt)
{
	void *got;
	char *kdir = tmp_dir(), *cmdfile, *diag, *want;

	if (text)
		free(put_file(kdir, "mm/.mmzone.o.cmd", text));
	cmdfile = xasprintf("%s/mm/.mmzone.o.cmd", kdir);
	want = xasprintf(fmt, cmdfile);
	diag_begin();
	got = kbuild_cmd_extract(kdir, "mm/mmzone.o");
	diag = diag_end();
	ck_assert_ptr_null(got);
	ck_assert_str_eq(diag, want);
	ck_assert_int_eq(error_count(), 1);
	free(diag);
	free(want);
	free(cmdfile);
	free(kdir);
}

START_TEST(test_extract_missing_file)
{
	expect_extract_error(NULL, "hdrtest: error: cannot read %s: No such file or directory (was 'make "
				   "mm/mmzone.o' run in that build dir?)\n");
}
END_TEST

START_TEST(test_extract_errors)
{
	expect_extract_error("savedcmd_mm/other.o := gcc -c -o mm/other.o /src/mm/other.c\n",
			     "hdrtest: error: %s: no 'savedcmd_mm/mmzone.o := ' line\n");
	expect_extract_error("savedcmd_mm/mmzone.o := gcc 'oops -c -o mm/mmzone.o /src/mm/mmzone.c\n",
			     "hdrtest: error: %s: cannot split the command for mm/mmzone.o into words\n");
	expect_extract_error("savedcmd_mm/mmzone.o := gcc -c x.c\n",
			     "hdrtest: error: %s: cannot split the command for mm/mmzone.o into words\n");
	expect_extract_error("savedcmd_mm/mmzone.o := gcc -c -o mm/mmzone.o /src/mm/mmzone.S\n",
			     "hdrtest: error: %s: the command for mm/mmzone.o does not end with its .c source\n");
}
END_TEST

Suite *kbuild_cmd_suite(void)
{
	Suite *s = suite_create("kbuild_cmd");
	TCase *sh = tcase_create("shell"), *tc = tcase_create("kbuild");

	tcase_add_test(sh, test_split_plain);
	tcase_add_test(sh, test_split_quotes);
	tcase_add_test(sh, test_split_backslash);
	tcase_add_test(sh, test_split_stops);
	tcase_add_test(sh, test_split_unbalanced);
	tcase_add_loop_test(sh, test_shell_word, 0, sizeof(quoting) / sizeof(quoting[0]));
	suite_add_tcase(s, sh);

	tcase_add_test(tc, test_extract);
	tcase_add_test(tc, test_extract_assembly);
	tcase_add_test(tc, test_extract_old_kbuild);
	tcase_add_test(tc, test_extract_top_level);
	tcase_add_test(tc, test_extract_missing_file);
	tcase_add_test(tc, test_extract_errors);
	suite_add_tcase(s, tc);
	return s;
}

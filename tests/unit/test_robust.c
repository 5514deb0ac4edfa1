// SPDX-License-Identifier: GPL-2.0
/* Hostile input: a NUL byte in a text file is an error at its position,
 * never the end of the file; nesting deeper than the parsers allow is an
 * error, never a stack overflow; empty input takes no undefined path
 * (run under ASan and UBSan by "make unit-tests-asan"). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "catalog/catalog_update.h"
#include "model/cond.h"
#include "catalog/drift.h"
#include "base/files.h"
#include "helpers.h"
#include "generate/kbuild_cmd.h"
#include "model/kconfig.h"
#include "scan/scan.h"
#include "suites.h"
#include "base/util.h"

/* Write n bytes (NULs allowed) to dir/name; returns the path. */
static char *put_bytes(const char *dir, const char *name, const char *data, size_t n)
{
	char *path = put_file(dir, name, "");
	FILE *f = fopen(path, "wb");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(data, 1, n, f), n);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

/* diag must be exactly fmt, whose every %s is path. */
static void expect_diag(const char *diag, const char *fmt, const char *path)
{
	char *want = xasprintf(fmt, path, path, path);

	ck_assert_str_eq(diag, want);
	free(want);
}

/* catalog_read(path) fails, and its first error is exactly fmt (whose
 * %s is path); the later lines may say what followed from it. */
static void expect_catalog_error(char *path, const char *fmt)
{
	struct catalog *cat;
	char *diag, *nl;

	diag_begin();
	cat = catalog_read(&path, 1);
	diag = diag_end();
	ck_assert_ptr_null(cat);
	nl = strchr(diag, '\n');
	if (nl)
		nl[1] = '\0';
	expect_diag(diag, fmt, path);
	free(diag);
}

/* --- a NUL byte ends nothing --- */

static const char nul_catalog[] = "header linux/a.h\n\tflag\tA\n\tfl\0ag\tB\nheader linux/b.h\n\tflag\tC\n";

START_TEST(test_nul_in_catalog)
{
	char *dir = tmp_dir(), *path = put_bytes(dir, "t.cat", nul_catalog, sizeof(nul_catalog) - 1);

	expect_catalog_error(path, "%s:3:4: error: NUL byte in a text file (expected catalog lines)\n");
	free(path);
	free(dir);
}
END_TEST

/* catalog-update with such a catalog: -1 (exit 2), the file as it was. */
START_TEST(test_nul_catalog_update_writes_nothing)
{
	char *dir = tmp_dir(), *path = put_bytes(dir, "t.cat", nul_catalog, sizeof(nul_catalog) - 1), *buf = NULL;
	char *diag, *after;
	struct scan_index *ix = scan_paths(dir, NULL, 0);
	size_t len = 0, alen;
	FILE *out = open_memstream(&buf, &len);
	int stuck;

	diag_begin();
	ck_assert_int_eq(catalog_update(&path, 1, ix, out, &stuck), -1);
	diag = diag_end();
	fclose(out);
	ck_assert_str_eq(buf, "");
	expect_diag(diag, "%s:3:4: error: NUL byte in a text file (expected catalog lines)\n", path);
	after = read_file(path, &alen);
	ck_assert_uint_eq(alen, sizeof(nul_catalog) - 1);
	ck_assert_mem_eq(after, nul_catalog, alen);
	free(after);
	free(diag);
	free(buf);
	scan_free(ix);
	free(path);
	free(dir);
}
END_TEST

START_TEST(test_nul_in_dotconfig)
{
	static const char text[] = "CONFIG_A=y\nCONFIG_B=\0y\nCONFIG_C=y\n";
	char *dir = tmp_dir(), *path = put_bytes(dir, ".config", text, sizeof(text) - 1), *diag;
	struct kconfig *kc;

	diag_begin();
	kc = kconfig_read(path);
	diag = diag_end();
	ck_assert_ptr_null(kc);
	expect_diag(diag, "%s:2:10: error: NUL byte in a text file (expected CONFIG_NAME=value lines)\n", path);
	free(diag);
	free(path);
	free(dir);
}
END_TEST

START_TEST(test_nul_in_kbuild_cmd)
{
	static const char cmd[] = "savedcmd_mm/mmzone.o := gcc -O2 \0-c -o mm/mmzone.o /src/mm/mmzone.c\n";
	char *dir = tmp_dir(), *path = put_bytes(dir, "mm/.mmzone.o.cmd", cmd, sizeof(cmd) - 1), *diag;
	struct kbuild_cmd *kc;

	diag_begin();
	kc = kbuild_cmd_extract(dir, "mm/mmzone.o");
	diag = diag_end();
	ck_assert_ptr_null(kc);
	expect_diag(diag, "%s:1:33: error: NUL byte in a text file (expected kbuild's make syntax)\n", path);
	free(diag);
	free(path);

	free(dir);
}
END_TEST

/* scan: such a header is reported and not indexed at all (scan.h). */
START_TEST(test_nul_in_header)
{
	static const char text[] = "#define BEFORE 1\n\0#define AFTER 2\n";
	char *tree = tmp_dir(), *rel = "include/linux/n.h", *path, *diag;
	struct scan_index *ix;
	struct scan_stats st;

	path = put_bytes(tree, rel, text, sizeof(text) - 1);
	diag_begin();
	ix = scan_paths(tree, &rel, 1);
	diag = diag_end();
	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.unreadable, 1);
	ck_assert_ptr_null(scan_lookup(ix, "BEFORE"));
	ck_assert_ptr_null(scan_lookup(ix, "AFTER"));
	expect_diag(diag, "%s:2:1: error: NUL byte in a text file (expected a C header)\n"
		    "%s:2:1: note: include/linux/n.h is not indexed\n", path);
	free(diag);
	scan_free(ix);
	free(path);
	free(tree);
}
END_TEST

/* --- nesting is limited --- */

/* cond_parse at t.cat:7:1 prints exactly want ("" if it parses) and
 * returns NULL exactly when it printed something. */
static void expect_cond(const char *text, const char *want)
{
	struct loc l = { "t.cat", 7, 1 };
	struct ifexpr *c;
	char *diag;

	diag_begin();
	c = cond_parse(text, &l, NULL, NULL);
	diag = diag_end();
	ck_assert_str_eq(diag, want);
	ck_assert_int_eq(c == NULL, *want != '\0');
	ifexpr_free(c);
	free(diag);
}

START_TEST(test_cond_100000_parens)
{
	char *text = repeat("(", 100000, "CONFIG_A");

	expect_cond(text, "t.cat:7:201: error: condition nested deeper than 200 levels\n");
	free(text);
}
END_TEST

START_TEST(test_cond_1000000_nots)
{
	char *text = repeat("!", 1000000, "CONFIG_A");

	expect_cond(text, "t.cat:7:201: error: condition nested deeper than 200 levels\n");
	free(text);
}
END_TEST

/* Each operator is a level of the tree that ifexpr_free() recurses into. */
START_TEST(test_cond_1000000_operators)
{
	char *text = repeat("CONFIG_A && ", 1000000, "CONFIG_A");

	/* the 200th "&&": column 12 * 199 + 10 */
	expect_cond(text, "t.cat:7:2398: error: condition nested deeper than 200 levels\n");
	free(text);
}
END_TEST

START_TEST(test_cond_200_levels_are_fine)
{
	char *nots = repeat("!", 199, "CONFIG_A"), *chain = repeat("CONFIG_A || ", 199, "CONFIG_A");
	char *parens = repeat("(", 200, "CONFIG_A"), *closed = repeat(")", 200, "");

	expect_cond(nots, "");
	expect_cond(chain, "");
	parens = xrealloc(parens, strlen(parens) + strlen(closed) + 1);
	strcat(parens, closed);
	expect_cond(parens, "");
	free(nots);
	free(chain);
	free(parens);
	free(closed);
}
END_TEST

/* In a catalog, the position is the catalog's. */
START_TEST(test_deep_condition_in_catalog)
{
	char *dir = tmp_dir(), *deep = repeat("(", 100000, "CONFIG_A"), *text, *path;

	text = xasprintf("header linux/a.h\n\tflag\tA\tif %s\n", deep);
	path = put_file(dir, "t.cat", text);
	expect_catalog_error(path, "%s:2:212: error: condition nested deeper than 200 levels\n");
	free(path);
	free(text);
	free(deep);
	free(dir);
}
END_TEST

/* "define Di D(i-1) || D(i-1)" doubles what evaluating Di takes with
 * each line: 40 lines were 2^40 steps (found while fuzzing the catalog). */
START_TEST(test_define_doubling)
{
	char *dir = tmp_dir(), *path;
	struct strbuf sb;
	int i;

	sb_init(&sb);
	sb_add(&sb, "define D0 CONFIG_A\n");
	for (i = 1; i <= 40; i++)
		sb_addf(&sb, "define D%d D%d || D%d\n", i, i - 1, i - 1);
	path = put_file(dir, "t.cat", sb.buf);
	/* D14 is the first with more than 10,000 names: 2^14 */
	expect_catalog_error(path, "%s:15:12: error: define 'D14' with the defines it uses has more than 10000 names\n");
	sb_release(&sb);
	free(path);
	free(dir);
}
END_TEST

/* A chain of defines is as deep as its conditions together. */
START_TEST(test_define_chain)
{
	char *dir = tmp_dir(), *path;
	struct strbuf sb;
	int i;

	sb_init(&sb);
	sb_add(&sb, "define D0 CONFIG_A\n");
	for (i = 1; i <= 300; i++)
		sb_addf(&sb, "define D%d !D%d\n", i, i - 1);
	path = put_file(dir, "t.cat", sb.buf);
	/* Di is i + 1 levels deep */
	expect_catalog_error(path, "%s:101:13: error: define 'D100' with the defines it uses is nested deeper than 200 levels\n");
	sb_release(&sb);
	free(path);
	free(dir);
}
END_TEST

/* scan(header text) with diagnostics; the tree dir in *treep. */
static struct scan_index *scan_text(const char *text, char **diag, char **pathp)
{
	char *tree = tmp_dir(), *rel = "include/linux/d.h";
	struct scan_index *ix;

	*pathp = put_file(tree, rel, text);
	diag_begin();
	ix = scan_paths(tree, &rel, 1);
	*diag = diag_end();
	free(tree);
	return ix;
}

START_TEST(test_scan_deep_if)
{
	char *text = repeat("#if X\n", 300, "#define INSIDE 1\n"), *diag, *path;
	struct scan_index *ix = scan_text(text, &diag, &path);
	struct scan_stats st;

	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.unreadable, 1);
	ck_assert_ptr_null(scan_lookup(ix, "INSIDE"));
	expect_diag(diag, "%s:201:1: error: #if nested deeper than 200 levels\n"
		    "%s:201:1: note: include/linux/d.h is not indexed\n", path);
	free(diag);
	free(path);
	free(text);
	scan_free(ix);
}
END_TEST

START_TEST(test_scan_deep_brackets)
{
	char *open = repeat("(", 1000000, ""), *close = repeat(")", 1000000, ";\n"), *diag, *path, *text;
	struct scan_index *ix;
	struct scan_stats st;

	text = xasprintf("int f%s%s", open, close);
	ix = scan_text(text, &diag, &path);
	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.unreadable, 1);
	/* the 201st '(' */
	expect_diag(diag, "%s:1:206: error: brackets nested deeper than 200 levels\n"
		    "%s:1:206: note: include/linux/d.h is not indexed\n", path);
	free(diag);
	free(path);
	free(text);
	free(open);
	free(close);
	scan_free(ix);
}
END_TEST

/* catalog-update translates a header's #if: 1,000,000 '!' are no
 * catalog condition (NULL), and no stack overflow either. */
START_TEST(test_update_deep_if_expression)
{
	char *tree = tmp_dir(), *rel = "include/linux/d.h", *nots = repeat("!", 1000000, "CONFIG_A"), *text;
	char *path = put_file(tree, "t.cat", "# no headers\n");
	struct catalog *cat = catalog_read(&path, 1);
	const struct scan_def *d;
	struct scan_index *ix;

	text = xasprintf("#if %s\n#define DEEP 1\n#endif\n", nots);
	free(put_file(tree, rel, text));
	ix = scan_paths(tree, &rel, 1);
	d = scan_lookup(ix, "DEEP");
	ck_assert_ptr_nonnull(d);
	ck_assert_ptr_null(catalog_update_condition(cat, &d, 1));
	catalog_free(cat);
	scan_free(ix);
	free(path);
	free(text);
	free(nots);
	free(tree);
}
END_TEST

/* --- found by fuzzing --- */

/* ".macro" (assembler) inside an include guard whose #endif does not end
 * the file: both reasons to scan again at once looped forever. */
START_TEST(test_scan_asm_in_broken_guard_ends)
{
	char *diag, *path;
	struct scan_index *ix = scan_text("#ifndef G\n#define G\n.macro X\n#endif\nint x;\n", &diag, &path);
	const struct scan_def *d = scan_lookup(ix, "G");

	ck_assert_str_eq(diag, "");
	/* no guard after all: G is an ordinary macro under its #ifndef */
	ck_assert_ptr_nonnull(d);
	ck_assert_ptr_nonnull(d->cond);
	free(diag);
	free(path);
	scan_free(ix);
}
END_TEST

/* --- empty input (qsort and memcpy of nothing, under UBSan) --- */

START_TEST(test_scan_nothing)
{
	char *tree = tmp_dir(), *tsv;
	struct scan_index *ix = scan_paths(tree, NULL, 0);
	struct scan_stats st;

	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.files, 0);
	tsv = scan_tsv(ix);
	ck_assert_str_eq(tsv, "");
	free(tsv);
	scan_free(ix);
	free(tree);
}
END_TEST

START_TEST(test_scan_header_without_definitions)
{
	char *diag, *path, *tsv;
	struct scan_index *ix = scan_text("/* nothing here */\n", &diag, &path);

	ck_assert_str_eq(diag, "");
	tsv = scan_tsv(ix);
	ck_assert_str_eq(tsv, "");
	free(tsv);
	free(diag);
	free(path);
	scan_free(ix);
}
END_TEST

START_TEST(test_drift_of_empty_catalog)
{
	char *tree = tmp_dir(), *path = put_file(tree, "t.cat", "# no headers\n");
	struct scan_index *ix = scan_paths(tree, NULL, 0);
	struct catalog *cat = catalog_read(&path, 1);
	struct drift_report *rep;

	ck_assert_ptr_nonnull(cat);
	rep = drift_check(cat, ix);
	ck_assert_int_eq(rep->n, 0);
	drift_report_free(rep);
	catalog_free(cat);
	scan_free(ix);
	free(path);
	free(tree);
}
END_TEST

/* A control character in outside text is written as cat -v writes it;
 * a newline and a tab stay, everything else is kept byte for byte. */
START_TEST(test_printable_text)
{
	char *s = printable_text("a\033[31mred\033[0m\tb\nc\r\x7f\x01\xc3\xa9");

	ck_assert_str_eq(s, "a^[[31mred^[[0m\tb\nc^M^?^A\xc3\xa9");
	free(s);
	s = printable_text("");
	ck_assert_str_eq(s, "");
	free(s);
}
END_TEST

/* For a one-line field (a patch's subject, a git identity) a newline and
 * a tab are in caret notation too. */
START_TEST(test_printable_line)
{
	char *s = printable_line("a\033[2K\tb\nc\r\x7f\xc3\xa9");

	ck_assert_str_eq(s, "a^[[2K^Ib^Jc^M^?\xc3\xa9");
	free(s);
}
END_TEST

/* An error message naming something from outside (a patch's file name)
 * reaches the terminal in caret notation, its file name too. */
START_TEST(test_error_message_printable)
{
	struct loc loc = { "0001-\033[1A.patch", 2, 3 };
	char *msg;

	diag_begin();
	error("cannot read %s: %s", "dir/0001-\033[2K.patch", "No such file");
	error_at(&loc, "expected %s", "a\rb");
	note_at(&loc, "tab\tand\nline stay");
	msg = diag_end();
	ck_assert_str_eq(msg, "hdrtest: error: cannot read dir/0001-^[[2K.patch: No such file\n"
			      "0001-^[[1A.patch:2:3: error: expected a^Mb\n"
			      "0001-^[[1A.patch:2:3: note: tab\tand\nline stay\n");
	ck_assert_int_eq(error_count(), 2);
	free(msg);
}
END_TEST

/* The UTF-8 sequences a JSON or XML writer keeps, and those it replaces:
 * overlong forms, surrogates, past U+10FFFF, cut short. */
START_TEST(test_utf8_len)
{
	static const struct {
		const char *s;
		int len;
		unsigned int cp;
	} cases[] = {
		{ "a", 1, 'a' },
		{ "", 1, 0 },
		{ "\xc3\xa9", 2, 0xe9 },
		{ "\xe2\x82\xac", 3, 0x20ac },
		{ "\xf0\x9f\x98\x80", 4, 0x1f600 },
		{ "\xf4\x8f\xbf\xbf", 4, 0x10ffff },
		{ "\xef\xbf\xbd", 3, 0xfffd },
		{ "\xe9", 0, 0 },			/* Latin-1 é */
		{ "\xe9t\xe9", 0, 0 },		/* the same, not taken as a sequence */
		{ "\x80", 0, 0 },			/* a continuation byte alone */
		{ "\xc0\xaf", 0, 0 },		/* overlong '/' */
		{ "\xc1\xbf", 0, 0 },
		{ "\xe0\x80\xaf", 0, 0 },		/* overlong, 3 bytes */
		{ "\xf0\x80\x80\xaf", 0, 0 },	/* overlong, 4 bytes */
		{ "\xed\xa0\x80", 0, 0 },		/* a surrogate */
		{ "\xf4\x90\x80\x80", 0, 0 },	/* past U+10FFFF */
		{ "\xf8\x88\x80\x80\x80", 0, 0 },
		{ "\xe2\x82", 0, 0 },		/* cut short by the end */
		{ "\xf0\x9f\x98", 0, 0 },
		{ "\xe2\x82" "a", 0, 0 },		/* cut short by an ASCII byte */
	};
	unsigned int i, cp;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cp = 0xdead;
		ck_assert_msg(utf8_len(cases[i].s, &cp) == cases[i].len, "case %u: %d", i, utf8_len(cases[i].s, NULL));
		if (cases[i].len)
			ck_assert_msg(cp == cases[i].cp, "case %u: U+%04X", i, cp);
	}
}
END_TEST

Suite *robust_suite(void)
{
	Suite *s = suite_create("robust");
	TCase *nul = tcase_create("nul-byte");
	TCase *depth = tcase_create("nesting");
	TCase *empty = tcase_create("empty-input");
	TCase *fuzzed = tcase_create("found-by-fuzzing");
	TCase *outside = tcase_create("outside-text");

	tcase_add_test(nul, test_nul_in_catalog);
	tcase_add_test(nul, test_nul_catalog_update_writes_nothing);
	tcase_add_test(nul, test_nul_in_dotconfig);
	tcase_add_test(nul, test_nul_in_kbuild_cmd);
	tcase_add_test(nul, test_nul_in_header);
	tcase_add_test(depth, test_cond_100000_parens);
	tcase_add_test(depth, test_cond_1000000_nots);
	tcase_add_test(depth, test_cond_1000000_operators);
	tcase_add_test(depth, test_cond_200_levels_are_fine);
	tcase_add_test(depth, test_deep_condition_in_catalog);
	tcase_add_test(depth, test_define_doubling);
	tcase_add_test(depth, test_define_chain);
	tcase_add_test(depth, test_scan_deep_if);
	tcase_add_test(depth, test_scan_deep_brackets);
	tcase_add_test(depth, test_update_deep_if_expression);
	/* ASan makes the million-level inputs slow */
	tcase_set_timeout(depth, 60);
	tcase_add_test(empty, test_scan_nothing);
	tcase_add_test(empty, test_scan_header_without_definitions);
	tcase_add_test(empty, test_drift_of_empty_catalog);
	tcase_add_test(empty, test_printable_text);
	suite_add_tcase(s, nul);
	suite_add_tcase(s, depth);
	suite_add_tcase(s, empty);
	tcase_add_test(fuzzed, test_scan_asm_in_broken_guard_ends);
	suite_add_tcase(s, fuzzed);
	tcase_add_test(outside, test_printable_line);
	tcase_add_test(outside, test_error_message_printable);
	tcase_add_test(outside, test_utf8_len);
	suite_add_tcase(s, outside);
	return s;
}

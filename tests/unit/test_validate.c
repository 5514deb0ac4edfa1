// SPDX-License-Identifier: GPL-2.0
/* What the catalog may contain: identifiers, header paths, C types and
 * signatures, each rejected with an exact message and column. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "base/util.h"
#include "model/validate.h"

/* Every text below starts at column 10 of line 2. */
static const struct loc at10 = { "t.cat", 2, 10 };

/* Expect exactly one diagnostic, msg (without the newline). */
static void expect_diag(char *diag, const char *msg)
{
	char *want = xasprintf("%s\n", msg);

	ck_assert_str_eq(diag, want);
	ck_assert_int_eq(error_count(), 1);
	free(want);
	free(diag);
}

START_TEST(test_is_identifier)
{
	ck_assert(is_identifier("a"));
	ck_assert(is_identifier("_"));
	ck_assert(is_identifier("page_to_virt"));
	ck_assert(is_identifier("CONFIG_X86_64"));
	ck_assert(is_identifier("__folio_put2"));
	ck_assert(!is_identifier(""));
	ck_assert(!is_identifier("1abc"));
	ck_assert(!is_identifier("a-b"));
	ck_assert(!is_identifier("a b"));
	ck_assert(!is_identifier("a.b"));
	ck_assert(!is_identifier("caf\xc3\xa9"));
}
END_TEST

/* Whether check_chars takes s in the class ok. */
static int chars_ok(const char *s, char_class_fn ok)
{
	int rc;

	diag_begin();
	rc = check_chars(s, &at10, "a word", ok);
	free(diag_end());
	return rc == 0;
}

/* Names of arches and configs, which are also used in paths and make
 * variables. */
static int cell_name_ok(const char *s)
{
	return chars_ok(s, cell_name_chars);
}

START_TEST(test_cell_name_chars)
{
	ck_assert(cell_name_ok("x86_64"));
	ck_assert(cell_name_ok("arm64-llvm"));
	ck_assert(cell_name_ok("gcc.13+lto"));
	ck_assert(cell_name_ok("_x"));
	ck_assert(cell_name_ok("9"));
	ck_assert(!cell_name_ok("-x"));
	ck_assert(!cell_name_ok(".x"));
	ck_assert(!cell_name_ok("a/b"));
	ck_assert(!cell_name_ok("a b"));
	ck_assert(!cell_name_ok("a$b"));
}
END_TEST

/* A make target and a CROSS_COMPILE prefix reach a command line: one that
 * begins with '-' would be read as an option (make -j99). */
START_TEST(test_no_leading_dash)
{
	ck_assert(chars_ok("defconfig", target_chars));
	ck_assert(chars_ok("nommu_k210_defconfig", target_chars));
	ck_assert(chars_ok("a-b.c", target_chars));
	ck_assert(!chars_ok("-j99", target_chars));
	ck_assert(!chars_ok("-", target_chars));
	ck_assert(chars_ok("aarch64-linux-gnu-", toolchain_chars));
	ck_assert(chars_ok("x86_64-linux-gnu-", toolchain_chars));
	ck_assert(!chars_ok("-x-", toolchain_chars));
	ck_assert(!chars_ok("--version-", toolchain_chars));
}
END_TEST

/* m4 reads a name as [A-Za-z_][A-Za-z0-9_]* and anything else one byte at
 * a time: the names it would look up in each text, and where the first
 * one beginning with m4_ starts (-1: none). */
static const struct {
	const char *s;
	int at, len;
} m4_names[] = {
	{ "m4_dnl", 0, 6 },
	{ "m4_dnl unsigned long", 0, 6 },
	{ "struct m4_divert *", 7, 9 },
	{ "char [1m4_dnl]", 7, 6 },	/* "1" is not a name: m4_dnl starts after it */
	{ "linux/m4_x.h", 6, 4 },
	{ "a,m4_", 2, 3 },
	{ "xm4_dnl", -1, 0 },		/* one name, xm4_dnl */
	{ "_m4_dnl", -1, 0 },
	{ "0xm4_dnl", -1, 0 },		/* "0", then the name xm4_dnl */
	{ "foo_m4_bar", -1, 0 },
	{ "M4_DNL", -1, 0 },		/* m4 is case-sensitive */
	{ "m4", -1, 0 },
	{ "m4dnl", -1, 0 },
	{ "CONFIG_m4_x", -1, 0 },
	{ "", -1, 0 },
};

START_TEST(test_m4_reserved_name)
{
	int len = -1;
	const char *p = m4_reserved_name(m4_names[_i].s, &len);

	if (m4_names[_i].at < 0) {
		ck_assert_msg(p == NULL, "'%s': found a reserved name at %d", m4_names[_i].s,
			      p ? (int)(p - m4_names[_i].s) : -1);
		return;
	}
	ck_assert_msg(p != NULL, "'%s': no reserved name found", m4_names[_i].s);
	ck_assert_int_eq(p - m4_names[_i].s, m4_names[_i].at);
	ck_assert_int_eq(len, m4_names[_i].len);
}
END_TEST

START_TEST(test_check_m4_names)
{
	int rc;

	diag_begin();
	rc = check_m4_names("struct xm4_a", &at10);
	free(diag_end());
	ck_assert_int_eq(rc, 0);
	diag_begin();
	rc = check_m4_names("char [1m4_dnl]", &at10);
	expect_diag(diag_end(), "t.cat:2:17: error: 'm4_dnl' is reserved for hdrtest's m4 templates: "
		    "no name in the catalog may begin with m4_");
	ck_assert_int_eq(rc, -1);
}
END_TEST

START_TEST(test_check_identifier_ok)
{
	int rc;

	diag_begin();
	rc = check_identifier("folio_put", &at10, "a symbol name");
	free(diag_end());
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(error_count(), 0);
}
END_TEST

static const struct {
	const char *s, *msg;
} bad_identifiers[] = {
	{ "", "t.cat:2:10: error: expected a symbol name (a C identifier)" },
	{ "1abc", "t.cat:2:10: error: expected a symbol name (a C identifier), found '1' in '1abc'" },
	{ "foo-bar", "t.cat:2:13: error: expected a symbol name (a C identifier), found '-' in 'foo-bar'" },
	{ "a.b", "t.cat:2:11: error: expected a symbol name (a C identifier), found '.' in 'a.b'" },
};

START_TEST(test_check_identifier_errors)
{
	int rc;

	diag_begin();
	rc = check_identifier(bad_identifiers[_i].s, &at10, "a symbol name");
	expect_diag(diag_end(), bad_identifiers[_i].msg);
	ck_assert_int_eq(rc, -1);
}
END_TEST

START_TEST(test_header_path_ok)
{
	static const char *const good[] = { "linux/mm.h", "a.h", "asm-generic/page.h", "linux/mm/folio_size.h",
					    "x/y+z_1.2.h" };
	char *diag;
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		int rc;

		diag_begin();
		rc = check_header_path(good[i], &at10);
		diag = diag_end();
		ck_assert_msg(rc == 0, "%s rejected: %s", good[i], diag);
		free(diag);
	}
}
END_TEST

static const struct {
	const char *s, *msg;
} bad_paths[] = {
	{ "/linux/mm.h",
	  "t.cat:2:10: error: expected a relative header path (no leading or doubled '/'), found '/linux/mm.h'" },
	{ "linux//mm.h",
	  "t.cat:2:16: error: expected a relative header path (no leading or doubled '/'), found 'linux//mm.h'" },
	{ "../mm.h", "t.cat:2:10: error: expected a header path without '.' or '..' components, found '../mm.h'" },
	{ "linux/../mm.h",
	  "t.cat:2:16: error: expected a header path without '.' or '..' components, found 'linux/../mm.h'" },
	{ "./mm.h", "t.cat:2:10: error: expected a header path without '.' or '..' components, found './mm.h'" },
	{ "linux/./mm.h",
	  "t.cat:2:16: error: expected a header path without '.' or '..' components, found 'linux/./mm.h'" },
	{ "linux/mm.c", "t.cat:2:10: error: expected a header path ending in .h, found 'linux/mm.c'" },
	{ "linux/mm", "t.cat:2:10: error: expected a header path ending in .h, found 'linux/mm'" },
	{ ".h", "t.cat:2:10: error: expected a header path ending in .h, found '.h'" },
	{ "", "t.cat:2:10: error: expected a header path ending in .h, found ''" },
	{ "linux/mm$.h", "t.cat:2:18: error: expected a header path, found '$' in 'linux/mm$.h'" },
	{ "linux\\mm.h", "t.cat:2:15: error: expected a header path, found '\\' in 'linux\\mm.h'" },
	{ "linux/m\"m.h", "t.cat:2:17: error: expected a header path, found '\"' in 'linux/m\"m.h'" },
};

START_TEST(test_header_path_errors)
{
	int rc;

	diag_begin();
	rc = check_header_path(bad_paths[_i].s, &at10);
	expect_diag(diag_end(), bad_paths[_i].msg);
	ck_assert_int_eq(rc, -1);
}
END_TEST

static const struct {
	const char *in, *out;
} types[] = {
	{ "int", "int" },
	{ "struct   page*", "struct page *" },
	{ "const struct page *", "const struct page *" },
	{ "  unsigned   long  ", "unsigned long" },
	{ "\tunsigned\tlong\tlong", "unsigned long long" },
	{ "char*const*", "char *const *" },
	{ "void (*)(int,int)", "void (*)(int, int)" },
	{ "void(*)( int , int )", "void (*)(int, int)" },
	{ "int [ 4 ]", "int[4]" },
	{ "int (*)[4]", "int (*)[4]" },
	{ "struct page *[2]", "struct page *[2]" },
	{ "void (*(*)(int))(void)", "void (*(*)(int))(void)" },
	{ "pg_data_t *", "pg_data_t *" },
};

START_TEST(test_parse_type_canonical)
{
	char *t, *diag;

	diag_begin();
	t = parse_type(types[_i].in, strlen(types[_i].in), &at10);
	diag = diag_end();
	ck_assert_msg(t != NULL, "'%s' rejected: %s", types[_i].in, diag);
	ck_assert_str_eq(t, types[_i].out);
	ck_assert_str_eq(diag, "");
	free(t);
	free(diag);
}
END_TEST

/* Only text[0..len) is looked at. */
START_TEST(test_parse_type_length)
{
	char *t = parse_type("long; junk", 4, &at10);

	ck_assert_str_eq(t, "long");
	free(t);
}
END_TEST

#define PUNCT_MSG " (only identifiers, '*', '(', ')', '[', ']' and ',' may appear in a type)"

static const struct {
	const char *s, *msg;
} bad_types[] = {
	{ "int;", "t.cat:2:13: error: expected a C type, found ';'" PUNCT_MSG },
	{ "struct { int x; }", "t.cat:2:17: error: expected a C type, found '{'" PUNCT_MSG },
	{ "int #x", "t.cat:2:14: error: expected a C type, found '#'" PUNCT_MSG },
	{ "char \"x\"", "t.cat:2:15: error: expected a C type, found '\"'" PUNCT_MSG },
	{ "char 'x'", "t.cat:2:15: error: expected a C type, found '''" PUNCT_MSG },
	{ "int `x`", "t.cat:2:14: error: expected a C type, found '`'" PUNCT_MSG },
	{ "unsigned-long", "t.cat:2:18: error: expected a C type, found '-'" PUNCT_MSG },
	{ "int $", "t.cat:2:14: error: expected a C type, found '$'" PUNCT_MSG },
	/* the m4 quote characters, and any other byte above 0x7f */
	{ "\xe2\x9f\xa6int", "t.cat:2:10: error: expected a C type, found a non-ASCII byte" },
	{ "int \xe2\x9f\xa7", "t.cat:2:14: error: expected a C type, found a non-ASCII byte" },
	{ "caf\xc3\xa9", "t.cat:2:13: error: expected a C type, found a non-ASCII byte" },
	{ "int (", "t.cat:2:15: error: expected a C type, found unbalanced '('" },
	{ "int [", "t.cat:2:15: error: expected a C type, found unbalanced '['" },
	{ "int )", "t.cat:2:14: error: expected a C type, found unbalanced ')'" },
	{ "int (]", "t.cat:2:15: error: expected a C type, found unbalanced ']'" },
	{ "int [)", "t.cat:2:15: error: expected a C type, found unbalanced ')'" },
	{ "void (*)(int", "t.cat:2:22: error: expected a C type, found unbalanced '('" },
	{ "", "t.cat:2:10: error: expected a C type, found nothing" },
	{ "   ", "t.cat:2:13: error: expected a C type, found nothing" },
	{ "*", "t.cat:2:10: error: expected a C type, found no type name" },
	{ "  * 4", "t.cat:2:12: error: expected a C type, found no type name" },
	{ "int, long", "t.cat:2:13: error: expected a C type, found ',' outside parentheses" },
};

START_TEST(test_parse_type_errors)
{
	char *t;

	diag_begin();
	t = parse_type(bad_types[_i].s, strlen(bad_types[_i].s), &at10);
	expect_diag(diag_end(), bad_types[_i].msg);
	ck_assert_ptr_null(t);
}
END_TEST

START_TEST(test_parse_type_too_deep)
{
	struct strbuf sb;
	char *t;
	int i;

	sb_init(&sb);
	sb_add(&sb, "int ");
	for (i = 0; i < 65; i++)
		sb_addc(&sb, '(');
	diag_begin();
	t = parse_type(sb.buf, sb.len, &at10);
	/* the 65th '(' is at offset 4 + 64 */
	expect_diag(diag_end(), "t.cat:2:78: error: type nests too deeply");
	ck_assert_ptr_null(t);
	sb_release(&sb);
}
END_TEST

static void free_sig(char *ret, char **args, int nargs)
{
	while (nargs)
		free(args[--nargs]);
	free(args);
	free(ret);
}

static const struct {
	const char *in, *ret;
	int nargs;
	const char *args[3];
} sigs[] = {
	{ "int (struct page *, unsigned long)", "int", 2, { "struct page *", "unsigned long" } },
	{ "void(void)", "void", 0, { NULL } },
	{ "void ( void )", "void", 0, { NULL } },
	{ "struct page*(const struct folio*)", "struct page *", 1, { "const struct folio *" } },
	{ "u8 (const struct page *)", "u8", 1, { "const struct page *" } },
	{ "void (void (*)(int,int), int)", "void", 2, { "void (*)(int, int)", "int" } },
	{ "int (int (*)(void), void *)", "int", 2, { "int (*)(void)", "void *" } },
	{ "int (int [4], char *)", "int", 2, { "int[4]", "char *" } },
	{ "void (*)(int) (long)", "void (*)(int)", 1, { "long" } },
	{ "bool (struct folio *, int)", "bool", 2, { "struct folio *", "int" } },
};

START_TEST(test_parse_signature)
{
	char *ret, **args, *diag;
	int nargs, i, rc;

	diag_begin();
	rc = parse_signature(sigs[_i].in, strlen(sigs[_i].in), &at10, &ret, &args, &nargs);
	diag = diag_end();
	ck_assert_msg(rc == 0, "'%s' rejected: %s", sigs[_i].in, diag);
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(ret, sigs[_i].ret);
	ck_assert_int_eq(nargs, sigs[_i].nargs);
	for (i = 0; i < nargs; i++)
		ck_assert_str_eq(args[i], sigs[_i].args[i]);
	if (!nargs)
		ck_assert_ptr_null(args);
	free_sig(ret, args, nargs);
	free(diag);
}
END_TEST

static const struct {
	const char *s, *msg;
} bad_sigs[] = {
	{ "void ()",
	  "t.cat:2:16: error: expected argument types; write (void) for a function without arguments" },
	{ "int (void, int)", "t.cat:2:15: error: 'void' may only stand alone in an argument list" },
	{ "int (int, void)", "t.cat:2:20: error: 'void' may only stand alone in an argument list" },
	{ "int", "t.cat:2:13: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'" },
	{ "", "t.cat:2:10: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'" },
	{ "int (int", "t.cat:2:18: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'" },
	{ "(int)", "t.cat:2:10: error: expected a return type before the argument list" },
	{ "int int)", "t.cat:2:17: error: expected a C type, found unbalanced ')'" },
	{ "int) (int)", "t.cat:2:13: error: expected a C type, found unbalanced ')'" },
	{ "* (int)", "t.cat:2:10: error: expected a C type, found no type name" },
	{ "int (int,)", "t.cat:2:19: error: expected a C type, found nothing" },
	{ "int (,int)", "t.cat:2:15: error: expected a C type, found nothing" },
	{ "int (int;)", "t.cat:2:18: error: expected a C type, found ';'" PUNCT_MSG },
	{ "int (int {)", "t.cat:2:19: error: expected a C type, found '{'" PUNCT_MSG },
	{ "int (\xe2\x9f\xa6)", "t.cat:2:15: error: expected a C type, found a non-ASCII byte" },
};

START_TEST(test_parse_signature_errors)
{
	char *ret = (char *)1, **args = (char **)1;
	int nargs = 1, rc;

	diag_begin();
	rc = parse_signature(bad_sigs[_i].s, strlen(bad_sigs[_i].s), &at10, &ret, &args, &nargs);
	expect_diag(diag_end(), bad_sigs[_i].msg);
	ck_assert_int_eq(rc, -1);
	/* nothing is handed back on failure */
	ck_assert_ptr_null(ret);
	ck_assert_ptr_null(args);
	ck_assert_int_eq(nargs, 0);
}
END_TEST

START_TEST(test_type_is_simple)
{
	ck_assert(type_is_simple("int"));
	ck_assert(type_is_simple("struct page *"));
	ck_assert(type_is_simple("char *const *"));
	ck_assert(!type_is_simple("void (*)(int, int)"));
	ck_assert(!type_is_simple("int[4]"));
	ck_assert(!type_is_simple("int (*)[4]"));
}
END_TEST

Suite *validate_suite(void)
{
	Suite *s = suite_create("validate");
	TCase *names = tcase_create("names"), *tc = tcase_create("types");

	tcase_add_test(names, test_is_identifier);
	tcase_add_test(names, test_cell_name_chars);
	tcase_add_test(names, test_no_leading_dash);
	tcase_add_loop_test(names, test_m4_reserved_name, 0, sizeof(m4_names) / sizeof(m4_names[0]));
	tcase_add_test(names, test_check_m4_names);
	tcase_add_test(names, test_check_identifier_ok);
	tcase_add_loop_test(names, test_check_identifier_errors, 0,
			    sizeof(bad_identifiers) / sizeof(bad_identifiers[0]));
	tcase_add_test(names, test_header_path_ok);
	tcase_add_loop_test(names, test_header_path_errors, 0, sizeof(bad_paths) / sizeof(bad_paths[0]));
	suite_add_tcase(s, names);

	tcase_add_loop_test(tc, test_parse_type_canonical, 0, sizeof(types) / sizeof(types[0]));
	tcase_add_test(tc, test_parse_type_length);
	tcase_add_loop_test(tc, test_parse_type_errors, 0, sizeof(bad_types) / sizeof(bad_types[0]));
	tcase_add_test(tc, test_parse_type_too_deep);
	tcase_add_loop_test(tc, test_parse_signature, 0, sizeof(sigs) / sizeof(sigs[0]));
	tcase_add_loop_test(tc, test_parse_signature_errors, 0, sizeof(bad_sigs) / sizeof(bad_sigs[0]));
	tcase_add_test(tc, test_type_is_simple);
	suite_add_tcase(s, tc);
	return s;
}

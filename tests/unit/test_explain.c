// SPDX-License-Identifier: GPL-2.0
/* Why a TU fails, from gcc's and clang's diagnostics and a scanned tree. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fix/fix.h"
#include "judge/explain.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

static char *tree;
static struct scan_index *ix;

static void setup(void)
{
	tree = tmp_dir();
	free(put_file(tree, "include/linux/a.h",
		      "#ifndef A_H\n#define A_H\n"
		      "#define a_macro(x) b_fn(x)\n"
		      "int a_proto(struct thing *t);\n"
		      "static inline int a_fn(int x) { return b_fn(x); }\n"
		      "#endif\n"));
	free(put_file(tree, "include/linux/b.h",
		      "#ifndef B_H\n#define B_H\nint b_fn(int x);\nstruct thing { int x; };\n#endif\n"));
	free(put_file(tree, "include/linux/c.h", "#ifndef C_H\n#define C_H\n#include <linux/b.h>\n#endif\n"));
	/* u8: ACPICA's own typedef, lighter (no include, no #if), and the
	 * kernel's, as linux/types.h has it (under #ifndef __ASSEMBLY__) */
	free(put_file(tree, "include/acpi/actypes.h", "typedef unsigned char u8;\n"));
	free(put_file(tree, "include/linux/types.h",
		      "#ifndef T_H\n#define T_H\n#include <linux/b.h>\n#include <linux/c.h>\n"
		      "#ifndef __ASSEMBLY__\ntypedef unsigned char u8;\n#endif\n#endif\n"));
	free(put_file(tree, "include/linux/mm/page_kasan_tag.h",
		      "#ifndef PKT_H\n#define PKT_H\nstruct page;\n"
		      "static inline u8 page_kasan_tag(const struct page *page) { return 0xff; }\n#endif\n"));
	free(put_file(tree, "include/net/lite.h", "static inline u8 lite(void) { return 0; }\n"));
	/* PAGE_SIZE: one arch's asm/, and raid/pq.h's for its user-space build */
	free(put_file(tree, "arch/x86/include/asm/page_types.h", "#define PG_SIZE 4096\n"));
	free(put_file(tree, "include/linux/raid/pq.h", "#ifndef __KERNEL__\n#define PG_SIZE 4096\n#endif\n"));
	free(put_file(tree, "include/linux/pg.h", "static inline unsigned long pg(void) { return PG_SIZE; }\n"));
	ix = scan_tree(tree);
	ck_assert_ptr_nonnull(ix);
}

static void teardown(void)
{
	scan_free(ix);
	free(tree);
}

/* A TU of header in a cell at /out/x whose tree is the fixture, failing
 * with log; free f->t.log. */
struct failing {
	struct sym_result sym;
	struct tu_result t;
	struct cell_result c;
};

static void failing(struct failing *f, const char *header, const char *log, const char *diagnosed)
{
	char *text = xstrdup(log), *p;

	memset(f, 0, sizeof(*f));
	/* the fixture's tree stands where the log says /src */
	while ((p = strstr(text, "/src/"))) {
		char *n = xasprintf("%.*s%s/%s", (int)(p - text), text, tree, p + 5);

		free(text);
		text = n;
	}
	f->sym.name = (char *)"a_fn";
	f->sym.kind = (char *)"func";
	f->sym.use = (char *)"used";
	f->sym.cond = (char *)"";
	f->sym.diagnosed = diagnosed != NULL;
	f->t.header = (char *)header;
	f->t.verdict = V_FAIL;
	f->t.log = text;
	f->t.syms = &f->sym;
	f->t.nsyms = 1;
	f->c.dir = (char *)"/out/x";
	f->c.srctree = tree;
}

/* Explain log for header. */
static char *explain(const char *header, const char *log, const char *diagnosed)
{
	struct failing f;
	char *why;

	failing(&f, header, log, diagnosed);
	why = explain_failure(&f.t, &f.c, ix);
	free(f.t.log);
	return why;
}

/* The overlay's copy of the culprit is what the compiler read: its own
 * #include lines say whether it includes the definer, not one in a
 * comment. */
START_TEST(test_overlay_copy_includes)
{
	char *ov = tmp_dir();
	struct sym_result sym = { (char *)"a_fn", (char *)"func", (char *)"used", (char *)"", 0 };
	struct tu_result t = { 0 };
	struct cell_result c = { 0 };
	struct explain_info *e;
	char *log = xasprintf("%s/include/linux/a.h:3:20: error: implicit declaration of function 'b_fn' "
			      "[-Werror=implicit-function-declaration]\n", tree);

	t.header = (char *)"linux/a.h";
	t.verdict = V_FAIL;
	t.log = log;
	t.syms = &sym;
	t.nsyms = 1;
	c.dir = (char *)"/out/x";
	c.srctree = tree;
	c.overlay = ov;
	free(put_file(ov, "linux/a.h", "/*\n#include <linux/b.h>\n */\nint a;\n"));
	e = explain_analyze(&t, &c, ix);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->included, 0);
	explain_info_free(e);
	free(put_file(ov, "linux/a.h", "#  include \\\n <linux/b.h> // b_fn\nint a;\n"));
	e = explain_analyze(&t, &c, ix);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->included, 1);
	explain_info_free(e);
	free(log);
	free(ov);
}
END_TEST

START_TEST(test_macro_body_blames_its_header)
{
	char *why = explain("linux/a.h",
			    "/src/include/linux/a.h:3:20: error: implicit declaration of function 'b_fn' "
			    "[-Werror=implicit-function-declaration]\n"
			    "/out/x/linux/a.c:10:9: note: in expansion of macro 'a_macro'\n",
			    NULL);

	ck_assert_str_eq(why, "linux/a.h: a_macro() uses b_fn(), defined in linux/b.h, which a.h does not include");
	free(why);
}
END_TEST

START_TEST(test_function_context)
{
	char *why = explain("linux/a.h",
			    "/src/include/linux/a.h: In function 'a_fn':\n"
			    "/src/include/linux/a.h:5:41: error: implicit declaration of function 'b_fn'\n",
			    NULL);

	ck_assert_str_eq(why, "linux/a.h: a_fn() uses b_fn(), defined in linux/b.h, which a.h does not include");
	free(why);
}
END_TEST

/* Every missing name of a log, in order: the nth explained diagnostic. */
START_TEST(test_nth_missing_name)
{
	const char *log = "/src/include/linux/a.h: In function 'a_fn':\n"
			  "/src/include/linux/a.h:5:41: error: implicit declaration of function 'b_fn'\n"
			  "/src/include/linux/a.h:4:21: warning: 'struct thing' declared inside parameter list "
			  "will not be visible outside of this definition or declaration\n";
	struct tu_result t = { 0 };
	struct cell_result c = { 0 };
	struct explain_info *e;
	char *text = xstrdup(log), *p;

	while ((p = strstr(text, "/src/"))) {
		char *n = xasprintf("%.*s%s/%s", (int)(p - text), text, tree, p + 5);

		free(text);
		text = n;
	}
	t.header = (char *)"linux/a.h";
	t.verdict = V_FAIL;
	t.log = text;
	c.dir = (char *)"/out/x";
	c.srctree = tree;
	e = explain_analyze_nth(&t, &c, ix, 0);
	ck_assert_str_eq(e->missing, "b_fn");
	ck_assert_str_eq(e->culprit, "linux/a.h");
	ck_assert_int_eq(e->use_line, 5);
	ck_assert_int_eq(e->pointer_only, 0);
	explain_info_free(e);
	e = explain_analyze_nth(&t, &c, ix, 1);
	ck_assert_str_eq(e->missing, "struct thing");
	ck_assert_int_eq(e->pointer_only, 1);
	explain_info_free(e);
	ck_assert_ptr_null(explain_analyze_nth(&t, &c, ix, 2));
	free(text);
}
END_TEST

/* At file scope the prototype the error is in is the user. */
START_TEST(test_struct_in_prototype)
{
	char *why = explain("linux/a.h",
			    "/src/include/linux/a.h:4:21: warning: 'struct thing' declared inside parameter list "
			    "will not be visible outside of this definition or declaration\n",
			    NULL);

	ck_assert_str_eq(why, "linux/a.h: a_proto() uses struct thing, defined in linux/b.h, which a.h does not "
			      "include");
	free(why);
}
END_TEST

/* An error in an included header names that header. */
START_TEST(test_via_included_header)
{
	char *why = explain("linux/c.h",
			    "/src/include/linux/a.h: In function 'a_fn':\n"
			    "/src/include/linux/a.h:5:41: error: implicit declaration of function 'b_fn'\n",
			    NULL);

	ck_assert_str_eq(why, "linux/c.h: via linux/a.h: a_fn() uses b_fn(), defined in linux/b.h, which a.h does "
			      "not include");
	free(why);
}
END_TEST

/* clang reports at the TU; the catalogued use is the user. */
START_TEST(test_clang_in_tu)
{
	char *why = explain("linux/a.h",
			    "/out/x/linux/a.c:12:9: error: call to undeclared function 'b_fn'; ISO C99 and later "
			    "do not support implicit function declarations [-Wimplicit-function-declaration]\n",
			    "a_fn");

	ck_assert_str_eq(why, "linux/a.h: a_fn() uses b_fn(), defined in linux/b.h, which a.h does not include");
	free(why);
}
END_TEST

/* u8 is defined in acpi/actypes.h (ACPICA's, lighter) and linux/types.h
 * (the kernel's): the why-line names linux/types.h, and it is what make
 * fix includes (one choice for both), in a linux/ header and in one of
 * another subsystem. */
START_TEST(test_u8_from_linux_types_not_acpi)
{
	static const struct {
		const char *header, *log, *why;
	} cases[] = {
		{ "linux/mm/page_kasan_tag.h",
		  "/src/include/linux/mm/page_kasan_tag.h:4:15: error: unknown type name 'u8'\n",
		  "linux/mm/page_kasan_tag.h: page_kasan_tag() uses u8, defined in linux/types.h, which "
		  "page_kasan_tag.h does not include" },
		{ "net/lite.h", "/src/include/net/lite.h:1:15: error: unknown type name 'u8'\n",
		  "net/lite.h: lite() uses u8, defined in linux/types.h, which lite.h does not include" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct failing f;
		struct explain_info *e;
		struct fix_cand cand;
		char *why;

		failing(&f, cases[i].header, cases[i].log, NULL);
		why = explain_failure(&f.t, &f.c, ix);
		ck_assert_str_eq(why, cases[i].why);
		e = explain_analyze(&f.t, &f.c, ix);
		ck_assert_int_eq(fix_choose(ix, e, NULL, NULL, 0, &cand), 0);
		ck_assert_int_eq(cand.kind, FIX_INCLUDE);
		ck_assert_str_eq(cand.include, "linux/types.h");
		fix_cand_free(&cand);
		explain_info_free(e);
		free(why);
		free(f.t.log);
	}
}
END_TEST

/* A name no header to include has (an arch's asm/ only) is named all the
 * same, by its asm/ name, never by a definition the kernel does not
 * compile (raid/pq.h's under #ifndef __KERNEL__). */
START_TEST(test_arch_only_name_by_its_asm_name)
{
	char *why = explain("linux/pg.h",
			    "/src/include/linux/pg.h: In function 'pg':\n"
			    "/src/include/linux/pg.h:1:50: error: 'PG_SIZE' undeclared (first use in this function)\n",
			    NULL);

	ck_assert_str_eq(why, "linux/pg.h: pg() uses PG_SIZE, defined in asm/page_types.h, which pg.h does not "
			      "include");
	free(why);
}
END_TEST

START_TEST(test_unknown_name)
{
	char *why = explain("linux/a.h", "/src/include/linux/a.h:2:1: error: unknown type name 'nothing_t'\n", NULL);

	ck_assert_str_eq(why, "linux/a.h: uses nothing_t, which no header of the tree defines");
	free(why);
}
END_TEST

START_TEST(test_nothing_to_explain)
{
	ck_assert_ptr_null(explain("linux/a.h", "/src/include/linux/a.h:5:1: error: expected ';'\n", NULL));
	ck_assert_ptr_null(explain("linux/a.h", "", NULL));
}
END_TEST

Suite *explain_suite(void)
{
	Suite *s = suite_create("explain");
	TCase *tc = tcase_create("explain");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_macro_body_blames_its_header);
	tcase_add_test(tc, test_overlay_copy_includes);
	tcase_add_test(tc, test_function_context);
	tcase_add_test(tc, test_nth_missing_name);
	tcase_add_test(tc, test_struct_in_prototype);
	tcase_add_test(tc, test_via_included_header);
	tcase_add_test(tc, test_clang_in_tu);
	tcase_add_test(tc, test_u8_from_linux_types_not_acpi);
	tcase_add_test(tc, test_arch_only_name_by_its_asm_name);
	tcase_add_test(tc, test_unknown_name);
	tcase_add_test(tc, test_nothing_to_explain);
	suite_add_tcase(s, tc);
	return s;
}

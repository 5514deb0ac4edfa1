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
		      "#ifndef B_H\n#define B_H\nint b_fn(int x);\nstruct thing { int x; };\n"
		      "typedef struct thing thing_t;\nenum mode { MODE_A };\n#endif\n"));
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
	/* declarations and the stubs of the other branch: chip_read()'s
	 * stub takes int, not u32; chip_on()'s returns int, not bool;
	 * chip_free()'s takes one parameter, not two */
	free(put_file(tree, "include/linux/stub.h",
		      "#ifndef STUB_H\n#define STUB_H\nstruct chip;\nstruct device;\n#ifdef CONFIG_CHIP\n"
		      "int chip_read(struct chip *chip, u32 idx, int *out);\n"
		      "static inline bool chip_on(struct chip *chip) { return true; }\n"
		      "void chip_free(struct device *dev, struct chip *chip);\n"
		      "#else\n/* the stubs */\n"
		      "static inline int chip_read(struct chip *chip, int idx,\n\t\t\t    int *out)\n"
		      "{\n\treturn -1;\n}\n"
		      "static inline int chip_on(struct chip *chip) { return 0; }\n"
		      "static inline void chip_free(struct chip *chip) { }\n"
		      "#endif\n#endif\n"));
	free(put_file(tree, "include/linux/noguard.h",
		      "/* SPDX-License-Identifier: GPL-2.0 */\n/* no guard */\nstruct ng { int x; };\n"
		      "static inline int ng_fn(void) { return 0; }\n"));
	/* fields of a tag only declared, by its name and by a typedef; a
	 * tag no header defines */
	free(put_file(tree, "include/linux/field.h",
		      "#ifndef FIELD_H\n#define FIELD_H\nstruct thing;\nstruct holder {\n\tstruct thing thing;\n"
		      "\tthing_t held;\n};\nstruct opaque;\ntypedef struct opaque opaque_t;\n#endif\n"));
	/* an #if testing a macro of linux/threads.h */
	free(put_file(tree, "include/linux/ifm.h",
		      "#ifndef IFM_H\n#define IFM_H\n#if NR_THINGS > 1\nint many(void);\n#endif\n#endif\n"));
	free(put_file(tree, "include/linux/threads.h", "#ifndef TH_H\n#define TH_H\n#define NR_THINGS 4\n#endif\n"));
	/* an x-macro list, its includer's ENTRY() defined around the
	 * include; one that defines its own */
	free(put_file(tree, "include/linux/xlist.h", "/* the entries */\nENTRY(first)\nENTRY(second)\n"));
	free(put_file(tree, "include/linux/xuser.h",
		      "#ifndef XU_H\n#define XU_H\n#define ENTRY(x) int x;\n#include <linux/xlist.h>\n"
		      "#undef ENTRY\n#endif\n"));
	/* a tag used by pointer in a parameter list of an ops struct, defined
	 * further down the same header (linux/pci_hotplug.h's hotplug_slot) */
	free(put_file(tree, "include/linux/late.h",
		      "#ifndef LATE_H\n#define LATE_H\nstruct late_ops {\n\tint (*run)(struct late *l);\n};\n"
		      "struct late { int x; };\n#endif\n"));
	free(put_file(tree, "include/linux/xown.h", "#define ENTRY(x) int x;\nENTRY(own)\n"));
	/* an annotation macro of linux/init.h, not included */
	free(put_file(tree, "include/linux/init.h",
		      "#ifndef I_H\n#define I_H\n#define __init __attribute__((cold))\n#endif\n"));
	free(put_file(tree, "include/linux/initcalls.h",
		      "/* SPDX-License-Identifier: GPL-2.0 */\n\nint __init init_mnt(const char *dev);\n"));
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

/* A tag used in a parameter list before the header itself defines it:
 * the why-line says so, not that the header does not include itself. */
START_TEST(test_tag_used_before_its_own_definition)
{
	char *why = explain("linux/late.h",
			    "/src/include/linux/late.h:4:20: warning: 'struct late' declared inside parameter list "
			    "will not be visible outside of this definition or declaration\n",
			    NULL);

	ck_assert_str_eq(why, "linux/late.h: uses struct late at line 4, which late.h defines only at line 6, "
			      "after it: a forward declaration before it is all it needs");
	free(why);
}
END_TEST

/* gcc's "expected ... before 'init_mnt'" on "int __init init_mnt(...)":
 * __init is what is missing (linux/init.h, not included), not init_mnt,
 * and the TU's own use of init_mnt() after it says its declaration did
 * not compile, not that the header defines it after line 0. */
START_TEST(test_unknown_annotation_macro)
{
	char *why = explain("linux/initcalls.h",
			    "/src/include/linux/initcalls.h:3:12: error: expected '=', ',', ';', 'asm' or "
			    "'__attribute__' before 'init_mnt'\n"
			    "/out/x/linux/initcalls.c:20:9: error: implicit declaration of function 'init_mnt'\n",
			    NULL);

	ck_assert_str_eq(why, "linux/initcalls.h: init_mnt() uses __init, defined in linux/init.h, which "
			      "initcalls.h does not include");
	free(why);
	why = explain("linux/initcalls.h",
		      "/out/x/linux/initcalls.c: In function 'hdrtest_use_init_mnt':\n"
		      "/out/x/linux/initcalls.c:20:9: error: implicit declaration of function 'init_mnt'\n",
		      NULL);
	ck_assert_msg(strstr(why, "which initcalls.h declares at line 3, in a declaration that does not compile") != NULL,
		      "%s", why);
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


/* A stub whose type disagrees with its declaration: the catalogued type
 * is the declaration's, the TU compiled the stub; both lines, both
 * conditions, and what differs. */
START_TEST(test_stub_disagrees_with_its_declaration)
{
	char *params = explain("linux/stub.h",
			       "/out/x/linux/stub.c:20:1: error: static assertion failed: \"chip_read(): not a "
			       "function of the catalogued type int (struct chip *, u32, int *)\"\n",
			       NULL);
	char *ret = explain("linux/stub.h",
			    "/out/x/linux/stub.c:30:1: error: static assertion failed: \"chip_on(): not a function "
			    "of the catalogued type bool (struct chip *)\"\n",
			    NULL);
	char *count = explain("linux/stub.h",
			      "/out/x/linux/stub.c:40:1: error: static assertion failed: \"chip_free(): not a "
			      "function of the catalogued type void (struct device *, struct chip *)\"\n",
			      NULL);

	ck_assert_str_eq(params, "linux/stub.h: chip_read() is int (struct chip *, u32, int *) under "
				 "defined(CONFIG_CHIP) at include/linux/stub.h:6, but its stub under "
				 "!defined(CONFIG_CHIP) at line 11 takes int as parameter 2, not u32");
	ck_assert_str_eq(ret, "linux/stub.h: chip_on() is bool (struct chip *) under defined(CONFIG_CHIP) at "
			      "include/linux/stub.h:7, but its stub under !defined(CONFIG_CHIP) at line 16 returns "
			      "int, not bool");
	ck_assert_str_eq(count, "linux/stub.h: chip_free() is void (struct device *, struct chip *) under "
				"defined(CONFIG_CHIP) at include/linux/stub.h:8, but its stub under "
				"!defined(CONFIG_CHIP) at line 17 takes 1 parameter, not 2");
	free(params);
	free(ret);
	free(count);
}
END_TEST

/* The type check of a function with one type everywhere (an attribute
 * the check does not ignore) is not a stub's: no explanation. */
START_TEST(test_one_type_is_no_stub)
{
	ck_assert_ptr_null(explain("linux/a.h",
				   "/out/x/linux/a.c:20:1: error: static assertion failed: \"a_fn(): not a "
				   "function of the catalogued type int (int)\"\n",
				   NULL));
}
END_TEST

/* A header without an include guard: the TU includes it twice, and the
 * second inclusion defines again what the first did, at the same place. */
START_TEST(test_no_include_guard)
{
	const char *stack = "In file included from /out/x/linux/noguard.c:14:\n";
	char *log = xasprintf("%s/src/include/linux/noguard.h:3:8: error: redefinition of 'struct ng'\n"
			      "In file included from /out/x/linux/noguard.c:13:\n"
			      "/src/include/linux/noguard.h:3:8: note: originally defined here\n",
			      stack);
	char *fn = xasprintf("%s/src/include/linux/noguard.h:4:19: error: redefinition of 'ng_fn'\n"
			     "/src/include/linux/noguard.h:4:19: note: previous definition of 'ng_fn' with type "
			     "'int(void)'\n",
			     stack);
	char *why = explain("linux/noguard.h", log, NULL), *why_fn = explain("linux/noguard.h", fn, NULL);

	ck_assert_str_eq(why, "linux/noguard.h: no include guard: included twice, it defines struct ng again "
			      "(line 3)");
	ck_assert_str_eq(why_fn, "linux/noguard.h: no include guard: included twice, it defines ng_fn again "
				 "(line 4)");
	free(why);
	free(why_fn);
	free(fn);
	free(log);
}
END_TEST

/* A name defined again elsewhere (two headers define it), or by a
 * header that has a guard, is no missing guard. */
START_TEST(test_redefinition_elsewhere_is_no_missing_guard)
{
	ck_assert_ptr_null(explain("linux/noguard.h",
				   "/src/include/linux/noguard.h:3:8: error: redefinition of 'struct ng'\n"
				   "/src/include/linux/b.h:4:8: note: originally defined here\n",
				   NULL));
	ck_assert_ptr_null(explain("linux/b.h",
				   "/src/include/linux/b.h:4:8: error: redefinition of 'struct thing'\n"
				   "/src/include/linux/b.h:4:8: note: originally defined here\n",
				   NULL));
}
END_TEST

/* A field of a tag only declared: gcc names the field, the line its
 * type; the definer named as for a missing name. */
START_TEST(test_incomplete_field_type)
{
	char *echo = explain("linux/field.h",
			     "/src/include/linux/field.h:5:22: error: field 'thing' has incomplete type\n"
			     "    5 |         struct thing thing;\n"
			     "      |                      ^~~~~\n",
			     NULL);
	/* no echo: the line is read from the header; a typedef stands for its tag */
	char *file = explain("linux/field.h",
			     "/src/include/linux/field.h:6:17: error: field 'held' has incomplete type\n", NULL);
	char *clang = explain("linux/field.h",
			      "/src/include/linux/field.h:5:22: error: field has incomplete type 'struct thing'\n",
			      NULL);

	ck_assert_str_eq(echo, "linux/field.h: struct holder needs struct thing complete (field 'thing'), defined in "
			       "linux/b.h, which field.h does not include");
	ck_assert_str_eq(file, "linux/field.h: struct holder needs struct thing complete (field 'held'), defined in "
			       "linux/b.h, which field.h does not include");
	ck_assert_str_eq(clang, "linux/field.h: struct holder needs struct thing complete (a field's type), defined "
				"in linux/b.h, which field.h does not include");
	/* a file the log names outside the tree is never read */
	{
		char *out = tmp_dir(), *path = put_file(out, "field.h", "struct x {\n\tstruct thing thing;\n};\n");
		char *log = xasprintf("%s:2:22: error: field 'thing' has incomplete type\n", path);

		ck_assert_ptr_null(explain("linux/field.h", log, NULL));
		free(log);
		free(path);
		free(out);
	}
	free(echo);
	free(file);
	free(clang);
}
END_TEST

/* A parameter of the TU's use whose enum the header only names, and
 * sizeof of a typedef of a tag no header defines. */
START_TEST(test_incomplete_parameter_and_sizeof)
{
	char *param = explain("linux/a.h",
			      "/out/x/linux/a.c:12:60: error: parameter 2 ('a2') has incomplete type\n"
			      "   12 | static __used int hdrtest_use_a_fn(int a1, enum mode a2)\n",
			      "a_fn");
	char *size = explain("linux/field.h",
			     "/out/x/linux/field.c:20:23: error: invalid application of 'sizeof' to incomplete type "
			     "'opaque_t' {aka 'struct opaque'}\n",
			     NULL);

	ck_assert_str_eq(param, "linux/a.h: a_fn() needs enum mode complete (parameter 2), defined in linux/b.h, "
				"which a.h does not include");
	ck_assert_str_eq(size, "linux/field.h: needs struct opaque complete (sizeof(opaque_t)), which no header "
			       "of the tree defines (it is only declared)");
	free(param);
	free(size);
}
END_TEST

/* -Wundef: an #if tests a macro the header does not get; gcc quotes it
 * with ", clang with '. */
START_TEST(test_undefined_macro_in_if)
{
	char *gcc = explain("linux/ifm.h",
			    "/src/include/linux/ifm.h:3:5: error: \"NR_THINGS\" is not defined, evaluates to 0 "
			    "[-Werror=undef]\n",
			    NULL);
	char *clang = explain("linux/ifm.h",
			      "/src/include/linux/ifm.h:3:5: error: 'NR_THINGS' is not defined, evaluates to 0 "
			      "[-Werror,-Wundef]\n",
			      NULL);

	ck_assert_str_eq(gcc, "linux/ifm.h: the #if at line 3 tests NR_THINGS, defined in linux/threads.h, which "
			      "ifm.h does not include");
	ck_assert_str_eq(clang, gcc);
	free(gcc);
	free(clang);
}
END_TEST

/* A list of entries for a macro its includer defines and #undefs:
 * not a header to include alone, and the why-line says so. */
START_TEST(test_x_macro_list)
{
	char *why = explain("linux/xlist.h",
			    "/src/include/linux/xlist.h:2:1: error: return type defaults to 'int' "
			    "[-Werror=implicit-int]\n",
			    NULL);

	ck_assert_str_eq(why, "linux/xlist.h: an x-macro list: line 2 invokes ENTRY(), which only its includer "
			      "linux/xuser.h defines (and #undefs after it): not a header to include alone");
	ck_assert_ptr_null(explain("linux/xown.h", "/src/include/linux/xown.h:2:1: error: expected ';'\n", NULL));
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
	tcase_add_test(tc, test_tag_used_before_its_own_definition);
	tcase_add_test(tc, test_unknown_annotation_macro);
	tcase_add_test(tc, test_via_included_header);
	tcase_add_test(tc, test_clang_in_tu);
	tcase_add_test(tc, test_u8_from_linux_types_not_acpi);
	tcase_add_test(tc, test_arch_only_name_by_its_asm_name);
	tcase_add_test(tc, test_unknown_name);
	tcase_add_test(tc, test_nothing_to_explain);
	tcase_add_test(tc, test_stub_disagrees_with_its_declaration);
	tcase_add_test(tc, test_one_type_is_no_stub);
	tcase_add_test(tc, test_no_include_guard);
	tcase_add_test(tc, test_redefinition_elsewhere_is_no_missing_guard);
	tcase_add_test(tc, test_incomplete_field_type);
	tcase_add_test(tc, test_incomplete_parameter_and_sizeof);
	tcase_add_test(tc, test_undefined_macro_in_if);
	tcase_add_test(tc, test_x_macro_list);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* catalog-init: the catalog for a few fixture headers (kinds,
 * signatures, conditions, todo, a name in two headers, a uapi half,
 * pattern matching), byte-identical on a second run and loadable; the
 * not-standalone detector on its variants; 'header PATH skip "REASON"'
 * in the parser.  (The skipped header in a cell: test_generate.c and
 * test_results.c.) */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "model/catalog.h"
#include "catalog/catalog_init.h"
#include "scan/scan.h"
#include "suites.h"

/* A few fixture headers (kinds, signatures, conditions, todo, a name in
 * two headers, a uapi half, a header not meant to stand alone) and the
 * catalog catalog-init must write of the headers directly in linux/a/,
 * beside them. */
#define HEADERS "tests/fixtures/catalog-init/headers"

static char *render(const char *tree, char **patterns, int npatterns)
{
	struct scan_index *ix;
	char **paths, *text;
	int n, i;

	n = catalog_init_paths(tree, patterns, npatterns, &paths);
	diag_begin();
	ix = scan_tree(tree);
	free(diag_end());
	ck_assert_ptr_nonnull(ix);
	text = catalog_init_render(ix, tree, paths, n, patterns, npatterns);
	scan_free(ix);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return text;
}

START_TEST(init_renders_headers)
{
	char *tree = repo_path(HEADERS "/tree"), *pat = "linux/a/*.h", *text, *again, *diag;
	struct catalog *cat;
	struct header *z;

	text = render(tree, &pat, 1);
	assert_expected(text, HEADERS "/init.cat.expected");
	again = render(tree, &pat, 1);
	ck_assert_str_eq(again, text);	/* deterministic */
	cat = read_catalog_text("init.cat", text, &diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_int_eq(cat->nheaders, 3);
	z = catalog_header(cat, "linux/a/z.h");
	ck_assert_ptr_nonnull(z);
	ck_assert_str_eq(z->skip, "include/linux/a/z.h:2: # error 'Do not include directly, include linux/a/x.h'");
	ck_assert_int_eq(z->nsyms, 0);
	ck_assert_ptr_null(catalog_header(cat, "linux/a/x.h")->skip);
	catalog_free(cat);
	free(diag);
	free(again);
	free(text);
	free(tree);
}
END_TEST

/* Patterns match the path under include/, a star no slash; uapi/ and
 * generated/ are no headers of their own; the list is sorted. */
START_TEST(init_patterns)
{
	char *tree = repo_path(HEADERS "/tree"), **paths;
	char *pats[] = { "linux/b.h", "linux/a/sub/*.h", "uapi/linux/a/x.h" };
	int n = catalog_init_paths(tree, pats, 3, &paths), i;

	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(paths[0], "include/linux/a/sub/w.h");
	ck_assert_str_eq(paths[1], "include/linux/b.h");
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	n = catalog_init_paths(tree, pats + 2, 1, &paths);
	ck_assert_int_eq(n, 0);
	free(paths);
	free(tree);
}
END_TEST

static const struct {
	const char *text;
	const char *why;	/* NULL: not detected */
} guards[] = {
	{ "#ifndef __LINUX_SPINLOCK_TYPES_RAW_H\n# error \"Do not include directly, include spinlock_types.h\"\n#endif\n",
	  "h.h:2: # error 'Do not include directly, include spinlock_types.h'" },
	{ "#ifndef _LINUX_BITMAP_H\n#error only <linux/bitmap.h> can be included directly\n#endif\n",
	  "h.h:2: #error only <linux/bitmap.h> can be included directly" },
	{ "/* c */\n#if !defined(__LINUX_COMPILER_TYPES_H) && !defined(X)  /* why */\n"
	  "#error \"Please don't include <linux/compiler-gcc.h> directly, include <linux/compiler.h> instead.\"\n#endif\n",
	  "h.h:3: #error 'Please don't include <linux/compiler-gcc.h> directly, include <linux/compiler.h> instead.'" },
	/* included twice: kbuild's -include already read it */
	{ "#ifdef  __LINUX_COMPILER_VERSION_H\n#error \"Please do not include <linux/compiler-version.h>. This is done by the build system.\"\n#endif\n",
	  "h.h:2: #error 'Please do not include <linux/compiler-version.h>. This is done by the build system.'" },
	{ "#ifndef GENL_MAGIC_FAMILY\n# error \"you need to define GENL_MAGIC_FAMILY before inclusion\"\n#endif\n",
	  "h.h:2: # error 'you need to define GENL_MAGIC_FAMILY before inclusion'" },
	/* the #else of an #ifdef guard */
	{ "#ifdef _LINUX_PM_H\nint a;\n#else\n#error please include linux/pm.h instead\n#endif\n",
	  "h.h:4: #error please include linux/pm.h instead" },
	/* an unsupported config: a config test, and no word of inclusion */
	{ "#ifndef CONFIG_64BIT\n#error \"Unsupported config\"\n#endif\n", NULL },
	/* a word of inclusion, but under a value test */
	{ "#if BITS_PER_LONG != 64\n#error \"do not include directly on 32-bit\"\n#endif\n", NULL },
	/* a missing definition under a negated test, no word of inclusion */
	{ "#ifndef KEXEC_ARCH\n#error KEXEC_ARCH not defined\n#endif\n", NULL },
	/* the #else of an #ifndef: "#ifdef X" */
	{ "#ifndef X\nint a;\n#else\n#error do not include directly\n#endif\n", "h.h:4: #error do not include directly" },
	/* a config test is no guard, whatever the message says */
	{ "#ifndef CONFIG_SMP\n#error do not include directly on UP\n#endif\n", NULL },
	{ "#if !defined(CONFIG_X) && !defined(CONFIG_Y)\n#error include x.h instead\n#endif\n", NULL },
	/* after the guard closed */
	{ "#ifndef X\n#endif\n#error do not include directly\n", NULL },
	/* #elif with a value test */
	{ "#ifndef X\n#elif X > 1\n#error do not include directly\n#endif\n", NULL },
};

START_TEST(standalone_guards)
{
	char *why = standalone_guard(guards[_i].text, "h.h");

	if (guards[_i].why) {
		ck_assert_msg(why != NULL, "not detected: %s", guards[_i].text);
		ck_assert_str_eq(why, guards[_i].why);
	} else {
		ck_assert_msg(why == NULL, "detected: %s", why);
	}
	free(why);
}
END_TEST

/* The include guard is no guard: an #error under it alone fires on the
 * first inclusion, whatever includes it. */
START_TEST(include_guard_is_no_guard)
{
	char *why = standalone_guard("#ifndef _A_H\n#define _A_H\n#error \"a.h included directly\"\n#endif\n", "h.h");

	ck_assert_msg(why == NULL, "detected: %s", why);
	why = standalone_guard("#if !defined(_A_H)\n# define _A_H 1\n#error do not include directly\n#endif\n", "h.h");
	ck_assert_msg(why == NULL, "detected: %s", why);
	/* a guard inside it is one */
	why = standalone_guard("#ifndef _A_H\n#define _A_H\n#ifndef _B_H\n#error include b.h instead\n#endif\n#endif\n",
			       "h.h");
	ck_assert_str_eq(why, "h.h:4: #error include b.h instead");
	free(why);
	/* "#ifndef X" then "#define Y": X is no include guard */
	why = standalone_guard("#ifndef X\n#define Y\n#error do not include directly\n#endif\n", "h.h");
	ck_assert_str_eq(why, "h.h:3: #error do not include directly");
	free(why);
}
END_TEST

/* What the judge asks of the #error that stopped a TU. */
static const struct {
	const char *text;
	int line;
	enum error_guard_kind kind;
	const char *quote, *macros;
} error_guards[] = {
	/* include/linux/hp_sdc.h: an arch chain's #else */
	{ "#ifndef _H\n#define _H\n#if defined(__hppa__)\nint d;\n#elif defined(__mc68000__)\nvoid *d;\n#else\n"
	  "#error No support for device registration on this arch yet.\n#endif\n#endif\n",
	  8, EG_ARCH, "h.h:8: #error No support for device registration on this arch yet.", "__hppa__, __mc68000__" },
	{ "#ifdef __x86_64__\n#else\n#error 64-bit only\n#endif\n", 3, EG_ARCH, "h.h:3: #error 64-bit only",
	  "__x86_64__" },
	{ "#if !defined(__i386__) && !defined(__x86_64__)\n#error x86 only\n#endif\n", 2, EG_ARCH,
	  "h.h:2: #error x86 only", "__i386__, __x86_64__" },
	/* a chain with one test that is not the arch's */
	{ "#if defined(__hppa__)\n#elif defined(CONFIG_X)\n#else\n#error x\n#endif\n", 4, EG_NONE, NULL, NULL },
	{ "#if defined(__hppa__) || BITS_PER_LONG == 64\n#else\n#error x\n#endif\n", 3, EG_NONE, NULL, NULL },
	/* include/linux/patchkey.h: the byte order is a header's macro */
	{ "#if defined(__BIG_ENDIAN)\n#elif defined(__LITTLE_ENDIAN)\n#else\n#error \"could not determine byte order\"\n"
	  "#endif\n", 4, EG_NONE, NULL, NULL },
	/* include/uapi/linux/patchkey.h */
	{ "/* c */\n#ifndef _LINUX_PATCHKEY_H_INDIRECT\n#error \"patchkey.h included directly\"\n#endif\n", 3,
	  EG_INCLUSION, "h.h:3: #error 'patchkey.h included directly'", NULL },
	/* the innermost branch decides */
	{ "#ifdef __x86_64__\n#else\n#ifndef FOO_INDIRECT\n#error \"foo.h included directly\"\n#endif\n#endif\n", 4,
	  EG_INCLUSION, "h.h:4: #error 'foo.h included directly'", NULL },
	{ "#ifndef FOO_INDIRECT\n#ifdef __x86_64__\n#else\n#error 64-bit only\n#endif\n#endif\n", 4, EG_ARCH,
	  "h.h:4: #error 64-bit only", "__x86_64__" },
	/* no #if, the include guard alone, a config test */
	{ "#error NEW REGRESSION\n", 1, EG_NONE, NULL, NULL },
	{ "#ifndef _A_H\n#define _A_H\nint a;\n#error NEW REGRESSION\n#endif\n", 4, EG_NONE, NULL, NULL },
	{ "#ifndef _A_H\n#define _A_H\n#error \"a.h included directly\"\n#endif\n", 3, EG_NONE, NULL, NULL },
	{ "#ifndef CONFIG_SMP\n#error do not include directly on UP\n#endif\n", 2, EG_NONE, NULL, NULL },
	/* no #error on that line */
	{ "#ifndef X_INDIRECT\n#error \"x.h included directly\"\n#endif\n", 1, EG_NONE, NULL, NULL },
	{ "#ifndef X_INDIRECT\n#error \"x.h included directly\"\n#endif\n", 9, EG_NONE, NULL, NULL },
};

START_TEST(error_guards_at)
{
	struct error_guard g;
	enum error_guard_kind kind = error_guard_at(error_guards[_i].text, "h.h", error_guards[_i].line, &g);

	ck_assert_msg(kind == error_guards[_i].kind, "kind %d, expected %d: %s", kind, error_guards[_i].kind,
		      error_guards[_i].text);
	if (error_guards[_i].quote)
		ck_assert_str_eq(g.quote, error_guards[_i].quote);
	else
		ck_assert_ptr_null(g.quote);
	if (error_guards[_i].macros)
		ck_assert_str_eq(g.macros, error_guards[_i].macros);
	else
		ck_assert_ptr_null(g.macros);
	error_guard_free(&g);
}
END_TEST

START_TEST(header_skip_in_the_catalog)
{
	struct catalog *cat;
	char *diag;

	cat = read_catalog_text("c.cat", "header linux/a.h skip \"a.h:2: #error 'do not include'\"  # ok\n"
					 "header linux/b.h\n",
				&diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_str_eq(catalog_header(cat, "linux/a.h")->skip, "a.h:2: #error 'do not include'");
	ck_assert_ptr_null(catalog_header(cat, "linux/b.h")->skip);
	catalog_free(cat);
	free(diag);

	cat = read_catalog_text("bad.cat", "header linux/a.h skip\n"
					   "header linux/b.h skip \"\"\n"
					   "header linux/c.h skip \"a$b\"\n"
					   "header linux/d.h skip \"why\" more\n"
					   "header linux/e.h because\n",
				&diag);
	ck_assert_ptr_null(cat);
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:1:22: error: expected a quoted, non-empty reason after 'skip'"));
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:2:23: error: expected a quoted, non-empty reason after 'skip'"));
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:3:25: error: expected printable ASCII text"));
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:4:29: error: expected end of line after the skip reason"));
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:5:18: error: expected end of line or 'skip \"REASON\"'"));
	free(diag);
}
END_TEST

/* Macro bodies: which names a uses line lists, under which condition:
 * the fixture's linux/m/use.h and the catalog catalog-init must write of
 * it, beside it. */
#define MACROS "tests/fixtures/catalog-init/macros"

START_TEST(init_macro_bodies)
{
	char *tree = repo_path(MACROS "/tree"), *pat = "linux/m/use.h", *text, *diag;
	struct catalog *cat;
	struct header *h;
	int i, uses = 0;

	text = render(tree, &pat, 1);
	assert_expected(text, MACROS "/init.cat.expected");
	cat = read_catalog_text("init.cat", text, &diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	h = catalog_header(cat, "linux/m/use.h");
	for (i = 0; i < h->nsyms; i++) {
		if (h->syms[i]->kind != SYM_USES)
			continue;
		uses++;
		if (!strcmp(h->syms[i]->name, "m_size")) {
			ck_assert_int_eq(h->syms[i]->nargs, 3);
			ck_assert_str_eq(h->syms[i]->args[2], "def_t");
			ck_assert_ptr_null(h->syms[i]->cond);
		}
	}
	ck_assert_int_eq(uses, 5);
	/* a uses line is no symbol of its own: the flag line is what is found */
	ck_assert_int_eq(catalog_symbol(cat, "m_cond")->kind, SYM_FLAG);
	catalog_free(cat);
	free(diag);
	free(text);
	free(tree);
}
END_TEST

/* Names #include <linux/s.h> does not provide are todo, not flags that
 * would fail falsely: the uapi half the kernel half does not include, a
 * macro the kernel half #undefs after including the uapi one, one a
 * header it includes #undefs; and a macro's body names no caller's
 * variable (one it assigns to, a global of that name outside
 * include/linux/). */
START_TEST(init_what_include_does_not_see)
{
	char *tree = tmp_dir(), *pats[] = { "linux/s.h", "linux/t.h" }, *text, *diag;
	struct catalog *cat;

	free(put_file(tree, "include/linux/s.h",
		      "#ifndef _LINUX_S_H\n#define _LINUX_S_H\n"
		      "#define S_TEMPLATE 1\n"
		      "#include <linux/s-impl.h>\n"
		      "#define S_SUM(buf) { s1 += buf; errata_x++; }\n"
		      "#define S_ERR(id) (s_errata & (id))\n"
		      "#define S_GLOBAL(id) (s_count + (id))\n"
		      "#endif\n"));
	free(put_file(tree, "include/linux/s-impl.h", "#undef S_TEMPLATE\n"));
	free(put_file(tree, "include/uapi/linux/s.h", "#define S_UAPI 3\nstruct s_uapi { int a; };\n"));
	free(put_file(tree, "include/linux/t.h",
		      "#ifndef _LINUX_T_H\n#define _LINUX_T_H\n#include <uapi/linux/t.h>\n#undef T_GONE\n#endif\n"));
	free(put_file(tree, "include/uapi/linux/t.h", "#define T_GONE 1\n#define T_KEPT 2\n"));
	free(put_file(tree, "include/acpi/e.h", "extern int s_errata;\nextern int s1;\nextern int errata_x;\n"));
	free(put_file(tree, "include/linux/g.h", "extern int s_count;\nextern int s1;\n"));
	text = render(tree, pats, 2);
	ck_assert_msg(strstr(text, "\ttodo\tS_TEMPLATE\tconst\t") != NULL, "%s", text);
	ck_assert_ptr_nonnull(strstr(text, "\tflag\tS_SUM\n\tflag\tS_ERR\n\tflag\tS_GLOBAL\n"
					   "\tuses\tS_GLOBAL\ts_count\n"));
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\tS_UAPI\tconst\t"));
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\ts_uapi\tstruct\t# only in include/uapi/linux/s.h, which "
					   "<linux/s.h> does not reach\n"));
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\tT_GONE\tconst\t"));
	ck_assert_ptr_nonnull(strstr(text, "\tflag\tT_KEPT\n"));
	cat = read_catalog_text("init.cat", text, &diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	catalog_free(cat);
	free(diag);
	free(text);
	free(tree);
}
END_TEST

/* An x-macro list (its first line of code invokes a macro its includer
 * defines and #undefs after it) is a skip with the reason; a header that
 * starts with a macro of its own include is not, even when another
 * header redefines and #undefs it (TRACE_EVENT(), trace/define_trace.h). */
START_TEST(init_x_macro_list)
{
	char *tree = tmp_dir(), *pats[] = { "linux/l_types.h", "linux/p_user.h", "linux/tp_user.h" }, *text, *diag;
	struct catalog *cat;

	free(put_file(tree, "include/linux/l_types.h",
		      "/* SPDX-License-Identifier: GPL-2.0 */\n"
		      "/* internal file - L_TYPE(name, type) */\n"
		      "#ifdef CONFIG_L\n"
		      "L_TYPE(l_a, int)\n"
		      "L_TYPE(l_b, long)\n"
		      "#endif\n"));
	free(put_file(tree, "include/linux/l.h",
		      "#ifndef _LINUX_L_H\n#define _LINUX_L_H\n"
		      "struct l_all {\n"
		      "#define L_TYPE(name, type) type name;\n"
		      "#include <linux/l_types.h>\n"
		      "#undef L_TYPE\n"
		      "};\n#endif\n"));
	free(put_file(tree, "include/linux/p.h", "#define DECLARE_P(type, name) extern type name\n"));
	free(put_file(tree, "include/linux/tp.h", "#define TP_EVENT(n) extern int n;\n"));
	free(put_file(tree, "include/linux/tp_define.h",
		      "#undef TP_EVENT\n#define TP_EVENT(n) int n;\n#include <linux/tp_user.h>\n#undef TP_EVENT\n"));
	free(put_file(tree, "include/linux/tp_user.h", "#include <linux/tp.h>\nTP_EVENT(tp_a)\n"));
	free(put_file(tree, "include/linux/p_user.h", "#include <linux/p.h>\n\nDECLARE_P(int, p_count);\n"
						      "void p_fn(void);\n"));
	text = render(tree, pats, 3);
	ck_assert_msg(strstr(text, "\nheader linux/l_types.h skip \"an x-macro list: line 4 invokes L_TYPE(), "
				   "which only linux/l.h defines and #undefs\"\n") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\nheader linux/p_user.h\n\tfunc\tp_fn\tvoid (void)\n") != NULL, "%s", text);
	cat = read_catalog_text("init.cat", text, &diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_str_eq(catalog_header(cat, "linux/l_types.h")->skip,
			 "an x-macro list: line 4 invokes L_TYPE(), which only linux/l.h defines and #undefs");
	ck_assert_ptr_null(catalog_header(cat, "linux/p_user.h")->skip);
	ck_assert_ptr_null(catalog_header(cat, "linux/tp_user.h")->skip);
	catalog_free(cat);
	free(diag);
	free(text);
	free(tree);
}
END_TEST

/* A template (a header its includer fills in with macros it sets around
 * its #include) is a skip with the reason: one that uses and #undefs a
 * macro it never defines (btree-type.h), one that includes a file named
 * by such a macro (genl_magic_func.h).  A header that #undefs a macro it
 * gets from its own include, or one it defines, is none. */
START_TEST(init_template_header)
{
	char *tree = tmp_dir(), *text;
	char *pats[] = { "linux/bt-type.h", "linux/gm_func.h", "linux/own_undef.h", "linux/cgref.h", "linux/fsx.h" };

	free(put_file(tree, "include/linux/bt-type.h",
		      "/* SPDX-License-Identifier: GPL-2.0 */\n"
		      "#define BT_FN(n) bt_ ## n ## BT_SUFFIX\n"
		      "static inline int BT_FN(init)(void) { return BT_BITS; }\n"
		      "#undef BT_FN\n#undef BT_SUFFIX\n#undef BT_BITS\n"));
	free(put_file(tree, "include/linux/bt.h",
		      "#ifndef _BT_H\n#define _BT_H\n#define BT_SUFFIX l\n#define BT_BITS 64\n"
		      "#include <linux/bt-type.h>\n#endif\n"));
	free(put_file(tree, "include/linux/gm_func.h",
		      "#ifndef GM_FUNC_H\n#define GM_FUNC_H\n#include <linux/gm_base.h>\n"
		      "static int gm_table[] = {\n#include GM_INCLUDE_FILE\n};\n#endif\n"));
	free(put_file(tree, "include/linux/gm_base.h", "#define GM_VERSION 1\n"));
	/* cgroup_refcnt.h: its includer sets CGREF_ATTRS before including it */
	free(put_file(tree, "include/linux/cgref.h",
		      "/* SPDX-License-Identifier: GPL-2.0 */\nCGREF_ATTRS\nvoid cgref_get(int *r)\n{\n\t(*r)++;\n}\n"));
	free(put_file(tree, "include/linux/cgroupx.h",
		      "#ifndef _CGX_H\n#define _CGX_H\n#define CGREF_ATTRS static inline\n#include <linux/cgref.h>\n#endif\n"));
	/* mm.h and fs.h: a name the includer defines after its #include is
	 * one the header misses, not one it is given */
	free(put_file(tree, "include/linux/fsx.h",
		      "#ifndef _FSX_H\n#define _FSX_H\n#define FSX_READ VMX_MAYREAD\nint fsx_fn(int x);\n#endif\n"));
	free(put_file(tree, "include/linux/mmx.h",
		      "#ifndef _MMX_H\n#define _MMX_H\n#include <linux/fsx.h>\n#define VMX_MAYREAD 0x10\n#endif\n"));
	free(put_file(tree, "include/linux/own_undef.h",
		      "#ifndef OWN_UNDEF_H\n#define OWN_UNDEF_H\n#include <linux/gm_base.h>\n"
		      "#define OWN_X 1\nint own_fn(int x);\n#undef OWN_X\n#undef GM_VERSION\n#endif\n"));
	text = render(tree, pats, 5);
	ck_assert_msg(strstr(text, "\nheader linux/bt-type.h skip \"a template: it uses BT_SUFFIX, which it #undefs "
				   "at line 5 but never defines: its includer sets it (linux/bt.h:3)\"\n") != NULL,
		      "%s", text);
	ck_assert_msg(strstr(text, "\nheader linux/gm_func.h skip \"a template: line 5 includes the file "
				   "GM_INCLUDE_FILE names, a macro it leaves to its includer\"\n") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\nheader linux/own_undef.h\n\tfunc\town_fn\tint (int)\n") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\nheader linux/cgref.h skip \"a template: line 2 uses CGREF_ATTRS, which only its "
				   "includers define, before they include it (linux/cgroupx.h:3)\"\n") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\nheader linux/fsx.h\n") != NULL, "%s", text);
	free(text);
	free(tree);
}
END_TEST

START_TEST(uses_lines_in_the_catalog)
{
	struct catalog *cat;
	char *diag;

	cat = read_catalog_text("bad.cat", "header linux/a.h\n"
					   "\tuses\tm\n"
					   "\tuses\tm\ta b a\n"
					   "\tuses\tm\ta 9b\n"
					   "\tuses\tm\ta\tif CONFIG_X\n"
					   "\tuses\tm\tb\n",
				&diag);
	ck_assert_ptr_null(cat);
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:2:8: error: expected the names the body of 'm' uses after 'uses m'"));
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:3:13: error: 'a' is listed twice in this uses line"));
	ck_assert_ptr_nonnull(strstr(diag, "bad.cat:4:11: error: expected a name the macro's body uses"));
	/* several lines for one macro are no error: one per branch */
	ck_assert_ptr_null(strstr(diag, "bad.cat:5"));
	ck_assert_ptr_null(strstr(diag, "bad.cat:6"));
	free(diag);
}
END_TEST

/* Calls a header forbids on purpose (catalog/nocall.h): which func and
 * call lines say nocall, and why; what does not count. */
static char *make_guard_tree(void)
{
	char *tree = tmp_dir();

	free(put_file(tree, "include/linux/build_bug.h",
		      "#define BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int:(-!!(e)); })))\n"
		      "#define BUILD_BUG_ON(c) compiletime_assert(!(c), #c)\n"
		      "#define BUILD_BUG_ON_MSG(c, m) compiletime_assert(!(c), m)\n"));
	free(put_file(tree, "include/linux/array_size.h",
		      "#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))\n"));
	free(put_file(tree, "include/linux/other.h",
		      "extern void __compiletime_error(\"bad size\") other_bad(void);\n"
		      "#define other_check(x) BUILD_BUG_ON(x)\n"
		      "#define other_deep(x) other_check(x)\n"));
	free(put_file(tree, "arch/foo/include/asm/g.h", "#define arch_check(x) BUILD_BUG_ON(x)\n"));
	free(put_file(tree, "include/linux/kbuild.h",
		      "#define DEFINE(sym, val) asm volatile(\"\\n.ascii \\\"->\" #sym \" %0\\\"\" : : \"i\" (val))\n"));
	free(put_file(tree, "include/linux/g_define.h", "#define G_DEFINE(sym, val) enum { sym = val }\n"));
	free(put_file(tree, "include/linux/g.h",
		      "#ifndef _LINUX_G_H\n#define _LINUX_G_H\n"
		      "extern void __compiletime_error(\"no\") g_err(void);\n"
		      "extern void g_warn(void) __compiletime_warning(\"avoid\");\n"
		      "extern int __deprecated g_old(int);\n"
		      "extern int g_attr_err(int) __attribute__((__error__(\"no\")));\n"
		      "extern int g_attr_dep(int) __attribute__((unused, deprecated(\"use g_new\")));\n"
		      "extern int g_section(int) __attribute__((section(\"error\"), cold));\n"
		      "static inline int g_bug(int v) { BUILD_BUG_ON(v > 3); return v; }\n"
		      "static inline int g_calls_err(int v) { if (v) other_bad(); return v; }\n"
		      "static inline int g_count(void) { static const int t[] = { 1, 2 }; return ARRAY_SIZE(t); }\n"
		      "static inline int g_zero(int v) { return v + BUILD_BUG_ON_ZERO(sizeof(int) != 4); }\n"
		      "#ifdef CONFIG_G\n#define g_reg(p, t) g_register(p, ARRAY_SIZE(t))\n"
		      "#else\nstatic inline void g_reg(const char *p, int *t) { }\n#endif\n"
		      "static inline unsigned int __g_idx(unsigned long s, int c)\n"
		      "{\n\tif (s > 8 && c)\n\t\tBUILD_BUG_ON_MSG(1, \"unexpected size\");\n\treturn s;\n}\n"
		      "static inline unsigned int g_idx(unsigned long s) { return __g_idx(s, 1); }\n"
		      "static inline void g_one(int v) { other_check(v); }\n"
		      "static inline void g_two(int v) { other_deep(v); }\n"
		      "static inline void g_arch(int v) { arch_check(v); }\n"
		      "static inline int g_plain(int v) { if (v) return g_idx(v) ? 1 : 0; return sizeof(v); }\n"
		      "static inline void g_offsets(void) { DEFINE(G_SIZE, sizeof(long)); }\n"
		      "static inline void g_defines(void) { G_DEFINE(G_SIZE, 8); }\n"
		      "#endif\n"));
	return tree;
}

START_TEST(init_nocall)
{
	static const char *const lines[] = {
		"\tfunc\tg_err\tvoid (void)\tnocall \"declared __compiletime_error\"\n",
		"\tfunc\tg_warn\tvoid (void)\tnocall \"declared __compiletime_warning\"\n",
		"\tfunc\tg_old\tint (int)\tnocall \"declared __deprecated\"\n",
		"\tfunc\tg_attr_err\tint (int)\tnocall \"declared __attribute__((error))\"\n",
		"\tfunc\tg_attr_dep\tint (int)\tnocall \"declared __attribute__((deprecated))\"\n",
		"\tfunc\tg_section\tint (int)\n",
		"\tfunc\tg_bug\tint (int)\tnocall \"its body has BUILD_BUG_ON()\"\n",
		"\tfunc\tg_calls_err\tint (int)\tnocall \"its body calls other_bad(), declared __compiletime_error\"\n",
		/* an argument guard in a function's body is decided where it is defined */
		"\tfunc\tg_count\tint (void)\n",
		"\tfunc\tg_zero\tint (int)\n",
		/* ... in a macro's, by the call: one level down, through ARRAY_SIZE() */
		"\tcall\tg_reg\tvoid (const char *, int *)\tnocall \"its body calls ARRAY_SIZE(), whose body has "
		"__must_be_array()\"\n",
		"\tfunc\t__g_idx\tunsigned int (unsigned long, int)\tnocall \"its body has BUILD_BUG_ON_MSG()\"\n",
		"\tfunc\tg_idx\tunsigned int (unsigned long)\tnocall \"its body calls __g_idx(), whose body has "
		"BUILD_BUG_ON_MSG()\"\n",
		"\tfunc\tg_one\tvoid (int)\tnocall \"its body calls other_check(), whose body has BUILD_BUG_ON()\"\n",
		/* two levels down, or through an arch header: not followed */
		"\tfunc\tg_two\tvoid (int)\n",
		"\tfunc\tg_arch\tvoid (int)\n",
		"\tfunc\tg_plain\tint (int)\n",
		/* asm-offsets text (linux/kbuild.h's DEFINE()); a macro like it elsewhere is none */
		"\tfunc\tg_offsets\tvoid (void)\tnocall \"its body has DEFINE() of linux/kbuild.h: asm-offsets text, "
		"for asm-offsets.c only\"\n",
		"\tfunc\tg_defines\tvoid (void)\n",
	};
	char *tree = make_guard_tree(), *pat = "linux/g.h", *text, *diag;
	struct catalog *cat;
	size_t i;

	text = render(tree, &pat, 1);
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		ck_assert_msg(strstr(text, lines[i]) != NULL, "no\n%sin\n%s", lines[i], text);
	cat = read_catalog_text("init.cat", text, &diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_str_eq(catalog_symbol(cat, "g_bug")->nocall, "its body has BUILD_BUG_ON()");
	ck_assert_ptr_null(catalog_symbol(cat, "g_plain")->nocall);
	catalog_free(cat);
	free(diag);
	free(text);
	free(tree);
}
END_TEST

/* A macro the header defines as an attribute and #undefs at its end
 * (fortify-string.h's POS) is no part of a parameter's spelled type: the
 * test TU, after the header, would read "const char *const POS a1". */
START_TEST(init_file_local_annotation)
{
	static const char *const lines[] = {
		"\tfunc\tp_len\tint (const char *const, int)\n",
		"\tfunc\tp_both\tvoid (char *const, const char *const)\n",
		/* a macro that is a type stays: it is no annotation */
		"\tfunc\tp_typed\tvoid (P_T)\n",
		/* after the #undef, POS is a plain name again */
		"\tfunc\tp_after\tvoid (int)\n",
	};
	char *tree = tmp_dir(), *pat = "linux/p.h", *text;
	size_t i;

	free(put_file(tree, "include/linux/p.h",
		      "#ifndef _LINUX_P_H\n"
		      "#define _LINUX_P_H\n"
		      "#define POS __pass_object_size(1)\n"
		      "#define P_T int\n"
		      "int p_len(const char * const POS p, int n);\n"
		      "static inline void p_both(char * const POS p, const char * const POS q) { }\n"
		      "void p_typed(P_T v);\n"
		      "#undef POS\n"
		      "void p_after(int POS);\n"
		      "#endif\n"));
	text = render(tree, &pat, 1);
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		ck_assert_msg(strstr(text, lines[i]) != NULL, "no\n%sin\n%s", lines[i], text);
	ck_assert_msg(strstr(text, "POS)") == NULL && strstr(text, "POS,") == NULL, "POS spelled in\n%s", text);
	free(text);
	free(tree);
}
END_TEST

/* A variable typed per #if branch: by a test of an arch macro, which no
 * catalog condition states, no one type is asserted (linux/elf.h's
 * _DYNAMIC); by a CONFIG_ option, the first type stays asserted, for a
 * cell of the other config to show the difference. */
START_TEST(init_var_typed_per_branch)
{
	char *tree = tmp_dir(), *pat = "linux/t.h", *text, *diag;
	struct catalog *cat;

	free(put_file(tree, "include/linux/t.h",
		      "#if FOO_CLASS == 32\n"
		      "extern int t_arch[];\n"
		      "#else\n"
		      "extern long t_arch[];\n"
		      "#endif\n"
		      "#ifdef CONFIG_X\n"
		      "extern int t_conf;\n"
		      "#else\n"
		      "extern long t_conf;\n"
		      "#endif\n"));
	text = render(tree, &pat, 1);
	ck_assert_msg(strstr(text, "\ttodo\tt_arch\tvar\t# tree: a variable int[] at include/linux/t.h:2; long[] at "
				   "include/linux/t.h:4, only if !(FOO_CLASS == 32): which branch a cell takes is no "
				   "catalog condition, so no type is checked\n"), "%s", text);
	ck_assert_msg(!strstr(text, "\tvar\tt_arch"), "%s", text);
	ck_assert_msg(strstr(text, "\tvar\tt_conf\tint\n"), "%s", text);
	cat = read_catalog_text("init.cat", text, &diag);
	ck_assert_msg(cat != NULL, "%s", diag);
	catalog_free(cat);
	free(diag);
	free(text);
	free(tree);
}
END_TEST

Suite *catalog_init_suite(void)
{
	Suite *s = suite_create("catalog_init");
	TCase *tc = tcase_create("catalog-init");

	tcase_add_test(tc, init_renders_headers);
	tcase_add_test(tc, init_patterns);
	tcase_add_loop_test(tc, standalone_guards, 0, sizeof(guards) / sizeof(guards[0]));
	tcase_add_test(tc, include_guard_is_no_guard);
	tcase_add_loop_test(tc, error_guards_at, 0, sizeof(error_guards) / sizeof(error_guards[0]));
	tcase_add_test(tc, header_skip_in_the_catalog);
	tcase_add_test(tc, init_macro_bodies);
	tcase_add_test(tc, uses_lines_in_the_catalog);
	tcase_add_test(tc, init_what_include_does_not_see);
	tcase_add_test(tc, init_nocall);
	tcase_add_test(tc, init_x_macro_list);
	tcase_add_test(tc, init_template_header);
	tcase_add_test(tc, init_file_local_annotation);
	tcase_add_test(tc, init_var_typed_per_branch);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* hdrtest fix: which edit an explained failure gets, on fixture headers. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fix/fix.h"
#include "scan/headers.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

static char *tree;
static struct scan_index *ix;
static char *forbids[] = { (char *)"linux/mm.h" };

#define USER_H \
	"#ifndef USER_H\n#define USER_H\n" \
	"#include <linux/types.h>\n" \
	"struct page;\n" \
	"int take(struct thing *t);\n" \
	"static inline int plain(void) { return light_fn(); }\n" \
	"#ifdef CONFIG_X\n" \
	"static inline int under_x(void) { return light_fn(); }\n" \
	"#endif\n" \
	"static inline int bad(void) { return mm_only(); }\n" \
	"static inline int loop(void) { return cyc_fn(); }\n" \
	"#endif\n"

#define CONDINC_H \
	"#ifndef CI_H\n#define CI_H\n" \
	"#include <linux/types.h>\n" \
	"#ifdef CONFIG_Y\n#include <linux/other.h>\n#endif\n" \
	"static inline int ci(void) { return light_fn(); }\n" \
	"#endif\n"

/* No guard, no include: a first include goes after the comments it starts with. */
#define SPDX_H "/* SPDX-License-Identifier: GPL-2.0 */\n/*\n * what it is\n */\n\nstatic inline int sp(void) { return light_fn(); }\n"

static void setup(void)
{
	tree = tmp_dir();
	free(put_file(tree, "include/linux/user.h", USER_H));
	free(put_file(tree, "include/linux/types.h", "#ifndef T_H\n#define T_H\n#endif\n"));
	/* light_fn() in a light header and in a heavy one */
	free(put_file(tree, "include/linux/light.h",
		      "#ifndef L_H\n#define L_H\nint light_fn(void);\nint light_two(void);\n#endif\n"));
	free(put_file(tree, "include/linux/heavy.h",
		      "#ifndef H_H\n#define H_H\n#include <linux/types.h>\n#include <linux/light.h>\n"
		      "#include <linux/other.h>\nint light_fn(void);\nstruct thing { int x; };\n#endif\n"));
	free(put_file(tree, "include/linux/other.h", "#ifndef O_H\n#define O_H\n#endif\n"));
	free(put_file(tree, "include/linux/mm.h", "#ifndef MM_H\n#define MM_H\nint mm_only(void);\n#endif\n"));
	free(put_file(tree, "include/linux/cyc.h",
		      "#ifndef C_H\n#define C_H\n#include <linux/user.h>\nint cyc_fn(void);\n#endif\n"));
	/* its last include under #ifdef */
	free(put_file(tree, "include/linux/condinc.h", CONDINC_H));
	/* no guard, no include */
	free(put_file(tree, "include/linux/bare.h", "static inline int bare(void) { return light_fn(); }\n"));
	free(put_file(tree, "include/linux/spdx.h", SPDX_H));
	/* only asm-generic defines it (set_bit) */
	free(put_file(tree, "include/asm-generic/gen_only.h", "int gen_fn(void);\n"));
	/* two headers as light as each other */
	free(put_file(tree, "include/linux/tie_b.h", "int tie_fn(void);\n"));
	free(put_file(tree, "include/linux/tie_a.h", "int tie_fn(void);\n"));
	/* a light definition under #ifdef, a heavier one without */
	free(put_file(tree, "include/linux/cond_def.h", "#ifdef CONFIG_Z\nint cz_fn(void);\nint cz_only(void);\n#endif\n"));
	free(put_file(tree, "include/linux/big_def.h",
		      "#include <linux/types.h>\n#include <linux/other.h>\nint cz_fn(void);\n"));
	/* a light definer in another dir, a heavier one in linux/ (u64:
	 * acpi/actypes.h and linux/types.h) */
	free(put_file(tree, "include/acpi/own_a.h", "typedef unsigned long long own_u64;\n"));
	free(put_file(tree, "include/acpi/user.h", "static inline own_u64 au(void) { return 0; }\n"));
	free(put_file(tree, "include/linux/own_t.h",
		      "#include <linux/types.h>\n#include <linux/other.h>\ntypedef unsigned long long own_u64;\n"));
	/* only in uapi */
	free(put_file(tree, "include/uapi/linux/uonly.h", "int uapi_fn(void);\n"));
	/* an asm/ header counts once, and is not followed */
	free(put_file(tree, "include/linux/witharch.h", "#include <asm/page.h>\n#include <linux/light.h>\n"));
	free(put_file(tree, "arch/x86/include/asm/page.h", "#include <linux/other.h>\n"));
	/* u8's way: asm-generic/int-ll64.h, the uapi asm-generic/types.h
	 * that arches without an asm/types.h get, uapi/linux/types.h,
	 * linux/types.h (here *_home) */
	free(put_file(tree, "include/asm-generic/int_home.h", "typedef unsigned char home_u8;\n"));
	free(put_file(tree, "include/uapi/asm-generic/types_home.h", "#include <asm-generic/int_home.h>\n"));
	free(put_file(tree, "include/uapi/linux/types_home.h", "#include <asm/types_home.h>\n"));
	free(put_file(tree, "include/linux/types_home.h", "#include <uapi/linux/types_home.h>\n"));
	free(put_file(tree, "include/linux/pop_a.h", "#include <linux/types_home.h>\n"));
	free(put_file(tree, "include/linux/pop_b.h", "#include <linux/types_home.h>\n"));
	/* nearer, but what nobody includes */
	free(put_file(tree, "include/linux/odd_home.h", "#include <asm-generic/int_home.h>\n"));
	/* more used, but it has u8 only on the arch whose asm/ header
	 * brings it in */
	free(put_file(tree, "arch/x86/include/asm/arch_home.h", "#include <asm-generic/int_home.h>\n"));
	free(put_file(tree, "include/linux/arch_home.h", "#include <asm/arch_home.h>\n"));
	free(put_file(tree, "include/linux/pop_c.h", "#include <linux/arch_home.h>\n"));
	free(put_file(tree, "include/linux/pop_d.h", "#include <linux/arch_home.h>\n"));
	free(put_file(tree, "include/linux/pop_e.h", "#include <linux/arch_home.h>\n"));
	/* BIT(): vdso/bits.h, which linux/bits.h includes */
	free(put_file(tree, "include/vdso/vbits.h", "#define VBIT(n) (1UL << (n))\n"));
	free(put_file(tree, "include/linux/vbits.h", "#include <vdso/vbits.h>\n"));
	free(put_file(tree, "include/vdso/vuser.h", "static inline long vu(void) { return VBIT(1); }\n"));
	/* a user of another subsystem, and a vDSO one needing u8 */
	free(put_file(tree, "include/net/nuser.h", "static inline home_u8 nu(void) { return 0; }\n"));
	free(put_file(tree, "include/vdso/vuser8.h", "static inline home_u8 vu8(void) { return 0; }\n"));
	/* raid/pq.h's own u8 for its user-space build */
	free(put_file(tree, "include/linux/userspace.h", "#ifndef __KERNEL__\ntypedef unsigned char us_u8;\n#endif\n"));
	/* no guard: cgroup_refcnt.h's function bodies, which cgroup.h
	 * includes; a lone one; one of prototypes only */
	free(put_file(tree, "include/linux/refs.h", "static inline int ref_get(void) { return 0; }\n"));
	free(put_file(tree, "include/linux/refs_home.h", "#ifndef RH_H\n#define RH_H\n#include <linux/refs.h>\n#endif\n"));
	free(put_file(tree, "include/linux/lonely.h", "static inline int lonely_fn(void) { return 1; }\n"));
	free(put_file(tree, "include/linux/protos.h", "int proto_fn(void);\n"));
	ix = scan_tree(tree);
	ck_assert_ptr_nonnull(ix);
}

static void teardown(void)
{
	scan_free(ix);
	free(tree);
}

static void choose_in(const char *culprit, const char *missing, const char *user, int line, int pointer_only,
		      struct fix_cand *f)
{
	struct explain_info e = { 0 };

	e.header = (char *)culprit;
	e.culprit = (char *)culprit;
	e.user = (char *)user;
	e.missing = (char *)missing;
	e.use_line = line;
	e.pointer_only = pointer_only;
	ck_assert_int_eq(fix_choose(ix, &e, NULL, forbids, 1, f), 0);
}

static void choose(const char *missing, const char *user, int line, int pointer_only, struct fix_cand *f)
{
	choose_in("linux/user.h", missing, user, line, pointer_only, f);
}

/* linux/user.h's use of missing at line gets no patch, and says why. */
static void assert_no_patch(const char *missing, const char *user, int line, const char *why_not)
{
	struct fix_cand f;

	choose(missing, user, line, 0, &f);
	ck_assert_int_eq(f.kind, FIX_NONE);
	ck_assert_str_eq(f.why_not, why_not);
	fix_cand_free(&f);
}

static char *apply(struct fix_cand *f)
{
	return fix_apply(USER_H, scan_file(ix, "include/linux/user.h"), f, 1);
}

START_TEST(test_declaration_over_include)
{
	struct fix_cand f;
	char *text;

	/* struct thing is defined in heavy.h, but only used by pointer */
	choose("struct thing", "take()", 5, 1, &f);
	ck_assert_int_eq(f.kind, FIX_DECLARE);
	text = apply(&f);
	ck_assert_ptr_nonnull(strstr(text, "struct page;\nstruct thing; // for take()\nint take("));
	free(text);
	fix_cand_free(&f);
	/* no named user (a member's function pointer): no comment, not
	 * "for linux/user.h", the header itself */
	choose("struct thing", NULL, 5, 1, &f);
	ck_assert_int_eq(f.kind, FIX_DECLARE);
	text = apply(&f);
	ck_assert_ptr_nonnull(strstr(text, "struct page;\nstruct thing;\nint take("));
	free(text);
	fix_cand_free(&f);
}
END_TEST

START_TEST(test_lightest_definer)
{
	struct fix_cand f;
	char *text, *s;

	choose("light_fn", "plain()", 6, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.include, "linux/light.h");
	ck_assert_ptr_null(f.cond);
	text = apply(&f);
	ck_assert_ptr_nonnull(strstr(text, "#include <linux/types.h>\n#include <linux/light.h> // for light_fn()\n"));
	s = fix_summary(&f);
	ck_assert_str_eq(s, "include linux/light.h for light_fn()");
	free(s);
	free(text);
	fix_cand_free(&f);
}
END_TEST

START_TEST(test_forbidden_definer_refused)
{
	assert_no_patch("mm_only", "bad()", 10,
			"linux/user.h: bad() needs mm_only(), defined only in linux/mm.h (forbidden): "
			"move mm_only() out of mm.h, or rewrite bad() without it");
}
END_TEST

START_TEST(test_cycle_refused)
{
	assert_no_patch("cyc_fn", "loop()", 11,
			"linux/user.h: loop() needs cyc_fn(), defined only in linux/cyc.h "
			"(it includes linux/user.h: a cycle): no header qualifies");
}
END_TEST

/* A use under #if gets its include unconditionally, as a reviewer would
 * write it (linux/errno.h for EINVAL under #if !IS_ENABLED(CONFIG_HSR)):
 * the #if is kept for the proof, which puts it under it only when the
 * unconditional one breaks something, and says what. */
START_TEST(test_conditional_use_unconditional_include)
{
	struct fix_cand f;
	char *text;

	choose("light_fn", "under_x()", 8, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.cond, "defined(CONFIG_X)");
	ck_assert_ptr_null(f.cond_why);
	text = apply(&f);
	ck_assert_msg(strstr(text, "#include <linux/types.h>\n#include <linux/light.h> // for light_fn()\n"
				   "struct page;\n"), "%s", text);
	ck_assert_msg(!strstr(text, "#if defined"), "%s", text);
	free(text);
	/* the proof found the unconditional one breaks something */
	f.cond_why = xstrdup("unconditionally it breaks 1 TU that passed: x86_64/defconfig:linux/r.h (...)");
	text = apply(&f);
	ck_assert_msg(strstr(text, "#include <linux/types.h>\n#if defined(CONFIG_X)\n"
				   "#include <linux/light.h> // for light_fn()\n#endif\nstruct page;\n"), "%s", text);
	free(text);
	fix_cand_free(&f);
}
END_TEST

/* Two includes under the same #if: one block, not two. */
START_TEST(test_conditional_includes_share_their_if)
{
	struct fix_cand f[2];
	char *text;

	choose("tie_fn", "under_x()", 8, 0, &f[0]);
	choose("light_fn", "under_x()", 8, 0, &f[1]);
	f[0].cond_why = xstrdup("unconditionally it breaks ...");
	f[1].cond_why = xstrdup("unconditionally it breaks ...");
	text = fix_apply(USER_H, scan_file(ix, "include/linux/user.h"), f, 2);
	ck_assert_ptr_nonnull(strstr(text, "#include <linux/types.h>\n#if defined(CONFIG_X)\n"
					   "#include <linux/light.h> // for light_fn()\n"
					   "#include <linux/tie_a.h> // for tie_fn()\n#endif\nstruct page;\n"));
	free(text);
	/* only the one the proof put under it */
	free(f[0].cond_why);
	f[0].cond_why = NULL;
	text = fix_apply(USER_H, scan_file(ix, "include/linux/user.h"), f, 2);
	ck_assert_msg(strstr(text, "#include <linux/types.h>\n#include <linux/tie_a.h> // for tie_fn()\n"
				   "#if defined(CONFIG_X)\n#include <linux/light.h> // for light_fn()\n#endif\n"
				   "struct page;\n"), "%s", text);
	free(text);
	fix_cand_free(&f[0]);
	fix_cand_free(&f[1]);
}
END_TEST

START_TEST(test_closure_counts_and_sees_cycles)
{
	int reaches;

	ck_assert_int_eq(closure_size(ix, "linux/light.h", "linux/user.h", &reaches), 1);
	ck_assert_int_eq(reaches, 0);
	ck_assert_int_eq(closure_size(ix, "linux/heavy.h", NULL, &reaches), 4);
	ck_assert_int_eq(closure_size(ix, "linux/cyc.h", "linux/user.h", &reaches), 3);
	ck_assert_int_eq(reaches, 1);
}
END_TEST

START_TEST(test_one_include_for_two_names)
{
	struct fix_cand f[2];
	char *text, *d;

	choose("light_fn", "plain()", 6, 0, &f[0]);
	choose("light_fn", "plain()", 6, 0, &f[1]);
	free(f[1].what);
	f[1].what = xstrdup("other()");
	text = fix_apply(USER_H, scan_file(ix, "include/linux/user.h"), f, 2);
	ck_assert_ptr_nonnull(strstr(text, "#include <linux/light.h> // for light_fn(), other()\nstruct page;"));
	d = fix_describe(f, 2);
	ck_assert_str_eq(d, "include linux/light.h for light_fn(), other()");
	free(d);
	free(text);
	fix_cand_free(&f[0]);
	fix_cand_free(&f[1]);
}
END_TEST

START_TEST(test_no_definer_says_so)
{
	struct fix_cand f;
	struct explain_info e = { 0 };

	assert_no_patch("nowhere_fn", "plain()", 6,
			"linux/user.h: plain() needs nowhere_fn, which no header of the tree defines "
			"outside linux/user.h");
	/* defined in the header itself only: not a header to include */
	assert_no_patch("loop", NULL, 11,
			"linux/user.h: it needs loop(), which no header of the tree defines outside "
			"linux/user.h");
	/* nor is a header under include/uapi */
	choose("uapi_fn", "plain()", 6, 0, &f);
	ck_assert_int_eq(f.kind, FIX_NONE);
	fix_cand_free(&f);
	/* a culprit outside include/ (or no header at all) gets no candidate */
	e.header = e.culprit = (char *)"linux/nosuch.h";
	e.missing = (char *)"light_fn";
	ck_assert_int_eq(fix_choose(ix, &e, NULL, forbids, 1, &f), -1);
}
END_TEST

START_TEST(test_unconditional_definer_over_lighter_conditional_one)
{
	struct fix_cand f;

	choose("cz_fn", "plain()", 6, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.include, "linux/big_def.h");
	ck_assert_int_eq(f.weight, 3);
	fix_cand_free(&f);
	/* the conditional one when it is the only one, with its real weight */
	choose("cz_only", "plain()", 6, 0, &f);
	ck_assert_str_eq(f.include, "linux/cond_def.h");
	ck_assert_int_eq(f.weight, 1);
	fix_cand_free(&f);
}
END_TEST

START_TEST(test_equal_weights_by_name)
{
	struct fix_cand f;

	choose("tie_fn", "plain()", 6, 0, &f);
	ck_assert_str_eq(f.include, "linux/tie_a.h");
	ck_assert_int_eq(f.weight, 1);
	fix_cand_free(&f);
}
END_TEST

/* Never an include of asm-generic/ into a linux/ header. */
START_TEST(test_asm_generic_refused)
{
	assert_no_patch("gen_fn", "plain()", 6,
			"linux/user.h: plain() needs gen_fn(), defined only in asm-generic/gen_only.h "
			"(asm-generic: included through the arch's asm/ headers): no header qualifies");
}
END_TEST

/* A name of asm-generic/ or vdso/ from the header of the user's own dir
 * that the tree includes for it, through uapi/ and the asm/ header of the
 * arches that have none, never through one arch's own. */
START_TEST(test_home_of_a_layer_definition)
{
	struct fix_cand f;

	choose("home_u8", "plain()", 6, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.include, "linux/types_home.h");
	fix_cand_free(&f);
	choose("VBIT", "plain()", 6, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.include, "linux/vbits.h");
	fix_cand_free(&f);
	/* a vdso/ header includes vdso/ itself */
	choose_in("vdso/vuser.h", "VBIT", NULL, 1, 0, &f);
	ck_assert_str_eq(f.include, "vdso/vbits.h");
	fix_cand_free(&f);
}
END_TEST

/* A layer's name in a header of another subsystem comes from linux/ too
 * (u8 in a net/ header: linux/types.h, not a net/ header that includes
 * it, nor acpi/actypes.h); a vDSO header never gets a linux/ one. */
START_TEST(test_home_in_linux_for_another_dir)
{
	struct fix_cand f;

	choose_in("net/nuser.h", "home_u8", NULL, 1, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.include, "linux/types_home.h");
	fix_cand_free(&f);
	choose_in("vdso/vuser8.h", "home_u8", NULL, 1, 0, &f);
	ck_assert_int_eq(f.kind, FIX_NONE);
	ck_assert_str_eq(f.why_not, "vdso/vuser8.h: it needs home_u8, defined only in asm-generic/int_home.h "
				    "(asm-generic: included through the arch's asm/ headers): no header qualifies");
	fix_cand_free(&f);
}
END_TEST

/* A header without a guard whose definitions a second inclusion repeats
 * is included by what includes it; one of prototypes only, directly. */
START_TEST(test_a_guardless_definer_through_its_includer)
{
	struct fix_cand f;

	choose("ref_get", "plain()", 6, 0, &f);
	ck_assert_int_eq(f.kind, FIX_INCLUDE);
	ck_assert_str_eq(f.include, "linux/refs_home.h");
	fix_cand_free(&f);
	assert_no_patch("lonely_fn", "plain()", 6,
			"linux/user.h: plain() needs lonely_fn(), defined only in linux/lonely.h (no include "
			"guard: included once, by the headers that include it): no header qualifies");
	choose("proto_fn", "plain()", 6, 0, &f);
	ck_assert_str_eq(f.include, "linux/protos.h");
	fix_cand_free(&f);
}
END_TEST

/* A definition under #ifndef __KERNEL__ is none. */
START_TEST(test_user_space_definition_is_none)
{
	assert_no_patch("us_u8", "plain()", 6,
			"linux/user.h: plain() needs us_u8, which no header of the tree defines "
			"outside linux/user.h");
}
END_TEST

/* The header's own top dir before a lighter definer elsewhere. */
START_TEST(test_own_dir_over_lighter_elsewhere)
{
	struct fix_cand f;

	choose("own_u64", "plain()", 6, 0, &f);
	ck_assert_str_eq(f.include, "linux/own_t.h");
	ck_assert_int_eq(f.weight, 3);
	fix_cand_free(&f);
	choose_in("acpi/user.h", "own_u64", NULL, 1, 0, &f);
	ck_assert_str_eq(f.include, "acpi/own_a.h");
	fix_cand_free(&f);
}
END_TEST

START_TEST(test_include_after_the_endif_of_a_conditional_include)
{
	struct fix_cand f;
	char *text;

	choose_in("linux/condinc.h", "light_fn", "ci()", 7, 0, &f);
	ck_assert_ptr_null(f.cond);
	text = fix_apply(CONDINC_H, scan_file(ix, "include/linux/condinc.h"), &f, 1);
	ck_assert_str_eq(text, "#ifndef CI_H\n#define CI_H\n#include <linux/types.h>\n"
			       "#ifdef CONFIG_Y\n#include <linux/other.h>\n#endif\n"
			       "#include <linux/light.h> // for light_fn()\n"
			       "static inline int ci(void) { return light_fn(); }\n#endif\n");
	free(text);
	fix_cand_free(&f);
}
END_TEST

START_TEST(test_include_after_the_leading_comments)
{
	struct fix_cand f;
	char *text;

	choose_in("linux/spdx.h", "light_fn", "sp()", 6, 0, &f);
	text = fix_apply(SPDX_H, scan_file(ix, "include/linux/spdx.h"), &f, 1);
	ck_assert_str_eq(text, "/* SPDX-License-Identifier: GPL-2.0 */\n/*\n * what it is\n */\n\n"
			       "#include <linux/light.h> // for light_fn()\n"
			       "static inline int sp(void) { return light_fn(); }\n");
	free(text);
	fix_cand_free(&f);
}
END_TEST

/* Many names from one header: the comment stops within 100 columns. */
START_TEST(test_long_comment_cut)
{
	struct fix_cand f[8];
	char *text, *line;
	int i;

	for (i = 0; i < 8; i++) {
		choose("light_fn", "plain()", 6, 0, &f[i]);
		free(f[i].what);
		f[i].what = xasprintf("A_RATHER_LONG_NAME_%d", i);
		free(f[i].symbol);
		f[i].symbol = xasprintf("A_RATHER_LONG_NAME_%d", i);
	}
	text = fix_apply(USER_H, scan_file(ix, "include/linux/user.h"), f, 8);
	line = strstr(text, "#include <linux/light.h> // for A_RATHER_LONG_NAME_0, ");
	ck_assert_ptr_nonnull(line);
	ck_assert_int_le((int)(strchr(line, '\n') - line), 100);
	ck_assert_ptr_nonnull(strstr(line, ", ...\n"));
	free(text);
	for (i = 0; i < 8; i++)
		fix_cand_free(&f[i]);
}
END_TEST

START_TEST(test_include_at_the_top_without_guard_or_include)
{
	struct fix_cand f;
	char *text;

	choose_in("linux/bare.h", "light_fn", "bare()", 1, 0, &f);
	text = fix_apply("static inline int bare(void) { return light_fn(); }\n", scan_file(ix, "include/linux/bare.h"),
			 &f, 1);
	ck_assert_str_eq(text, "#include <linux/light.h> // for light_fn()\n"
			       "static inline int bare(void) { return light_fn(); }\n");
	free(text);
	fix_cand_free(&f);
}
END_TEST

START_TEST(test_two_names_of_one_header_one_include)
{
	struct fix_cand f[3];
	char *text, *d;

	choose("light_fn", "plain()", 6, 0, &f[0]);
	choose("struct thing", "take()", 5, 1, &f[1]);
	choose("light_two", "plain()", 6, 0, &f[2]);
	text = fix_apply(USER_H, scan_file(ix, "include/linux/user.h"), f, 3);
	ck_assert_str_eq(text, "#ifndef USER_H\n#define USER_H\n#include <linux/types.h>\n"
			       "#include <linux/light.h> // for light_fn(), light_two()\n"
			       "struct page;\nstruct thing; // for take()\n"
			       "int take(struct thing *t);\n"
			       "static inline int plain(void) { return light_fn(); }\n"
			       "#ifdef CONFIG_X\nstatic inline int under_x(void) { return light_fn(); }\n#endif\n"
			       "static inline int bad(void) { return mm_only(); }\n"
			       "static inline int loop(void) { return cyc_fn(); }\n#endif\n");
	d = fix_describe(f, 3);
	ck_assert_str_eq(d, "include linux/light.h for light_fn(), light_two(), declare struct thing");
	free(d);
	d = fix_summary(&f[1]);
	ck_assert_str_eq(d, "declare struct thing");
	free(d);
	free(text);
	fix_cand_free(&f[0]);
	fix_cand_free(&f[1]);
	fix_cand_free(&f[2]);
	choose("mm_only", "bad()", 10, 0, &f[0]);
	d = fix_summary(&f[0]);
	ck_assert_str_eq(d, "no patch");
	free(d);
	fix_cand_free(&f[0]);
}
END_TEST

START_TEST(test_closure_counts_an_asm_header_once)
{
	int reaches;

	/* itself, asm/page.h (not followed to linux/other.h), linux/light.h */
	ck_assert_int_eq(closure_size(ix, "linux/witharch.h", "linux/other.h", &reaches), 3);
	ck_assert_int_eq(reaches, 0);
}
END_TEST

Suite *fix_suite(void)
{
	Suite *s = suite_create("fix");
	TCase *tc = tcase_create("choose");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_declaration_over_include);
	tcase_add_test(tc, test_lightest_definer);
	tcase_add_test(tc, test_own_dir_over_lighter_elsewhere);
	tcase_add_test(tc, test_asm_generic_refused);
	tcase_add_test(tc, test_home_of_a_layer_definition);
	tcase_add_test(tc, test_home_in_linux_for_another_dir);
	tcase_add_test(tc, test_user_space_definition_is_none);
	tcase_add_test(tc, test_a_guardless_definer_through_its_includer);
	tcase_add_test(tc, test_forbidden_definer_refused);
	tcase_add_test(tc, test_cycle_refused);
	tcase_add_test(tc, test_conditional_use_unconditional_include);
	tcase_add_test(tc, test_conditional_includes_share_their_if);
	tcase_add_test(tc, test_closure_counts_and_sees_cycles);
	tcase_add_test(tc, test_one_include_for_two_names);
	tcase_add_test(tc, test_no_definer_says_so);
	tcase_add_test(tc, test_unconditional_definer_over_lighter_conditional_one);
	tcase_add_test(tc, test_equal_weights_by_name);
	tcase_add_test(tc, test_include_after_the_endif_of_a_conditional_include);
	tcase_add_test(tc, test_include_at_the_top_without_guard_or_include);
	tcase_add_test(tc, test_include_after_the_leading_comments);
	tcase_add_test(tc, test_long_comment_cut);
	tcase_add_test(tc, test_two_names_of_one_header_one_include);
	tcase_add_test(tc, test_closure_counts_an_asm_header_once);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A move of symbols out of a header, as text (gen/move): on a fixture
 * tree whose linux/big.h holds a function with its stub and kernel-doc,
 * an #if/#elif/#else chain, macros that need each other, a function that
 * dereferences a tag, and a macro only an includer of big.h can expand.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers.h"
#include "move/move.h"
#include "suites.h"

#define BIG_H \
	"/* SPDX-License-Identifier: GPL-2.0 */\n" \
	"#ifndef _LINUX_BIG_H\n#define _LINUX_BIG_H\n\n" \
	"#include <linux/types.h>\n#include <linux/thing.h>\n\n" \
	"struct widget;\n\n" \
	"#ifdef CONFIG_WIDGET\n" \
	"/**\n * widget_count - how many widgets\n * @w: the widget\n */\n" \
	"int widget_count(struct widget *w);\n" \
	"extern void widget_reset(struct widget *w);\n" \
	"#else\n" \
	"/* no widgets */\n" \
	"static inline int widget_count(struct widget *w)\n{\n\treturn 0;\n}\n\n" \
	"static inline void widget_reset(struct widget *w)\n{\n}\n" \
	"#endif\n\n" \
	"#if defined(CONFIG_A)\nextern int pick_a(void);\n" \
	"#elif defined(CONFIG_B)\nextern int pick_b(void);\n" \
	"#else\nextern int pick_c(void);\n#endif /* CONFIG_A */\n\n" \
	"#define BIG_SHIFT\t12\n" \
	"#define BIG_SIZE\t(1UL << BIG_SHIFT)\n" \
	"#define big_align(x)\t(((x) + BIG_SIZE - 1) & ~(BIG_SIZE - 1))\n\n" \
	"static inline size_t thing_size(const struct thing *t)\n{\n\treturn t->size;\n}\n\n" \
	"static inline bool big_fits(size_t n)\n{\n\treturn big_align(n) == n;\n}\n\n" \
	"#define big_limit()\tUSER_MAX\n\n" \
	"int dup_fn(void);\n\n" \
	"extern unsigned long big_pages;\nextern int (*big_hook)(void);\n\n" \
	"#define big_page_round(x)\t((x) + PG_SIZE)\n" \
	"#define big_arch_hook(x)\t(PG_HOOK + (x))\n\n" \
	"#endif /* _LINUX_BIG_H */\n"

#define THINGS_H \
	"/* SPDX-License-Identifier: GPL-2.0 */\n" \
	"#ifndef _LINUX_BIG_THINGS_H\n#define _LINUX_BIG_THINGS_H\n\n" \
	"#include <linux/types.h>\n\n" \
	"#define THINGS_MAX 4\n\n" \
	"#endif /* _LINUX_BIG_THINGS_H */\n"

static char *tree;
static struct scan_index *ix;

static void setup(void)
{
	tree = tmp_dir();
	free(put_file(tree, "include/linux/types.h",
		      "#ifndef _LINUX_TYPES_H\n#define _LINUX_TYPES_H\ntypedef unsigned long size_t;\n"
		      "typedef _Bool bool;\n#endif\n"));
	free(put_file(tree, "include/linux/compiler_types.h", "#define __always_inline inline\n"));
	free(put_file(tree, "include/linux/thing.h",
		      "#ifndef _LINUX_THING_H\n#define _LINUX_THING_H\n#include <linux/types.h>\n"
		      "struct thing { size_t size; };\n#endif\n"));
	free(put_file(tree, "include/linux/widget.h",
		      "#ifndef _LINUX_WIDGET_H\n#define _LINUX_WIDGET_H\nstruct widget { int n; };\n#endif\n"));
	free(put_file(tree, "include/linux/big.h", BIG_H));
	free(put_file(tree, "include/linux/big/things.h", THINGS_H));
	free(put_file(tree, "include/linux/other.h", "#ifndef O_H\n#define O_H\nint dup_fn(void);\n#endif\n"));
	/* PG_SIZE: only arch headers define it, most of them in asm/pg.h;
	 * PG_HOOK: an arch header and linux/pg_hook.h */
	free(put_file(tree, "arch/x86/include/asm/pg_types.h", "#define PG_SIZE 4096\n"));
	free(put_file(tree, "arch/x86/include/asm/pg.h", "#include <asm/pg_types.h>\n"));
	free(put_file(tree, "arch/arm64/include/asm/pg.h", "#define PG_SIZE 4096\n#define PG_HOOK 1\n"));
	free(put_file(tree, "arch/s390/include/asm/pg.h", "#define PG_SIZE 4096\n"));
	free(put_file(tree, "include/asm-generic/pg.h", "#define PG_SIZE 4096\n"));
	free(put_file(tree, "include/linux/pg_hook.h", "#ifdef CONFIG_HOOK\n#define PG_HOOK 2\n#endif\n"));
	/* asm/pg.h is a name linux/ headers include (under an #if, so that
	 * linux/pgsz.h is no home of PG_SIZE); asm/memmodel.h is not:
	 * asm-generic/memmodel.h is reached through the arches' asm/pg.h */
	free(put_file(tree, "include/linux/pgsz.h", "#ifdef CONFIG_PGSZ\n#include <asm/pg.h>\n#endif\n"));
	free(put_file(tree, "include/asm-generic/memmodel.h", "#define PFN_OF(p) ((unsigned long)(p) >> 12)\n"));
	free(put_file(tree, "arch/riscv/include/asm/pg.h", "#include <asm-generic/memmodel.h>\n"));
	/* linux/atom/instr.h is a part of linux/atom.h: only it includes it,
	 * after linux/atom/fallback.h, which instr.h needs */
	free(put_file(tree, "include/linux/atom.h",
		      "#ifndef _LINUX_ATOM_H\n#define _LINUX_ATOM_H\n#include <linux/atom/fallback.h>\n"
		      "#include <linux/atom/instr.h>\n#endif\n"));
	free(put_file(tree, "include/linux/atom/fallback.h", "#define raw_swap(p, v) (*(p) = (v))\n"));
	free(put_file(tree, "include/linux/atom/instr.h",
		      "#ifndef _LINUX_ATOM_INSTR_H\n#define _LINUX_ATOM_INSTR_H\n"
		      "#define atom_swap(p, v) raw_swap(p, v)\n#endif\n"));
	free(put_file(tree, "include/linux/mem.h",
		      "#ifndef _LINUX_MEM_H\n#define _LINUX_MEM_H\n#include <linux/atom.h>\n#include <linux/pgsz.h>\n"
		      "static inline unsigned long mem_pfn(void *p)\n{\n\treturn PFN_OF(p);\n}\n\n"
		      "static inline void mem_set(int *p)\n{\n\tatom_swap(p, 1);\n}\n#endif\n"));
	free(put_file(tree, "include/linux/big/wid.h",
		      "#ifndef _LINUX_BIG_WID_H\n#define _LINUX_BIG_WID_H\n#include <linux/widget.h>\n#endif\n"));
	free(put_file(tree, "include/linux/user.h",
		      "#ifndef U_H\n#define U_H\n#include <linux/big.h>\n#define USER_MAX 8\n#endif\n"));
	ix = scan_tree(tree);
	ck_assert_ptr_nonnull(ix);
}

static void teardown(void)
{
	scan_free(ix);
	free(tree);
}

/* move_plan() of the space-separated symbols from from (NULL: the one
 * header that defines them) to to, max 0 for the default; *diag what it
 * printed. */
static int plan_from(const char *symbols, const char *from, const char *to, int max, struct move *m, char **diag)
{
	char *words = xstrdup(symbols), *w, *save = NULL;
	char *syms[8];
	struct move_opts o = { 0 };
	int rc;

	for (w = strtok_r(words, " ", &save); w && o.nsymbols < 8; w = strtok_r(NULL, " ", &save))
		syms[o.nsymbols++] = w;
	o.symbols = syms;
	o.from = from;
	o.to = to;
	o.max = max;
	diag_begin();
	rc = move_plan(ix, tree, &o, m);
	*diag = diag_end();
	free(words);
	return rc;
}

static int plan(const char *symbols, const char *to, int max, struct move *m, char **diag)
{
	return plan_from(symbols, NULL, to, max, m, diag);
}

/* The symbol name's reason in m, "" for a named one; NULL when it does
 * not move. */
static const char *reason(const struct move *m, const char *name)
{
	int i;

	for (i = 0; i < m->nsyms; i++)
		if (!strcmp(m->syms[i].name, name))
			return m->syms[i].why ? m->syms[i].why : "";
	return NULL;
}

/* widget_count() moves with its stub, each under its branch of the
 * #ifdef, the kernel-doc above the declaration with it; widget_reset()
 * stays in both branches.  struct widget, used by pointer only, is
 * declared, not included. */
START_TEST(test_stub_pair_and_kernel_doc)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("widget_count", "linux/big/widget.h", 0, &m, &diag), 0);
	ck_assert_str_eq(diag, "");
	ck_assert_str_eq(m.from, "linux/big.h");
	ck_assert_str_eq(m.to_text, "/* SPDX-License-Identifier: GPL-2.0 */\n"
				    "#ifndef _LINUX_BIG_WIDGET_H\n#define _LINUX_BIG_WIDGET_H\n\n"
				    "struct widget; // for widget_count()\n\n"
				    "#ifdef CONFIG_WIDGET\n"
				    "/**\n * widget_count - how many widgets\n * @w: the widget\n */\n"
				    "int widget_count(struct widget *w);\n"
				    "#else\n"
				    "/* no widgets */\n"
				    "static inline int widget_count(struct widget *w)\n{\n\treturn 0;\n}\n"
				    "#endif\n\n"
				    "#endif /* _LINUX_BIG_WIDGET_H */\n");
	ck_assert_ptr_nonnull(strstr(m.from_text, "#include <linux/thing.h>\n"
						  "#include <linux/big/widget.h> // for widget_count()\n\n"));
	ck_assert_ptr_nonnull(strstr(m.from_text, "#ifdef CONFIG_WIDGET\n"
						  "extern void widget_reset(struct widget *w);\n"
						  "#else\n"
						  "static inline void widget_reset(struct widget *w)\n{\n}\n"
						  "#endif\n"));
	ck_assert_ptr_null(strstr(m.from_text, "widget_count -"));
	ck_assert_ptr_null(strstr(m.from_text, "no widgets"));
	ck_assert_str_eq(m.catalog, "header linux/big/widget.h\n\tfunc\twidget_count\tint (struct widget *)\n");
	move_release(&m);
	free(diag);
}
END_TEST

/* A branch nothing moved from is left out: at the end of its group
 * simply, before a branch that moves by opening that one with its whole
 * condition; a group that moves whole goes as it is, #endif comment and
 * all, and leaves nothing behind. */
START_TEST(test_skeleton_branches)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("pick_b", "linux/big/pick.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "\n\n#if !defined(CONFIG_A) && defined(CONFIG_B)\n"
						"int pick_b(void);\n#endif /* CONFIG_A */\n\n#endif"));
	ck_assert_ptr_nonnull(strstr(m.from_text, "#elif defined(CONFIG_B)\n#else\n"));
	move_release(&m);
	free(diag);

	ck_assert_int_eq(plan("pick_a pick_c", "linux/big/pick.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "\n\n#if defined(CONFIG_A)\nint pick_a(void);\n"
						"#elif !defined(CONFIG_A) && !defined(CONFIG_B)\n"
						"int pick_c(void);\n"
						"#endif /* CONFIG_A */\n\n#endif"));
	move_release(&m);
	free(diag);

	ck_assert_int_eq(plan("pick_a pick_b pick_c", "linux/big/pick.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "#if defined(CONFIG_A)\nint pick_a(void);\n"
						"#elif defined(CONFIG_B)\nint pick_b(void);\n"
						"#else\nint pick_c(void);\n#endif /* CONFIG_A */\n"));
	ck_assert_ptr_null(strstr(m.from_text, "CONFIG_A"));
	ck_assert_ptr_nonnull(strstr(m.from_text, "#endif\n\n#define BIG_SHIFT"));
	move_release(&m);
	free(diag);
}
END_TEST

/* big_align() needs BIG_SIZE, which needs BIG_SHIFT, both only big.h's:
 * they move too, each with its reason.  big_fits(), which stays, uses
 * big_align(): big.h includes the new header before it. */
START_TEST(test_closure_moves_what_only_from_has)
{
	struct move m;
	char *diag;
	const char *inc, *use;

	ck_assert_int_eq(plan("big_align", "linux/big/align.h", 0, &m, &diag), 0);
	ck_assert_int_eq(m.nsyms, 3);
	ck_assert_str_eq(reason(&m, "big_align"), "");
	ck_assert_str_eq(reason(&m, "BIG_SIZE"), "used by big_align()");
	ck_assert_str_eq(reason(&m, "BIG_SHIFT"), "used by BIG_SIZE");
	ck_assert_str_eq(m.to_text, "/* SPDX-License-Identifier: GPL-2.0 */\n"
				    "#ifndef _LINUX_BIG_ALIGN_H\n#define _LINUX_BIG_ALIGN_H\n\n"
				    "#define BIG_SHIFT\t12\n"
				    "#define BIG_SIZE\t(1UL << BIG_SHIFT)\n"
				    "#define big_align(x)\t(((x) + BIG_SIZE - 1) & ~(BIG_SIZE - 1))\n\n"
				    "#endif /* _LINUX_BIG_ALIGN_H */\n");
	inc = strstr(m.from_text, "#include <linux/thing.h>\n"
				  "#include <linux/big/align.h> // for big_align(), BIG_SIZE, BIG_SHIFT\n");
	use = strstr(m.from_text, "return big_align(n) == n;");
	ck_assert_ptr_nonnull(inc);
	ck_assert_ptr_nonnull(use);
	ck_assert(inc < use);
	ck_assert_ptr_null(strstr(m.from_text, "#define BIG_"));
	ck_assert_ptr_nonnull(strstr(m.from_text, "#endif /* CONFIG_A */\n\nstatic inline size_t thing_size"));
	move_release(&m);
	free(diag);
}
END_TEST

/* A prototype loses its extern as it moves (checkpatch --strict asks
 * for that); a variable and a function pointer keep theirs. */
START_TEST(test_extern_prototypes)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("widget_reset big_pages big_hook", "linux/big/reset.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "\nvoid widget_reset(struct widget *w);\n"));
	ck_assert_ptr_nonnull(strstr(m.to_text, "\nextern unsigned long big_pages;\nextern int (*big_hook)(void);\n"));
	ck_assert_ptr_null(strstr(m.to_text, "extern void"));
	move_release(&m);
	free(diag);
}
END_TEST

/* PG_SIZE, which only arch headers define, is included from the asm/
 * header most of them define it in (as the series includes asm/page.h
 * for PAGE_SIZE), x86's pg_types.h notwithstanding.  PG_HOOK, which a
 * linux/ header defines too, is not an arch name. */
START_TEST(test_arch_only_name)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("big_page_round", "linux/big/round.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "#include <asm/pg.h> // for PG_SIZE\n"));
	ck_assert_int_eq(m.nunresolved, 0);
	move_release(&m);
	free(diag);
	ck_assert_int_eq(plan("big_arch_hook", "linux/big/hook.h", 0, &m, &diag), 0);
	ck_assert_ptr_null(strstr(m.to_text, "asm/"));
	move_release(&m);
	free(diag);
}
END_TEST

/* PFN_OF, defined only in asm-generic/memmodel.h, which no linux/
 * header includes as asm/memmodel.h (no arch has one): included from
 * asm/pg.h, the arch header that includes memmodel.h on most arches,
 * not from an asm/memmodel.h that does not exist. */
START_TEST(test_asm_generic_through_arch_header)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan_from("mem_pfn", "linux/mem.h", "linux/mem/pfn.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "#include <asm/pg.h> // for PFN_OF()\n"));
	ck_assert_ptr_null(strstr(m.to_text, "asm/memmodel.h"));
	move_release(&m);
	free(diag);
}
END_TEST

/* atom_swap() is defined in linux/atom/instr.h, a part of linux/atom.h
 * that needs what atom.h includes before it: TO includes linux/atom.h.
 * When a catalog says the part stands alone, the part itself. */
START_TEST(test_part_included_through_its_parent)
{
	struct move m;
	struct move_opts o = { 0 };
	char *syms[] = { "mem_set" }, *catfile, *files[1];
	struct catalog *cat;

	o.symbols = syms;
	o.nsymbols = 1;
	o.from = "linux/mem.h";
	o.to = "linux/mem/set.h";
	diag_begin();
	ck_assert_int_eq(move_plan(ix, tree, &o, &m), 0);
	free(diag_end());
	ck_assert_ptr_nonnull(strstr(m.to_text, "#include <linux/atom.h> // for atom_swap()\n"));
	ck_assert_ptr_null(strstr(m.to_text, "linux/atom/instr.h"));
	move_release(&m);

	catfile = put_file(tree, "part.cat", "header linux/atom/instr.h\n\tmacro\tatom_swap\tvoid (int *, int)\n");
	files[0] = catfile;
	cat = catalog_read(files, 1);
	ck_assert_ptr_nonnull(cat);
	o.cat = cat;
	diag_begin();
	ck_assert_int_eq(move_plan(ix, tree, &o, &m), 0);
	free(diag_end());
	ck_assert_ptr_nonnull(strstr(m.to_text, "#include <linux/atom/instr.h> // for atom_swap()\n"));
	move_release(&m);
	catalog_free(cat);
	free(catfile);
}
END_TEST

/* widget_reset() takes a struct widget *: a new TO declares the tag; an
 * existing TO that includes linux/widget.h, which defines it, does not. */
START_TEST(test_tag_an_existing_to_includes)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("widget_reset", "linux/big/reset.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "struct widget;"));
	move_release(&m);
	free(diag);
	ck_assert_int_eq(plan("widget_reset", "linux/big/wid.h", 0, &m, &diag), 0);
	ck_assert_int_eq(m.to_exists, 1);
	ck_assert_ptr_null(strstr(m.to_text, "struct widget;"));
	ck_assert_ptr_nonnull(strstr(m.to_text, "void widget_reset(struct widget *w);"));
	move_release(&m);
	free(diag);
}
END_TEST

/* thing_size() dereferences its struct thing: linux/thing.h is included
 * for it, linux/types.h for size_t, each commented as make fix does. */
START_TEST(test_includes_what_it_dereferences)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("thing_size", "linux/big/size.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "#define _LINUX_BIG_SIZE_H\n\n"
						"#include <linux/thing.h> // for struct thing\n"
						"#include <linux/types.h> // for size_t\n\n"
						"static inline size_t thing_size(const struct thing *t)\n"));
	ck_assert_ptr_null(strstr(m.to_text, "struct thing;"));
	move_release(&m);
	free(diag);
}
END_TEST

/* An existing TO: the include it lacks goes after its own, the text
 * before its guard's #endif. */
START_TEST(test_existing_to)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("thing_size", "linux/big/things.h", 0, &m, &diag), 0);
	ck_assert_int_eq(m.to_exists, 1);
	ck_assert_str_eq(m.to_text, "/* SPDX-License-Identifier: GPL-2.0 */\n"
				    "#ifndef _LINUX_BIG_THINGS_H\n#define _LINUX_BIG_THINGS_H\n\n"
				    "#include <linux/types.h>\n"
				    "#include <linux/thing.h> // for struct thing\n\n"
				    "#define THINGS_MAX 4\n\n"
				    "static inline size_t thing_size(const struct thing *t)\n"
				    "{\n\treturn t->size;\n}\n\n"
				    "#endif /* _LINUX_BIG_THINGS_H */\n");
	move_release(&m);
	free(diag);
}
END_TEST

/* Past MAX nothing is written: the closure is what comes back. */
START_TEST(test_closure_over_max)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("big_align", "linux/big/align.h", 2, &m, &diag), 1);
	ck_assert_str_eq(diag, "");
	ck_assert_int_eq(m.nsyms, 3);
	ck_assert_int_eq(m.ndefs, 3);
	ck_assert_str_eq(reason(&m, "BIG_SHIFT"), "used by BIG_SIZE");
	ck_assert_ptr_null(m.to_text);
	ck_assert_ptr_null(m.from_text);
	ck_assert_ptr_null(m.catalog);
	move_release(&m);
	free(diag);
}
END_TEST

/* A symbol two headers define, one none does, and one whose text needs
 * a name only an includer of big.h has: each refused, saying why. */
START_TEST(test_refused_with_the_list)
{
	struct move m;
	char *diag;

	ck_assert_int_eq(plan("dup_fn nowhere_fn", "linux/big/x.h", 0, &m, &diag), -1);
	ck_assert_ptr_nonnull(strstr(diag, "dup_fn is defined in 2 headers: linux/big.h, linux/other.h: say which "
					   "with FROM\n"));
	ck_assert_ptr_nonnull(strstr(diag, "nowhere_fn: no header of the tree defines it\n"));
	ck_assert_ptr_null(m.to_text);
	move_release(&m);
	free(diag);

	/* given FROM, the other header's definition stays */
	ck_assert_int_eq(plan_from("dup_fn", "linux/big.h", "linux/big/dup.h", 0, &m, &diag), 0);
	ck_assert_ptr_nonnull(strstr(m.to_text, "\nint dup_fn(void);\n"));
	move_release(&m);
	free(diag);
	ck_assert_int_eq(plan_from("dup_fn", "linux/user.h", "linux/big/dup.h", 0, &m, &diag), -1);
	ck_assert_ptr_nonnull(strstr(diag, "dup_fn: linux/user.h (include/linux/user.h) does not define it\n"));
	move_release(&m);
	free(diag);

	ck_assert_int_eq(plan("big_limit", "linux/big/limit.h", 0, &m, &diag), -1);
	ck_assert_ptr_nonnull(strstr(diag, "cannot move: USER_MAX: used by big_limit(), is defined only in headers "
					   "that include linux/big.h: linux/user.h (forbidden): move it first\n"));
	ck_assert_ptr_null(m.to_text);
	move_release(&m);
	free(diag);
}
END_TEST

/* TO is a header name under linux/, a symbol a C identifier: anything
 * else is refused, naming what was expected, before the tree is read. */
START_TEST(test_hostile_names)
{
	static const char *const bad[] = { "../x.h",     "/linux/x.h",   "linux/../x.h", "linux/x.c",
					   "asm/x.h",    "linux/a b.h",  "linux/.x.h",   "linux//x.h",
					   "linux/x\n.h", "linux/user.h", "linux/big.h" };
	struct move m;
	char *diag;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(plan("thing_size", bad[i], 0, &m, &diag), -1);
		ck_assert_msg(strstr(diag, "TO: "), "%s: %s", bad[i], diag);
		ck_assert_ptr_null(m.to_text);
		move_release(&m);
		free(diag);
	}
	ck_assert_ptr_nonnull(strstr(bad[8], "\n"));
	ck_assert_int_eq(plan("thing_size;rm", "linux/big/x.h", 0, &m, &diag), -1);
	ck_assert_ptr_nonnull(strstr(diag, "SYMBOLS: expected C identifiers; found 'thing_size;rm'\n"));
	move_release(&m);
	free(diag);
	ck_assert_int_eq(plan_from("thing_size", "../linux/big.h", "linux/big/x.h", 0, &m, &diag), -1);
	ck_assert_ptr_nonnull(strstr(diag, "FROM: expected a header's include name ending in .h"));
	move_release(&m);
	free(diag);
}
END_TEST

Suite *move_suite(void)
{
	Suite *s = suite_create("move");
	TCase *tc = tcase_create("plan");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_stub_pair_and_kernel_doc);
	tcase_add_test(tc, test_skeleton_branches);
	tcase_add_test(tc, test_closure_moves_what_only_from_has);
	tcase_add_test(tc, test_extern_prototypes);
	tcase_add_test(tc, test_arch_only_name);
	tcase_add_test(tc, test_asm_generic_through_arch_header);
	tcase_add_test(tc, test_part_included_through_its_parent);
	tcase_add_test(tc, test_includes_what_it_dereferences);
	tcase_add_test(tc, test_existing_to);
	tcase_add_test(tc, test_tag_an_existing_to_includes);
	tcase_add_test(tc, test_closure_over_max);
	tcase_add_test(tc, test_refused_with_the_list);
	tcase_add_test(tc, test_hostile_names);
	suite_add_tcase(s, tc);
	return s;
}

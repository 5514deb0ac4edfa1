// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest fix's edits for what is explained beside a missing name: a stub
 * made to match its declaration, an include guard, an include before the
 * #if that tests a macro; from the diagnostics, on fixture headers.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fix/fix.h"
#include "fix/fixer.h"
#include "helpers.h"
#include "judge/explain.h"
#include "suites.h"

static char *tree;
static struct scan_index *ix;

/* The declarations, and their stubs in the other branch:
 *   chip_read()   parameter 2 differs, the list on two lines
 *   chip_on()     the return type differs: the '(' moves, the list's
 *                 second line with it
 *   chip_parent() returns void *, not struct node *
 *   chip_free()   takes one parameter, not two
 *   chip_stop()   returns void, its stub a value: by hand
 *   twice()       two declarations, no stub */
#define STUB_H \
	"#ifndef STUB_H\n#define STUB_H\n#include <linux/types.h>\nstruct chip;\nstruct node;\n" \
	"#ifdef CONFIG_CHIP\n" \
	"extern int chip_read(struct chip *chip, u32 pcr_idx,\n\t\t     struct node *digest);\n" \
	"bool chip_on(struct chip *chip, struct node *node);\n" \
	"struct node *chip_parent(struct node *child);\n" \
	"void chip_free(struct chip *chip, u32 flags);\n" \
	"void chip_stop(struct chip *chip);\n" \
	"int twice(long x);\n" \
	"#else\n" \
	"static inline int chip_read(struct chip *chip, int pcr_idx,\n\t\t\t    struct node *digest)\n" \
	"{\n\treturn -1;\n}\n" \
	"static inline int chip_on(struct chip *chip,\n\t\t\t  struct node *node)\n{\n\treturn 0;\n}\n" \
	"static inline void *chip_parent(struct node *child)\n{\n\treturn NULL;\n}\n" \
	"static inline void chip_free(struct chip *chip) { }\n" \
	"static inline int chip_stop(struct chip *chip) { return 0; }\n" \
	"int twice(int x);\n" \
	"#endif\n#endif\n"

/* A stub on one line past 80 columns, as dax.h has one. */
#define WIDE_H \
	"#ifndef WIDE_H\n#define WIDE_H\n#include <linux/types.h>\nstruct chip;\n" \
	"#ifdef CONFIG_CHIP\n" \
	"struct chip *chip_busy_range(struct chip *mapping, long start, long end);\n" \
	"#else\n" \
	"static inline struct chip *chip_busy_range(struct chip *mapping, u32 start, u32 nr_pages)\n" \
	"{\n\treturn NULL;\n}\n" \
	"#endif\n#endif\n"

/* An #if that tests NR_THINGS, an include under it after. */
#define IF_H \
	"#ifndef IF2_H\n#define IF2_H\n#include <linux/types.h>\n#if NR_THINGS > 1\n#include <linux/other.h>\n" \
	"#endif\nint many(void);\n#endif\n"

static void setup(void)
{
	tree = tmp_dir();
	free(put_file(tree, "include/linux/types.h", "#ifndef T_H\n#define T_H\ntypedef unsigned int u32;\n#endif\n"));
	free(put_file(tree, "include/linux/other.h", "#ifndef O_H\n#define O_H\n#endif\n"));
	free(put_file(tree, "include/linux/threads.h", "#ifndef TH_H\n#define TH_H\n#define NR_THINGS 4\n#endif\n"));
	free(put_file(tree, "include/linux/stub.h", STUB_H));
	free(put_file(tree, "include/linux/if2.h", IF_H));
	free(put_file(tree, "include/linux/wide.h", WIDE_H));
	/* no guard; with a leading comment and an include, and without */
	free(put_file(tree, "include/linux/8250_x-y.h",
		      "/* SPDX-License-Identifier: GPL-2.0 */\n#include <linux/types.h>\nstruct ng { u32 x; };\n"));
	free(put_file(tree, "include/linux/bare.h", "struct bare { int x; };\n"));
	/* the guard bare.h would get is another header's, and so is the
	 * other spelling of it for taken.h's */
	free(put_file(tree, "include/linux/taken.h", "struct taken { int x; };\n"));
	free(put_file(tree, "include/linux/guards.h",
		      "#ifndef _LINUX_BARE_H\n#define _LINUX_BARE_H\n"
		      "#define _LINUX_TAKEN_H 1\n#define __LINUX_TAKEN_H 1\n"
		      "#endif\n"));
	ix = scan_tree(tree);
	ck_assert_ptr_nonnull(ix);
}

static void teardown(void)
{
	scan_free(ix);
	free(tree);
}

/* What make fix chooses for header's TU failing with log (its "/src/"
 * the fixture tree). */
static void choose_for(const char *header, const char *log, struct fix_cand *cand)
{
	struct tu_result t = { 0 };
	struct cell_result c = { 0 };
	struct explain_info *e;
	char *text = xstrdup(log), *p;

	while ((p = strstr(text, "/src/"))) {
		char *n = xasprintf("%.*s%s/%s", (int)(p - text), text, tree, p + 5);

		free(text);
		text = n;
	}
	t.header = (char *)header;
	t.verdict = V_FAIL;
	t.log = text;
	c.dir = (char *)"/out/x";
	c.srctree = tree;
	e = explain_analyze(&t, &c, ix);
	ck_assert_msg(e != NULL, "no explanation of %s", log);
	ck_assert_int_eq(fix_choose(ix, e, NULL, NULL, 0, cand), 0);
	explain_info_free(e);
	free(text);
}

/* The TU's type check of a function of stub.h. */
static void choose_stub(const char *name, const char *type, struct fix_cand *cand)
{
	char *log = xasprintf("/out/x/linux/stub.c:9:1: error: static assertion failed: \"%s(): not a function of "
			      "the catalogued type %s\"\n",
			      name, type);

	choose_for("linux/stub.h", log, cand);
	free(log);
}

/* Each stub gets its declaration's types: only what differs changes, the
 * parameter names stay the stub's, a list after a '(' that moved moves
 * with it, a blank line comes between a changed line and the '}' before
 * it (checkpatch's LINE_SPACING); every stub of the header in one edit. */
START_TEST(test_stubs_made_to_match)
{
	struct fix_cand c[4];
	char *text, *s;

	choose_stub("chip_read", "int (struct chip *, u32, struct node *)", &c[0]);
	choose_stub("chip_on", "bool (struct chip *, struct node *)", &c[1]);
	choose_stub("chip_parent", "struct node * (struct node *)", &c[2]);
	choose_stub("chip_free", "void (struct chip *, u32)", &c[3]);
	ck_assert_int_eq(c[0].kind, FIX_STUB);
	ck_assert_str_eq(c[0].symbol, "chip_read");
	ck_assert_str_eq(c[0].sig, "int (struct chip *, u32, struct node *)");
	s = fix_summary(&c[0]);
	ck_assert_str_eq(s, "make the stub of chip_read() match its declaration");
	free(s);
	text = fix_apply(STUB_H, scan_file(ix, "include/linux/stub.h"), c, 4);
	ck_assert_str_eq(text, "#ifndef STUB_H\n#define STUB_H\n#include <linux/types.h>\nstruct chip;\nstruct node;\n"
			       "#ifdef CONFIG_CHIP\n"
			       "extern int chip_read(struct chip *chip, u32 pcr_idx,\n\t\t     struct node *digest);\n"
			       "bool chip_on(struct chip *chip, struct node *node);\n"
			       "struct node *chip_parent(struct node *child);\n"
			       "void chip_free(struct chip *chip, u32 flags);\n"
			       "void chip_stop(struct chip *chip);\n"
			       "int twice(long x);\n"
			       "#else\n"
			       "static inline int chip_read(struct chip *chip, u32 pcr_idx,\n"
			       "\t\t\t    struct node *digest)\n"
			       "{\n\treturn -1;\n}\n\n"
			       "static inline bool chip_on(struct chip *chip,\n\t\t\t   struct node *node)\n"
			       "{\n\treturn 0;\n}\n\n"
			       "static inline struct node *chip_parent(struct node *child)\n{\n\treturn NULL;\n}\n\n"
			       "static inline void chip_free(struct chip *chip, u32 flags) { }\n"
			       "static inline int chip_stop(struct chip *chip) { return 0; }\n"
			       "int twice(int x);\n"
			       "#endif\n#endif\n");
	free(text);
	s = fix_describe(c, 4);
	ck_assert_str_eq(s, "make the stub of chip_read() match its declaration, make the stub of chip_on() match "
			    "its declaration, make the stub of chip_parent() match its declaration, make the stub of "
			    "chip_free() match its declaration");
	free(s);
	s = fix_subject(c, 4, 60);
	ck_assert_str_eq(s, "match 4 stubs");
	free(s);
	for (int i = 0; i < 4; i++)
		fix_cand_free(&c[i]);
}
END_TEST

/* A stub whose changed parameter line would pass 80 columns (dax.h's
 * dax_layout_busy_page_range(), 115 columns in the tree): its list is
 * wrapped again, the stub's names kept. */
START_TEST(test_stub_wrapped_again)
{
	struct fix_cand c;
	char *text;

	choose_for("linux/wide.h", "/out/x/linux/wide.c:9:1: error: static assertion failed: \"chip_busy_range(): "
		   "not a function of the catalogued type struct chip * (struct chip *, long, long)\"\n", &c);
	ck_assert_int_eq(c.kind, FIX_STUB);
	text = fix_apply(WIDE_H, scan_file(ix, "include/linux/wide.h"), &c, 1);
	ck_assert_str_eq(text, "#ifndef WIDE_H\n#define WIDE_H\n#include <linux/types.h>\nstruct chip;\n"
			       "#ifdef CONFIG_CHIP\n"
			       "struct chip *chip_busy_range(struct chip *mapping, long start, long end);\n"
			       "#else\n"
			       "static inline struct chip *chip_busy_range(struct chip *mapping, long start,\n"
			       "\t\t\t\t\t   long nr_pages)\n"
			       "{\n\treturn NULL;\n}\n"
			       "#endif\n#endif\n");
	free(text);
	fix_cand_free(&c);
}
END_TEST

/* No edit when the stub's body must change, or when there is no stub:
 * the why-line says so. */
START_TEST(test_stubs_not_made_to_match)
{
	struct fix_cand c;

	choose_stub("chip_stop", "void (struct chip *)", &c);
	ck_assert_int_eq(c.kind, FIX_NONE);
	ck_assert_str_eq(c.why_not, "linux/stub.h: chip_stop() is void (struct chip *) under defined(CONFIG_CHIP) at "
				    "include/linux/stub.h:12, but its stub under !defined(CONFIG_CHIP) at line 30 "
				    "returns int, not void: the stub's body must change too: make it match by hand");
	fix_cand_free(&c);
	choose_stub("twice", "int (long)", &c);
	ck_assert_int_eq(c.kind, FIX_NONE);
	ck_assert_str_eq(c.why_not, "linux/stub.h: twice() is int (long) under defined(CONFIG_CHIP) at "
				    "include/linux/stub.h:13, but its declaration under !defined(CONFIG_CHIP) at "
				    "line 31 takes int as parameter 1, not long: no stub to make match");
	fix_cand_free(&c);
}
END_TEST

/* The guard a header gets, spelled as the tree spells them; another
 * spelling when the tree has that macro, none when it has both. */
START_TEST(test_guard_names)
{
	char *g = fix_guard_name(ix, "linux/8250_x-y.h"), *bare = fix_guard_name(ix, "linux/bare.h");
	struct fix_cand c;

	ck_assert_str_eq(g, "_LINUX_8250_X_Y_H");
	ck_assert_str_eq(bare, "__LINUX_BARE_H");
	ck_assert_ptr_null(fix_guard_name(ix, "linux/taken.h"));
	choose_for("linux/taken.h",
		   "/src/include/linux/taken.h:1:8: error: redefinition of 'struct taken'\n"
		   "/src/include/linux/taken.h:1:8: note: originally defined here\n",
		   &c);
	ck_assert_int_eq(c.kind, FIX_NONE);
	ck_assert_str_eq(c.why_not, "linux/taken.h: no include guard, and the tree defines the macros one would use");
	fix_cand_free(&c);
	free(g);
	free(bare);
}
END_TEST

/* The guard around all but the comments the header starts with, an
 * include it needs inside it; at the top of one without comments. */
START_TEST(test_guard_added)
{
	struct fix_cand c[2], b;
	char *text, *s;

	choose_for("linux/8250_x-y.h",
		   "/src/include/linux/8250_x-y.h:3:8: error: redefinition of 'struct ng'\n"
		   "In file included from /out/x/linux/8250_x-y.c:13:\n"
		   "/src/include/linux/8250_x-y.h:3:8: note: originally defined here\n",
		   &c[0]);
	ck_assert_int_eq(c[0].kind, FIX_GUARD);
	ck_assert_str_eq(c[0].symbol, "_LINUX_8250_X_Y_H");
	ck_assert_str_eq(c[0].because, "linux/8250_x-y.h has no include guard: a file that includes it twice gets a "
				       "redefinition of struct ng (line 3).");
	choose_for("linux/8250_x-y.h", "/src/include/linux/8250_x-y.h:3:3: error: \"NR_THINGS\" is not defined\n",
		   &c[1]);
	ck_assert_int_eq(c[1].kind, FIX_INCLUDE);
	text = fix_apply("/* SPDX-License-Identifier: GPL-2.0 */\n#include <linux/types.h>\nstruct ng { u32 x; };\n",
			 scan_file(ix, "include/linux/8250_x-y.h"), c, 2);
	ck_assert_str_eq(text, "/* SPDX-License-Identifier: GPL-2.0 */\n#ifndef _LINUX_8250_X_Y_H\n"
			       "#define _LINUX_8250_X_Y_H\n#include <linux/types.h>\n"
			       "#include <linux/threads.h> // for NR_THINGS\nstruct ng { u32 x; };\n"
			       "\n#endif /* _LINUX_8250_X_Y_H */\n");
	free(text);
	s = fix_describe(c, 2);
	ck_assert_str_eq(s, "add the include guard _LINUX_8250_X_Y_H, include linux/threads.h for NR_THINGS");
	free(s);
	choose_for("linux/bare.h",
		   "/src/include/linux/bare.h:1:8: error: redefinition of 'struct bare'\n"
		   "/src/include/linux/bare.h:1:8: note: originally defined here\n",
		   &b);
	text = fix_apply("struct bare { int x; };\n", scan_file(ix, "include/linux/bare.h"), &b, 1);
	ck_assert_str_eq(text, "#ifndef __LINUX_BARE_H\n#define __LINUX_BARE_H\nstruct bare { int x; };\n"
			       "\n#endif /* __LINUX_BARE_H */\n");
	free(text);
	fix_cand_free(&b);
	fix_cand_free(&c[0]);
	fix_cand_free(&c[1]);
}
END_TEST

/* The include for a macro an #if tests goes before that #if, not after
 * the includes under it. */
START_TEST(test_include_before_the_if)
{
	struct fix_cand c;
	char *text;

	choose_for("linux/if2.h",
		   "/src/include/linux/if2.h:4:5: error: \"NR_THINGS\" is not defined, evaluates to 0 "
		   "[-Werror=undef]\n",
		   &c);
	ck_assert_int_eq(c.kind, FIX_INCLUDE);
	ck_assert_int_eq(c.before, 4);
	text = fix_apply(IF_H, scan_file(ix, "include/linux/if2.h"), &c, 1);
	ck_assert_str_eq(text, "#ifndef IF2_H\n#define IF2_H\n#include <linux/types.h>\n"
			       "#include <linux/threads.h> // for NR_THINGS\n#if NR_THINGS > 1\n"
			       "#include <linux/other.h>\n"
			       "#endif\nint many(void);\n#endif\n");
	free(text);
	fix_cand_free(&c);
}
END_TEST

/* Which candidate a failure asks for, as the proof reads it again. */
START_TEST(test_which_candidate_a_failure_asks_for)
{
	struct fix_cand guard = { .kind = FIX_GUARD, .header = "linux/a.h", .symbol = "_LINUX_A_H" };
	struct fix_cand stub = { .kind = FIX_STUB, .header = "linux/a.h", .symbol = "f" };
	struct fix_cand inc = { .kind = FIX_INCLUDE, .header = "linux/a.h", .symbol = "NR_X" };
	struct explain_info again = { .kind = EXPLAIN_GUARD, .culprit = "linux/a.h", .missing = "struct a" };
	struct explain_info branches = { .kind = EXPLAIN_BRANCHES, .culprit = "linux/a.h", .missing = "f" };
	struct explain_info in_if = { .kind = EXPLAIN_IF_MACRO, .culprit = "linux/a.h", .missing = "NR_X" };
	struct explain_info elsewhere = { .kind = EXPLAIN_GUARD, .culprit = "linux/b.h", .missing = "struct a" };

	ck_assert(fix_cand_answers(&guard, &again));
	ck_assert(!fix_cand_answers(&guard, &elsewhere));
	ck_assert(!fix_cand_answers(&guard, &branches));
	ck_assert(fix_cand_answers(&stub, &branches));
	ck_assert(!fix_cand_answers(&stub, &in_if));
	ck_assert(fix_cand_answers(&inc, &in_if));
	ck_assert(!fix_cand_answers(&inc, &again));
}
END_TEST

/* A line a patch changed in place (a stub's) is on its way to a
 * diagnostic as much as one it added. */
START_TEST(test_changed_lines_are_the_patch_s)
{
	int *lines, n;

	n = added_lines("a\nint f(int x);\nc\n", "a\nint f(u32 x);\nc\n", &lines);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(lines[0], 2);
	free(lines);
	n = added_lines("a\nint f(int x);\nc\n", "#ifndef G\na\nint f(u32 x);\nc\n#endif\n", &lines);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(lines[0], 1);
	ck_assert_int_eq(lines[1], 3);
	ck_assert_int_eq(lines[2], 5);
	free(lines);
	ck_assert_int_eq(added_lines("a\nb\nc\n", "a\nc\n", &lines), -1);
	ck_assert_ptr_null(lines);
}
END_TEST

Suite *fix_kinds_suite(void)
{
	Suite *s = suite_create("fix_kinds");
	TCase *tc = tcase_create("fix_kinds");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_stubs_made_to_match);
	tcase_add_test(tc, test_stub_wrapped_again);
	tcase_add_test(tc, test_stubs_not_made_to_match);
	tcase_add_test(tc, test_guard_names);
	tcase_add_test(tc, test_guard_added);
	tcase_add_test(tc, test_include_before_the_if);
	tcase_add_test(tc, test_which_candidate_a_failure_asks_for);
	tcase_add_test(tc, test_changed_lines_are_the_patch_s);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* The token shortcut of the proof on objects (gen/objects/tokens.c): what
 * needs no compile, and every way a move can change a program. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "helpers.h"
#include "objects/tokens.h"
#include "suites.h"

static const struct {
	const char *name, *before, *after;
	int is_c;
	enum token_verdict want;
} cases[] = {
	{ "spacing and blank lines", "int a;\n\n\nint  b ;", "int a; int b;\n", 1, TOKENS_SAME },
	{ "an assembler source", "mov x0, #1\n", "mov x0,#1", 0, TOKENS_SAME },
	{ "one token differs", "int a;", "long a;", 1, TOKENS_CHANGED },
	{ "a token split in two", "a->b;", "a- >b;", 1, TOKENS_CHANGED },
	{ "strings compared whole", "char *s = \"a b\";", "char *s = \"a  b\";", 1, TOKENS_CHANGED },
	/* memory_failure_queue() moved ahead of the rest of linux/mm.h */
	{ "a declaration moved ahead",
	  "typedef unsigned int u32; u32 x; struct s { int flags; }; void f(unsigned long pfn, int flags);",
	  "void f(unsigned long pfn, int flags); typedef unsigned int u32; u32 x; struct s { int flags; };", 1,
	  TOKENS_MOVED },
	{ "a stub with its body moved ahead",
	  "extern int y; static inline void g(int flags) { } int z;",
	  "static inline void g(int flags) { } extern int y; int z;", 1, TOKENS_MOVED },
	{ "attributes are no declarations",
	  "static inline __attribute__((__unused__)) int h(int a) { return a; } int z __attribute__((__aligned__(8)));"
	  " static inline __attribute__((__unused__)) void g(int flags) { }",
	  "static inline __attribute__((__unused__)) void g(int flags) { }"
	  " static inline __attribute__((__unused__)) int h(int a) { return a; } int z __attribute__((__aligned__(8)));",
	  1, TOKENS_MOVED },
	{ "a pragma and a name before both places",
	  "#pragma pack(1)\nint flags; int a; void f(int flags);", "#pragma pack(1)\nint flags; void f(int flags); int a;",
	  1, TOKENS_MOVED },
	{ "a declaration moved back", "void f(int a); int b; int c;", "int b; int c; void f(int a);", 1,
	  TOKENS_MOVED },
	{ "two pieces moved ahead together", "int a; int m1; int b; int m2; int c;",
	  "int m1; int m2; int a; int b; int c;", 1, TOKENS_MOVED },
	{ "moved ahead in an assembler source", "a: nop; b: nop;", "b: nop; a: nop;", 0, TOKENS_CHANGED },
	/* what order changes, each caught */
	{ "the moved text uses a typedef it moved past", "typedef int u; void f(u x);",
	  "void f(u x); typedef int u;", 1, TOKENS_CHANGED },
	{ "the moved text uses a function it moved past", "int h(void); int g(void) { return h(); }",
	  "int g(void) { return h(); } int h(void);", 1, TOKENS_CHANGED },
	{ "what it moved past uses the moved function", "int g(void) { return h(); } int h(void);",
	  "int h(void); int g(void) { return h(); }", 1, TOKENS_CHANGED },
	{ "a struct it needs complete", "struct s { int x; }; static int n = sizeof(struct s);",
	  "static int n = sizeof(struct s); struct s { int x; };", 1, TOKENS_CHANGED },
	{ "a tag declared before its use in a prototype", "struct page; void f(struct page *p);",
	  "void f(struct page *p); struct page;", 1, TOKENS_CHANGED },
	{ "an enumerator", "enum { A, B }; int x[B];", "int x[B]; enum { A, B };", 1, TOKENS_CHANGED },
	{ "a function pointer", "int (*fp)(int); static int c(void) { return fp(1); }",
	  "static int c(void) { return fp(1); } int (*fp)(int);", 1, TOKENS_CHANGED },
	{ "a variable named like a parameter", "int flags; void f(int flags);", "void f(int flags); int flags;",
	  1, TOKENS_CHANGED },
	{ "a pragma moved past", "int a;\n#pragma GCC diagnostic ignored \"-Wshadow\"\nint b; void f(int);",
	  "void f(int); int a;\n#pragma GCC diagnostic ignored \"-Wshadow\"\nint b;", 1, TOKENS_CHANGED },
	{ "moved and changed", "int a; void f(int);", "void f(long); int a;", 1, TOKENS_CHANGED },
	{ "an item more", "int a;", "int a; int b;", 1, TOKENS_CHANGED },
};

START_TEST(test_verdicts)
{
	char *why = NULL;
	enum token_verdict v = tokens_compare(cases[_i].before, cases[_i].after, cases[_i].is_c, &why);

	ck_assert_msg(v == cases[_i].want, "%s: %s, expected %s (%s)", cases[_i].name, token_verdict_name(v),
		      token_verdict_name(cases[_i].want), why ? why : "");
	free(why);
}
END_TEST

/* The comparison is symmetric: after and before swapped, the same. */
START_TEST(test_symmetric)
{
	char *why = NULL;
	enum token_verdict v = tokens_compare(cases[_i].after, cases[_i].before, cases[_i].is_c, &why);

	ck_assert_msg(v == cases[_i].want, "%s, swapped: %s", cases[_i].name, token_verdict_name(v));
	free(why);
}
END_TEST

/* A reason is given for a change that looked like a move. */
START_TEST(test_why)
{
	char *why = NULL;

	ck_assert_int_eq(tokens_compare("int h(void); int g(void) { return h(); }",
					"int g(void) { return h(); } int h(void);", 1, &why), TOKENS_CHANGED);
	ck_assert_ptr_nonnull(why);
	free(why);
	ck_assert_int_eq(tokens_compare("int a;", "int a;", 1, &why), TOKENS_SAME);
	ck_assert_ptr_null(why);
}
END_TEST

/* hdrtest same-program, as each object's job runs it: its exit status
 * says which, apart from a compiler's. */
static int same_program(const char *before, const char *after, const char *flags)
{
	char *dir = tmp_dir(), *b = put_file(dir, "b.i", before), *a = put_file(dir, "a.i", after);
	char *cmd = xasprintf("out/bin/hdrtest same-program %s %s %s > %s/said 2>&1", flags, b, a, dir);
	int status = system(cmd);

	free(cmd);
	free(a);
	free(b);
	free(dir);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

START_TEST(test_same_program_command)
{
	ck_assert_msg(access("out/bin/hdrtest", X_OK) == 0, "out/bin/hdrtest is missing: make out/bin/hdrtest first");
	ck_assert_int_eq(same_program("int a;\n", "int  a ;", ""), SAME_PROGRAM_SAME);
	ck_assert_int_eq(same_program("int a; void f(int);", "void f(int); int a;", ""), SAME_PROGRAM_MOVED);
	ck_assert_int_eq(same_program("int a; void f(int);", "void f(int); int a;", "--asm"), 1);
	ck_assert_int_eq(same_program("int a;", "long a;", ""), 1);
	ck_assert_int_eq(same_program("int a;", "int a;", "--bogus"), 2);
}
END_TEST

Suite *tokens_suite(void)
{
	Suite *s = suite_create("tokens");
	TCase *tc = tcase_create("compare");
	int n = sizeof(cases) / sizeof(cases[0]);

	tcase_add_loop_test(tc, test_verdicts, 0, n);
	tcase_add_loop_test(tc, test_symmetric, 0, n);
	tcase_add_test(tc, test_why);
	tcase_add_test(tc, test_same_program_command);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* The C lexer and the header scanner: comments, strings and continuation
 * lines, every kind of definition with its exact line and #if chain,
 * function signatures in hdrtest's spelling, include guards, includes,
 * and the index built over tests/fixtures/scan/tree. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cpp/clex.h"
#include "helpers.h"
#include "scan/lazy_scan.h"
#include "scan/scan.h"
#include "suites.h"
#include "base/util.h"

#define TREE "tests/fixtures/scan/tree"

/* --- the lexer --- */

struct expect_tok {
	enum clex_kind kind;
	const char *text;
	int line;
};

static void check_tokens(const char *src, const struct expect_tok *want, int n)
{
	struct clex lx;
	struct clex_tok t;
	int i;

	clex_init(&lx, src, strlen(src), 1, 0);
	for (i = 0; i < n; i++) {
		clex_next(&lx, &t);
		ck_assert_msg(t.kind == want[i].kind, "token %d: kind %d, want %d ('%.*s')", i, t.kind, want[i].kind,
			      (int)t.n, t.s);
		ck_assert_msg(t.n == strlen(want[i].text) && !memcmp(t.s, want[i].text, t.n),
			      "token %d: '%.*s', want '%s'", i, (int)t.n, t.s, want[i].text);
		ck_assert_msg(t.line == want[i].line, "token %d ('%s'): line %d, want %d", i, want[i].text, t.line,
			      want[i].line);
	}
	ck_assert_int_eq(clex_next(&lx, &t), CT_EOF);
}

START_TEST(lex_comments_and_literals)
{
	static const char src[] = "a /* #define X 1\n b */ c // #define Y 2\n"
				  "\"#define Z /* no comment */\" '\"' 'x' \n"
				  "d->e ... && #\n";
	static const struct expect_tok want[] = {
		{ CT_IDENT, "a", 1 },
		{ CT_IDENT, "c", 2 },
		{ CT_STRING, "\"#define Z /* no comment */\"", 3 },
		{ CT_CHAR, "'\"'", 3 },
		{ CT_CHAR, "'x'", 3 },
		{ CT_IDENT, "d", 4 },
		{ CT_PUNCT, "->", 4 },
		{ CT_IDENT, "e", 4 },
		{ CT_PUNCT, "...", 4 },
		{ CT_PUNCT, "&&", 4 },
		{ CT_PUNCT, "#", 4 },	/* not at the start of a line: no directive */
	};

	check_tokens(src, want, sizeof(want) / sizeof(want[0]));
}
END_TEST

START_TEST(lex_directives_are_units)
{
	static const char src[] = "#define LONG(a) \\\n\t((a) + \\\n\t 1)\n"
				  "  /* lead */ # if X /* a comment\n spanning */ && Y\n"
				  "int z;\n";
	static const struct expect_tok want[] = {
		{ CT_PP, "#define LONG(a) \\\n\t((a) + \\\n\t 1)", 1 },
		{ CT_PP, "# if X /* a comment\n spanning */ && Y", 4 },
		{ CT_IDENT, "int", 6 },
		{ CT_IDENT, "z", 6 },
		{ CT_PUNCT, ";", 6 },
	};
	struct clex_tok pp, name;
	struct clex lx;
	const char *rest, *end;
	int rline;
	char buf[64];

	check_tokens(src, want, sizeof(want) / sizeof(want[0]));
	/* the directive's name and what follows it */
	clex_init(&lx, src, strlen(src), 1, 0);
	clex_next(&lx, &pp);
	clex_next(&lx, &pp);
	ck_assert_int_eq(pp.kind, CT_PP);
	clex_directive(&pp, &name, &rest, &end, &rline);
	ck_assert_int_eq(name.kind, CT_IDENT);
	ck_assert(name.n == 2 && !memcmp(name.s, "if", 2));
	ck_assert_int_eq(rline, 4);
	clex_normalize(rest, end - rest, buf);
	ck_assert_str_eq(buf, "X && Y");
}
END_TEST

START_TEST(lex_stray_quote_ends_at_line_end)
{
	/* assembler comments have apostrophes: they must not eat the file */
	static const char src[] = "mov r0 # don't\nint x;\n";
	static const struct expect_tok want[] = {
		{ CT_IDENT, "mov", 1 }, { CT_IDENT, "r0", 1 }, { CT_PUNCT, "#", 1 },
		{ CT_IDENT, "don", 1 }, { CT_CHAR, "'t", 1 },  { CT_IDENT, "int", 2 },
		{ CT_IDENT, "x", 2 },   { CT_PUNCT, ";", 2 },
	};

	check_tokens(src, want, sizeof(want) / sizeof(want[0]));
}
END_TEST

START_TEST(lex_normalize)
{
	static const char src[] = "  a  /* x */+\tb \\\n ( c )// tail";
	char buf[sizeof(src)];

	ck_assert_uint_eq(clex_normalize(src, strlen(src), buf), strlen("a + b ( c )"));
	ck_assert_str_eq(buf, "a + b ( c )");
	ck_assert_uint_eq(clex_normalize("", 0, buf), 0);
	ck_assert_str_eq(buf, "");
}
END_TEST

/* --- the scanner --- */

static struct scan_index *scan_one(const char *rel)
{
	char *path = (char *)rel;
	struct scan_index *ix;

	diag_begin();
	ix = scan_paths(TREE, &path, 1);
	free(diag_end());
	ck_assert_ptr_nonnull(ix);
	return ix;
}

/* The nth (from 0) definition of name. */
static const struct scan_def *nth_def(const struct scan_index *ix, const char *name, int nth)
{
	const struct scan_def *d = scan_lookup(ix, name);

	while (d && nth--)
		d = d->next;
	ck_assert_msg(d != NULL, "no definition of %s", name);
	return d;
}

/* Check one definition: kind, file:line, #if chain and signature. */
static void check_def(const struct scan_index *ix, const char *name, int nth, const char *kind, const char *where,
		      const char *cond, const char *sig)
{
	const struct scan_def *d = nth_def(ix, name, nth);
	char *at = xasprintf("%s:%d", d->file->path, d->line), *c = scan_cond_chain(d->cond),
	     *s = scan_def_signature(d);

	ck_assert_msg(!strcmp(scan_kind_name(d->kind), kind), "%s: kind %s, want %s", name,
		      scan_kind_name(d->kind), kind);
	ck_assert_msg(!strcmp(at, where), "%s: at %s, want %s", name, at, where);
	ck_assert_msg(!strcmp(c, cond), "%s: condition '%s', want '%s'", name, c, cond);
	ck_assert_msg(!strcmp(s, sig), "%s: signature '%s', want '%s'", name, s, sig);
	free(at);
	free(c);
	free(s);
}

START_TEST(scan_lexer_fixture)
{
	struct scan_index *ix = scan_one("include/linux/lexer.h");
	const struct scan_def *d;

	/* nothing from comments or strings */
	ck_assert_ptr_null(scan_lookup(ix, "FAKE_IN_COMMENT"));
	ck_assert_ptr_null(scan_lookup(ix, "fake_in_comment"));
	ck_assert_ptr_null(scan_lookup(ix, "FAKE_IN_LINE_COMMENT"));
	ck_assert_ptr_null(scan_lookup(ix, "FAKE_IN_STRING"));
	check_def(ix, "lexer_text", 0, "var", "include/linux/lexer.h:10", "", "const char[]");
	check_def(ix, "lexer_quote", 0, "var", "include/linux/lexer.h:11", "", "const char");
	/* continuation lines: one macro, then the next definition's line */
	check_def(ix, "LEXER_LONG", 0, "macro", "include/linux/lexer.h:13", "", "(a, b)");
	check_def(ix, "LEXER_AFTER", 0, "define", "include/linux/lexer.h:16", "", "1");
	/* #if 0 is indexed, with its condition */
	check_def(ix, "lexer_dead", 0, "func", "include/linux/lexer.h:20", "0", "int (void)");
	check_def(ix, "LEXER_DEAD", 0, "define", "include/linux/lexer.h:24", "0", "");
	check_def(ix, "lexer_multi", 0, "func", "include/linux/lexer.h:27", "", "int (int, int)");
	d = nth_def(ix, "LEXER_LONG", 0);
	ck_assert_int_eq(d->nargs, 2);
	ck_assert_str_eq(d->args[1], "b");
	ck_assert_str_eq(d->value, "((a) + (b))");
	ck_assert_str_eq(scan_file(ix, "include/linux/lexer.h")->guard, "_LINUX_LEXER_H");
	ck_assert_ptr_null(scan_lookup(ix, "_LINUX_LEXER_H"));
	scan_free(ix);
}
END_TEST

START_TEST(scan_every_kind)
{
	struct scan_index *ix = scan_one("include/linux/kinds.h");
	const char *f = "include/linux/kinds.h";
	char where[64];

#define AT(line) (snprintf(where, sizeof(where), "%s:%d", f, line), where)
	check_def(ix, "struct page", 0, "struct-fwd", AT(8), "", "");
	check_def(ix, "union kinds_u", 0, "union-fwd", AT(9), "", "");
	check_def(ix, "enum kinds_e", 0, "enum-fwd", AT(10), "", "");
	check_def(ix, "struct kinds_s", 0, "struct", AT(12), "", "");
	check_def(ix, "union kinds_u2", 0, "union", AT(17), "", "");
	check_def(ix, "enum kinds_e2", 0, "enum", AT(22), "", "");
	check_def(ix, "kinds_t", 0, "typedef", AT(24), "", "unsigned long");
	check_def(ix, "kinds_s_t", 0, "typedef", AT(25), "", "struct kinds_s");
	check_def(ix, "kinds_s_p", 0, "typedef", AT(25), "", "struct kinds_s *");
	/* typedef union {...} name __attribute__((...)); */
	check_def(ix, "kinds_arg", 0, "typedef", AT(29), "", "");
	check_def(ix, "kinds_fn", 0, "typedef", AT(30), "", "void (*)(int, void *)");
	check_def(ix, "kinds_block_t", 0, "typedef", AT(60), "", "int (struct page *, int)");
	ck_assert_int_eq(scan_lookup(ix, "kinds_efi")->sig_ok, 0);
	ck_assert_int_eq(scan_lookup(ix, "kinds_proto")->sig_ok, 1);
	check_def(ix, "kinds_var", 0, "var", AT(32), "", "void *");
	check_def(ix, "kinds_a", 0, "var", AT(33), "", "unsigned long");
	check_def(ix, "kinds_b", 0, "var", AT(33), "", "unsigned long *");
	check_def(ix, "kinds_key", 0, "var", AT(34), "", "struct static_key_false");
	check_def(ix, "kinds_addr", 0, "func", AT(36), "", "void * (const struct page *)");
	check_def(ix, "kinds_proto", 0, "proto", AT(40), "", "int (struct page *, unsigned int)");
	check_def(ix, "KINDS_MODE", 0, "define", AT(46), "defined(CONFIG_KINDS_A)", "1");
	check_def(ix, "KINDS_INNER", 0, "macro", AT(52),
		  "!defined(CONFIG_KINDS_A) && !(defined(CONFIG_KINDS_B) && !defined(CONFIG_KINDS_C)) && "
		  "!defined(KINDS_INNER)", "(x, ...)");
#undef AT
	/* enumerators and members are no definitions */
	ck_assert_ptr_null(scan_lookup(ix, "KINDS_A"));
	ck_assert_ptr_null(scan_lookup(ix, "a"));
	ck_assert_ptr_null(scan_lookup(ix, "DECLARE_STATIC_KEY_FALSE"));
	scan_free(ix);
}
END_TEST

START_TEST(scan_condition_chains)
{
	struct scan_index *ix = scan_one("include/linux/kinds.h");
	const struct scan_file *f = scan_file(ix, "include/linux/kinds.h");
	const struct scan_def *d;

	check_def(ix, "KINDS_MODE", 0, "define", "include/linux/kinds.h:46", "defined(CONFIG_KINDS_A)", "1");
	check_def(ix, "KINDS_MODE", 1, "define", "include/linux/kinds.h:48",
		  "!defined(CONFIG_KINDS_A) && defined(CONFIG_KINDS_B) && !defined(CONFIG_KINDS_C)", "2");
	check_def(ix, "KINDS_MODE", 2, "define", "include/linux/kinds.h:50",
		  "!defined(CONFIG_KINDS_A) && !(defined(CONFIG_KINDS_B) && !defined(CONFIG_KINDS_C))", "3");
	/* branches of one group; the guard is no group */
	d = nth_def(ix, "KINDS_MODE", 2);
	ck_assert_int_eq(d->cond->branch, 2);
	ck_assert_int_eq(d->cond->line, 49);
	ck_assert_int_eq(f->groups[d->cond->group].nbranches, 3);
	ck_assert_int_eq(f->groups[d->cond->group].has_else, 1);
	ck_assert_int_eq(f->groups[d->cond->group].line, 45);
	ck_assert_ptr_null(nth_def(ix, "KINDS_INNER", 0)->cond->parent->parent);
	ck_assert_int_eq(f->ngroups, 3);
	scan_free(ix);
}
END_TEST

START_TEST(scan_signatures)
{
	struct scan_index *ix = scan_one("include/linux/kinds.h");
	const struct scan_def *d;

	/* static, __always_inline, __must_check, notrace, __pure, __init,
	 * __cold, __attribute__((...)), __printf() and names are dropped */
	check_def(ix, "kinds_addr", 0, "func", "include/linux/kinds.h:36", "", "void * (const struct page *)");
	check_def(ix, "kinds_proto", 0, "proto", "include/linux/kinds.h:40", "", "int (struct page *, unsigned int)");
	check_def(ix, "kinds_init", 0, "proto", "include/linux/kinds.h:41", "", "void (void)");
	check_def(ix, "kinds_printf", 0, "proto", "include/linux/kinds.h:42", "", "int (const char *, ...)");
	check_def(ix, "kinds_cb", 0, "proto", "include/linux/kinds.h:43", "",
		  "void (void (*)(struct page *, int), const char[])");
	d = nth_def(ix, "kinds_addr", 0);
	ck_assert_str_eq(d->type, "void *");
	ck_assert_int_eq(d->nargs, 1);
	ck_assert_str_eq(d->args[0], "const struct page *");
	ck_assert_int_eq(d->sig_ok, 1);
	d = nth_def(ix, "kinds_init", 0);
	ck_assert_int_eq(d->nargs, 0);
	scan_free(ix);
}
END_TEST

START_TEST(scan_include_guards)
{
	char *paths[] = { "include/linux/kinds.h", "include/linux/ifguard.h", "include/linux/noguard.h" };
	struct scan_index *ix = scan_paths(TREE, paths, 3);

	ck_assert_str_eq(scan_file(ix, "include/linux/kinds.h")->guard, "_LINUX_KINDS_H");
	ck_assert_ptr_null(scan_lookup(ix, "_LINUX_KINDS_H"));
	/* "#if !defined(X)" guards too */
	ck_assert_str_eq(scan_file(ix, "include/linux/ifguard.h")->guard, "_LINUX_IFGUARD_H");
	check_def(ix, "IFGUARD_VALUE", 0, "define", "include/linux/ifguard.h:3", "", "2");
	/* an #ifndef whose #endif is not last is a condition, not a guard */
	ck_assert_ptr_null(scan_file(ix, "include/linux/noguard.h")->guard);
	check_def(ix, "NOGUARD_X", 0, "define", "include/linux/noguard.h:3", "!defined(NOGUARD_X)", "");
	check_def(ix, "noguard_a", 0, "proto", "include/linux/noguard.h:4", "!defined(NOGUARD_X)", "int (void)");
	check_def(ix, "noguard_b", 0, "proto", "include/linux/noguard.h:6", "", "int (void)");
	scan_free(ix);
}
END_TEST

START_TEST(scan_includes)
{
	struct scan_index *ix = scan_one("include/linux/kinds.h");
	const struct scan_file *f = scan_file(ix, "include/linux/kinds.h");
	char *c;

	ck_assert_int_eq(f->nincludes, 3);
	ck_assert_str_eq(f->includes[0].name, "linux/types.h");
	ck_assert_int_eq(f->includes[0].line, 5);
	ck_assert_int_eq(f->includes[0].system, 1);
	ck_assert_ptr_null(f->includes[0].cond);
	ck_assert_str_eq(f->includes[1].name, "local.h");
	ck_assert_int_eq(f->includes[1].line, 6);
	ck_assert_int_eq(f->includes[1].system, 0);
	ck_assert_str_eq(f->includes[2].name, "linux/kinds_d.h");
	ck_assert_int_eq(f->includes[2].line, 57);
	c = scan_cond_chain(f->includes[2].cond);
	ck_assert_str_eq(c, "IS_ENABLED(CONFIG_KINDS_D)");
	free(c);
	scan_free(ix);
}
END_TEST

START_TEST(scan_assembly_and_split_branches)
{
	char *paths[] = { "arch/x86/include/asm/fxpage.h", "include/linux/split.h" };
	struct scan_index *ix = scan_paths(TREE, paths, 2);
	struct scan_stats st;

	/* macros under __ASSEMBLY__ count, its assembler is no C */
	check_def(ix, "FXPAGE_ASM_ONLY", 0, "define", "arch/x86/include/asm/fxpage.h:7", "defined(__ASSEMBLY__)", "1");
	check_def(ix, "fxpage_offset", 0, "var", "arch/x86/include/asm/fxpage.h:9", "!defined(__ASSEMBLY__)",
		  "unsigned long");
	/* a head split over #ifdef/#else with one body: both read */
	check_def(ix, "split_fn", 0, "func", "include/linux/split.h:4", "defined(CONFIG_SPLIT)", "int (struct page *)");
	check_def(ix, "split_fn", 1, "func", "include/linux/split.h:6", "!defined(CONFIG_SPLIT)", "int (const void *)");
	ck_assert_ptr_null(nth_def(ix, "split_fn", 1)->next);
	check_def(ix, "split_after", 0, "func", "include/linux/split.h:11", "", "int (void)");
	/* macro invocations without ';' before a definition */
	check_def(ix, "split_after_macros", 0, "func", "include/linux/split.h:17", "", "bool (const struct page *)");
	ck_assert_ptr_null(scan_lookup(ix, "PAGEFLAG"));
	/* #undef */
	ck_assert_int_eq(nth_def(ix, "SPLIT_TMP", 0)->undef_line, 14);
	ck_assert_int_eq(nth_def(ix, "SPLIT_KEPT", 0)->undef_line, 0);
	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.files, 2);
	ck_assert_int_eq(st.defs, 8);
	scan_free(ix);
}
END_TEST

/* What catalog-init's nocall needs (catalog/nocall.h): the annotation
 * that makes any call of a function a diagnostic, and the names a
 * function's body calls, each once, no keyword, for every definition a
 * head split over #if branches makes. */
START_TEST(scan_call_attrs_and_body_calls)
{
	char *tree = tmp_dir(), *rel = "include/linux/c.h";
	struct scan_index *ix;
	const struct scan_def *d;

	free(put_file(tree, rel,
		      "extern void __compiletime_error(\"no\") c_err(void);\n"
		      "extern void c_warn(void) __compiletime_warning(\"avoid\");\n"
		      "int __deprecated c_old(int);\n"
		      "int c_attr(int) __attribute__((__cold__, __warning__(\"x\")));\n"
		      "int c_named(int) __attribute__((section(\"error\"), alias(\"warning\")));\n"
		      "int c_plain(int);\n"
		      "#ifdef CONFIG_C\nstatic inline int c_split(long v)\n#else\nstatic inline int c_split(int v)\n#endif\n"
		      "{\n\tif (v)\n\t\tBUILD_BUG_ON(sizeof(v) > 8);\n"
		      "\twhile (c_plain(v) && sizeof(v))\n\t\tc_plain(v + 1);\n"
		      "\t{ return __builtin_expect(v, 0) + typeof_member(struct c, f)(v); }\n}\n"
		      "static inline int c_none(void) { return 0; }\n"
		      "#define c_mac(x) BUILD_BUG_ON(x)\n"));
	ix = scan_paths(tree, &rel, 1);
	ck_assert_ptr_nonnull(ix);
	ck_assert_str_eq(nth_def(ix, "c_err", 0)->call_attr, "__compiletime_error");
	ck_assert_str_eq(nth_def(ix, "c_warn", 0)->call_attr, "__compiletime_warning");
	ck_assert_str_eq(nth_def(ix, "c_old", 0)->call_attr, "__deprecated");
	ck_assert_str_eq(nth_def(ix, "c_attr", 0)->call_attr, "__attribute__((warning))");
	/* a string that says error is no attribute */
	ck_assert_ptr_null(nth_def(ix, "c_named", 0)->call_attr);
	ck_assert_ptr_null(nth_def(ix, "c_plain", 0)->call_attr);
	for (d = scan_lookup(ix, "c_split"); d; d = d->next) {
		ck_assert_int_eq(d->kind, SCAN_FUNC);
		ck_assert_int_eq(d->ncalls, 4);
		ck_assert_str_eq(d->calls[0], "BUILD_BUG_ON");
		ck_assert_str_eq(d->calls[1], "c_plain");
		ck_assert_str_eq(d->calls[2], "__builtin_expect");
		ck_assert_str_eq(d->calls[3], "typeof_member");
	}
	ck_assert_ptr_nonnull(nth_def(ix, "c_split", 1));
	ck_assert_int_eq(nth_def(ix, "c_none", 0)->ncalls, 0);
	/* a prototype has no body, a macro's is its text */
	ck_assert_int_eq(nth_def(ix, "c_plain", 0)->ncalls, 0);
	ck_assert_int_eq(nth_def(ix, "c_mac", 0)->ncalls, 0);
	scan_free(ix);
	free(tree);
}
END_TEST

START_TEST(scan_include_names)
{
	static const char *const cases[][2] = {
		{ "include/linux/mm.h", "linux/mm.h" },
		{ "include/linux/mm/folio_size.h", "linux/mm/folio_size.h" },
		{ "arch/x86/include/asm/page.h", "asm/page.h" },
		{ "include/uapi/linux/fs.h", "linux/fs.h" },
		{ "arch/arm64/include/uapi/asm/bitsperlong.h", "asm/bitsperlong.h" },
		{ "arch/x86/include/generated/asm/rwonce.h", "asm/rwonce.h" },
		{ "include/asm-generic/page.h", "asm-generic/page.h" },
		{ "include/generated/autoconf.h", "generated/autoconf.h" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *n = scan_include_name(cases[i][0]);

		ck_assert_msg(n && !strcmp(n, cases[i][1]), "%s: %s, want %s", cases[i][0], n ? n : "NULL",
			      cases[i][1]);
		free(n);
	}
	ck_assert_ptr_null(scan_include_name("mm/internal.h"));
	ck_assert_ptr_null(scan_include_name("arch/x86/kernel/x.h"));
	ck_assert_ptr_null(scan_include_name("include/"));
}
END_TEST

START_TEST(scan_whole_tree)
{
	struct scan_index *ix;
	const struct scan_file *const *files;
	struct scan_stats st;
	char *text;

	diag_begin();
	ix = scan_tree(TREE);
	free(diag_end());
	ck_assert_ptr_nonnull(ix);
	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.files, 7);
	ck_assert_int_eq(st.unreadable, 0);
	ck_assert_int_eq(scan_files(ix, &files), 7);
	ck_assert_str_eq(files[0]->path, "arch/x86/include/asm/fxpage.h");	/* path order */
	ck_assert_int_eq(scan_files_named(ix, "asm/fxpage.h", &files), 1);
	ck_assert_int_eq(scan_files_named(ix, "linux/fxu.h", &files), 1);
	ck_assert_str_eq(files[0]->path, "include/uapi/linux/fxu.h");
	ck_assert_int_eq(scan_files_named(ix, "linux/nothere.h", &files), 0);
	/* the TSV: sorted by name, then path and line */
	text = scan_tsv(ix);
	ck_assert_ptr_nonnull(strstr(text, "FXPAGE_ASM_ONLY\tdefine\tarch/x86/include/asm/fxpage.h:7\t"
					   "defined(__ASSEMBLY__)\t1\n"
					   "FXU_MAGIC\tdefine\tinclude/uapi/linux/fxu.h:4\t\t0x46\n"));
	ck_assert_ptr_nonnull(strstr(text, "split_fn\tfunc\tinclude/linux/split.h:4\tdefined(CONFIG_SPLIT)\t"
					   "int (struct page *)\n"
					   "split_fn\tfunc\tinclude/linux/split.h:6\t!defined(CONFIG_SPLIT)\t"
					   "int (const void *)\n"));
	ck_assert(!strncmp(text, "FXPAGE_ASM_ONLY\t", 16));
	free(text);
	scan_free(ix);
}
END_TEST

START_TEST(scan_errors)
{
	char *paths[] = { "include/linux/nothere.h" };
	struct scan_index *ix;
	struct scan_stats st;
	char *msg;

	diag_begin();
	ix = scan_tree("tests/fixtures/scan");	/* no include/ */
	msg = diag_end();
	ck_assert_ptr_null(ix);
	ck_assert_str_eq(msg, "hdrtest: error: tests/fixtures/scan is not a kernel tree: it has no include/ dir\n");
	free(msg);
	diag_begin();
	ix = scan_paths(TREE, paths, 1);
	msg = diag_end();
	ck_assert_ptr_nonnull(ix);
	scan_get_stats(ix, &st);
	ck_assert_int_eq(st.unreadable, 1);
	ck_assert_str_eq(msg, "hdrtest: error: cannot read " TREE "/include/linux/nothere.h: No such file or directory\n");
	free(msg);
	scan_free(ix);
}
END_TEST

/* One scan for every reader of a tree; the caller's index stands in for
 * it; a failed scan is not tried again; a path names the tree only when
 * it is the same dir. */
START_TEST(scan_lazy_once)
{
	struct lazy_scan ls = { TREE, NULL, NULL, 0 }, bad = { "tests/fixtures/scan", NULL, NULL, 0 };
	struct lazy_scan given = { TREE, NULL, NULL, 0 };
	const struct scan_index *a, *b;
	struct scan_index *mine;
	char *msg;

	ck_assert_ptr_null(ls.own);
	a = lazy_scan_get(&ls);
	ck_assert_ptr_nonnull(a);
	b = lazy_scan_get(&ls);
	ck_assert_ptr_eq(a, b);	/* the same index, not a second scan */
	ck_assert_ptr_eq(ls.own, a);
	ck_assert_int_eq(lazy_scan_is_tree(&ls, TREE "/"), 1);
	ck_assert_int_eq(lazy_scan_is_tree(&ls, TREE "/include/../"), 1);
	ck_assert_int_eq(lazy_scan_is_tree(&ls, "tests/fixtures/scan"), 0);
	ck_assert_int_eq(lazy_scan_is_tree(&ls, "tests/fixtures/nothere"), 0);
	lazy_scan_free(&ls);
	ck_assert_ptr_null(ls.own);

	mine = scan_tree(TREE);
	given.given = mine;
	ck_assert_ptr_eq(lazy_scan_get(&given), mine);
	ck_assert_ptr_null(given.own);	/* nothing scanned here */
	lazy_scan_free(&given);
	scan_free(mine);

	diag_begin();
	ck_assert_ptr_null(lazy_scan_get(&bad));
	ck_assert_ptr_null(lazy_scan_get(&bad));
	msg = diag_end();
	/* said once: the second call did not scan again */
	ck_assert_str_eq(msg, "hdrtest: error: tests/fixtures/scan is not a kernel tree: it has no include/ dir\n");
	free(msg);
	lazy_scan_free(&bad);
}
END_TEST

Suite *scan_suite(void)
{
	Suite *s = suite_create("scan");
	TCase *lex = tcase_create("lexer"), *tc = tcase_create("scanner");

	tcase_add_test(lex, lex_comments_and_literals);
	tcase_add_test(lex, lex_directives_are_units);
	tcase_add_test(lex, lex_stray_quote_ends_at_line_end);
	tcase_add_test(lex, lex_normalize);
	suite_add_tcase(s, lex);
	tcase_add_test(tc, scan_lexer_fixture);
	tcase_add_test(tc, scan_every_kind);
	tcase_add_test(tc, scan_condition_chains);
	tcase_add_test(tc, scan_signatures);
	tcase_add_test(tc, scan_include_guards);
	tcase_add_test(tc, scan_includes);
	tcase_add_test(tc, scan_assembly_and_split_branches);
	tcase_add_test(tc, scan_include_names);
	tcase_add_test(tc, scan_call_attrs_and_body_calls);
	tcase_add_test(tc, scan_whole_tree);
	tcase_add_test(tc, scan_errors);
	tcase_add_test(tc, scan_lazy_once);
	suite_add_tcase(s, tc);
	return s;
}

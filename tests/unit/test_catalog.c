// SPDX-License-Identifier: GPL-2.0
/* The catalog parser: a good catalog read back in order, the lookups,
 * conditions through defines, and every error with its exact message. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/catalog.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

static char *diag;	/* what the last read printed */

/* Read catalog files named names[i] holding texts[i].  They are read by
 * their bare names (from inside their temp dir) so that messages say
 * "t.cat:1:1" and not a temporary path. */
static struct catalog *read_cats(const char *const *names, const char *const *texts, int n)
{
	char *dir = tmp_dir(), *paths[4];
	struct catalog *cat;
	int cwd = open(".", O_RDONLY), i;

	ck_assert_int_ge(cwd, 0);
	for (i = 0; i < n; i++) {
		free(put_file(dir, names[i], texts[i]));
		paths[i] = (char *)names[i];
	}
	ck_assert_int_eq(chdir(dir), 0);
	free(diag);
	diag_begin();
	cat = catalog_read(paths, n);
	diag = diag_end();
	ck_assert_int_eq(fchdir(cwd), 0);
	close(cwd);
	free(dir);
	return cat;
}

static struct catalog *read_cat(const char *text)
{
	const char *name = "t.cat";

	return read_cats(&name, &text, 1);
}

static const char good_catalog[] =
	"# A catalog with one of everything.\n"
	"arch x86_64 karch=x86_64 kconfig=CONFIG_X86_64 package=gcc\n"
	"arch arm64 karch=arm64 kconfig=CONFIG_ARM64 cross=aarch64-linux-gnu- llvm=1 defconfig=tinyconfig "
	"unavailable=\"no compiler here\"\n"
	"config defconfig\n"
	"config debug base=allnoconfig arches=x86_64,arm64\n"
	"\tCONFIG_DEBUG_INFO=y\n"
	"\t# a comment does not end the fragment\n"
	"\n"
	"\tCONFIG_LOG_BUF_SHIFT=17\n"
	"\tCONFIG_CMDLINE=\"quiet\"\n"
	"\tCONFIG_FOO=n\n"
	"forbid linux/mm.h   the point of the split\n"
	"forbid linux/sched.h\n"
	"define WANT_A CONFIG_A || CONFIG_B\n"
	"define WANT_B (WANT_A) && !CONFIG_C\n"
	"header linux/one.h\n"
	"\tfunc\tf1\tint (struct page*, unsigned long)\n"
	"\tmacro\tm1\tvoid * (const void *)\tif WANT_B\n"
	"\tcall\tc1\tvoid (void)\n"
	"\n"
	"\tconst\tK1\tunsigned long\tif CONFIG_D || (CONFIG_E && !CONFIG_F)\n"
	"\tflag\tF1\n"
	"\tvar\tv1\tstruct page *\n"
	"\ttype\tstruct   page\n"
	"header linux/two.h\n"
	"\tflag\tF2\tif CONFIG_A   # a comment\n"
	"\tflag\tiffy\r\n"
	"\tfunc\tf2\tint (void)if(CONFIG_A)\n";

static struct catalog *good(void)
{
	struct catalog *cat = read_cat(good_catalog);

	ck_assert_msg(cat != NULL, "the good catalog was rejected: %s", diag);
	ck_assert_str_eq(diag, "");
	return cat;
}

START_TEST(test_good_headers_in_order)
{
	struct catalog *cat = good();
	struct header *h;

	ck_assert_int_eq(cat->nheaders, 2);
	h = cat->headers[0];
	ck_assert_str_eq(h->path, "linux/one.h");
	ck_assert_str_eq(h->loc.file, "t.cat");
	ck_assert_int_eq(h->loc.line, 16);
	ck_assert_int_eq(h->loc.col, 8);
	ck_assert_int_eq(h->nsyms, 7);
	ck_assert_str_eq(cat->headers[1]->path, "linux/two.h");
	ck_assert_int_eq(cat->headers[1]->nsyms, 3);
	ck_assert_ptr_eq(catalog_header(cat, "linux/one.h"), h);
	ck_assert_ptr_eq(catalog_header(cat, "linux/two.h"), cat->headers[1]);
	ck_assert_ptr_null(catalog_header(cat, "linux/three.h"));
	ck_assert_int_eq(cat->nfiles, 1);
	ck_assert_str_eq(cat->files[0], "t.cat");
	catalog_free(cat);
}
END_TEST

START_TEST(test_good_symbols)
{
	static const struct {
		const char *name;
		enum sym_kind kind;
		const char *type, *cond;
		int line;
	} want[] = {
		{ "f1", SYM_FUNC, "int", NULL, 17 },
		{ "m1", SYM_MACRO, "void *", "WANT_B", 18 },
		{ "c1", SYM_CALL, "void", NULL, 19 },
		{ "K1", SYM_CONST, "unsigned long", "CONFIG_D || CONFIG_E && !CONFIG_F", 21 },
		{ "F1", SYM_FLAG, NULL, NULL, 22 },
		{ "v1", SYM_VAR, "struct page *", NULL, 23 },
		{ "struct page", SYM_TYPE, NULL, NULL, 24 },
	};
	struct catalog *cat = good();
	struct header *h = cat->headers[0];
	size_t i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct symbol *s = h->syms[i];

		ck_assert_str_eq(s->name, want[i].name);
		ck_assert_int_eq(s->kind, want[i].kind);
		if (want[i].type)
			ck_assert_str_eq(s->type, want[i].type);
		else
			ck_assert_ptr_null(s->type);
		if (want[i].cond) {
			ck_assert_ptr_nonnull(s->cond);
			ck_assert_str_eq(s->cond_text, want[i].cond);
		} else {
			ck_assert_ptr_null(s->cond);
			ck_assert_ptr_null(s->cond_text);
		}
		ck_assert_int_eq(s->loc.line, want[i].line);
		ck_assert_int_eq(s->loc.col, 2);
		ck_assert_ptr_eq(s->header, h);
		ck_assert_ptr_eq(catalog_symbol(cat, want[i].name), s);
	}
	ck_assert_int_eq(h->syms[0]->nargs, 2);
	ck_assert_str_eq(h->syms[0]->args[0], "struct page *");
	ck_assert_str_eq(h->syms[0]->args[1], "unsigned long");
	ck_assert_int_eq(h->syms[1]->nargs, 1);
	ck_assert_str_eq(h->syms[1]->args[0], "const void *");
	ck_assert_int_eq(h->syms[2]->nargs, 0);
	ck_assert_ptr_null(catalog_symbol(cat, "nope"));
	ck_assert_str_eq(sym_kind_name(SYM_CALL), "call");
	ck_assert_str_eq(sym_kind_name(SYM_TYPE), "type");
	catalog_free(cat);
}
END_TEST

/* "if" is a word of its own, also right after ')' or before '(' or '!';
 * comments and CR line ends are cut off. */
START_TEST(test_good_if_detection)
{
	struct catalog *cat = good();
	struct header *h = cat->headers[1];

	ck_assert_str_eq(h->syms[0]->name, "F2");
	ck_assert_str_eq(h->syms[0]->cond_text, "CONFIG_A");
	ck_assert_str_eq(h->syms[1]->name, "iffy");
	ck_assert_ptr_null(h->syms[1]->cond);
	ck_assert_str_eq(h->syms[2]->name, "f2");
	ck_assert_str_eq(h->syms[2]->type, "int");
	ck_assert_int_eq(h->syms[2]->nargs, 0);
	ck_assert_str_eq(h->syms[2]->cond_text, "CONFIG_A");
	catalog_free(cat);
}
END_TEST

START_TEST(test_good_arches)
{
	struct catalog *cat = good();
	struct arch *a;

	ck_assert_int_eq(cat->narches, 2);
	a = cat->arches[0];
	ck_assert_ptr_eq(catalog_arch(cat, "x86_64"), a);
	ck_assert_str_eq(a->name, "x86_64");
	ck_assert_str_eq(a->karch, "x86_64");
	ck_assert_str_eq(a->kconfig, "CONFIG_X86_64");
	ck_assert_str_eq(a->package, "gcc");
	ck_assert_str_eq(a->defconfig, "defconfig");
	ck_assert_ptr_null(a->cross);
	ck_assert_ptr_null(a->llvm);
	ck_assert_ptr_null(a->unavailable);
	ck_assert_int_eq(a->loc.line, 2);
	ck_assert_int_eq(a->loc.col, 6);
	a = cat->arches[1];
	ck_assert_ptr_eq(catalog_arch(cat, "arm64"), a);
	ck_assert_str_eq(a->cross, "aarch64-linux-gnu-");
	ck_assert_str_eq(a->llvm, "1");
	ck_assert_str_eq(a->defconfig, "tinyconfig");
	/* a '#' inside quotes is no comment */
	ck_assert_str_eq(a->unavailable, "no compiler here");
	ck_assert_ptr_null(a->package);
	ck_assert_ptr_null(catalog_arch(cat, "riscv"));
	catalog_free(cat);
}
END_TEST

START_TEST(test_good_configs)
{
	static const char *const frags[][2] = {
		{ "CONFIG_DEBUG_INFO", "y" },
		{ "CONFIG_LOG_BUF_SHIFT", "17" },
		{ "CONFIG_CMDLINE", "\"quiet\"" },
		{ "CONFIG_FOO", "n" },
	};
	struct catalog *cat = good();
	struct config *c;
	int i;

	ck_assert_int_eq(cat->nconfigs, 2);
	c = cat->configs[0];
	ck_assert_ptr_eq(catalog_config(cat, "defconfig"), c);
	ck_assert_str_eq(c->base, "defconfig");
	ck_assert_ptr_null(c->arches);
	ck_assert_int_eq(c->narches, 0);
	ck_assert_int_eq(c->nfrags, 0);
	ck_assert(config_applies_to(c, "x86_64"));
	ck_assert(config_applies_to(c, "anything"));
	c = cat->configs[1];
	ck_assert_ptr_eq(catalog_config(cat, "debug"), c);
	ck_assert_str_eq(c->base, "allnoconfig");
	ck_assert_int_eq(c->narches, 2);
	ck_assert_str_eq(c->arches[0], "x86_64");
	ck_assert_str_eq(c->arches[1], "arm64");
	ck_assert_int_eq(c->arch_locs[1].col, 45);
	ck_assert(config_applies_to(c, "arm64"));
	ck_assert(!config_applies_to(c, "riscv"));
	ck_assert_int_eq(c->nfrags, 4);
	for (i = 0; i < 4; i++) {
		ck_assert_str_eq(c->frags[i].name, frags[i][0]);
		ck_assert_str_eq(c->frags[i].value, frags[i][1]);
	}
	ck_assert_int_eq(c->frags[0].loc.line, 6);
	ck_assert_int_eq(c->frags[0].loc.col, 2);
	ck_assert_ptr_null(catalog_config(cat, "nope"));
	catalog_free(cat);
}
END_TEST

START_TEST(test_good_forbids_and_defines)
{
	struct catalog *cat = good();

	ck_assert_int_eq(cat->nforbids, 2);
	ck_assert_str_eq(cat->forbids[0].path, "linux/mm.h");
	ck_assert_str_eq(cat->forbids[0].reason, "the point of the split");
	ck_assert_str_eq(cat->forbids[1].path, "linux/sched.h");
	ck_assert_str_eq(cat->forbids[1].reason, "");
	ck_assert_int_eq(cat->ndefines, 2);
	ck_assert_str_eq(cat->defines[0]->name, "WANT_A");
	ck_assert_str_eq(cat->defines[0]->cond_text, "CONFIG_A || CONFIG_B");
	ck_assert_str_eq(cat->defines[1]->name, "WANT_B");
	ck_assert_str_eq(cat->defines[1]->cond_text, "WANT_A && !CONFIG_C");
	catalog_free(cat);
}
END_TEST

/* ctx: NULL-terminated list of the CONFIG_ symbols that are set.  Define
 * names must never get here: the catalog resolves them. */
static int config_set(const char *name, void *ctx)
{
	const char *const *n;

	ck_assert_msg(starts_with(name, "CONFIG_"), "asked for the value of '%s'", name);
	for (n = ctx; *n; n++)
		if (!strcmp(*n, name))
			return 1;
	return 0;
}

static int holds(const struct catalog *cat, const char *sym, const char *const *set)
{
	return catalog_cond_holds(cat, catalog_symbol(cat, sym)->cond, config_set, (void *)set);
}

START_TEST(test_cond_holds_through_defines)
{
	const char *none[] = { NULL };
	const char *a[] = { "CONFIG_A", NULL };
	const char *b[] = { "CONFIG_B", NULL };
	const char *bc[] = { "CONFIG_B", "CONFIG_C", NULL };
	const char *d[] = { "CONFIG_D", NULL };
	const char *e[] = { "CONFIG_E", NULL };
	const char *ef[] = { "CONFIG_E", "CONFIG_F", NULL };
	struct catalog *cat = good();

	/* m1: WANT_B = (WANT_A = CONFIG_A || CONFIG_B) && !CONFIG_C */
	ck_assert_int_eq(holds(cat, "m1", none), 0);
	ck_assert_int_eq(holds(cat, "m1", a), 1);
	ck_assert_int_eq(holds(cat, "m1", b), 1);
	ck_assert_int_eq(holds(cat, "m1", bc), 0);
	ck_assert_int_eq(holds(cat, "K1", d), 1);
	ck_assert_int_eq(holds(cat, "K1", e), 1);
	ck_assert_int_eq(holds(cat, "K1", ef), 0);
	/* no condition: provided under every config */
	ck_assert_int_eq(holds(cat, "f1", none), 1);
	ck_assert_int_eq(catalog_cond_holds(cat, NULL, config_set, none), 1);
	catalog_free(cat);
}
END_TEST

static void collect(const char *name, void *ctx)
{
	struct strbuf *sb = ctx;

	sb_addf(sb, "%s%s", sb->len ? " " : "", name);
}

START_TEST(test_cond_configs_through_defines)
{
	struct catalog *cat = good();
	struct strbuf sb;

	sb_init(&sb);
	catalog_cond_configs(cat, catalog_symbol(cat, "m1")->cond, collect, &sb);
	ck_assert_str_eq(sb.buf, "CONFIG_A CONFIG_B CONFIG_C");
	sb_release(&sb);
	catalog_cond_configs(cat, catalog_symbol(cat, "K1")->cond, collect, &sb);
	ck_assert_str_eq(sb.buf, "CONFIG_D CONFIG_E CONFIG_F");
	sb_release(&sb);
	catalog_cond_configs(cat, NULL, collect, &sb);
	ck_assert_uint_eq(sb.len, 0);
	catalog_free(cat);
}
END_TEST

/* Several files make one catalog; a config may name an arch that a later
 * file defines; the header context does not carry over to the next file. */
START_TEST(test_several_files)
{
	const char *names[] = { "a.cat", "b.cat" };
	const char *texts[] = {
		"config c arches=x86_64\nheader x/a.h\n\tflag A\n",
		"arch x86_64 karch=x86_64 kconfig=CONFIG_X86_64\nheader x/b.h\n\tflag B\n",
	};
	struct catalog *cat = read_cats(names, texts, 2);

	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_int_eq(cat->nheaders, 2);
	ck_assert_int_eq(cat->nfiles, 2);
	ck_assert_str_eq(cat->files[1], "b.cat");
	ck_assert_str_eq(catalog_symbol(cat, "B")->loc.file, "b.cat");
	ck_assert_str_eq(catalog_header(cat, "x/b.h")->loc.file, "b.cat");
	catalog_free(cat);
}
END_TEST

START_TEST(test_several_files_errors)
{
	const char *names[] = { "a.cat", "b.cat" };
	const char *texts[] = {
		"header x/a.h\n\tflag A\n",
		"\tflag B\nheader x/b.h\n\tfunc A int (void)\nheader x/a.h\n",
	};

	ck_assert_ptr_null(read_cats(names, texts, 2));
	ck_assert_str_eq(diag, "b.cat:1:2: error: expected a 'header PATH' line before the first symbol\n"
			       "b.cat:3:2: error: symbol 'A' is catalogued twice: already at a.cat:2 (under x/a.h)\n"
			       "b.cat:4:8: error: header 'x/a.h' is catalogued twice: already at a.cat:1\n");
	ck_assert_int_eq(error_count(), 3);
}
END_TEST

START_TEST(test_unreadable_file)
{
	void *got;
	char *path = "/nonexistent/hdrtest/x.cat", *dir = tmp_dir();

	diag_begin();
	got = catalog_read(&path, 1);
	free(diag);
	diag = diag_end();
	ck_assert_ptr_null(got);
	ck_assert_str_eq(diag, "hdrtest: error: cannot read catalog /nonexistent/hdrtest/x.cat: No such file or "
			       "directory\n");
	/* a directory cannot be read either */
	diag_begin();
	got = catalog_read(&dir, 1);
	free(diag);
	diag = diag_end();
	ck_assert_ptr_null(got);
	path = xasprintf("hdrtest: error: cannot read catalog %s: Is a directory\n", dir);
	ck_assert_str_eq(diag, path);
	free(path);
	free(dir);
}
END_TEST

/* One bad catalog per entry, and everything it must print.  Every error
 * makes catalog_read return NULL. */
static const struct {
	const char *text, *diag;
} bad[] = {
	/* symbols need a header, and a directive other than a symbol kind
	 * ends the header's block */
	{ "func f int (void)\n", "t.cat:1:1: error: expected a 'header PATH' line before the first symbol\n" },
	{ "header a/b.h\ndefine X CONFIG_A\n\tflag F\n",
	  "t.cat:3:2: error: expected a 'header PATH' line before the first symbol\n" },
	{ "header a/b.h\nconfig c\n\ttype int\n",
	  "t.cat:3:2: error: expected a 'header PATH' line before the first symbol\n" },
	{ "header a/b.h\nforbid a/c.h\n\tvar v int\n",
	  "t.cat:3:2: error: expected a 'header PATH' line before the first symbol\n" },
	{ "header a/b.h\n\tflag F\nheader a/c.h\n\tfunc F int (void)\n",
	  "t.cat:4:2: error: symbol 'F' is catalogued twice: already at t.cat:2 (under a/b.h)\n" },
	{ "header a/b.h\n\ttype struct page\n\ttype struct  page\n",
	  "t.cat:3:2: error: symbol 'struct page' is catalogued twice: already at t.cat:2 (under a/b.h)\n" },

	/* header */
	{ "header a/b.h\nheader a/b.h\n", 
	  "t.cat:2:8: error: header 'a/b.h' is catalogued twice: already at t.cat:1\n" },
	{ "header\n", "t.cat:1:7: error: expected a header path after 'header'\n" },
	{ "header   \n", "t.cat:1:7: error: expected a header path after 'header'\n" },
	{ "header /a/b.h\n",
	  "t.cat:1:8: error: expected a relative header path (no leading or doubled '/'), found '/a/b.h'\n" },
	{ "header a/../b.h\n",
	  "t.cat:1:10: error: expected a header path without '.' or '..' components, found 'a/../b.h'\n" },
	{ "header a/b.c\n", "t.cat:1:8: error: expected a header path ending in .h, found 'a/b.c'\n" },
	{ "header a/b$.h\n", "t.cat:1:11: error: expected a header path, found '$' in 'a/b$.h'\n" },
	{ "header a/b.h extra\n", "t.cat:1:14: error: expected end of line or 'skip \"REASON\"' after the header path\n" },

	/* unknown directives */
	{ "include a/b.h\n",
	  "t.cat:1:1: error: expected a directive (header, forbid, define, arch, config), a symbol kind (func, "
	  "macro, call, const, flag, var, type, todo) or CONFIG_NAME=value, found 'include'\n" },
	{ "header a/b.h\n  functions x\n",
	  "t.cat:2:3: error: expected a directive (header, forbid, define, arch, config), a symbol kind (func, "
	  "macro, call, const, flag, var, type, todo) or CONFIG_NAME=value, found 'functions'\n" },
	{ "HEADER a/b.h\n",
	  "t.cat:1:1: error: expected a directive (header, forbid, define, arch, config), a symbol kind (func, "
	  "macro, call, const, flag, var, type, todo) or CONFIG_NAME=value, found 'HEADER'\n" },

	/* the operands of each symbol kind */
	{ "header a/b.h\n\tfunc\n", "t.cat:2:6: error: expected a symbol name after 'func'\n" },
	{ "header a/b.h\n\tfunc if CONFIG_A\n", "t.cat:2:7: error: expected a symbol name after 'func'\n" },
	{ "header a/b.h\n\tfunc 9f int (void)\n",
	  "t.cat:2:7: error: expected a symbol name (a C identifier), found '9' in '9f'\n" },
	{ "header a/b.h\n\tflag f-g\n",
	  "t.cat:2:8: error: expected a symbol name (a C identifier), found '-' in 'f-g'\n" },
	{ "header a/b.h\n\tfunc f\n",
	  "t.cat:2:8: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' after 'f'\n" },
	{ "header a/b.h\n\tmacro m if CONFIG_A\n",
	  "t.cat:2:9: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' after 'm'\n" },
	{ "header a/b.h\n\tfunc f int\n",
	  "t.cat:2:12: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'\n" },
	{ "header a/b.h\n\tcall c void ()\n",
	  "t.cat:2:15: error: expected argument types; write (void) for a function without arguments\n" },
	{ "header a/b.h\n\tfunc f int (void, int)\n",
	  "t.cat:2:14: error: 'void' may only stand alone in an argument list\n" },
	{ "header a/b.h\n\tconst K\n", "t.cat:2:9: error: expected the type of 'K'\n" },
	{ "header a/b.h\n\tvar v if CONFIG_A\n", "t.cat:2:7: error: expected the type of 'v'\n" },
	{ "header a/b.h\n\tvar v void\n", "t.cat:2:8: error: a var cannot have type void\n" },
	{ "header a/b.h\n\tconst K void\n", "t.cat:2:10: error: a const cannot have type void\n" },
	{ "header a/b.h\n\tvar v int;\n",
	  "t.cat:2:11: error: expected a C type, found ';' (only identifiers, '*', '(', ')', '[', ']' and ',' may "
	  "appear in a type)\n" },
	{ "header a/b.h\n\tflag F int\n", 
	  "t.cat:2:9: error: expected 'if CONDITION' or end of line after flag 'F'\n" },
	{ "header a/b.h\n\ttype\n", "t.cat:2:6: error: expected a type after 'type'\n" },
	{ "header a/b.h\n\ttype if CONFIG_A\n", "t.cat:2:7: error: expected a type after 'type'\n" },
	{ "header a/b.h\n\ttype struct {x}\n",
	  "t.cat:2:14: error: expected a C type, found '{' (only identifiers, '*', '(', ')', '[', ']' and ',' may "
	  "appear in a type)\n" },
	{ "header a/b.h\n\ttype struct page \xe2\x9f\xa6\n",
	  "t.cat:2:19: error: expected a C type, found a non-ASCII byte\n" },

	/* conditions */
	{ "header a/b.h\n\tflag F if\n", "t.cat:2:11: error: expected a condition after 'if'\n" },
	{ "header a/b.h\n\tflag F if   \n", "t.cat:2:11: error: expected a condition after 'if'\n" },
	{ "header a/b.h\n\tfunc f int (void) if\n", "t.cat:2:22: error: expected a condition after 'if'\n" },
	{ "header a/b.h\n\tflag F if CONFIG_A &&\n",
	  "t.cat:2:23: error: condition: expected a CONFIG_ symbol, '!' or '(' at end of line\n" },
	{ "header a/b.h\n\tflag F if WANT_X\n",
	  "t.cat:2:12: error: condition: unknown name 'WANT_X': expected a CONFIG_ symbol or a name from an "
	  "earlier define line\n" },
	{ "header a/b.h\n\tflag F if W\ndefine W CONFIG_A\n",
	  "t.cat:2:12: error: condition: unknown name 'W': expected a CONFIG_ symbol or a name from an earlier "
	  "define line\n" },

	/* define */
	{ "define\n", "t.cat:1:7: error: expected a name after 'define'\n" },
	{ "define 1X CONFIG_A\n", 
	  "t.cat:1:8: error: expected a name to define (a C identifier), found '1' in '1X'\n" },
	{ "define X-Y CONFIG_A\n",
	  "t.cat:1:9: error: expected a name to define (a C identifier), found '-' in 'X-Y'\n" },
	{ "define CONFIG_X CONFIG_A\n",
	  "t.cat:1:8: error: a define may not be named CONFIG_*: those come from the .config\n" },
	{ "define X CONFIG_A\ndefine X CONFIG_B\n", "t.cat:2:8: error: 'X' is defined twice: already at t.cat:1\n" },
	{ "define X\n", "t.cat:1:9: error: expected a condition after 'define X'\n" },
	{ "define X CONFIG_A ||\n",
	  "t.cat:1:21: error: condition: expected a CONFIG_ symbol, '!' or '(' at end of line\n" },
	{ "define X X\n",
	  "t.cat:1:10: error: condition: unknown name 'X': expected a CONFIG_ symbol or a name from an earlier "
	  "define line\n" },

	/* forbid */
	{ "forbid\n", "t.cat:1:7: error: expected a header path after 'forbid'\n" },
	{ "forbid linux/mm\n", "t.cat:1:8: error: expected a header path ending in .h, found 'linux/mm'\n" },

	/* arch */
	{ "arch\n", "t.cat:1:5: error: expected an arch name after 'arch'\n" },
	{ "arch x/y karch=x kconfig=CONFIG_X\n",
	  "t.cat:1:7: error: expected an arch name (letters, digits, '_', '.', '+', '-'), found '/' in 'x/y'\n" },
	{ "arch a karch=x kconfig=CONFIG_X colour=red\n",
	  "t.cat:1:33: error: unknown arch field 'colour': expected karch, kconfig, cross, llvm, package, defconfig "
	  "or unavailable\n" },
	{ "arch a karch=x karch=y kconfig=CONFIG_X\n", "t.cat:1:16: error: arch field 'karch' given twice\n" },
	{ "arch a kconfig=CONFIG_X\n", "t.cat:1:6: error: arch 'a' needs karch= and kconfig=\n" },
	{ "arch a karch=x\n", "t.cat:1:6: error: arch 'a' needs karch= and kconfig=\n" },
	{ "arch a karch=x;y kconfig=CONFIG_X\n", 
	  "t.cat:1:15: error: expected a kernel ARCH= name (lower-case letters, digits, '_') for karch=, found ';' in 'x;y'\n" },
	{ "arch a karch=x kconfig=CONFIG_X cross=\"a b\"\n",
	  "t.cat:1:41: error: expected a toolchain prefix like aarch64-linux-gnu- (letters, digits, '_', '.', '+', '-'; "
	  "not starting with '-') for cross=, "
	  "found ' ' in 'a b'\n" },
	{ "arch a karch=x kconfig=CONFIG_X package=$(pkg)\n",
	  "t.cat:1:41: error: expected a Debian package name (lower-case letters, digits, '+', '.', '-') for package=, "
	  "found '$' in '$(pkg)'\n" },
	{ "arch a karch=x kconfig=CONFIG_X unavailable=\"needs `cc`\"\n",
	  "t.cat:1:52: error: expected printable ASCII text without quotes, backslashes, $, ` or # for unavailable=, "
	  "found '`' in 'needs `cc`'\n" },
	{ "arch a karch=x kconfig=CONFIG_X unavailable=\"no cc # here\"\n",
	  "t.cat:1:52: error: expected printable ASCII text without quotes, backslashes, $, ` or # for unavailable=, "
	  "found '#' in 'no cc # here'\n" },
	{ "arch a karch=x kconfig=X86\n", "t.cat:1:24: error: expected a CONFIG_ symbol, found 'X86'\n" },
	{ "arch a karch=x kconfig=CONFIG_X-Y\n",
	  "t.cat:1:32: error: expected a CONFIG_ symbol (upper-case letters, digits, '_') for kconfig=, found '-' in 'CONFIG_X-Y'\n" },
	{ "arch a karch\n", "t.cat:1:8: error: expected key=value\n" },
	{ "arch a =x\n", "t.cat:1:8: error: expected key=value\n" },
	{ "arch a karch= kconfig=CONFIG_X\n", "t.cat:1:14: error: expected a value after 'karch='\n" },
	{ "arch a karch=\"\" kconfig=CONFIG_X\n", "t.cat:1:14: error: expected a value after 'karch='\n" },
	{ "arch a unavailable=\"oops\n", "t.cat:1:20: error: expected a closing '\"'\n" },
	{ "arch a karch=x kconfig=CONFIG_X\narch a karch=y kconfig=CONFIG_Y\n",
	  "t.cat:2:6: error: arch 'a' is listed twice: already at t.cat:1\n" },
	/* every bad field is reported, and then no "needs" message */
	{ "arch a colour=red karch=x;y kconfig=CONFIG_X\n",
	  "t.cat:1:8: error: unknown arch field 'colour': expected karch, kconfig, cross, llvm, package, defconfig "
	  "or unavailable\n"
	  "t.cat:1:26: error: expected a kernel ARCH= name (lower-case letters, digits, '_') for karch=, found ';' in 'x;y'\n" },

	/* config */
	{ "config\n", "t.cat:1:7: error: expected a config name after 'config'\n" },
	{ "config a/b\n",
	  "t.cat:1:9: error: expected a config name (letters, digits, '_', '.', '+', '-'), found '/' in 'a/b'\n" },
	{ "config c colour=red\n", "t.cat:1:10: error: unknown config field 'colour': expected base or arches\n" },
	{ "config c base=x base=y\n", "t.cat:1:17: error: config field 'base' given twice\n" },
	{ "config c base=a/b\n", "t.cat:1:16: error: expected a make target (letters, digits, '_', '.', '-'; not starting "
	  "with '-') for base=, found '/' in 'a/b'\n" },
	{ "arch x karch=x kconfig=CONFIG_X\nconfig c arches=x arches=x\n",
	  "t.cat:2:19: error: config field 'arches' given twice\n" },
	{ "arch x karch=x kconfig=CONFIG_X\nconfig c arches=all arches=x\n",
	  "t.cat:2:21: error: config field 'arches' given twice\n" },
	{ "arch x karch=x kconfig=CONFIG_X\nconfig c arches=x,,x\n",
	  "t.cat:2:19: error: expected an arch name in arches=, found ''\n" },
	{ "config c arches=x/y\n", "t.cat:1:18: error: expected an arch name (letters, digits, '_', '.', '+', '-') in arches=, "
	  "found '/' in 'x/y'\n" },
	{ "config c\nconfig c\n", "t.cat:2:8: error: config 'c' is listed twice: already at t.cat:1\n" },
	{ "arch x86_64 karch=x86_64 kconfig=CONFIG_X86_64\nconfig c arches=x86_64,riscv\n",
	  "t.cat:2:24: error: config 'c' names arch 'riscv', which no arch line defines\n" },

	/* fragment lines */
	{ "CONFIG_A=y\n", "t.cat:1:1: error: expected a 'config NAME' line before the fragment line\n" },
	{ "config c\nheader a/b.h\n\tCONFIG_A=y\n",
	  "t.cat:3:2: error: expected a 'config NAME' line before the fragment line\n" },
	{ "config c\n\tCONFIG_A=y\nheader a/b.h\n\tflag F\n\tCONFIG_B=y\n",
	  "t.cat:5:2: error: expected a 'config NAME' line before the fragment line\n" },
	{ "config c\n\tCONFIG_A\n", "t.cat:2:2: error: expected CONFIG_NAME=value\n" },
	{ "config c\n\tCONFIG_A-B=y\n",
	  "t.cat:2:10: error: expected a CONFIG_ symbol (a C identifier), found '-' in 'CONFIG_A-B'\n" },
	{ "config c\n\tCONFIG_A=\n",
	  "t.cat:2:11: error: expected a value (y, m, n, a number or a \"string\") after 'CONFIG_A='\n" },
	{ "config c\n\tCONFIG_A=y n\n",
	  "t.cat:2:11: error: expected a value (y, m, n, a number or a \"string\") after 'CONFIG_A='\n" },
	{ "config c\n\tCONFIG_A=y\n\tCONFIG_A=n\n",
	  "t.cat:3:2: error: CONFIG_A is set twice in config 'c': already at line 2\n" },

	/* names m4 would read as its own (its builtins under -P, the
	 * templates' macros, data and loop variables): the first on a line */
	{ "header a/b.h\n\tmacro\toffset_in_thp\tm4_dnl unsigned long (const struct page *)\n",
	  "t.cat:2:22: error: 'm4_dnl' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\ttype struct m4_ht_fail(x) *\n", "t.cat:2:14: error: 'm4_ht_fail' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\tfunc m4_eval int (int)\n", "t.cat:2:7: error: 'm4_eval' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\tfunc f int (struct m4_divert *)\n", "t.cat:2:21: error: 'm4_divert' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\tvar v char [1m4_dnl]\n", "t.cat:2:15: error: 'm4_dnl' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\ttodo t m4_kind\n", "t.cat:2:9: error: 'm4_kind' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\tfunc m4_a m4_b (void)\n", "t.cat:2:7: error: 'm4_a' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header m4_dnl/a.h\n", "t.cat:1:8: error: 'm4_dnl' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header linux/a.h skip \"only m4_include it\"\n", "t.cat:1:29: error: 'm4_include' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	/* a line is checked for these once it parsed: one error for it, and
	 * its symbols still have their header */
	{ "header m4_a/b.h\n\tflag F\n",
	  "t.cat:1:8: error: 'm4_a' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "header a/b.h\n\tfunc m4_f int\n",
	  "t.cat:2:15: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'\n" },
	{ "forbid linux/m4_x.h\n", "t.cat:1:14: error: 'm4_x' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "define m4_ifelse CONFIG_A\n", "t.cat:1:8: error: 'm4_ifelse' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "arch m4_divnum karch=x kconfig=CONFIG_X\n", "t.cat:1:6: error: 'm4_divnum' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "config m4_c\n", "t.cat:1:8: error: 'm4_c' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n" },
	{ "arch x karch=x kconfig=CONFIG_X\nconfig c arches=x,m4_y\n",
	  "t.cat:2:19: error: 'm4_y' is reserved for hdrtest's m4 templates: no name in the catalog may begin with m4_\n"
	  "t.cat:2:19: error: config 'c' names arch 'm4_y', which no arch line defines\n" },

	/* nocall "WHY": func, call and macro lines, a reason in quotes */
	{ "header a/b.h\n\tflag F nocall \"x\"\n",
	  "t.cat:2:9: error: 'nocall' is for a func, call or macro line, not a flag\n" },
	{ "header a/b.h\n\tvar v int nocall \"x\"\n",
	  "t.cat:2:12: error: 'nocall' is for a func, call or macro line, not a var\n" },
	{ "header a/b.h\n\tfunc f void (void) nocall\n",
	  "t.cat:2:27: error: expected a quoted, non-empty reason after 'nocall'\n" },
	{ "header a/b.h\n\tfunc f void (void) nocall if CONFIG_A\n",
	  "t.cat:2:28: error: expected a quoted, non-empty reason after 'nocall'\n" },
	{ "header a/b.h\n\tfunc f void (void) nocall \"\"\n",
	  "t.cat:2:28: error: expected a quoted, non-empty reason after 'nocall'\n" },
	{ "header a/b.h\n\tfunc f void (void) nocall \"a $x\"\n",
	  "t.cat:2:31: error: expected printable ASCII text without double quotes, backslashes, $ or ` in the "
	  "nocall reason, found '$' in 'a $x'\n" },
	{ "header a/b.h\n\tfunc f void (void) nocall \"a */ b\"\n",
	  "t.cat:2:31: error: a nocall reason may not hold '*/': the TU quotes it in a comment\n" },
	/* opaque "WHY": type lines only */
	{ "header a/b.h\n\tfunc f void (void) opaque \"x\"\n",
	  "t.cat:2:21: error: 'opaque' is for a type line, not a func\n" },
	{ "header a/b.h\n\ttype t nocall \"x\"\n",
	  "t.cat:2:9: error: 'nocall' is for a func, call or macro line, not a type\n" },
	{ "header a/b.h\n\ttype t opaque\n",
	  "t.cat:2:15: error: expected a quoted, non-empty reason after 'opaque'\n" },

	/* every error is reported, in order */
	{ "header a/b.h\n\tflag 1\n\tfunc f\nbogus\n\tconst K void\n",
	  "t.cat:2:7: error: expected a symbol name (a C identifier), found '1' in '1'\n"
	  "t.cat:3:8: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' after 'f'\n"
	  "t.cat:4:1: error: expected a directive (header, forbid, define, arch, config), a symbol kind (func, "
	  "macro, call, const, flag, var, type, todo) or CONFIG_NAME=value, found 'bogus'\n"
	  "t.cat:5:2: error: expected a 'header PATH' line before the first symbol\n" },
};

START_TEST(test_errors)
{
	struct catalog *cat = read_cat(bad[_i].text);
	const char *p;
	int lines = 0;

	ck_assert_str_eq(diag, bad[_i].diag);
	ck_assert_ptr_null(cat);
	for (p = bad[_i].diag; *p; p++)
		lines += *p == '\n';
	ck_assert_int_eq(error_count(), lines);
}
END_TEST

/* The same symbol may be set in different configs; comments and blank
 * lines do not end a config's fragment. */
START_TEST(test_fragments_per_config)
{
	struct catalog *cat = read_cat("config a\n\tCONFIG_X=y\n\n# note\nconfig b\n\tCONFIG_X=m\n");

	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_str_eq(cat->configs[0]->frags[0].value, "y");
	ck_assert_str_eq(cat->configs[1]->frags[0].value, "m");
	catalog_free(cat);
}
END_TEST

START_TEST(test_empty_catalog)
{
	struct catalog *cat = read_cat("# nothing here\n\n   \n");

	ck_assert_ptr_nonnull(cat);
	ck_assert_int_eq(cat->nheaders, 0);
	ck_assert_int_eq(cat->narches, 0);
	catalog_free(cat);
}
END_TEST

/* Names that m4 does not read as beginning with m4_ are the catalog's: the
 * templates' old macro names, their loop variables' names and names that
 * only hold m4_ further on. */
START_TEST(test_names_near_m4)
{
	struct catalog *cat = read_cat("header a/b.h\n"
				       "\ttype struct xm4_dnl\n"
				       "\ttype struct foo_m4_bar\n"
				       "\tvar buf char [0xm4_]\n"
				       "\tflag M4_DNL\n"
				       "\tfunc i int (struct j *)\n"
				       "\tfunc ht_get int (ht_s)\n"
				       "\tconst HT_SYM_1_NAME int\n");

	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_int_eq(cat->headers[0]->nsyms, 7);
	catalog_free(cat);
}
END_TEST

/* A symbol may be named like a field keyword: the first word after the
 * kind is always the name (include/linux/sunrpc/xdrgen/_defs.h has
 * 'typedef struct { ... } opaque;'). */
START_TEST(test_names_like_keywords)
{
	struct catalog *cat = read_cat("header a/b.h\n"
				       "\ttype opaque\n"
				       "\ttype nocall opaque \"only by pointer\"\n");

	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_int_eq(cat->headers[0]->nsyms, 2);
	ck_assert_str_eq(cat->headers[0]->syms[0]->name, "opaque");
	ck_assert_ptr_null(cat->headers[0]->syms[0]->opaque);
	ck_assert_str_eq(cat->headers[0]->syms[1]->name, "nocall");
	ck_assert_str_eq(cat->headers[0]->syms[1]->opaque, "only by pointer");
	catalog_free(cat);

	cat = read_cat("header a/b.h\n"
		       "\tfunc nocall void (void)\n"
		       "\tfunc opaque int (void) nocall \"x\"\n");
	ck_assert_msg(cat != NULL, "%s", diag);
	ck_assert_int_eq(cat->headers[0]->nsyms, 2);
	ck_assert_ptr_null(cat->headers[0]->syms[0]->nocall);
	ck_assert_str_eq(cat->headers[0]->syms[1]->name, "opaque");
	ck_assert_str_eq(cat->headers[0]->syms[1]->nocall, "x");
	catalog_free(cat);
}
END_TEST

/* The real catalog, read as the GNUmakefile reads it (every catalog/NAME.cat, in
 * name order), is free of errors. */
START_TEST(test_real_catalog)
{
	struct catalog *cat;
	glob_t g;

	ck_assert_int_eq(glob("catalog/*.cat", 0, NULL, &g), 0);
	free(diag);
	diag_begin();
	cat = catalog_read(g.gl_pathv, (int)g.gl_pathc);
	diag = diag_end();
	ck_assert_msg(cat != NULL, "the catalog has errors:\n%s", diag);
	ck_assert_str_eq(diag, "");
	ck_assert_int_gt(cat->nheaders, 0);
	ck_assert_int_gt(cat->narches, 0);
	ck_assert_int_gt(cat->nconfigs, 0);
	catalog_free(cat);
	globfree(&g);
}
END_TEST

/* 'nocall "WHY"' after a func's, call's or macro's signature: the
 * reason kept, before or without a condition; " if " and '#' inside the
 * quotes are the reason's, not a condition or a comment. */
START_TEST(test_nocall)
{
	struct catalog *cat = read_cat("header a/b.h\n"
				       "\tfunc\tf\tvoid (void)\tnocall \"declared __compiletime_error\"\n"
				       "\tcall\tc\tint (int)\tnocall \"fires if not constant # really\"\tif CONFIG_A\n"
				       "\tmacro\tm\tvoid (void)  nocall  \"its body calls w(), declared __compiletime_warning\"  "
				       "# comment\n"
				       "\tfunc\tg\tint (int)\n"
				       "\tfunc\tnocall\tint (nocall)\n");
	struct header *h;

	ck_assert_msg(cat != NULL, "%s", diag);
	h = cat->headers[0];
	ck_assert_str_eq(h->syms[0]->nocall, "declared __compiletime_error");
	ck_assert_int_eq(h->syms[0]->nargs, 0);
	ck_assert_str_eq(h->syms[1]->nocall, "fires if not constant # really");
	ck_assert_str_eq(h->syms[1]->cond_text, "CONFIG_A");
	ck_assert_str_eq(h->syms[1]->args[0], "int");
	ck_assert_str_eq(h->syms[2]->nocall, "its body calls w(), declared __compiletime_warning");
	ck_assert_str_eq(h->syms[2]->type, "void");
	ck_assert_ptr_null(h->syms[3]->nocall);
	ck_assert_ptr_null(h->syms[4]->nocall);	/* a type named nocall is a type */
	ck_assert_str_eq(h->syms[4]->args[0], "nocall");
	catalog_free(cat);
}
END_TEST

static void teardown(void)
{
	free(diag);
	diag = NULL;
}

Suite *catalog_suite(void)
{
	Suite *s = suite_create("catalog");
	TCase *good_tc = tcase_create("good"), *bad_tc = tcase_create("errors");

	tcase_add_checked_fixture(good_tc, NULL, teardown);
	tcase_add_test(good_tc, test_good_headers_in_order);
	tcase_add_test(good_tc, test_good_symbols);
	tcase_add_test(good_tc, test_good_if_detection);
	tcase_add_test(good_tc, test_good_arches);
	tcase_add_test(good_tc, test_good_configs);
	tcase_add_test(good_tc, test_good_forbids_and_defines);
	tcase_add_test(good_tc, test_cond_holds_through_defines);
	tcase_add_test(good_tc, test_cond_configs_through_defines);
	tcase_add_test(good_tc, test_several_files);
	tcase_add_test(good_tc, test_fragments_per_config);
	tcase_add_test(good_tc, test_empty_catalog);
	tcase_add_test(good_tc, test_names_near_m4);
	tcase_add_test(good_tc, test_names_like_keywords);
	tcase_add_test(good_tc, test_real_catalog);
	tcase_add_test(good_tc, test_nocall);
	suite_add_tcase(s, good_tc);

	tcase_add_checked_fixture(bad_tc, NULL, teardown);
	tcase_add_loop_test(bad_tc, test_errors, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(bad_tc, test_several_files_errors);
	tcase_add_test(bad_tc, test_unreadable_file);
	suite_add_tcase(s, bad_tc);
	return s;
}

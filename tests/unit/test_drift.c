// SPDX-License-Identifier: GPL-2.0
/* catalog-check: the catalog of tests/fixtures/scan/drift against its
 * tree, one drift of each kind with its exact message, and the issue's
 * scenario (folio_next() moved to a new header). */
#include <check.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/catalog.h"
#include "catalog/drift.h"
#include "helpers.h"
#include "scan/scan.h"
#include "suites.h"

#define DRIFT_DIR "tests/fixtures/scan/drift"

struct fixture {
	struct catalog *cat;
	struct scan_index *ix;
	struct drift_report *rep;
	char *text;		/* every item's line */
};

/* Read catalog cat_name and scan tree, both relative to dir (so that
 * messages say "fx.cat:8:2" and "include/..."), and check. */
static void check_in(struct fixture *fx, const char *dir, const char *cat_name, const char *tree)
{
	int cwd = open(".", O_RDONLY), i;
	char *path = (char *)cat_name, *msg;
	struct strbuf sb;

	ck_assert_int_ge(cwd, 0);
	ck_assert_int_eq(chdir(dir), 0);
	diag_begin();
	fx->cat = catalog_read(&path, 1);
	fx->ix = scan_tree(tree);
	msg = diag_end();
	ck_assert_int_eq(fchdir(cwd), 0);
	close(cwd);
	ck_assert_msg(fx->cat && fx->ix, "reading the fixture failed: %s", msg);
	free(msg);
	fx->rep = drift_check(fx->cat, fx->ix);
	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < fx->rep->n; i++)
		sb_addf(&sb, "%s\n", fx->rep->items[i].text);
	fx->text = sb_detach(&sb);
}

static void release(struct fixture *fx)
{
	drift_report_free(fx->rep);
	scan_free(fx->ix);
	catalog_free(fx->cat);
	free(fx->text);
}

/* The item whose line is text; fails the test if there is none. */
static const struct drift *item(const struct fixture *fx, const char *text)
{
	int i;

	for (i = 0; i < fx->rep->n; i++)
		if (!strcmp(fx->rep->items[i].text, text))
			return &fx->rep->items[i];
	ck_abort_msg("no drift line\n  %s\nin\n%s", text, fx->text);
	return NULL;
}

static const char expected_report[] =
	"fx.cat:8:2: drift: fx_page_size: signature changed: tree has unsigned long (const struct page *), "
	"catalog has unsigned long (struct page *)\n"
	"fx.cat:10:2: drift: fx_gone: gone (defined in no header of the tree)\n"
	"fx.cat:11:2: drift: fx_macroized: kind changed: tree has a function-like macro "
	"(include/linux/fx/size.h:17), catalog has func\n"
	"fx.cat:12:2: note: fx_review needs review (todo)\n"
	"fx.cat:15:2: drift: fx_next: moved to linux/fx/iter.h (include/linux/fx/iter.h:7)\n"
	"fx.cat:18:8: drift: header linux/fx/old.h: gone\n"
	"fx.cat:19:2: drift: FX_OLD_FLAG: moved to linux/fx/size.h (include/linux/fx/size.h:19)\n"
	"fx.cat:20:2: drift: FX_OLD_GONE: gone (defined in no header of the tree)\n"
	"include/linux/fx/size.h:21:1: drift: new symbol FX_SHIFT (define) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:22:1: drift: new symbol FX_HAS_SIZE (define) in linux/fx/size.h is not in the "
	"catalog\n"
	"include/linux/fx/size.h:23:1: drift: new symbol fx_pages (macro) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:26:1: drift: new symbol fx_big (proto) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:30:1: drift: new symbol fx_arch (proto) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:34:1: drift: new symbol fx_mode (func) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:39:1: drift: new symbol struct fx_info (struct) in linux/fx/size.h is not in the "
	"catalog\n"
	"include/linux/fx/size.h:43:1: drift: new symbol fx_t (typedef) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:45:1: drift: new symbol fx_count (var) in linux/fx/size.h is not in the catalog\n"
	"include/linux/fx/size.h:48:1: drift: new symbol fx_wanted (var) in linux/fx/size.h is not in the catalog\n";

START_TEST(drift_whole_report_in_order)
{
	struct fixture fx;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	/* catalog order, then new symbols by file and line */
	ck_assert_str_eq(fx.text, expected_report);
	ck_assert_int_eq(fx.rep->ndrift, 17);
	ck_assert_int_eq(fx.rep->nsyms, 8);
	ck_assert_int_eq(fx.rep->nmatch, 2);	/* fx_order and the todo fx_review */
	ck_assert_int_eq(fx.rep->nheaders, 3);
	release(&fx);
}
END_TEST

START_TEST(drift_moved)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "fx.cat:15:2: drift: fx_next: moved to linux/fx/iter.h (include/linux/fx/iter.h:7)");
	ck_assert_int_eq(d->kind, DRIFT_MOVED);
	ck_assert_str_eq(d->to, "linux/fx/iter.h");
	ck_assert_str_eq(d->sym->name, "fx_next");
	ck_assert_str_eq(d->header->path, "linux/fx/next.h");
	ck_assert_int_eq(d->def->line, 7);
	release(&fx);
}
END_TEST

START_TEST(drift_gone)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "fx.cat:10:2: drift: fx_gone: gone (defined in no header of the tree)");
	ck_assert_int_eq(d->kind, DRIFT_GONE);
	ck_assert_ptr_null(d->def);
	release(&fx);
}
END_TEST

START_TEST(drift_signature_changed)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "fx.cat:8:2: drift: fx_page_size: signature changed: tree has unsigned long (const struct "
		      "page *), catalog has unsigned long (struct page *)");
	ck_assert_int_eq(d->kind, DRIFT_SIGNATURE);
	ck_assert_str_eq(d->def->args[0], "const struct page *");
	/* a matching function is no drift */
	ck_assert_ptr_null(strstr(fx.text, "fx_order"));
	release(&fx);
}
END_TEST

START_TEST(drift_kind_changed)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "fx.cat:11:2: drift: fx_macroized: kind changed: tree has a function-like macro "
		      "(include/linux/fx/size.h:17), catalog has func");
	ck_assert_int_eq(d->kind, DRIFT_KIND);
	ck_assert_int_eq(d->def->kind, SCAN_MACRO);
	release(&fx);
}
END_TEST

START_TEST(drift_new_symbols)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "include/linux/fx/size.h:26:1: drift: new symbol fx_big (proto) in linux/fx/size.h is not in "
		      "the catalog");
	ck_assert_int_eq(d->kind, DRIFT_NEW);
	ck_assert_str_eq(d->header->path, "linux/fx/size.h");
	ck_assert_ptr_null(d->sym);
	/* fx_mode has two definitions: one line */
	ck_assert_ptr_null(strstr(fx.text, "size.h:36:1"));
	/* not new: the guard, forward declarations, what another header's
	 * block lists (FX_OLD_FLAG), todo symbols */
	ck_assert_ptr_null(strstr(fx.text, "_LINUX_FX_SIZE_H"));
	ck_assert_ptr_null(strstr(fx.text, "new symbol struct page"));
	ck_assert_ptr_null(strstr(fx.text, "new symbol FX_OLD_FLAG"));
	ck_assert_ptr_null(strstr(fx.text, "new symbol fx_review"));
	release(&fx);
}
END_TEST

/* What the catalog cannot hold is not "new": a macro named by a keyword,
 * and a variable whose name the catalog holds for a struct (mmzone.h's
 * struct and variable mem_section; catalog-init notes both). */
START_TEST(drift_uncatalogable_is_not_new)
{
	struct fixture fx;
	char *dir = tmp_dir();

	free(put_file(dir, "tree/include/linux/k.h",
		      "#define inline inline __attribute__((k))\n"
		      "struct k_slot { int n; };\n"
		      "extern struct k_slot *k_slot;\n"
		      "extern int k_other;\n"));
	free(put_file(dir, "k.cat", "header linux/k.h\n\ttodo\tk_slot\tstruct\n"));
	check_in(&fx, dir, "k.cat", "tree");
	ck_assert_str_eq(fx.text, "k.cat:2:2: note: k_slot needs review (todo)\n"
				  "include/linux/k.h:4:1: drift: new symbol k_other (var) in linux/k.h is not in the "
				  "catalog\n");
	release(&fx);
	free(dir);
}
END_TEST

START_TEST(drift_header_gone)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "fx.cat:18:8: drift: header linux/fx/old.h: gone");
	ck_assert_int_eq(d->kind, DRIFT_HEADER_GONE);
	/* its symbols: each moved or gone */
	item(&fx, "fx.cat:19:2: drift: FX_OLD_FLAG: moved to linux/fx/size.h (include/linux/fx/size.h:19)");
	item(&fx, "fx.cat:20:2: drift: FX_OLD_GONE: gone (defined in no header of the tree)");
	release(&fx);
}
END_TEST

START_TEST(drift_todo_is_a_note)
{
	struct fixture fx;
	const struct drift *d;

	check_in(&fx, DRIFT_DIR, "fx.cat", "tree");
	d = item(&fx, "fx.cat:12:2: note: fx_review needs review (todo)");
	ck_assert_int_eq(d->kind, DRIFT_TODO);
	ck_assert_str_eq(d->sym->type, "macro");
	release(&fx);
}
END_TEST

/* The issue: folio_next() moves from folio_next.h to a new folio_iter.h,
 * which folio_next.h now includes. */
START_TEST(drift_issue_scenario)
{
	char *dir = tmp_dir();
	struct fixture fx;
	struct strbuf iter;
	int i;

	sb_init(&iter);
	sb_add(&iter, "#ifndef _LINUX_MM_FOLIO_ITER_H\n#define _LINUX_MM_FOLIO_ITER_H\n\n"
		      "#include <linux/mm/folio_size.h>\n");
	for (i = 5; i < 24; i++)	/* a doc comment on lines 5-23 */
		sb_add(&iter, i == 5 ? "/**\n" : i == 23 ? " */\n" : " *\n");
	sb_add(&iter, "static inline struct folio *folio_next(struct folio *folio)\n{\n\treturn folio;\n}\n\n#endif\n");
	free(put_file(dir, "tree/include/linux/mm/folio_iter.h", iter.buf));
	sb_release(&iter);
	free(put_file(dir, "tree/include/linux/mm/folio_next.h",
		      "#ifndef _LINUX_MM_FOLIO_NEXT_H\n#define _LINUX_MM_FOLIO_NEXT_H\n"
		      "#include <linux/mm/folio_iter.h>\n#endif\n"));
	free(put_file(dir, "tree/include/linux/mm/folio_size.h",
		      "#ifndef _LINUX_MM_FOLIO_SIZE_H\n#define _LINUX_MM_FOLIO_SIZE_H\n"
		      "static inline long folio_nr_pages(const struct folio *folio)\n{\n\treturn 1;\n}\n#endif\n"));
	free(put_file(dir, "catalog/mm.cat",
		      "header linux/mm/folio_size.h\n"
		      "\tfunc\tfolio_nr_pages\t\tlong (const struct folio *)\n\n"
		      "header linux/mm/folio_next.h\n"
		      "\tfunc\tfolio_next\t\tstruct folio * (struct folio *)\n"));
	check_in(&fx, dir, "catalog/mm.cat", "tree");
	ck_assert_str_eq(fx.text, "catalog/mm.cat:5:2: drift: folio_next: moved to linux/mm/folio_iter.h "
				  "(include/linux/mm/folio_iter.h:24)\n");
	ck_assert_int_eq(fx.rep->ndrift, 1);
	release(&fx);
	free(dir);
}
END_TEST

START_TEST(drift_none_and_compile_only_headers)
{
	char *dir = tmp_dir();
	struct fixture fx;

	free(put_file(dir, "tree/include/linux/a.h",
		      "#ifndef A_H\n#define A_H\nstruct page;\nint a_fn(struct page *p);\n#define A_FLAG\n"
		      "#ifdef CONFIG_A\nextern long a_var;\n#endif\n#endif\n"));
	free(put_file(dir, "tree/include/linux/big.h", "int big_one(void);\nint big_two(void);\n"));
	free(put_file(dir, "t.cat",
		      "header linux/a.h\n\tfunc a_fn int (struct page *)\n\tflag A_FLAG\n"
		      "\tvar a_var long if CONFIG_A\n"
		      "# compiled only: its symbols are not tracked\nheader linux/big.h\n"));
	check_in(&fx, dir, "t.cat", "tree");
	ck_assert_str_eq(fx.text, "");
	ck_assert_int_eq(fx.rep->ndrift, 0);
	ck_assert_int_eq(fx.rep->nmatch, 3);
	ck_assert_int_eq(fx.rep->nheaders, 2);
	release(&fx);
	free(dir);
}
END_TEST

static struct symbol *sym(enum sym_kind kind, const char *name, const char *type)
{
	static struct symbol s;

	memset(&s, 0, sizeof(s));
	s.kind = kind;
	s.name = (char *)name;
	s.type = (char *)type;
	return &s;
}

START_TEST(drift_keys_and_kinds)
{
	char *k;

	k = drift_symbol_key(sym(SYM_FUNC, "folio_next", "struct folio *"));
	ck_assert_str_eq(k, "folio_next");
	free(k);
	k = drift_symbol_key(sym(SYM_TYPE, "struct page", NULL));
	ck_assert_str_eq(k, "struct page");
	free(k);
	k = drift_symbol_key(sym(SYM_TYPE, "pg_data_t", NULL));
	ck_assert_str_eq(k, "pg_data_t");
	free(k);
	ck_assert_ptr_null(drift_symbol_key(sym(SYM_TYPE, "unsigned long", NULL)));
	ck_assert_ptr_null(drift_symbol_key(sym(SYM_TYPE, "struct page *", NULL)));
	k = drift_symbol_key(sym(SYM_TODO, "fx_info", "struct"));
	ck_assert_str_eq(k, "struct fx_info");
	free(k);
	ck_assert(drift_kind_fits(SYM_FUNC, SCAN_PROTO));
	ck_assert(!drift_kind_fits(SYM_FUNC, SCAN_MACRO));
	ck_assert(drift_kind_fits(SYM_CALL, SCAN_MACRO));
	ck_assert(!drift_kind_fits(SYM_MACRO, SCAN_FUNC));
	ck_assert(drift_kind_fits(SYM_FLAG, SCAN_DEFINE));
	ck_assert(drift_kind_fits(SYM_TYPE, SCAN_TYPEDEF));
	ck_assert(!drift_kind_fits(SYM_TYPE, SCAN_STRUCT_FWD));
	ck_assert(drift_kind_fits(SYM_TODO, SCAN_VAR));
}
END_TEST

Suite *drift_suite(void)
{
	Suite *s = suite_create("drift");
	TCase *tc = tcase_create("catalog-check");

	tcase_add_test(tc, drift_whole_report_in_order);
	tcase_add_test(tc, drift_moved);
	tcase_add_test(tc, drift_gone);
	tcase_add_test(tc, drift_signature_changed);
	tcase_add_test(tc, drift_kind_changed);
	tcase_add_test(tc, drift_new_symbols);
	tcase_add_test(tc, drift_uncatalogable_is_not_new);
	tcase_add_test(tc, drift_header_gone);
	tcase_add_test(tc, drift_todo_is_a_note);
	tcase_add_test(tc, drift_issue_scenario);
	tcase_add_test(tc, drift_none_and_compile_only_headers);
	tcase_add_test(tc, drift_keys_and_kinds);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* catalog-update: the drift fixture's catalog rewritten (a line moved to
 * a new header block and to an existing one, gone lines commented out,
 * types rewritten, new symbols typed or added as todo, comments kept),
 * idempotence, several catalog files, #if conditions as catalog
 * conditions, and the "todo" kind in the catalog parser. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/catalog.h"
#include "catalog/catalog_update.h"
#include "catalog/drift.h"
#include "helpers.h"
#include "scan/scan.h"
#include "suites.h"

#define DRIFT_DIR "tests/fixtures/scan/drift"

static struct scan_index *fixture_tree(void)
{
	char *tree = repo_path(DRIFT_DIR "/tree");
	struct scan_index *ix = scan_tree(tree);

	ck_assert_ptr_nonnull(ix);
	free(tree);
	return ix;
}

/* Run catalog_update on files names[i] (texts[i]) in a new dir, by their
 * bare names; *out gets what it printed.  Returns its result (it must not
 * get stuck); the dir in *dirp. */
static int update(const char *const *names, const char *const *texts, int n, const struct scan_index *ix,
		  char **out, char **dirp)
{
	char *dir = tmp_dir(), *buf = NULL, *paths[4];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int cwd = open(".", O_RDONLY), i, ret, stuck;

	ck_assert_int_ge(cwd, 0);
	for (i = 0; i < n; i++) {
		if (texts[i])
			free(put_file(dir, names[i], texts[i]));
		paths[i] = (char *)names[i];
	}
	ck_assert_int_eq(chdir(dir), 0);
	diag_begin();
	ret = catalog_update(paths, n, ix, f, &stuck);
	free(diag_end());
	ck_assert_int_eq(stuck, 0);
	ck_assert_int_eq(fchdir(cwd), 0);
	close(cwd);
	fclose(f);
	*out = buf;
	*dirp = dir;
	return ret;
}

static char *fixture_catalog(void)
{
	return slurp(DRIFT_DIR "/fx.cat");
}

/* The fixture catalog once updated, as catalog-update must write it. */
#define UPDATED_FX DRIFT_DIR "/fx.cat.expected"

/* The fixture catalog updated once: its new text and the output. */
static char *update_fixture(char **out)
{
	const char *name = "fx.cat";
	char *text = fixture_catalog(), *dir, *path, *res;
	const char *texts[] = { text };
	struct scan_index *ix = fixture_tree();

	ck_assert_int_eq(update(&name, texts, 1, ix, out, &dir), 0);
	path = xasprintf("%s/fx.cat", dir);
	res = slurp(path);
	free(path);
	free(dir);
	free(text);
	scan_free(ix);
	return res;
}

START_TEST(update_whole_file)
{
	char *out, *text = update_fixture(&out);

	assert_expected(text, UPDATED_FX);
	/* it says what it did: the drift lines, the notes, the file */
	ck_assert_ptr_nonnull(strstr(out, "fx.cat:15:2: drift: fx_next: moved to linux/fx/iter.h "
					  "(include/linux/fx/iter.h:7)\n"));
	ck_assert_ptr_nonnull(strstr(out, "fx.cat:16:2: note: fx_pages needs review (todo)\n"));
	ck_assert(ends_with(out, "catalog-update: rewrote fx.cat\n"));
	free(out);
	free(text);
}
END_TEST

START_TEST(update_moves_line_to_new_block)
{
	char *out, *text = update_fixture(&out);

	/* gone from its old block, which stays (empty) ... */
	ck_assert_ptr_nonnull(strstr(text, "header linux/fx/next.h\n\n# a header"));
	/* ... and at the end of the file, in a new block, text unchanged */
	ck_assert(ends_with(text, "\n\nheader linux/fx/iter.h\n"
				  "\tfunc\tfx_next\t\tstruct page * (struct page *)\t# moved to iter.h\n"));
	free(out);
	free(text);
}
END_TEST

START_TEST(update_moves_line_to_existing_block)
{
	char *out, *text = update_fixture(&out);

	/* FX_OLD_FLAG left the gone header for size.h: after its last line */
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\tfx_review\tmacro\n\tflag\tFX_OLD_FLAG\n"));
	ck_assert_int_eq(strstr(text, "FX_OLD_FLAG") < strstr(text, "header linux/fx/next.h"), 1);
	free(out);
	free(text);
}
END_TEST

START_TEST(update_comments_out_gone)
{
	char *out, *text = update_fixture(&out);

	ck_assert_ptr_nonnull(strstr(text, "\n\t# gone: func\tfx_gone\t\tvoid (void)\t\t\tif CONFIG_FX_GONE\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n# gone: header linux/fx/old.h\n\t# gone: const\tFX_OLD_GONE\tint\n"));
	free(out);
	free(text);
}
END_TEST

START_TEST(update_rewrites_types_and_kinds)
{
	char *out, *text = update_fixture(&out);

	ck_assert_ptr_nonnull(strstr(text, "\tfunc\tfx_page_size\tunsigned long (const struct page *)\n"));
	/* a function that became a macro keeps its types as a macro */
	ck_assert_ptr_nonnull(strstr(text, "\tmacro\tfx_macroized\tvoid (struct page *)\n"));
	free(out);
	free(text);
}
END_TEST

START_TEST(update_adds_new_symbols)
{
	char *out, *text = update_fixture(&out);

	/* typed where the tree says enough, with the #if as a condition */
	ck_assert_ptr_nonnull(strstr(text, "\tflag\tFX_HAS_SIZE\n"));
	ck_assert_ptr_nonnull(strstr(text, "\tfunc\tfx_big\tunsigned long (struct page *)\tif CONFIG_FX_BIG\n"));
	ck_assert_ptr_nonnull(strstr(text, "\tfunc\tfx_mode\tint (void)\n"));	/* #if and #else: always */
	ck_assert_ptr_nonnull(strstr(text, "\ttype\tstruct fx_info\n\ttype\tfx_t\n\tvar\tfx_count\tint\n"));
	ck_assert_ptr_nonnull(strstr(text, "\tvar\tfx_wanted\tlong\tif FX_WANTED\n"));	/* a catalog define */
	/* todo where it does not */
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\tfx_pages\tmacro\t# tree: a function-like macro (page) at "));
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\tFX_SHIFT\tconst\t# tree: an object-like macro 12 at "));
	ck_assert_ptr_nonnull(strstr(text, "\ttodo\tfx_arch\tfunc\t# tree: a function int (void) at "
					   "include/linux/fx/size.h:30, only if defined(FX_ARCH_THING)\n"));
	free(out);
	free(text);
}
END_TEST

START_TEST(update_keeps_comments_and_order)
{
	char *out, *text = update_fixture(&out);

	ck_assert(starts_with(text, "# The drift fixture (tests/unit/test_drift.c, test_catalog_update.c):\n"
				    "# each symbol below drifts in one way from tree/.\n\n"
				    "define FX_WANTED  CONFIG_FX_A\n\n"
				    "header linux/fx/size.h\n"
				    "\t# a comment inside a block stays where it is\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n# a header that no longer exists\n"));
	free(out);
	free(text);
}
END_TEST

START_TEST(update_then_check_passes_and_is_idempotent)
{
	const char *name = "fx.cat";
	char *updated = slurp(UPDATED_FX);
	const char *texts[] = { updated };
	struct scan_index *ix = fixture_tree();
	struct catalog *cat;
	struct drift_report *rep;
	struct stat before, after;
	char *out, *dir, *path;

	/* catalog-check has nothing left but the todo notes */
	ck_assert_int_eq(update(&name, texts, 1, ix, &out, &dir), 0);
	path = xasprintf("%s/fx.cat", dir);
	diag_begin();
	cat = catalog_read(&path, 1);
	free(diag_end());
	ck_assert_ptr_nonnull(cat);
	rep = drift_check(cat, ix);
	ck_assert_int_eq(rep->ndrift, 0);
	ck_assert_int_eq(rep->n, 4);
	ck_assert_int_eq(rep->nmatch, rep->nsyms);
	drift_report_free(rep);
	catalog_free(cat);
	/* and a second update writes nothing: same text, same file */
	ck_assert(ends_with(out, "catalog-update: the catalog matches the tree; nothing to do\n"));
	ck_assert_int_eq(stat(path, &before), 0);
	free(out);
	free(dir);
	{
		int cwd = open(".", O_RDONLY);
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		char *dirname = xstrndup(path, strrchr(path, '/') - path), *p = "fx.cat";
		int stuck;

		ck_assert_int_eq(chdir(dirname), 0);
		ck_assert_int_eq(catalog_update(&p, 1, ix, f, &stuck), 0);
		ck_assert_int_eq(stuck, 0);
		ck_assert_int_eq(fchdir(cwd), 0);
		close(cwd);
		fclose(f);
		ck_assert(ends_with(buf, "nothing to do\n"));
		free(buf);
		free(dirname);
	}
	ck_assert_int_eq(stat(path, &after), 0);
	ck_assert_int_eq(before.st_ino, after.st_ino);
	ck_assert_int_eq(before.st_mtime, after.st_mtime);
	assert_file(path, updated);
	free(updated);
	free(path);
	scan_free(ix);
}
END_TEST

/* Two catalog files updated at once: the inputs, the files written and
 * what catalog-update printed, against the drift fixture's tree. */
#define SEVERAL "tests/fixtures/catalog-update/several"

START_TEST(update_several_files)
{
	/* a symbol moves into a block of another file; a header the catalog
	 * lacks gets a block in the file the symbol came from */
	const char *names[] = { "a.cat", "b.cat" };
	char *a = slurp(SEVERAL "/a.cat"), *b = slurp(SEVERAL "/b.cat");
	const char *texts[] = { a, b };
	struct scan_index *ix = fixture_tree();
	char *out, *dir, *path, *text;

	ck_assert_int_eq(update(names, texts, 2, ix, &out, &dir), 0);
	assert_expected(out, SEVERAL "/stdout.expected");
	path = xasprintf("%s/a.cat", dir);
	text = slurp(path);
	ck_assert(ends_with(text, "\tvar fx_wanted long if CONFIG_FX_A\n\tflag\tFX_OLD_FLAG\n"));
	free(text);
	free(path);
	path = xasprintf("%s/b.cat", dir);
	text = slurp(path);
	assert_expected(text, SEVERAL "/b.cat.expected");
	free(text);
	free(path);
	free(out);
	free(dir);
	free(a);
	free(b);
	scan_free(ix);
}
END_TEST

START_TEST(update_bad_catalog)
{
	const char *name = "bad.cat";
	const char *texts[] = { "header linux/fx/size.h\n\tfunc fx_order\n" };
	struct scan_index *ix = fixture_tree();
	char *out, *dir, *path, *text;

	ck_assert_int_eq(update(&name, texts, 1, ix, &out, &dir), -1);
	ck_assert_str_eq(out, "");
	path = xasprintf("%s/bad.cat", dir);
	text = slurp(path);
	ck_assert_str_eq(text, texts[0]);	/* untouched */
	free(text);
	free(path);
	free(out);
	free(dir);
	scan_free(ix);
}
END_TEST

/* The condition catalog-update writes for a symbol's definitions. */
static char *condition_of(const struct catalog *cat, const struct scan_index *ix, const char *name, int only_first)
{
	const struct scan_def *d, *defs[8];
	int n = 0;

	for (d = scan_lookup(ix, name); d && n < 8; d = d->next)
		defs[n++] = d;
	ck_assert_int_gt(n, 0);
	return catalog_update_condition(cat, defs, only_first ? 1 : n);
}

START_TEST(update_conditions)
{
	char *dir = tmp_dir(), *path, *c;
	struct scan_index *ix = fixture_tree();
	struct catalog *cat;

	path = put_file(dir, "c.cat", "define FX_WANTED CONFIG_FX_A\n");
	cat = catalog_read(&path, 1);
	ck_assert_ptr_nonnull(cat);
	c = condition_of(cat, ix, "fx_big", 0);
	ck_assert_str_eq(c, "CONFIG_FX_BIG");
	free(c);
	/* IS_ENABLED(X): built in or a module */
	c = condition_of(cat, ix, "fx_mode", 1);
	ck_assert_str_eq(c, "CONFIG_FX_A && !(CONFIG_FX_B || CONFIG_FX_B_MODULE)");
	free(c);
	/* #if and #else together: always */
	c = condition_of(cat, ix, "fx_mode", 0);
	ck_assert_str_eq(c, "");
	free(c);
	/* a catalog define; a name that is neither: no catalog condition */
	c = condition_of(cat, ix, "fx_wanted", 0);
	ck_assert_str_eq(c, "FX_WANTED");
	free(c);
	ck_assert_ptr_null(condition_of(cat, ix, "fx_arch", 0));
	/* the include guard is no condition */
	c = condition_of(cat, ix, "fx_count", 0);
	ck_assert_str_eq(c, "");
	free(c);
	catalog_free(cat);
	scan_free(ix);
	free(path);
	free(dir);
}
END_TEST

/* #if conditions translated to catalog conditions: each #if of the
 * header below around one flag, and the condition (NULL: none). */
static const char translate_h[] =
	"#if defined(CONFIG_A) && !defined CONFIG_B\n#define T_DEFINED 1\n#endif\n"
	"#if CONFIG_A || CONFIG_B && CONFIG_C\n#define T_PRECEDENCE 1\n#endif\n"
	"#if (CONFIG_A || CONFIG_B) && !(CONFIG_C || CONFIG_D)\n#define T_PARENS 1\n#endif\n"
	"#if IS_BUILTIN(CONFIG_X) || IS_MODULE(CONFIG_Y)\n#define T_BUILTIN 1\n#endif\n"
	"#if IS_ENABLED ( CONFIG_X ) /* a comment */\n#define T_ENABLED 1\n#endif\n"
	"#if defined(__KERNEL__) && !defined(__ASSEMBLY__) && 1\n#define T_ALWAYS 1\n#endif\n"
	"#if defined(__CHECKER__) || 0\n#define T_NEVER 1\n#endif\n"
	"#if defined(T_WANT) && CONFIG_A\n#define T_CATALOG_DEFINE 1\n#endif\n"
	"#ifdef CONFIG_A\n#define T_IFDEF 1\n#elif defined(CONFIG_B)\n#define T_ELIF 1\n"
	"#else\n#define T_ELSE 1\n#endif\n"
	"#ifdef CONFIG_A\n#if CONFIG_B\n#define T_NESTED 1\n#endif\n#endif\n"
	"#if CONFIG_A > 1\n#define T_COMPARE 1\n#endif\n"
	"#if CONFIG_A ? CONFIG_B : CONFIG_C\n#define T_TERNARY 1\n#endif\n"
	"#if IS_ENABLED((CONFIG_X))\n#define T_PAREN_ARG 1\n#endif\n"
	"#if IS_REACHABLE(CONFIG_X)\n#define T_REACHABLE 1\n#endif\n"
	"#if defined(OTHER)\n#define T_OTHER 1\n#endif\n"
	"#if 2\n#define T_TWO 1\n#endif\n"
	"#if CONFIG_A &&\n#define T_BROKEN 1\n#endif\n";

static const struct {
	const char *name, *cond;
} translations[] = {
	{ "T_DEFINED", "CONFIG_A && !CONFIG_B" },
	{ "T_PRECEDENCE", "CONFIG_A || CONFIG_B && CONFIG_C" },
	{ "T_PARENS", "(CONFIG_A || CONFIG_B) && !(CONFIG_C || CONFIG_D)" },
	{ "T_BUILTIN", "CONFIG_X || CONFIG_Y_MODULE" },
	{ "T_ENABLED", "CONFIG_X || CONFIG_X_MODULE" },
	{ "T_ALWAYS", "" },
	{ "T_NEVER", NULL },
	{ "T_CATALOG_DEFINE", "T_WANT && CONFIG_A" },
	{ "T_IFDEF", "CONFIG_A" },
	{ "T_ELIF", "!CONFIG_A && CONFIG_B" },
	{ "T_ELSE", "!CONFIG_A && !CONFIG_B" },
	{ "T_NESTED", "CONFIG_A && CONFIG_B" },
	{ "T_COMPARE", NULL },
	{ "T_TERNARY", NULL },
	{ "T_PAREN_ARG", NULL },
	{ "T_REACHABLE", NULL },
	{ "T_OTHER", NULL },
	{ "T_TWO", NULL },
	{ "T_BROKEN", NULL },
};

START_TEST(update_translates_if_conditions)
{
	char *tree = tmp_dir(), *rel = "include/linux/t.h", *path, *c;
	struct catalog *cat;
	struct scan_index *ix;
	const struct scan_def *d;

	free(put_file(tree, rel, translate_h));
	path = put_file(tree, "t.cat", "define T_WANT CONFIG_W\n");
	cat = catalog_read(&path, 1);
	ck_assert_ptr_nonnull(cat);
	ix = scan_paths(tree, &rel, 1);
	d = scan_lookup(ix, translations[_i].name);
	ck_assert_ptr_nonnull(d);
	c = catalog_update_condition(cat, &d, 1);
	if (translations[_i].cond)
		ck_assert_msg(c && !strcmp(c, translations[_i].cond), "%s: '%s', not '%s'", translations[_i].name,
			      c ? c : "(none)", translations[_i].cond);
	else
		ck_assert_msg(!c, "%s: '%s', not none", translations[_i].name, c);
	free(c);
	scan_free(ix);
	catalog_free(cat);
	free(path);
	free(tree);
}
END_TEST

/* nocall is the catalog's say: a new signature, a moved line keep it
 * with the line's condition and comment; a new guarded symbol gets it. */
#define NOCALL "tests/fixtures/catalog-update/nocall"

START_TEST(update_keeps_nocall)
{
	static const char *const names[] = { "n.cat" };
	char *rels[] = { "include/linux/n.h", "include/linux/o.h" };
	char *tree = repo_path(NOCALL "/tree"), *text = slurp(NOCALL "/n.cat"), *out, *dir, *path, *written;
	const char *texts[] = { text };
	struct scan_index *ix;

	ix = scan_paths(tree, rels, 2);
	ck_assert_ptr_nonnull(ix);
	ck_assert_int_eq(update(names, texts, 1, ix, &out, &dir), 0);
	path = xasprintf("%s/n.cat", dir);
	written = slurp(path);
	assert_expected(written, NOCALL "/n.cat.expected");
	free(written);
	free(path);
	free(out);
	free(dir);
	free(text);
	scan_free(ix);
	free(tree);
}
END_TEST

START_TEST(todo_in_the_catalog)
{
	char *dir = tmp_dir(), *path, *msg;
	struct catalog *cat;
	struct symbol *s;

	path = put_file(dir, "t.cat", "header linux/a.h\n\ttodo\tpage_to_virt\tmacro\n"
				      "\ttodo\tFOO\tconst\tif CONFIG_A  # review\n");
	diag_begin();
	cat = catalog_read(&path, 1);
	msg = diag_end();
	ck_assert_msg(cat != NULL, "%s", msg);
	free(msg);
	s = catalog_symbol(cat, "page_to_virt");
	ck_assert_int_eq(s->kind, SYM_TODO);
	ck_assert_str_eq(sym_kind_name(s->kind), "todo");
	ck_assert_str_eq(s->type, "macro");
	ck_assert_ptr_null(s->cond);
	s = catalog_symbol(cat, "FOO");
	ck_assert_str_eq(s->type, "const");
	ck_assert_str_eq(s->cond_text, "CONFIG_A");
	catalog_free(cat);
	free(path);

	path = put_file(dir, "bad.cat", "header linux/a.h\n\ttodo\tfoo\n\ttodo\tbar\tmacro extra\n\ttodo\tbaz\t1x\n");
	diag_begin();
	cat = catalog_read(&path, 1);
	msg = diag_end();
	ck_assert_ptr_null(cat);
	ck_assert_ptr_nonnull(strstr(msg, "bad.cat:2:10: error: expected a kind word after todo 'foo'"));
	ck_assert_ptr_nonnull(strstr(msg, "bad.cat:3:17: error: expected 'if CONDITION' or end of line after todo "
					  "'bar macro'"));
	ck_assert_ptr_nonnull(strstr(msg, "bad.cat:4:11: error: expected a kind word (a C identifier), found '1' in '1x'"));
	free(msg);
	free(path);
	free(dir);
}
END_TEST

Suite *catalog_update_suite(void)
{
	Suite *s = suite_create("catalog_update");
	TCase *tc = tcase_create("catalog-update");

	tcase_add_test(tc, update_whole_file);
	tcase_add_test(tc, update_moves_line_to_new_block);
	tcase_add_test(tc, update_moves_line_to_existing_block);
	tcase_add_test(tc, update_comments_out_gone);
	tcase_add_test(tc, update_rewrites_types_and_kinds);
	tcase_add_test(tc, update_adds_new_symbols);
	tcase_add_test(tc, update_keeps_comments_and_order);
	tcase_add_test(tc, update_then_check_passes_and_is_idempotent);
	tcase_add_test(tc, update_several_files);
	tcase_add_test(tc, update_bad_catalog);
	tcase_add_test(tc, update_conditions);
	tcase_add_test(tc, update_keeps_nocall);
	tcase_add_loop_test(tc, update_translates_if_conditions, 0, sizeof(translations) / sizeof(translations[0]));
	tcase_add_test(tc, todo_in_the_catalog);
	suite_add_tcase(s, tc);
	return s;
}

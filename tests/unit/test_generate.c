// SPDX-License-Identifier: GPL-2.0
/*
 * The generator end to end: TUs for the fixture headers, rendered through
 * the real templates and compiled with the host gcc by the generated
 * compile.sh, then judged by cell_read().  Run from the repository root.
 */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/catalog.h"
#include "catalog/catalog_init.h"
#include "generate/emit.h"
#include "helpers.h"
#include "judge/report.h"
#include "judge/results.h"
#include "suites.h"
#include "base/util.h"

#define FIXTURE_CAT "tests/fixtures/fixture.cat"

static char *fixtures;	/* absolute tests/fixtures */
static char *templates;	/* absolute templates */
static char *work;	/* this test's temp dir */

static void setup(void)
{
	fixtures = repo_path("tests/fixtures");
	templates = repo_path("templates");
	work = tmp_dir();
}

static void teardown(void)
{
	free(fixtures);
	free(templates);
	free(work);
}

/* A fake kbuild build dir: the .config and the command kbuild recorded
 * for mm/mmzone.o, which gen makes generic.  No -Werror: warnings must
 * show as warnings, hdrtest judges them. */
static char *make_kbuild(const char *dotconfig, const char *extra_args)
{
	char *kb = xasprintf("%s/kb", work), *cmd;

	free(put_file(kb, ".config", dotconfig));
	cmd = xasprintf("savedcmd_mm/mmzone.o := gcc -std=gnu11 -Wall -Wextra -I%s/include "
			"-include %s/include/linux/kconfig.h '-DFIXTURE_BANNER=\"fixture build\"' %s"
			"-c -o mm/mmzone.o %s/mm/mmzone.c\n",
			fixtures, fixtures, extra_args, fixtures);
	free(put_file(kb, "mm/.mmzone.o.cmd", cmd));
	free(cmd);
	return kb;
}

static const char plain_config[] = "CONFIG_FIXTURE_ARCH=y\n# CONFIG_FIXTURE_FEATURE is not set\n";

static struct catalog *read_catalog(const char *path)
{
	struct catalog *cat;
	char *p = (char *)path, *diag;

	diag_begin();
	cat = catalog_read(&p, 1);
	diag = diag_end();
	ck_assert_msg(cat != NULL, "%s: %s", path, diag);
	free(diag);
	return cat;
}

static struct gen_opts opts(const struct catalog *cat, const char *kb, const char *cell)
{
	struct gen_opts o = { 0 };

	o.cat = cat;
	o.arch = "host";
	o.config = "plain";
	o.kbuild = kb;
	o.templates = templates;
	o.m4 = "m4";
	o.out = cell;
	return o;
}

/* Generate; returns generate_cell's result, *diag gets the messages. */
static int gen(const struct gen_opts *o, char **diag)
{
	int rc;

	diag_begin();
	rc = generate_cell(o);
	*diag = diag_end();
	return rc;
}

static void gen_ok(const struct gen_opts *o)
{
	char *diag;

	ck_assert_msg(gen(o, &diag) == 0, "generate_cell failed: %s", diag);
	ck_assert_str_eq(diag, "");
	free(diag);
}

/* The fixture catalog generated for host/plain into WORK/out/host/plain. */
static char *gen_fixture(const char *kb, struct catalog **catp)
{
	char *cell = xasprintf("%s/out/host/plain", work);
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);

	gen_ok(&o);
	if (catp)
		*catp = cat;
	else
		catalog_free(cat);
	return cell;
}

/* What the GNUmakefile's compile rule does for one TU. */
static void compile(const char *cell, const char *stem)
{
	char *cmd = xasprintf("sh -c '\"$CELL/compile.sh\" \"$CELL/%s\" > \"$CELL/%s.log\" 2>&1; "
			      "echo $? > \"$CELL/%s.rc\"'",
			      stem, stem, stem);

	setenv("CELL", cell, 1);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

static char *cell_file(const char *cell, const char *name)
{
	char *path = xasprintf("%s/%s", cell, name), *text = slurp(path);

	free(path);
	return text;
}

/* Line number of the first line of text containing s, or 0. */
static int line_of(const char *text, const char *s)
{
	const char *hit = strstr(text, s), *p;
	int line = 1;

	if (!hit)
		return 0;
	for (p = text; p < hit; p++)
		line += *p == '\n';
	return line;
}

static const struct sym_result *sym(const struct tu_result *t, const char *name)
{
	int i;

	for (i = 0; i < t->nsyms; i++)
		if (!strcmp(t->syms[i].name, name))
			return &t->syms[i];
	ck_abort_msg("%s: no symbol %s", t->header, name);
	return NULL;
}

START_TEST(test_tu_stem)
{
	char *s = tu_stem("linux/mm/folio_size.h");

	ck_assert_str_eq(s, "linux/mm/folio_size");
	free(s);
}
END_TEST

/* good.h is self-contained and passes; bad.h is not and fails, naming
 * what it lacks. */
START_TEST(test_good_passes_bad_fails)
{
	char *kb = make_kbuild(plain_config, ""), *cell = gen_fixture(kb, NULL), *out;
	struct cell_result *c;
	const struct tu_result *good, *bad;

	compile(cell, "fixture/good");
	compile(cell, "fixture/bad");
	out = xasprintf("%s/out", work);
	diag_begin();
	c = cell_read(out, "host/plain");
	free(diag_end());
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(c->srctree, fixtures);
	ck_assert_int_eq(c->ntus, 2);
	good = &c->tus[0];
	bad = &c->tus[1];
	ck_assert_str_eq(good->header, "fixture/good.h");
	ck_assert_msg(good->verdict == V_PASS, "good.h: %s\n%s", good->detail, good->log);
	ck_assert_ptr_null(good->detail);
	ck_assert_str_eq(good->log, "");
	ck_assert_int_eq(good->nsyms, 12);
	ck_assert_str_eq(sym(good, "GOOD_ARCH_NAME")->use, "used");
	ck_assert_str_eq(sym(good, "GOOD_ARCH_NAME")->cond, "CONFIG_FIXTURE_ARCH");
	ck_assert_str_eq(sym(good, "good_feature")->use, "unused");
	ck_assert_str_eq(sym(good, "good_feature")->cond, "CONFIG_FIXTURE_FEATURE");
	ck_assert_str_eq(sym(good, "struct good_item")->kind, "type");

	ck_assert_str_eq(bad->header, "fixture/bad.h");
	ck_assert_int_eq(bad->verdict, V_FAIL);
	ck_assert_str_eq(bad->detail, "include/fixture/bad.h:9:15: error: unknown type name 'dep_size_t'");
	ck_assert_int_eq(sym(bad, "bad_size")->diagnosed, 1);
	ck_assert_int_eq(sym(bad, "BAD_LIMIT")->diagnosed, 0);
	cell_free(c);
	free(out);
	free(cell);
	free(kb);
}
END_TEST

static const struct sym_result *sym_kind(const struct tu_result *t, const char *name, const char *kind)
{
	int i;

	for (i = 0; i < t->nsyms; i++)
		if (!strcmp(t->syms[i].name, name) && !strcmp(t->syms[i].kind, kind))
			return &t->syms[i];
	ck_abort_msg("%s: no %s %s", t->header, kind, name);
	return NULL;
}

/* uses lines: each name a macro's body uses is checked as declared once
 * the header is included; the failing one is the body's, not the
 * macro's own flag line; a false condition leaves the line out. */
START_TEST(test_macro_bodies)
{
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work), *out, *tu;
	struct catalog *cat = read_catalog("tests/fixtures/body.cat");
	struct gen_opts o = opts(cat, kb, cell);
	struct cell_result *c;
	const struct tu_result *t;
	struct strbuf sb;

	gen_ok(&o);
	tu = cell_file(cell, "fixture/body.c");
	ck_assert_ptr_nonnull(strstr(tu, "/* hdrtest-symbol body_bad: uses good_id dep_size */\n"
					 "#ifndef good_id\n"
					 "static __used unsigned long hdrtest_use_uses_4_1(void)\n"
					 "{\n"
					 "\treturn sizeof(typeof(good_id) *);\n"
					 "}\n"
					 "#endif\n"
					 "#ifndef dep_size\n"));
	ck_assert_ptr_nonnull(strstr(tu, " * uses body_bad: only if CONFIG_FIXTURE_FEATURE\n"));
	ck_assert_ptr_null(strstr(tu, "good_feature_name)"));
	compile(cell, "fixture/body");
	out = xasprintf("%s/out", work);
	diag_begin();
	c = cell_read(out, "host/plain");
	free(diag_end());
	ck_assert_ptr_nonnull(c);
	t = &c->tus[0];
	ck_assert_int_eq(t->verdict, V_FAIL);
	ck_assert_msg(strstr(t->detail, "error: 'dep_size' undeclared") != NULL, "%s", t->detail);
	ck_assert_int_eq(sym_kind(t, "body_bad", "uses")->diagnosed, 1);
	ck_assert_int_eq(sym_kind(t, "body_bad", "flag")->diagnosed, 0);
	ck_assert_int_eq(sym_kind(t, "body_ok", "uses")->diagnosed, 0);
	sb_init(&sb);
	symbols_with_diagnostics(&sb, t);
	ck_assert_str_eq(sb.buf, "body_bad (its body)");
	sb_release(&sb);
	cell_free(c);
	catalog_free(cat);
	free(out);
	free(tu);
	free(cell);
	free(kb);
}
END_TEST

/* Generate catalog path for host/plain, compile the TU of stem (with
 * the compiler's extra arguments, "" or "-O2 ") and judge it: the cell's
 * one TU. */
static struct cell_result *judge_one_with(const char *path, const char *stem, const char *extra, char **tu)
{
	char *kb = make_kbuild(plain_config, extra), *cell = xasprintf("%s/out/host/plain", work), *out, *c_file;
	struct catalog *cat = read_catalog(path);
	struct gen_opts o = opts(cat, kb, cell);
	struct cell_result *c;

	gen_ok(&o);
	c_file = xasprintf("%s.c", stem);
	*tu = cell_file(cell, c_file);
	compile(cell, stem);
	out = xasprintf("%s/out", work);
	diag_begin();
	c = cell_read(out, "host/plain");
	free(diag_end());
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->ntus, 1);
	catalog_free(cat);
	free(c_file);
	free(out);
	free(cell);
	free(kb);
	return c;
}

static struct cell_result *judge_one(const char *path, const char *stem, char **tu)
{
	return judge_one_with(path, stem, "", tu);
}

/* GCC makes __attribute_const__ and __noreturn part of a function's
 * type (a const, a volatile function type): a function declared so is
 * still of its catalogued type, and passes. */
START_TEST(test_attributes_are_no_type)
{
	char *tu;
	struct cell_result *c = judge_one("tests/fixtures/attrs.cat", "fixture/attrs", &tu);
	const struct tu_result *t = &c->tus[0];

	ck_assert_msg(t->verdict == V_PASS, "attrs.h: %s\n%.1500s", t->detail, t->log);
	ck_assert_ptr_nonnull(strstr(tu, "hdrtest_use_attrs_exit(long a1)\n{\n\tattrs_exit(a1);\n}\n"));
	ck_assert_ptr_nonnull(strstr(tu, "__builtin_types_compatible_p(typeof(attrs_gcd), unsigned long (unsigned long, "
					 "unsigned long))"));
	cell_free(c);
	free(tu);
}
END_TEST

/* The same functions with other types fail, each for its type check: a
 * parameter of another type, another return type, another arity; a
 * function with an attribute as one without. */
START_TEST(test_type_mismatch_still_fails)
{
	static const char *const names[] = {
		"attrs_gcd(): not a function of the catalogued type unsigned long (unsigned long, long)",
		"attrs_abs(): not a function of the catalogued type long (int)",
		"attrs_exit(): not a function of the catalogued type void (long, int)",
		"attrs_plain(): not a function of the catalogued type int (unsigned int)",
	};
	char *tu;
	struct cell_result *c = judge_one("tests/fixtures/attrs-mismatch.cat", "fixture/attrs", &tu);
	const struct tu_result *t = &c->tus[0];
	size_t i;

	ck_assert_int_eq(t->verdict, V_FAIL);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *want = xasprintf("error: static assertion failed: \"%s\"", names[i]);

		ck_assert_msg(strstr(t->log, want) != NULL, "no '%s' in\n%s", want, t->log);
		free(want);
	}
	ck_assert_int_eq(sym(t, "attrs_gcd")->diagnosed, 1);
	ck_assert_int_eq(sym(t, "attrs_plain")->diagnosed, 1);
	cell_free(c);
	free(tu);
}
END_TEST

/* nocall: a __compiletime_error function, a __compiletime_warning one
 * and a macro calling it, a BUILD_BUG_ON()-guarded inline are not
 * called, their types still checked, and the TU passes; a plain function
 * beside them is called as ever. */
START_TEST(test_nocall_passes)
{
	char *tu;
	struct cell_result *c = judge_one("tests/fixtures/guards.cat", "fixture/guards", &tu);
	const struct tu_result *t = &c->tus[0];

	ck_assert_msg(t->verdict == V_PASS, "guards.h: %s\n%.1500s", t->detail, t->log);
	ck_assert_ptr_nonnull(strstr(tu, "/* hdrtest-symbol guards_encode: func int (int, int) */\n"
					 "/* not called (nocall): its body has BUILD_BUG_ON() */\n"
					 "#pragma GCC diagnostic push\n"
					 "#pragma GCC diagnostic ignored \"-Wdeprecated-declarations\"\n"
					 "_Static_assert(__builtin_types_compatible_p(typeof(guards_encode), int (int, int)),\n"));
	ck_assert_ptr_nonnull(strstr(tu, "/* hdrtest-symbol guards_flush: macro void (void) */\n"
					 "#ifndef guards_flush\n#error"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_guards_overflow"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_guards_flush"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_guards_encode"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn guards_plain(a1);\n"));
	cell_free(c);
	free(tu);
}
END_TEST

/* With every nocall field of cat cut off, header's TU fails, its log
 * holding each of errors[0..n): the guard or made-up call nocall spares. */
static void expect_called_fail(const char *cat, const char *header, const char *const *errors, size_t n)
{
	char *text = slurp(cat), *p, *path, *tu;
	struct cell_result *c;
	const struct tu_result *t;
	size_t i;

	while ((p = strstr(text, "\tnocall \"")))
		memmove(p, strchr(p + 9, '"') + 1, strlen(strchr(p + 9, '"') + 1) + 1);
	path = put_file(work, "called.cat", text);
	c = judge_one(path, header, &tu);
	t = &c->tus[0];
	ck_assert_int_eq(t->verdict, V_FAIL);
	for (i = 0; i < n; i++)
		ck_assert_msg(strstr(t->log, errors[i]) != NULL, "no '%s' in\n%s", errors[i], t->log);
	cell_free(c);
	free(tu);
	free(path);
	free(text);
}

/* Without nocall the same lines fail, each call for its guard: the
 * fixture's guards do fire. */
START_TEST(test_called_guards_fail)
{
	static const char *const errors[] = {
		"call to 'guards_overflow' declared with attribute error: value doesn't fit into mask",
		"call to 'guards_flush_warn' declared with attribute warning: Please avoid flushing",
		"declared with attribute error: BUILD_BUG_ON failed: flags > 3",
	};
	expect_called_fail("tests/fixtures/guards.cat", "fixture/guards", errors,
			   sizeof(errors) / sizeof(errors[0]));
}
END_TEST

/* catalog-init on the fixture headers finds what the two tests above
 * wrote by hand: the guarded functions nocall, the const and noreturn
 * ones called; both TUs pass. */
START_TEST(test_catalog_init_guards)
{
	char *pats[] = { "fixture/attrs.h", "fixture/guards.h" }, **paths, *text, *cat_text, *path;
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work);
	char *out = xasprintf("%s/out", work);
	struct scan_index *ix;
	struct cell_result *c;
	struct catalog *cat;
	struct gen_opts o;
	int n, i;

	n = catalog_init_paths(fixtures, pats, 2, &paths);
	ck_assert_int_eq(n, 2);
	diag_begin();
	ix = scan_tree(fixtures);
	free(diag_end());
	ck_assert_ptr_nonnull(ix);
	text = catalog_init_render(ix, fixtures, paths, n, pats, 2);
	ck_assert_msg(strstr(text, "\tfunc\tguards_overflow\tvoid (void)\tnocall \"declared __compiletime_error\"\n"
				   "\tfunc\tguards_flush_warn\tvoid (void)\tnocall \"declared __compiletime_warning\"\n"
				   "\tflag\tguards_flush\n"
				   "\tfunc\tguards_encode\tint (int, int)\tnocall \"its body has BUILD_BUG_ON()\"\n"
				   "\tfunc\tguards_plain\tint (int)\n") != NULL, "%s", text);
	ck_assert_ptr_nonnull(strstr(text, "\tfunc\tattrs_exit\tvoid (long)\n"));
	cat_text = xasprintf("arch host karch=x86_64 kconfig=CONFIG_FIXTURE_ARCH\n"
			     "config plain base=defconfig arches=all\n%s", text);
	path = put_file(work, "init.cat", cat_text);
	cat = read_catalog(path);
	o = opts(cat, kb, cell);
	gen_ok(&o);
	compile(cell, "fixture/attrs");
	compile(cell, "fixture/guards");
	diag_begin();
	c = cell_read(out, "host/plain");
	free(diag_end());
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->ntus, 2);
	for (i = 0; i < c->ntus; i++)
		ck_assert_msg(c->tus[i].verdict == V_PASS, "%s: %s\n%.1500s", c->tus[i].header, c->tus[i].detail,
			      c->tus[i].log);
	cell_free(c);
	catalog_free(cat);
	scan_free(ix);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(path);
	free(cat_text);
	free(text);
	free(out);
	free(cell);
	free(kb);
}
END_TEST

/* An opaque typedef (opaque.h: a tag no header defines, by design) is
 * used by pointer and passes; without its opaque field the TU sizes it
 * and fails, as the census's zstd.h and efi.h did; catalog-init writes
 * the field from the scan. */
START_TEST(test_opaque_type_by_pointer)
{
	char *tu, *text = slurp("tests/fixtures/opaque.cat"), *p, *path, *pats[] = { "fixture/opaque.h" }, **paths;
	struct cell_result *c = judge_one("tests/fixtures/opaque.cat", "fixture/opaque", &tu);
	struct scan_index *ix;
	int n;

	ck_assert_msg(c->tus[0].verdict == V_PASS, "opaque.h: %s\n%.1500s", c->tus[0].detail, c->tus[0].log);
	ck_assert_ptr_nonnull(strstr(tu, "/* by pointer (opaque): a typedef of struct opaque_ctx_s, which no header "
					 "of the tree defines: used by pointer */\n\treturn sizeof(opaque_handle *);\n"));
	cell_free(c);
	free(tu);

	p = strstr(text, "\topaque \"");
	memmove(p, strchr(p + 9, '"') + 1, strlen(strchr(p + 9, '"') + 1) + 1);
	path = put_file(work, "sized.cat", text);
	c = judge_one(path, "fixture/opaque", &tu);
	ck_assert_int_eq(c->tus[0].verdict, V_FAIL);
	ck_assert_msg(strstr(c->tus[0].log, "invalid application of 'sizeof' to incomplete type") != NULL, "%s",
		      c->tus[0].log);
	cell_free(c);
	free(tu);
	free(path);
	free(text);

	n = catalog_init_paths(fixtures, pats, 1, &paths);
	ck_assert_int_eq(n, 1);
	diag_begin();
	ix = scan_tree(fixtures);
	free(diag_end());
	text = catalog_init_render(ix, fixtures, paths, n, pats, 1);
	ck_assert_msg(strstr(text, "\ttype\topaque_handle\topaque \"a typedef of struct opaque_ctx_s, which no header "
				   "of the tree defines: used by pointer\"\n") != NULL, "%s", text);
	scan_free(ix);
	free(paths[0]);
	free(paths);
	free(text);
}
END_TEST

/* A call that is a macro under this config: the tag its parameter spells,
 * which the header declares only beside the function form, is declared
 * by the TU after the header, so the use's own parameter list does not
 * declare it (a warning, -Werror: the census's ftrace.h on arm64). */
START_TEST(test_call_macro_tag_declared_by_the_tu)
{
	char *tu;
	struct cell_result *c = judge_one("tests/fixtures/callmacro.cat", "fixture/callmacro", &tu);

	ck_assert_msg(c->tus[0].verdict == V_PASS, "callmacro.h: %s\n%.1500s", c->tus[0].detail, c->tus[0].log);
	ck_assert_ptr_nonnull(strstr(tu, "/* hdrtest-symbol cm_open: call int (struct cm_array *, int) */\n"
					 "struct cm_array;\n"
					 "static __used int hdrtest_use_cm_open(struct cm_array *a1, int a2)\n"));
	cell_free(c);
	free(tu);
}
END_TEST

/* Calls that are macros under this config, used as the kernel's callers
 * use them but not as a made-up call with the function form's signature
 * can (forms.h): nocall, the TU passes; the same forms where the call
 * works are called; a parameter declared [const 2] is the pointer it is
 * adjusted to. */
START_TEST(test_macro_forms_pass)
{
	char *tu;
	struct cell_result *c = judge_one("tests/fixtures/forms.cat", "fixture/forms", &tu);
	const struct tu_result *t = &c->tus[0];

	ck_assert_msg(t->verdict == V_PASS, "forms.h: %s\n%.1500s", t->detail, t->log);
	ck_assert_ptr_nonnull(strstr(tu, "hdrtest_use_forms_put(struct forms_key *a1, typeof(unsigned char) *const a2)\n"));
	ck_assert_ptr_nonnull(strstr(tu, "typeof(forms_put), void (struct forms_key *, typeof(unsigned char) *const))"));
	ck_assert_ptr_nonnull(strstr(tu, "/* not called (nocall): a macro here, a do-while statement: no int value */\n"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_forms_printk"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_forms_notifier"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_forms_flush"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_forms_outer("));
	ck_assert_ptr_nonnull(strstr(tu, "\tforms_log(a1);\n"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn forms_get(a1);\n"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn forms_outer_mut(a1);\n"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn forms_init(a1);\n"));
	cell_free(c);
	free(tu);
}
END_TEST

/* Without nocall the same lines fail, each for its made-up call. */
START_TEST(test_macro_forms_called_fail)
{
	static const char *const errors[] = {
		"error: expected expression before 'do'",
		"error: initializer element is not constant",
		"dereferencing 'void *' pointer",
		"return discards 'const' qualifier from pointer target type",
	};
	expect_called_fail("tests/fixtures/forms.cat", "fixture/forms", errors,
			   sizeof(errors) / sizeof(errors[0]));
}
END_TEST

/* A header really broken in those kinds still fails: a function form of
 * another type than the nocall line's, a [const 2] parameter of another
 * element type, an asm-constant function of another parameter type. */
START_TEST(test_macro_forms_broken_fail)
{
	static const char *const names[] = {
		"forms_broken_flush(): not a function of the catalogued type void (void *)",
		"forms_broken_put(): not a function of the catalogued type void (struct forms_broken_key *, "
		"unsigned char[const 2])",
		"forms_broken_branch(): not a function of the catalogued type int (struct forms_broken_key *, int)",
	};
	char *tu;
	struct cell_result *c = judge_one("tests/fixtures/forms-broken.cat", "fixture/forms_broken", &tu);
	const struct tu_result *t = &c->tus[0];
	size_t i;

	ck_assert_int_eq(t->verdict, V_FAIL);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *want = xasprintf("error: static assertion failed: \"%s\"", names[i]);

		ck_assert_msg(strstr(t->log, want) != NULL, "no '%s' in\n%s", want, t->log);
		free(want);
	}
	ck_assert_ptr_null(strstr(t->log, "non-parameter array declarator"));
	cell_free(c);
	free(tu);
}
END_TEST

/* An inline asm that needs an argument constant (asmconst.h): the
 * functions that reach it with their parameters are nocall and the TU
 * passes; without nocall it fails for the asm.  With -O2, as kbuild's:
 * only then is a constant argument of an inline function one. */
START_TEST(test_asm_constant_nocall)
{
	char *text = slurp("tests/fixtures/asmconst.cat"), *p, *path, *tu;
	struct cell_result *c = judge_one_with("tests/fixtures/asmconst.cat", "fixture/asmconst", "-O2 ", &tu);

	ck_assert_msg(c->tus[0].verdict == V_PASS, "asmconst.h: %s\n%.1500s", c->tus[0].detail, c->tus[0].log);
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_asmconst_false"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn asmconst_checked(a1);\n"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn asmconst_max();\n"));
	ck_assert_ptr_nonnull(strstr(tu, "\treturn asmconst_reg(a1);\n"));
	ck_assert_ptr_nonnull(strstr(tu, "\tasmconst_fixed();\n"));
	cell_free(c);
	free(tu);
	while ((p = strstr(text, "\tnocall \"")))
		memmove(p, strchr(p + 9, '"') + 1, strlen(strchr(p + 9, '"') + 1) + 1);
	path = put_file(work, "called.cat", text);
	c = judge_one_with(path, "fixture/asmconst", "-O2 ", &tu);
	ck_assert_int_eq(c->tus[0].verdict, V_FAIL);
	ck_assert_msg(strstr(c->tus[0].log, "impossible constraint in 'asm'") != NULL, "%s", c->tus[0].log);
	cell_free(c);
	free(tu);
	free(path);
	free(text);
}
END_TEST

/* catalog-init on forms.h writes forms.cat's lines: the four macro forms
 * nocall, with why; the three that a made-up call can use, called.  On
 * asmconst.h, asmconst.cat's. */
static const char *const init_forms[][2] = {
	{ "fixture/forms.h", "tests/fixtures/forms.cat" },
	{ "fixture/asmconst.h", "tests/fixtures/asmconst.cat" },
};

START_TEST(test_catalog_init_macro_forms)
{
	char *pats[] = { (char *)init_forms[_i][0] }, **paths, *text, *want;
	char *cat = slurp(init_forms[_i][1]), *line, *save = NULL;
	struct scan_index *ix;
	int n;

	n = catalog_init_paths(fixtures, pats, 1, &paths);
	ck_assert_int_eq(n, 1);
	diag_begin();
	ix = scan_tree(fixtures);
	free(diag_end());
	ck_assert_ptr_nonnull(ix);
	text = catalog_init_render(ix, fixtures, paths, n, pats, 1);
	for (line = strtok_r(strstr(cat, "\n\t"), "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		want = xasprintf("\n%s\n", line);
		ck_assert_msg(strstr(text, want) != NULL, "no\n%s\nin\n%s", line, text);
		free(want);
	}
	scan_free(ix);
	free(paths[0]);
	free(paths);
	free(text);
	free(cat);
}
END_TEST

/* A symbol whose condition is false is listed, not used. */
START_TEST(test_left_out)
{
	char *kb = make_kbuild(plain_config, ""), *cell = gen_fixture(kb, NULL);
	char *tu = cell_file(cell, "fixture/good.c"), *manifest = cell_file(cell, "manifest.tsv"), *left;

	left = strstr(tu, "Left out");
	ck_assert_msg(left != NULL, "no 'Left out' comment in\n%s", tu);
	ck_assert_ptr_nonnull(strstr(left, " * func good_feature: only if CONFIG_FIXTURE_FEATURE\n"));
	ck_assert_ptr_null(strstr(tu, "hdrtest_use_good_feature"));
	ck_assert_ptr_nonnull(strstr(tu, "hdrtest_use_GOOD_ARCH_NAME("));
	ck_assert_ptr_nonnull(strstr(manifest, "\nsym\tgood_feature\tfunc\tunused\tCONFIG_FIXTURE_FEATURE\n"));
	ck_assert_ptr_nonnull(strstr(manifest, "\nsym\tGOOD_ARCH_NAME\tconst\tused\tCONFIG_FIXTURE_ARCH\n"));
	free(tu);
	free(manifest);
	free(cell);
	free(kb);
}
END_TEST

/* A header the catalog marks not meant to stand alone: no TU, not in
 * tus or slims, its reason on its manifest line; the judge's skip
 * quotes it.  The other headers are generated as ever. */
START_TEST(test_skipped_header)
{
	char *kb = make_kbuild(plain_config, ""), *fixture = slurp(FIXTURE_CAT), *text, *path, *cell, *out;
	char *tus, *slims, *manifest, *c_file;
	struct catalog *cat;
	struct cell_result *c;
	struct gen_opts o;
	const struct tu_result *alone = NULL;
	int i;

	/* the fixture with good.h's block replaced by a skip line */
	text = xasprintf("%.*sheader fixture/good.h skip \"good.h:3: #error 'include bad.h instead'\"\n%s",
			 (int)(strstr(fixture, "header fixture/good.h") - fixture), fixture,
			 strstr(fixture, "header fixture/bad.h"));
	path = put_file(work, "skip.cat", text);
	cat = read_catalog(path);
	cell = xasprintf("%s/out/host/plain", work);
	o = opts(cat, kb, cell);
	gen_ok(&o);
	tus = cell_file(cell, "tus");
	slims = cell_file(cell, "slims");
	manifest = cell_file(cell, "manifest.tsv");
	ck_assert_str_eq(tus, "fixture/bad\n");
	ck_assert_ptr_null(strstr(slims, "good"));
	ck_assert_ptr_nonnull(strstr(manifest, "\nheader\tfixture/good.h\tfixture/good\tskip\t"
					       "good.h:3: #error 'include bad.h instead'\n"));
	c_file = xasprintf("%s/fixture/good.c", cell);
	ck_assert_int_eq(file_exists(c_file), 0);
	compile(cell, "fixture/bad");
	out = xasprintf("%s/out", work);
	diag_begin();
	c = cell_read(out, "host/plain");
	free(diag_end());
	ck_assert_ptr_nonnull(c);
	for (i = 0; i < c->ntus; i++)
		if (!strcmp(c->tus[i].header, "fixture/good.h"))
			alone = &c->tus[i];
	ck_assert_ptr_nonnull(alone);
	ck_assert_int_eq(alone->verdict, V_SKIP);
	ck_assert_str_eq(alone->detail, "not meant to be included alone: good.h:3: #error 'include bad.h instead'");
	ck_assert_int_eq(c->tus[1].verdict, V_FAIL);	/* bad.h judged as ever */
	cell_free(c);
	catalog_free(cat);
	free(c_file);
	free(out);
	free(manifest);
	free(slims);
	free(tus);
	free(cell);
	free(path);
	free(text);
	free(fixture);
	free(kb);
}
END_TEST

/* compile.sh: runs in the build dir, the overlay first, words quoted. */
START_TEST(test_compile_script)
{
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work), *script, *want;
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);
	struct stat st;

	o.overlay = "/over lay";
	gen_ok(&o);
	script = cell_file(cell, "compile.sh");
	want = xasprintf("\ncd %s ", kb);
	ck_assert_msg(strstr(script, want) != NULL, "compile.sh does not cd to %s:\n%s", kb, script);
	free(want);
	want = xasprintf(" gcc '-I/over lay' -std=gnu11 -Wall -Wextra -I%s/include -include "
			 "%s/include/linux/kconfig.h '-DFIXTURE_BANNER=\"fixture build\"' ",
			 fixtures, fixtures);
	ck_assert_msg(strstr(script, want) != NULL, "compile.sh lacks\n%s\nin\n%s", want, script);
	free(want);
	want = xasprintf("%s/compile.sh", cell);
	ck_assert_int_eq(stat(want, &st), 0);
	ck_assert(st.st_mode & S_IXUSR);
	free(want);
	free(script);
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

static const char *const cell_files[] = { "fixture/good.c", "fixture/bad.c", "tus", "slims", "manifest.tsv",
					  "compile.sh" };

START_TEST(test_deterministic)
{
	char *kb = make_kbuild(plain_config, ""), *a = xasprintf("%s/a", work), *b = xasprintf("%s/b", work);
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts oa = opts(cat, kb, a), ob = opts(cat, kb, b);
	size_t i;

	gen_ok(&oa);
	gen_ok(&ob);
	for (i = 0; i < sizeof(cell_files) / sizeof(cell_files[0]); i++) {
		char *ta = cell_file(a, cell_files[i]), *tb = cell_file(b, cell_files[i]);

		ck_assert_msg(!strcmp(ta, tb), "%s differs between two runs", cell_files[i]);
		free(ta);
		free(tb);
	}
	catalog_free(cat);
	free(a);
	free(b);
	free(kb);
}
END_TEST

/* Set every file under dir to an old mtime, so that rewriting shows. */
static void age_tree(const char *dir)
{
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	ck_assert_int_ge(n, 0);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, ents[i]->d_name);
		struct stat st;

		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, "..") && !lstat(p, &st)) {
			if (S_ISDIR(st.st_mode))
				age_tree(p);
			else
				ck_assert_int_eq(utimensat(AT_FDCWD, p, old, 0), 0);
		}
		free(p);
		free(ents[i]);
	}
	free(ents);
}

/* Every file under dir with its mtime and bytes, in name order. */
static void snapshot_into(struct strbuf *sb, const char *dir, const char *rel)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	ck_assert_int_ge(n, 0);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, ents[i]->d_name);
		char *r = xasprintf("%s%s", rel, ents[i]->d_name);
		struct stat st;

		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, "..") && !lstat(p, &st)) {
			if (S_ISDIR(st.st_mode)) {
				sb_addf(sb, "dir %s\n", r);
				free(r);
				r = xasprintf("%s%s/", rel, ents[i]->d_name);
				snapshot_into(sb, p, r);
			} else {
				char *text = slurp(p);

				sb_addf(sb, "file %s mode %o mtime %ld\n%s\n", r, (unsigned)st.st_mode,
					(long)st.st_mtime, text);
				free(text);
			}
		}
		free(p);
		free(r);
		free(ents[i]);
	}
	free(ents);
}

static char *snapshot(const char *dir)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "");
	snapshot_into(&sb, dir, "");
	return sb_detach(&sb);
}

static long mtime_of(const char *cell, const char *name)
{
	char *p = xasprintf("%s/%s", cell, name);
	struct stat st;

	ck_assert_int_eq(stat(p, &st), 0);
	free(p);
	return (long)st.st_mtime;
}

/* Generating again leaves unchanged files alone, so make does not
 * recompile; a changed config rewrites the TU. */
START_TEST(test_unchanged_tu_keeps_mtime)
{
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work), *before, *after;
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);
	char *tu;

	gen_ok(&o);
	age_tree(cell);
	before = snapshot(cell);
	gen_ok(&o);
	after = snapshot(cell);
	ck_assert_str_eq(after, before);
	ck_assert_int_eq(mtime_of(cell, "fixture/good.c"), 1000000000);

	free(put_file(kb, ".config", "CONFIG_FIXTURE_ARCH=y\nCONFIG_FIXTURE_FEATURE=y\n"));
	gen_ok(&o);
	ck_assert_int_gt(mtime_of(cell, "fixture/good.c"), 1000000000);
	tu = cell_file(cell, "fixture/good.c");
	ck_assert_ptr_nonnull(strstr(tu, "hdrtest_use_good_feature("));
	free(tu);
	free(before);
	free(after);
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

/* A catalog error stops everything before generation. */
START_TEST(test_bad_catalog)
{
	void *got;
	char *text = slurp(FIXTURE_CAT), *bad = xasprintf("%s\tfunc\tbroken\tint\n", text);
	char *path = put_file(work, "bad.cat", bad), *diag, *want;
	int line = line_of(bad, "\tfunc\tbroken");

	diag_begin();
	got = catalog_read(&path, 1);
	diag = diag_end();
	ck_assert_ptr_null(got);
	want = xasprintf("%s:%d:17: error: expected a signature 'RETURN-TYPE (ARG-TYPE, ...)' ending in ')'\n", path,
			 line);
	ck_assert_str_eq(diag, want);
	free(want);
	free(diag);
	free(path);
	free(bad);
	free(text);
}
END_TEST

/* A templates dir like the real one, with tu.c.m4 replaced (or removed
 * when tu is NULL). */
static char *make_templates(const char *tu)
{
	char *dir = xasprintf("%s/templates", work), *p, *text;
	static const char *const keep[] = { "hdrtest.m4" };
	size_t i;

	for (i = 0; i < 1; i++) {
		p = xasprintf("%s/%s", templates, keep[i]);
		text = slurp(p);
		free(put_file(dir, keep[i], text));
		free(text);
		free(p);
	}
	if (tu)
		free(put_file(dir, "tu.c.m4", tu));
	return dir;
}

static const char failing_tu[] = "m4_dnl a template that meets data it does not expect\n"
				 "m4_ht_fail(⟦deliberate failure⟧)\n";

/* m4 fails: generate_cell reports it, returns -1, and leaves no trace. */
static void expect_m4_failure(const struct gen_opts *o, const char *m4_says)
{
	char *diag, *err, *want, *tmp = xasprintf("%s.tmp.%ld", o->out, (long)getpid());
	int rc;

	stderr_begin();
	rc = gen(o, &diag);
	err = stderr_end();
	ck_assert_int_eq(rc, -1);
	want = xasprintf("hdrtest: error: m4 failed (exit 1) rendering %s/tu.c.m4 into %s/tu.0.c\n", o->templates,
			 tmp);
	ck_assert_str_eq(diag, want);
	ck_assert_msg(strstr(err, m4_says) != NULL, "m4 printed: %s", err);
	ck_assert(!file_exists(tmp));
	free(want);
	free(err);
	free(diag);
	free(tmp);
}

START_TEST(test_template_failure_writes_nothing)
{
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work);
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);

	o.templates = make_templates(failing_tu);
	expect_m4_failure(&o, "/tu.c.m4:2: error: deliberate failure\n");
	ck_assert(!file_exists(cell));
	free((char *)o.templates);
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

START_TEST(test_template_failure_keeps_cell)
{
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work), *before, *after;
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);

	gen_ok(&o);
	compile(cell, "fixture/good");
	age_tree(cell);
	before = snapshot(cell);
	/* even with a changed config, a failed run changes nothing */
	free(put_file(kb, ".config", "CONFIG_FIXTURE_ARCH=y\nCONFIG_FIXTURE_FEATURE=y\n"));
	o.templates = make_templates(failing_tu);
	expect_m4_failure(&o, "deliberate failure");
	after = snapshot(cell);
	ck_assert_str_eq(after, before);
	free((char *)o.templates);
	free(before);
	free(after);
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

START_TEST(test_missing_template)
{
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work);
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);

	o.templates = make_templates(NULL);
	expect_m4_failure(&o, "tu.c.m4");
	ck_assert(!file_exists(cell));
	free((char *)o.templates);
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

static void expect_gen_error(const struct gen_opts *o, const char *want)
{
	char *diag;

	ck_assert_int_eq(gen(o, &diag), -1);
	ck_assert_str_eq(diag, want);
	ck_assert(!file_exists(o->out));
	free(diag);
}

START_TEST(test_kbuild_dir_errors)
{
	char *kb = make_kbuild("CONFIG_OTHER_ARCH=y\n", ""), *cell = xasprintf("%s/out/host/plain", work), *want;
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, kb, cell);

	want = xasprintf("hdrtest: error: %s/.config is not a config for arch host: CONFIG_FIXTURE_ARCH is not "
			 "set\n", kb);
	expect_gen_error(&o, want);
	free(want);
	o.kbuild = work;
	want = xasprintf("hdrtest: error: cannot read %s/.config: No such file or directory\n", work);
	expect_gen_error(&o, want);
	free(want);
	free(put_file(work, ".config", plain_config));
	want = xasprintf("hdrtest: error: cannot read %s/mm/.mmzone.o.cmd: No such file or directory "
			 "(was 'make mm/mmzone.o' run in that build dir?)\n", work);
	expect_gen_error(&o, want);
	free(want);
	o.arch = "nope";
	expect_gen_error(&o, "hdrtest: error: arch 'nope' is not in the catalog\n");
	o.arch = "host";
	o.config = "nope";
	expect_gen_error(&o, "hdrtest: error: config 'nope' is not in the catalog\n");
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

/* A skipped cell: a manifest saying why, no TUs, no compile script. */
START_TEST(test_skipped_cell)
{
	char *kb = make_kbuild(plain_config, ""), *cell = gen_fixture(kb, NULL), *out, *script;
	struct catalog *cat = read_catalog(FIXTURE_CAT);
	struct gen_opts o = opts(cat, NULL, cell);
	struct cell_result *c;

	o.skip = "no compiler for host";
	gen_ok(&o);
	script = xasprintf("%s/compile.sh", cell);
	ck_assert(!file_exists(script));
	out = xasprintf("%s/out", work);
	c = cell_read(out, "host/plain");
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->skipped, 1);
	ck_assert_str_eq(c->reason, "no compiler for host");
	ck_assert_int_eq(c->ntus, 2);
	ck_assert_int_eq(c->tus[0].verdict, V_SKIP);
	ck_assert_str_eq(c->tus[0].detail, "no compiler for host");
	ck_assert_str_eq(c->tus[0].syms[0].use, "skip");
	cell_free(c);
	free(script);
	free(out);
	catalog_free(cat);
	free(cell);
	free(kb);
}
END_TEST

/* A header dropped from the catalog takes its TU and results along. */
START_TEST(test_stale_tus_removed)
{
	char *kb = make_kbuild(plain_config, ""), *cell = gen_fixture(kb, NULL), *text, *cut, *path;
	static const char *const gone[] = { "bad.c", "bad.rc", "bad.log", "bad.d" };
	struct catalog *cat;
	struct gen_opts o;
	size_t i;

	compile(cell, "fixture/bad");
	text = slurp(FIXTURE_CAT);
	cut = strstr(text, "header fixture/bad.h");
	ck_assert_ptr_nonnull(cut);
	*cut = '\0';
	path = put_file(work, "good-only.cat", text);
	cat = read_catalog(path);
	o = opts(cat, kb, cell);
	gen_ok(&o);
	for (i = 0; i < sizeof(gone) / sizeof(gone[0]); i++) {
		char *p = xasprintf("%s/fixture/%s", cell, gone[i]);

		ck_assert_msg(!file_exists(p), "%s is still there", p);
		free(p);
	}
	free(path);
	path = xasprintf("%s/fixture/good.c", cell);
	ck_assert(file_exists(path));
	free(path);
	catalog_free(cat);
	free(text);
	free(cell);
	free(kb);
}
END_TEST

/* The TU refuses to compile under a config other than its own. */
static void expect_guard(const char *dotconfig, const char *extra_args, const char *msg)
{
	char *kb = make_kbuild(dotconfig, extra_args), *cell = gen_fixture(kb, NULL), *out, *tu, *want;
	struct cell_result *c;
	int line;

	compile(cell, "fixture/good");
	out = xasprintf("%s/out", work);
	c = cell_read(out, "host/plain");
	ck_assert_ptr_nonnull(c);
	tu = cell_file(cell, "fixture/good.c");
	line = line_of(tu, msg);
	ck_assert_int_gt(line, 0);
	want = xasprintf("host/plain/fixture/good.c:%d:2: error: #error \"%s\"", line, msg);
	ck_assert_int_eq(c->tus[0].verdict, V_FAIL);
	ck_assert_str_eq(c->tus[0].detail, want);
	free(want);
	free(tu);
	cell_free(c);
	free(out);
	free(cell);
	free(kb);
}

START_TEST(test_config_guard_without)
{
	expect_guard(plain_config, "-DCONFIG_FIXTURE_FEATURE=1 ",
		     "hdrtest: generated for a config without CONFIG_FIXTURE_FEATURE (arch host, config plain) but "
		     "compiled with it");
}
END_TEST

START_TEST(test_config_guard_with)
{
	expect_guard("CONFIG_FIXTURE_ARCH=y\nCONFIG_FIXTURE_FEATURE=y\n", "",
		     "hdrtest: generated for a config with CONFIG_FIXTURE_FEATURE (arch host, config plain) but "
		     "compiled without it");
}
END_TEST

/* A TU's config guard holds its own header's conditions only: when
 * another header's entry gains a conditional symbol (a patch of a series
 * moving it there), this TU keeps its bytes and is not compiled again. */
START_TEST(test_guard_is_the_headers_own)
{
	const char *head = "arch host karch=x86_64 kconfig=CONFIG_FIXTURE_ARCH\n"
			   "config plain base=defconfig arches=all\n"
			   "header fixture/a.h\n\tfunc\ta_get\tint (void)\n"
			   "header fixture/b.h\n\tfunc\tb_get\tint (void)\n";
	char *kb = make_kbuild(plain_config, ""), *cell = xasprintf("%s/out/host/plain", work);
	char *p1 = put_file(work, "g1.cat", head);
	char *more = xasprintf("%s\tflag\tB_FLAG\t\tif CONFIG_FIXTURE_FEATURE\n", head);
	char *p2 = put_file(work, "g1.cat", more);
	char *a1, *a2, *b1, *b2;
	struct catalog *cat;
	struct gen_opts o;

	free(put_file(work, "g1.cat", head));
	cat = read_catalog(p1);
	o = opts(cat, kb, cell);
	gen_ok(&o);
	a1 = cell_file(cell, "fixture/a.c");
	b1 = cell_file(cell, "fixture/b.c");
	catalog_free(cat);
	free(put_file(work, "g1.cat", more));
	cat = read_catalog(p2);
	o = opts(cat, kb, cell);
	gen_ok(&o);
	a2 = cell_file(cell, "fixture/a.c");
	b2 = cell_file(cell, "fixture/b.c");
	ck_assert_str_eq(a1, a2);
	ck_assert_msg(!strstr(b1, "CONFIG_FIXTURE_FEATURE") && strstr(b2, "#ifdef CONFIG_FIXTURE_FEATURE\n"), "%s", b2);
	free(a1);
	free(a2);
	free(b1);
	free(b2);
	catalog_free(cat);
	free(more);
	free(p1);
	free(p2);
	free(cell);
	free(kb);
}
END_TEST

/* Names that were the templates' own macros, data and loop variables
 * before these moved to m4_, and m4 builtins without their m4_: the
 * catalog's to use, like any C name. */
static const char m4_catalog[] =
	"arch ht_for karch=x86_64 kconfig=CONFIG_FIXTURE_ARCH\n"
	"config HT_ARCH\n"
	"define i CONFIG_FIXTURE_FEATURE\n"
	"header ht_get/i.h\n"
	"\tfunc\ti\t\tint (int)\n"
	"\tfunc\tht_for\t\tint (struct j *, ht_s)\n"
	"\tconst\tHT_SYM_1_NAME\tint\n"
	"\tfunc\tindex\t\tint (void)\n"
	"\tmacro\tdefine\t\tint (struct i *)\n"
	"\tvar\tinclude\t\tint\n"
	"\tcall\tformat\t\tvoid (void)\n"
	"\tflag\tlen\n"
	"\ttype\tstruct i\n"
	"\tconst\tj\t\tht_fail\n"
	"\tflag\tht_use\n"
	"\tvar\tht_get\t\tHT_NSYM *\n"
	"\tfunc\t_ht_for\t\tvoid (void)\n"
	"\tflag\tht_out\t\tif i || CONFIG_M4_DEFN\n";

static const char *const m4_literal[] = {
	"#include <ht_get/i.h>\n",
	"header ht_get/i.h, arch ht_for, config HT_ARCH",
	"/* hdrtest-symbol i: func int (int) */\n",
	"hdrtest_use_i(int a1)",
	"return i(a1);",
	"/* hdrtest-symbol ht_for: func int (struct j *, ht_s) */\n",
	"hdrtest_use_ht_for(struct j *a1, ht_s a2)",
	"return ht_for(a1, a2);",
	"return HT_SYM_1_NAME;",
	"return index();",
	"/* hdrtest-symbol define: macro int (struct i *) */\n",
	"#ifndef define\n#error \"ht_get/i.h does not define the macro define\"\n",
	"return define(a1);",
	"return &include;",
	"\tformat();\n",
	"#ifndef len\n",
	"/* hdrtest-symbol struct i: type */\n",
	"return sizeof(struct i);",
	"ht_fail hdrtest_use_j(void)",
	"return j;",
	"#ifndef ht_use\n",
	"hdrtest_use_ht_get(void)",
	"HT_NSYM *",
	"return &ht_get;",
	"\t_ht_for();\n",
	"ht_out: only if i || CONFIG_M4_DEFN",
	"#ifdef CONFIG_M4_DEFN\n",
};

/* No catalog entry can expand an m4 macro: every name comes out as it
 * went in. */
START_TEST(test_m4_names_are_literal)
{
	char *kb = make_kbuild(plain_config, ""), *path = put_file(work, "m4.cat", m4_catalog);
	char *cell = xasprintf("%s/out/ht_for/HT_ARCH", work), *tu, *mk;
	struct catalog *cat = read_catalog(path);
	struct gen_opts o = opts(cat, kb, cell);
	size_t i;

	o.arch = "ht_for";
	o.config = "HT_ARCH";
	gen_ok(&o);
	tu = cell_file(cell, "ht_get/i.c");
	for (i = 0; i < sizeof(m4_literal) / sizeof(m4_literal[0]); i++)
		ck_assert_msg(strstr(tu, m4_literal[i]) != NULL, "TU lacks [%s]:\n%s", m4_literal[i], tu);
	ck_assert_ptr_null(strstr(tu, "⟦"));
	ck_assert_ptr_null(strstr(tu, "⟧"));
	ck_assert_msg(strstr(tu, "m4_") == NULL, "an m4 name is left in the TU:\n%s", tu);
	mk = cell_file(cell, "tus");
	ck_assert_str_eq(mk, "ht_get/i\n");
	free(mk);
	free(tu);
	catalog_free(cat);
	free(cell);
	free(path);
	free(kb);
}
END_TEST

/* The catalog's file name reaches the templates too ("Generated by
 * hdrtest from ..."): it must come out literally, or be refused before
 * anything is written; one holding a name m4 reads as its own is. */
static const struct {
	const char *name, *error;	/* error: NULL if either will do */
} catalog_names[] = {
	{ "fixture⟧m4_divnum⟦.cat", NULL },
	{ "m4_dnl.cat", "'m4_dnl' is reserved for hdrtest's m4 templates (the name is copied into generated files "
			"through m4)" },
};

START_TEST(test_m4_catalog_name)
{
	char *kb = make_kbuild(plain_config, ""), *text = slurp(FIXTURE_CAT);
	char *path = put_file(work, catalog_names[_i].name, text);
	char *cell = xasprintf("%s/out/host/plain", work), *diag, *tu, *want;
	struct catalog *cat = read_catalog(path);
	struct gen_opts o = opts(cat, kb, cell);
	int rc = gen(&o, &diag);

	if (catalog_names[_i].error) {
		want = xasprintf("hdrtest: error: catalog file name '%s': %s\n", path, catalog_names[_i].error);
		ck_assert_str_eq(diag, want);
		free(want);
	}
	if (rc == 0) {
		tu = cell_file(cell, "fixture/good.c");
		ck_assert_msg(strstr(tu, path) != NULL, "the TU does not name its catalog %s:\n%.200s", path, tu);
		free(tu);
	} else {
		ck_assert(!file_exists(cell));
	}
	free(diag);
	catalog_free(cat);
	free(cell);
	free(path);
	free(text);
	free(kb);
}
END_TEST

Suite *generate_suite(void)
{
	Suite *s = suite_create("generate");
	TCase *tc = tcase_create("generate");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_tu_stem);
	tcase_add_test(tc, test_good_passes_bad_fails);
	tcase_add_test(tc, test_left_out);
	tcase_add_test(tc, test_macro_bodies);
	tcase_add_test(tc, test_attributes_are_no_type);
	tcase_add_test(tc, test_type_mismatch_still_fails);
	tcase_add_test(tc, test_nocall_passes);
	tcase_add_test(tc, test_called_guards_fail);
	tcase_add_test(tc, test_catalog_init_guards);
	tcase_add_test(tc, test_opaque_type_by_pointer);
	tcase_add_test(tc, test_call_macro_tag_declared_by_the_tu);
	tcase_add_test(tc, test_macro_forms_pass);
	tcase_add_test(tc, test_macro_forms_called_fail);
	tcase_add_test(tc, test_macro_forms_broken_fail);
	tcase_add_loop_test(tc, test_catalog_init_macro_forms, 0, sizeof(init_forms) / sizeof(init_forms[0]));
	tcase_add_test(tc, test_asm_constant_nocall);
	tcase_add_test(tc, test_skipped_header);
	tcase_add_test(tc, test_compile_script);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_unchanged_tu_keeps_mtime);
	tcase_add_test(tc, test_bad_catalog);
	tcase_add_test(tc, test_template_failure_writes_nothing);
	tcase_add_test(tc, test_template_failure_keeps_cell);
	tcase_add_test(tc, test_missing_template);
	tcase_add_test(tc, test_kbuild_dir_errors);
	tcase_add_test(tc, test_skipped_cell);
	tcase_add_test(tc, test_stale_tus_removed);
	tcase_add_test(tc, test_config_guard_without);
	tcase_add_test(tc, test_config_guard_with);
	tcase_add_test(tc, test_guard_is_the_headers_own);
	tcase_add_test(tc, test_m4_names_are_literal);
	tcase_add_loop_test(tc, test_m4_catalog_name, 0, sizeof(catalog_names) / sizeof(catalog_names[0]));
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Write errors: every file hdrtest writes is checked, and a failed write
 * leaves the old file as it was and no temporary file behind.  Writes are
 * made to fail with /dev/full (ENOSPC) and with a file size limit
 * (RLIMIT_FSIZE: EFBIG), which needs no privileges.  Check runs each test
 * in a child process, so the limit ends with the test.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "catalog/catalog_update.h"
#include "base/files.h"
#include "helpers.h"
#include "generate/m4render.h"
#include "model/validate.h"
#include "scan/scan.h"
#include "suites.h"
#include "base/util.h"

/* Files cannot grow past limit bytes until limit_file_size(RLIM_INFINITY):
 * only around the write under test, Check itself writes its results to a
 * file. */
static void limit_file_size(rlim_t limit)
{
	struct rlimit rl;

	signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &rl), 0);
	rl.rlim_cur = limit;
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
}

/* A text of n bytes. */
static char *big_text(size_t n)
{
	char *s = xmalloc(n + 1);

	memset(s, 'x', n);
	s[n - 1] = '\n';
	s[n] = '\0';
	return s;
}

/* A write that fails only when the buffer is flushed at fclose(). */
START_TEST(stream_close_reports_flush_error)
{
	FILE *f = fopen("/dev/full", "w");
	char *diag;

	ck_assert_ptr_nonnull(f);
	fputs("a little text\n", f);
	diag_begin();
	ck_assert_int_eq(write_stream_close(f, "out.txt"), -1);
	diag = diag_end();
	ck_assert_str_eq(diag, "hdrtest: error: cannot write out.txt: No space left on device\n");
	free(diag);
}
END_TEST

/* A write that fails inside fputs(), with nothing left to flush after. */
START_TEST(stream_close_reports_earlier_error)
{
	FILE *f = fopen("/dev/full", "w");
	char *text = big_text(1 << 16), *diag;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f), EOF);
	diag_begin();
	ck_assert_int_eq(write_stream_close(f, "big.txt"), -1);
	diag = diag_end();
	ck_assert_str_eq(diag, "hdrtest: error: cannot write big.txt: No space left on device\n");
	free(diag);
	free(text);
}
END_TEST

START_TEST(stream_close_ok)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/f", dir), *diag;
	FILE *f = fopen(path, "w");

	fputs("fine\n", f);
	diag_begin();
	ck_assert_int_eq(write_stream_close(f, path), 0);
	diag = diag_end();
	ck_assert_str_eq(diag, "");
	free(diag);
	free(path);
	free(dir);
}
END_TEST

/* The old file survives a failed rewrite, byte for byte, and the
 * temporary file goes. */
START_TEST(atomic_write_keeps_old_file)
{
	char *dir = tmp_dir(), *path = put_file(dir, "mm.cat", "the old text\n");
	char *text = big_text(100000), *diag, *want, *names;
	int ret;

	limit_file_size(4096);
	diag_begin();
	ret = write_file_atomic(path, text);
	limit_file_size(RLIM_INFINITY);
	ck_assert_int_eq(ret, -1);
	diag = diag_end();
	want = xasprintf("hdrtest: error: cannot write %s: File too large\n", path);
	ck_assert_str_eq(diag, want);
	assert_file(path, "the old text\n");
	names = dir_list(dir);
	ck_assert_str_eq(names, "mm.cat\n");
	free(names);
	free(want);
	free(diag);
	free(text);
	free(path);
	free(dir);
}
END_TEST

/* Several files: none is replaced unless every one was written. */
START_TEST(atomic_writes_all_or_none)
{
	char *dir = tmp_dir(), *a = put_file(dir, "a", "old a\n"), *b = put_file(dir, "b", "old b\n");
	char *big = big_text(100000), *diag, *names;
	const char *paths[] = { a, NULL, b };
	const char *texts[] = { "new a\n", NULL, big };
	int ret;

	limit_file_size(4096);
	diag_begin();
	ret = write_files_atomic(3, paths, texts);
	limit_file_size(RLIM_INFINITY);
	ck_assert_int_eq(ret, -1);
	diag = diag_end();
	ck_assert_ptr_nonnull(strstr(diag, "File too large"));
	assert_file(a, "old a\n");
	assert_file(b, "old b\n");
	names = dir_list(dir);
	ck_assert_str_eq(names, "a\nb\n");
	free(names);

	/* and all of them when they fit */
	texts[2] = "new b\n";
	diag_begin();
	ck_assert_int_eq(write_files_atomic(3, paths, texts), 0);
	free(diag_end());
	assert_file(a, "new a\n");
	assert_file(b, "new b\n");
	free(diag);
	free(big);
	free(a);
	free(b);
	free(dir);
}
END_TEST

/* --ktap /dev/full: a device is written to, never renamed over.  A node
 * of our own (mknod, root only) stands for it, so that a failure of this
 * test cannot replace the system's /dev/full. */
START_TEST(device_is_written_not_replaced)
{
	char *dir = tmp_dir(), *full = xasprintf("%s/full", dir), *null = xasprintf("%s/null", dir), *diag, *want;
	struct stat st;

	if (mknod(full, S_IFCHR | 0666, makedev(1, 7)) || mknod(null, S_IFCHR | 0666, makedev(1, 3))) {
		fprintf(stderr, "device_is_written_not_replaced: skipped: mknod: %s (needs root)\n",
			strerror(errno));
		return;
	}
	diag_begin();
	ck_assert_int_eq(write_file_atomic(full, "results\n"), -1);
	ck_assert_int_eq(write_file_atomic(null, "results\n"), 0);
	diag = diag_end();
	want = xasprintf("hdrtest: error: cannot write %s: No space left on device\n", full);
	ck_assert_str_eq(diag, want);
	ck_assert_int_eq(stat(full, &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	ck_assert_int_eq(stat(null, &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	free(diag);
	diag = dir_list(dir);
	ck_assert_str_eq(diag, "full\nnull\n");
	free(diag);
	free(want);
	free(null);
	free(full);
	free(dir);
}
END_TEST

/* catalog-update on a disk that fills up: -1 (exit 2), the catalog as it
 * was, no temporary file beside it. */
START_TEST(catalog_update_write_error)
{
	char *dir = tmp_dir(), *orig = slurp("tests/fixtures/scan/drift/fx.cat");
	char *path = put_file(dir, "fx.cat", orig), *tree = repo_path("tests/fixtures/scan/drift/tree");
	char *buf = NULL, *diag, *names;
	struct scan_index *ix = scan_tree(tree);
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	int ret, stuck;

	ck_assert_ptr_nonnull(ix);
	limit_file_size(strlen(orig) / 2);
	diag_begin();
	ret = catalog_update(&path, 1, ix, out, &stuck);
	limit_file_size(RLIM_INFINITY);
	ck_assert_int_eq(ret, -1);
	ck_assert_int_eq(stuck, 0);
	diag = diag_end();
	fclose(out);
	ck_assert_msg(starts_with(diag, "hdrtest: error: cannot write ") && strstr(diag, ": File too large\n"),
		      "%s", diag);
	ck_assert_ptr_null(strstr(buf, "rewrote"));
	assert_file(path, orig);
	names = dir_list(dir);
	ck_assert_str_eq(names, "fx.cat\n");
	free(names);
	free(diag);
	free(buf);
	scan_free(ix);
	free(tree);
	free(path);
	free(orig);
	free(dir);
}
END_TEST

/* gen on a full disk: the dirs made for its temporary dir go again, but
 * not one that holds someone else's file. */
START_TEST(made_dirs_go_again)
{
	char *dir = tmp_dir(), *path = xasprintf("%s/a/b/c", dir), *made = first_missing_dir(path), *want, *s;

	want = xasprintf("%s/a", dir);
	ck_assert_str_eq(made, want);
	ck_assert_ptr_null(first_missing_dir(dir));
	ck_assert_int_eq(mkdirs(path), 0);
	remove_empty_dirs(path, made);
	ck_assert(!file_exists(want));
	ck_assert_int_eq(mkdirs(path), 0);
	free(put_file(dir, "a/other", "someone else's\n"));
	remove_empty_dirs(path, made);
	s = dir_list(want);
	ck_assert_str_eq(s, "other\n");
	free(s);
	free(want);
	free(made);
	free(path);
	free(dir);
}
END_TEST


/* A templates dir with the real prelude and one template t.m4. */
static char *templates_with(const char *tmpl)
{
	char *dir = tmp_dir(), *prelude = slurp("templates/hdrtest.m4");

	free(put_file(dir, "hdrtest.m4", prelude));
	free(put_file(dir, "t.m4", tmpl));
	free(prelude);
	return dir;
}

/* Render t.m4 with defs into DIR/out; returns m4_render's result and
 * what it printed in *diag. */
static int render(const char *templates, const char *defs, char **diag)
{
	char *dpath = xasprintf("%s/defs.m4", templates), *out = xasprintf("%s/out", templates);
	int ret;

	stderr_begin();
	diag_begin();
	ret = m4_render("m4", templates, dpath, defs, "t.m4", out);
	*diag = diag_end();
	free(stderr_end());
	free(dpath);
	free(out);
	return ret;
}

/* m4 stopped before writing anything (an m4exit): not a rendering. */
START_TEST(m4_empty_output_fails)
{
	char *t = templates_with("m4_dnl nothing at all\n"), *diag, *want;

	ck_assert_int_eq(render(t, "", &diag), -1);
	want = xasprintf("hdrtest: error: m4 rendered nothing from %s/t.m4 into %s/out\n", t, t);
	ck_assert_str_eq(diag, want);
	free(want);
	free(diag);
	free(t);
}
END_TEST

/*
 * A template like tu.c.m4: prose naming its own macro before defining it
 * (inert in a render of its own), data read back by name.  Every item
 * but item 1 defines X: item 1 must see no X (item 0's popped), and no
 * item another's V.
 */
#define MANY_TEMPLATE "m4_divert(-1)\nm4_ht_show(N): shows N.\n" \
	"m4_define(⟦m4_ht_show⟧, ⟦[m4_eval($1)]⟧)\nm4_divert(0)m4_dnl\n" \
	"v=m4_ht_show(m4_ht_get(V)) x=m4_ht_get(X)\n"

static char *many_defs(int i)
{
	if (i == 1)
		return xasprintf("m4_divert(-1)\nm4_define(⟦m4_HT_V⟧, ⟦%d⟧)\nm4_divert(0)m4_dnl\n", i);
	return xasprintf("m4_divert(-1)\nm4_define(⟦m4_HT_V⟧, ⟦%d⟧)\nm4_define(⟦m4_HT_X⟧, ⟦x%d⟧)\n"
			 "m4_divert(0)m4_dnl\n", i, i);
}

/* nitems rendered by m4_render_many in nproc m4 processes: its result;
 * the outputs are DIR/out.I.  *alone says whether any item was rendered
 * on its own (its defs written to its defs_path): a group fell back. */
static int render_many(const char *t, int nitems, int nproc, char **diag, int *alone)
{
	struct m4_item items[8];
	int i, ret;

	for (i = 0; i < nitems; i++) {
		items[i].defs_path = xasprintf("%s/defs.%d.m4", t, i);
		items[i].defs = many_defs(i);
		items[i].out_path = xasprintf("%s/out.%d", t, i);
	}
	stderr_begin();
	diag_begin();
	ret = m4_render_many("m4", t, t, "t.m4", items, nitems, nproc);
	*diag = diag_end();
	free(stderr_end());
	*alone = 0;
	for (i = 0; i < nitems; i++) {
		*alone |= file_exists(items[i].defs_path);
		free(items[i].defs_path);
		free(items[i].defs);
		free(items[i].out_path);
	}
	return ret;
}

/* Many items in two m4 processes: each output what a render of its own
 * gives, byte for byte. */
START_TEST(m4_many_same_as_one_at_a_time)
{
	char *t = templates_with(MANY_TEMPLATE), *diag;
	int i, alone;

	ck_assert_int_eq(render_many(t, 7, 2, &diag, &alone), 0);
	ck_assert_str_eq(diag, "");
	ck_assert_msg(!alone, "a group failed and was rendered item by item");
	free(diag);
	for (i = 0; i < 7; i++) {
		char *defs = many_defs(i), *path = xasprintf("%s/out.%d", t, i), *one = xasprintf("%s/out", t);
		char *got = slurp(path), *want;

		ck_assert_int_eq(render(t, defs, &diag), 0);
		free(diag);
		want = slurp(one);
		ck_assert_str_eq(got, want);
		free(want);
		want = i == 1 ? xstrdup("v=[1] x=\n") : xasprintf("v=[%d] x=x%d\n", i, i);
		ck_assert_str_eq(got, want);
		free(want);
		free(got);
		free(one);
		free(path);
		free(defs);
	}
	free(t);
}
END_TEST

/* An item that fails in a group is named, as a render of its own names
 * it. */
START_TEST(m4_many_names_the_failing_item)
{
	char *t = templates_with("m4_divert(0)m4_dnl\nm4_eval(m4_ht_get(V) / (m4_ht_get(V) - 2))\n");
	char *diag, *want;
	int alone;

	ck_assert_int_eq(render_many(t, 4, 2, &diag, &alone), -1);
	want = xasprintf("hdrtest: error: m4 failed (exit 1) rendering %s/t.m4 into %s/out.2\n", t, t);
	ck_assert_str_eq(diag, want);
	free(want);
	free(diag);
	free(t);
}
END_TEST

/* A value that ends m4's quote early cannot run what follows it. */
START_TEST(m4_def_refuses_quotes)
{
	char *t = templates_with("value: m4_defn(⟦m4_HT_V⟧)\n"), *diag, *flag = xasprintf("%s/ran", t);
	char *value = xasprintf("x ⟧m4_esyscmd(⟦touch %s⟧)⟦ y", flag);
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "m4_divert(-1)\n");
	diag_begin();
	m4_def(&sb, "V", value);
	diag = diag_end();
	ck_assert_str_eq(diag,
			 "hdrtest: error: the value of m4_HT_V holds m4's quote characters: not passed to m4\n");
	free(diag);
	sb_add(&sb, "m4_divert(0)m4_dnl\n");
	ck_assert_int_eq(render(t, sb.buf, &diag), -1);
	ck_assert_msg(!file_exists(flag), "m4 ran the command in the value");
	ck_assert_msg(starts_with(diag, "hdrtest: error: m4 failed (exit 1)"), "%s", diag);
	sb_release(&sb);
	free(value);
	free(flag);
	free(diag);
	free(t);
}
END_TEST

/* A template that rescans a value (here through m4_ifelse) meets only
 * text: the builtins that reach outside m4 are gone.  (The value is
 * defined here directly: m4_def would refuse it, see below.) */
START_TEST(m4_rescanned_value_runs_nothing)
{
	char *t = templates_with("m4_ifelse(1, 1, m4_defn(⟦m4_HT_V⟧))m4_m4exit(0)\nend\n");
	char *flag = xasprintf("%s/ran", t), *value = xasprintf("m4_syscmd(touch %s)", flag), *diag, *out;
	char *want = xasprintf("%s%s\nend\n", value, "m4_m4exit(0)");
	struct strbuf sb;

	sb_init(&sb);
	sb_addf(&sb, "m4_divert(-1)\nm4_define(⟦m4_HT_V⟧, ⟦%s⟧)\nm4_divert(0)m4_dnl\n", value);
	ck_assert_int_eq(render(t, sb.buf, &diag), 0);
	ck_assert_str_eq(diag, "");
	ck_assert_msg(!file_exists(flag), "m4 ran the command in the value");
	out = xasprintf("%s/out", t);
	assert_file(out, want);
	sb_release(&sb);
	free(want);
	free(out);
	free(value);
	free(flag);
	free(diag);
	free(t);
}
END_TEST

/* Should a value holding a name m4 reads as its own get past the catalog
 * (the catalog refuses them all), m4_def refuses it, naming the value,
 * and the render fails instead of expanding it. */
START_TEST(m4_def_refuses_reserved_names)
{
	char *t = templates_with("m4_ifelse(1, 1, m4_defn(⟦m4_HT_V⟧))\nend\n"), *diag;
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "m4_divert(-1)\n");
	diag_begin();
	m4_def(&sb, "V", "char [1m4_dnl] x");
	diag = diag_end();
	ck_assert_str_eq(diag, "hdrtest: error: the value of m4_HT_V, 'char [1m4_dnl] x', holds 'm4_dnl', which is "
			 "reserved for hdrtest's m4 templates: not passed to m4\n");
	free(diag);
	sb_add(&sb, "m4_divert(0)m4_dnl\n");
	ck_assert_int_eq(render(t, sb.buf, &diag), -1);
	ck_assert_msg(starts_with(diag, "hdrtest: error: m4 failed (exit 1)"), "%s", diag);
	sb_release(&sb);
	free(diag);
	free(t);
}
END_TEST

/* Every name m4 treats as a macro while rendering is in the namespace the
 * catalog can never use (model/validate.h, m4_reserved_name): each name
 * the templates define (m4_define, m4_pushdef, or a loop variable of
 * m4_ht_for) and the data m4_def defines. */
START_TEST(m4_template_names_are_reserved)
{
	static const char *const files[] = { "templates/hdrtest.m4", "templates/tu.c.m4",
					      "templates/gitlab-ci.yml.m4", "templates/github-workflow.yml.m4" };
	static const char *const definers[] = { "m4_define(⟦", "m4_pushdef(⟦", "_for(⟦" };
	struct strbuf sb;
	size_t f, d;
	int n = 0, len;

	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		char *text = slurp(files[f]);

		for (d = 0; d < sizeof(definers) / sizeof(definers[0]); d++) {
			const char *p = text;

			while ((p = strstr(p, definers[d]))) {
				const char *name = p + strlen(definers[d]), *end = strstr(name, "⟧");

				p = name;
				ck_assert_ptr_nonnull(end);
				if (*name == '$')
					continue;	/* a macro's argument, checked where it is called */
				ck_assert_msg(m4_reserved_name(name, &len) == name && name + len == end,
					      "%s defines '%.*s', a name the catalog may hold", files[f],
					      (int)(end - name), name);
				n++;
			}
		}
		free(text);
	}
	ck_assert_int_gt(n, 20);
	sb_init(&sb);
	m4_def(&sb, "SYM_1_NAME", "x");
	m4_defi(&sb, "NSYM", 1);
	ck_assert_str_eq(sb.buf, "m4_define(⟦m4_HT_SYM_1_NAME⟧, ⟦x⟧)\nm4_define(⟦m4_HT_NSYM⟧, ⟦1⟧)\n");
	sb_release(&sb);
}
END_TEST

/* read_first_line: the stamp or note a step left, without its newline. */
START_TEST(first_line_of_a_file)
{
	char *dir = tmp_dir(), *a = put_file(dir, "a", "mm/mmzone.o\nmore\n"), *b = put_file(dir, "b", "no newline");
	char *c = put_file(dir, "c", ""), *none = xasprintf("%s/none", dir), *t;

	t = read_first_line(a);
	ck_assert_str_eq(t, "mm/mmzone.o");
	free(t);
	t = read_first_line(b);
	ck_assert_str_eq(t, "no newline");
	free(t);
	t = read_first_line(c);
	ck_assert_str_eq(t, "");
	free(t);
	ck_assert_ptr_null(read_first_line(none));
	free(a);
	free(b);
	free(c);
	free(none);
	free(dir);
}
END_TEST

/* name_is_safe: what a name from outside may be below a dir. */
START_TEST(safe_names)
{
	static const char *const safe[] = { "a", "linux/mm/page_kasan_tag", "x86_64/defconfig", "a.b/c..d", "a-/_+" };
	static const char *const unsafe[] = {
		"", "/", "/etc/passwd", "..", "../x", "a/../b", "a/..", ".", "./a", "a/./b", ".git", "a/.git/b",
		"a//b", "a/", "//a", ".hidden", "a/.b", "a\nb", "a\tb", "a/\033[2Kb", "a\177",
	};
	size_t i;

	for (i = 0; i < sizeof(safe) / sizeof(safe[0]); i++)
		ck_assert_msg(name_is_safe(safe[i]), "'%s' refused", safe[i]);
	for (i = 0; i < sizeof(unsafe) / sizeof(unsafe[0]); i++)
		ck_assert_msg(!name_is_safe(unsafe[i]), "'%s' taken", unsafe[i]);
}
END_TEST

/* read_file_beneath: a regular file below the root, no symlink followed
 * on the way (the root itself is the caller's), no fifo waited on. */
START_TEST(read_beneath)
{
	char *dir = tmp_dir(), *root = xasprintf("%s/root", dir), *other = put_file(dir, "other/f", "private\n");
	char *p, *text, *alias = xasprintf("%s/alias", dir);
	static const char *const unsafe[] = { "../other/f", "/etc/passwd", "a/./b", ".f", "a//b" };
	mode_t mode;
	size_t len, i;

	free(put_file(root, "a/b/f", "mine\n"));
	p = xasprintf("%s/a/b/f", root);
	ck_assert_int_eq(chmod(p, 0750), 0);
	free(p);
	text = read_file_beneath(root, "a/b/f", &len, &mode);
	ck_assert_str_eq(text, "mine\n");
	ck_assert_uint_eq(len, 5);
	ck_assert_uint_eq(mode, 0750);
	free(text);
	/* the root through a symlink: the caller's own */
	ck_assert_int_eq(symlink(root, alias), 0);
	text = read_file_beneath(alias, "a/b/f", NULL, NULL);
	ck_assert_str_eq(text, "mine\n");
	free(text);
	/* a symlink at the end, or a dir on the way */
	p = xasprintf("%s/a/l", root);
	ck_assert_int_eq(symlink(other, p), 0);
	free(p);
	p = xasprintf("%s/a/d", root);
	ck_assert_int_eq(symlink(dir, p), 0);
	free(p);
	errno = 0;
	ck_assert_ptr_null(read_file_beneath(root, "a/l", NULL, NULL));
	ck_assert_int_eq(errno, ELOOP);
	errno = 0;
	ck_assert_ptr_null(read_file_beneath(root, "a/d/other/f", NULL, NULL));
	ck_assert_int_eq(errno, ELOOP);
	ck_assert_int_lt(open_beneath(root, "a/d", O_RDONLY | O_DIRECTORY), 0);
	ck_assert_int_eq(errno, ELOOP);
	ck_assert_str_eq(beneath_strerror(ELOOP), "it is a symlink or goes through one (not followed)");
	/* a fifo, a dir */
	p = xasprintf("%s/a/fifo", root);
	ck_assert_int_eq(mkfifo(p, 0644), 0);
	free(p);
	errno = 0;
	ck_assert_ptr_null(read_file_beneath(root, "a/fifo", NULL, NULL));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(read_file_beneath(root, "a/b", NULL, NULL));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(beneath_strerror(EINVAL), "not a regular file");
	ck_assert_ptr_null(read_file_beneath(root, "a/none", NULL, NULL));
	ck_assert_int_eq(errno, ENOENT);
	for (i = 0; i < sizeof(unsafe) / sizeof(unsafe[0]); i++) {
		errno = 0;
		ck_assert_ptr_null(read_file_beneath(root, unsafe[i], NULL, NULL));
		ck_assert_int_eq(errno, EXDEV);
	}
	free(alias);
	free(other);
	free(root);
	free(dir);
}
END_TEST

/* write_file_beneath: dirs made on the way, none followed if a symlink; a
 * symlink where the file goes is replaced; an unchanged file is left as
 * it was; a failed write leaves the old file.  remove_beneath: the same. */
START_TEST(write_beneath)
{
	char *dir = tmp_dir(), *root = xasprintf("%s/root", dir), *target = xasprintf("%s/target", dir), *p, *list,
	     *diag;
	struct stat st, st2;

	ck_assert_int_eq(mkdir(root, 0755), 0);
	ck_assert_int_eq(mkdir(target, 0755), 0);
	ck_assert_int_eq(write_file_beneath(root, "a/b/f", "one\n", 4, 0755), 0);
	p = xasprintf("%s/a/b/f", root);
	assert_file(p, "one\n");
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert_uint_eq(st.st_mode & 0777, 0755);
	/* the same bytes: the file stays (its inode, its time) */
	ck_assert_int_eq(write_file_beneath(root, "a/b/f", "one\n", 4, 0755), 0);
	ck_assert_int_eq(stat(p, &st2), 0);
	ck_assert_uint_eq(st.st_ino, st2.st_ino);
	/* a file size limit: the old file stays, no temporary file */
	limit_file_size(2);
	diag_begin();
	ck_assert_int_eq(write_file_beneath(root, "a/b/f", "three\n", 6, 0644), -1);
	diag = diag_end();
	limit_file_size(RLIM_INFINITY);
	ck_assert_msg(strstr(diag, "cannot write ") && strstr(diag, "/root/a/b/f: File too large"), "%s", diag);
	free(diag);
	assert_file(p, "one\n");
	list = xasprintf("%s/a/b", root);
	diag = dir_list(list);
	ck_assert_str_eq(diag, "f\n");
	free(diag);
	free(list);
	/* a symlink on the way: nothing written through it */
	free(p);
	p = xasprintf("%s/a/l", root);
	ck_assert_int_eq(symlink(target, p), 0);
	diag_begin();
	ck_assert_int_eq(write_file_beneath(root, "a/l/f", "two\n", 4, 0644), -1);
	ck_assert_int_eq(remove_beneath(root, "a/l/f"), -1);
	diag = diag_end();
	ck_assert_msg(strstr(diag, "/root/a/l/f: it is a symlink or goes through one (not followed)\n"), "%s", diag);
	free(diag);
	list = dir_list(target);
	ck_assert_str_eq(list, "");
	free(list);
	/* a symlink where the file goes: replaced, its target untouched */
	free(put_file(target, "g", "theirs\n"));
	free(p);
	p = xasprintf("%s/a/g", root);
	list = xasprintf("%s/g", target);
	ck_assert_int_eq(symlink(list, p), 0);
	ck_assert_int_eq(write_file_beneath(root, "a/g", "ours\n", 5, 0644), 0);
	ck_assert_int_eq(lstat(p, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	assert_file(p, "ours\n");
	assert_file(list, "theirs\n");
	/* removed: the symlink itself, not its target; a missing one is fine */
	ck_assert_int_eq(unlink(p), 0);
	ck_assert_int_eq(symlink(list, p), 0);
	ck_assert_int_eq(remove_beneath(root, "a/g"), 0);
	ck_assert_int_eq(lstat(p, &st), -1);
	assert_file(list, "theirs\n");
	ck_assert_int_eq(remove_beneath(root, "a/g"), 0);
	ck_assert_int_eq(remove_beneath(root, "none/g"), 0);
	free(list);
	free(p);
	free(target);
	free(root);
	free(dir);
}
END_TEST

Suite *writes_suite(void)
{
	Suite *s = suite_create("writes");
	TCase *tc = tcase_create("writes"), *m4 = tcase_create("m4");

	tcase_add_test(tc, stream_close_reports_flush_error);
	tcase_add_test(tc, stream_close_reports_earlier_error);
	tcase_add_test(tc, stream_close_ok);
	tcase_add_test(tc, first_line_of_a_file);
	tcase_add_test(tc, atomic_write_keeps_old_file);
	tcase_add_test(tc, atomic_writes_all_or_none);
	tcase_add_test(tc, device_is_written_not_replaced);
	tcase_add_test(tc, catalog_update_write_error);
	tcase_add_test(tc, made_dirs_go_again);
	suite_add_tcase(s, tc);
	tcase_add_test(m4, m4_empty_output_fails);
	tcase_add_test(m4, m4_many_same_as_one_at_a_time);
	tcase_add_test(m4, m4_many_names_the_failing_item);
	tcase_add_test(m4, m4_def_refuses_quotes);
	tcase_add_test(m4, m4_def_refuses_reserved_names);
	tcase_add_test(m4, m4_template_names_are_reserved);
	tcase_add_test(m4, m4_rescanned_value_runs_nothing);
	suite_add_tcase(s, m4);
	tc = tcase_create("beneath");
	tcase_add_test(tc, safe_names);
	tcase_add_test(tc, read_beneath);
	tcase_add_test(tc, write_beneath);
	suite_add_tcase(s, tc);
	return s;
}

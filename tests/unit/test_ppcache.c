// SPDX-License-Identifier: GPL-2.0
/* The cache of the texts before an edit (objects/ppcache.h): an entry
 * comes back only while every file its command read has the same bytes,
 * the tree and the build dir the same names, and the command the same
 * words. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/util.h"
#include "helpers.h"
#include "objects/ppcache.h"
#include "suites.h"

#define WORDS "gcc -E -P -I include -o - drv/x.c"

struct fixture {
	char *cache, *tree, *kdir, *dep;
};

/* path's mtime an hour ago: written before the proof started. */
static void age(const char *path)
{
	struct timeval tv[2];

	gettimeofday(&tv[0], NULL);
	tv[0].tv_sec -= 3600;
	tv[1] = tv[0];
	ck_assert_int_eq(utimes(path, tv), 0);
}

static char *aged_file(const char *dir, const char *name, const char *text)
{
	char *p = put_file(dir, name, text);

	age(p);
	return p;
}

/* A tree whose drv/x.c includes linux/a.h, a build dir with its config
 * header, and the dep file an -E of x.c writes. */
static void setup_fixture(struct fixture *f)
{
	char *t = tmp_dir();

	f->cache = xasprintf("%s/cache", t);
	f->tree = xasprintf("%s/tree", t);
	f->kdir = xasprintf("%s/built", t);
	free(aged_file(f->tree, "drv/x.c", "#include <linux/a.h>\nint x;\n"));
	free(aged_file(f->tree, "include/linux/a.h", "int a;\n"));
	free(aged_file(f->kdir, "include/generated/autoconf.h", "#define CONFIG_X 1\n"));
	free(aged_file(f->kdir, "drv/x.o", "an object: not a name that counts\n"));
	f->dep = xasprintf("-: %s/drv/x.c \\\n %s/include/linux/a.h \\\n include/generated/autoconf.h\n", f->tree,
			   f->tree);
	free(t);
}

static void teardown_fixture(struct fixture *f)
{
	free(f->cache);
	free(f->tree);
	free(f->kdir);
	free(f->dep);
}

/* One proof: open, look WORDS up, and on a miss store a text for it.
 * Whether the lookup hit. */
static int proof(struct fixture *f)
{
	struct ppcache *c = ppcache_open(f->cache, f->tree, f->kdir);
	char *hit, *dep, *gz, *t = tmp_dir();
	int was_hit;

	ck_assert_ptr_nonnull(c);
	hit = ppcache_lookup(c, WORDS);
	was_hit = hit != NULL;
	if (!hit) {
		dep = put_file(t, "x.d", f->dep);
		gz = ppcache_tmp_name(c, 0);
		free(put_file("/", gz + 1, "not really gzip: the cache does not read it\n"));
		ck_assert_int_eq(ppcache_store(c, WORDS, dep, gz), 0);
		ck_assert_int_ne(access(gz, F_OK), 0);
		free(dep);
		free(gz);
	} else {
		ck_assert_int_eq(access(hit, R_OK), 0);
	}
	ck_assert_int_eq(ppcache_lookups(c), 1);
	ck_assert_int_eq(ppcache_hits(c), was_hit);
	free(hit);
	free(t);
	ppcache_close(c);
	return was_hit;
}

START_TEST(test_a_second_proof_hits)
{
	struct fixture f;

	setup_fixture(&f);
	ck_assert_int_eq(proof(&f), 0);
	ck_assert_int_eq(proof(&f), 1);
	ck_assert_int_eq(proof(&f), 1);
	/* an include path from the environment is part of the entry */
	setenv("CPATH", "/elsewhere", 1);
	ck_assert_int_eq(proof(&f), 0);
	unsetenv("CPATH");
	ck_assert_int_eq(proof(&f), 0);
	teardown_fixture(&f);
}
END_TEST

/* a header the command read, a byte changed: a miss, then a hit again */
START_TEST(test_a_file_read_changed_misses)
{
	struct fixture f;

	setup_fixture(&f);
	ck_assert_int_eq(proof(&f), 0);
	free(aged_file(f.tree, "include/linux/a.h", "int b;\n"));
	ck_assert_int_eq(proof(&f), 0);
	ck_assert_int_eq(proof(&f), 1);
	/* the build dir's files count too */
	free(aged_file(f.kdir, "include/generated/autoconf.h", "#define CONFIG_X 2\n"));
	ck_assert_int_eq(proof(&f), 0);
	teardown_fixture(&f);
}
END_TEST

/* A new file the command did not read: it could shadow one that it did
 * (arch/x86/include/linux/a.h searched first) or answer __has_include():
 * a miss.  A new build product is not a name that counts. */
START_TEST(test_a_new_name_misses)
{
	struct fixture f;

	setup_fixture(&f);
	ck_assert_int_eq(proof(&f), 0);
	free(aged_file(f.tree, "arch/x86/include/linux/a.h", "int shadow;\n"));
	ck_assert_int_eq(proof(&f), 0);
	ck_assert_int_eq(proof(&f), 1);
	free(aged_file(f.kdir, "drv/y.o", "another object\n"));
	free(aged_file(f.kdir, "drv/.y.o.cmd", "its record\n"));
	ck_assert_int_eq(proof(&f), 1);
	free(aged_file(f.kdir, "include/generated/new.h", "\n"));
	ck_assert_int_eq(proof(&f), 0);
	teardown_fixture(&f);
}
END_TEST

/* Other words, another entry; a file changed during the proof (its
 * mtime after the proof started) is not kept. */
START_TEST(test_other_words_and_new_files)
{
	struct fixture f;
	struct ppcache *c;
	char *hit;

	setup_fixture(&f);
	ck_assert_int_eq(proof(&f), 0);
	c = ppcache_open(f.cache, f.tree, f.kdir);
	hit = ppcache_lookup(c, WORDS " -DMORE");
	ck_assert_ptr_null(hit);
	ppcache_close(c);
	free(put_file(f.tree, "include/linux/a.h", "int c;\n"));
	c = ppcache_open(f.cache, f.tree, f.kdir);
	ck_assert_ptr_null(ppcache_lookup(c, WORDS));
	{
		char *t = tmp_dir(), *dep = put_file(t, "x.d", f.dep), *gz = ppcache_tmp_name(c, 1);

		free(put_file("/", gz + 1, "text\n"));
		ck_assert_int_eq(ppcache_store(c, WORDS, dep, gz), 1);
		ck_assert_int_ne(access(gz, F_OK), 0);
		free(gz);
		free(dep);
		free(t);
	}
	ppcache_close(c);
	teardown_fixture(&f);
}
END_TEST

/* A manifest that is not one (damaged, or from elsewhere) is a miss. */
START_TEST(test_a_damaged_manifest_misses)
{
	struct fixture f;
	char *dir, *cmd;

	setup_fixture(&f);
	ck_assert_int_eq(proof(&f), 0);
	dir = xasprintf("%s/pp", f.cache);
	cmd = xasprintf("for m in %s/*/*.m; do sed -i 's/^read [0-9a-f]*/read zz/' \"$m\"; done", dir);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_int_eq(proof(&f), 0);
	ck_assert_int_eq(proof(&f), 1);
	free(cmd);
	free(dir);
	teardown_fixture(&f);
}
END_TEST

Suite *ppcache_suite(void)
{
	Suite *s = suite_create("ppcache");
	TCase *tc = tcase_create("entries");

	tcase_add_test(tc, test_a_second_proof_hits);
	tcase_add_test(tc, test_a_file_read_changed_misses);
	tcase_add_test(tc, test_a_new_name_misses);
	tcase_add_test(tc, test_other_words_and_new_files);
	tcase_add_test(tc, test_a_damaged_manifest_misses);
	suite_add_tcase(s, tc);
	return s;
}

// SPDX-License-Identifier: GPL-2.0
/* The report of a large run (gen/judge/large_run.c): by directory, and
 * the failures by cause. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "judge/large_run.h"
#include "suites.h"

#define NH 70

/* Two cells of NH headers: linux/hN.h, and linux/sub/hN.h from 60 on.
 * Headers 0-49 fail on one broken tree header, 50-51 pull in linux/mm.h
 * through asm/cacheflush.h, 52 fails in its own TU, the rest pass, and
 * the last one is skipped. */
struct fake_run {
	struct tu_result tus[2][NH];
	struct cell_result cells[2];
	struct cell_result *cellp[2];
	struct run_results r;
	char *names[NH], *headers[2][NH], *stems[2][NH], *details[2][NH];
};

static struct fake_run *fake_run(void)
{
	struct fake_run *f = xcalloc(1, sizeof(*f));
	const char *arches[] = { "x86_64", "arm64" };
	int c, h;

	for (h = 0; h < NH; h++)
		f->names[h] = h < 60 ? xasprintf("linux/h%d.h", h) : xasprintf("linux/sub/h%d.h", h);
	for (c = 0; c < 2; c++) {
		struct cell_result *cell = &f->cells[c];

		cell->arch = (char *)arches[c];
		cell->config = "defconfig";
		cell->display = xasprintf("%s/defconfig", arches[c]);
		cell->dir = "/o";
		cell->repro = "";
		cell->tus = f->tus[c];
		cell->ntus = NH;
		for (h = 0; h < NH; h++) {
			struct tu_result *t = &f->tus[c][h];

			/* each cell has its own copy of a name, as cell_read() gives */
			f->headers[c][h] = xstrdup(f->names[h]);
			t->header = f->headers[c][h];
			f->stems[c][h] = xstrndup(f->names[h], strlen(f->names[h]) - 2);
			t->stem = f->stems[c][h];
			t->verdict = h < 53 ? V_FAIL : h == NH - 1 ? V_SKIP : V_PASS;
			if (h < 50)
				f->details[c][h] = xstrdup("include/linux/broken.h:3:1: error: unknown type name 'u99'");
			else if (h < 52)
				f->details[c][h] = xasprintf("pulls in the forbidden header linux/mm.h: %s -> "
							     "linux/highmem.h -> asm/cacheflush.h -> linux/mm.h",
							     f->names[h]);
			else
				f->details[c][h] = xasprintf("%s/%s.c:9:2: error: implicit declaration of function "
							     "'x'", cell->display, t->stem);
			t->detail = h < 53 ? f->details[c][h] : "";
		}
		f->cellp[c] = cell;
	}
	f->r.cells = f->cellp;
	f->r.ncells = 2;
	return f;
}

static void fake_free(struct fake_run *f)
{
	int c, h;

	for (h = 0; h < NH; h++)
		free(f->names[h]);
	for (c = 0; c < 2; c++) {
		free(f->cells[c].display);
		for (h = 0; h < NH; h++) {
			free(f->headers[c][h]);
			free(f->stems[c][h]);
			free(f->details[c][h]);
		}
	}
	free(f);
}

/* What fn writes, as a string (caller frees). */
static char *capture(void (*fn)(FILE *, const struct run_results *), const struct run_results *r)
{
	char *buf = NULL, *copy;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	fn(f, r);
	ck_assert_int_eq(fclose(f), 0);
	copy = xstrdup(buf ? buf : "");
	free(buf);
	return copy;
}

static void causes_10(FILE *f, const struct run_results *r)
{
	write_causes(f, r, 10);
}

START_TEST(test_is_large_run)
{
	struct fake_run *f = fake_run();

	ck_assert(is_large_run(&f->r));
	f->cells[0].ntus = f->cells[1].ntus = LARGE_RUN_HEADERS;
	ck_assert(!is_large_run(&f->r));
	fake_free(f);
}
END_TEST

START_TEST(test_dir_summary)
{
	struct fake_run *f = fake_run();
	char *text = capture(write_dir_summary, &f->r);

	ck_assert_msg(strstr(text, "70 headers in 2 cells, by directory"), "%s", text);
	/* 60 headers in linux/: 53 fail and 7 pass in each cell */
	ck_assert_msg(strstr(text, "\nlinux/           60      14     106       0       0\n"), "%s", text);
	ck_assert_msg(strstr(text, "\nlinux/sub/       10      18       0       2       0\n"), "%s", text);
	free(text);
	fake_free(f);
}
END_TEST

/* Where needle starts in text, -1 if nowhere. */
static long pos(const char *text, const char *needle)
{
	const char *p = strstr(text, needle);

	return p ? (long)(p - text) : -1;
}

START_TEST(test_causes)
{
	struct fake_run *f = fake_run();
	char *text = capture(causes_10, &f->r);
	long a, b, c;

	ck_assert_msg(strstr(text, "\n3 distinct causes of failure"), "%s", text);
	/* one broken header: one cause, its 50 headers once each, most first */
	a = pos(text, "\ninclude/linux/broken.h:3:1: error: unknown type name 'u99'\n  50 headers: linux/h0.h "
		      "linux/h1.h linux/h2.h linux/h3.h linux/h4.h linux/h5.h linux/h6.h linux/h7.h linux/h8.h "
		      "linux/h9.h ... and 40 more\n  in: x86_64/defconfig arm64/defconfig\n");
	b = pos(text, "\npulls in the forbidden header linux/mm.h via asm/cacheflush.h\n  2 headers: linux/h50.h "
		      "linux/h51.h\n");
	/* a diagnostic in the TU itself: its file name is left out */
	c = pos(text, "\n(the TU):9:2: error: implicit declaration of function 'x'\n  1 header: linux/h52.h\n");
	ck_assert_msg(a >= 0 && b > a && c > b, "%ld %ld %ld\n%s", a, b, c, text);
	free(text);
	fake_free(f);
}
END_TEST

Suite *large_run_suite(void)
{
	Suite *s = suite_create("large_run");
	TCase *tc = tcase_create("large_run");

	tcase_add_test(tc, test_is_large_run);
	tcase_add_test(tc, test_dir_summary);
	tcase_add_test(tc, test_causes);
	suite_add_tcase(s, tc);
	return s;
}

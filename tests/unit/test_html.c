// SPDX-License-Identifier: GPL-2.0
/* The HTML page, on results built by hand: escaping, the grid, what a
 * failing square opens to, the same bytes every time. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "judge/html.h"
#include "suites.h"
#include "base/util.h"

/* x86_64 has two configs, arm64 one.  x86_64/defconfig: a.h passes, b.h
 * fails (one symbol charged, a forbidden header too), c.h's result is
 * unreadable; x86_64/debug: b.h fails the same way, and has no c.h;
 * arm64/defconfig could not be prepared. */
static struct sym_result b_syms[] = {
	{ .name = "b_one", .kind = "func", .use = "used", .cond = "", .diagnosed = 1 },
	{ .name = "b_two", .kind = "const", .use = "used", .cond = "" },
	{ .name = "b_three", .kind = "func", .use = "used", .cond = "", .diagnosed = 1 },
};
static struct tu_result def_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_PASS, .log = "" },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_FAIL,
	  .detail = "x86_64/defconfig/linux/b.c:3:5: error: unknown type name 'u8'",
	  .explanation = "linux/b.h: b_one() uses u8, defined in linux/types.h, which b.h does not include",
	  .forbidden = "linux/mm.h: linux/b.h -> linux/mm.h", .log = "THE WHOLE LOG", .syms = b_syms, .nsyms = 3 },
	{ .header = "linux/c.h", .stem = "linux/c", .verdict = V_ERROR,
	  .detail = "result of TU unreadable: x86_64/defconfig/linux/c.rc is empty", .log = "" },
};
static struct tu_result dbg_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_PASS, .log = "" },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_FAIL,
	  .detail = "x86_64/debug/linux/b.c:3:5: error: unknown type name 'u8'",
	  .explanation = "linux/b.h: b_one() uses u8, defined in linux/types.h, which b.h does not include",
	  .log = "", .syms = b_syms, .nsyms = 3 },
};
static struct tu_result arm_tus[] = {
	{ .header = "linux/a.h", .stem = "linux/a", .verdict = V_ERROR, .detail = "kbuild 'make prepare' failed",
	  .log = "" },
	{ .header = "linux/b.h", .stem = "linux/b", .verdict = V_ERROR, .detail = "kbuild 'make prepare' failed",
	  .log = "" },
	{ .header = "linux/c.h", .stem = "linux/c", .verdict = V_ERROR, .detail = "kbuild 'make prepare' failed",
	  .log = "" },
};
static struct cell_result def_cell = {
	.arch = "x86_64", .config = "defconfig", .dir = "/o/x86_64/defconfig", .display = "x86_64/defconfig",
	.reason = "", .repro = "cd /kb && gcc -O2", .note = "kbuild could not build mm/mmzone.o",
	.tus = def_tus, .ntus = 3,
};
static struct cell_result arm_cell = {
	.arch = "arm64", .config = "defconfig", .dir = "/o/arm64/defconfig", .display = "arm64/defconfig",
	.errored = 1, .reason = "kbuild 'make prepare' failed", .repro = "", .tus = arm_tus, .ntus = 3,
};
static struct cell_result dbg_cell = {
	.arch = "x86_64", .config = "debug", .dir = "/o/x86_64/debug", .display = "x86_64/debug",
	.reason = "", .repro = "cd /kb2 && gcc", .tus = dbg_tus, .ntus = 2,
};
/* run order: x86_64/defconfig, arm64/defconfig, x86_64/debug; the grid
 * groups x86_64's two configs */
static struct cell_result *cells[] = { &def_cell, &arm_cell, &dbg_cell };
static const struct run_results run = { cells, 3 };

static int count(const char *s, const char *what)
{
	int n = 0;

	for (s = strstr(s, what); s; s = strstr(s + 1, what))
		n++;
	return n;
}

/* The text between the first from after start and the next to. */
static char *between(const char *s, const char *from, const char *to)
{
	const char *a = strstr(s, from), *b;

	ck_assert_msg(a, "no %s in:\n%s", from, s);
	a += strlen(from);
	b = strstr(a, to);
	ck_assert_msg(b, "no %s after %s", to, from);
	return xstrndup(a, (size_t)(b - a));
}

START_TEST(test_escape)
{
	struct strbuf sb;

	sb_init(&sb);
	html_escape(&sb, "a&b<c>\"d'e\x01\x7f\tf\ng\xc3\xa9");
	ck_assert_str_eq(sb.buf, "a&amp;b&lt;c&gt;&quot;d&#39;e\x7f\tf\ng\xc3\xa9");
	sb_release(&sb);
	/* the page is UTF-8: a byte that is no UTF-8 (Latin-1, an overlong
	 * form, cut short at the end) as U+FFFD, valid UTF-8 kept */
	html_escape(&sb, "caf\xe9<\xc0\xaf|\xf0\x9f\x98\x80|\xe2\x82");
	ck_assert_str_eq(sb.buf, "caf\xef\xbf\xbd&lt;\xef\xbf\xbd\xef\xbf\xbd|\xf0\x9f\x98\x80|\xef\xbf\xbd\xef\xbf\xbd");
	sb_release(&sb);
}
END_TEST

/* Markup in every field the run gives is text, never markup. */
static struct tu_result odd_tus[] = {
	{ .header = "<b>&\"'.h", .stem = "a b/<c>#?%", .verdict = V_FAIL, .detail = "x < y && \"z\" '</pre>'",
	  .explanation = "<script>alert(1)</script>", .forbidden = "<m>.h: <b> -> <m>", .log = "" },
};
static struct cell_result odd_cell = {
	.arch = "x&y", .config = "<c>", .dir = "/o/x&y/<c>", .display = "x&y/<c>", .reason = "",
	.repro = "cd '<k>' && cc", .note = "<i>note</i>", .tus = odd_tus, .ntus = 1,
};
static struct cell_result *odd_cells[] = { &odd_cell };
static const struct run_results odd_run = { odd_cells, 1 };

START_TEST(test_everything_escaped)
{
	static const struct html_section sec = { "slimness", "Slim <ness>", "slimness.txt", "a <b> & c\n" };
	struct html_options o = { "/o", &sec, 1 };
	char *page = render_html(&odd_run, &o);

	/* the page's own tags, and no other */
	ck_assert_int_eq(count(page, "<script"), 1);
	ck_assert_int_eq(count(page, "<b>"), 0);
	ck_assert_int_eq(count(page, "<c>"), 0);
	ck_assert_int_eq(count(page, "<i>"), 0);
	ck_assert_int_eq(count(page, "<m>"), 0);
	ck_assert_int_eq(count(page, "<k>"), 0);
	ck_assert_ptr_nonnull(strstr(page, "data-cell=\"x&amp;y/&lt;c&gt;\" data-header=\"&lt;b&gt;&amp;&quot;&#39;.h\""));
	ck_assert_ptr_nonnull(strstr(page, "x &lt; y &amp;&amp; &quot;z&quot; &#39;&lt;/pre&gt;&#39;"));
	ck_assert_ptr_nonnull(strstr(page, "why: &lt;script&gt;alert(1)&lt;/script&gt;"));
	ck_assert_ptr_nonnull(strstr(page, "&lt;i&gt;note&lt;/i&gt;"));
	ck_assert_ptr_nonnull(strstr(page, "<pre>a &lt;b&gt; &amp; c\n</pre>"));
	ck_assert_ptr_nonnull(strstr(page, "Slim &lt;ness&gt;"));
	/* a path in a link is percent-encoded */
	ck_assert_ptr_nonnull(strstr(page, "href=\"x%26y/%3Cc%3E/a%20b/%3Cc%3E%23%3F%25.log\""));
	free(page);
}
END_TEST

/* Two levels of column headers, arch then config, x86_64's configs side
 * by side though the run put arm64 between them; one row per header, a
 * square per header and cell, "-" where a cell has no such header. */
START_TEST(test_grid)
{
	char *page = render_html(&run, NULL), *grid = between(page, "<table class=\"g\">", "</table>");
	char *thead = between(grid, "<thead>", "</thead>"), *row;

	ck_assert_str_eq(thead, "\n<tr><th rowspan=\"2\">header</th>"
				"<th class=\"a0\" colspan=\"2\">x86_64</th><th class=\"a0\" colspan=\"1\">arm64</th></tr>\n"
				"<tr><th class=\"vert a0\" data-cell=\"x86_64/defconfig\">defconfig</th>"
				"<th class=\"vert\" data-cell=\"x86_64/debug\">debug</th>"
				"<th class=\"vert a0\" data-cell=\"arm64/defconfig\">defconfig</th></tr>\n");
	ck_assert_int_eq(count(grid, "<tr class="), 3);
	ck_assert_int_eq(count(grid, "data-verdict="), 8);
	ck_assert_int_eq(count(grid, "data-verdict=\"pass\""), 2);
	ck_assert_int_eq(count(grid, "data-verdict=\"fail\""), 2);
	ck_assert_int_eq(count(grid, "data-verdict=\"error\""), 4);
	ck_assert_int_eq(count(grid, "data-verdict=\"skip\""), 0);
	/* an errored cell makes every row one that "fails or errors somewhere" */
	row = between(grid, "<tr class=\"bad\"><th>linux/a.h</th>", "</tr>");
	ck_assert_str_eq(row,
		"<td class=\"v-pass a0\" data-cell=\"x86_64/defconfig\" data-header=\"linux/a.h\" "
		"data-verdict=\"pass\">pass</td>"
		"<td class=\"v-pass\" data-cell=\"x86_64/debug\" data-header=\"linux/a.h\" data-verdict=\"pass\">pass</td>"
		/* an errored cell's squares: the reason once in the notes, not a
		 * details per square */
		"<td class=\"v-error a0\" data-cell=\"arm64/defconfig\" data-header=\"linux/a.h\" data-verdict=\"error\" "
		"title=\"kbuild &#39;make prepare&#39; failed\">error</td>");
	free(row);
	row = between(grid, "<tr class=\"bad\"><th>linux/c.h</th>", "</tr>");
	ck_assert_int_eq(count(row, "<td class=\"v-none\">-</td>"), 1);
	ck_assert_int_eq(count(row, "<details><summary>error</summary>"), 1);
	free(row);
	ck_assert_int_eq(count(grid, "<details><summary>FAIL</summary>"), 2);
	/* the summary line, as the terminal prints it */
	ck_assert_ptr_nonnull(strstr(page, ">hdrtest: 8 cells (header x arch x config): 2 pass, 2 fail, 0 skip, "
					   "4 error</span>"));
	free(thead);
	free(grid);
	free(page);
}
END_TEST

/* A failing square opens to the first diagnostic, the why, the symbols a
 * diagnostic points into, the forbidden chain, the reproducer and a link
 * to the log relative to the page; never the log itself. */
START_TEST(test_failing_square)
{
	struct html_options o = { "/o", NULL, 0 };
	char *page = render_html(&run, &o);
	char *sq = between(page, "data-cell=\"x86_64/defconfig\" data-header=\"linux/b.h\" data-verdict=\"fail\">",
			   "</td>");

	ck_assert_str_eq(sq,
		"<details><summary>FAIL</summary><div class=\"pop\">"
		"<p class=\"ph\">FAIL x86_64/defconfig <code>linux/b.h</code></p>"
		"<pre class=\"diag\">x86_64/defconfig/linux/b.c:3:5: error: unknown type name &#39;u8&#39;</pre>"
		"<pre class=\"why\">why: linux/b.h: b_one() uses u8, defined in linux/types.h, which b.h does not "
		"include</pre>"
		"<p>symbols whose use fails: <code class=\"syms\">b_one, b_three</code></p>"
		"<p>also pulls in the forbidden header <code class=\"chain\">linux/mm.h: linux/b.h -&gt; "
		"linux/mm.h</code></p>"
		"<p>reproduce:</p><pre class=\"repro\">cd /kb &amp;&amp; gcc -O2 -c -o /dev/null "
		"/o/x86_64/defconfig/linux/b.c</pre>"
		"<p>log: <a class=\"log\" href=\"x86_64/defconfig/linux/b.log\">x86_64/defconfig/linux/b.log</a></p>"
		"</div></details>");
	ck_assert_ptr_null(strstr(page, "THE WHOLE LOG"));
	free(sq);
	free(page);

	/* a page written elsewhere links back to OUT */
	o.dir = "/pages/run1";
	page = render_html(&run, &o);
	ck_assert_ptr_nonnull(strstr(page, "href=\"../../o/x86_64/defconfig/linux/b.log\""));
	free(page);
}
END_TEST

/* Above the grid: the failures grouped as the terminal groups them, and
 * notes for kbuild's trouble, errored cells and unreadable results. */
START_TEST(test_failures_and_notes)
{
	char *page = render_html(&run, NULL), *df = between(page, "<section id=\"failures\">", "</section>");
	char *notes = between(page, "<section id=\"notes\">", "</section>");

	ck_assert(strstr(page, "<section id=\"failures\">") < strstr(page, "<section id=\"grid\">"));
	ck_assert(strstr(page, "<section id=\"notes\">") < strstr(page, "<section id=\"grid\">"));
	/* b.h fails the same way in both x86_64 cells: one failure */
	ck_assert_ptr_nonnull(strstr(df, "<h2>1 distinct failure (header, first diagnostic, cells)</h2>"));
	ck_assert_ptr_nonnull(strstr(df, "<p>in: x86_64/defconfig x86_64/debug</p>"));
	ck_assert_ptr_nonnull(strstr(df, "<pre class=\"diag\">linux/b.c:3:5: error: unknown type name &#39;u8&#39;"));
	ck_assert_ptr_nonnull(strstr(notes, "<li>note: x86_64/defconfig: kbuild could not build mm/mmzone.o; its "
					    "TUs use the flags of kernel/bounds.s</li>"));
	ck_assert_ptr_nonnull(strstr(notes, "ERROR</span> arm64/defconfig: kbuild could not prepare it, no header "
					    "was compiled: kbuild &#39;make prepare&#39; failed</li>"));
	ck_assert_ptr_nonnull(strstr(notes, "error</span> x86_64/defconfig <code>linux/c.h</code>: result of TU "
					    "unreadable"));
	/* the errored cell once, not once per header */
	ck_assert_int_eq(count(notes, "arm64/defconfig"), 1);
	free(df);
	free(notes);
	free(page);
}
END_TEST

/* The same results give the same bytes; nothing is fetched from
 * elsewhere, and the page is one document. */
START_TEST(test_deterministic_self_contained)
{
	static const struct html_section sec = { "coverage", "Coverage", "coverage.txt", "line 9 UNCOVERED\n" };
	struct html_options o = { "/o", &sec, 1 };
	char *a = render_html(&run, &o), *b = render_html(&run, &o);

	ck_assert_str_eq(a, b);
	ck_assert(starts_with(a, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"));
	ck_assert_int_eq(count(a, "</html>\n"), 1);
	ck_assert(!strcmp(a + strlen(a) - 8, "</html>\n"));
	ck_assert_ptr_null(strstr(a, "src="));
	ck_assert_ptr_null(strstr(a, "http:"));
	ck_assert_ptr_null(strstr(a, "https:"));
	ck_assert_ptr_null(strstr(a, "<link"));
	ck_assert_ptr_null(strstr(a, "@import"));
	ck_assert_ptr_null(strstr(a, "url("));
	ck_assert_ptr_nonnull(strstr(a, "<section id=\"coverage\">\n<h2>Coverage</h2>\n<details><summary>"
					"coverage.txt</summary>\n<pre>line 9 UNCOVERED\n</pre>"));
	/* every open tag of a square's structure is closed */
	ck_assert_int_eq(count(a, "<details"), count(a, "</details>"));
	ck_assert_int_eq(count(a, "<td"), count(a, "</td>"));
	ck_assert_int_eq(count(a, "<tr"), count(a, "</tr>"));
	ck_assert_int_eq(count(a, "<pre"), count(a, "</pre>"));
	free(a);
	free(b);
}
END_TEST

START_TEST(test_relative_path)
{
	static const struct {
		const char *from, *to, *want;
	} cases[] = {
		{ "/o", "/o/x/d/a.log", "x/d/a.log" },
		{ "/o/", "/o/x/a.log", "x/a.log" },
		{ "/o/sub", "/o/x/a.log", "../x/a.log" },
		{ "/a/b/c", "/x/y.log", "../../../x/y.log" },
		{ "/", "/x/y.log", "x/y.log" },
		{ "/ab", "/abc/y.log", "../abc/y.log" },
		{ "/o", "/o", "." },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = relative_path(cases[i].from, cases[i].to);

		ck_assert_msg(!strcmp(got, cases[i].want), "%s -> %s: %s, not %s", cases[i].from, cases[i].to,
			      got, cases[i].want);
		free(got);
	}
}
END_TEST

Suite *html_suite(void)
{
	Suite *s = suite_create("html");
	TCase *tc = tcase_create("render");

	tcase_add_test(tc, test_escape);
	tcase_add_test(tc, test_everything_escaped);
	tcase_add_test(tc, test_grid);
	tcase_add_test(tc, test_failing_square);
	tcase_add_test(tc, test_failures_and_notes);
	tcase_add_test(tc, test_deterministic_self_contained);
	tcase_add_test(tc, test_relative_path);
	suite_add_tcase(s, tc);
	return s;
}

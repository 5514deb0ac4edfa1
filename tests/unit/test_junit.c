// SPDX-License-Identifier: GPL-2.0
/* JUnit XML, on results built by hand: every verdict once, escaping. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "judge/report.h"
#include "suites.h"

#define XML_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

/* x86_64/defconfig: a.h passes, b.h fails, c.h is skipped; arm64/defconfig
 * could not be prepared, so its d.h is an error. */
static struct tu_result x86_tus[] = {
	{ .header = "linux/a.h", .verdict = V_PASS, .log = "" },
	{ .header = "linux/b.h", .verdict = V_FAIL, .detail = "b.h:3:5: error: unknown type name",
	  .explanation = "b.h needs linux/types.h", .log = "b.h:3:5: error: unknown type name\n" },
	{ .header = "linux/c.h", .verdict = V_SKIP, .detail = "no gcc", .log = "" },
};
static struct tu_result arm_tus[] = {
	{ .header = "linux/d.h", .verdict = V_ERROR, .detail = "kbuild 'make prepare' failed", .log = "" },
};
static struct cell_result x86_cell = {
	.arch = "x86_64", .config = "defconfig", .tus = x86_tus, .ntus = 3,
};
static struct cell_result arm_cell = {
	.arch = "arm64", .config = "defconfig", .errored = 1, .tus = arm_tus, .ntus = 1,
};
static struct cell_result *cells[] = { &x86_cell, &arm_cell };
static const struct run_results run = { cells, 2 };

START_TEST(test_each_verdict)
{
	char *xml = render_junit(&run);

	ck_assert_str_eq(xml, XML_HEAD
		"<testsuites name=\"hdrtest\" tests=\"4\" failures=\"1\" errors=\"1\">\n"
		"  <testsuite name=\"x86_64/defconfig\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">\n"
		"    <testcase classname=\"hdrtest.x86_64.defconfig\" name=\"x86_64/defconfig/linux/a.h\"/>\n"
		"    <testcase classname=\"hdrtest.x86_64.defconfig\" name=\"x86_64/defconfig/linux/b.h\">\n"
		"      <failure type=\"compile\" message=\"b.h:3:5: error: unknown type name\">"
		"b.h:3:5: error: unknown type name\nwhy: b.h needs linux/types.h</failure>\n"
		"      <system-out><![CDATA[b.h:3:5: error: unknown type name\n]]></system-out>\n"
		"    </testcase>\n"
		"    <testcase classname=\"hdrtest.x86_64.defconfig\" name=\"x86_64/defconfig/linux/c.h\">\n"
		"      <skipped message=\"no gcc\">no gcc</skipped>\n"
		"    </testcase>\n"
		"  </testsuite>\n"
		"  <testsuite name=\"arm64/defconfig\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
		"    <testcase classname=\"hdrtest.arm64.defconfig\" name=\"arm64/defconfig/linux/d.h\">\n"
		"      <error type=\"kbuild\" message=\"kbuild 'make prepare' failed\">kbuild 'make prepare' failed</error>\n"
		"    </testcase>\n"
		"  </testsuite>\n"
		"</testsuites>\n");
	free(xml);
}
END_TEST

/* Markup in names and messages is escaped ("'" may stay: every attribute
 * is in double quotes); a log holding "]]>" cannot end the CDATA early. */
static struct tu_result odd_tus[] = {
	{ .header = "a&b<c>\"d'.h", .verdict = V_FAIL, .detail = "x < y && y > \"z\" 'w'\nnext",
	  .log = "a]]>b]]]>c" },
	{ .header = "s.h", .verdict = V_SKIP, .detail = "<no> & \"gcc\"", .log = "" },
};
static struct cell_result odd_cell = {
	.arch = "x&y", .config = "<c>", .tus = odd_tus, .ntus = 2,
};
static struct cell_result *odd_cells[] = { &odd_cell };
static const struct run_results odd_run = { odd_cells, 1 };

START_TEST(test_escaping)
{
	char *xml = render_junit(&odd_run);

	ck_assert_str_eq(xml, XML_HEAD
		"<testsuites name=\"hdrtest\" tests=\"2\" failures=\"1\" errors=\"0\">\n"
		"  <testsuite name=\"x&amp;y/&lt;c&gt;\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\">\n"
		"    <testcase classname=\"hdrtest.x&amp;y.&lt;c&gt;\" name=\"x&amp;y/&lt;c&gt;/a&amp;b&lt;c&gt;&quot;d'.h\">\n"
		"      <failure type=\"compile\" message=\"x &lt; y &amp;&amp; y &gt; &quot;z&quot; 'w'&#10;next\">"
		"x &lt; y &amp;&amp; y &gt; \"z\" 'w'\nnext</failure>\n"
		"      <system-out><![CDATA[a]]]]><![CDATA[>b]]]]]><![CDATA[>c]]></system-out>\n"
		"    </testcase>\n"
		"    <testcase classname=\"hdrtest.x&amp;y.&lt;c&gt;\" name=\"x&amp;y/&lt;c&gt;/s.h\">\n"
		"      <skipped message=\"&lt;no&gt; &amp; &quot;gcc&quot;\">&lt;no&gt; &amp; \"gcc\"</skipped>\n"
		"    </testcase>\n"
		"  </testsuite>\n"
		"</testsuites>\n");
	free(xml);
}
END_TEST

/* Whatever a log holds, the CDATA section ends only once: at its end. */
START_TEST(test_cdata_closes_once)
{
	char *xml = render_junit(&odd_run), *cdata = strstr(xml, "<system-out>"), *end, *p;
	int n = 0;

	ck_assert_ptr_nonnull(cdata);
	end = strstr(cdata, "</system-out>");
	ck_assert_ptr_nonnull(end);
	for (p = strstr(cdata, "]]>"); p && p < end; p = strstr(p + 3, "]]>"))
		n++;
	/* one per "]]>" of the log (each split in two sections), one at the end */
	ck_assert_int_eq(n, 3);
	ck_assert_msg(!strncmp(end - 3, "]]>", 3), "%s", xml);
	free(xml);
}
END_TEST

/* A log or a diagnostic may hold any bytes: a control character XML does
 * not allow is dropped, a byte that is no UTF-8 (a stray Latin-1 byte, a
 * surrogate, an overlong form, U+FFFF) becomes U+FFFD, valid UTF-8 stays;
 * tabs and line breaks in an attribute are character references. */
static struct tu_result bytes_tus[] = {
	{ .header = "e.h", .verdict = V_FAIL, .detail = "a\tb\rc\x01" "d\xe9" "e \xe2\x80\x98q\xe2\x80\x99",
	  .log = "\x1b[1m\xed\xa0\x80|\xc0\xaf|\xef\xbf\xbf|\xf0\x9f\x98\x80|\xf4\x90\x80\x80|\xe2\x82" },
};
static struct cell_result bytes_cell = {
	.arch = "x86_64", .config = "defconfig", .tus = bytes_tus, .ntus = 1,
};
static struct cell_result *bytes_cells[] = { &bytes_cell };
static const struct run_results bytes_run = { bytes_cells, 1 };

#define FFFD "\xef\xbf\xbd"

START_TEST(test_bytes_xml_cannot_hold)
{
	char *xml = render_junit(&bytes_run);

	ck_assert_msg(strstr(xml, "<failure type=\"compile\" message=\"a&#9;b&#13;cd" FFFD "e "
				  "\xe2\x80\x98q\xe2\x80\x99\">a\tb\rcd" FFFD "e \xe2\x80\x98q\xe2\x80\x99</failure>\n"),
		      "%s", xml);
	ck_assert_msg(strstr(xml, "<system-out><![CDATA[[1m" FFFD FFFD FFFD "|" FFFD FFFD "|" FFFD FFFD FFFD "|"
				  "\xf0\x9f\x98\x80|" FFFD FFFD FFFD FFFD "|" FFFD FFFD "]]></system-out>\n"), "%s", xml);
	free(xml);
}
END_TEST

Suite *junit_suite(void)
{
	Suite *s = suite_create("junit");
	TCase *tc = tcase_create("render");

	tcase_add_test(tc, test_each_verdict);
	tcase_add_test(tc, test_escaping);
	tcase_add_test(tc, test_cdata_closes_once);
	tcase_add_test(tc, test_bytes_xml_cannot_hold);
	suite_add_tcase(s, tc);
	return s;
}

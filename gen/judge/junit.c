// SPDX-License-Identifier: GPL-2.0
/*
 * JUnit XML, for GitLab and Jenkins: one testsuite per (arch, config), one
 * testcase per header, named ARCH/CONFIG/HEADER (GitLab shows only the
 * first of the testcases that share a name, whatever their suite); the first diagnostic is the failure message, the
 * failure's text the diagnostic and why, and the whole compiler log the
 * testcase's system-out.  A header kbuild could not compile (its cell
 * errored) or whose result is unreadable is an <error>.  GitLab shows the
 * text of a failure, error or skipped element, not its message, so both
 * are written.  The file is valid against tests/junit/junit.xsd, written
 * from GitLab's documented structure, and against Jenkins' junit-10.xsd:
 * so no attribute that one of them lacks (no time: TUs are not timed, and
 * the file is the same bytes for the same results).
 */
#include <string.h>

#include "judge/report.h"
#include "base/util.h"

/* The length of the UTF-8 sequence at s if it encodes a character XML 1.0
 * allows, else 0: a log may hold any bytes, and one stray byte would make
 * the whole file unreadable. */
static int xml_char_len(const unsigned char *s)
{
	unsigned int cp;
	int n = utf8_len((const char *)s, &cp);

	if (n == 1)
		return cp >= 0x20 || cp == '\t' || cp == '\n' || cp == '\r';
	return n && cp != 0xfffe && cp != 0xffff ? n : 0;
}

enum xml_mode { XML_ATTR, XML_TEXT, XML_CDATA };

/* s as an attribute value (in double quotes), element text or the inside
 * of a CDATA section.  A control character XML does not allow is dropped,
 * a byte that is no UTF-8 becomes U+FFFD. */
static void xml_put(struct strbuf *sb, const char *str, enum xml_mode mode)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		int n = xml_char_len(s);

		if (!n) {
			if (*s >= 0x80)
				sb_add(sb, "\xef\xbf\xbd");
			s++;
			continue;
		}
		if (mode == XML_CDATA && !strncmp((const char *)s, "]]>", 3)) {
			/* CDATA cannot hold "]]>": close and reopen it */
			sb_add(sb, "]]]]><![CDATA[>");
			s += 3;
			continue;
		}
		if (mode != XML_CDATA && *s == '&')
			sb_add(sb, "&amp;");
		else if (mode != XML_CDATA && *s == '<')
			sb_add(sb, "&lt;");
		else if (mode != XML_CDATA && *s == '>')
			sb_add(sb, "&gt;");
		else if (mode == XML_ATTR && *s == '"')
			sb_add(sb, "&quot;");
		/* an attribute's own tabs and line breaks would be read as spaces */
		else if (mode == XML_ATTR && *s == '\n')
			sb_add(sb, "&#10;");
		else if (mode == XML_ATTR && *s == '\r')
			sb_add(sb, "&#13;");
		else if (mode == XML_ATTR && *s == '\t')
			sb_add(sb, "&#9;");
		else
			sb_addn(sb, (const char *)s, n);
		s += n;
	}
}

static void xml_attr(struct strbuf *sb, const char *s)
{
	xml_put(sb, s, XML_ATTR);
}

/* A failure is the header's; an error says it was not judged (GitLab and
 * Jenkins show the two apart). */
static void junit_problem(struct strbuf *sb, const struct cell_result *c, const struct tu_result *tu)
{
	const char *tag = tu->verdict == V_FAIL ? "failure" : "error";

	sb_addf(sb, "      <%s type=\"%s\" message=\"", tag,
		tu->verdict == V_ERROR ? (c->errored ? "kbuild" : "result") : tu->drifted ? "drift" : "compile");
	xml_attr(sb, tu->detail);
	sb_add(sb, "\">");
	xml_put(sb, tu->detail, XML_TEXT);
	if (tu->explanation) {
		sb_add(sb, "\nwhy: ");
		xml_put(sb, tu->explanation, XML_TEXT);
	}
	sb_addf(sb, "</%s>\n", tag);
	if (!c->errored) {
		sb_add(sb, "      <system-out><![CDATA[");
		xml_put(sb, tu->log, XML_CDATA);
		sb_add(sb, "]]></system-out>\n");
	}
}

char *render_junit(const struct run_results *r)
{
	struct strbuf sb;
	struct tally t;
	int i, j;

	tally_run(r, &t);
	sb_init(&sb);
	sb_add(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	/* no skipped here: Jenkins' schema has none on testsuites */
	sb_addf(&sb, "<testsuites name=\"hdrtest\" tests=\"%d\" failures=\"%d\" errors=\"%d\">\n",
		t.pass + t.fail + t.skip + t.error, t.fail, t.error);
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];
		struct tally ct;

		tally_cell(c, &ct);
		sb_add(&sb, "  <testsuite name=\"");
		xml_attr(&sb, c->arch);
		sb_addc(&sb, '/');
		xml_attr(&sb, c->config);
		sb_addf(&sb, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\">\n", c->ntus, ct.fail,
			ct.error, ct.skip);
		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *tu = &c->tus[j];

			sb_add(&sb, "    <testcase classname=\"hdrtest.");
			xml_attr(&sb, c->arch);
			sb_addc(&sb, '.');
			xml_attr(&sb, c->config);
			/* the cell in the name too: GitLab keeps one of two
			 * testcases with the same name, across suites */
			sb_add(&sb, "\" name=\"");
			xml_attr(&sb, c->arch);
			sb_addc(&sb, '/');
			xml_attr(&sb, c->config);
			sb_addc(&sb, '/');
			xml_attr(&sb, tu->header);
			if (tu->verdict == V_PASS) {
				sb_add(&sb, "\"/>\n");
				continue;
			}
			sb_add(&sb, "\">\n");
			if (tu->verdict == V_SKIP) {
				sb_add(&sb, "      <skipped message=\"");
				xml_attr(&sb, tu->detail);
				sb_add(&sb, "\">");
				xml_put(&sb, tu->detail, XML_TEXT);
				sb_add(&sb, "</skipped>\n");
			} else {
				junit_problem(&sb, c, tu);
			}
			sb_add(&sb, "    </testcase>\n");
		}
		sb_add(&sb, "  </testsuite>\n");
	}
	sb_add(&sb, "</testsuites>\n");
	return sb_detach(&sb);
}

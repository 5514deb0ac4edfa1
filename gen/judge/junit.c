// SPDX-License-Identifier: GPL-2.0
/*
 * JUnit XML, for GitLab and Jenkins: one testsuite per (arch, config), one
 * testcase per header; the first diagnostic is the failure message and the
 * whole compiler log the testcase's system-out.  A header kbuild could not
 * compile (its cell errored) or whose result is unreadable is an <error>.
 */
#include <string.h>

#include "judge/report.h"
#include "base/util.h"

/* XML 1.0 allows tab, newline and carriage return among control chars. */
static int xml_char_ok(unsigned char c)
{
	return c >= 0x20 || c == '\t' || c == '\n' || c == '\r';
}

static void xml_attr(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': sb_add(sb, "&amp;"); break;
		case '<': sb_add(sb, "&lt;"); break;
		case '>': sb_add(sb, "&gt;"); break;
		case '"': sb_add(sb, "&quot;"); break;
		case '\n': sb_add(sb, "&#10;"); break;
		default:
			if (xml_char_ok(*s))
				sb_addc(sb, *s);
		}
	}
}

/* CDATA cannot hold "]]>": close and reopen the section around it. */
static void xml_cdata(struct strbuf *sb, const char *s)
{
	sb_add(sb, "<![CDATA[");
	for (; *s; s++) {
		if (!strncmp(s, "]]>", 3)) {
			sb_add(sb, "]]]]><![CDATA[>");
			s += 2;
			continue;
		}
		if (xml_char_ok(*s))
			sb_addc(sb, *s);
	}
	sb_add(sb, "]]>");
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
	if (tu->explanation)
		xml_attr(sb, tu->explanation);
	sb_addf(sb, "</%s>\n", tag);
	if (!c->errored) {
		sb_add(sb, "      <system-out>");
		xml_cdata(sb, tu->log);
		sb_add(sb, "</system-out>\n");
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
	sb_addf(&sb, "<testsuites name=\"hdrtest\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\">\n",
		t.pass + t.fail + t.skip + t.error, t.fail, t.error, t.skip);
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
			sb_add(&sb, "\" name=\"");
			xml_attr(&sb, tu->header);
			if (tu->verdict == V_PASS) {
				sb_add(&sb, "\"/>\n");
				continue;
			}
			sb_add(&sb, "\">\n");
			if (tu->verdict == V_SKIP) {
				sb_add(&sb, "      <skipped message=\"");
				xml_attr(&sb, tu->detail);
				sb_add(&sb, "\"/>\n");
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

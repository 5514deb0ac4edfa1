/* SPDX-License-Identifier: GPL-2.0 */
/* The verdicts as one self-contained HTML page: the summary, the distinct
 * failures, notes, and a grid of header x cell in which each failing
 * square opens to its diagnostic, why, reproducer and log. */
#ifndef HDRTEST_HTML_H
#define HDRTEST_HTML_H

#include "judge/report.h"

/* The text another step left in OUT, shown as it is in a section of its
 * own (slimness.txt, coverage.txt, fix/summary.txt). */
struct html_section {
	const char *id;		/* the section's id in the page */
	const char *title;
	const char *file;	/* where the text came from, as shown */
	const char *text;
};

struct html_options {
	/* the absolute dir the page is written to: links to the logs are
	 * relative to it; NULL: the page is in OUT */
	const char *dir;
	const struct html_section *sections;
	int nsections;
};

/* The page (caller frees).  The same results give the same bytes. */
char *render_html(const struct run_results *r, const struct html_options *o);

/* s with &, <, >, " and ' as character references, control characters
 * but tab and newline left out, and a byte that is no UTF-8 as U+FFFD:
 * safe in text and in a quoted attribute. */
void html_escape(struct strbuf *sb, const char *s);

/* The relative path from the absolute dir from to the absolute path to
 * (both without "." or ".." components; caller frees). */
char *relative_path(const char *from, const char *to);

#endif

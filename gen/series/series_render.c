// SPDX-License-Identifier: GPL-2.0
/* What the series report says, in each of its forms: the summary, the
 * step x cell x header table, KTAP, b4's review-check JSON and the HTML
 * page (see series_report.h). */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "judge/html.h"
#include "judge/report.h"
#include "series/series_report.h"

/* The steps at which a span's why changed (not its first). */
static void span_whys(const struct series_report *r, const struct failure_span *sp, struct strbuf *sb,
		      const char *indent)
{
	const struct series_row *row = &r->rows[sp->row];
	int s, last = -1;

	for (s = sp->first; s <= sp->last; s++) {
		if (row->state[s] != SS_FAIL || !row->why[s] ||
		    (last >= 0 && series_same_why(row->why[last], row->expl[last], row->why[s], row->expl[s])))
			continue;
		sb_addf(sb, "%s%s%s: %s\n", indent, last >= 0 ? "why changed at " : "", r->series->steps[s].num,
			row->why[s]);
		if (row->expl[s])
			sb_addf(sb, "%s      why: %s\n", indent, row->expl[s]);
		last = s;
	}
}

/* Whether two spans are one distinct failure: the same header, first
 * bad and fixing patch, and the same whys at the same steps. */
static int same_failure(const struct series_report *r, const struct failure_span *a, const struct failure_span *b)
{
	const struct series_row *x = &r->rows[a->row], *y = &r->rows[b->row];
	int s;

	if (strcmp(x->header, y->header) || a->first != b->first || a->fixed != b->fixed || a->last != b->last)
		return 0;
	for (s = a->first; s <= a->last; s++)
		if (x->state[s] != y->state[s] || !series_same_why(x->why[s], x->expl[s], y->why[s], y->expl[s]))
			return 0;
	return 1;
}

/* The rows that pass at the step before step and are a skip at it, one
 * line each into sb (if not NULL) with the skip's reason; how many.  A
 * patch that turns a header's test into a skip does not do it unseen. */
static int newly_skipped(const struct series_report *r, int step, struct strbuf *sb, const char *prefix)
{
	int i, n = 0;

	for (i = 0; step > 0 && i < r->nrows; i++) {
		const struct series_row *row = &r->rows[i];

		if (row->state[step] != SS_SKIP || row->state[step - 1] != SS_PASS)
			continue;
		n++;
		if (sb)
			sb_addf(sb, "%sskipped %s %s: %s\n", prefix, row->cell, row->header,
				row->why[step] ? row->why[step] : "");
	}
	return n;
}

static const char *step_label(const struct series_report *r, int s)
{
	return s == 0 ? "the base" : r->series->steps[s].num;
}

char *series_summary_text(const struct series_report *r)
{
	const struct series *se = r->series;
	struct strbuf sb;
	int *done = xcalloc((size_t)r->nspans + 1, sizeof(int));
	int s, i, j, ncells = 0, nheaders = 0;

	sb_init(&sb);
	for (i = 0; i < r->nrows; i++) {
		for (j = 0; j < i && strcmp(r->rows[j].cell, r->rows[i].cell); j++)
			;
		ncells += j == i;
		for (j = 0; j < i && strcmp(r->rows[j].header, r->rows[i].header); j++)
			;
		nheaders += j == i && strcmp(r->rows[i].header, SERIES_KBUILD);	/* a cell's build is no header */
	}
	sb_addf(&sb, "hdrtest series: %d of %d steps (the base and %d patches), %d cells, %d headers\n\n", r->nsteps,
		se->n, se->n - 1, ncells, nheaders);
	sb_addf(&sb, "%-5s %-58s %4s %6s %8s %7s\n", "step", "patch", "new", "fixed", "failing", "absent");
	for (s = 0; s < se->n; s++) {
		int nw, fx, fl, ab;
		const char *subj = se->steps[s].subject;

		if (s >= r->nsteps) {
			sb_addf(&sb, "%-5s %-58.58s %s\n", se->steps[s].num, subj,
				s == r->stopped ? "does not apply: stopped here" : "not run");
			continue;
		}
		series_step_counts(r, s, &nw, &fx, &fl, &ab);
		sb_addf(&sb, "%-5s %-58.58s %4d %6d %8d %7d\n", se->steps[s].num, subj, nw, fx, fl, ab);
	}
	sb_add(&sb, "\n");
	if (!r->nspans)
		sb_add(&sb, "No header fails at any step.\n");
	else
		sb_add(&sb, "Failures, by header (first bad patch, fixing patch, and why at each step):\n");
	for (i = 0; i < r->nspans; i++) {
		const struct failure_span *sp = &r->spans[i];

		if (done[i])
			continue;
		sb_addf(&sb, "  %s on %s", r->rows[sp->row].header, r->rows[sp->row].cell);
		for (j = i + 1; j < r->nspans; j++)
			if (!done[j] && same_failure(r, sp, &r->spans[j])) {
				done[j] = 1;
				sb_addf(&sb, " %s", r->rows[r->spans[j].row].cell);
			}
		if (sp->first == 0)
			sb_add(&sb, ": failing in the base tree already");
		else
			sb_addf(&sb, ": first bad %s (%s)", step_label(r, sp->first), se->steps[sp->first].subject);
		if (sp->fixed > 0)
			sb_addf(&sb, "; fixed by %s (%s)%s\n", se->steps[sp->fixed].num, se->steps[sp->fixed].subject,
				r->rows[sp->row].state[sp->fixed] == SS_ABSENT ? " by removing the header" : "");
		else
			sb_addf(&sb, "; still failing at %s\n", se->steps[r->nsteps - 1].num);
		span_whys(r, sp, &sb, "      ");
	}
	sb_add(&sb, "\n");
	for (s = 1, i = 0; s < r->nsteps; s++)
		i += newly_skipped(r, s, NULL, "");
	if (i) {
		sb_add(&sb, "Passing headers a patch made skips (check that it means them not to stand alone there):\n");
		for (s = 1; s < r->nsteps; s++) {
			struct strbuf lines;

			sb_init(&lines);
			if (newly_skipped(r, s, &lines, "    ")) {
				sb_addf(&sb, "  at %s (%s):\n", se->steps[s].num, se->steps[s].subject);
				sb_add(&sb, lines.buf);
			}
			sb_release(&lines);
		}
		sb_add(&sb, "\n");
	}
	if (r->stopped >= 0)
		sb_addf(&sb, "Stopped at %s: %s\n", se->steps[r->stopped].num,
			r->stop_reason ? r->stop_reason : "the step could not be made");
	if (series_bisectable(r)) {
		sb_add(&sb, "Bisectable for header self-containedness: yes (no patch introduces a failure that a later "
			    "patch fixes)\n");
	} else {
		sb_add(&sb, "Bisectable for header self-containedness: no:");
		for (i = 0; i < r->nspans; i++)
			if (r->spans[i].first > 0 && r->spans[i].fixed > 0)
				sb_addf(&sb, " %s breaks %s on %s until %s;", se->steps[r->spans[i].first].num,
					r->rows[r->spans[i].row].header, r->rows[r->spans[i].row].cell,
					se->steps[r->spans[i].fixed].num);
		sb.buf[sb.len - 1] = '\n';
	}
	free(done);
	return sb_detach(&sb);
}

char *series_tsv(const struct series_report *r)
{
	struct strbuf sb;
	int s, i;

	sb_init(&sb);
	for (s = 0; s < r->nsteps; s++)
		for (i = 0; i < r->nrows; i++) {
			const struct series_row *row = &r->rows[i];

			sb_addf(&sb, "%s\t%s\t%s\t%s\t%s\t%s\n", r->series->steps[s].num, r->series->steps[s].name,
				row->cell, row->header, series_state_name(row->state[s]), row->why[s] ? row->why[s] : "");
		}
	return sb_detach(&sb);
}

/* The rows whose span starts (what "new") or is fixed at step. */
static void step_lines(const struct series_report *r, int step, const char *what, struct strbuf *sb,
		       const char *prefix)
{
	int i;

	for (i = 0; i < r->nspans; i++) {
		const struct failure_span *sp = &r->spans[i];
		const struct series_row *row = &r->rows[sp->row];
		int hit = !strcmp(what, "new") ? sp->first == step && step > 0 :
			  !strcmp(what, "fixed") ? sp->fixed == step :
			  sp->first < step && sp->last >= step && row->state[step] == SS_FAIL &&
			  row->state[step - 1] == SS_FAIL &&
			  !series_same_why(row->why[step], row->expl[step], row->why[step - 1], row->expl[step - 1]);

		if (!hit)
			continue;
		sb_addf(sb, "%s%s %s %s", prefix, what, row->cell, row->header);
		if (strcmp(what, "fixed")) {
			sb_add(sb, ": ");
			sb_add(sb, row->why[step] ? row->why[step] : "");
			if (row->expl[step])
				sb_addf(sb, " (why: %s)", row->expl[step]);
		}
		sb_addc(sb, '\n');
	}
}

/* A step's test name: its patch's file name without ".patch"
 * ("0006-linux-mm.h-move-page_address-and-others-to-mm-page_a"), its
 * number and commit, or "0000-base". */
static void ktap_name(struct strbuf *sb, const struct series *se, int s)
{
	const struct series_step *st = &se->steps[s];
	size_t len = strlen(st->name);

	if (st->patch) {
		char *name = xstrndup(st->name, ends_with(st->name, ".patch") ? len - 6 : len);

		ktap_put(sb, name, 1);
		free(name);
	} else if (st->commit && s > 0) {
		sb_addf(sb, "%s-%.12s", st->num, st->commit);
	} else {
		sb_addf(sb, "%s-base", st->num);
	}
}

char *series_ktap(const struct series_report *r)
{
	const struct series *se = r->series;
	struct strbuf sb, lines;
	int s;

	sb_init(&sb);
	sb_add(&sb, "KTAP version 1\n# hdrtest series: does each patch keep the catalogued headers self-contained?\n");
	sb_addf(&sb, "1..%d\n", se->n);
	for (s = 0; s < se->n; s++) {
		int nw, fx, fl, ab;
		const char *cur;
		char *line, *text;

		if (s >= r->nsteps) {
			sb_addf(&sb, "ok %d ", s + 1);
			ktap_name(&sb, se, s);
			sb_add(&sb, " # SKIP ");
			ktap_put(&sb, s == r->stopped ? "the patch does not apply" : "not run: an earlier patch does not apply", 1);
			sb_addc(&sb, '\n');
			continue;
		}
		series_step_counts(r, s, &nw, &fx, &fl, &ab);
		sb_add(&sb, "# ");
		ktap_put(&sb, se->steps[s].subject, 0);
		sb_addf(&sb, "\n# %d new, %d fixed, %d failing, %d absent\n", nw, fx, fl, ab);
		sb_init(&lines);
		step_lines(r, s, "new", &lines, "");
		step_lines(r, s, "why-changed", &lines, "");
		step_lines(r, s, "fixed", &lines, "");
		newly_skipped(r, s, &lines, "");
		text = sb_detach(&lines);
		for (cur = text; *cur;) {
			size_t len = strcspn(cur, "\n");

			line = xstrndup(cur, len);
			sb_add(&sb, "# ");
			ktap_put(&sb, line, 0);
			sb_addc(&sb, '\n');
			free(line);
			cur += len + (cur[len] == '\n');
		}
		free(text);
		sb_addf(&sb, "%s %d ", nw ? "not ok" : "ok", s + 1);
		ktap_name(&sb, se, s);
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

/* s as a JSON string.  JSON is UTF-8: a byte that is no UTF-8 (a log's
 * Latin-1 comment) becomes U+FFFD, or a strict reader refuses the file. */
static void json_string(struct strbuf *sb, const char *s)
{
	sb_addc(sb, '"');
	while (*s) {
		unsigned char c = *s;
		int n = utf8_len(s, NULL);

		if (!n)
			sb_add(sb, "\xef\xbf\xbd");
		else if (n > 1)
			sb_addn(sb, s, n);
		else if (c == '"' || c == '\\')
			sb_addf(sb, "\\%c", c);
		else if (c == '\n')
			sb_add(sb, "\\n");
		else if (c == '\t')
			sb_add(sb, "\\t");
		else if (c < 0x20 || c == 0x7f)
			sb_addf(sb, "\\u%04x", c);
		else
			sb_addc(sb, c);
		s += n ? n : 1;
	}
	sb_addc(sb, '"');
}

char *series_review_json(const struct series_report *r, int step, const char *url)
{
	struct strbuf sb, d;
	int nw, fx, fl, ab, sk;
	const char *status;
	char *summary, *details;

	series_step_counts(r, step, &nw, &fx, &fl, &ab);
	sk = newly_skipped(r, step, NULL, "");
	status = nw ? "fail" : fl || sk ? "warn" : "pass";
	if (nw)
		summary = xasprintf("%d header test%s newly failing (%d still failing, %d fixed)", nw, nw == 1 ? "" : "s",
				    fl - nw, fx);
	else if (fl)
		summary = xasprintf("no new failure; %d header test%s failing from before this patch, %d fixed", fl,
				    fl == 1 ? "" : "s", fx);
	else if (sk)
		summary = xasprintf("no failure; %d header test%s that passed now skipped (%d fixed)", sk,
				    sk == 1 ? "" : "s", fx);
	else
		summary = xasprintf("every catalogued header is self-contained (%d fixed, %d absent yet)", fx, ab);
	sb_init(&d);
	step_lines(r, step, "new", &d, "");
	step_lines(r, step, "why-changed", &d, "");
	step_lines(r, step, "fixed", &d, "");
	newly_skipped(r, step, &d, "");
	if (r->moves[step] && *r->moves[step]) {
		const char *p = r->moves[step];

		while (*p) {
			size_t len = strcspn(p, "\n");
			char *line = xstrndup(p, len), *f[4] = { line, NULL, NULL, NULL }, *t = line;
			int k;

			for (k = 1; k < 4 && (t = strchr(t, '\t')); k++) {
				*t++ = '\0';
				f[k] = t;
			}
			if (k == 4 && strcmp(f[2], "absent"))
				sb_addf(&d, "%s %s %s: %s\n", f[2], f[1], f[0], f[3]);
			free(line);
			p += len + (p[len] == '\n');
		}
	}
	details = sb_detach(&d);
	sb_init(&sb);
	sb_add(&sb, "[{\"tool\": \"hdrtest\", \"status\": ");
	json_string(&sb, status);
	sb_add(&sb, ", \"summary\": ");
	json_string(&sb, summary);
	sb_add(&sb, ", \"url\": ");
	json_string(&sb, url ? url : "");
	sb_add(&sb, ", \"details\": ");
	json_string(&sb, details);
	sb_add(&sb, "}]\n");
	free(summary);
	free(details);
	return sb_detach(&sb);
}

char *series_html(const struct series_report *r)
{
	const struct series *se = r->series;
	struct strbuf sb;
	char *summary = series_summary_text(r);
	int i, s;

	sb_init(&sb);
	sb_add(&sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<title>hdrtest series</title>\n<style>\n"
		    "body { font-family: sans-serif; margin: 1em; }\n"
		    "table { border-collapse: collapse; }\n"
		    "td, th { border: 1px solid #ccc; padding: 2px 6px; font-size: 90%; }\n"
		    "th.patch { writing-mode: vertical-rl; text-align: left; }\n"
		    "td.pass { background: #cfc; } td.fail { background: #fbb; } td.absent { background: #eee; color: #888; }\n"
		    "td.skip, td.error, td.none { background: #ffd; }\n"
		    "td.firstbad { outline: 3px solid #c00; font-weight: bold; }\n"
		    "pre { white-space: pre-wrap; }\n</style>\n</head>\n<body>\n");
	sb_add(&sb, "<h1>hdrtest series</h1>\n<pre id=\"summary\">");
	html_escape(&sb, summary);
	sb_add(&sb, "</pre>\n");
	free(summary);
	for (i = 0; i < r->nrows; i++) {
		const struct series_row *row = &r->rows[i];
		int j, first = !i || strcmp(r->rows[i - 1].cell, row->cell);

		if (first) {
			if (i)
				sb_add(&sb, "</table>\n");
			sb_add(&sb, "<h2>");
			html_escape(&sb, row->cell);
			sb_add(&sb, "</h2>\n<table>\n<tr><th>header</th>");
			for (s = 0; s < r->nsteps; s++) {
				/* the patch's anchor (review.json's url) on the first cell's table */
				if (!i)
					sb_addf(&sb, "<th class=\"patch\" id=\"p%s\" title=\"", se->steps[s].num);
				else
					sb_add(&sb, "<th class=\"patch\" title=\"");
				html_escape(&sb, se->steps[s].subject);
				sb_addf(&sb, "\">%s</th>", se->steps[s].num);
			}
			sb_add(&sb, "</tr>\n");
		}
		sb_add(&sb, "<tr><td>");
		html_escape(&sb, row->header);
		sb_add(&sb, "</td>");
		for (s = 0; s < r->nsteps; s++) {
			int firstbad = 0;

			for (j = 0; j < r->nspans; j++)
				firstbad |= r->spans[j].row == i && r->spans[j].first == s && s > 0;
			sb_addf(&sb, "<td class=\"%s%s\"", row->state[s] == SS_NONE ? "none" : series_state_name(row->state[s]),
				firstbad ? " firstbad" : "");
			if (row->why[s]) {
				sb_add(&sb, " title=\"");
				html_escape(&sb, row->why[s]);
				if (row->expl[s]) {
					sb_add(&sb, "\nwhy: ");
					html_escape(&sb, row->expl[s]);
				}
				sb_add(&sb, "\"");
			}
			sb_addf(&sb, ">%s</td>", row->state[s] == SS_FAIL ? (firstbad ? "FAIL" : "fail") :
						 row->state[s] == SS_PASS ? "ok" : series_state_name(row->state[s]));
		}
		sb_add(&sb, "</tr>\n");
	}
	if (r->nrows)
		sb_add(&sb, "</table>\n");
	sb_add(&sb, "</body>\n</html>\n");
	return sb_detach(&sb);
}

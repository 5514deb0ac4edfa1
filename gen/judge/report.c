// SPDX-License-Identifier: GPL-2.0
#include "judge/report.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Add the verdicts of one cell to t. */
static void add_cell(const struct cell_result *c, struct tally *t)
{
	int j;

	for (j = 0; j < c->ntus; j++) {
		switch (c->tus[j].verdict) {
		case V_PASS:
			t->pass++;
			break;
		case V_FAIL:
			t->fail++;
			break;
		case V_SKIP:
			t->skip++;
			break;
		case V_ERROR:
			t->error++;
			break;
		}
	}
}

void tally_cell(const struct cell_result *c, struct tally *t)
{
	memset(t, 0, sizeof(*t));
	add_cell(c, t);
}

void tally_run(const struct run_results *r, struct tally *t)
{
	int i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < r->ncells; i++)
		add_cell(r->cells[i], t);
}

const struct tu_result *find_tu(const struct cell_result *c, const char *header)
{
	int i;

	for (i = 0; i < c->ntus; i++)
		if (!strcmp(c->tus[i].header, header))
			return &c->tus[i];
	return NULL;
}

int collect_headers(const struct run_results *r, const char ***out)
{
	const char **hs = NULL;
	int n = 0, i, j, k;

	for (i = 0; i < r->ncells; i++) {
		for (j = 0; j < r->cells[i]->ntus; j++) {
			const char *h = r->cells[i]->tus[j].header;

			for (k = 0; k < n && strcmp(hs[k], h); k++)
				;
			if (k == n)
				*(const char **)push(&hs, &n, sizeof(char *)) = h;
		}
	}
	*out = hs;
	return n;
}


/* Many cells do not fit side by side: one line per cell instead, with the
 * headers that fail in it. */
static void write_cell_lines(FILE *f, const struct run_results *r)
{
	int i, j, w = 4;

	for (i = 0; i < r->ncells; i++) {
		int cw = (int)(strlen(r->cells[i]->arch) + 1 + strlen(r->cells[i]->config));

		if (cw > w)
			w = cw;
	}
	fprintf(f, "%-*s  %4s  %4s  %4s  %5s  %s\n", w, "cell", "pass", "fail", "skip", "error", "failing headers");
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];
		struct tally t;
		struct strbuf names;
		char *cell = xasprintf("%s/%s", c->arch, c->config);

		tally_cell(c, &t);
		sb_init(&names);
		for (j = 0; j < c->ntus; j++)
			if (c->tus[j].verdict == V_FAIL)
				sb_addf(&names, "%s%s", names.len ? " " : "", c->tus[j].header);
		if (c->errored)
			sb_addf(&names, "ERROR: %s", c->reason);
		fprintf(f, "%-*s  %4d  %4d  %4d  %5d  %s\n", w, cell, t.pass, t.fail, t.skip, t.error,
			t.skip == c->ntus ? c->reason : names.len ? names.buf : "");
		sb_release(&names);
		free(cell);
	}
}

/* The distinct failures of a run: failing TUs grouped by header and first
 * diagnostic (the TU's own path taken off, so that the same failure in
 * two cells is one), in first-seen order, each with the cells it occurs
 * in.  The terminal report and the HTML page both list them. */
int distinct_failures(const struct run_results *r, struct distinct_failure **out)
{
	struct distinct_failure *d = NULL;
	int nd = 0, i, j, k;

	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];
			char *prefix, *detail;

			if (t->verdict != V_FAIL)
				continue;
			prefix = xasprintf("%s/", c->display);
			detail = xstrdup(starts_with(t->detail, prefix) ? t->detail + strlen(prefix) : t->detail);
			free(prefix);
			for (k = 0; k < nd; k++)
				if (!strcmp(d[k].header, t->header) && !strcmp(d[k].detail, detail))
					break;
			if (k < nd) {
				free(detail);
			} else {
				struct distinct_failure *n = push(&d, &nd, sizeof(*d));

				n->header = t->header;
				n->detail = detail;
				n->why = t->explanation;
				n->cells = NULL;
				n->ncells = 0;
			}
			*(const struct cell_result **)push(&d[k].cells, &d[k].ncells, sizeof(c)) = c;
		}
	}
	*out = d;
	return nd;
}

void distinct_failures_free(struct distinct_failure *d, int n)
{
	int k;

	for (k = 0; k < n; k++) {
		free(d[k].detail);
		free(d[k].cells);
	}
	free(d);
}

/* Failures grouped by header and first diagnostic: what a maintainer reads. */
void write_distinct_failures(FILE *f, const struct run_results *r)
{
	struct distinct_failure *d;
	int nd = distinct_failures(r, &d), i, k;

	if (nd)
		fprintf(f, "\n%d distinct failures (header, first diagnostic, cells):\n", nd);
	for (k = 0; k < nd; k++) {
		fprintf(f, "\n%s\n  %s\n", d[k].header, d[k].detail);
		if (d[k].why)
			fprintf(f, "  why: %s\n", d[k].why);
		fprintf(f, "  in:");
		for (i = 0; i < d[k].ncells; i++)
			fprintf(f, " %s/%s", d[k].cells[i]->arch, d[k].cells[i]->config);
		fputc('\n', f);
	}
	distinct_failures_free(d, nd);
}

void write_table(FILE *f, const struct run_results *r)
{
	const char **hs;
	int n, w = 6, i, j;

	if (r->ncells > 6) {
		write_cell_lines(f, r);
		return;
	}
	n = collect_headers(r, &hs);
	for (i = 0; i < n; i++)
		if ((int)strlen(hs[i]) > w)
			w = (int)strlen(hs[i]);
	fprintf(f, "%-*s", w, "header");
	for (j = 0; j < r->ncells; j++)
		fprintf(f, "  %s/%s", r->cells[j]->arch, r->cells[j]->config);
	fputc('\n', f);
	for (i = 0; i < n; i++) {
		fprintf(f, "%-*s", w, hs[i]);
		for (j = 0; j < r->ncells; j++) {
			const struct cell_result *c = r->cells[j];
			const struct tu_result *t = find_tu(c, hs[i]);
			int cw = (int)(strlen(c->arch) + 1 + strlen(c->config));
			const char *v = !t ? "-" : t->verdict == V_FAIL ? "FAIL" :
					t->verdict == V_ERROR ? "ERROR" : verdict_name(t->verdict);

			fprintf(f, "  %-*s", cw, v);
		}
		fputc('\n', f);
	}
	free(hs);
}

void symbols_with_diagnostics(struct strbuf *sb, const struct tu_result *t)
{
	int i, j, n = 0;

	for (i = 0; i < t->nsyms; i++) {
		if (!t->syms[i].diagnosed)
			continue;
		/* a macro's body has a uses line per branch: named once */
		for (j = 0; j < i; j++)
			if (t->syms[j].diagnosed && !strcmp(t->syms[j].name, t->syms[i].name) &&
			    !strcmp(t->syms[j].kind, t->syms[i].kind))
				break;
		if (j < i)
			continue;
		sb_addf(sb, "%s%s%s", n++ ? ", " : "", t->syms[i].name,
			!strcmp(t->syms[i].kind, "uses") ? " (its body)" : "");
	}
}

char *failure_repro(const struct cell_result *c, const struct tu_result *t)
{
	if (!*c->repro)
		return NULL;
	return xasprintf("%s -c -o /dev/null %s/%s.c", c->repro, c->dir, t->stem);
}

/* One failing or unreadable TU: what it says, why, and how to see it again. */
static void write_failure(FILE *f, const struct cell_result *c, const struct tu_result *t)
{
	struct strbuf sb;
	char *repro;

	fprintf(f, "\n%s %s/%s %s\n  %s\n", t->verdict == V_FAIL ? "FAIL" : "ERROR", c->arch, c->config, t->header,
		t->detail);
	if (t->explanation)
		fprintf(f, "  why: %s\n", t->explanation);
	sb_init(&sb);
	symbols_with_diagnostics(&sb, t);
	if (sb.len)
		fprintf(f, "  symbols whose use fails: %s\n", sb.buf);
	if (t->forbidden && !starts_with(t->detail, FORBIDDEN_DETAIL))
		fprintf(f, "  also pulls in the forbidden header %s\n", t->forbidden);
	sb_release(&sb);
	fprintf(f, "  log: %s/%s.log\n", c->dir, t->stem);
	repro = failure_repro(c, t);
	if (repro)
		fprintf(f, "  reproduce: %s\n", repro);
	free(repro);
}

void write_failures(FILE *f, const struct run_results *r)
{
	int i, j;

	for (i = 0; i < r->ncells; i++)
		if (r->cells[i]->note)
			fprintf(f, "\nnote: %s/%s: %s; its TUs use the flags of kernel/bounds.s\n", r->cells[i]->arch,
				r->cells[i]->config, r->cells[i]->note);
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		/* one line for the cell, not one per header it never compiled */
		if (c->errored) {
			fprintf(f, "\nERROR %s/%s: kbuild could not prepare it, no header was compiled\n  %s\n",
				c->arch, c->config, c->reason);
			continue;
		}
		for (j = 0; j < c->ntus; j++)
			if (c->tus[j].verdict == V_FAIL || c->tus[j].verdict == V_ERROR)
				write_failure(f, c, &c->tus[j]);
	}
}

char *summary_line(const struct tally *t)
{
	return xasprintf("hdrtest: %d cells (header x arch x config): %d pass, %d fail, %d skip, %d error",
			 t->pass + t->fail + t->skip + t->error, t->pass, t->fail, t->skip, t->error);
}

int write_summary(FILE *f, const struct run_results *r)
{
	struct tally t;
	char *line;

	tally_run(r, &t);
	line = summary_line(&t);
	fprintf(f, "\n%s\n", line);
	free(line);
	if (t.pass + t.fail == 0) {
		error("nothing was compiled: every cell was skipped or errored; this run proves nothing");
		return 1;
	}
	return t.fail || t.error;
}

/*
 * KTAP v1 (Documentation/dev-tools/ktap.rst), read by the kernel's own
 * parser (tools/testing/kunit/kunit.py parse) with the table's counts.
 * kunit.py counts the leaves of the tree: a test with subtests by its
 * subtests alone, and reports an error for a test whose plan is 1..0
 * unless its result is a SKIP or a failure.  So a header is a leaf, one
 * per TU as in the table, and its symbols are diagnostic lines before its
 * result; ERROR (an errored cell's headers, an unreadable TU) counts as
 * failed, there being no other kunit status that is neither pass, fail
 * nor skip and is no parse error.
 */

/* One line of KTAP text: kunit.py splits lines with str.splitlines(), so
 * every line break Python knows becomes a space (the C0 controls but tab,
 * NEL, U+2028 and U+2029).  In a result line's directive a '#' gets a
 * backslash, as in TAP 14: kunit.py reads any " # SKIP" on the line as the
 * directive, and an error would count as a skip. */
void ktap_put(struct strbuf *sb, const char *s, int in_directive)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			sb_addc(sb, ' ');
		} else if (c == 0xc2 && (unsigned char)s[1] == 0x85) {
			sb_addc(sb, ' ');
			s++;
		} else if (c == 0xe2 && (unsigned char)s[1] == 0x80 &&
			   ((unsigned char)s[2] == 0xa8 || (unsigned char)s[2] == 0xa9)) {
			sb_addc(sb, ' ');
			s += 2;
		} else {
			if (c == '#' && in_directive)
				sb_addc(sb, '\\');
			sb_addc(sb, c);
		}
	}
}

/* A diagnostic line: "    # <prefix><text>". */
static void ktap_diag(struct strbuf *sb, const char *prefix, const char *text)
{
	sb_add(sb, "    # ");
	sb_add(sb, prefix);
	ktap_put(sb, text, 0);
	sb_addc(sb, '\n');
}

/* A result line with a directive: "ok 3 linux/a.h # SKIP reason". */
static void ktap_directive(struct strbuf *sb, const char *result, int n, const char *name, const char *directive,
			   const char *text)
{
	sb_addf(sb, "%s %d %s # %s ", result, n, name, directive);
	ktap_put(sb, text, 1);
	sb_addc(sb, '\n');
}

static int any_diagnosed(const struct tu_result *t)
{
	int i;

	for (i = 0; i < t->nsyms; i++)
		if (t->syms[i].diagnosed)
			return 1;
	return 0;
}

/* What became of each symbol's use, before the header's result. */
static void ktap_symbols(struct strbuf *sb, const struct tu_result *t)
{
	int i;

	for (i = 0; i < t->nsyms; i++) {
		const struct sym_result *s = &t->syms[i];

		sb_addf(sb, "    # symbol %s%s: ", s->name, !strcmp(s->kind, "uses") ? " (its body)" : "");
		if (!strcmp(s->use, "unused")) {
			sb_add(sb, "skip: not provided under this config: only if ");
			ktap_put(sb, s->cond, 0);
		} else if (!strcmp(s->use, "todo")) {
			sb_add(sb, "skip: not typed in the catalog yet (todo): review it");
		} else if (s->diagnosed) {
			sb_add(sb, "not ok");
		} else if (t->verdict == V_FAIL && t->stopped) {
			sb_add(sb, "skip: not checked: the compiler stopped early");
		} else {
			sb_add(sb, "ok");
		}
		sb_addc(sb, '\n');
	}
}

static void ktap_header(struct strbuf *sb, const struct tu_result *t, int n)
{
	if (t->verdict == V_SKIP || t->verdict == V_ERROR) {
		sb_add(sb, "    ");
		ktap_directive(sb, t->verdict == V_SKIP ? "ok" : "not ok", n, t->header,
			       t->verdict == V_SKIP ? "SKIP" : "ERROR", t->detail);
		return;
	}
	/* a failure no symbol is charged with (a forbidden header, drift,
	 * an error inside the header) is the header's alone */
	if (t->verdict == V_PASS || any_diagnosed(t))
		ktap_symbols(sb, t);
	if (t->verdict == V_FAIL) {
		ktap_diag(sb, "", t->detail);
		if (t->explanation)
			ktap_diag(sb, "why: ", t->explanation);
	}
	sb_addf(sb, "    %s %d %s\n", t->verdict == V_FAIL ? "not ok" : "ok", n, t->header);
}

/* The config's test, the n-th of its arch, one subtest per header (an
 * errored cell's too: each is an ERROR, as in the TSV); returns 1 if it
 * failed. */
static int ktap_cell(struct strbuf *sb, const struct cell_result *c, int n)
{
	struct tally t;
	int j;

	sb_add(sb, "    KTAP version 1\n");
	sb_addf(sb, "    # Subtest: %s\n", c->config);
	if (c->note)
		ktap_diag(sb, "note: ", c->note);
	sb_addf(sb, "    1..%d\n", c->ntus);
	for (j = 0; j < c->ntus; j++)
		ktap_header(sb, &c->tus[j], j + 1);
	sb_add(sb, "  ");
	if (c->skipped || c->errored) {
		ktap_directive(sb, c->skipped ? "ok" : "not ok", n, c->config, c->skipped ? "SKIP" : "ERROR",
			       c->reason);
		return c->errored;
	}
	tally_cell(c, &t);
	sb_addf(sb, "%s %d %s\n", t.fail || t.error ? "not ok" : "ok", n, c->config);
	return t.fail || t.error;
}

char *render_ktap(const struct run_results *r)
{
	struct strbuf sb;
	const char **arches = NULL;
	int narches = 0, a, i, k;

	sb_init(&sb);
	sb_add(&sb, "KTAP version 1\n# hdrtest: are the catalogued headers self-contained?\n");
	/* a test with no subtest is an error to kunit.py, and a cell with
	 * no header has no verdict in the table either: it is left out */
	for (i = 0; i < r->ncells; i++) {
		if (!r->cells[i]->ntus) {
			sb_addf(&sb, "# %s/%s: no header to test\n", r->cells[i]->arch, r->cells[i]->config);
			continue;
		}
		for (k = 0; k < narches && strcmp(arches[k], r->cells[i]->arch); k++)
			;
		if (k == narches)
			*(const char **)push(&arches, &narches, sizeof(char *)) = r->cells[i]->arch;
	}
	sb_addf(&sb, "1..%d\n", narches);
	for (a = 0; a < narches; a++) {
		int ncfg = 0, n = 0, failed = 0, all_skipped = 1;

		for (i = 0; i < r->ncells; i++)
			ncfg += r->cells[i]->ntus && !strcmp(r->cells[i]->arch, arches[a]);
		sb_add(&sb, "  KTAP version 1\n");
		sb_addf(&sb, "  # Subtest: %s\n", arches[a]);
		sb_addf(&sb, "  1..%d\n", ncfg);
		for (i = 0; i < r->ncells; i++) {
			const struct cell_result *c = r->cells[i];

			if (!c->ntus || strcmp(c->arch, arches[a]))
				continue;
			failed |= ktap_cell(&sb, c, ++n);
			all_skipped &= c->skipped;
		}
		if (all_skipped)
			sb_addf(&sb, "ok %d %s # SKIP every config of this arch was skipped\n", a + 1, arches[a]);
		else
			sb_addf(&sb, "%s %d %s\n", failed ? "not ok" : "ok", a + 1, arches[a]);
	}
	free(arches);
	return sb_detach(&sb);
}

static void tsv_field(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		sb_addc(sb, *s == '\t' || *s == '\n' ? ' ' : *s);
}

char *render_tsv(const struct run_results *r)
{
	struct strbuf sb;
	int i, j;

	sb_init(&sb);
	for (i = 0; i < r->ncells; i++) {
		const struct cell_result *c = r->cells[i];

		for (j = 0; j < c->ntus; j++) {
			const struct tu_result *t = &c->tus[j];

			sb_addf(&sb, "%s\t%s\t%s\t%s\t", c->arch, c->config, t->header, verdict_name(t->verdict));
			tsv_field(&sb, t->detail ? t->detail : "");
			sb_addc(&sb, '\n');
		}
	}
	return sb_detach(&sb);
}

// SPDX-License-Identifier: GPL-2.0
/* The verdicts of a patch series and what they say of each patch: see
 * series_report.h. */
#include "series/series_report.h"

#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "base/lines.h"
#include "base/util.h"

static const char *const state_names[] = {
	[SS_NONE] = "-", [SS_ABSENT] = "absent", [SS_PASS] = "pass",
	[SS_FAIL] = "fail", [SS_SKIP] = "skip", [SS_ERROR] = "error",
};

/* The rows by "CELL\tHEADER", while the steps are added. */
struct row_key {
	char *key;
	int row;
	UT_hash_handle hh;
};

const char *series_state_name(enum step_state st)
{
	return state_names[st];
}

void series_report_init(struct series_report *r, const struct series *s)
{
	memset(r, 0, sizeof(*r));
	r->series = s;
	r->stopped = -1;
	r->moves = xcalloc((size_t)s->n + 1, sizeof(char *));
}

static int row_of(struct series_report *r, const char *cell, const char *header)
{
	char *key = xasprintf("%s\t%s", cell, header);
	struct row_key *k;
	struct series_row *row;

	HASH_FIND_STR(r->row_keys, key, k);
	if (k) {
		free(key);
		return k->row;
	}
	row = push(&r->rows, &r->nrows, sizeof(*row));
	row->cell = xstrdup(cell);
	row->header = xstrdup(header);
	row->state = xcalloc((size_t)r->series->n + 1, sizeof(*row->state));
	row->why = xcalloc((size_t)r->series->n + 1, sizeof(char *));
	row->expl = xcalloc((size_t)r->series->n + 1, sizeof(char *));
	k = xcalloc(1, sizeof(*k));
	k->key = key;
	k->row = r->nrows - 1;
	HASH_ADD_KEYPTR(hh, r->row_keys, k->key, strlen(k->key), k);
	return k->row;
}

static int verdict_state(const char *v)
{
	if (!strcmp(v, "pass"))
		return SS_PASS;
	if (!strcmp(v, "fail"))
		return SS_FAIL;
	if (!strcmp(v, "skip"))
		return SS_SKIP;
	if (!strcmp(v, "error"))
		return SS_ERROR;
	return -1;
}

/* Whether moves names header as absent. */
static int absent_in(const char *moves, const char *header)
{
	size_t n = strlen(header);
	const char *p = moves;

	while (p && *p) {
		if (!strncmp(p, header, n) && !strncmp(p + n, "\t-\tabsent\t", 10))
			return 1;
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

/* The explanation of (cell, header) in failures.txt: the "  why: " line
 * of its "FAIL CELL HEADER" block; a new string, or NULL. */
static char *explanation(const char *failures, const char *cell, const char *header)
{
	char *head = xasprintf("FAIL %s %s\n", cell, header), *found = NULL;
	const char *p = failures;

	while (p && (p = strstr(p, head))) {
		if (p == failures || p[-1] == '\n') {
			const char *q = p + strlen(head);

			/* the block's indented lines */
			while (*q == ' ') {
				size_t len = strcspn(q, "\n");

				if (!strncmp(q, "  why: ", 7)) {
					found = xstrndup(q + 7, len - 7);
					break;
				}
				q += len + (q[len] == '\n');
			}
			break;
		}
		p++;
	}
	free(head);
	return found;
}

/* s with every ":DIGITS" that ends in ':' taken out ("a.h:68:56: error"
 * is "a.h: error"). */
static char *without_numbers(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	while (*s) {
		if (*s == ':' && s[1] >= '0' && s[1] <= '9') {
			const char *q = s + 1;

			while (*q >= '0' && *q <= '9')
				q++;
			if (*q == ':') {
				s = q;
				continue;
			}
		}
		sb_addc(&sb, *s++);
	}
	return sb_detach(&sb);
}

int series_same_why(const char *diag_a, const char *expl_a, const char *diag_b, const char *expl_b)
{
	char *a, *b;
	int same;

	if (!diag_a != !diag_b || !expl_a != !expl_b || (expl_a && strcmp(expl_a, expl_b)))
		return 0;
	if (!diag_a)
		return 1;
	a = without_numbers(diag_a);
	b = without_numbers(diag_b);
	same = !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

/* The cell's kbuild row at step: failing when the tree itself could not
 * be prepared there (an error verdict carries kbuild's first error),
 * passing when a TU was judged (its kbuild dir was made). */
static void kbuild_row(struct series_report *r, int step, const char *cell, enum step_state st, const char *why)
{
	struct series_row *row;
	int i;

	if (st != SS_ERROR && st != SS_PASS && st != SS_FAIL)
		return;
	i = row_of(r, cell, SERIES_KBUILD);	/* (may move r->rows) */
	row = &r->rows[i];
	if (st == SS_ERROR && row->state[step] != SS_FAIL) {
		row->state[step] = SS_FAIL;
		free(row->why[step]);
		row->why[step] = xstrdup(why);
	} else if (st != SS_ERROR && row->state[step] == SS_NONE) {
		row->state[step] = SS_PASS;
	}
}

int series_report_add_step(struct series_report *r, int step, const char *results, const char *moves,
			   const char *failures, const char *path)
{
	char *text, *cur, *line;
	int lineno = 0, i, ret = 0;
	char **cells = NULL;
	int ncells = 0;

	if (step + 1 > r->nsteps)
		r->nsteps = step + 1;
	free(r->moves[step]);
	r->moves[step] = moves ? xstrdup(moves) : NULL;
	if (!results)
		return 0;
	text = xstrdup(results);
	for (cur = text; (line = next_line(&cur));) {
		char *f[5], *p = line;
		int nf = 0, st, row;

		lineno++;
		while (nf < 5) {
			f[nf++] = p;
			p = strchr(p, '\t');
			if (!p)
				break;
			*p++ = '\0';
		}
		if (nf < 4 || (st = verdict_state(f[3])) < 0) {
			error("%s:%d:1: expected ARCH, CONFIG, HEADER, pass|fail|skip|error and the diagnostic, "
			      "separated by tabs", path, lineno);
			ret = -1;
			break;
		}
		{
			char *cell = xasprintf("%s/%s", f[0], f[1]);

			for (i = 0; i < ncells && strcmp(cells[i], cell); i++)
				;
			if (i == ncells)
				*(char **)push(&cells, &ncells, sizeof(char *)) = cell;
			else
				free(cell);
			row = row_of(r, cells[i], f[2]);
		}
		r->rows[row].state[step] = st;
		free(r->rows[row].why[step]);
		r->rows[row].why[step] = st != SS_PASS ? xstrdup(nf == 5 ? f[4] : "") : NULL;
		free(r->rows[row].expl[step]);
		r->rows[row].expl[step] = st == SS_FAIL && failures ? explanation(failures, cells[i], f[2]) : NULL;
		kbuild_row(r, step, cells[i], st, nf == 5 ? f[4] : "");
	}
	/* a header of the step's cells that it did not test is absent there,
	 * when its moves say so (else it was not judged) */
	for (i = 0; !ret && i < r->nrows; i++) {
		int c;

		for (c = 0; c < ncells && strcmp(cells[c], r->rows[i].cell); c++)
			;
		if (c < ncells && r->rows[i].state[step] == SS_NONE && moves && absent_in(moves, r->rows[i].header))
			r->rows[i].state[step] = SS_ABSENT;
	}
	for (i = 0; i < ncells; i++)
		free(cells[i]);
	free(cells);
	free(text);
	return ret;
}

/* A header absent at every step it was seen before results named it
 * (it appears at a later step) gets its absent states filled in: rows
 * are made by results, and an absent header has none at early steps. */
static void fill_absent(struct series_report *r)
{
	int i, s;

	for (i = 0; i < r->nrows; i++)
		for (s = 0; s < r->nsteps; s++)
			if (r->rows[i].state[s] == SS_NONE && r->moves[s] && absent_in(r->moves[s], r->rows[i].header))
				r->rows[i].state[s] = SS_ABSENT;
}

void series_report_analyse(struct series_report *r)
{
	int i, s;

	fill_absent(r);
	for (i = 0; i < r->nrows; i++) {
		struct failure_span *open = NULL;

		for (s = 0; s < r->nsteps; s++) {
			enum step_state st = r->rows[i].state[s];

			if (st == SS_FAIL && !open) {
				open = push(&r->spans, &r->nspans, sizeof(*open));
				open->row = i;
				open->first = s;
				open->fixed = -1;
			}
			if (st == SS_FAIL)
				open->last = s;
			else if (open && (st == SS_PASS || st == SS_ABSENT)) {
				open->fixed = s;
				open = NULL;
			}
		}
	}
}

void series_report_free(struct series_report *r)
{
	struct row_key *k, *tmp;
	int i, s;

	HASH_ITER(hh, r->row_keys, k, tmp) {
		HASH_DEL(r->row_keys, k);
		free(k->key);
		free(k);
	}
	for (i = 0; i < r->nrows; i++) {
		for (s = 0; s <= r->series->n; s++) {
			free(r->rows[i].why[s]);
			free(r->rows[i].expl[s]);
		}
		free(r->rows[i].why);
		free(r->rows[i].expl);
		free(r->rows[i].state);
		free(r->rows[i].cell);
		free(r->rows[i].header);
	}
	for (s = 0; s <= r->series->n; s++)
		free(r->moves[s]);
	free(r->moves);
	free(r->rows);
	free(r->spans);
	free(r->stop_reason);
	memset(r, 0, sizeof(*r));
}

int series_bisectable(const struct series_report *r)
{
	int i;

	for (i = 0; i < r->nspans; i++)
		if (r->spans[i].first > 0 && r->spans[i].fixed > 0)
			return 0;
	return 1;
}

void series_step_counts(const struct series_report *r, int step, int *new, int *fixed, int *failing, int *absent)
{
	int i;

	*new = *fixed = *failing = *absent = 0;
	for (i = 0; i < r->nspans; i++) {
		*new += step > 0 && r->spans[i].first == step;
		*fixed += r->spans[i].fixed == step;
	}
	for (i = 0; i < r->nrows; i++) {
		*failing += r->rows[i].state[step] == SS_FAIL;
		*absent += r->rows[i].state[step] == SS_ABSENT;
	}
}

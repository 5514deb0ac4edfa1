// SPDX-License-Identifier: GPL-2.0
/* The series report (gen/series/series_report.c) as hdrtest series reads
 * a step: results.tsv, then after a "\f" line its failures.txt, then
 * after another its moves.tsv, given to two steps of a made-up series
 * (the second with each verdict as it is, the first with every line);
 * then every form of the report.  A step's TSV it accepts must give
 * KTAP whose every line is a KTAP line (no line break of the input gets
 * through) and JSON with no raw control character. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fuzz.h"
#include "series/series_report.h"

static struct series series;

static void make_series(void)
{
	int i;

	if (series.n)
		return;
	for (i = 0; i < 3; i++) {
		struct series_step *st = push(&series.steps, &series.n, sizeof(*st));

		memset(st, 0, sizeof(*st));
		st->num = xasprintf("%04d", i);
		st->name = xasprintf("%04d-x.patch", i);
		st->patch = i ? xstrdup(st->name) : NULL;
		st->subject = xasprintf("subject\t%d\r", i);
	}
}

static void check_ktap(const char *k)
{
	const char *p = k;

	while (*p) {
		size_t len = strcspn(p, "\n");

		if (strncmp(p, "KTAP version 1", 14) && strncmp(p, "# ", 2) && strncmp(p, "1..", 3) &&
		    strncmp(p, "ok ", 3) && strncmp(p, "not ok ", 7))
			abort();
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)p[i] < 0x20 && p[i] != '\t')
				abort();
		p += len + (p[len] == '\n');
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *failures = NULL, *moves = NULL, *ff, *out;
	struct series_report r;
	int s;

	fuzz_quiet();
	make_series();
	ff = strstr(text, "\n\f\n");
	if (ff) {
		*ff = '\0';
		failures = ff + 3;
		ff = strstr(failures, "\n\f\n");
		if (ff) {
			*ff = '\0';
			moves = ff + 3;
		}
	}
	series_report_init(&r, &series);
	if (!series_report_add_step(&r, 0, text, moves, failures, "0000/results.tsv") &&
	    !series_report_add_step(&r, 1, "", moves, NULL, "0001/results.tsv") &&
	    !series_report_add_step(&r, 2, text, NULL, failures, "0002/results.tsv")) {
		series_report_analyse(&r);
		free(series_summary_text(&r));
		free(series_tsv(&r));
		free(series_html(&r));
		out = series_ktap(&r);
		check_ktap(out);
		free(out);
		for (s = 0; s < r.nsteps; s++) {
			const char *p;

			out = series_review_json(&r, s, "u");
			for (p = out; *p; p++)
				if ((unsigned char)*p < 0x20 && *p != '\n')
					abort();
			free(out);
		}
	}
	series_report_free(&r);
	free(text);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* The in-process stages of a run: drift, gen, probe, coverage, slimness, judge. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/exit.h"
#include "base/files.h"
#include "base/util.h"
#include "catalog/drift.h"
#include "generate/cells.h"
#include "generate/probe.h"
#include "judge/judge.h"
#include "judge/slimness.h"
#include "run/stages.h"
#include "scan/scan.h"

/* A list of paths an output depends on; owned strings. */
struct inputs {
	char **paths;
	int n;
};

static void add_input(struct inputs *in, char *path)
{
	*(char **)push(&in->paths, &in->n, sizeof(char *)) = path;
}

static void add_catalog_and_self(struct inputs *in, const struct run_opts *o, const char *self)
{
	int i;

	for (i = 0; i < o->ncatalog_files; i++)
		add_input(in, xstrdup(o->catalog_files[i]));
	if (*self)
		add_input(in, xstrdup(self));
}

static int inputs_stale(struct mtimes *m, const char *target, struct inputs *in)
{
	return stale(m, target, (const char *const *)in->paths, in->n);
}

static void inputs_free(struct inputs *in)
{
	int i;

	for (i = 0; i < in->n; i++)
		free(in->paths[i]);
	free(in->paths);
	in->paths = NULL;
	in->n = 0;
}

/* touch path: created empty when missing, its mtime set to now. */
static int touch(struct mtimes *m, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0666);

	mtime_forget(m, path);
	if (fd < 0 || close(fd) || utimensat(AT_FDCWD, path, NULL, 0))
		return error("cannot touch %s: %s", path, strerror(errno));
	return 0;
}

/* The catalogued headers' files and dirs, from OUT/headers (the plan's). */
static void add_header_files(struct inputs *in, const struct run_opts *o)
{
	char *list = xasprintf("%s/headers", o->out);
	char *text = read_file(list, NULL), *p, *line;

	for (p = text; p && (line = strsep(&p, "\n"));) {
		char *path, *slash;

		if (!*line)
			continue;
		path = xasprintf("%s/include/%s", o->tree, line);
		slash = strrchr(path, '/');
		add_input(in, xstrndup(path, (size_t)(slash - path)));
		add_input(in, path);
	}
	free(text);
	free(list);
}

int drift_stage(const struct run_opts *o, struct mtimes *m, const char *self, struct lazy_scan *ls)
{
	char *path = xasprintf("%s/drift.tsv", o->out);
	struct inputs in = { 0 };
	struct drift_report *rep;
	const struct scan_index *ix;
	int ret = -1;
	char *text;

	add_catalog_and_self(&in, o, self);
	add_header_files(&in, o);
	if (!inputs_stale(m, path, &in)) {
		ret = 0;
		goto out;
	}
	ix = lazy_scan_get(ls);
	if (!ix)
		goto out;
	rep = drift_check(o->cat, ix);
	text = drift_tsv(rep);
	/* an unchanged drift keeps its bytes, but its time must move on */
	ret = write_file_atomic(path, text) || touch(m, path) ? -1 : 0;
	free(text);
	drift_report_free(rep);
out:
	inputs_free(&in);
	free(path);
	return ret;
}

/* The template files, in name order (same inputs, same order). */
static void add_templates(struct inputs *in, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), i;

	for (i = 0; i < n; i++) {
		if (ends_with(names[i]->d_name, ".m4"))
			add_input(in, xasprintf("%s/%s", dir, names[i]->d_name));
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

int gen_stage(const struct run_opts *o, struct mtimes *m, const char *self, char **cells, int ncells)
{
	char *stamp = xasprintf("%s/generated", o->out);
	struct gen_opts go = { 0 };
	struct inputs in = { 0 };
	char **only = NULL;
	int nonly = 0, i, ret = 0;

	add_catalog_and_self(&in, o, self);
	add_templates(&in, o->templates);
	add_input(&in, xasprintf("%s/cells", o->out));
	for (i = 0; i < ncells; i++) {
		char *prepared = xasprintf("%s/%s/prepared", o->out, cells[i]);

		/* everything, or the cells whose prepare result changed */
		if (inputs_stale(m, stamp, &in) || mtime_of(m, prepared) > mtime_of(m, stamp))
			*(char **)push(&only, &nonly, sizeof(char *)) = cells[i];
		free(prepared);
	}
	if (nonly) {
		go.cat = o->cat;
		go.templates = o->templates;
		go.m4 = o->m4;
		ret = generate_cells(&go, o->out, only, nonly);
		if (!ret)
			ret = touch(m, stamp);
	}
	free(only);
	inputs_free(&in);
	free(stamp);
	return ret;
}

int probe_stage(const struct run_opts *o, struct mtimes *m, const char *self, const char *dir,
		const char *stamp)
{
	struct inputs in = { 0 };
	int ret = 0;

	add_catalog_and_self(&in, o, self);
	add_header_files(&in, o);
	if (inputs_stale(m, stamp, &in))
		ret = write_probes(o->cat, o->tree, dir) || touch(m, stamp) ? -1 : 0;
	inputs_free(&in);
	return ret;
}

/* Write what report writes to the stream, to OUT/name (and stdout). */
static int section(const struct run_opts *o, const char *name, char **cells, int ncells, const char *probe_dir)
{
	char *path = xasprintf("%s/%s", o->out, name);
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int ret = -1;

	if (!f) {
		error("cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	if (probe_dir)
		ret = report_coverage(o->cat, probe_dir, o->out, cells, ncells, f) < 0 ? -1 : 0;
	else
		ret = report_slimness(o->cat, o->out, cells, ncells, f);
	if (write_stream_close(f, tmp) || ret) {
		unlink(tmp);
		ret = -1;
		goto out;
	}
	if (rename(tmp, path)) {
		error("cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		ret = -1;
		goto out;
	}
	ret = print_file(path);
out:
	free(tmp);
	free(path);
	return ret;
}

int coverage_stage(const struct run_opts *o, const char *dir, char **cells, int ncells)
{
	return section(o, "coverage.txt", cells, ncells, dir);
}

int slimness_stage(const struct run_opts *o, char **cells, int ncells)
{
	return section(o, "slimness.txt", cells, ncells, NULL);
}

/* OUT/baseline-used: the baseline this report was judged against ("" for
 * none), rewritten only when it changes, so that a change either way
 * judges again. */
static int note_baseline(const struct run_opts *o, struct mtimes *m)
{
	char *path = xasprintf("%s/baseline-used", o->out);
	char *text = xasprintf("%s\n", o->baseline ? o->baseline : "");
	char *old = read_file(path, NULL);
	int ret = 0;

	if (!old || strcmp(old, text)) {
		ret = write_file_atomic(path, text);
		mtime_forget(m, path);
	}
	free(old);
	free(text);
	free(path);
	return ret;
}

/* The exit status the last judging left in OUT/report.rc, or -1. */
static int last_status(const char *out)
{
	char *path = xasprintf("%s/report.rc", out);
	char *line = read_first_line(path);
	int rc = -1;

	if (line && (!strcmp(line, "0") || !strcmp(line, "1")))
		rc = line[0] - '0';
	free(line);
	free(path);
	return rc;
}

static int judge_again(const struct run_opts *o, struct mtimes *m, const char *self, char **cells, int ncells)
{
	static const char *const sections[] = { "slimness.txt", "coverage.txt", "fix/summary.txt",
						"cells", "drift.tsv", "baseline-used", "shard" };
	char *report = xasprintf("%s/report.txt", o->out);
	struct inputs in = { 0 };
	size_t i;
	int c, ret;

	add_catalog_and_self(&in, o, self);
	for (i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		add_input(&in, xasprintf("%s/%s", o->out, sections[i]));
	if (o->baseline)
		add_input(&in, xstrdup(o->baseline));
	for (c = 0; c < ncells; c++) {
		add_input(&in, xasprintf("%s/%s/compiled", o->out, cells[c]));
		add_input(&in, xasprintf("%s/%s/manifest.tsv", o->out, cells[c]));
		add_input(&in, xasprintf("%s/%s/prepared", o->out, cells[c]));
	}
	ret = inputs_stale(m, report, &in) || last_status(o->out) < 0;
	inputs_free(&in);
	free(report);
	return ret;
}

int judge_stage(const struct run_opts *o, struct mtimes *m, const char *self, char **cells, int ncells,
		struct lazy_scan *ls)
{
	/* coverage and slimness show their own table; the report is kept
	 * up to date for report.html */
	int quiet = o->coverage || o->slimness;
	char *report = xasprintf("%s/report.txt", o->out);
	char *tmp = xasprintf("%s/report.txt.tmp", o->out);
	char *rc_path = xasprintf("%s/report.rc", o->out), *f_drift = xasprintf("%s/drift.tsv", o->out);
	struct judge_opts jo = { 0 };
	int rc = EXIT_ERROR;
	char status[4];
	FILE *f;

	if (note_baseline(o, m))
		goto out;
	if (!judge_again(o, m, self, cells, ncells)) {
		rc = last_status(o->out);
		if (!quiet && print_file(report))
			rc = EXIT_ERROR;
		goto out;
	}
	f = fopen(tmp, "w");
	if (!f) {
		error("cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	jo.out = o->out;
	jo.cells = cells;
	jo.ncells = ncells;
	jo.drift = f_drift;
	jo.baseline = o->baseline;
	jo.text = f;
	jo.scan = ls;
	rc = judge_into_out(&jo);
	if (write_stream_close(f, tmp) || rc == EXIT_ERROR) {
		rc = EXIT_ERROR;
		unlink(tmp);
		goto out;
	}
	snprintf(status, sizeof(status), "%d\n", rc);
	if (write_file_atomic(rc_path, status)) {
		unlink(tmp);
		unlink(rc_path);
		rc = EXIT_ERROR;
		goto out;
	}
	if (rename(tmp, report)) {
		error("cannot write %s: %s%s", report, strerror(errno), disk_hint(errno));
		unlink(tmp);
		unlink(rc_path);
		rc = EXIT_ERROR;
		goto out;
	}
	if (!quiet && print_file(report))
		rc = EXIT_ERROR;
out:
	free(report);
	free(tmp);
	free(rc_path);
	free(f_drift);
	return rc;
}

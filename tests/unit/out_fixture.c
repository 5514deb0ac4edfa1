// SPDX-License-Identifier: GPL-2.0
#include "out_fixture.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/util.h"
#include "helpers.h"
#include "judge/judge.h"

const char *const fx_cells[FX_NCELLS] = { "x86_64/defconfig", "arm64/defconfig", "x86_64/tiny" };
static const char *const fx_headers[FX_NHEADERS] = { "a", "b", "c", "d", "s" };

const char *const fx_reports[FX_NREPORTS] = {
	"results.ktap", "results.tsv", "results.xml", "report.html", "failures.txt", "baseline.tsv", "report.txt",
};

/* A compiled TU: its exit status, its log (@OUT@ and @TREE@ stand for the
 * dirs) and its depfile: none, plain, or pulling in linux/mm.h. */
static const struct {
	const char *cell, *stem;
	int rc;
	const char *log;
	int dep;
} results[] = {
	{ "x86_64/defconfig", "a", 0, "", 1 },
	{ "x86_64/defconfig", "b", 1,
	  "In file included from @OUT@/x86_64/defconfig/linux/b.c:1:\n"
	  "@TREE@/include/linux/b.h:3:15: error: unknown type name 'u8'\n"
	  "@OUT@/x86_64/defconfig/linux/b.c:5:24: error: implicit declaration of function 'b_fn'\n", 0 },
	{ "x86_64/defconfig", "c", 0,
	  "@TREE@/include/linux/c.h:2:13: warning: 'c_x' defined but not used [-Wunused-function]\n", 1 },
	{ "x86_64/defconfig", "d", 0, "", 1 },
	{ "arm64/defconfig", "a", 0, "", 1 },
	{ "arm64/defconfig", "b", 0, "", 2 },
	{ "arm64/defconfig", "c", 1,
	  "@OUT@/arm64/defconfig/linux/c.c:1:10: fatal error: linux/zz.h: No such file or directory\n"
	  "compilation terminated.\n", 0 },
	{ "arm64/defconfig", "d", 0, "", 1 },
};
#define NRESULTS (int)(sizeof(results) / sizeof(results[0]))

void out_fixture_all(struct shard_id *id)
{
	int i, j;

	memset(id, 0, sizeof(*id));
	id->version = xstrdup("test 1");
	id->catalog = xstrdup("c0ffee");
	id->tree = xstrdup("linux-test");
	id->plan = xstrdup("beef");
	id->index = id->total = 1;
	for (i = 0; i < FX_NCELLS; i++) {
		for (j = 0; j < FX_NHEADERS; j++) {
			char *stem = xasprintf("linux/%s", fx_headers[j]);

			shard_id_add(id, fx_cells[i], stem);
			free(stem);
		}
	}
}

char *out_fixture_tree(void)
{
	char *dir = tmp_dir(), real[PATH_MAX];

	free(put_file(dir, "include/linux/a.h", "#ifndef A_H\n#define A_H\nint a_fn(void);\n#endif\n"));
	free(put_file(dir, "include/linux/b.h", "#ifndef B_H\n#define B_H\nstatic inline u8 b_fn(void);\n#endif\n"));
	free(put_file(dir, "include/linux/c.h", "#ifndef C_H\nstatic int c_x(void) { return 0; }\n#endif\n"));
	free(put_file(dir, "include/linux/d.h", "#ifndef D_H\n#define D_H\n#endif\n"));
	free(put_file(dir, "include/linux/types.h", "#ifndef TYPES_H\n#define TYPES_H\ntypedef unsigned char u8;\n"
						    "#endif\n"));
	free(put_file(dir, "include/linux/mm.h", "#include <linux/types.h>\n"));
	ck_assert_ptr_nonnull(realpath(dir, real));
	free(dir);
	return xstrdup(real);
}

static char *replace(const char *s, const char *from, const char *to)
{
	struct strbuf sb;
	const char *p;

	sb_init(&sb);
	sb_add(&sb, "");
	while ((p = strstr(s, from))) {
		sb_addn(&sb, s, p - s);
		sb_add(&sb, to);
		s = p + strlen(from);
	}
	sb_add(&sb, s);
	return sb_detach(&sb);
}

/* Whether owns (NULL: the whole run) has the TU; a NULL stem: any TU of
 * the cell.  (Its TUs in any order: not yet sorted by a write.) */
static int owns_tu(const struct shard_id *owns, const char *cell, const char *stem)
{
	int i;

	for (i = 0; owns && i < owns->ntus; i++)
		if (!strcmp(owns->tus[i].cell, cell) && (!stem || !strcmp(owns->tus[i].stem, stem)))
			return 1;
	return !owns;
}

static void write_cell(const char *out, const char *cell, const char *tree)
{
	int tiny = !strcmp(cell, "x86_64/tiny"), j;
	char *dir = xasprintf("%s/%s", out, cell), *kb = replace(cell, "/", "-"), *slash;
	struct strbuf m, tus;

	slash = strchr(cell, '/');
	sb_init(&m);
	sb_init(&tus);
	sb_add(&tus, "");
	sb_addf(&m, "hdrtest-manifest\t1\narch\t%.*s\nconfig\t%s\nstatus\t%s\nkbuild\t/kb/%s\nsrctree\t%s\n"
		    "overlay\t\nrepro\tcd /kb/%s && gcc -O2\nforbid\tlinux/mm.h\n", (int)(slash - cell), cell,
		slash + 1, tiny ? "skip\tno x86_64-linux-gnu-gcc" : "ok\t", kb, tree, kb);
	for (j = 0; j < FX_NHEADERS; j++) {
		const char *h = fx_headers[j];

		if (!strcmp(h, "s")) {
			sb_add(&m, "header\tlinux/s.h\tlinux/s\tskip\tneeds the arch's asm context\n");
			continue;
		}
		sb_addf(&m, "header\tlinux/%s.h\tlinux/%s\nsym\t%s_fn\tfunc\t%s\t\n", h, h, h, tiny ? "skip" : "used");
		if (!tiny)
			sb_addf(&tus, "linux/%s\n", h);
	}
	free(put_file(dir, "manifest.tsv", m.buf));
	free(put_file(dir, "tus", tus.buf));
	free(put_file(dir, "plan", tiny ? "arch='x86_64'\nconfig='tiny'\n" : "arch='x'\nconfig='c'\n"));
	free(put_file(dir, "prepared", tiny ? "skip=no x86_64-linux-gnu-gcc\n" : "kdir=/kb\n"));
	if (!tiny) {
		char *sh = put_file(dir, "compile.sh", "#!/bin/sh\nexit 0\n");

		ck_assert_int_eq(chmod(sh, 0755), 0);
		free(sh);
	}
	sb_release(&m);
	sb_release(&tus);
	free(kb);
	free(dir);
}

static void write_tu(const char *out, int k, const char *tree, const char *ran_in)
{
	char *base = xasprintf("%s/%s/linux/%s", out, results[k].cell, results[k].stem), *dir, *name, *t, *log;
	const char *h = results[k].stem;

	dir = xstrdup(base);
	*strrchr(dir, '/') = '\0';
	name = xasprintf("%s.c", strrchr(base, '/') + 1);
	t = xasprintf("#include <linux/%s.h>\n#include <linux/%s.h>\n\n/* hdrtest-symbol %s_fn: func */\n"
		      "static int use(void) { return %s_fn(); }\n", h, h, h, h);
	free(put_file(dir, name, t));
	free(t);
	free(name);
	name = xasprintf("%s.rc", strrchr(base, '/') + 1);
	t = xasprintf("%d\n", results[k].rc);
	free(put_file(dir, name, t));
	free(t);
	free(name);
	t = replace(results[k].log, "@OUT@", ran_in);
	log = replace(t, "@TREE@", tree);
	free(t);
	name = xasprintf("%s.log", strrchr(base, '/') + 1);
	free(put_file(dir, name, log));
	free(log);
	free(name);
	if (results[k].dep) {
		name = xasprintf("%s.dep", strrchr(base, '/') + 1);
		t = xasprintf("%s/%s/linux/%s.o: %s/%s/linux/%s.c %s/include/linux/%s.h%s%s%s\n", ran_in,
			      results[k].cell, h, ran_in, results[k].cell, h, tree, h,
			      results[k].dep == 2 ? " \\\n " : "", results[k].dep == 2 ? tree : "",
			      results[k].dep == 2 ? "/include/linux/mm.h" : "");
		free(put_file(dir, name, t));
		free(t);
		free(name);
	}
	free(dir);
	free(base);
}

void out_fixture_write(const char *out, const char *tree, const char *ran_in, const struct shard_id *owns)
{
	char real[PATH_MAX], *path;
	int i;

	ck_assert_int_eq(mkdirs(out), 0);
	ck_assert_ptr_nonnull(realpath(out, real));
	if (!ran_in)
		ran_in = real;
	free(put_file(out, "cells", "x86_64/defconfig\narm64/defconfig\nx86_64/tiny\n"));
	free(put_file(out, "drift.tsv", "linux/d.h\tmm.cat:9:2: drift: d_fn: gone from linux/d.h\n"));
	for (i = 0; i < FX_NCELLS; i++)
		if (owns_tu(owns, fx_cells[i], NULL))
			write_cell(out, fx_cells[i], tree);
	for (i = 0; i < NRESULTS; i++) {
		char *stem = xasprintf("linux/%s", results[i].stem);

		if (owns_tu(owns, results[i].cell, stem))
			write_tu(out, i, tree, ran_in);
		free(stem);
	}
	if (owns) {
		struct shard_id id = *owns;

		id.out = (char *)ran_in;
		path = xasprintf("%s/shard", out);
		ck_assert_int_eq(shard_file_write(path, &id), 0);
		free(path);
	}
}

int out_fixture_judge(const char *out, const char *baseline, char **text, char **diag)
{
	char *drift = xasprintf("%s/drift.tsv", out);
	size_t len = 0;
	FILE *f;
	struct judge_opts o = { 0 };
	int ret;

	*text = NULL;
	f = open_memstream(text, &len);
	ck_assert_ptr_nonnull(f);
	o.out = out;
	o.drift = drift;
	o.baseline = baseline;
	o.text = f;
	diag_begin();
	ret = judge_into_out(&o);
	*diag = diag_end();
	ck_assert_int_eq(fclose(f), 0);
	if (ret != 2)
		free(put_file(out, fx_reports[6], *text));
	free(drift);
	return ret;
}

char *out_fixture_reports(const char *out)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	for (i = 0; i < FX_NREPORTS; i++) {
		char *path = xasprintf("%s/%s", out, fx_reports[i]), *text = slurp(path);

		sb_addf(&sb, "=== %s\n%s", fx_reports[i], text);
		free(text);
		free(path);
	}
	return sb_detach(&sb);
}

void assert_same_text(const char *what, const char *got, const char *want)
{
	size_t i = 0, from;

	while (got[i] && got[i] == want[i])
		i++;
	if (!got[i] && !want[i])
		return;
	from = i > 200 ? i - 200 : 0;
	ck_abort_msg("%s differ at byte %zu:\n--- got:\n%.400s\n--- want:\n%.400s", what, i, got + from, want + from);
}

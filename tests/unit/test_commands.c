// SPDX-License-Identifier: GPL-2.0
/*
 * The command line: the command table and the help made from it (through
 * out/bin/hdrtest itself, which holds the table), option parsing (through
 * the commands' run functions and the binary).
 */
#include <check.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "helpers.h"
#include "suites.h"
#include "base/util.h"

#define HDRTEST "out/bin/hdrtest"
#define DRIFT "tests/fixtures/scan/drift"
#define FIXTURE_CAT "tests/fixtures/fixture.cat"
#define CATALOG "catalog/arches.cat", "catalog/configs.cat", "catalog/mm.cat"

/* Run out/bin/hdrtest with the NULL-terminated arguments; its exit
 * status, *out and *err what it printed. */
static int hdrtest(char **out, char **err, ...)
{
	char *dir = tmp_dir(), *opath = xasprintf("%s/out", dir), *epath = xasprintf("%s/err", dir);
	char *argv[32];
	int argc = 0, status;
	va_list ap;
	pid_t pid;

	ck_assert_msg(access(HDRTEST, X_OK) == 0, HDRTEST " is missing: make " HDRTEST " first");
	argv[argc++] = HDRTEST;
	va_start(ap, err);
	while ((argv[argc] = va_arg(ap, char *)))
		ck_assert_int_lt(++argc, 31);
	va_end(ap);
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int o = open(opath, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		int e = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0666);

		if (o < 0 || e < 0)
			_exit(99);
		dup2(o, 1);
		dup2(e, 2);
		execv(HDRTEST, argv);
		_exit(98);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	*out = slurp(opath);
	*err = slurp(epath);
	free(opath);
	free(epath);
	free(dir);
	return WEXITSTATUS(status);
}

/* Run a command's run function on argv[0..argc), argv[0] its name; *diag
 * gets what it said. */
static int run_argv(const struct command *cmd, char **diag, int argc, char **argv)
{
	int ret;

	optind = 0;	/* getopt starts over */
	diag_begin();
	ret = cmd->run(cmd, argc, argv);
	*diag = diag_end();
	return ret;
}

/* The same on the NULL-terminated arguments (after its name). */
static int run(const struct command *cmd, char **diag, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	argv[argc++] = (char *)cmd->name;
	va_start(ap, diag);
	while ((argv[argc] = va_arg(ap, char *)))
		ck_assert_int_lt(++argc, 31);
	va_end(ap);
	return run_argv(cmd, diag, argc, argv);
}

static char *usage_of(const struct command *cmd)
{
	char *buf = NULL, *copy;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	cmd_print_usage(f, cmd);
	ck_assert_int_eq(fclose(f), 0);
	copy = xstrdup(buf ? buf : "");
	free(buf);
	return copy;
}

static const char *opt_a, *opt_b, *opt_c, *opt_d;

static const struct cmd_option xy_options[] = {
	{ "a", "A", &opt_a, NULL, 1, "the a" },
	{ "b", "B", &opt_b, "bee", 0, "the b" },
	{ "a-long-name", "\"X Y ...\"", &opt_c, NULL, 0, "too wide for the column" },
	{ "flag", NULL, &opt_d, NULL, 0, "a flag" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

/* The usage line names the required options, then [OPTION...] if there
 * are others; the helps line up in one column, an option too wide for it
 * has its help on the next line. */
START_TEST(test_usage_layout)
{
	static const struct command xy = { "x-y", "s", xy_options, "FILE...", NULL };
	static const struct command x = { "x", "s", xy_options + 3, "", NULL };
	char *u = usage_of(&xy);

	ck_assert_str_eq(u, "usage: hdrtest x-y --a A [OPTION...] FILE...\n"
			    "\n"
			    "    --a A                 the a (required)\n"
			    "    --b B                 the b (default: bee)\n"
			    "    --a-long-name \"X Y ...\"\n"
			    "                          too wide for the column\n"
			    "    --flag                a flag\n");
	free(u);
	u = usage_of(&x);
	ck_assert_str_eq(u, "usage: hdrtest x [OPTION...]\n"
			    "\n"
			    "    --flag                a flag\n");
	free(u);
}
END_TEST

/* hdrtest help lists every command with its summary; hdrtest help CMD and
 * hdrtest CMD --help print its usage, and exit 0. */
START_TEST(test_help_lists_every_command)
{
	char *out, *err, *line, *u, *want;
	size_t i;

	ck_assert_int_eq(hdrtest(&out, &err, "help", NULL), 0);
	ck_assert_str_eq(err, "");
	ck_assert(starts_with(out, "usage: hdrtest COMMAND [OPTION...] [ARG...]\n"));
	for (i = 0; commands[i]; i++) {
		line = xasprintf("\n  %-20s%s\n", commands[i]->name, commands[i]->summary);
		ck_assert_msg(strstr(out, line), "hdrtest help lacks %s:\n%s", commands[i]->name, out);
		free(line);
	}
	free(out);
	free(err);
	for (i = 0; commands[i]; i++) {
		u = usage_of(commands[i]);
		want = xasprintf("hdrtest %s: %s\n%s", commands[i]->name, commands[i]->summary, u);
		ck_assert_int_eq(hdrtest(&out, &err, "help", commands[i]->name, NULL), 0);
		ck_assert_str_eq(out, want);
		free(out);
		free(err);
		ck_assert_int_eq(hdrtest(&out, &err, commands[i]->name, "--help", NULL), 0);
		ck_assert_str_eq(out, want);
		free(out);
		free(err);
		free(want);
		free(u);
	}
}
END_TEST

/* No command, an unknown one, an unknown option: exit 2, said on stderr. */
START_TEST(test_usage_errors_exit_2)
{
	char *out, *err, *want;
	size_t i;

	ck_assert_int_eq(hdrtest(&out, &err, NULL), 2);
	ck_assert_str_eq(out, "");
	ck_assert(starts_with(err, "usage: hdrtest COMMAND"));
	free(out);
	free(err);
	ck_assert_int_eq(hdrtest(&out, &err, "frobnicate", NULL), 2);
	ck_assert(starts_with(err, "hdrtest: error: unknown command 'frobnicate'\n"
				   "usage: hdrtest COMMAND"));
	free(out);
	free(err);
	ck_assert_int_eq(hdrtest(&out, &err, "help", "frobnicate", NULL), 2);
	ck_assert(starts_with(err, "hdrtest: error: unknown command 'frobnicate'\n"));
	free(out);
	free(err);
	for (i = 0; commands[i]; i++) {
		char *u = usage_of(commands[i]);

		want = xasprintf("hdrtest %s: unknown option '--frobnicate'\n%s", commands[i]->name, u);
		ck_assert_int_eq(hdrtest(&out, &err, commands[i]->name, "--frobnicate", NULL), 2);
		ck_assert_str_eq(err, want);
		ck_assert_str_eq(out, "");
		free(out);
		free(err);
		free(want);
		free(u);
	}
}
END_TEST

/* A missing option names itself, then the command's synopsis. */
START_TEST(test_required_option)
{
	static const struct {
		const char *args[5];
		const char *says;
	} cases[] = {
		{ { "--dir", "d", "x.cat" }, "--tree is required" },
		{ { "--tree", "t", "x.cat" }, "--dir is required" },
		{ { "--dir", "d", "--tree" }, "option '--tree' needs a value" },
		{ { "--dir", "d", "--tree", "t" }, "no catalog files given" },
	};
	char *u = usage_of(&cmd_probe), *want, *diag;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *const *a = cases[i].args;

		want = xasprintf("hdrtest probe: %s\n%s", cases[i].says, u);
		ck_assert_int_eq(run(&cmd_probe, &diag, a[0], a[1], a[2], a[3], a[4], NULL),
				 EXIT_ERROR);
		ck_assert_str_eq(diag, want);
		free(diag);
		free(want);
	}
	free(u);
}
END_TEST

/* Every entry of every command's table is complete: a name getopt can
 * take, a value, one line of help, an argument name where it takes one,
 * a required option never a flag, no name twice, room in cmd_options(). */
START_TEST(test_option_tables_complete)
{
	const struct cmd_option *o, *p;
	size_t i;

	for (i = 0; commands[i]; i++) {
		const char *cmd = commands[i]->name;

		ck_assert_msg(commands[i]->options, "hdrtest %s has no option table", cmd);
		ck_assert_msg(commands[i]->operands, "hdrtest %s has no operands string", cmd);
		for (o = commands[i]->options; o->name; o++) {
			ck_assert_msg(*o->name && o->name[0] != '-' && strcmp(o->name, "help"),
				      "hdrtest %s: option '%s' is not a name", cmd, o->name);
			ck_assert_msg(o->value, "hdrtest %s --%s stores nowhere", cmd, o->name);
			ck_assert_msg(o->help && *o->help && !strchr(o->help, '\n'),
				      "hdrtest %s --%s has no one-line help", cmd, o->name);
			ck_assert_msg(!o->arg || *o->arg, "hdrtest %s --%s has an empty argument name",
				      cmd, o->name);
			ck_assert_msg(!o->required || o->arg, "hdrtest %s --%s is a required flag", cmd,
				      o->name);
			for (p = commands[i]->options; p < o; p++)
				ck_assert_msg(strcmp(p->name, o->name), "hdrtest %s --%s twice", cmd, o->name);
		}
		ck_assert_int_le(o - commands[i]->options, CMD_MAX_OPTIONS);
	}
}
END_TEST

/* The help after "    --NAME ARG" in the usage u and the padding (on
 * its line or the next), or NULL where u lacks the option. */
static const char *help_in_usage(const char *u, const struct cmd_option *o)
{
	char *head = xasprintf("\n    --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
	const char *p = strstr(u, head);

	if (p) {
		p += strlen(head);
		if (*p != ' ' && *p != '\n')
			p = NULL;	/* another option that starts the same */
		while (p && (*p == ' ' || *p == '\n'))
			p++;
	}
	free(head);
	return p;
}

/* The usage of every command lists every option of its table with its
 * help, marked when required; the usage line names the required ones. */
START_TEST(test_usage_lists_every_option)
{
	const struct cmd_option *o;
	size_t i;

	for (i = 0; commands[i]; i++) {
		char *u = usage_of(commands[i]), *nl = strchr(u, '\n'), *line;

		*nl = '\0';
		for (o = commands[i]->options; o->name; o++) {
			char *want = xasprintf("%s%s%s%s%s\n", o->help, o->required ? " (required)" : "",
					       o->def ? " (default: " : "", o->def ? o->def : "",
					       o->def ? ")" : "");
			const char *help = help_in_usage(nl + 1, o);
			char *named = xasprintf(" --%s ", o->name);

			ck_assert_msg(help && starts_with(help, want), "hdrtest %s --%s lacks its help:\n%s",
				      commands[i]->name, o->name, nl + 1);
			ck_assert_msg(!strstr(u, named) == !o->required,
				      "hdrtest %s --%s: the usage line says otherwise: %s", commands[i]->name,
				      o->name, u);
			free(named);
			free(want);
		}
		/* an option's line is one line of a terminal */
		for (line = nl + 1; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			ck_assert_msg(nl - line <= 80, "hdrtest %s: a line of %d columns:\n%.*s",
				      commands[i]->name, (int)(nl - line), (int)(nl - line), line);
		}
		free(u);
	}
}
END_TEST

/* Every required option of every command, when missing, is named, then
 * the usage: all the others are given, as the order of checks would
 * otherwise hide it. */
START_TEST(test_missing_option_named)
{
	const struct cmd_option *o, *p;
	char *argv[2 * CMD_MAX_OPTIONS + 2], *diag, *u, *want;
	size_t i;
	int argc;

	for (i = 0; commands[i]; i++) {
		u = usage_of(commands[i]);
		for (o = commands[i]->options; o->name; o++) {
			if (!o->required)
				continue;
			argc = 0;
			argv[argc++] = (char *)commands[i]->name;
			for (p = commands[i]->options; p->name; p++) {
				if (p->required && p != o) {
					argv[argc++] = xasprintf("--%s", p->name);
					argv[argc++] = xstrdup("x");
				}
			}
			argv[argc] = "x.cat";
			ck_assert_int_eq(run_argv(commands[i], &diag, argc + 1, argv), EXIT_ERROR);
			want = xasprintf("hdrtest %s: --%s is required\n%s", commands[i]->name, o->name, u);
			ck_assert_str_eq(diag, want);
			free(want);
			free(diag);
			while (--argc > 0)
				free(argv[argc]);
		}
		free(u);
	}
}
END_TEST

/* probe's options in either order, and after the catalog: the same files
 * (they used to be read at fixed positions). */
START_TEST(test_probe_options_any_order)
{
	char *dir = tmp_dir(), *d1 = xasprintf("%s/p1", dir), *d2 = xasprintf("%s/p2", dir);
	char *d3 = xasprintf("%s/p3", dir), *diag, *a, *b, *c;
	const char *h = "/linux/fx/size.h", *tree = DRIFT "/tree", *cat = DRIFT "/fx.cat";

	ck_assert_int_eq(run(&cmd_probe, &diag, "--tree", tree, "--dir", d1, cat, NULL), 0);
	ck_assert_str_eq(diag, "");
	free(diag);
	ck_assert_int_eq(run(&cmd_probe, &diag, "--dir", d2, "--tree", tree, cat, NULL), 0);
	free(diag);
	ck_assert_int_eq(run(&cmd_probe, &diag, cat, "--dir", d3, "--tree", tree, NULL), 0);
	free(diag);
	a = xasprintf("%s%s.branches", d1, h);
	b = xasprintf("%s%s.branches", d2, h);
	c = xasprintf("%s%s.branches", d3, h);
	{
		char *ta = slurp(a), *tb = slurp(b), *tc = slurp(c);

		ck_assert(*ta);
		ck_assert_str_eq(ta, tb);
		ck_assert_str_eq(ta, tc);
		free(ta);
		free(tb);
		free(tc);
	}
	free(a);
	free(b);
	free(c);
	free(d1);
	free(d2);
	free(d3);
	free(dir);
}
END_TEST

/* Options in any order, before or after the catalog: the same output. */
START_TEST(test_fixed_position_commands_any_order)
{
	char *o1, *o2, *e1, *e2, *dir = tmp_dir();

	ck_assert_int_eq(hdrtest(&o1, &e1, "plan", "--print-packages", "--archs", "arm64", "--configs", "all",
				 CATALOG, NULL), 0);
	ck_assert_int_eq(hdrtest(&o2, &e2, "plan", CATALOG, "--configs", "all", "--archs", "arm64",
				 "--print-packages", NULL), 0);
	ck_assert_str_eq(o1, "gcc-aarch64-linux-gnu\nbinutils-aarch64-linux-gnu\n");
	ck_assert_str_eq(o1, o2);
	free(o1);
	free(o2);
	free(e1);
	free(e2);
	ck_assert_int_eq(hdrtest(&o1, &e1, "slimness", "--cells", "x/y", "--out", dir, CATALOG,
				 NULL), 2);
	ck_assert(!strstr(e1, "usage:"));
	free(o1);
	free(e1);
	ck_assert_int_eq(hdrtest(&o1, &e1, "coverage", "--cells", "x/y", "--out", dir, "--dir", dir,
				 CATALOG, NULL), 0);
	ck_assert(starts_with(o1, "Branch coverage: "));
	free(o1);
	free(e1);
	free(dir);
}
END_TEST

/* A planned cell of the fixture catalog whose prepare step left a fake
 * kbuild dir (its .config and the command kbuild recorded): OUT. */
static char *planned_fixture_cell(const char *dir)
{
	char *out = xasprintf("%s/out", dir), *kb = xasprintf("%s/kb", dir), *fixtures = repo_path("tests/fixtures");
	char *cmd, *diag, *prepared;

	ck_assert_int_eq(run(&cmd_plan, &diag, "--out", out, "--tree", dir, "--cache", dir, "--archs", "host",
			     "--configs", "plain", FIXTURE_CAT, NULL), EXIT_OK);
	free(diag);
	free(put_file(kb, ".config", "CONFIG_FIXTURE_ARCH=y\n"));
	cmd = xasprintf("savedcmd_mm/mmzone.o := gcc -I%s/include -include %s/include/linux/kconfig.h "
			"-c -o mm/mmzone.o %s/mm/mmzone.c\n", fixtures, fixtures, fixtures);
	free(put_file(kb, "mm/.mmzone.o.cmd", cmd));
	prepared = xasprintf("kdir=%s\n", kb);
	free(put_file(out, "host/plain/prepared", prepared));
	free(prepared);
	free(cmd);
	free(fixtures);
	free(kb);
	return out;
}

/* gen and ci-files take --templates and --m4, with the same defaults. */
START_TEST(test_m4_options)
{
	char *dir = tmp_dir(), *diag;
	char *gh1 = xasprintf("%s/gh1", dir), *gl1 = xasprintf("%s/gl1", dir);
	char *gh2 = xasprintf("%s/gh2", dir), *gl2 = xasprintf("%s/gl2", dir);
	char *out = planned_fixture_cell(dir), *a, *b;

	ck_assert_int_eq(run(&cmd_ci_files, &diag, "--github", gh1, "--gitlab", gl1, CATALOG, NULL),
			 0);
	free(diag);
	ck_assert_int_eq(run(&cmd_ci_files, &diag, "--templates", DEFAULT_TEMPLATES, "--m4",
			     DEFAULT_M4, "--github", gh2, "--gitlab", gl2, CATALOG, NULL), 0);
	free(diag);
	a = slurp(gh1);
	b = slurp(gh2);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	/* the options are used: a missing m4 or template dir fails */
	stderr_begin();
	ck_assert_int_eq(run(&cmd_ci_files, &diag, "--m4", "/nonexistent/m4", "--github", gh1,
			     "--gitlab", gl1, CATALOG, NULL), EXIT_ERROR);
	free(stderr_end());
	ck_assert(strstr(diag, "m4 failed (exit 127)"));
	free(diag);
	stderr_begin();
	ck_assert_int_eq(run(&cmd_gen, &diag, "--m4", "/nonexistent/m4", "--out", out, FIXTURE_CAT, NULL),
			 EXIT_ERROR);
	free(stderr_end());
	ck_assert(strstr(diag, "m4 failed (exit 127)"));
	free(diag);
	stderr_begin();
	ck_assert_int_eq(run(&cmd_gen, &diag, "--templates", dir, "--out", out, FIXTURE_CAT, NULL), EXIT_ERROR);
	free(stderr_end());
	free(diag);
	ck_assert_int_eq(run(&cmd_gen, &diag, "--out", out, FIXTURE_CAT, NULL), EXIT_OK);
	free(diag);
	a = xasprintf("%s/host/plain/fixture/good.c", out);
	ck_assert(file_exists(a));
	free(a);
	free(gh1);
	free(gl1);
	free(gh2);
	free(gl2);
	free(out);
	free(dir);
}
END_TEST

/* text with its first "from" replaced by "to"; *line gets that line's
 * number (caller frees). */
static char *replace_once(const char *text, const char *from, const char *to, int *line)
{
	const char *hit = strstr(text, from), *p;

	ck_assert_msg(hit != NULL, "no '%s' in the text", from);
	*line = 1;
	for (p = text; p < hit; p++)
		*line += *p == '\n';
	return xasprintf("%.*s%s%s", (int)(hit - text), text, to, hit + strlen(from));
}

/* Everything under dir, with each file's size, one a line. */
static char *tree_list(const char *dir)
{
	char *cmd = xasprintf("cd '%s' && find . -printf '%%p %%s\\n' | LC_ALL=C sort", dir), buf[4096];
	FILE *f = popen(cmd, "r");
	struct strbuf sb;
	size_t n;

	ck_assert_ptr_nonnull(f);
	sb_init(&sb);
	sb_add(&sb, "");
	while ((n = fread(buf, 1, sizeof(buf), f)))
		sb_addn(&sb, buf, n);
	ck_assert_int_eq(pclose(f), 0);
	free(cmd);
	return sb_detach(&sb);
}

/* A value m4 would read as a macro (m4_dnl in a type) is refused where
 * the catalog is read: gen stops with the catalog's line and column,
 * exit 2, and writes nothing. */
START_TEST(test_gen_refuses_m4_name)
{
	char *dir = tmp_dir(), *out = planned_fixture_cell(dir), *text = slurp(FIXTURE_CAT), *bad, *path;
	char *before, *after, *diag, *want;
	int line;

	bad = replace_once(text, "\tconst\tGOOD_MAX\tint\n", "\tconst\tGOOD_MAX\tm4_dnl int\n", &line);
	path = put_file(dir, "fixture.cat", bad);
	before = tree_list(out);
	ck_assert_int_eq(run(&cmd_gen, &diag, "--out", out, path, NULL), EXIT_ERROR);
	want = xasprintf("%s:%d:17: error: 'm4_dnl' is reserved for hdrtest's m4 templates: no name in the "
			 "catalog may begin with m4_\n", path, line);
	ck_assert_str_eq(diag, want);
	after = tree_list(out);
	ck_assert_str_eq(after, before);
	free(want);
	free(diag);
	free(after);
	free(before);
	free(path);
	free(bad);
	free(text);
	free(out);
	free(dir);
}
END_TEST

/* catalog-check on such a catalog: an input error (2), not "no drift",
 * and no drift file. */
START_TEST(test_catalog_check_refuses_m4_name)
{
	char *dir = tmp_dir(), *text = slurp(DRIFT "/fx.cat"), *bad, *path, *diag, *want;
	char *drift = xasprintf("%s/drift.tsv", dir);
	int line;

	bad = replace_once(text, "\tfx_order\tunsigned int", "\tfx_order\tm4_dnl unsigned int", &line);
	path = put_file(dir, "fx.cat", bad);
	ck_assert_int_eq(run(&cmd_catalog_check, &diag, "--tree", DRIFT "/tree", "--drift-out", drift, path, NULL),
			 EXIT_ERROR);
	want = xasprintf("%s:%d:16: error: 'm4_dnl' is reserved for hdrtest's m4 templates: no name in the "
			 "catalog may begin with m4_\n", path, line);
	ck_assert_str_eq(diag, want);
	ck_assert(!file_exists(drift));
	free(want);
	free(diag);
	free(drift);
	free(path);
	free(bad);
	free(text);
	free(dir);
}
END_TEST

Suite *commands_suite(void)
{
	Suite *s = suite_create("commands");
	TCase *tc = tcase_create("commands");

	/* each test execs the tool a few dozen times */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_usage_layout);
	tcase_add_test(tc, test_help_lists_every_command);
	tcase_add_test(tc, test_usage_errors_exit_2);
	tcase_add_test(tc, test_required_option);
	tcase_add_test(tc, test_option_tables_complete);
	tcase_add_test(tc, test_usage_lists_every_option);
	tcase_add_test(tc, test_missing_option_named);
	tcase_add_test(tc, test_probe_options_any_order);
	tcase_add_test(tc, test_fixed_position_commands_any_order);
	tcase_add_test(tc, test_m4_options);
	tcase_add_test(tc, test_gen_refuses_m4_name);
	tcase_add_test(tc, test_catalog_check_refuses_m4_name);
	suite_add_tcase(s, tc);
	return s;
}

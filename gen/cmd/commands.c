// SPDX-License-Identifier: GPL-2.0
/* What every command's option parsing and usage errors share. */
#include "cmd/commands.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

static FILE *err_stream(void)
{
	return diag_stream ? diag_stream : stderr;
}

/* As git's parse-options lays out an option list: the help starts in one
 * column; an option too wide for it has its help on the next line. */
#define USAGE_INDENT	4
#define USAGE_WIDTH	24
#define USAGE_GAP	2

static void print_option(FILE *f, const struct cmd_option *o)
{
	int pos = fprintf(f, "%*s--%s", USAGE_INDENT, "", o->name);

	if (o->arg)
		pos += fprintf(f, " %s", o->arg);
	if (pos > USAGE_WIDTH) {
		fputc('\n', f);
		pos = 0;
	}
	fprintf(f, "%*s%s", USAGE_WIDTH - pos + USAGE_GAP, "", o->help);
	if (o->required)
		fputs(" (required)", f);
	if (o->def)
		fprintf(f, " (default: %s)", o->def);
	fputc('\n', f);
}

void cmd_print_usage(FILE *f, const struct command *cmd)
{
	const struct cmd_option *o;
	int others = 0;

	fprintf(f, "usage: hdrtest %s", cmd->name);
	for (o = cmd->options; o->name; o++) {
		if (o->required)
			fprintf(f, " --%s %s", o->name, o->arg);
		else
			others = 1;
	}
	if (others)
		fputs(" [OPTION...]", f);
	if (*cmd->operands)
		fprintf(f, " %s", cmd->operands);
	fputs("\n\n", f);
	for (o = cmd->options; o->name; o++)
		print_option(f, o);
}

int cmd_usage_error(const struct command *cmd, const char *fmt, ...)
{
	FILE *f = err_stream();
	va_list ap;

	fprintf(f, "hdrtest %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	cmd_print_usage(f, cmd);
	return EXIT_ERROR;
}

/* getopt_long() without short options; an unknown option or one without
 * its value is said, with the command's usage, and '?' returned. */
static int cmd_getopt(const struct command *cmd, int argc, char **argv, const struct option *opts)
{
	int c;

	opterr = 0;	/* the messages below name the command */
	c = getopt_long(argc, argv, ":", opts, NULL);
	if (c == ':') {
		cmd_usage_error(cmd, "option '%s' needs a value", argv[optind - 1]);
		return '?';
	}
	if (c == '?') {
		if (optopt)
			cmd_usage_error(cmd, "unknown option '-%c'", optopt);
		else
			cmd_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
	}
	return c;
}

int cmd_absolute(const char *what, const char *path, char *buf, const char **res)
{
	if (!path || !*path)
		return 0;
	if (!realpath(path, buf))
		return error("%s=%s: %s", what, path, strerror(errno));
	*res = buf;
	return 0;
}

int cmd_jobs(const struct command *cmd, const char *text, int *n)
{
	char *end;
	long v;

	if (!text) {
		v = sysconf(_SC_NPROCESSORS_ONLN);
		*n = v > 0 ? (int)v : 1;
		return 0;
	}
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || *end || end == text || v < 1 || v > 4096)
		return cmd_usage_error(cmd, "--jobs %s: expected a number from 1 to 4096", text);
	*n = (int)v;
	return 0;
}

struct catalog *cmd_read_catalog(const struct command *cmd, int argc, char **argv)
{
	if (argc < 1) {
		cmd_usage_error(cmd, "no catalog files given");
		return NULL;
	}
	return catalog_read(argv, argc);
}

void cell_list_split(struct cell_list *cl, const char *list)
{
	char *tok;

	cl->text = xstrdup(list);
	cl->names = NULL;
	cl->n = 0;
	for (tok = strtok(cl->text, " "); tok; tok = strtok(NULL, " "))
		*(char **)push(&cl->names, &cl->n, sizeof(char *)) = tok;
}

void cell_list_free(struct cell_list *cl)
{
	free(cl->names);
	free(cl->text);
}

int cmd_options(const struct command *cmd, int argc, char **argv)
{
	const struct cmd_option *opts = cmd->options;
	struct option longopts[CMD_MAX_OPTIONS + 1];
	int n, c;

	for (n = 0; opts[n].name; n++) {
		if (n == CMD_MAX_OPTIONS)
			die("hdrtest %s: more than %d options", cmd->name, CMD_MAX_OPTIONS);
		longopts[n].name = opts[n].name;
		longopts[n].has_arg = opts[n].arg ? required_argument : no_argument;
		longopts[n].flag = NULL;
		longopts[n].val = n + 1;	/* 0, ':' and '?' mean other things */
		*opts[n].value = opts[n].def;
	}
	memset(&longopts[n], 0, sizeof(longopts[n]));
	while ((c = cmd_getopt(cmd, argc, argv, longopts)) != -1) {
		if (c < 1 || c > n)
			return -1;
		*opts[c - 1].value = opts[c - 1].arg ? optarg : "";
	}
	for (c = 0; c < n; c++) {
		if (opts[c].required && !*opts[c].value) {
			cmd_usage_error(cmd, "--%s is required", opts[c].name);
			return -1;
		}
	}
	return optind;
}

// SPDX-License-Identifier: GPL-2.0
/* What every command's option parsing and usage errors share. */
#include "cmd/commands.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static FILE *err_stream(void)
{
	return diag_stream ? diag_stream : stderr;
}

void cmd_print_usage(FILE *f, const struct command *cmd)
{
	const char *p = cmd->synopsis;
	int indent = (int)strlen("usage: hdrtest ") + (int)strlen(cmd->name) + 1;

	fprintf(f, "usage: hdrtest %s ", cmd->name);
	for (; *p; p++) {
		fputc(*p, f);
		if (*p == '\n')
			fprintf(f, "%*s", indent, "");
	}
	fputc('\n', f);
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
	return CMD_ERROR;
}

int cmd_getopt(const struct command *cmd, int argc, char **argv, const struct option *opts)
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

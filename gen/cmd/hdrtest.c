// SPDX-License-Identifier: GPL-2.0
/*
 * hdrtest: prove that kernel headers are self-contained.
 *
 * Each subcommand has one job (the GNUmakefile strings them together) and
 * its own gen/cmd/cmd_*.c file; command_list.c lists them, and `hdrtest
 * help` prints that list.
 */
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "base/files.h"
#include "base/util.h"

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; commands[i]; i++)
		if (!strcmp(commands[i]->name, name))
			return commands[i];
	return NULL;
}

static void print_help(FILE *f)
{
	size_t i;

	fputs("usage: hdrtest COMMAND [OPTION...] [ARG...]\n\ncommands:\n", f);
	for (i = 0; commands[i]; i++)
		fprintf(f, "  %-20s%s\n", commands[i]->name, commands[i]->summary);
	fputs("\n'hdrtest help COMMAND' or 'hdrtest COMMAND --help' shows a command's options.\n"
	      "Exit status: 0 ok, 1 a verdict or drift failure, 2 a usage or input error.\n", f);
}

static void print_command_help(FILE *f, const struct command *cmd)
{
	fprintf(f, "hdrtest %s: %s\n", cmd->name, cmd->summary);
	cmd_print_usage(f, cmd);
}

/* hdrtest help [COMMAND] */
static int help(int argc, char **argv)
{
	const struct command *cmd;

	if (argc == 1) {
		print_help(stdout);
		return EXIT_OK;
	}
	if (argc > 2) {
		error("help takes one command name");
		return EXIT_ERROR;
	}
	cmd = find_command(argv[1]);
	if (!cmd) {
		error("unknown command '%s'", argv[1]);
		print_help(stderr);
		return EXIT_ERROR;
	}
	print_command_help(stdout, cmd);
	return EXIT_OK;
}

/* --help among a command's arguments (up to a "--") */
static int wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

/* argv[0] is the command's name. */
static int dispatch(int argc, char **argv)
{
	const struct command *cmd;

	if (argc < 1) {
		print_help(stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[0], "help") || !strcmp(argv[0], "--help"))
		return help(argc, argv);
	cmd = find_command(argv[0]);
	if (!cmd) {
		error("unknown command '%s'", argv[0]);
		print_help(stderr);
		return EXIT_ERROR;
	}
	if (wants_help(argc, argv)) {
		print_command_help(stdout, cmd);
		return EXIT_OK;
	}
	return cmd->run(cmd, argc, argv);
}

/* make installs what a command prints (hdrtest mk > catalog.mk.tmp && mv):
 * a write error on stdout must fail the command, or a truncated file goes
 * into place. */
int main(int argc, char **argv)
{
	int ret = dispatch(argc - 1, argv + 1);

	if (write_stream_close(stdout, "standard output"))
		ret = EXIT_ERROR;
	return ret;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The subcommands of hdrtest.  Each is one struct command in its own
 * gen/cmd/cmd_*.c file; command_list.c lists them, and hdrtest.c dispatches
 * to them and prints `hdrtest help` from that list.  A command parses its
 * options, calls the library and returns an exit status (base/exit.h).
 */
#ifndef HDRTEST_COMMANDS_H
#define HDRTEST_COMMANDS_H

#include <getopt.h>
#include <stdio.h>

#include "base/exit.h"
#include "model/catalog.h"

/*
 * One option of a command's table: --NAME ARG stores ARG in *value, a
 * flag (arg NULL: --NAME alone) stores "".  cmd_options() first sets
 * *value to def for every entry (NULL where there is none), so a value is
 * a static variable that each run starts afresh.  help is one line, and
 * every entry has one (the unit tests walk every table).  A required
 * option (never a flag) that is missing is a usage error, checked in the
 * table's order.
 */
struct cmd_option {
	const char *name;
	const char *arg;	/* what the usage calls the value: "DIR" */
	const char **value;
	const char *def;
	int required;
	const char *help;
};

/* A command: its one option table is what cmd_options() parses and what
 * the usage lists, so the help cannot drift from what the command takes. */
struct command {
	const char *name;
	const char *summary;	/* one line, for `hdrtest help` */
	const struct cmd_option *options;	/* ended by a NULL name */
	const char *operands;	/* what follows the options in its usage: "CATALOG..." */
	/* argv[0] is the command's name; returns the exit status */
	int (*run)(const struct command *cmd, int argc, char **argv);
};

extern const struct command cmd_run;
extern const struct command cmd_series;
extern const struct command cmd_plan;
extern const struct command cmd_gen;
extern const struct command cmd_report;
extern const struct command cmd_merge;
extern const struct command cmd_ci_files;
extern const struct command cmd_probe;
extern const struct command cmd_coverage;
extern const struct command cmd_slimness;
extern const struct command cmd_fix;
extern const struct command cmd_fix_consumers;
extern const struct command cmd_move;
extern const struct command cmd_same_program;
extern const struct command cmd_build_cost;
extern const struct command cmd_scan;
extern const struct command cmd_catalog_check;
extern const struct command cmd_catalog_update;
extern const struct command cmd_catalog_init;

/* Every command above, in the order `hdrtest help` lists them; NULL ends it. */
extern const struct command *const commands[];

/* Where the commands that render m4 templates (gen, ci-files) find them
 * unless --templates DIR and --m4 PROG say otherwise. */
#define DEFAULT_TEMPLATES "templates"
#define DEFAULT_M4 "m4"

/* The most options one command has room for. */
#define CMD_MAX_OPTIONS 24

/*
 * The usage, from the option table: "usage: hdrtest NAME", the required
 * options, "[OPTION...]" when there are others, the operands; then a
 * line per option, its help in one column with "(required)" or
 * "(default: DEF)" after it.
 */
void cmd_print_usage(FILE *f, const struct command *cmd);

/* A usage error: "hdrtest NAME: MESSAGE" and the usage on the error
 * stream; returns EXIT_ERROR. */
int cmd_usage_error(const struct command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Parse argv against cmd's option table with getopt_long, in any order
 * and mixed with operands.  Returns the index of the first operand, or
 * -1 after a usage error (an unknown option, one without its value, a
 * required one missing). */
int cmd_options(const struct command *cmd, int argc, char **argv);

/* The scripts and compilers a command runs get absolute paths: *res =
 * buf holding path's realpath(), or nothing done when path is NULL or
 * empty.  0, or -1 after "WHAT=PATH: REASON" (buf is PATH_MAX bytes). */
int cmd_absolute(const char *what, const char *path, char *buf, const char **res);

/* --jobs TEXT: in *n the jobs a run starts at once without make -jN, the
 * cores when text is NULL; 0, or EXIT_ERROR after a usage error (not a
 * number from 1 to 4096). */
int cmd_jobs(const struct command *cmd, const char *text, int *n);

/* The catalog files argv[0..argc): NULL after a usage error (none given)
 * or after the catalog's errors. */
struct catalog *cmd_read_catalog(const struct command *cmd, int argc, char **argv);

/* The cells make passes as one space-separated --cells list. */
struct cell_list {
	char *text;	/* a copy of the list, which names point into */
	char **names;
	int n;
};

void cell_list_split(struct cell_list *cl, const char *list);
void cell_list_free(struct cell_list *cl);

#endif

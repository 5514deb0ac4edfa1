// SPDX-License-Identifier: GPL-2.0
/*
 * Every command of hdrtest, in the order `hdrtest help` lists them: main()
 * dispatches through this table, and the unit tests walk it, so a new
 * command is one line here and is checked with the others.
 */
#include <stddef.h>

#include "cmd/commands.h"

const struct command *const commands[] = {
	&cmd_run,
	&cmd_series,
	&cmd_plan,
	&cmd_gen,
	&cmd_report,
	&cmd_merge,
	&cmd_ci_files,
	&cmd_probe,
	&cmd_coverage,
	&cmd_slimness,
	&cmd_fix,
	&cmd_fix_consumers,
	&cmd_move,
	&cmd_same_program,
	&cmd_build_cost,
	&cmd_scan,
	&cmd_catalog_check,
	&cmd_catalog_update,
	&cmd_catalog_init,
	NULL,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest kbuild-cmd: kbuild's compiler command for an object. */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "plan/kbuild_cmd.h"

static int run_kbuild_cmd(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = { { NULL, 0, NULL, 0 } };
	struct kbuild_cmd *kc;
	char *text;

	if (cmd_getopt(cmd, argc, argv, opts) != -1)
		return CMD_ERROR;
	if (argc - optind != 2)
		return cmd_usage_error(cmd, "expected a build dir and an object");
	kc = kbuild_cmd_extract(argv[optind], argv[optind + 1]);
	if (!kc)
		return CMD_ERROR;
	text = kbuild_cmd_format(kc);
	fputs(text, stdout);
	free(text);
	kbuild_cmd_free(kc);
	return CMD_OK;
}

const struct command cmd_kbuild_cmd = {
	"kbuild-cmd", "extract kbuild's compiler command for an object",
	"KDIR OBJECT",
	run_kbuild_cmd,
};

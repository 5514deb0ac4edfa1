// SPDX-License-Identifier: GPL-2.0
/* hdrtest install-if-changed: replace a file only if its bytes change, so
 * that an unchanged file keeps its mtime and make does not redo what
 * depends on it. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/commands.h"
#include "base/files.h"
#include "base/util.h"

static int run_install_if_changed(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = { { NULL, 0, NULL, 0 } };
	const char *tmp, *dest;
	struct stat st;

	if (cmd_getopt(cmd, argc, argv, opts) != -1)
		return CMD_ERROR;
	if (argc - optind != 2)
		return cmd_usage_error(cmd, "expected a new file and the file it replaces");
	tmp = argv[optind];
	dest = argv[optind + 1];
	/* a missing TMP is the caller's error, not one writing DEST */
	if (stat(tmp, &st)) {
		error("cannot read %s: %s", tmp, strerror(errno));
		return CMD_ERROR;
	}
	if (!S_ISREG(st.st_mode)) {
		error("%s: expected a file", tmp);
		return CMD_ERROR;
	}
	return install_if_changed(tmp, dest) < 0 ? CMD_ERROR : CMD_OK;
}

const struct command cmd_install_if_changed = {
	"install-if-changed", "replace DEST by TMP if their bytes differ, else remove TMP",
	"TMP DEST",
	run_install_if_changed,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest fragment: a config's Kconfig fragment. */
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "base/util.h"

static int run_fragment(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	const char *name = NULL;
	struct catalog *cat;
	struct config *c;
	int opt, i;

	while ((opt = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (opt) {
		case 'c': name = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!name)
		return cmd_usage_error(cmd, "--config is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	c = catalog_config(cat, name);
	if (!c) {
		error("config '%s' is not in the catalog", name);
		catalog_free(cat);
		return CMD_ERROR;
	}
	/* no file or line here: the fragment is part of the build dir's cache key */
	printf("# hdrtest config %s\n", c->name);
	for (i = 0; i < c->nfrags; i++) {
		if (!strcmp(c->frags[i].value, "n"))
			printf("# %s is not set\n", c->frags[i].name);
		else
			printf("%s=%s\n", c->frags[i].name, c->frags[i].value);
	}
	catalog_free(cat);
	return CMD_OK;
}

const struct command cmd_fragment = {
	"fragment", "a config's Kconfig fragment, as merge_config.sh reads it",
	"--config C CATALOG...",
	run_fragment,
};

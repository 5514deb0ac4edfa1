// SPDX-License-Identifier: GPL-2.0
/* hdrtest check-config: which fragment lines a resolved .config lost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "model/kconfig.h"
#include "model/kconfig_deps.h"
#include "base/util.h"

/* Print every fragment line of c that kc does not keep, on one line;
 * returns how many. */
static int print_lost(const struct config *c, const struct kconfig *kc, const char *tree)
{
	int i, lost = 0;

	for (i = 0; i < c->nfrags; i++) {
		const char *name = c->frags[i].name, *want = c->frags[i].value;
		const char *got = kconfig_value(kc, name);

		if (!got)
			got = "n";
		if (strcmp(want, got)) {
			char *deps = tree ? kconfig_dependencies(tree, name) : NULL;

			printf("%s%s=%s (resolved to %s", lost++ ? ", " : "", name, want, got);
			if (deps)
				printf("; Kconfig: %s", deps);
			printf(")");
			free(deps);
		}
	}
	if (lost)
		printf("\n");
	return lost;
}

/* Exit 1 and name every fragment line the resolved .config did not keep. */
static int run_check_config(const struct command *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "dotconfig", required_argument, NULL, 'd' },
		{ "tree", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const char *name = NULL, *dotconfig = NULL, *tree = NULL;
	struct catalog *cat;
	struct kconfig *kc;
	struct config *c;
	int opt, ret = CMD_ERROR;

	while ((opt = cmd_getopt(cmd, argc, argv, opts)) != -1) {
		switch (opt) {
		case 'c': name = optarg; break;
		case 'd': dotconfig = optarg; break;
		case 't': tree = optarg; break;
		default: return CMD_ERROR;
		}
	}
	if (!name)
		return cmd_usage_error(cmd, "--config is required");
	if (!dotconfig)
		return cmd_usage_error(cmd, "--dotconfig is required");
	cat = cmd_read_catalog(cmd, argc - optind, argv + optind);
	if (!cat)
		return CMD_ERROR;
	c = catalog_config(cat, name);
	if (!c) {
		error("config '%s' is not in the catalog", name);
		catalog_free(cat);
		return CMD_ERROR;
	}
	kc = kconfig_read(dotconfig);
	if (kc) {
		ret = print_lost(c, kc, tree) ? CMD_FAILED : CMD_OK;
		kconfig_free(kc);
	}
	catalog_free(cat);
	return ret;
}

const struct command cmd_check_config = {
	"check-config", "which fragment lines a resolved .config failed to keep",
	"--config C --dotconfig FILE [--tree KDIR] CATALOG...",
	run_check_config,
};

// SPDX-License-Identifier: GPL-2.0
/* hdrtest move: symbols moved out of a header into a slim one, proven on
 * the run's cells (move/move_all.c does). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "move/move_all.h"

static const char *out, *tree, *symbols, *to, *from, *max, *catalogs, *templates, *m4, *jobs, *signoff;
static const char *verify_objects, *no_tokens, *cache;

static const struct cmd_option move_options[] = {
	{ "out", "OUTDIR", &out, NULL, 1, "the run; the move goes to OUTDIR/move" },
	{ "tree", "KDIR", &tree, NULL, 0, "the run's kernel tree (checked; never written)" },
	{ "symbols", "\"NAME...\"", &symbols, NULL, 1, "the C identifiers to move" },
	{ "to", "HEADER", &to, NULL, 1, "the header they move to: linux/mm/x.h" },
	{ "from", "HEADER", &from, NULL, 0, "the header they leave (default: the one defining them)" },
	{ "max", "N", &max, NULL, 0, "the most definitions a move takes before it asks you" },
	{ "catalog", "\"FILE...\"", &catalogs, NULL, 0, "the run's catalog: TO's TU generated (else TO alone)" },
	{ "templates", "DIR", &templates, DEFAULT_TEMPLATES, 0, "the m4 templates" },
	{ "m4", "PROG", &m4, DEFAULT_M4, 0, "the m4 that renders them" },
	{ "jobs", "N", &jobs, "2", 0, "compile N TUs at once" },
	{ "signoff", NULL, &signoff, NULL, 0, "add your Signed-off-by (git config user.name/email)" },
	{ "verify-objects", NULL, &verify_objects, NULL, 0, "prove a kept move on OUTDIR/CELL/built's objects" },
	{ "no-tokens", NULL, &no_tokens, NULL, 0, "... compiling every object (make bench-move)" },
	{ "cache", "DIR", &cache, NULL, 0, "keep the texts before the move there (HDRTEST_CACHE)" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_move(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	char cache_buf[PATH_MAX];
	struct cell_list syms, cats;
	struct move_all_opts o = {
		.out = out, .tree = tree, .from = from, .to = to, .max = max ? atoi(max) : 0,
		.cells = argv + first, .ncells = argc - first, .templates = templates, .m4 = m4,
		.jobs = atoi(jobs) > 0 ? atoi(jobs) : 1, .signoff = signoff != NULL,
		.verify_objects = verify_objects != NULL, .no_tokens = no_tokens != NULL, .cache = cache,
	};

	if (first < 0)
		return EXIT_ERROR;
	if (first == argc)
		return cmd_usage_error(cmd, "no cells given");
	if (cache && mkdirs(cache)) {
		error("HDRTEST_CACHE %s: cannot create it: %s", cache, strerror(errno));
		return EXIT_ERROR;
	}
	if (cmd_absolute("HDRTEST_CACHE", cache, cache_buf, &o.cache))
		return EXIT_ERROR;
	if (max && (!*max || strspn(max, "0123456789") != strlen(max) || atoi(max) <= 0))
		return cmd_usage_error(cmd, "--max: expected a number of definitions, at least 1");
	if (no_tokens && !verify_objects)
		return cmd_usage_error(cmd, "--no-tokens is for the proof on objects: give --verify-objects too");
	cell_list_split(&syms, symbols);
	cell_list_split(&cats, catalogs ? catalogs : "");
	o.symbols = syms.names;
	o.nsymbols = syms.n;
	o.catalogs = cats.names;
	o.ncatalogs = cats.n;
	ret = move_all(&o);
	cell_list_free(&syms);
	cell_list_free(&cats);
	return ret < 0 ? EXIT_ERROR : ret ? EXIT_FAILED : EXIT_OK;
}

const struct command cmd_move = {
	"move", "symbols moved out of a header into a slim one, proven on the run's cells", move_options,
	"ARCH/CONFIG...", run_move,
};

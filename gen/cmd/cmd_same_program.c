// SPDX-License-Identifier: GPL-2.0
/* hdrtest same-program: whether two preprocessed texts of one object are
 * the same program (objects/tokens.h).  The proof on objects runs it in
 * each object's job, after the two -E runs, so that both cores compare;
 * by hand it says why two texts differ. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "cmd/commands.h"
#include "objects/tokens.h"

static const char *asm_source;

static const struct cmd_option same_program_options[] = {
	{ "asm", NULL, &asm_source, NULL, 0, "assembler texts: only the same tokens count" },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};

static int run_same_program(const struct command *cmd, int argc, char **argv)
{
	int first = cmd_options(cmd, argc, argv), ret;
	char *before, *after, *why = NULL;
	enum token_verdict v;

	if (first < 0)
		return EXIT_ERROR;
	if (argc - first != 2)
		return cmd_usage_error(cmd, "expected two preprocessed texts, BEFORE and AFTER");
	if (!(before = read_file(argv[first], NULL)))
		return error("cannot read %s: %s", argv[first], strerror(errno)), EXIT_ERROR;
	if (!(after = read_file(argv[first + 1], NULL))) {
		error("cannot read %s: %s", argv[first + 1], strerror(errno));
		free(before);
		return EXIT_ERROR;
	}
	v = tokens_compare(before, after, !asm_source, &why);
	printf("%s%s%s\n", token_verdict_name(v), why ? ": " : "", why ? why : "");
	ret = v == TOKENS_SAME ? SAME_PROGRAM_SAME : v == TOKENS_MOVED ? SAME_PROGRAM_MOVED : EXIT_FAILED;
	free(why);
	free(before);
	free(after);
	return ret;
}

const struct command cmd_same_program = {
	"same-program", "whether two preprocessed texts of an object are the same program (exit 20 same "
	"tokens, 21 items moved, 1 not)", same_program_options, "BEFORE AFTER", run_same_program,
};

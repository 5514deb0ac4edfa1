/* SPDX-License-Identifier: GPL-2.0 */
/* The compiler command kbuild recorded for one object in a build dir
 * (its .<name>.o.cmd file), turned into a command for any other C file. */
#ifndef HDRTEST_KBUILD_CMD_H
#define HDRTEST_KBUILD_CMD_H

#include "base/util.h"

struct kbuild_cmd {
	char *object;	/* e.g. mm/mmzone.o, relative to the build dir */
	char **argv;	/* compiler and flags, without -c, -o, the source, the
			   depfile and the object's own -D and -I options */
	int argc;
};

/* Read kdir/<dir>/.<name>.cmd for object and strip what is specific to
 * that object.  NULL after an error message. */
struct kbuild_cmd *kbuild_cmd_extract(const char *kdir, const char *object);
void kbuild_cmd_free(struct kbuild_cmd *kc);

/* Split a shell command line into words (quotes and backslashes as sh
 * does); stops at the first unquoted ';' or newline.  -1 on unbalanced
 * quotes. */
int shell_split(const char *s, char ***argv, int *argc);
/* Append word to sb quoted for sh, only where it needs quoting. */
void sb_add_shell_word(struct strbuf *sb, const char *word);

#endif

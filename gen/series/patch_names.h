/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files a patch of a series may write, read from its text the way
 * `patch -p1` reads them: the names of its `--- ` and `+++ ` lines (a
 * tab and a date may follow; /dev/null names no file), of git's
 * `diff --git a/X b/Y` line and of its `rename from/to` and `copy
 * from/to` lines, C-quoted or not.  hdrtest series records them before
 * the patch is applied and restores each from the base at the next
 * reset, so a name is a path it will remove and write: every name is
 * checked here, and a patch is refused, not guessed at, when it names a
 * file in a form this reader does not know (a context, normal or ed
 * diff, a binary patch, a symlink or a submodule) or when a hunk does
 * not follow its file's `---` and `+++` lines.
 */
#ifndef HDRTEST_PATCH_NAMES_H
#define HDRTEST_PATCH_NAMES_H

#include <stddef.h>

struct patch_name {
	char *name;	/* relative to the tree, -p1 taken off: see patch_name_refusal() */
	int line;	/* the patch's line that named it, from 1 */
};

/* The names in text[0..len) (text[len] is '\0'), the patch at path
 * (which messages name), in the order the patch gives them (a file may
 * come more than once).  0, or -1 after the error "PATCH:LINE: what was
 * expected" (then *names is NULL): a NUL byte is refused too. */
int patch_file_names(const char *path, const char *text, size_t len, struct patch_name **names, int *n);
void patch_names_free(struct patch_name *names, int n);

/* Why name may not be a file of the tree: an empty name, an absolute
 * one, an empty, "." or ".." component, a control character, or more
 * than PATH_MAX bytes; NULL when it is a plain relative path.  Names read
 * back from where hdrtest keeps them are checked again with this. */
const char *patch_name_refusal(const char *name);

#endif

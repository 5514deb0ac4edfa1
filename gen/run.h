/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_RUN_H
#define HDRTEST_RUN_H

/* Run argv[0] (searched in PATH) with stdout sent to out_path (created or
 * truncated).  Returns its exit status, or -1 after an error message if it
 * could not be run or was killed. */
int run_to_file(char *const argv[], const char *out_path);

/* mkdir -p; returns 0 or -1 with errno set. */
int mkdirs(const char *path);
/* rm -rf for a directory hdrtest made; returns 0 or -1. */
int remove_tree(const char *path);

/* Replace path by the file tmp unless both have the same bytes, in which
 * case tmp is removed and path (and its mtime) is left alone: an unchanged
 * TU must not be recompiled.  Returns 1 if replaced, 0 if kept, -1. */
int install_if_changed(const char *tmp, const char *path);

/* Write text to path through a temporary file and rename. */
int write_file_atomic(const char *path, const char *text);

#endif

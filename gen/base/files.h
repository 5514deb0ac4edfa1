/* SPDX-License-Identifier: GPL-2.0 */
/* Files and dirs: reading a whole file, writing one so that a failure
 * leaves the old one as it was, and making and removing dirs. */
#ifndef HDRTEST_FILES_H
#define HDRTEST_FILES_H

#include <stddef.h>
#include <stdio.h>

/* Read a whole file; NULL (errno set) if it cannot be read. */
char *read_file(const char *path, size_t *len);
/* The first line of the file at path, without its '\n' (the small
 * files a step leaves for the next: a stamp, a note), or NULL. */
char *read_first_line(const char *path);
/* Read a file the tool parses as text.  A NUL byte in it would end the
 * text early without a word, so it is reported as "path:line:col: error:
 * NUL byte in a text file (expected WHAT)" and NULL returned with errno
 * EILSEQ; other failures as read_file(). */
char *read_text_file(const char *path, size_t *len, const char *expected);

/* mkdir -p; returns 0 or -1 with errno set. */
int mkdirs(const char *path);
/* The first dir along path that does not exist yet (the first one
 * mkdirs(path) would make), or NULL. */
char *first_missing_dir(const char *path);
/* rmdir dir, then its parents up to top, as long as they are empty. */
void remove_empty_dirs(const char *dir, const char *top);
/* rm -rf for a directory hdrtest made; returns 0 or -1. */
int remove_tree(const char *path);

/* Every file hdrtest writes goes through the functions below.  A write
 * error (a full disk) is reported as "cannot write PATH: REASON", and the
 * file that was there stays as it was: a temporary file next to it is
 * renamed over it only once every byte is written and the file closed. */

/* Replace path by the file tmp unless both have the same bytes, in which
 * case tmp is removed and path (and its mtime) is left alone: an unchanged
 * TU must not be recompiled.  Returns 1 if replaced, 0 if kept, -1 (tmp
 * removed). */
int install_if_changed(const char *tmp, const char *path);

/* fflush, ferror and fclose f, which was written as path: 0, or -1 after
 * the error message. */
int write_stream_close(FILE *f, const char *path);

/* Write text to the new file path, in a temporary dir of the caller's;
 * on failure nothing is left of it.  0 or -1. */
int write_text(const char *path, const char *text);

/* Write texts[i] to paths[i] (NULL paths skipped) through temporary
 * files, installed with install_if_changed only once all are written:
 * after a failure every old file is as it was.  A device or a pipe is
 * written to directly.  0 or -1. */
int write_files_atomic(int n, const char *const paths[], const char *const texts[]);
int write_file_atomic(const char *path, const char *text);

/* text to path through write_file_atomic(), or to stdout when path is NULL
 * (flushed, so that a failed write is seen here: main() says it); 0 or -1. */
int write_output(const char *path, const char *text);

/* Copy the file at path to stdout (a report shown again); 0, or -1 after
 * the error message. */
int print_file(const char *path);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Files and dirs: reading a whole file, writing one so that a failure
 * leaves the old one as it was, and making and removing dirs. */
#ifndef HDRTEST_FILES_H
#define HDRTEST_FILES_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

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
/* A new dir of this user's only (mkdtemp), $TMPDIR/hdrtest-NAME.XXXXXX
 * (/tmp without TMPDIR): its path, or NULL after the error "cannot make
 * a temporary dir PATH: REASON".  The caller removes it and frees. */
char *make_tmp_dir(const char *name);
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

/*
 * Names from outside (a shard's TU stems and cells) used below a dir, and
 * the files they name: no such name may leave the dir, and no symlink in
 * it (an artifact zip keeps them) may take a read or a write elsewhere.
 * The errno values are openat2()'s for RESOLVE_BENEATH and
 * RESOLVE_NO_SYMLINKS.
 */

/* Whether rel is a safe name below a dir: not empty, no control character
 * (it is printed, and written in files of lines), and no component of it
 * empty (no leading, doubled or trailing '/') or starting with '.' (no
 * "." or "..", no hidden file such as .git). */
int name_is_safe(const char *rel);
/* The same in words, for an error refusing a name: "found 'NAME' (RULE)". */
#define SAFE_NAME_RULE "no '/' at its start, no name in it empty or starting with '.', no control character"

/* The dir that holds rel's last component (*last points into rel), each
 * dir on the way below the dir rootfd opened without following a symlink,
 * and made when make is set and it is missing.  rel is not checked: the
 * caller has its own rule (name_is_safe(), patch_name_refusal()).  A dir
 * descriptor (O_CLOEXEC), or -1 with errno set: ELOOP for a symlink on
 * the way, ENOTDIR, ENOENT. */
int open_parent_at(int rootfd, const char *rel, int make, const char **last);

/* open(root/rel, flags): root is the caller's own dir (followed if it is a
 * symlink); rel must be a safe name, and none of its components is
 * followed if it is a symlink.  A file descriptor (O_CLOEXEC), or -1 with
 * errno set: EXDEV for a name that is not safe, ELOOP for a symlink on the
 * way. */
int open_beneath(const char *root, const char *rel, int flags);

/* read_file() of root/rel opened by open_beneath(), which must be a regular
 * file (a fifo is not waited on): NULL with errno EINVAL when it is not.
 * *mode (if not NULL) gets its permission bits. */
char *read_file_beneath(const char *root, const char *rel, size_t *len, mode_t *mode);

/* write_file_atomic() of text[0..len) to root/rel with the permissions
 * mode, an unchanged file left alone: the dirs on the way are made, none
 * followed if it is a symlink, and a symlink at root/rel itself is
 * replaced.  0, or -1 after "cannot write ROOT/REL: WHY". */
int write_file_beneath(const char *root, const char *rel, const char *text, size_t len, mode_t mode);

/* Copy the regular file name of the dir fromfd to name of the dir tofd
 * (dirs the caller opened without following a symlink) as
 * write_file_beneath() writes, its permission bits kept and neither
 * followed if it is a symlink: a new file with a new time (a hard link
 * would keep the old one, and make would miss the change) unless the same
 * bytes are there.  from and to name the two in errors.  0, or -1 after "cannot read FROM:
 * WHY" or "cannot write TO: WHY". */
int copy_file_at(int fromfd, int tofd, const char *name, const char *from, const char *to);

/* from/rel copied to to/rel by copy_file_at() (rel a safe name, no symlink
 * followed on either side, the dirs on the way made); when from/rel does
 * not exist, to/rel is removed.  0, or -1 after an error. */
int copy_beneath(const char *from, const char *rel, const char *to);

/* What copy_beneath() would refuse, said before anything is written:
 * from/rel neither missing nor a regular file of from's own, or a symlink
 * on the way to to/rel (to NULL: a dir not made yet).  0, or -1 after the
 * error. */
int copy_beneath_check(const char *from, const char *rel, const char *to);

/* rm -f root/rel, no symlink on the way followed: 0, or -1 after the
 * error. */
int remove_beneath(const char *root, const char *rel);

/* Why a call above failed, for "cannot read PATH: WHY": EXDEV, ELOOP and
 * EINVAL in words, other errors as strerror(err). */
const char *beneath_strerror(int err);

/* Hold an exclusive lock on the file path (made if missing, never
 * through a symlink) until this process ends: one process at a time in a
 * dir.  The holder writes its pid and who, what it is ("hdrtest run"),
 * into the file; while another holds it, "  WAIT    WHO (pid N) is using
 * WHAT" is printed with the holder's, and the lock waited for.  The lock
 * is not passed on to programs this process executes, but a forked child
 * shares it (so a child that locks the same path again waits for ever:
 * lock another dir).  0, or -1 after an error message. */
int lock_file(const char *path, const char *who, const char *what);
/* The same for a command's OUT dir, by OUT/.lock. */
int lock_out(const char *out, const char *who);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* What several test files need: captured diagnostics, temporary dirs and
 * small file helpers. */
#ifndef HDRTEST_UNIT_HELPERS_H
#define HDRTEST_UNIT_HELPERS_H

/* Make the run's temporary root (removed by helpers_cleanup). */
void helpers_init(void);
void helpers_cleanup(void);

/* Send diagnostics to memory and reset the error count ... */
void diag_begin(void);
/* ... and get back everything printed since (caller frees). */
char *diag_end(void);

/* Same for what child processes (m4) print on file descriptor 2 ... */
void stderr_begin(void);
char *stderr_end(void);
/* ... and for what is printed on 1 (both may be captured at once). */
void stdout_begin(void);
char *stdout_end(void);

/* A new empty dir under the run's temporary root. */
char *tmp_dir(void);
/* Write text to dir/name (parent dirs created); returns the path. */
char *put_file(const char *dir, const char *name, const char *text);
/* The whole file, or fail the test. */
char *slurp(const char *path);
/* Fail unless the file holds exactly text. */
void assert_file(const char *path, const char *text);
/* Fail unless text is exactly what the file expected holds: a fixture's
 * NAME.expected, kept beside its input as the kernel's
 * scripts/kconfig/tests keep theirs. */
void assert_expected(const char *text, const char *expected);
int file_exists(const char *path);
/* The names in dir (but . and ..), sorted, one per line. */
char *dir_list(const char *dir);
/* Every file under dir (.git's too) with its size, mtime and checksum,
 * and with dirs every dir and its mtime: what "dir was not written"
 * compares (caller frees). */
char *dir_snapshot(const char *dir, int dirs);
/* realpath() of a path relative to the repository root, or fail. */
char *repo_path(const char *rel);

/* s repeated n times, then tail (caller frees). */
char *repeat(const char *s, int n, const char *tail);

/* Read text as the catalog file name (a bare name, in a new temp dir, so
 * that messages say "name:1:1"); *diag gets what was printed. */
struct catalog;
struct catalog *read_catalog_text(const char *name, const char *text, char **diag);

#endif

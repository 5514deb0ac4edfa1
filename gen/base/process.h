/* SPDX-License-Identifier: GPL-2.0 */
/* Running another program (m4). */
#ifndef HDRTEST_PROCESS_H
#define HDRTEST_PROCESS_H

#include <sys/types.h>

/* Run argv[0] (searched in PATH) with stdout sent to out_path (created or
 * truncated).  Returns its exit status, or -1 after an error message if it
 * could not be started or was killed.  A program that cannot be executed
 * is exit status 127, the child having said why on stderr. */
int run_to_file(char *const argv[], const char *out_path);

/* The same in two halves, to run several at once: start_to_file() returns
 * the child's pid (or -1 after an error message); wait_child() waits for
 * it and returns its exit status as run_to_file() does, what naming it in
 * messages. */
pid_t start_to_file(char *const argv[], const char *out_path);
/* start_to_file() with stderr sent to err_path too (NULL: left alone). */
pid_t start_to_files(char *const argv[], const char *out_path, const char *err_path);
int wait_child(pid_t pid, const char *what);

/* Run argv[0] with this process's stdout and stderr (a step whose words
 * are the user's to read: a script, hdrtest run); its exit status as
 * run_to_file() returns it. */
int run_program(char *const argv[]);

/* argv's standard output, whole, when it exits 0; else NULL.  *status:
 * its exit status as run_to_file() returns it (-1 after an error
 * message: no temporary file, not started, killed). */
char *run_output(char *const argv[], int *status);

/* fn(arg) in a forked child of this process, not a new program (it has
 * this process's memory: what it already computed), with stdout sent to
 * out_path as start_to_file() does; the child exits with fn's return.
 * The child's pid, or -1 after an error message; wait_child() waits. */
pid_t start_call_to_file(int (*fn)(void *), void *arg, const char *out_path);

/* prog as the shell finds it in PATH: the first dir (empty entries
 * skipped) holding an executable of that name, as "DIR/PROG"; NULL when
 * none does.  The caller frees. */
char *find_in_path(const char *prog);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One TU's compile and its recorded result, as the scheduler and fix's
 * proof run it: CELL/compile.sh STEM with its output in STEM.log.tmp,
 * then STEM.log (everything the compiler printed), STEM.rc (its exit
 * status on one line) and STEM.dep (the depfile, once complete).
 *
 * A failing compile is a verdict, not an error.  Both files are renamed
 * into place only when complete: a full disk or a kill leaves no .rc, so
 * the next run compiles the TU again and never judges a truncated log
 * (which could hide a warning or the -H chain to a forbidden header).
 */
#ifndef HDRTEST_TU_H
#define HDRTEST_TU_H

/* What to run for the TU: argv (cell_dir/compile.sh, cell_dir/stem) and
 * where its output goes.  Free with tu_command_free(). */
struct tu_command {
	char *argv[3];
	char *log_tmp;
};
void tu_command_init(struct tu_command *t, const char *cell_dir, const char *stem);
void tu_command_free(struct tu_command *t);

/* Remove the TU's old result before it is compiled again, so that an
 * interrupted compile leaves none. */
void tu_forget(const char *cell_dir, const char *stem);

/* Record the result of a compile that exited with status (-1: it could
 * not be started): 0 when recorded; -1 after an error message when it
 * could not be (a write failed, the disk is full) or when compile.sh
 * could not run the compiler at all (status 125 to 127, or -1: no kbuild
 * dir, no compiler), which is a broken set-up, not a broken header. */
int tu_record(const char *cell_dir, const char *stem, int status);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a step's output is up to date: make's rule (a target older than
 * any of its inputs is made again), done by the scheduler itself from
 * mtimes (mtimes.h), with every file stat()ed at most once per run.
 *
 * A TU's inputs are its text, its cell's compile.sh (the command: gen
 * rewrites it only when its bytes change) and every header it read, from
 * the depfile gcc wrote.  Reading ~900 depfiles of 50 KB on every run would
 * cost more than the rest of a no-op run, so a cell keeps the union of its
 * TUs' headers in one file (deps.union) and a stamp (compiled): while no
 * header in the union, no TU text and no command is newer than the stamp,
 * the cell's TUs are not looked at one by one.
 *
 * A header is also out of date when it is gone, or when a new file would
 * now be found before it on the include path (shadow.h): the cell's
 * deps.search records what was where when the stamp was written.
 */
#ifndef HDRTEST_UPTODATE_H
#define HDRTEST_UPTODATE_H

#include "exec/mtimes.h"

struct shadow;

/* The prerequisites of a make-style depfile ("t.o: a.h b.h \" ...) in
 * *deps (new strings, *n of them, each once); 0, or -1 when the file
 * cannot be read (then *deps is NULL). */
int depfile_read(const char *path, char ***deps, int *n);

/* The compile stage begins on the cell: its stamp (compiled) goes, and
 * compiled.new is made, whose time union_write() gives the new stamp.
 * 0, or -1 after an error message. */
int cell_begin(struct mtimes *m, const char *cell_dir);

/* Write cell_dir/deps.union, the union of the depfiles stems[i].dep (those
 * that exist), one path a line in first-seen order, and deps.search
 * (shadow_record()), then make compiled.new the stamp compiled (begun
 * now when cell_begin() was not called); 0, or -1 after an error message
 * (no stamp, so the next run looks at every TU). */
int union_write(struct mtimes *m, const char *cell_dir, char **stems, int n);

/* 1 when the cell's stamp is missing or older than compile.sh, a TU text
 * (cell_dir/stems[i].c) or a header in deps.union, a header is gone or
 * shadowed (sh: shadow_load() of the cell, NULL when it has no record),
 * or a TU has no result; else 0 (every TU of the cell is up to date,
 * none need be looked at). */
int cell_stale(struct mtimes *m, const struct shadow *sh, const char *cell_dir, char **stems, int n);

/* 1 when the TU must be compiled again: no record of the cell (sh NULL),
 * no result (a .rc shorter than "0\n" is the debris of a full disk), a
 * result older than its text or compile.sh, or a header its depfile names
 * newer than the result, gone or shadowed since; else 0. */
int tu_stale(struct mtimes *m, const struct shadow *sh, const char *cell_dir, const char *stem);

#endif

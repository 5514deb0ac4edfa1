/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the judge and merge tests share: a small run's OUT as the compile
 * stage leaves it, whole or as one shard's part.  Three cells, in plan
 * order x86_64/defconfig, arm64/defconfig and x86_64/tiny (skipped: no
 * toolchain), each with the headers linux/a.h .. linux/d.h and linux/s.h
 * (not meant to stand alone).  Between them every verdict: passes, an
 * error whose line a symbol is charged with, a warning, a fatal error, a
 * forbidden header, a drifted header, skips.  The logs and depfiles name
 * the TUs by the OUT they were compiled in, as gcc does.
 */
#ifndef HDRTEST_UNIT_OUT_FIXTURE_H
#define HDRTEST_UNIT_OUT_FIXTURE_H

#include "shard/shard_file.h"

/* The cells and headers of the run. */
#define FX_NCELLS 3
#define FX_NHEADERS 5
extern const char *const fx_cells[FX_NCELLS];

/* Every TU of the run (FX_NCELLS * FX_NHEADERS), cell by cell, added to id
 * in that order, with the identity fields (version, ...) set. */
void out_fixture_all(struct shard_id *id);

/* A source tree for the run's srctree (its headers, so that failures get
 * explained): a new dir, its real path (caller frees). */
char *out_fixture_tree(void);

/*
 * Write the run into out (made if missing): OUT/cells, OUT/drift.tsv, and
 * each cell's plan, prepared, manifest.tsv, tus and compile.sh; each TU's
 * .c, .rc, .log and .dep, the logs naming ran_in (NULL: out's real path)
 * as the OUT.  With owns set, only its TUs' results and the cells that
 * have one of them, and OUT/shard from owns (its out as ran_in).
 */
void out_fixture_write(const char *out, const char *tree, const char *ran_in, const struct shard_id *owns);

/* The reports every judged OUT gets, as merge names them under OUT. */
#define FX_NREPORTS 7
extern const char *const fx_reports[FX_NREPORTS];

/* Every report in out, each after a line "=== NAME", to compare (caller
 * frees). */
char *out_fixture_reports(const char *out);

/* Fail unless got is want, showing where they part (the reports are too
 * long for Check's own message). */
void assert_same_text(const char *what, const char *got, const char *want);

/* judge_into_out() on out, the reports into out/<fx_reports>, the table into
 * *text (caller frees); *diag what it said on the error stream.  Returns
 * its status. */
int out_fixture_judge(const char *out, const char *baseline, char **text, char **diag);

#endif

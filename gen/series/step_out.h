/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A step's OUT in a series (OUT/series/NNNN): it starts as a copy of the
 * step before's, so that the step's run keeps every TU result whose
 * inputs the patch did not change; the copy's logs and depfiles then
 * name the step's own dir, as they would had it compiled there.
 */
#ifndef HDRTEST_STEP_OUT_H
#define HDRTEST_STEP_OUT_H

/* Make to (removed first) a copy of from, times kept (cp -a), and make
 * every "SERIES_OUT/NNNN/" in its logs, depfiles and deps.union files
 * "SERIES_OUT/num/", each file keeping its time.  0, or -1 after an error
 * message. */
int step_out_copy(const char *series_out, const char *from, const char *to, const char *num);

#endif

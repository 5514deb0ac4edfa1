/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HDRTEST_VERSION_H
#define HDRTEST_VERSION_H

/* The tool's version: a hash of its sources and templates (the
 * GNUmakefile's HT_VERSION), "unknown" when built without one. */
const char *hdrtest_version(void);

#endif

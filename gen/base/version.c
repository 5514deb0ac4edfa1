// SPDX-License-Identifier: GPL-2.0
/* The tool's version, set by the GNUmakefile for this one object. */
#include "base/version.h"

#ifndef HDRTEST_VERSION
#define HDRTEST_VERSION "unknown"
#endif

const char *hdrtest_version(void)
{
	return HDRTEST_VERSION;
}

/* SPDX-License-Identifier: GPL-2.0 */
/* What fixture/bad.h needs but does not include. */
#ifndef FIXTURE_DEP_H
#define FIXTURE_DEP_H

typedef unsigned long dep_size_t;

static inline dep_size_t dep_size(void)
{
	return 42;
}

#endif /* FIXTURE_DEP_H */

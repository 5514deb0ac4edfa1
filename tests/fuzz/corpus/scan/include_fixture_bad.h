/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NOT self-contained: dep_size_t and dep_size() come from fixture/dep.h,
 * which this header forgets to include.  Its TU must fail.
 */
#ifndef FIXTURE_BAD_H
#define FIXTURE_BAD_H

static inline dep_size_t bad_size(void)
{
	return dep_size();
}

#define BAD_LIMIT 8

#endif /* FIXTURE_BAD_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A self-contained header: everything it uses it defines itself.  The unit
 * tests (tests/unit/test_generate.c) expect its TU to pass.
 */
#ifndef FIXTURE_GOOD_H
#define FIXTURE_GOOD_H

struct good_item {
	int id;
	unsigned long size;
};

typedef unsigned int good_count_t;

extern struct good_item good_table;
extern void (*good_hook)(int, int);

static inline int good_id(const struct good_item *item)
{
	return item->id;
}

static inline void good_reset(struct good_item *item)
{
	item->id = 0;
	item->size = 0;
}

static inline void good_visit(void (*fn)(int, int), int n)
{
	fn(n, n);
}

#define good_size(item) ((item)->size)
#define GOOD_MAX 64
#define GOOD_HAS_TABLE

#ifdef CONFIG_FIXTURE_ARCH
#define GOOD_ARCH_NAME "fixture"
#endif

#ifdef CONFIG_FIXTURE_FEATURE
static inline int good_feature(void)
{
	return 1;
}
#endif

#endif /* FIXTURE_GOOD_H */

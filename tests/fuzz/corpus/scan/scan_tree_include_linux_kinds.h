/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KINDS_H
#define _LINUX_KINDS_H

#include <linux/types.h>
#include "local.h"

struct page;
union kinds_u;
enum kinds_e;

struct kinds_s {
	int a;
	struct page *p;
};

union kinds_u2 {
	int a;
	long b;
};

enum kinds_e2 { KINDS_A, KINDS_B };

typedef unsigned long kinds_t;
typedef struct kinds_s kinds_s_t, *kinds_s_p;
typedef union {
	struct page **pages;
	void *any;
} kinds_arg __attribute__ ((__transparent_union__));
typedef void (*kinds_fn)(int how, void *data);

extern void *kinds_var;
extern unsigned long kinds_a, *kinds_b;
DECLARE_STATIC_KEY_FALSE(kinds_key);

static __always_inline __must_check void *kinds_addr(const struct page *page)
{
	return NULL;
}
extern notrace __pure int kinds_proto(struct page *, unsigned int order) __attribute__((nonnull));
void __init __cold kinds_init(void);
int kinds_printf(const char *fmt, ...) __printf(1, 2);
void kinds_cb(void (*cb)(struct page *page, int n), const char names[]);

#ifdef CONFIG_KINDS_A
#define KINDS_MODE 1
#elif defined(CONFIG_KINDS_B) && !defined(CONFIG_KINDS_C)
#define KINDS_MODE 2
#else
#define KINDS_MODE 3
#ifndef KINDS_INNER
#define KINDS_INNER(x, ...) ((x) + 0)
#endif
#endif

#if IS_ENABLED(CONFIG_KINDS_D)
#include <linux/kinds_d.h>
#endif

#endif /* _LINUX_KINDS_H */

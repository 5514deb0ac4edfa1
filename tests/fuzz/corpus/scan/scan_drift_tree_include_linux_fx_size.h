/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FX_SIZE_H
#define _LINUX_FX_SIZE_H

struct page;

static inline unsigned long fx_page_size(const struct page *page)
{
	return 4096;
}

static inline unsigned int fx_order(struct page *page)
{
	return 0;
}

#define fx_macroized(page) do { } while (0)
#define fx_review(x) ((x) + 1)
#define FX_OLD_FLAG

#define FX_SHIFT 12
#define FX_HAS_SIZE
#define fx_pages(page) (1UL << fx_order(page))

#ifdef CONFIG_FX_BIG
unsigned long fx_big(struct page *page);
#endif

#ifdef FX_ARCH_THING
int fx_arch(void);
#endif

#if defined(CONFIG_FX_A) && !IS_ENABLED(CONFIG_FX_B)
static inline int fx_mode(void) { return 1; }
#else
static inline int fx_mode(void) { return 0; }
#endif

struct fx_info {
	int x;
};

typedef unsigned long fx_t;

extern int fx_count;

#ifdef FX_WANTED
extern long fx_wanted;
#endif

#endif /* _LINUX_FX_SIZE_H */

#ifndef _LINUX_SPLIT_H
#define _LINUX_SPLIT_H
#ifdef CONFIG_SPLIT
static inline int split_fn(struct page *page)
#else
static inline int split_fn(const void *p)
#endif
{
	return 0;
}
static inline int split_after(void) { return 1; }
#define SPLIT_TMP(x) (x)
#define SPLIT_KEPT 1
#undef SPLIT_TMP
PAGEFLAG(Locked, locked, PF_NO_TAIL)
	__CLEARPAGEFLAG(Locked, locked, PF_NO_TAIL)
static inline bool split_after_macros(const struct page *page)
{
	return false;
}
#endif

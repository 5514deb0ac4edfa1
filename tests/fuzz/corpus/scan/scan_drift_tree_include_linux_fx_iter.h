/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FX_ITER_H
#define _LINUX_FX_ITER_H

struct page;

static inline struct page *fx_next(struct page *page)
{
	return page + 1;
}

#endif /* _LINUX_FX_ITER_H */

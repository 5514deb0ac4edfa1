/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FX_NEXT_H
#define _LINUX_FX_NEXT_H

#include <linux/fx/iter.h> /* fx_next() moved there */

#endif /* _LINUX_FX_NEXT_H */

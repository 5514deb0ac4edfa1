/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
#ifndef _UAPI_LINUX_FXU_H
#define _UAPI_LINUX_FXU_H
#define FXU_MAGIC 0x46
#endif

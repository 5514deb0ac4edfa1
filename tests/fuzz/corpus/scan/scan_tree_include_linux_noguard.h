/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NOGUARD_X
#define NOGUARD_X
int noguard_a(void);
#endif
int noguard_b(void);

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's annotations and compile-time guards, as
 * include/linux/compiler_attributes.h, compiler_types.h and build_bug.h
 * define them (one compiletime_assert() per line, as __COUNTER__ gives).
 */
#ifndef FIXTURE_COMPILER_H
#define FIXTURE_COMPILER_H

#define __attribute_const__		__attribute__((__const__))
#define __noreturn			__attribute__((__noreturn__))
#define __compiletime_error(msg)	__attribute__((__error__(msg)))
#define __compiletime_warning(msg)	__attribute__((__warning__(msg)))

#define ___fixture_paste(a, b)		a##b
#define __fixture_paste(a, b)		___fixture_paste(a, b)
#define compiletime_assert(condition, msg)					\
	do {									\
		extern void __fixture_paste(__compiletime_assert_, __LINE__)(void)	\
			__compiletime_error(msg);				\
		if (!(condition))						\
			__fixture_paste(__compiletime_assert_, __LINE__)();	\
	} while (0)
#define BUILD_BUG_ON(condition) compiletime_assert(!(condition), "BUILD_BUG_ON failed: " #condition)

#endif /* FIXTURE_COMPILER_H */

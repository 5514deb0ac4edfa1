#if !defined(_LINUX_IFGUARD_H)
#define _LINUX_IFGUARD_H
#define IFGUARD_VALUE 2
#endif

#if !defined(__i386__) && !defined(__x86_64__)
#error x86 only
#elif defined(X)
#else
#ifndef Y_INDIRECT
#error include y.h instead
#endif
#endif

#ifndef _A_H
#define _A_H
#error "a.h included directly"
#endif

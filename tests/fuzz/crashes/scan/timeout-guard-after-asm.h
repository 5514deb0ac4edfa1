#ifndef G
#define G
.macro X
#endif
int x;

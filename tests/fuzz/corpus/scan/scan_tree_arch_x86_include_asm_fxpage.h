#ifndef _ASM_X86_FXPAGE_H
#define _ASM_X86_FXPAGE_H
#ifdef __ASSEMBLY__
.macro FXPAGE_MACRO reg
	mov %eax, \reg	# don't parse this as C
.endm
#define FXPAGE_ASM_ONLY 1
#else
extern unsigned long fxpage_offset;
#endif
#endif

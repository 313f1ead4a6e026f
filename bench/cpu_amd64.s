//go:build linux

#include "textflag.h"

// func rdpid() int
TEXT ·rdpid(SB), NOSPLIT, $0-8
	// RDPID AX, by its encoding (F3 0F C7 /7): Linux keeps each CPU's
	// number in its TSC_AUX register, with the NUMA node from bit 12.
	BYTE $0xF3; BYTE $0x0F; BYTE $0xC7; BYTE $0xF8
	MOVQ AX, ret+0(FP)
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

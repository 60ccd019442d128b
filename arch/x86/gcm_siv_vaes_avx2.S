/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) bulk loops with VAES + VPCLMULQDQ on ymm registers
 * (two blocks per register, 16 blocks per loop iteration).
 *
 * CPU-feature contract: AVX2, VAES, VPCLMULQDQ (VEX-encoded ymm), plus the
 * AES-NI + PCLMULQDQ + AVX tier (gcm_siv_aesni_avx.S) that this file
 * tail-calls for the last 1..15 blocks and that sets up the per-nonce
 * keys.  Only ymm0-15.  The caller owns the FPU; vzeroupper on exit.
 *
 * The code is in gcm_siv_vaes_template.S.inc; this file only picks the
 * register width.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#define VL		32
#define SUFFIX(name)	name##_vaes_avx2
#define VPXOR		vpxor
#define VMOVDQU		vmovdqu
#define VBCAST128	vbroadcasti128
#define BLOCKS		%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7
#define V0		%ymm0
#define Y0		%ymm0
#define X0		%xmm0
#define V1		%ymm1
#define Y1		%ymm1
#define X1		%xmm1
#define V2		%ymm2
#define Y2		%ymm2
#define X2		%xmm2
#define V3		%ymm3
#define Y3		%ymm3
#define X3		%xmm3
#define V4		%ymm4
#define Y4		%ymm4
#define X4		%xmm4
#define V5		%ymm5
#define Y5		%ymm5
#define X5		%xmm5
#define V6		%ymm6
#define Y6		%ymm6
#define X6		%xmm6
#define V7		%ymm7
#define Y7		%ymm7
#define X7		%xmm7
#define V8		%ymm8
#define Y8		%ymm8
#define X8		%xmm8
#define V9		%ymm9
#define Y9		%ymm9
#define X9		%xmm9
#define V10		%ymm10
#define Y10		%ymm10
#define X10		%xmm10
#define V11		%ymm11
#define Y11		%ymm11
#define X11		%xmm11
#define V12		%ymm12
#define Y12		%ymm12
#define X12		%xmm12
#define V13		%ymm13
#define Y13		%ymm13
#define X13		%xmm13
#define V14		%ymm14
#define Y14		%ymm14
#define X14		%xmm14
#define V15		%ymm15
#define Y15		%ymm15
#define X15		%xmm15

.section .rodata
.p2align 5
.Llane_inc:	.long 0, 0, 0, 0, 1, 0, 0, 0
.Lvinc:		.long 2, 0, 0, 0, 2, 0, 0, 0

/* XOR the two 128-bit lanes of \y into \x (= its low lane); \z unused. */
.macro HFOLD z, y, x, ty, tx
	vextracti128	$1, \y, \tx
	vpxor		\tx, \x, \x
.endm

#include "gcm_siv_vaes_template.S.inc"

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) bulk loops with VAES + VPCLMULQDQ on zmm registers
 * (four blocks per register, 16 blocks per loop iteration).
 *
 * CPU-feature contract: AVX512F, AVX512BW, AVX512VL, VAES, VPCLMULQDQ
 * (EVEX-encoded zmm), plus the AES-NI + PCLMULQDQ + AVX tier
 * (gcm_siv_aesni_avx.S) that this file tail-calls for the last 1..15
 * blocks and that sets up the per-nonce keys.  Only zmm0-15 are used (the
 * low 16 keep VEX encodings possible for the xmm reduction).  The caller
 * owns the FPU; vzeroupper on exit.
 *
 * The code is in gcm_siv_vaes_template.S.inc; this file only picks the
 * register width.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#define VL		64
#define SUFFIX(name)	name##_vaes_avx512
#define VPXOR		vpxord
#define VMOVDQU		vmovdqu64
#define VBCAST128	vbroadcasti32x4
#define BLOCKS		%zmm0, %zmm1, %zmm2, %zmm3
#define V0		%zmm0
#define Y0		%ymm0
#define X0		%xmm0
#define V1		%zmm1
#define Y1		%ymm1
#define X1		%xmm1
#define V2		%zmm2
#define Y2		%ymm2
#define X2		%xmm2
#define V3		%zmm3
#define Y3		%ymm3
#define X3		%xmm3
#define V4		%zmm4
#define Y4		%ymm4
#define X4		%xmm4
#define V5		%zmm5
#define Y5		%ymm5
#define X5		%xmm5
#define V6		%zmm6
#define Y6		%ymm6
#define X6		%xmm6
#define V7		%zmm7
#define Y7		%ymm7
#define X7		%xmm7
#define V8		%zmm8
#define Y8		%ymm8
#define X8		%xmm8
#define V9		%zmm9
#define Y9		%ymm9
#define X9		%xmm9
#define V10		%zmm10
#define Y10		%ymm10
#define X10		%xmm10
#define V11		%zmm11
#define Y11		%ymm11
#define X11		%xmm11
#define V12		%zmm12
#define Y12		%ymm12
#define X12		%xmm12
#define V13		%zmm13
#define Y13		%ymm13
#define X13		%xmm13
#define V14		%zmm14
#define Y14		%ymm14
#define X14		%xmm14
#define V15		%zmm15
#define Y15		%ymm15
#define X15		%xmm15

.section .rodata
.p2align 6
.Llane_inc:	.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Lvinc:		.long 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0

/* XOR the four 128-bit lanes of \z into \x (its low lane). */
.macro HFOLD z, y, x, ty, tx
	vextracti64x4	$1, \z, \ty
	vpxor		\ty, \y, \y
	vextracti128	$1, \y, \tx
	vpxor		\tx, \x, \x
.endm

#include "gcm_siv_vaes_template.S.inc"

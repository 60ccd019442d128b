/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) bulk loops with VAES + VPCLMULQDQ on ymm registers
 * (two blocks per register, 16 blocks per loop iteration).
 *
 * CPU-feature contract: AVX2, VAES, VPCLMULQDQ (VEX-encoded ymm), plus the
 * AES-NI + PCLMULQDQ + AVX tier (gcm_siv-aesni-avx.S) that this file
 * tail-calls for the last 1..15 blocks and that sets up the per-nonce
 * keys.  Only ymm0-15.  The caller owns the FPU; vzeroupper on exit.
 *
 * CTR, decryption and the power computation are the template's
 * (gcm_siv-vaes-template.S.inc, shared with the zmm tier), assembled here
 * on ymm registers; POLYVAL of 32 blocks or more is this file's own (see
 * below).
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

#define GSV_WIDE_POLYVAL	1
#include "gcm_siv-vaes-template.S.inc"

/*
 * POLYVAL of inputs of 32 blocks or more with Karatsuba multiplies (the
 * template's loop, which this one tail-calls for the last 0..15 blocks,
 * does four per block pair and multiplies the accumulator on the side).
 * As in the zmm tier: the carry-less multiplier is the bound, so
 *  - x * h = lo + mid x^64 + hi x^128, lo = x0 h0, hi = x1 h1,
 *    mid = (x0 + x1)(h0 + h1) + lo + hi: three multiplies, not four.
 *    h0 + h1 of H^16..H^1 is computed on entry into HK0..HK3 (two
 *    powers' halves per lane, one per qword, picked by the immediate);
 *    x0 + x1 of a block is the low qword of the data XOR the data loaded
 *    8 bytes further on, except for the group's last vector, where that
 *    load would reach past the group: a lane swap there instead.
 *  - The accumulator is added to block 0 (and to its x0 + x1), the sums
 *    of all 16 blocks are reduced lane-wise, then the two lanes folded.
 * Per 16 blocks: 26 multiplies and 6 shuffles instead of 38 and 11.
 */
#define HK0		%ymm8		/* h0 + h1 of [H^16, H^15], of [H^14, H^13] */
#define HK1		%ymm9
#define HK2		%ymm10
#define HK3		%ymm11		/* ... of [H^4, H^3], of [H^2, H^1] */
#define WLO		%ymm12
#define WMI		%ymm13
#define WHI		%ymm14
#define POLYY		%ymm15
/* ymm0..7: data and products; xmm7 holds the accumulator between groups. */

/* \dst lane i = (h0 + h1 of power vector \a lane i, same of \b). */
.macro KARATSUBA_KEYS_Y a, b, dst
	vmovdqu		\a(%r8), %ymm0
	vmovdqu		\b(%r8), %ymm1
	vpshufd		$0x4e, %ymm0, %ymm2
	vpshufd		$0x4e, %ymm1, %ymm3
	vpxor		%ymm2, %ymm0, %ymm0
	vpxor		%ymm3, %ymm1, %ymm1
	vpunpcklqdq	%ymm1, %ymm0, \dst
.endm

/* Vector \v (blocks 2v, 2v + 1) times hpow vector \v, added to the sums. */
.macro KPROD v, hk, sel
	vmovdqu		(\v * 32)(%rsi), %ymm0
	.if \v == 7
	vpshufd		$0x4e, %ymm0, %ymm1
	vpxor		%ymm0, %ymm1, %ymm1
	.else
	vpxor		(\v * 32 + 8)(%rsi), %ymm0, %ymm1
	.endif
	vpclmulqdq	$0x00, (\v * 32)(%r8), %ymm0, %ymm2
	vpclmulqdq	$0x11, (\v * 32)(%r8), %ymm0, %ymm0
	vpclmulqdq	\sel, \hk, %ymm1, %ymm1
	vpxor		%ymm2, WLO, WLO
	vpxor		%ymm0, WHI, WHI
	vpxor		%ymm1, WMI, WMI
.endm

/*
 * void kfast_gcmsiv_polyval_vaes_avx2(struct gcm_siv_ctx *ctx,
 *				       const u8 *data, size_t nblocks);
 * Needs H^1..H^min(nblocks, 16).
 */
SYM_FUNC_START(kfast_gcmsiv_polyval_vaes_avx2)
	vmovdqu		GSV_CTX_ACC(%rdi), X14
	lea		GSV_CTX_HPOW(%rdi), %r8
	cmp		$32, %rdx
	jb		kfast_gcmsiv_polyval16_vaes_avx2
	vmovdqa		X14, %xmm7
	KARATSUBA_KEYS_Y	0, 32, HK0
	KARATSUBA_KEYS_Y	64, 96, HK1
	KARATSUBA_KEYS_Y	128, 160, HK2
	KARATSUBA_KEYS_Y	192, 224, HK3
	vbroadcasti128	.Lpoly(%rip), POLYY
.Lkpv_loop:
	/* Vectors 1..7 first: they do not depend on the accumulator. */
	vpxor		WLO, WLO, WLO
	vpxor		WMI, WMI, WMI
	vpxor		WHI, WHI, WHI
	KPROD		1, HK0, $0x10
	KPROD		2, HK1, $0x00
	KPROD		3, HK1, $0x10
	KPROD		4, HK2, $0x00
	KPROD		5, HK2, $0x10
	KPROD		6, HK3, $0x00
	KPROD		7, HK3, $0x10
	/* Vector 0 with the accumulator (xmm7, upper lane zero) added. */
	vmovdqu		(%rsi), %ymm0
	vpxor		8(%rsi), %ymm0, %ymm1
	vpshufd		$0x4e, %ymm7, %ymm2
	vpxor		%ymm7, %ymm2, %ymm2
	vpxor		%ymm2, %ymm1, %ymm1		/* x0 + x1 of acc + block 0 */
	vpxor		%ymm7, %ymm0, %ymm0
	vpclmulqdq	$0x00, (%r8), %ymm0, %ymm2
	vpclmulqdq	$0x11, (%r8), %ymm0, %ymm0
	vpclmulqdq	$0x00, HK0, %ymm1, %ymm1
	vpxor		%ymm2, WLO, WLO
	vpxor		%ymm0, WHI, WHI
	vpxor		%ymm1, WMI, WMI
	vpxor		WLO, WMI, WMI			/* Karatsuba: mid += lo + hi */
	vpxor		WHI, WMI, WMI
	REDUCE_V	WLO, WMI, WHI, %ymm0, %ymm1, POLYY
	vextracti128	$1, %ymm0, %xmm1
	vpxor		%xmm1, %xmm0, %xmm7
	add		$256, %rsi
	sub		$16, %rdx
	cmp		$16, %rdx
	jae		.Lkpv_loop
	vmovdqa		%xmm7, X14
	jmp		kfast_gcmsiv_polyval16_vaes_avx2
SYM_FUNC_END(kfast_gcmsiv_polyval_vaes_avx2)

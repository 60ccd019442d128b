/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) bulk loops with VAES + VPCLMULQDQ on zmm registers
 * (four blocks per register; 16 blocks per CTR iteration, 32 per POLYVAL
 * iteration, 32 per decryption iteration from GSV_WIDE_MIN blocks on and
 * 16 below).
 *
 * CPU-feature contract: AVX512F, AVX512BW, AVX512VL, VAES, VPCLMULQDQ
 * (EVEX-encoded zmm), plus the AES-NI + PCLMULQDQ + AVX tier
 * (gcm_siv-aesni-avx.S) that this file tail-calls for the last 1..15
 * blocks and that sets up the per-nonce keys, and AVX2 (the medium seal's
 * key derivation, gcm_siv-keys.S.inc, on ymm).  Uses zmm0-31 and k1-k3;
 * the caller owns the FPU; vzeroupper (vzeroall) on exit.
 *
 * CTR is the template's (gcm_siv-vaes-template.S.inc, shared with the
 * ymm tier), assembled here on zmm registers.  POLYVAL, decryption and
 * the power computation are this file's own: they are bound by the one
 * VPCLMULQDQ port, and zmm16-31,
 * three-way XORs (VPTERNLOGD) and masked loads let them spend fewer
 * multiplies and shuffles than the template's width-neutral code (see
 * the comments at each).
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
#define BLOCKS32	%zmm0, %zmm1, %zmm2, %zmm3, %zmm4, %zmm5, %zmm6, %zmm7
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

/* The CTR pass's round keys in zmm16-30 (wiped with the powers of H). */
#define GSV_CTR_RK_REGS	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30

#define GSV_WIDE_POLYVAL	1
#define GSV_OWN_POLYVAL16	1
#define GSV_OWN_DEC		1
#define GSV_OWN_POWERS		1
#include "gcm_siv-vaes-template.S.inc"
#include "aes-aesni.S.inc"		/* AESNI_ENCRYPT_128_256 */
#include "gcm_siv-keys.S.inc"		/* DERIVE_KEYS, EXPAND_KEY */

/*
 * POLYVAL, 32 blocks per loop iteration (messages of GSV_WIDE_MIN blocks
 * or more; the 16-block loop after it and the AES-NI tail take the rest).
 *
 * What bounds POLYVAL here is VPCLMULQDQ throughput: one zmm multiply per
 * cycle, on the same port as the lane shuffles and extracts (VAESENC runs
 * on another port, which is why the decryption loop can overlap the
 * two).  So each iteration spends as few multiplies and
 * shuffles as it can:
 *  - 32 blocks per reduction: the powers H^32..H^1 sit in PW0..PW7
 *    (H^17..H^32 made once per request by kfast_gcmsiv_powers below), so
 *    block j of a group is multiplied by H^(32-j) and one reduction and
 *    one horizontal fold serve 32 blocks instead of 16.
 *  - Karatsuba: x * h = lo + mid x^64 + hi x^128 with
 *    lo = x0 h0, hi = x1 h1, mid = (x0 + x1)(h0 + h1) + lo + hi: three
 *    multiplies instead of four.  h0 + h1 of every power is precomputed
 *    (HK0..HK3 pack two power registers' halves, one per qword, picked by
 *    the immediate); x0 + x1 of a block comes from a second load of the
 *    data 8 bytes further on (its low qword is x1, next to x0): the load
 *    ports are idle, the shuffle port is not.  The last vector's shifted
 *    load is masked (k1) so it never reads past the group.  lo, hi and the
 *    middle sums are accumulated over all 32 blocks and the correction
 *    mid += lo + hi is applied once.
 *  - The accumulator is added to block 0 (and x0 + x1 of block 0) rather
 *    than multiplied separately, and its products are added last, so the
 *    loop-carried chain is: add, multiply, reduce (lane-wise, two
 *    multiplies), fold the four lanes.  x0 + x1 of the accumulator takes
 *    its high half from ctx->acc, stored each iteration, rather than from
 *    a lane swap: a store and a load instead of one more shuffle-port
 *    uop (one fewer per iteration; the longer chain stays under the
 *    loop's throughput bound).
 */

#define PW0		%zmm16		/* H^32 .. H^29 */
#define PW1		%zmm17
#define PW2		%zmm18
#define PW3		%zmm19		/* H^20 .. H^17 */
#define PW4		%zmm20		/* H^16 .. H^13 */
#define PW5		%zmm21
#define PW6		%zmm22
#define PW7		%zmm23		/* H^4 .. H^1 */
#define HK0		%zmm24		/* (h0 + h1 of PW0, of PW1) per lane */
#define HK1		%zmm25		/* PW2, PW3 */
#define HK2		%zmm26		/* PW4, PW5 */
#define HK3		%zmm27		/* PW6, PW7 */
#define POLYZ		%zmm28		/* .Lpoly in every lane */
#define LO		%zmm29
#define MI		%zmm30
#define HI		%zmm31
#define HI_Y		%ymm31

/*
 * Lane-wise Montgomery reduction, the same arithmetic as REDUCE with the
 * middle term folded in on the way: \hi = (hi:lo + mid x^64) x^-128 mod P.
 * Clobbers \lo, \mid, \t.
 */
.macro REDUCE_LANES lo, mid, hi, t, poly=POLYZ
	vpclmulqdq	$0x00, \poly, \lo, \t
	vpshufd		$0x4e, \lo, \lo
	vpternlogd	$0x96, \t, \lo, \mid
	vpclmulqdq	$0x00, \poly, \mid, \t
	vpshufd		$0x4e, \mid, \mid
	vpternlogd	$0x96, \t, \mid, \hi
.endm

/* \dst = lane-wise dot(\a, \b); clobbers \t0..\t2. */
.macro DOT_LANES a, b, dst, t0, t1, t2
	VCLMUL		1, \a, \b, \t0, \t1, \dst, \t2
	REDUCE_LANES	\t0, \t1, \dst, \t2
.endm

/* \dst lane i = (h0 + h1 of \a lane i, h0 + h1 of \b lane i). */
.macro KARATSUBA_KEYS a, b, dst, t0, t1
	vpshufd		$0x4e, \a, \t0
	vpxord		\a, \t0, \t0
	vpshufd		$0x4e, \b, \t1
	vpxord		\b, \t1, \t1
	vpunpcklqdq	\t1, \t0, \dst
.endm

/*
 * PW4..PW7 = H^16 .. H^1 from hpow (%r8), HK2 and HK3 their Karatsuba keys,
 * and k1 = qwords 0..6, the mask of a group's last shifted load.
 */
.macro LOAD_POWERS16
	vmovdqu64	(0 * 64)(%r8), PW4
	vmovdqu64	(1 * 64)(%r8), PW5
	vmovdqu64	(2 * 64)(%r8), PW6
	vmovdqu64	(3 * 64)(%r8), PW7
	KARATSUBA_KEYS	PW4, PW5, HK2, V4, V5
	KARATSUBA_KEYS	PW6, PW7, HK3, V6, V7
	mov		$0x7f, %eax
	kmovw		%eax, %k1
.endm

/*
 * The three products of data vector \v of the group at %rsi (blocks
 * 4v .. 4v+3) with \pw: \tl = lo, \th = hi, \tm = (x0 + x1)(h0 + h1);
 * \sel picks the HK qword of \pw ($0x00 or $0x10).  The group's last
 * vector (\last) loads its shifted copy masked with k1 (qwords 0..6), so
 * that it never reads past the group.
 */
.macro WIDE_PRODUCTS v, pw, hk, sel, d, dk, tl, tm, th, last=0
	vmovdqu64	(\v * 64)(%rsi), \d
	.if \last
	vmovdqu64	(\v * 64)(%r9), \dk{%k1}{z}
	vpxorq		\d, \dk, \dk
	.else
	vpxorq		(\v * 64)(%r9), \d, \dk
	.endif
	vpclmulqdq	$0x00, \pw, \d, \tl
	vpclmulqdq	$0x11, \pw, \d, \th
	vpclmulqdq	\sel, \hk, \dk, \tm
.endm

/* Products of vectors \v and \v + 1 (\last: the group's last), added to LO, MI, HI. */
.macro WIDE_PAIR v, pwa, pwb, hk, last=0
	WIDE_PRODUCTS	\v, \pwa, \hk, $0x00, V0, V1, V2, V3, V4
	WIDE_PRODUCTS	(\v + 1), \pwb, \hk, $0x10, V5, V6, V7, V8, V9, \last
	vpternlogd	$0x96, V7, V2, LO
	vpternlogd	$0x96, V8, V3, MI
	vpternlogd	$0x96, V9, V4, HI
.endm

/*
 * \dst = the sums \lo, \mi, \hi (\mi the true middle term; all clobbered)
 * reduced lane-wise and the four lanes folded.  Uses V0, V1.
 */
.macro REDUCE_FOLD lo, mi, hi, hi_y, dst
	REDUCE_LANES	\lo, \mi, \hi, V0
	vextracti64x4	$1, \hi, Y0
	vpxorq		\hi_y, Y0, Y0
	vextracti128	$1, Y0, X1
	vpxor		X1, X0, \dst
.endm

/* X14 = REDUCE_FOLD of LO, MI, HI, also stored to \acc(\base) (ctx->acc). */
.macro REDUCE_FOLD_ACC acc=GSV_CTX_ACC, base=%rdi
	REDUCE_FOLD	LO, MI, HI, HI_Y, X14
	vmovdqu		X14, \acc(\base)
.endm

/* Zero zmm16-31, which VZEROUPPER and VZEROALL leave alone. */
.macro ZERO_ZMM16_31
	.irp r, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord		%xmm\r, %xmm\r, %xmm\r
	.endr
.endm

/*
 * The end of a group: vector 0 (its products with \pw, \hk's low qword)
 * with the accumulator X14 added to block 0, then mid += lo + hi, one
 * lane-wise reduction and the fold of the four lanes into X14, which is
 * also stored to \acc(\base), ctx->acc unless given (the next group reads
 * its high half from there); with \inreg, the high half comes from a
 * shuffle of X14 instead and nothing is stored: a 16-block group's
 * products issue in less time than this chain takes, and the store and
 * load would be on it.
 */
.macro WIDE_ACC_GROUP pw, hk, acc=GSV_CTX_ACC, base=%rdi, inreg=0
	vmovdqu64	(%rsi), V10
	vpxorq		(%r9), V10, V11
	.if \inreg
	vpshufd		$0x0e, X14, X12			/* acc1 */
	.else
	vmovq		(\acc + 8)(\base), X12		/* acc1: no shuffle */
	.endif
	vpternlogd	$0x96, V12, V14, V11		/* x0 + x1 of acc + block 0 */
	vpxorq		V14, V10, V10
	vpclmulqdq	$0x00, \pw, V10, V12
	vpclmulqdq	$0x11, \pw, V10, V13
	vpclmulqdq	$0x00, \hk, V11, V14
	vpxorq		V12, LO, LO
	vpxorq		V13, HI, HI
	vpternlogd	$0x96, LO, V14, MI
	vpxorq		HI, MI, MI			/* Karatsuba: mid += lo + hi */
	.if \inreg
	REDUCE_FOLD	LO, MI, HI, HI_Y, X14
	.else
	REDUCE_FOLD_ACC	\acc, \base
	.endif
.endm

/*
 * void kfast_gcmsiv_wipe_vaes_avx512(struct gcm_siv_ctx *ctx, size_t len);
 * What kfast_gcmsiv_wipe_avx() does (the first len >= 64 bytes of the
 * context, xmm0-15), with 64-byte stores, the last one ending at len and
 * overlapping the one before; and zmm16-31 as well: VZEROUPPER leaves them
 * alone, and this tier's loops keep the powers of H and the CTR pass's
 * round keys there.
 */
SYM_FUNC_START(kfast_gcmsiv_wipe_vaes_avx512)
	ZERO_ZMM16_31
	lea		-64(%rdi, %rsi), %rax		/* the last 64-byte store */
.Lwipe64:
	vmovdqu64	%zmm16, (%rdi)
	add		$64, %rdi
	cmp		%rax, %rdi
	jb		.Lwipe64
	vmovdqu64	%zmm16, (%rax)			/* the end, overlapping */
	/* The registers: wipe_avx() with its one 32-byte store done again. */
	lea		32(%rax), %rdi
	mov		$32, %esi
	jmp		kfast_gcmsiv_wipe_avx
SYM_FUNC_END(kfast_gcmsiv_wipe_vaes_avx512)

/*
 * The levels of the powers of H (X0 = H, POLYZ = .Lpoly in every lane),
 * lane 0 of each vector holding its highest power, as hpow[] does:
 * POWERS_TO_8 leaves V5 = [H^4 .. H^1], V7 = [H^8 .. H^5]; POWERS_TO_12
 * then V6 = [H^12 .. H^9] and V8 = H^8 in each lane, POWERS_13_TO_16
 * V9 = [H^16 .. H^13].
 */
.macro POWERS_TO_8
	SQR		X0, X1, X2, X4, X5			/* H^2 */
	vinserti128	$1, X1, Y1, Y2				/* [H^2, H^2] */
	vinserti128	$1, X0, Y1, Y3				/* [H^2, H] */
	DOT_LANES	V2, V3, V4, V10, V11, V12		/* [H^4, H^3] */
	vinserti64x4	$1, Y3, V4, V5				/* [H^4 .. H^1] */
	vshufi64x2	$0, V4, V4, V6				/* H^4 in each lane */
	DOT_LANES	V5, V6, V7, V10, V11, V12		/* [H^8 .. H^5] */
.endm
/* hpow[] = H^16 .. H^1 from POWERS_TO_16's registers (%r8 = &ctx->hpow). */
.macro STORE_POWERS16
	vmovdqu64	V9, (0 * 64)(%r8)
	vmovdqu64	V6, (1 * 64)(%r8)
	vmovdqu64	V7, (2 * 64)(%r8)
	vmovdqu64	V5, (3 * 64)(%r8)
.endm
.macro POWERS_TO_12
	vshufi64x2	$0, V7, V7, V8				/* H^8 in each lane */
	DOT_LANES	V5, V8, V6, V13, V14, V15		/* [H^12 .. H^9] */
.endm
.macro POWERS_13_TO_16
	DOT_LANES	V7, V8, V9, V10, V11, V12		/* [H^16 .. H^13] */
.endm
.macro POWERS_TO_16
	POWERS_TO_12
	POWERS_13_TO_16
.endm

/*
 * void kfast_gcmsiv_powers_vaes_avx512(struct gcm_siv_ctx *ctx,
 *					unsigned int want);
 * From H (hpow[15]) compute H^2..H^16 into hpow[], and with want > 16 also
 * H^17..H^32 into hwide[], all in registers: five multiplication levels,
 * each a lane-wise product and reduction with three-way XORs (~11 cycles),
 * and one lane shuffle between levels to broadcast the new highest power:
 *	H^2 = H H;  [H^4, H^3] = [H^2, H^2] [H^2, H];
 *	[H^8..H^5] = [H^4..H^1] H^4;  [H^16..H^9] = [H^8..H^1] H^8;
 *	[H^32..H^17] = [H^16..H^1] H^16.
 * (Lane 0 of each vector holds its highest power, as hpow[] does.)
 * Called again with want > 16 after a call with want <= 16 (a request
 * whose first long update comes later), it redoes H^2..H^16: rarer than
 * a second entry point is worth.  (The template's powers16 plus a second
 * call for H^17..H^32 reloaded the powers the first had stored and used
 * the two-shuffle reduction.)
 */
SYM_FUNC_START(kfast_gcmsiv_powers_vaes_avx512)
	lea		GSV_CTX_HPOW(%rdi), %r8
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	vmovdqu		(15 * 16)(%r8), X0			/* H */
	POWERS_TO_8
	POWERS_TO_16
	STORE_POWERS16
	cmp		$16, %esi
	jbe		.Lpowers_done
	vshufi64x2	$0, V9, V9, V8				/* H^16 in each lane */
	DOT_LANES	V9, V8, V0, V10, V11, V12		/* [H^32 .. H^29] */
	DOT_LANES	V6, V8, V1, V13, V14, V15		/* [H^28 .. H^25] */
	DOT_LANES	V7, V8, V2, %zmm16, %zmm17, %zmm18		/* [H^24 .. H^21] */
	DOT_LANES	V5, V8, V3, %zmm19, %zmm20, %zmm21		/* [H^20 .. H^17] */
	vmovdqu64	V0, (GSV_CTX_HWIDE + 0 * 64)(%rdi)
	vmovdqu64	V1, (GSV_CTX_HWIDE + 1 * 64)(%rdi)
	vmovdqu64	V2, (GSV_CTX_HWIDE + 2 * 64)(%rdi)
	vmovdqu64	V3, (GSV_CTX_HWIDE + 3 * 64)(%rdi)
.Lpowers_done:
	vzeroupper
	RET
SYM_FUNC_END(kfast_gcmsiv_powers_vaes_avx512)

/*
 * void kfast_gcmsiv_powers_polyval_vaes_avx512(struct gcm_siv_ctx *ctx,
 *					       const u8 *data, size_t nblocks);
 * The first POLYVAL update of a request that needs H^2..H^16, for
 * 16 <= nblocks < GSV_WIDE_MIN: the powers as above (stored for later
 * updates), with the products of the first 16 blocks issued as soon as
 * their powers exist: blocks 12..15 after the second level ([H^4..H^1]),
 * 8..11 after the third, 0..7 after the fourth.  The VPCLMULQDQ port,
 * idle while the levels wait on each other's reductions, takes most of
 * the group's multiplies there, and the powers reach them in registers;
 * after the last level only its two products, the reduction and the fold
 * are left.  The rest goes to the 16-block loop.
 */
SYM_FUNC_START(kfast_gcmsiv_powers_polyval_vaes_avx512)
	lea		GSV_CTX_HPOW(%rdi), %r8
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	vmovdqu		(15 * 16)(%r8), X0			/* H */
	vmovdqu64	(3 * 64)(%rsi), PW3			/* blocks 12..15 */
	vmovdqu64	(2 * 64)(%rsi), PW2
	vmovdqu64	(1 * 64)(%rsi), PW1
	vmovdqu64	(0 * 64)(%rsi), PW0
	vmovdqu64	GSV_CTX_ACC(%rdi), %xmm25
	vpxorq		%zmm25, PW0, PW0			/* + acc, block 0 */
	POWERS_TO_8
	VCLMUL		1, PW3, V5, LO, MI, HI, %zmm24
	POWERS_TO_16
	VCLMUL		0, PW2, V7, LO, MI, HI, %zmm24
	VCLMUL		0, PW1, V6, LO, MI, HI, %zmm24
	VCLMUL		0, PW0, V9, LO, MI, HI, %zmm24
	STORE_POWERS16
	REDUCE_FOLD_ACC
	add		$256, %rsi
	sub		$16, %rdx
	jmp		kfast_gcmsiv_polyval16_vaes_avx512
SYM_FUNC_END(kfast_gcmsiv_powers_polyval_vaes_avx512)

/*
 * void kfast_gcmsiv_polyval_vaes_avx512(struct gcm_siv_ctx *ctx,
 *					 const u8 *data, size_t nblocks);
 * Needs H^1..H^min(nblocks, 16), and H^17..H^32 when nblocks >=
 * GSV_WIDE_MIN (arch/x86/gcm_siv-offsets.h).
 */
SYM_FUNC_START(kfast_gcmsiv_polyval_vaes_avx512)
	vmovdqu		GSV_CTX_ACC(%rdi), X14
	lea		GSV_CTX_HPOW(%rdi), %r8
	cmp		$GSV_WIDE_MIN, %rdx
	jb		kfast_gcmsiv_polyval16_vaes_avx512

	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	vmovdqu64	(GSV_CTX_HWIDE + 0 * 64)(%rdi), PW0
	vmovdqu64	(GSV_CTX_HWIDE + 1 * 64)(%rdi), PW1
	vmovdqu64	(GSV_CTX_HWIDE + 2 * 64)(%rdi), PW2
	vmovdqu64	(GSV_CTX_HWIDE + 3 * 64)(%rdi), PW3
	KARATSUBA_KEYS	PW0, PW1, HK0, V0, V1
	KARATSUBA_KEYS	PW2, PW3, HK1, V2, V3
	LOAD_POWERS16

.Lwide_loop:
	lea		8(%rsi), %r9		/* the data 8 bytes on (disp8 offsets) */
	/* Vectors 1..7 first: they do not depend on the accumulator. */
	WIDE_PRODUCTS	1, PW1, HK0, $0x10, V0, V1, LO, MI, HI
	WIDE_PAIR	2, PW2, PW3, HK1
	WIDE_PAIR	4, PW4, PW5, HK2
	WIDE_PAIR	6, PW6, PW7, HK3, 1
	/* Vector 0 with the accumulator added to block 0. */
	WIDE_ACC_GROUP	PW0, HK0
	add		$512, %rsi
	sub		$32, %rdx
	cmp		$32, %rdx
	jae		.Lwide_loop
	jmp		kfast_gcmsiv_polyval16_vaes_avx512
SYM_FUNC_END(kfast_gcmsiv_polyval_vaes_avx512)

/*
 * POLYVAL, 16 blocks per iteration (the rest of the wide loop, and
 * messages of under GSV_WIDE_MIN blocks): the wide loop's arithmetic on
 * H^16..H^1 (PW4..PW7, HK2..HK3); 14 multiplies per 16 blocks where the
 * template's loop, written for both widths, spends 22 (four per vector,
 * and four more for the accumulator times H^16).  Fewer than 16 blocks
 * are left to the AES-NI tier.  Entered with X14 = the accumulator, also
 * in ctx->acc, and %r8 = &ctx->hpow.
 */
SYM_FUNC_START_LOCAL(kfast_gcmsiv_polyval16_vaes_avx512)
	cmp		$16, %rdx
	jb		.Lpolyval16_tail
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	LOAD_POWERS16
.Lpolyval16_loop:
	lea		8(%rsi), %r9
	WIDE_PRODUCTS	1, PW5, HK2, $0x10, V0, V1, LO, MI, HI
	WIDE_PAIR	2, PW6, PW7, HK3, 1
	WIDE_ACC_GROUP	PW4, HK2
	add		$256, %rsi
	sub		$16, %rdx
	cmp		$16, %rdx
	jae		.Lpolyval16_loop
.Lpolyval16_tail:
	vmovdqu		X14, GSV_CTX_ACC(%rdi)
	vzeroupper
	jmp		kfast_gcmsiv_polyval_aesni
SYM_FUNC_END(kfast_gcmsiv_polyval16_vaes_avx512)

/*
 * Decryption: CTR and POLYVAL of the plaintext, software-pipelined.
 *
 * The plaintext is what POLYVAL needs, so in a plain loop the hashing of
 * a group waits for that group's AES, and the time is the sum of the two
 * passes.  Here the hashing lags one group behind: each
 * iteration decrypts group g into one register set (V0..V3 or V4..V7,
 * alternating) while hashing group g - 1 from the other set, so the
 * VAESENC port and the VPCLMULQDQ port work side by side.  The plaintext
 * is hashed from registers, never read back from dst (which the caller
 * may share).  POLYVAL per 16 blocks: schoolbook multiplies with the
 * powers H^16..H^1 as memory operands, the accumulator added to block 0,
 * one lane-wise reduction and a fold, as in the wide POLYVAL above.
 */

/*
 * X14 = POLYVAL continued from X14 over the 16 blocks in \a..\d (which are
 * clobbered), in four parts that DEC16_HASH spreads between AES rounds.
 */
.macro POLY16_PART1 a, b
	vpxorq		V14, \a, \a
	vpclmulqdq	$0x00, (0 * 64)(%r10), \a, LO
	vpclmulqdq	$0x11, (0 * 64)(%r10), \a, HI
	vpclmulqdq	$0x01, (0 * 64)(%r10), \a, MI
	vpclmulqdq	$0x10, (0 * 64)(%r10), \a, %zmm16
	vpclmulqdq	$0x00, (1 * 64)(%r10), \b, %zmm17
	vpclmulqdq	$0x11, (1 * 64)(%r10), \b, %zmm18
	vpclmulqdq	$0x01, (1 * 64)(%r10), \b, %zmm19
	vpclmulqdq	$0x10, (1 * 64)(%r10), \b, %zmm20
.endm
.macro POLY16_PART2 c, d
	vpxorq		%zmm17, LO, LO
	vpxorq		%zmm18, HI, HI
	vpternlogd	$0x96, %zmm19, %zmm16, MI
	vpclmulqdq	$0x00, (2 * 64)(%r10), \c, %zmm21
	vpclmulqdq	$0x11, (2 * 64)(%r10), \c, %zmm22
	vpclmulqdq	$0x01, (2 * 64)(%r10), \c, %zmm23
	vpclmulqdq	$0x10, (2 * 64)(%r10), \c, %zmm24
	vpclmulqdq	$0x00, (3 * 64)(%r10), \d, %zmm25
	vpclmulqdq	$0x11, (3 * 64)(%r10), \d, %zmm26
	vpclmulqdq	$0x01, (3 * 64)(%r10), \d, %zmm27
	vpclmulqdq	$0x10, (3 * 64)(%r10), \d, %zmm16
.endm
.macro POLY16_PART3
	vpternlogd	$0x96, %zmm25, %zmm21, LO
	vpternlogd	$0x96, %zmm26, %zmm22, HI
	vpternlogd	$0x96, %zmm23, %zmm20, MI
	vpternlogd	$0x96, %zmm27, %zmm24, MI
	vpxorq		%zmm16, MI, MI
	REDUCE_LANES	LO, MI, HI, %zmm17
.endm
.macro POLY16_PART4
	HI_FOLD		17, 18
.endm

/* X14 = HI's four lanes folded (after REDUCE_LANES); zmm\t0, zmm\t1 scratch. */
.macro HI_FOLD t0, t1
	vextracti64x4	$1, HI, %ymm\t0
	vpxorq		HI_Y, %ymm\t0, %ymm\t0
	vextracti32x4	$1, %ymm\t0, %xmm\t1
	vpxorq		%xmm\t1, %xmm\t0, X14
.endm

/* X14 = POLYVAL continued over \a..\d, all at once (the last group). */
.macro POLYVAL16_REGS a, b, c, d
	POLY16_PART1	\a, \b
	POLY16_PART2	\c, \d
	POLY16_PART3
	POLY16_PART4
.endm

/*
 * Decrypt the next 16 blocks into \a..\d (CTR from V10), store, advance,
 * and hash the previous group \h0..\h3 between the AES rounds.
 */
.macro DEC16_HASH a, b, c, d, h0, h1, h2, h3
	CTR_BLOCKS	\a, \b, \c, \d
	VAES_ROUND_ALL	VPXOR, 0, %r8, V8, \a, \b, \c, \d
	VAES_ROUND_ALL	vaesenc, 16, %r8, V8, \a, \b, \c, \d
	POLY16_PART1	\h0, \h1
	VAES_ROUND_ALL	vaesenc, 32, %r8, V8, \a, \b, \c, \d
	VAES_ROUND_ALL	vaesenc, 48, %r8, V8, \a, \b, \c, \d
	POLY16_PART2	\h2, \h3
	VAES_ROUND_ALL	vaesenc, 64, %r8, V8, \a, \b, \c, \d
	VAES_ROUND_ALL	vaesenc, 80, %r8, V8, \a, \b, \c, \d
	POLY16_PART3
	VAES_ROUND_ALL	vaesenc, 96, %r8, V8, \a, \b, \c, \d
	VAES_ROUND_ALL	vaesenc, 112, %r8, V8, \a, \b, \c, \d
	POLY16_PART4
	VAES_ROUND_ALL	vaesenc, 128, %r8, V8, \a, \b, \c, \d
	VAES_ROUND_ALL	vaesenc, 144, %r8, V8, \a, \b, \c, \d
	VAES_FINISH	%r8, %r9d, V8, \a, \b, \c, \d
	XOR_STORE	%rsi, %rdx, \a, \b, \c, \d
	CTR_ADVANCE	16
.endm

/*
 * The 16-block groups of %rcx >= 16 blocks, decrypted and hashed (X14),
 * the hashing one group behind; the group's registers alternate.
 */
.macro DEC16_PASS
	CTR_PASS	16, %r8, V0, V1, V2, V3
.Ldec16_loop\@:
	cmp		$16, %rcx
	jb		.Ldec16_hash_a\@
	DEC16_HASH	V4, V5, V6, V7, V0, V1, V2, V3
	cmp		$16, %rcx
	jb		.Ldec16_hash_b\@
	DEC16_HASH	V0, V1, V2, V3, V4, V5, V6, V7
	jmp		.Ldec16_loop\@
.Ldec16_hash_b\@:
	POLYVAL16_REGS	V4, V5, V6, V7
	jmp		.Ldec16_done\@
.Ldec16_hash_a\@:
	POLYVAL16_REGS	V0, V1, V2, V3
.Ldec16_done\@:
.endm

/*
 * Wide decryption: 32 blocks per iteration for requests of GSV_WIDE_MIN
 * blocks or more; the same pipeline with the wide POLYVAL's arithmetic
 * (H^32..H^1, Karatsuba, one reduction per 32 blocks).  With 16-block
 * groups the chain from one group's sum to the next (the accumulator's
 * products, the reduction, the fold) took about as long as the group's
 * multiplies took to issue, and a block cost four multiplies; here the
 * chain is under half an iteration and a block costs three.  x0 + x1 of a
 * plaintext block comes from a swap within its lane, since there is no
 * second load to take it from (the plaintext is hashed from registers).
 * The group being decrypted and the one being hashed alternate between
 * V0..V7 and zmm16..zmm23; V8 round key, V9/V10 counter, X14 accumulator,
 * POLYZ, LO, MI, HI, and DT0..DT7.  The powers are memory operands in ctx;
 * their Karatsuba keys (KARATSUBA_KEYS of the power vectors in pairs, as
 * HK0..HK3 of the wide POLYVAL) are in the frame, wiped on the way out.
 */
#define DT0		%zmm11
#define DT1		%zmm12
#define DT2		%zmm13
#define DT3		%zmm15
#define DT4		%zmm24
#define DT5		%zmm25
#define DT6		%zmm26
#define DT7		%zmm27
#define DEC_HK_FRAME	256

/* \dst = the offset in ctx of power vector \v (0..7: H^(32-4v) .. H^(29-4v)). */
.macro DEC_POW v, dst
	.if (\v) < 4
	.set \dst, GSV_CTX_HWIDE + (\v) * 64
	.else
	.set \dst, GSV_CTX_HPOW + ((\v) - 4) * 64
	.endif
.endm

/* The three products of hashed vector \v (register \x) into \tl, \th, \tm. */
.macro DEC_PRODUCTS v, x, tk, tl, th, tm
	DEC_POW		\v, .Ldpow
	vpshufd		$0x4e, \x, \tk
	vpxorq		\x, \tk, \tk			/* x0 + x1, both qwords */
	vpclmulqdq	$0x00, .Ldpow(%rdi), \x, \tl
	vpclmulqdq	$0x11, .Ldpow(%rdi), \x, \th
	vpclmulqdq	$(((\v) & 1) << 4), (((\v) / 2) * 64)(%rsp), \tk, \tm
.endm

/* Hashed vectors \v and \v + 1 (\x, \y) added to (\first: set) LO, MI, HI. */
.macro DEC_PAIR v, x, y, first=0
	DEC_PRODUCTS	\v, \x, DT0, DT1, DT2, DT3
	DEC_PRODUCTS	(\v + 1), \y, DT4, DT5, DT6, DT7
	.if \first
	vpxorq		DT5, DT1, LO
	vpxorq		DT6, DT2, HI
	vpxorq		DT7, DT3, MI
	.else
	vpternlogd	$0x96, DT5, DT1, LO
	vpternlogd	$0x96, DT6, DT2, HI
	vpternlogd	$0x96, DT7, DT3, MI
	.endif
.endm

/* Vector 7 (\x) added, and x0 + x1 of vector 0 (\x0) into DT4 ahead of acc. */
.macro DEC_LAST x, x0
	DEC_PRODUCTS	7, \x, DT0, DT1, DT2, DT3
	vpxorq		DT1, LO, LO
	vpxorq		DT2, HI, HI
	vpxorq		DT3, MI, MI
	vpshufd		$0x4e, \x0, DT4
	vpxorq		\x0, DT4, DT4
.endm

/*
 * Vector 0 (\x0, clobbered) with the accumulator added to its block 0; the
 * x0 + x1 made by DEC_LAST is corrected by acc0 + acc1.  Then mid += lo + hi.
 */
.macro DEC_ACC x0
	vpxorq		V14, \x0, \x0
	vpshufd		$0x4e, X14, %xmm25		/* DT5, upper lanes zero */
	vpternlogd	$0x96, DT5, V14, DT4
	vpclmulqdq	$0x00, GSV_CTX_HWIDE(%rdi), \x0, DT1
	vpclmulqdq	$0x11, GSV_CTX_HWIDE(%rdi), \x0, DT2
	vpclmulqdq	$0x00, (%rsp), DT4, DT3
	vpxorq		DT1, LO, LO
	vpxorq		DT2, HI, HI
	vpternlogd	$0x96, LO, DT3, MI
	vpxorq		HI, MI, MI			/* Karatsuba: mid += lo + hi */
.endm

/* X14 = POLYVAL continued over the 32 blocks in \h0..\h7, all at once. */
.macro HASH32 h0, h1, h2, h3, h4, h5, h6, h7
	DEC_PAIR	1, \h1, \h2, 1
	DEC_PAIR	3, \h3, \h4
	DEC_PAIR	5, \h5, \h6
	DEC_LAST	\h7, \h0
	DEC_ACC		\h0
	REDUCE_LANES	LO, MI, HI, DT0
	HI_FOLD		24, 25
.endm

/*
 * Decrypt the next 32 blocks into \a (eight registers; CTR from V10),
 * store, advance, and hash the previous group \h0..\h7 between the rounds.
 */
.macro DEC32_HASH h0, h1, h2, h3, h4, h5, h6, h7, a:vararg
	CTR_BLOCKS	\a
	VAES_ROUND_ALL	VPXOR, 0, %r8, V8, \a
	VAES_ROUND_ALL	vaesenc, 16, %r8, V8, \a
	DEC_PAIR	1, \h1, \h2, 1
	VAES_ROUND_ALL	vaesenc, 32, %r8, V8, \a
	DEC_PAIR	3, \h3, \h4
	VAES_ROUND_ALL	vaesenc, 48, %r8, V8, \a
	DEC_PAIR	5, \h5, \h6
	VAES_ROUND_ALL	vaesenc, 64, %r8, V8, \a
	DEC_LAST	\h7, \h0
	VAES_ROUND_ALL	vaesenc, 80, %r8, V8, \a
	DEC_ACC		\h0
	VAES_ROUND_ALL	vaesenc, 96, %r8, V8, \a
	REDUCE_LANES	LO, MI, HI, DT0
	VAES_ROUND_ALL	vaesenc, 112, %r8, V8, \a
	HI_FOLD		24, 25
	VAES_ROUND_ALL	vaesenc, 128, %r8, V8, \a
	VAES_ROUND_ALL	vaesenc, 144, %r8, V8, \a
	VAES_FINISH	%r8, %r9d, V8, \a
	XOR_STORE	%rsi, %rdx, \a
	CTR_ADVANCE	32
.endm

#define DEC_SET_A	V0, V1, V2, V3, V4, V5, V6, V7
#define DEC_SET_B	%zmm16, %zmm17, %zmm18, %zmm19, %zmm20, %zmm21, %zmm22, %zmm23

/*
 * void kfast_gcmsiv_dec_vaes_avx512(struct gcm_siv_ctx *ctx, const u8 *src,
 *				     u8 *dst, size_t nblocks);
 * Needs H^1..H^min(nblocks, 16), and H^17..H^32 when nblocks >=
 * GSV_WIDE_MIN.
 */
SYM_FUNC_START(kfast_gcmsiv_dec_vaes_avx512)
	cmp		$16, %rcx
	jb		kfast_gcmsiv_dec_aesni
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	lea		GSV_CTX_RK(%rdi), %r8
	lea		GSV_CTX_HPOW(%rdi), %r10
	vmovdqu		GSV_CTX_ACC(%rdi), X14
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	CTR_SETUP
	cmp		$GSV_WIDE_MIN, %rcx
	jb		.Lvdec16

	push		%rbp
	mov		%rsp, %rbp
	and		$-64, %rsp
	sub		$DEC_HK_FRAME, %rsp
	.irp v, 0, 2, 4, 6
	DEC_POW		\v, .Ldpa
	DEC_POW		(\v + 1), .Ldpb
	vmovdqu64	.Ldpa(%rdi), DT0
	vmovdqu64	.Ldpb(%rdi), DT1
	KARATSUBA_KEYS	DT0, DT1, DT2, DT3, DT4
	vmovdqa64	DT2, ((\v / 2) * 64)(%rsp)
	.endr
	CTR_PASS	32, %r8, DEC_SET_A
.Lvdec32_loop:
	cmp		$32, %rcx
	jb		.Lvdec32_hash_a
	DEC32_HASH	DEC_SET_A, DEC_SET_B
	cmp		$32, %rcx
	jb		.Lvdec32_hash_b
	DEC32_HASH	DEC_SET_B, DEC_SET_A
	jmp		.Lvdec32_loop
.Lvdec32_hash_b:
	HASH32		DEC_SET_B
	jmp		.Lvdec32_end
.Lvdec32_hash_a:
	HASH32		DEC_SET_A
.Lvdec32_end:
	vpxord		%xmm11, %xmm11, %xmm11
	.irp off, 0, 64, 128, 192
	vmovdqa64	%zmm11, \off(%rsp)
	.endr
	leave
	cmp		$16, %rcx
	jb		.Lvdec_done
.Lvdec16:
	DEC16_PASS
.Lvdec_done:
	vmovdqu		X10, GSV_CTX_CTR(%rdi)
	vmovdqu		X14, GSV_CTX_ACC(%rdi)
	vzeroupper
	jmp		kfast_gcmsiv_dec_aesni
SYM_FUNC_END(kfast_gcmsiv_dec_vaes_avx512)

/* ---- Medium seal: RFC 8452 in one call, up to 32 blocks --------------- */

/*
 * void kfast_gcmsiv_seal_medium_vaes_avx512(const u8 master_rk[15][16],
 *		const u8 nonce[12], unsigned int nrounds, const u8 *aad,
 *		u64 aadlen, const u8 *src, u64 ptlen, u8 *dst);
 * The seal of a message whose padded AAD and plaintext and the length
 * block take at most 32 blocks (GCM_SIV_X86_MEDIUM_BLOCKS) and that the
 * short seal does not take: dst = ciphertext || tag, dst may be src.
 * What the short seal does for four blocks (gcm_siv-aesni-avx.S), on zmm
 * registers: key derivation, the powers of H the message needs, POLYVAL,
 * the tag block's AES riding on the key expansion, CTR, in one call with
 * no context.  Through the context the same work is five or six calls,
 * each storing what the next reloads.
 *
 * The derivation comes first: the chain of the whole seal (derivation,
 * powers of H, POLYVAL, tag, CTR) starts from it, and the copies below
 * fill the wait for its rounds.
 *
 * POLYVAL: the n = na + np + 1 blocks (padded AAD, padded text, length
 * block) are copied to the end of a 32-block buffer in the frame, whose
 * vector (64 bytes) holding the first block is zeroed first.  The copies
 * store whole vectors, the last one of each loaded with a mask that zeroes
 * what follows the AAD or text (its padding), so only those vectors are
 * written and wiped: the seal is short enough for its stores (32 bytes
 * per cycle on Zen 4) to count.  The last 16 blocks (group B) are
 * multiplied by H^16 .. H^1 and, from 17 blocks on, the first 16 (group
 * A, the zero blocks adding nothing) likewise, their sum reduced (acc) and
 * added to group B's first block before its product with H^16, so one
 * more reduction ends it.  Only the vectors that hold blocks are
 * multiplied (branches on the public lengths), after all the levels of
 * powers the message needs (MED_POWERS) in program order, so that their
 * chain, not the products beside it, gets the VPCLMULQDQ pipe first.
 */
#define MED_RK		0		/* the message key's round keys */
#define MED_NONCE	240		/* 0 || nonce, DERIVE_KEYS' xmm15 */
#define MED_BUF		256		/* the 32 blocks hashed */
#define MED_SLACK	768		/* zeros stored past the buffer's end */
#define MED_N		(MED_SLACK + 64)	/* n, the blocks hashed */
#define MED_NROUNDS	(MED_N + 8)
#define MED_AADLEN	(MED_N + 16)
#define MED_FRAME	(MED_N + 64)
#define LOA		%zmm22		/* group A's sums */
#define MIA		%zmm23
#define HIA		%zmm24
#define HIA_Y		%ymm24

/* \dst = the mask of the low min(\n, 64) bits (\n unsigned); uses rcx. */
.macro LOWMASK n, dst
	mov		$-1, \dst
	cmp		$64, \n
	jae		.Llowmask\@
	mov		\n, %rcx
	shl		%cl, \dst
	not		\dst
.Llowmask\@:
.endm

/*
 * Copy \len > 0 bytes from \src to \dst (all three clobbered) and zero
 * the 0..63 bytes after them up to a whole 64-byte piece; uses rcx, rdx,
 * k2, zmm16.  The last piece is loaded with a mask (never past \src +
 * \len) and stored whole, so the padding needs no zeroing store of its
 * own.
 */
.macro COPY_IN src, len, dst
	cmp		$64, \len
	jbe		.Lcopy_in_last\@
.Lcopy_in\@:
	vmovdqu64	(\src), %zmm16
	vmovdqu64	%zmm16, (\dst)
	add		$64, \src
	add		$64, \dst
	sub		$64, \len
	cmp		$64, \len
	ja		.Lcopy_in\@
.Lcopy_in_last\@:
	LOWMASK		\len, %rdx
	kmovq		%rdx, %k2
	vmovdqu8	(\src), %zmm16{%k2}{z}
	vmovdqu64	%zmm16, (\dst)
.endm

/* (\lo, \mi, \hi) = or += the buffer's vector \v (0..7) times \pw. */
.macro MED_PRODUCTS first, v, pw, lo, mi, hi
	VCLMUL		\first, \pw, (MED_BUF + \v * 64)(%rsp), \lo, \mi, \hi, %zmm17
.endm

/*
 * Key stream vector \v XOR the next 64 bytes (fewer at the end) of %rsi
 * to %rdi and (\hash) with the bytes past them zeroed, whole, to %r10;
 * to \done after the last.  Uses rax, rcx, k2, V4.
 */
.macro MED_XOR_STORE v, done, hash
	LOWMASK		%r8, %rax
	kmovq		%rax, %k2
	vmovdqu8	(%rsi), V4{%k2}{z}
	vpxorq		V4, \v, \v
	vmovdqu8	\v, (%rdi){%k2}
	.if \hash
	vmovdqu8	\v, \v{%k2}{z}
	vmovdqu64	\v, (%r10)
	add		$64, %r10
	.endif
	add		$64, %rsi
	add		$64, %rdi
	sub		$64, %r8
	jle		\done
.endm

/*
 * CTR from the counter block \ctr (bit 127 set here) over the %r11 > 0
 * bytes at %r9 to %rdi, two or four vectors at a time (\hash: each
 * vector of the result also to %r10, see MED_XOR_STORE), then to \done.
 * Round keys at MED_RK, %edx rounds.
 */
/* V10 = the counter blocks from \ctr (bit 127 set here), lane i + i; V9 = the step. */
.macro CTR_FROM ctr
	vpor		.Lmsb_set(%rip), \ctr, X10
	vshufi64x2	$0, V10, V10, V10
	vpaddd		.Llane_inc(%rip), V10, V10
	vmovdqu64	.Lvinc(%rip), V9
.endm

.macro MED_CTR ctr, done, hash
	CTR_FROM	\ctr
	mov		%r9, %rsi
	mov		%r11, %r8				/* bytes left */
.Lmed_ctr_loop\@:
	cmp		$128, %r8
	ja		.Lmed_ctr4\@
	CTR_BLOCKS	V0, V1
	VAES_ENCRYPT	%rsp, %edx, V8, V0, V1
	MED_XOR_STORE	V0, \done, \hash
	MED_XOR_STORE	V1, \done, \hash
	jmp		\done
.Lmed_ctr4\@:
	CTR_BLOCKS	V0, V1, V2, V3
	VAES_ENCRYPT	%rsp, %edx, V8, V0, V1, V2, V3
	MED_XOR_STORE	V0, \done, \hash
	MED_XOR_STORE	V1, \done, \hash
	MED_XOR_STORE	V2, \done, \hash
	MED_XOR_STORE	V3, \done, \hash
	jmp		.Lmed_ctr_loop\@
.endm

/* \off = the offset from MED_BUF + 512 of the vector that holds block 32 - \n. */
.macro MED_FIRST_VECTOR n, off
	lea		3(\n), \off
	and		$-4, \off
	shl		$4, \off
	neg		\off
.endm

/*
 * The frame and the derivation, first: the chain of the whole message
 * starts from it, and the copies fill the wait for its rounds.  Takes the
 * arguments as the functions below do; leaves r10 = aad, r11 = ptlen,
 * xmm0 = H, xmm1 = rk[0] (see DERIVE_KEYS).
 */
.macro MED_ENTER frame=MED_FRAME
	push		%rbp
	mov		%rsp, %rbp
	and		$-64, %rsp
	sub		$\frame, %rsp
	mov		%edx, MED_NROUNDS(%rsp)
	mov		%r8, MED_AADLEN(%rsp)
	DERIVE_KEYS	vaes, %rdi, %rsi, %edx
	vmovdqu		%xmm1, MED_RK(%rsp)
	vmovdqu		%xmm14, (MED_RK + 16)(%rsp)
	vmovdqu		%xmm15, MED_NONCE(%rsp)
	mov		%rcx, %r10				/* aad */
	mov		16(%rbp), %r11				/* ptlen */
.endm

/*
 * The buffer: MED_N = n, the vector of its first block zeroed, the AAD
 * copied to its place; rdi = the text's place.  Clobbers rax, rcx, rdx,
 * rsi, r8, r10, k2, zmm16.
 */
.macro MED_BUFFER_AAD
	lea		15(%r8), %rax
	shr		$4, %rax
	lea		15(%r11), %rcx
	shr		$4, %rcx
	lea		1(%rax, %rcx), %rdx
	mov		%rdx, MED_N(%rsp)
	MED_FIRST_VECTOR %rdx, %rsi
	vpxord		%xmm16, %xmm16, %xmm16
	vmovdqu64	%zmm16, (MED_BUF + 512)(%rsp, %rsi)
	shl		$4, %rcx
	neg		%rcx
	lea		(MED_BUF + 31 * 16)(%rsp, %rcx), %rdi	/* the text's place */
	shl		$4, %rax
	mov		%rdi, %rsi
	sub		%rax, %rsi				/* the AAD's */
	test		%r8, %r8
	jz		.Lmed_no_aad\@
	COPY_IN		%r10, %r8, %rsi
.Lmed_no_aad\@:
.endm

/* The length block, after the copies' zeros (%r11 = ptlen). */
.macro MED_LENGTH_BLOCK
	mov		MED_AADLEN(%rsp), %rax
	shl		$3, %rax
	mov		%rax, (MED_BUF + 31 * 16)(%rsp)
	lea		(, %r11, 8), %rax
	mov		%rax, (MED_BUF + 31 * 16 + 8)(%rsp)
.endm

/* The powers of H that n = %rax blocks need (X0 = H): POWERS_TO_8, _12, _16. */
.macro MED_POWERS
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	POWERS_TO_8
	MED_POWERS_PAST_8
.endm
/* The levels past POWERS_TO_8 (V5, V7 its powers) that n = %rax blocks need. */
.macro MED_POWERS_PAST_8
	cmp		$8, %rax
	jbe		.Lmed_powers_done\@
	POWERS_TO_12
	cmp		$12, %rax
	jbe		.Lmed_powers_done\@
	POWERS_13_TO_16
.Lmed_powers_done\@:
.endm

/*
 * The products of the buffer's vectors \v + 3, \v + 2, \v + 1 (and \v,
 * with \all) with \p4, \p8, \p12 (\p16) into \lo, \mi, \hi, the first
 * setting them; to \done as soon as n = %rax <= \n0 + 4, + 8, + 12: the
 * vectors below hold no block.
 */
.macro MED_GROUP v, n0, lo, mi, hi, done, all, p4, p8, p12, p16
	MED_PRODUCTS	1, (\v + 3), \p4, \lo, \mi, \hi
	cmp		$(\n0 + 4), %rax
	jbe		\done
	MED_PRODUCTS	0, (\v + 2), \p8, \lo, \mi, \hi
	cmp		$(\n0 + 8), %rax
	jbe		\done
	MED_PRODUCTS	0, (\v + 1), \p12, \lo, \mi, \hi
	.if \all
	cmp		$(\n0 + 12), %rax
	jbe		\done
	MED_PRODUCTS	0, \v, \p16, \lo, \mi, \hi
	.endif
.endm

/*
 * X13 = POLYVAL of the buffer's n = %rax blocks, with \p4 = [H^4 .. H^1],
 * \p8, \p12, \p16 (as many as n needs): group B's vectors 7..5, its
 * vector 4 alone up to 16 blocks, else after group A's sum is added to it.
 */
.macro MED_HASH p4, p8, p12, p16
	MED_GROUP	4, 0, LO, MI, HI, .Lmed_reduce\@, 0, \p4, \p8, \p12
	cmp		$12, %rax
	jbe		.Lmed_reduce\@
	cmp		$16, %rax
	ja		.Lmed_group_a\@
	MED_PRODUCTS	0, 4, \p16, LO, MI, HI
	jmp		.Lmed_reduce\@
.Lmed_group_a\@:
	MED_GROUP	0, 16, LOA, MIA, HIA, .Lmed_a_done\@, 1, \p4, \p8, \p12, \p16
.Lmed_a_done\@:
	REDUCE_FOLD	LOA, MIA, HIA, HIA_Y, X2			/* acc */
	vpxorq		(MED_BUF + 4 * 64)(%rsp), V2, V2	/* + block 16 */
	VCLMUL		0, \p16, V2, LO, MI, HI, %zmm17		/* times H^16 */
.Lmed_reduce\@:
	REDUCE_FOLD	LO, MI, HI, HI_Y, X13
.endm

/* X13 = the tag's block: POLYVAL X13 XOR the nonce, bit 127 cleared. */
.macro MED_TAG_BLOCK
	vmovdqu		MED_NONCE(%rsp), %xmm15
	vpsrldq		$4, %xmm15, %xmm5			/* nonce || 0 */
	vpxor		%xmm5, %xmm13, %xmm13
	vpand		.Lmsb_clear(%rip), %xmm13, %xmm13
.endm

/*
 * X13 = the seal's tag: the tag block (MED_TAG_BLOCK of X13) through the
 * rounds of the message key, which it rides as they are expanded to the
 * frame (EXPAND_KEY_TAG).
 */
.macro MED_SEAL_TAG
	MED_TAG_BLOCK
	vmovdqu		MED_RK(%rsp), %xmm1
	vmovdqu		(MED_RK + 16)(%rsp), %xmm14
	mov		MED_NROUNDS(%rsp), %edx
	vpxor		%xmm1, %xmm13, %xmm13
	EXPAND_KEY_TAG	%edx, %rsp, %xmm1, %xmm14, %xmm13
.endm

/* The open's tag, from X13 and the round keys in the frame, to its argument. */
.macro MED_OPEN_TAG
	MED_TAG_BLOCK
	mov		MED_NROUNDS(%rsp), %edx
	AESNI_ENCRYPT_128_256	vex, %rsp, %edx, mem, %xmm13
	mov		40(%rbp), %rax
	vmovdqu		%xmm13, (%rax)				/* the tag */
.endm

/* Zero the round keys' part of the frame (and the nonce after them); uses V4. */
.macro MED_WIPE_KEYS
	vpxord		%xmm4, %xmm4, %xmm4
	.irp off, 0, 64, 128, 192
	vmovdqu64	V4, (MED_RK + \off)(%rsp)
	.endr
.endm

/*
 * Zero the buffer's vectors written (those from the first block's) as
 * soon as POLYVAL has read them, so that the stores go beside the tag and
 * CTR rather than after them.  Uses rax, rdx, V4.
 */
.macro MED_WIPE_BUFFER
	vpxord		%xmm4, %xmm4, %xmm4
	mov		MED_N(%rsp), %rdx
	MED_FIRST_VECTOR %rdx, %rax
.Lmed_wipe\@:
	vmovdqu64	V4, (MED_BUF + 512)(%rsp, %rax)
	add		$64, %rax
	jnz		.Lmed_wipe\@
.endm

/* Zero every vector register; return (the frame wiped already). */
.macro MED_LEAVE
	vzeroall
	ZERO_ZMM16_31
	leave
	RET
.endm

SYM_FUNC_START(kfast_gcmsiv_seal_medium_vaes_avx512)
	MED_ENTER
	MED_BUFFER_AAD
	test		%r11, %r11
	jz		.Lseal_no_text
	mov		%r9, %r10
	mov		%r11, %r8
	COPY_IN		%r10, %r8, %rdi
.Lseal_no_text:
	MED_LENGTH_BLOCK

	/* POLYVAL: the powers of H first, then each vector's products. */
	mov		MED_N(%rsp), %rax
	MED_POWERS
	MED_HASH	V5, V7, V6, V9
	MED_WIPE_BUFFER

	MED_SEAL_TAG
	mov		24(%rbp), %rdi				/* dst */
	vmovdqu		%xmm13, (%rdi, %r11)			/* the tag */
	test		%r11, %r11
	jz		.Lseal_done
	MED_CTR		%xmm13, .Lseal_done, 0
.Lseal_done:
	MED_WIPE_KEYS
	MED_LEAVE
SYM_FUNC_END(kfast_gcmsiv_seal_medium_vaes_avx512)

/*
 * void kfast_gcmsiv_open_medium_vaes_avx512(const u8 master_rk[15][16],
 *		const u8 nonce[12], unsigned int nrounds, const u8 *aad,
 *		u64 aadlen, const u8 *src, u64 ptlen, u8 *dst,
 *		const u8 want[16], u8 tag[16]);
 * The open of a message the medium seal would take: dst = the plaintext
 * of the ptlen bytes at src (dst may be src) under the counter want (the
 * received tag), tag = the tag computed over it (the caller compares the
 * two and wipes dst on a mismatch).  Two chains start from the
 * derivation, the key expansion and CTR, and the powers of H; both end in
 * the products.  They overlap only as far as program order lets them:
 * each is a long run of vector instructions waiting on its own latency,
 * and the first one fills the scheduler (on Zen 4, CTR first and the
 * powers after it cost as much as doing one after the other).  So the
 * first three levels of powers come before the expansion, the rest after
 * it, then CTR, whose plaintext vectors go to the buffer as COPY_IN
 * would put them.
 */
SYM_FUNC_START(kfast_gcmsiv_open_medium_vaes_avx512)
	MED_ENTER
	MED_BUFFER_AAD
	mov		MED_N(%rsp), %rax
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	POWERS_TO_8
	vmovdqa64	V5, %zmm18
	vmovdqa64	V7, %zmm19
	vmovdqu		MED_RK(%rsp), %xmm1
	vmovdqu		(MED_RK + 16)(%rsp), %xmm14
	mov		MED_NROUNDS(%rsp), %edx
	EXPAND_KEY	%edx, %rsp, %xmm1, %xmm14
	vmovdqa64	%zmm18, V5
	vmovdqa64	%zmm19, V7
	mov		MED_N(%rsp), %rax
	MED_POWERS_PAST_8
	vmovdqa64	V6, %zmm20				/* CTR takes V9 */
	vmovdqa64	V9, %zmm21
	mov		32(%rbp), %rax				/* want */
	vmovq		(%rax), %xmm13
	vpinsrq		$1, 8(%rax), %xmm13, %xmm13
	test		%r11, %r11
	jz		.Lopen_hash
	mov		%rdi, %r10
	mov		24(%rbp), %rdi				/* dst */
	MED_CTR		%xmm13, .Lopen_hash, 1
.Lopen_hash:
	MED_LENGTH_BLOCK
	mov		MED_N(%rsp), %rax
	MED_HASH	%zmm18, %zmm19, %zmm20, %zmm21
	MED_WIPE_BUFFER
	MED_OPEN_TAG
	MED_WIPE_KEYS
	MED_LEAVE
SYM_FUNC_END(kfast_gcmsiv_open_medium_vaes_avx512)

/* ---- Long seal: RFC 8452 in one call, up to one SIMD section --------- */

/*
 * void kfast_gcmsiv_seal_long_vaes_avx512(const u8 master_rk[15][16],
 *		const u8 nonce[12], unsigned int nrounds, const u8 *aad,
 *		u64 aadlen, const u8 *src, u64 ptlen, u8 *dst);
 * The seal of a message past the medium seal's 32 blocks whose POLYVAL
 * and CTR blocks together fit one SIMD section (gcm_siv_x86_long_fits()):
 * the work of the context path's five or six calls in one, with the
 * powers of H, the accumulator and the round keys kept in registers and
 * the frame rather than stored to the context and loaded back by the
 * next call.  The key is expanded with the tag block riding on it, after
 * POLYVAL in program order: expanded first, its rounds and stores took
 * the shared vector pipes from POLYVAL's chain.
 *
 * POLYVAL reads the AAD and the text where they are.  Each one's whole
 * 16-block groups go through the 16-block loop's arithmetic (Karatsuba,
 * the accumulator added to block 0, one reduction per group).  The r
 * blocks after them (at most 16, the last one padded) are copied to the
 * buffer and multiplied by powers loaded from the frame to line up with
 * them (LONG_BUFFER_HASH), the accumulator's product and, for the text,
 * the length block's beside them; a text that ends on a whole group has
 * only its length block left, multiplied in a register
 * (LONG_LENGTH_ONLY).
 */
#define LONG_POW	MED_FRAME		/* H^16 .. H^1, as hpow[] */
#define LONG_SRC	(LONG_POW + 256)	/* the text */
#define LONG_PTLEN	(LONG_SRC + 8)		/* its length (the open) */
#define LONG_FRAME	(LONG_SRC + 64)

/*
 * X14 = POLYVAL continued from X14 over the whole 16-block groups of the
 * %r8 bytes at %rsi, from the powers in PW4..PW7, HK2, HK3 and k1 as
 * LOAD_POWERS16 leaves them; %rsi, %r8 = what is left.  Clobbers r9,
 * zmm0-13 and LO, MI, HI.
 */
.macro LONG_GROUPS
.Llong_group\@:
	cmp		$256, %r8
	jb		.Llong_groups_done\@
	lea		8(%rsi), %r9
	WIDE_PRODUCTS	1, PW5, HK2, $0x10, V0, V1, LO, MI, HI
	WIDE_PAIR	2, PW6, PW7, HK3, 1
	WIDE_ACC_GROUP	PW4, HK2, inreg=1
	add		$256, %rsi
	sub		$256, %r8
	jmp		.Llong_group\@
.Llong_groups_done\@:
.endm

/*
 * The r = %rax blocks after the whole groups go to the buffer from its
 * vector 4 on, where whole 64-byte stores put them (COPY_IN, MED_CTR) and
 * the products' 64-byte loads take them straight from those stores (the
 * medium paths' layout, the last block at the buffer's end, made the
 * loads wait for the stores to reach the cache, on the chain here):
 * MED_N = r, %rdi = the place.
 */
.macro LONG_BUFFER
	mov		%rax, MED_N(%rsp)
	lea		(MED_BUF + 256)(%rsp), %rdi
.endm

/* %xmm15 = the length block (MED_AADLEN, %r11 = ptlen, in bits).  Clobbers rax. */
.macro LONG_LENGTH_XMM
	mov		MED_AADLEN(%rsp), %rax
	shl		$3, %rax
	vmovq		%rax, %xmm15
	lea		(, %r11, 8), %rax
	vpinsrq		$1, %rax, %xmm15, %xmm15
.endm

/*
 * X14 = POLYVAL continued from X14 over the buffer's r = MED_N blocks from
 * vector 4 on and (\length) the length block: with t = r + \length, block
 * j times H^(t - j), the powers loaded from LONG_POW at the offset that
 * lines them up with the blocks (the zero lanes past the last block meet
 * what follows H^1 in the frame), and beside them acc * H^t and the
 * length block times H; then the vectors written wiped.  Clobbers rax,
 * rcx, rdx, zmm0, zmm4, zmm10-13, zmm15, zmm17, zmm18 and LO, MI, HI.
 */
.macro LONG_BUFFER_HASH length
	mov		MED_N(%rsp), %rax
	lea		\length(%rax), %rcx			/* t */
	shl		$4, %rcx
	neg		%rcx
	lea		(LONG_POW + 256)(%rsp, %rcx), %rcx	/* &H^t */
	vmovdqu64	(%rcx), %zmm18
	VCLMUL		1, %zmm18, (MED_BUF + 256)(%rsp), LO, MI, HI, %zmm17
	.irp v, 1, 2, 3
	cmp		$(4 * \v), %rax
	jbe		.Llong_products\@
	vmovdqu64	(\v * 64)(%rcx), %zmm18
	VCLMUL		0, %zmm18, (MED_BUF + 256 + \v * 64)(%rsp), LO, MI, HI, %zmm17
	.endr
.Llong_products\@:
	vmovdqa		(%rcx), %xmm15				/* H^t */
	VCLMUL		1, %xmm15, X14, X10, X11, X12, X13
	.if \length
	LONG_LENGTH_XMM
	vmovdqa		(LONG_POW + 240)(%rsp), %xmm0		/* H */
	VCLMUL		0, %xmm0, %xmm15, X10, X11, X12, X13
	.endif
	vpxorq		V10, LO, LO
	vpxorq		V11, MI, MI
	vpxorq		V12, HI, HI
	REDUCE_FOLD	LO, MI, HI, HI_Y, X14
	mov		MED_N(%rsp), %rax
	add		$3, %rax
	shr		$2, %rax				/* the vectors written */
	vpxord		%xmm4, %xmm4, %xmm4
	lea		(MED_BUF + 256)(%rsp), %rdx
.Llong_wipe\@:
	vmovdqa64	V4, (%rdx)
	add		$64, %rdx
	dec		%rax
	jnz		.Llong_wipe\@
.endm

/*
 * X14 = POLYVAL continued from X14 over the length block alone (%r11 =
 * ptlen), in a register.  Clobbers rax, xmm10-13, xmm15.
 */
.macro LONG_LENGTH_ONLY
	LONG_LENGTH_XMM
	vpxor		%xmm15, X14, X14
	vmovdqa		(LONG_POW + 240)(%rsp), %xmm15		/* H */
	VCLMUL		1, %xmm15, X14, X10, X11, X12, X13
	REDUCE_LANES	X10, X11, X12, X13, %xmm28
	vmovdqa		X12, X14
.endm

/*
 * X14 = POLYVAL continued from X14 over the %r8 < 256 bytes at %rsi,
 * zero-padded to whole blocks (\length: %r8 > 0, and then the length
 * block; %r8 <= 240), through the buffer.  Clobbers rax, rcx, rdx, rsi,
 * rdi, r8, k2, zmm0, zmm4, zmm10-13, zmm15-18 and LO, MI, HI.
 */
.macro LONG_REST length
	lea		15(%r8), %rax
	shr		$4, %rax				/* r, the blocks left */
	test		%rax, %rax
	jz		.Llong_hashed\@
	LONG_BUFFER
	COPY_IN		%rsi, %r8, %rdi
	LONG_BUFFER_HASH \length
.Llong_hashed\@:
.endm

/*
 * H^1 .. H^16 in PW4..PW7 and at LONG_POW (as hpow[]), HK2, HK3 and k1,
 * as LOAD_POWERS16 leaves them (X0 = H).  Clobbers zmm0-15.
 */
.macro LONG_POWERS
	vbroadcasti32x4	.Lpoly(%rip), POLYZ
	POWERS_TO_8
	POWERS_TO_16
	vmovdqa64	V9, PW4
	vmovdqa64	V6, PW5
	vmovdqa64	V7, PW6
	vmovdqa64	V5, PW7
	vmovdqa64	V9, (LONG_POW + 0 * 64)(%rsp)
	vmovdqa64	V6, (LONG_POW + 1 * 64)(%rsp)
	vmovdqa64	V7, (LONG_POW + 2 * 64)(%rsp)
	vmovdqa64	V5, (LONG_POW + 3 * 64)(%rsp)
	KARATSUBA_KEYS	PW4, PW5, HK2, V4, V5
	KARATSUBA_KEYS	PW6, PW7, HK3, V6, V7
	mov		$0x7f, %eax
	kmovw		%eax, %k1
.endm

/* Zero the round keys and the powers in the frame, then every vector register; return. */
.macro LONG_LEAVE
	MED_WIPE_KEYS
	.irp off, 0, 64, 128, 192
	vmovdqa64	V4, (LONG_POW + \off)(%rsp)
	.endr
	MED_LEAVE
.endm

SYM_FUNC_START(kfast_gcmsiv_seal_long_vaes_avx512)
	MED_ENTER	LONG_FRAME
	mov		%r9, LONG_SRC(%rsp)
	LONG_POWERS
	vpxor		X14, X14, X14
	mov		%r10, %rsi				/* aad */
	LONG_GROUPS
	LONG_REST	0
	mov		LONG_SRC(%rsp), %rsi
	mov		%r11, %r8
	LONG_GROUPS
	cmp		$240, %r8
	jbe		.Llong_last
	LONG_REST	0		/* 16 blocks: the length block on its own */
	jmp		.Llong_length_only
.Llong_last:
	test		%r8, %r8
	jz		.Llong_length_only
	LONG_REST	1
	jmp		.Llong_hashed
.Llong_length_only:
	LONG_LENGTH_ONLY
.Llong_hashed:

	vmovdqa		X14, %xmm13
	MED_SEAL_TAG
	mov		24(%rbp), %rdx				/* dst */
	vmovdqu		%xmm13, (%rdx, %r11)			/* the tag */

	/*
	 * CTR: whole 16-block groups as the CTR pass does them (32 blocks per
	 * pass, the round keys in zmm16-30), the rest as the medium seal does.
	 */
	CTR_FROM	%xmm13
	mov		LONG_SRC(%rsp), %rsi
	mov		%r11, %rcx
	shr		$4, %rcx				/* whole blocks */
	cmp		$16, %rcx
	jb		.Llong_ctr_rest
	mov		MED_NROUNDS(%rsp), %r9d
	mov		%rsp, %r8
	CTR_RK_LOAD
	cmp		$32, %rcx
	jb		.Llong_ctr16
.Llong_ctr32:
	CTR_PASS	32, regs, BLOCKS32
	cmp		$32, %rcx
	jae		.Llong_ctr32
	cmp		$16, %rcx
	jb		.Llong_ctr_rest
.Llong_ctr16:
	CTR_PASS	16, regs, BLOCKS
.Llong_ctr_rest:
	and		$255, %r11				/* bytes left */
	jz		.Llong_seal_done
	mov		%rsi, %r9
	mov		%rdx, %rdi
	mov		MED_NROUNDS(%rsp), %edx
	MED_CTR		%xmm10, .Llong_seal_done, 0
.Llong_seal_done:
	LONG_LEAVE
SYM_FUNC_END(kfast_gcmsiv_seal_long_vaes_avx512)

/*
 * void kfast_gcmsiv_open_long_vaes_avx512(const u8 master_rk[15][16],
 *		const u8 nonce[12], unsigned int nrounds, const u8 *aad,
 *		u64 aadlen, const u8 *src, u64 ptlen, u8 *dst,
 *		const u8 want[16], u8 tag[16]);
 * The open of a message the long seal would take, as the medium open
 * does it (dst = the plaintext under the counter want, tag = the tag
 * computed over it; the caller compares): the AAD hashed as the long
 * seal hashes it, the text's whole 16-block groups decrypted and hashed
 * from registers by the decryption pass's 16-block pipeline (the powers
 * at LONG_POW standing for ctx->hpow), the rest decrypted as the medium
 * open does, its plaintext to the buffer, and hashed with the length
 * block as the long seal hashes its rest.  The key is expanded before
 * the AAD is hashed: CTR needs it first thing after.
 */
SYM_FUNC_START(kfast_gcmsiv_open_long_vaes_avx512)
	MED_ENTER	LONG_FRAME
	mov		%r9, LONG_SRC(%rsp)
	mov		%r11, LONG_PTLEN(%rsp)
	LONG_POWERS
	vmovdqu		MED_RK(%rsp), %xmm1
	vmovdqu		(MED_RK + 16)(%rsp), %xmm14
	mov		MED_NROUNDS(%rsp), %edx
	EXPAND_KEY	%edx, %rsp, %xmm1, %xmm14

	vpxor		X14, X14, X14
	mov		%r10, %rsi				/* aad */
	LONG_GROUPS
	LONG_REST	0

	/* The counter blocks from want, bit 127 set. */
	mov		32(%rbp), %rax				/* want */
	vmovq		(%rax), %xmm13
	vpinsrq		$1, 8(%rax), %xmm13, %xmm13
	CTR_FROM	%xmm13
	mov		LONG_SRC(%rsp), %rsi
	mov		24(%rbp), %rdx				/* dst */
	mov		LONG_PTLEN(%rsp), %rcx
	shr		$4, %rcx				/* whole blocks */
	cmp		$16, %rcx
	jb		.Lopen_long_rest
	mov		MED_NROUNDS(%rsp), %r9d
	mov		%rsp, %r8
	lea		LONG_POW(%rsp), %r10
	DEC16_PASS

.Lopen_long_rest:
	mov		LONG_PTLEN(%rsp), %r11
	and		$255, %r11				/* bytes left */
	jz		.Lopen_long_length_only
	lea		15(%r11), %rax
	shr		$4, %rax				/* r */
	mov		%rdx, %rcx				/* dst */
	LONG_BUFFER
	mov		%rdi, %r10
	mov		%rsi, %r9
	mov		%rcx, %rdi
	mov		MED_NROUNDS(%rsp), %edx
	MED_CTR		%xmm10, .Lopen_long_decrypted, 1
.Lopen_long_decrypted:
	mov		LONG_PTLEN(%rsp), %r11
	cmpq		$16, MED_N(%rsp)
	je		.Lopen_long_16
	LONG_BUFFER_HASH 1
	jmp		.Lopen_long_hashed
.Lopen_long_16:
	/* 16 blocks: the length block on its own after them. */
	LONG_BUFFER_HASH 0
.Lopen_long_length_only:
	mov		LONG_PTLEN(%rsp), %r11
	LONG_LENGTH_ONLY
.Lopen_long_hashed:

	vmovdqa		X14, %xmm13
	MED_OPEN_TAG
	LONG_LEAVE
SYM_FUNC_END(kfast_gcmsiv_open_long_vaes_avx512)

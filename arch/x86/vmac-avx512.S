/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01) NH with AVX-512 IFMA, eight blocks at a time,
 * with the L2 polynomial in general-purpose registers (MULX) alongside.
 *
 * CPU-feature contract: AVX512F, AVX512IFMA, BMI2; the caller holds a
 * kernel FPU section.  Ends with VZEROUPPER.
 *
 * Layout.  Eight 128-byte blocks are loaded as sixteen zmm registers (two
 * halves of eight words per block) and transposed (8x8 qword transposes:
 * unpack, then two rounds of 128-bit lane shuffles) so that register T[w]
 * holds word w of blocks 0..7: lane b belongs to block b throughout, and
 * no horizontal sums are needed.
 *
 * NH products with IFMA.  VPMADD52LUQ/VPMADD52HUQ multiply the low 52 bits
 * of each lane and add the low/high 52 bits of the 104-bit product to a
 * 64-bit accumulator.  For a = m[2j] + k[2j], b = m[2j+1] + k[2j+1]
 * (64-bit lanes, wrapping) split as a = a0 + a1 2^52 (a1 = a >> 52 has
 * 12 bits, a0 is taken implicitly by IFMA), likewise b:
 *	a b = a0 b0 + (a0 b1 + a1 b0) 2^52 + a1 b1 2^104
 * so seven IFMAs per eight products feed three accumulators of weight
 * 2^0, 2^52 and 2^104:
 *	ACC0   += lo(a0 b0)
 *	ACC52  += hi(a0 b0) + lo(a0 b1) + lo(a1 b0)
 *	ACC104 += hi(a0 b1) + hi(a1 b0) + lo(a1 b1)	(hi(a1 b1) = 0)
 * Eight pairs add less than 2^57 to any accumulator: no overflow.  The NH
 * value is then ACC0 + ACC52 2^52 + ACC104 2^104 mod 2^126:
 *	lo = ACC0 + (ACC52 << 52)		carry c
 *	hi = (ACC52 >> 12) + (ACC104 << 40) + c	mod 2^62
 *
 * L2 in four chains.  The L2 polynomial y = acc k^n + sum m_i k^(n-1-i)
 * over n = 4N blocks splits by i mod 4 into four Horner chains in k^4,
 *	C_r = C_r * k^4 + m_(4t+r),	r = 0..3,
 * with y = C_0 k^3 + C_1 k^2 + C_2 k + C_3 and the incoming accumulator as
 * the initial C_3 (C_0..C_2 start at 0).  The chains are independent, so
 * the serial multiply-and-reduce latency is paid once per four blocks;
 * they live in the stack frame and are combined with three ordinary L2
 * steps at the end of the call.  Each chain step (POLYG) multiplies by a
 * general residue K = k^4 < 2^127:
 *	Z = C * K + m = z0 + z1 2^64 + z2 2^128 + z3 2^192	(exact)
 *	  = (z0 + z1 2^64) + 2 (z2 + z3 2^64)			(mod p)
 * folded at bit 127 (C stays below 2^127 + 8).  The scalar L2 of group g
 * is interleaved with the vector NH of group g + 1 so both units work.
 */
#include <linux/linkage.h>

/* struct vmac_key offsets, checked with static_assert in arch/x86/vmac.h */
#define VMAC_KEY_NH	0
#define VMAC_KEY_POLY	144
#define VMAC_KEY_POLY2	176
#define VMAC_KEY_POLY4	208

/*
 * Stack frame (64-byte aligned), addressed from %rsp so that no register
 * is needed for the key:
 *   FR_NH:   NH results, two buffers of [iter][hi, lo][8 blocks] words;
 *	      IDX (0 or FR_NHBUF) selects the one the L2 reads, the NH of
 *	      the next group goes to the other one
 *   FR_END:  end pointer of the input
 *   FR_KEYS: L2 keys per iteration: kh, kl, K4h, K4l (K4 = k^4)
 *   FR_NHK:  the 18 NH key words
 *   FR_CH:   the L2 chains C[iter][r], high word first
 */
#define FR_NH		0
#define FR_NHBUF	256		/* bytes per buffer: 2 iters x 2 x 8 x 8 */
#define FR_END		512
#define FR_KEYS		520
#define FR_NHK		584
#define FR_CH		728
#define FR_SIZE		896		/* >= FR_CH + 128, multiple of 64 */

	.text

/* ------------------------------------------------------------------------ */
/* Vector NH                                                                */
/* ------------------------------------------------------------------------ */

/*
 * Transpose half \h (words 8h..8h+7) of the eight blocks at P into
 * %zmm16..%zmm23 (= word 8h+0 .. 8h+7 of blocks 0..7).  Uses zmm0..15.
 */
.macro	TRANSPOSE_HALF h
	.irp	b, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu64	128 * \b + 64 * \h(P), %zmm\b
	.endr
	/* t[2i] = low qwords of z[2i], z[2i+1] interleaved, t[2i+1] = high */
	vpunpcklqdq	%zmm1, %zmm0, %zmm8
	vpunpckhqdq	%zmm1, %zmm0, %zmm9
	vpunpcklqdq	%zmm3, %zmm2, %zmm10
	vpunpckhqdq	%zmm3, %zmm2, %zmm11
	vpunpcklqdq	%zmm5, %zmm4, %zmm12
	vpunpckhqdq	%zmm5, %zmm4, %zmm13
	vpunpcklqdq	%zmm7, %zmm6, %zmm14
	vpunpckhqdq	%zmm7, %zmm6, %zmm15
	/* u[4i+j], u[4i+2+j] = 128-bit lanes {0,2}, {1,3} of t[4i+j], t[4i+2+j] */
	vshufi64x2	$0x88, %zmm10, %zmm8, %zmm0
	vshufi64x2	$0xdd, %zmm10, %zmm8, %zmm2
	vshufi64x2	$0x88, %zmm11, %zmm9, %zmm1
	vshufi64x2	$0xdd, %zmm11, %zmm9, %zmm3
	vshufi64x2	$0x88, %zmm14, %zmm12, %zmm4
	vshufi64x2	$0xdd, %zmm14, %zmm12, %zmm6
	vshufi64x2	$0x88, %zmm15, %zmm13, %zmm5
	vshufi64x2	$0xdd, %zmm15, %zmm13, %zmm7
	/* T[j], T[4+j] = lanes {0,2}, {1,3} of u[j], u[4+j] */
	vshufi64x2	$0x88, %zmm4, %zmm0, %zmm16
	vshufi64x2	$0xdd, %zmm4, %zmm0, %zmm20
	vshufi64x2	$0x88, %zmm5, %zmm1, %zmm17
	vshufi64x2	$0xdd, %zmm5, %zmm1, %zmm21
	vshufi64x2	$0x88, %zmm6, %zmm2, %zmm18
	vshufi64x2	$0xdd, %zmm6, %zmm2, %zmm22
	vshufi64x2	$0x88, %zmm7, %zmm3, %zmm19
	vshufi64x2	$0xdd, %zmm7, %zmm3, %zmm23
.endm

/*
 * One word pair: zmm\we, zmm\wo hold words 2j, 2j+1 of the eight blocks,
 * the key words are at FR_NHK + \koff + 8 * (\kw + 8 * \h) (\koff = 16
 * for iteration 1).  Accumulates into \a0, \a52, \a104.  Scratch:
 * zmm12..15.
 */
.macro	NH_PAIR we, wo, kw, h, koff, a0, a52, a104
	vpaddq		FR_NHK + \koff + 8 * \kw + 64 * \h(%rsp){1to8}, %zmm\we, %zmm12
	vpaddq		FR_NHK + \koff + 8 * \kw + 64 * \h + 8(%rsp){1to8}, %zmm\wo, %zmm13
	vpsrlq		$52, %zmm12, %zmm14				/* a1 */
	vpsrlq		$52, %zmm13, %zmm15				/* b1 */
	vpmadd52luq	%zmm13, %zmm12, \a0
	vpmadd52huq	%zmm13, %zmm12, \a52
	vpmadd52luq	%zmm15, %zmm12, \a52
	vpmadd52luq	%zmm13, %zmm14, \a52
	vpmadd52huq	%zmm15, %zmm12, \a104
	vpmadd52huq	%zmm13, %zmm14, \a104
	vpmadd52luq	%zmm15, %zmm14, \a104
.endm

.macro	NH_PAIR_ITERS we, wo, kw, h, iters
	NH_PAIR		\we, \wo, \kw, \h, 0, %zmm24, %zmm25, %zmm26
	.if	\iters == 2
	NH_PAIR		\we, \wo, \kw, \h, 16, %zmm27, %zmm28, %zmm29
	.endif
.endm

/* Pairs 4h .. 4h+3 (words in zmm16..23). */
.macro	NH_PAIRS h, iters
	NH_PAIR_ITERS	16, 17, 0, \h, \iters
	NH_PAIR_ITERS	18, 19, 2, \h, \iters
	NH_PAIR_ITERS	20, 21, 4, \h, \iters
	NH_PAIR_ITERS	22, 23, 6, \h, \iters
.endm

/*
 * NH value from the accumulators, stored as 8 high words then 8 low words
 * at \dst(%rsp, IDX).  Uses zmm12..15; \ones holds all-ones.
 */
.macro	NH_STORE a0, a52, a104, dst, ones
	vpsllq		$52, \a52, %zmm12
	vpaddq		%zmm12, \a0, %zmm13			/* lo */
	vpcmpuq		$1, \a0, %zmm13, %k1			/* lo < a0: carry */
	vpsrlq		$12, \a52, %zmm14
	vpsllq		$40, \a104, %zmm15
	vpaddq		%zmm15, %zmm14, %zmm14			/* hi */
	vpsubq		\ones, %zmm14, %zmm14{%k1}		/* + carry */
	vpsllq		$2, %zmm14, %zmm14
	vpsrlq		$2, %zmm14, %zmm14			/* mod 2^62 */
	vmovdqa64	%zmm14, \dst(%rsp, IDX)
	vmovdqa64	%zmm13, \dst + 64(%rsp, IDX)
.endm

/* Clears the accumulators. */
.macro	NH_ZERO iters
	vpxorq		%zmm24, %zmm24, %zmm24
	vpxorq		%zmm25, %zmm25, %zmm25
	vpxorq		%zmm26, %zmm26, %zmm26
	.if	\iters == 2
	vpxorq		%zmm27, %zmm27, %zmm27
	vpxorq		%zmm28, %zmm28, %zmm28
	vpxorq		%zmm29, %zmm29, %zmm29
	.endif
.endm

/* ------------------------------------------------------------------------ */
/* Scalar L2                                                                */
/* ------------------------------------------------------------------------ */

/*
 * One chain step for iteration \it, chain \r with NH value \b of the
 * buffer at (%rsp, IDX): C = C * k^4 + m mod 2^127 - 1.  Scratch: rax, rbx,
 * rdx, rdi, r8..r11.
 */
.macro	POLYG it, r, b
	.set	PCH, FR_CH + 64 * \it + 16 * \r
	.set	PCL, PCH + 8
	.set	PMH, FR_NH + 128 * \it + 8 * \b
	.set	PML, PMH + 64
	.set	PK4H, FR_KEYS + 32 * \it + 16
	.set	PK4L, PK4H + 8
	movq	PCL(%rsp), %rdx
	mulx	PK4L(%rsp), %rax, %rbx		/* cl * Kl: z0, z1 */
	mulx	PK4H(%rsp), %r8, %r10		/* cl * Kh: z1, z2 */
	movq	PCH(%rsp), %rdx
	mulx	PK4L(%rsp), %r9, %rdi		/* ch * Kl: z1, z2 */
	mulx	PK4H(%rsp), %rdx, %r11		/* ch * Kh: z2, z3 */
	addq	%r8, %rbx
	adcq	%rdi, %r10
	adcq	$0, %r11
	addq	%r9, %rbx
	adcq	%rdx, %r10
	adcq	$0, %r11
	addq	PML(%rsp, IDX), %rax		/* + m */
	adcq	PMH(%rsp, IDX), %rbx
	adcq	$0, %r10
	adcq	$0, %r11
	/* (z0 + z1 2^64) + 2 (z2 + z3 2^64), fold at bit 127 */
	addq	%r10, %r10
	adcq	%r11, %r11
	addq	%r10, %rax
	adcq	%r11, %rbx
	movl	$0, %edx
	adcq	$0, %rdx
	movq	%rbx, %r8
	shrq	$63, %r8
	leaq	(%r8, %rdx, 2), %r8
	btrq	$63, %rbx
	addq	%r8, %rax
	adcq	$0, %rbx
	movq	%rbx, PCH(%rsp)
	movq	%rax, PCL(%rsp)
.endm

/* Chain steps for NH values \b and \b + 1 (chains \b % 4, \b % 4 + 1). */
.macro	L2_PAIR b, iters
	POLYG	0, (\b%4), \b
	POLYG	0, ((\b+1)%4), (\b+1)
	.if	\iters == 2
	POLYG	1, (\b%4), \b
	POLYG	1, ((\b+1)%4), (\b+1)
	.endif
.endm

/* L2 over the eight NH values of the buffer at (%rsp, IDX). */
.macro	L2_GROUP iters
	L2_PAIR	0, \iters
	L2_PAIR	2, \iters
	L2_PAIR	4, \iters
	L2_PAIR	6, \iters
.endm

/* Two L2 blocks (\b, \b+1) of the previous group, if \l2. */
.macro	L2_PART l2, b, iters
	.if	\l2
	L2_PAIR	\b, \iters
	.endif
.endm

/*
 * One L2 step with the masked key k (POLY1 of vmac-x86_64.S, operands in
 * the frame): (\ah:\al) = (\ah:\al) * k + C[\it][\r].
 */
.macro	POLY1F it, r, ah, al
	.set	PKH, FR_KEYS + 32 * \it
	.set	PKL, PKH + 8
	.set	PCH, FR_CH + 64 * \it + 16 * \r
	.set	PCL, PCH + 8
	movq	\al, %rdx
	mulx	PKL(%rsp), %rax, %rbx		/* t0 = al * kl */
	mulx	PKH(%rsp), %r10, %r11		/* al * kh */
	movq	\ah, %rdx
	mulx	PKL(%rsp), %r8, %r9		/* ah * kl */
	addq	%r10, %r8
	adcq	%r11, %r9			/* t1 = (r9:r8) */
	mulx	PKH(%rsp), %r10, %r11		/* t2 = ah * kh */
	addq	%r9, %r10
	adcq	$0, %r11			/* s = t2 + hi(t1) */
	addq	%r10, %r10
	adcq	%r11, %r11
	addq	%r10, %rax
	adcq	%r11, %rbx			/* t0 + 2s */
	addq	PCL(%rsp), %rax
	adcq	%r8, %rbx			/* + lo(t1) 2^64 + cl */
	movl	$0, %edx
	adcq	$0, %rdx
	addq	PCH(%rsp), %rbx
	adcq	$0, %rdx
	movq	%rbx, %r10
	shrq	$63, %r10
	leaq	(%r10, %rdx, 2), %r10
	btrq	$63, %rbx
	addq	%r10, %rax
	adcq	$0, %rbx
	movq	%rbx, \ah
	movq	%rax, \al
.endm

/* acc = ((C0 k + C1) k + C2) k + C3 for iteration \it. */
.macro	L2_COMBINE it, ah, al
	movq	FR_CH + 64 * \it(%rsp), \ah
	movq	FR_CH + 64 * \it + 8(%rsp), \al
	POLY1F	\it, 1, \ah, \al
	POLY1F	\it, 2, \ah, \al
	POLY1F	\it, 3, \ah, \al
.endm

/*
 * NH of the eight blocks at P, interleaved (if \l2) with the L2 of the
 * previous group's NH values at (%rsp, IDX); then IDX flips and the new NH
 * values are stored there.
 */
.macro	GROUP iters, l2
	NH_ZERO		\iters
	TRANSPOSE_HALF	0
	L2_PART		\l2, 0, \iters
	NH_PAIRS	0, \iters
	L2_PART		\l2, 2, \iters
	TRANSPOSE_HALF	1
	L2_PART		\l2, 4, \iters
	NH_PAIRS	1, \iters
	L2_PART		\l2, 6, \iters
	xorq		$FR_NHBUF, IDX
	NH_STORE	%zmm24, %zmm25, %zmm26, FR_NH, %zmm30
	.if	\iters == 2
	NH_STORE	%zmm27, %zmm28, %zmm29, FR_NH + 128, %zmm30
	.endif
	addq		$1024, P
.endm

/*
 * void vmac_blocks64_avx512(u64 poly[2], const u8 *p, size_t ngroups,
 *			     const struct vmac_key *key)
 * void vmac_blocks128_avx512(u64 poly[2][2], const u8 *p, size_t ngroups,
 *			      const struct vmac_key *key)
 *
 * NH + L2 over ngroups >= 1 groups of eight 128-byte blocks.
 */
.macro	BLOCKS_AVX512 iters
	.set	P, %rsi
	.set	IDX, %rcx
	.set	AH0, %r12
	.set	AL0, %r13
	.set	AH1, %r14
	.set	AL1, %r15

	push	%rbp
	movq	%rsp, %rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	andq	$-64, %rsp
	subq	$FR_SIZE, %rsp

	shlq	$10, %rdx
	addq	P, %rdx
	movq	%rdx, FR_END(%rsp)
	/* the key into the frame: NH words, then kh, kl, K2h, K2l per iteration */
	.irp	w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	movq	VMAC_KEY_NH + 8 * \w(%rcx), %rax
	movq	%rax, FR_NHK + 8 * \w(%rsp)
	.endr
	.irp	it, 0, 1
	movq	VMAC_KEY_POLY + 16 * \it(%rcx), %rax
	movq	%rax, FR_KEYS + 32 * \it(%rsp)
	movq	VMAC_KEY_POLY + 16 * \it + 8(%rcx), %rax
	movq	%rax, FR_KEYS + 32 * \it + 8(%rsp)
	movq	VMAC_KEY_POLY4 + 16 * \it(%rcx), %rax
	movq	%rax, FR_KEYS + 32 * \it + 16(%rsp)
	movq	VMAC_KEY_POLY4 + 16 * \it + 8(%rcx), %rax
	movq	%rax, FR_KEYS + 32 * \it + 24(%rsp)
	.endr
	/* chains: C[it][3] = incoming accumulator, C[it][0..2] = 0 */
	xorl	%eax, %eax
	.irp	it, 0, 1
	.irp	w, 0, 1, 2, 3, 4, 5
	movq	%rax, FR_CH + 64 * \it + 8 * \w(%rsp)
	.endr
	movq	16 * \it(%rdi), %rbx
	movq	%rbx, FR_CH + 64 * \it + 48(%rsp)
	movq	16 * \it + 8(%rdi), %rbx
	movq	%rbx, FR_CH + 64 * \it + 56(%rsp)
	.endr
	vpternlogq	$0xff, %zmm30, %zmm30, %zmm30
	xorl	%ecx, %ecx		/* IDX */

	/* Software pipeline: NH of group g runs beside the L2 of group g-1. */
	GROUP	\iters, 0
.Lloop_\iters:
	cmpq	FR_END(%rsp), P
	jae	.Llast_\iters
	GROUP	\iters, 1
	jmp	.Lloop_\iters
.Llast_\iters:
	L2_GROUP	\iters
	L2_COMBINE	0, AH0, AL0
	.if	\iters == 2
	L2_COMBINE	1, AH1, AL1
	.endif

	/* Do not leave NH values or key words behind on the stack. */
	vpxorq		%zmm0, %zmm0, %zmm0
	.irp	off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832
	vmovdqa64	%zmm0, \off(%rsp)
	.endr
	vzeroupper

	leaq	-48(%rbp), %rsp
	pop	%rdi
	movq	AH0, (%rdi)
	movq	AL0, 8(%rdi)
	.if	\iters == 2
	movq	AH1, 16(%rdi)
	movq	AL1, 24(%rdi)
	.endif
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	RET
.endm

SYM_FUNC_START(vmac_blocks64_avx512)
	BLOCKS_AVX512	1
SYM_FUNC_END(vmac_blocks64_avx512)

SYM_FUNC_START(vmac_blocks128_avx512)
	BLOCKS_AVX512	2
SYM_FUNC_END(vmac_blocks128_avx512)

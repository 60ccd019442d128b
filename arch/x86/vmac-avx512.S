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
 * Stack frame (64-byte aligned), addressed from %rsp:
 *   FR_NH:   NH results, three buffers of [iter][hi, lo][8 blocks] words,
 *	      used in rotation: the NH of group g goes to buffer IDXW while
 *	      the L2 reads group g - 2 from buffer IDXR.  Two groups of
 *	      distance keep the L2's 8-byte loads away from the 64-byte
 *	      stores that wrote them (no store forwarding needed).
 *   FR_END:  end pointer of the input
 *   FR_CH:   the L2 chains C[iter][r], high word first
 * The key is read through KEY (%r13).
 */
#define FR_NH		0
#define FR_NHBUF	256		/* bytes per buffer: 2 iters x 2 x 8 x 8 */
#define FR_END		768
#define FR_CH		832
#define FR_SIZE		960		/* >= FR_CH + 128, multiple of 64 */

	.text

/* ------------------------------------------------------------------------ */
/* Vector NH                                                                */
/* ------------------------------------------------------------------------ */

/*
 * Transpose half \h (words 8h..8h+7) of the eight blocks at P into
 * %zmm8..%zmm15 (= word 8h+0 .. 8h+7 of blocks 0..7), in four parts
 * (load, unpack, two lane shuffles) so scalar work can go in between.
 * Uses zmm0..15.
 */
.macro	TRANSPOSE_PART h, part
	.if	\part == 0
	.irp	b, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu64	128 * \b + 64 * \h(P), %zmm\b
	.endr
	.elseif	\part == 1
	/* t[2i] = low qwords of z[2i], z[2i+1] interleaved, t[2i+1] = high */
	vpunpcklqdq	%zmm1, %zmm0, %zmm8
	vpunpckhqdq	%zmm1, %zmm0, %zmm9
	vpunpcklqdq	%zmm3, %zmm2, %zmm10
	vpunpckhqdq	%zmm3, %zmm2, %zmm11
	vpunpcklqdq	%zmm5, %zmm4, %zmm12
	vpunpckhqdq	%zmm5, %zmm4, %zmm13
	vpunpcklqdq	%zmm7, %zmm6, %zmm14
	vpunpckhqdq	%zmm7, %zmm6, %zmm15
	.elseif	\part == 2
	/* u[4i+j], u[4i+2+j] = 128-bit lanes {0,2}, {1,3} of t[4i+j], t[4i+2+j] */
	vshufi64x2	$0x88, %zmm10, %zmm8, %zmm0
	vshufi64x2	$0xdd, %zmm10, %zmm8, %zmm2
	vshufi64x2	$0x88, %zmm11, %zmm9, %zmm1
	vshufi64x2	$0xdd, %zmm11, %zmm9, %zmm3
	vshufi64x2	$0x88, %zmm14, %zmm12, %zmm4
	vshufi64x2	$0xdd, %zmm14, %zmm12, %zmm6
	vshufi64x2	$0x88, %zmm15, %zmm13, %zmm5
	vshufi64x2	$0xdd, %zmm15, %zmm13, %zmm7
	.else
	/* T[j], T[4+j] = lanes {0,2}, {1,3} of u[j], u[4+j] */
	vshufi64x2	$0x88, %zmm4, %zmm0, %zmm8
	vshufi64x2	$0xdd, %zmm4, %zmm0, %zmm12
	vshufi64x2	$0x88, %zmm5, %zmm1, %zmm9
	vshufi64x2	$0xdd, %zmm5, %zmm1, %zmm13
	vshufi64x2	$0x88, %zmm6, %zmm2, %zmm10
	vshufi64x2	$0xdd, %zmm6, %zmm2, %zmm14
	vshufi64x2	$0x88, %zmm7, %zmm3, %zmm11
	vshufi64x2	$0xdd, %zmm7, %zmm3, %zmm15
	.endif
.endm

/*
 * One word pair: zmm\we, zmm\wo hold words 2j, 2j+1 of the eight blocks,
 * the key words are at KEY + \koff + 8 * (\kw + 8 * \h) (\koff = 16
 * for iteration 1).  Accumulates into accumulator set \set: zmm(20 + 3 set)
 * (weight 1), zmm(21 + 3 set) (2^52), zmm(22 + 3 set) (2^104).  Scratch:
 * zmm16..19.
 */
.macro	NH_PAIR we, wo, kw, h, koff, a0, a52, a104
	vpaddq		VMAC_KEY_NH + \koff + 8 * \kw + 64 * \h(KEY){1to8}, %zmm\we, %zmm16
	vpaddq		VMAC_KEY_NH + \koff + 8 * \kw + 64 * \h + 8(KEY){1to8}, %zmm\wo, %zmm17
	vpsrlq		$52, %zmm16, %zmm18				/* a1 */
	vpsrlq		$52, %zmm17, %zmm19				/* b1 */
	vpmadd52luq	%zmm17, %zmm16, %zmm\a0
	vpmadd52huq	%zmm17, %zmm16, %zmm\a52
	vpmadd52huq	%zmm19, %zmm16, %zmm\a104
	vpmadd52luq	%zmm19, %zmm16, %zmm\a52
	vpmadd52huq	%zmm17, %zmm18, %zmm\a104
	vpmadd52luq	%zmm17, %zmm18, %zmm\a52
	vpmadd52luq	%zmm19, %zmm18, %zmm\a104
.endm

/*
 * Pair \j of half \h.  The IFMA latency (4 cycles) would serialize three
 * products per pair on one accumulator, so consecutive pairs use different
 * accumulator sets: VMAC-64 spreads its pairs over four sets, VMAC-128
 * gives each iteration two.
 */
.macro	NH_PAIR_ITERS we, wo, j, h, iters, s0a, s0b, s0c, s1a, s1b, s1c
	NH_PAIR		\we, \wo, (2*\j), \h, 0, \s0a, \s0b, \s0c
	.if	\iters == 2
	NH_PAIR		\we, \wo, (2*\j), \h, 16, \s1a, \s1b, \s1c
	.endif
.endm

/*
 * Pair \j of half \h (words in zmm(8+2j), zmm(9+2j)).  Accumulator sets:
 * zmm20-22, 23-25, 26-28, 29-31.  VMAC-64: pair j uses set j; VMAC-128:
 * iteration 0 uses sets 0 and 1, iteration 1 sets 2 and 3, alternating.
 */
.macro	NH_PAIRJ j, h, iters
	.if	\iters == 1
	.if	\j == 0
	NH_PAIR_ITERS	8, 9, 0, \h, 1, 20, 21, 22
	.elseif	\j == 1
	NH_PAIR_ITERS	10, 11, 1, \h, 1, 23, 24, 25
	.elseif	\j == 2
	NH_PAIR_ITERS	12, 13, 2, \h, 1, 26, 27, 28
	.else
	NH_PAIR_ITERS	14, 15, 3, \h, 1, 29, 30, 31
	.endif
	.else
	.if	\j == 0
	NH_PAIR_ITERS	8, 9, 0, \h, 2, 20, 21, 22, 26, 27, 28
	.elseif	\j == 1
	NH_PAIR_ITERS	10, 11, 1, \h, 2, 23, 24, 25, 29, 30, 31
	.elseif	\j == 2
	NH_PAIR_ITERS	12, 13, 2, \h, 2, 20, 21, 22, 26, 27, 28
	.else
	NH_PAIR_ITERS	14, 15, 3, \h, 2, 23, 24, 25, 29, 30, 31
	.endif
	.endif
.endm

/*
 * Sum accumulator set (\b0, \b52, \b104) into (\a0, \a52, \a104), then
 * store the NH value ACC0 + ACC52 2^52 + ACC104 2^104 mod 2^126 of each
 * lane as 8 high words then 8 low words at \dst(%rsp, IDXW).  Uses zmm0..5.
 */
.macro	NH_STORE a0, a52, a104, b0, b52, b104, dst
	vpaddq		%zmm\b0, %zmm\a0, %zmm\a0
	vpaddq		%zmm\b52, %zmm\a52, %zmm\a52
	vpaddq		%zmm\b104, %zmm\a104, %zmm\a104
	vpternlogq	$0xff, %zmm5, %zmm5, %zmm5		/* all ones */
	vpsllq		$52, %zmm\a52, %zmm0
	vpaddq		%zmm0, %zmm\a0, %zmm1			/* lo */
	vpcmpuq		$1, %zmm\a0, %zmm1, %k1		/* lo < a0: carry */
	vpsrlq		$12, %zmm\a52, %zmm2
	vpsllq		$40, %zmm\a104, %zmm3
	vpaddq		%zmm3, %zmm2, %zmm2			/* hi */
	vpsubq		%zmm5, %zmm2, %zmm2{%k1}		/* + carry */
	vpsllq		$2, %zmm2, %zmm2
	vpsrlq		$2, %zmm2, %zmm2			/* mod 2^62 */
	vmovdqa64	%zmm2, \dst(%rsp, IDXW)
	vmovdqa64	%zmm1, \dst + 64(%rsp, IDXW)
.endm

/* Clears the twelve accumulators. */
.macro	NH_ZERO
	.irp	r, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxorq		%zmm\r, %zmm\r, %zmm\r
	.endr
.endm

/* ------------------------------------------------------------------------ */
/* Scalar L2                                                                */
/* ------------------------------------------------------------------------ */

/*
 * One chain step for iteration \it, chain \r with NH value \b of the
 * buffer at (%rsp, IDXR): C = C * k^4 + m mod 2^127 - 1.  Scratch: rax, rbx,
 * rdx, rdi, r8..r11.
 */
.macro	POLYG it, r, b, part=0
	.set	PCH, FR_CH + 64 * \it + 16 * \r
	.set	PCL, PCH + 8
	.set	PMH, FR_NH + 128 * \it + 8 * \b
	.set	PML, PMH + 64
	.set	PK4H, VMAC_KEY_POLY4 + 16 * \it
	.set	PK4L, PK4H + 8
	.if	\part == 0 || \part == 1
	movq	PCL(%rsp), %rdx
	mulx	PK4L(KEY), %rax, %rbx		/* cl * Kl: z0, z1 */
	mulx	PK4H(KEY), %r8, %r10		/* cl * Kh: z1, z2 */
	movq	PCH(%rsp), %rdx
	mulx	PK4L(KEY), %r9, %rdi		/* ch * Kl: z1, z2 */
	mulx	PK4H(KEY), %rdx, %r11		/* ch * Kh: z2, z3 */
	addq	%r8, %rbx
	adcq	%rdi, %r10
	adcq	$0, %r11
	addq	%r9, %rbx
	adcq	%rdx, %r10
	adcq	$0, %r11
	.endif
	.if	\part == 0 || \part == 2
	addq	PML(%rsp, IDXR), %rax		/* + m */
	adcq	PMH(%rsp, IDXR), %rbx
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
	.endif
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

/* L2 over the eight NH values of the buffer at (%rsp, IDXR), then the next. */
.macro	L2_GROUP iters
	L2_PAIR	0, \iters
	L2_PAIR	2, \iters
	L2_PAIR	4, \iters
	L2_PAIR	6, \iters
	NEXT_BUF	IDXR
.endm

/*
 * Scalar slot \slot (0..7) of half \h: the L2 of the previous group, cut
 * into pieces that alternate with the vector code.  VMAC-64: half a chain
 * step per slot (block 4h + slot/2); VMAC-128: one whole step per slot
 * (iteration slot % 2, block 4h + slot/2).  Nothing if !\l2.
 */
.macro	L2_SLOT l2, h, slot, iters
	.if	\l2
	.if	\iters == 1
	POLYG	0, ((4*\h+\slot/2)%4), (4*\h+\slot/2), (1+\slot%2)
	.else
	POLYG	(\slot%2), ((4*\h+\slot/2)%4), (4*\h+\slot/2)
	.endif
	.endif
.endm

/*
 * One L2 step with the masked key k (POLY1 of vmac-x86_64.S, operands in
 * the frame): (\ah:\al) = (\ah:\al) * k + C[\it][\r].
 */
.macro	POLY1F it, r, ah, al
	.set	PKH, VMAC_KEY_POLY + 16 * \it
	.set	PKL, PKH + 8
	.set	PCH, FR_CH + 64 * \it + 16 * \r
	.set	PCL, PCH + 8
	movq	\al, %rdx
	mulx	PKL(KEY), %rax, %rbx		/* t0 = al * kl */
	mulx	PKH(KEY), %r10, %r11		/* al * kh */
	movq	\ah, %rdx
	mulx	PKL(KEY), %r8, %r9		/* ah * kl */
	addq	%r10, %r8
	adcq	%r11, %r9			/* t1 = (r9:r8) */
	mulx	PKH(KEY), %r10, %r11		/* t2 = ah * kh */
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
 * NH of the eight blocks at P into the buffer at (%rsp, IDXW), interleaved
 * (if \l2) with the L2 of the group two back, at (%rsp, IDXR); then both
 * indices move to the next buffer.  The interleaving is fine-grained (a dozen
 * vector instructions, then a piece of a chain step) so that in-order
 * dispatch always has both kinds of work to hand out.
 */
.macro	GROUP_HALF h, iters, l2
	TRANSPOSE_PART	\h, 0
	L2_SLOT		\l2, \h, 0, \iters
	TRANSPOSE_PART	\h, 1
	L2_SLOT		\l2, \h, 1, \iters
	TRANSPOSE_PART	\h, 2
	L2_SLOT		\l2, \h, 2, \iters
	TRANSPOSE_PART	\h, 3
	L2_SLOT		\l2, \h, 3, \iters
	NH_PAIRJ	0, \h, \iters
	L2_SLOT		\l2, \h, 4, \iters
	NH_PAIRJ	1, \h, \iters
	L2_SLOT		\l2, \h, 5, \iters
	NH_PAIRJ	2, \h, \iters
	L2_SLOT		\l2, \h, 6, \iters
	NH_PAIRJ	3, \h, \iters
	L2_SLOT		\l2, \h, 7, \iters
.endm

.macro	GROUP iters, l2
	NH_ZERO
	GROUP_HALF	0, \iters, \l2
	GROUP_HALF	1, \iters, \l2
	.if	\iters == 1
	vpaddq		%zmm23, %zmm20, %zmm20		/* set 0 += set 1 */
	vpaddq		%zmm24, %zmm21, %zmm21
	vpaddq		%zmm25, %zmm22, %zmm22
	vpaddq		%zmm29, %zmm26, %zmm26		/* set 2 += set 3 */
	vpaddq		%zmm30, %zmm27, %zmm27
	vpaddq		%zmm31, %zmm28, %zmm28
	NH_STORE	20, 21, 22, 26, 27, 28, FR_NH
	.else
	NH_STORE	20, 21, 22, 23, 24, 25, FR_NH
	NH_STORE	26, 27, 28, 29, 30, 31, FR_NH + 128
	.endif
	addq		$1024, P
	NEXT_BUF	IDXW
	.if	\l2
	NEXT_BUF	IDXR
	.endif
.endm

/* \r = (\r + FR_NHBUF) mod (3 * FR_NHBUF); uses rax and rdx. */
.macro	NEXT_BUF r
	leaq		FR_NHBUF(\r), %rax
	xorl		%edx, %edx
	cmpq		$3 * FR_NHBUF, %rax
	cmovaeq		%rdx, %rax
	movq		%rax, \r
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
	.set	IDXR, %rcx
	.set	IDXW, %r12
	.set	KEY, %r13
	.set	AH0, %r12		/* after the loop, IDXW is dead */
	.set	AL0, %r14
	.set	AH1, %r15
	.set	AL1, %rbx

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
	movq	%rcx, KEY
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
	xorl	%ecx, %ecx		/* IDXR */
	xorl	%r12d, %r12d		/* IDXW */

	/* Software pipeline: NH of group g runs beside the L2 of group g-2. */
	GROUP	\iters, 0
	cmpq	FR_END(%rsp), P
	jae	.Llast1_\iters
	GROUP	\iters, 0
.Lloop_\iters:
	cmpq	FR_END(%rsp), P
	jae	.Llast2_\iters
	GROUP	\iters, 1
	jmp	.Lloop_\iters
.Llast2_\iters:
	L2_GROUP	\iters
.Llast1_\iters:
	L2_GROUP	\iters
	L2_COMBINE	0, AH0, AL0
	.if	\iters == 2
	L2_COMBINE	1, AH1, AL1
	.endif

	/* Do not leave NH values or key words behind on the stack. */
	vpxorq		%zmm0, %zmm0, %zmm0
	.irp	off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 832, 896
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

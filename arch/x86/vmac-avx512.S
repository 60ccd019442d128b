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
 * Eight pairs add less than 2^57 to any accumulator: no overflow.  IFMA has
 * a latency of four cycles, so consecutive pairs use different accumulator
 * sets (four for VMAC-64, two per iteration for VMAC-128), summed at the
 * end.  The NH value is then ACC0 + ACC52 2^52 + ACC104 2^104 mod 2^126:
 *	lo = ACC0 + (ACC52 << 52)		carry c
 *	hi = (ACC52 >> 12) + (ACC104 << 40) + c	mod 2^62
 *
 * L2.  Block pairs go through the two-step Horner form of vmac_core.c,
 * acc = acc * k^2 + m1 * k + m2 mod 2^127 - 1 (POLY2, see vmac-x86_64.S),
 * in general-purpose registers, reading the NH values from the stack.
 * The L2 of group g - 2 is cut into pieces that alternate with the vector
 * NH of group g, so both the vector and the integer units stay busy and
 * the L2's 8-byte loads never wait for the NH's 64-byte stores.  (Four
 * independent chains in k^4 were tried to shorten the serial chain; the
 * extra loads, stores and final combination made them slower.)  The L2
 * that nothing overlaps (the last one or two groups of a call) runs four
 * blocks per step with k^2..k^4 (POLY4).
 *
 * One group alone (a 1 KiB VMAC-64 message) has nothing to hide its L2
 * behind, and the MULX NH leaves the vector units idle, so
 * vmac_blocks64_hyb_avx512() splits a group: four blocks through IFMA
 * (lanes = block and half-block), four through MULX, in alternating
 * pieces; about 5% fewer cycles than the MULX code on eight blocks and
 * 20% fewer than this eight-lane code on one group (Intel Xeon family 6
 * model 207).  The same split for VMAC-128 (both iterations of four
 * blocks through MULX) and four four-block IFMA passes with the L2
 * between them were both slower there than the eight-lane code.
 */
#include <linux/linkage.h>
/* struct vmac_key offsets; NH_HALF, NH_BLOCK1, MULACC_Z, FOLD127, POLY4_FINISH */
#include "vmac-scalar.S.inc"

/*
 * Stack frame (64-byte aligned), addressed from %rsp:
 *   FR_NH:   NH results, three buffers of [iter][hi, lo][8 blocks] words,
 *	      used in rotation: the L2 reads group g - 2 from buffer IDXR
 *	      while the NH of group g goes to the buffer two after it.  The
 *	      distance of two groups keeps the L2's 8-byte loads away from
 *	      the 64-byte stores that wrote them (no store forwarding).
 *   FR_END:  end pointer of the input
 *   FR_KEYS, FR_NHK, FR_KEYS4: the key words the code needs, copied so
 *	      that no register has to hold the key pointer
 */
#define FR_NH		0
#define FR_NHBUF	256		/* bytes per buffer: 2 iters x 2 x 8 x 8 */
#define FR_END		768
#define FR_KEYS		776		/* per iteration: kh, kl, K2h, K2l */
#define FR_NHK		840		/* the 18 NH key words */
#define FR_KEYS4	984		/* per iteration: K3h, K3l, K4h, K4l */
#define FR_SIZE		1088		/* >= FR_KEYS4 + 64, multiple of 64 */

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
	vpaddq		FR_NHK + \koff + 8 * \kw + 64 * \h(%rsp){1to8}, %zmm\we, %zmm16
	vpaddq		FR_NHK + \koff + 8 * \kw + 64 * \h + 8(%rsp){1to8}, %zmm\wo, %zmm17
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
 * lane as 8 high words then 8 low words at \dst(%rsp, %rax).  Uses zmm0..5.
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
	vmovdqa64	%zmm2, \dst(%rsp, %rax)
	vmovdqa64	%zmm1, \dst + 64(%rsp, %rax)
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
 * Two L2 steps at once for iteration \it on NH values \b, \b + 1 of the
 * buffer at (%rsp, IDXR): (\ah:\al) = acc * k^2 + m1 * k + m2 mod
 * 2^127 - 1 (POLY2 of vmac-x86_64.S).  Keys at FR_KEYS + 32 * \it (kh, kl,
 * K2h, K2l).  Scratch: rax, rbx, rdx, rdi, r8..r11.  \part selects a
 * quarter (1..4) so that the pieces can alternate with vector code; 0 is
 * all of it.
 */
.macro	POLY2 it, b, ah, al, part=0
	.set	PM1H, FR_NH + 128 * \it + 8 * \b
	.set	PM1L, PM1H + 64
	.set	PM2H, PM1H + 8
	.set	PM2L, PM1L + 8
	.set	PKH, FR_KEYS + 32 * \it
	.set	PKL, PKH + 8
	.set	PK2H, PKH + 16
	.set	PK2L, PKH + 24
	.if	\part == 0 || \part == 1
	/* message part: m1 * k + m2 into (r11:r10:rbx:rax) = z3..z0 */
	movq	PM1L(%rsp, IDXR), %rdx
	mulx	PKL(%rsp), %rax, %rbx		/* m1l * kl: z0, z1 */
	mulx	PKH(%rsp), %r8, %r10		/* m1l * kh: z1, z2 */
	movq	PM1H(%rsp, IDXR), %rdx
	mulx	PKH(%rsp), %r9, %r11		/* m1h * kh: z2, z3 */
	mulx	PKL(%rsp), %rdx, %rdi		/* m1h * kl: z1, z2 */
	addq	%r8, %rbx
	adcq	%rdi, %r10
	adcq	$0, %r11
	addq	%rdx, %rbx
	adcq	%r9, %r10
	adcq	$0, %r11
	.endif
	.if	\part == 0 || \part == 2
	addq	PM2L(%rsp, IDXR), %rax		/* + m2 */
	adcq	PM2H(%rsp, IDXR), %rbx
	adcq	$0, %r10
	adcq	$0, %r11
	/* + acc * k^2 */
	movq	\al, %rdx
	mulx	PK2L(%rsp), %r8, %r9		/* al * K2l: z0, z1 */
	mulx	PK2H(%rsp), %rdi, %rdx		/* al * K2h: z1, z2 */
	addq	%r8, %rax
	adcq	%r9, %rbx
	adcq	%rdx, %r10
	adcq	$0, %r11
	addq	%rdi, %rbx
	adcq	$0, %r10
	adcq	$0, %r11
	.endif
	.if	\part == 0 || \part == 3
	movq	\ah, %rdx
	mulx	PK2L(%rsp), %r8, %r9		/* ah * K2l: z1, z2 */
	mulx	PK2H(%rsp), %rdi, %rdx		/* ah * K2h: z2, z3 */
	addq	%r8, %rbx
	adcq	%r9, %r10
	adcq	%rdx, %r11
	addq	%rdi, %r10
	adcq	$0, %r11
	.endif
	.if	\part == 0 || \part == 4
	FOLD127	%rax, %rbx, %r10, %r11, \ah, \al, 0
	.endif
.endm

/*
 * (\z3:\z2:\z1:\z0) (+)= m * K for the NH value m at \mh, \ml (< 2^126)
 * and a fully reduced key power K at \kh, \kl: the four 64x64 products
 * ml Kl, ml Kh, mh Kl, mh Kh added at word offsets 0, 1, 1, 2.  \set: the
 * first product sets the sum instead of adding to it.  Scratch: rdx, rdi,
 * rsi, r8, r9.
 */
.macro	MULACC mh, ml, kh, kl, set, z0=%rax, z1=%rbx, z2=%r10, z3=%r11
	movq	\ml, %rdx
	.if	\set
	mulx	\kl, \z0, \z1			/* ml * Kl: z0, z1 */
	mulx	\kh, %rdi, \z2			/* ml * Kh: z1, z2 */
	xorl	%r11d, %r11d
	addq	%rdi, \z1
	adcq	$0, \z2
	.else
	mulx	\kl, %r8, %r9			/* ml * Kl: z0, z1 */
	mulx	\kh, %rdi, %rsi		/* ml * Kh: z1, z2 */
	addq	%r8, \z0
	adcq	%r9, \z1
	adcq	%rsi, \z2
	adcq	$0, \z3
	addq	%rdi, \z1
	adcq	$0, \z2
	adcq	$0, \z3
	.endif
	movq	\mh, %rdx
	mulx	\kl, %r8, %r9			/* mh * Kl: z1, z2 */
	mulx	\kh, %rdi, %rsi		/* mh * Kh: z2, z3 */
	addq	%r8, \z1
	adcq	%r9, \z2
	adcq	%rsi, \z3
	addq	%rdi, \z2
	adcq	$0, \z3
.endm

/*
 * Four L2 steps at once for iteration \it on NH values \b .. \b + 3 of
 * the buffer at (%rsp, IDXR):
 *	acc = acc * k^4 + m1 * k^3 + m2 * k^2 + m3 * k + m4  mod 2^127 - 1
 * with k^2..k^4 fully reduced (< 2^127), k the masked key (< 2^125),
 * m < 2^126 and acc <= 2^127 + 4.  As in POLY2 only acc * k^4 is on the
 * serial chain: the message part is summed first.  The sum is below
 * 2^254 + 2^130 + 2 * 2^253 + 2^251 + 2^126 < 2^256, so four words hold
 * it, but z3 may reach 2^63: the doubling in the reduction keeps its
 * carry.  Used for the L2 that nothing overlaps (the last one or two
 * groups of a call), where the chain latency is paid in full: two chain
 * steps per group instead of four.
 */
.macro	POLY4 it, b, ah, al
	.set	QM, FR_NH + 128 * \it + 8 * \b
	.set	QK, FR_KEYS + 32 * \it
	.set	QK4, FR_KEYS4 + 32 * \it
	MULACC	"QM(%rsp, IDXR)", "QM + 64(%rsp, IDXR)", QK4(%rsp), QK4 + 8(%rsp), 1
	MULACC	"QM + 8(%rsp, IDXR)", "QM + 72(%rsp, IDXR)", QK + 16(%rsp), QK + 24(%rsp), 0
	MULACC	"QM + 16(%rsp, IDXR)", "QM + 80(%rsp, IDXR)", QK(%rsp), QK + 8(%rsp), 0
	addq	QM + 88(%rsp, IDXR), %rax		/* + m4 */
	adcq	QM + 24(%rsp, IDXR), %rbx
	adcq	$0, %r10
	adcq	$0, %r11
	MULACC	\ah, \al, QK4 + 16(%rsp), QK4 + 24(%rsp), 0	/* + acc * k^4 */
	FOLD127	%rax, %rbx, %r10, %r11, \ah, \al, 1
.endm

/* L2 over the eight NH values of the buffer at (%rsp, IDXR). */
.macro	L2_GROUP iters
	.irp	b, 0, 4
	POLY4	0, \b, AH0, AL0
	.if	\iters == 2
	POLY4	1, \b, AH1, AL1
	.endif
	.endr
.endm

/*
 * Scalar slot \slot (0..7) of half \h: a piece of the L2 of the group two
 * back, alternating with the vector code.  VMAC-64: a quarter of a double
 * step per slot (blocks 4h + 2 (slot / 4) and one more); VMAC-128: half a
 * double step per slot, iterations alternating.  Nothing if !\l2.
 */
.macro	L2_SLOT l2, h, slot, iters
	.if	\l2
	.if	\iters == 1
	POLY2	0, (4*\h+2*(\slot/4)), AH0, AL0, (1+\slot%4)
	.else
	.if	(\slot/2)%2 == 0
	POLY2	0, (4*\h+2*(\slot/4)), AH0, AL0, (1+2*(\slot%2))
	POLY2	0, (4*\h+2*(\slot/4)), AH0, AL0, (2+2*(\slot%2))
	.else
	POLY2	1, (4*\h+2*(\slot/4)), AH1, AL1, (1+2*(\slot%2))
	POLY2	1, (4*\h+2*(\slot/4)), AH1, AL1, (2+2*(\slot%2))
	.endif
	.endif
	.endif
.endm

/*
 * NH of the eight blocks at P into the buffer two after IDXR's, interleaved
 * (if \l2) with the L2 of the group two back, at (%rsp, IDXR); then IDXR
 * moves to the next buffer.  The interleaving is fine-grained (a dozen
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
	.endif
	/* this group's buffer: the one after the L2's, i.e. IDXR + 2 buffers */
	leaq		2 * FR_NHBUF(IDXR), %rax
	leaq		-FR_NHBUF(IDXR), %rdx
	cmpq		$3 * FR_NHBUF, %rax
	cmovaeq		%rdx, %rax
	.if	\iters == 1
	NH_STORE	20, 21, 22, 26, 27, 28, FR_NH
	.else
	NH_STORE	20, 21, 22, 23, 24, 25, FR_NH
	NH_STORE	26, 27, 28, 29, 30, 31, FR_NH + 128
	.endif
	addq		$1024, P
	NEXT_BUF	IDXR
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
	movq	VMAC_KEY_POLY2 + 16 * \it(%rcx), %rax
	movq	%rax, FR_KEYS + 32 * \it + 16(%rsp)
	movq	VMAC_KEY_POLY2 + 16 * \it + 8(%rcx), %rax
	movq	%rax, FR_KEYS + 32 * \it + 24(%rsp)
	movq	VMAC_KEY_POLY3 + 16 * \it(%rcx), %rax
	movq	%rax, FR_KEYS4 + 32 * \it(%rsp)
	movq	VMAC_KEY_POLY3 + 16 * \it + 8(%rcx), %rax
	movq	%rax, FR_KEYS4 + 32 * \it + 8(%rsp)
	movq	VMAC_KEY_POLY4 + 16 * \it(%rcx), %rax
	movq	%rax, FR_KEYS4 + 32 * \it + 16(%rsp)
	movq	VMAC_KEY_POLY4 + 16 * \it + 8(%rcx), %rax
	movq	%rax, FR_KEYS4 + 32 * \it + 24(%rsp)
	.endr
	movq	(%rdi), AH0
	movq	8(%rdi), AL0
	.if	\iters == 2
	movq	16(%rdi), AH1
	movq	24(%rdi), AL1
	.endif
	movl	$FR_NHBUF, %ecx		/* IDXR: group 0 then writes buffer 0 */

	/* Software pipeline: NH of group g runs beside the L2 of group g-2. */
	GROUP	\iters, 0
	cmpq	FR_END(%rsp), P
	jae	.Lone_\iters
	GROUP	\iters, 0
.Lloop_\iters:
	cmpq	FR_END(%rsp), P
	jae	.Ltwo_\iters
	GROUP	\iters, 1
	jmp	.Lloop_\iters
.Lone_\iters:
	NEXT_BUF	IDXR
	jmp	.Llast_\iters
.Ltwo_\iters:
	L2_GROUP	\iters
	NEXT_BUF	IDXR
.Llast_\iters:
	L2_GROUP	\iters

	/* Do not leave NH values or key words behind on the stack. */
	vpxorq		%zmm0, %zmm0, %zmm0
	.irp	off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024
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

/* ------------------------------------------------------------------------ */
/* VMAC-64, one group: vector and scalar NH side by side                    */
/* ------------------------------------------------------------------------ */


/*
 * void vmac_blocks64_hyb_avx512(u64 poly[2], const u8 *p,
 *				 const struct vmac_key *key)
 *
 * NH + L2 of exactly eight blocks (VMAC-64).  A lone group is too little
 * work for the eight-lane code (its L2 cannot overlap anything) and the
 * scalar NH keeps only the integer ports busy, so the work is split:
 * blocks 4..7 go through IFMA with lane b + 4h holding half h of block
 * 4 + b (one 8x8 transpose of the eight 64-byte half-blocks, the key
 * added before it; the two halves' lanes are summed at the end), while
 * blocks 0..3 run through the MULX NH; then two POLY4 steps.
 */
SYM_FUNC_START(vmac_blocks64_hyb_avx512)
	.set	P, %rsi
	.set	AH, %r14
	.set	AL, %r15
	.set	Z0, %r10
	.set	Z1, %r11
	.set	Z2, %r12
	.set	Z3, %r13

	push	%rbp
	movq	%rsp, %rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	andq	$-64, %rsp
	subq	$128, %rsp
	movq	(%rdi), AH
	movq	8(%rdi), AL
	movq	%rdx, %rcx
	.set	KEY, %rcx

	/*
	 * The vector half (blocks 4..7) and the scalar half (blocks 0..3,
	 * one POLY4 step) in alternating pieces, so that in-order allocation
	 * always has both kinds of work to hand out.
	 */
	/* rows (block 4 + L % 4, half L / 4) + key half into zmmL */
	vmovdqu64	128 * (4 + 0 % 4) + 64 * (0 / 4)(P), %zmm0
	vpaddq		VMAC_KEY_NH + 64 * (0 / 4)(KEY), %zmm0, %zmm0
	vmovdqu64	128 * (4 + 1 % 4) + 64 * (1 / 4)(P), %zmm1
	vpaddq		VMAC_KEY_NH + 64 * (1 / 4)(KEY), %zmm1, %zmm1
	vmovdqu64	128 * (4 + 2 % 4) + 64 * (2 / 4)(P), %zmm2
	vpaddq		VMAC_KEY_NH + 64 * (2 / 4)(KEY), %zmm2, %zmm2
	vmovdqu64	128 * (4 + 3 % 4) + 64 * (3 / 4)(P), %zmm3
	vpaddq		VMAC_KEY_NH + 64 * (3 / 4)(KEY), %zmm3, %zmm3
	vmovdqu64	128 * (4 + 4 % 4) + 64 * (4 / 4)(P), %zmm4
	vpaddq		VMAC_KEY_NH + 64 * (4 / 4)(KEY), %zmm4, %zmm4
	vmovdqu64	128 * (4 + 5 % 4) + 64 * (5 / 4)(P), %zmm5
	vpaddq		VMAC_KEY_NH + 64 * (5 / 4)(KEY), %zmm5, %zmm5
	vmovdqu64	128 * (4 + 6 % 4) + 64 * (6 / 4)(P), %zmm6
	vpaddq		VMAC_KEY_NH + 64 * (6 / 4)(KEY), %zmm6, %zmm6
	vmovdqu64	128 * (4 + 7 % 4) + 64 * (7 / 4)(P), %zmm7
	vpaddq		VMAC_KEY_NH + 64 * (7 / 4)(KEY), %zmm7, %zmm7
	NH_HALF		0, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 0
	TRANSPOSE_PART	0, 1
	NH_HALF		0, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 4
	MULACC_Z	%rbx, %rax, VMAC_KEY_POLY3(KEY), VMAC_KEY_POLY3 + 8(KEY), 1, %r8, %r9, %rdi, %rax
	TRANSPOSE_PART	0, 2
	NH_HALF		128, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 0
	TRANSPOSE_PART	0, 3
	vpxorq		%zmm20, %zmm20, %zmm20
	vpxorq		%zmm21, %zmm21, %zmm21
	vpxorq		%zmm22, %zmm22, %zmm22
	vpxorq		%zmm23, %zmm23, %zmm23
	vpxorq		%zmm24, %zmm24, %zmm24
	vpxorq		%zmm25, %zmm25, %zmm25
	vpxorq		%zmm26, %zmm26, %zmm26
	vpxorq		%zmm27, %zmm27, %zmm27
	vpxorq		%zmm28, %zmm28, %zmm28
	vpxorq		%zmm29, %zmm29, %zmm29
	vpxorq		%zmm30, %zmm30, %zmm30
	vpxorq		%zmm31, %zmm31, %zmm31
	NH_HALF		128, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 4
	MULACC_Z	%rbx, %rax, VMAC_KEY_POLY2(KEY), VMAC_KEY_POLY2 + 8(KEY), 0, %r8, %r9, %rdi, %rax
	/* pair 0: words in zmm8, zmm9, bits 52.. in zmm0, zmm1; set 0 */
	vpsrlq		$52, %zmm8, %zmm0
	vpsrlq		$52, %zmm9, %zmm1
	vpmadd52luq	%zmm9, %zmm8, %zmm20
	vpmadd52huq	%zmm9, %zmm8, %zmm21
	vpmadd52huq	%zmm1, %zmm8, %zmm22
	vpmadd52luq	%zmm1, %zmm8, %zmm21
	vpmadd52huq	%zmm9, %zmm0, %zmm22
	vpmadd52luq	%zmm9, %zmm0, %zmm21
	vpmadd52luq	%zmm1, %zmm0, %zmm22
	NH_HALF		256, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 0
	/* pair 1: words in zmm10, zmm11, bits 52.. in zmm2, zmm3; set 1 */
	vpsrlq		$52, %zmm10, %zmm2
	vpsrlq		$52, %zmm11, %zmm3
	vpmadd52luq	%zmm11, %zmm10, %zmm23
	vpmadd52huq	%zmm11, %zmm10, %zmm24
	vpmadd52huq	%zmm3, %zmm10, %zmm25
	vpmadd52luq	%zmm3, %zmm10, %zmm24
	vpmadd52huq	%zmm11, %zmm2, %zmm25
	vpmadd52luq	%zmm11, %zmm2, %zmm24
	vpmadd52luq	%zmm3, %zmm2, %zmm25
	NH_HALF		256, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 4
	MULACC_Z	%rbx, %rax, VMAC_KEY_POLY(KEY), VMAC_KEY_POLY + 8(KEY), 0, %r8, %r9, %rdi, %rax
	/* pair 2: words in zmm12, zmm13, bits 52.. in zmm4, zmm5; set 2 */
	vpsrlq		$52, %zmm12, %zmm4
	vpsrlq		$52, %zmm13, %zmm5
	vpmadd52luq	%zmm13, %zmm12, %zmm26
	vpmadd52huq	%zmm13, %zmm12, %zmm27
	vpmadd52huq	%zmm5, %zmm12, %zmm28
	vpmadd52luq	%zmm5, %zmm12, %zmm27
	vpmadd52huq	%zmm13, %zmm4, %zmm28
	vpmadd52luq	%zmm13, %zmm4, %zmm27
	vpmadd52luq	%zmm5, %zmm4, %zmm28
	NH_HALF		384, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 0
	/* pair 3: words in zmm14, zmm15, bits 52.. in zmm6, zmm7; set 3 */
	vpsrlq		$52, %zmm14, %zmm6
	vpsrlq		$52, %zmm15, %zmm7
	vpmadd52luq	%zmm15, %zmm14, %zmm29
	vpmadd52huq	%zmm15, %zmm14, %zmm30
	vpmadd52huq	%zmm7, %zmm14, %zmm31
	vpmadd52luq	%zmm7, %zmm14, %zmm30
	vpmadd52huq	%zmm15, %zmm6, %zmm31
	vpmadd52luq	%zmm15, %zmm6, %zmm30
	vpmadd52luq	%zmm7, %zmm6, %zmm31
	NH_HALF		384, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9, 4
	addq	%rax, Z0				/* + m4 */
	adcq	%rbx, Z1
	adcq	$0, Z2
	adcq	$0, Z3
	/* sets 0..3 summed; then lanes L and L + 4 (the two halves of a block) */
	vpaddq		%zmm23, %zmm20, %zmm20
	vpaddq		%zmm29, %zmm26, %zmm26
	vpaddq		%zmm26, %zmm20, %zmm20
	vshufi64x2	$0x4e, %zmm20, %zmm20, %zmm16
	vpaddq		%zmm16, %zmm20, %zmm20
	vpaddq		%zmm24, %zmm21, %zmm21
	vpaddq		%zmm30, %zmm27, %zmm27
	vpaddq		%zmm27, %zmm21, %zmm21
	vshufi64x2	$0x4e, %zmm21, %zmm21, %zmm17
	vpaddq		%zmm17, %zmm21, %zmm21
	vpaddq		%zmm25, %zmm22, %zmm22
	vpaddq		%zmm31, %zmm28, %zmm28
	vpaddq		%zmm28, %zmm22, %zmm22
	vshufi64x2	$0x4e, %zmm22, %zmm22, %zmm18
	vpaddq		%zmm18, %zmm22, %zmm22
	POLY4_FINISH
	/* NH value of each lane mod 2^126, as NH_STORE: hi at 0, lo at 64 */
	vpternlogq	$0xff, %zmm5, %zmm5, %zmm5
	vpsllq		$52, %zmm21, %zmm0
	vpaddq		%zmm0, %zmm20, %zmm1
	vpcmpuq		$1, %zmm20, %zmm1, %k1
	vpsrlq		$12, %zmm21, %zmm2
	vpsllq		$40, %zmm22, %zmm3
	vpaddq		%zmm3, %zmm2, %zmm2
	vpsubq		%zmm5, %zmm2, %zmm2{%k1}
	vpsllq		$2, %zmm2, %zmm2
	vpsrlq		$2, %zmm2, %zmm2
	vmovdqa64	%zmm2, 0(%rsp)
	vmovdqa64	%zmm1, 64(%rsp)

	/* Blocks 4..7 from the vector half: lane i = block 4 + i. */
	MULACC_Z	0(%rsp), 64(%rsp), VMAC_KEY_POLY3(KEY), VMAC_KEY_POLY3 + 8(KEY), 1, %r8, %r9, %rdi, %rax
	MULACC_Z	8(%rsp), 72(%rsp), VMAC_KEY_POLY2(KEY), VMAC_KEY_POLY2 + 8(KEY), 0, %r8, %r9, %rdi, %rax
	MULACC_Z	16(%rsp), 80(%rsp), VMAC_KEY_POLY(KEY), VMAC_KEY_POLY + 8(KEY), 0, %r8, %r9, %rdi, %rax
	addq	88(%rsp), Z0
	adcq	24(%rsp), Z1
	adcq	$0, Z2
	adcq	$0, Z3
	POLY4_FINISH

	/* Do not leave NH values behind on the stack. */
	vpxorq		%zmm0, %zmm0, %zmm0
	vmovdqa64	%zmm0, 0(%rsp)
	vmovdqa64	%zmm0, 64(%rsp)
	vzeroupper

	leaq	-48(%rbp), %rsp
	pop	%rdi
	movq	AH, (%rdi)
	movq	AL, 8(%rdi)
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	RET
SYM_FUNC_END(vmac_blocks64_hyb_avx512)

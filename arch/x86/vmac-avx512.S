/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01) NH and L2 with AVX-512 IFMA, eight blocks
 * at a time, the L2 sixteen blocks per step; only acc * k^16 (or k^8)
 * and one reduction per step run in general-purpose registers (MULX).
 * Runs of two to seven blocks (short messages, the rest of a long one)
 * are one step of their own (vmac_blocks64_avx512_short,
 * vmac_blocks128_avx512_short at the end of the file).
 *
 * CPU-feature contract: AVX512F, AVX512IFMA, AVX2 (256-bit adds and
 * stores), BMI2; the caller holds a kernel FPU section.  Ends with
 * VZEROUPPER.  Stack: one frame of 1024 bytes plus alignment.
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
 * sets, summed at the end.
 *
 * Layout: lane b belongs to block b of the group when the L2 starts.
 * VMAC-128 transposes the eight blocks (8x8 qword transposes of each
 * half: unpack, then two rounds of 128-bit lane shuffles) so that register
 * T[w] holds word w of blocks 0..7, and adds each iteration's key word by
 * broadcast; two accumulator sets per iteration.  VMAC-64 has one key for
 * all blocks and skips the transpose: the half-rows of two blocks are
 * interleaved by one unpack pair, the key arranged likewise, one
 * accumulator set per block pair; two rounds of lane shuffles at the end
 * sort the sums into block order (34 shuffles and 9 adds per group instead
 * of 48 and 9).  For VMAC-128 that layout
 * would need 24 accumulators and the final sort twice (70 operations
 * against 54), so it keeps the transpose.  The second row of each unpack
 * comes straight from memory (a load folded into both unpacks).
 *
 * L2, sixteen steps at once (a pair of groups):
 *	acc = acc * k^16 + sum_b m_b k^(15 - b)	mod p = 2^127 - 1
 * The sum is computed in the vector unit, one lane per block (L2_VEC):
 * the NH value m_b = ACC0 + ACC52 2^52 + ACC104 2^104 mod 2^126 becomes
 * limbs n0, n1, n2 of 52, 52 and 22 bits (carries propagated; n0 and n1
 * are not masked, as IFMA reads only their low 52 bits), and limb n_s is
 * multiplied by k^(e - b) 2^(52 s) mod p from the key, e = 15 for the
 * first group of a pair and 7 for the second (setkey computes the powers;
 * times 2^(52 s) is a 127-bit rotation), so all seventeen products land in
 * four columns of weights 2^0 .. 2^156 and the small top column folds
 * into column 0 (2^156 = 2^29 mod p).  The first group of a pair leaves
 * its six column accumulators on the stack (VMAC-64: in registers) and
 * the second starts from them, so the column adds and the fold run once
 * per pair.  The 256-bit
 * halves of each column are then added and stored as four partial sums;
 * the scalar end (L2_SCALAR) adds them, forms s0 + s1 2^52 + s2 2^104,
 * adds acc * k^16 (four MULX, independent of the message) and folds once.
 * Per pair and iteration that is 4 MULX instead of the 64 of a scalar L2,
 * and the serial chain is one multiply-and-fold per sixteen blocks.  The
 * scalar end of a pair runs between the two groups of the next pair (its
 * loads find the stores done, and it never holds up the vector work); an
 * odd first group is a step of its own (k^8, an expansion that starts
 * from zero columns), and the last step's scalar end (L2_SCALAR_LAST) is
 * written for latency: acc * k^N is folded first, off the critical path,
 * or skipped when every accumulator is 1 (a message of one step, 1 KiB,
 * or one pair, 2 KiB; decided from public facts, see GROUP_SCALAR).
 *
 * The vector pipes' uops (IFMA, the shuffles, the adds) are the limit at
 * 16 KiB; at 1 KiB the dependency chain from the last NH products through
 * the scalar end and L3 to the tag counts as much.  Hence the key powers
 * in registers (as IFMA memory operands they are seventeen loads, some
 * split across cache lines), columns 3 and 4 folded by pre-multiplied key
 * powers (not by ten more vector operations per iteration), four partial
 * sums per column for the scalar end (not three more shuffle rounds to
 * one value), 32-byte stores of the sums (see L2_STORE_IT), and the
 * acc = 1 shortcut only in the last scalar end, the one written for
 * latency.  Across the 4 KiB FPU sections a call leaves its
 * last step to the next one, where it runs beside that call's first NH:
 * VMAC-64 (pipelined stages) its last vector L2 and scalar end
 * (CARRY_STORE), VMAC-128 its last scalar end (CARRY_STORE_SUMS).
 */
#include <linux/linkage.h>
/* struct vmac_key offsets, FOLD127 */
#include "vmac-scalar.S.inc"

/*
 * Stack frame (64-byte aligned), addressed from %rsp:
 *   FR_SUM:  the partial column sums of the vector L2 (32 bytes per
 *	      column) for the scalar end, which reads them before the next
 *	      pair's second group writes them again
 *   FR_COL:  the six column accumulators of a pair's first group
 *	      (VMAC-128; VMAC-64's stay in registers)
 *   (both wiped at the end: the only values that leave the registers)
 *   FR_P:    the input pointer while the scalar end uses %rsi
 *   FR_END:  end pointer of the input
 *   FR_KPOW: the key power (k^8 or k^16) of the pending scalar end, or 0
 *   FR_KEY:  KEY while the scalar end uses %rcx
 *   FR_NG:   ngroups (1: no pair, FR_COL unused)
 *   FR_FLAGS: the caller's flags (VMAC_BLOCKS_*; VMAC-128: first only)
 *   FR_CARRY: the caller's carry (VMAC-64)
 */
#define FR_SUM		0		/* 2 iters x 3 columns x 32 bytes */
#define FR_COL		192		/* 2 iters x 6 accumulators x 64 bytes */
#define FR_P		960
#define FR_END		968
#define FR_KPOW		976
#define FR_CARRY	984
#define FR_KEY		992
#define FR_NG		1000
#define FR_FLAGS	1008
#define FR_SIZE		1024

/*
 * COL (where a pair's first group leaves its columns for the second) when
 * they stay in the column registers instead of the frame (STAGE64)
 */
#define COL_IN_REGS	-1

	.section	.rodata.cst8.vmac_avx512, "aM", @progbits, 8
	.balign		8
.Lmask22:
	.quad		0x00000000003fffff
	.text

/* ------------------------------------------------------------------------ */

/*
 * VMAC-128's transpose of half \h (words 8h..8h+7) of the eight blocks
 * at \ptr, in place in a bank of eight registers zmm\r0..zmm\r7 (half
 * 0's BANK_HALF0, half 1's BANK_HALF1) with zmm18 as the ninth, in four
 * parts (load, unpack, two rounds of lane shuffles) that the pairs of the
 * other bank's half go between.  In the shuffle rounds each pair of
 * outputs takes the free register and the register of one of its two
 * sources, which frees the other: the words end up permuted, T[w] = word
 * 8h + w of blocks 0..7 in zmm\r(k), k = 1, 7, 2, 0, 3, 6, 4, 5 for w =
 * 0..7 (NH_PAIRJ), and zmm18 is free again after part 3.
 */
#define BANK_HALF0	8, 9, 10, 11, 12, 13, 14, 15
#define BANK_HALF1	0, 1, 2, 3, 4, 5, 6, 7

.macro	TRANSPOSE_PART ptr, h, part, r0, r1, r2, r3, r4, r5, r6, r7
	.if	\part == 0
	vmovdqu64	64 * \h(\ptr), %zmm\r0
	vmovdqu64	128 * 2 + 64 * \h(\ptr), %zmm\r2
	vmovdqu64	128 * 4 + 64 * \h(\ptr), %zmm\r4
	vmovdqu64	128 * 6 + 64 * \h(\ptr), %zmm\r6
	.elseif	\part == 1
	/*
	 * t[2i] = low qwords of z[2i], z[2i+1] interleaved, t[2i+1] = high;
	 * z[2i+1] straight from memory; t[k] in r(k)
	 */
	vpunpckhqdq	128 * 1 + 64 * \h(\ptr), %zmm\r0, %zmm\r1
	vpunpcklqdq	128 * 1 + 64 * \h(\ptr), %zmm\r0, %zmm\r0
	vpunpckhqdq	128 * 3 + 64 * \h(\ptr), %zmm\r2, %zmm\r3
	vpunpcklqdq	128 * 3 + 64 * \h(\ptr), %zmm\r2, %zmm\r2
	vpunpckhqdq	128 * 5 + 64 * \h(\ptr), %zmm\r4, %zmm\r5
	vpunpcklqdq	128 * 5 + 64 * \h(\ptr), %zmm\r4, %zmm\r4
	vpunpckhqdq	128 * 7 + 64 * \h(\ptr), %zmm\r6, %zmm\r7
	vpunpcklqdq	128 * 7 + 64 * \h(\ptr), %zmm\r6, %zmm\r6
	.elseif	\part == 2
	/* u[4i+j], u[4i+2+j] = 128-bit lanes {0,2}, {1,3} of t[4i+j], t[4i+2+j] */
	vshufi64x2	$0x88, %zmm\r2, %zmm\r0, %zmm18		/* u0 */
	vshufi64x2	$0xdd, %zmm\r2, %zmm\r0, %zmm\r0	/* u2 */
	vshufi64x2	$0x88, %zmm\r3, %zmm\r1, %zmm\r2	/* u1 */
	vshufi64x2	$0xdd, %zmm\r3, %zmm\r1, %zmm\r1	/* u3 */
	vshufi64x2	$0x88, %zmm\r6, %zmm\r4, %zmm\r3	/* u4 */
	vshufi64x2	$0xdd, %zmm\r6, %zmm\r4, %zmm\r4	/* u6 */
	vshufi64x2	$0x88, %zmm\r7, %zmm\r5, %zmm\r6	/* u5 */
	vshufi64x2	$0xdd, %zmm\r7, %zmm\r5, %zmm\r5	/* u7 */
	.else
	/* T[j], T[4+j] = lanes {0,2}, {1,3} of u[j], u[4+j] */
	vshufi64x2	$0x88, %zmm\r6, %zmm\r2, %zmm\r7	/* T1 */
	vshufi64x2	$0xdd, %zmm\r6, %zmm\r2, %zmm\r6	/* T5 */
	vshufi64x2	$0x88, %zmm\r4, %zmm\r0, %zmm\r2	/* T2 */
	vshufi64x2	$0xdd, %zmm\r4, %zmm\r0, %zmm\r4	/* T6 */
	vshufi64x2	$0x88, %zmm\r5, %zmm\r1, %zmm\r0	/* T3 */
	vshufi64x2	$0xdd, %zmm\r5, %zmm\r1, %zmm\r5	/* T7 */
	vshufi64x2	$0x88, %zmm\r3, %zmm18, %zmm\r1		/* T0 */
	vshufi64x2	$0xdd, %zmm\r3, %zmm18, %zmm\r3		/* T4 */
	.endif
.endm

/*
 * One NH product per lane, a = zmm16, b = zmm17 (64-bit sums m + k),
 * added to the accumulators of weight 1, 2^52, 2^104 (see the top of the
 * file: a = a0 + a1 2^52, seven IFMAs).  a1 replaces a in zmm16 once the
 * products with a0 are issued, so the only other scratch is zmm19 (b1):
 * VMAC-128's groups keep zmm18 for the next transpose.
 */
.macro	NH_IFMA a0, a52, a104
	vpsrlq		$52, %zmm17, %zmm19				/* b1 */
	vpmadd52luq	%zmm17, %zmm16, %zmm\a0
	vpmadd52huq	%zmm17, %zmm16, %zmm\a52
	vpmadd52huq	%zmm19, %zmm16, %zmm\a104
	vpmadd52luq	%zmm19, %zmm16, %zmm\a52
	vpsrlq		$52, %zmm16, %zmm16				/* a1 */
	vpmadd52huq	%zmm17, %zmm16, %zmm\a104
	vpmadd52luq	%zmm17, %zmm16, %zmm\a52
	vpmadd52luq	%zmm19, %zmm16, %zmm\a104
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
	NH_IFMA		\a0, \a52, \a104
.endm

/*
 * Pair \j of half \h, its words in bank \r0..\r7 as TRANSPOSE_PART
 * leaves them, for both iterations.  The IFMA latency (4 cycles) would serialize
 * three products per pair on one accumulator, so consecutive pairs use
 * different accumulator sets: iteration 0 sets 0 and 1 (zmm20-22, 23-25),
 * iteration 1 sets 2 and 3 (zmm26-28, 29-31), alternating.
 */
.macro	NH_PAIRJ j, h, r0, r1, r2, r3, r4, r5, r6, r7
	.if	\j == 0
	NH_PAIR2	\r1, \r7, 0, \h, 20, 21, 22, 26, 27, 28
	.elseif	\j == 1
	NH_PAIR2	\r2, \r0, 1, \h, 23, 24, 25, 29, 30, 31
	.elseif	\j == 2
	NH_PAIR2	\r3, \r6, 2, \h, 20, 21, 22, 26, 27, 28
	.else
	NH_PAIR2	\r4, \r5, 3, \h, 23, 24, 25, 29, 30, 31
	.endif
.endm

.macro	NH_PAIR2 we, wo, j, h, s0a, s0b, s0c, s1a, s1b, s1c
	NH_PAIR		\we, \wo, (2*\j), \h, 0, \s0a, \s0b, \s0c
	NH_PAIR		\we, \wo, (2*\j), \h, 16, \s1a, \s1b, \s1c
.endm

/*
 * VMAC-64: one iteration needs no transpose.  For two blocks A, B (rows of
 * half \h in zmm\ra, zmm\rb), VPUNPCKLQDQ/VPUNPCKHQDQ give
 *	U = A0 B0 A2 B2 A4 B4 A6 B6,	V = A1 B1 A3 B3 A5 B5 A7 B7
 * (words of the half), so the lane products of U + KU and V + KV are the
 * four word pairs of each block, with KU, KV the key words arranged the
 * same way (zmm\ku, zmm\kv, set up once per call).  Each block pair has
 * its accumulator set (\a0, \a52, \a104): lanes 2l and 2l + 1 hold pair l
 * of A and B, summed over both halves.  Scratch: zmm16..19, and zmm\ru.
 * \aoff = 128 reads B in place of A (a pair with only its B block in the
 * message: A's lanes are then cleared after the sums).
 */
.macro	NH64_ROWS i, h, ra, rb, ru, ku, kv, a0, a52, a104, aoff=0
	vmovdqu64	256 * \i + \aoff + 64 * \h(P), %zmm\ra
	vpunpcklqdq	256 * \i + 128 + 64 * \h(P), %zmm\ra, %zmm\ru
	vpunpckhqdq	256 * \i + 128 + 64 * \h(P), %zmm\ra, %zmm\ra
	vpaddq		%zmm\ku, %zmm\ru, %zmm16
	vpaddq		%zmm\kv, %zmm\ra, %zmm17
	NH_IFMA		\a0, \a52, \a104
.endm

/*
 * Sums the partial NH values of one weight, zmm\s0..zmm\s3 (block pair
 * i in zmm\si, lanes as in NH64_ROWS), into zmm\dst with block b in lane
 * b: two rounds of 128-bit lane shuffles and adds, in place (the sets are
 * overwritten) with zmm\t as the one scratch register.
 */
.macro	NH64_REDUCE s0, s1, s2, s3, dst, t
	vshufi64x2	$0x88, %zmm\s1, %zmm\s0, %zmm\t
	vshufi64x2	$0xdd, %zmm\s1, %zmm\s0, %zmm\s1
	vpaddq		%zmm\s1, %zmm\t, %zmm\s0	/* blocks 0, 1, 0, 1, 2, 3, 2, 3 */
	vshufi64x2	$0x88, %zmm\s3, %zmm\s2, %zmm\t
	vshufi64x2	$0xdd, %zmm\s3, %zmm\s2, %zmm\s3
	vpaddq		%zmm\s3, %zmm\t, %zmm\s2	/* blocks 4, 5, 4, 5, 6, 7, 6, 7 */
	vshufi64x2	$0x88, %zmm\s2, %zmm\s0, %zmm\t
	vshufi64x2	$0xdd, %zmm\s2, %zmm\s0, %zmm\s2
	vpaddq		%zmm\s2, %zmm\t, %zmm\dst
.endm

/* VMAC-64 NH of the eight blocks at P into zmm20..22 (lane = block). */
.macro	NH64_GROUP
	NH64_ROWS	0, 0, 0, 1, 2, 12, 13, 20, 21, 22
	NH64_ROWS	1, 0, 3, 4, 5, 12, 13, 23, 24, 25
	NH64_ROWS	2, 0, 6, 7, 8, 12, 13, 26, 27, 28
	NH64_ROWS	3, 0, 9, 10, 11, 12, 13, 29, 30, 31
	NH64_ROWS	0, 1, 0, 1, 2, 14, 15, 20, 21, 22
	NH64_ROWS	1, 1, 3, 4, 5, 14, 15, 23, 24, 25
	NH64_ROWS	2, 1, 6, 7, 8, 14, 15, 26, 27, 28
	NH64_ROWS	3, 1, 9, 10, 11, 14, 15, 29, 30, 31
	NH64_REDUCE	20, 23, 26, 29, 20, 0
	NH64_REDUCE	21, 24, 27, 30, 21, 0
	NH64_REDUCE	22, 25, 28, 31, 22, 0
.endm

/* Clears the twelve accumulators. */
.macro	NH_ZERO
	.irp	r, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxorq		%zmm\r, %zmm\r, %zmm\r
	.endr
.endm

/* ------------------------------------------------------------------------ */
/* L2: eight blocks per step                                                */
/* ------------------------------------------------------------------------ */

/*
 * Limb zmm\n times the key power limbs at \kv(KEY) into the columns (the
 * high half of the top product only if \top: it is zero for n2).
 */
.macro	L2_MUL kv, n, c0, c1, c2, c1b, c2b, c3, ka, kb, kc, top
	vmovdqu64	\kv(KEY), %zmm\ka
	.ifnb	\kb
	vmovdqu64	\kv + 64(KEY), %zmm\kb
	vmovdqu64	\kv + 128(KEY), %zmm\kc
	L2_IFMA		%zmm\ka, %zmm\kb, %zmm\kc, \n, \c0, \c1, \c2, \c1b, \c2b, \c3, \top
	.else
	L2_IFMA		%zmm\ka, \kv + 64(KEY), \kv + 128(KEY), \n, \c0, \c1, \c2, \c1b, \c2b, \c3, \top
	.endif
.endm

/* The products of L2_MUL, the powers \ka, \kb, \kc registers or memory. */
.macro	L2_IFMA ka, kb, kc, n, c0, c1, c2, c1b, c2b, c3, top
	vpmadd52luq	\ka, %zmm\n, %zmm\c0
	vpmadd52huq	\ka, %zmm\n, %zmm\c1
	vpmadd52luq	\kb, %zmm\n, %zmm\c1b
	vpmadd52huq	\kb, %zmm\n, %zmm\c2
	vpmadd52luq	\kc, %zmm\n, %zmm\c2b
	.if	\top
	vpmadd52huq	\kc, %zmm\n, %zmm\c3
	.endif
.endm

/*
 * The message part of eight L2 steps for iteration \it, in the vector
 * unit: lane b holds the NH value m_b of block b as ACC0 + ACC52 2^52 +
 * ACC104 2^104 in zmm\a0, zmm\a52, zmm\a104; the sum over the lanes of
 * m_b k^(e - b) mod 2^127 - 1 (e = 15 for \pos 0, the first group of a
 * pair, 7 otherwise) is left as three column vectors zmm\c0, zmm\c1,
 * zmm\c2 (weights 1, 2^52, 2^104; each lane below 12 * 2^52 with the
 * first group's share).  \pos 0 zeroes the six accumulators and leaves
 * them in FR_COL unsummed; \pos 1 starts from FR_COL and sums them; \pos 2
 * (a single group) starts from zero and sums them.
 *
 * m_b mod 2^126 is first cut into limbs n0, n1 (52 bits) and n2 (22 bits)
 * with the carries of the accumulators propagated (n0 = ACC0 and n1 are
 * used unmasked: IFMA reads only their low 52 bits).  Limb n_s has weight
 * 2^(52 s), so it is multiplied by K_s = k^(e - b) 2^(52 s) mod p, which
 * the key holds in the same radix (l2vec, l2vec16: 52, 52, 23 bits): every
 * product lands in columns 0..3, and column 3 only gets hi(n_s K_s,2) <
 * 2^23 (hi(n2 K_2,2) = 0: 45 bits), so with 2^156 = 2^29 mod p it folds
 * into column 0 as c3 << 29 without splitting.  Seventeen IFMAs; columns
 * 1 and 2 collect six products each, in two accumulators to keep the
 * chains at three IFMAs.
 */
.macro	L2_VEC it, pos, a0, a52, a104, n1, n2, c0, c1, c2, c1b, c2b, c3, t, ka, kb, kc
	.if	\pos == 0
	.set	KV, VMAC_KEY_L2VEC16 + 576 * \it
	.else
	.set	KV, VMAC_KEY_L2VEC + 576 * \it
	.endif
	.set	COL, FR_COL + 384 * \it
	L2_VEC_KV	\pos, \a0, \a52, \a104, \n1, \n2, \c0, \c1, \c2, \c1b, \c2b, \c3, \t, \ka, \kb, \kc
.endm

/* L2_VEC with the key powers at KV(KEY), the first group's columns at COL (or COL_IN_REGS). */
.macro	L2_VEC_KV pos, a0, a52, a104, n1, n2, c0, c1, c2, c1b, c2b, c3, t, ka, kb, kc
	L2_LIMBS	\pos, \a0, \a52, \a104, \n1, \n2, \c0, \c1, \c2, \c1b, \c2b, \c3, \t
	L2_MUL		KV, \a0, \c0, \c1, \c2, \c1b, \c2b, \c3, \ka, \kb, \kc, 1
	L2_MUL		KV + 192, \n1, \c0, \c1, \c2, \c1b, \c2b, \c3, \ka, \kb, \kc, 1
	L2_MUL		KV + 384, \n2, \c0, \c1, \c2, \c1b, \c2b, \c3, \ka, \kb, \kc, 0
	L2_COLUMNS_END	\pos, \c0, \c1, \c2, \c1b, \c2b, \c3
.endm

/*
 * The limbs n1, n2 (\n1 may be \a52 and \n2 \a104: computed in place) and
 * the columns' start: zero, or for \pos 1 the first group's, from COL or,
 * with COL_IN_REGS, already in place.
 */
.macro	L2_LIMBS pos, a0, a52, a104, n1, n2, c0, c1, c2, c1b, c2b, c3, t
	vpsrlq		$52, %zmm\a0, %zmm\t
	vpaddq		%zmm\t, %zmm\a52, %zmm\n1
	.if	\pos != 1
	.irp	c, \c0, \c1, \c2, \c1b, \c2b, \c3
	vpxorq		%zmm\c, %zmm\c, %zmm\c
	.endr
	.elseif	COL != COL_IN_REGS
	vmovdqa64	COL(%rsp), %zmm\c0
	vmovdqa64	COL + 64(%rsp), %zmm\c1
	vmovdqa64	COL + 128(%rsp), %zmm\c2
	vmovdqa64	COL + 192(%rsp), %zmm\c1b
	vmovdqa64	COL + 256(%rsp), %zmm\c2b
	vmovdqa64	COL + 320(%rsp), %zmm\c3
	.endif
	vpsrlq		$52, %zmm\n1, %zmm\t
	vpaddq		%zmm\t, %zmm\a104, %zmm\n2
	vpandq		.Lmask22(%rip){1to8}, %zmm\n2, %zmm\n2
.endm

/*
 * The columns left for the second group (\pos 0: stored to COL, or in place
 * with COL_IN_REGS), or summed into \c0, \c1, \c2.
 */
.macro	L2_COLUMNS_END pos, c0, c1, c2, c1b, c2b, c3
	.if	\pos == 0
	.if	COL != COL_IN_REGS
	vmovdqa64	%zmm\c0, COL(%rsp)
	vmovdqa64	%zmm\c1, COL + 64(%rsp)
	vmovdqa64	%zmm\c2, COL + 128(%rsp)
	vmovdqa64	%zmm\c1b, COL + 192(%rsp)
	vmovdqa64	%zmm\c2b, COL + 256(%rsp)
	vmovdqa64	%zmm\c3, COL + 320(%rsp)
	.endif
	.else
	vpsllq		$29, %zmm\c3, %zmm\c3
	vpaddq		%zmm\c1b, %zmm\c1, %zmm\c1
	vpaddq		%zmm\c2b, %zmm\c2, %zmm\c2
	vpaddq		%zmm\c3, %zmm\c0, %zmm\c0
	.endif
.endm

/*
 * Columns zmm\c0..\c2 -> halves added in ymm\t0..\t2 -> \off(%rsp): the
 * four partial sums of each column, iteration 0 at FR_SUM + 0, 32, 64,
 * iteration 1 at FR_SUM + 96, 128, 160.  The scalar end adds the partial
 * sums: a tree of two adds there is shorter than two more rounds of
 * shuffles here, and the 32-byte stores forward to its 8-byte loads (an
 * 8-byte load from the upper half of a 64-byte store is not forwarded on
 * every CPU).
 */
.macro	L2_STORE_IT c0, c1, c2, t0, t1, t2, off
	vextracti64x4	$1, %zmm\c0, %ymm\t0
	vextracti64x4	$1, %zmm\c1, %ymm\t1
	vextracti64x4	$1, %zmm\c2, %ymm\t2
	vpaddq		%ymm\c0, %ymm\t0, %ymm\t0
	vpaddq		%ymm\c1, %ymm\t1, %ymm\t1
	vpaddq		%ymm\c2, %ymm\t2, %ymm\t2
	vmovdqa		%ymm\t0, \off(%rsp)
	vmovdqa		%ymm\t1, \off + 32(%rsp)
	vmovdqa		%ymm\t2, \off + 64(%rsp)
.endm

/* \dst = the sum of the four partial sums at \off(%rsp); \t: scratch */
.macro	SUM4 off, dst, t
	movq	\off(%rsp), \dst
	movq	\off + 16(%rsp), \t
	addq	\off + 8(%rsp), \dst
	addq	\off + 24(%rsp), \t
	addq	\t, \dst
.endm

/*
 * (%rax:%rbx:%r11:%r10) = (\ah:\al) * (K8H:K8L)(%rcx), the 256-bit product
 * (z3:z2:z1:z0).  Uses rdx, rdi, r8, r9.
 */
.macro	MUL_ACC_K ah, al
	movq	\al, %rdx
	mulx	K8L(%rcx), %r10, %r11		/* al * K8l: z0, z1 */
	mulx	K8H(%rcx), %r8, %rbx		/* al * K8h: z1, z2 */
	movq	\ah, %rdx
	mulx	K8L(%rcx), %r9, %rdi		/* ah * K8l: z1, z2 */
	mulx	K8H(%rcx), %rdx, %rax		/* ah * K8h: z2, z3 */
	addq	%r8, %r11
	adcq	%rdi, %rbx
	adcq	$0, %rax
	addq	%r9, %r11
	adcq	%rdx, %rbx
	adcq	$0, %rax
.endm

/*
 * (%rdi:%r9:%r8) = s0 + s1 2^52 + s2 2^104 from the column sums at S:
 * four partial sums per column, or with \one a single qword per column,
 * 16 bytes apart (vmac_blocks128_avx512_short).  Uses rdx, rsi.
 */
.macro	COLUMN_SUMS one=0
	.if	\one
	movq	S(%rsp), %r8
	movq	S + 16(%rsp), %r9
	movq	S + 32(%rsp), %rdi
	.else
	SUM4	S, %r8, %rdx
	SUM4	S + 32, %r9, %rdx
	SUM4	S + 64, %rdi, %rsi
	.endif
	movq	%r9, %rdx
	shlq	$52, %rdx
	shrq	$12, %r9
	movq	%rdi, %rsi
	shlq	$40, %rsi
	shrq	$24, %rdi
	addq	%rdx, %r8
	adcq	%rsi, %r9
	adcq	$0, %rdi
.endm

/*
 * The scalar end of a step for iteration \it:
 *	(\ah:\al) = acc * K + (s0 + s1 2^52 + s2 2^104)  mod 2^127 - 1
 * with K = k^16 or k^8 at (%rcx) and the column sums s0, s1, s2 (each
 * below 2^59: four partial sums each, at FR_SUM + 96 \it).  acc * K does
 * not depend on the message and goes first.  With acc below 2^127 + 2^38
 * the sum is below 2^254 + 2^166, so z3 < 2^63 and FOLD127 needs no
 * carry word.  Uses rax, rbx, rdx, rsi, rdi, r8..r11.
 */
.macro	L2_SCALAR it, ah, al
	.set	K8H, 16 * \it
	.set	K8L, K8H + 8
	.set	S, FR_SUM + 96 * \it
	MUL_ACC_K	\ah, \al
	COLUMN_SUMS
	addq	%r8, %r10
	adcq	%r9, %r11
	adcq	%rdi, %rbx
	adcq	$0, %rax
	FOLD127	%r10, %r11, %rbx, %rax, \ah, \al, 0
.endm

/*
 * L2_SCALAR for the last step of a call, where its latency is exposed:
 * acc * k^N is folded first, off the critical path (below 2^127 + 4),
 * so the late column sums only need a three-word add and one short fold:
 * with w = A + S = w0 + w1 2^64 + w2 2^128 (w2 < 2^37), w mod p is
 * w0 + (w1 mod 2^63) 2^64 + (w1 >> 63) + 2 w2, at most 2^127 + 2^38: the
 * high word is at most 2^63, the bound that the L2 steps and
 * vmac_l2_finish() rely on.
 */
.macro	L2_SCALAR_LAST it, ah, al, fresh, one=0
	.set	K8H, 16 * \it
	.set	K8L, K8H + 8
	.if	\one
	.set	S, FR_SUM + 8 * \it
	.else
	.set	S, FR_SUM + 96 * \it
	.endif
	.if	\fresh
	/* acc = 1: acc * k^N is k^N */
	movq	K8L(%rcx), %r10
	movq	K8H(%rcx), %r11
	.else
	MUL_ACC_K	\ah, \al
	FOLD127	%r10, %r11, %rbx, %rax, %r11, %r10, 0
	.endif
	COLUMN_SUMS	\one
	addq	%r8, %r10
	adcq	%r9, %r11
	adcq	$0, %rdi
	movq	%r11, %rdx
	shrq	$63, %rdx
	leaq	(%rdx, %rdi, 2), %rdx
	btrq	$63, %r11
	addq	%rdx, %r10
	adcq	$0, %r11
	movq	%r11, \ah
	movq	%r10, \al
.endm

/*
 * VMAC-128's NH of the eight blocks at P, software-pipelined: half 0's
 * words are in BANK_HALF0 on entry (transposed by the group before, or
 * the prologue), and its pairs go between the parts of half 1's transpose
 * into BANK_HALF1; half 1's pairs go between the parts of the next
 * group's half-0 transpose into BANK_HALF0 (the next group is NEXT: P +
 * 1024, or P again at the end of the input, a transpose that is not used,
 * so that no load goes past the input).  Issued just before the pairs
 * that wait for it, a transpose's loads, unpacks and two rounds of lane
 * shuffles were on their path, and the scheduler, full of the previous
 * half's IFMAs, could not start it earlier.
 */
.macro	NH128_GROUP
	.irp	j, 0, 1, 2, 3
	TRANSPOSE_PART	P, 1, \j, BANK_HALF1
	NH_PAIRJ	\j, 0, BANK_HALF0
	.endr
	leaq		1024(P), NEXT
	cmpq		FR_END(%rsp), NEXT
	cmovaeq		P, NEXT
	.irp	j, 0, 1, 2, 3
	TRANSPOSE_PART	NEXT, 0, \j, BANK_HALF0
	NH_PAIRJ	\j, 1, BANK_HALF1
	.endr
.endm

/*
 * NH and the vector part of the L2 of the eight blocks at P: \pos 0 is the
 * first group of a pair (columns left in FR_COL), \pos 1 the second
 * (columns summed and stored to FR_SUM for the scalar end), \pos 2 a
 * single group (likewise, from zero).  VMAC-128's L2 keeps off BANK_HALF0,
 * the next group's words.
 */
.macro	GROUP iters, pos
	NH_ZERO
	.if	\iters == 1
	NH64_GROUP
	L2_VEC		0, \pos, 20, 21, 22, 1, 2, 3, 4, 5, 6, 7, 8, 18, 23, 24, 25
	.if	\pos != 0
	L2_STORE_IT	3, 4, 5, 0, 1, 2, FR_SUM
	.endif
	.else
	NH128_GROUP
	vpaddq		%zmm23, %zmm20, %zmm20		/* iteration 0: sets 0 + 1 */
	vpaddq		%zmm24, %zmm21, %zmm21
	vpaddq		%zmm25, %zmm22, %zmm22
	vpaddq		%zmm29, %zmm26, %zmm26		/* iteration 1: sets 2 + 3 */
	vpaddq		%zmm30, %zmm27, %zmm27
	vpaddq		%zmm31, %zmm28, %zmm28
	L2_VEC		0, \pos, 20, 21, 22, 21, 22, 0, 1, 2, 3, 4, 5, 16, 23, 24, 25
	.if	\pos != 0
	L2_STORE_IT	0, 1, 2, 3, 4, 5, FR_SUM
	.endif
	L2_VEC		1, \pos, 26, 27, 28, 27, 28, 6, 7, 17, 18, 19, 29, 16, 23, 24, 25
	.if	\pos != 0
	L2_STORE_IT	6, 7, 17, 0, 1, 2, FR_SUM + 96
	.endif
	.endif
	addq		$1024, P
.endm

/*
 * The scalar end of the pending step, with the key power (k^8 or k^16)
 * that FR_KPOW points to; \last: the call's last step (latency-minded,
 * and P and KEY are not needed afterwards).
 */
.macro	GROUP_SCALAR iters, last=0
	.if	!\last
	movq		P, FR_P(%rsp)
	.endif
	movq		FR_KPOW(%rsp), %rcx
	.if	\last
	/*
	 * Every accumulator 1 (the message's first step): no
	 * multiplications.  Decided from public facts first: the caller's
	 * flag (p started the message: known from its length) and at most
	 * two groups in this call (so that this step is the first).  Only
	 * then are the accumulators compared with 1: they are the initial
	 * ones, or what import() supplied, not values computed from the key
	 * and the message.  (The compare keeps an imported state's result
	 * the generic code's; branching on a computed accumulator would
	 * depend on a secret, if only with probability 2^-127.)
	 */
	testb	$VMAC_BLOCKS_FIRST, FR_FLAGS(%rsp)
	jz	.Lnotfresh_\iters
	cmpq	$2, FR_NG(%rsp)
	ja	.Lnotfresh_\iters
	movq	AL0, %rax
	xorq	$1, %rax
	orq	AH0, %rax
	.if	\iters == 2
	movq	AL1, %rdx
	xorq	$1, %rdx
	orq	AH1, %rdx
	orq	%rdx, %rax
	.endif
	jnz	.Lnotfresh_\iters
	L2_SCALAR_LAST	0, AH0, AL0, 1
	.if	\iters == 2
	L2_SCALAR_LAST	1, AH1, AL1, 1
	.endif
	jmp	.Lscalared_\iters
.Lnotfresh_\iters:
	L2_SCALAR_LAST	0, AH0, AL0, 0
	.if	\iters == 2
	L2_SCALAR_LAST	1, AH1, AL1, 0
	.endif
.Lscalared_\iters:
	.else
	L2_SCALAR	0, AH0, AL0
	.if	\iters == 2
	L2_SCALAR	1, AH1, AL1
	.endif
	.endif
	.if	!\last
	movq		FR_P(%rsp), P
	movq		FR_KEY(%rsp), KEY
	.endif
.endm

/*
 * VMAC-64's groups are software-pipelined.  The L2 of a group (limbs,
 * seventeen IFMAs on the column accumulators, stores) depends on the whole
 * group's NH and the lane sort after it; issued after them, it filled the
 * scheduler with waiting uops while the next group's NH could not yet
 * enter.  So a stage (STAGE64) computes the NH of the group at P with the
 * L2 of the previous group, whose NH values it finds in zmm1..3, spread
 * between its rows; the call's last L2 runs alone (L2P_DRAIN) or in
 * the next call (CARRY_STORE).  The rows use only zmm0 and zmm9
 * (renaming makes more unnecessary), which leaves the L2 its own
 * registers: the NH values, limbs in place, in zmm1..3,
 * columns zmm4..8 and zmm10, one key power in zmm11 and the other two as
 * memory operands.  The columns of a pair's first group stay in their
 * registers until its second group's L2 (COL_IN_REGS: no 64-byte stores
 * and loads through FR_COL, such stores hold up the IFMAs issued beside
 * them), and the lane sort works in place, so that nothing else needs
 * them.  An odd first group (a step of its own) stays GROUP's.
 */
#define L2P_COLUMNS	4, 5, 6, 7, 8, 10

/* KV and COL for the L2 of a group of \pos (0 or 1). */
.macro	L2P_KV pos
	.if	\pos == 0
	.set	KV, VMAC_KEY_L2VEC16
	.else
	.set	KV, VMAC_KEY_L2VEC
	.endif
	.set	COL, COL_IN_REGS
.endm

.macro	L2P_END pos
	L2_COLUMNS_END	\pos, L2P_COLUMNS
	.if	\pos == 1
	L2_STORE_IT	4, 5, 6, 1, 2, 3, FR_SUM
	.endif
.endm

/* Row (\i, \h) of NH64_GROUP in zmm0/zmm9 into accumulator set \a0..\a104. */
.macro	NH64_ROWP i, h, a0, a52, a104
	.if	\h == 0
	NH64_ROWS	\i, 0, 0, 0, 9, 12, 13, \a0, \a52, \a104
	.else
	NH64_ROWS	\i, 1, 0, 0, 9, 14, 15, \a0, \a52, \a104
	.endif
.endm

/*
 * NH of the group at P into zmm1..3 (lane = block), with the L2 of the
 * previous group's zmm1..3 as \pos between the rows (\pos -1: none, the
 * call's first group); P advances.
 */
.macro	STAGE64 pos
	L2P_KV		\pos
	NH_ZERO
	NH64_ROWP	0, 0, 20, 21, 22
	.if	\pos >= 0
	L2_LIMBS	\pos, 1, 2, 3, 2, 3, L2P_COLUMNS, 18
	.endif
	NH64_ROWP	1, 0, 23, 24, 25
	.if	\pos >= 0
	L2_MUL		KV, 1, L2P_COLUMNS, 11, , , 1
	.endif
	NH64_ROWP	2, 0, 26, 27, 28
	.if	\pos >= 0
	L2_MUL		KV + 192, 2, L2P_COLUMNS, 11, , , 1
	.endif
	NH64_ROWP	3, 0, 29, 30, 31
	.if	\pos >= 0
	L2_MUL		KV + 384, 3, L2P_COLUMNS, 11, , , 0
	.endif
	NH64_ROWP	0, 1, 20, 21, 22
	.if	\pos >= 0
	L2P_END		\pos
	.endif
	NH64_ROWP	1, 1, 23, 24, 25
	NH64_ROWP	2, 1, 26, 27, 28
	NH64_ROWP	3, 1, 29, 30, 31
	NH64_REDUCE	20, 23, 26, 29, 1, 0
	NH64_REDUCE	21, 24, 27, 30, 2, 0
	NH64_REDUCE	22, 25, 28, 31, 3, 0
	addq		$1024, P
.endm

/* The last group's L2 (\pos 1), alone. */
.macro	L2P_DRAIN
	L2P_KV		1
	L2_VEC_KV	1, 1, 2, 3, 2, 3, L2P_COLUMNS, 18, 11, ,
	L2_STORE_IT	4, 5, 6, 1, 2, 3, FR_SUM
.endm

/*
 * The end of every function here: the stack frame dropped, the
 * accumulators stored to the poly[] the caller passed (saved as %rdi on
 * entry), the callee-saved registers restored.
 */
.macro	STORE_ACC_RETURN iters
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

/*
 * The pairs of groups, each an L2 step with k^16, the scalar end of a step
 * (GROUP_SCALAR, for the pending step with FR_KPOW's power) between the
 * groups of the next pair.  VMAC-64 in pipelined stages: the first group's
 * NH alone, each later stage with the previous group's L2, the last L2
 * alone.
 */
.macro	PAIRS iters
	.if	\iters == 1
	STAGE64	-1
	cmpq	$0, FR_KPOW(%rsp)
	je	.Lsecond_\iters
	GROUP_SCALAR	\iters
	jmp	.Lsecond_\iters
.Lpair_\iters:
	STAGE64	1
	GROUP_SCALAR	\iters
.Lsecond_\iters:
	STAGE64	0
	.else
.Lpair_\iters:
	GROUP	\iters, 0
	cmpq	$0, FR_KPOW(%rsp)
	je	.Lsecond_\iters
	GROUP_SCALAR	\iters
.Lsecond_\iters:
	GROUP	\iters, 1
	.endif
	leaq	VMAC_KEY_POLY16(KEY), %rax
	movq	%rax, FR_KPOW(%rsp)
	cmpq	FR_END(%rsp), P
	jb	.Lpair_\iters
	.if	\iters == 1
	testb	$VMAC_BLOCKS_CARRY_OUT, FR_FLAGS(%rsp)
	jz	.Ldrain_\iters
	CARRY_STORE
	jmp	.Lwipe_\iters
.Ldrain_\iters:
	L2P_DRAIN
	.endif
.endm

/*
 * VMAC-64 across calls (the caller's 4 KiB FPU sections): the last
 * group's L2 and its pair's scalar end, left to the next call, run beside
 * that call's first NH instead of alone.  The carry holds what the
 * pipeline holds in registers there: the last group's NH values (zmm1..3)
 * and its pair's first-group columns, summed as L2_COLUMNS_END sums them
 * (the sums are linear, so the second group adds its products to them
 * later).  CARRY_IN enters the pairs at the second group's L2, with k^16
 * pending for the scalar end.
 */
.macro	CARRY_STORE
	movq		FR_CARRY(%rsp), %rax
	L2_COLUMNS_END	1, L2P_COLUMNS
	vmovdqa64	%zmm1, VMAC_CARRY_NH(%rax)
	vmovdqa64	%zmm2, VMAC_CARRY_NH + 64(%rax)
	vmovdqa64	%zmm3, VMAC_CARRY_NH + 128(%rax)
	vmovdqa64	%zmm4, VMAC_CARRY_COL(%rax)
	vmovdqa64	%zmm5, VMAC_CARRY_COL + 64(%rax)
	vmovdqa64	%zmm6, VMAC_CARRY_COL + 128(%rax)
.endm

.macro	CARRY_LOAD
	vmovdqa64	VMAC_CARRY_NH(%r9), %zmm1
	vmovdqa64	VMAC_CARRY_NH + 64(%r9), %zmm2
	vmovdqa64	VMAC_CARRY_NH + 128(%r9), %zmm3
	vmovdqa64	VMAC_CARRY_COL(%r9), %zmm4
	vmovdqa64	VMAC_CARRY_COL + 64(%r9), %zmm5
	vmovdqa64	VMAC_CARRY_COL + 128(%r9), %zmm6
	.irp	c, 7, 8, 10
	vpxorq		%zmm\c, %zmm\c, %zmm\c
	.endr
	KPOW16_PENDING
.endm

/* The carried step's scalar end is pending, with k^16. */
.macro	KPOW16_PENDING
	leaq		VMAC_KEY_POLY16(KEY), %rax
	movq		%rax, FR_KPOW(%rsp)
.endm

/*
 * VMAC-128 across calls: the scalar end of the last step (GROUP_SCALAR,
 * a chain of MULX and adds that nothing after it in the call hides) left
 * to the next call, which runs it between the groups of its first pair as
 * it runs every other: the column sums FR_SUM holds (32-byte copies, which
 * forward to the scalar end's 8-byte loads), and k^16 pending.
 */
.macro	COPY_SUMS src, dst
	.irp	off, 0, 32, 64, 96, 128, 160
	vmovdqa		\off + \src, %ymm1
	vmovdqa		%ymm1, \off + \dst
	.endr
.endm

.macro	CARRY_STORE_SUMS
	movq		FR_CARRY(%rsp), %rax
	COPY_SUMS	FR_SUM(%rsp), VMAC_CARRY_SUM(%rax)
.endm

.macro	CARRY_LOAD_SUMS
	movq		FR_CARRY(%rsp), %rax
	COPY_SUMS	VMAC_CARRY_SUM(%rax), FR_SUM(%rsp)
	KPOW16_PENDING
.endm

/*
 * void vmac_blocks64_avx512(u64 poly[2], const u8 *p, size_t ngroups,
 *			     const struct vmac_key *key, unsigned int flags,
 *			     struct vmac_avx512_carry *carry)
 * void vmac_blocks128_avx512(u64 poly[2][2], const u8 *p, size_t ngroups,
 *			      const struct vmac_key *key, unsigned int flags,
 *			      struct vmac_avx512_carry *carry)
 *
 * NH + L2 over ngroups >= 1 groups of eight 128-byte blocks: an odd first
 * group as a step of its own, then pairs, the scalar end of each pair
 * between the two groups of the next one.  flags (VMAC_BLOCKS_*):
 * CARRY_OUT wants ngroups >= 2, CARRY_IN an even ngroups; a call that
 * takes a carry and leaves none clears it.
 */
.macro	BLOCKS_AVX512 iters
	.set	P, %rsi
	.set	KEY, %rcx
	.set	AH0, %r12
	.set	AL0, %r13
	.set	AH1, %r14
	.set	AL1, %r15
	.set	NEXT, %rdx

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

	movq	KEY, FR_KEY(%rsp)
	movzbl	%r8b, %r8d
	movq	%r8, FR_FLAGS(%rsp)
	movq	%r9, FR_CARRY(%rsp)
	movq	$0, FR_KPOW(%rsp)
	movq	%rdx, %rax
	movq	%rdx, FR_NG(%rsp)
	shlq	$10, %rdx
	addq	P, %rdx
	movq	%rdx, FR_END(%rsp)
	movq	(%rdi), AH0
	movq	8(%rdi), AL0
	.if	\iters == 1
	/* KU, KV of NH64_ROWS for halves 0 and 1 in zmm12..15 */
	vmovdqu64	VMAC_KEY_NH(KEY), %zmm14
	vmovdqu64	VMAC_KEY_NH + 64(KEY), %zmm15
	vpunpcklqdq	%zmm14, %zmm14, %zmm12
	vpunpckhqdq	%zmm14, %zmm14, %zmm13
	vpunpcklqdq	%zmm15, %zmm15, %zmm14
	vpunpckhqdq	%zmm15, %zmm15, %zmm15
	.endif
	.if	\iters == 2
	movq	16(%rdi), AH1
	movq	24(%rdi), AL1
	.endif
	.if	\iters == 2
	.irp	part, 0, 1, 2, 3
	TRANSPOSE_PART	P, 0, \part, BANK_HALF0
	.endr
	.endif
	/* A carry: the previous call's last step, entered where it is pending. */
	testb	$VMAC_BLOCKS_CARRY_IN, FR_FLAGS(%rsp)
	jz	.Lno_carry_in_\iters
	.if	\iters == 1
	CARRY_LOAD
	jmp	.Lpair_\iters
	.else
	CARRY_LOAD_SUMS
	jmp	.Lpairs_\iters
	.endif
.Lno_carry_in_\iters:
	/* An odd number of groups: the first is a step of its own (k^8). */
	testb	$1, %al
	jz	.Lpairs_\iters
	GROUP	\iters, 2
	leaq	VMAC_KEY_POLY8(KEY), %rax
	movq	%rax, FR_KPOW(%rsp)
	cmpq	FR_END(%rsp), P
	jae	.Llast_\iters
.Lpairs_\iters:
	PAIRS	\iters
.Llast_\iters:
	.if	\iters == 2
	testb	$VMAC_BLOCKS_CARRY_OUT, FR_FLAGS(%rsp)
	jz	.Lscalar_last_\iters
	CARRY_STORE_SUMS
	jmp	.Lwipe_\iters
.Lscalar_last_\iters:
	.endif
	GROUP_SCALAR	\iters, 1

	/*
	 * Do not leave the column sums behind on the stack: VMAC-64's
	 * partial sums (its columns stay in registers), VMAC-128's and its
	 * columns (FR_COL only had zeros if there was no pair).
	 */
.Lwipe_\iters:
	vpxorq		%zmm0, %zmm0, %zmm0
	.if	\iters == 1
	.irp	off, 0, 32, 64
	vmovdqa		%ymm0, FR_SUM + \off(%rsp)
	.endr
	.else
	.irp	off, 0, 64, 128
	vmovdqa64	%zmm0, FR_SUM + \off(%rsp)
	.endr
	cmpq	$1, FR_NG(%rsp)
	je	.Lcols_wiped_\iters
	.irp	off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704
	vmovdqa64	%zmm0, FR_COL + \off(%rsp)
	.endr
.Lcols_wiped_\iters:
	.endif
	/* A carry taken and none left: cleared. */
	movzbl		FR_FLAGS(%rsp), %eax
	andl		$(VMAC_BLOCKS_CARRY_IN | VMAC_BLOCKS_CARRY_OUT), %eax
	cmpl		$VMAC_BLOCKS_CARRY_IN, %eax
	jne		.Lwiped_\iters
	movq		FR_CARRY(%rsp), %rax
	.if	\iters == 1
	.irp	off, 0, 64, 128, 192, 256, 320
	vmovdqa64	%zmm0, \off(%rax)
	.endr
	.else
	.irp	off, 0, 64, 128
	vmovdqa64	%zmm0, VMAC_CARRY_SUM + \off(%rax)
	.endr
	.endif
.Lwiped_\iters:
	vzeroupper

	STORE_ACC_RETURN \iters
.endm

SYM_FUNC_START(vmac_blocks64_avx512)
	BLOCKS_AVX512	1
SYM_FUNC_END(vmac_blocks64_avx512)

SYM_FUNC_START(vmac_blocks128_avx512)
	BLOCKS_AVX512	2
SYM_FUNC_END(vmac_blocks128_avx512)

/* ------------------------------------------------------------------------ */
/* Two to seven blocks: one L2 step                                         */
/* ------------------------------------------------------------------------ */

/*
 * Frame of the short functions: the column sums (FR_SUM, wiped at the
 * end), then the saved caller's first flag.
 */
#define FRS_FIRST	128
#define FRS_SIZE	192

/* Clears the lanes of zmm20..22 outside %k1 (blocks not in the message). */
.macro	NH_MASK
	.irp	r, 20, 21, 22
	vmovdqa64	%zmm\r, %zmm\r{%k1}{z}
	.endr
.endm

/*
 * The scalar end of a short step for iterations 0 .. \iters - 1, with
 * KEY = the key power k^n of iteration 0 (polypow[n - 1]): acc = 1 and the
 * caller's first flag (public, see GROUP_SCALAR) skip acc * k^n.
 */
.macro	SHORT_SCALAR iters, one
	cmpq	$0, FRS_FIRST(%rsp)
	je	.Lshort_notfresh\@
	movq	AL0, %rax
	xorq	$1, %rax
	orq	AH0, %rax
	.if	\iters == 2
	movq	AL1, %rdx
	xorq	$1, %rdx
	orq	AH1, %rdx
	orq	%rdx, %rax
	.endif
	jnz	.Lshort_notfresh\@
	L2_SCALAR_LAST	0, AH0, AL0, 1, \one
	.if	\iters == 2
	L2_SCALAR_LAST	1, AH1, AL1, 1, \one
	.endif
	jmp	.Lshort_done\@
.Lshort_notfresh\@:
	L2_SCALAR_LAST	0, AH0, AL0, 0, \one
	.if	\iters == 2
	L2_SCALAR_LAST	1, AH1, AL1, 0, \one
	.endif
.Lshort_done\@:
.endm

.macro	SHORT_PROLOGUE iters
	.set	P, %rsi
	.set	KEY, %rcx
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
	subq	$FRS_SIZE, %rsp
	movzbl	%r8b, %r8d
	movq	%r8, FRS_FIRST(%rsp)
	movq	(%rdi), AH0
	movq	8(%rdi), AL0
	.if	\iters == 2
	movq	16(%rdi), AH1
	movq	24(%rdi), AL1
	.endif
.endm

.macro	SHORT_EPILOGUE iters
	vpxorq		%zmm0, %zmm0, %zmm0
	vmovdqa64	%zmm0, FR_SUM(%rsp)
	vmovdqa64	%zmm0, FR_SUM + 64(%rsp)
	vzeroupper
	STORE_ACC_RETURN \iters
.endm

/*
 * NH64_REDUCE for at most two sets of data, 2 (lanes 4, 5) and 3 (lanes
 * 6, 7), whose second halves went to sets 0 and 1: three IFMAs deep on
 * each accumulator instead of six.  Sums into zmm20..22 as NH64_REDUCE,
 * lanes 0..3 zero.
 */
.macro	NH64_REDUCE2 s0, s1, s2, s3, dst
	vpaddq		%zmm\s0, %zmm\s2, %zmm\s2
	vpaddq		%zmm\s1, %zmm\s3, %zmm\s3
	vshufi64x2	$0x88, %zmm\s3, %zmm\s2, %zmm0
	vshufi64x2	$0xdd, %zmm\s3, %zmm\s2, %zmm1
	vpaddq		%zmm1, %zmm0, %zmm0		/* blocks 4, 5, 4, 5, 6, 7, 6, 7 */
	vshufi64x2	$0x88, %zmm0, %zmm19, %zmm1
	vshufi64x2	$0xdd, %zmm0, %zmm19, %zmm0
	vpaddq		%zmm1, %zmm0, %zmm\dst
.endm

.macro	NH_NARROW
	vpxorq		%zmm19, %zmm19, %zmm19
	NH64_REDUCE2	20, 23, 26, 29, 20
	NH64_REDUCE2	21, 24, 27, 30, 21
	NH64_REDUCE2	22, 25, 28, 31, 22
.endm

/*
 * void vmac_blocks64_avx512_short(u64 poly[2], const u8 *p, size_t nblocks,
 *				   const struct vmac_key *key, bool first)
 *
 * VMAC-64 NH + L2 over 2 <= nblocks <= 7 blocks as one L2 step,
 * acc k^n + sum_j m_j k^(n - 1 - j): the blocks take lanes 8 - n .. 7 of a
 * group (NH64_ROWS, from P = p - 128 (8 - n), rows of block pairs wholly
 * before p left out), so that L2_VEC's key powers k^(7 - b) are the right
 * ones; the lanes before p are cleared before the L2 (an odd count has a
 * pair with its B block only, whose A lane computed B again).
 */
SYM_FUNC_START(vmac_blocks64_avx512_short)
	SHORT_PROLOGUE	1
	vmovdqu64	VMAC_KEY_NH(KEY), %zmm14
	vmovdqu64	VMAC_KEY_NH + 64(KEY), %zmm15
	vpunpcklqdq	%zmm14, %zmm14, %zmm12
	vpunpckhqdq	%zmm14, %zmm14, %zmm13
	vpunpcklqdq	%zmm15, %zmm15, %zmm14
	vpunpckhqdq	%zmm15, %zmm15, %zmm15
	NH_ZERO
	movq	%rdx, %rax
	shlq	$7, %rax
	leaq	-1024(P, %rax), P
	cmpq	$4, %rdx
	ja	.L64s_wide
	/* At most two block pairs: the second halves into the spare sets. */
	NH64_ROWS	3, 0, 9, 10, 11, 12, 13, 29, 30, 31
	NH64_ROWS	3, 1, 3, 4, 5, 14, 15, 23, 24, 25
	cmpq	$3, %rdx
	jb	.L64s_narrow
	je	.L64s_half2
	NH64_ROWS	2, 0, 6, 7, 8, 12, 13, 26, 27, 28
	NH64_ROWS	2, 1, 0, 1, 2, 14, 15, 20, 21, 22
	jmp	.L64s_narrow
.L64s_half2:
	NH64_ROWS	2, 0, 6, 7, 8, 12, 13, 26, 27, 28, 128
	NH64_ROWS	2, 1, 0, 1, 2, 14, 15, 20, 21, 22, 128
.L64s_narrow:
	NH_NARROW
	jmp	.L64s_mask
.L64s_wide:
	NH64_ROWS	3, 0, 9, 10, 11, 12, 13, 29, 30, 31
	NH64_ROWS	3, 1, 9, 10, 11, 14, 15, 29, 30, 31
	NH64_ROWS	2, 0, 6, 7, 8, 12, 13, 26, 27, 28
	NH64_ROWS	2, 1, 6, 7, 8, 14, 15, 26, 27, 28
	cmpq	$5, %rdx
	je	.L64s_half1
	NH64_ROWS	1, 0, 3, 4, 5, 12, 13, 23, 24, 25
	NH64_ROWS	1, 1, 3, 4, 5, 14, 15, 23, 24, 25
	cmpq	$7, %rdx
	jb	.L64s_rows
	NH64_ROWS	0, 0, 0, 1, 2, 12, 13, 20, 21, 22, 128
	NH64_ROWS	0, 1, 0, 1, 2, 14, 15, 20, 21, 22, 128
	jmp	.L64s_rows
.L64s_half1:
	NH64_ROWS	1, 0, 3, 4, 5, 12, 13, 23, 24, 25, 128
	NH64_ROWS	1, 1, 3, 4, 5, 14, 15, 23, 24, 25, 128
.L64s_rows:
	NH64_REDUCE	20, 23, 26, 29, 20, 0
	NH64_REDUCE	21, 24, 27, 30, 21, 0
	NH64_REDUCE	22, 25, 28, 31, 22, 0
.L64s_mask:
	/* An odd count computed B again in its lone pair's A lane: clear it. */
	testb	$1, %dl
	jz	.L64s_l2
	movl	$0xff00, %eax
	shrxl	%edx, %eax, %eax		/* lanes 8 - n .. 7 */
	kmovw	%eax, %k1
	NH_MASK
.L64s_l2:
	.set	KV, VMAC_KEY_L2VEC
	L2_VEC_KV	2, 20, 21, 22, 1, 2, 3, 4, 5, 6, 7, 8, 18, 23, 24, 25
	L2_STORE_IT	3, 4, 5, 0, 1, 2, FR_SUM
	shlq	$5, %rdx
	leaq	VMAC_KEY_POLYPOW - 32(KEY, %rdx), %rcx
	SHORT_SCALAR	1, 0
	SHORT_EPILOGUE	1
SYM_FUNC_END(vmac_blocks64_avx512_short)

/*
 * One half-block row of VMAC-128's short step: half \h of the block at
 * \s * 128(P) in every lane pair (VPUNPCKLQDQ/VPUNPCKHQDQ with itself:
 * words 2l and 2l + 1 in lanes 2l and 2l + 1), plus the key words of
 * nh128vec (zmm12..15), so that lane 2l + i is pair l of iteration i.
 * Accumulator set \s: lane 2l + i of the block's NH.
 */
.macro	NH128_ROW s, h, a0, a52, a104
	vmovdqu64	128 * \s + 64 * \h(P), %zmm0
	vpunpcklqdq	%zmm0, %zmm0, %zmm1
	vpunpckhqdq	%zmm0, %zmm0, %zmm0
	.if	\h == 0
	vpaddq		%zmm12, %zmm1, %zmm16
	vpaddq		%zmm13, %zmm0, %zmm17
	.else
	vpaddq		%zmm14, %zmm1, %zmm16
	vpaddq		%zmm15, %zmm0, %zmm17
	.endif
	NH_IFMA		\a0, \a52, \a104
.endm

/* Both halves of the block in slot \s (accumulator set \s). */
.macro	NH128_BLOCK s
	.if	\s == 0
	NH128_ROW	0, 0, 20, 21, 22
	NH128_ROW	0, 1, 20, 21, 22
	.elseif	\s == 1
	NH128_ROW	1, 0, 23, 24, 25
	NH128_ROW	1, 1, 23, 24, 25
	.elseif	\s == 2
	NH128_ROW	2, 0, 26, 27, 28
	NH128_ROW	2, 1, 26, 27, 28
	.else
	NH128_ROW	3, 0, 29, 30, 31
	NH128_ROW	3, 1, 29, 30, 31
	.endif
.endm

/*
 * void vmac_blocks128_avx512_short(u64 poly[2][2], const u8 *p,
 *				    size_t nblocks, const struct vmac_key *key,
 *				    bool first)
 *
 * VMAC-128 NH + L2 over 2 <= nblocks <= 4 blocks as one L2 step per
 * iteration.  Lane 2b + i holds block b of iteration i (NH128_ROW; one
 * accumulator set per block, block j of the message in set j + 4 - n, the
 * sets before left at zero), so NH64_REDUCE sorts the sums into that
 * order and one L2_VEC, with l2vec128's powers k_i^(3 - b), serves both
 * iterations: the even lanes of a column are iteration 0's, the odd ones
 * iteration 1's.  Per block as many IFMAs as VMAC-64 per block pair.
 */
SYM_FUNC_START(vmac_blocks128_avx512_short)
	SHORT_PROLOGUE	2
	vmovdqu64	VMAC_KEY_NH128VEC(KEY), %zmm12
	vmovdqu64	VMAC_KEY_NH128VEC + 64(KEY), %zmm13
	vmovdqu64	VMAC_KEY_NH128VEC + 128(KEY), %zmm14
	vmovdqu64	VMAC_KEY_NH128VEC + 192(KEY), %zmm15
	NH_ZERO
	movq	%rdx, %rax
	shlq	$7, %rax
	leaq	-512(P, %rax), P
	cmpq	$2, %rdx
	ja	.L128s_wide
	/* Two blocks: their second halves into the spare sets 0 and 1. */
	NH128_ROW	3, 0, 29, 30, 31
	NH128_ROW	3, 1, 23, 24, 25
	NH128_ROW	2, 0, 26, 27, 28
	NH128_ROW	2, 1, 20, 21, 22
	NH_NARROW
	jmp	.L128s_l2
.L128s_wide:
	NH128_BLOCK	3
	NH128_BLOCK	2
	NH128_BLOCK	1
	cmpq	$4, %rdx
	jb	.L128s_rows
	NH128_BLOCK	0
.L128s_rows:
	NH64_REDUCE	20, 23, 26, 29, 20, 0
	NH64_REDUCE	21, 24, 27, 30, 21, 0
	NH64_REDUCE	22, 25, 28, 31, 22, 0
.L128s_l2:
	.set	KV, VMAC_KEY_L2VEC128
	L2_VEC_KV	2, 20, 21, 22, 1, 2, 3, 4, 5, 6, 7, 8, 18, 23, 24, 25
	/* Each column's even and odd lanes summed: 16 bytes per column. */
	.irp	c, 3, 4, 5
	vextracti64x4	$1, %zmm\c, %ymm0
	vpaddq		%ymm\c, %ymm0, %ymm0
	vextracti128	$1, %ymm0, %xmm1
	vpaddq		%xmm1, %xmm0, %xmm0
	vmovdqa		%xmm0, FR_SUM + 16 * \c - 48(%rsp)
	.endr
	shlq	$5, %rdx
	leaq	VMAC_KEY_POLYPOW - 32(KEY, %rdx), %rcx
	SHORT_SCALAR	2, 1
	SHORT_EPILOGUE	2
SYM_FUNC_END(vmac_blocks128_avx512_short)

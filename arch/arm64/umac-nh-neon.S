/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UMAC NH (RFC 4418 section 5.2.2) for arm64 with NEON (Advanced SIMD),
 * 1 to 4 iterations in one pass over the data.
 *
 * CPU-feature contract: ASIMD only (the caller checks
 * cpu_have_named_feature(ASIMD)).  The caller owns the vector state
 * (kernel_neon_begin() or userspace).  Only v0-v7 and v16-v31 are used
 * (the low halves of v8-v15 are callee-saved under AAPCS64), and x0-x7;
 * no stack.
 *
 *   void umac_nh_neon_N(const u32 *key, const u8 *data, size_t units,
 *			 u64 *nh);	N = number of iterations, 1..4
 *
 * adds, for i < N, NH of the "units" (>= 0) 32-byte units of data under
 * iteration i's key to nh[i] (mod 2^64).  key points at the linear NH key
 * word of the first unit (struct umac_key.nh + 8u).
 *
 *   void umac_nh_short_neon_N(const u32 *key, const u8 *data, size_t units,
 *			       const u64 *last, u64 *nh);
 *
 * the same, then, if last is not NULL, NH of one more unit given as four
 * little-endian 64-bit words (the zero-padded tail of a message, built by
 * the caller), under the key of the unit after the whole ones.
 *
 *   void umac_nh_chunks_neon_N(const u32 *key, const u8 *data,
 *				size_t nchunks, u64 *out);
 *
 * stores NH of each of "nchunks" (>= 1) whole 1024-byte chunks, iteration
 * i of chunk c in out[c * N + i]; key points at the start of the key.
 *
 * The maths.  A unit is eight little-endian words m0..m7; NH pairs word j
 * with word j + 4:
 *
 *	NH_i += sum_{j<4} ((m_j + k_{8u+4i+j}) mod 2^32) *
 *			  ((m_{j+4} + k_{8u+4i+j+4}) mod 2^32)	(mod 2^64)
 *
 * so with X = words 0-3 and Y = words 4-7 of the unit in two registers,
 * and Q(n) the n-th 16-byte quarter of the linear key (words 4n..4n+3),
 * iteration i of unit u is X + Q(2u + i) times Y + Q(2u + i + 1), lane
 * by lane: ADD (.4s, mod 2^32) twice, then UMLAL multiplies lanes 0-1 and
 * UMLAL2 lanes 2-3 (32 x 32 -> 64 bits) and adds the products to the two
 * 64-bit lanes of the iteration's accumulator (mod 2^64).  No lane ever
 * moves; the two lanes of an accumulator are summed once at the end.
 * Two units per step: unit u + 1 needs the quarters Q(2u + 2 + i), so one
 * step loads Q(2u) .. Q(2u + N + 2) and each iteration of each unit is one
 * NH_MUL.  The second unit has accumulators of its own (ACCB), so that no
 * accumulator takes two dependent UMLALs in a row more than needed.  With
 * one or two iterations, UMLAL2 adds to a third and fourth set of
 * accumulators (ACCA2/ACCA3, ACCB2/ACCB3, unused then), so that every
 * accumulator takes one UMLAL per step: the step is then no longer bound by
 * the UMLAL latency of the chain (four cycles each in LLVM's Neoverse N1
 * and V1 models, which forward no accumulator early) but by throughput.
 * With one iteration a step is four units, two pairs, the second pair into
 * the accumulators of iteration 1 (ACCA1/ACCA3, ACCB1/ACCB3), so that each
 * accumulator takes one UMLAL per 128 bytes; two or three units left take
 * one pair, then the odd unit.  All the accumulators of an iteration are
 * summed once at the end.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

	/* arguments */
	KEY	.req	x0
	DATA	.req	x1
	UNITS	.req	x2	/* umac_nh_*, umac_nh_short_*: units left */
	NCHUNKS	.req	x2	/* umac_nh_chunks_*: on entry */
	NH	.req	x3	/* umac_nh_*: sums to add to */
	OUT	.req	x3	/* umac_nh_chunks_*: sums to store */
	LAST	.req	x3	/* umac_nh_short_*: padded last unit or NULL */
	SNH	.req	x4	/* umac_nh_short_*: sums to add to */
	/* scratch */
	KEY0	.req	x5	/* umac_nh_chunks_*: the key of unit 0 */
	KEYHI	.req	x6	/* KEY + 64 */
	CHUNKS	.req	x7	/* umac_nh_chunks_*: chunks left */

	/* X and Y of the step's two units */
	X_A	.req	v0
	Y_A	.req	v1
	X_B	.req	v2
	Y_B	.req	v3
	/* key quarters Q(2u) .. Q(2u + 6) of the step */
	K0	.req	v4
	K1	.req	v5
	K2	.req	v6
	K3	.req	v7
	K4	.req	v16
	K5	.req	v17
	K6	.req	v18
	/* the two factors of NH_MUL */
	T0	.req	v19
	T1	.req	v20
	T2	.req	v21
	T3	.req	v22
	/* accumulators of iterations 0..3: ACCA first unit of a step, ACCB second */
	ACCA0	.req	v24
	ACCA1	.req	v25
	ACCA2	.req	v26
	ACCA3	.req	v27
	ACCB0	.req	v28
	ACCB1	.req	v29
	ACCB2	.req	v30
	ACCB3	.req	v31

.text

/*
 * acc + acc2 += (x + ka) * (y + kb) as above: the sums mod 2^32 in t and
 * u, then the four 32 x 32 -> 64-bit products of their lanes, those of
 * lanes 0-1 into acc's two lanes and those of lanes 2-3 into acc2's (acc2
 * may be acc).
 */
.macro NH_MUL x, y, ka, kb, acc, t, u, acc2
	add		\t\().4s, \x\().4s, \ka\().4s
	add		\u\().4s, \y\().4s, \kb\().4s
	umlal		\acc\().2d, \t\().2s, \u\().2s
	umlal2		\acc2\().2d, \t\().4s, \u\().4s
.endm

/*
 * Iteration \i of a unit into accumulator set \set (A or B).  With one or
 * two iterations the products of lanes 2-3 go to accumulator \i + 2 of the
 * set, unused otherwise, so that each accumulator takes one UMLAL per unit
 * and not two dependent ones; NH_FOLD adds the two.
 */
.macro NH_MULI n, i, set, x, y, ka, kb, t, u
.if \n > 2
	NH_MUL		\x, \y, \ka, \kb, ACC\set\i, \t, \u, ACC\set\i
.elseif \i == 0
	NH_MUL		\x, \y, \ka, \kb, ACC\set\()0, \t, \u, ACC\set\()2
.else
	NH_MUL		\x, \y, \ka, \kb, ACC\set\()1, \t, \u, ACC\set\()3
.endif
.endm

/* All eight accumulators (NH_MULI and NH_FOUR_UNITS_1 use them all). */
.macro NH_ZERO n
	movi		ACCA0.2d, #0
	movi		ACCB0.2d, #0
	movi		ACCA1.2d, #0
	movi		ACCB1.2d, #0
	movi		ACCA2.2d, #0
	movi		ACCB2.2d, #0
	movi		ACCA3.2d, #0
	movi		ACCB3.2d, #0
.endm

/* Units u and u + 1 from DATA under Q(2u) .. Q(2u + n + 2) at KEY. */
.macro NH_TWO_UNITS n
	ld1		{X_A.4s, Y_A.4s, X_B.4s, Y_B.4s}, [DATA], #64
.if \n > 1
	add		KEYHI, KEY, #64
.endif
	ld1		{K0.4s, K1.4s, K2.4s, K3.4s}, [KEY], #64
.if \n == 2
	ld1		{K4.4s}, [KEYHI]
.elseif \n == 3
	ld1		{K4.4s, K5.4s}, [KEYHI]
.elseif \n == 4
	ld1		{K4.4s, K5.4s, K6.4s}, [KEYHI]
.endif
	NH_MULI		\n, 0, A, X_A, Y_A, K0, K1, T0, T1
	NH_MULI		\n, 0, B, X_B, Y_B, K2, K3, T2, T3
.if \n > 1
	NH_MULI		\n, 1, A, X_A, Y_A, K1, K2, T0, T1
	NH_MULI		\n, 1, B, X_B, Y_B, K3, K4, T2, T3
.endif
.if \n > 2
	NH_MULI		\n, 2, A, X_A, Y_A, K2, K3, T0, T1
	NH_MULI		\n, 2, B, X_B, Y_B, K4, K5, T2, T3
.endif
.if \n > 3
	NH_MULI		\n, 3, A, X_A, Y_A, K3, K4, T0, T1
	NH_MULI		\n, 3, B, X_B, Y_B, K5, K6, T2, T3
.endif
.endm

/* The unit already in X_A, Y_A under Q(2u) .. Q(2u + n) at KEY. */
.macro NH_ONE_UNIT n
.if \n == 1
	ld1		{K0.4s, K1.4s}, [KEY], #32
.elseif \n == 2
	ld1		{K0.4s, K1.4s, K2.4s}, [KEY]
	add		KEY, KEY, #32
.else
	ld1		{K0.4s, K1.4s, K2.4s, K3.4s}, [KEY]
.if \n == 4
	add		KEYHI, KEY, #64
	ld1		{K4.4s}, [KEYHI]
.endif
	add		KEY, KEY, #32
.endif
	NH_MULI		\n, 0, A, X_A, Y_A, K0, K1, T0, T1
.if \n > 1
	NH_MULI		\n, 1, A, X_A, Y_A, K1, K2, T2, T3
.endif
.if \n > 2
	NH_MULI		\n, 2, A, X_A, Y_A, K2, K3, T0, T1
.endif
.if \n > 3
	NH_MULI		\n, 3, A, X_A, Y_A, K3, K4, T2, T3
.endif
.endm

/*
 * Four units with one iteration: two NH_TWO_UNITS, the second into the
 * accumulators of iteration 1 (unused with one iteration), so that each
 * accumulator takes one UMLAL per 128 bytes.
 */
.macro NH_FOUR_UNITS_1
	NH_TWO_UNITS	1
	ld1		{X_A.4s, Y_A.4s, X_B.4s, Y_B.4s}, [DATA], #64
	ld1		{K0.4s, K1.4s, K2.4s, K3.4s}, [KEY], #64
	NH_MUL		X_A, Y_A, K0, K1, ACCA1, T0, T1, ACCA3
	NH_MUL		X_B, Y_B, K2, K3, ACCB1, T2, T3, ACCB3
.endm

/*
 * UNITS units from DATA: two per step (four with one iteration), then the
 * odd ones.
 */
.macro NH_UNITS n
.if \n == 1
	subs		UNITS, UNITS, #4
	b.lo		.Ltail4\@
.Lfour\@:
	NH_FOUR_UNITS_1
	subs		UNITS, UNITS, #4
	b.hs		.Lfour\@
.Ltail4\@:
	/* UNITS is now -4 .. -1: 0 .. 3 units left, bit 1 set for 2 or 3 */
	tbz		UNITS, #1, .Ltail\@
	NH_TWO_UNITS	1
.else
	subs		UNITS, UNITS, #2
	b.lo		.Ltail\@
.Lpair\@:
	NH_TWO_UNITS	\n
	subs		UNITS, UNITS, #2
	b.hs		.Lpair\@
.endif
.Ltail\@:
	/* UNITS is now even (none left) or odd (one) */
	tbz		UNITS, #0, .Ldone\@
	ld1		{X_A.4s, Y_A.4s}, [DATA], #32
	NH_ONE_UNIT	\n
.Ldone\@:
.endm

/*
 * Sum of both lanes of ACCA_i + ACCB_i (and, for n <= 2, of ACCA_{i+2} +
 * ACCB_{i+2}) for i < n, added to (add=1) or stored
 * at (add=0) \dst[0..n-1]; \dst is advanced by 8n.  ADDP of two
 * accumulators leaves their two sums side by side.
 */
.macro NH_FOLD n, dst, add
.if \n == 1
	add		ACCA0.2d, ACCA0.2d, ACCA1.2d	/* NH_FOUR_UNITS_1's */
	add		ACCB0.2d, ACCB0.2d, ACCB1.2d
	add		ACCA2.2d, ACCA2.2d, ACCA3.2d
	add		ACCB2.2d, ACCB2.2d, ACCB3.2d
.endif
.if \n <= 2
	add		ACCA0.2d, ACCA0.2d, ACCA2.2d	/* NH_MULI's lanes 2-3 */
	add		ACCB0.2d, ACCB0.2d, ACCB2.2d
.endif
.if \n == 2
	add		ACCA1.2d, ACCA1.2d, ACCA3.2d
	add		ACCB1.2d, ACCB1.2d, ACCB3.2d
.endif
	add		ACCA0.2d, ACCA0.2d, ACCB0.2d
.if \n == 1
	addp		ACCA0.2d, ACCA0.2d, ACCA0.2d
.if \add
	ld1		{T0.d}[0], [\dst]
	add		ACCA0.2d, ACCA0.2d, T0.2d
.endif
	st1		{ACCA0.d}[0], [\dst], #8
.else
	add		ACCA1.2d, ACCA1.2d, ACCB1.2d
	addp		ACCA0.2d, ACCA0.2d, ACCA1.2d
.if \add
	ld1		{T0.2d}, [\dst]
	add		ACCA0.2d, ACCA0.2d, T0.2d
.endif
	st1		{ACCA0.2d}, [\dst], #16
.endif
.if \n == 3
	add		ACCA2.2d, ACCA2.2d, ACCB2.2d
	addp		ACCA2.2d, ACCA2.2d, ACCA2.2d
.if \add
	ld1		{T1.d}[0], [\dst]
	add		ACCA2.2d, ACCA2.2d, T1.2d
.endif
	st1		{ACCA2.d}[0], [\dst], #8
.elseif \n == 4
	add		ACCA2.2d, ACCA2.2d, ACCB2.2d
	add		ACCA3.2d, ACCA3.2d, ACCB3.2d
	addp		ACCA2.2d, ACCA2.2d, ACCA3.2d
.if \add
	ld1		{T1.2d}, [\dst]
	add		ACCA2.2d, ACCA2.2d, T1.2d
.endif
	st1		{ACCA2.2d}, [\dst], #16
.endif
.endm

.macro NH_FUNCS n
SYM_FUNC_START(umac_nh_neon_\n)
	NH_ZERO		\n
	NH_UNITS	\n
	NH_FOLD		\n, NH, 1
	ret
SYM_FUNC_END(umac_nh_neon_\n)

SYM_FUNC_START(umac_nh_short_neon_\n)
	NH_ZERO		\n
	NH_UNITS	\n
	cbz		LAST, .Lfold\@
	ld1		{X_A.4s, Y_A.4s}, [LAST]
	NH_ONE_UNIT	\n
.Lfold\@:
	NH_FOLD		\n, SNH, 1
	ret
SYM_FUNC_END(umac_nh_short_neon_\n)

SYM_FUNC_START(umac_nh_chunks_neon_\n)
	mov		KEY0, KEY
	mov		CHUNKS, NCHUNKS
.Lchunk\@:
	NH_ZERO		\n
	mov		KEY, KEY0
	mov		UNITS, #32		/* 1024 / 32: no odd unit */
	NH_UNITS	\n
	NH_FOLD		\n, OUT, 0
	subs		CHUNKS, CHUNKS, #1
	b.ne		.Lchunk\@
	ret
SYM_FUNC_END(umac_nh_chunks_neon_\n)
.endm

NH_FUNCS	1
NH_FUNCS	2
NH_FUNCS	3
NH_FUNCS	4

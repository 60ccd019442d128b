/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01) for arm64, NEON tier: NH's key additions
 * on the vector pipes, the multiplies, NH sums and L2 in general-purpose
 * registers (the macros of vmac-scalar.S.inc).
 *
 * CPU-feature contract:
 *   vmac_blocks64_neon, vmac_blocks128_neon: ASIMD; the caller holds a
 *	kernel-mode NEON section.  v0-v7 and v16-v26 only (d8-d15 are not
 *	touched, so none is saved).  x19-x24 are saved on the stack, then
 *	256 bytes of stack hold the sums (wiped before returning: m + k
 *	and a known message give the key); x18, x29 and x30 are never
 *	touched, so a frame-pointer unwinder that interrupts them finds the
 *	caller's frame.
 *
 *   void vmac_blocks64_neon(u64 poly[2], const u8 *p, size_t nblocks,
 *			     const struct vmac_key *key);
 *   void vmac_blocks128_neon(u64 poly[2][2], const u8 *p, size_t nblocks,
 *			      const struct vmac_key *key);
 *	NH + L2 over nblocks >= 1 whole 128-byte blocks, one resp. two
 *	iterations; poly[i] = {ah, al}, the L2 accumulators; the same
 *	results as vmac_blocks64_scalar / vmac_blocks128_scalar.
 *
 * Why a tier of its own: per NH word pair the scalar loop issues six
 * integer instructions (ADD and ADD for m + k, MUL, UMULH, ADDS, ADC) for
 * its two multiplies.  Where the multipliers sit on integer issue units
 * that also take the ALU instructions (Neoverse V1: four units, two of
 * which multiply), those instructions and not the multiplies bound the
 * loop.  Here the key additions, m + k mod 2^64, are ADD .2D (one word
 * pair per vector) on the vector pipes, and the sums go to the general
 * registers through memory: STP q to a stack buffer, LDP x of each pair
 * back.  Loads and stores issue on the load/store pipes, so the integer
 * units see MUL, UMULH, ADDS and ADC per pair, plus L2.  (Moving the lanes
 * with UMOV or FMOV instead costs vector-to-integer transfers, which
 * Neoverse V2 issues on two of its vector pipes only, one lane each.)
 * Needing NEON, it runs where SIMD is usable; the scalar tier is what runs
 * elsewhere.
 *
 * The NH key stays in NK0-NK8 (v16-v24) for the whole call: NK0-NK7 are
 * iteration 0's eight pairs (k0, k1) .. (k14, k15); iteration 1 uses the
 * key 16 bytes on, which is the same registers one on, NK1-NK8, with
 * NK8 = (k16, k17).  The message words are little-endian in memory as LDP q
 * loads them, the key words host-order (converted at setkey), so the
 * 64-bit lanes add as NH wants.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

	.arch		armv8-a+simd

#include "vmac-scalar.S.inc"

	/* the sums' stack buffer: 256 bytes at sp */
	SUMBUF	.req	sp

	/*
	 * Vector registers, each under its v name (ADD) and its q name
	 * (LDP/STP).  MSG0-MSG7: word pairs 0-7 of a block.  NK0-NK8: the NH
	 * key pairs (k0, k1) .. (k16, k17).  SUMV0, SUMV1: two pairs' sums
	 * on their way to SUMBUF.
	 */
	MSG0	.req	v0
	MSG1	.req	v1
	MSG2	.req	v2
	MSG3	.req	v3
	MSG4	.req	v4
	MSG5	.req	v5
	MSG6	.req	v6
	MSG7	.req	v7
	MSGQ0	.req	q0
	MSGQ1	.req	q1
	MSGQ2	.req	q2
	MSGQ3	.req	q3
	MSGQ4	.req	q4
	MSGQ5	.req	q5
	MSGQ6	.req	q6
	MSGQ7	.req	q7
	NK0	.req	v16
	NK1	.req	v17
	NK2	.req	v18
	NK3	.req	v19
	NK4	.req	v20
	NK5	.req	v21
	NK6	.req	v22
	NK7	.req	v23
	NK8	.req	v24
	NKQ0	.req	q16
	NKQ1	.req	q17
	NKQ2	.req	q18
	NKQ3	.req	q19
	NKQ4	.req	q20
	NKQ5	.req	q21
	NKQ6	.req	q22
	NKQ7	.req	q23
	NKQ8	.req	q24
	SUMV0	.req	v25
	SUMV1	.req	v26
	SUMQ0	.req	q25
	SUMQ1	.req	q26

.text

/* The block at P + \poff into MSG0-MSG7. */
.macro LOAD_BLOCK poff
	ldp		MSGQ0, MSGQ1, [P, #(\poff)]
	ldp		MSGQ2, MSGQ3, [P, #(\poff + 32)]
	ldp		MSGQ4, MSGQ5, [P, #(\poff + 64)]
	ldp		MSGQ6, MSGQ7, [P, #(\poff + 96)]
.endm

/* Two pairs' sums m + k mod 2^64, through SUMV0/SUMV1, to SUMBUF + \soff. */
.macro SUMS2 soff, m0, m1, k0, k1
	add		SUMV0.2d, \m0\().2d, \k0\().2d
	add		SUMV1.2d, \m1\().2d, \k1\().2d
	stp		SUMQ0, SUMQ1, [SUMBUF, #(\soff)]
.endm

/*
 * The block in MSG0-MSG7 plus the key pairs \k0 .. \k7, stored to SUMBUF +
 * \soff as the eight word pairs NH_BLOCK reads.
 */
.macro SUMS soff, k0, k1, k2, k3, k4, k5, k6, k7
	SUMS2		(\soff), MSG0, MSG1, \k0, \k1
	SUMS2		(\soff + 32), MSG2, MSG3, \k2, \k3
	SUMS2		(\soff + 64), MSG4, MSG5, \k4, \k5
	SUMS2		(\soff + 96), MSG6, MSG7, \k6, \k7
.endm

.macro ENTER
	SAVE_X19_X24
	sub		sp, sp, #256
	ldp		NKQ0, NKQ1, [KEY, #VMAC_KEY_NH]
	ldp		NKQ2, NKQ3, [KEY, #(VMAC_KEY_NH + 32)]
	ldp		NKQ4, NKQ5, [KEY, #(VMAC_KEY_NH + 64)]
	ldp		NKQ6, NKQ7, [KEY, #(VMAC_KEY_NH + 96)]
.endm

/* Wipes the sums and returns. */
.macro LEAVE
	movi		SUMV0.2d, #0
	.irp off, 0, 32, 64, 96, 128, 160, 192, 224
	stp		SUMQ0, SUMQ0, [SUMBUF, #\off]
	.endr
	add		sp, sp, #256
	RESTORE_X19_X24
	ret
.endm

SYM_FUNC_START(vmac_blocks64_neon)
	ENTER
	ldp		AH0, AL0, [POLYP]
	ldp		KH0, KL0, [KEY, #VMAC_KEY_POLY]
	ldp		K2H, K2L, [KEY, #VMAC_KEY_POLY2]
	tbz		NBLK, #0, .Lnb64_pairs
	LOAD_BLOCK	0			/* an odd block: one single step */
	SUMS		0, NK0, NK1, NK2, NK3, NK4, NK5, NK6, NK7
	NH_BLOCK	, 0, SL, SH, SUMBUF
	lsl		KD0, KH0, #1
	POLY1		AH0, AL0, KH0, KL0, KD0
	add		P, P, #128
	subs		NBLK, NBLK, #1
	b.eq		.Lnb64_done
.Lnb64_pairs:
	LOAD_BLOCK	0
	SUMS		0, NK0, NK1, NK2, NK3, NK4, NK5, NK6, NK7
	LOAD_BLOCK	128
	SUMS		128, NK0, NK1, NK2, NK3, NK4, NK5, NK6, NK7
	NH_BLOCK	, 0, N1L, N1H, SUMBUF
	NH_BLOCK	, 128, SL, SH, SUMBUF
	POLY2
	add		P, P, #256
	subs		NBLK, NBLK, #2
	b.ne		.Lnb64_pairs
.Lnb64_done:
	stp		AH0, AL0, [POLYP]
	LEAVE
SYM_FUNC_END(vmac_blocks64_neon)

/*
 * One block per step on each of the two iterations' L2 chains, which are
 * independent and overlap in the core; the block is loaded once and summed
 * with both iterations' keys.
 */
SYM_FUNC_START(vmac_blocks128_neon)
	ENTER
	ldr		NKQ8, [KEY, #(VMAC_KEY_NH + 128)]
	ldp		AH0, AL0, [POLYP]
	ldp		AH1, AL1, [POLYP, #16]
	ldp		KH0, KL0, [KEY, #VMAC_KEY_POLY]
	ldp		KH1, KL1, [KEY, #(VMAC_KEY_POLY + 16)]
	lsl		KD0, KH0, #1
	lsl		KD1, KH1, #1
.Lnb128:
	LOAD_BLOCK	0
	SUMS		0, NK0, NK1, NK2, NK3, NK4, NK5, NK6, NK7
	SUMS		128, NK1, NK2, NK3, NK4, NK5, NK6, NK7, NK8
	NH_BLOCK	, 0, SL, SH, SUMBUF
	POLY1		AH0, AL0, KH0, KL0, KD0
	NH_BLOCK	, 128, SL, SH, SUMBUF
	POLY1		AH1, AL1, KH1, KL1, KD1
	add		P, P, #128
	subs		NBLK, NBLK, #1
	b.ne		.Lnb128
	stp		AH0, AL0, [POLYP]
	stp		AH1, AL1, [POLYP, #16]
	LEAVE
SYM_FUNC_END(vmac_blocks128_neon)

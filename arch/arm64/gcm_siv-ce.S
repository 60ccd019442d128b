/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) building blocks for arm64 with the Crypto
 * Extensions: AES with AESE/AESMC, POLYVAL with PMULL/PMULL2.
 *
 * CPU-feature contract: ASIMD, AES and PMULL (the caller checks
 * cpu_have_named_feature(AES) and (PMULL)).  The caller owns the vector
 * state (kernel_neon_begin() or userspace).  The functions that need more
 * than v0-v7 and v16-v31 save and restore d8-d15 (callee-saved under
 * AAPCS64) on the stack; nothing else is stored there.  Round keys are in
 * FIPS-197 byte order (what AESE takes), always 15 of them in memory
 * (rk[15][16]; an AES-128 key uses the first 11).
 *
 *   void kfast_gcmsiv_aes_ce(const u8 rk[15][16], unsigned int nrounds,
 *			      u8 *out, const u8 *in, size_t nblocks);
 *	nblocks independent blocks (the key derivation, single blocks).
 *   void kfast_gcmsiv_ctr_ce(const u8 rk[15][16], unsigned int nrounds,
 *			      u8 ctr[16], const u8 *src, u8 *dst,
 *			      size_t nblocks);
 *	dst = src ^ AES(ctr), AES(ctr + 1), ...; ctr is advanced.  Only the
 *	first 32 bits of the counter block count, little-endian, mod 2^32
 *	(RFC 8452 section 4): an ADD on lane 0 of the .4s view does exactly
 *	that.  Eight blocks in flight, then one at a time.
 *   void kfast_gcmsiv_polyval_ce(u8 acc[16], const u8 htab[12][16],
 *				  const u8 *data, size_t nblocks);
 *	POLYVAL of nblocks (>= 1) blocks into acc.  htab[0..7] = H^8..H^1,
 *	htab[8 + j] = the Karatsuba folds (lo ^ hi) of H^(8-2j) and
 *	H^(7-2j) side by side; with fewer than 8 blocks only H^n..H^1 are
 *	read.
 *   void kfast_gcmsiv_mul_ce(u8 out[16], const u8 a[16], const u8 b[16]);
 *	out = dot(a, b) = a * b * x^-128 mod g (the powers of H).
 *   u32 kfast_gcmsiv_subword_ce(u32 w);
 *	SubWord(w): the S-box on each byte, for the key expansion in C.
 *
 * POLYVAL maths.  Field elements are 128-bit little-endian integers, bit i
 * the coefficient of x^i (no bit reflection: a block loaded with LD1 is
 * the element, d0 the low half), g(x) = x^128 + x^127 + x^126 + x^121 + 1,
 * and dot(a, b) = a * b * x^-128 mod g.  POLYVAL is S_j = dot(S_{j-1} ^
 * X_j, H), so eight blocks at once are
 *
 *	S' = dot(S ^ X_1, H^8) ^ dot(X_2, H^7) ^ ... ^ dot(X_8, H^1)
 *
 * where H^k is the Montgomery power dot(H^(k-1), H); the reduction is
 * linear, so the eight 256-bit products are summed and reduced once.
 * Products are Karatsuba: for a = a1:a0 and b = b1:b0 (64-bit halves),
 * L = a0 b0 (PMULL), Hh = a1 b1 (PMULL2), M = (a0 ^ a1)(b0 ^ b1) (PMULL on
 * the folds), and the product is Hh x^128 + (M ^ L ^ Hh) x^64 + L: three
 * multiplies instead of four.  The folds of two data blocks are made with
 * one TRN1/TRN2/EOR, those of the powers come precomputed in htab.
 *
 * Reduction of P = [P3 : P2 : P1 : P0] (64-bit words) by x^128: g = 1 +
 * c x^64 + x^128 with c = x^63 + x^62 + x^57 (0xc200000000000000).  Adding
 * P0 g clears P0: T = P0 c goes into words 1-2 and P0 into word 2.  Adding
 * P1' g x^64 (P1' = P1 ^ T_lo) clears word 1 the same way with T' = P1' c.
 * What is left, shifted down by 128, is
 *
 *	[P3 ^ P1' ^ T'_hi : P2 ^ P0 ^ T_hi ^ T'_lo]
 *
 * which with LO = [P1 : P0] and HI = [P3 : P2] is: T = PMULL(LO.d0, c),
 * Y = LO ^ swap(T) = [P1' : P0 ^ T_hi], T' = PMULL2(Y.d1, c),
 * result = HI ^ Y ^ T'.  Two multiplies per reduction, one reduction per
 * eight blocks.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

	.arch		armv8-a+crypto

	/* arguments of the AES functions */
	RKP	.req	x0
	NR	.req	w1
	/* kfast_gcmsiv_aes_ce */
	EOUT	.req	x2
	EIN	.req	x3
	ENBLK	.req	x4
	/* kfast_gcmsiv_ctr_ce */
	CTRP	.req	x2
	SRC	.req	x3
	DST	.req	x4
	CNBLK	.req	x5
	/* kfast_gcmsiv_polyval_ce, kfast_gcmsiv_mul_ce */
	ACCP	.req	x0
	HTAB	.req	x1
	DATA	.req	x2
	PNBLK	.req	x3
	MOUT	.req	x0
	MA	.req	x1
	MB	.req	x2
	/* scratch */
	TMP	.req	x9
	HP	.req	x10

	/* round keys 0..14 */
	RK0	.req	v16
	RK1	.req	v17
	RK2	.req	v18
	RK3	.req	v19
	RK4	.req	v20
	RK5	.req	v21
	RK6	.req	v22
	RK7	.req	v23
	RK8	.req	v24
	RK9	.req	v25
	RK10	.req	v26
	RK11	.req	v27
	RK12	.req	v28
	RK13	.req	v29
	RK14	.req	v30
	/* CTR: blocks in flight v0-v7 (BLK0..BLK7), counter, increment, data */
	BLK0	.req	v0
	BLK1	.req	v1
	BLK2	.req	v2
	BLK3	.req	v3
	BLK4	.req	v4
	BLK5	.req	v5
	BLK6	.req	v6
	BLK7	.req	v7
	ONE	.req	v8
	CTR	.req	v9
	DAT0	.req	v10
	DAT1	.req	v11
	DAT2	.req	v12
	DAT3	.req	v13

	/* POLYVAL: blocks X0..X7 are v0-v7 (the BLK names) */
	HPOW8	.req	v16
	HPOW7	.req	v17
	HPOW6	.req	v18
	HPOW5	.req	v19
	HPOW4	.req	v20
	HPOW3	.req	v21
	HPOW2	.req	v22
	HPOW1	.req	v23
	F0	.req	v24	/* folds of H^8, H^7 */
	F1	.req	v25	/* H^6, H^5 */
	F2	.req	v26	/* H^4, H^3 */
	F3	.req	v27	/* H^2, H^1 */
	GSTAR	.req	v28	/* c = 0xc200000000000000 in both lanes */
	ACC	.req	v29	/* S */
	SLO	.req	v30	/* sums of L */
	SHI	.req	v31	/* sums of Hh */
	SMID	.req	v8	/* sums of M */
	T0	.req	v9
	T1	.req	v10
	T2	.req	v11
	T3	.req	v12
	T4	.req	v13
	T5	.req	v14
	ZERO	.req	v15

.text

/* d8-d15 are callee-saved: the functions that use v8-v15 keep them here. */
.macro SAVE_D8_D15
	stp		d8, d9, [sp, #-64]!
	stp		d10, d11, [sp, #16]
	stp		d12, d13, [sp, #32]
	stp		d14, d15, [sp, #48]
.endm

.macro RESTORE_D8_D15
	ldp		d10, d11, [sp, #16]
	ldp		d12, d13, [sp, #32]
	ldp		d14, d15, [sp, #48]
	ldp		d8, d9, [sp], #64
.endm

/* All 15 round keys into RK0..RK14 (the array always has 15). */
.macro LOAD_RK
	ld1		{RK0.16b, RK1.16b, RK2.16b, RK3.16b}, [RKP], #64
	ld1		{RK4.16b, RK5.16b, RK6.16b, RK7.16b}, [RKP], #64
	ld1		{RK8.16b, RK9.16b, RK10.16b, RK11.16b}, [RKP], #64
	ld1		{RK12.16b, RK13.16b, RK14.16b}, [RKP]
.endm

/*
 * One AES round on one block: AESE (AddRoundKey, SubBytes, ShiftRows) then
 * AESMC (MixColumns) on the same register, adjacent so that the cores that
 * fuse the pair do.
 */
.macro AES_RND1 k, x
	aese		\x\().16b, \k\().16b
	aesmc		\x\().16b, \x\().16b
.endm

/* The last round: AESE with the next-to-last key, EOR with the last. */
.macro AES_LAST1 k, klast, x
	aese		\x\().16b, \k\().16b
	eor		\x\().16b, \x\().16b, \klast\().16b
.endm

/* AES_RND1 or AES_LAST1 (\op) on up to eight blocks, round by round. */
.macro AES_ALL op, k, b0, b1, b2, b3, b4, b5, b6, b7
	\op		\k, \b0
.ifnb \b1
	\op		\k, \b1
.endif
.ifnb \b2
	\op		\k, \b2
	\op		\k, \b3
	\op		\k, \b4
	\op		\k, \b5
	\op		\k, \b6
	\op		\k, \b7
.endif
.endm

.macro AES_RND k, b:vararg
	AES_ALL		AES_RND1, \k, \b
.endm

.macro AES_LAST k, klast, b:vararg
	AES_ALL		AES_LAST1, "\k, \klast", \b
.endm

/* The whole cipher with \nr rounds (10 or 14) on blocks \b... */
.macro AES_ENCRYPT nr, b:vararg
	AES_RND		RK0, \b
	AES_RND		RK1, \b
	AES_RND		RK2, \b
	AES_RND		RK3, \b
	AES_RND		RK4, \b
	AES_RND		RK5, \b
	AES_RND		RK6, \b
	AES_RND		RK7, \b
	AES_RND		RK8, \b
.if \nr == 10
	AES_LAST	RK9, RK10, \b
.else
	AES_RND		RK9, \b
	AES_RND		RK10, \b
	AES_RND		RK11, \b
	AES_RND		RK12, \b
	AES_LAST	RK13, RK14, \b
.endif
.endm

/* ---- single blocks ------------------------------------------------------ */

.macro AES_BLOCKS nr
.Lblk\@:
	ld1		{BLK0.16b}, [EIN], #16
	AES_ENCRYPT	\nr, BLK0
	st1		{BLK0.16b}, [EOUT], #16
	subs		ENBLK, ENBLK, #1
	b.ne		.Lblk\@
	ret
.endm

SYM_FUNC_START(kfast_gcmsiv_aes_ce)
	cbz		ENBLK, .Laes_none
	LOAD_RK
	cmp		NR, #10
	b.ne		.Laes_256
	AES_BLOCKS	10
.Laes_256:
	AES_BLOCKS	14
.Laes_none:
	ret
SYM_FUNC_END(kfast_gcmsiv_aes_ce)

/* ---- CTR ---------------------------------------------------------------- */

/* BLK0..BLK7 = CTR + 0..7, CTR += 8 (lane 0 only, mod 2^32). */
.macro CTR8
	mov		BLK0.16b, CTR.16b
	add		BLK1.4s, CTR.4s, ONE.4s
	add		BLK2.4s, BLK1.4s, ONE.4s
	add		BLK3.4s, BLK2.4s, ONE.4s
	add		BLK4.4s, BLK3.4s, ONE.4s
	add		BLK5.4s, BLK4.4s, ONE.4s
	add		BLK6.4s, BLK5.4s, ONE.4s
	add		BLK7.4s, BLK6.4s, ONE.4s
	add		CTR.4s, BLK7.4s, ONE.4s
.endm

/* Four keystream blocks \a..\d XORed with the next 64 bytes of SRC to DST. */
.macro XOR4 a, b, c, d
	ld1		{DAT0.16b, DAT1.16b, DAT2.16b, DAT3.16b}, [SRC], #64
	eor		\a\().16b, \a\().16b, DAT0.16b
	eor		\b\().16b, \b\().16b, DAT1.16b
	eor		\c\().16b, \c\().16b, DAT2.16b
	eor		\d\().16b, \d\().16b, DAT3.16b
	st1		{\a\().16b, \b\().16b, \c\().16b, \d\().16b}, [DST], #64
.endm

.macro CTR_BLOCKS nr
	subs		CNBLK, CNBLK, #8
	b.lo		.Ltail\@
.Leight\@:
	CTR8
	AES_ENCRYPT	\nr, BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7
	XOR4		BLK0, BLK1, BLK2, BLK3
	XOR4		BLK4, BLK5, BLK6, BLK7
	subs		CNBLK, CNBLK, #8
	b.hs		.Leight\@
.Ltail\@:
	adds		CNBLK, CNBLK, #8	/* 0..7 left */
	b.eq		.Ldone\@
.Lone\@:
	mov		BLK0.16b, CTR.16b
	add		CTR.4s, CTR.4s, ONE.4s
	AES_ENCRYPT	\nr, BLK0
	ld1		{DAT0.16b}, [SRC], #16
	eor		BLK0.16b, BLK0.16b, DAT0.16b
	st1		{BLK0.16b}, [DST], #16
	subs		CNBLK, CNBLK, #1
	b.ne		.Lone\@
.Ldone\@:
	st1		{CTR.16b}, [CTRP]
	RESTORE_D8_D15
	ret
.endm

SYM_FUNC_START(kfast_gcmsiv_ctr_ce)
	cbz		CNBLK, .Lctr_none
	SAVE_D8_D15
	LOAD_RK
	ld1		{CTR.16b}, [CTRP]
	mov		w9, #1
	fmov		s8, w9			/* ONE = (1, 0, 0, 0): s8 is ONE's lane 0 */
	cmp		NR, #10
	b.ne		.Lctr_256
	CTR_BLOCKS	10
.Lctr_256:
	CTR_BLOCKS	14
.Lctr_none:
	ret
SYM_FUNC_END(kfast_gcmsiv_ctr_ce)

/* ---- POLYVAL ------------------------------------------------------------ */

/*
 * Karatsuba products of blocks \xa and \xb (data) with powers \ha and \hb
 * and their packed folds \f, summed into SLO, SHI, SMID (first=1: stored).
 */
.macro KARA2 xa, xb, ha, hb, f, first=0
	trn1		T0.2d, \xa\().2d, \xb\().2d
	trn2		T1.2d, \xa\().2d, \xb\().2d
	eor		T0.16b, T0.16b, T1.16b		/* folds of xa, xb */
.if \first
	pmull		SLO.1q, \xa\().1d, \ha\().1d
	pmull2		SHI.1q, \xa\().2d, \ha\().2d
	pmull		SMID.1q, T0.1d, \f\().1d
.else
	pmull		T1.1q, \xa\().1d, \ha\().1d
	pmull2		T2.1q, \xa\().2d, \ha\().2d
	pmull		T3.1q, T0.1d, \f\().1d
	eor		SLO.16b, SLO.16b, T1.16b
	eor		SHI.16b, SHI.16b, T2.16b
	eor		SMID.16b, SMID.16b, T3.16b
.endif
	pmull		T1.1q, \xb\().1d, \hb\().1d
	pmull2		T2.1q, \xb\().2d, \hb\().2d
	pmull2		T3.1q, T0.2d, \f\().2d
	eor		SLO.16b, SLO.16b, T1.16b
	eor		SHI.16b, SHI.16b, T2.16b
	eor		SMID.16b, SMID.16b, T3.16b
.endm

/* The product of one block \x with the power at [HP] into the sums. */
.macro KARA1 x, first=0
	ld1		{T4.16b}, [HP], #16
	ext		T0.16b, \x\().16b, \x\().16b, #8
	ext		T5.16b, T4.16b, T4.16b, #8
	eor		T0.16b, T0.16b, \x\().16b	/* fold of x in d0 */
	eor		T5.16b, T5.16b, T4.16b		/* fold of the power */
.if \first
	pmull		SLO.1q, \x\().1d, T4.1d
	pmull2		SHI.1q, \x\().2d, T4.2d
	pmull		SMID.1q, T0.1d, T5.1d
.else
	pmull		T1.1q, \x\().1d, T4.1d
	pmull2		T2.1q, \x\().2d, T4.2d
	pmull		T3.1q, T0.1d, T5.1d
	eor		SLO.16b, SLO.16b, T1.16b
	eor		SHI.16b, SHI.16b, T2.16b
	eor		SMID.16b, SMID.16b, T3.16b
.endif
.endm

/* \dst = (SHI x^128 + (SMID ^ SLO ^ SHI) x^64 + SLO) * x^-128 mod g. */
.macro REDUCE dst
	eor		SMID.16b, SMID.16b, SLO.16b
	eor		SMID.16b, SMID.16b, SHI.16b
	ext		T0.16b, ZERO.16b, SMID.16b, #8	/* M_lo in d1 */
	ext		T1.16b, SMID.16b, ZERO.16b, #8	/* M_hi in d0 */
	eor		SLO.16b, SLO.16b, T0.16b	/* [P1 : P0] */
	eor		SHI.16b, SHI.16b, T1.16b	/* [P3 : P2] */
	pmull		T0.1q, SLO.1d, GSTAR.1d		/* T = P0 c */
	ext		T0.16b, T0.16b, T0.16b, #8
	eor		SLO.16b, SLO.16b, T0.16b	/* Y = [P1' : P0 ^ T_hi] */
	pmull2		T1.1q, SLO.2d, GSTAR.2d		/* T' = P1' c */
	eor		SHI.16b, SHI.16b, SLO.16b
	eor		\dst\().16b, SHI.16b, T1.16b
.endm

.macro POLYVAL_SETUP
	movz		TMP, #0xc200, lsl #48
	dup		GSTAR.2d, TMP
	movi		ZERO.2d, #0
.endm

SYM_FUNC_START(kfast_gcmsiv_polyval_ce)
	SAVE_D8_D15
	POLYVAL_SETUP
	ld1		{ACC.16b}, [ACCP]
	cmp		PNBLK, #8
	b.lo		.Lpv_tail
	ld1		{HPOW8.16b, HPOW7.16b, HPOW6.16b, HPOW5.16b}, [HTAB], #64
	ld1		{HPOW4.16b, HPOW3.16b, HPOW2.16b, HPOW1.16b}, [HTAB], #64
	ld1		{F0.16b, F1.16b, F2.16b, F3.16b}, [HTAB]
	sub		HTAB, HTAB, #128
.Lpv_eight:
	ld1		{BLK0.16b, BLK1.16b, BLK2.16b, BLK3.16b}, [DATA], #64
	ld1		{BLK4.16b, BLK5.16b, BLK6.16b, BLK7.16b}, [DATA], #64
	/*
	 * The blocks that do not depend on S first: only the last pair
	 * waits for the previous reduction, so the sums' chain is short.
	 */
	KARA2		BLK6, BLK7, HPOW2, HPOW1, F3, 1
	KARA2		BLK4, BLK5, HPOW4, HPOW3, F2
	KARA2		BLK2, BLK3, HPOW6, HPOW5, F1
	eor		BLK0.16b, BLK0.16b, ACC.16b		/* S ^ X_1 */
	KARA2		BLK0, BLK1, HPOW8, HPOW7, F0
	REDUCE		ACC
	sub		PNBLK, PNBLK, #8
	cmp		PNBLK, #8
	b.hs		.Lpv_eight
.Lpv_tail:
	cbz		PNBLK, .Lpv_done
	/* n < 8 blocks left: H^n..H^1 are htab[8 - n..7] */
	mov		TMP, #8
	sub		TMP, TMP, PNBLK
	add		HP, HTAB, TMP, lsl #4
	ld1		{BLK0.16b}, [DATA], #16
	eor		BLK0.16b, BLK0.16b, ACC.16b
	KARA1		BLK0, 1
	subs		PNBLK, PNBLK, #1
	b.eq		.Lpv_reduce
.Lpv_one:
	ld1		{BLK0.16b}, [DATA], #16
	KARA1		BLK0
	subs		PNBLK, PNBLK, #1
	b.ne		.Lpv_one
.Lpv_reduce:
	REDUCE		ACC
.Lpv_done:
	st1		{ACC.16b}, [ACCP]
	RESTORE_D8_D15
	ret
SYM_FUNC_END(kfast_gcmsiv_polyval_ce)

SYM_FUNC_START(kfast_gcmsiv_mul_ce)
	SAVE_D8_D15
	POLYVAL_SETUP
	ld1		{BLK0.16b}, [MA]
	mov		HP, MB
	KARA1		BLK0, 1
	REDUCE		ACC
	st1		{ACC.16b}, [MOUT]
	RESTORE_D8_D15
	ret
SYM_FUNC_END(kfast_gcmsiv_mul_ce)

/* ---- key expansion helper ---------------------------------------------- */

/*
 * AESE with an all-zero round key is SubBytes(ShiftRows(x)); with the
 * word in all four columns ShiftRows moves nothing, so lane 0 is
 * SubWord(w).
 */
SYM_FUNC_START(kfast_gcmsiv_subword_ce)
	dup		BLK0.4s, w0
	movi		BLK1.2d, #0
	aese		BLK0.16b, BLK1.16b
	umov		w0, BLK0.s[0]
	ret
SYM_FUNC_END(kfast_gcmsiv_subword_ce)

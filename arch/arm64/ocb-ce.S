/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-OCB (RFC 7253) for arm64 with the Crypto Extensions: the CE tier,
 * 8 blocks in flight.
 *
 * CPU-feature contract: ASIMD and AES (the caller checks
 * cpu_have_named_feature(ASIMD) and (AES)).  The caller owns the vector
 * state (kernel_neon_begin() or userspace) and passes a struct ocb_key and
 * a struct ocb_ctx whose field offsets are the OCB_KEY_* / OCB_CTX_* of
 * arch/arm64/ocb-offsets.h (asserted in arch/arm64/ocb-hooks.h).  The text
 * and HASH functions keep the eight offsets in v8-v15 and so save and
 * restore d8-d15 (callee-saved under AAPCS64) on the stack, 64 bytes, the
 * only thing stored there; x29/x30 are not touched.  Round keys are in
 * FIPS-197 byte order, always 15 of them in memory (an AES-128 key uses the
 * first 11); nrounds is 10, 12 or 14.
 *
 *   void kfast_ocb_enc_ce(const struct ocb_key *key, struct ocb_ctx *ctx,
 *			   const u8 *in, u8 *out, size_t nblocks,
 *			   unsigned int nrounds);
 *   void kfast_ocb_dec_ce(... the same ...);
 *	nblocks whole blocks from in to out (in == out allowed); updates
 *	ctx->offset, ctx->checksum and ctx->nblocks.
 *   void kfast_ocb_hash_ce(const struct ocb_key *key, struct ocb_ctx *ctx,
 *			    const u8 *aad, void *unused, size_t nblocks,
 *			    unsigned int nrounds);
 *	nblocks whole AAD blocks into ctx->aad_sum (ctx->aad_offset and
 *	ctx->aad_nblocks updated); the fourth argument keeps the registers
 *	of the text functions.
 *   void kfast_ocb_aes_block_ce(const u8 rk[15][16], u8 out[16],
 *				 const u8 in[16], unsigned int nrounds);
 *	One forward block (Ktop, the pads of partial blocks, the tag).
 *
 * The maths (RFC 7253 section 4, E = AES-Enc with the key, D = AES-Dec):
 *
 *  - Offsets.  Block i (counted from 1 over the whole message, the
 *    context's nblocks) has Offset_i = Offset_{i-1} ^ L_{ntz(i)}; ntz(i)
 *    is CLZ of RBIT of i (i is never 0), scaled by 16 to index the key's
 *    L table.  Offsets are bytes in RFC (big-endian) order, like the L
 *    table, so EOR works on them as loaded.
 *  - Groups of 8.  When 8 divides i, blocks i+1 .. i+7 have ntz(i+j) =
 *    ntz(j), so Offset_{i+j} = Offset_i ^ S_j with S_j = L_{ntz(1)} ^ ...
 *    ^ L_{ntz(j)}, fixed per key (key->arch.lsum); Offset_{i+8} = Offset_i
 *    ^ S_7 ^ L_{ntz(i+8)} is the one CLZ of a group.  A call that starts
 *    elsewhere (after a block that straddled two scatterlist entries) goes
 *    one block at a time up to the next multiple of 8.  Of the last 0..7
 *    blocks (8 still divides i), four go at once when there are four
 *    (Offset_{i+4} = Offset_i ^ S_4), the last 0..3 one at a time.
 *  - The cipher.  AESE x, k is SubBytes(ShiftRows(x ^ k)) and AESMC is
 *    MixColumns, so E(x) = AESE with k_0 .. k_{nr-1} (AESMC after all but
 *    the last), then EOR k_nr.  AESD x, k is InvSubBytes(InvShiftRows(x ^
 *    k)) and AESIMC InvMixColumns: D is the same shape on the Equivalent
 *    Inverse Cipher's keys (kfast_aes_invert_rk_ct(): dk_0 = k_nr, dk_nr =
 *    k_0, InvMixColumns of the others), as AES-NI's AESDEC takes them.
 *  - Folding the last round key into the offsets.  The loops keep every
 *    offset as Offset' = Offset ^ k_nr (dk_nr when decrypting) and use
 *    k_0' = k_0 ^ k_nr as the first round key: the input of the first
 *    AESE is then P ^ Offset' and it adds k_0', which together are P ^
 *    Offset ^ k_0 as the cipher needs; after the last AESE, EOR Offset'
 *    adds both k_nr and Offset_i: C_i = Offset_i ^ E(P_i ^ Offset_i) costs
 *    two EORs per block besides the rounds.  Offset' ^ S_j = (Offset ^
 *    S_j)', so the group step works on folded offsets unchanged; they are
 *    converted on entry and on exit only.  The checksum is the XOR of the
 *    plaintext blocks: the input when encrypting (before its EOR), the
 *    output when decrypting.
 *  - HASH.  Sum ^= E(A_i ^ Offset'_i) with the AAD's own offsets (the
 *    context's aad_offset and aad_nblocks), folded the same way.  The
 *    eight cipher outputs of a group are each k_nr short of E(...); they
 *    are summed in a tree, where the eight k_nr cancel (eight is even), and
 *    added to Sum once; a single block adds k_nr itself.
 *  - Round keys in registers by their distance from the end: k_{nr-1} is
 *    always v31, so AES-128 uses v22-v31, AES-192 v20-v31 and AES-256
 *    v18-v31 (k_0' in the first of them), and k_nr is v17.  The rounds
 *    start at v18, v20 or v22 by two TBZ on nrounds (10 = 0b1010, 12 =
 *    0b1100, 14 = 0b1110), as the kernel's aes-ce code does; eight blocks
 *    (v0-v7), eight offsets (v8-v15), the checksum or Sum (v16) and the
 *    keys fill all 32 registers.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#include "ocb-offsets.h"

	.arch		armv8-a+crypto

	/* arguments of the text and HASH functions */
	KEY	.req	x0
	CTX	.req	x1
	IN	.req	x2
	OUT	.req	x3
	NBLK	.req	x4
	NR	.req	w5
	/* scratch */
	IDX	.req	x6	/* block index i */
	RKP	.req	x7	/* round keys: forward or inverse */
	LTAB	.req	x8	/* key->l */
	LSUM	.req	x9	/* key->arch.lsum: S_1..S_4 */
	LSUM5	.req	x10	/* S_5..S_7 */
	TMP	.req	x11

	/* blocks in flight */
	BLK0	.req	v0
	BLK1	.req	v1
	BLK2	.req	v2
	BLK3	.req	v3
	BLK4	.req	v4
	BLK5	.req	v5
	BLK6	.req	v6
	BLK7	.req	v7
	/* their offsets (folded); OFF7 is also the running offset */
	OFF0	.req	v8
	OFF1	.req	v9
	OFF2	.req	v10
	OFF3	.req	v11
	OFF4	.req	v12
	OFF5	.req	v13
	OFF6	.req	v14
	OFF7	.req	v15
	OFF7Q	.req	q15
	CSUM	.req	v16	/* Checksum (text) or Sum (HASH) */
	CSUMQ	.req	q16
	KLAST	.req	v17	/* k_nr */
	/* k_0 .. k_{nr-1} of AES-256 (AES-192 from RK2, AES-128 from RK4) */
	RK0	.req	v18
	RK1	.req	v19
	RK2	.req	v20
	RK3	.req	v21
	RK4	.req	v22
	RK5	.req	v23
	RK6	.req	v24
	RK7	.req	v25
	RK8	.req	v26
	RK9	.req	v27
	RK10	.req	v28
	RK11	.req	v29
	RK12	.req	v30
	RK13	.req	v31

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

/*
 * The round keys at RKP (NR rounds) into their registers: k_nr into KLAST,
 * k_0 .. k_{nr-1} ending at RK13, and k_0' = k_0 ^ k_nr.  RKP is advanced.
 */
.macro LOAD_KEYS
	add		TMP, RKP, NR, uxtw #4
	ld1		{KLAST.16b}, [TMP]
	tbz		NR, #2, .Lk128\@
	tbz		NR, #1, .Lk192\@
	ld1		{RK0.16b, RK1.16b}, [RKP], #32
.Lk192\@:
	ld1		{RK2.16b, RK3.16b}, [RKP], #32
.Lk128\@:
	ld1		{RK4.16b, RK5.16b, RK6.16b, RK7.16b}, [RKP], #64
	ld1		{RK8.16b, RK9.16b, RK10.16b, RK11.16b}, [RKP], #64
	ld1		{RK12.16b, RK13.16b}, [RKP]
	tbz		NR, #2, .Lf128\@
	tbz		NR, #1, .Lf192\@
	eor		RK0.16b, RK0.16b, KLAST.16b
	b		.Lfdone\@
.Lf192\@:
	eor		RK2.16b, RK2.16b, KLAST.16b
	b		.Lfdone\@
.Lf128\@:
	eor		RK4.16b, RK4.16b, KLAST.16b
.Lfdone\@:
.endm

/*
 * One round with key \k on each block: AESE+AESMC (or AESD+AESIMC),
 * adjacent and on the same register so that the cores that fuse the pair
 * do.
 */
.macro ROUND op, mc, k, x, more:vararg
	\op		\x\().16b, \k\().16b
	\mc		\x\().16b, \x\().16b
.ifnb \more
	ROUND		\op, \mc, \k, \more
.endif
.endm

/* The last round: AESE (AESD) alone; k_nr is in the offsets. */
.macro LAST_ROUND op, k, x, more:vararg
	\op		\x\().16b, \k\().16b
.ifnb \more
	LAST_ROUND	\op, \k, \more
.endif
.endm

/* All NR rounds of \op (aese or aesd) on the blocks \b. */
.macro CIPHER op, mc, b:vararg
	tbz		NR, #2, .Lr128\@
	tbz		NR, #1, .Lr192\@
	ROUND		\op, \mc, RK0, \b
	ROUND		\op, \mc, RK1, \b
.Lr192\@:
	ROUND		\op, \mc, RK2, \b
	ROUND		\op, \mc, RK3, \b
.Lr128\@:
	ROUND		\op, \mc, RK4, \b
	ROUND		\op, \mc, RK5, \b
	ROUND		\op, \mc, RK6, \b
	ROUND		\op, \mc, RK7, \b
	ROUND		\op, \mc, RK8, \b
	ROUND		\op, \mc, RK9, \b
	ROUND		\op, \mc, RK10, \b
	ROUND		\op, \mc, RK11, \b
	ROUND		\op, \mc, RK12, \b
	LAST_ROUND	\op, RK13, \b
.endm

.macro ENC b:vararg
	CIPHER		aese, aesmc, \b
.endm

.macro DEC b:vararg
	CIPHER		aesd, aesimc, \b
.endm

/* Eight independent EORs: \dj ^= \sj for j = 0..7. */
.macro EOR8 d0, d1, d2, d3, d4, d5, d6, d7, s0, s1, s2, s3, s4, s5, s6, s7
	eor		\d0\().16b, \d0\().16b, \s0\().16b
	eor		\d1\().16b, \d1\().16b, \s1\().16b
	eor		\d2\().16b, \d2\().16b, \s2\().16b
	eor		\d3\().16b, \d3\().16b, \s3\().16b
	eor		\d4\().16b, \d4\().16b, \s4\().16b
	eor		\d5\().16b, \d5\().16b, \s5\().16b
	eor		\d6\().16b, \d6\().16b, \s6\().16b
	eor		\d7\().16b, \d7\().16b, \s7\().16b
.endm

/* The same on four: \dj ^= \sj for j = 0..3. */
.macro EOR4 d0, d1, d2, d3, s0, s1, s2, s3
	eor		\d0\().16b, \d0\().16b, \s0\().16b
	eor		\d1\().16b, \d1\().16b, \s1\().16b
	eor		\d2\().16b, \d2\().16b, \s2\().16b
	eor		\d3\().16b, \d3\().16b, \s3\().16b
.endm

/* \acc ^= each of the first four blocks, one after the other. */
.macro SUM4 acc
	eor		\acc\().16b, \acc\().16b, BLK0.16b
	eor		\acc\().16b, \acc\().16b, BLK1.16b
	eor		\acc\().16b, \acc\().16b, BLK2.16b
	eor		\acc\().16b, \acc\().16b, BLK3.16b
.endm

/* \acc ^= each of the eight blocks, one after the other. */
.macro SUM8 acc
	eor		\acc\().16b, \acc\().16b, BLK0.16b
	eor		\acc\().16b, \acc\().16b, BLK1.16b
	eor		\acc\().16b, \acc\().16b, BLK2.16b
	eor		\acc\().16b, \acc\().16b, BLK3.16b
	eor		\acc\().16b, \acc\().16b, BLK4.16b
	eor		\acc\().16b, \acc\().16b, BLK5.16b
	eor		\acc\().16b, \acc\().16b, BLK6.16b
	eor		\acc\().16b, \acc\().16b, BLK7.16b
.endm

/*
 * i += 1; OFF7 = Offset'_i = Offset'_{i-1} ^ L_{ntz(i)} (through BLK1),
 * and BLK0 = the next input block; IN advanced.
 */
.macro NEXT_ONE
	add		IDX, IDX, #1
	rbit		TMP, IDX
	clz		TMP, TMP
	add		TMP, LTAB, TMP, lsl #4
	ld1		{BLK1.16b}, [TMP]
	ld1		{BLK0.16b}, [IN], #16
	eor		OFF7.16b, OFF7.16b, BLK1.16b
.endm

/*
 * The offsets of a group of 8 (8 divides i): OFFj = Offset'_{i+j+1} for
 * j = 0..7, through BLK0; i += 8.  Then the group's eight input blocks
 * into BLK0..BLK7; IN advanced.
 */
.macro NEXT_EIGHT
	add		IDX, IDX, #8
	rbit		TMP, IDX
	clz		TMP, TMP
	add		TMP, LTAB, TMP, lsl #4
	ld1		{OFF0.16b, OFF1.16b, OFF2.16b, OFF3.16b}, [LSUM]
	ld1		{OFF4.16b, OFF5.16b, OFF6.16b}, [LSUM5]
	ld1		{BLK0.16b}, [TMP]
	eor		OFF0.16b, OFF0.16b, OFF7.16b
	eor		OFF1.16b, OFF1.16b, OFF7.16b
	eor		OFF2.16b, OFF2.16b, OFF7.16b
	eor		OFF3.16b, OFF3.16b, OFF7.16b
	eor		OFF4.16b, OFF4.16b, OFF7.16b
	eor		OFF5.16b, OFF5.16b, OFF7.16b
	eor		OFF6.16b, OFF6.16b, OFF7.16b
	eor		OFF7.16b, OFF6.16b, BLK0.16b
	ld1		{BLK0.16b, BLK1.16b, BLK2.16b, BLK3.16b}, [IN], #64
	ld1		{BLK4.16b, BLK5.16b, BLK6.16b, BLK7.16b}, [IN], #64
.endm

/*
 * Four blocks of a group (8 divides i, at most 7 blocks left): OFFj =
 * Offset'_{i+j+1} for j = 0..3, OFF7 = Offset'_{i+4} (S_4 covers ntz(i+4)
 * = 2); i += 4; the four input blocks into BLK0..BLK3.
 */
.macro NEXT_FOUR
	add		IDX, IDX, #4
	ld1		{OFF0.16b, OFF1.16b, OFF2.16b, OFF3.16b}, [LSUM]
	EOR4		OFF0, OFF1, OFF2, OFF3, OFF7, OFF7, OFF7, OFF7
	mov		OFF7.16b, OFF3.16b
	ld1		{BLK0.16b, BLK1.16b, BLK2.16b, BLK3.16b}, [IN], #64
.endm

/*
 * Common entry of the bulk functions: d8-d15 saved, the keys at \rk
 * loaded, the pointers set, and the running offset and sum from the
 * context fields at \off and \sum (the offset folded with k_nr), i from
 * the one at \idx.
 */
.macro BULK_START rk, idx, off, sum
	SAVE_D8_D15
	add		RKP, KEY, #\rk
	LOAD_KEYS
	add		LTAB, KEY, #OCB_KEY_L
	add		LSUM, KEY, #OCB_KEY_LSUM
	add		LSUM5, LSUM, #64
	ldr		IDX, [CTX, #\idx]
	ldr		OFF7Q, [CTX, #\off]
	ldr		CSUMQ, [CTX, #\sum]
	eor		OFF7.16b, OFF7.16b, KLAST.16b
.endm

.macro BULK_END idx, off, sum
	eor		OFF7.16b, OFF7.16b, KLAST.16b
	str		IDX, [CTX, #\idx]
	str		OFF7Q, [CTX, #\off]
	str		CSUMQ, [CTX, #\sum]
	RESTORE_D8_D15
	ret
.endm

/* ---- text ------------------------------------------------------------------ */

/* One block of the text on BLK0. */
.macro TEXT_ONE dec
	NEXT_ONE
.if \dec
	eor		BLK0.16b, BLK0.16b, OFF7.16b
	DEC		BLK0
	eor		BLK0.16b, BLK0.16b, OFF7.16b
	eor		CSUM.16b, CSUM.16b, BLK0.16b
.else
	eor		CSUM.16b, CSUM.16b, BLK0.16b
	eor		BLK0.16b, BLK0.16b, OFF7.16b
	ENC		BLK0
	eor		BLK0.16b, BLK0.16b, OFF7.16b
.endif
	st1		{BLK0.16b}, [OUT], #16
	sub		NBLK, NBLK, #1
.endm

.macro OCB_TEXT dec
	cbz		NBLK, .Lnone\@
.if \dec
	BULK_START	OCB_KEY_RK_DEC, OCB_CTX_NBLOCKS, OCB_CTX_OFFSET, OCB_CTX_CHECKSUM
.else
	BULK_START	OCB_KEY_RK_ENC, OCB_CTX_NBLOCKS, OCB_CTX_OFFSET, OCB_CTX_CHECKSUM
.endif
.Lhead\@:
	/* One at a time up to a multiple of 8 (a call after a straddling block). */
	cbz		NBLK, .Ldone\@
	tst		IDX, #7
	b.eq		.Lwide_check\@
	TEXT_ONE	\dec
	b		.Lhead\@
.Lwide_check\@:
	subs		NBLK, NBLK, #8
	b.lo		.Lwide_end\@
.Lwide\@:
	NEXT_EIGHT
.if \dec
	EOR8		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7, \
			OFF0, OFF1, OFF2, OFF3, OFF4, OFF5, OFF6, OFF7
	DEC		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7
	EOR8		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7, \
			OFF0, OFF1, OFF2, OFF3, OFF4, OFF5, OFF6, OFF7
	SUM8		CSUM
.else
	SUM8		CSUM
	EOR8		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7, \
			OFF0, OFF1, OFF2, OFF3, OFF4, OFF5, OFF6, OFF7
	ENC		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7
	EOR8		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7, \
			OFF0, OFF1, OFF2, OFF3, OFF4, OFF5, OFF6, OFF7
.endif
	st1		{BLK0.16b, BLK1.16b, BLK2.16b, BLK3.16b}, [OUT], #64
	st1		{BLK4.16b, BLK5.16b, BLK6.16b, BLK7.16b}, [OUT], #64
	subs		NBLK, NBLK, #8
	b.hs		.Lwide\@
.Lwide_end\@:
	adds		NBLK, NBLK, #4		/* 0..7 left, minus 4 */
	b.lo		.Ltail4_end\@
	/* 4..7 left: four at once (8 divides i here), then one at a time. */
	NEXT_FOUR
.if \dec
	EOR4		BLK0, BLK1, BLK2, BLK3, OFF0, OFF1, OFF2, OFF3
	DEC		BLK0, BLK1, BLK2, BLK3
	EOR4		BLK0, BLK1, BLK2, BLK3, OFF0, OFF1, OFF2, OFF3
	SUM4		CSUM
.else
	SUM4		CSUM
	EOR4		BLK0, BLK1, BLK2, BLK3, OFF0, OFF1, OFF2, OFF3
	ENC		BLK0, BLK1, BLK2, BLK3
	EOR4		BLK0, BLK1, BLK2, BLK3, OFF0, OFF1, OFF2, OFF3
.endif
	st1		{BLK0.16b, BLK1.16b, BLK2.16b, BLK3.16b}, [OUT], #64
	b		.Ltail\@			/* 0..3 left */
.Ltail4_end\@:
	add		NBLK, NBLK, #4		/* 0..3 left */
.Ltail\@:
	cbz		NBLK, .Ldone\@
	TEXT_ONE	\dec
	b		.Ltail\@
.Ldone\@:
	BULK_END	OCB_CTX_NBLOCKS, OCB_CTX_OFFSET, OCB_CTX_CHECKSUM
.Lnone\@:
	ret
.endm

SYM_FUNC_START(kfast_ocb_enc_ce)
	OCB_TEXT	0
SYM_FUNC_END(kfast_ocb_enc_ce)

SYM_FUNC_START(kfast_ocb_dec_ce)
	OCB_TEXT	1
SYM_FUNC_END(kfast_ocb_dec_ce)

/* ---- HASH ------------------------------------------------------------------ */

/* One HASH block: Sum ^= E(A_i ^ Offset'_i) ^ k_nr. */
.macro HASH_ONE
	NEXT_ONE
	eor		BLK0.16b, BLK0.16b, OFF7.16b
	ENC		BLK0
	eor		BLK0.16b, BLK0.16b, KLAST.16b
	eor		CSUM.16b, CSUM.16b, BLK0.16b
	sub		NBLK, NBLK, #1
.endm

SYM_FUNC_START(kfast_ocb_hash_ce)
	cbz		NBLK, .Lhash_none
	BULK_START	OCB_KEY_RK_ENC, OCB_CTX_AAD_NBLOCKS, OCB_CTX_AAD_OFFSET, OCB_CTX_AAD_SUM
.Lhash_head:
	cbz		NBLK, .Lhash_done
	tst		IDX, #7
	b.eq		.Lhash_wide_check
	HASH_ONE
	b		.Lhash_head
.Lhash_wide_check:
	subs		NBLK, NBLK, #8
	b.lo		.Lhash_wide_end
.Lhash_wide:
	NEXT_EIGHT
	EOR8		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7, \
			OFF0, OFF1, OFF2, OFF3, OFF4, OFF5, OFF6, OFF7
	ENC		BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7
	/* Sum ^= the eight outputs, as a tree (their eight k_nr cancel). */
	eor		BLK0.16b, BLK0.16b, BLK1.16b
	eor		BLK2.16b, BLK2.16b, BLK3.16b
	eor		BLK4.16b, BLK4.16b, BLK5.16b
	eor		BLK6.16b, BLK6.16b, BLK7.16b
	eor		BLK0.16b, BLK0.16b, BLK2.16b
	eor		BLK4.16b, BLK4.16b, BLK6.16b
	eor		BLK0.16b, BLK0.16b, BLK4.16b
	eor		CSUM.16b, CSUM.16b, BLK0.16b
	subs		NBLK, NBLK, #8
	b.hs		.Lhash_wide
.Lhash_wide_end:
	adds		NBLK, NBLK, #4		/* 0..7 left, minus 4 */
	b.lo		.Lhash_tail4_end
	NEXT_FOUR
	EOR4		BLK0, BLK1, BLK2, BLK3, OFF0, OFF1, OFF2, OFF3
	ENC		BLK0, BLK1, BLK2, BLK3
	/* Sum ^= the four outputs (their four k_nr cancel). */
	eor		BLK0.16b, BLK0.16b, BLK1.16b
	eor		BLK2.16b, BLK2.16b, BLK3.16b
	eor		BLK0.16b, BLK0.16b, BLK2.16b
	eor		CSUM.16b, CSUM.16b, BLK0.16b
	b		.Lhash_tail		/* 0..3 left */
.Lhash_tail4_end:
	add		NBLK, NBLK, #4		/* 0..3 left */
.Lhash_tail:
	cbz		NBLK, .Lhash_done
	HASH_ONE
	b		.Lhash_tail
.Lhash_done:
	BULK_END	OCB_CTX_AAD_NBLOCKS, OCB_CTX_AAD_OFFSET, OCB_CTX_AAD_SUM
.Lhash_none:
	ret
SYM_FUNC_END(kfast_ocb_hash_ce)

/* ---- single blocks --------------------------------------------------------- */

SYM_FUNC_START(kfast_ocb_aes_block_ce)
	/* v16-v31 only: nothing callee-saved is touched. */
	mov		RKP, x0
	mov		NR, w3
	LOAD_KEYS
	ld1		{BLK0.16b}, [x2]
	eor		BLK0.16b, BLK0.16b, KLAST.16b	/* k_0' adds k_nr back */
	ENC		BLK0
	eor		BLK0.16b, BLK0.16b, KLAST.16b
	st1		{BLK0.16b}, [x1]
	ret
SYM_FUNC_END(kfast_ocb_aes_block_ce)

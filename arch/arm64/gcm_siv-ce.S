/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) building blocks for arm64 with the Crypto
 * Extensions: AES with AESE/AESMC, POLYVAL with PMULL/PMULL2.
 *
 * CPU-feature contract: ASIMD, AES and PMULL (the caller checks
 * cpu_have_named_feature(AES) and (PMULL)); kfast_gcmsiv_ctr_dec_sha3_ce()
 * also SHA3 (EOR3; cpu_have_named_feature(SHA3)), and only it is
 * assembled for ARMv8.2 with SHA3.  The caller owns the vector
 * state (kernel_neon_begin() or userspace).  The functions that need more
 * than v0-v7 and v16-v31 save and restore d8-d15 (callee-saved under
 * AAPCS64) on the stack; nothing else is stored there.  Round keys are in
 * FIPS-197 byte order (what AESE takes), always 15 of them in memory
 * (rk[15][16]; an AES-128 key uses the first 11).
 *
 *   void kfast_gcmsiv_derive_ce(const u8 krk[15][16], unsigned int nrounds,
 *				 const u8 nonce[12], u8 h[16], u8 rk[15][16]);
 *	RFC 8452 section 4 for one nonce: the derivation blocks
 *	AES(K, le32(i) || nonce), i = 0..3 (AES-128) or 0..5 (AES-256), with
 *	the long-term round keys krk; h = the POLYVAL key (the first halves
 *	of blocks 0, 1); rk = the message-encryption key (the first halves
 *	of blocks 2..5) expanded, 11 or 15 round keys.  All in vector
 *	registers: nothing but h and rk is stored.
 *   void kfast_gcmsiv_aes_ce(const u8 rk[15][16], unsigned int nrounds,
 *			      u8 *out, const u8 *in, size_t nblocks);
 *	nblocks independent blocks (single blocks: the tag, a partial
 *	block's keystream).
 *   void kfast_gcmsiv_ctr_ce(const u8 rk[15][16], unsigned int nrounds,
 *			      u8 ctr[16], const u8 *src, u8 *dst,
 *			      size_t nblocks);
 *	dst = src ^ AES(ctr), AES(ctr + 1), ...; ctr is advanced.  Only the
 *	first 32 bits of the counter block count, little-endian, mod 2^32
 *	(RFC 8452 section 4): an ADD on lane 0 of the .4s view does exactly
 *	that.  Eight blocks in flight, then one at a time.
 *   void kfast_gcmsiv_ctr_dec_ce(const u8 rk[15][16], unsigned int nrounds,
 *				  u8 ctr[16], const u8 *src, u8 *dst,
 *				  size_t nblocks, u8 acc[16],
 *				  const u8 htab[12][16]);
 *	Decryption: dst = src ^ keystream as kfast_gcmsiv_ctr_ce(), and
 *	POLYVAL of the plaintext dst gets into acc, hashed from the
 *	registers it was computed in (never read back from dst, which the
 *	caller may share).  htab as for kfast_gcmsiv_polyval_ce(), all eight
 *	powers when nblocks >= 2.  src == dst is allowed.
 *   void kfast_gcmsiv_ctr_dec_sha3_ce(... the same ...);
 *	The same with EOR3 (three-way XOR) where two EORs add three terms:
 *	the Karatsuba sums of a pair, the reduction's sums, and ciphertext ^
 *	last round key ^ last AESE.
 *   void kfast_gcmsiv_polyval_ce(u8 acc[16], const u8 htab[12][16],
 *				  const u8 *data, size_t nblocks);
 *	POLYVAL of nblocks (>= 1) blocks into acc.  htab[0..7] = H^8..H^1,
 *	htab[8 + j] = the Karatsuba folds (lo ^ hi) of H^(8-2j) and
 *	H^(7-2j) side by side; with fewer than 8 blocks only H^n..H^1 are
 *	read.
 *   void kfast_gcmsiv_mul_ce(u8 out[16], const u8 a[16], const u8 b[16]);
 *	out = dot(a, b) = a * b * x^-128 mod g (the powers of H).
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
 * From the sums L = [L1 : L0], Hh = [H1 : H0] and M: P0 = L0 and P3 = H1
 * as they are, and the middle words [P2 : P1] = M ^ L ^ Hh ^ [H0 : L1]
 * (one EXT of L and Hh).  Then T = PMULL(L0, c), V = [P2 : P1] ^ T =
 * [P2 ^ T_hi : P1'], T' = PMULL(V.d0, c), and the result is swap(V) ^
 * [P3 : P0] ^ T', with [P3 : P0] one INS of H1 into L.  Two multiplies
 * per reduction, one reduction per eight blocks, and no zero register
 * (the interleaved decryption has none to spare).
 *
 * Decryption interleaved (kfast_gcmsiv_ctr_dec_ce).  CTR of group g of
 * eight blocks and POLYVAL of group g - 1 share the loop: while the eight
 * counter blocks of g go through the rounds (AESE/AESMC: a few cycles of
 * latency each, eight independent chains), the four Karatsuba pairs of
 * g - 1 and their reduction are issued between the rounds, one pair after
 * each of the first four rounds and the reduction after the fifth.  At
 * the end of the group its ciphertext is loaded into the registers that
 * held g - 1's plaintext (free by then), XORed with the last round key
 * and the last AESE's output, stored to dst, and left there for the next
 * group's POLYVAL; S is added into its first block.  The first group is
 * not hashed yet, the last one is hashed after the loop, and the last
 * 0..7 blocks go one at a time, each hashed with its power H^n..H^1
 * (one reduction for them).  Eight blocks of keystream and eight of
 * plaintext, the Karatsuba sums, temporaries and three powers fill all 32
 * registers, so the round keys come from memory (LDR q, one per round,
 * loaded a round ahead in turn into two registers) and so do the powers
 * (one pair and its fold per round); both are L1 loads, and the rounds
 * (AES) and the multiplies are what the loop is bound by.
 *
 * Key expansion (kfast_gcmsiv_derive_ce).  AESE x, k is SubBytes(ShiftRows(
 * x ^ k)); with the same word w in all four columns ShiftRows moves
 * nothing, so AESE of DUP(w) with a zero key is SubWord(w) in every word,
 * and S-boxes act per byte, so SubWord commutes with RotWord (rotating the
 * bytes of every word: USHR/SLI, REV32, SHL/SRI).
 *
 * AES-128 (EXPAND128) follows the last words u_j of the round keys:
 *
 *	u_j+1 = u_j-3 ^ SubWord(RotWord(u_j)) ^ rcon_j
 *
 * with u_-3 = w0^w1^w2^w3, u_-2 = w1^w3, u_-1 = w2^w3 from the key's words,
 * and round key j is (u_j^u_j-1^u_j-2^u_j-3, u_j^u_j-2, u_j^u_j-1, u_j).  A
 * word kept in every column and rotated by one byte more at each step
 * needs no shuffle on the chain: the rotation that RotWord asks for is
 * the one the next step's representation has, and AESE's AddRoundKey
 * comes before SubBytes, so with the word three steps back (plus rcon) as
 * its key, one AESE per round key is the whole chain; the round keys are
 * assembled beside it from the words rotated back and masked to their
 * lanes.  AES-256 (EXPAND256) is the same with u_j+1 = u_j-7 ^ g_j(u_j),
 * g_j = SubWord(RotWord()) ^ rcon at odd j and SubWord() at even j (the
 * rotation moves at the odd steps only), and round keys made of u_j,
 * u_j-2, u_j-4, u_j-6.  The message key is made here, at the start of a
 * request, so that an open has it before its first block.
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
	/* kfast_gcmsiv_ctr_ce, kfast_gcmsiv_ctr_dec_ce */
	CTRP	.req	x2
	SRC	.req	x3
	DST	.req	x4
	CNBLK	.req	x5
	/* kfast_gcmsiv_ctr_dec_ce: also */
	DACCP	.req	x6
	DHTAB	.req	x7
	/* kfast_gcmsiv_derive_ce */
	KRKP	.req	x0
	NONCE	.req	x2
	HOUT	.req	x3
	RKOUT	.req	x4
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
	TMPW	.req	w9
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

	/*
	 * Interleaved decryption: the keystream blocks are BLK0..BLK7 and the
	 * POLYVAL registers those above (SMID, T0-T3, GSTAR, ACC, SLO, SHI);
	 * besides them the plaintext of the previous group, two round keys
	 * in turn, the counter and three powers.  T4/T5 (KARA1, the tail)
	 * are PT0/PT1, free by then.
	 */
	PT0	.req	v13
	PT1	.req	v14
	PT2	.req	v15
	PT3	.req	v16
	PT4	.req	v17
	PT5	.req	v18
	PT6	.req	v19
	PT7	.req	v20
	KA	.req	v21	/* round keys 0, 2, 4, ... */
	KAQ	.req	q21
	KB	.req	v22	/* round keys 1, 3, 5, ... */
	KBQ	.req	q22
	DCTR	.req	v23
	DONE	.req	v24
	HA	.req	v25	/* a pair of powers and their fold */
	HAQ	.req	q25
	HB	.req	v26
	HBQ	.req	q26
	HF	.req	v27
	HFQ	.req	q27

	/* The derivation's message key, beside the long-term key (v16-v30). */
	KEXA	.req	v6	/* round key 0 */
	KEXB	.req	v7	/* AES-256: round key 1 */
	KEXZ	.req	v31	/* zero */

	/*
	 * The expansion by the round keys' last words (EXPAND128,
	 * EXPAND256), after the derivation, when v16-v30 are free: the
	 * chain and its round key, the rotated words W (slot i % 8 holds
	 * W_i; AES-128 uses four slots) and the plain ones F (the same), the
	 * lane masks, two temporaries (over the message key's registers,
	 * whose words are read first).
	 */
	KF7	.req	v0
	KC	.req	v1
	KJ	.req	v2
	KMA	.req	v3	/* lanes 0 and 2 */
	KMB	.req	v4	/* lanes 0 and 1 */
	KMC	.req	v5	/* lane 0 */
	KT1	.req	v6
	KT2	.req	v7
	KW0	.req	v16
	KW1	.req	v17
	KW2	.req	v18
	KW3	.req	v19
	KW4	.req	v20
	KW5	.req	v21
	KW6	.req	v22
	KW7	.req	v23
	KF0	.req	v24
	KF1	.req	v25
	KF2	.req	v26
	KF3	.req	v27
	KF4	.req	v28
	KF5	.req	v29
	KF6	.req	v30

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

/* AES_RND1 or AES_LAST1 (\op) on each of the blocks \b, round by round. */
.macro AES_ALL op, k, b:vararg
	.irp		x, \b
	\op		\k, \x
	.endr
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

/* ---- per-nonce keys ----------------------------------------------------- */

/* \dst = \src with every word rotated by \n bytes: RotWord^\n (0..3). */
.macro KEY_ROT n, dst, src
.if \n == 0
	mov		\dst\().16b, \src\().16b
.elseif \n == 1
	ushr		\dst\().4s, \src\().4s, #8
	sli		\dst\().4s, \src\().4s, #24
.elseif \n == 2
	rev32		\dst\().8h, \src\().8h
.else
	shl		\dst\().4s, \src\().4s, #8
	sri		\dst\().4s, \src\().4s, #24
.endif
.endm

/*
 * From round key \k (words w0..w3): \f0 = w3, \f2 = w2^w3, \f4 = w1^w3
 * in every word (F), \w6 = w0^w1^w2^w3 in every word, and \w0, \w2, \w4
 * = \f0, \f2, \f4 rotated by RotWord^\r0, ^\r2, ^\r4 (W).  Temporaries
 * \x, \q, \e.
 */
.macro KEY_WORDS k, f0, f2, f4, w0, w2, w4, w6, r0, r2, r4, x, q, e
	ext		\x\().16b, \k\().16b, \k\().16b, #8
	eor		\x\().16b, \x\().16b, \k\().16b		/* w0^w2, w1^w3, ... */
	ext		\q\().16b, \k\().16b, \k\().16b, #4
	eor		\q\().16b, \q\().16b, \k\().16b		/* w_i ^ w_i+1 */
	ext		\e\().16b, \x\().16b, \x\().16b, #4
	eor		\w6\().16b, \e\().16b, \x\().16b
	dup		\f0\().4s, \k\().s[3]
	dup		\f2\().4s, \q\().s[2]
	dup		\f4\().4s, \x\().s[1]
	KEY_ROT		\r0, \w0, \f0
	KEY_ROT		\r2, \w2, \f2
	KEY_ROT		\r4, \w4, \f4
.endm

/* The lane masks of KEY_ASSEMBLE. */
.macro KEY_MASKS
	movi		KMA.2d, #0x00000000ffffffff
	movi		KMB.16b, #0xff
	mov		KMB.d[1], KEXZ.d[0]
	movi		KMC.2d, #0x00000000ffffffff
	mov		KMC.d[1], KEXZ.d[0]
.endm

/*
 * One step of the chain: \w holds W_i (the word that the new one is
 * XORed with, in the new one's rotation); W_new = KC ^ (\w ^ rcon) over
 * it, KC = SubWord(KC ^ (\w ^ rcon)) unless \last, \fnew = W_new rotated
 * back by RotWord^\rot.  Without \rc, no rcon (AES-256's SubWord steps).
 */
.macro KEY_STEP w, fnew, rot, last, rc, sh
.ifnb \rc
	movi		KJ.4s, #\rc, lsl #\sh
	eor		KJ.16b, KJ.16b, \w\().16b
.else
	mov		KJ.16b, \w\().16b
.endif
	eor		\w\().16b, KC.16b, KJ.16b
.if !\last
	aese		KC.16b, KJ.16b
.endif
	KEY_ROT		\rot, \fnew, \w
.endm

/* A round key \fnew ^ \fa in words 0, 2 ^ \fb in words 0, 1 ^ \fc in word 0. */
.macro KEY_ASSEMBLE fnew, fa, fb, fc
	and		KT1.16b, \fa\().16b, KMA.16b
	and		KT2.16b, \fb\().16b, KMB.16b
	eor		KT1.16b, KT1.16b, KT2.16b
	and		KT2.16b, \fc\().16b, KMC.16b
	eor		KT2.16b, KT2.16b, \fnew\().16b
	eor		KT1.16b, KT1.16b, KT2.16b
	st1		{KT1.16b}, [RKOUT], #16
.endm

/*
 * AES-128: round keys 1..10 from KEXA (round key 0), stored at RKOUT.
 * u_j = word 3 of round key j, with u_-1 = w2^w3, u_-2 = w1^w3, u_-3 =
 * w0^w1^w2^w3 for the key w0..w3, and
 *
 *	u_j+1 = u_j-3 ^ SubWord(RotWord(u_j)) ^ rcon_j,
 *	round key j = (u_j^u_j-1^u_j-2^u_j-3, u_j^u_j-2, u_j^u_j-1, u_j).
 *
 * W_j = RotWord^(1-j mod 4)(u_j) and F_j = u_j, each in every word, in
 * slot j % 4; KC = SubWord(W_j's word) in every word.  That is
 * SubWord(RotWord(u_j)) in W_j+1's rotation, and u_j-3 (four steps back)
 * has that rotation too, so W_j+1 = KC ^ W_j-3 ^ rcon_j (rcon in byte
 * j % 4), and one AESE with that as its key is the whole step of the
 * chain: AddRoundKey comes first, ShiftRows moves nothing in a word
 * repeated in every column.  The round keys are assembled beside it.
 */
.macro EXPAND128
	KEY_WORDS	KEXA, KF0, KF3, KF2, KW0, KW3, KW2, KW1, 1, 2, 3, KJ, KMA, KMB
	movi		KC.2d, #0
	aese		KC.16b, KW0.16b
	KEY_MASKS
	.set		.Lk128_j, 0
	.irp		rc, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
	.if (.Lk128_j + 1) % 4 == 1
	KEY_STEP	KW1, KF1, (.Lk128_j % 4), (.Lk128_j == 9), \rc, (8 * (.Lk128_j % 4))
	KEY_ASSEMBLE	KF1, KF0, KF3, KF2
	.elseif (.Lk128_j + 1) % 4 == 2
	KEY_STEP	KW2, KF2, (.Lk128_j % 4), (.Lk128_j == 9), \rc, (8 * (.Lk128_j % 4))
	KEY_ASSEMBLE	KF2, KF1, KF0, KF3
	.elseif (.Lk128_j + 1) % 4 == 3
	KEY_STEP	KW3, KF3, (.Lk128_j % 4), (.Lk128_j == 9), \rc, (8 * (.Lk128_j % 4))
	KEY_ASSEMBLE	KF3, KF2, KF1, KF0
	.else
	KEY_STEP	KW0, KF0, (.Lk128_j % 4), (.Lk128_j == 9), \rc, (8 * (.Lk128_j % 4))
	KEY_ASSEMBLE	KF0, KF3, KF2, KF1
	.endif
	.set		.Lk128_j, .Lk128_j + 1
	.endr
.endm

/* Steps j = 2i + 1 (with rcon_i) and j + 1 (SubWord only) of EXPAND256. */
.macro EXPAND256_PAIR i, rc, wo, fo, fo1, fo3, fo5, we, fe, fe1, fe3, fe5
	KEY_STEP	\wo, \fo, (\i % 4), (\i == 6), \rc, (8 * (\i % 4))
	KEY_ASSEMBLE	\fo, \fo1, \fo3, \fo5
.if \i < 6
	KEY_STEP	\we, \fe, (\i % 4), 0
	KEY_ASSEMBLE	\fe, \fe1, \fe3, \fe5
.endif
.endm

/*
 * AES-256: round keys 2..14 from KEXA and KEXB (round keys 0 and 1),
 * stored at RKOUT, the same way.  Here u_j+1 = u_j-7 ^ g_j(u_j), g_j =
 * SubWord(RotWord()) ^ rcon_(j-1)/2 for odd j and SubWord() for even j,
 * round key j = (u_j^u_j-2^u_j-4^u_j-6, u_j^u_j-4, u_j^u_j-2, u_j), and
 * u_-2, u_-4, u_-6 (u_-1, u_-3, u_-5) come from round key 0 (1) as
 * AES-128's u_-1, u_-2, u_-3 do from its key.  The rotation moves at the
 * odd steps only, so W_j = RotWord^(1 - floor(j / 2) mod 4)(u_j), slot
 * j % 8, and W_j-7 has W_j+1's rotation.
 */
.macro EXPAND256
	KEY_WORDS	KEXA, KF0, KF6, KF4, KW0, KW6, KW4, KW2, 1, 2, 3, KJ, KMA, KMB
	KEY_WORDS	KEXB, KF1, KF7, KF5, KW1, KW7, KW5, KW3, 1, 2, 3, KJ, KMA, KMB
	movi		KC.2d, #0
	aese		KC.16b, KW1.16b
	KEY_MASKS
	.set		.Lk256_i, 0
	.irp		rc, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40
	.if .Lk256_i % 4 == 0
	EXPAND256_PAIR	.Lk256_i, \rc, KW2, KF2, KF0, KF6, KF4, KW3, KF3, KF1, KF7, KF5
	.elseif .Lk256_i % 4 == 1
	EXPAND256_PAIR	.Lk256_i, \rc, KW4, KF4, KF2, KF0, KF6, KW5, KF5, KF3, KF1, KF7
	.elseif .Lk256_i % 4 == 2
	EXPAND256_PAIR	.Lk256_i, \rc, KW6, KF6, KF4, KF2, KF0, KW7, KF7, KF5, KF3, KF1
	.else
	EXPAND256_PAIR	.Lk256_i, \rc, KW0, KF0, KF6, KF4, KF2, KW1, KF1, KF7, KF5, KF3
	.endif
	.set		.Lk256_i, .Lk256_i + 1
	.endr
.endm

/*
 * The derivation blocks for \nr rounds: BLK0..BLK3 (BLK5) = le32(i) ||
 * nonce through AES with the long-term key (in RK0..RK14); then h, and
 * the message key into KEXA (AES-256: KEXB too).
 */
.macro DERIVE nr
.if \nr == 10
	AES_ENCRYPT	10, BLK0, BLK1, BLK2, BLK3
.else
	AES_ENCRYPT	14, BLK0, BLK1, BLK2, BLK3, BLK4, BLK5
	zip1		KEXB.2d, BLK4.2d, BLK5.2d
.endif
	zip1		BLK0.2d, BLK0.2d, BLK1.2d	/* first halves of 0 and 1 */
	zip1		KEXA.2d, BLK2.2d, BLK3.2d
	st1		{BLK0.16b}, [HOUT]
.endm

SYM_FUNC_START(kfast_gcmsiv_derive_ce)
	LOAD_RK
	movi		KEXZ.2d, #0
	ld1		{BLK0.d}[0], [NONCE], #8
	ld1		{BLK0.s}[2], [NONCE]
	ext		BLK0.16b, KEXZ.16b, BLK0.16b, #12	/* le32(0) || nonce */
	mov		TMPW, #1
	.irp		i, 1, 2, 3, 4, 5		/* 4 and 5 for AES-256 */
	mov		BLK\i\().16b, BLK0.16b
	mov		BLK\i\().s[0], TMPW		/* le32(i) */
	add		TMPW, TMPW, #1
	.endr
	cmp		NR, #10
	b.ne		.Lderive_256
	DERIVE		10
	st1		{KEXA.16b}, [RKOUT], #16
	EXPAND128
	ret
.Lderive_256:
	DERIVE		14
	st1		{KEXA.16b, KEXB.16b}, [RKOUT], #32
	EXPAND256
	ret
SYM_FUNC_END(kfast_gcmsiv_derive_ce)

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

/* BLK0..BLK7 = \ctr + 0..7, \ctr += 8 (lane 0 only, mod 2^32). */
.macro CTR8 ctr=CTR, one=ONE
	mov		BLK0.16b, \ctr\().16b
	add		BLK1.4s, \ctr\().4s, \one\().4s
	add		BLK2.4s, BLK1.4s, \one\().4s
	add		BLK3.4s, BLK2.4s, \one\().4s
	add		BLK4.4s, BLK3.4s, \one\().4s
	add		BLK5.4s, BLK4.4s, \one\().4s
	add		BLK6.4s, BLK5.4s, \one\().4s
	add		BLK7.4s, BLK6.4s, \one\().4s
	add		\ctr\().4s, BLK7.4s, \one\().4s
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
 * With x3=1 (SHA3) each sum takes both blocks' products in one EOR3.
 */
.macro KARA2 xa, xb, ha, hb, f, first=0, x3=0
	trn1		T0.2d, \xa\().2d, \xb\().2d
	trn2		T1.2d, \xa\().2d, \xb\().2d
	eor		T0.16b, T0.16b, T1.16b		/* folds of xa, xb */
.if \x3 && !\first
	pmull		T1.1q, \xa\().1d, \ha\().1d
	pmull		T2.1q, \xb\().1d, \hb\().1d
	eor3		SLO.16b, SLO.16b, T1.16b, T2.16b
	pmull2		T1.1q, \xa\().2d, \ha\().2d
	pmull2		T2.1q, \xb\().2d, \hb\().2d
	eor3		SHI.16b, SHI.16b, T1.16b, T2.16b
	pmull		T1.1q, T0.1d, \f\().1d
	pmull2		T2.1q, T0.2d, \f\().2d
	eor3		SMID.16b, SMID.16b, T1.16b, T2.16b
.else
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
.endif
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

/*
 * \dst = (SHI x^128 + (SMID ^ SLO ^ SHI) x^64 + SLO) * x^-128 mod g (see
 * "Reduction" above; SLO is clobbered, T0-T2 are scratch).  x3=1: the
 * same sums with EOR3 (SHA3).
 */
.macro REDUCE dst, x3=0
	ext		T0.16b, SLO.16b, SHI.16b, #8	/* [H0 : L1] */
.if \x3
	pmull		T2.1q, SLO.1d, GSTAR.1d		/* T = P0 c */
	eor3		T0.16b, T0.16b, SMID.16b, SLO.16b
	eor3		T0.16b, T0.16b, SHI.16b, T2.16b	/* V = [P2 ^ T_hi : P1'] */
	mov		SLO.d[1], SHI.d[1]		/* [P3 : P0] */
	pmull		T1.1q, T0.1d, GSTAR.1d		/* T' = P1' c */
	ext		T2.16b, T0.16b, T0.16b, #8	/* swap(V) */
	eor3		\dst\().16b, T2.16b, SLO.16b, T1.16b
.else
	eor		T1.16b, SLO.16b, SHI.16b
	eor		T0.16b, T0.16b, SMID.16b
	pmull		T2.1q, SLO.1d, GSTAR.1d		/* T = P0 c */
	eor		T0.16b, T0.16b, T1.16b		/* [P2 : P1] */
	mov		SLO.d[1], SHI.d[1]		/* [P3 : P0] */
	eor		T0.16b, T0.16b, T2.16b		/* V = [P2 ^ T_hi : P1'] */
	pmull		T1.1q, T0.1d, GSTAR.1d		/* T' = P1' c */
	ext		T2.16b, T0.16b, T0.16b, #8	/* swap(V) */
	eor		T2.16b, T2.16b, SLO.16b
	eor		\dst\().16b, T2.16b, T1.16b
.endif
.endm

.macro POLYVAL_SETUP
	movz		TMP, #0xc200, lsl #48
	dup		GSTAR.2d, TMP
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

/* ---- CTR decryption with POLYVAL of the plaintext ---------------------- */

/* Round key \r (an expression) into KA (even \r) or KB (odd). */
.macro DEC_LDK r
.if (\r) & 1
	ldr		KBQ, [RKP, #16 * (\r)]
.else
	ldr		KAQ, [RKP, #16 * (\r)]
.endif
.endm

/* Round \r (not the last) on the blocks \b with its key, KA or KB. */
.macro DEC_RND r, b:vararg
.if (\r) & 1
	AES_RND		KB, \b
.else
	AES_RND		KA, \b
.endif
.endm

/*
 * Step \r of the previous group's POLYVAL (PT0..PT7, S already in PT0):
 * the Karatsuba pairs from H^2, H^1 up to H^8, H^7 (the pair that holds S
 * last, so the chain through S is as short as it can be), then the
 * reduction into ACC.  DEC_HLOAD \r loads the pair's powers and fold.
 */
.macro DEC_HLOAD r
.if (\r) < 4
	ldp		HAQ, HBQ, [DHTAB, #96 - 32 * (\r)]	/* H^(2r+2), H^(2r+1) */
	ldr		HFQ, [DHTAB, #176 - 16 * (\r)]	/* their folds */
.endif
.endm

.macro DEC_HASH r, x3
.if (\r) == 0
	KARA2		PT6, PT7, HA, HB, HF, 1
.elseif (\r) == 1
	KARA2		PT4, PT5, HA, HB, HF, 0, \x3
.elseif (\r) == 2
	KARA2		PT2, PT3, HA, HB, HF, 0, \x3
.elseif (\r) == 3
	KARA2		PT0, PT1, HA, HB, HF, 0, \x3
.elseif (\r) == 4
	REDUCE		ACC, \x3
.endif
.endm

/* The previous group's POLYVAL alone (after the loop). */
.macro DEC_HASH_ALL x3
	.irp		r, 0, 1, 2, 3, 4
	DEC_HLOAD	\r
	DEC_HASH	\r, \x3
	.endr
.endm

/*
 * Rounds 0..\nr-2 on the blocks \b, the key of round r + 1 loaded while
 * round r runs; with \hash, step r of the previous group's POLYVAL after
 * round r.  Ends with round \nr-1's key in KB and the last in KA.
 */
.macro DEC_ROUNDS nr, hash, x3, b:vararg
	DEC_LDK		0
	.irp		r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	.if \r <= \nr - 2
	DEC_LDK		\r + 1
	.if \hash
	DEC_HLOAD	\r
	.endif
	DEC_RND		\r, \b
	.if \hash
	DEC_HASH	\r, \x3
	.endif
	.endif
	.endr
	DEC_LDK		\nr
.endm

/* \x ^= \k (the last round key into a ciphertext block) */
.macro DEC_KLAST k, x
	eor		\x\().16b, \x\().16b, \k\().16b
.endm

/*
 * The last round of \blk and the plaintext into \dst: \c is the
 * ciphertext block (x3=0: already XORed with k_nr, DEC_KLAST).
 */
.macro DEC_LAST dst, c, blk, x3
	aese		\blk\().16b, KB.16b
.if \x3
	eor3		\dst\().16b, \c\().16b, \blk\().16b, KA.16b
.else
	eor		\dst\().16b, \c\().16b, \blk\().16b
.endif
.endm

/*
 * One group of eight blocks: CTR from DCTR, then PT0..PT7 = plaintext,
 * stored to DST, and S added into PT0 for the group's POLYVAL; with
 * \hash, the previous group's POLYVAL interleaved with the rounds.
 */
.macro DEC_GROUP nr, hash, x3
	CTR8		DCTR, DONE
	DEC_ROUNDS	\nr, \hash, \x3, BLK0, BLK1, BLK2, BLK3, BLK4, BLK5, BLK6, BLK7
	ld1		{PT0.16b, PT1.16b, PT2.16b, PT3.16b}, [SRC], #64
	ld1		{PT4.16b, PT5.16b, PT6.16b, PT7.16b}, [SRC], #64
.if !\x3
	/* the last round key into the ciphertext, off the rounds' chain */
	AES_ALL		DEC_KLAST, KA, PT0, PT1, PT2, PT3, PT4, PT5, PT6, PT7
.endif
	DEC_LAST	PT0, PT0, BLK0, \x3
	DEC_LAST	PT1, PT1, BLK1, \x3
	DEC_LAST	PT2, PT2, BLK2, \x3
	DEC_LAST	PT3, PT3, BLK3, \x3
	DEC_LAST	PT4, PT4, BLK4, \x3
	DEC_LAST	PT5, PT5, BLK5, \x3
	DEC_LAST	PT6, PT6, BLK6, \x3
	DEC_LAST	PT7, PT7, BLK7, \x3
	st1		{PT0.16b, PT1.16b, PT2.16b, PT3.16b}, [DST], #64
	st1		{PT4.16b, PT5.16b, PT6.16b, PT7.16b}, [DST], #64
	eor		PT0.16b, PT0.16b, ACC.16b	/* S ^ X_1 */
.endm

/* One block (the last 0..7): plaintext in BLK0, stored. */
.macro DEC_ONE nr, x3
	mov		BLK0.16b, DCTR.16b
	add		DCTR.4s, DCTR.4s, DONE.4s
	DEC_ROUNDS	\nr, 0, \x3, BLK0
	ld1		{T1.16b}, [SRC], #16
.if !\x3
	DEC_KLAST	KA, T1
.endif
	DEC_LAST	BLK0, T1, BLK0, \x3
	st1		{BLK0.16b}, [DST], #16
.endm

.macro DEC_BLOCKS nr, x3
	subs		CNBLK, CNBLK, #8
	b.lo		.Ltail\@
	DEC_GROUP	\nr, 0, \x3
	subs		CNBLK, CNBLK, #8
	b.lo		.Llast\@
.Leight\@:
	DEC_GROUP	\nr, 1, \x3
	subs		CNBLK, CNBLK, #8
	b.hs		.Leight\@
.Llast\@:
	DEC_HASH_ALL	\x3
.Ltail\@:
	adds		CNBLK, CNBLK, #8	/* 0..7 left */
	b.eq		.Ldone\@
	/* n < 8 blocks left: H^n..H^1 are htab[8 - n..7] */
	mov		TMP, #8
	sub		TMP, TMP, CNBLK
	add		HP, DHTAB, TMP, lsl #4
	DEC_ONE		\nr, \x3
	eor		BLK0.16b, BLK0.16b, ACC.16b
	KARA1		BLK0, 1
	subs		CNBLK, CNBLK, #1
	b.eq		.Lreduce\@
.Lone\@:
	DEC_ONE		\nr, \x3
	KARA1		BLK0
	subs		CNBLK, CNBLK, #1
	b.ne		.Lone\@
.Lreduce\@:
	REDUCE		ACC, \x3
.Ldone\@:
	st1		{ACC.16b}, [DACCP]
	st1		{DCTR.16b}, [CTRP]
	RESTORE_D8_D15
	ret
.endm

/* The body of kfast_gcmsiv_ctr_dec_ce (x3=0) and _sha3_ce (x3=1). */
.macro CTR_DEC x3
	cbz		CNBLK, .Ldec_none\@
	SAVE_D8_D15
	POLYVAL_SETUP
	ld1		{ACC.16b}, [DACCP]
	ld1		{DCTR.16b}, [CTRP]
	movi		DONE.2d, #0
	mov		TMPW, #1
	mov		DONE.s[0], TMPW		/* (1, 0, 0, 0) */
	cmp		NR, #10
	b.ne		.Ldec_256\@
	DEC_BLOCKS	10, \x3
.Ldec_256\@:
	DEC_BLOCKS	14, \x3
.Ldec_none\@:
	ret
.endm

SYM_FUNC_START(kfast_gcmsiv_ctr_dec_ce)
	CTR_DEC		0
SYM_FUNC_END(kfast_gcmsiv_ctr_dec_ce)

/* EOR3 from here on: the caller has checked SHA3. */
	.arch		armv8.2-a+crypto+sha3

SYM_FUNC_START(kfast_gcmsiv_ctr_dec_sha3_ce)
	CTR_DEC		1
SYM_FUNC_END(kfast_gcmsiv_ctr_dec_sha3_ce)

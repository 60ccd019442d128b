/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01) for arm64: scalar NH + L2 with MUL/UMULH and
 * ADDS/ADCS carry chains, and the pad's AES with the Crypto Extensions.
 *
 * CPU-feature contract:
 *   vmac_blocks64_scalar, vmac_blocks128_scalar: the base A64 instruction
 *	set only, general-purpose registers, so they need no kernel-mode NEON
 *	section and run in any context.  x19-x24 are saved on the stack
 *	(callee-saved); x29 and x30 are never touched, so a frame-pointer
 *	unwinder that interrupts them finds the caller's frame.
 *   vmac_ce_pad: ASIMD and AES; the caller holds a kernel-mode NEON
 *	section.  Round keys from kfast_aes_expandkey_ct() (<kfast/aes.h>),
 *	FIPS-197 byte order.
 *
 *   void vmac_blocks64_scalar(u64 poly[2], const u8 *p, size_t nblocks,
 *			       const struct vmac_key *key);
 *   void vmac_blocks128_scalar(u64 poly[2][2], const u8 *p, size_t nblocks,
 *				const struct vmac_key *key);
 *	NH + L2 over nblocks >= 1 whole 128-byte blocks, one resp. two
 *	iterations; poly[i] = {ah, al}, the L2 accumulators.
 *   void vmac_ce_pad(const u8 rk[15][16], unsigned int rounds,
 *		      const u8 nonce[16], unsigned int iters, u64 pad[2]);
 *	PDF: AES of the nonce (for VMAC-64, iters == 1, with its last bit
 *	cleared: it selects the half, which the caller does), returned as two
 *	host-order words, pad[0] = the first 8 bytes big-endian.
 *
 * The maths is that of vmac/vmac_core.c:
 *
 *   NH (one block, one iteration): sum over the 8 word pairs of
 *	(m[2j] + k[2j] mod 2^64) * (m[2j+1] + k[2j+1] mod 2^64)  mod 2^126,
 *	message words little-endian (LDP), key words pre-converted from
 *	big-endian at setkey; iteration 1 uses the key 16 bytes on.  Each
 *	product is MUL (low half) and UMULH (high half); even and odd pairs
 *	go to two 128-bit sums (ADDS/ADC) to keep the carry chains short.
 *
 *   L2 step: acc = acc * k + m mod p = 2^127 - 1, acc kept below
 *	2^127 + 8.  With 2^128 = 2 mod p:
 *	    acc * k = t0 + 2 * (t2 + hi(t1)) + lo(t1) * 2^64
 *	with t0 = al kl, t1 = ah kl + al kh, t2 = ah kh; add m, then fold the
 *	bits from 127 up back in (2^127 = 1 mod p): bit 127 once, the carry
 *	out of 128 bits twice.
 *
 *   Two L2 steps at once (VMAC-64): acc = acc * k^2 + m1 * k + m2 with k^2
 *	from setkey (fully reduced).  The 256-bit sum Z = z0 + z1 2^64 +
 *	z2 2^128 + z3 2^192 of the products is built with few carry
 *	instructions: of each 128 x 128-bit product, lo x lo and hi x hi
 *	side by side are one 256-bit word added in one chain of four (the
 *	first straight onto m2, with no copy), the two cross products are
 *	added at word offset 1.  Z is reduced as (z0 + z1 2^64) +
 *	2 (z2 + z3 2^64) mod p, then folded at bit 127 as above.  Only
 *	acc * k^2 is on the serial chain, which costs one multiply-and-reduce
 *	per two blocks.  The first block's NH goes straight to (N1H:N1L), and
 *	both blocks are read at offsets from P, which moves once per step.
 *	An odd block count takes one single step first.
 */
#include <linux/linkage.h>
#include "vmac-offsets.h"

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

	.arch		armv8-a+crypto

	POLYP	.req	x0
	P	.req	x1
	NBLK	.req	x2
	KEY	.req	x3
	AH0	.req	x4	/* L2 accumulators */
	AL0	.req	x5
	AH1	.req	x6
	AL1	.req	x7
	KH0	.req	x8	/* L2 keys, high word first in memory */
	KL0	.req	x9
	KH1	.req	x10
	KL1	.req	x11
	/* scratch */
	M0	.req	x12
	M1	.req	x13
	K0	.req	x14
	K1	.req	x15
	PLO	.req	x16
	PHI	.req	x17
	/* NH sums: even pairs (SH:SL), odd pairs (TH:TL) */
	SL	.req	x19
	SH	.req	x20
	TL	.req	x21
	TH	.req	x22
	/* VMAC-64 two-block step: NH of the first block, k^2 */
	N1L	.req	x23
	N1H	.req	x24
	K2H	.req	x10
	K2L	.req	x11
	/* the 256-bit sum of the two-block step */
	SUM0	.req	x12
	SUM1	.req	x13
	SUM2	.req	x14
	SUM3	.req	x15

.text

/*
 * NH of the block at P + \poff under the key at KEY + \koff into
 * (\sh:\sl), mod 2^126.  Scratch: M0, M1, K0, K1, PLO, PHI, TL, TH.
 */
.macro NH_BLOCK koff, poff=0, sl=SL, sh=SH
.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	ldp		M0, M1, [P, #(\poff + 16 * \j)]
	ldp		K0, K1, [KEY, #(\koff + 16 * \j)]
	add		M0, M0, K0
	add		M1, M1, K1
.if \j == 0
	mul		\sl, M0, M1
	umulh		\sh, M0, M1
.elseif \j == 1
	mul		TL, M0, M1
	umulh		TH, M0, M1
.else
	mul		PLO, M0, M1
	umulh		PHI, M0, M1
.if \j % 2 == 0
	adds		\sl, \sl, PLO
	adc		\sh, \sh, PHI
.else
	adds		TL, TL, PLO
	adc		TH, TH, PHI
.endif
.endif
.endr
	adds		\sl, \sl, TL
	adc		\sh, \sh, TH
	and		\sh, \sh, #0x3fffffffffffffff	/* mod 2^126 */
.endm

/*
 * (\ah:\al) = (\ah:\al) * (\kh:\kl) + (SH:SL) mod 2^127 - 1, lazily
 * reduced.  Scratch: M0, M1, K0, K1, PLO, PHI.
 */
.macro POLY1 ah, al, kh, kl
	mul		M0, \al, \kl		/* t0 = (M1:M0) */
	umulh		M1, \al, \kl
	mul		K0, \al, \kh		/* al kh */
	umulh		K1, \al, \kh
	mul		PLO, \ah, \kl		/* ah kl */
	umulh		PHI, \ah, \kl
	adds		PLO, PLO, K0
	adc		PHI, PHI, K1		/* t1 = (PHI:PLO) */
	mul		K0, \ah, \kh		/* t2 = (K1:K0) */
	umulh		K1, \ah, \kh
	adds		K0, K0, PHI
	adc		K1, K1, xzr		/* s = t2 + hi(t1) */
	adds		K0, K0, K0
	adc		K1, K1, K1		/* 2s < 2^127 */
	adds		M0, M0, K0
	adc		M1, M1, K1		/* x = t0 + 2s < 2^127 */
	adds		M0, M0, SL
	adcs		M1, M1, PLO		/* + lo(t1) 2^64 + ml */
	cset		PHI, cs
	adds		M1, M1, SH
	adc		PHI, PHI, xzr		/* value = PHI 2^128 + (M1:M0) */
	lsr		K0, M1, #63
	add		K0, K0, PHI, lsl #1	/* bits 127 and up, weighted 1 */
	and		M1, M1, #0x7fffffffffffffff
	adds		\al, M0, K0
	adc		\ah, M1, xzr
.endm

/*
 * Z += (\xh:\xl) (\yh:\yl): the products xl yl and xh yh side by side are
 * one 256-bit word (one carry chain of four), the cross products xl yh and
 * xh yl are added at word offset 1.  With first=1, Z = that plus (SH:SL)
 * (the products of the first pair written straight into Z).
 */
.macro ZMUL xh, xl, yh, yl, first=0
	mul		PLO, \xl, \yl
	umulh		PHI, \xl, \yl
	mul		TL, \xh, \yh
	umulh		TH, \xh, \yh
.if \first
	adds		SUM0, SL, PLO
	adcs		SUM1, SH, PHI
	adcs		SUM2, TL, xzr
	adc		SUM3, TH, xzr
.else
	adds		SUM0, SUM0, PLO
	adcs		SUM1, SUM1, PHI
	adcs		SUM2, SUM2, TL
	adc		SUM3, SUM3, TH
.endif
	mul		PLO, \xl, \yh
	umulh		PHI, \xl, \yh
	mul		TL, \xh, \yl
	umulh		TH, \xh, \yl
	adds		SUM1, SUM1, PLO
	adcs		SUM2, SUM2, PHI
	adc		SUM3, SUM3, xzr
	adds		SUM1, SUM1, TL
	adcs		SUM2, SUM2, TH
	adc		SUM3, SUM3, xzr
.endm

/*
 * (AH0:AL0) = (AH0:AL0) k^2 + (N1H:N1L) k + (SH:SL) mod 2^127 - 1, lazily
 * reduced.  Scratch: SUM0..SUM3, PLO, PHI, TL, TH.  Every partial sum is
 * at most the whole (all terms are non-negative), below 2^256, so no carry
 * leaves SUM3.
 */
.macro POLY2
	ZMUL		N1H, N1L, KH0, KL0, 1	/* m2 + m1 k */
	ZMUL		AH0, AL0, K2H, K2L	/* + acc k^2 */
	adds		SUM2, SUM2, SUM2
	adcs		SUM3, SUM3, SUM3
	cset		PLO, cs			/* 2 (z2 + z3 2^64) = (PLO:SUM3:SUM2) */
	adds		SUM0, SUM0, SUM2
	adcs		SUM1, SUM1, SUM3
	adc		PLO, PLO, xzr		/* value = PLO 2^128 + (SUM1:SUM0) */
	lsr		PHI, SUM1, #63
	add		PHI, PHI, PLO, lsl #1	/* bits 127 and up, weighted 1 */
	and		SUM1, SUM1, #0x7fffffffffffffff
	adds		AL0, SUM0, PHI
	adc		AH0, SUM1, xzr
.endm

.macro SAVE_X19_X24
	stp		x19, x20, [sp, #-48]!
	stp		x21, x22, [sp, #16]
	stp		x23, x24, [sp, #32]
.endm

.macro RESTORE_X19_X24
	ldp		x21, x22, [sp, #16]
	ldp		x23, x24, [sp, #32]
	ldp		x19, x20, [sp], #48
.endm

SYM_FUNC_START(vmac_blocks64_scalar)
	SAVE_X19_X24
	ldp		AH0, AL0, [POLYP]
	ldp		KH0, KL0, [KEY, #VMAC_KEY_POLY]
	ldp		K2H, K2L, [KEY, #VMAC_KEY_POLY2]
	tbz		NBLK, #0, .Lb64_pairs
	NH_BLOCK	VMAC_KEY_NH		/* an odd block: one single step */
	POLY1		AH0, AL0, KH0, KL0
	add		P, P, #128
	subs		NBLK, NBLK, #1
	b.eq		.Lb64_done
.Lb64_pairs:
	NH_BLOCK	VMAC_KEY_NH, 0, N1L, N1H
	NH_BLOCK	VMAC_KEY_NH, 128
	POLY2
	add		P, P, #256
	subs		NBLK, NBLK, #2
	b.ne		.Lb64_pairs
.Lb64_done:
	stp		AH0, AL0, [POLYP]
	RESTORE_X19_X24
	ret
SYM_FUNC_END(vmac_blocks64_scalar)

/* The two iterations' L2 chains are independent and overlap in the core. */
SYM_FUNC_START(vmac_blocks128_scalar)
	SAVE_X19_X24
	ldp		AH0, AL0, [POLYP]
	ldp		AH1, AL1, [POLYP, #16]
	ldp		KH0, KL0, [KEY, #VMAC_KEY_POLY]
	ldp		KH1, KL1, [KEY, #(VMAC_KEY_POLY + 16)]
.Lb128:
	NH_BLOCK	VMAC_KEY_NH
	POLY1		AH0, AL0, KH0, KL0
	NH_BLOCK	(VMAC_KEY_NH + 16)
	POLY1		AH1, AL1, KH1, KL1
	add		P, P, #128
	subs		NBLK, NBLK, #1
	b.ne		.Lb128
	stp		AH0, AL0, [POLYP]
	stp		AH1, AL1, [POLYP, #16]
	RESTORE_X19_X24
	ret
SYM_FUNC_END(vmac_blocks128_scalar)

	/* vmac_ce_pad */
	RKP	.req	x0
	ROUNDS	.req	w1
	NONCE	.req	x2
	ITERS	.req	w3
	PADP	.req	x4
	NLO	.req	x5
	NHI	.req	x6
	BLK	.req	v0
	RKEY	.req	v1
	RLAST	.req	v2

/*
 * Rounds 0 .. rounds - 2 are AESE (AddRoundKey, SubBytes, ShiftRows) +
 * AESMC (MixColumns); round rounds - 1 is AESE alone, and the last
 * AddRoundKey an EOR.  REV64 turns each 8-byte half into a host-order
 * big-endian word.
 */
SYM_FUNC_START(vmac_ce_pad)
	ldp		NLO, NHI, [NONCE]
	cmp		ITERS, #1
	b.ne		1f
	and		NHI, NHI, #0xfeffffffffffffff	/* last nonce bit: byte 15, bit 0 */
1:	fmov		d0, NLO				/* d0 is BLK's low half */
	mov		BLK.d[1], NHI
	sub		ROUNDS, ROUNDS, #1
2:	ld1		{RKEY.16b}, [RKP], #16
	aese		BLK.16b, RKEY.16b
	aesmc		BLK.16b, BLK.16b
	subs		ROUNDS, ROUNDS, #1
	b.ne		2b
	ld1		{RKEY.16b, RLAST.16b}, [RKP]
	aese		BLK.16b, RKEY.16b
	eor		BLK.16b, BLK.16b, RLAST.16b
	rev64		BLK.16b, BLK.16b
	st1		{BLK.16b}, [PADP]
	ret
SYM_FUNC_END(vmac_ce_pad)

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
 * The register map, NH and the L2 steps (and their maths) are the macros
 * of vmac-scalar.S.inc.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

	.arch		armv8-a+crypto

#include "vmac-scalar.S.inc"

.text

SYM_FUNC_START(vmac_blocks64_scalar)
	SAVE_X19_X24
	ldp		AH0, AL0, [POLYP]
	ldp		KH0, KL0, [KEY, #VMAC_KEY_POLY]
	ldp		K2H, K2L, [KEY, #VMAC_KEY_POLY2]
	tbz		NBLK, #0, .Lb64_pairs
	NH_BLOCK	VMAC_KEY_NH		/* an odd block: one single step */
	lsl		KD0, KH0, #1
	POLY1		AH0, AL0, KH0, KL0, KD0
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
	lsl		KD0, KH0, #1
	lsl		KD1, KH1, #1
.Lb128:
	NH_BLOCK	VMAC_KEY_NH
	POLY1		AH0, AL0, KH0, KL0, KD0
	NH_BLOCK	(VMAC_KEY_NH + 16)
	POLY1		AH1, AL1, KH1, KL1, KD1
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

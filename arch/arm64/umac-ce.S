/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One AES-128 block with the ARMv8 Crypto Extensions, for UMAC's pad.
 *
 * CPU-feature contract: ASIMD and AES (the caller checks
 * cpu_have_named_feature(AES)).  The caller owns the vector state
 * (kernel_neon_begin() or userspace).  Uses v0 and v16-v26 only, no
 * stack.
 *
 *   void umac_ce_encrypt(const u8 rk[11][16], u8 *out, u64 lo, u64 hi);
 *
 * encrypts the block whose bytes are lo then hi (little-endian: the block
 * as the C code stores it) under the round keys rk, in FIPS-197 byte order
 * (kfast_aes_expandkey_ct()), into out.
 *
 * AESE is AddRoundKey then SubBytes and ShiftRows, AESMC is MixColumns:
 * round r < 9 is AESE rk[r] + AESMC, round 9 is AESE rk[9] without
 * MixColumns, and the last AddRoundKey is an EOR with rk[10].  Each AESMC
 * follows its AESE on the same register, the pair that cores fuse.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

	RK	.req	x0
	OUTP	.req	x1
	LO	.req	x2
	HI	.req	x3

	BLK	.req	v0
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

	.arch		armv8-a+crypto
.text

.macro AES_ROUND k
	aese		BLK.16b, \k\().16b
	aesmc		BLK.16b, BLK.16b
.endm

SYM_FUNC_START(umac_ce_encrypt)
	ld1		{RK0.16b, RK1.16b, RK2.16b, RK3.16b}, [RK], #64
	fmov		d0, LO			/* d0 is BLK's low half: BLK = lo || hi */
	mov		BLK.d[1], HI
	ld1		{RK4.16b, RK5.16b, RK6.16b, RK7.16b}, [RK], #64
	ld1		{RK8.16b, RK9.16b, RK10.16b}, [RK]
	AES_ROUND	RK0
	AES_ROUND	RK1
	AES_ROUND	RK2
	AES_ROUND	RK3
	AES_ROUND	RK4
	AES_ROUND	RK5
	AES_ROUND	RK6
	AES_ROUND	RK7
	AES_ROUND	RK8
	aese		BLK.16b, RK9.16b
	eor		BLK.16b, BLK.16b, RK10.16b
	st1		{BLK.16b}, [OUTP]
	ret
SYM_FUNC_END(umac_ce_encrypt)

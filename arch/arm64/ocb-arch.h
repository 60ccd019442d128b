/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of AES-OCB on arm64 (included by
 * ocb/ocb.h when ocb/Kbuild.inc builds arm64 code): the tier table and the
 * per-key state of that tier.  The hooks that use them are in
 * arch/arm64/ocb-hooks.h.
 */
#ifndef KFAST_ARCH_ARM64_OCB_ARCH_H
#define KFAST_ARCH_ARM64_OCB_ARCH_H

/*
 * The arm64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 *   CE: ARMv8 Crypto Extensions, AESE/AESMC and AESD/AESIMC, 8 blocks in
 *	 flight for the text (both ways) and for HASH; single blocks for
 *	 Ktop, the pads and the tag (arch/arm64/ocb-ce.S).
 */
#define OCB_ARCH_TIERS(T)						\
	T(CE, "ce", 200, ocb_cpu_has_ce())

/*
 * The key expanded for the Crypto Extensions: the forward round keys in
 * FIPS-197 byte order (AESE) and the Equivalent Inverse Cipher's (AESD +
 * AESIMC take the same inverse schedule as AES-NI's AESDEC).  LD1 needs no
 * alignment; the tfm context guarantees only 8 bytes.
 */
struct ocb_key_arch {
	u8 rk_enc[15][16];
	u8 rk_dec[15][16];
	/*
	 * lsum[j - 1] = S_j = L_{ntz(1)} ^ ... ^ L_{ntz(j)} for j = 1..7:
	 * Offset_{i+j} = Offset_i ^ S_j when 8 divides i (the groups of 8 of
	 * ocb-ce.S).
	 */
	u8 lsum[7][16];
};

/*
 * Nothing per request: the hooks open a NEON section of their own around
 * each piece of work (the state on the stack of a helper), so no NEON
 * state (~528 bytes on 7.x) goes into the request context.
 */
struct ocb_ctx_arch { };

#endif /* KFAST_ARCH_ARM64_OCB_ARCH_H */

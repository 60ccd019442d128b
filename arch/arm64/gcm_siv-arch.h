/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of AES-GCM-SIV on arm64 (included by
 * gcmsiv/gcm_siv.h when gcmsiv/Kbuild.inc builds arm64 code): the tier
 * table and the per-key and per-request state of that tier.  The hooks
 * that use them are in arch/arm64/gcm_siv-hooks.h.
 */
#ifndef KFAST_ARCH_ARM64_GCM_SIV_ARCH_H
#define KFAST_ARCH_ARM64_GCM_SIV_ARCH_H

/*
 * The arm64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 *   CE: ARMv8 Crypto Extensions, AESE/AESMC for AES (CTR eight blocks in
 *	 flight), PMULL/PMULL2 for POLYVAL (eight blocks per reduction,
 *	 Karatsuba), decryption with both interleaved (arch/arm64/gcm_siv-ce.S).
 *   CE_SHA3: the same with the SHA3 extension's EOR3 (three-way XOR) in
 *	 the decryption's sums, which llvm-mca models as faster on
 *	 Neoverse V1/V2 (Documentation/benchmarks-arm64.md); everything
 *	 else is CE's.  A tier rather than a switch inside CE, so that the
 *	 tests, KUnit and the guests' self-tests run both decryption loops on
 *	 any CPU with SHA3 (qemu's -cpu max), and each can be asked for by
 *	 name.
 */
#define GCM_SIV_ARCH_TIERS(T)						\
	T(CE, "ce", 200, gcm_siv_cpu_has_ce())				\
	T(CE_SHA3, "ce-sha3", 300, gcm_siv_cpu_has_sha3())

/* The long-term key expanded for AESE: round keys in FIPS-197 byte order. */
struct gcm_siv_key_arch {
	u8 rk[15][16] __aligned(16);
};

/*
 * The per-request state of the CE tier, the arch arm of the union in
 * struct gcm_siv_ctx.  The assembly takes pointers to rk and htab, never
 * the struct.
 */
struct gcm_siv_ctx_arch {
	u8 npow;			/* powers of H in htab: 1 (H only) or 8 */
	u8 rk[15][16] __aligned(16);	/* message-encryption key */
	/*
	 * htab[8 - k] = H^k (k = 1..8, Montgomery powers: H^k = dot(H^(k-1),
	 * H)); htab[8 + j] = the folds (lo ^ hi) of H^(8-2j) and H^(7-2j).
	 */
	u8 htab[12][16] __aligned(16);
};

#endif /* KFAST_ARCH_ARM64_GCM_SIV_ARCH_H */

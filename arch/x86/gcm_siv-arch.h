/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of AES-GCM-SIV on x86-64 (included by
 * gcmsiv/gcm_siv.h when gcmsiv/Kbuild.inc builds x86 code): the tier table
 * and the per-key and per-request state of those tiers.  The hooks that
 * use them are in arch/x86/gcm_siv-hooks.h.
 */
#ifndef KFAST_ARCH_X86_GCM_SIV_ARCH_H
#define KFAST_ARCH_X86_GCM_SIV_ARCH_H

/*
 * The x86-64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 * Each tier needs the one before it.  The enum (GCM_SIV_IMPL_<id>), the
 * drivers, their module aliases and the tests' tier lists are made from
 * this table.
 *   AESNI: AES-NI + PCLMULQDQ + AVX on xmm (arch/x86/gcm_siv-aesni-avx.S);
 *	also the per-nonce key set-up, the short seal and the tails of every
 *	tier.
 *   VAES_AVX2: VAES + VPCLMULQDQ + AVX2 on ymm (gcm_siv-vaes-avx2.S).
 *   VAES_AVX512: the same on zmm with AVX512BW/VL (gcm_siv-vaes-avx512.S).
 */
#define GCM_SIV_ARCH_TIERS(T)						\
	T(AESNI, "aesni", 200, gcm_siv_cpu_has_aesni())			\
	T(VAES_AVX2, "vaes-avx2", 300, gcm_siv_cpu_has_vaes_avx2())	\
	T(VAES_AVX512, "vaes-avx512", 400, gcm_siv_cpu_has_vaes_avx512())

/*
 * Number of precomputed powers of the POLYVAL key kept per request by the
 * x86 tiers: H^1..H^16, stored highest power first (hpow[0] = H^16), so a
 * run of 16 blocks X_1..X_16 is sum X_i * H^(17-i) with one reduction.
 */
#define GCM_SIV_X86_NPOWERS	16
/*
 * The zmm tier's POLYVAL and decryption loops take 32 blocks per reduction
 * and also need H^17..H^32 (hwide[0] = H^32).  They are made once per
 * request (with the others when gcm_siv_prepare() is told of a long
 * update, else on the first update long enough for those loops), not per
 * call: the kernel glue hashes a scatterlist a page at a time.
 */
#define GCM_SIV_X86_NWIDE	16

/* The long-term key expanded for AES-NI: round keys in FIPS-197 byte order. */
struct gcm_siv_key_arch {
	u8 rk[15][16] __aligned(16);
};

/*
 * The per-request state of the x86 tiers, the arch arm of the union in
 * struct gcm_siv_ctx.  The assembly addresses rk, hpow and hwide by
 * offset (arch/x86/gcm_siv-offsets.h); the small fields sit in the hole
 * before rk, so the asm's wipe of everything up to hpow (or hwide)
 * clears them too.
 */
struct gcm_siv_ctx_arch {
	u8 npow;			/* powers of H computed so far (<= 32) */
	u8 keyed;			/* rk expanded (else rk[0..1] only) */
	u16 simd_blocks;		/* blocks hashed or en/decrypted in this SIMD section */
	struct kfast_simd_state simd;	/* the section held from init to done */
	u8 rk[15][16] __aligned(16);	/* message-encryption key */
	/* H^k at hpow[GCM_SIV_X86_NPOWERS - k], k = 1..npow */
	u8 hpow[GCM_SIV_X86_NPOWERS][16];
	/* H^k at hwide[2 * GCM_SIV_X86_NPOWERS - k], k = 17..npow */
	u8 hwide[GCM_SIV_X86_NWIDE][16];
};

#endif /* KFAST_ARCH_X86_GCM_SIV_ARCH_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of AES-OCB on x86-64 (included by
 * ocb/ocb.h when ocb/Kbuild.inc builds x86 code): the tier table and the
 * per-key and per-request state of those tiers.  The hooks that use them
 * are in arch/x86/ocb-hooks.h.
 */
#ifndef KFAST_ARCH_X86_OCB_ARCH_H
#define KFAST_ARCH_X86_OCB_ARCH_H

/*
 * The x86-64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 *   AESNI: AES-NI with VEX-encoded (AVX) xmm code, 8 blocks in flight
 *	(arch/x86/ocb-aesni.S); also the single blocks of every tier.
 *   VAES_AVX2: VAES + AVX2 on ymm, 8 blocks in flight
 *	(arch/x86/ocb-vaes-avx2.S).
 *   VAES_AVX512: VAES + AVX-512 on zmm, 16 blocks in flight
 *	(arch/x86/ocb-vaes-avx512.S).
 */
#define OCB_ARCH_TIERS(T)						\
	T(AESNI, "aesni", 200, ocb_cpu_has_aesni())			\
	T(VAES_AVX2, "vaes-avx2", 300, ocb_cpu_has_vaes_avx2())		\
	T(VAES_AVX512, "vaes-avx512", 400, ocb_cpu_has_vaes_avx512())

/*
 * The key expanded for AES-NI: the forward round keys in FIPS-197 byte
 * order and the Equivalent Inverse Cipher's for AESDEC.  No alignment is
 * asked for: the tfm context guarantees only 8 bytes, and the VEX code
 * loads them unaligned.
 */
struct ocb_key_arch {
	u8 rk_enc[15][16];
	u8 rk_dec[15][16];
	/*
	 * lsum[j - 1] = S_j = L_{ntz(1)} ^ ... ^ L_{ntz(j)} for j = 1..15, and
	 * lsum[15] = S_15: Offset_{i+j} = Offset_i ^ S_j when 16 divides i
	 * (the groups of 8 of ocb-aesni.S and of 16 of ocb-vaes-avx512.S).
	 */
	u8 lsum[16][16];
};

/* The per-request SIMD section, held from ocb_init() to ocb_final(). */
struct ocb_ctx_arch {
	u16 simd_blocks;		/* blocks processed in this section */
	struct kfast_simd_state simd;
};

#endif /* KFAST_ARCH_X86_OCB_ARCH_H */

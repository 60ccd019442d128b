/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-64 hooks for the VMAC core (included by vmac/vmac_core.c only).
 *
 * Tiers, chosen once by vmac_mod_init_arch() with static keys:
 *   VMAC_IMPL_BMI2: NH + L2 in general-purpose registers with MULX
 *	(arch/x86/vmac-x86_64.S); no FPU state, so it also serves the
 *	contexts where SIMD is unusable.  Pads with AES-NI when SIMD is
 *	usable.
 *   VMAC_IMPL_AVX512: NH with AVX-512 IFMA on groups of eight blocks, the
 *	L2 sixteen blocks (a pair of groups) per step, its message part with
 *	IFMA too and only acc * k^16 with MULX (arch/x86/vmac-avx512.S); the
 *	rest of a message and no-SIMD contexts use the BMI2 code.
 * A context runs min(its impl, the CPU's best tier); see enum vmac_impl.
 */
#ifndef KFAST_ARCH_X86_VMAC_H
#define KFAST_ARCH_X86_VMAC_H

void vmac_aesni_expandkey(u8 rk[15][16], const u8 *key, unsigned int keylen);
void vmac_aesni_pad(const u8 rk[15][16], unsigned int rounds,
		    const u8 nonce[16], unsigned int iters, u64 pad[2]);
void vmac_blocks64_bmi2(u64 poly[2], const u8 *p, size_t nblocks,
			const struct vmac_key *key);
void vmac_blocks128_bmi2(u64 poly[2][2], const u8 *p, size_t nblocks,
			 const struct vmac_key *key);
void vmac_blocks64_avx512(u64 poly[2], const u8 *p, size_t ngroups,
			  const struct vmac_key *key);
void vmac_blocks128_avx512(u64 poly[2][2], const u8 *p, size_t ngroups,
			   const struct vmac_key *key);

/* Offsets the assembly uses (#defines in vmac-scalar.S.inc). */
static_assert(offsetof(struct vmac_key, nhkey) == 0, "VMAC_KEY_NH");
static_assert(offsetof(struct vmac_key, polykey) == 144, "VMAC_KEY_POLY");
static_assert(offsetof(struct vmac_key, polykey2) == 176, "VMAC_KEY_POLY2");
static_assert(offsetof(struct vmac_key, polykey3) == 208, "VMAC_KEY_POLY3");
static_assert(offsetof(struct vmac_key, polykey4) == 240, "VMAC_KEY_POLY4");
static_assert(offsetof(struct vmac_key, polykey8) == 272, "VMAC_KEY_POLY8");
static_assert(offsetof(struct vmac_key, l2vec) == 304, "VMAC_KEY_L2VEC");
static_assert(offsetof(struct vmac_key, polykey16) == 1456, "VMAC_KEY_POLY16");
static_assert(offsetof(struct vmac_key, l2vec16) == 1488, "VMAC_KEY_L2VEC16");

static DEFINE_STATIC_KEY_FALSE(vmac_use_aesni);
static DEFINE_STATIC_KEY_FALSE(vmac_use_bmi2);
static DEFINE_STATIC_KEY_FALSE(vmac_use_avx512);

/* Groups of eight blocks per kernel FPU section (4 KiB). */
#define VMAC_AVX512_MAX_GROUPS		4

static __always_inline bool vmac_blocks_arch(const struct vmac_key *key,
					     struct vmac_state *st,
					     const u8 *p, size_t nblocks)
{
	/*
	 * AVX-512: groups of eight blocks, at most 4 KiB per FPU section; it
	 * pays from one group on for both tag sizes.  Fewer than eight
	 * blocks, and what is left over, go to the code below.
	 */
	if (st->impl >= VMAC_IMPL_AVX512 && static_branch_likely(&vmac_use_avx512) &&
	    nblocks >= 8 && crypto_simd_usable()) {
		do {
			size_t ng = min_t(size_t, nblocks / 8, VMAC_AVX512_MAX_GROUPS);
			struct kfast_simd_state simd;

			kfast_simd_begin(&simd);
			if (st->iters == 1)
				vmac_blocks64_avx512(st->poly[0], p, ng, key);
			else
				vmac_blocks128_avx512(st->poly, p, ng, key);
			kfast_simd_end(&simd);
			p += ng * 8 * VMAC_NHBYTES;
			nblocks -= ng * 8;
		} while (nblocks >= 8);
		if (!nblocks)
			return true;
	}
	if (st->impl >= VMAC_IMPL_BMI2 && static_branch_likely(&vmac_use_bmi2)) {
		if (st->iters == 1)
			vmac_blocks64_bmi2(st->poly[0], p, nblocks, key);
		else
			vmac_blocks128_bmi2(st->poly, p, nblocks, key);
		return true;
	}
	return false;
}
#define vmac_blocks_arch vmac_blocks_arch

static __always_inline bool vmac_pad_arch(const struct vmac_key *key,
					  const u8 nonce[16], unsigned int iters,
					  unsigned int impl, u64 pad[2])
{
	if (impl >= VMAC_IMPL_BMI2 && static_branch_likely(&vmac_use_aesni) &&
	    key->aesni_rounds && crypto_simd_usable()) {
		struct kfast_simd_state simd;

		kfast_simd_begin(&simd);
		vmac_aesni_pad(key->aesni_rk, key->aesni_rounds, nonce, iters, pad);
		kfast_simd_end(&simd);
		return true;
	}
	return false;
}
#define vmac_pad_arch vmac_pad_arch

/*
 * AES-NI round keys for the pad.  setkey normally runs in process context;
 * if SIMD is not usable there, the key simply keeps aesni_rounds = 0 and
 * the pads use the portable AES.
 */
static __always_inline void vmac_setkey_arch(struct vmac_key *key,
					     const u8 *raw, unsigned int len)
{
	key->aesni_rounds = 0;
	if (static_branch_likely(&vmac_use_aesni) && crypto_simd_usable()) {
		struct kfast_simd_state simd;

		kfast_simd_begin(&simd);
		vmac_aesni_expandkey(key->aesni_rk, raw, len);
		kfast_simd_end(&simd);
		key->aesni_rounds = len / 4 + 6;
	}
}
#define vmac_setkey_arch vmac_setkey_arch

static __always_inline unsigned int vmac_mod_init_arch(void)
{
	unsigned int best = VMAC_IMPL_GENERIC;

	if (boot_cpu_has(X86_FEATURE_AES) && boot_cpu_has(X86_FEATURE_SSSE3) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE, NULL))
		static_branch_enable(&vmac_use_aesni);
	if (boot_cpu_has(X86_FEATURE_BMI2)) {
		static_branch_enable(&vmac_use_bmi2);
		best = VMAC_IMPL_BMI2;
	}
	if (best == VMAC_IMPL_BMI2 && boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512IFMA) && boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL)) {
		static_branch_enable(&vmac_use_avx512);
		best = VMAC_IMPL_AVX512;
	}
	return best;
}
#define vmac_mod_init_arch vmac_mod_init_arch

#endif /* KFAST_ARCH_X86_VMAC_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 hooks of the UMAC core (included by umac/umac_core.c only).  The
 * tiers are in the table of arch/arm64/umac-arch.h.
 *
 * Every NH routine computes all iterations of a tag length (1..4) in one
 * pass over the data, with one routine per iteration count so that the
 * accumulators stay in registers.  POLY and L3 stay in C, where 64-bit
 * multiplies (MUL/UMULH) are what the hardware offers anyway.
 *
 * The tiers available on this CPU are decided once, by
 * umac_mod_init_arch() at module init, into static keys; a key prepared
 * for the NEON tier runs it inside the kernel-mode NEON sections of at
 * most 4 KiB that umac_simd_begin_arch() opens where crypto_simd_usable().
 */
#ifndef KFAST_ARCH_ARM64_UMAC_HOOKS_H
#define KFAST_ARCH_ARM64_UMAC_HOOKS_H

#include <kfast/tiers.h>

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#else
#define asmlinkage
#endif

/*
 * umac_nh_neon_N: NH of "units" 32-byte units of one chunk, sums added to
 * nh[0..N-1]; key = the linear key at the first unit's word.
 * umac_nh_short_neon_N: the same, then the padded last unit last[4] (if
 * not NULL).  umac_nh_chunks_neon_N: NH of nchunks whole chunks, stored
 * to out[c * N + i]; key = the start of the key.
 */
#define UMAC_NH_DECL(n)							\
asmlinkage void umac_nh_neon_##n(const u32 *key, const u8 *data,	\
				 size_t units, u64 *nh);		\
asmlinkage void umac_nh_short_neon_##n(const u32 *key, const u8 *data, \
				       size_t units, const u64 *last,	\
				       u64 *nh);			\
asmlinkage void umac_nh_chunks_neon_##n(const u32 *key, const u8 *data, \
					size_t nchunks, u64 *out)
UMAC_NH_DECL(1);
UMAC_NH_DECL(2);
UMAC_NH_DECL(3);
UMAC_NH_DECL(4);
#undef UMAC_NH_DECL

/*
 * One AES-128 block with expanded round keys (FIPS-197 byte order); the
 * input block is given as its two little-endian 64-bit halves.
 */
asmlinkage void umac_ce_encrypt(const u8 rk[11][16], u8 *out, u64 lo, u64 hi);

/* The assembly's view of the round keys. */
static_assert(sizeof(((struct umac_key_arch *)0)->pdf_rk) == 176, "asm layout");

/* The AES pad is not a tier of its own: the NEON tier uses it if present. */
static __ro_after_init DEFINE_STATIC_KEY_FALSE(umac_have_ce_aes);
KFAST_DEFINE_TIER_KEYS(umac_tier_keys, UMAC_NR_IMPLS);

#define umac_have(id) static_branch_likely(&umac_tier_keys[UMAC_IMPL_##id])

/* Kernel-mode NEON sections cover at most this much data. */
#define UMAC_SIMD_SECTION_BYTES	4096

/*
 * Opens a kernel-mode NEON section for a key's tier, if SIMD is usable
 * here; false means "use the generic code".
 */
static __always_inline bool umac_simd_begin_arch(const struct umac_key *key,
						 struct kfast_simd_state *simd)
{
	if (key->impl == UMAC_IMPL_GENERIC || !umac_have(NEON) ||
	    !crypto_simd_usable())
		return false;
	kfast_simd_begin(simd);
	return true;
}
#define umac_simd_begin_arch umac_simd_begin_arch

static __always_inline void umac_simd_end_arch(struct kfast_simd_state *simd)
{
	kfast_simd_end(simd);
}
#define umac_simd_end_arch umac_simd_end_arch

/* One routine per iteration count (accumulators stay in registers). */
#define UMAC_NH_CALL(fn, iters, ...)					\
	do {								\
		switch (iters) {					\
		case 1:							\
			fn##_1(__VA_ARGS__);				\
			break;						\
		case 2:							\
			fn##_2(__VA_ARGS__);				\
			break;						\
		case 3:							\
			fn##_3(__VA_ARGS__);				\
			break;						\
		default:						\
			fn##_4(__VA_ARGS__);				\
			break;						\
		}							\
	} while (0)

/* Called inside a SIMD section; false means "use the generic code". */
static __always_inline bool umac_nh_arch(const struct umac_key *key, u64 *nh,
					 const u8 *p, size_t units,
					 unsigned int pos, unsigned int iters)
{
	if (key->impl != UMAC_IMPL_NEON || !umac_have(NEON))
		return false;
	UMAC_NH_CALL(umac_nh_neon, iters, key->nh + pos / 4, p, units, nh);
	return true;
}
#define umac_nh_arch umac_nh_arch

/*
 * A whole message of "units" units and an optional padded last unit
 * (last[4], little-endian words), inside a SIMD section.
 */
static __always_inline bool umac_nh_short_arch(const struct umac_key *key,
					       const u32 *k, const u8 *p,
					       size_t units, const u64 *last,
					       u64 *nh, unsigned int iters)
{
	if (key->impl != UMAC_IMPL_NEON || !umac_have(NEON))
		return false;
	UMAC_NH_CALL(umac_nh_short_neon, iters, k, p, units, last, nh);
	return true;
}
#define umac_nh_short_arch umac_nh_short_arch

/* Whole chunks, inside a SIMD section: out[c * iters + i]. */
static __always_inline bool umac_nh_chunks_arch(const struct umac_key *key,
						const u8 *p, size_t nchunks,
						unsigned int iters, u64 *out)
{
	if (key->impl != UMAC_IMPL_NEON || !umac_have(NEON))
		return false;
	UMAC_NH_CALL(umac_nh_chunks_neon, iters, key->nh, p, nchunks, out);
	return true;
}
#define umac_nh_chunks_arch umac_nh_chunks_arch

static __always_inline bool umac_pdf_arch(const struct umac_key *key, u8 *out,
					  u64 lo, u64 hi)
{
	struct kfast_simd_state simd;

	if (!key->arch.ce || !static_branch_likely(&umac_have_ce_aes) ||
	    !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	umac_ce_encrypt(key->arch.pdf_rk, out, lo, hi);
	kfast_simd_end(&simd);
	return true;
}
#define umac_pdf_arch umac_pdf_arch

/* The NH key needs no layout; only the AES pad's round keys. */
static void umac_setkey_arch(struct umac_key *key, const u8 *kprime)
{
	/* key->arch is zero here. */
	if (key->impl != UMAC_IMPL_GENERIC &&
	    static_branch_likely(&umac_have_ce_aes)) {
		kfast_aes_expandkey_ct(key->arch.pdf_rk, kprime, 16);
		key->arch.ce = true;
	}
}
#define umac_setkey_arch umac_setkey_arch

#define UMAC_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline int umac_mod_init_arch(void)
{
	const bool present[] = { UMAC_TIERS(UMAC_TIER_PRESENT) };

	if (cpu_have_named_feature(ASIMD) && cpu_have_named_feature(AES))
		static_branch_enable(&umac_have_ce_aes);
	return kfast_probe_tiers(umac_tier_keys, present, UMAC_NR_IMPLS);
}
#define umac_mod_init_arch umac_mod_init_arch

#endif /* KFAST_ARCH_ARM64_UMAC_HOOKS_H */

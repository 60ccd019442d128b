/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 hooks of the VMAC core (included by vmac/vmac_core.c only).  The
 * tiers are in the table of arch/arm64/vmac-arch.h; vmac_mod_init_arch()
 * probes them once and sets one static key per tier present.  A context
 * runs min(its impl, the CPU's best tier).
 *
 * NH's multiplies and L2 are scalar in both tiers (NEON has no 64 x 64 ->
 * 128-bit multiply); VMAC-64 takes two blocks per L2 step (acc k^2 + m1 k
 * + m2), VMAC-128 one block per step on each of its two chains.  The NEON
 * tier adds NH's key on the vector pipes (arch/arm64/vmac-neon.S), in
 * kernel-mode NEON sections of at most 4 KiB, opened where SIMD is usable
 * and the call has at least VMAC_NEON_MIN_BLOCKS blocks; the rest goes to
 * the scalar tier, which needs no section.  The per-message AES of the pad
 * uses AESE inside a NEON section of its own where SIMD is usable.
 */
#ifndef KFAST_ARCH_ARM64_VMAC_HOOKS_H
#define KFAST_ARCH_ARM64_VMAC_HOOKS_H

#include <kfast/tiers.h>

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#else
#define asmlinkage
#endif

#include "vmac-offsets.h"

asmlinkage void vmac_blocks64_scalar(u64 poly[2], const u8 *p, size_t nblocks,
				     const struct vmac_key *key);
asmlinkage void vmac_blocks128_scalar(u64 poly[2][2], const u8 *p,
				      size_t nblocks,
				      const struct vmac_key *key);
asmlinkage void vmac_blocks64_neon(u64 poly[2], const u8 *p, size_t nblocks,
				   const struct vmac_key *key);
asmlinkage void vmac_blocks128_neon(u64 poly[2][2], const u8 *p,
				    size_t nblocks,
				    const struct vmac_key *key);
asmlinkage void vmac_ce_pad(const u8 rk[15][16], unsigned int rounds,
			    const u8 nonce[16], unsigned int iters, u64 pad[2]);

static_assert(offsetof(struct vmac_key, nhkey) == VMAC_KEY_NH, "VMAC_KEY_NH");
static_assert(offsetof(struct vmac_key, polykey) == VMAC_KEY_POLY, "VMAC_KEY_POLY");
static_assert(offsetof(struct vmac_key, polykey2) == VMAC_KEY_POLY2, "VMAC_KEY_POLY2");

/* The AES pad is not a tier of its own: the scalar and NEON tiers use it. */
static __ro_after_init DEFINE_STATIC_KEY_FALSE(vmac_use_ce_aes);
KFAST_DEFINE_TIER_KEYS(vmac_tier_keys, VMAC_NR_IMPLS);

/* Whether a context whose impl is @impl may run tier @id. */
#define vmac_may_run(impl, id)						\
	((impl) >= VMAC_IMPL_##id && static_branch_likely(&vmac_tier_keys[VMAC_IMPL_##id]))

/* Blocks per kernel-mode NEON section: 4 KiB. */
#define VMAC_NEON_SECTION_BLOCKS	32
/*
 * The NEON tier takes a call from this many blocks (1 KiB) on, fewer go
 * to the scalar loop: its gain is a few cycles per block on the cores
 * where it has one (Documentation/benchmarks-arm64.md, a model), which a
 * NEON section's begin and end, not modelled, would eat on short inputs.
 */
#define VMAC_NEON_MIN_BLOCKS		8

/*
 * NH + L2 of nblocks >= VMAC_NEON_MIN_BLOCKS blocks with the NEON tier, a
 * section per 4 KiB; returns the blocks left over (fewer than the
 * minimum), for the scalar loop.  noinline: the NEON state (~528 bytes on
 * 7.x) sits on this frame, not on the core's.
 */
static noinline size_t vmac_neon_blocks(const struct vmac_key *key,
					struct vmac_state *st, const u8 *p,
					size_t nblocks)
{
	struct kfast_simd_state simd;

	do {
		size_t n = min_t(size_t, nblocks, VMAC_NEON_SECTION_BLOCKS);

		kfast_simd_begin(&simd);
		if (st->iters == 1)
			vmac_blocks64_neon(st->poly[0], p, n, key);
		else
			vmac_blocks128_neon(st->poly, p, n, key);
		kfast_simd_end(&simd);
		p += n * VMAC_NHBYTES;
		nblocks -= n;
	} while (nblocks >= VMAC_NEON_MIN_BLOCKS);
	return nblocks;
}

static __always_inline bool vmac_blocks_arch(const struct vmac_key *key,
					     struct vmac_state *st,
					     const u8 *p, size_t nblocks,
					     bool first)
{
	if (vmac_may_run(st->impl, NEON) && nblocks >= VMAC_NEON_MIN_BLOCKS &&
	    crypto_simd_usable()) {
		size_t left = vmac_neon_blocks(key, st, p, nblocks);

		if (!left)
			return true;
		p += (nblocks - left) * VMAC_NHBYTES;
		nblocks = left;
	}
	if (!vmac_may_run(st->impl, SCALAR))
		return false;
	if (st->iters == 1)
		vmac_blocks64_scalar(st->poly[0], p, nblocks, key);
	else
		vmac_blocks128_scalar(st->poly, p, nblocks, key);
	return true;
}
#define vmac_blocks_arch vmac_blocks_arch

static __always_inline bool vmac_pad_arch(const struct vmac_key *key,
					  const u8 nonce[16], unsigned int iters,
					  unsigned int impl, u64 pad[2])
{
	struct kfast_simd_state simd;

	if (impl < VMAC_IMPL_SCALAR || !static_branch_likely(&vmac_use_ce_aes) ||
	    !key->arch.ce_rounds || !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	vmac_ce_pad(key->arch.ce_rk, key->arch.ce_rounds, nonce, iters, pad);
	kfast_simd_end(&simd);
	return true;
}
#define vmac_pad_arch vmac_pad_arch

/*
 * The pad's round keys, in portable constant-time C (setkey may run where
 * SIMD is unusable).
 */
static __always_inline void vmac_setkey_arch(struct vmac_key *key,
					     const u8 *raw, unsigned int len)
{
	key->arch.ce_rounds = 0;
	if (static_branch_likely(&vmac_use_ce_aes)) {
		kfast_aes_expandkey_ct(key->arch.ce_rk, raw, len);
		key->arch.ce_rounds = len / 4 + 6;
	}
}
#define vmac_setkey_arch vmac_setkey_arch

#define VMAC_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline unsigned int vmac_mod_init_arch(void)
{
	const bool present[] = { VMAC_TIERS(VMAC_TIER_PRESENT) };

	if (cpu_have_named_feature(ASIMD) && cpu_have_named_feature(AES))
		static_branch_enable(&vmac_use_ce_aes);
	return kfast_probe_tiers(vmac_tier_keys, present, VMAC_NR_IMPLS);
}
#define vmac_mod_init_arch vmac_mod_init_arch

#endif /* KFAST_ARCH_ARM64_VMAC_HOOKS_H */

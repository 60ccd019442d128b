/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 hooks of the AES-OCB core (included by ocb/ocb.c only).  The tier
 * is in the table of arch/arm64/ocb-arch.h; ocb_mod_init_arch() probes it
 * once and sets its static key.
 *
 *   OCB_IMPL_CE   AESE/AESMC + AESD/AESIMC, 8 blocks in flight	ocb-ce.S
 *
 * What the tier does itself: Offset_0 (Ktop with AESE, Stretch in C), the
 * whole text blocks both ways and HASH over whole AAD blocks (8 blocks in
 * flight), and the single blocks the core asks for (the pads of partial
 * blocks, the tag: the core's generic tag code over
 * ocb_encrypt_block_arch()).
 *
 * SIMD sections, as GCM-SIV's arm64 hooks do them.  A request runs the CE
 * tier only if crypto_simd_usable() when it starts (ocb_init_arch());
 * otherwise the core runs it on the generic code.  All calls of one
 * request run in that context (the AEAD is synchronous), so every piece of
 * NEON work then opens a kernel-mode NEON section of its own, at most
 * 4 KiB of data each (a longer call is cut into 4 KiB pieces, each in its
 * own section), and nothing is held between calls: no NEON state in the
 * request context, nothing for ocb_done_arch() to close.  The sections
 * are opened in noinline helpers, which hold the NEON state (~528 bytes
 * on 7.x) on their own stack frames, so that the core's functions
 * (ocb_final() calls up to three single blocks) carry none of it.
 */
#ifndef KFAST_ARCH_ARM64_OCB_HOOKS_H
#define KFAST_ARCH_ARM64_OCB_HOOKS_H

#include <kfast/tiers.h>

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#else
#define asmlinkage
#endif

#include "ocb-offsets.h"

static_assert(offsetof(struct ocb_key, arch.rk_enc) == OCB_KEY_RK_ENC, "OCB_KEY_RK_ENC");
static_assert(offsetof(struct ocb_key, arch.rk_dec) == OCB_KEY_RK_DEC, "OCB_KEY_RK_DEC");
static_assert(offsetof(struct ocb_key, arch.lsum) == OCB_KEY_LSUM, "OCB_KEY_LSUM");

asmlinkage void kfast_ocb_enc_ce(const struct ocb_key *key, struct ocb_ctx *ctx,
				 const u8 *src, u8 *dst, size_t nblocks,
				 unsigned int nrounds);
asmlinkage void kfast_ocb_dec_ce(const struct ocb_key *key, struct ocb_ctx *ctx,
				 const u8 *src, u8 *dst, size_t nblocks,
				 unsigned int nrounds);
asmlinkage void kfast_ocb_hash_ce(const struct ocb_key *key, struct ocb_ctx *ctx,
				  const u8 *aad, void *unused, size_t nblocks,
				  unsigned int nrounds);
asmlinkage void kfast_ocb_aes_block_ce(const u8 rk[15][16], u8 out[16],
				       const u8 in[16], unsigned int nrounds);

static __always_inline bool ocb_cpu_has_ce(void)
{
	return cpu_have_named_feature(ASIMD) && cpu_have_named_feature(AES);
}

KFAST_DEFINE_TIER_KEYS(ocb_tier_keys, OCB_NR_IMPLS);

/* Whether the request runs the CE tier (the core clamps impl to the CPU). */
#define ocb_ce(ctx)							\
	((ctx)->impl >= OCB_IMPL_CE &&					\
	 static_branch_likely(&ocb_tier_keys[OCB_IMPL_CE]))

/* Blocks per kernel-mode NEON section (4 KiB). */
#define OCB_ARM64_SECTION_BLOCKS	(4096 / OCB_BLOCK_SIZE)

enum ocb_ce_op { OCB_CE_ENC, OCB_CE_DEC, OCB_CE_HASH };

/* One forward block in a NEON section of its own. */
static noinline void ocb_ce_block(const struct ocb_key *key, u8 out[OCB_BLOCK_SIZE],
				  const u8 in[OCB_BLOCK_SIZE])
{
	struct kfast_simd_state simd;

	kfast_simd_begin(&simd);
	kfast_ocb_aes_block_ce(key->arch.rk_enc, out, in, key->nrounds);
	kfast_simd_end(&simd);
}

/*
 * Whole blocks of text (dst written) or of AAD (dst unused), one NEON
 * section per 4 KiB piece.
 */
static noinline void ocb_ce_bulk(struct ocb_ctx *ctx, const struct ocb_key *key,
				 const u8 *src, u8 *dst, size_t nblocks,
				 enum ocb_ce_op op)
{
	struct kfast_simd_state simd;

	while (nblocks) {
		size_t n = min_t(size_t, nblocks, OCB_ARM64_SECTION_BLOCKS);

		kfast_simd_begin(&simd);
		if (op == OCB_CE_HASH)
			kfast_ocb_hash_ce(key, ctx, src, NULL, n, key->nrounds);
		else if (op == OCB_CE_DEC)
			kfast_ocb_dec_ce(key, ctx, src, dst, n, key->nrounds);
		else
			kfast_ocb_enc_ce(key, ctx, src, dst, n, key->nrounds);
		kfast_simd_end(&simd);
		src += n * OCB_BLOCK_SIZE;
		if (op != OCB_CE_HASH)
			dst += n * OCB_BLOCK_SIZE;
		nblocks -= n;
	}
}

/* Offset_0 (RFC 7253 section 4.2) as ocb_init() computes it, Ktop from AESE. */
static noinline void ocb_ce_start(struct ocb_ctx *ctx, const struct ocb_key *key,
				  const u8 nonce[OCB_NONCE_SIZE])
{
	u8 nb[OCB_BLOCK_SIZE], ktop[OCB_BLOCK_SIZE];
	unsigned int bottom;

	bottom = ocb_nonce_block(nb, nonce, ctx->taglen);
	ocb_ce_block(key, ktop, nb);
	ocb_offset0(ctx->offset, ktop, bottom);
	memzero_explicit(ktop, sizeof(ktop));
}

/* ---- The hooks ---------------------------------------------------------- */

/*
 * The round keys for AESE and AESD, in portable constant-time C (setkey
 * may run where SIMD is unusable): forward, and the Equivalent Inverse
 * Cipher's; and the sums S_j of the L table for the groups of 8.
 */
static __always_inline void ocb_setkey_arch(struct ocb_key *key, const u8 *raw,
					    unsigned int len)
{
	unsigned int j, b;

	kfast_aes_expandkey_ct(key->arch.rk_enc, raw, len);
	kfast_aes_invert_rk_ct(key->arch.rk_dec, key->arch.rk_enc, len / 4 + 6);
	for (j = 1; j <= 7; j++)
		for (b = 0; b < 16; b++)
			key->arch.lsum[j - 1][b] = (j > 1 ? key->arch.lsum[j - 2][b] : 0) ^
						   key->l[__builtin_ctz(j)][b];
}
#define ocb_setkey_arch ocb_setkey_arch

/* Start a request of the CE tier (taglen set); declines without SIMD. */
static __always_inline bool ocb_init_arch(struct ocb_ctx *ctx,
					  const struct ocb_key *key,
					  const u8 nonce[OCB_NONCE_SIZE])
{
	if (!ocb_ce(ctx) || !crypto_simd_usable())
		return false;
	ocb_ce_start(ctx, key, nonce);
	return true;
}
#define ocb_init_arch ocb_init_arch

static __always_inline bool ocb_blocks_arch(struct ocb_ctx *ctx,
					    const struct ocb_key *key,
					    const u8 *src, u8 *dst,
					    size_t nblocks, bool dec)
{
	if (!ocb_ce(ctx))
		return false;
	ocb_ce_bulk(ctx, key, src, dst, nblocks, dec ? OCB_CE_DEC : OCB_CE_ENC);
	return true;
}
#define ocb_blocks_arch ocb_blocks_arch

static __always_inline bool ocb_hash_arch(struct ocb_ctx *ctx,
					  const struct ocb_key *key,
					  const u8 *aad, size_t nblocks)
{
	if (!ocb_ce(ctx))
		return false;
	ocb_ce_bulk(ctx, key, aad, NULL, nblocks, OCB_CE_HASH);
	return true;
}
#define ocb_hash_arch ocb_hash_arch

static __always_inline bool ocb_encrypt_block_arch(const struct ocb_ctx *ctx,
						   const struct ocb_key *key,
						   u8 out[OCB_BLOCK_SIZE],
						   const u8 in[OCB_BLOCK_SIZE])
{
	if (!ocb_ce(ctx))
		return false;
	ocb_ce_block(key, out, in);
	return true;
}
#define ocb_encrypt_block_arch ocb_encrypt_block_arch

#define OCB_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline unsigned int ocb_mod_init_arch(void)
{
	const bool present[] = { OCB_TIERS(OCB_TIER_PRESENT) };

	return kfast_probe_tiers(ocb_tier_keys, present, OCB_NR_IMPLS);
}
#define ocb_mod_init_arch ocb_mod_init_arch

#endif /* KFAST_ARCH_ARM64_OCB_HOOKS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 hooks of the AES-GCM-SIV core (included by gcmsiv/gcm_siv.c only,
 * after the core helpers they use).  The tiers are in the table of
 * arch/arm64/gcm_siv-arch.h; gcm_siv_mod_init_arch() probes them once and
 * sets their static keys.
 *
 *   GCM_SIV_IMPL_CE       AESE/AESMC + PMULL/PMULL2		gcm_siv-ce.S
 *   GCM_SIV_IMPL_CE_SHA3  the same, EOR3 in the decryption loop	gcm_siv-ce.S
 *
 * CE_SHA3 differs from CE in the decryption loop only; "the CE tier"
 * below is both.  What the tier does itself: the per-nonce key derivation
 * (AES with the long-term key, four or six blocks) and the expansion of
 * the message key (SubWord from AESE), in one call with nothing but its
 * results leaving the vector registers; POLYVAL over whole blocks, CTR
 * over whole blocks, single blocks (the tag, a partial block's keystream),
 * and CTR-decrypt with POLYVAL of the plaintext interleaved.  The tag, the
 * counter start and short seals take the core's generic code, which calls
 * the hooks above for their AES and POLYVAL; there is no fused short-seal
 * routine yet.
 *
 * SIMD sections.  A request runs the CE tier only if crypto_simd_usable()
 * when it starts (gcm_siv_init_arch()); otherwise the generic code.  All
 * calls of one request run in that context (the AEAD is synchronous), so
 * each hook then opens its own kernel-mode NEON section (state on the
 * stack, kfast_simd_begin/end) around at most 4 KiB of data, and nothing
 * is held between calls.
 *
 * Decryption hashes the plaintext from the registers it is computed in,
 * not back from dst (as the generic code does, from its own copy): one
 * call per section decrypts to dst and hashes, eight blocks of CTR in
 * flight beside the previous eight blocks' POLYVAL.
 */
#ifndef KFAST_ARCH_ARM64_GCM_SIV_HOOKS_H
#define KFAST_ARCH_ARM64_GCM_SIV_HOOKS_H

#include <kfast/tiers.h>

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#else
#define asmlinkage
#endif

asmlinkage void kfast_gcmsiv_derive_ce(const u8 krk[15][16], unsigned int nrounds,
				       const u8 nonce[GCM_SIV_NONCE_SIZE], u8 h[16],
				       u8 rk[15][16]);
asmlinkage void kfast_gcmsiv_aes_ce(const u8 rk[15][16], unsigned int nrounds,
				    u8 *out, const u8 *in, size_t nblocks);
asmlinkage void kfast_gcmsiv_ctr_ce(const u8 rk[15][16], unsigned int nrounds,
				    u8 ctr[16], const u8 *src, u8 *dst,
				    size_t nblocks);
asmlinkage void kfast_gcmsiv_ctr_dec_ce(const u8 rk[15][16], unsigned int nrounds,
					u8 ctr[16], const u8 *src, u8 *dst,
					size_t nblocks, u8 acc[16],
					const u8 htab[12][16]);
asmlinkage void kfast_gcmsiv_ctr_dec_sha3_ce(const u8 rk[15][16], unsigned int nrounds,
					     u8 ctr[16], const u8 *src, u8 *dst,
					     size_t nblocks, u8 acc[16],
					     const u8 htab[12][16]);
asmlinkage void kfast_gcmsiv_polyval_ce(u8 acc[16], const u8 htab[12][16],
					const u8 *data, size_t nblocks);
asmlinkage void kfast_gcmsiv_mul_ce(u8 out[16], const u8 a[16], const u8 b[16]);

/* The assembly's view of the state it is given pointers into. */
static_assert(sizeof(((struct gcm_siv_ctx_arch *)0)->rk) == 240, "asm layout");
static_assert(sizeof(((struct gcm_siv_ctx_arch *)0)->htab) == 192, "asm layout");
static_assert(sizeof(((struct gcm_siv_key_arch *)0)->rk) == 240, "asm layout");
static_assert(sizeof(((struct gcm_siv_ctx *)0)->acc) == 16, "acc is one block");

static __always_inline bool gcm_siv_cpu_has_ce(void)
{
	return cpu_have_named_feature(ASIMD) && cpu_have_named_feature(AES) &&
	       cpu_have_named_feature(PMULL);
}

/* EOR3 (the SHA3 extension), besides CE (the tier before it). */
static __always_inline bool gcm_siv_cpu_has_sha3(void)
{
	return cpu_have_named_feature(SHA3);
}

KFAST_DEFINE_TIER_KEYS(gcm_siv_tier_keys, GCM_SIV_NR_IMPLS);

/*
 * Whether the request runs the CE tier or the one above it (the core
 * clamps impl to the CPU), and whether that is CE_SHA3.
 */
#define gcm_siv_ce(ctx)							\
	((ctx)->impl >= GCM_SIV_IMPL_CE &&				\
	 static_branch_likely(&gcm_siv_tier_keys[GCM_SIV_IMPL_CE]))
#define gcm_siv_ce_sha3(ctx)						\
	((ctx)->impl >= GCM_SIV_IMPL_CE_SHA3 &&				\
	 static_branch_likely(&gcm_siv_tier_keys[GCM_SIV_IMPL_CE_SHA3]))

/* Blocks per kernel-mode NEON section (4 KiB). */
#define GCM_SIV_ARM64_SECTION_BLOCKS	(4096 / GCM_SIV_BLOCK_SIZE)

/*
 * H^2..H^8 and the folds, once per request, the first time more than one
 * block is hashed at once; inside a NEON section.
 */
static void gcm_siv_ce_powers(struct gcm_siv_ctx *ctx, size_t nblocks)
{
	u8 (*h)[16] = ctx->arch.htab;
	unsigned int k, j;

	if (nblocks < 2 || ctx->arch.npow == 8)
		return;
	for (k = 2; k <= 8; k++)
		kfast_gcmsiv_mul_ce(h[8 - k], h[9 - k], h[7]);
	for (j = 0; j < 4; j++) {
		put_unaligned_le64(get_unaligned_le64(h[2 * j]) ^
				   get_unaligned_le64(h[2 * j] + 8), h[8 + j]);
		put_unaligned_le64(get_unaligned_le64(h[2 * j + 1]) ^
				   get_unaligned_le64(h[2 * j + 1] + 8), h[8 + j] + 8);
	}
	ctx->arch.npow = 8;
}

/* ---- The hooks ---------------------------------------------------------- */

/*
 * The long-term key expanded for AESE, in portable constant-time C
 * (kfast_aes_expandkey_ct()): setkey may run where SIMD is unusable.
 */
static __always_inline void gcm_siv_setkey_arch(struct gcm_siv_key *key,
						const u8 *raw, unsigned int len)
{
	kfast_aes_expandkey_ct(key->arch.rk, raw, len);
}
#define gcm_siv_setkey_arch gcm_siv_setkey_arch

/*
 * Start a request of the CE tier (ctx->nonce and ctx->nrounds are set):
 * RFC 8452 section 4, block i = AES(K, le32(i) || nonce), the first
 * halves of blocks 0-1 are H (into htab[7]), of blocks 2-3 (2-5) the
 * message key, expanded into ctx->arch.rk; one assembly call, which
 * leaves no copy of either key on the stack.  Declines where SIMD is
 * unusable.
 */
static __always_inline bool gcm_siv_init_arch(struct gcm_siv_ctx *ctx,
					      const struct gcm_siv_key *key,
					      const u8 nonce[GCM_SIV_NONCE_SIZE])
{
	struct kfast_simd_state simd;

	if (!gcm_siv_ce(ctx) || !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	kfast_gcmsiv_derive_ce(key->arch.rk, key->nrounds, nonce,
			       ctx->arch.htab[7], ctx->arch.rk);
	kfast_simd_end(&simd);
	ctx->arch.npow = 1;
	memset(&ctx->acc, 0, sizeof(ctx->acc));
	return true;
}
#define gcm_siv_init_arch gcm_siv_init_arch

static __always_inline bool gcm_siv_polyval_arch(struct gcm_siv_ctx *ctx,
						 const u8 *data, size_t nblocks)
{
	struct kfast_simd_state simd;

	if (!gcm_siv_ce(ctx))
		return false;
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, GCM_SIV_ARM64_SECTION_BLOCKS);

		kfast_simd_begin(&simd);
		gcm_siv_ce_powers(ctx, n);
		kfast_gcmsiv_polyval_ce((u8 *)&ctx->acc, ctx->arch.htab, data, n);
		kfast_simd_end(&simd);
		data += n * GCM_SIV_BLOCK_SIZE;
		nblocks -= n;
	}
	return true;
}
#define gcm_siv_polyval_arch gcm_siv_polyval_arch

/* The tag block, a partial block's keystream: after init (rk is set). */
static __always_inline bool gcm_siv_encrypt_block_arch(const struct gcm_siv_ctx *ctx,
						       u8 out[16], const u8 in[16])
{
	struct kfast_simd_state simd;

	if (!gcm_siv_ce(ctx))
		return false;
	kfast_simd_begin(&simd);
	kfast_gcmsiv_aes_ce(ctx->arch.rk, ctx->nrounds, out, in, 1);
	kfast_simd_end(&simd);
	return true;
}
#define gcm_siv_encrypt_block_arch gcm_siv_encrypt_block_arch

/*
 * CTR over whole blocks; when decrypting, POLYVAL of the plaintext in the
 * same pass (kfast_gcmsiv_ctr_dec_ce()), which hashes it from registers.
 */
static __always_inline bool gcm_siv_ctr_blocks_arch(struct gcm_siv_ctx *ctx,
						    const u8 *src, u8 *dst,
						    size_t nblocks, bool dec_auth)
{
	struct kfast_simd_state simd;

	if (!gcm_siv_ce(ctx))
		return false;
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, GCM_SIV_ARM64_SECTION_BLOCKS);

		kfast_simd_begin(&simd);
		if (!dec_auth) {
			kfast_gcmsiv_ctr_ce(ctx->arch.rk, ctx->nrounds, ctx->ctr,
					    src, dst, n);
		} else if (gcm_siv_ce_sha3(ctx)) {
			gcm_siv_ce_powers(ctx, n);
			kfast_gcmsiv_ctr_dec_sha3_ce(ctx->arch.rk, ctx->nrounds,
						     ctx->ctr, src, dst, n,
						     (u8 *)&ctx->acc, ctx->arch.htab);
		} else {
			gcm_siv_ce_powers(ctx, n);
			kfast_gcmsiv_ctr_dec_ce(ctx->arch.rk, ctx->nrounds,
						ctx->ctr, src, dst, n,
						(u8 *)&ctx->acc, ctx->arch.htab);
		}
		kfast_simd_end(&simd);
		src += n * GCM_SIV_BLOCK_SIZE;
		dst += n * GCM_SIV_BLOCK_SIZE;
		nblocks -= n;
	}
	return true;
}
#define gcm_siv_ctr_blocks_arch gcm_siv_ctr_blocks_arch

/* Wipe the context at the end of a request (no section is held). */
static __always_inline bool gcm_siv_done_arch(struct gcm_siv_ctx *ctx)
{
	if (!gcm_siv_ce(ctx))
		return false;
	memzero_explicit(ctx, sizeof(*ctx));
	return true;
}
#define gcm_siv_done_arch gcm_siv_done_arch

#define GCM_SIV_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline unsigned int gcm_siv_mod_init_arch(void)
{
	const bool present[] = { GCM_SIV_TIERS(GCM_SIV_TIER_PRESENT) };

	return kfast_probe_tiers(gcm_siv_tier_keys, present, GCM_SIV_NR_IMPLS);
}
#define gcm_siv_mod_init_arch gcm_siv_mod_init_arch

#endif /* KFAST_ARCH_ARM64_GCM_SIV_HOOKS_H */

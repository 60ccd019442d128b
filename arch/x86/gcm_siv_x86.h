/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-64 tiers of AES-GCM-SIV, included by gcmsiv/gcm_siv.c only.
 *
 *   GCM_SIV_IMPL_AESNI        AES-NI + PCLMULQDQ + AVX, xmm    gcm_siv_aesni_avx.S
 *   GCM_SIV_IMPL_VAES_AVX2    VAES + VPCLMULQDQ + AVX2, ymm    gcm_siv_vaes_avx2.S
 *   GCM_SIV_IMPL_VAES_AVX512  VAES + VPCLMULQDQ + AVX512BW/VL, zmm
 *                                                              gcm_siv_vaes_avx512.S
 *
 * Every tier shares one per-request layout (struct gcm_siv_ctx, x86 arm of
 * the union): the message-encryption key expanded for AES-NI and the powers
 * H^1..H^16 of the POLYVAL key (in POLYVAL's Montgomery form, i.e. H^k
 * means dot(H^(k-1), H)), computed on demand: a 48-byte message needs
 * H^1..H^3, not sixteen powers.  The per-nonce derivation (AES with the
 * long-term key) and the expansion of the new key are AES-NI code shared
 * by all tiers; the bulk loops differ.  The zmm tier also keeps H^17..H^32
 * (hwide) for its 32-block POLYVAL loop: made with H^2..H^16 when
 * gcm_siv_prepare() is told of a long update, else on the first update
 * that loop takes; once per request, not per call, since the kernel glue
 * hashes a scatterlist a page at a time.
 *
 * The callers (gcm_siv.c) run inside kfast_simd_begin/end(); the
 * generic code handles !crypto_simd_usable() contexts.
 *
 * Short seals (padded AAD + plaintext <= 3 blocks, e.g. a 48-byte message
 * or a 48-byte MAC) skip all of that: gcm_siv_encrypt() copies them into a
 * stack buffer and kfast_gcmsiv_seal_short_aesni() does the derivation,
 * POLYVAL, key expansion, tag and CTR in one call, in registers and its
 * own (wiped) stack frame, with no struct gcm_siv_ctx at all.
 *
 * What bounds each size (Intel Xeon family 6 model 207; figures from
 * `make bench`, Documentation/benchmarks.md):
 *  - 48 bytes: latency.  POLYVAL's three multiplication levels, then the
 *    tag's AES, then CTR; the expansion of the new key runs beside
 *    POLYVAL with the tag block one round behind each new round key.
 *  - 1 KiB: the same chain plus throughput; expanding the key ahead of
 *    POLYVAL made it add ~60 cycles to an AES-256 seal rather than
 *    overlap, so longer messages expand it with the tag (encryption) or
 *    at CTR start (decryption, which starts CTR first).
 *  - 16 KiB: ports.  VAESENC and VPCLMULQDQ use different ports (measured:
 *    four of each zmm instruction in the time of four of one kind), so
 *    decryption hashes group g - 1 between the AES rounds of group g and
 *    costs 1.2-1.35 CTR passes.  Encryption cannot overlap them: the
 *    counter is the tag, which needs all of POLYVAL, so a seal is one
 *    POLYVAL pass followed by one CTR pass, each at its port's limit:
 *    POLYVAL ~30 VPCLMULQDQ-port uops per 32 blocks (24 multiplies, the
 *    reduction's two multiplies and two swaps, the fold's two extracts;
 *    measured ~30 such uop times per iteration), CTR 10 VAESENC per 4
 *    blocks (measured within 2% of that).  What is left, ~200 TSC
 *    cycles per message at 16 KiB, is latency: derivation, the five
 *    multiplication levels to H^32, the tag's AES, the first CTR group.
 *    A seal costs ~1.55 CTR passes at 16 KiB and ~1.45 at 64 KiB
 *    (`make bench`, timed alternately).  64 blocks per reduction
 *    (H^33..H^64 computed per call) made POLYVAL alone 3% faster at
 *    16 KiB and 12% slower at 4 KiB, and was dropped; expanding the
 *    message key before the powers instead of with the tag moved ~45
 *    cycles rather than hiding them (both chains want the shuffle port).
 * Lessons: short messages are latency-bound; loading 16 bytes that C has
 * just stored in smaller pieces (nonce, counter, accumulator) misses
 * store-to-load forwarding and cost ~40% at 48 bytes, hence the asm
 * entry points take such values from registers or in matching pieces
 * (the nonce as three dwords: a caller's 4-byte prefix + 64-bit counter
 * store made the old 8 + 4 load miss, +25% at 48 bytes; 16-byte stores
 * reloaded as one ymm/zmm vector cost ~7% of a 1 KiB seal in the power
 * computation).  A fewer-multiply Horner form of the 48-byte POLYVAL of
 * the same depth measured slower.
 */
#ifndef KFAST_GCM_SIV_X86_H
#define KFAST_GCM_SIV_X86_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#else
#define asmlinkage
#endif

/* Tiers whose assembly exists (the others are never selected). */
#define GCM_SIV_HAVE_VAES_AVX2		1
#define GCM_SIV_HAVE_VAES_AVX512	1

/* Offsets used by the assembly, and its GSV_WIDE_MIN. */
#include "gcm_siv-offsets.h"
static_assert(offsetof(struct gcm_siv_ctx, acc) == GSV_CTX_ACC, "asm offset");
static_assert(offsetof(struct gcm_siv_ctx, ctr) == GSV_CTX_CTR, "asm offset");
static_assert(offsetof(struct gcm_siv_ctx, nonce) == GSV_CTX_NONCE, "asm offset");
static_assert(offsetof(struct gcm_siv_ctx, nrounds) == GSV_CTX_NROUNDS, "asm offset");
static_assert(offsetof(struct gcm_siv_ctx, x86.rk) == GSV_CTX_RK, "asm offset");
static_assert(offsetof(struct gcm_siv_ctx, x86.hpow) == GSV_CTX_HPOW, "asm offset");
static_assert(offsetof(struct gcm_siv_ctx, x86.hwide) == GSV_CTX_HWIDE, "asm offset");
static_assert(offsetof(struct gcm_siv_key, rk) == 0, "asm offset");
/*
 * What kfast_gcmsiv_wipe_avx() clears: everything up to the end of hpow,
 * and of hwide once the zmm tier has filled it.
 */
#define GSV_WIPE_SIZE		(GSV_CTX_HPOW + GCM_SIV_X86_NPOWERS * 16)
#define GSV_WIPE_SIZE_WIDE	(GSV_CTX_HWIDE + GCM_SIV_X86_NWIDE * 16)
static_assert(offsetof(struct gcm_siv_ctx, x86.hwide) == GSV_WIPE_SIZE,
	      "hwide follows hpow");
static_assert(sizeof(struct gcm_siv_ctx) >= GSV_WIPE_SIZE_WIDE, "asm wipe size");

/* Shared AES-NI/PCLMULQDQ helpers (gcm_siv_aesni_avx.S). */
asmlinkage void kfast_gcmsiv_derive_aesni(struct gcm_siv_ctx *ctx,
					  const u8 master_rk[15][16],
					  const u8 nonce[GCM_SIV_NONCE_SIZE]);
asmlinkage void kfast_gcmsiv_ctr_start_avx(struct gcm_siv_ctx *ctx,
					   const u8 tag[16]);
asmlinkage void kfast_gcmsiv_powers_pclmul(struct gcm_siv_ctx *ctx,
					   unsigned int have, unsigned int want);
asmlinkage void kfast_gcmsiv_aes_block_aesni(const struct gcm_siv_ctx *ctx,
					     u8 *out, const u8 *in);
asmlinkage void kfast_gcmsiv_wipe_avx(struct gcm_siv_ctx *ctx, size_t len);
asmlinkage void kfast_gcmsiv_tag_aesni(struct gcm_siv_ctx *ctx, u64 aadlen,
				       u64 ptlen, u8 tag[16]);
asmlinkage void kfast_gcmsiv_expand_tag_aesni(struct gcm_siv_ctx *ctx,
					      u64 aadlen, u64 ptlen,
					      u8 tag[16]);
asmlinkage void kfast_gcmsiv_expand_aesni(struct gcm_siv_ctx *ctx);
asmlinkage void kfast_gcmsiv_seal_short_aesni(const u8 master_rk[15][16],
					      u8 buf[4][16],
					      const u8 nonce[GCM_SIV_NONCE_SIZE],
					      unsigned int nrounds, u64 aadlen,
					      u64 ptlen);
/* Per tier: POLYVAL over whole blocks, CTR, CTR-decrypt + POLYVAL. */
asmlinkage void kfast_gcmsiv_polyval_aesni(struct gcm_siv_ctx *ctx,
					   const u8 *data, size_t nblocks);
asmlinkage void kfast_gcmsiv_ctr_aesni(struct gcm_siv_ctx *ctx, const u8 *src,
				       u8 *dst, size_t nblocks);
asmlinkage void kfast_gcmsiv_dec_aesni(struct gcm_siv_ctx *ctx, const u8 *src,
				       u8 *dst, size_t nblocks);
asmlinkage void kfast_gcmsiv_powers16_vaes_avx2(struct gcm_siv_ctx *ctx);
asmlinkage void kfast_gcmsiv_powers_vaes_avx512(struct gcm_siv_ctx *ctx,
						unsigned int want);
asmlinkage void kfast_gcmsiv_polyval_vaes_avx2(struct gcm_siv_ctx *ctx,
					       const u8 *data, size_t nblocks);
asmlinkage void kfast_gcmsiv_ctr_vaes_avx2(struct gcm_siv_ctx *ctx,
					   const u8 *src, u8 *dst, size_t nblocks);
asmlinkage void kfast_gcmsiv_dec_vaes_avx2(struct gcm_siv_ctx *ctx,
					   const u8 *src, u8 *dst, size_t nblocks);
asmlinkage void kfast_gcmsiv_wipe_vaes_avx512(struct gcm_siv_ctx *ctx, size_t len);
asmlinkage void kfast_gcmsiv_polyval_vaes_avx512(struct gcm_siv_ctx *ctx,
						 const u8 *data, size_t nblocks);
asmlinkage void kfast_gcmsiv_ctr_vaes_avx512(struct gcm_siv_ctx *ctx,
					     const u8 *src, u8 *dst,
					     size_t nblocks);
asmlinkage void kfast_gcmsiv_dec_vaes_avx512(struct gcm_siv_ctx *ctx,
					     const u8 *src, u8 *dst,
					     size_t nblocks);

/* Blocks one aggregated POLYVAL step of each tier consumes. */
static const u8 gcm_siv_x86_agg[GCM_SIV_NR_IMPLS] = {
	[GCM_SIV_IMPL_AESNI] = 8,
	[GCM_SIV_IMPL_VAES_AVX2] = 16,
	[GCM_SIV_IMPL_VAES_AVX512] = 16,
};

static void gcm_siv_x86_detect(bool have[GCM_SIV_NR_IMPLS])
{
	bool aesni = boot_cpu_has(X86_FEATURE_AES) &&
		     boot_cpu_has(X86_FEATURE_PCLMULQDQ) &&
		     boot_cpu_has(X86_FEATURE_AVX) &&
		     cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
	bool vaes = aesni && boot_cpu_has(X86_FEATURE_AVX2) &&
		    boot_cpu_has(X86_FEATURE_VAES) &&
		    boot_cpu_has(X86_FEATURE_VPCLMULQDQ);

	have[GCM_SIV_IMPL_AESNI] = aesni;
	have[GCM_SIV_IMPL_VAES_AVX2] = vaes && GCM_SIV_HAVE_VAES_AVX2;
	have[GCM_SIV_IMPL_VAES_AVX512] = vaes && GCM_SIV_HAVE_VAES_AVX512 &&
		boot_cpu_has(X86_FEATURE_AVX512F) &&
		boot_cpu_has(X86_FEATURE_AVX512BW) &&
		boot_cpu_has(X86_FEATURE_AVX512VL) &&
		cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				  XFEATURE_MASK_AVX512, NULL);
}

static void gcm_siv_x86_derive(struct gcm_siv_ctx *ctx,
			       const struct gcm_siv_key *key,
			       const u8 nonce[GCM_SIV_NONCE_SIZE])
{
	/* ctx->nrounds is already set. */
	kfast_gcmsiv_derive_aesni(ctx, key->rk, nonce);
	ctx->npow = 1;
	ctx->keyed = 0;
}

/*
 * The message key is expanded on first use (see kfast_gcmsiv_derive_aesni()):
 * by the tag (encryption, fused with the tag block's rounds) or here, when
 * CTR starts before the tag (decryption).  For messages shorter than
 * GCM_SIV_X86_LATE_EXPAND bytes gcm_siv_prepare() expands it up front:
 * their POLYVAL pass is too short to be worth waiting for, and the
 * expansion then overlaps it (256 B AES-128 seal ~10% faster that way,
 * 1 KiB AES-256 seal ~8% slower).
 */
#define GCM_SIV_X86_LATE_EXPAND	512
static inline void gcm_siv_x86_expand(struct gcm_siv_ctx *ctx)
{
	if (!ctx->keyed) {
		kfast_gcmsiv_expand_aesni(ctx);
		ctx->keyed = 1;
	}
}

static inline void gcm_siv_x86_tag(struct gcm_siv_ctx *ctx, u64 aadlen,
				   u64 ptlen, u8 tag[16])
{
	if (ctx->keyed) {
		kfast_gcmsiv_tag_aesni(ctx, aadlen, ptlen, tag);
	} else {
		kfast_gcmsiv_expand_tag_aesni(ctx, aadlen, ptlen, tag);
		ctx->keyed = 1;
	}
}

/*
 * Make sure the powers of H exist that POLYVAL over @nblocks blocks at once
 * needs: H^1..H^min(nblocks, aggregation), and on the zmm tier, from
 * GSV_WIDE_MIN blocks on, H^17..H^32 as well.
 */
static inline void gcm_siv_x86_powers(struct gcm_siv_ctx *ctx, size_t nblocks)
{
	unsigned int want = min_t(size_t, nblocks, gcm_siv_x86_agg[ctx->impl]);

#if GCM_SIV_HAVE_VAES_AVX512
	if (ctx->impl == GCM_SIV_IMPL_VAES_AVX512 &&
	    nblocks >= GSV_WIDE_MIN)
		want = GCM_SIV_X86_NPOWERS + GCM_SIV_X86_NWIDE;
#endif
	if (ctx->npow >= want)
		return;
#if GCM_SIV_HAVE_VAES_AVX512
	/* More than 8 due: all sixteen (or 32) at once, from H. */
	if (want > 8 && ctx->impl == GCM_SIV_IMPL_VAES_AVX512) {
		kfast_gcmsiv_powers_vaes_avx512(ctx, want);
		ctx->npow = want;
		return;
	}
#endif
#if GCM_SIV_HAVE_VAES_AVX2
	/* The ymm tier computes all sixteen at once when more than 8 are due. */
	if (want > 8 && ctx->npow == 1 && ctx->impl == GCM_SIV_IMPL_VAES_AVX2) {
		kfast_gcmsiv_powers16_vaes_avx2(ctx);
		ctx->npow = GCM_SIV_X86_NPOWERS;
		return;
	}
#endif
	kfast_gcmsiv_powers_pclmul(ctx, ctx->npow, want);
	ctx->npow = want;
}

static void gcm_siv_x86_polyval(struct gcm_siv_ctx *ctx, const u8 *data,
				size_t nblocks)
{
	gcm_siv_x86_powers(ctx, nblocks);
	switch (ctx->impl) {
#if GCM_SIV_HAVE_VAES_AVX512
	case GCM_SIV_IMPL_VAES_AVX512:
		kfast_gcmsiv_polyval_vaes_avx512(ctx, data, nblocks);
		break;
#endif
#if GCM_SIV_HAVE_VAES_AVX2
	case GCM_SIV_IMPL_VAES_AVX2:
		kfast_gcmsiv_polyval_vaes_avx2(ctx, data, nblocks);
		break;
#endif
	default:
		kfast_gcmsiv_polyval_aesni(ctx, data, nblocks);
		break;
	}
}

static inline void gcm_siv_x86_wipe(struct gcm_siv_ctx *ctx)
{
	size_t len = ctx->npow > GCM_SIV_X86_NPOWERS ? GSV_WIPE_SIZE_WIDE :
						       GSV_WIPE_SIZE;

#if GCM_SIV_HAVE_VAES_AVX512
	if (ctx->impl == GCM_SIV_IMPL_VAES_AVX512) {
		kfast_gcmsiv_wipe_vaes_avx512(ctx, len);
		return;
	}
#endif
	kfast_gcmsiv_wipe_avx(ctx, len);
}

/* Keystream of a partial block: only after the tag or CTR start (keyed). */
static void gcm_siv_x86_encrypt_block(const struct gcm_siv_ctx *ctx, u8 out[16],
				      const u8 in[16])
{
	kfast_gcmsiv_aes_block_aesni(ctx, out, in);
}

static void gcm_siv_x86_ctr(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst,
			    size_t nblocks, bool dec_auth)
{
	/* Decryption hashes 16 blocks at a time: no wide powers. */
	if (dec_auth)
		gcm_siv_x86_powers(ctx, min_t(size_t, nblocks,
					      GCM_SIV_X86_NPOWERS));
	switch (ctx->impl) {
#if GCM_SIV_HAVE_VAES_AVX512
	case GCM_SIV_IMPL_VAES_AVX512:
		if (dec_auth)
			kfast_gcmsiv_dec_vaes_avx512(ctx, src, dst, nblocks);
		else
			kfast_gcmsiv_ctr_vaes_avx512(ctx, src, dst, nblocks);
		break;
#endif
#if GCM_SIV_HAVE_VAES_AVX2
	case GCM_SIV_IMPL_VAES_AVX2:
		if (dec_auth)
			kfast_gcmsiv_dec_vaes_avx2(ctx, src, dst, nblocks);
		else
			kfast_gcmsiv_ctr_vaes_avx2(ctx, src, dst, nblocks);
		break;
#endif
	default:
		if (dec_auth)
			kfast_gcmsiv_dec_aesni(ctx, src, dst, nblocks);
		else
			kfast_gcmsiv_ctr_aesni(ctx, src, dst, nblocks);
		break;
	}
}

/*
 * Copy @len <= 48 bytes: whole blocks as fixed-size 16-byte copies (inlined
 * vector moves that the asm's 16-byte loads can forward from), then the rest.
 */
static __always_inline void gcm_siv_x86_copy_short(u8 *dst, const u8 *src,
						   size_t len)
{
	while (len >= GCM_SIV_BLOCK_SIZE) {
		memcpy(dst, src, GCM_SIV_BLOCK_SIZE);
		dst += GCM_SIV_BLOCK_SIZE;
		src += GCM_SIV_BLOCK_SIZE;
		len -= GCM_SIV_BLOCK_SIZE;
	}
	if (len)
		memcpy(dst, src, len);
}

/*
 * Whole seal of a message whose padded AAD and plaintext take at most three
 * blocks, in one asm call without a context (see
 * kfast_gcmsiv_seal_short_aesni()); the same for every x86 tier.
 */
static void gcm_siv_x86_seal_short(const struct gcm_siv_key *key,
				   const u8 nonce[GCM_SIV_NONCE_SIZE],
				   const u8 *aad, size_t aadlen,
				   const u8 *src, size_t len, u8 *dst)
{
	u8 buf[4][16] __aligned(16) = { };
	size_t na = ((aadlen + 15) / 16);
	size_t np = ((len + 15) / 16);
	u8 *p = buf[3 - na - np];

	/* Leading zero blocks, zero-padded AAD, zero-padded plaintext. */
	gcm_siv_x86_copy_short(p, aad, aadlen);
	gcm_siv_x86_copy_short(p + na * GCM_SIV_BLOCK_SIZE, src, len);
	kfast_gcmsiv_seal_short_aesni(key->rk, buf, nonce, key->nrounds,
				      aadlen, len);
	gcm_siv_x86_copy_short(dst, buf[3 - np], len);
	memcpy(dst + len, buf[3], GCM_SIV_TAG_SIZE);
	memzero_explicit(buf, sizeof(buf));
}

#endif /* KFAST_GCM_SIV_X86_H */

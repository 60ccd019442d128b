/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-64 hooks of the AES-GCM-SIV core (included by gcmsiv/gcm_siv.c only,
 * after the core helpers they use).  The tiers are in the table of
 * arch/x86/gcm_siv-arch.h; gcm_siv_mod_init_arch() probes them once and
 * sets one static key per tier present.
 *
 *   GCM_SIV_IMPL_AESNI        AES-NI + PCLMULQDQ + AVX, xmm    gcm_siv-aesni-avx.S
 *   GCM_SIV_IMPL_VAES_AVX2    VAES + VPCLMULQDQ + AVX2, ymm    gcm_siv-vaes-avx2.S
 *   GCM_SIV_IMPL_VAES_AVX512  VAES + VPCLMULQDQ + AVX512BW/VL, zmm
 *                                                              gcm_siv-vaes-avx512.S
 *
 * Every tier shares one per-request layout (struct gcm_siv_ctx_arch, the
 * arch arm of the union in struct gcm_siv_ctx): the message-encryption key
 * expanded for AES-NI and the powers H^1..H^16 of the POLYVAL key (in
 * POLYVAL's Montgomery form, i.e. H^k means dot(H^(k-1), H)), computed on
 * demand: a 48-byte message needs H^1..H^3, not sixteen powers.  The
 * per-nonce derivation (AES with the long-term key) and the expansion of
 * the new key are AES-NI code shared by all tiers; the bulk loops differ.
 * The zmm tier also keeps H^17..H^32 (hwide) for its 32-block POLYVAL and
 * decryption loops: made with H^2..H^16 when gcm_siv_prepare() is told of
 * a long update, else on the first update those loops take; once per
 * request, not per call, since the kernel glue hashes a scatterlist a page
 * at a time.
 *
 * SIMD sections: this file is the one place that decides them.  A request
 * of an x86 tier runs on SIMD only if crypto_simd_usable() when it starts
 * (gcm_siv_init_arch()); it then holds one kernel-FPU section, opened
 * there and closed by gcm_siv_done_arch(), and the bulk hooks leave and
 * re-enter it after every 4 KiB they hash or en/decrypt (in pieces of at
 * most 4 KiB), so that the scheduler and interrupts get in.  Otherwise the
 * request runs the generic code.  The short seal and open have a section
 * of their own.
 *
 * Short seals and opens (padded AAD + text <= 4 blocks, e.g. a 64-byte
 * message or a 48-byte MAC) skip all of that: gcm_siv_seal_short_arch()
 * and gcm_siv_open_short_arch() (from the one-shots) copy them into a
 * stack buffer and kfast_gcmsiv_{seal,open}_short_aesni() (on the VAES
 * tiers their _vaes twins, with ymm AES) do the derivation, POLYVAL, key
 * expansion, tag and CTR in one call, in registers and their own (wiped)
 * stack frame, with no struct gcm_siv_ctx at all.  The zmm tier seals
 * and opens messages of up to 31 padded blocks the same way
 * (kfast_gcmsiv_{seal,open}_medium_vaes_avx512(), reading and writing them
 * where they are), and longer ones whose POLYVAL and CTR blocks fit one
 * SIMD section (kfast_gcmsiv_{seal,open}_long_vaes_avx512()); the rest go
 * through the context.
 *
 * What bounds each size (the measurements: Documentation/hardware-bound.md):
 *  - up to 64 bytes: the chain of one message (derivation, POLYVAL, the
 *    tag's AES, CTR) and its instruction count, since the next message
 *    starts as soon as this one's instructions are issued.  Zen 5 issues
 *    one VPCLMULQDQ per two cycles, so the short seal spends as few as it
 *    can (Horner's rule in H^2, SEAL_POLYVAL in gcm_siv-aesni-avx.S).
 *  - 256 B - 2 KiB: the same chain in one call (past 2 KiB through the
 *    context), plus throughput.
 *    The key is expanded with the tag (encryption) or at CTR start
 *    (decryption, which starts CTR first), not ahead of POLYVAL, beside
 *    which it does not overlap; the zmm tier's first long update makes
 *    the powers of H itself and starts its products as they appear.
 *  - 16 KiB: pipes.  VAESENC and VPCLMULQDQ do not share theirs, so
 *    decryption hashes group g - 1 between the AES rounds of group g.
 *    Encryption cannot overlap them: the counter is the tag, which needs
 *    all of POLYVAL, so a seal is one POLYVAL pass followed by one CTR
 *    pass, each at its pipe's limit.
 * A value that C has just stored in smaller pieces (nonce, counter,
 * accumulator) is not forwarded to a wider load, and the wait is on a
 * short message's path: the asm entry points take such values from
 * registers or in matching pieces (the nonce as three dwords).
 */
#ifndef KFAST_ARCH_X86_GCM_SIV_HOOKS_H
#define KFAST_ARCH_X86_GCM_SIV_HOOKS_H

#include <kfast/tiers.h>

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#else
#define asmlinkage
#endif

#include "aes-aesni.h"
#include "copy-short.h"
#include "gcm_siv-offsets.h"

static_assert(offsetof(struct gcm_siv_ctx, acc) == GSV_CTX_ACC, "GSV_CTX_ACC");
static_assert(offsetof(struct gcm_siv_ctx, ctr) == GSV_CTX_CTR, "GSV_CTX_CTR");
static_assert(offsetof(struct gcm_siv_ctx, nonce) == GSV_CTX_NONCE, "GSV_CTX_NONCE");
static_assert(offsetof(struct gcm_siv_ctx, nrounds) == GSV_CTX_NROUNDS, "GSV_CTX_NROUNDS");
static_assert(offsetof(struct gcm_siv_ctx, arch.rk) == GSV_CTX_RK, "GSV_CTX_RK");
static_assert(offsetof(struct gcm_siv_ctx, arch.hpow) == GSV_CTX_HPOW, "GSV_CTX_HPOW");
static_assert(offsetof(struct gcm_siv_ctx, arch.hwide) == GSV_CTX_HWIDE, "GSV_CTX_HWIDE");
static_assert(offsetof(struct gcm_siv_key, arch.rk) == 0, "master round keys first");
/*
 * What kfast_gcmsiv_wipe_avx() clears: everything up to the end of hpow,
 * and of hwide once the zmm tier has filled it (the small fields of
 * struct gcm_siv_ctx_arch come before rk, so they are cleared as well).
 */
#define GSV_WIPE_SIZE		(GSV_CTX_HPOW + GCM_SIV_X86_NPOWERS * 16)
#define GSV_WIPE_SIZE_WIDE	(GSV_CTX_HWIDE + GCM_SIV_X86_NWIDE * 16)
static_assert(offsetof(struct gcm_siv_ctx, arch.hwide) == GSV_WIPE_SIZE,
	      "hwide follows hpow");
static_assert(sizeof(struct gcm_siv_ctx) >= GSV_WIPE_SIZE_WIDE, "asm wipe size");

/* Shared AES-NI/PCLMULQDQ helpers (gcm_siv-aesni-avx.S). */
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
/* The short seal and open, each for AES-NI and (ymm AES) the VAES tiers. */
typedef void gcm_siv_short_fn(const u8 master_rk[15][16], u8 buf[5][16],
			      const u8 nonce[GCM_SIV_NONCE_SIZE],
			      unsigned int nrounds, u64 aadlen, u64 ptlen);
asmlinkage gcm_siv_short_fn kfast_gcmsiv_seal_short_aesni;
asmlinkage gcm_siv_short_fn kfast_gcmsiv_open_short_aesni;
asmlinkage gcm_siv_short_fn kfast_gcmsiv_seal_short_vaes;
asmlinkage gcm_siv_short_fn kfast_gcmsiv_open_short_vaes;
/*
 * The zmm tier's seal and open in one call: medium, up to
 * GCM_SIV_X86_MEDIUM_BLOCKS blocks; long, past those up to one SIMD
 * section (gcm_siv_x86_long_fits()).
 */
typedef void gcm_siv_seal_fn(const u8 master_rk[15][16],
			     const u8 nonce[GCM_SIV_NONCE_SIZE], unsigned int nrounds,
			     const u8 *aad, u64 aadlen, const u8 *src, u64 ptlen,
			     u8 *dst);
typedef void gcm_siv_open_fn(const u8 master_rk[15][16],
			     const u8 nonce[GCM_SIV_NONCE_SIZE], unsigned int nrounds,
			     const u8 *aad, u64 aadlen, const u8 *src, u64 ptlen,
			     u8 *dst, const u8 want[GCM_SIV_TAG_SIZE],
			     u8 tag[GCM_SIV_TAG_SIZE]);
asmlinkage gcm_siv_seal_fn kfast_gcmsiv_seal_medium_vaes_avx512;
asmlinkage gcm_siv_seal_fn kfast_gcmsiv_seal_long_vaes_avx512;
asmlinkage gcm_siv_open_fn kfast_gcmsiv_open_medium_vaes_avx512;
asmlinkage gcm_siv_open_fn kfast_gcmsiv_open_long_vaes_avx512;
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
asmlinkage void kfast_gcmsiv_powers_polyval_vaes_avx512(struct gcm_siv_ctx *ctx,
							const u8 *data,
							size_t nblocks);
asmlinkage void kfast_gcmsiv_ctr_vaes_avx512(struct gcm_siv_ctx *ctx,
					     const u8 *src, u8 *dst,
					     size_t nblocks);
asmlinkage void kfast_gcmsiv_dec_vaes_avx512(struct gcm_siv_ctx *ctx,
					     const u8 *src, u8 *dst,
					     size_t nblocks);

/* What each tier of the table needs beyond the one before it. */
static __always_inline bool gcm_siv_cpu_has_aesni(void)
{
	return kfast_cpu_has_aesni() && boot_cpu_has(X86_FEATURE_PCLMULQDQ) &&
	       boot_cpu_has(X86_FEATURE_AVX) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

static __always_inline bool gcm_siv_cpu_has_vaes_avx2(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) && boot_cpu_has(X86_FEATURE_VAES) &&
	       boot_cpu_has(X86_FEATURE_VPCLMULQDQ);
}

static __always_inline bool gcm_siv_cpu_has_vaes_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512BW) &&
	       boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}

KFAST_DEFINE_TIER_KEYS(gcm_siv_tier_keys, GCM_SIV_NR_IMPLS);

/*
 * Whether a request (or one-shot call) of tier @impl runs tier @id: the
 * core only passes tiers the CPU has, which are cumulative.
 */
#define gcm_siv_may_run(impl, id)					\
	((impl) >= GCM_SIV_IMPL_##id &&					\
	 static_branch_likely(&gcm_siv_tier_keys[GCM_SIV_IMPL_##id]))

/*
 * Within a request, ctx->impl alone says which tier runs: gcm_siv_init()
 * keeps a tier only if gcm_siv_impl_available() (its static key is on) and
 * SIMD was usable, and sets GENERIC otherwise.  So the per-call hooks test
 * ctx->impl without reading the keys again (a load and a branch per test,
 * several per call, on every short message).
 */
#define gcm_siv_ctx_on(ctx, id)	((ctx)->impl >= GCM_SIV_IMPL_##id)

/* Whether the request is on an x86 tier (and so inside its SIMD section). */
#define gcm_siv_x86(ctx)	gcm_siv_ctx_on(ctx, AESNI)

/* Blocks per piece and per SIMD section of the bulk hooks (4 KiB). */
#define GCM_SIV_X86_SECTION_BLOCKS	(4096 / GCM_SIV_BLOCK_SIZE)
static_assert(GSV_WIDE_MIN <= GCM_SIV_X86_SECTION_BLOCKS, "a call can reach the wide loops");

/*
 * Whether @nblocks more stay below the end of the current section (then
 * counted): the one test of the common case, a short message or a piece
 * of a long one, which then makes one call.  The count stays below
 * GCM_SIV_X86_SECTION_BLOCKS, as gcm_siv_x86_account() leaves it.
 */
static __always_inline bool gcm_siv_x86_fits(struct gcm_siv_ctx *ctx, size_t nblocks)
{
	if (nblocks >= (size_t)(GCM_SIV_X86_SECTION_BLOCKS - ctx->arch.simd_blocks))
		return false;
	ctx->arch.simd_blocks += nblocks;
	return true;
}

/* Count @nblocks of bulk work; every 4 KiB, let the scheduler and interrupts in. */
static __always_inline void gcm_siv_x86_account(struct gcm_siv_ctx *ctx,
						size_t nblocks)
{
	ctx->arch.simd_blocks += nblocks;
	if (ctx->arch.simd_blocks >= GCM_SIV_X86_SECTION_BLOCKS) {
		kfast_simd_end(&ctx->arch.simd);
		kfast_simd_begin(&ctx->arch.simd);
		ctx->arch.simd_blocks = 0;
	}
}

/*
 * The message key is expanded on first use (see kfast_gcmsiv_derive_aesni()):
 * by the tag (encryption, fused with the tag block's rounds, whose latency
 * it then hides) or here, when CTR starts before the tag (decryption).
 * Expanding it up front instead, beside POLYVAL, measured slower on Zen 5
 * at every length tried (Documentation/hardware-bound.md).
 */
static inline void gcm_siv_x86_expand(struct gcm_siv_ctx *ctx)
{
	if (!ctx->arch.keyed) {
		kfast_gcmsiv_expand_aesni(ctx);
		ctx->arch.keyed = 1;
	}
}

/*
 * Make sure the powers of H exist that POLYVAL over @nblocks blocks at once
 * needs: H^1..H^min(nblocks, aggregation), and on the zmm tier, from
 * GSV_WIDE_MIN blocks on, H^17..H^32 as well.
 */
static inline void gcm_siv_x86_powers(struct gcm_siv_ctx *ctx, size_t nblocks)
{
	/* Blocks one aggregated POLYVAL step of the tier consumes. */
	unsigned int agg = gcm_siv_ctx_on(ctx, VAES_AVX2) ? 16 : 8;
	unsigned int want = min_t(size_t, nblocks, agg);
	bool zmm = gcm_siv_ctx_on(ctx, VAES_AVX512);

	if (zmm && nblocks >= GSV_WIDE_MIN)
		want = GCM_SIV_X86_NPOWERS + GCM_SIV_X86_NWIDE;
	if (ctx->arch.npow >= want)
		return;
	/* More than 8 due: all sixteen (or 32) at once, from H. */
	if (want > 8 && zmm) {
		kfast_gcmsiv_powers_vaes_avx512(ctx, want);
		ctx->arch.npow = want;
		return;
	}
	/* The ymm tier computes all sixteen at once when more than 8 are due. */
	if (want > 8 && ctx->arch.npow == 1 && gcm_siv_ctx_on(ctx, VAES_AVX2)) {
		kfast_gcmsiv_powers16_vaes_avx2(ctx);
		ctx->arch.npow = GCM_SIV_X86_NPOWERS;
		return;
	}
	kfast_gcmsiv_powers_pclmul(ctx, ctx->arch.npow, want);
	ctx->arch.npow = want;
}

/*
 * Whether the zmm tier makes H^2..H^16 inside the first update that needs
 * them (kfast_gcmsiv_powers_polyval_vaes_avx512(): the first 16 blocks'
 * products start while the powers are made) rather than ahead of it.
 */
static __always_inline bool gcm_siv_x86_powers_in_polyval(struct gcm_siv_ctx *ctx,
							  size_t nblocks)
{
	return gcm_siv_ctx_on(ctx, VAES_AVX512) &&
	       nblocks >= GCM_SIV_X86_NPOWERS && nblocks < GSV_WIDE_MIN &&
	       ctx->arch.npow < GCM_SIV_X86_NPOWERS;
}

static __always_inline void gcm_siv_x86_polyval(struct gcm_siv_ctx *ctx,
						 const u8 *data, size_t nblocks)
{
	if (gcm_siv_x86_powers_in_polyval(ctx, nblocks)) {
		kfast_gcmsiv_powers_polyval_vaes_avx512(ctx, data, nblocks);
		ctx->arch.npow = GCM_SIV_X86_NPOWERS;
		return;
	}
	gcm_siv_x86_powers(ctx, nblocks);
	if (gcm_siv_ctx_on(ctx, VAES_AVX512))
		kfast_gcmsiv_polyval_vaes_avx512(ctx, data, nblocks);
	else if (gcm_siv_ctx_on(ctx, VAES_AVX2))
		kfast_gcmsiv_polyval_vaes_avx2(ctx, data, nblocks);
	else
		kfast_gcmsiv_polyval_aesni(ctx, data, nblocks);
}

static __always_inline void gcm_siv_x86_ctr(struct gcm_siv_ctx *ctx,
					     const u8 *src, u8 *dst,
					     size_t nblocks, bool dec_auth)
{
	/* Decryption hashes the plaintext as POLYVAL would: the same powers. */
	if (dec_auth)
		gcm_siv_x86_powers(ctx, nblocks);
	if (gcm_siv_ctx_on(ctx, VAES_AVX512)) {
		if (dec_auth)
			kfast_gcmsiv_dec_vaes_avx512(ctx, src, dst, nblocks);
		else
			kfast_gcmsiv_ctr_vaes_avx512(ctx, src, dst, nblocks);
	} else if (gcm_siv_ctx_on(ctx, VAES_AVX2)) {
		if (dec_auth)
			kfast_gcmsiv_dec_vaes_avx2(ctx, src, dst, nblocks);
		else
			kfast_gcmsiv_ctr_vaes_avx2(ctx, src, dst, nblocks);
	} else {
		if (dec_auth)
			kfast_gcmsiv_dec_aesni(ctx, src, dst, nblocks);
		else
			kfast_gcmsiv_ctr_aesni(ctx, src, dst, nblocks);
	}
}

/* Whether the short seal and open take this message (any x86 tier). */
static __always_inline bool gcm_siv_x86_short_fits(enum gcm_siv_impl impl,
						   size_t aadlen, size_t len)
{
	return gcm_siv_may_run(impl, AESNI) &&
	       aadlen <= 4 * GCM_SIV_BLOCK_SIZE && len <= 4 * GCM_SIV_BLOCK_SIZE &&
	       ((aadlen + 15) / 16) + ((len + 15) / 16) <= 4;
}

/* Blocks (padded AAD and text, and the length block) the medium seal hashes at most. */
#define GCM_SIV_X86_MEDIUM_BLOCKS	32

/*
 * Whether the zmm tier's medium seal and open take this message (longer
 * than short).  This and gcm_siv_x86_long_fits() stay two functions: one
 * shared with the limit as an argument made the 64-byte open (the short
 * path, decided before them) 13-18 % slower in the benchmark's build.
 */
static __always_inline bool gcm_siv_x86_medium_fits(enum gcm_siv_impl impl,
						    size_t aadlen, size_t len)
{
	const size_t max = GCM_SIV_X86_MEDIUM_BLOCKS * GCM_SIV_BLOCK_SIZE;

	return gcm_siv_may_run(impl, VAES_AVX512) && aadlen <= max && len <= max &&
	       ((aadlen + 15) / 16) + ((len + 15) / 16) < GCM_SIV_X86_MEDIUM_BLOCKS;
}

/*
 * Whether the zmm tier's long seal and open take this message (past the
 * medium ones): its POLYVAL blocks (padded AAD and text, the length block) and
 * CTR blocks together no more than one SIMD section, as the context path
 * counts them.
 */
static __always_inline bool gcm_siv_x86_long_fits(enum gcm_siv_impl impl,
						  size_t aadlen, size_t len)
{
	const size_t max = GCM_SIV_X86_SECTION_BLOCKS * GCM_SIV_BLOCK_SIZE;

	return gcm_siv_may_run(impl, VAES_AVX512) && aadlen <= max && len <= max &&
	       ((aadlen + 15) / 16) + 2 * ((len + 15) / 16) < GCM_SIV_X86_SECTION_BLOCKS;
}

/*
 * Whole seal (@want NULL) or open (@want: the received tag) of a message
 * whose padded AAD and text take at most four blocks, in one asm call
 * without a context (see kfast_gcmsiv_seal_short_aesni()); the VAES tiers'
 * functions derive the keys two blocks per instruction.  @tag: the tag the
 * call computes (the seal's output; the open's caller compares it).
 */
static __always_inline void gcm_siv_x86_short(const struct gcm_siv_key *key,
					      enum gcm_siv_impl impl,
					      const u8 *want,
					      const u8 nonce[GCM_SIV_NONCE_SIZE],
					      const u8 *aad, size_t aadlen,
					      const u8 *src, size_t len, u8 *dst, u8 *tag)
{
	bool open = want;
	u8 buf[5][16] __aligned(16) = { };
	size_t na = ((aadlen + 15) / 16);
	size_t np = ((len + 15) / 16);
	u8 *p = buf[4 - na - np];

	/* Leading zero blocks, zero-padded AAD, zero-padded text. */
	kfast_x86_copy_short(p, aad, aadlen);
	kfast_x86_copy_short(p + na * GCM_SIV_BLOCK_SIZE, src, len);
	if (open)
		memcpy(buf[4], want, GCM_SIV_TAG_SIZE);
	if (gcm_siv_may_run(impl, VAES_AVX2)) {
		if (open)
			kfast_gcmsiv_open_short_vaes(key->arch.rk, buf, nonce,
						     key->nrounds, aadlen, len);
		else
			kfast_gcmsiv_seal_short_vaes(key->arch.rk, buf, nonce,
						     key->nrounds, aadlen, len);
	} else if (open) {
		kfast_gcmsiv_open_short_aesni(key->arch.rk, buf, nonce,
					      key->nrounds, aadlen, len);
	} else {
		kfast_gcmsiv_seal_short_aesni(key->arch.rk, buf, nonce,
					      key->nrounds, aadlen, len);
	}
	kfast_x86_copy_short(dst, buf[4 - np], len);
	memcpy(tag, buf[4], GCM_SIV_TAG_SIZE);
	memzero_explicit(buf, sizeof(buf));
}

/* ---- The hooks ---------------------------------------------------------- */

/*
 * The long-term key expanded for AES-NI, in portable constant-time C
 * (kfast_aes_expandkey_ct(), <kfast/aes.h>): setkey may run where SIMD is
 * unusable.
 */
static __always_inline void gcm_siv_setkey_arch(struct gcm_siv_key *key,
						const u8 *raw, unsigned int len)
{
	kfast_aes_expandkey_ct(key->arch.rk, raw, len);
}
#define gcm_siv_setkey_arch gcm_siv_setkey_arch

/*
 * Start a request of an x86 tier: its SIMD section, the per-nonce keys
 * (ctx->nonce and ctx->nrounds are set; this also zeroes ctx->acc, a
 * 16-byte store the asm can forward).  Declines where SIMD is unusable.
 */
static __always_inline bool gcm_siv_init_arch(struct gcm_siv_ctx *ctx,
					      const struct gcm_siv_key *key,
					      const u8 nonce[GCM_SIV_NONCE_SIZE])
{
	if (!gcm_siv_x86(ctx) || !crypto_simd_usable())
		return false;
	kfast_simd_begin(&ctx->arch.simd);
	ctx->arch.simd_blocks = 0;
	kfast_gcmsiv_derive_aesni(ctx, key->arch.rk, nonce);
	ctx->arch.npow = 1;
	ctx->arch.keyed = 0;
	return true;
}
#define gcm_siv_init_arch gcm_siv_init_arch

static __always_inline void gcm_siv_prepare_arch(struct gcm_siv_ctx *ctx,
						 u64 max_update)
{
	size_t nblocks = (max_update + GCM_SIV_BLOCK_SIZE - 1) / GCM_SIV_BLOCK_SIZE;

	if (!gcm_siv_x86(ctx))
		return;
	/*
	 * Encryption leaves H^2..H^16 to its first long update; decryption
	 * (CTR already started, so the key is expanded) hashes its text in
	 * the decryption loop, which wants them ready.
	 */
	if (!ctx->arch.keyed && gcm_siv_x86_powers_in_polyval(ctx, nblocks))
		return;
	gcm_siv_x86_powers(ctx, nblocks);
}
#define gcm_siv_prepare_arch gcm_siv_prepare_arch

static __always_inline bool gcm_siv_polyval_arch(struct gcm_siv_ctx *ctx,
						 const u8 *data, size_t nblocks)
{
	if (!gcm_siv_x86(ctx))
		return false;
	if (likely(gcm_siv_x86_fits(ctx, nblocks))) {
		gcm_siv_x86_polyval(ctx, data, nblocks);
		return true;
	}
	while (nblocks) {
		size_t n = min_t(size_t, nblocks,
				 GCM_SIV_X86_SECTION_BLOCKS - ctx->arch.simd_blocks);

		gcm_siv_x86_polyval(ctx, data, n);
		gcm_siv_x86_account(ctx, n);
		data += n * GCM_SIV_BLOCK_SIZE;
		nblocks -= n;
	}
	return true;
}
#define gcm_siv_polyval_arch gcm_siv_polyval_arch

/*
 * Length block, tag and counter block in one go (latency); the partial
 * POLYVAL block is already flushed.
 */
static __always_inline bool gcm_siv_tag_arch(struct gcm_siv_ctx *ctx,
					     u64 aadlen, u64 ptlen,
					     u8 tag[GCM_SIV_TAG_SIZE])
{
	if (!gcm_siv_x86(ctx))
		return false;
	if (ctx->arch.keyed) {
		kfast_gcmsiv_tag_aesni(ctx, aadlen, ptlen, tag);
	} else {
		kfast_gcmsiv_expand_tag_aesni(ctx, aadlen, ptlen, tag);
		ctx->arch.keyed = 1;
	}
	return true;
}
#define gcm_siv_tag_arch gcm_siv_tag_arch

static __always_inline bool gcm_siv_ctr_start_arch(struct gcm_siv_ctx *ctx,
						   const u8 tag[GCM_SIV_TAG_SIZE])
{
	if (!gcm_siv_x86(ctx))
		return false;
	gcm_siv_x86_expand(ctx);
	kfast_gcmsiv_ctr_start_avx(ctx, tag);
	return true;
}
#define gcm_siv_ctr_start_arch gcm_siv_ctr_start_arch

/* Keystream of a partial block: only after the tag or CTR start (keyed). */
static __always_inline bool gcm_siv_encrypt_block_arch(const struct gcm_siv_ctx *ctx,
						       u8 out[16], const u8 in[16])
{
	if (!gcm_siv_x86(ctx))
		return false;
	kfast_gcmsiv_aes_block_aesni(ctx, out, in);
	return true;
}
#define gcm_siv_encrypt_block_arch gcm_siv_encrypt_block_arch

static __always_inline bool gcm_siv_ctr_blocks_arch(struct gcm_siv_ctx *ctx,
						    const u8 *src, u8 *dst,
						    size_t nblocks, bool dec_auth)
{
	if (!gcm_siv_x86(ctx))
		return false;
	if (likely(gcm_siv_x86_fits(ctx, nblocks))) {
		gcm_siv_x86_ctr(ctx, src, dst, nblocks, dec_auth);
		return true;
	}
	while (nblocks) {
		size_t n = min_t(size_t, nblocks,
				 GCM_SIV_X86_SECTION_BLOCKS - ctx->arch.simd_blocks);

		gcm_siv_x86_ctr(ctx, src, dst, n, dec_auth);
		gcm_siv_x86_account(ctx, n);
		src += n * GCM_SIV_BLOCK_SIZE;
		dst += n * GCM_SIV_BLOCK_SIZE;
		nblocks -= n;
	}
	return true;
}
#define gcm_siv_ctr_blocks_arch gcm_siv_ctr_blocks_arch

/*
 * Wipe the context, inside the section (the asm clears the vector
 * registers too), then end the section, whose state was in the context.
 */
static __always_inline bool gcm_siv_done_arch(struct gcm_siv_ctx *ctx)
{
	struct kfast_simd_state simd;
	size_t len;

	if (!gcm_siv_x86(ctx))
		return false;
	len = ctx->arch.npow > GCM_SIV_X86_NPOWERS ? GSV_WIPE_SIZE_WIDE : GSV_WIPE_SIZE;
	simd = ctx->arch.simd;
	if (gcm_siv_ctx_on(ctx, VAES_AVX512))
		kfast_gcmsiv_wipe_vaes_avx512(ctx, len);
	else
		kfast_gcmsiv_wipe_avx(ctx, len);
	kfast_simd_end(&simd);
	return true;
}
#define gcm_siv_done_arch gcm_siv_done_arch

/*
 * A whole seal (@want NULL) or open (@want: the received tag) in one call,
 * with its own SIMD section: a short one (see gcm_siv_x86_short()) on
 * every tier; on the zmm tier a medium one (up to 31 padded blocks) or a
 * long one (gcm_siv_x86_long_fits()).  @tag: the tag the call computes
 * (the seal's output; the open's caller compares it).  Declines other
 * messages, and where SIMD is unusable.
 */
static __always_inline bool gcm_siv_x86_one_call(const struct gcm_siv_key *key,
						 enum gcm_siv_impl impl,
						 const u8 *want,
						 const u8 nonce[GCM_SIV_NONCE_SIZE],
						 const u8 *aad, size_t aadlen,
						 const u8 *src, size_t len,
						 u8 *dst, u8 *tag)
{
	const u8 (*rk)[16] = key->arch.rk;
	struct kfast_simd_state simd;
	bool medium;

	if (gcm_siv_x86_short_fits(impl, aadlen, len)) {
		if (!crypto_simd_usable())
			return false;
		kfast_simd_begin(&simd);
		gcm_siv_x86_short(key, impl, want, nonce, aad, aadlen, src, len,
				  dst, tag);
		kfast_simd_end(&simd);
		return true;
	}
	medium = gcm_siv_x86_medium_fits(impl, aadlen, len);
	if (!medium && !gcm_siv_x86_long_fits(impl, aadlen, len))
		return false;
	if (!crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	if (want && medium)
		kfast_gcmsiv_open_medium_vaes_avx512(rk, nonce, key->nrounds, aad,
						     aadlen, src, len, dst, want, tag);
	else if (want)
		kfast_gcmsiv_open_long_vaes_avx512(rk, nonce, key->nrounds, aad,
						   aadlen, src, len, dst, want, tag);
	else if (medium)
		kfast_gcmsiv_seal_medium_vaes_avx512(rk, nonce, key->nrounds, aad,
						     aadlen, src, len, dst);
	else
		kfast_gcmsiv_seal_long_vaes_avx512(rk, nonce, key->nrounds, aad,
						   aadlen, src, len, dst);
	kfast_simd_end(&simd);
	return true;
}

/* A whole seal in one call (gcm_siv_x86_one_call()): dst = C || tag. */
static __always_inline bool gcm_siv_seal_short_arch(const struct gcm_siv_key *key,
						    enum gcm_siv_impl impl,
						    const u8 nonce[GCM_SIV_NONCE_SIZE],
						    const u8 *aad, size_t aadlen,
						    const u8 *src, size_t len, u8 *dst)
{
	return gcm_siv_x86_one_call(key, impl, NULL, nonce, aad, aadlen, src,
				    len, dst, dst + len);
}
#define gcm_siv_seal_short_arch gcm_siv_seal_short_arch

/*
 * A whole open in one call (gcm_siv_x86_one_call()): the plaintext to @dst
 * and the tag it computes to @tag (the core compares it with @want and
 * wipes @dst on a mismatch).
 */
static __always_inline bool gcm_siv_open_short_arch(const struct gcm_siv_key *key,
						    enum gcm_siv_impl impl,
						    const u8 nonce[GCM_SIV_NONCE_SIZE],
						    const u8 *aad, size_t aadlen,
						    const u8 *src, size_t len,
						    const u8 want[GCM_SIV_TAG_SIZE],
						    u8 *dst, u8 tag[GCM_SIV_TAG_SIZE])
{
	return gcm_siv_x86_one_call(key, impl, want, nonce, aad, aadlen, src,
				    len, dst, tag);
}
#define gcm_siv_open_short_arch gcm_siv_open_short_arch

#define GCM_SIV_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline unsigned int gcm_siv_mod_init_arch(void)
{
	const bool present[] = { GCM_SIV_TIERS(GCM_SIV_TIER_PRESENT) };

	return kfast_probe_tiers(gcm_siv_tier_keys, present, GCM_SIV_NR_IMPLS);
}
#define gcm_siv_mod_init_arch gcm_siv_mod_init_arch

#endif /* KFAST_ARCH_X86_GCM_SIV_HOOKS_H */

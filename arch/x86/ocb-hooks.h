/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-64 hooks of the AES-OCB core (included by ocb/ocb.c only).  The
 * tiers are in the table of arch/x86/ocb-arch.h; ocb_mod_init_arch()
 * probes them once and sets one static key per tier present.
 *
 *   OCB_IMPL_AESNI	  AES-NI + AVX, xmm, 8 blocks in flight	ocb-aesni.S
 *   OCB_IMPL_VAES_AVX2	  VAES + AVX2, ymm, 8 blocks		ocb-vaes-avx2.S
 *   OCB_IMPL_VAES_AVX512 VAES + AVX512F/VL, zmm, 16 blocks	ocb-vaes-avx512.S
 * Ktop, the pads of partial blocks and the tag are single blocks on the
 * AES-NI code for every tier.
 *
 * SIMD sections: this file is the one place that decides them.  A request
 * of an x86 tier runs on SIMD only if crypto_simd_usable() when it starts
 * (ocb_init_arch(), which also computes Ktop); it then holds one
 * kernel-FPU section, closed by ocb_done_arch() from ocb_final() or
 * ocb_abort(), and the bulk hooks leave and re-enter it after every 4 KiB
 * they process (in pieces of at most 4 KiB), so that the scheduler and
 * interrupts get in.  Otherwise the request runs the generic code.
 */
#ifndef KFAST_ARCH_X86_OCB_HOOKS_H
#define KFAST_ARCH_X86_OCB_HOOKS_H

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
#include "ocb-offsets.h"

static_assert(offsetof(struct ocb_key, arch.rk_enc) == OCB_KEY_RK_ENC, "OCB_KEY_RK_ENC");
static_assert(offsetof(struct ocb_key, arch.rk_dec) == OCB_KEY_RK_DEC, "OCB_KEY_RK_DEC");
static_assert(offsetof(struct ocb_key, arch.lsum) == OCB_KEY_LSUM, "OCB_KEY_LSUM");

asmlinkage void kfast_ocb_enc_aesni(const struct ocb_key *key, struct ocb_ctx *ctx,
				    const u8 *src, u8 *dst, size_t nblocks,
				    unsigned int nrounds);
asmlinkage void kfast_ocb_dec_aesni(const struct ocb_key *key, struct ocb_ctx *ctx,
				    const u8 *src, u8 *dst, size_t nblocks,
				    unsigned int nrounds);
asmlinkage void kfast_ocb_hash_aesni(const struct ocb_key *key, struct ocb_ctx *ctx,
				     const u8 *aad, void *unused, size_t nblocks,
				     unsigned int nrounds);
asmlinkage void kfast_ocb_enc_vaes_avx2(const struct ocb_key *key, struct ocb_ctx *ctx,
					const u8 *src, u8 *dst, size_t nblocks,
					unsigned int nrounds);
asmlinkage void kfast_ocb_dec_vaes_avx2(const struct ocb_key *key, struct ocb_ctx *ctx,
					const u8 *src, u8 *dst, size_t nblocks,
					unsigned int nrounds);
asmlinkage void kfast_ocb_hash_vaes_avx2(const struct ocb_key *key, struct ocb_ctx *ctx,
					 const u8 *aad, void *unused, size_t nblocks,
					 unsigned int nrounds);
asmlinkage bool kfast_ocb_vaes_ymm_ok(void);
asmlinkage void kfast_ocb_enc_vaes_avx512(const struct ocb_key *key, struct ocb_ctx *ctx,
					  const u8 *src, u8 *dst, size_t nblocks,
					  unsigned int nrounds);
asmlinkage void kfast_ocb_dec_vaes_avx512(const struct ocb_key *key, struct ocb_ctx *ctx,
					  const u8 *src, u8 *dst, size_t nblocks,
					  unsigned int nrounds);
asmlinkage void kfast_ocb_hash_vaes_avx512(const struct ocb_key *key, struct ocb_ctx *ctx,
					   const u8 *aad, void *unused, size_t nblocks,
					   unsigned int nrounds);
asmlinkage void kfast_ocb_init_aesni(const struct ocb_key *key, struct ocb_ctx *ctx,
				     const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
				     unsigned int nrounds);
asmlinkage void kfast_ocb_tag_aesni(const struct ocb_key *key, const struct ocb_ctx *ctx,
				    u8 tag[OCB_MAX_TAG_SIZE], unsigned int nrounds);
asmlinkage void kfast_ocb_aes_block_aesni(const u8 rk[][16], u8 out[16],
					  const u8 in[16], unsigned int nrounds);
/* The whole seal and open of a short message (see kfast_ocb_seal_short_aesni()). */
#define OCB_X86_SHORT_MAX	(4 * OCB_BLOCK_SIZE)
typedef void ocb_short_fn(const struct ocb_key *key, u8 buf[9][16],
			  const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
			  unsigned int nrounds, unsigned long lens);
asmlinkage ocb_short_fn kfast_ocb_seal_short_aesni;
asmlinkage ocb_short_fn kfast_ocb_open_short_aesni;

/* What the tier needs: AES-NI, and AVX for the VEX encoding. */
static __always_inline bool ocb_cpu_has_aesni(void)
{
	return kfast_cpu_has_aesni() && boot_cpu_has(X86_FEATURE_AVX) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

/*
 * VAES on ymm that computes both lanes right: QEMU 7.2's TCG (the test
 * guests) gets VAESENC/VAESDEC's upper lane wrong.  Module init runs in
 * process context, where SIMD is usable.
 */
static bool ocb_vaes_ymm_ok(void)
{
	struct kfast_simd_state simd;
	bool ok;

	kfast_simd_begin(&simd);
	ok = kfast_ocb_vaes_ymm_ok();
	kfast_simd_end(&simd);
	return ok;
}

static __always_inline bool ocb_cpu_has_vaes_avx2(void)
{
	return boot_cpu_has(X86_FEATURE_VAES) && boot_cpu_has(X86_FEATURE_AVX2) &&
	       ocb_vaes_ymm_ok();
}

static __always_inline bool ocb_cpu_has_vaes_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_VAES) && boot_cpu_has(X86_FEATURE_AVX512F) &&
	       boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}

KFAST_DEFINE_TIER_KEYS(ocb_tier_keys, OCB_NR_IMPLS);

/* Whether a request of tier @impl runs tier @id (tiers are cumulative). */
#define ocb_may_run(impl, id)						\
	((impl) >= OCB_IMPL_##id &&					\
	 static_branch_likely(&ocb_tier_keys[OCB_IMPL_##id]))

/* Whether the request is on an x86 tier (and so inside its SIMD section). */
#define ocb_x86(ctx)	ocb_may_run((ctx)->impl, AESNI)

/* Blocks per piece and per SIMD section of the bulk hooks (4 KiB). */
#define OCB_X86_SECTION_BLOCKS	(4096 / OCB_BLOCK_SIZE)

/* Count @nblocks of bulk work; every 4 KiB, let the scheduler and interrupts in. */
static __always_inline void ocb_x86_account(struct ocb_ctx *ctx, size_t nblocks)
{
	ctx->arch.simd_blocks += nblocks;
	if (ctx->arch.simd_blocks >= OCB_X86_SECTION_BLOCKS) {
		kfast_simd_end(&ctx->arch.simd);
		kfast_simd_begin(&ctx->arch.simd);
		ctx->arch.simd_blocks = 0;
	}
}

/*
 * The round keys for AES-NI, in portable constant-time C (setkey may run
 * where SIMD is unusable): forward, and the Equivalent Inverse Cipher's;
 * and the sums S_j of the L table for the wide loops.
 */
static __always_inline void ocb_setkey_arch(struct ocb_key *key, const u8 *raw,
					    unsigned int len)
{
	unsigned int j, b;

	kfast_aes_expandkey_ct(key->arch.rk_enc, raw, len);
	kfast_aes_invert_rk_ct(key->arch.rk_dec, key->arch.rk_enc, len / 4 + 6);
	for (j = 1; j <= 15; j++)
		for (b = 0; b < 16; b++)
			key->arch.lsum[j - 1][b] = (j > 1 ? key->arch.lsum[j - 2][b] : 0) ^
						   key->l[__builtin_ctz(j)][b];
	memcpy(key->arch.lsum[15], key->arch.lsum[14], 16);
}
#define ocb_setkey_arch ocb_setkey_arch

/*
 * Open the section, then Offset_0 and the zeroed sums in one asm call
 * (kfast_ocb_init_aesni(): Ktop and Stretch in registers, 16-byte stores
 * that the bulk code's loads forward from, where the C version's 8-byte
 * stores, reloaded as 16 bytes, would not forward).
 */
static __always_inline bool ocb_init_arch(struct ocb_ctx *ctx,
					  const struct ocb_key *key,
					  const u8 nonce[OCB_NONCE_SIZE])
{
	if (!ocb_x86(ctx) || !crypto_simd_usable())
		return false;
	kfast_simd_begin(&ctx->arch.simd);
	ctx->arch.simd_blocks = 0;
	kfast_ocb_init_aesni(key, ctx, nonce, ctx->taglen, key->nrounds);
	return true;
}
#define ocb_init_arch ocb_init_arch

static __always_inline bool ocb_blocks_arch(struct ocb_ctx *ctx,
					    const struct ocb_key *key,
					    const u8 *src, u8 *dst,
					    size_t nblocks, bool dec)
{
	if (!ocb_x86(ctx))
		return false;
	while (nblocks) {
		size_t n = min_t(size_t, nblocks,
				 OCB_X86_SECTION_BLOCKS - ctx->arch.simd_blocks);

		if (ocb_may_run(ctx->impl, VAES_AVX512)) {
			if (dec)
				kfast_ocb_dec_vaes_avx512(key, ctx, src, dst, n, key->nrounds);
			else
				kfast_ocb_enc_vaes_avx512(key, ctx, src, dst, n, key->nrounds);
		} else if (ocb_may_run(ctx->impl, VAES_AVX2)) {
			if (dec)
				kfast_ocb_dec_vaes_avx2(key, ctx, src, dst, n, key->nrounds);
			else
				kfast_ocb_enc_vaes_avx2(key, ctx, src, dst, n, key->nrounds);
		} else if (dec) {
			kfast_ocb_dec_aesni(key, ctx, src, dst, n, key->nrounds);
		} else {
			kfast_ocb_enc_aesni(key, ctx, src, dst, n, key->nrounds);
		}
		ocb_x86_account(ctx, n);
		src += n * OCB_BLOCK_SIZE;
		dst += n * OCB_BLOCK_SIZE;
		nblocks -= n;
	}
	return true;
}
#define ocb_blocks_arch ocb_blocks_arch

static __always_inline bool ocb_hash_arch(struct ocb_ctx *ctx,
					  const struct ocb_key *key,
					  const u8 *aad, size_t nblocks)
{
	if (!ocb_x86(ctx))
		return false;
	while (nblocks) {
		size_t n = min_t(size_t, nblocks,
				 OCB_X86_SECTION_BLOCKS - ctx->arch.simd_blocks);

		if (ocb_may_run(ctx->impl, VAES_AVX512))
			kfast_ocb_hash_vaes_avx512(key, ctx, aad, NULL, n, key->nrounds);
		else if (ocb_may_run(ctx->impl, VAES_AVX2))
			kfast_ocb_hash_vaes_avx2(key, ctx, aad, NULL, n, key->nrounds);
		else
			kfast_ocb_hash_aesni(key, ctx, aad, NULL, n, key->nrounds);
		ocb_x86_account(ctx, n);
		aad += n * OCB_BLOCK_SIZE;
		nblocks -= n;
	}
	return true;
}
#define ocb_hash_arch ocb_hash_arch

static __always_inline bool ocb_encrypt_block_arch(const struct ocb_ctx *ctx,
						   const struct ocb_key *key,
						   u8 out[OCB_BLOCK_SIZE],
						   const u8 in[OCB_BLOCK_SIZE])
{
	if (!ocb_x86(ctx))
		return false;
	kfast_ocb_aes_block_aesni(key->arch.rk_enc, out, in, key->nrounds);
	return true;
}
#define ocb_encrypt_block_arch ocb_encrypt_block_arch

static __always_inline bool ocb_tag_arch(const struct ocb_ctx *ctx,
					 const struct ocb_key *key,
					 u8 tag[OCB_MAX_TAG_SIZE])
{
	if (!ocb_x86(ctx))
		return false;
	kfast_ocb_tag_aesni(key, ctx, tag, key->nrounds);
	return true;
}
#define ocb_tag_arch ocb_tag_arch

static __always_inline void ocb_done_arch(struct ocb_ctx *ctx)
{
	if (ocb_x86(ctx))
		kfast_simd_end(&ctx->arch.simd);
}
#define ocb_done_arch ocb_done_arch

/* Whether the short seal and open take this message (any x86 tier). */
static __always_inline bool ocb_x86_short_fits(enum ocb_impl impl, size_t aadlen,
					       size_t len)
{
	return ocb_may_run(impl, AESNI) && aadlen <= OCB_X86_SHORT_MAX &&
	       len <= OCB_X86_SHORT_MAX;
}

/*
 * A whole seal (@open false) or open of a short message in one asm call:
 * the text copied into buf[0..3] (a seal's partial block padded 1 0*), the
 * AAD into buf[4..7] with HASH's offsets (S_i, S_m ^ L_*) XORed in: they do
 * not depend on the nonce.  @src's @len bytes to @dst; the tag to @tag: a
 * seal's @taglen bytes (after its ciphertext), an open's whole block (a
 * fixed-size copy; the caller compares @taglen bytes).
 */
static __always_inline void ocb_x86_short(const struct ocb_key *key, bool open,
					  const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
					  const u8 *aad, size_t aadlen, const u8 *src, size_t len,
					  u8 *dst, u8 *tag)
{
	u8 buf[9][16] __aligned(16);
	u8 *text = buf[0], *hash = buf[4];
	size_t i, whole = aadlen / OCB_BLOCK_SIZE;

	/* 64-byte pieces, not all of buf: GCC makes rep stos of those. */
	memset(text, 0, OCB_X86_SHORT_MAX);
	kfast_x86_copy_short(text, src, len);
	if (!open && len % OCB_BLOCK_SIZE)
		text[len] = 0x80;
	if (aadlen) {
		memset(hash, 0, OCB_X86_SHORT_MAX);
		kfast_x86_copy_short(hash, aad, aadlen);
		for (i = 0; i < whole; i++)
			crypto_xor(buf[4 + i], key->arch.lsum[i], OCB_BLOCK_SIZE);
		if (aadlen % OCB_BLOCK_SIZE) {
			buf[4 + whole][aadlen % OCB_BLOCK_SIZE] = 0x80;
			if (whole)
				crypto_xor(buf[4 + whole], key->arch.lsum[whole - 1],
					   OCB_BLOCK_SIZE);
			crypto_xor(buf[4 + whole], key->l_star, OCB_BLOCK_SIZE);
		}
	}
	if (open)
		kfast_ocb_open_short_aesni(key, buf, nonce, taglen, key->nrounds,
					   len | aadlen << 8);
	else
		kfast_ocb_seal_short_aesni(key, buf, nonce, taglen, key->nrounds,
					   len | aadlen << 8);
	kfast_x86_copy_short(dst, text, len);
	memcpy(tag, buf[8], open ? OCB_BLOCK_SIZE : taglen);
	memzero_explicit(text, OCB_X86_SHORT_MAX);
	if (aadlen)
		memzero_explicit(hash, OCB_X86_SHORT_MAX);
	memzero_explicit(buf[8], OCB_BLOCK_SIZE);
}

/* A whole short seal (dst = C || tag) with its own SIMD section; declines otherwise. */
static __always_inline bool ocb_seal_short_arch(const struct ocb_key *key,
						enum ocb_impl impl,
						const u8 nonce[OCB_NONCE_SIZE],
						unsigned int taglen,
						const u8 *aad, size_t aadlen,
						const u8 *src, size_t len, u8 *dst)
{
	struct kfast_simd_state simd;

	if (!ocb_x86_short_fits(impl, aadlen, len) || !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	ocb_x86_short(key, false, nonce, taglen, aad, aadlen, src, len, dst, dst + len);
	kfast_simd_end(&simd);
	return true;
}
#define ocb_seal_short_arch ocb_seal_short_arch

/* A whole short open: the plaintext to @dst, the tag it computes to @tag. */
static __always_inline bool ocb_open_short_arch(const struct ocb_key *key,
						enum ocb_impl impl,
						const u8 nonce[OCB_NONCE_SIZE],
						unsigned int taglen,
						const u8 *aad, size_t aadlen,
						const u8 *src, size_t len, u8 *dst,
						u8 tag[OCB_MAX_TAG_SIZE])
{
	struct kfast_simd_state simd;

	if (!ocb_x86_short_fits(impl, aadlen, len) || !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	ocb_x86_short(key, true, nonce, taglen, aad, aadlen, src, len, dst, tag);
	kfast_simd_end(&simd);
	return true;
}
#define ocb_open_short_arch ocb_open_short_arch

#define OCB_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline unsigned int ocb_mod_init_arch(void)
{
	const bool present[] = { OCB_TIERS(OCB_TIER_PRESENT) };

	return kfast_probe_tiers(ocb_tier_keys, present, OCB_NR_IMPLS);
}
#define ocb_mod_init_arch ocb_mod_init_arch

#endif /* KFAST_ARCH_X86_OCB_HOOKS_H */

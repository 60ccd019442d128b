// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AES-OCB (RFC 7253) core: key set-up (L_*, L_$, L_0..L_31), nonce
 * formatting and Offset_0, HASH over the AAD, the text blocks and the tag.
 * See ocb.h for the construction and the streaming API.
 *
 * Design choices:
 * - Nothing per message lives in the key: Ktop is computed for every
 *   message (one AES block) rather than cached by nonce prefix, so
 *   concurrent requests on one key share only read-only data.
 * - The generic tier is the AES library of <kfast/aes.h> one block at a
 *   time.  An architecture's tiers replace the whole-block loops of the
 *   text and of HASH, and the single blocks (Ktop, the partial block's pad,
 *   the tag), through the *_arch() hooks below; ctx->impl is fixed at
 *   ocb_init(), so one request never mixes tiers.  The hooks own the SIMD
 *   sections.
 * - The offsets are kept as bytes in RFC order (big-endian), as the L
 *   table is: XOR does not care, and AES takes blocks in that order.
 */
#include "ocb.h"
#include "ocb-core-offsets.h"

/* ---- Arch hooks ---------------------------------------------------------- */

/*
 * arch/$(SRCARCH)/ocb-hooks.h, included when ocb/Kbuild.inc builds code for
 * this architecture, defines each hook it has and "#define name name"; the
 * others decline and the generic code runs.  The core passes only tiers the
 * CPU has.  Hooks returning bool return whether they did the work.
 */
#ifdef KFAST_OCB_ARCH
#include <ocb-hooks.h>
#endif

/* Probe the CPU (once, at module init); return the best tier present. */
#ifndef ocb_mod_init_arch
static __always_inline unsigned int ocb_mod_init_arch(void)
{
	return OCB_IMPL_GENERIC;
}
#endif

/* Per-key state of the arch tiers (key->arch), once the L table is set. */
#ifndef ocb_setkey_arch
static __always_inline void ocb_setkey_arch(struct ocb_key *key, const u8 *raw,
					    unsigned int len)
{
}
#endif

/*
 * Start a request of tier ctx->impl (taglen set, the rest zero): open its
 * SIMD section and set ctx->offset = Offset_0; or decline (the request
 * then runs generic).
 */
#ifndef ocb_init_arch
static __always_inline bool ocb_init_arch(struct ocb_ctx *ctx,
					  const struct ocb_key *key,
					  const u8 nonce[OCB_NONCE_SIZE])
{
	return false;
}
#endif

/* Whole text blocks: dst, ctx->offset, ctx->checksum, ctx->nblocks. */
#ifndef ocb_blocks_arch
static __always_inline bool ocb_blocks_arch(struct ocb_ctx *ctx,
					    const struct ocb_key *key,
					    const u8 *src, u8 *dst,
					    size_t nblocks, bool dec)
{
	return false;
}
#endif

/* Whole AAD blocks: ctx->aad_offset, ctx->aad_sum, ctx->aad_nblocks. */
#ifndef ocb_hash_arch
static __always_inline bool ocb_hash_arch(struct ocb_ctx *ctx,
					  const struct ocb_key *key,
					  const u8 *aad, size_t nblocks)
{
	return false;
}
#endif

/* One forward AES block inside the request (pads, the tag). */
#ifndef ocb_encrypt_block_arch
static __always_inline bool ocb_encrypt_block_arch(const struct ocb_ctx *ctx,
						   const struct ocb_key *key,
						   u8 out[OCB_BLOCK_SIZE],
						   const u8 in[OCB_BLOCK_SIZE])
{
	return false;
}
#endif

/* The full tag from ctx (partial blocks done). */
#ifndef ocb_tag_arch
static __always_inline bool ocb_tag_arch(const struct ocb_ctx *ctx,
					 const struct ocb_key *key,
					 u8 tag[OCB_MAX_TAG_SIZE])
{
	return false;
}
#endif

/* End the request's SIMD section (the core wipes the context after). */
#ifndef ocb_done_arch
static __always_inline void ocb_done_arch(struct ocb_ctx *ctx)
{
}
#endif

/* ---- Implementation selection ----------------------------------------- */

static unsigned int ocb_impl_found __ro_after_init;

unsigned int ocb_mod_init(void)
{
	ocb_impl_found = ocb_mod_init_arch();
	return ocb_impl_found;
}

bool ocb_impl_available(enum ocb_impl impl)
{
	return (unsigned int)impl <= ocb_impl_found;
}

enum ocb_impl ocb_best_impl(void)
{
	return ocb_impl_found;
}

/* ---- Helpers ------------------------------------------------------------ */

static __always_inline void ocb_xor16(u8 *dst, const u8 *a, const u8 *b)
{
	put_unaligned_be64(get_unaligned_be64(a) ^ get_unaligned_be64(b), dst);
	put_unaligned_be64(get_unaligned_be64(a + 8) ^ get_unaligned_be64(b + 8),
			   dst + 8);
}

/* double(S) of RFC 7253 section 2: S * x in GF(2^128), constant time. */
static void ocb_double(u8 out[OCB_BLOCK_SIZE], const u8 in[OCB_BLOCK_SIZE])
{
	u64 hi = get_unaligned_be64(in), lo = get_unaligned_be64(in + 8);
	u64 reduce = 0x87 & (0 - (hi >> 63));

	put_unaligned_be64((hi << 1) | (lo >> 63), out);
	put_unaligned_be64((lo << 1) ^ reduce, out + 8);
}

/* ntz(i) for i >= 1: the index into the L table of block i. */
static __always_inline unsigned int ocb_ntz(u64 i)
{
	return __builtin_ctzll(i);
}

static __always_inline void ocb_aes(const struct ocb_ctx *ctx,
				    const struct ocb_key *key,
				    u8 out[OCB_BLOCK_SIZE],
				    const u8 in[OCB_BLOCK_SIZE])
{
	if (!ocb_encrypt_block_arch(ctx, key, out, in))
		kfast_aes_encrypt_full(&key->aes, out, in);
}

/* ---- Key ----------------------------------------------------------------- */

int ocb_setkey(struct ocb_key *key, const u8 *raw, unsigned int len)
{
	static const u8 zero[OCB_BLOCK_SIZE];
	unsigned int i;
	int err;

	if (len != 16 && len != 24 && len != 32)
		return -EINVAL;
	err = kfast_aes_setkey_full(&key->aes, raw, len);
	if (err)
		return err;
	key->keylen = len;
	key->nrounds = len / 4 + 6;
	kfast_aes_encrypt_full(&key->aes, key->l_star, zero);
	ocb_double(key->l_dollar, key->l_star);
	ocb_double(key->l[0], key->l_dollar);
	for (i = 1; i < OCB_L_COUNT; i++)
		ocb_double(key->l[i], key->l[i - 1]);
	/* After the L table, which the arch tiers may derive more from. */
	ocb_setkey_arch(key, raw, len);
	return 0;
}

/* The fields arch assembly reads (ocb-core-offsets.h). */
static_assert(offsetof(struct ocb_key, l_star) == OCB_KEY_L_STAR, "OCB_KEY_L_STAR");
static_assert(offsetof(struct ocb_key, l_dollar) == OCB_KEY_L_DOLLAR, "OCB_KEY_L_DOLLAR");
static_assert(offsetof(struct ocb_key, l) == OCB_KEY_L, "OCB_KEY_L");
static_assert(offsetof(struct ocb_ctx, offset) == OCB_CTX_OFFSET, "OCB_CTX_OFFSET");
static_assert(offsetof(struct ocb_ctx, checksum) == OCB_CTX_CHECKSUM, "OCB_CTX_CHECKSUM");
static_assert(offsetof(struct ocb_ctx, aad_offset) == OCB_CTX_AAD_OFFSET, "OCB_CTX_AAD_OFFSET");
static_assert(offsetof(struct ocb_ctx, aad_sum) == OCB_CTX_AAD_SUM, "OCB_CTX_AAD_SUM");
static_assert(offsetof(struct ocb_ctx, nblocks) == OCB_CTX_NBLOCKS, "OCB_CTX_NBLOCKS");
static_assert(offsetof(struct ocb_ctx, aad_nblocks) == OCB_CTX_AAD_NBLOCKS,
	      "OCB_CTX_AAD_NBLOCKS");

/* ---- Per message ----------------------------------------------------------- */

/*
 * Zero the context in two pieces, the blocks and the rest: of a memset of
 * all of it (104 bytes on x86-64) GCC makes a rep stos, whose start-up
 * costs as much as the AES of a few blocks on a short message.
 */
static __always_inline void ocb_ctx_clear(struct ocb_ctx *ctx)
{
	const size_t blocks = offsetof(struct ocb_ctx, nblocks);

	memzero_explicit(ctx, blocks);
	memzero_explicit((u8 *)ctx + blocks, sizeof(*ctx) - blocks);
}

void ocb_init(struct ocb_ctx *ctx, const struct ocb_key *key,
	      const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
	      enum ocb_impl impl)
{
	u8 nb[OCB_BLOCK_SIZE], ktop[OCB_BLOCK_SIZE];
	unsigned int bottom;

	ocb_ctx_clear(ctx);
	ctx->taglen = taglen;
	ctx->impl = ocb_impl_available(impl) ? impl : OCB_IMPL_GENERIC;
	if (ctx->impl != OCB_IMPL_GENERIC && ocb_init_arch(ctx, key, nonce))
		return;
	ctx->impl = OCB_IMPL_GENERIC;

	bottom = ocb_nonce_block(nb, nonce, taglen);
	kfast_aes_encrypt_full(&key->aes, ktop, nb);
	ocb_offset0(ctx->offset, ktop, bottom);
	memzero_explicit(ktop, sizeof(ktop));
}

static void ocb_hash_blocks(struct ocb_ctx *ctx, const struct ocb_key *key,
			    const u8 *aad, size_t nblocks)
{
	u8 t[OCB_BLOCK_SIZE];

	if (ocb_hash_arch(ctx, key, aad, nblocks))
		return;
	for (; nblocks; nblocks--, aad += OCB_BLOCK_SIZE) {
		ctx->aad_nblocks++;
		ocb_xor16(ctx->aad_offset, ctx->aad_offset,
			  key->l[ocb_ntz(ctx->aad_nblocks)]);
		ocb_xor16(t, aad, ctx->aad_offset);
		kfast_aes_encrypt_full(&key->aes, t, t);
		ocb_xor16(ctx->aad_sum, ctx->aad_sum, t);
	}
	memzero_explicit(t, sizeof(t));
}

void ocb_aad_update(struct ocb_ctx *ctx, const struct ocb_key *key,
		    const u8 *aad, size_t len)
{
	size_t n;

	if (ctx->aad_buflen) {
		n = min_t(size_t, len, OCB_BLOCK_SIZE - ctx->aad_buflen);
		memcpy(ctx->aad_buf + ctx->aad_buflen, aad, n);
		ctx->aad_buflen += n;
		aad += n;
		len -= n;
		if (ctx->aad_buflen < OCB_BLOCK_SIZE)
			return;
		/* A whole block is an ordinary one even if it is the last. */
		ocb_hash_blocks(ctx, key, ctx->aad_buf, 1);
		ctx->aad_buflen = 0;
	}
	n = len / OCB_BLOCK_SIZE;
	if (n)
		ocb_hash_blocks(ctx, key, aad, n);
	len -= n * OCB_BLOCK_SIZE;
	if (len) {
		memcpy(ctx->aad_buf, aad + n * OCB_BLOCK_SIZE, len);
		ctx->aad_buflen = len;
	}
}

static void ocb_text_blocks(struct ocb_ctx *ctx, const struct ocb_key *key,
			    const u8 *src, u8 *dst, size_t len, bool dec)
{
	size_t nblocks = len / OCB_BLOCK_SIZE;
	u8 t[OCB_BLOCK_SIZE];

	WARN_ON_ONCE(len % OCB_BLOCK_SIZE);
	if (!nblocks || ocb_blocks_arch(ctx, key, src, dst, nblocks, dec))
		return;
	for (; nblocks; nblocks--, src += OCB_BLOCK_SIZE, dst += OCB_BLOCK_SIZE) {
		ctx->nblocks++;
		ocb_xor16(ctx->offset, ctx->offset, key->l[ocb_ntz(ctx->nblocks)]);
		ocb_xor16(t, src, ctx->offset);
		if (dec) {
			kfast_aes_decrypt(&key->aes, t, t);
			ocb_xor16(dst, t, ctx->offset);
			ocb_xor16(ctx->checksum, ctx->checksum, dst);
		} else {
			ocb_xor16(ctx->checksum, ctx->checksum, src);
			kfast_aes_encrypt_full(&key->aes, t, t);
			ocb_xor16(dst, t, ctx->offset);
		}
	}
	memzero_explicit(t, sizeof(t));
}

void ocb_encrypt_update(struct ocb_ctx *ctx, const struct ocb_key *key,
			const u8 *src, u8 *dst, size_t len)
{
	ocb_text_blocks(ctx, key, src, dst, len, false);
}

void ocb_decrypt_update(struct ocb_ctx *ctx, const struct ocb_key *key,
			const u8 *src, u8 *dst, size_t len)
{
	ocb_text_blocks(ctx, key, src, dst, len, true);
}

void ocb_abort(struct ocb_ctx *ctx)
{
	ocb_done_arch(ctx);
	ocb_ctx_clear(ctx);
}

void ocb_final(struct ocb_ctx *ctx, const struct ocb_key *key, const u8 *src,
	       u8 *dst, size_t len, bool dec, u8 tag[OCB_MAX_TAG_SIZE])
{
	u8 t[OCB_BLOCK_SIZE], p[OCB_BLOCK_SIZE];

	WARN_ON_ONCE(len >= OCB_BLOCK_SIZE);
	/* HASH's last block: (A_* || 1 || 0...) ^ Offset_m ^ L_*. */
	if (ctx->aad_buflen) {
		memset(ctx->aad_buf + ctx->aad_buflen, 0,
		       OCB_BLOCK_SIZE - ctx->aad_buflen);
		ctx->aad_buf[ctx->aad_buflen] = 0x80;
		ocb_xor16(ctx->aad_offset, ctx->aad_offset, key->l_star);
		ocb_xor16(t, ctx->aad_buf, ctx->aad_offset);
		ocb_aes(ctx, key, t, t);
		ocb_xor16(ctx->aad_sum, ctx->aad_sum, t);
	}
	/* The text's partial block: C_* = P_* ^ E(Offset_m ^ L_*). */
	if (len) {
		ocb_xor16(ctx->offset, ctx->offset, key->l_star);
		/*
		 * Through t: GCC 14's -Wstringop-overread sees ctx->offset, just
		 * written as two 8-byte words, as an 8-byte object.
		 */
		memcpy(t, ctx->offset, OCB_BLOCK_SIZE);
		ocb_aes(ctx, key, t, t);
		memset(p, 0, sizeof(p));
		memcpy(p, src, len);
		crypto_xor_cpy(dst, p, t, len);
		if (dec)
			memcpy(p, dst, len);
		p[len] = 0x80;
		ocb_xor16(ctx->checksum, ctx->checksum, p);
	}
	/* Tag = E(Checksum ^ Offset ^ L_$) ^ HASH(K, A). */
	if (!ocb_tag_arch(ctx, key, tag)) {
		ocb_xor16(t, ctx->checksum, ctx->offset);
		ocb_xor16(t, t, key->l_dollar);
		ocb_aes(ctx, key, t, t);
		ocb_xor16(tag, t, ctx->aad_sum);
	}
	memzero_explicit(t, sizeof(t));
	memzero_explicit(p, sizeof(p));
	ocb_abort(ctx);
}

/* ---- One-shot helpers ------------------------------------------------------ */

/* A whole seal of a short message without a context (dst = C || tag), or decline. */
#ifndef ocb_seal_short_arch
static __always_inline bool ocb_seal_short_arch(const struct ocb_key *key,
						enum ocb_impl impl,
						const u8 nonce[OCB_NONCE_SIZE],
						unsigned int taglen,
						const u8 *aad, size_t aadlen,
						const u8 *src, size_t len, u8 *dst)
{
	return false;
}
#endif

/*
 * A whole open of a short message without a context: the plaintext to
 * @dst and the tag computed over it to @tag, which the caller compares;
 * or decline.
 */
#ifndef ocb_open_short_arch
static __always_inline bool ocb_open_short_arch(const struct ocb_key *key,
						enum ocb_impl impl,
						const u8 nonce[OCB_NONCE_SIZE],
						unsigned int taglen,
						const u8 *aad, size_t aadlen,
						const u8 *src, size_t len, u8 *dst,
						u8 tag[OCB_MAX_TAG_SIZE])
{
	return false;
}
#endif

static bool ocb_args_ok(unsigned int taglen, size_t aadlen, size_t len)
{
	return (taglen == 16 || taglen == 12 || taglen == 8) &&
	       (u64)aadlen / OCB_BLOCK_SIZE <= OCB_MAX_BLOCKS &&
	       (u64)len / OCB_BLOCK_SIZE <= OCB_MAX_BLOCKS;
}

int ocb_encrypt(const struct ocb_key *key, enum ocb_impl impl,
		const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
		const u8 *aad, size_t aadlen, const u8 *src, size_t len, u8 *dst)
{
	size_t whole = round_down(len, OCB_BLOCK_SIZE);
	struct ocb_ctx ctx __uninitialized;
	u8 tag[OCB_MAX_TAG_SIZE];

	if (!ocb_args_ok(taglen, aadlen, len))
		return -EINVAL;
	if (ocb_impl_available(impl) &&
	    ocb_seal_short_arch(key, impl, nonce, taglen, aad, aadlen, src, len, dst))
		return 0;
	ocb_init(&ctx, key, nonce, taglen, impl);
	ocb_aad_update(&ctx, key, aad, aadlen);
	ocb_encrypt_update(&ctx, key, src, dst, whole);
	ocb_final(&ctx, key, src + whole, dst + whole, len - whole, false, tag);
	memcpy(dst + len, tag, taglen);
	memzero_explicit(tag, sizeof(tag));
	return 0;
}

int ocb_decrypt(const struct ocb_key *key, enum ocb_impl impl,
		const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
		const u8 *aad, size_t aadlen, const u8 *src, size_t srclen,
		u8 *dst)
{
	u8 tag[OCB_MAX_TAG_SIZE], want[OCB_MAX_TAG_SIZE];
	size_t len, whole;
	struct ocb_ctx ctx __uninitialized;
	int err = 0, bad;

	if (srclen < taglen || !ocb_args_ok(taglen, aadlen, srclen - taglen))
		return -EINVAL;
	len = srclen - taglen;
	whole = round_down(len, OCB_BLOCK_SIZE);
	memcpy(want, src + len, taglen);	/* before an in-place dst is written */
	if (!ocb_impl_available(impl) ||
	    !ocb_open_short_arch(key, impl, nonce, taglen, aad, aadlen, src, len,
				 dst, tag)) {
		ocb_init(&ctx, key, nonce, taglen, impl);
		ocb_aad_update(&ctx, key, aad, aadlen);
		ocb_decrypt_update(&ctx, key, src, dst, whole);
		ocb_final(&ctx, key, src + whole, dst + whole, len - whole, true, tag);
	}
	bad = crypto_memneq(tag, want, taglen);
	kfast_ct_declassify(&bad, sizeof(bad));	/* the verdict is returned */
	if (bad) {
		memzero_explicit(dst, len);
		err = -EBADMSG;
	}
	memzero_explicit(tag, sizeof(tag));
	return err;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AES-GCM-SIV (RFC 8452) core: key derivation, POLYVAL over AAD and
 * plaintext, tag, CTR with a 32-bit little-endian counter.  See gcm_siv.h
 * for the construction and the streaming API.
 *
 * Design choices:
 * - The per-request state (struct gcm_siv_ctx) is the caller's: the kernel
 *   glue keeps it in the request context, as it must not allocate per
 *   request.
 * - Streaming everywhere: the glue hands over whatever a scatterlist
 *   segment holds; partial POLYVAL blocks and partial keystream blocks are
 *   carried in the ctx, so no caller has to bounce the message.
 * - The generic implementation uses the kernel's AES library
 *   (include/kfast/aes.h) and the constant-time C POLYVAL.  An
 *   architecture's tiers (arch/<arch>/gcm_siv-hooks.h, chosen once at
 *   init) replace the bulk loops and the per-nonce key setup through the
 *   *_arch() hooks below; the choice is an explicit ctx->impl fixed at
 *   gcm_siv_init(), so one request never mixes tiers.  The hooks also own
 *   the SIMD sections.
 * - An architecture may seal or open a short message in one go
 *   (gcm_siv_seal_short_arch(), gcm_siv_open_short_arch(): x86 does up to
 *   four padded blocks of AAD and plaintext in a single asm call on a
 *   stack copy, and on its zmm tier up to what one SIMD section holds):
 *   at that size the per-call bookkeeping and the context's stores and
 *   reloads cost as much as a good part of the crypto.
 * - The long-term key can be prepared for an architecture's tiers at
 *   setkey (gcm_siv_setkey_arch(), e.g. round keys from
 *   kfast_aes_expandkey_ct(), portable constant-time C, as setkey may run
 *   where SIMD is unusable);
 *   per-nonce keys are expanded by the tier that uses them.
 */
#include "gcm_siv.h"

/* ---- Arch hooks ---------------------------------------------------------- */

/*
 * lib/crypto style: arch/$(SRCARCH)/gcm_siv-hooks.h, included when
 * gcmsiv/Kbuild.inc builds code for this architecture, defines each hook
 * it has and "#define name name"; the others decline, and the generic code
 * runs.  It comes after the helpers above, which its setkey uses.  The
 * core passes the hooks only tiers the CPU has (ctx->impl is clamped at
 * gcm_siv_init()).  Hooks that return bool return whether they did the
 * work.
 */
#ifdef KFAST_GCM_SIV_ARCH
#include <gcm_siv-hooks.h>
#endif

/* Probe the CPU (once, at module init); return the best tier present. */
#ifndef gcm_siv_mod_init_arch
static __always_inline unsigned int gcm_siv_mod_init_arch(void)
{
	return GCM_SIV_IMPL_GENERIC;
}
#endif

/* Per-key state of the arch tiers (key->arch). */
#ifndef gcm_siv_setkey_arch
static __always_inline void gcm_siv_setkey_arch(struct gcm_siv_key *key,
						const u8 *raw, unsigned int len)
{
}
#endif

/* Start a request of tier ctx->impl (nonce, nrounds set), or decline. */
#ifndef gcm_siv_init_arch
static __always_inline bool gcm_siv_init_arch(struct gcm_siv_ctx *ctx,
					      const struct gcm_siv_key *key,
					      const u8 nonce[GCM_SIV_NONCE_SIZE])
{
	return false;
}
#endif

/* The hint of gcm_siv_prepare(). */
#ifndef gcm_siv_prepare_arch
static __always_inline void gcm_siv_prepare_arch(struct gcm_siv_ctx *ctx,
						 u64 max_update)
{
}
#endif

/* POLYVAL over whole blocks into ctx->acc. */
#ifndef gcm_siv_polyval_arch
static __always_inline bool gcm_siv_polyval_arch(struct gcm_siv_ctx *ctx,
						 const u8 *data, size_t nblocks)
{
	return false;
}
#endif

/* Length block, tag and counter block (AAD and plaintext are padded). */
#ifndef gcm_siv_tag_arch
static __always_inline bool gcm_siv_tag_arch(struct gcm_siv_ctx *ctx,
					     u64 aadlen, u64 ptlen,
					     u8 tag[GCM_SIV_TAG_SIZE])
{
	return false;
}
#endif

/* Counter block from a tag. */
#ifndef gcm_siv_ctr_start_arch
static __always_inline bool gcm_siv_ctr_start_arch(struct gcm_siv_ctx *ctx,
						   const u8 tag[GCM_SIV_TAG_SIZE])
{
	return false;
}
#endif

/* One block with the message-encryption key. */
#ifndef gcm_siv_encrypt_block_arch
static __always_inline bool gcm_siv_encrypt_block_arch(const struct gcm_siv_ctx *ctx,
						       u8 out[16], const u8 in[16])
{
	return false;
}
#endif

/* CTR over whole blocks (and with @dec_auth, POLYVAL of the result). */
#ifndef gcm_siv_ctr_blocks_arch
static __always_inline bool gcm_siv_ctr_blocks_arch(struct gcm_siv_ctx *ctx,
						    const u8 *src, u8 *dst,
						    size_t nblocks, bool dec_auth)
{
	return false;
}
#endif

/* Wipe the context at the end of a request. */
#ifndef gcm_siv_done_arch
static __always_inline bool gcm_siv_done_arch(struct gcm_siv_ctx *ctx)
{
	return false;
}
#endif

/* A whole seal of a short message without a context, or decline. */
#ifndef gcm_siv_seal_short_arch
static __always_inline bool gcm_siv_seal_short_arch(const struct gcm_siv_key *key,
						    enum gcm_siv_impl impl,
						    const u8 nonce[GCM_SIV_NONCE_SIZE],
						    const u8 *aad, size_t aadlen,
						    const u8 *src, size_t len, u8 *dst)
{
	return false;
}
#endif

/*
 * A whole open of a short message without a context: the plaintext to
 * @dst and the tag computed over it to @tag, which the caller compares
 * with @want (the received tag); or decline.
 */
#ifndef gcm_siv_open_short_arch
static __always_inline bool gcm_siv_open_short_arch(const struct gcm_siv_key *key,
						    enum gcm_siv_impl impl,
						    const u8 nonce[GCM_SIV_NONCE_SIZE],
						    const u8 *aad, size_t aadlen,
						    const u8 *src, size_t len,
						    const u8 want[GCM_SIV_TAG_SIZE],
						    u8 *dst, u8 tag[GCM_SIV_TAG_SIZE])
{
	return false;
}
#endif

/* ---- Implementation selection ----------------------------------------- */

static unsigned int gcm_siv_impl_found __ro_after_init;

unsigned int gcm_siv_mod_init(void)
{
	gcm_siv_impl_found = gcm_siv_mod_init_arch();
	return gcm_siv_impl_found;
}

bool gcm_siv_impl_available(enum gcm_siv_impl impl)
{
	return (unsigned int)impl <= gcm_siv_impl_found;
}

enum gcm_siv_impl gcm_siv_best_impl(void)
{
	return gcm_siv_impl_found;
}

/* ---- Key setup and derivation ----------------------------------------- */

int gcm_siv_setkey(struct gcm_siv_key *key, const u8 *raw, unsigned int len)
{
	int err;

	if (len != 16 && len != 32)
		return -EINVAL;
	err = kfast_aes_setkey(&key->aes, raw, len);
	if (err)
		return err;
	gcm_siv_setkey_arch(key, raw, len);
	key->keylen = len;
	key->nrounds = len == 16 ? 10 : 14;
	return 0;
}

/*
 * RFC 8452 section 4: block i = AES(K, le32(i) || nonce); the first half of
 * blocks 0-1 is the authentication key, of blocks 2-3 (2-5) the encryption
 * key.
 */
void gcm_siv_derive_keys(const struct gcm_siv_key *key,
			 const u8 nonce[GCM_SIV_NONCE_SIZE],
			 u8 auth_key[16], u8 enc_key[GCM_SIV_MAX_KEY_SIZE])
{
	u8 in[16], out[16];
	unsigned int i, nblk = key->keylen == 16 ? 4 : 6;

	memcpy(in + 4, nonce, GCM_SIV_NONCE_SIZE);
	for (i = 0; i < nblk; i++) {
		put_unaligned_le32(i, in);
		kfast_aes_encrypt(&key->aes, out, in);
		if (i < 2)
			memcpy(auth_key + 8 * i, out, 8);
		else
			memcpy(enc_key + 8 * (i - 2), out, 8);
	}
	memzero_explicit(out, sizeof(out));
}

void gcm_siv_init(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		  const u8 nonce[GCM_SIV_NONCE_SIZE], enum gcm_siv_impl impl)
{
	ctx->buflen = 0;
	ctx->ks_used = GCM_SIV_BLOCK_SIZE;
	ctx->impl = gcm_siv_impl_available(impl) ? impl : GCM_SIV_IMPL_GENERIC;
	ctx->nrounds = key->nrounds;
	memcpy(ctx->nonce, nonce, GCM_SIV_NONCE_SIZE);
	if (gcm_siv_init_arch(ctx, key, nonce))
		return;
	ctx->impl = GCM_SIV_IMPL_GENERIC;
	{
		u8 auth_key[16], enc_key[GCM_SIV_MAX_KEY_SIZE];

		memset(&ctx->acc, 0, sizeof(ctx->acc));
		gcm_siv_derive_keys(key, nonce, auth_key, enc_key);
		kfast_polyval_preparekey(&ctx->gen.h, auth_key);
		/* Cannot fail: the length is 16 or 32. */
		kfast_aes_setkey(&ctx->gen.enc, enc_key, key->keylen);
		memzero_explicit(auth_key, sizeof(auth_key));
		memzero_explicit(enc_key, sizeof(enc_key));
	}
}

/* ---- POLYVAL ------------------------------------------------------------ */

static void auth_blocks(struct gcm_siv_ctx *ctx, const u8 *data, size_t nblocks)
{
	if (gcm_siv_polyval_arch(ctx, data, nblocks))
		return;
	kfast_polyval_blocks_generic(&ctx->acc, &ctx->gen.h.h, data, nblocks);
}

void gcm_siv_auth_update(struct gcm_siv_ctx *ctx, const u8 *data, size_t len)
{
	size_t n;

	if (!len)	/* data may be NULL then */
		return;
	if (ctx->buflen) {
		n = min_t(size_t, len, GCM_SIV_BLOCK_SIZE - ctx->buflen);
		memcpy(ctx->buf + ctx->buflen, data, n);
		ctx->buflen += n;
		data += n;
		len -= n;
		if (ctx->buflen < GCM_SIV_BLOCK_SIZE)
			return;
		auth_blocks(ctx, ctx->buf, 1);
		ctx->buflen = 0;
	}
	n = len / GCM_SIV_BLOCK_SIZE;
	if (n)
		auth_blocks(ctx, data, n);
	data += n * GCM_SIV_BLOCK_SIZE;
	len -= n * GCM_SIV_BLOCK_SIZE;
	memcpy(ctx->buf, data, len);
	ctx->buflen = len;
}

void gcm_siv_auth_pad(struct gcm_siv_ctx *ctx)
{
	if (ctx->buflen) {
		memset(ctx->buf + ctx->buflen, 0,
		       GCM_SIV_BLOCK_SIZE - ctx->buflen);
		auth_blocks(ctx, ctx->buf, 1);
		ctx->buflen = 0;
	}
}

void gcm_siv_auth_final(struct gcm_siv_ctx *ctx, u64 aadlen, u64 ptlen,
			u8 s[GCM_SIV_BLOCK_SIZE])
{
	u8 lenblk[GCM_SIV_BLOCK_SIZE];

	gcm_siv_auth_pad(ctx);
	put_unaligned_le64(aadlen * 8, lenblk);
	put_unaligned_le64(ptlen * 8, lenblk + 8);
	auth_blocks(ctx, lenblk, 1);
	kfast_polyval_elem_store(&ctx->acc, s);
}

static void encrypt_block(const struct gcm_siv_ctx *ctx, u8 out[16],
			  const u8 in[16])
{
	if (gcm_siv_encrypt_block_arch(ctx, out, in))
		return;
	kfast_aes_encrypt(&ctx->gen.enc, out, in);
}

void gcm_siv_tag(struct gcm_siv_ctx *ctx, u64 aadlen, u64 ptlen,
		 u8 tag[GCM_SIV_TAG_SIZE])
{
	u8 s[GCM_SIV_BLOCK_SIZE];
	int i;

	gcm_siv_auth_pad(ctx);
	/* Length block, tag and counter block in one go where the arch can (latency). */
	if (gcm_siv_tag_arch(ctx, aadlen, ptlen, tag)) {
		ctx->ks_used = GCM_SIV_BLOCK_SIZE;
		return;
	}
	gcm_siv_auth_final(ctx, aadlen, ptlen, s);
	for (i = 0; i < GCM_SIV_NONCE_SIZE; i++)
		s[i] ^= ctx->nonce[i];
	s[15] &= 0x7f;
	encrypt_block(ctx, tag, s);
	memzero_explicit(s, sizeof(s));
	gcm_siv_ctr_start(ctx, tag);
}

/* ---- CTR ---------------------------------------------------------------- */

void gcm_siv_ctr_start(struct gcm_siv_ctx *ctx, const u8 tag[GCM_SIV_TAG_SIZE])
{
	ctx->ks_used = GCM_SIV_BLOCK_SIZE;
	if (gcm_siv_ctr_start_arch(ctx, tag))
		return;
	memcpy(ctx->ctr, tag, GCM_SIV_BLOCK_SIZE);
	ctx->ctr[15] |= 0x80;
}

/* Only the first 32 bits count, little-endian, modulo 2^32 (RFC 8452 s. 4). */
static inline void ctr_add(u8 ctr[16], u32 n)
{
	put_unaligned_le32(get_unaligned_le32(ctr) + n, ctr);
}

static void next_keystream(struct gcm_siv_ctx *ctx)
{
	encrypt_block(ctx, ctx->ks, ctx->ctr);
	ctr_add(ctx->ctr, 1);
	ctx->ks_used = 0;
}

static void ctr_blocks_generic(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst,
			       size_t nblocks, bool dec_auth)
{
	u8 ks[GCM_SIV_BLOCK_SIZE];

	while (nblocks--) {
		kfast_aes_encrypt(&ctx->gen.enc, ks, ctx->ctr);
		ctr_add(ctx->ctr, 1);
		crypto_xor(ks, src, GCM_SIV_BLOCK_SIZE);
		/* Hash the plaintext from our copy, not back from dst. */
		if (dec_auth)
			kfast_polyval_blocks_generic(&ctx->acc, &ctx->gen.h.h,
						     ks, 1);
		memcpy(dst, ks, GCM_SIV_BLOCK_SIZE);
		src += GCM_SIV_BLOCK_SIZE;
		dst += GCM_SIV_BLOCK_SIZE;
	}
	memzero_explicit(ks, sizeof(ks));
}

static void ctr_common(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst,
		       size_t len, bool dec_auth)
{
	size_t n;
	u8 tmp[GCM_SIV_BLOCK_SIZE];

	/* Rest of a keystream block started by the previous call. */
	if (ctx->ks_used < GCM_SIV_BLOCK_SIZE && len) {
		n = min_t(size_t, len, GCM_SIV_BLOCK_SIZE - ctx->ks_used);
		crypto_xor_cpy(tmp, src, ctx->ks + ctx->ks_used, n);
		if (dec_auth)
			gcm_siv_auth_update(ctx, tmp, n);
		memcpy(dst, tmp, n);
		ctx->ks_used += n;
		src += n;
		dst += n;
		len -= n;
	}
	n = len / GCM_SIV_BLOCK_SIZE;
	if (n) {
		/*
		 * Whole blocks: the keystream is block aligned here and so is
		 * the POLYVAL buffer (both track the same plaintext offset).
		 */
		if (!gcm_siv_ctr_blocks_arch(ctx, src, dst, n, dec_auth))
			ctr_blocks_generic(ctx, src, dst, n, dec_auth);
		src += n * GCM_SIV_BLOCK_SIZE;
		dst += n * GCM_SIV_BLOCK_SIZE;
		len -= n * GCM_SIV_BLOCK_SIZE;
	}
	if (len) {
		next_keystream(ctx);
		crypto_xor_cpy(tmp, src, ctx->ks, len);
		if (dec_auth)
			gcm_siv_auth_update(ctx, tmp, len);
		memcpy(dst, tmp, len);
		ctx->ks_used = len;
	}
	memzero_explicit(tmp, sizeof(tmp));
}

void gcm_siv_ctr(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst, size_t len)
{
	ctr_common(ctx, src, dst, len, false);
}

void gcm_siv_ctr_dec_auth(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst,
			  size_t len)
{
	ctr_common(ctx, src, dst, len, true);
}

void gcm_siv_prepare(struct gcm_siv_ctx *ctx, u64 max_update)
{
	gcm_siv_prepare_arch(ctx, max_update);
}

void gcm_siv_done(struct gcm_siv_ctx *ctx)
{
	if (gcm_siv_done_arch(ctx))
		return;
	memzero_explicit(ctx, sizeof(*ctx));
}

/* ---- One-shot helpers ------------------------------------------------- */

int gcm_siv_encrypt_in(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		       enum gcm_siv_impl impl, const u8 nonce[GCM_SIV_NONCE_SIZE],
		       const u8 *aad, size_t aadlen, const u8 *src, size_t len,
		       u8 *dst)
{
	u8 tag[GCM_SIV_TAG_SIZE];

	if ((u64)aadlen > GCM_SIV_MAX_LEN || (u64)len > GCM_SIV_MAX_LEN)
		return -EINVAL;
	if (gcm_siv_impl_available(impl) &&
	    gcm_siv_seal_short_arch(key, impl, nonce, aad, aadlen, src, len, dst))
		return 0;
	gcm_siv_init(ctx, key, nonce, impl);
	gcm_siv_prepare(ctx, gcm_siv_prepare_hint(aadlen, len));
	gcm_siv_auth_update(ctx, aad, aadlen);
	gcm_siv_auth_pad(ctx);
	gcm_siv_auth_update(ctx, src, len);
	gcm_siv_tag(ctx, aadlen, len, tag);	/* also starts CTR from it */
	gcm_siv_ctr(ctx, src, dst, len);
	memcpy(dst + len, tag, GCM_SIV_TAG_SIZE);
	gcm_siv_done(ctx);
	return 0;
}

int gcm_siv_encrypt(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
		    const u8 nonce[GCM_SIV_NONCE_SIZE], const u8 *aad,
		    size_t aadlen, const u8 *src, size_t len, u8 *dst)
{
	struct gcm_siv_ctx ctx __uninitialized;

	return gcm_siv_encrypt_in(&ctx, key, impl, nonce, aad, aadlen, src,
				  len, dst);
}

int gcm_siv_decrypt(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
		    const u8 nonce[GCM_SIV_NONCE_SIZE], const u8 *aad,
		    size_t aadlen, const u8 *src, size_t srclen, u8 *dst)
{
	struct gcm_siv_ctx ctx __uninitialized;

	return gcm_siv_decrypt_in(&ctx, key, impl, nonce, aad, aadlen, src,
				  srclen, dst);
}

int gcm_siv_decrypt_in(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		       enum gcm_siv_impl impl, const u8 nonce[GCM_SIV_NONCE_SIZE],
		       const u8 *aad, size_t aadlen, const u8 *src, size_t srclen,
		       u8 *dst)
{
	u8 tag[GCM_SIV_TAG_SIZE], want[GCM_SIV_TAG_SIZE];
	size_t len;
	int err = 0, bad;

	if (srclen < GCM_SIV_TAG_SIZE)
		return -EINVAL;
	len = srclen - GCM_SIV_TAG_SIZE;
	if ((u64)aadlen > GCM_SIV_MAX_LEN || (u64)len > GCM_SIV_MAX_LEN)
		return -EINVAL;
	/* Read the tag first: with src == dst it is not overwritten, but be safe. */
	memcpy(want, src + len, GCM_SIV_TAG_SIZE);
	if (!gcm_siv_impl_available(impl) ||
	    !gcm_siv_open_short_arch(key, impl, nonce, aad, aadlen, src, len,
				     want, dst, tag)) {
		gcm_siv_init(ctx, key, nonce, impl);
		/* CTR starts from the received tag; first, so the key is expanded early. */
		gcm_siv_ctr_start(ctx, want);
		gcm_siv_prepare(ctx, gcm_siv_prepare_hint(aadlen, len));
		gcm_siv_auth_update(ctx, aad, aadlen);
		gcm_siv_auth_pad(ctx);
		gcm_siv_ctr_dec_auth(ctx, src, dst, len);
		gcm_siv_tag(ctx, aadlen, len, tag);
		gcm_siv_done(ctx);
	}
	bad = crypto_memneq(tag, want, GCM_SIV_TAG_SIZE);
	kfast_ct_declassify(&bad, sizeof(bad));	/* the verdict is returned */
	if (bad) {
		memzero_explicit(dst, len);
		err = -EBADMSG;
	}
	memzero_explicit(tag, sizeof(tag));
	return err;
}

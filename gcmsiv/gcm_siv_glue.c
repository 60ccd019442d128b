// SPDX-License-Identifier: GPL-2.0
/*
 * Crypto API glue for AES-GCM-SIV (RFC 8452): aead "gcm-siv(aes)".
 *
 * Interface: 16- or 32-byte keys (AEAD_AES_128_GCM_SIV /
 * AEAD_AES_256_GCM_SIV), a 12-byte IV (the nonce), a 16-byte tag (the only
 * authsize accepted), blocksize 1, chunksize 16.  Layout as for gcm(aes):
 * src = AAD || plaintext (|| tag on decryption), dst = AAD || ciphertext ||
 * tag; the AAD is not copied to dst, and nothing outside
 * [assoclen, assoclen + cryptlen (+ tag)) of dst is written.
 *
 * Encryption makes two passes over the source scatterlist (POLYVAL over
 * AAD and plaintext, then CTR from src to dst); decryption reads the tag
 * first, CTR-decrypts into dst while hashing the produced plaintext and
 * compares the tags in constant time; on mismatch the plaintext written to
 * dst is zeroed and -EBADMSG returned.  The scatterlists are walked with
 * sg_miter (stable API on 6.1 .. 7.x) and the core's streaming functions
 * take each mapped piece as is: no per-request allocation and no bounce
 * buffer.  Two exceptions: a request that lies in the first mapped piece
 * of src and of dst (within one page of a buffer set up with sg_init_one(),
 * say) is done there by the flat one-shots (gsv_crypt_mapped()), which
 * take the architecture's one-call paths (gcm_siv_seal_short_arch(),
 * gcm_siv_open_short_arch()); otherwise one with assoclen + cryptlen (less
 * the tag) <= 64 bytes is copied to the stack and done the same way
 * (gsv_seal_short(), gsv_open_short()).  In-place requests with one
 * scatterlist use a single mapping iterator; otherwise src and dst are
 * mapped side by side (atomic kmaps may then be released out of order,
 * which is harmless without HIGHMEM, as on every 64-bit architecture).  The per-request
 * state (struct gcm_siv_ctx, ~850 bytes with the widest tier's powers of H)
 * is in the request context (reqsize), not on the stack.
 *
 * Drivers, one per implementation tier of GCM_SIV_TIERS (gcm_siv.h), all
 * synchronous: gcm-siv-aes-generic (priority 100, lib AES + portable
 * POLYVAL) and gcm-siv-aes-<suffix> for each tier of the architecture's
 * table, with its priority (README lists them).
 * SIMD tiers are registered only if the CPU (and the OS) supports them.
 * The core's arch code runs a request of such a tier in a SIMD section it
 * releases every 4 KiB, or on the generic code when crypto_simd_usable()
 * is false: nothing here knows about SIMD.
 */
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <crypto/algapi.h>
#include <crypto/scatterwalk.h>
#include <crypto/internal/aead.h>
#include <kfast/aead-flat.h>
#include "gcm_siv.h"

/* Requests with assoclen + text up to this take gsv_seal_short() / gsv_open_short(). */
#define GSV_SHORT_MAX	(4 * GCM_SIV_BLOCK_SIZE)

/*
 * The per-request state (derived keys, powers of H, ~850 bytes) lives in
 * the request context rather than on the stack; it is wiped before the
 * request completes.
 */
#define GSV_REQSIZE	(sizeof(struct gcm_siv_ctx) + \
			 __alignof__(struct gcm_siv_ctx) - 1)

static inline struct gcm_siv_ctx *gsv_req_ctx(struct aead_request *req)
{
	return PTR_ALIGN(aead_request_ctx(req), __alignof__(struct gcm_siv_ctx));
}

/* POLYVAL over @len bytes of @sg starting at @skip. */
static void gsv_auth_sg(struct gcm_siv_ctx *ctx, struct scatterlist *sg,
			unsigned int skip, unsigned int len)
{
	struct sg_mapping_iter m __uninitialized;

	if (!len)
		return;
	sg_miter_start(&m, sg, sg_nents(sg), SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	if (sg_miter_skip(&m, skip)) {
		while (len && sg_miter_next(&m)) {
			size_t n = min_t(size_t, m.length, len);

			gcm_siv_auth_update(ctx, m.addr, n);
			len -= n;
		}
	}
	sg_miter_stop(&m);
	WARN_ON_ONCE(len);
}

static inline void gsv_ctr_piece(struct gcm_siv_ctx *ctx, const u8 *src,
				 u8 *dst, size_t n, bool dec)
{
	if (dec)
		gcm_siv_ctr_dec_auth(ctx, src, dst, n);
	else
		gcm_siv_ctr(ctx, src, dst, n);
}

/* CTR over [assoclen, assoclen + len) from req->src to req->dst. */
static void gsv_ctr_sg(struct gcm_siv_ctx *ctx, struct aead_request *req,
		       unsigned int len, bool dec)
{
	struct sg_mapping_iter ms __uninitialized, md __uninitialized;
	unsigned int skip = req->assoclen;

	if (!len)
		return;
	if (req->src == req->dst) {
		sg_miter_start(&ms, req->src, sg_nents(req->src),
			       SG_MITER_FROM_SG | SG_MITER_TO_SG | SG_MITER_ATOMIC);
		if (sg_miter_skip(&ms, skip)) {
			while (len && sg_miter_next(&ms)) {
				size_t n = min_t(size_t, ms.length, len);

				gsv_ctr_piece(ctx, ms.addr, ms.addr, n, dec);
				len -= n;
			}
		}
		sg_miter_stop(&ms);
		WARN_ON_ONCE(len);
		return;
	}

	sg_miter_start(&ms, req->src, sg_nents(req->src),
		       SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	sg_miter_start(&md, req->dst, sg_nents(req->dst),
		       SG_MITER_TO_SG | SG_MITER_ATOMIC);
	if (sg_miter_skip(&ms, skip) && sg_miter_skip(&md, skip)) {
		size_t sleft = 0, dleft = 0;
		const u8 *sp = NULL;
		u8 *dp = NULL;

		while (len) {
			size_t n;

			if (!sleft) {
				if (!sg_miter_next(&ms))
					break;
				sp = ms.addr;
				sleft = ms.length;
			}
			if (!dleft) {
				if (!sg_miter_next(&md))
					break;
				dp = md.addr;
				dleft = md.length;
			}
			n = min3((size_t)len, sleft, dleft);
			gsv_ctr_piece(ctx, sp, dp, n, dec);
			sp += n;
			dp += n;
			sleft -= n;
			dleft -= n;
			len -= n;
		}
	}
	sg_miter_stop(&md);
	sg_miter_stop(&ms);
	WARN_ON_ONCE(len);
}

/* Wipe the plaintext a failed decryption wrote to dst. */
static void gsv_zero_sg(struct scatterlist *sg, unsigned int skip,
			unsigned int len)
{
	struct sg_mapping_iter m __uninitialized;

	if (!len)
		return;
	sg_miter_start(&m, sg, sg_nents(sg), SG_MITER_TO_SG | SG_MITER_ATOMIC);
	if (sg_miter_skip(&m, skip)) {
		while (len && sg_miter_next(&m)) {
			size_t n = min_t(size_t, m.length, len);

			memzero_explicit(m.addr, n);
			len -= n;
		}
	}
	sg_miter_stop(&m);
}

/*
 * Encryption of a request whose AAD and plaintext total at most four
 * blocks (an NTP packet, a short MAC): copied into a stack buffer and
 * sealed by the flat one-shot gcm_siv_encrypt_in(), which an architecture's
 * gcm_siv_seal_short_arch() may do in one call when the padded AAD and
 * plaintext fit in four blocks (and takes its streaming path on the flat
 * buffer otherwise).  At this size the scatterlist walks and the
 * per-request context cost more than the crypto.  The buffer holds AAD ||
 * plaintext and receives ciphertext || tag in place after the AAD (the
 * one-shot reads all of the AAD before writing, and allows src == dst).
 */
static noinline int gsv_seal_short(struct aead_request *req,
				   struct gcm_siv_ctx *ctx,
				   const struct gcm_siv_key *key,
				   enum gcm_siv_impl impl)
{
	unsigned int assoclen = req->assoclen, len = req->cryptlen;
	u8 buf[GSV_SHORT_MAX + GCM_SIV_TAG_SIZE] __aligned(16) __uninitialized;
	int err;

	scatterwalk_map_and_copy(buf, req->src, 0, assoclen + len, 0);
	err = gcm_siv_encrypt_in(ctx, key, impl, req->iv, buf, assoclen,
				 buf + assoclen, len, buf + assoclen);
	if (!err)
		scatterwalk_map_and_copy(buf + assoclen, req->dst, assoclen,
					 len + GCM_SIV_TAG_SIZE, 1);
	memzero_explicit(buf, sizeof(buf));
	return err;
}

/*
 * Decryption of such a request, the same way: AAD || ciphertext || tag
 * copied in, opened in place by gcm_siv_decrypt_in() (an architecture's
 * gcm_siv_open_short_arch() in one call), the plaintext copied out only
 * when the tag matched; otherwise the destination's text is zeroed, as the
 * scatterlist path leaves it.
 */
static noinline int gsv_open_short(struct aead_request *req,
				   struct gcm_siv_ctx *ctx,
				   const struct gcm_siv_key *key,
				   enum gcm_siv_impl impl)
{
	unsigned int assoclen = req->assoclen, len = req->cryptlen;
	u8 buf[GSV_SHORT_MAX + GCM_SIV_TAG_SIZE] __aligned(16) __uninitialized;
	int err;

	scatterwalk_map_and_copy(buf, req->src, 0, assoclen + len, 0);
	err = gcm_siv_decrypt_in(ctx, key, impl, req->iv, buf, assoclen,
				 buf + assoclen, len, buf + assoclen);
	if (!err)
		scatterwalk_map_and_copy(buf + assoclen, req->dst, assoclen,
					 len - GCM_SIV_TAG_SIZE, 1);
	else
		gsv_zero_sg(req->dst, assoclen, len - GCM_SIV_TAG_SIZE);
	memzero_explicit(buf, sizeof(buf));
	return err;
}

/*
 * A request whose AAD and text (and the room for the tag, or the received
 * tag) lie in the first mapped piece of src and of dst (a request within
 * one page of a buffer set up with sg_init_one(), for instance): done there
 * by the flat one-shots, which take the architecture's one-call paths where
 * it has them.  Returns -EAGAIN, having written nothing, for any other
 * request.
 */
static noinline int gsv_crypt_mapped(struct aead_request *req, bool enc,
				     struct gcm_siv_ctx *ctx,
				     const struct gcm_siv_key *key,
				     enum gcm_siv_impl impl)
{
	unsigned int assoclen = req->assoclen, len = req->cryptlen;
	u64 srclen = (u64)assoclen + len, dstlen = srclen + GCM_SIV_TAG_SIZE;
	struct kfast_aead_flat f __uninitialized;
	int err;

	if (!enc)
		dstlen = srclen - GCM_SIV_TAG_SIZE;	/* len >= 16: checked */
	if (!kfast_aead_flat_start(&f, req, srclen, dstlen))
		return -EAGAIN;
	if (enc)
		err = gcm_siv_encrypt_in(ctx, key, impl, req->iv, f.src, assoclen,
					 f.src + assoclen, len, f.dst + assoclen);
	else
		err = gcm_siv_decrypt_in(ctx, key, impl, req->iv, f.src, assoclen,
					 f.src + assoclen, len, f.dst + assoclen);
	kfast_aead_flat_stop(&f, req);
	return err;
}

static __always_inline int gsv_crypt(struct aead_request *req, bool enc,
				     enum gcm_siv_impl impl)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	const struct gcm_siv_key *key = crypto_aead_ctx(tfm);
	unsigned int assoclen = req->assoclen, len = req->cryptlen;
	u8 tag[GCM_SIV_TAG_SIZE], want[GCM_SIV_TAG_SIZE];
	struct gcm_siv_ctx *ctx = gsv_req_ctx(req);
	int err = 0;

	if (!enc && len < GCM_SIV_TAG_SIZE)
		return -EINVAL;
	err = gsv_crypt_mapped(req, enc, ctx, key, impl);
	if (err != -EAGAIN)
		return err;
	err = 0;
	if (!enc) {
		if (assoclen <= GSV_SHORT_MAX &&
		    len - GCM_SIV_TAG_SIZE <= GSV_SHORT_MAX - assoclen)
			return gsv_open_short(req, ctx, key, impl);
		len -= GCM_SIV_TAG_SIZE;
		/* The tag before anything is written (in-place requests). */
		scatterwalk_map_and_copy(want, req->src, assoclen + len,
					 GCM_SIV_TAG_SIZE, 0);
	}
	if (enc && assoclen <= GSV_SHORT_MAX && len <= GSV_SHORT_MAX - assoclen)
		return gsv_seal_short(req, ctx, key, impl);

	gcm_siv_init(ctx, key, req->iv, impl);
	/*
	 * Decryption runs CTR from the received tag: start it first, so the
	 * message key is expanded before, not after, the POLYVAL set-up.
	 */
	if (!enc)
		gcm_siv_ctr_start(ctx, want);
	/* The scatterlists come a page at a time at most. */
	gcm_siv_prepare(ctx, min_t(u64, gcm_siv_prepare_hint(assoclen, len),
				   PAGE_SIZE));
	gsv_auth_sg(ctx, req->src, 0, assoclen);
	gcm_siv_auth_pad(ctx);
	if (enc) {
		gsv_auth_sg(ctx, req->src, assoclen, len);
		gcm_siv_tag(ctx, assoclen, len, tag);	/* starts CTR too */
		gsv_ctr_sg(ctx, req, len, false);
	} else {
		gsv_ctr_sg(ctx, req, len, true);
		gcm_siv_tag(ctx, assoclen, len, tag);
	}
	gcm_siv_done(ctx);

	if (enc) {
		scatterwalk_map_and_copy(tag, req->dst, assoclen + len,
					 GCM_SIV_TAG_SIZE, 1);
	} else if (crypto_memneq(tag, want, GCM_SIV_TAG_SIZE)) {
		gsv_zero_sg(req->dst, assoclen, len);
		err = -EBADMSG;
	}
	memzero_explicit(tag, sizeof(tag));
	return err;
}

static int gsv_init_tfm(struct crypto_aead *tfm)
{
	crypto_aead_set_reqsize(tfm, GSV_REQSIZE);
	return 0;
}

static int gsv_setkey(struct crypto_aead *tfm, const u8 *raw, unsigned int len)
{
	return gcm_siv_setkey(crypto_aead_ctx(tfm), raw, len);
}

static int gsv_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return authsize == GCM_SIV_TAG_SIZE ? 0 : -EINVAL;
}

/* gsv_encrypt_<id>() and gsv_decrypt_<id>(): gsv_crypt() for that tier. */
#define GSV_TIER_OPS(id, suffix, prio, present)				\
static int gsv_encrypt_##id(struct aead_request *req)			\
{									\
	return gsv_crypt(req, true, GCM_SIV_IMPL_##id);			\
}									\
static int gsv_decrypt_##id(struct aead_request *req)			\
{									\
	return gsv_crypt(req, false, GCM_SIV_IMPL_##id);		\
}
GCM_SIV_TIERS(GSV_TIER_OPS)
#undef GSV_TIER_OPS

/* Indexed by enum gcm_siv_impl. */
#define GSV_TIER_ALG(id, suffix, prio, present) {			\
	.init		= gsv_init_tfm,					\
	.setkey		= gsv_setkey,					\
	.setauthsize	= gsv_setauthsize,				\
	.encrypt	= gsv_encrypt_##id,				\
	.decrypt	= gsv_decrypt_##id,				\
	.ivsize		= GCM_SIV_NONCE_SIZE,				\
	.maxauthsize	= GCM_SIV_TAG_SIZE,				\
	.chunksize	= GCM_SIV_BLOCK_SIZE,				\
	.base.cra_name		= "gcm-siv(aes)",			\
	.base.cra_driver_name	= "gcm-siv-aes-" suffix,		\
	.base.cra_priority	= prio,					\
	.base.cra_blocksize	= 1,					\
	.base.cra_ctxsize	= sizeof(struct gcm_siv_key),		\
	.base.cra_alignmask	= 0,					\
	.base.cra_module	= THIS_MODULE,				\
},
static struct aead_alg gsv_algs[] = { GCM_SIV_TIERS(GSV_TIER_ALG) };
#undef GSV_TIER_ALG

static unsigned int gsv_nr_registered;

static int __init gsv_mod_init(void)
{
	unsigned int n = gcm_siv_mod_init() + 1;
	int err;

	BUILD_BUG_ON(ARRAY_SIZE(gsv_algs) != GCM_SIV_NR_IMPLS);
	/* The tiers the CPU has are the first ones: register those. */
	err = crypto_register_aeads(gsv_algs, n);
	if (err) {
		pr_err("kfast_gcmsiv: registering the drivers failed: %d\n", err);
		return err;
	}
	gsv_nr_registered = n;
	return 0;
}

static void __exit gsv_mod_exit(void)
{
	crypto_unregister_aeads(gsv_algs, gsv_nr_registered);
}

module_init(gsv_mod_init);
module_exit(gsv_mod_exit);

MODULE_LICENSE("GPL");
MODULE_VERSION(KFAST_VERSION);
MODULE_DESCRIPTION("AES-GCM-SIV (RFC 8452) AEAD, generic and SIMD implementations");
MODULE_ALIAS_CRYPTO("gcm-siv(aes)");
#define GSV_TIER_ALIAS(id, suffix, prio, present)			\
	MODULE_ALIAS_CRYPTO("gcm-siv-aes-" suffix);
GCM_SIV_TIERS(GSV_TIER_ALIAS)

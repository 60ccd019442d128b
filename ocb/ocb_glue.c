// SPDX-License-Identifier: GPL-2.0
/*
 * Crypto API glue for AES-OCB (RFC 7253): aead "ocb(aes)".
 *
 * Interface: 16-, 24- or 32-byte keys, a 12-byte IV (the nonce N), tags
 * of 16 (the default), 12 or 8 bytes chosen with setauthsize; TAGLEN is
 * part of the nonce formatting, so a 12-byte tag is not a truncated
 * 16-byte one.  blocksize 1, chunksize 16.  Layout as for gcm(aes):
 * src = AAD || text (|| tag on decryption), dst = AAD || output (|| tag);
 * the AAD is not copied to dst, and nothing outside
 * [assoclen, assoclen + cryptlen (+ tag)) of dst is written.
 *
 * One pass: the AAD is hashed as the scatterlist gives it, then the text is
 * en/decrypted from src to dst with each block enciphered once.  The core
 * takes whole blocks; a block that straddles an entry of src or of dst is
 * gathered into a 16-byte stack buffer, processed there and scattered back,
 * and so is the final partial block.  src and dst are walked by two
 * mapping iterators, in place too (dst never overtakes src; atomic kmaps
 * may then be released out of order, which is harmless without HIGHMEM,
 * as on every 64-bit architecture).  A request that lies in the first
 * mapped piece of src and of dst (within one page of a buffer set up with
 * sg_init_one(), say) goes to the core's flat one-shots there instead
 * (ocbg_crypt_mapped()), which take the architecture's one-call paths for
 * short messages.  No per-request allocation: the core's state is in
 * the request context.  Decryption reads the received tag first, writes the
 * plaintext as it goes, compares the tags with crypto_memneq() and on a
 * mismatch zeroes the plaintext it wrote and returns -EBADMSG.
 *
 * Drivers, one per implementation tier of OCB_TIERS (ocb.h), synchronous:
 * ocb-aes-generic (priority 100, the AES library one block at a time) and
 * ocb-aes-<suffix> for each tier of the architecture's table, with its
 * priority (README lists them), registered only if the CPU has it.  The
 * core's arch code decides SIMD usability and sections: nothing here
 * knows about SIMD.
 */
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <crypto/algapi.h>
#include <crypto/scatterwalk.h>
#include <crypto/internal/aead.h>
#include <kfast/aead-flat.h>
#include "ocb.h"

#define OCBG_REQSIZE	(sizeof(struct ocb_ctx) + __alignof__(struct ocb_ctx) - 1)

static inline struct ocb_ctx *ocbg_req_ctx(struct aead_request *req)
{
	return PTR_ALIGN(aead_request_ctx(req), __alignof__(struct ocb_ctx));
}

/* A scatterlist as a byte stream: the mapped piece and what is left of it. */
struct ocbg_walk {
	struct sg_mapping_iter m;
	u8 *p;
	size_t left;
	bool end;		/* the scatterlist is shorter than the request says */
};

static void ocbg_walk_start(struct ocbg_walk *w, struct scatterlist *sg,
			    unsigned int skip, unsigned int flags)
{
	sg_miter_start(&w->m, sg, sg_nents(sg), flags | SG_MITER_ATOMIC);
	w->left = 0;
	w->end = !sg_miter_skip(&w->m, skip);
}

/*
 * Bytes mapped at w->p, mapping the next piece if needed; 0 at the end.
 * sg_miter_next() maps an empty piece for an empty entry whose offset is
 * not 0: those are skipped.
 */
static size_t ocbg_walk_avail(struct ocbg_walk *w)
{
	while (!w->left) {
		if (w->end || !sg_miter_next(&w->m)) {
			w->end = true;
			return 0;
		}
		w->p = w->m.addr;
		w->left = w->m.length;
	}
	return w->left;
}

static void ocbg_walk_advance(struct ocbg_walk *w, size_t n)
{
	w->p += n;
	w->left -= n;
}

/* Gather @n bytes from the stream into @buf, or scatter them back. */
static void ocbg_walk_copy(struct ocbg_walk *w, u8 *buf, size_t n, bool to_sg)
{
	while (n) {
		size_t k = min(ocbg_walk_avail(w), n);

		if (WARN_ON_ONCE(!k))
			return;
		if (to_sg)
			memcpy(w->p, buf, k);
		else
			memcpy(buf, w->p, k);
		ocbg_walk_advance(w, k);
		buf += k;
		n -= k;
	}
}

/* HASH over the @len bytes of AAD at the start of req->src. */
static void ocbg_aad_sg(struct ocb_ctx *ctx, const struct ocb_key *key,
			struct scatterlist *sg, unsigned int len)
{
	struct sg_mapping_iter m __uninitialized;

	if (!len)
		return;
	sg_miter_start(&m, sg, sg_nents(sg), SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	while (len && sg_miter_next(&m)) {
		size_t n = min_t(size_t, m.length, len);

		ocb_aad_update(ctx, key, m.addr, n);
		len -= n;
	}
	sg_miter_stop(&m);
	WARN_ON_ONCE(len);
}

/*
 * The text, [assoclen, assoclen + len) from req->src to req->dst, and the
 * tag: whole blocks where both pieces hold them, a straddling block and the
 * final partial one through @buf.
 */
static void ocbg_text_sg(struct ocb_ctx *ctx, const struct ocb_key *key,
			 struct aead_request *req, unsigned int len, bool dec,
			 u8 tag[OCB_MAX_TAG_SIZE])
{
	struct ocbg_walk s __uninitialized, d __uninitialized;
	u8 buf[OCB_BLOCK_SIZE];

	ocbg_walk_start(&s, req->src, req->assoclen, SG_MITER_FROM_SG);
	ocbg_walk_start(&d, req->dst, req->assoclen, SG_MITER_TO_SG);
	while (len >= OCB_BLOCK_SIZE) {
		size_t sa = ocbg_walk_avail(&s), da = ocbg_walk_avail(&d), n;

		if (WARN_ON_ONCE(!sa || !da))
			break;
		n = round_down(min3((size_t)len, sa, da), OCB_BLOCK_SIZE);
		if (!n) {
			/* A block across two entries of src or dst. */
			n = OCB_BLOCK_SIZE;
			ocbg_walk_copy(&s, buf, n, false);
			if (dec)
				ocb_decrypt_update(ctx, key, buf, buf, n);
			else
				ocb_encrypt_update(ctx, key, buf, buf, n);
			ocbg_walk_copy(&d, buf, n, true);
		} else {
			if (dec)
				ocb_decrypt_update(ctx, key, s.p, d.p, n);
			else
				ocb_encrypt_update(ctx, key, s.p, d.p, n);
			ocbg_walk_advance(&s, n);
			ocbg_walk_advance(&d, n);
		}
		len -= n;
	}
	len %= OCB_BLOCK_SIZE;
	ocbg_walk_copy(&s, buf, len, false);
	ocb_final(ctx, key, buf, buf, len, dec, tag);
	ocbg_walk_copy(&d, buf, len, true);
	sg_miter_stop(&d.m);
	sg_miter_stop(&s.m);
	memzero_explicit(buf, sizeof(buf));
}

/* Wipe the plaintext a failed decryption wrote to dst. */
static void ocbg_zero_sg(struct scatterlist *sg, unsigned int skip,
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
 * A request that lies in the first mapped piece of src and of dst, done
 * there by the flat one-shots (which take the architecture's one-call
 * paths for short messages); -EAGAIN, having written nothing, for any
 * other request.
 */
static noinline int ocbg_crypt_mapped(struct aead_request *req, bool dec,
				      enum ocb_impl impl)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	const struct ocb_key *key = crypto_aead_ctx(tfm);
	unsigned int taglen = crypto_aead_authsize(tfm);
	unsigned int assoclen = req->assoclen, len = req->cryptlen;
	u64 srclen = (u64)assoclen + len, dstlen = srclen + taglen;
	struct kfast_aead_flat f __uninitialized;
	int err;

	if (dec)
		dstlen = srclen - taglen;	/* len >= taglen: checked */
	if (!kfast_aead_flat_start(&f, req, srclen, dstlen))
		return -EAGAIN;
	if (dec)
		err = ocb_decrypt(key, impl, req->iv, taglen, f.src, assoclen,
				  f.src + assoclen, len, f.dst + assoclen);
	else
		err = ocb_encrypt(key, impl, req->iv, taglen, f.src, assoclen,
				  f.src + assoclen, len, f.dst + assoclen);
	kfast_aead_flat_stop(&f, req);
	return err;
}

static __always_inline int ocbg_crypt(struct aead_request *req, bool dec,
				      enum ocb_impl impl)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	const struct ocb_key *key = crypto_aead_ctx(tfm);
	unsigned int taglen = crypto_aead_authsize(tfm);
	unsigned int assoclen = req->assoclen, len = req->cryptlen;
	u8 tag[OCB_MAX_TAG_SIZE], want[OCB_MAX_TAG_SIZE];
	struct ocb_ctx *ctx = ocbg_req_ctx(req);
	int err;

	if (dec && len < taglen)
		return -EINVAL;
	err = ocbg_crypt_mapped(req, dec, impl);
	if (err != -EAGAIN)
		return err;
	err = 0;
	if (dec) {
		len -= taglen;
		/* The tag before anything is written (in-place requests). */
		scatterwalk_map_and_copy(want, req->src, assoclen + len, taglen, 0);
	}
	ocb_init(ctx, key, req->iv, taglen, impl);
	ocbg_aad_sg(ctx, key, req->src, assoclen);
	ocbg_text_sg(ctx, key, req, len, dec, tag);	/* ends the request */

	if (!dec) {
		scatterwalk_map_and_copy(tag, req->dst, assoclen + len, taglen, 1);
	} else if (crypto_memneq(tag, want, taglen)) {
		ocbg_zero_sg(req->dst, assoclen, len);
		err = -EBADMSG;
	}
	memzero_explicit(tag, sizeof(tag));
	return err;
}

static int ocbg_init_tfm(struct crypto_aead *tfm)
{
	crypto_aead_set_reqsize(tfm, OCBG_REQSIZE);
	return 0;
}

static int ocbg_setkey(struct crypto_aead *tfm, const u8 *raw, unsigned int len)
{
	return ocb_setkey(crypto_aead_ctx(tfm), raw, len);
}

static int ocbg_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return authsize == 16 || authsize == 12 || authsize == 8 ? 0 : -EINVAL;
}

/* ocbg_encrypt_<id>() and ocbg_decrypt_<id>(): ocbg_crypt() for that tier. */
#define OCBG_TIER_OPS(id, suffix, prio, present)			\
static int ocbg_encrypt_##id(struct aead_request *req)			\
{									\
	return ocbg_crypt(req, false, OCB_IMPL_##id);			\
}									\
static int ocbg_decrypt_##id(struct aead_request *req)			\
{									\
	return ocbg_crypt(req, true, OCB_IMPL_##id);			\
}
OCB_TIERS(OCBG_TIER_OPS)
#undef OCBG_TIER_OPS

/* Indexed by enum ocb_impl. */
#define OCBG_TIER_ALG(id, suffix, prio, present) {			\
	.init		= ocbg_init_tfm,				\
	.setkey		= ocbg_setkey,					\
	.setauthsize	= ocbg_setauthsize,				\
	.encrypt	= ocbg_encrypt_##id,				\
	.decrypt	= ocbg_decrypt_##id,				\
	.ivsize		= OCB_NONCE_SIZE,				\
	.maxauthsize	= OCB_MAX_TAG_SIZE,				\
	.chunksize	= OCB_BLOCK_SIZE,				\
	.base.cra_name		= "ocb(aes)",				\
	.base.cra_driver_name	= "ocb-aes-" suffix,			\
	.base.cra_priority	= prio,					\
	.base.cra_blocksize	= 1,					\
	.base.cra_ctxsize	= sizeof(struct ocb_key),		\
	.base.cra_alignmask	= 0,					\
	.base.cra_module	= THIS_MODULE,				\
},
static struct aead_alg ocbg_algs[] = { OCB_TIERS(OCBG_TIER_ALG) };
#undef OCBG_TIER_ALG

static unsigned int ocbg_nr_registered;

static int __init ocbg_mod_init(void)
{
	unsigned int n = ocb_mod_init() + 1;
	int err;

	BUILD_BUG_ON(ARRAY_SIZE(ocbg_algs) != OCB_NR_IMPLS);
	/* The tiers the CPU has are the first ones: register those. */
	err = crypto_register_aeads(ocbg_algs, n);
	if (err) {
		pr_err("kfast_ocb: registering the drivers failed: %d\n", err);
		return err;
	}
	ocbg_nr_registered = n;
	return 0;
}

static void __exit ocbg_mod_exit(void)
{
	crypto_unregister_aeads(ocbg_algs, ocbg_nr_registered);
}

module_init(ocbg_mod_init);
module_exit(ocbg_mod_exit);

MODULE_LICENSE("GPL");
MODULE_VERSION(KFAST_VERSION);
MODULE_DESCRIPTION("AES-OCB (RFC 7253) AEAD, generic and SIMD implementations");
MODULE_ALIAS_CRYPTO("ocb(aes)");
#define OCBG_TIER_ALIAS(id, suffix, prio, present)			\
	MODULE_ALIAS_CRYPTO("ocb-aes-" suffix);
OCB_TIERS(OCBG_TIER_ALIAS)

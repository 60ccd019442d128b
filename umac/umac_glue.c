// SPDX-License-Identifier: GPL-2.0
/*
 * Crypto API glue for UMAC (RFC 4418): shash "umac32(aes)", "umac64(aes)",
 * "umac96(aes)" and "umac128(aes)" (4, 8, 12 and 16-byte tags).
 *
 * Nonce convention: a shash has no IV, so the first 8 bytes of the hashed
 * data are the RFC 4418 nonce and the rest is the message.  8 bytes is the
 * nonce length of the RFC's test vectors and of OpenSSH's umac-64/umac-128
 * (which passes the packet sequence number as a big-endian 64-bit value).
 * For UMAC-32 and UMAC-64 the low 2 resp. 1 bits of the last nonce byte
 * select the slice of the AES pad block, as the RFC specifies.  final()
 * returns -EINVAL when fewer than 8 bytes were hashed.
 *
 * The key is 16 bytes (AES-128, as RFC 4418 requires), -EINVAL otherwise.
 * All subkeys are derived at setkey and live in the tfm context, never in
 * the descriptor; the descriptor holds the per-message state (NH sums,
 * POLY accumulators and a partial 32-byte unit: about 200 bytes, within
 * the 345-byte export limit of 7.x and the 360-byte descriptor of 6.x).
 *
 * One driver per implementation tier of UMAC_TIERS (umac64-aes-generic,
 * ...), each pinned to its tier so that tests can compare them by driver
 * name; tiers the CPU lacks are not registered.  The tier is chosen at
 * setkey, where the key is laid out for it (umac_mod_init() probes the
 * CPU once at module init); SIMD tiers fall back to the generic code where
 * SIMD is not usable.
 *
 * The pad's AES runs as soon as the 8 nonce bytes are in (umac_set_nonce),
 * so it overlaps with the hashing, or, for a whole message in one digest()
 * or finup(), in the same call as the hashing (umac()); no pad cache
 * across messages (see umac.h for why).
 */
#include <linux/module.h>
#include <crypto/internal/hash.h>
#include <kfast/shash-nonce.h>
#include "umac.h"

#define UMAC_SHASH_NONCE	8

struct umac_desc_ctx {
	struct umac_ctx ctx;
	struct kfast_shash_nonce nonce;
};

/* The exported state: flat, no pointers (the key is found again from the tfm). */
struct umac_export_state {
	struct umac_state st;
	struct kfast_shash_nonce nonce;
};

/* The key wants 64-byte alignment (SIMD loads); the tfm context has less. */
#define UMAC_CTX_ALIGN		64

static struct umac_key *umac_tfm_key(struct crypto_shash *tfm)
{
	return PTR_ALIGN((struct umac_key *)crypto_shash_ctx(tfm), UMAC_CTX_ALIGN);
}

/* umac_algs[] holds UMAC-32, -64, -96 and -128 of each tier, tier by tier. */
#define UMAC_ALGS_PER_TIER	4
static struct shash_alg umac_algs[UMAC_ALGS_PER_TIER * UMAC_NR_IMPLS];
static unsigned int umac_nr_registered;

static int umac_alg_impl(struct crypto_shash *tfm)
{
	return (crypto_shash_alg(tfm) - umac_algs) / UMAC_ALGS_PER_TIER;
}

static int umac_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			     unsigned int keylen)
{
	/* -EINVAL for anything but 16 bytes. */
	return __umac_setkey(umac_tfm_key(tfm), key, keylen, umac_alg_impl(tfm));
}

static int umac_shash_init(struct shash_desc *desc)
{
	struct umac_desc_ctx *d = shash_desc_ctx(desc);

	umac_init(&d->ctx, umac_tfm_key(desc->tfm),
		  crypto_shash_digestsize(desc->tfm));
	kfast_shash_nonce_reset(&d->nonce);
	return 0;
}

/* The first 8 bytes of the data are the nonce; its pad is computed at once. */
static void umac_shash_take_nonce(struct umac_desc_ctx *d, const u8 **data,
				  unsigned int *len)
{
	/* The pad's AES now, so that it overlaps with the hashing. */
	if (kfast_shash_nonce_take(&d->nonce, UMAC_SHASH_NONCE, data, len))
		umac_set_nonce(&d->ctx, d->nonce.bytes, UMAC_SHASH_NONCE);
}

static int umac_shash_update(struct shash_desc *desc, const u8 *data,
			     unsigned int len)
{
	struct umac_desc_ctx *d = shash_desc_ctx(desc);

	if (!kfast_shash_nonce_complete(&d->nonce, UMAC_SHASH_NONCE))
		umac_shash_take_nonce(d, &data, &len);
	if (len)
		umac_update(&d->ctx, data, len);
	return 0;
}

static int umac_shash_final(struct shash_desc *desc, u8 *out)
{
	struct umac_desc_ctx *d = shash_desc_ctx(desc);

	if (!kfast_shash_nonce_complete(&d->nonce, UMAC_SHASH_NONCE)) {
		/*
		 * The nonce never arrived.  Wiped, then left as after init()
		 * (no key material): callers may go on with update() without
		 * init() after a failed final (6.1's algif_hash after a failed
		 * finup from splice()), and a wiped context has no key pointer.
		 */
		memzero_explicit(d, sizeof(*d));
		umac_shash_init(desc);
		return -EINVAL;
	}
	/* umac_final() wipes the UMAC state; the nonce is wiped here. */
	umac_final(&d->ctx, out);
	kfast_shash_nonce_wipe(&d->nonce);
	return 0;
}

/*
 * finup()/digest().  The whole message with its nonce in this call (a
 * digest(), or a finup() right after init()) goes to umac(): up to 1 KiB
 * its tag, the pad's AES included, is one call of the tier's short path.
 * Nothing of the message or the nonce enters the descriptor then, which
 * stays as init() left it.  Otherwise whole messages of up to 1 KiB take
 * umac_finup()'s fast path.
 */
static int umac_shash_finup(struct shash_desc *desc, const u8 *data,
			    unsigned int len, u8 *out)
{
	struct umac_desc_ctx *d = shash_desc_ctx(desc);

	if (!d->nonce.len && len >= UMAC_SHASH_NONCE) {
		umac(d->ctx.key, crypto_shash_digestsize(desc->tfm), data,
		     UMAC_SHASH_NONCE, data + UMAC_SHASH_NONCE,
		     len - UMAC_SHASH_NONCE, out);
		return 0;
	}
	if (!kfast_shash_nonce_complete(&d->nonce, UMAC_SHASH_NONCE))
		umac_shash_take_nonce(d, &data, &len);
	if (!kfast_shash_nonce_complete(&d->nonce, UMAC_SHASH_NONCE)) {
		memzero_explicit(d, sizeof(*d));
		umac_shash_init(desc);	/* as in umac_shash_final() */
		return -EINVAL;
	}
	umac_finup(&d->ctx, data, len, out);
	kfast_shash_nonce_wipe(&d->nonce);
	return 0;
}

static int umac_shash_digest(struct shash_desc *desc, const u8 *data,
			     unsigned int len, u8 *out)
{
	umac_shash_init(desc);
	return umac_shash_finup(desc, data, len, out);
}

static int umac_shash_export(struct shash_desc *desc, void *out)
{
	struct umac_desc_ctx *d = shash_desc_ctx(desc);
	struct umac_export_state *s = out;

	s->st = d->ctx.s;
	s->nonce = d->nonce;
	return 0;
}

static int umac_shash_import(struct shash_desc *desc, const void *in)
{
	struct umac_desc_ctx *d = shash_desc_ctx(desc);
	const struct umac_export_state *s = in;
	bool complete = kfast_shash_nonce_complete(&s->nonce, UMAC_SHASH_NONCE);

	/*
	 * The state is not trusted to be well-formed: every field that
	 * indexes a buffer or the key must be consistent.  Message bytes only
	 * reach the UMAC state once the nonce is complete.
	 */
	if (!kfast_shash_nonce_valid(&s->nonce, UMAC_SHASH_NONCE) ||
	    umac_state_check(&s->st, crypto_shash_digestsize(desc->tfm)) ||
	    (!complete && s->st.len) || s->st.pad_set != complete)
		return -EINVAL;
	d->ctx.key = umac_tfm_key(desc->tfm);
	d->ctx.s = s->st;
	d->nonce = s->nonce;
	return 0;
}

#define UMAC_ALG(tagbits, suffix, prio)					\
	{								\
		.init		= umac_shash_init,			\
		.update		= umac_shash_update,			\
		.final		= umac_shash_final,			\
		.finup		= umac_shash_finup,			\
		.digest		= umac_shash_digest,			\
		.export		= umac_shash_export,			\
		.import		= umac_shash_import,			\
		.setkey		= umac_shash_setkey,			\
		.descsize	= sizeof(struct umac_desc_ctx),		\
		.statesize	= sizeof(struct umac_export_state),	\
		.digestsize	= (tagbits) / 8,			\
		.base.cra_name	= "umac" #tagbits "(aes)",		\
		.base.cra_driver_name = "umac" #tagbits "-aes-" suffix,	\
		.base.cra_priority = prio,				\
		.base.cra_blocksize = UMAC_UNIT_SIZE,			\
		.base.cra_ctxsize = sizeof(struct umac_key) +		\
				    UMAC_CTX_ALIGN - 1,			\
		.base.cra_module = THIS_MODULE,				\
	},
#define UMAC_TIER_ALGS(id, suffix, prio, present)			\
	UMAC_ALG(32, suffix, prio) UMAC_ALG(64, suffix, prio)		\
	UMAC_ALG(96, suffix, prio) UMAC_ALG(128, suffix, prio)
static struct shash_alg umac_algs[] = { UMAC_TIERS(UMAC_TIER_ALGS) };
#undef UMAC_TIER_ALGS
#undef UMAC_ALG

static int __init umac_glue_init(void)
{
	unsigned int n = UMAC_ALGS_PER_TIER * (umac_mod_init() + 1), i;
	int err;

	BUILD_BUG_ON(ARRAY_SIZE(umac_algs) != UMAC_ALGS_PER_TIER * UMAC_NR_IMPLS);
	/* The limits of the oldest and newest supported kernels (6.1 .. 7.2). */
	BUILD_BUG_ON(sizeof(struct umac_desc_ctx) > 360);
	BUILD_BUG_ON(sizeof(struct umac_export_state) > 345);

	for (i = 0; i < n; i++)
		umac_algs[i].base.cra_priority =
			umac_tier_priority_arch(i / UMAC_ALGS_PER_TIER,
						umac_algs[i].base.cra_priority);
	/* The tiers the CPU has are the first ones: register those. */
	err = crypto_register_shashes(umac_algs, n);
	if (err) {
		pr_err("kfast_umac: registering the drivers failed: %d\n", err);
		return err;
	}
	umac_nr_registered = n;
	return 0;
}

static void __exit umac_glue_exit(void)
{
	crypto_unregister_shashes(umac_algs, umac_nr_registered);
}

module_init(umac_glue_init);
module_exit(umac_glue_exit);

MODULE_LICENSE("GPL");
MODULE_VERSION(KFAST_VERSION);
MODULE_DESCRIPTION("UMAC-32/64/96/128 message authentication (RFC 4418), AES-128");
MODULE_ALIAS_CRYPTO("umac32(aes)");
MODULE_ALIAS_CRYPTO("umac64(aes)");
MODULE_ALIAS_CRYPTO("umac96(aes)");
MODULE_ALIAS_CRYPTO("umac128(aes)");
#define UMAC_TIER_ALIASES(id, suffix, prio, present)			\
	MODULE_ALIAS_CRYPTO("umac32-aes-" suffix);			\
	MODULE_ALIAS_CRYPTO("umac64-aes-" suffix);			\
	MODULE_ALIAS_CRYPTO("umac96-aes-" suffix);			\
	MODULE_ALIAS_CRYPTO("umac128-aes-" suffix);
UMAC_TIERS(UMAC_TIER_ALIASES)

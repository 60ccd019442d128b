// SPDX-License-Identifier: GPL-2.0
/*
 * Crypto API glue for VMAC: shash "vmac64(aes)" and "vmac128(aes)".
 *
 * Conventions (bit-compatible with the vmac64(aes) template Linux shipped
 * until 6.13): the first 16 bytes of the hashed data are the nonce (the
 * draft's nonce left-padded with zeros); the tag is 8 (vmac64) or 16
 * (vmac128) bytes, each 64-bit word big-endian.  final() returns -EINVAL
 * when fewer than 16 bytes were hashed or when the nonce's top bit is set.
 * Keys are AES-128/192/256 keys (the old template took 16 bytes only).
 *
 * One driver per implementation tier of VMAC_TIERS (vmac64-aes-generic,
 * ...), each pinned to its tier so that tests can compare them by driver
 * name; tiers the CPU lacks are not registered.  The tier list is fixed at
 * module init (vmac_mod_init()); the core picks the code for a request
 * from the tier stored in its state, with a generic fallback where SIMD is
 * not usable.
 *
 * No pad cache: see the comment at the top of vmac_core.c.
 */
#include <linux/module.h>
#include <crypto/internal/hash.h>
#include <kfast/shash-nonce.h>
#include "vmac.h"

struct vmac_desc_ctx {
	struct vmac_ctx ctx;
	struct kfast_shash_nonce nonce;
};

/* The exported state: flat, no pointers (the key is found again from the tfm). */
struct vmac_export_state {
	struct vmac_state st;
	struct kfast_shash_nonce nonce;
};

/* vmac_algs[] holds VMAC-64 and VMAC-128 of each tier, tier by tier. */
#define VMAC_ALGS_PER_TIER	2
static struct shash_alg vmac_algs[VMAC_ALGS_PER_TIER * VMAC_NR_IMPLS];
static unsigned int vmac_nr_registered;

static unsigned int vmac_alg_impl(struct crypto_shash *tfm)
{
	return (crypto_shash_alg(tfm) - vmac_algs) / VMAC_ALGS_PER_TIER;
}

static int vmac_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			     unsigned int keylen)
{
	/* -EINVAL for anything but 16, 24 or 32 bytes. */
	return vmac_setkey(crypto_shash_ctx(tfm), key, keylen);
}

static int vmac_shash_init(struct shash_desc *desc)
{
	struct vmac_desc_ctx *d = shash_desc_ctx(desc);

	vmac_init(&d->ctx, crypto_shash_ctx(desc->tfm),
		  crypto_shash_digestsize(desc->tfm), vmac_alg_impl(desc->tfm));
	kfast_shash_nonce_reset(&d->nonce);
	return 0;
}

static int vmac_shash_update(struct shash_desc *desc, const u8 *data,
			     unsigned int len)
{
	struct vmac_desc_ctx *d = shash_desc_ctx(desc);

	kfast_shash_nonce_take(&d->nonce, VMAC_NONCEBYTES, &data, &len);
	if (len)
		vmac_update(&d->ctx, data, len);
	return 0;
}

static int vmac_shash_final(struct shash_desc *desc, u8 *out)
{
	struct vmac_desc_ctx *d = shash_desc_ctx(desc);
	int err;

	if (!kfast_shash_nonce_complete(&d->nonce, VMAC_NONCEBYTES)) {
		/* The nonce never arrived; wipe what there is. */
		memzero_explicit(d, sizeof(*d));
		err = -EINVAL;
	} else {
		/* vmac_final() wipes the hash context; the nonce is wiped here. */
		err = vmac_final(&d->ctx, d->nonce.bytes, out);
		kfast_shash_nonce_wipe(&d->nonce);
	}
	/*
	 * After an error the descriptor is left as after init() (which holds
	 * no key material), not wiped: callers go on with update() without
	 * init() after a failed final.  6.1's algif_hash does after a failed
	 * finup from splice() (hash_sendpage() keeps ctx->more), and the
	 * wiped context has no key pointer: a NULL dereference in
	 * vmac_blocks().  Found by the AF_ALG fuzz step of the 6.1 debug guest.
	 */
	if (err)
		vmac_shash_init(desc);
	return err;
}

/*
 * finup()/digest(): the rest of the nonce, then vmac_finup(), whose fast
 * path takes a whole message of less than 1 KiB in one go.  Errors as in
 * vmac_shash_final().
 */
static int vmac_shash_finup(struct shash_desc *desc, const u8 *data,
			    unsigned int len, u8 *out)
{
	struct vmac_desc_ctx *d = shash_desc_ctx(desc);
	int err;

	kfast_shash_nonce_take(&d->nonce, VMAC_NONCEBYTES, &data, &len);
	if (!kfast_shash_nonce_complete(&d->nonce, VMAC_NONCEBYTES)) {
		memzero_explicit(d, sizeof(*d));
		err = -EINVAL;
	} else {
		err = vmac_finup(&d->ctx, data, len, d->nonce.bytes, out);
		kfast_shash_nonce_wipe(&d->nonce);
	}
	if (err)
		vmac_shash_init(desc);
	return err;
}

static int vmac_shash_digest(struct shash_desc *desc, const u8 *data,
			     unsigned int len, u8 *out)
{
	vmac_shash_init(desc);
	return vmac_shash_finup(desc, data, len, out);
}

static int vmac_shash_export(struct shash_desc *desc, void *out)
{
	struct vmac_desc_ctx *d = shash_desc_ctx(desc);
	struct vmac_export_state *s = out;

	s->st = d->ctx.st;
	s->nonce = d->nonce;
	return 0;
}

static int vmac_shash_import(struct shash_desc *desc, const void *in)
{
	struct vmac_desc_ctx *d = shash_desc_ctx(desc);
	const struct vmac_export_state *s = in;

	/* The state is not trusted to be well-formed: clamp what indexes. */
	if (!kfast_shash_nonce_valid(&s->nonce, VMAC_NONCEBYTES) ||
	    s->st.iters != crypto_shash_digestsize(desc->tfm) / 8)
		return -EINVAL;
	d->ctx.key = crypto_shash_ctx(desc->tfm);
	d->ctx.st = s->st;
	d->ctx.st.impl = vmac_alg_impl(desc->tfm);
	d->nonce = s->nonce;
	return 0;
}

#define VMAC_ALG(tagbits, suffix, prio)					\
	{								\
		.init		= vmac_shash_init,			\
		.update		= vmac_shash_update,			\
		.final		= vmac_shash_final,			\
		.finup		= vmac_shash_finup,			\
		.digest		= vmac_shash_digest,			\
		.export		= vmac_shash_export,			\
		.import		= vmac_shash_import,			\
		.setkey		= vmac_shash_setkey,			\
		.descsize	= sizeof(struct vmac_desc_ctx),		\
		.statesize	= sizeof(struct vmac_export_state),	\
		.digestsize	= (tagbits) / 8,			\
		.base.cra_name	= "vmac" #tagbits "(aes)",		\
		.base.cra_driver_name = "vmac" #tagbits "-aes-" suffix,	\
		.base.cra_priority = prio,				\
		.base.cra_blocksize = VMAC_NHBYTES,			\
		.base.cra_ctxsize = sizeof(struct vmac_key),		\
		.base.cra_module = THIS_MODULE,				\
	},
#define VMAC_TIER_ALGS(id, suffix, prio, present)			\
	VMAC_ALG(64, suffix, prio) VMAC_ALG(128, suffix, prio)
static struct shash_alg vmac_algs[] = { VMAC_TIERS(VMAC_TIER_ALGS) };
#undef VMAC_TIER_ALGS
#undef VMAC_ALG

static int __init vmac_glue_init(void)
{
	unsigned int n = VMAC_ALGS_PER_TIER * (vmac_mod_init() + 1);
	int err;

	BUILD_BUG_ON(ARRAY_SIZE(vmac_algs) != VMAC_ALGS_PER_TIER * VMAC_NR_IMPLS);
	/* The limits of the oldest and newest supported kernels (6.1 .. 7.2). */
	BUILD_BUG_ON(sizeof(struct vmac_desc_ctx) > 360);
	BUILD_BUG_ON(sizeof(struct vmac_export_state) > 345);

	/* The tiers the CPU has are the first ones: register those. */
	err = crypto_register_shashes(vmac_algs, n);
	if (err) {
		pr_err("kfast_vmac: registering the drivers failed: %d\n", err);
		return err;
	}
	vmac_nr_registered = n;
	return 0;
}

static void __exit vmac_glue_exit(void)
{
	crypto_unregister_shashes(vmac_algs, vmac_nr_registered);
}

module_init(vmac_glue_init);
module_exit(vmac_glue_exit);

MODULE_LICENSE("GPL");
MODULE_VERSION(KFAST_VERSION);
MODULE_DESCRIPTION("VMAC-64/VMAC-128 message authentication (draft-krovetz-vmac-01), AES-128/192/256");
MODULE_ALIAS_CRYPTO("vmac64(aes)");
MODULE_ALIAS_CRYPTO("vmac128(aes)");
#define VMAC_TIER_ALIASES(id, suffix, prio, present)			\
	MODULE_ALIAS_CRYPTO("vmac64-aes-" suffix);			\
	MODULE_ALIAS_CRYPTO("vmac128-aes-" suffix);
VMAC_TIERS(VMAC_TIER_ALIASES)

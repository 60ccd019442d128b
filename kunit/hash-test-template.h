/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared KUnit cases for keyed shash algorithms with an optional in-band
 * nonce (vmac64/vmac128: 16-byte nonce at the start of the data; umac: 8).
 *
 * An algorithm's suite describes each variant with a struct
 * kfast_hash_test_cfg (cra_name, driver names with the generic one first,
 * the key length to test with, the valid key lengths, nonce length and
 * constraint, digest size), puts them in an array and runs the cases below
 * over that array with KUNIT_ARRAY_PARAM:
 *
 *	KUNIT_ARRAY_PARAM(foo_cfg, foo_cfgs, kfast_hash_cfg_desc);
 *	KUNIT_CASE_PARAM(kfast_hash_case_all_lengths, foo_cfg_gen_params),
 *
 * Everything goes through the crypto API by driver name, so each
 * implementation tier is compared with the generic driver; tiers that the
 * CPU does not register are skipped (they are not an error), but the
 * generic driver must exist.
 *
 * Compiles against 6.1, 6.12 and 7.2 headers: no KUNIT_EXPECT_MEMEQ (6.1
 * lacks it), kunit_run_irq_test() only with KFAST_HAVE_KUNIT_IRQ_TEST.
 */
#ifndef KFAST_HASH_TEST_TEMPLATE_H
#define KFAST_HASH_TEST_TEMPLATE_H

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/hash.h>
#include <kfast/test-rng.h>
#include "stress-test.h"
#include "unwind-test.h"
#ifdef KFAST_HAVE_KUNIT_IRQ_TEST
#include <kunit/run-in-irq-context.h>
#endif

#define KFAST_HASH_MAX_DIGEST	64
#define KFAST_HASH_MAX_DRIVERS	8
#define KFAST_HASH_MAX_KEY	64

struct kfast_hash_test_cfg {
	const char *cra_name;
	/* Driver names, NULL-terminated; drivers[0] is the generic one. */
	const char *const *drivers;
	unsigned int key_len;		/* key length used by the cases */
	const unsigned int *valid_key_lens;	/* 0-terminated */
	unsigned int nonce_len;		/* in-band nonce bytes, 0 if none */
	u8 nonce_mask0;			/* ANDed into data[0] to make a nonce valid */
	unsigned int digest_size;
	unsigned int max_len;		/* lengths 0..max_len after the nonce */
};

static inline void kfast_hash_cfg_desc(const struct kfast_hash_test_cfg *cfg,
				       char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s key %u", cfg->cra_name,
		 cfg->key_len);
}

/* FNV-1a, used to fold many digests into one printed checksum. */
static inline u64 kfast_test_fold(u64 h, const u8 *p, size_t n)
{
	if (!h)
		h = 0xcbf29ce484222325ULL;
	while (n--)
		h = (h ^ *p++) * 0x100000001b3ULL;
	return h;
}

/* Makes the first nonce_len bytes of data a valid nonce. */
static inline void kfast_hash_fix_nonce(const struct kfast_hash_test_cfg *cfg,
					u8 *data)
{
	if (cfg->nonce_len)
		data[0] &= cfg->nonce_mask0;
}

/*
 * A keyed tfm for one driver, or NULL if that driver is not registered
 * (a tier this CPU lacks).  The generic driver (drivers[0]) must exist.
 */
static inline struct crypto_shash *
kfast_hash_alloc(struct kunit *test, const struct kfast_hash_test_cfg *cfg,
		 const char *driver, const u8 *key)
{
	struct crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);

	if (IS_ERR(tfm)) {
		if (driver != cfg->drivers[0] && PTR_ERR(tfm) == -ENOENT)
			return NULL;
		KUNIT_FAIL(test, "allocating %s: %ld", driver, PTR_ERR(tfm));
		return NULL;
	}
	KUNIT_EXPECT_STREQ(test, crypto_shash_driver_name(tfm), driver);
	KUNIT_EXPECT_EQ(test, crypto_shash_digestsize(tfm), cfg->digest_size);
	if (key && crypto_shash_setkey(tfm, key, cfg->key_len)) {
		KUNIT_FAIL(test, "%s: setkey(%u bytes) failed", driver, cfg->key_len);
		crypto_free_shash(tfm);
		return NULL;
	}
	return tfm;
}

/*
 * All registered tfms of a cfg, keyed with the same key; returns how many
 * (tfms[0] is generic, NULL if it failed).  names[] gets the driver names.
 */
static inline unsigned int
kfast_hash_alloc_all(struct kunit *test, const struct kfast_hash_test_cfg *cfg,
		     const u8 *key, struct crypto_shash **tfms,
		     const char **names)
{
	unsigned int i, n = 0;

	for (i = 0; cfg->drivers[i] && n < KFAST_HASH_MAX_DRIVERS; i++) {
		struct crypto_shash *tfm = kfast_hash_alloc(test, cfg, cfg->drivers[i], key);

		if (!tfm) {
			if (i == 0)
				return 0;
			kunit_info(test, "%s: not registered on this CPU, skipped",
				   cfg->drivers[i]);
			continue;
		}
		names[n] = cfg->drivers[i];
		tfms[n++] = tfm;
	}
	return n;
}

static inline void kfast_hash_free_all(struct crypto_shash **tfms, unsigned int n)
{
	while (n--)
		crypto_free_shash(tfms[n]);
}

/* init + updates of random sizes (including 0) + final. */
static inline int kfast_hash_split(struct crypto_shash *tfm, const u8 *data,
				   size_t len, u8 *out, u64 *rng)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	while (!err && len) {
		size_t n = kfast_test_rand(rng) % 200;

		if (kfast_test_rand(rng) % 8 == 0)
			n = kfast_test_rand(rng) % 3000;
		n = min(n, len);
		err = crypto_shash_update(desc, data, n);
		data += n;
		len -= n;
	}
	if (!err)
		err = crypto_shash_final(desc, out);
	shash_desc_zero(desc);
	return err;
}

static inline u8 *kfast_hash_random_key(struct kunit *test,
					const struct kfast_hash_test_cfg *cfg,
					u64 *rng)
{
	u8 *key = kunit_kmalloc(test, KFAST_HASH_MAX_KEY, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	kfast_test_fill(rng, key, KFAST_HASH_MAX_KEY);
	return key;
}

/*
 * Every length 0..max_len (after the nonce), at a misalignment that varies
 * with the length: each tier's digests must equal generic's.  The digests
 * of each driver are also folded into one checksum that is printed.
 */
static void __maybe_unused kfast_hash_case_all_lengths(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	u8 ref[KFAST_HASH_MAX_DIGEST], out[KFAST_HASH_MAX_DIGEST];
	u64 rng = 0xa11e4973 + cfg->key_len, sums[KFAST_HASH_MAX_DRIVERS] = {};
	size_t total = cfg->nonce_len + cfg->max_len, len;
	unsigned int n, t, bad[KFAST_HASH_MAX_DRIVERS] = {};
	u8 *key, *buf;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, total + 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	kfast_test_fill(&rng, buf, total + 64);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);

	for (len = 0; len <= cfg->max_len; len++) {
		u8 *p = buf + len % 61;

		memcpy(p, buf + 32, cfg->nonce_len);
		kfast_hash_fix_nonce(cfg, p);
		for (t = 0; t < n; t++) {
			int err = crypto_shash_tfm_digest(tfms[t], p, cfg->nonce_len + len,
							  t ? out : ref);

			if (err) {
				bad[t]++;
				continue;
			}
			sums[t] = kfast_test_fold(sums[t], t ? out : ref, cfg->digest_size);
			if (t && memcmp(out, ref, cfg->digest_size)) {
				if (!bad[t])
					kunit_info(test, "%s: first mismatch at length %zu",
						   names[t], len);
				bad[t]++;
			}
		}
	}
	for (t = 0; t < n; t++) {
		kunit_info(test, "%s: lengths 0..%u checksum %016llx", names[t],
			   cfg->max_len, sums[t]);
		KUNIT_EXPECT_EQ_MSG(test, bad[t], 0u, "%s: %u lengths wrong", names[t], bad[t]);
		KUNIT_EXPECT_EQ_MSG(test, sums[t], sums[0], "%s checksum != %s",
				    names[t], names[0]);
	}
	kfast_hash_free_all(tfms, n);
}

/* Random update splits (including empty updates) against one-shot digests. */
static void __maybe_unused kfast_hash_case_random_splits(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	u8 ref[KFAST_HASH_MAX_DIGEST], out[KFAST_HASH_MAX_DIGEST];
	size_t bufsize = cfg->nonce_len + 3 * 4096 + 100;
	u64 rng = 0x5b117 + cfg->key_len;
	unsigned int n, t, i;
	u8 *key, *buf;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, bufsize, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);

	for (i = 0; i < 64; i++) {
		size_t len = cfg->nonce_len + kfast_test_rand(&rng) % (bufsize - cfg->nonce_len);

		kfast_test_fill(&rng, buf, len);
		kfast_hash_fix_nonce(cfg, buf);
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], buf, len, ref), 0);
		for (t = 0; t < n; t++) {
			KUNIT_ASSERT_EQ(test, kfast_hash_split(tfms[t], buf, len, out, &rng), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(out, ref, cfg->digest_size), 0,
					    "%s: split length %zu", names[t], len);
		}
	}
	kfast_hash_free_all(tfms, n);
}

/* Source and digest buffers at every offset 0..15. */
static void __maybe_unused kfast_hash_case_misaligned(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	u8 ref[KFAST_HASH_MAX_DIGEST];
	size_t len = cfg->nonce_len + 1000;
	u64 rng = 0x3a119 + cfg->key_len;
	unsigned int n, t, off;
	u8 *key, *src, *dst;

	key = kfast_hash_random_key(test, cfg, &rng);
	src = kunit_kmalloc(test, len + 16, GFP_KERNEL);
	dst = kunit_kmalloc(test, KFAST_HASH_MAX_DIGEST + 16, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dst);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);

	kfast_test_fill(&rng, src, len);
	kfast_hash_fix_nonce(cfg, src);
	KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], src, len, ref), 0);
	for (off = 1; off < 16; off++) {
		memmove(src + off, src + off - 1, len);
		for (t = 0; t < n; t++) {
			KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[t], src + off, len,
								     dst + off), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(dst + off, ref, cfg->digest_size), 0,
					    "%s: offset %u", names[t], off);
		}
	}
	kfast_hash_free_all(tfms, n);
}

/*
 * export() mid-stream (before, inside and after the nonce, at and around
 * block boundaries), import() into a fresh descriptor of a second tfm with
 * the same key, finish there: same digest as one-shot.
 */
static void __maybe_unused kfast_hash_case_export_import(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	u8 ref[KFAST_HASH_MAX_DIGEST], out[KFAST_HASH_MAX_DIGEST];
	size_t len = cfg->nonce_len + 2000;
	u64 rng = 0xe8907 + cfg->key_len;
	unsigned int n, t, i;
	u8 *key, *buf, *state;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);
	kfast_test_fill(&rng, buf, len);
	kfast_hash_fix_nonce(cfg, buf);
	KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], buf, len, ref), 0);

	for (t = 0; t < n; t++) {
		struct crypto_shash *tfm2 = kfast_hash_alloc(test, cfg, names[t], key);
		unsigned int ss = crypto_shash_statesize(tfms[t]);

		KUNIT_ASSERT_NOT_NULL(test, tfm2);
		/* 7.2 rejects statesize > 345; 6.1/6.12 allow 368-byte descs. */
		KUNIT_EXPECT_LE(test, ss, 345u);
		KUNIT_EXPECT_LE(test, crypto_shash_descsize(tfms[t]), 360u);
		state = kunit_kzalloc(test, ss, GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, state);

		for (i = 0; i < 24; i++) {
			static const size_t fixed[] = { 0, 1, 15, 16, 17, 143, 144, 145 };
			size_t split = i < ARRAY_SIZE(fixed) ? fixed[i] :
				       kfast_test_rand(&rng) % (len + 1);
			SHASH_DESC_ON_STACK(d1, tfms[t]);
			SHASH_DESC_ON_STACK(d2, tfm2);

			if (split > len)
				split = len;
			d1->tfm = tfms[t];
			d2->tfm = tfm2;
			KUNIT_ASSERT_EQ(test, crypto_shash_init(d1), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d1, buf, split), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_export(d1, state), 0);
			shash_desc_zero(d1);
			KUNIT_ASSERT_EQ(test, crypto_shash_import(d2, state), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_finup(d2, buf + split, len - split,
								out), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(out, ref, cfg->digest_size), 0,
					    "%s: export/import at %zu", names[t], split);
		}
		crypto_free_shash(tfm2);
	}
	kfast_hash_free_all(tfms, n);
}

/*
 * import() of hostile state blobs: random bytes, exported states with
 * random bytes or aligned words replaced (by random or boundary values:
 * 0, 1, block and chunk sizes +-1, all ones), all-zero and all-ones
 * blobs.  Each import must return 0 or -EINVAL; after a 0, update() and
 * final() must run (0, or -EINVAL for a nonce never completed).  The blob
 * is a kmalloc() of exactly statesize bytes, so KASAN reports any read
 * past it, and a state accepted but inconsistent shows as an out-of-bounds
 * access or a UBSAN report in the update or final that follows.  Every
 * 16th blob is an unmodified export, which must import and give the
 * one-shot digest.
 */
static void __maybe_unused kfast_hash_case_import_fuzz(struct kunit *test)
{
	static const u32 hostile[] = {
		0, 1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
		255, 256, 1023, 1024, 1025, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
	};
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	u8 ref[KFAST_HASH_MAX_DIGEST], out[KFAST_HASH_MAX_DIGEST];
	size_t len = cfg->nonce_len + 1200;
	u64 rng = 0x1b9047 + cfg->key_len + cfg->digest_size;
	unsigned int n, t, i, accepted = 0, refused = 0;
	u8 *key, *buf, *good, *blob;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);
	kfast_test_fill(&rng, buf, len);
	kfast_hash_fix_nonce(cfg, buf);
	KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], buf, len, ref), 0);

	for (t = 0; t < n; t++) {
		unsigned int ss = crypto_shash_statesize(tfms[t]);

		good = kunit_kzalloc(test, ss, GFP_KERNEL);
		blob = kunit_kzalloc(test, ss, GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, good);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, blob);
		for (i = 0; i < 200; i++) {
			size_t split = kfast_test_rand(&rng) % (len + 1);
			unsigned int mode = i % 16 ? kfast_test_rand(&rng) % 4 : 4, k, m;
			SHASH_DESC_ON_STACK(d, tfms[t]);
			int err;

			d->tfm = tfms[t];
			KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d, buf, split), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_export(d, good), 0);
			memcpy(blob, good, ss);
			switch (mode) {
			case 0:		/* random bytes */
				kfast_test_fill(&rng, blob, ss);
				break;
			case 1:		/* a few bytes of an export replaced */
				m = 1 + kfast_test_rand(&rng) % 4;
				for (k = 0; k < m; k++)
					blob[kfast_test_rand(&rng) % ss] = kfast_test_rand(&rng);
				break;
			case 2:		/* an aligned word of an export set to a boundary value */
				k = kfast_test_rand(&rng) % (ss / 4);
				m = hostile[kfast_test_rand(&rng) % ARRAY_SIZE(hostile)];
				memcpy(blob + 4 * k, &m, 4);
				break;
			case 3:		/* all zero or all ones */
				memset(blob, i & 1 ? 0xff : 0, ss);
				break;
			}
			shash_desc_zero(d);
			d->tfm = tfms[t];
			err = crypto_shash_import(d, blob);
			KUNIT_EXPECT_TRUE_MSG(test, err == 0 || err == -EINVAL,
					      "%s: import mode %u: %d", names[t], mode, err);
			if (err) {
				KUNIT_EXPECT_NE_MSG(test, mode, 4u, "%s: a valid export refused",
						    names[t]);
				refused++;
				continue;
			}
			accepted++;
			err = crypto_shash_finup(d, buf + split, len - split, out);
			KUNIT_EXPECT_TRUE_MSG(test, err == 0 || err == -EINVAL,
					      "%s: finup after import mode %u: %d", names[t],
					      mode, err);
			if (mode == 4)
				KUNIT_EXPECT_EQ_MSG(test, memcmp(out, ref, cfg->digest_size), 0,
						    "%s: a valid export at %zu", names[t], split);
			shash_desc_zero(d);
		}
	}
	kunit_info(test, "%s: %u hostile or valid states imported, %u refused (-EINVAL)",
		   cfg->cra_name, accepted, refused);
	kfast_hash_free_all(tfms, n);
}

/*
 * After a failed final() or finup() (a nonce that never arrived, or for
 * VMAC one with the top bit set) the descriptor is as after init():
 * update() and final() without a new init() hash a new message.  6.1's
 * algif_hash does just that after a failed finup from splice(); with the
 * descriptor wiped (no key pointer) that was a NULL dereference.
 */
static void __maybe_unused kfast_hash_case_update_after_error(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	u8 ref[KFAST_HASH_MAX_DIGEST], out[KFAST_HASH_MAX_DIGEST];
	size_t len = cfg->nonce_len + 300;
	u64 rng = 0xafe7e11 + cfg->key_len;
	unsigned int i, way;
	u8 *key, *msg, *bad;

	if (!cfg->nonce_len)
		kunit_skip(test, "no in-band nonce");
#ifdef KFAST_SHASH_ZEROES_DESC
	/*
	 * The shash API zeroes the descriptor after every final()/finup()
	 * itself (crypto_shash_op_and_zero()): no update() without init()
	 * is possible there, and 7.x's algif_hash re-initialises after an
	 * error (ctx->more = false).
	 */
	kunit_skip(test, "the crypto API wipes the descriptor after final() on this kernel");
#endif
	key = kfast_hash_random_key(test, cfg, &rng);
	msg = kunit_kmalloc(test, len, GFP_KERNEL);
	bad = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, msg);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bad);
	kfast_test_fill(&rng, msg, len);
	kfast_hash_fix_nonce(cfg, msg);
	memcpy(bad, msg, len);
	bad[0] |= ~cfg->nonce_mask0;
	for (i = 0; cfg->drivers[i]; i++) {
		struct crypto_shash *tfm = kfast_hash_alloc(test, cfg, cfg->drivers[i], key);

		if (!tfm)
			continue;
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, msg, len, ref), 0);
		for (way = 0; way < 4; way++) {
			SHASH_DESC_ON_STACK(desc, tfm);
			int err;

			desc->tfm = tfm;
			KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
			switch (way) {
			case 0:		/* final() with part of the nonce */
				crypto_shash_update(desc, msg, cfg->nonce_len - 1);
				err = crypto_shash_final(desc, out);
				break;
			case 1:		/* finup() with part of the nonce */
				err = crypto_shash_finup(desc, msg, cfg->nonce_len / 2, out);
				break;
			case 2:		/* final() of nothing */
				err = crypto_shash_final(desc, out);
				break;
			default:	/* a refused nonce (VMAC: top bit set) */
				if (cfg->nonce_mask0 == 0xff)
					continue;
				crypto_shash_update(desc, bad, len);
				err = crypto_shash_final(desc, out);
				break;
			}
			KUNIT_EXPECT_EQ_MSG(test, err, -EINVAL, "%s: way %u", cfg->drivers[i], way);
			/* no init(): a new message */
			KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg, len / 3), 0);
			KUNIT_EXPECT_EQ(test, crypto_shash_finup(desc, msg + len / 3, len - len / 3,
								 out), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(out, ref, cfg->digest_size), 0,
					    "%s: update after a failed final, way %u",
					    cfg->drivers[i], way);
		}
		crypto_free_shash(tfm);
	}
}

/* Wrong key lengths -> -EINVAL (and the tfm needs a key again); no key -> -ENOKEY. */
static void __maybe_unused kfast_hash_case_bad_keys(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	u8 key[KFAST_HASH_MAX_KEY + 1] = { 1, 2, 3 }, out[KFAST_HASH_MAX_DIGEST];
	u8 data[64] = {};
	unsigned int i, len;

	for (i = 0; cfg->drivers[i]; i++) {
		struct crypto_shash *tfm = kfast_hash_alloc(test, cfg, cfg->drivers[i], NULL);

		if (!tfm)
			continue;
		{
			SHASH_DESC_ON_STACK(desc, tfm);

			desc->tfm = tfm;
			KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), -ENOKEY);
		}
		KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, data, sizeof(data), out),
				-ENOKEY);
		for (len = 0; len <= KFAST_HASH_MAX_KEY; len++) {
			const unsigned int *v;
			bool valid = false;
			int err;

			for (v = cfg->valid_key_lens; *v; v++)
				valid |= *v == len;
			err = crypto_shash_setkey(tfm, key, len);
			KUNIT_EXPECT_EQ_MSG(test, err, valid ? 0 : -EINVAL,
					    "%s: key length %u", cfg->drivers[i], len);
			KUNIT_EXPECT_EQ_MSG(test, crypto_shash_tfm_digest(tfm, data,
									  sizeof(data), out),
					    valid ? 0 : -ENOKEY,
					    "%s: digest after key length %u",
					    cfg->drivers[i], len);
		}
		crypto_free_shash(tfm);
	}
}

/* Data shorter than the in-band nonce -> -EINVAL at final, however split. */
static void __maybe_unused kfast_hash_case_short_data(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	u8 data[KFAST_HASH_MAX_DIGEST] = {}, out[KFAST_HASH_MAX_DIGEST];
	u64 rng = 0x540e7;
	unsigned int i, len;
	u8 *key;

	if (!cfg->nonce_len)
		kunit_skip(test, "no in-band nonce");
	key = kfast_hash_random_key(test, cfg, &rng);
	for (i = 0; cfg->drivers[i]; i++) {
		struct crypto_shash *tfm = kfast_hash_alloc(test, cfg, cfg->drivers[i], key);

		if (!tfm)
			continue;
		for (len = 0; len < cfg->nonce_len && len <= sizeof(data); len++) {
			SHASH_DESC_ON_STACK(desc, tfm);

			desc->tfm = tfm;
			KUNIT_EXPECT_EQ_MSG(test, crypto_shash_tfm_digest(tfm, data, len, out),
					    -EINVAL, "%s: %u bytes", cfg->drivers[i], len);
			KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, data, len / 2), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, data + len / 2,
								  len - len / 2), 0);
			KUNIT_EXPECT_EQ(test, crypto_shash_final(desc, out), -EINVAL);
		}
		/* Exactly the nonce and nothing else is a valid (empty) message. */
		KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, data, cfg->nonce_len, out), 0);
		crypto_free_shash(tfm);
	}
}

/*
 * Every driver where SIMD is not usable.  On x86 a kernel FPU section makes
 * crypto_simd_usable() false for anything called inside it (this is what
 * the fallback paths exist for), as a NEON section did on older arm64
 * kernels; where it does not (arm64 7.2: may_use_simd() stays true in task
 * context), the case is skipped rather than pretending, and the hard-IRQ
 * case below is what reaches the fallback.  The digests are computed
 * inside the section and checked after it (KUnit may sleep when reporting).
 */
static void __maybe_unused kfast_hash_case_nosimd(struct kunit *test)
{
#if defined(CONFIG_X86) || defined(CONFIG_ARM64)
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	static const unsigned int lens[] = { 0, 1, 47, 128, 129, 1000, 4096 };
	u8 (*outs)[ARRAY_SIZE(lens)][KFAST_HASH_MAX_DIGEST];
	u8 ref[KFAST_HASH_MAX_DIGEST];
	u64 rng = 0x0051d + cfg->key_len;
	size_t total = cfg->nonce_len + 4096;
	int errs[KFAST_HASH_MAX_DRIVERS][ARRAY_SIZE(lens)];
	bool usable_inside;
	unsigned int n, t, i;
	u8 *key, *buf;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, total, GFP_KERNEL);
	outs = kunit_kmalloc(test, sizeof(*outs) * KFAST_HASH_MAX_DRIVERS, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, outs);
	kfast_test_fill(&rng, buf, total);
	kfast_hash_fix_nonce(cfg, buf);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);

	{
		struct kfast_simd_state simd;

		kfast_simd_begin(&simd);
		/*
		 * Nothing is called in a section that leaves SIMD usable: the
		 * driver would open a nested one (a BUG on arm64).
		 */
		usable_inside = crypto_simd_usable();
		for (t = 0; t < n && !usable_inside; t++)
			for (i = 0; i < ARRAY_SIZE(lens); i++)
				errs[t][i] = crypto_shash_tfm_digest(tfms[t], buf,
								     cfg->nonce_len + lens[i],
								     outs[t][i]);
		kfast_simd_end(&simd);
	}
	if (usable_inside) {
		kfast_hash_free_all(tfms, n);
		kunit_skip(test, "crypto_simd_usable() stays true inside a SIMD section here");
	}
	for (t = 0; t < n; t++) {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			KUNIT_EXPECT_EQ(test, errs[t][i], 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], buf,
								      cfg->nonce_len + lens[i],
								      ref), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(outs[t][i], ref, cfg->digest_size), 0,
					    "%s without SIMD, length %u", names[t], lens[i]);
		}
	}
	kfast_hash_free_all(tfms, n);
#else
	kunit_skip(test, "no way to make SIMD unusable on this architecture");
#endif
}

#ifdef KFAST_HAVE_KUNIT_IRQ_TEST
struct kfast_hash_irq_state {
	const struct kfast_hash_test_cfg *cfg;
	struct crypto_shash *tfm;
	const u8 *buf;
	unsigned int lens[4];
	u8 expected[4][KFAST_HASH_MAX_DIGEST];
	atomic_t next;
};

static bool kfast_hash_irq_func(void *arg)
{
	struct kfast_hash_irq_state *s = arg;
	unsigned int i = (unsigned int)atomic_inc_return(&s->next) % 4;
	u8 out[KFAST_HASH_MAX_DIGEST];

	if (crypto_shash_tfm_digest(s->tfm, s->buf, s->cfg->nonce_len + s->lens[i], out))
		return false;
	return memcmp(out, s->expected[i], s->cfg->digest_size) == 0;
}
#endif

/* Each driver concurrently in task, softirq and hardirq context (7.x). */
static void __maybe_unused kfast_hash_case_irq(struct kunit *test)
{
#ifdef KFAST_HAVE_KUNIT_IRQ_TEST
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	struct kfast_hash_irq_state *s;
	u64 rng = 0x19d + cfg->key_len;
	size_t total = cfg->nonce_len + 2048;
	unsigned int n, t, i;
	u8 *key, *buf;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, total, GFP_KERNEL);
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s);
	kfast_test_fill(&rng, buf, total);
	kfast_hash_fix_nonce(cfg, buf);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);

	s->cfg = cfg;
	s->buf = buf;
	s->lens[0] = 0;
	s->lens[1] = 48;
	s->lens[2] = 300;
	s->lens[3] = 2048;
	for (i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], buf,
							      cfg->nonce_len + s->lens[i],
							      s->expected[i]), 0);
	for (t = 0; t < n; t++) {
		s->tfm = tfms[t];
		kunit_info(test, "%s in task/softirq/hardirq context", names[t]);
		kunit_run_irq_test(test, kfast_hash_irq_func, 20000, s);
	}
	kfast_hash_free_all(tfms, n);
#else
	kunit_skip(test, "kunit_run_irq_test() needs 7.x");
#endif
}

struct kfast_hash_unwind_op {
	struct crypto_shash *tfm;
	const u8 *buf;
	unsigned int len;
	u8 out[KFAST_HASH_MAX_DIGEST];
};

static int kfast_hash_unwind_op(void *arg)
{
	struct kfast_hash_unwind_op *o = arg;

	return crypto_shash_tfm_digest(o->tfm, o->buf, o->len, o->out);
}

/*
 * Stack traces from a hard-IRQ timer that interrupts each driver reach the
 * caller (kunit/unwind-test.h).  64 KiB messages, so that the interrupts
 * land in the bulk loops, assembly included.
 */
static void __maybe_unused kfast_hash_case_unwind(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	struct kfast_hash_unwind_op *o;
	u64 rng = 0xf4a3e + cfg->key_len;
	unsigned int n, t;
	u8 *key, *buf;

	key = kfast_hash_random_key(test, cfg, &rng);
	o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, o);
	o->len = cfg->nonce_len + SZ_64K;
	buf = kunit_kmalloc(test, o->len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	kfast_test_fill(&rng, buf, o->len);
	kfast_hash_fix_nonce(cfg, buf);
	o->buf = buf;
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);
	for (t = 0; t < n; t++) {
		o->tfm = tfms[t];
		kfast_unwind_check(test, names[t], &crypto_shash_alg(tfms[t])->base,
				   kfast_hash_unwind_op, o);
	}
	kfast_hash_free_all(tfms, n);
}

/* ---- Concurrency stress (kunit/stress-test.h) --------------------------- */

#define KFAST_HASH_STRESS_KEYS	2

/* Every driver keyed with each of two keys: the tfms all workers share. */
struct kfast_hash_stress {
	const struct kfast_hash_test_cfg *cfg;
	struct crypto_shash *tfms[KFAST_HASH_STRESS_KEYS][KFAST_HASH_MAX_DRIVERS];
	unsigned int n;
};

struct kfast_hash_stress_scratch {
	u8 out[KFAST_HASH_MAX_DIGEST];
	u8 ref[KFAST_HASH_MAX_DIGEST];
	u8 data[];	/* nonce + message, at one of 64 misalignments */
};

static void *kfast_hash_stress_alloc(void *shared)
{
	const struct kfast_hash_stress *hs = shared;

	return kmalloc(sizeof(struct kfast_hash_stress_scratch) + 64 +
		       hs->cfg->nonce_len + KFAST_STRESS_MAX_LEN, GFP_KERNEL);
}

static void kfast_hash_stress_free(void *shared, void *scratch)
{
	kfree(scratch);
}

/*
 * A random key, driver, length and misalignment; the digest through random
 * update splits, checked against generic's one-shot digest.
 */
static int kfast_hash_stress_op(void *shared, void *scratch, u64 *rng,
				unsigned int max_len)
{
	const struct kfast_hash_stress *hs = shared;
	const struct kfast_hash_test_cfg *cfg = hs->cfg;
	struct kfast_hash_stress_scratch *sc = scratch;
	unsigned int k = kfast_test_rand_below(rng, KFAST_HASH_STRESS_KEYS);
	unsigned int t = kfast_test_rand_below(rng, hs->n);
	unsigned int len = kfast_test_rand_below(rng, max_len + 1);
	u8 *data = sc->data + kfast_test_rand_below(rng, 64);

	if (kfast_test_rand_below(rng, 4) == 0)
		len = kfast_test_rand_below(rng, 64);
	len += cfg->nonce_len;
	kfast_test_fill(rng, data, len);
	kfast_hash_fix_nonce(cfg, data);
	if (kfast_hash_split(hs->tfms[k][t], data, len, sc->out, rng) ||
	    crypto_shash_tfm_digest(hs->tfms[k][0], data, len, sc->ref))
		return KFAST_STRESS_ERROR;
	return memcmp(sc->out, sc->ref, cfg->digest_size) ?
	       KFAST_STRESS_MISMATCH : KFAST_STRESS_OK;
}

/* All drivers at once from every CPU and context (kunit/stress-test.h). */
static void __maybe_unused kfast_hash_case_stress(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	const char *names[KFAST_HASH_MAX_DRIVERS];
	struct kfast_stress s = {
		.op = kfast_hash_stress_op,
		.scratch_alloc = kfast_hash_stress_alloc,
		.scratch_free = kfast_hash_stress_free,
	};
	char name[KUNIT_PARAM_DESC_SIZE];
	struct kfast_hash_stress *hs;
	u64 rng = 0x57e55 + cfg->key_len;
	unsigned int k, n;

	hs = kunit_kzalloc(test, sizeof(*hs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, hs);
	hs->cfg = cfg;
	for (k = 0; k < KFAST_HASH_STRESS_KEYS; k++) {
		n = kfast_hash_alloc_all(test, cfg, kfast_hash_random_key(test, cfg, &rng),
					 hs->tfms[k], names);
		if (!n || (k && n != hs->n)) {
			kfast_hash_free_all(hs->tfms[k], n);
			while (k--)
				kfast_hash_free_all(hs->tfms[k], hs->n);
			KUNIT_FAIL(test, "allocating the drivers failed");
			return;
		}
		hs->n = n;
	}
	s.shared = hs;
	kfast_hash_cfg_desc(cfg, name);
	kfast_stress_run(test, &s, name);
	for (k = 0; k < KFAST_HASH_STRESS_KEYS; k++)
		kfast_hash_free_all(hs->tfms[k], hs->n);
}

#endif /* KFAST_HASH_TEST_TEMPLATE_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for kfast_umac.ko: umac32/64/96/128(aes), every
 * implementation tier through the crypto API by driver name.  The data of
 * every request is the 8-byte nonce followed by the message.
 *
 *  - all RFC 4418 appendix vectors (UMAC-32/64/96; the 'a' x 2^25 row with
 *    the author's corrected tags), streamed from their patterns, on the
 *    cra_name and on every registered driver; UMAC-128's first 12 bytes
 *    against the UMAC-96 column (the RFC prints no UMAC-128 tags);
 *  - tag-length consistency: with the nonce's low 2 bits clear, UMAC-32/64/96
 *    tags are prefixes of the UMAC-128 tag (shared subkeys and pad block);
 *  - lengths around the 2^24-byte POLY-64/POLY-128 switch (odd and even
 *    numbers of 128-bit words, partial chunks), each tier against generic:
 *    the common 16 MiB prefix is hashed once per driver and the state
 *    exported, each tail continues from an import;
 *  - export/import exactly around the nonce, the 32-byte NH unit and the
 *    1024-byte chunk boundaries;
 *  - the shared cases of hash-test-template.h: all lengths 0..4096 generic
 *    vs each tier (one checksum per driver), random splits, misalignment,
 *    export/import mid-stream, import of hostile state blobs, bad key
 *    lengths, -ENOKEY, data shorter than the nonce, no-SIMD context,
 *    task/softirq/hardirq (7.x).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <crypto/hash.h>

#include "hash-test-template.h"
#include "vectors/umac_vectors.h"
#include "../umac/umac.h"

#define UMAC_TEST_NONCE	8

/* Every tier's driver (UMAC_TIERS), generic first. */
#define UMAC_TIER_DRIVER32(id, suffix, prio, present) "umac32-aes-" suffix,
#define UMAC_TIER_DRIVER64(id, suffix, prio, present) "umac64-aes-" suffix,
#define UMAC_TIER_DRIVER96(id, suffix, prio, present) "umac96-aes-" suffix,
#define UMAC_TIER_DRIVER128(id, suffix, prio, present) "umac128-aes-" suffix,
static const char *const umac32_drivers[] = { UMAC_TIERS(UMAC_TIER_DRIVER32) NULL };
static const char *const umac64_drivers[] = { UMAC_TIERS(UMAC_TIER_DRIVER64) NULL };
static const char *const umac96_drivers[] = { UMAC_TIERS(UMAC_TIER_DRIVER96) NULL };
static const char *const umac128_drivers[] = { UMAC_TIERS(UMAC_TIER_DRIVER128) NULL };
static const unsigned int umac_key_lens[] = { 16, 0 };

#define UMAC_CFG(bits)							\
	{								\
		.cra_name = "umac" #bits "(aes)",			\
		.drivers = umac##bits##_drivers,			\
		.key_len = 16,						\
		.valid_key_lens = umac_key_lens,			\
		.nonce_len = UMAC_TEST_NONCE,				\
		.nonce_mask0 = 0xff,	/* every nonce is valid */	\
		.digest_size = (bits) / 8,				\
		.max_len = 4096,					\
	}

static const struct kfast_hash_test_cfg umac_cfgs[] = {
	UMAC_CFG(32), UMAC_CFG(64), UMAC_CFG(96), UMAC_CFG(128),
};

KUNIT_ARRAY_PARAM(umac_cfg, umac_cfgs, kfast_hash_cfg_desc);

static const char *const *umac_drivers_for(unsigned int tag_len)
{
	switch (tag_len) {
	case 4: return umac32_drivers;
	case 8: return umac64_drivers;
	case 12: return umac96_drivers;
	default: return umac128_drivers;
	}
}

/* Tag of nonce || unit^repeat, the message streamed in pieces of chunk. */
static int umac_test_pattern(struct crypto_shash *tfm,
			     const struct umac_testvec *v, const u8 *chunk,
			     size_t chunk_units, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	unsigned int left = v->repeat;
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	if (!err)
		err = crypto_shash_update(desc, v->nonce, v->nonce_len);
	while (!err && left) {
		unsigned int n = min_t(unsigned int, left, chunk_units);

		err = crypto_shash_update(desc, chunk, n * v->unit_len);
		left -= n;
	}
	if (!err)
		err = crypto_shash_final(desc, out);
	shash_desc_zero(desc);
	return err;
}

/* Runs vector v on one algorithm/driver name; false if it is not registered. */
static bool umac_check_vector(struct kunit *test, const char *name,
			      const struct umac_testvec *v, const u8 *chunk,
			      size_t chunk_units, unsigned int cmp_len)
{
	struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);
	u8 out[16] = {};

	if (IS_ERR(tfm))
		return false;
	KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, v->key, 16), 0);
	KUNIT_EXPECT_EQ(test, umac_test_pattern(tfm, v, chunk, chunk_units, out), 0);
	KUNIT_EXPECT_EQ_MSG(test, memcmp(out, v->tag, cmp_len), 0, "%s on %s",
			    v->name, crypto_shash_driver_name(tfm));
	if (v->tag_as_printed)
		KUNIT_EXPECT_NE_MSG(test, memcmp(out, v->tag_as_printed, cmp_len), 0,
				    "%s on %s equals the RFC's misprinted tag", v->name,
				    crypto_shash_driver_name(tfm));
	crypto_free_shash(tfm);
	return true;
}

static void umac_rfc_vectors(struct kunit *test)
{
	const size_t chunk_units = 1000;	/* 1000 or 3000-byte pieces */
	u8 *chunk = kunit_kmalloc(test, chunk_units * 3, GFP_KERNEL);
	unsigned int i, d;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, chunk);
	for (i = 0; i < ARRAY_SIZE(umac_testvecs); i++) {
		const struct umac_testvec *v = &umac_testvecs[i];
		const char *const *drivers = umac_drivers_for(v->tag_len);
		char cra_name[32];

		KUNIT_ASSERT_LE(test, v->unit_len, 3u);
		KUNIT_ASSERT_EQ(test, v->nonce_len, (unsigned int)UMAC_TEST_NONCE);
		for (d = 0; d < chunk_units; d++)
			memcpy(chunk + d * v->unit_len, v->unit, v->unit_len);
		snprintf(cra_name, sizeof(cra_name), "umac%u(aes)", v->tag_len * 8);
		KUNIT_EXPECT_TRUE_MSG(test, umac_check_vector(test, cra_name, v, chunk,
							      chunk_units, v->tag_len),
				      "%s not available", cra_name);
		for (d = 0; drivers[d]; d++) {
			bool ok = umac_check_vector(test, drivers[d], v, chunk,
						    chunk_units, v->tag_len);

			/* Only the SIMD tiers may be missing. */
			KUNIT_EXPECT_TRUE_MSG(test, ok || d > 0, "%s not available",
					      drivers[d]);
		}
		/* No UMAC-128 column: its first 12 bytes are UMAC-96's tag. */
		if (v->tag_len == 12)
			for (d = 0; umac128_drivers[d]; d++)
				umac_check_vector(test, umac128_drivers[d], v, chunk,
						  chunk_units, 12);
	}
}

/*
 * With the nonce's low 2 bits clear, UMAC-32/64/96 use pad bytes 0..n-1
 * of the same AES block as UMAC-128, and their UHASH iterations are the
 * first ones of UMAC-128's: every shorter tag is a prefix of UMAC-128's.
 */
static void umac_tag_prefixes(struct kunit *test)
{
	static const unsigned int lens[] = { 0, 1, 31, 32, 1000, 1024, 1025, 5000 };
	const char *const *lists[] = { umac32_drivers, umac64_drivers,
				       umac96_drivers, umac128_drivers };
	size_t maxlen = UMAC_TEST_NONCE + 5000;
	u64 rng = 0x9e37;
	unsigned int d, l, i;
	u8 key[16], *buf;

	buf = kunit_kmalloc(test, maxlen, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	kfast_test_fill(&rng, key, sizeof(key));
	kfast_test_fill(&rng, buf, maxlen);
	buf[UMAC_TEST_NONCE - 1] &= ~3;
	for (d = 0; umac128_drivers[d]; d++) {
		struct crypto_shash *tfms[4];
		u8 tags[4][16];

		for (l = 0; l < 4; l++) {
			tfms[l] = crypto_alloc_shash(lists[l][d], 0, 0);
			if (IS_ERR(tfms[l]))
				break;
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfms[l], key, 16), 0);
		}
		if (l < 4) {
			KUNIT_EXPECT_GT_MSG(test, d, 0u, "%s missing", lists[l][d]);
			while (l--)
				crypto_free_shash(tfms[l]);
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			for (l = 0; l < 4; l++)
				KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[l], buf,
						UMAC_TEST_NONCE + lens[i], tags[l]), 0);
			for (l = 0; l < 3; l++)
				KUNIT_EXPECT_EQ_MSG(test, memcmp(tags[l], tags[3], 4 * (l + 1)),
						    0, "%s is not a prefix of %s, length %u",
						    lists[l][d], lists[3][d], lens[i]);
		}
		for (l = 0; l < 4; l++)
			crypto_free_shash(tfms[l]);
	}
}

/* Feeds len bytes of a non-periodic-looking stream (buf repeated) to desc. */
static int umac_feed(struct shash_desc *desc, const u8 *buf, size_t buflen,
		     size_t *pos, size_t len)
{
	int err = 0;

	while (!err && len) {
		size_t off = *pos % buflen, n = min(len, buflen - off);

		err = crypto_shash_update(desc, buf + off, n);
		*pos += n;
		len -= n;
	}
	return err;
}

/*
 * Message lengths 2^24 - 2048 + tail: POLY-64 alone up to 2^24 bytes, then
 * POLY-128 with an odd or even number of 64-bit words, full or partial
 * last chunks.
 */
static const size_t umac_poly_tails[] = {
	0, 1, 32, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3072 + 96, 4096,
	4096 + 500, 5120, 8192 + 7,
};

static void umac_poly_switch(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	const size_t buflen = 63001, prefix = (1 << 24) - 4096;
	u8 ref[ARRAY_SIZE(umac_poly_tails)][16], out[16], *buf, *state, key[16];
	u64 rng = 0x2b24 + cfg->digest_size;
	unsigned int d, i, ndrv = 0;

	buf = kunit_kmalloc(test, buflen, GFP_KERNEL);
	state = kunit_kmalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, state);
	kfast_test_fill(&rng, buf, buflen);
	kfast_test_fill(&rng, key, sizeof(key));

	for (d = 0; cfg->drivers[d]; d++) {
		struct crypto_shash *tfm = kfast_hash_alloc(test, cfg, cfg->drivers[d], key);
		size_t pos = 0;

		if (!tfm) {
			if (!d)
				return;		/* generic missing: already failed */
			continue;
		}
		ndrv++;
		{
			SHASH_DESC_ON_STACK(desc, tfm);

			desc->tfm = tfm;
			KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
			/* nonce = the first 8 bytes of the stream */
			KUNIT_ASSERT_EQ(test, umac_feed(desc, buf, buflen, &pos,
							UMAC_TEST_NONCE + prefix), 0);
			KUNIT_ASSERT_LE(test, crypto_shash_statesize(tfm), 512u);
			KUNIT_ASSERT_EQ(test, crypto_shash_export(desc, state), 0);
			shash_desc_zero(desc);
		}
		for (i = 0; i < ARRAY_SIZE(umac_poly_tails); i++) {
			SHASH_DESC_ON_STACK(desc, tfm);
			size_t len = (1 << 24) - 2048 + umac_poly_tails[i];
			size_t p = pos;

			desc->tfm = tfm;
			KUNIT_ASSERT_EQ(test, crypto_shash_import(desc, state), 0);
			KUNIT_ASSERT_EQ(test, umac_feed(desc, buf, buflen, &p, len - prefix), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_final(desc, d ? out : ref[i]), 0);
			if (d)
				KUNIT_EXPECT_EQ_MSG(test, memcmp(out, ref[i], cfg->digest_size),
						    0, "%s vs %s: length 2^24 - 2048 + %zu",
						    cfg->drivers[d], cfg->drivers[0],
						    umac_poly_tails[i]);
		}
		crypto_free_shash(tfm);
	}
	kunit_info(test, "%s: %u drivers, %zu lengths around 2^24", cfg->cra_name,
		   ndrv, ARRAY_SIZE(umac_poly_tails));
}

/* export() at the nonce, NH-unit and chunk boundaries, import() into a fresh desc. */
static void umac_export_boundaries(struct kunit *test)
{
	const struct kfast_hash_test_cfg *cfg = test->param_value;
	static const size_t splits[] = {
		0, 1, 7, 8, 9, 8 + 31, 8 + 32, 8 + 33, 8 + 1023, 8 + 1024, 8 + 1025,
		8 + 2047, 8 + 2048, 8 + 2049, 8 + 3000,
	};
	const size_t len = UMAC_TEST_NONCE + 3000;
	struct crypto_shash *tfms[KFAST_HASH_MAX_DRIVERS];
	const char *names[KFAST_HASH_MAX_DRIVERS];
	u8 ref[16], out[16], *buf, *state, *key;
	u64 rng = 0xb0d + cfg->digest_size;
	unsigned int n, t, i;

	key = kfast_hash_random_key(test, cfg, &rng);
	buf = kunit_kmalloc(test, len, GFP_KERNEL);
	state = kunit_kmalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, state);
	kfast_test_fill(&rng, buf, len);
	n = kfast_hash_alloc_all(test, cfg, key, tfms, names);
	KUNIT_ASSERT_GT(test, n, 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfms[0], buf, len, ref), 0);

	for (t = 0; t < n; t++) {
		KUNIT_ASSERT_LE(test, crypto_shash_statesize(tfms[t]), 512u);
		for (i = 0; i < ARRAY_SIZE(splits); i++) {
			SHASH_DESC_ON_STACK(d1, tfms[t]);
			SHASH_DESC_ON_STACK(d2, tfms[t]);

			d1->tfm = tfms[t];
			d2->tfm = tfms[t];
			KUNIT_ASSERT_EQ(test, crypto_shash_init(d1), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d1, buf, splits[i]), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_export(d1, state), 0);
			shash_desc_zero(d1);
			KUNIT_ASSERT_EQ(test, crypto_shash_import(d2, state), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_finup(d2, buf + splits[i],
								len - splits[i], out), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(out, ref, cfg->digest_size), 0,
					    "%s: export/import at %zu", names[t], splits[i]);
		}
		/* A corrupted state is refused rather than trusted. */
		{
			SHASH_DESC_ON_STACK(d1, tfms[t]);

			d1->tfm = tfms[t];
			KUNIT_ASSERT_EQ(test, crypto_shash_init(d1), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d1, buf, 100), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_export(d1, state), 0);
			memset(state, 0xff, crypto_shash_statesize(tfms[t]));
			KUNIT_EXPECT_EQ_MSG(test, crypto_shash_import(d1, state), -EINVAL,
					    "%s: garbage state imported", names[t]);
			shash_desc_zero(d1);
		}
	}
	kfast_hash_free_all(tfms, n);
}

static struct kunit_case umac_test_cases[] = {
	KUNIT_CASE(umac_rfc_vectors),
	KUNIT_CASE(umac_tag_prefixes),
	KUNIT_CASE_PARAM(umac_poly_switch, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(umac_export_boundaries, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_all_lengths, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_random_splits, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_misaligned, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_export_import, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_import_fuzz, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_bad_keys, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_short_data, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_update_after_error, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_nosimd, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_irq, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_stress, umac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_unwind, umac_cfg_gen_params),
	{}
};

static struct kunit_suite umac_test_suite = {
	.name = "kfast_umac",
	.test_cases = umac_test_cases,
};
kunit_test_suite(umac_test_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for kfast_umac (umac32/64/96/128(aes))");

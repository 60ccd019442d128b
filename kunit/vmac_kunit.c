// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for kfast_vmac.ko: vmac64(aes) and vmac128(aes), every
 * implementation tier through the crypto API by driver name.
 *
 *  - draft-krovetz-vmac-01 vectors (VMAC-64 and VMAC-128, including
 *    'abc' x 1000000 streamed from its pattern), nonce left-padded to 16
 *    bytes and sent as the first 16 bytes of data;
 *  - the Linux testmgr vmac64(aes) vectors;
 *  - differential test against the kernel's own vmac64 template
 *    (vmac64(aes-generic), vmac.ko, 6.1/6.12 only; skipped elsewhere);
 *  - the shared cases of hash-test-template.h for vmac64/vmac128 with
 *    AES-128/192/256 keys: all lengths 0..4096 generic vs each tier,
 *    random splits, misalignment, export/import mid-stream, import of
 *    hostile state blobs, bad keys, -ENOKEY, short data, no-SIMD context,
 *    task/softirq/hardirq (7.x).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <crypto/hash.h>

#include "hash-test-template.h"
#include "vectors/vmac_vectors.h"
#include "../vmac/vmac.h"

/* Every tier's driver (VMAC_TIERS), generic first. */
#define VMAC_TIER_DRIVER64(id, suffix, prio, present) "vmac64-aes-" suffix,
#define VMAC_TIER_DRIVER128(id, suffix, prio, present) "vmac128-aes-" suffix,
static const char *const vmac64_drivers[] = { VMAC_TIERS(VMAC_TIER_DRIVER64) NULL };
static const char *const vmac128_drivers[] = { VMAC_TIERS(VMAC_TIER_DRIVER128) NULL };
static const unsigned int vmac_key_lens[] = { 16, 24, 32, 0 };

#define VMAC_CFG(bits, klen)						\
	{								\
		.cra_name = "vmac" #bits "(aes)",			\
		.drivers = vmac##bits##_drivers,			\
		.key_len = klen,					\
		.valid_key_lens = vmac_key_lens,			\
		.nonce_len = 16,					\
		.nonce_mask0 = 0x7f,	/* nonce top bit must be 0 */	\
		.digest_size = (bits) / 8,				\
		.max_len = 4096,					\
	}

static const struct kfast_hash_test_cfg vmac_cfgs[] = {
	VMAC_CFG(64, 16), VMAC_CFG(64, 24), VMAC_CFG(64, 32),
	VMAC_CFG(128, 16), VMAC_CFG(128, 24), VMAC_CFG(128, 32),
};

KUNIT_ARRAY_PARAM(vmac_cfg, vmac_cfgs, kfast_hash_cfg_desc);

/* Tag of nonce || unit^repeat, the message streamed in pieces. */
static int vmac_test_pattern(struct crypto_shash *tfm, const u8 nonce[16],
			     const struct vmac_draft_vec *v, u8 *chunk,
			     size_t chunk_units, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	unsigned int left = v->repeat, i;
	int err;

	for (i = 0; i < chunk_units; i++)
		memcpy(chunk + i * v->unit_len, v->unit, v->unit_len);
	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	if (!err)
		err = crypto_shash_update(desc, nonce, 16);
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

static void vmac_draft_vectors(struct kunit *test)
{
	const size_t chunk_units = 1024;	/* 3 KiB pieces, not a multiple of 128 */
	u8 *chunk = kunit_kmalloc(test, chunk_units * 3, GFP_KERNEL);
	unsigned int i, d;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, chunk);
	for (i = 0; i < ARRAY_SIZE(vmac_draft_vecs); i++) {
		const struct vmac_draft_vec *v = &vmac_draft_vecs[i];
		const char *const *drivers = v->tag_len == 8 ? vmac64_drivers : vmac128_drivers;
		const char *names[VMAC_NR_IMPLS + 1] = {
			v->tag_len == 8 ? "vmac64(aes)" : "vmac128(aes)"
		};
		u8 nonce[16] = {}, out[16];

		KUNIT_ASSERT_LE(test, v->unit_len, 3u);
		memcpy(nonce + 16 - v->nonce_len, v->nonce, v->nonce_len);
		for (d = 0; drivers[d]; d++)
			names[d + 1] = drivers[d];
		for (d = 0; d < ARRAY_SIZE(names) && names[d]; d++) {
			struct crypto_shash *tfm = crypto_alloc_shash(names[d], 0, 0);

			if (IS_ERR(tfm)) {
				/* Only the SIMD tiers may be missing. */
				KUNIT_EXPECT_GE_MSG(test, d, 2u, "%s: %ld", names[d],
						    PTR_ERR(tfm));
				continue;
			}
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, v->key, v->key_len), 0);
			memset(out, 0, sizeof(out));
			KUNIT_EXPECT_EQ(test, vmac_test_pattern(tfm, nonce, v, chunk,
								chunk_units, out), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(out, v->tag, v->tag_len), 0,
					    "%s on %s", v->name, crypto_shash_driver_name(tfm));
			crypto_free_shash(tfm);
		}
	}
}

static void vmac_linux_vectors(struct kunit *test)
{
	static const char * const names[] = { "vmac64(aes)", VMAC_TIERS(VMAC_TIER_DRIVER64) };
	unsigned int i, d;

	for (d = 0; d < ARRAY_SIZE(names); d++) {
		struct crypto_shash *tfm = crypto_alloc_shash(names[d], 0, 0);

		if (IS_ERR(tfm)) {
			KUNIT_EXPECT_GE_MSG(test, d, 2u, "%s: %ld", names[d], PTR_ERR(tfm));
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(vmac_linux_vecs); i++) {
			const struct vmac_linux_vec *v = &vmac_linux_vecs[i];
			u8 out[8] = {};

			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, v->key, v->key_len), 0);
			KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, v->data, v->data_len,
								      out), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(out, v->digest, 8), 0, "%s on %s",
					    v->name, crypto_shash_driver_name(tfm));
		}
		crypto_free_shash(tfm);
	}
}

/*
 * Against the kernel's own vmac64 template (crypto/vmac.c, module vmac.ko,
 * present up to 6.13): random 16-byte keys, nonces and lengths up to 64 KiB.
 */
static void vmac_kernel_template_differential(struct kunit *test)
{
	struct crypto_shash *ref = crypto_alloc_shash("vmac64(aes-generic)", 0, 0);
	struct crypto_shash *ours[VMAC_NR_IMPLS] = {};
	const size_t maxlen = 16 + 65536;
	u64 rng = 0xd1ff;
	unsigned int i, d, n = 0;
	u8 key[16], *buf;

	if (IS_ERR(ref))
		kunit_skip(test, "kernel vmac64 template not available (%ld)", PTR_ERR(ref));
	KUNIT_EXPECT_STRNEQ(test, crypto_shash_driver_name(ref), "vmac64-aes-generic");
	buf = kvmalloc(maxlen, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (d = 0; vmac64_drivers[d]; d++) {
		struct crypto_shash *tfm = crypto_alloc_shash(vmac64_drivers[d], 0, 0);

		if (!IS_ERR(tfm))
			ours[n++] = tfm;
	}
	KUNIT_ASSERT_GT(test, n, 0u);

	for (i = 0; i < 200; i++) {
		size_t len = 16 + kfast_test_rand(&rng) % (i < 100 ? 600 : 65537);
		u8 want[8], got[8];

		kfast_test_fill(&rng, key, sizeof(key));
		kfast_test_fill(&rng, buf, len);
		buf[0] &= 0x7f;
		KUNIT_ASSERT_EQ(test, crypto_shash_setkey(ref, key, 16), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ref, buf, len, want), 0);
		for (d = 0; d < n; d++) {
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(ours[d], key, 16), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ours[d], buf, len, got), 0);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(got, want, 8), 0, "%s vs %s, length %zu",
					    crypto_shash_driver_name(ours[d]),
					    crypto_shash_driver_name(ref), len);
		}
	}
	kunit_info(test, "200 random messages: %u drivers == %s", n,
		   crypto_shash_driver_name(ref));
	for (d = 0; d < n; d++)
		crypto_free_shash(ours[d]);
	crypto_free_shash(ref);
	kvfree(buf);
}

/* A nonce with its top bit set is rejected at final, on every driver. */
static void vmac_bad_nonce(struct kunit *test)
{
	const char *const *lists[] = { vmac64_drivers, vmac128_drivers };
	u8 key[16] = { 7 }, data[40] = { 0x80 }, out[16];
	unsigned int l, d;

	for (l = 0; l < ARRAY_SIZE(lists); l++) {
		for (d = 0; lists[l][d]; d++) {
			struct crypto_shash *tfm = crypto_alloc_shash(lists[l][d], 0, 0);

			if (IS_ERR(tfm))
				continue;
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key, 16), 0);
			KUNIT_EXPECT_EQ_MSG(test, crypto_shash_tfm_digest(tfm, data,
									  sizeof(data), out),
					    -EINVAL, "%s", lists[l][d]);
			data[0] = 0x7f;
			KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, data, sizeof(data),
								      out), 0);
			data[0] = 0x80;
			crypto_free_shash(tfm);
		}
	}
}

static struct kunit_case vmac_test_cases[] = {
	KUNIT_CASE(vmac_draft_vectors),
	KUNIT_CASE(vmac_linux_vectors),
	KUNIT_CASE(vmac_kernel_template_differential),
	KUNIT_CASE(vmac_bad_nonce),
	KUNIT_CASE_PARAM(kfast_hash_case_all_lengths, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_random_splits, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_misaligned, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_export_import, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_import_fuzz, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_bad_keys, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_short_data, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_update_after_error, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_nosimd, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_irq, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_stress, vmac_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_hash_case_unwind, vmac_cfg_gen_params),
	{}
};

static struct kunit_suite vmac_test_suite = {
	.name = "kfast_vmac",
	.test_cases = vmac_test_cases,
};
kunit_test_suite(vmac_test_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for kfast_vmac (vmac64(aes), vmac128(aes))");

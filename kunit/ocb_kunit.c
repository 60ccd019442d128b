// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for the ocb(aes) drivers of kfast_ocb.ko, through the crypto
 * API by driver name, so every SIMD tier registered on this CPU is checked
 * against RFC 7253 and against ocb-aes-generic.
 *
 *  - the shared cases of aead-test-template.h with all RFC 7253 Appendix A
 *    tuples (TAGLEN 128 and the TAGLEN 96 one): out of place and in place;
 *    each byte of AAD, ciphertext and tag flipped; every (AAD, text) length
 *    pair up to 256 with the tag lengths 16, 12 and 8 in turn, and random
 *    ones up to 64 KiB, each tier against generic, with round trips;
 *    random scatterlist layouts; no SIMD, BHs and IRQs disabled; bad key
 *    lengths, authsizes, short ciphertexts; stack traces from interrupts
 *    that land in each driver;
 *  - the Appendix A iterated test (AES-128/192/256 x TAGLEN 128/96/64) on
 *    every driver, whose outputs the RFC prints.
 * The internal values of Appendix A are checked by the userspace test of
 * the core (selftests/user/test_ocb.c).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <crypto/aead.h>
#include "aead-test-template.h"
#include "../ocb/ocb.h"
#include "vectors/ocb_vectors.h"

/* Every tier's driver (OCB_TIERS), generic first. */
#define OCBT_TIER_DRIVER(id, suffix, prio, present) "ocb-aes-" suffix,
static const char *const ocbt_drivers[] = { OCB_TIERS(OCBT_TIER_DRIVER) NULL };

static const unsigned int ocbt_key_lens[] = { 16, 24, 32, 0 };
static const unsigned int ocbt_authsizes[] = { 16, 12, 8, 0 };

static const struct kfast_aead_test_cfg ocbt_cfgs[] = {
	{
		.cra_name = "ocb(aes)",
		.drivers = ocbt_drivers,
		.key_lens = ocbt_key_lens,
		.iv_len = OCB_NONCE_SIZE,
		.authsizes = ocbt_authsizes,
		.block_size = 1,
		.vecs = ocb_aead_testvecs,
		.num_vecs = ARRAY_SIZE(ocb_aead_testvecs),
		.max_len = 256,
	},
};

KUNIT_ARRAY_PARAM(ocbt_cfg, ocbt_cfgs, kfast_aead_cfg_desc);

/* The C of the iterated test is at most this long (TAGLEN 128). */
#define OCBT_ITER_MAX	22400

/* OCB-ENCRYPT(K, N, A, P) appended at c + *clen; false on a driver error. */
static bool ocbt_iter_seal(struct kunit *test, struct aeadt_drv *d, u32 n,
			   const u8 *a, unsigned int alen, const u8 *p,
			   unsigned int plen, u8 *c, size_t *clen, u8 *buf)
{
	unsigned int taglen = crypto_aead_authsize(d->tfm);
	u8 iv[OCB_NONCE_SIZE] = { };
	int err;

	put_unaligned_be32(n, iv + 8);
	memcpy(buf, a, alen);
	memcpy(buf + alen, p, plen);
	err = aeadt_crypt(d, true, iv, buf, alen, plen, alen + plen + taglen);
	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: iterated test seal %u", d->name, n);
	memcpy(c + *clen, buf + alen, plen + taglen);
	*clen += plen + taglen;
	return !err;
}

/*
 * RFC 7253 Appendix A: key 0^(KEYLEN-8) || TAGLEN; for i = 0..127, with
 * S = 0^(8i), C ||= OCB-ENCRYPT(K, 3i+1, S, S) || OCB-ENCRYPT(K, 3i+2, <>, S)
 * || OCB-ENCRYPT(K, 3i+3, S, <>); the output is OCB-ENCRYPT(K, 385, C, <>).
 */
static void ocbt_case_iterated(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	u8 *c, *buf, s[128] = { }, key[32], iv[OCB_NONCE_SIZE];
	unsigned int n, t, v, i;
	int err;

	c = aeadt_kmalloc(test, OCBT_ITER_MAX);
	buf = aeadt_kmalloc(test, OCBT_ITER_MAX + OCB_MAX_TAG_SIZE);
	n = aeadt_alloc_all(test, cfg, d);
	for (t = 0; t < n; t++) {
		for (v = 0; v < ARRAY_SIZE(ocb_iter_testvecs); v++) {
			const struct ocb_iter_testvec *it = &ocb_iter_testvecs[v];
			size_t clen = 0;
			bool ok = true;

			memset(key, 0, sizeof(key));
			key[it->klen - 1] = it->taglen * 8;
			if (crypto_aead_setkey(d[t].tfm, key, it->klen) ||
			    crypto_aead_setauthsize(d[t].tfm, it->taglen)) {
				KUNIT_FAIL(test, "%s: %s: setkey/setauthsize", d[t].name, it->name);
				continue;
			}
			for (i = 0; i < 128 && ok; i++) {
				ok = ocbt_iter_seal(test, &d[t], 3 * i + 1, s, i, s, i, c,
						    &clen, buf) &&
				     ocbt_iter_seal(test, &d[t], 3 * i + 2, s, 0, s, i, c,
						    &clen, buf) &&
				     ocbt_iter_seal(test, &d[t], 3 * i + 3, s, i, s, 0, c,
						    &clen, buf);
			}
			if (!ok)
				continue;
			KUNIT_EXPECT_EQ(test, clen, (size_t)it->clen);
			/* The last seal: C as the AAD, no text; the tag follows C. */
			memcpy(buf, c, clen);
			memset(iv, 0, sizeof(iv));
			put_unaligned_be32(385, iv + 8);
			err = aeadt_crypt(&d[t], true, iv, buf, clen, 0, clen + it->taglen);
			KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: iterated test seal 385", d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(buf + clen, it->output, it->taglen), 0,
					    "%s: %s: output mismatch", d[t].name, it->name);
		}
	}
	aeadt_free_all(d, n);
}

static struct kunit_case ocbt_cases[] = {
	KUNIT_CASE_PARAM(kfast_aead_case_vectors, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(ocbt_case_iterated, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_tamper, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_bad_inputs, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_atomic, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_unwind, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_random_layouts, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_all_lengths, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_random_lengths, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_nosimd, ocbt_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_stress, ocbt_cfg_gen_params),
	{}
};

static struct kunit_suite ocbt_suite = {
	.name = "kfast_ocb",
	.test_cases = ocbt_cases,
};

kunit_test_suite(ocbt_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for the kfast ocb(aes) drivers");

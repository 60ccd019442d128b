// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for the gcm-siv(aes) drivers of kfast_gcmsiv.ko, through the
 * crypto API by driver name, so every SIMD tier registered on this CPU is
 * checked against RFC 8452 and against gcm-siv-aes-generic.
 *
 *  - the shared cases of aead-test-template.h, with all RFC 8452 Appendix C
 *    vectors (C.1, C.2, C.3 counter wrap) and the section 8 example: the
 *    vectors out of place and in place; each byte of AAD, ciphertext and
 *    tag flipped; every (AAD, plaintext) length pair up to 256 and random
 *    ones up to 64 KiB, each tier against generic, with round trips;
 *    random scatterlist layouts; no SIMD, BHs and IRQs disabled; bad key
 *    lengths, authsizes, short ciphertexts, missing key; stack traces from
 *    interrupts that land in each driver;
 *  - POLYVAL itself (exported by the module): RFC 8452 section 7 and
 *    Appendix A examples, with the Appendix A erratum, and the POLYVAL
 *    input/result pairs the RFC prints for the vectors.
 * The other intermediate values of the RFC vectors (derived keys) are
 * checked by the userspace test of the core (selftests/user/test_gcm_siv.c).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <crypto/aead.h>
#include "aead-test-template.h"
#include "../gcmsiv/polyval.h"
#include "../gcmsiv/gcm_siv.h"
#include "vectors/gcm_siv_vectors.h"

/* Every tier's driver (GCM_SIV_TIERS), generic first. */
#define GSV_TIER_DRIVER(id, suffix, prio, present) "gcm-siv-aes-" suffix,
static const char *const gsv_drivers[] = { GCM_SIV_TIERS(GSV_TIER_DRIVER) NULL };

static const unsigned int gsv_key_lens[] = { 16, 32, 0 };
static const unsigned int gsv_authsizes[] = { 16, 0 };

static const struct kfast_aead_test_cfg gsv_cfgs[] = {
	{
		.cra_name = "gcm-siv(aes)",
		.drivers = gsv_drivers,
		.key_lens = gsv_key_lens,
		.iv_len = 12,
		.authsizes = gsv_authsizes,
		.block_size = 1,
		.vecs = gcm_siv_aead_testvecs,
		.num_vecs = ARRAY_SIZE(gcm_siv_aead_testvecs),
		.max_len = 256,
	},
};

KUNIT_ARRAY_PARAM(gsv_cfg, gsv_cfgs, kfast_aead_cfg_desc);

/* ---- POLYVAL --------------------------------------------------------------- */

static void gsv_dot(u8 out[16], const u8 a[16], const u8 b[16])
{
	struct kfast_polyval_elem x, y, r;

	kfast_polyval_elem_load(&x, a);
	kfast_polyval_elem_load(&y, b);
	kfast_polyval_dot(&r, &x, &y);
	kfast_polyval_elem_store(&r, out);
}

static void gsv_test_polyval(struct kunit *test)
{
	static const u8 one[16] = { 1 };
	struct kfast_polyval_key key;
	struct kfast_polyval_ctx ctx;
	u8 r[16], in[32], x[16] = { 1 };
	unsigned int i;

	gsv_dot(r, polyval_s7_a, polyval_s7_b);
	KUNIT_EXPECT_MEMEQ(test, r, polyval_s7_dot_a_b, 16);
	gsv_dot(r, one, one);
	KUNIT_EXPECT_MEMEQ(test, r, polyval_s7_x_minus_128, 16);
	gsv_dot(r, polyval_s7_a_times_b, one);
	KUNIT_EXPECT_MEMEQ(test, r, polyval_s7_dot_a_b, 16);

	memcpy(in, polyval_a_X1, 16);
	memcpy(in + 16, polyval_a_X2, 16);
	kfast_polyval_preparekey(&key, polyval_a_H);
	for (i = 0; i <= 32; i++) {
		kfast_polyval_init(&ctx, &key);
		kfast_polyval_update(&ctx, in, i);
		kfast_polyval_update(&ctx, in + i, 32 - i);
		kfast_polyval_final(&ctx, r);
		KUNIT_EXPECT_MEMEQ(test, r, polyval_a_polyval, 16);
	}

	/*
	 * mulX_POLYVAL(y) = y * x = dot(y, x^129 mod P); x^129 mod P is built
	 * independently of dot() by shifting 1 left 129 times with reduction.
	 */
	for (i = 0; i < 129; i++) {
		u64 lo = get_unaligned_le64(x), hi = get_unaligned_le64(x + 8);
		u64 carry = hi >> 63;

		hi = (hi << 1) | (lo >> 63);
		lo <<= 1;
		if (carry) {
			lo ^= 1;
			hi ^= (1ULL << 63) | (1ULL << 62) | (1ULL << 57);
		}
		put_unaligned_le64(lo, x);
		put_unaligned_le64(hi, x + 8);
	}
	gsv_dot(r, polyval_a_9c98, x);
	/* The corrected Appendix A value (the RFC prints ...ca5f2). */
	KUNIT_EXPECT_MEMEQ(test, r, polyval_a_mulx_9c98, 16);
	gsv_dot(r, one, x);
	KUNIT_EXPECT_MEMEQ(test, r, polyval_a_mulx_one, 16);
}

/* The printed POLYVAL input/result pairs, through the module's POLYVAL. */
static void gsv_test_vector_polyval(struct kunit *test)
{
	struct kfast_polyval_key key;
	unsigned int i;
	u8 s[16];

	for (i = 0; i < ARRAY_SIZE(gcm_siv_testvecs); i++) {
		const struct gcm_siv_testvec *v = &gcm_siv_testvecs[i];

		kfast_polyval_preparekey(&key, v->auth_key);
		kfast_polyval(&key, v->polyval_input, v->polyval_input_len, s);
		KUNIT_EXPECT_MEMEQ(test, s, v->polyval_result, 16);
	}
}

static struct kunit_case gsv_cases[] = {
	KUNIT_CASE(gsv_test_polyval),
	KUNIT_CASE(gsv_test_vector_polyval),
	KUNIT_CASE_PARAM(kfast_aead_case_vectors, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_tamper, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_bad_inputs, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_atomic, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_unwind, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_random_layouts, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_all_lengths, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_random_lengths, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_nosimd, gsv_cfg_gen_params),
	KUNIT_CASE_PARAM(kfast_aead_case_stress, gsv_cfg_gen_params),
	{}
};

static struct kunit_suite gsv_suite = {
	.name = "kfast_gcm_siv",
	.test_cases = gsv_cases,
};

kunit_test_suite(gsv_suite);

MODULE_LICENSE("GPL");
KFAST_IMPORT_NS();
MODULE_DESCRIPTION("KUnit tests for the kfast gcm-siv(aes) drivers and POLYVAL");

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Userspace tests of <kfast/aes.h>:
 *  - kfast_aes_expandkey_ct() against the key expansions of FIPS-197
 *    Appendix A (A.1-A.3: the last round key of each key size);
 *  - kfast_aes_invert_rk_ct() against AESIMC, and both schedules through
 *    every form of arch/x86/aes-aesni.S.inc's AESNI_ENCRYPT/AESNI_DECRYPT
 *    against the FIPS-197 Appendix C examples (C.1-C.3), on CPUs with
 *    AES-NI;
 *  - kfast_aes_encrypt_full() / kfast_aes_decrypt() against Appendix C,
 *    and random keys and blocks through both directions, also against the
 *    AES-NI macros with our schedules.
 */
#include <kfast/base.h>
#include <kfast/aes.h>
#include "utest.h"

#ifdef __x86_64__
#include <wmmintrin.h>
#define HAVE_AESNI_TEST 1
#endif

struct fips_example {
	const char *key, *last_rk, *ct;
};

/* Appendix A (last round key) and C (ciphertext of 00112233..eeff). */
static const struct fips_example fips[] = {
	{ "2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6", NULL },
	{ "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
	  "e98ba06f448c773c8ecc720401002202", NULL },
	{ "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
	  "fe4890d1e6188d0b046df344706c631e", NULL },
	{ "000102030405060708090a0b0c0d0e0f", NULL, "69c4e0d86a7b0430d8cdb78070b4c55a" },
	{ "000102030405060708090a0b0c0d0e0f1011121314151617", NULL,
	  "dda97ca4864cdfe06eaf70a0ec0d7191" },
	{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", NULL,
	  "8ea2b7ca516745bfeafc49904b496089" },
};

static size_t unhex(const char *h, u8 *out)
{
	size_t n = 0;

	for (; h[0] && h[1]; h += 2)
		sscanf(h, "%2hhx", &out[n++]);
	return n;
}

#ifdef HAVE_AESNI_TEST
typedef void aesni_fn(const u8 rk[][16], unsigned int nr, u8 out[16], const u8 in[16]);
aesni_fn kfast_test_aesni_enc_sse, kfast_test_aesni_enc_vex, kfast_test_aesni_enc_128_256_vex,
	kfast_test_aesni_dec_sse, kfast_test_aesni_dec_vex, kfast_test_aesni_enc_sse_10,
	kfast_test_aesni_enc_sse_12, kfast_test_aesni_enc_sse_14, kfast_test_aesni_dec_vex_10,
	kfast_test_aesni_dec_vex_12, kfast_test_aesni_dec_vex_14;

/* The forms of aes-aesni.S.inc's macros (aes-aesni-test.S), with the rounds they take. */
static const struct aesni_form {
	const char *name;
	aesni_fn *fn;
	bool dec, vex;
	unsigned int rounds;	/* 0: any; 1: 10 or 14 */
} aesni_forms[] = {
	{ "AESNI_ENCRYPT sse", kfast_test_aesni_enc_sse, false, false, 0 },
	{ "AESNI_ENCRYPT vex", kfast_test_aesni_enc_vex, false, true, 0 },
	{ "AESNI_ENCRYPT_128_256 vex", kfast_test_aesni_enc_128_256_vex, false, true, 1 },
	{ "AESNI_DECRYPT sse", kfast_test_aesni_dec_sse, true, false, 0 },
	{ "AESNI_DECRYPT vex", kfast_test_aesni_dec_vex, true, true, 0 },
	{ "AESNI_ENCRYPT sse 10", kfast_test_aesni_enc_sse_10, false, false, 10 },
	{ "AESNI_ENCRYPT sse 12", kfast_test_aesni_enc_sse_12, false, false, 12 },
	{ "AESNI_ENCRYPT sse 14", kfast_test_aesni_enc_sse_14, false, false, 14 },
	{ "AESNI_DECRYPT vex 10", kfast_test_aesni_dec_vex_10, true, true, 10 },
	{ "AESNI_DECRYPT vex 12", kfast_test_aesni_dec_vex_12, true, true, 12 },
	{ "AESNI_DECRYPT vex 14", kfast_test_aesni_dec_vex_14, true, true, 14 },
};

static bool aesni_form_takes(const struct aesni_form *f, unsigned int rounds)
{
	if (f->vex && !kfast_user_cpu_has(X86_FEATURE_AVX))
		return false;
	return !f->rounds || f->rounds == rounds || (f->rounds == 1 && rounds != 12);
}

static __attribute__((target("aes"))) void aesni_imc(u8 out[16], const u8 in[16])
{
	_mm_storeu_si128((__m128i *)out, _mm_aesimc_si128(_mm_loadu_si128((const __m128i *)in)));
}

static int have_aesni(void)
{
	return kfast_user_cpu_has(X86_FEATURE_AES);
}
#endif

/* Both schedules of @key through AES-NI rounds: E(in) = want, D(want) = in. */
static void check_aesni(const u8 *key, unsigned int klen, const u8 in[16], const u8 want[16])
{
#ifdef HAVE_AESNI_TEST
	u8 rk[KFAST_AES_MAX_ROUND_KEYS][16], drk[KFAST_AES_MAX_ROUND_KEYS][16], imc[16], out[16];
	unsigned int rounds = klen / 4 + 6, i;

	if (!have_aesni())
		return;
	kfast_aes_expandkey_ct(rk, key, klen);
	kfast_aes_invert_rk_ct(drk, rk, rounds);
	for (i = 1; i < rounds; i++) {
		aesni_imc(imc, rk[rounds - i]);
		UT_CHECK_MEMEQ(drk[i], imc, 16, "inverse round key %u (%u-byte key) = AESIMC", i,
			       klen);
	}
	UT_CHECK_MEMEQ(drk[0], rk[rounds], 16, "inverse round key 0");
	UT_CHECK_MEMEQ(drk[rounds], rk[0], 16, "inverse round key %u", rounds);
	for (i = 0; i < ARRAY_SIZE(aesni_forms); i++) {
		const struct aesni_form *f = &aesni_forms[i];

		if (!aesni_form_takes(f, rounds))
			continue;
		f->fn(f->dec ? drk : rk, rounds, out, f->dec ? want : in);
		UT_CHECK_MEMEQ(out, f->dec ? in : want, 16, "%s, %u-byte key", f->name, klen);
	}
#endif
}

static void test_fips(void)
{
	static const char pt_hex[] = "00112233445566778899aabbccddeeff";
	u8 key[32], want[16], pt[16], out[16], rk[KFAST_AES_MAX_ROUND_KEYS][16];
	struct kfast_aes_fullkey fk;
	unsigned int i, klen;

	unhex(pt_hex, pt);
	for (i = 0; i < ARRAY_SIZE(fips); i++) {
		klen = unhex(fips[i].key, key);
		if (fips[i].last_rk) {
			unhex(fips[i].last_rk, want);
			kfast_aes_expandkey_ct(rk, key, klen);
			UT_CHECK_MEMEQ(rk[klen / 4 + 6], want, 16,
				       "FIPS-197 A.%u: last round key", i + 1);
			continue;
		}
		unhex(fips[i].ct, want);
		UT_CHECK(kfast_aes_setkey_full(&fk, key, klen) == 0, "setkey %u", klen);
		kfast_aes_encrypt_full(&fk, out, pt);
		UT_CHECK_MEMEQ(out, want, 16, "FIPS-197 C.%u encryption", i - 2);
		kfast_aes_decrypt(&fk, out, want);
		UT_CHECK_MEMEQ(out, pt, 16, "FIPS-197 C.%u decryption", i - 2);
		check_aesni(key, klen, pt, want);
	}
}

/* Random keys of each size: the library and the AES-NI rounds agree. */
static void test_random(void)
{
	u64 rng = 0xae5;
	unsigned int t;

	for (t = 0; t < 300; t++) {
		unsigned int klen = 16 + 8 * (t % 3);
		struct kfast_aes_fullkey fk;
		u8 key[32], in[16], ct[16], back[16];

		kfast_test_fill(&rng, key, sizeof(key));
		kfast_test_fill(&rng, in, sizeof(in));
		UT_CHECK(kfast_aes_setkey_full(&fk, key, klen) == 0, "setkey %u", klen);
		kfast_aes_encrypt_full(&fk, ct, in);
		kfast_aes_decrypt(&fk, back, ct);
		UT_CHECK_MEMEQ(back, in, 16, "round trip, %u-byte key", klen);
		check_aesni(key, klen, in, ct);
	}
	UT_CHECK(kfast_aes_setkey_full(&(struct kfast_aes_fullkey){}, (const u8 *)"0123456789", 10)
		 == -EINVAL, "a 10-byte key is refused");
}

int main(void)
{
	test_fips();
	test_random();
	return utest_report("aes");
}

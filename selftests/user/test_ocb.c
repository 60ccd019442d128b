// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Userspace tests of the AES-OCB core (ocb/) and of every arch tier (x86 or
 * arm64) the CPU has, under ASan + UBSan.
 *
 *  - every RFC 7253 Appendix A tuple, per tier: seal, open, in place, each
 *    byte of AAD, ciphertext and tag flipped (-EBADMSG, output zeroed), a
 *    wrong nonce and a wrong tag length;
 *  - the internal values the RFC prints for the last tuple (L_*, L_$, L_0,
 *    L_1, Offset_0, Offset_1, Offset_2, Offset_*, the checksums);
 *  - the Appendix A iterated test for AES-128/192/256 and TAGLEN 128/96/64;
 *  - every (AAD length, text length) pair up to 96 x 600 bytes and random
 *    ones up to 64 KiB: each tier against generic, with round trips;
 *  - random splits of the streaming calls (AAD anywhere, text at block
 *    boundaries, interleaved) against the one-shot result, and the context
 *    all zero after ocb_final();
 *  - the no-SIMD path (crypto_simd_usable() false) of each tier;
 *  - AAD, plaintext, ciphertext and outputs ending flush against an
 *    inaccessible page at every length to 600 bytes (the masked passes
 *    over the last blocks must not touch a byte past the end);
 *  - a differential test against OpenSSL 3's EVP_aes_{128,192,256}_ocb
 *    (12-byte IV, tags of 16, 12 and 8 bytes) on random inputs, both ways;
 *  - bad key lengths and tag lengths.
 */
#include <kfast/base.h>
#include "../../ocb/ocb.h"
#include "../../kunit/vectors/ocb_vectors.h"
#include "utest.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const impl_names[OCB_NR_IMPLS] = {
#define OCB_TIER_NAME(id, suffix, prio, present) [OCB_IMPL_##id] = suffix,
	OCB_TIERS(OCB_TIER_NAME)
#undef OCB_TIER_NAME
};

static const unsigned int taglens[] = { 16, 12, 8 };

/* @n bytes of the test generator seeded with @seed. */
static void fill(void *buf, size_t n, u64 seed)
{
	u64 st = seed;

	kfast_test_fill(&st, buf, n);
}

#define MAX_MSG	(65536 + 64)
static u8 big_a[MAX_MSG], big_p[MAX_MSG], out1[MAX_MSG + 16], out2[MAX_MSG + 32];
static u8 back[MAX_MSG + 16];

/* ---- RFC 7253 Appendix A --------------------------------------------------- */

static void test_vector(const struct ocb_testvec *v, enum ocb_impl impl)
{
	unsigned int n = v->plen, tl = v->taglen, i;
	const char *t = impl_names[impl];
	struct ocb_key key;
	u8 buf[64 + 16], nonce[OCB_NONCE_SIZE];
	int err;

	UT_CHECK(ocb_setkey(&key, v->key, v->klen) == 0, "%s setkey", v->id);
	err = ocb_encrypt(&key, impl, v->nonce, tl, v->aad, v->alen, v->ptext, n, buf);
	UT_CHECK(err == 0, "%s %s encrypt: %d", v->id, t, err);
	UT_CHECK_MEMEQ(buf, v->ctext, n + tl, "%s %s ciphertext || tag", v->id, t);

	memcpy(buf, v->ptext, n);
	ocb_encrypt(&key, impl, v->nonce, tl, v->aad, v->alen, buf, n, buf);
	UT_CHECK_MEMEQ(buf, v->ctext, n + tl, "%s %s in place", v->id, t);

	err = ocb_decrypt(&key, impl, v->nonce, tl, v->aad, v->alen, buf, n + tl, buf);
	UT_CHECK(err == 0, "%s %s decrypt in place: %d", v->id, t, err);
	UT_CHECK_MEMEQ(buf, v->ptext, n, "%s %s decrypted", v->id, t);

	/* Each byte of ciphertext and tag, then of the AAD. */
	for (i = 0; i < n + tl; i++) {
		memcpy(buf, v->ctext, n + tl);
		buf[i] ^= 0x20;
		err = ocb_decrypt(&key, impl, v->nonce, tl, v->aad, v->alen, buf,
				  n + tl, out1);
		UT_CHECK(err == -EBADMSG, "%s %s flipped ctext byte %u: %d", v->id, t, i, err);
		memset(buf, 0, n);
		UT_CHECK(!memcmp(out1, buf, n), "%s %s output not zeroed", v->id, t);
	}
	for (i = 0; i < v->alen; i++) {
		u8 aad[64];

		memcpy(aad, v->aad, v->alen);
		aad[i] ^= 1;
		err = ocb_decrypt(&key, impl, v->nonce, tl, aad, v->alen, v->ctext,
				  n + tl, out1);
		UT_CHECK(err == -EBADMSG, "%s %s flipped aad byte %u", v->id, t, i);
	}
	memcpy(nonce, v->nonce, sizeof(nonce));
	nonce[11] ^= 0x40;
	err = ocb_decrypt(&key, impl, nonce, tl, v->aad, v->alen, v->ctext, n + tl, out1);
	UT_CHECK(err == -EBADMSG, "%s %s wrong nonce", v->id, t);
	/* TAGLEN is in the nonce: the 8-byte prefix of the tag must not verify. */
	if (tl > 8) {
		memcpy(buf, v->ctext, n + 8);
		err = ocb_decrypt(&key, impl, v->nonce, 8, v->aad, v->alen, buf, n + 8, out1);
		UT_CHECK(err == -EBADMSG, "%s %s truncated tag accepted", v->id, t);
	}
}

static const struct ocb_testvec *find_vector(const char *id)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ocb_testvecs); i++)
		if (!strcmp(ocb_testvecs[i].id, id))
			return &ocb_testvecs[i];
	return NULL;
}

static void test_internal_values(enum ocb_impl impl)
{
	const struct ocb_testvec *v = find_vector(OCB_INTERNAL_VECTOR_ID);
	const char *t = impl_names[impl];
	u8 tag[16], out[48], cs[16];
	struct ocb_key key;
	struct ocb_ctx ctx;

	UT_CHECK(v != NULL, "vector %s present", OCB_INTERNAL_VECTOR_ID);
	if (!v)
		return;
	ocb_setkey(&key, v->key, v->klen);
	UT_CHECK_MEMEQ(key.l_star, ocb_internal_l_star, 16, "L_*");
	UT_CHECK_MEMEQ(key.l_dollar, ocb_internal_l_dollar, 16, "L_$");
	UT_CHECK_MEMEQ(key.l[0], ocb_internal_l_0, 16, "L_0");
	UT_CHECK_MEMEQ(key.l[1], ocb_internal_l_1, 16, "L_1");
	UT_CHECK((v->nonce[11] & 0x3f) == OCB_INTERNAL_BOTTOM, "bottom");

	ocb_init(&ctx, &key, v->nonce, v->taglen, impl);
	UT_CHECK_MEMEQ(ctx.offset, ocb_internal_offset_0, 16, "%s Offset_0", t);
	ocb_encrypt_update(&ctx, &key, v->ptext, out, 16);
	UT_CHECK_MEMEQ(ctx.offset, ocb_internal_offset_1, 16, "%s Offset_1", t);
	UT_CHECK_MEMEQ(ctx.checksum, ocb_internal_checksum_1, 16, "%s Checksum_1", t);
	ocb_encrypt_update(&ctx, &key, v->ptext + 16, out + 16, 16);
	UT_CHECK_MEMEQ(ctx.offset, ocb_internal_offset_2, 16, "%s Offset_2", t);
	UT_CHECK_MEMEQ(ctx.checksum, ocb_internal_checksum_2, 16, "%s Checksum_2", t);
	/* What ocb_final() computes, by hand from the core's state. */
	memcpy(cs, ctx.checksum, 16);
	memset(out + 32, 0, 16);
	memcpy(out + 32, v->ptext + 32, v->plen - 32);
	out[32 + v->plen - 32] = 0x80;
	crypto_xor(cs, out + 32, 16);
	UT_CHECK_MEMEQ(cs, ocb_internal_checksum_star, 16, "%s Checksum_*", t);
	memcpy(cs, ctx.offset, 16);
	crypto_xor(cs, key.l_star, 16);
	UT_CHECK_MEMEQ(cs, ocb_internal_offset_star, 16, "%s Offset_*", t);
	ocb_final(&ctx, &key, v->ptext + 32, out + 32, v->plen - 32, false, tag);
	UT_CHECK_MEMEQ(out, v->ctext, v->plen, "%s streamed ciphertext", t);
	UT_CHECK_MEMEQ(tag, v->ctext + v->plen, v->taglen, "%s streamed tag", t);
}

/* Appendix A: the iterated test (its expected outputs are in the RFC). */
static void test_iterated(enum ocb_impl impl)
{
	static u8 c[22400 + 64];
	u8 k[32] = { }, n[12] = { }, s[128] = { }, tag[16];
	unsigned int v, i;

	for (v = 0; v < ARRAY_SIZE(ocb_iter_testvecs); v++) {
		const struct ocb_iter_testvec *it = &ocb_iter_testvecs[v];
		unsigned int tl = it->taglen;
		struct ocb_key key;
		size_t clen = 0;

		memset(k, 0, sizeof(k));
		k[it->klen - 1] = tl * 8;
		ocb_setkey(&key, k, it->klen);
		for (i = 0; i < 128; i++) {
			put_unaligned_be32(3 * i + 1, n + 8);
			ocb_encrypt(&key, impl, n, tl, s, i, s, i, c + clen);
			clen += i + tl;
			put_unaligned_be32(3 * i + 2, n + 8);
			ocb_encrypt(&key, impl, n, tl, NULL, 0, s, i, c + clen);
			clen += i + tl;
			put_unaligned_be32(3 * i + 3, n + 8);
			ocb_encrypt(&key, impl, n, tl, s, i, NULL, 0, c + clen);
			clen += tl;
		}
		UT_CHECK(clen == it->clen, "%s: C is %zu bytes", it->name, clen);
		put_unaligned_be32(385, n + 8);
		ocb_encrypt(&key, impl, n, tl, c, clen, NULL, 0, tag);
		UT_CHECK_MEMEQ(tag, it->output, tl, "%s %s iterated test", it->name,
			       impl_names[impl]);
	}
}

/* ---- Tiers against generic ------------------------------------------------- */

static u8 *ptr_or_dummy(u8 *p, size_t len)
{
	static u8 dummy[1];

	return len ? p : dummy;
}

static void compare_one(const struct ocb_key *key, enum ocb_impl impl,
			const u8 nonce[12], unsigned int tl, size_t alen, size_t plen)
{
	int err;

	static const u8 canary[16] = { 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5,
				       0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5 };

	ocb_encrypt(key, OCB_IMPL_GENERIC, nonce, tl, big_a, alen, big_p, plen, out1);
	memcpy(out2 + plen + tl, canary, sizeof(canary));	/* nothing past the tag */
	ocb_encrypt(key, impl, nonce, tl, big_a, alen, big_p, plen, out2);
	UT_CHECK(!memcmp(out1, out2, plen + tl) &&
		 !memcmp(out2 + plen + tl, canary, sizeof(canary)),
		 "%s vs generic: key %u tag %u aad %zu text %zu",
		 impl_names[impl], key->keylen, tl, alen, plen);
	err = ocb_decrypt(key, impl, nonce, tl, big_a, alen, out2, plen + tl,
			  ptr_or_dummy(back, plen));
	UT_CHECK(err == 0 && !memcmp(back, big_p, plen), "%s round trip: key %u tag %u aad %zu text %zu: %d",
		 impl_names[impl], key->keylen, tl, alen, plen, err);
	if (plen + tl > 0) {
		out2[(alen + plen) % (plen + tl)] ^= 4;
		err = ocb_decrypt(key, impl, nonce, tl, big_a, alen, out2, plen + tl,
				  ptr_or_dummy(back, plen));
		UT_CHECK(err == -EBADMSG, "%s tamper: tag %u aad %zu text %zu", impl_names[impl],
			 tl, alen, plen);
	}
}

static void test_lengths(const struct ocb_key *key, enum ocb_impl impl)
{
	static const size_t alens[] = { 0, 1, 15, 16, 17, 31, 32, 48, 95, 96, 127, 128, 129, 257 };
	u8 nonce[12];
	size_t a, p;

	fill(big_a, sizeof(big_a), 1);
	fill(big_p, sizeof(big_p), 2);
	for (p = 0; p <= 600; p++) {
		fill(nonce, sizeof(nonce), p);
		compare_one(key, impl, nonce, taglens[p % 3], alens[p % ARRAY_SIZE(alens)], p);
	}
	for (a = 0; a <= 600; a++) {
		fill(nonce, sizeof(nonce), 1000 + a);
		compare_one(key, impl, nonce, taglens[a % 3], a, a % 71);
	}
	/* Every pair of AAD and text lengths to 80 bytes: short messages with both. */
	for (a = 0; a <= 80; a++)
		for (p = 0; p <= 80; p++) {
			fill(nonce, sizeof(nonce), 5000 + a * 81 + p);
			compare_one(key, impl, nonce, taglens[(a + p) % 3], a, p);
		}
}

static void test_random_lengths(const struct ocb_key *key, enum ocb_impl impl, u64 seed)
{
	u64 rng = seed;
	u8 nonce[12];
	int i;

	for (i = 0; i < 40; i++) {
		size_t alen = kfast_test_rand(&rng) % 65537, plen = kfast_test_rand(&rng) % 65537;

		if (i & 1)
			alen %= 200;
		fill(nonce, sizeof(nonce), kfast_test_rand(&rng));
		compare_one(key, impl, nonce, taglens[i % 3], alen, plen);
	}
}

/* Random splits of the streaming calls, AAD and text interleaved. */
static void test_splits(const struct ocb_key *key, enum ocb_impl impl, u64 seed)
{
	u64 rng = seed;
	int iter;

	for (iter = 0; iter < 300; iter++) {
		size_t alen = kfast_test_rand(&rng) % 2000, plen = kfast_test_rand(&rng) % 5000;
		unsigned int tl = taglens[iter % 3];
		bool dec = iter & 1;
		size_t whole = plen & ~(size_t)15, ai = 0, pi = 0;
		static const u8 zero[sizeof(struct ocb_ctx)];
		u8 nonce[12], tag[16];
		struct ocb_ctx ctx;

		fill(nonce, sizeof(nonce), iter);
		ocb_encrypt(key, OCB_IMPL_GENERIC, nonce, tl, big_a, alen, big_p, plen, out1);
		ocb_init(&ctx, key, nonce, tl, impl);
		while (ai < alen || pi < whole) {
			if (ai < alen && (pi == whole || kfast_test_rand(&rng) & 1)) {
				size_t n = kfast_test_rand(&rng) % 40;

				if (kfast_test_rand(&rng) % 8 == 0)
					n = 4096;
				n = min(n, alen - ai);
				ocb_aad_update(&ctx, key, big_a + ai, n);
				ai += n;
			} else {
				size_t n = 16 * (kfast_test_rand(&rng) % 20);

				if (kfast_test_rand(&rng) % 8 == 0)
					n = 4096;
				n = min(n, whole - pi);
				if (dec)
					ocb_decrypt_update(&ctx, key, out1 + pi, back + pi, n);
				else
					ocb_encrypt_update(&ctx, key, big_p + pi, out2 + pi, n);
				pi += n;
			}
		}
		if (dec) {
			ocb_final(&ctx, key, out1 + whole, back + whole, plen - whole, true, tag);
			UT_CHECK(!memcmp(back, big_p, plen) && !memcmp(tag, out1 + plen, tl),
				 "%s split decrypt: aad %zu text %zu", impl_names[impl], alen, plen);
		} else {
			ocb_final(&ctx, key, big_p + whole, out2 + whole, plen - whole, false, tag);
			UT_CHECK(!memcmp(out2, out1, plen) && !memcmp(tag, out1 + plen, tl),
				 "%s split encrypt: aad %zu text %zu", impl_names[impl], alen, plen);
		}
		UT_CHECK(!memcmp(&ctx, zero, sizeof(ctx)), "%s: context not wiped",
			 impl_names[impl]);
	}
}

/* A tier with crypto_simd_usable() false runs the generic code. */
static void test_nosimd(const struct ocb_key *key, enum ocb_impl impl)
{
	u8 nonce[12] = { 9 };

	kfast_user_simd_usable = false;
	ocb_encrypt(key, impl, nonce, 16, big_a, 33, big_p, 1000, out2);
	kfast_user_simd_usable = true;
	ocb_encrypt(key, OCB_IMPL_GENERIC, nonce, 16, big_a, 33, big_p, 1000, out1);
	UT_CHECK(!memcmp(out1, out2, 1016), "%s without SIMD", impl_names[impl]);
}

/*
 * Each buffer in turn ends flush against an inaccessible page, at every
 * length up to 600 bytes (the one-block, masked and 16-block paths and
 * their seams): the AAD, the plaintext, the ciphertext || tag output, the
 * ciphertext input of an open and its plaintext output.  A load or store
 * past the end faults; the results must still match generic.
 */
static void test_guard_sweep(const struct ocb_key *key, enum ocb_impl impl)
{
	static const u8 nonce[12] = { 0x9a, 0x4d };
	unsigned long before = utest_failed;
	struct utest_guard g;
	u8 *end, *p;
	size_t len;
	int where, err;

	if (utest_guard_alloc(&g, 600 + 16)) {
		UT_CHECK(0, "guard sweep: out of memory");
		return;
	}
	end = g.end;
	fill(g.start, end - g.start, 4242 + impl);
	for (len = 0; len <= 600; len++) {
		for (where = 0; where < 5; where++) {
			/* the reference: AAD and text from the start of big_a/big_p */
			memcpy(big_a, end - len, len);
			memcpy(big_p, end - len, len);
			ocb_encrypt(key, OCB_IMPL_GENERIC, nonce, 16, big_a, where ? 5 : len,
				    big_p, where ? len : 3, out1);
			switch (where) {
			case 0:		/* the AAD at the guard */
				ocb_encrypt(key, impl, nonce, 16, end - len, len, big_p, 3, out2);
				UT_CHECK(!memcmp(out1, out2, 3 + 16), "%s guard sweep aad %zu",
					 impl_names[impl], len);
				break;
			case 1:		/* the plaintext at the guard */
				ocb_encrypt(key, impl, nonce, 16, big_a, 5, end - len, len, out2);
				UT_CHECK(!memcmp(out1, out2, len + 16), "%s guard sweep plaintext %zu",
					 impl_names[impl], len);
				break;
			case 2:		/* the ciphertext || tag written up to the guard */
				p = end - len - 16;
				ocb_encrypt(key, impl, nonce, 16, big_a, 5, big_p, len, p);
				UT_CHECK(!memcmp(out1, p, len + 16), "%s guard sweep output %zu",
					 impl_names[impl], len);
				fill(p, len + 16, 4242 + impl + len);
				break;
			case 3:		/* the ciphertext || tag read up to the guard */
				p = end - len - 16;
				memcpy(p, out1, len + 16);
				err = ocb_decrypt(key, impl, nonce, 16, big_a, 5, p, len + 16,
						  ptr_or_dummy(back, len));
				UT_CHECK(!err && !memcmp(back, big_p, len),
					 "%s guard sweep open input %zu: %d", impl_names[impl], len, err);
				fill(p, len + 16, 4343 + impl + len);
				break;
			default:	/* the open's plaintext written up to the guard */
				memcpy(out2, out1, len + 16);
				err = ocb_decrypt(key, impl, nonce, 16, big_a, 5, out2, len + 16,
						  end - len);
				UT_CHECK(!err && !memcmp(end - len, big_p, len),
					 "%s guard sweep open output %zu: %d", impl_names[impl], len, err);
				fill(end - len, len, 4444 + impl + len);
				break;
			}
			if (utest_failed - before > 10)
				goto out;
		}
	}
out:
	utest_guard_free(&g);
}

/* ---- OpenSSL ----------------------------------------------------------------- */

static const EVP_CIPHER *ossl_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_ocb() : klen == 24 ? EVP_aes_192_ocb() : EVP_aes_256_ocb();
}

/* OpenSSL's seal: out = C || tag. */
static int ossl_seal(const u8 *k, unsigned int klen, const u8 *n, unsigned int tl,
		     const u8 *a, int alen, const u8 *p, int plen, u8 *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int ok, l1 = 0, l2 = 0, la;

	ok = EVP_EncryptInit_ex(c, ossl_cipher(klen), NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, tl, NULL) &&
	     EVP_EncryptInit_ex(c, NULL, NULL, k, n) &&
	     (!alen || EVP_EncryptUpdate(c, NULL, &la, a, alen)) &&
	     (!plen || EVP_EncryptUpdate(c, out, &l1, p, plen)) &&
	     EVP_EncryptFinal_ex(c, out + l1, &l2) &&
	     l1 + l2 == plen &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, tl, out + plen);
	EVP_CIPHER_CTX_free(c);
	return ok;
}

/* OpenSSL's open of C || tag; 1 if the tag verifies. */
static int ossl_open(const u8 *k, unsigned int klen, const u8 *n, unsigned int tl,
		     const u8 *a, int alen, const u8 *c_t, int plen, u8 *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int ok, l1 = 0, l2 = 0, la;

	ok = EVP_DecryptInit_ex(c, ossl_cipher(klen), NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, tl, NULL) &&
	     EVP_DecryptInit_ex(c, NULL, NULL, k, n) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, tl, (void *)(c_t + plen)) &&
	     (!alen || EVP_DecryptUpdate(c, NULL, &la, a, alen)) &&
	     (!plen || EVP_DecryptUpdate(c, out, &l1, c_t, plen)) &&
	     EVP_DecryptFinal_ex(c, out + l1, &l2) > 0 &&
	     l1 + l2 == plen;
	EVP_CIPHER_CTX_free(c);
	return ok;
}

static void test_openssl(enum ocb_impl impl, u64 seed)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	u64 rng = seed;
	int i;

	for (i = 0; i < 600; i++) {
		unsigned int klen = klens[i % 3], tl = taglens[(i / 3) % 3];
		size_t alen = kfast_test_rand(&rng) % 300, plen = kfast_test_rand(&rng) % 2100;
		u8 k[32], n[12];
		struct ocb_key key;
		int err;

		if (i % 10 == 0)
			plen = kfast_test_rand(&rng) % 20000;
		fill(k, klen, kfast_test_rand(&rng));
		fill(n, 12, kfast_test_rand(&rng));
		fill(big_a, alen, kfast_test_rand(&rng));
		fill(big_p, plen, kfast_test_rand(&rng));
		ocb_setkey(&key, k, klen);
		UT_CHECK(ossl_seal(k, klen, n, tl, big_a, alen, big_p, plen, out1),
			 "OpenSSL seal failed");
		ocb_encrypt(&key, impl, n, tl, big_a, alen, big_p, plen, out2);
		UT_CHECK(!memcmp(out1, out2, plen + tl),
			 "%s vs OpenSSL seal: key %u tag %u aad %zu text %zu",
			 impl_names[impl], klen, tl, alen, plen);
		err = ocb_decrypt(&key, impl, n, tl, big_a, alen, out1, plen + tl,
				  ptr_or_dummy(back, plen));
		UT_CHECK(err == 0 && !memcmp(back, big_p, plen), "%s opens OpenSSL's: %d",
			 impl_names[impl], err);
		UT_CHECK(ossl_open(k, klen, n, tl, big_a, alen, out2, plen, back) &&
			 !memcmp(back, big_p, plen), "OpenSSL opens %s's: key %u tag %u aad %zu text %zu",
			 impl_names[impl], klen, tl, alen, plen);
	}
}

static void test_bad_inputs(void)
{
	u8 k[33] = { }, n[12] = { }, buf[64];
	struct ocb_key key;
	unsigned int len;

	for (len = 0; len <= 33; len++)
		UT_CHECK(ocb_setkey(&key, k, len) == (len == 16 || len == 24 || len == 32 ? 0 : -EINVAL),
			 "setkey length %u", len);
	ocb_setkey(&key, k, 16);
	for (len = 0; len <= 17; len++)
		UT_CHECK(ocb_encrypt(&key, OCB_IMPL_GENERIC, n, len, NULL, 0, buf, 0, buf) ==
			 (len == 16 || len == 12 || len == 8 ? 0 : -EINVAL), "taglen %u", len);
	UT_CHECK(ocb_decrypt(&key, OCB_IMPL_GENERIC, n, 16, NULL, 0, buf, 15, buf) == -EINVAL,
		 "ciphertext shorter than the tag");
}

int main(void)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	unsigned int i, k;
	int impl;

	ocb_mod_init();
	for (impl = 0; impl < OCB_NR_IMPLS; impl++)
		printf("ocb tier %-12s %s\n", impl_names[impl],
		       ocb_impl_available(impl) ? "available" : "not available (CPU or not built)");
	test_bad_inputs();
	for (impl = 0; impl < OCB_NR_IMPLS; impl++) {
		if (!ocb_impl_available(impl))
			continue;
		for (i = 0; i < ARRAY_SIZE(ocb_testvecs); i++)
			test_vector(&ocb_testvecs[i], impl);
		test_internal_values(impl);
		test_iterated(impl);
		for (k = 0; k < ARRAY_SIZE(klens); k++) {
			struct ocb_key key;
			u8 raw[32];

			fill(raw, sizeof(raw), 77 + k);
			ocb_setkey(&key, raw, klens[k]);
			test_lengths(&key, impl);
			test_random_lengths(&key, impl, 500 + 10 * impl + k);
			test_splits(&key, impl, 900 + 10 * impl + k);
			test_nosimd(&key, impl);
			test_guard_sweep(&key, impl);
		}
		test_openssl(impl, 1234 + impl);
	}
	return utest_report("test_ocb");
}

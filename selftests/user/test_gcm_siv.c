// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Userspace tests of the AES-GCM-SIV core (gcmsiv/) and every x86 or arm64
 * tier the host CPU has (the qemu guests lack VPCLMULQDQ/AVX-512, so this is where
 * those tiers are really exercised).  Built with ASan + UBSan.
 *
 *  - RFC 8452 section 7 and Appendix A POLYVAL examples (Appendix A's
 *    mulX_POLYVAL erratum: the corrected value is checked);
 *  - all RFC 8452 Appendix C vectors + the section 8 worked example, with
 *    the derived keys, POLYVAL input/result, masked value and initial
 *    counter, encrypt, decrypt, in place, per tier;
 *  - tampering with every byte of AAD, ciphertext and tag: -EBADMSG and a
 *    zeroed output;
 *  - every (AAD length, plaintext length) pair up to 256 and random ones up
 *    to 64 KiB: each tier against generic, and decryption round trips;
 *    pairs around the one-call paths' limits (4 and 31 blocks, and the
 *    long seal's and open's one SIMD section), sealed, opened and opened
 *    tampered in place;
 *  - random splits of every streaming call (some page-sized, as the kernel
 *    glue makes them) against the one-shot result, and the context all
 *    zero after gcm_siv_done();
 *  - 32-bit counter wrap inside the bulk loops of each tier, encrypting
 *    and decrypting (with POLYVAL of the plaintext);
 *  - opens in place at every block count to 40 and across 4 KiB sections;
 *  - each tier where SIMD is unusable (crypto_simd_usable() false): the
 *    request must fall back to the generic code;
 *  - OpenSSL 3.0 (this host's) has no AES-GCM-SIV, so no differential test
 *    against it; the vectors were reproduced by independent libraries.
 * Speed: make bench (--only gcmsiv,gcmsiv-more,auth --gcmsiv-aes256 for
 * every row this file's old --bench mode printed).
 */
#include <kfast/base.h>
#include "../../gcmsiv/gcm_siv.h"
#include "../../gcmsiv/polyval.h"
#include "../../kunit/vectors/gcm_siv_vectors.h"
#include "utest.h"

#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>

static const char *const impl_names[GCM_SIV_NR_IMPLS] = {
#define GCM_SIV_TIER_NAME(id, suffix, prio, present) [GCM_SIV_IMPL_##id] = suffix,
	GCM_SIV_TIERS(GCM_SIV_TIER_NAME)
#undef GCM_SIV_TIER_NAME
};

/* ---- POLYVAL field examples ------------------------------------------ */

/* Reference mulX_POLYVAL: shift by one bit, reduce by x^127+x^126+x^121+1. */
static void ref_mulx(u8 out[16], const u8 in[16])
{
	u64 lo = get_unaligned_le64(in), hi = get_unaligned_le64(in + 8);
	u64 carry = hi >> 63;

	hi = (hi << 1) | (lo >> 63);
	lo <<= 1;
	if (carry) {
		lo ^= 1;
		hi ^= (1ULL << 63) | (1ULL << 62) | (1ULL << 57);
	}
	put_unaligned_le64(lo, out);
	put_unaligned_le64(hi, out + 8);
}

static void byte_reverse(u8 out[16], const u8 in[16])
{
	int i;

	for (i = 0; i < 16; i++)
		out[i] = in[15 - i];
}

static void dot_bytes(u8 out[16], const u8 a[16], const u8 b[16])
{
	struct kfast_polyval_elem x, y, r;

	kfast_polyval_elem_load(&x, a);
	kfast_polyval_elem_load(&y, b);
	kfast_polyval_dot(&r, &x, &y);
	kfast_polyval_elem_store(&r, out);
}

static void test_polyval_examples(void)
{
	u8 one[16] = { 1 }, r[16], t[16], h2[16], x1r[16], x2r[16], in[32];
	u8 xpow[16] = { 1 };
	struct kfast_polyval_key key;
	struct kfast_polyval_ctx ctx;
	int i;

	/* Section 7. */
	dot_bytes(r, polyval_s7_a, polyval_s7_b);
	UT_CHECK_MEMEQ(r, polyval_s7_dot_a_b, 16, "s7 dot(a, b)");
	dot_bytes(r, one, one);
	UT_CHECK_MEMEQ(r, polyval_s7_x_minus_128, 16, "s7 dot(1, 1) = x^-128");
	/* a * b = dot(a, b) * x^128, i.e. dot(a * b, 1) = dot(a, b). */
	dot_bytes(r, polyval_s7_a_times_b, one);
	UT_CHECK_MEMEQ(r, polyval_s7_dot_a_b, 16, "s7 dot(a*b, 1) = dot(a, b)");
	for (i = 0; i < 16; i++)
		t[i] = polyval_s7_a[i] ^ polyval_s7_b[i];
	UT_CHECK_MEMEQ(t, polyval_s7_a_plus_b, 16, "s7 a + b");

	/* Appendix A: POLYVAL(H, X_1, X_2), one-shot and split. */
	memcpy(in, polyval_a_X1, 16);
	memcpy(in + 16, polyval_a_X2, 16);
	kfast_polyval_preparekey(&key, polyval_a_H);
	kfast_polyval(&key, in, 32, r);
	UT_CHECK_MEMEQ(r, polyval_a_polyval, 16, "appendix A POLYVAL");
	for (i = 0; i <= 32; i++) {
		kfast_polyval_init(&ctx, &key);
		kfast_polyval_update(&ctx, in, i);
		kfast_polyval_update(&ctx, in + i, 32 - i);
		kfast_polyval_final(&ctx, r);
		UT_CHECK_MEMEQ(r, polyval_a_polyval, 16, "appendix A split %d", i);
	}

	/* mulX examples, with the corrected value for 9c98... (erratum). */
	ref_mulx(r, one);
	UT_CHECK_MEMEQ(r, polyval_a_mulx_one, 16, "mulX_POLYVAL(1)");
	ref_mulx(r, polyval_a_9c98);
	UT_CHECK_MEMEQ(r, polyval_a_mulx_9c98, 16, "mulX_POLYVAL(9c98..) (erratum value)");
	byte_reverse(t, polyval_a_H);
	ref_mulx(h2, t);
	UT_CHECK_MEMEQ(h2, polyval_a_mulx_revH, 16, "mulX_POLYVAL(ByteReverse(H))");
	/* dot(y, x^129) = y * x: x^129 mod P built with the reference shift. */
	for (i = 0; i < 129; i++)
		ref_mulx(xpow, xpow);
	dot_bytes(r, polyval_a_9c98, xpow);
	UT_CHECK_MEMEQ(r, polyval_a_mulx_9c98, 16, "dot(9c98.., x^129) = mulX");

	/* GHASH(H, X1, X2) = ByteReverse(POLYVAL(mulX(ByteReverse(H)), rev X1, rev X2)). */
	byte_reverse(x1r, polyval_a_X1);
	byte_reverse(x2r, polyval_a_X2);
	memcpy(in, x1r, 16);
	memcpy(in + 16, x2r, 16);
	kfast_polyval_preparekey(&key, h2);
	kfast_polyval(&key, in, 32, t);
	byte_reverse(r, t);
	UT_CHECK_MEMEQ(r, polyval_a_ghash, 16, "appendix A GHASH via POLYVAL");
}

/* ---- RFC 8452 vectors ------------------------------------------------- */

static void test_vector(const struct gcm_siv_testvec *v, enum gcm_siv_impl impl)
{
	struct gcm_siv_key key;
	struct gcm_siv_ctx ctx;
	struct kfast_polyval_key pk;
	u8 akey[16], ekey[32], s[16], m[16], tag[16], ictr[16];
	size_t n = v->plen, i, j;
	u8 *buf = malloc(n + 16), *out = malloc(n + 16);
	int err;

	UT_CHECK(gcm_siv_setkey(&key, v->key, v->klen) == 0, "%s setkey", v->id);

	if (impl == GCM_SIV_IMPL_GENERIC) {
		/* Printed intermediates: derived keys, POLYVAL input/result. */
		gcm_siv_derive_keys(&key, v->nonce, akey, ekey);
		UT_CHECK_MEMEQ(akey, v->auth_key, 16, "%s auth key", v->id);
		UT_CHECK_MEMEQ(ekey, v->enc_key, v->klen, "%s enc key", v->id);
		kfast_polyval_preparekey(&pk, akey);
		kfast_polyval(&pk, v->polyval_input, v->polyval_input_len, s);
		UT_CHECK_MEMEQ(s, v->polyval_result, 16,
			       "%s POLYVAL(printed input)", v->id);
	}

	/* Per tier: S, masked S, tag and initial counter through the ctx. */
	gcm_siv_init(&ctx, &key, v->nonce, impl);
	gcm_siv_auth_update(&ctx, v->aad, v->alen);
	gcm_siv_auth_pad(&ctx);
	gcm_siv_auth_update(&ctx, v->ptext, v->plen);
	gcm_siv_auth_final(&ctx, v->alen, v->plen, s);
	UT_CHECK_MEMEQ(s, v->polyval_result, 16, "%s %s POLYVAL result", v->id,
		       impl_names[impl]);
	memcpy(m, s, 16);
	for (i = 0; i < 12; i++)
		m[i] ^= v->nonce[i];
	m[15] &= 0x7f;
	UT_CHECK_MEMEQ(m, v->polyval_masked, 16, "%s masked", v->id);
	gcm_siv_done(&ctx);

	gcm_siv_init(&ctx, &key, v->nonce, impl);
	gcm_siv_auth_update(&ctx, v->aad, v->alen);
	gcm_siv_auth_pad(&ctx);
	gcm_siv_auth_update(&ctx, v->ptext, v->plen);
	gcm_siv_tag(&ctx, v->alen, v->plen, tag);
	UT_CHECK_MEMEQ(tag, v->tag, 16, "%s %s tag", v->id, impl_names[impl]);
	/* gcm_siv_tag() has set the counter block from the tag. */
	UT_CHECK_MEMEQ(ctx.ctr, v->initial_counter, 16, "%s initial counter", v->id);
	memcpy(ictr, ctx.ctr, 16);
	gcm_siv_done(&ctx);

	/* One-shot encrypt, out of place and in place. */
	err = gcm_siv_encrypt(&key, impl, v->nonce, v->aad, v->alen, v->ptext,
			      n, out);
	UT_CHECK(err == 0, "%s encrypt", v->id);
	UT_CHECK_MEMEQ(out, v->ctext, n, "%s %s ciphertext", v->id, impl_names[impl]);
	UT_CHECK_MEMEQ(out + n, v->tag, 16, "%s %s enc tag", v->id, impl_names[impl]);
	memcpy(buf, v->ptext, n);
	gcm_siv_encrypt(&key, impl, v->nonce, v->aad, v->alen, buf, n, buf);
	UT_CHECK_MEMEQ(buf, out, n + 16, "%s %s in-place encrypt", v->id,
		       impl_names[impl]);

	/* Decrypt, in place. */
	err = gcm_siv_decrypt(&key, impl, v->nonce, v->aad, v->alen, buf,
			      n + 16, buf);
	UT_CHECK(err == 0, "%s %s decrypt", v->id, impl_names[impl]);
	UT_CHECK_MEMEQ(buf, v->ptext, n, "%s %s decrypted", v->id, impl_names[impl]);

	/* Tamper with every byte of ciphertext, tag and AAD. */
	for (i = 0; i < n + 16; i++) {
		memcpy(buf, v->ctext, n);
		memcpy(buf + n, v->tag, 16);
		buf[i] ^= 1u << (i % 8);
		memset(out, 0xa5, n + 16);
		err = gcm_siv_decrypt(&key, impl, v->nonce, v->aad, v->alen,
				      buf, n + 16, out);
		for (j = 0; j < n && !out[j]; j++)
			;
		UT_CHECK(err == -EBADMSG && j == n && out[n] == 0xa5,
			 "%s %s tamper ct/tag byte %zu: err %d", v->id,
			 impl_names[impl], i, err);
	}
	for (i = 0; i < v->alen; i++) {
		u8 *aad = malloc(v->alen);

		memcpy(aad, v->aad, v->alen);
		aad[i] ^= 0x80;
		memcpy(buf, v->ctext, n);
		memcpy(buf + n, v->tag, 16);
		err = gcm_siv_decrypt(&key, impl, v->nonce, aad, v->alen, buf,
				      n + 16, buf);
		for (j = 0; j < n && !buf[j]; j++)
			;
		UT_CHECK(err == -EBADMSG && j == n, "%s %s tamper AAD byte %zu",
			 v->id, impl_names[impl], i);
		free(aad);
	}
	/* A wrong nonce must fail too. */
	{
		u8 nonce[12];

		memcpy(nonce, v->nonce, 12);
		nonce[11] ^= 1;
		memcpy(buf, v->ctext, n);
		memcpy(buf + n, v->tag, 16);
		err = gcm_siv_decrypt(&key, impl, nonce, v->aad, v->alen, buf,
				      n + 16, buf);
		UT_CHECK(err == -EBADMSG, "%s %s wrong nonce", v->id, impl_names[impl]);
	}
	(void)ictr;
	free(buf);
	free(out);
}

/* ---- Streaming with random splits ------------------------------------ */

static size_t rand_split(uint64_t *rng, size_t left)
{
	/* min_t() evaluates its arguments twice: draw the number first. */
	size_t r = kfast_test_rand(rng);

	switch (r % 5) {
	case 0:
		return left;
	case 1:
		r = (r >> 8) % 17;
		break;
	case 2:
		r = 16 * ((r >> 8) % 20);
		break;
	case 3:
		/* Page-sized pieces, as the kernel glue passes them. */
		r = 1024 + (r >> 8) % 8192;
		break;
	default:
		r = (r >> 8) % 600;
		break;
	}
	return min_t(size_t, left, r);
}

/*
 * Whether zmm16-31 are all zero (the zmm tier's wipe clears them: VZEROUPPER
 * does not).  Only on CPUs with AVX-512; call it right after
 * gcm_siv_done(), before any libc call (glibc's EVEX string functions use
 * those registers).
 */
static bool zmm_hi_zero(void)
{
#if defined(__x86_64__)
	unsigned char zero;

	__asm__ volatile("vporq %%zmm16, %%zmm17, %%zmm0\n\t"
			 ".irp r, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
			 "vporq %%zmm\\r, %%zmm0, %%zmm0\n\t"
			 ".endr\n\t"
			 "vextracti64x4 $1, %%zmm0, %%ymm1\n\t"
			 "vpor %%ymm1, %%ymm0, %%ymm0\n\t"
			 "vptest %%ymm0, %%ymm0\n\t"
			 "setz %0\n\t"
			 "vzeroupper"
			 : "=r"(zero) : : "xmm0", "xmm1", "cc");
	return zero;
#else
	return true;
#endif
}

static const struct gcm_siv_ctx zero_ctx;

static void stream_encrypt(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
			   const u8 *nonce, const u8 *aad, size_t alen,
			   const u8 *pt, size_t plen, u8 *out, uint64_t *rng)
{
	/*
	 * Before the tier runs: strcmp() may be glibc's EVEX one (zmm16-31).
	 * Without SIMD the request runs generic, which clears nothing.
	 */
	bool zmm = kfast_user_simd_usable && !strcmp(impl_names[impl], "vaes-avx512");
	struct gcm_siv_ctx ctx;
	size_t off, n;

	/* Zero first, so that done() must leave it all zero again. */
	memset(&ctx, 0, sizeof(ctx));
	gcm_siv_init(&ctx, key, nonce, impl);
	/* prepare() is only a hint: none, too small or too large must all work. */
	if (kfast_test_rand(rng) & 1)
		gcm_siv_prepare(&ctx, kfast_test_rand(rng) % 600);
	for (off = 0; off < alen; off += n) {
		n = rand_split(rng, alen - off);
		gcm_siv_auth_update(&ctx, aad + off, n);
	}
	gcm_siv_auth_pad(&ctx);
	for (off = 0; off < plen; off += n) {
		n = rand_split(rng, plen - off);
		gcm_siv_auth_update(&ctx, pt + off, n);
	}
	gcm_siv_tag(&ctx, alen, plen, out + plen);	/* starts CTR too */
	for (off = 0; off < plen; off += n) {
		n = rand_split(rng, plen - off);
		gcm_siv_ctr(&ctx, pt + off, out + off, n);
	}
	gcm_siv_done(&ctx);
	if (zmm)
		UT_CHECK(zmm_hi_zero(), "vaes-avx512: zmm16-31 not cleared after %zu + %zu bytes",
			 alen, plen);
	UT_CHECK(!memcmp(&ctx, &zero_ctx, sizeof(ctx)),
		 "%s: context not wiped after %zu + %zu bytes", impl_names[impl], alen, plen);
}

static int stream_decrypt(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
			  const u8 *nonce, const u8 *aad, size_t alen,
			  const u8 *ct, size_t plen, u8 *out, uint64_t *rng)
{
	struct gcm_siv_ctx ctx;
	size_t off, n;
	u8 tag[16];
	int bad;

	gcm_siv_init(&ctx, key, nonce, impl);
	if (kfast_test_rand(rng) & 1)
		gcm_siv_prepare(&ctx, kfast_test_rand(rng) % 600);
	for (off = 0; off < alen; off += n) {
		n = rand_split(rng, alen - off);
		gcm_siv_auth_update(&ctx, aad + off, n);
	}
	gcm_siv_auth_pad(&ctx);
	gcm_siv_ctr_start(&ctx, ct + plen);
	for (off = 0; off < plen; off += n) {
		n = rand_split(rng, plen - off);
		gcm_siv_ctr_dec_auth(&ctx, ct + off, out + off, n);
	}
	gcm_siv_tag(&ctx, alen, plen, tag);
	bad = crypto_memneq(tag, ct + plen, 16);
	gcm_siv_done(&ctx);
	return bad ? -EBADMSG : 0;
}

/* ---- Tier against generic --------------------------------------------- */

static u8 *big_a, *big_p, *big_ref, *big_out, *big_dec;
#define BIG (65536 + 64)

static void compare_case(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
			 const u8 *nonce, size_t alen, size_t plen,
			 size_t aoff, size_t poff, uint64_t *rng, bool stream,
			 const char *what)
{
	int err;

	gcm_siv_encrypt(key, GCM_SIV_IMPL_GENERIC, nonce, big_a + aoff, alen,
			big_p + poff, plen, big_ref);
	if (stream)
		stream_encrypt(key, impl, nonce, big_a + aoff, alen,
			       big_p + poff, plen, big_out + poff, rng);
	else
		gcm_siv_encrypt(key, impl, nonce, big_a + aoff, alen,
				big_p + poff, plen, big_out + poff);
	if (memcmp(big_out + poff, big_ref, plen + 16)) {
		UT_CHECK(0, "%s: %s enc differs from generic (key %u, aad %zu+%zu, pt %zu+%zu)",
			 what, impl_names[impl], key->keylen, alen, aoff, plen, poff);
		return;
	}
	if (stream)
		err = stream_decrypt(key, impl, nonce, big_a + aoff, alen,
				     big_ref, plen, big_dec + poff, rng);
	else
		err = gcm_siv_decrypt(key, impl, nonce, big_a + aoff, alen,
				      big_ref, plen + 16, big_dec + poff);
	if (err || memcmp(big_dec + poff, big_p + poff, plen)) {
		UT_CHECK(0, "%s: %s dec failed %d (key %u, aad %zu, pt %zu)", what,
			 impl_names[impl], err, key->keylen, alen, plen);
		return;
	}
	UT_CHECK(1, "ok");
}

static void test_all_lengths(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	static const u8 nonce[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
	unsigned long before = utest_failed;
	size_t a, p;
	uint64_t rng = 7;

	for (a = 0; a <= 256; a++)
		for (p = 0; p <= 256; p++) {
			compare_case(key, impl, nonce, a, p, a & 3, p & 7, &rng,
				     false, "all lengths");
			if (utest_failed - before > 10)
				return;
		}
}

/*
 * Around the one-call seals' and opens' limits: AAD and plaintext lengths
 * whose padded blocks total up to the short paths' four and past the zmm
 * tier's 31 (every length to 64, then odd steps to 800 bytes in all),
 * sealed and opened in place, as the kernel glue does a request that lies
 * in one mapped piece; then opened with one byte of the AAD, the
 * ciphertext or the tag flipped (the byte chosen by the lengths), which
 * must give -EBADMSG and a zeroed plaintext.
 */
static void one_call_tampered(const struct gcm_siv_key *key,
			      enum gcm_siv_impl impl, const u8 nonce[12],
			      size_t a, size_t p)
{
	size_t flip = (a * 7 + p * 13) % (a + p + 16);
	u8 *aad = big_out;
	size_t i;
	int err;

	memcpy(aad, big_a, a);
	memcpy(big_dec, big_ref, p + 16);
	if (flip < a)
		aad[flip] ^= 0x01;
	else
		big_dec[flip - a] ^= 0x80;
	err = gcm_siv_decrypt(key, impl, nonce, aad, a, big_dec, p + 16, big_dec);
	for (i = 0; i < p && !big_dec[i]; i++)
		;
	UT_CHECK(err == -EBADMSG && i == p,
		 "%s one-call sizes, tampered byte %zu (key %u, aad %zu, pt %zu): err %d",
		 impl_names[impl], flip, key->keylen, a, p, err);
}

static void one_call_case(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
			  size_t a, size_t p)
{
	static const u8 nonce[12] = { 0x4d, 0x65 };
	u8 *buf = big_dec;
	int err;

	gcm_siv_encrypt(key, GCM_SIV_IMPL_GENERIC, nonce, big_a, a, big_p, p, big_ref);
	memcpy(buf, big_p, p);
	gcm_siv_encrypt(key, impl, nonce, big_a, a, buf, p, buf);
	/* The medium and long seals (past four blocks) use zmm16-31; memcmp() may too. */
	if (!strcmp(impl_names[impl], "vaes-avx512") && (a + 15) / 16 + (p + 15) / 16 > 4)
		UT_CHECK(zmm_hi_zero(), "vaes-avx512: zmm16-31 not cleared after a seal of %zu + %zu bytes",
			 a, p);
	UT_CHECK_MEMEQ(buf, big_ref, p + 16,
		       "%s one-call sizes, in place (key %u, aad %zu, pt %zu)",
		       impl_names[impl], key->keylen, a, p);
	err = gcm_siv_decrypt(key, impl, nonce, big_a, a, buf, p + 16, buf);
	UT_CHECK(err == 0 && !memcmp(buf, big_p, p),
		 "%s one-call sizes, open in place (key %u, aad %zu, pt %zu): err %d",
		 impl_names[impl], key->keylen, a, p, err);
	one_call_tampered(key, impl, nonce, a, p);
}

/*
 * The zmm tier's long seal and open take what their POLYVAL and CTR blocks
 * together fit one 4 KiB SIMD section: na + 2 np + 1 <= 256 padded blocks.
 * Around that limit, for text lengths in odd steps to 2 KiB, AAD lengths from
 * two blocks under it to one over, each ending 0, 1 or 15 bytes into a
 * block (with the text's own ends, every remainder of 0..16 blocks).
 */
static void test_long_sizes(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	static const long ends[] = { -32, -31, -17, -16, -15, -1, 0, 1, 15, 16 };
	unsigned long before = utest_failed;
	size_t p, i;

	for (p = 0; p <= 2048; p += 37) {
		long a0 = (255 - 2 * (long)((p + 15) / 16)) * 16;

		for (i = 0; i < ARRAY_SIZE(ends); i++) {
			if (a0 + ends[i] < 0)
				continue;
			one_call_case(key, impl, a0 + ends[i], p);
			if (utest_failed - before > 10)
				return;
		}
	}
}

static void test_one_call_sizes(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	unsigned long before = utest_failed;
	size_t a, p;

	for (a = 0; a <= 800; a += a < 64 ? 1 : 23)
		for (p = 0; a + p <= 800; p += p < 64 ? 1 : 17) {
			one_call_case(key, impl, a, p);
			if (utest_failed - before > 10)
				return;
		}
	test_long_sizes(key, impl);
}

static void test_random(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
			uint64_t seed, int iters)
{
	uint64_t rng = seed;
	u8 nonce[12];
	int i;

	for (i = 0; i < iters; i++) {
		size_t alen = kfast_test_rand(&rng) % (i & 1 ? 65537 : 300);
		size_t plen = kfast_test_rand(&rng) % (i & 2 ? 65537 : 300);

		kfast_test_fill(&rng, nonce, 12);
		compare_case(key, impl, nonce, alen, plen,
			     kfast_test_rand(&rng) % 32, kfast_test_rand(&rng) % 32,
			     &rng, true, "random split");
	}
}

/*
 * One-shot calls at every whole-block count up to 136 (and +-1 byte), and
 * around the sizes where the x86 loops change shape (16-block groups, the
 * zmm tier's 32-block POLYVAL from 64 blocks on, its pipelined decryption
 * ending on either register set), with the AAD and then the plaintext
 * ending flush against an inaccessible page: a loop that reads past the
 * end of its input (the zmm POLYVAL reads each block group again 8 bytes
 * further on, masked for the last vector) faults here.
 */
static void test_guard_sweep(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	static const size_t extra[] = { 1023, 1024, 1025, 2047, 2048, 2049, 4096, 8191,
					8192, 8208, 16384, 16400, 32768 + 48 };
	static const u8 nonce[12] = { 0x5e, 0x1f };
	size_t span = 40 * 1024, n, len;
	struct utest_guard g = { };
	u8 *end, *ref, *out, *plain;
	unsigned long before = utest_failed;
	uint64_t rng = 99 + impl;

	ref = malloc(span + 16);
	out = malloc(span + 16);
	plain = malloc(span);
	if (!ref || !out || !plain || utest_guard_alloc(&g, span)) {
		UT_CHECK(0, "guard sweep: out of memory");
		goto out;
	}
	end = g.end;
	kfast_test_fill(&rng, g.start, end - g.start);
	for (n = 0; n < 137 * 3 + ARRAY_SIZE(extra); n++) {
		int flush_pt;

		/* 16 k, 16 k + 1, 16 k - 1 (k >= 1) */
		if (n < 137 * 3)
			len = (n / 3) * 16 + (n % 3 == 1) - (n % 3 == 2 && n >= 3);
		else
			len = extra[n - 137 * 3];
		for (flush_pt = 0; flush_pt <= 1; flush_pt++) {
			const u8 *data = end - len;
			const u8 *aad = flush_pt ? NULL : data, *pt = flush_pt ? data : NULL;
			size_t alen = flush_pt ? 0 : len, plen = flush_pt ? len : 0;
			int err;

			gcm_siv_encrypt(key, GCM_SIV_IMPL_GENERIC, nonce, aad, alen, pt, plen, ref);
			gcm_siv_encrypt(key, impl, nonce, aad, alen, pt, plen, out);
			UT_CHECK_MEMEQ(out, ref, plen + 16, "%s guard sweep seal (key %u, %s %zu)",
				       impl_names[impl], key->keylen, flush_pt ? "pt" : "aad", len);
			if (!flush_pt)
				continue;
			/* Decrypt a ciphertext that ends at the guard page too. */
			memcpy(plain, data, len);
			memcpy(end - len - 16, ref, len + 16);
			err = gcm_siv_decrypt(key, impl, nonce, NULL, 0, end - len - 16,
					      len + 16, out);
			UT_CHECK(!err && !memcmp(out, plain, len),
				 "%s guard sweep open (key %u, %zu): %d", impl_names[impl],
				 key->keylen, len, err);
			if (utest_failed - before > 10)
				goto out;
		}
	}
out:
	utest_guard_free(&g);
	free(ref);
	free(out);
	free(plain);
}

/*
 * Counter wrap inside the bulk loop: force an initial counter whose low 32
 * bits are just below 2^32 and compare the keystream with generic.
 */
static void test_ctr_wrap(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	static const u8 nonce[12] = { 9 };
	struct gcm_siv_ctx c1, c2;
	u8 tag[16], a[1024], b[1024], z[1024] = { 0 };
	int back;

	for (back = 0; back < 40; back += 3) {
		memset(tag, 0x5a, 16);
		put_unaligned_le32(0u - (u32)back, tag);
		gcm_siv_init(&c1, key, nonce, GCM_SIV_IMPL_GENERIC);
		gcm_siv_init(&c2, key, nonce, impl);
		gcm_siv_ctr_start(&c1, tag);
		gcm_siv_ctr_start(&c2, tag);
		gcm_siv_ctr(&c1, z, a, sizeof(z));
		gcm_siv_ctr(&c2, z, b, 5);
		gcm_siv_ctr(&c2, z + 5, b + 5, sizeof(z) - 5);
		UT_CHECK_MEMEQ(b, a, sizeof(a), "%s ctr wrap %d blocks before",
			       impl_names[impl], back);
		gcm_siv_done(&c1);
		gcm_siv_done(&c2);
	}
}

/*
 * The same for decryption (CTR with POLYVAL of the plaintext, which arm64
 * runs as one interleaved loop): the counter wraps in the first group, in
 * the loop's later groups or in the last blocks after them; the output
 * and the tag over it must match generic.
 */
static void test_ctr_wrap_dec(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	static const u8 nonce[12] = { 10 };
	struct gcm_siv_ctx c1, c2;
	u8 ctr[16], t1[16], t2[16], a[1029], b[1029], c[1029];
	uint64_t rng = 5 + impl;
	int back;

	kfast_test_fill(&rng, c, sizeof(c));
	for (back = 0; back < 70; back += 5) {
		memset(ctr, 0xa5, 16);
		put_unaligned_le32(0u - (u32)back, ctr);
		gcm_siv_init(&c1, key, nonce, GCM_SIV_IMPL_GENERIC);
		gcm_siv_init(&c2, key, nonce, impl);
		gcm_siv_ctr_start(&c1, ctr);
		gcm_siv_ctr_start(&c2, ctr);
		gcm_siv_auth_update(&c1, c, 7);
		gcm_siv_auth_update(&c2, c, 7);
		gcm_siv_auth_pad(&c1);
		gcm_siv_auth_pad(&c2);
		gcm_siv_ctr_dec_auth(&c1, c, a, sizeof(c));
		gcm_siv_ctr_dec_auth(&c2, c, b, 3);
		gcm_siv_ctr_dec_auth(&c2, c + 3, b + 3, sizeof(c) - 3);
		gcm_siv_tag(&c1, 7, sizeof(c), t1);
		gcm_siv_tag(&c2, 7, sizeof(c), t2);
		UT_CHECK(!memcmp(a, b, sizeof(a)) && !memcmp(t1, t2, 16),
			 "%s ctr wrap (decrypt) %d blocks before", impl_names[impl], back);
		gcm_siv_done(&c1);
		gcm_siv_done(&c2);
	}
}

/*
 * Opens in place (dst == src) at every block count to 40, +-1 byte, and a
 * few longer ones across the 4 KiB sections: the interleaved loop reads
 * each group's ciphertext before it writes that group's plaintext.
 */
static void test_inplace_open(const struct gcm_siv_key *key, enum gcm_siv_impl impl)
{
	static const size_t extra[] = { 4096 + 9 * 16 + 5, 8192, 12345, 65536 - 3 };
	static const u8 nonce[12] = { 0x11, 0x22 };
	unsigned long before = utest_failed;
	size_t n, len;
	int err;

	for (n = 0; n < 41 * 3 + ARRAY_SIZE(extra); n++) {
		if (n < 41 * 3)
			len = (n / 3) * 16 + (n % 3 == 1) - (n % 3 == 2 && n >= 3);
		else
			len = extra[n - 41 * 3];
		gcm_siv_encrypt(key, GCM_SIV_IMPL_GENERIC, nonce, big_a, 5, big_p,
				len, big_ref);
		memcpy(big_out, big_ref, len + 16);
		err = gcm_siv_decrypt(key, impl, nonce, big_a, 5, big_out, len + 16,
				      big_out);
		UT_CHECK(!err && !memcmp(big_out, big_p, len),
			 "%s in-place open (key %u, %zu): %d", impl_names[impl],
			 key->keylen, len, err);
		if (utest_failed - before > 10)
			return;
	}
}

static void test_bad_inputs(void)
{
	struct gcm_siv_key key;
	u8 raw[33] = { 0 }, out[32];
	static const u8 nonce[12];
	unsigned int len;

	for (len = 0; len <= 33; len++)
		UT_CHECK((gcm_siv_setkey(&key, raw, len) == 0) ==
			 (len == 16 || len == 32), "setkey len %u", len);
	gcm_siv_setkey(&key, raw, 16);
	UT_CHECK(gcm_siv_decrypt(&key, GCM_SIV_IMPL_GENERIC, nonce, raw, 0, raw,
				 15, out) == -EINVAL, "decrypt of 15 bytes");
}

int main(void)
{
	struct gcm_siv_key k128, k256;
	u8 raw[32];
	uint64_t rng = 0x6763;
	unsigned int i;
	int impl;

	gcm_siv_mod_init();

	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++)
		printf("gcm-siv tier %-12s %s\n", impl_names[impl],
		       gcm_siv_impl_available(impl) ? "available" : "not available (CPU or not built)");

	test_polyval_examples();
	test_bad_inputs();
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		for (i = 0; i < ARRAY_SIZE(gcm_siv_testvecs); i++)
			test_vector(&gcm_siv_testvecs[i], impl);
	}

	big_a = malloc(BIG);
	big_p = malloc(BIG);
	big_ref = malloc(BIG + 16);
	big_out = malloc(BIG + 16);
	big_dec = malloc(BIG + 16);
	kfast_test_fill(&rng, big_a, BIG);
	kfast_test_fill(&rng, big_p, BIG);
	kfast_test_fill(&rng, raw, sizeof(raw));
	gcm_siv_setkey(&k128, raw, 16);
	gcm_siv_setkey(&k256, raw, 32);

	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		/* Generic vs itself still checks streaming splits and round trips. */
		test_random(&k128, impl, 100 + impl, 100);
		test_random(&k256, impl, 200 + impl, 100);
		if (impl == GCM_SIV_IMPL_GENERIC)
			continue;
		test_all_lengths(&k128, impl);
		test_all_lengths(&k256, impl);
		test_one_call_sizes(&k128, impl);
		test_one_call_sizes(&k256, impl);
		test_ctr_wrap(&k128, impl);
		test_ctr_wrap(&k256, impl);
		test_ctr_wrap_dec(&k128, impl);
		test_ctr_wrap_dec(&k256, impl);
		test_inplace_open(&k128, impl);
		test_inplace_open(&k256, impl);
		test_guard_sweep(&k128, impl);
		test_guard_sweep(&k256, impl);
		kfast_user_simd_usable = false;
		test_random(&k128, impl, 300 + impl, 20);
		test_random(&k256, impl, 400 + impl, 20);
		kfast_user_simd_usable = true;
	}
	free(big_a);
	free(big_p);
	free(big_ref);
	free(big_out);
	free(big_dec);
	return utest_report("gcm_siv");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Userspace tests of the UMAC core (umac/) and of every x86 tier the host
 * CPU has.  Built with ASan + UBSan by "make check-user".
 *
 *  - all RFC 4418 appendix vectors (the 'a' x 2^25 row with the author's
 *    corrected tags), UMAC-128's first 12 bytes against the UMAC-96 column,
 *    per tier;
 *  - the RFC's intermediate values for 'abc' x 500: NH, L2 and L3 keys,
 *    L1-HASH, L2-HASH, L3-HASH per iteration, UHASH, pad and tag;
 *  - differential test against nettle's umac32/64/96/128 (set_nonce before
 *    every message, since nettle increments the nonce after a digest):
 *    every length 0..4200, random keys/nonces (1..16 bytes)/lengths up to
 *    2^17, lengths around the 2^24-byte POLY-64/POLY-128 switch, and
 *    messages crafted (from the known NH key) so that L1 words fall in
 *    POLY's "marker" range in both POLY stages;
 *  - random update splits and misaligned buffers against one-shot;
 *  - every message of up to one chunk through umac(), finup and final,
 *    ending flush against and starting right after an inaccessible page;
 *  - export/import mid-stream and rejection of inconsistent states;
 *  - the no-SIMD fallback of every tier (crypto_simd_usable() false).
 *
 * The timing of every tier against nettle is make bench's (tools/bench/;
 * --umac-stream adds the streaming calls beside the one-shot).
 */
#include <kfast/base.h>
#include "../../umac/umac.h"
#include "../../kunit/vectors/umac_vectors.h"
#include "utest.h"

#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>
#include <sys/mman.h>
#include <unistd.h>
#include <nettle/umac.h>

static const char *const impl_names[] = {
#define UMAC_TIER_NAME(id, suffix, prio, present) [UMAC_IMPL_##id] = suffix,
	UMAC_TIERS(UMAC_TIER_NAME)
#undef UMAC_TIER_NAME
};
static int best_impl;
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static const unsigned int taglens[4] = { 4, 8, 12, 16 };

static struct umac_key *key_alloc(void)
{
	struct umac_key *k = aligned_alloc(64, (sizeof(*k) + 63) & ~(size_t)63);

	if (!k)
		abort();
	return k;
}

static size_t rand_below(size_t n)
{
	return kfast_test_rand_below(&rng, n);
}

/* ---- nettle reference ------------------------------------------------ */

struct nref {
	unsigned int taglen;
	union {
		struct umac32_ctx c32;
		struct umac64_ctx c64;
		struct umac96_ctx c96;
		struct umac128_ctx c128;
	} u;
};

static void nref_setkey(struct nref *r, unsigned int taglen, const u8 *key)
{
	r->taglen = taglen;
	switch (taglen) {
	case 4:
		umac32_set_key(&r->u.c32, key);
		break;
	case 8:
		umac64_set_key(&r->u.c64, key);
		break;
	case 12:
		umac96_set_key(&r->u.c96, key);
		break;
	default:
		umac128_set_key(&r->u.c128, key);
		break;
	}
}

static void nref_nonce(struct nref *r, const u8 *nonce, size_t len)
{
	switch (r->taglen) {
	case 4:
		umac32_set_nonce(&r->u.c32, len, nonce);
		break;
	case 8:
		umac64_set_nonce(&r->u.c64, len, nonce);
		break;
	case 12:
		umac96_set_nonce(&r->u.c96, len, nonce);
		break;
	default:
		umac128_set_nonce(&r->u.c128, len, nonce);
		break;
	}
}

static void nref_update(struct nref *r, const u8 *data, size_t len)
{
	switch (r->taglen) {
	case 4:
		umac32_update(&r->u.c32, len, data);
		break;
	case 8:
		umac64_update(&r->u.c64, len, data);
		break;
	case 12:
		umac96_update(&r->u.c96, len, data);
		break;
	default:
		umac128_update(&r->u.c128, len, data);
		break;
	}
}

static void nref_digest(struct nref *r, u8 *out)
{
	switch (r->taglen) {
	case 4:
		umac32_digest(&r->u.c32, 4, out);
		break;
	case 8:
		umac64_digest(&r->u.c64, 8, out);
		break;
	case 12:
		umac96_digest(&r->u.c96, 12, out);
		break;
	default:
		umac128_digest(&r->u.c128, 16, out);
		break;
	}
}

static void nref_mac(struct nref *r, const u8 *nonce, size_t nlen,
		     const u8 *msg, size_t len, u8 *out)
{
	nref_nonce(r, nonce, nlen);
	nref_update(r, msg, len);
	nref_digest(r, out);
}

/* ---- helpers ---------------------------------------------------------- */

/* Our tag with the message fed in random pieces (sizes 0..3*32+1 or large). */
static void mac_split(const struct umac_key *key, unsigned int taglen,
		      const u8 *nonce, unsigned int nlen, const u8 *msg,
		      size_t len, u8 *out)
{
	struct umac_ctx ctx;
	size_t off = 0, nonce_at = rand_below(len + 1);
	bool nonce_done = false, finup = rand_below(2);

	umac_init(&ctx, key, taglen);
	/* the nonce may be set at any point before final */
	while (off < len || !nonce_done) {
		if (!nonce_done && off >= nonce_at) {
			umac_set_nonce(&ctx, nonce, nlen);
			nonce_done = true;
			continue;
		}
		size_t n;

		switch (rand_below(4)) {
		case 0:
			n = rand_below(4);
			break;
		case 1:
			n = rand_below(3 * UMAC_UNIT_SIZE + 2);
			break;
		case 2:
			n = rand_below(2 * UMAC_CHUNK_SIZE + 2);
			break;
		default:
			n = rand_below(len - off + 1);
			break;
		}
		n = min(n, len - off);
		if (!nonce_done)
			n = min(n, nonce_at - off);
		if (finup && nonce_done && off + n == len) {
			umac_finup(&ctx, msg + off, n, out);	/* last piece */
			return;
		}
		umac_update(&ctx, msg + off, n);
		off += n;
	}
	if (finup)
		umac_finup(&ctx, NULL, 0, out);
	else
		umac_final(&ctx, out);
}

static void fill_pattern(u8 *buf, size_t len, const u8 *unit, size_t ulen)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = unit[i % ulen];
}

/* Feed "repeat" copies of unit (len bytes) in pieces of about 64 KiB. */
static void update_pattern(struct umac_ctx *ctx, const u8 *unit, size_t ulen,
			   size_t len)
{
	static u8 piece[65536];
	size_t plen = sizeof(piece) / ulen * ulen;

	fill_pattern(piece, plen, unit, ulen);
	while (len) {
		size_t n = min(len, plen);

		umac_update(ctx, piece, n);
		len -= n;
	}
}

/* ---- RFC 4418 vectors ------------------------------------------------- */

static void test_vectors(int impl)
{
	struct umac_key *key = key_alloc();
	size_t i;

	for (i = 0; i < ARRAY_SIZE(umac_testvecs); i++) {
		const struct umac_testvec *v = &umac_testvecs[i];
		struct umac_ctx ctx;
		u8 tag[16];

		UT_CHECK(__umac_setkey(key, v->key, 16, impl) == 0, "setkey");
		UT_CHECK(key->impl == impl, "key prepared for %s", impl_names[impl]);
		umac_init(&ctx, key, v->tag_len);
		umac_set_nonce(&ctx, v->nonce, v->nonce_len);
		update_pattern(&ctx, v->unit, v->unit_len, v->len);
		umac_final(&ctx, tag);
		UT_CHECK_MEMEQ(tag, v->tag, v->tag_len, "%s [%s]", v->name,
			       impl_names[impl]);
		if (v->tag_as_printed)
			UT_CHECK(memcmp(tag, v->tag_as_printed, v->tag_len),
				 "%s matches the RFC's misprint", v->name);
		/* No UMAC-128 column: its first 12 bytes are UMAC-96's. */
		if (v->tag_len == 12) {
			umac_init(&ctx, key, 16);
			update_pattern(&ctx, v->unit, v->unit_len, v->len);
			umac_set_nonce(&ctx, v->nonce, v->nonce_len);
			umac_final(&ctx, tag);
			UT_CHECK_MEMEQ(tag, v->tag, 12, "%s as UMAC-128 [%s]",
				       v->name, impl_names[impl]);
		}
	}
	free(key);
}

static void test_intermediates(void)
{
	const struct umac_testvec *v = NULL;
	struct umac_key *key = key_alloc();
	u8 msg[3 * UMAC_IV_MSG_REPEAT], tag[8], pad[8], uhash[8];
	u64 l1[4], l2[2];
	size_t i, it;

	for (i = 0; i < ARRAY_SIZE(umac_testvecs); i++)
		if (umac_testvecs[i].tag_len == 8 && umac_testvecs[i].len == sizeof(msg))
			v = &umac_testvecs[i];
	UT_CHECK(v != NULL, "abc x 500 UMAC-64 vector present");
	if (!v)
		return;
	fill_pattern(msg, sizeof(msg), (const u8 *)UMAC_IV_MSG_UNIT, 3);
	UT_CHECK(__umac_setkey(key, v->key, 16, UMAC_IMPL_GENERIC) == 0, "setkey");

	for (it = 0; it < UMAC_IV_ITERS; it++) {
		for (i = 0; i < ARRAY_SIZE(umac_iv_nh_index); i++) {
			/* Iteration it's NH key starts 4 words (16 bytes) later. */
			u32 w = key->nh[umac_iv_nh_index[i] - 1 + 4 * it];

			UT_CHECK(w == umac_iv_nh_key[i][it], "NH key K_%u iter %zu: %08x",
				 umac_iv_nh_index[i], it + 1, w);
		}
		UT_CHECK(key->poly64[it] == umac_iv_l2_k64[it], "L2 k64 iter %zu",
			 it + 1);
		for (i = 0; i < ARRAY_SIZE(umac_iv_l3_index); i++)
			UT_CHECK(key->l3[it][umac_iv_l3_index[i] - 1] ==
				 umac_iv_l3_key[i][it], "L3 k_%u iter %zu",
				 umac_iv_l3_index[i], it + 1);
		UT_CHECK(key->l3_xor[it] == umac_iv_l3_xor[it], "L3 K2 iter %zu",
			 it + 1);

		UT_CHECK(umac_test_l1_l2(key, it, msg, sizeof(msg), l1, 4, l2) == 2,
			 "two L1 words");
		UT_CHECK(l1[0] == umac_iv_l1[it][0] && l1[1] == umac_iv_l1[it][1],
			 "L1-HASH iter %zu: %016" PRIx64 "%016" PRIx64, it + 1,
			 l1[0], l1[1]);
		UT_CHECK(l2[0] == umac_iv_l2[it][0] && l2[1] == umac_iv_l2[it][1],
			 "L2-HASH iter %zu: %016" PRIx64 "%016" PRIx64, it + 1,
			 l2[0], l2[1]);
	}
	/* UHASH = tag ^ pad: checks both L3-HASH outputs through the streaming code. */
	umac(key, 8, v->nonce, v->nonce_len, msg, sizeof(msg), tag);
	umac_pdf(key, v->nonce, v->nonce_len, 8, pad);
	UT_CHECK_MEMEQ(pad, umac_iv_pad, 8, "pad");
	UT_CHECK_MEMEQ(tag, umac_iv_tag, 8, "tag");
	for (i = 0; i < 8; i++)
		uhash[i] = tag[i] ^ pad[i];
	UT_CHECK_MEMEQ(uhash, umac_iv_uhash, 8, "UHASH");
	for (it = 0; it < UMAC_IV_ITERS; it++)
		UT_CHECK(get_unaligned_be32(uhash + 4 * it) == umac_iv_l3[it],
			 "L3-HASH iter %zu", it + 1);
	free(key);
}

/* ---- POLY arithmetic against a plain big-number reference --------------- */

typedef unsigned __int128 u128;
#define REF_P64 ((u128)0xffffffffffffffc5ull)
#define REF_P128 (~(u128)0 - 158)	/* 2^128 - 159 */

/* (a + b) mod p128 for a, b < p128 */
static u128 ref_add128(u128 a, u128 b)
{
	u128 s = a + b;

	if (s < a || s >= REF_P128)
		s -= REF_P128;
	return s;
}

/* a * b mod p128 by double-and-add, a, b < p128 */
static u128 ref_mul128(u128 a, u128 b)
{
	u128 r = 0;
	int i;

	for (i = 127; i >= 0; i--) {
		r = ref_add128(r, r);
		if ((b >> i) & 1)
			r = ref_add128(r, a);
	}
	return r;
}

static u64 ref_poly64(u64 y, u64 k, u64 m)
{
	u128 v = (u128)y % REF_P64;

	if (m >= 0xffffffff00000000ull) {
		v = (v * k + (REF_P64 - 1)) % REF_P64;
		m -= 59;
	}
	return (u64)((v * k + m) % REF_P64);
}

static u128 ref_poly128(u128 y, u128 k, u128 m)
{
	y %= REF_P128;
	if ((u64)(m >> 96) == 0xffffffff) {
		y = ref_add128(ref_mul128(y, k), REF_P128 - 1);
		m -= 159;
	}
	return ref_add128(ref_mul128(y, k), m % REF_P128);
}

static u64 edge64(void)
{
	static const u64 e[] = {
		0, 1, 58, 59, 60, 0xffffffffffffffc4ull, 0xffffffffffffffc5ull,
		0xffffffffffffffc6ull, ~0ull, 0xfffffffeffffffffull,
		0xffffffff00000000ull, 1ull << 63, 0x01ffffff01ffffffull,
	};

	return rand_below(3) ? kfast_test_rand(&rng) : e[rand_below(ARRAY_SIZE(e))];
}

static void test_poly_arith(void)
{
	unsigned int bad64 = 0, bad128 = 0, bad36 = 0;
	int i;

	for (i = 0; i < 200000; i++) {
		u64 k = edge64() & 0x01ffffff01ffffffull, y = edge64(), m = edge64();
		u64 y2[2] = { edge64(), edge64() }, m2[2] = { edge64(), edge64() };
		u64 k2[2] = { edge64() & 0x01ffffff01ffffffull,
			      edge64() & 0x01ffffff01ffffffull };
		u128 want;

		if (rand_below(4) == 0)		/* words just below the marker range */
			m2[0] = 0xfffffffeffffffffull - rand_below(3);
		if (umac_test_poly64(y, k, m) != ref_poly64(y, k, m) && bad64++ < 3)
			fprintf(stderr, "poly64 y %016" PRIx64 " k %016" PRIx64
				" m %016" PRIx64 "\n", y, k, m);
		want = ref_poly128((u128)y2[0] << 64 | y2[1],
				   (u128)k2[0] << 64 | k2[1],
				   (u128)m2[0] << 64 | m2[1]);
		umac_test_poly128(y2, k2, m2);
		if (((u128)y2[0] << 64 | y2[1]) != want && bad128++ < 3)
			fprintf(stderr, "poly128 mismatch at case %d\n", i);
	}
	for (i = 0; i < 100000; i++) {
		static const u64 e[] = {
			0, 1, (1ull << 36) - 6, (1ull << 36) - 5, (1ull << 36) - 1,
			(1ull << 36), (1ull << 36) + 4, (1ull << 36) + 5,
			2 * ((1ull << 36) - 5), (1ull << 55) - 1, ~0ull,
		};
		u64 y = i < (int)ARRAY_SIZE(e) ? e[i] :
			i & 1 ? kfast_test_rand(&rng) : kfast_test_rand(&rng) >> 9;

		if (umac_test_mod_p36(y) != y % ((1ull << 36) - 5) && bad36++ < 3)
			fprintf(stderr, "mod p36 %016" PRIx64 "\n", y);
	}
	UT_CHECK(!bad36, "mod 2^36 - 5 vs %%: %u bad", bad36);
	UT_CHECK(!bad64, "POLY-64 step vs reference: %u bad", bad64);
	UT_CHECK(!bad128, "POLY-128 step vs reference: %u bad", bad128);
}

/* ---- nettle differential ---------------------------------------------- */

static void test_all_lengths_vs_nettle(int impl)
{
	struct umac_key *key = key_alloc();
	struct nref *ref = malloc(sizeof(*ref));
	size_t maxlen = 4200, len;
	u8 *msg = malloc(maxlen), raw[16], nonce[16], a[16], b[16];
	unsigned int t, bad;

	kfast_test_fill(&rng, msg, maxlen);
	for (t = 0; t < 4; t++) {
		unsigned int tl = taglens[t];

		kfast_test_fill(&rng, raw, 16);
		__umac_setkey(key, raw, 16, impl);
		nref_setkey(ref, tl, raw);
		bad = 0;
		for (len = 0; len <= maxlen; len++) {
			unsigned int nlen = 1 + rand_below(16);

			kfast_test_fill(&rng, nonce, nlen);
			umac(key, tl, nonce, nlen, msg, len, a);
			nref_mac(ref, nonce, nlen, msg, len, b);
			if (memcmp(a, b, tl) && bad++ < 3)
				UT_CHECK_MEMEQ(a, b, tl, "len %zu taglen %u [%s]",
					       len, tl, impl_names[impl]);
		}
		UT_CHECK(!bad, "lengths 0..%zu taglen %u vs nettle [%s]: %u bad",
			 maxlen, tl, impl_names[impl], bad);
	}
	free(msg);
	free(ref);
	free(key);
}

static void test_random_vs_nettle(int impl, int cases)
{
	struct umac_key *key = key_alloc();
	struct nref *ref = malloc(sizeof(*ref));
	size_t maxlen = 1 << 17;
	u8 *buf = malloc(maxlen + 64), raw[16], nonce[16], a[16], b[16];
	int i;

	for (i = 0; i < cases; i++) {
		unsigned int tl = taglens[rand_below(4)];
		unsigned int nlen = 1 + rand_below(16);
		size_t len, align = rand_below(64);
		u8 *msg = buf + align;

		switch (rand_below(3)) {
		case 0:
			len = rand_below(2048);
			break;
		case 1:
			len = rand_below(16384);
			break;
		default:
			len = rand_below(maxlen + 1);
			break;
		}
		kfast_test_fill(&rng, raw, 16);
		kfast_test_fill(&rng, nonce, nlen);
		kfast_test_fill(&rng, msg, len);
		__umac_setkey(key, raw, 16, impl);
		nref_setkey(ref, tl, raw);
		mac_split(key, tl, nonce, nlen, msg, len, a);
		nref_mac(ref, nonce, nlen, msg, len, b);
		UT_CHECK_MEMEQ(a, b, tl, "random case %d: len %zu taglen %u nonce %u align %zu [%s]",
			       i, len, tl, nlen, align, impl_names[impl]);
	}
	free(buf);
	free(ref);
	free(key);
}

/*
 * Make L1 word "chunk" of iteration 0 equal target: NH sums
 * (m_j + k_j) * (m_{j+4} + k_{j+4}); choosing m_j = a_j - k_j sets the
 * factors a_j freely.  All factors are 0 except in the first unit, where
 * a0 * a4 + a1 * a5 + a2 * a6 = hi * (2^32 - 1) + (lo + hi) * 1 = R with
 * R = target - 8 * chunk_len = hi * 2^32 + lo.  Needs whole units.
 */
static void craft_chunk(const struct umac_key *key, u8 *chunk, size_t n,
			u64 target)
{
	u64 r = target - 8 * (u64)n, hi = r >> 32, lo = (u32)r, s = hi + lo;
	u32 a[8] = { (u32)hi, (u32)(s >> 1), (u32)(s & 1), 0,
		     0xffffffff, 2, 1, 0 };
	size_t i;

	for (i = 0; i < n / 4; i++) {
		u32 f = i < 8 ? a[i] : 0;

		put_unaligned_le32(f - key->nh[i], chunk + 4 * i);
	}
}

/* Message lengths (2^24 - 2048 + tail) of the POLY switch test. */
static const size_t tails[] = {
	0, 1, 31, 32, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3072 + 96,
	4096, 4096 + 500, 5120, 8192 + 7,
};
#define NTAILS ARRAY_SIZE(tails)

/*
 * Lengths around the 2^24-byte switch to POLY-128 (odd and even numbers of
 * 128-bit words, partial last chunks), and L1 words in the marker range of
 * POLY-64 (chunk 1) and of POLY-128 (chunk 2^14, the first word of the
 * first 128-bit word, and the last chunk, padded with 0x80).  The common
 * prefix is hashed once per tag length; both contexts are plain data and
 * are copied to continue with each suffix.
 */
static void test_poly_switch_vs_nettle(int impl, const u8 *raw,
				       const u8 (*nettle_tags)[NTAILS][16])
{
	size_t prefix = (1 << 24) - 4096, maxlen = (1 << 24) + 8192 + 64;
	struct umac_key *key = key_alloc();
	u8 *msg = malloc(maxlen), nonce[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, tag[16];
	uint64_t seed = 1234;
	unsigned int t;
	size_t i;

	__umac_setkey(key, raw, 16, impl);
	kfast_test_fill(&seed, msg, maxlen);
	for (t = 0; t < 4; t++) {
		struct umac_ctx base;

		umac_init(&base, key, taglens[t]);
		umac_set_nonce(&base, nonce, 8);
		umac_update(&base, msg, prefix);
		for (i = 0; i < ARRAY_SIZE(tails); i++) {
			size_t len = (1 << 24) - 2048 + tails[i];
			struct umac_ctx c = base;

			umac_update(&c, msg + prefix, len - prefix);
			umac_final(&c, tag);
			UT_CHECK_MEMEQ(tag, nettle_tags[t][i], taglens[t],
				       "len 2^24 - 2048 + %zu taglen %u [%s]", tails[i],
				       taglens[t], impl_names[impl]);
			/*
			 * umac() in one call around the switch (2^14 words end
			 * between 1024 and 2048 here): its own way for long
			 * messages must hand over to POLY-128 like the stream.
			 */
			if (tails[i] < 1023 || tails[i] > 3072)
				continue;
			umac(key, taglens[t], nonce, 8, msg, len, tag);
			UT_CHECK_MEMEQ(tag, nettle_tags[t][i], taglens[t],
				       "umac() len 2^24 - 2048 + %zu taglen %u [%s]",
				       tails[i], taglens[t], impl_names[impl]);
		}
	}
	free(msg);
	free(key);
}

static void nettle_poly_switch(const u8 *raw, u8 (*out)[NTAILS][16])
{
	size_t prefix = (1 << 24) - 4096, maxlen = (1 << 24) + 8192 + 64;
	struct nref *base = malloc(sizeof(*base)), *c = malloc(sizeof(*c));
	u8 *msg = malloc(maxlen), nonce[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	uint64_t seed = 1234;
	unsigned int t;
	size_t i;

	kfast_test_fill(&seed, msg, maxlen);
	for (t = 0; t < 4; t++) {
		nref_setkey(base, taglens[t], raw);
		nref_nonce(base, nonce, 8);
		nref_update(base, msg, prefix);
		for (i = 0; i < ARRAY_SIZE(tails); i++) {
			size_t len = (1 << 24) - 2048 + tails[i];

			*c = *base;
			nref_update(c, msg + prefix, len - prefix);
			nref_digest(c, out[t][i]);
		}
	}
	free(msg);
	free(base);
	free(c);
}

/* Marker-range L1 words; the targets include 2^64 - 1 and 2^64 - 2^32. */
static void test_markers_vs_nettle(int impl)
{
	static const u64 targets[] = {
		~0ull, ~0ull - 58, ~0ull - 59, 0xffffffff00000000ull,
		0xffffffff12345678ull, 0xfffffffeffffffffull,
	};
	/* small: 5 chunks; big: 2^24 + 2048 + 96 bytes */
	size_t big = (1 << 24) + 2048 + 96;
	struct umac_key *key = key_alloc();
	struct nref *ref = malloc(sizeof(*ref));
	u8 *msg = malloc(big), raw[16], nonce[8], a[16], b[16];
	unsigned int t, j;

	kfast_test_fill(&rng, raw, 16);
	__umac_setkey(key, raw, 16, impl);
	kfast_test_fill(&rng, msg, big);
	for (j = 0; j < 2 * ARRAY_SIZE(targets); j++) {
		size_t n = ARRAY_SIZE(targets), len = j < n ? 4 * 1024 + 512 : 4 * 1024;

		/*
		 * POLY-64 markers: chunk 0 (first word), 1 and 2; the SIMD tiers
		 * step the first three chunks' words inside their bulk call.  And
		 * the last chunk's word, which umac()'s long path steps after the
		 * bulk call: a partial chunk (4.5 KiB), or a whole one that went
		 * through the bulk call with the others (4 KiB).
		 */
		craft_chunk(key, msg, 1024, targets[j % n]);
		craft_chunk(key, msg + 1024, 1024, targets[(j + 1) % n]);
		craft_chunk(key, msg + 2048, 1024, targets[(j + 2) % n]);
		craft_chunk(key, msg + 3072, 1024, targets[(j + 3) % n]);
		craft_chunk(key, msg + 4096, 512, targets[(j + 4) % n]);
		for (t = 0; t < 4; t++) {
			kfast_test_fill(&rng, nonce, 8);
			nref_setkey(ref, taglens[t], raw);
			umac(key, taglens[t], nonce, 8, msg, len, a);
			nref_mac(ref, nonce, 8, msg, len, b);
			UT_CHECK_MEMEQ(a, b, taglens[t], "POLY-64 marker %016" PRIx64
				       " len %zu taglen %u [%s]", targets[j % n], len,
				       taglens[t], impl_names[impl]);
		}
	}
	/* POLY-128: word 2^14 (hi of the first pair) and the padded last word. */
	craft_chunk(key, msg + ((size_t)1 << 24), 1024, ~0ull);
	craft_chunk(key, msg + ((size_t)1 << 24) + 2048, 96, 0xffffffff00000005ull);
	for (t = 0; t < 4; t++) {
		kfast_test_fill(&rng, nonce, 8);
		nref_setkey(ref, taglens[t], raw);
		umac(key, taglens[t], nonce, 8, msg, big, a);
		nref_mac(ref, nonce, 8, msg, big, b);
		UT_CHECK_MEMEQ(a, b, taglens[t], "POLY-128 markers taglen %u [%s]",
			       taglens[t], impl_names[impl]);
	}
	free(msg);
	free(ref);
	free(key);
}

/* ---- streaming properties ---------------------------------------------- */

static void test_splits_and_state(int impl)
{
	struct umac_key *key = key_alloc(), *gkey = key_alloc();
	size_t maxlen = 3 * 4096 + 77;
	u8 *buf = malloc(maxlen + 64), raw[16], nonce[8], a[16], b[16], c[16];
	int i;

	for (i = 0; i < 300; i++) {
		unsigned int tl = taglens[i % 4];
		size_t len = rand_below(maxlen + 1), cut = rand_below(len + 1);
		size_t align = rand_below(64);
		u8 *msg = buf + align;
		struct umac_ctx x, y;
		bool simd;

		kfast_test_fill(&rng, raw, 16);
		kfast_test_fill(&rng, nonce, 8);
		kfast_test_fill(&rng, msg, len);
		__umac_setkey(key, raw, 16, impl);
		__umac_setkey(gkey, raw, 16, UMAC_IMPL_GENERIC);
		umac(gkey, tl, nonce, 8, msg, len, a);
		mac_split(key, tl, nonce, 8, msg, len, b);
		UT_CHECK_MEMEQ(b, a, tl, "split len %zu align %zu [%s] vs generic",
			       len, align, impl_names[impl]);

		/* export at "cut", import into a fresh context, continue */
		umac_init(&x, key, tl);
		umac_update(&x, msg, cut);
		UT_CHECK(umac_state_check(&x.s, tl) == 0, "state valid at %zu", cut);
		memset(&y, 0xa5, sizeof(y));
		memcpy(&y.s, &x.s, sizeof(x.s));
		y.key = key;
		memzero_explicit(&x, sizeof(x));
		umac_update(&y, msg + cut, len - cut);
		umac_set_nonce(&y, nonce, 8);
		umac_final(&y, c);
		UT_CHECK_MEMEQ(c, a, tl, "export/import at %zu of %zu [%s]", cut, len,
			       impl_names[impl]);

		/* no SIMD: the tier's key must fall back to the generic code */
		simd = kfast_user_simd_usable;
		kfast_user_simd_usable = false;
		mac_split(key, tl, nonce, 8, msg, len, c);
		kfast_user_simd_usable = simd;
		UT_CHECK_MEMEQ(c, a, tl, "no-SIMD len %zu [%s]", len, impl_names[impl]);
	}
	free(buf);
	free(key);
	free(gkey);
}

/*
 * Every whole message of one chunk or less (0..1056 bytes, every tag
 * length) through each of its paths, with 8- and 12-byte nonces (umac()
 * reaches the short path from its common case or after the general nonce
 * handling): umac() (the tier's one-call short path, pad included), init
 * + set_nonce + finup (the short path without the pad, XORed with the one
 * set_nonce computed) and init + set_nonce + update + final (the
 * streaming state), against the generic tier's umac().  The message ends
 * flush against an inaccessible page, then starts right after one: a load
 * of the last unit that reads outside the message faults.
 */
static void test_short_paths(int impl)
{
	static const u8 nonce[12] = { 0xa1, 0x52, 0x03, 0xc4, 0x15, 0x76, 0x27, 0x8b,
				      0x09, 0x1a, 0x2b, 0x3c };
	size_t page = (size_t)sysconf(_SC_PAGESIZE), span = 2 * page, len;
	size_t mapped = span + 2 * page;
	struct umac_key *key = key_alloc(), *gkey = key_alloc();
	unsigned int t, way, bad = 0;
	u8 *map, *lo, *hi, raw[16];
	uint64_t seed = 77 + impl;

	map = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		UT_CHECK(0, "short paths: mmap");
		goto out;
	}
	lo = map + page;		/* first readable byte */
	hi = map + page + span;		/* first guard byte after */
	if (mprotect(map, page, PROT_NONE) || mprotect(hi, page, PROT_NONE)) {
		UT_CHECK(0, "short paths: mprotect");
		goto out;
	}
	kfast_test_fill(&seed, lo, span);
	kfast_test_fill(&seed, raw, 16);
	__umac_setkey(key, raw, 16, impl);
	__umac_setkey(gkey, raw, 16, UMAC_IMPL_GENERIC);
	for (t = 0; t < 4; t++) {
		unsigned int tl = taglens[t];

		for (len = 0; len <= UMAC_CHUNK_SIZE + 32; len++) {
			/* way: where (bit 0), nonce length (bit 1), calls (>> 2) */
			for (way = 0; way < 12; way++) {
				const u8 *msg = way & 1 ? lo : hi - len;
				unsigned int nlen = way & 2 ? 12 : 8;
				struct umac_ctx c;
				u8 a[16], b[16];

				umac(gkey, tl, nonce, nlen, msg, len, a);
				umac_init(&c, key, tl);
				switch (way >> 2) {
				case 0:
					umac(key, tl, nonce, nlen, msg, len, b);
					break;
				case 1:
					umac_set_nonce(&c, nonce, nlen);
					umac_finup(&c, msg, len, b);
					break;
				default:
					umac_set_nonce(&c, nonce, nlen);
					umac_update(&c, msg, len);
					umac_final(&c, b);
					break;
				}
				if (memcmp(a, b, tl) && bad++ < 3)
					UT_CHECK_MEMEQ(b, a, tl, "len %zu taglen %u way %u [%s]",
						       len, tl, way, impl_names[impl]);
			}
		}
	}
	UT_CHECK(!bad, "messages of 0..%u bytes by umac(), finup and final, against "
		 "guard pages [%s]: %u bad", UMAC_CHUNK_SIZE + 32, impl_names[impl], bad);
out:
	if (map != MAP_FAILED)
		munmap(map, mapped);
	free(key);
	free(gkey);
}

static void test_state_check(void)
{
	struct umac_key *key = key_alloc();
	u8 raw[16] = { 0 }, msg[3000] = { 0 };
	struct umac_ctx x;
	struct umac_state bad;

	__umac_setkey(key, raw, 16, UMAC_IMPL_GENERIC);
	umac_init(&x, key, 8);
	UT_CHECK(umac_state_check(&x.s, 8) == 0, "fresh state valid");
	UT_CHECK(umac_state_check(&x.s, 4) != 0, "tag length mismatch rejected");
	umac_update(&x, msg, 2100);
	UT_CHECK(umac_state_check(&x.s, 8) == 0, "state after 2100 bytes valid");
	bad = x.s;
	bad.buflen = 32;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "buflen 32 rejected");
	bad = x.s;
	bad.buflen = 5;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "buflen/len mismatch rejected");
	bad = x.s;
	bad.chunk_pos = 1056;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "chunk_pos > 1024 rejected");
	bad = x.s;
	bad.chunk_pos += 4;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "unaligned chunk_pos rejected");
	bad = x.s;
	bad.words += 1;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "word count mismatch rejected");
	bad = x.s;
	bad.len = 0;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "len < buflen rejected");
	bad = x.s;
	bad.buf[31] = 1;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "bytes beyond buflen rejected");
	bad = x.s;
	bad.pad_set = 2;
	UT_CHECK(umac_state_check(&bad, 8) != 0, "pad_set 2 rejected");
	umac_update(&x, msg, 2048 - 2100 % 1024 + 0);	/* ends on a chunk */
	UT_CHECK(umac_state_check(&x.s, 8) == 0, "state on a chunk boundary valid");
	free(key);
}

int main(void)
{
	static u8 nettle_tags[4][NTAILS][16];
	u8 raw[16];
	int impl;

	best_impl = umac_mod_init();
	printf("umac: tiers on this CPU: generic..%s\n", impl_names[best_impl]);

	test_intermediates();
	test_state_check();
	test_poly_arith();
	kfast_test_fill(&rng, raw, 16);
	nettle_poly_switch(raw, nettle_tags);
	for (impl = 0; impl <= best_impl; impl++) {
		test_vectors(impl);
		test_all_lengths_vs_nettle(impl);
		test_short_paths(impl);
		test_random_vs_nettle(impl, 150);
		test_splits_and_state(impl);
		test_markers_vs_nettle(impl);
		test_poly_switch_vs_nettle(impl, raw, nettle_tags);
		printf("umac: tier %s done (%lu checks passed so far, %lu failed)\n",
		       impl_names[impl], utest_passed, utest_failed);
	}
	return utest_report("umac");
}

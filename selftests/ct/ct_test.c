// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time test of the cores, in the style of ctgrind: run under
 * valgrind's memcheck with every secret marked undefined (the raw keys,
 * the plaintexts and AADs), memcheck reports each conditional jump and
 * each memory address that depends on a secret.  What the cores derive
 * from the secrets (key schedules, POLYVAL/NH/L keys, pads, tags) inherits
 * the mark.  Outputs that are public (ciphertexts, tags sent in clear) are
 * declassified by this program; a verdict a core returns is declassified by
 * the core itself (kfast_ct_declassify()).  Lengths and nonces stay public.
 *
 *   ct_test list          the "<alg> <tier>" pairs this CPU has
 *   ct_test ALG TIER      one tier of one algorithm (run under valgrind);
 *                         exits 77 if the tier is not available there
 *                         (valgrind's virtual CPU lacks VAES and AVX-512)
 */
#include <kfast/base.h>
#include "../../vmac/vmac.h"
#include "../../umac/umac.h"
#include "../../gcmsiv/gcm_siv.h"
#include "../../ocb/ocb.h"
#include <kfast/aes.h>
#include "ct-tiers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#define secret(p, n)	VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define public(p, n)	VALGRIND_MAKE_MEM_DEFINED(p, n)

/* Lengths around each core's block, NH unit, chunk and SIMD widths. */
static const size_t lens[] = {
	0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256,
	511, 1023, 1024, 1025, 2048 + 7, 4096 + 17,
};
/* The AEADs' generic tiers run the (slow) constant-time AES per block. */
static const size_t aead_lens[] = {
	0, 1, 15, 16, 17, 33, 64, 127, 128, 129, 255, 256, 513,
};
#define MAX_LEN		(4096 + 17)
#define MAX_TAG		16

static u8 msg[MAX_LEN], aad[MAX_LEN], out[MAX_LEN + MAX_TAG], back[MAX_LEN + MAX_TAG];

static void fill(u8 *p, size_t n, unsigned int seed)
{
	u32 x = 0x9e3779b9u * (seed + 1);

	while (n--) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		*p++ = (u8)x;
	}
}

static void fresh_secrets(unsigned int seed)
{
	fill(msg, sizeof(msg), seed);
	fill(aad, sizeof(aad), seed + 1000);
	secret(msg, sizeof(msg));
	secret(aad, sizeof(aad));
}

static int fails;

static void expect(int cond, const char *what, size_t len)
{
	if (!cond) {
		printf("not ok - %s at length %zu\n", what, len);
		fails++;
	}
}

static void test_vmac(unsigned int impl)
{
	static struct vmac_key key;
	struct vmac_ctx ctx;
	u8 raw[16], nonce[VMAC_NONCEBYTES] = { 0x12, 0x34 }, tag[16];
	unsigned int i, tagbytes;

	fill(raw, sizeof(raw), 1);
	secret(raw, sizeof(raw));
	expect(vmac_setkey(&key, raw, sizeof(raw)) == 0, "vmac setkey", 16);
	for (tagbytes = 8; tagbytes <= 16; tagbytes += 8) {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			size_t n = lens[i];

			fresh_secrets(i);
			nonce[15] = i;
			vmac_init(&ctx, &key, tagbytes, impl);
			vmac_update(&ctx, msg, n / 3);
			vmac_update(&ctx, msg + n / 3, n - n / 3);
			expect(vmac_final(&ctx, nonce, tag) == 0, "vmac final", n);
			public(tag, sizeof(tag));
			/* whole, through vmac_finup() (its short-message path) */
			vmac_init(&ctx, &key, tagbytes, impl);
			expect(vmac_finup(&ctx, msg, n, nonce, tag) == 0, "vmac finup", n);
			public(tag, sizeof(tag));
		}
	}
}

static void test_umac(unsigned int impl)
{
	static struct umac_key key;
	static struct umac_ctx ctx;
	u8 raw[UMAC_KEY_SIZE], nonce[8] = { 0xab }, tag[16];
	unsigned int i, taglen;
	u64 y[2], k[2], m[2], y64;

	fill(raw, sizeof(raw), 2);
	secret(raw, sizeof(raw));
	expect(__umac_setkey(&key, raw, sizeof(raw), impl) == 0, "umac setkey", 16);
	for (taglen = 4; taglen <= 16; taglen += 4) {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			size_t n = lens[i];

			fresh_secrets(i);
			nonce[7] = i;
			umac_init(&ctx, &key, taglen);
			umac_set_nonce(&ctx, nonce, sizeof(nonce));
			umac_update(&ctx, msg, n / 3);
			umac_update(&ctx, msg + n / 3, n - n / 3);
			umac_final(&ctx, tag);
			public(tag, sizeof(tag));
			umac_init(&ctx, &key, taglen);
			umac_set_nonce(&ctx, nonce, sizeof(nonce));
			umac_finup(&ctx, msg, n, tag);
			public(tag, sizeof(tag));
			umac(&key, taglen, nonce, sizeof(nonce), msg, n, tag);
			public(tag, sizeof(tag));
		}
	}
	/*
	 * POLY's two layers with secret values, on and off the RFC's marker
	 * case (reached by messages of 1 KiB chunks resp. of 16 MiB, too long
	 * for valgrind).
	 */
	for (i = 0; i < 4; i++) {
		y64 = 0x0123456789abcdefULL * (i + 1);
		k[0] = 0x00fedcba98765432ULL >> i;
		k[1] = 0x0011223344556677ULL << i >> 8;
		m[0] = i & 1 ? 0xffffffff00000000ULL | i : 0x7777777777777777ULL;
		m[1] = 0x5555555555555555ULL;
		y[0] = y64;
		y[1] = ~y64;
		secret(&y64, sizeof(y64));
		secret(y, sizeof(y));
		secret(k, sizeof(k));
		secret(m, sizeof(m));
		y64 = umac_test_poly64(y64, k[0], m[0]);
		umac_test_poly128(y, k, m);
		public(&y64, sizeof(y64));
		public(y, sizeof(y));
	}
}

/* Seal, open and open of a bad tag of @n bytes with @alen bytes of AAD. */
static void gcm_siv_case(const struct gcm_siv_key *key, unsigned int impl,
			 u8 *nonce, size_t n, size_t alen, unsigned int i)
{
	fresh_secrets(i);
	nonce[11] = i;
	expect(gcm_siv_encrypt(key, impl, nonce, aad, alen, msg, n, out) == 0,
	       "gcm-siv seal", n);
	public(out, n + GCM_SIV_TAG_SIZE);
	public(aad, alen);	/* the receiver's AAD */
	expect(gcm_siv_decrypt(key, impl, nonce, aad, alen, out,
			       n + GCM_SIV_TAG_SIZE, back) == 0,
	       "gcm-siv open", n);
	out[n] ^= 1;		/* a bad tag: -EBADMSG, output zeroed */
	expect(gcm_siv_decrypt(key, impl, nonce, aad, alen, out,
			       n + GCM_SIV_TAG_SIZE, back) == -EBADMSG,
	       "gcm-siv open of a bad tag", n);
}

static void test_gcm_siv(unsigned int impl)
{
	/* (text, AAD) within the short seal and open's four blocks */
	static const size_t short_cases[][2] = {
		{ 0, 0 }, { 1, 0 }, { 16, 0 }, { 48, 0 }, { 64, 0 }, { 0, 48 },
		{ 33, 17 }, { 15, 33 }, { 20, 40 },
	};
	static struct gcm_siv_key key;
	u8 raw[32], nonce[GCM_SIV_NONCE_SIZE] = { 0x5e };
	unsigned int i, klen;

	for (klen = 16; klen <= 32; klen += 16) {
		fill(raw, sizeof(raw), 3 + klen);
		secret(raw, sizeof(raw));
		expect(gcm_siv_setkey(&key, raw, klen) == 0, "gcm-siv setkey", klen);
		for (i = 0; i < ARRAY_SIZE(aead_lens); i++)
			gcm_siv_case(&key, impl, nonce, aead_lens[i],
				     aead_lens[ARRAY_SIZE(aead_lens) - 1 - i] % 300, i);
		for (i = 0; i < ARRAY_SIZE(short_cases); i++)
			gcm_siv_case(&key, impl, nonce, short_cases[i][0], short_cases[i][1],
				     ARRAY_SIZE(aead_lens) + i);
	}
}

static void test_ocb(unsigned int impl)
{
	static struct ocb_key key;
	u8 raw[32], nonce[OCB_NONCE_SIZE] = { 0x0c };
	unsigned int i, klen, taglen;

	for (klen = 16; klen <= 32; klen += 8) {
		fill(raw, sizeof(raw), 4 + klen);
		secret(raw, sizeof(raw));
		expect(ocb_setkey(&key, raw, klen) == 0, "ocb setkey", klen);
		/* Every tag length with AES-128, the full tag with the others. */
		for (taglen = klen == 16 ? 8 : 16; taglen <= 16; taglen += 4) {
			for (i = 0; i < ARRAY_SIZE(aead_lens); i++) {
				size_t n = aead_lens[i];
				size_t alen = aead_lens[(i + 5) % ARRAY_SIZE(aead_lens)];

				fresh_secrets(i + taglen);
				nonce[11] = i;
				/* Nonces whose low 6 bits differ: the Stretch shift. */
				nonce[10] = i * 7;
				expect(ocb_encrypt(&key, impl, nonce, taglen, aad, alen, msg, n,
						   out) == 0, "ocb seal", n);
				public(out, n + taglen);
				public(aad, alen);
				expect(ocb_decrypt(&key, impl, nonce, taglen, aad, alen, out,
						   n + taglen, back) == 0, "ocb open", n);
				out[n + taglen - 1] ^= 0x80;
				expect(ocb_decrypt(&key, impl, nonce, taglen, aad, alen, out,
						   n + taglen, back) == -EBADMSG,
				       "ocb open of a bad tag", n);
			}
		}
	}
}

struct alg {
	const char *name;
	const char *const *tiers;
	unsigned int ntiers;
	bool (*available)(unsigned int impl);
	void (*run)(unsigned int impl);
};

static const struct alg algs[] = {
	{ "vmac", vmac_tiers, ARRAY_SIZE(vmac_tiers), vmac_has, test_vmac },
	{ "umac", umac_tiers, ARRAY_SIZE(umac_tiers), umac_has, test_umac },
	{ "gcm-siv", gcm_siv_tiers, ARRAY_SIZE(gcm_siv_tiers), gcm_siv_has, test_gcm_siv },
	{ "ocb", ocb_tiers, ARRAY_SIZE(ocb_tiers), ocb_has, test_ocb },
};

/* This build's AES (tools/uapi-shim/kfast_user_ct.c) on FIPS-197 C.1 and C.3. */
static int aes_known_answers(void)
{
	static const u8 pt[16] = {
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
		0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
	};
	static const u8 ct128[16] = {
		0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
		0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a,
	};
	static const u8 ct256[16] = {
		0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
		0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89,
	};
	struct kfast_aes_fullkey key;
	u8 raw[32], buf[16];
	unsigned int i;
	int bad = 0;

	for (i = 0; i < 32; i++)
		raw[i] = i;
	kfast_aes_setkey_full(&key, raw, 16);
	kfast_aes_encrypt_full(&key, buf, pt);
	bad |= memcmp(buf, ct128, 16);
	kfast_aes_decrypt(&key, buf, buf);
	bad |= memcmp(buf, pt, 16);
	kfast_aes_setkey_full(&key, raw, 32);
	kfast_aes_encrypt_full(&key, buf, pt);
	bad |= memcmp(buf, ct256, 16);
	kfast_aes_decrypt(&key, buf, buf);
	bad |= memcmp(buf, pt, 16);
	return bad;
}

int main(int argc, char **argv)
{
	unsigned int a, t;

	if (aes_known_answers()) {
		fprintf(stderr, "%s: the test build's AES fails FIPS-197\n", argv[0]);
		return 2;
	}

	ct_cores_init();
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (a = 0; a < ARRAY_SIZE(algs); a++)
			for (t = 0; t < algs[a].ntiers; t++)
				if (algs[a].available(t))
					printf("%s %s\n", algs[a].name, algs[a].tiers[t]);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: %s list | ALG TIER\n", argv[0]);
		return 2;
	}
	for (a = 0; a < ARRAY_SIZE(algs); a++) {
		if (strcmp(argv[1], algs[a].name))
			continue;
		for (t = 0; t < algs[a].ntiers; t++) {
			if (strcmp(argv[2], algs[a].tiers[t]))
				continue;
			if (!algs[a].available(t))
				return 77;
			algs[a].run(t);
			return fails ? 1 : 0;
		}
	}
	fprintf(stderr, "%s: no tier %s %s\n", argv[0], argv[1], argv[2]);
	return 2;
}

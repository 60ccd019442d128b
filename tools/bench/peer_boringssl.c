// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BoringSSL peers of the benchmark: AES-128/-256-GCM-SIV (seal, open,
 * auth-only), the like-for-like peer of our GCM-SIV rows, and AES-128/-256-GCM.
 *
 * Debian ships BoringSSL as android-libboringssl; its libcrypto exports
 * the same names as the OpenSSL libcrypto the benchmark links (EVP_*,
 * AES_*), so it cannot be linked beside it.  It is dlopen()ed instead,
 * RTLD_LOCAL so that its names stay out of the global scope and
 * RTLD_DEEPBIND so that its own internal calls bind to its own symbols and
 * not to OpenSSL's; only the EVP_AEAD functions are looked up, with
 * prototypes declared here from <openssl/aead.h>'s documented signatures
 * (that header cannot be included beside OpenSSL's).  Without the library
 * the rows are skipped, with a message.
 *
 * Per message, as a BoringSSL user makes the calls with a key set up once
 * (EVP_AEAD_CTX_new): one EVP_AEAD_CTX_seal (or _open) with the nonce.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#ifndef BENCH_BORINGSSL_LIB
#define BENCH_BORINGSSL_LIB "/usr/lib/x86_64-linux-gnu/android/libcrypto.so"
#endif
#ifndef BENCH_BORINGSSL_VERSION
#define BENCH_BORINGSSL_VERSION "?"
#endif

#define BSSL_TAG	16
#define BSSL_NONCE	12

/* Opaque to us: only pointers to them cross the interface. */
struct bssl_aead;
struct bssl_aead_ctx;

/* <openssl/aead.h>: EVP_AEAD_DEFAULT_TAG_LENGTH is 0, meaning the full tag. */
struct bssl_api {
	const struct bssl_aead *(*aes_128_gcm_siv)(void);
	const struct bssl_aead *(*aes_256_gcm_siv)(void);
	const struct bssl_aead *(*aes_128_gcm)(void);
	const struct bssl_aead *(*aes_256_gcm)(void);
	struct bssl_aead_ctx *(*ctx_new)(const struct bssl_aead *aead, const uint8_t *key,
					 size_t key_len, size_t tag_len);
	void (*ctx_free)(struct bssl_aead_ctx *ctx);
	int (*seal)(const struct bssl_aead_ctx *ctx, uint8_t *out, size_t *out_len,
		    size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
		    const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len);
	int (*open)(const struct bssl_aead_ctx *ctx, uint8_t *out, size_t *out_len,
		    size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
		    const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len);
	int (*has_aes_hardware)(void);
};

static struct bssl_api bssl;
static int bssl_loaded;		/* 1 loaded, -1 missing, 0 not tried */
static char bssl_why[256];

static int bssl_sym(void *lib, const char *name, void *fnp)
{
	void *f = dlsym(lib, name);

	if (!f) {
		snprintf(bssl_why, sizeof(bssl_why), "%s has no %s", BENCH_BORINGSSL_LIB, name);
		return -1;
	}
	/* POSIX guarantees a function pointer survives the trip through void *. */
	memcpy(fnp, &f, sizeof(f));
	return 0;
}

static int bssl_load(void)
{
	void *lib;

	if (bssl_loaded)
		return bssl_loaded > 0;
	bssl_loaded = -1;
	lib = dlopen(BENCH_BORINGSSL_LIB, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (!lib) {
		snprintf(bssl_why, sizeof(bssl_why), "%s", dlerror());
		return 0;
	}
	if (bssl_sym(lib, "EVP_aead_aes_128_gcm_siv", &bssl.aes_128_gcm_siv) ||
	    bssl_sym(lib, "EVP_aead_aes_256_gcm_siv", &bssl.aes_256_gcm_siv) ||
	    bssl_sym(lib, "EVP_aead_aes_128_gcm", &bssl.aes_128_gcm) ||
	    bssl_sym(lib, "EVP_aead_aes_256_gcm", &bssl.aes_256_gcm) ||
	    bssl_sym(lib, "EVP_AEAD_CTX_new", &bssl.ctx_new) ||
	    bssl_sym(lib, "EVP_AEAD_CTX_free", &bssl.ctx_free) ||
	    bssl_sym(lib, "EVP_AEAD_CTX_seal", &bssl.seal) ||
	    bssl_sym(lib, "EVP_AEAD_CTX_open", &bssl.open) ||
	    bssl_sym(lib, "EVP_has_aes_hardware", &bssl.has_aes_hardware)) {
		dlclose(lib);
		return 0;
	}
	bssl_loaded = 1;
	return 1;
}

int peer_boringssl_available(void)
{
	return bssl_load();
}

const char *peer_boringssl_why_not(void)
{
	return bssl_why;
}

const char *peer_boringssl_version(void)
{
	return "BoringSSL (Debian android-libboringssl " BENCH_BORINGSSL_VERSION ")";
}

struct bssl_row {
	struct bssl_aead_ctx *ctx;
	/* open rows: the sealed form of the last message, then that message */
	uint8_t *sealed;
	size_t sealed_len;
};

static struct bssl_row *bssl_row_new(const struct bssl_aead *(*aead)(void),
				     const uint8_t *key, size_t keylen, int open)
{
	struct bssl_row *r = bench_alloc(sizeof(*r));

	r->ctx = bssl.ctx_new(aead(), key, keylen, 0);
	if (!r->ctx)
		bench_die("BoringSSL EVP_AEAD_CTX_new failed");
	if (open) {
		r->sealed = bench_alloc(2 * BENCH_MAX_SIZE + BSSL_TAG);
		r->sealed_len = SIZE_MAX;
	}
	return r;
}

/*
 * One EVP_AEAD_CTX_seal: out = ciphertext || 16-byte tag.  Both seal rows
 * call it, so the AAD vectors checked through it check the auth-only
 * row's path too.
 */
static void bssl_seal_ad(struct bssl_row *r, const uint8_t *nonce, const uint8_t *in,
			 size_t in_len, const uint8_t *ad, size_t ad_len, uint8_t *out)
{
	size_t outl;

	if (!bssl.seal(r->ctx, out, &outl, in_len + BSSL_TAG, nonce, BSSL_NONCE, in, in_len,
		       ad, ad_len) || outl != in_len + BSSL_TAG)
		bench_die("BoringSSL EVP_AEAD_CTX_seal failed");
}

static void op_bssl_seal(void *p, const uint8_t *nonce, const uint8_t *msg,
			 size_t len, uint8_t *out)
{
	bssl_seal_ad(p, nonce, msg, len, NULL, 0, out);
}

/* Auth-only: the message is the AAD, the plaintext is empty; out = tag. */
static void op_bssl_auth(void *p, const uint8_t *nonce, const uint8_t *msg,
			 size_t len, uint8_t *out)
{
	bssl_seal_ad(p, nonce, NULL, 0, msg, len, out);
}

/* Opens @in (ciphertext || tag); returns 0 if it authenticates. */
static int bssl_open(struct bssl_row *r, const uint8_t *nonce, const uint8_t *in,
		     size_t in_len, uint8_t *out)
{
	size_t outl;

	if (!bssl.open(r->ctx, out, &outl, in_len, nonce, BSSL_NONCE, in, in_len, NULL, 0))
		return -1;
	return outl == in_len - BSSL_TAG ? 0 : -1;
}

/*
 * Decryption (out = plaintext), as ours_gcmsiv.c's open rows do it: the
 * message is sealed once per length under a fixed nonce (not timed while
 * the length and the message's edges stay the same, compared by its edges
 * for the same reason as there) and every timed call opens that ciphertext.
 */
static void op_bssl_open(void *p, const uint8_t *nonce, const uint8_t *msg,
			 size_t len, uint8_t *out)
{
	static const uint8_t fixed_nonce[BSSL_NONCE] = { 0x4f, 0x70, 0x65, 0x6e };
	struct bssl_row *r = p;
	size_t edge = len < 32 ? len : 32;

	if (r->sealed_len != len + BSSL_TAG ||
	    memcmp(r->sealed + r->sealed_len, msg, edge) ||
	    memcmp(r->sealed + r->sealed_len + len - edge, msg + len - edge, edge)) {
		op_bssl_seal(r, fixed_nonce, msg, len, r->sealed);
		r->sealed_len = len + BSSL_TAG;
		memcpy(r->sealed + r->sealed_len, msg, len);
	}
	if (bssl_open(r, fixed_nonce, r->sealed, r->sealed_len, out))
		bench_die("BoringSSL EVP_AEAD_CTX_open rejected its own ciphertext");
}

static char bssl_name[96];

static const char *nm(const char *what)
{
	snprintf(bssl_name, sizeof(bssl_name), "BoringSSL %s", what);
	return bssl_name;
}

/*
 * The GCM-SIV rows beside ours, family by family, and AES-GCM beside
 * OpenSSL's (AES-128) and beside our AES-256 seal; each GCM row gets a
 * context ratio row against our seal of the same key size (BoringSSL's
 * AEAD calls cost little per message, as ours do, so at small sizes that
 * quotient is not OpenSSL's EVP overhead).  Called after our rows.
 */
void peer_boringssl_add(const uint8_t key[32])
{
	struct bench_impl *i;

	if (!bssl_load()) {
		fprintf(stderr, "bench: BoringSSL peer skipped: %s "
			"(apt-get install android-libboringssl-dev)\n", bssl_why);
		return;
	}
	bench_add(FAM_GCMSIV, "AES-128-GCM-SIV", nm("AES-128-GCM-SIV"), 0, BSSL_NONCE,
		  BSSL_TAG, 1, bssl_row_new(bssl.aes_128_gcm_siv, key, 16, 0), op_bssl_seal);
	i = bench_add(FAM_GCMSIV, "AES-128-GCM", nm("AES-128-GCM"), 0, BSSL_NONCE, BSSL_TAG,
		      1, bssl_row_new(bssl.aes_128_gcm, key, 16, 0), op_bssl_seal);
	i->ratio_with = "AES-128-GCM-SIV";
	bench_add(FAM_GCMSIV_MORE, "AES-128-GCM-SIV open", nm("AES-128-GCM-SIV"), 0,
		  BSSL_NONCE, 0, 1, bssl_row_new(bssl.aes_128_gcm_siv, key, 16, 1),
		  op_bssl_open);
	bench_add(FAM_GCMSIV_MORE, "AES-256-GCM-SIV", nm("AES-256-GCM-SIV"), 0, BSSL_NONCE,
		  BSSL_TAG, 1, bssl_row_new(bssl.aes_256_gcm_siv, key, 32, 0), op_bssl_seal);
	i = bench_add(FAM_GCMSIV_MORE, "AES-256-GCM", nm("AES-256-GCM"), 0, BSSL_NONCE,
		      BSSL_TAG, 1, bssl_row_new(bssl.aes_256_gcm, key, 32, 0), op_bssl_seal);
	i->ratio_with = "AES-256-GCM-SIV";
	bench_add(FAM_AUTH, "AES-128-GCM-SIV auth-only", nm("AES-128-GCM-SIV (AAD only)"), 0,
		  BSSL_NONCE, BSSL_TAG, 0, bssl_row_new(bssl.aes_128_gcm_siv, key, 16, 0),
		  op_bssl_auth);
	if (!(bench_flags & BENCH_GCMSIV_AES256))
		return;
	bench_add(FAM_GCMSIV_MORE, "AES-256-GCM-SIV open", nm("AES-256-GCM-SIV"), 0,
		  BSSL_NONCE, 0, 1, bssl_row_new(bssl.aes_256_gcm_siv, key, 32, 1),
		  op_bssl_open);
	bench_add(FAM_AUTH, "AES-256-GCM-SIV auth-only", nm("AES-256-GCM-SIV (AAD only)"), 0,
		  BSSL_NONCE, BSSL_TAG, 0, bssl_row_new(bssl.aes_256_gcm_siv, key, 32, 0),
		  op_bssl_auth);
}

static int bssl_kat(const char *id, struct bssl_row *r, bench_op_fn op, int has_ct,
		    const char *nonce, const char *msg, const char *expect)
{
	struct bench_impl t = { .ctx = r, .op = op, .taglen = BSSL_TAG, .has_ct = has_ct,
				.noncelen = BSSL_NONCE };
	int fail = bench_kat(&t, id, nonce, msg, expect);

	bssl.ctx_free(r->ctx);
	free(r->sealed);
	free(r);
	return fail;
}

/*
 * The open rows' path: bssl_open() on a published ciphertext gives its
 * plaintext and refuses it with one tag bit flipped; then what the timed
 * open op() returns equals the message at lengths across the block edges.
 */
static int bssl_check_open(const char *id, const struct bssl_aead *(*aead)(void),
			   const uint8_t *key, size_t keylen, const char *sealed_hex,
			   const char *plain_hex)
{
	static const char nonce_hex[] = "030000000000000000000000";
	struct bssl_row *r = bssl_row_new(aead, key, keylen, 1);
	uint8_t nonce[BSSL_NONCE], in[64], plain[64], out[1100], msg[1100];
	size_t n = bench_unhex(sealed_hex, in, sizeof(in)), len, j;
	int fails = 0;

	bench_unhex(nonce_hex, nonce, sizeof(nonce));
	bench_unhex(plain_hex, plain, sizeof(plain));
	bench_tally.kats += 2;
	if (bssl_open(r, nonce, in, n, out) || memcmp(out, plain, n - BSSL_TAG))
		fails++;
	in[n - 1] ^= 0x80;
	if (!bssl_open(r, nonce, in, n, out))
		fails++;
	for (len = 0; len <= 1024; len += 97) {
		for (j = 0; j < len; j++)
			msg[j] = (uint8_t)(j * 29 + len);
		op_bssl_open(r, nonce, msg, len, out);
		bench_tally.cross++;
		fails += !!memcmp(out, msg, len);
	}
	if (fails)
		fprintf(stderr, "bench: BoringSSL %s open check FAILED\n", id);
	bench_tally.fail += fails;
	bssl.ctx_free(r->ctx);
	free(r->sealed);
	free(r);
	return fails;
}

/*
 * The auth-only rows' path.  RFC 8452 has no vector with AAD and no
 * plaintext, so: the timed op() on the empty message (no AAD, no
 * plaintext: the empty vectors C.1-1 / C.2-1), and the AAD vectors C.1-8 /
 * C.2-8 (AAD 01, 8-byte plaintext) through bssl_seal_ad(), the call that
 * op() makes with the message as AAD.  The cross-checks then compare the
 * rows with our tiers at every length.
 */
static int bssl_check_auth(const char *id, const struct bssl_aead *(*aead)(void),
			   const uint8_t *key, size_t keylen, const char *empty_tag,
			   const char *aad_sealed)
{
	static const uint8_t nonce[BSSL_NONCE] = { 3 }, aad[1] = { 1 }, pt8[8] = { 2 };
	struct bssl_row *r = bssl_row_new(aead, key, keylen, 0);
	struct bench_impl t = { .ctx = r, .op = op_bssl_auth, .taglen = BSSL_TAG,
				.noncelen = BSSL_NONCE };
	uint8_t out[8 + BSSL_TAG], expect[8 + BSSL_TAG];
	char kat_id[80];
	int fails;

	snprintf(kat_id, sizeof(kat_id), "BoringSSL %s auth-only, empty message", id);
	fails = bench_kat(&t, kat_id, "030000000000000000000000", "", empty_tag);
	bench_unhex(aad_sealed, expect, sizeof(expect));
	bssl_seal_ad(r, nonce, pt8, sizeof(pt8), aad, sizeof(aad), out);
	bench_tally.kats++;
	if (memcmp(out, expect, sizeof(expect))) {
		fprintf(stderr, "bench: BoringSSL %s seal with AAD (RFC 8452 -8) FAILED\n", id);
		bench_tally.fail++;
		fails++;
	}
	bssl.ctx_free(r->ctx);
	free(r);
	return fails;
}

/*
 * Known answers through the timed op() functions, each on a context keyed
 * with the vector's key: RFC 8452 C.1 (AES-128-GCM-SIV) and C.2
 * (AES-256-GCM-SIV) seals, the open path on C.1-4 and C.2-2, and the
 * McGrew-Viega GCM test cases 2 (AES-128) and 14 (AES-256), and the
 * auth-only path (bssl_check_auth()).
 */
int peer_boringssl_kats(void)
{
	static const char n3[] = "030000000000000000000000", n0[] = "000000000000000000000000";
	static const char z16[] = "00000000000000000000000000000000";
	uint8_t k[32] = { 1 }, z[32] = { 0 };
	int fails = 0;

	if (!bssl_load())
		return 0;
	fails += bssl_kat("BoringSSL GCM-SIV RFC8452 C.1-1",
			  bssl_row_new(bssl.aes_128_gcm_siv, k, 16, 0), op_bssl_seal, 1, n3, "",
			  "dc20e2d83f25705bb49e439eca56de25");
	fails += bssl_kat("BoringSSL GCM-SIV RFC8452 C.1-2",
			  bssl_row_new(bssl.aes_128_gcm_siv, k, 16, 0), op_bssl_seal, 1, n3,
			  "0100000000000000", "b5d839330ac7b786578782fff6013b815b287c22493a364c");
	fails += bssl_kat("BoringSSL GCM-SIV RFC8452 C.1-4",
			  bssl_row_new(bssl.aes_128_gcm_siv, k, 16, 0), op_bssl_seal, 1, n3,
			  "01000000000000000000000000000000",
			  "743f7c8077ab25f8624e2e948579cf77303aaf90f6fe21199c6068577437a0c4");
	fails += bssl_kat("BoringSSL GCM-SIV RFC8452 C.2-1",
			  bssl_row_new(bssl.aes_256_gcm_siv, k, 32, 0), op_bssl_seal, 1, n3, "",
			  "07f5f4169bbf55a8400cd47ea6fd400f");
	fails += bssl_kat("BoringSSL GCM-SIV RFC8452 C.2-2",
			  bssl_row_new(bssl.aes_256_gcm_siv, k, 32, 0), op_bssl_seal, 1, n3,
			  "0100000000000000", "c2ef328e5c71c83b843122130f7364b761e0b97427e3df28");
	fails += bssl_check_open("AES-128-GCM-SIV", bssl.aes_128_gcm_siv, k, 16,
				 "743f7c8077ab25f8624e2e948579cf77303aaf90f6fe21199c6068577437a0c4",
				 "01000000000000000000000000000000");
	fails += bssl_check_open("AES-256-GCM-SIV", bssl.aes_256_gcm_siv, k, 32,
				 "c2ef328e5c71c83b843122130f7364b761e0b97427e3df28",
				 "0100000000000000");
	fails += bssl_check_auth("AES-128-GCM-SIV", bssl.aes_128_gcm_siv, k, 16,
				 "dc20e2d83f25705bb49e439eca56de25",
				 "1e6daba35669f4273b0a1a2560969cdf790d99759abd1508");
	fails += bssl_check_auth("AES-256-GCM-SIV", bssl.aes_256_gcm_siv, k, 32,
				 "07f5f4169bbf55a8400cd47ea6fd400f",
				 "1de22967237a813291213f267e3b452f02d01ae33e4ec854");
	fails += bssl_kat("BoringSSL GCM TC2", bssl_row_new(bssl.aes_128_gcm, z, 16, 0),
			  op_bssl_seal, 1, n0, z16,
			  "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf");
	fails += bssl_kat("BoringSSL GCM TC14", bssl_row_new(bssl.aes_256_gcm, z, 32, 0),
			  op_bssl_seal, 1, n0, z16,
			  "cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919");
	return fails;
}

/*
 * What the report can say about the package's vector code: Debian's
 * android-libboringssl 13 has none on ymm/zmm (objdump -d of its
 * libcrypto.so: no vaesenc or vpclmulqdq on ymm/zmm registers), so its
 * GCM-SIV and GCM are AES-NI + PCLMULQDQ on xmm, whatever the CPU has.
 * Another version is not described.
 */
const char *peer_boringssl_isa_note(void)
{
	if (!strncmp(BENCH_BORINGSSL_VERSION, "13.", 3))
		return " Android 13's BoringSSL has no VAES/VPCLMULQDQ code (none on ymm/zmm "
		       "in its libcrypto.so): its GCM-SIV and GCM run AES-NI and PCLMULQDQ on "
		       "xmm, whatever the CPU has.";
	return "";
}

/* Whether this BoringSSL build runs AES in hardware (its AES-NI/CLMUL code). */
int peer_boringssl_aes_hw(void)
{
	return bssl_load() && bssl.has_aes_hardware();
}

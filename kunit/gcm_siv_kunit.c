// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the gcm-siv(aes) drivers of kfast_gcmsiv.ko, through the
 * crypto API by driver name, so every SIMD tier registered on this CPU is
 * checked against RFC 8452 and against gcm-siv-aes-generic:
 *  - all RFC 8452 Appendix C vectors (C.1, C.2, C.3 counter wrap) and the
 *    section 8 example, out of place and in place;
 *  - flipping each byte of AAD, ciphertext and tag: -EBADMSG, the
 *    destination's plaintext region zeroed, nothing else written;
 *  - every (AAD length, plaintext length) pair up to 256 and random ones
 *    up to 64 KiB, each tier against generic, with decryption round trips;
 *  - random scatterlist layouts (page-crossing, misaligned, out of place,
 *    in place with one and with two scatterlists), the layout printed on a
 *    mismatch;
 *  - the SIMD drivers with SIMD unusable (inside a kernel-FPU section on
 *    x86), and all drivers with BHs and with IRQs disabled;
 *  - bad key lengths, authsizes, short ciphertexts, missing key;
 *  - stack traces from interrupts that land in each driver reach the caller;
 *  - POLYVAL itself (exported by the module): RFC 8452 section 7 and
 *    Appendix A examples, with the Appendix A erratum.
 * Intermediate values of the RFC vectors (derived keys, POLYVAL
 * input/result) are checked by the userspace test of the core
 * (selftests/user/test_gcm_siv.c); here the POLYVAL input/result pair is
 * checked through the module's POLYVAL.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <crypto/aead.h>
#include "aead-test-template.h"
#include "unwind-test.h"
#include "../gcmsiv/polyval.h"
#include "../gcmsiv/gcm_siv.h"
#include "vectors/gcm_siv_vectors.h"

#define GSV_GENERIC "gcm-siv-aes-generic"

struct gsv_driver {
	const char *name;
};

/* Every tier's driver (GCM_SIV_TIERS), generic first. */
#define GSV_TIER_DRIVER(id, suffix, prio, present) { "gcm-siv-aes-" suffix },
static const struct gsv_driver gsv_drivers[] = {
	GCM_SIV_TIERS(GSV_TIER_DRIVER)
};

static void gsv_driver_desc(const struct gsv_driver *d, char *desc)
{
	strscpy(desc, d->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gsv_driver, gsv_drivers, gsv_driver_desc);

/* SIMD tiers only (for the comparisons against generic). */
static const struct gsv_driver gsv_tiers[] = {
	GCM_SIV_ARCH_TIERS(GSV_TIER_DRIVER)
};

KUNIT_ARRAY_PARAM(gsv_tier, gsv_tiers, gsv_driver_desc);

static const struct gsv_driver *gsv_param(struct kunit *test)
{
	return test->param_value;
}

static const u8 gsv_iv0[12] = { 0x4b, 0x66, 0x61, 0x73, 0x74 };

/* ---- A fast path for many flat requests ------------------------------- */

struct gsv_flat {
	struct crypto_aead *tfm;
	struct aead_request *req;
};

static int gsv_flat_init(struct kunit *test, struct gsv_flat *f,
			 const char *driver, const u8 *key, unsigned int klen)
{
	f->tfm = aeadt_alloc(test, driver);
	if (!f->tfm)
		return -ENOENT;
	f->req = aead_request_alloc(f->tfm, GFP_KERNEL);
	if (!f->req) {
		crypto_free_aead(f->tfm);
		return -ENOMEM;
	}
	aead_request_set_callback(f->req, 0, NULL, NULL);
	return crypto_aead_setkey(f->tfm, key, klen);
}

static void gsv_flat_exit(struct gsv_flat *f)
{
	aead_request_free(f->req);
	crypto_free_aead(f->tfm);
}

/*
 * In place on one linear buffer: buf holds AAD || text (|| tag); returns
 * the driver's result; the output replaces the text.
 */
static int gsv_flat_crypt(struct gsv_flat *f, bool enc, const u8 *iv, u8 *buf,
			  unsigned int assoclen, unsigned int cryptlen,
			  unsigned int buflen)
{
	struct scatterlist sg;

	sg_init_one(&sg, buf, buflen);
	aead_request_set_ad(f->req, assoclen);
	aead_request_set_crypt(f->req, &sg, &sg, cryptlen, (u8 *)iv);
	return enc ? crypto_aead_encrypt(f->req) : crypto_aead_decrypt(f->req);
}

/* ---- RFC 8452 vectors ---------------------------------------------------- */

static void gsv_test_vectors(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct crypto_aead *tfm = aeadt_alloc(test, d->name);
	struct aeadt_layout l;
	unsigned int i;
	u8 *in, *out;
	bool guard;
	int err, mode;

	if (!tfm)
		return;
	in = kunit_kmalloc(test, 512, GFP_KERNEL);
	out = kunit_kmalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, out);
	for (i = 0; i < ARRAY_SIZE(gcm_siv_testvecs); i++) {
		const struct gcm_siv_testvec *v = &gcm_siv_testvecs[i];
		struct aeadt_op op = { .iv = v->nonce, .assoclen = v->alen };

		KUNIT_ASSERT_LE(test, v->alen + v->plen + 16, 512u);
		KUNIT_ASSERT_EQ(test, crypto_aead_setkey(tfm, v->key, v->klen), 0);
		for (mode = AEADT_OUT_OF_PLACE; mode <= AEADT_INPLACE_TWO_SGLISTS;
		     mode++) {
			/* Encrypt. */
			memcpy(in, v->aad, v->alen);
			memcpy(in + v->alen, v->ptext, v->plen);
			op.enc = true;
			op.in = in;
			op.inlen = v->alen + v->plen;
			op.out = out;
			op.outlen = v->plen + 16;
			aeadt_layout_flat(&l, mode, op.inlen, op.inlen + 16);
			err = aeadt_run(test, tfm, &op, &l, &guard);
			KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s encrypt", v->id);
			KUNIT_EXPECT_TRUE_MSG(test, guard, "%s encrypt wrote outside", v->id);
			KUNIT_EXPECT_MEMEQ(test, out, v->ctext, v->plen);
			KUNIT_EXPECT_MEMEQ(test, out + v->plen, v->tag, 16);
			if (memcmp(out, v->ctext, v->plen) || memcmp(out + v->plen, v->tag, 16))
				kunit_err(test, "%s: %s encrypt mismatch (%s)", d->name,
					  v->id, aeadt_inplace_names[mode]);

			/* Decrypt. */
			memcpy(in + v->alen, v->ctext, v->plen);
			memcpy(in + v->alen + v->plen, v->tag, 16);
			op.enc = false;
			op.inlen = v->alen + v->plen + 16;
			op.outlen = v->plen;
			aeadt_layout_flat(&l, mode, op.inlen, op.inlen - 16);
			err = aeadt_run(test, tfm, &op, &l, &guard);
			KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s decrypt", v->id);
			KUNIT_EXPECT_TRUE_MSG(test, guard, "%s decrypt wrote outside", v->id);
			KUNIT_EXPECT_MEMEQ(test, out, v->ptext, v->plen);
		}
	}
	crypto_free_aead(tfm);
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

/* ---- Tampering ----------------------------------------------------------- */

static void gsv_test_tamper(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct crypto_aead *tfm = aeadt_alloc(test, d->name);
	struct aeadt_layout l;
	unsigned int i, j;
	u8 *in, *out;
	bool guard;
	int err;

	if (!tfm)
		return;
	in = kunit_kmalloc(test, 512, GFP_KERNEL);
	out = kunit_kmalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, out);
	for (i = 0; i < ARRAY_SIZE(gcm_siv_testvecs); i++) {
		const struct gcm_siv_testvec *v = &gcm_siv_testvecs[i];
		unsigned int inlen = v->alen + v->plen + 16;
		struct aeadt_op op = {
			.enc = false, .iv = v->nonce, .assoclen = v->alen,
			.in = in, .inlen = inlen, .out = out, .outlen = v->plen,
		};

		KUNIT_ASSERT_EQ(test, crypto_aead_setkey(tfm, v->key, v->klen), 0);
		/* Every byte of AAD, ciphertext and tag, alternating layouts. */
		for (j = 0; j < inlen; j++) {
			memcpy(in, v->aad, v->alen);
			memcpy(in + v->alen, v->ctext, v->plen);
			memcpy(in + v->alen + v->plen, v->tag, 16);
			in[j] ^= 1 << (j % 8);
			aeadt_layout_flat(&l, j % 3, inlen, inlen - 16);
			memset(out, 0x33, v->plen + 1);
			err = aeadt_run(test, tfm, &op, &l, &guard);
			KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG, "%s: %s byte %u flipped",
					    d->name, v->id, j);
			KUNIT_EXPECT_TRUE_MSG(test, !memchr_inv(out, 0, v->plen),
					      "%s: %s byte %u: plaintext not zeroed",
					      d->name, v->id, j);
			KUNIT_EXPECT_TRUE_MSG(test, guard, "%s: %s byte %u: wrote outside",
					      d->name, v->id, j);
		}
	}
	crypto_free_aead(tfm);
}

/* ---- Tiers against generic ----------------------------------------------- */

#define GSV_MAXLEN	(2 * 65536 + 256)	/* AAD + plaintext */

static void gsv_compare_one(struct kunit *test, struct gsv_flat *ref,
			    struct gsv_flat *tier, const u8 *iv, const u8 *data,
			    u8 *a, u8 *b, unsigned int alen, unsigned int plen,
			    const char *what, unsigned int *failures)
{
	int e1, e2;

	memcpy(a, data, alen + plen);
	memcpy(b, data, alen + plen);
	e1 = gsv_flat_crypt(ref, true, iv, a, alen, plen, alen + plen + 16);
	e2 = gsv_flat_crypt(tier, true, iv, b, alen, plen, alen + plen + 16);
	if (e1 || e2 || memcmp(a, b, alen + plen + 16)) {
		if ((*failures)++ < 5)
			KUNIT_FAIL(test, "%s: %s differs from generic: aad %u pt %u (err %d/%d)",
				   what, crypto_aead_driver_name(tier->tfm), alen,
				   plen, e1, e2);
		return;
	}
	e2 = gsv_flat_crypt(tier, false, iv, b, alen, plen + 16, alen + plen + 16);
	if (e2 || memcmp(b, data, alen + plen)) {
		if ((*failures)++ < 5)
			KUNIT_FAIL(test, "%s: %s decrypt failed: aad %u pt %u (err %d)",
				   what, crypto_aead_driver_name(tier->tfm), alen,
				   plen, e2);
	}
}

static void gsv_test_all_lengths(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct gsv_flat ref, tier;
	unsigned int alen, plen, failures = 0, klen;
	u64 rng = 0x256;
	u8 key[32], *data, *a, *b;

	data = kunit_kmalloc(test, 1024, GFP_KERNEL);
	a = kunit_kmalloc(test, 1024, GFP_KERNEL);
	b = kunit_kmalloc(test, 1024, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	aeadt_fill(&rng, data, 1024);
	aeadt_fill(&rng, key, 32);
	for (klen = 16; klen <= 32; klen += 16) {
		KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &tier, d->name, key, klen), 0);
		KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &ref, GSV_GENERIC, key, klen), 0);
		for (alen = 0; alen <= 256; alen++) {
			for (plen = 0; plen <= 256; plen++)
				gsv_compare_one(test, &ref, &tier, gsv_iv0, data, a, b,
						alen, plen, "all lengths", &failures);
			cond_resched();
		}
		gsv_flat_exit(&ref);
		gsv_flat_exit(&tier);
	}
}

static void gsv_test_random_lengths(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct gsv_flat ref, tier;
	unsigned int i, failures = 0, klen;
	u64 rng = 0x64;
	u8 key[32], iv[12], *data, *a, *b;

	data = kunit_kmalloc(test, GSV_MAXLEN + 16, GFP_KERNEL);
	a = kunit_kmalloc(test, GSV_MAXLEN + 16, GFP_KERNEL);
	b = kunit_kmalloc(test, GSV_MAXLEN + 16, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	aeadt_fill(&rng, data, GSV_MAXLEN);
	for (klen = 16; klen <= 32; klen += 16) {
		aeadt_fill(&rng, key, 32);
		KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &tier, d->name, key, klen), 0);
		KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &ref, GSV_GENERIC, key, klen), 0);
		for (i = 0; i < 24; i++) {
			unsigned int alen = aeadt_rand_below(&rng, i % 3 ? 257 : 65537);
			unsigned int plen = aeadt_rand_below(&rng, i % 2 ? 65537 : 4097);

			aeadt_fill(&rng, iv, 12);
			gsv_compare_one(test, &ref, &tier, iv, data, a, b, alen,
					plen, "random lengths", &failures);
			cond_resched();
		}
		gsv_flat_exit(&ref);
		gsv_flat_exit(&tier);
	}
}

/* ---- Random scatterlist layouts ------------------------------------------ */

static void gsv_test_random_splits(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct crypto_aead *tfm = aeadt_alloc(test, d->name);
	struct gsv_flat ref;
	struct aeadt_layout l;
	unsigned int i, failures = 0;
	u64 rng = 0x5b1;
	u8 key[32], iv[12], *data, *flat, *out;
	char *desc;
	bool guard;
	int err;

	if (!tfm)
		return;
	data = kunit_kmalloc(test, GSV_MAXLEN + 16, GFP_KERNEL);
	flat = kunit_kmalloc(test, GSV_MAXLEN + 16, GFP_KERNEL);
	out = kunit_kmalloc(test, GSV_MAXLEN + 16, GFP_KERNEL);
	desc = kunit_kmalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_ASSERT_NOT_NULL(test, flat);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_ASSERT_NOT_NULL(test, desc);
	aeadt_fill(&rng, data, GSV_MAXLEN);
	aeadt_fill(&rng, key, 32);
	KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &ref, GSV_GENERIC, key, 16), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(tfm, key, 16), 0);

	for (i = 0; i < 300 && failures < 5; i++) {
		unsigned int r = aeadt_rand_below(&rng, 10);
		unsigned int alen = aeadt_rand_below(&rng, r == 0 ? 9000 : 300);
		unsigned int plen = aeadt_rand_below(&rng, r == 1 ? 65537 :
						     r < 5 ? 9000 : 600);
		struct aeadt_op op = { .iv = iv, .assoclen = alen };

		aeadt_fill(&rng, iv, 12);
		memcpy(flat, data, alen + plen);
		KUNIT_ASSERT_EQ(test, gsv_flat_crypt(&ref, true, iv, flat, alen,
						     plen, alen + plen + 16), 0);

		op.enc = true;
		op.in = data;
		op.inlen = alen + plen;
		op.out = out;
		op.outlen = plen + 16;
		aeadt_layout_random(&rng, &l, op.inlen, op.inlen + 16);
		err = aeadt_run(test, tfm, &op, &l, &guard);
		if (err || !guard || memcmp(out, flat + alen, plen + 16)) {
			aeadt_describe(desc, 512, &l);
			KUNIT_FAIL(test, "%s encrypt aad %u pt %u: err %d guard %d data %s; layout %s",
				   d->name, alen, plen, err, guard,
				   memcmp(out, flat + alen, plen + 16) ? "BAD" : "ok", desc);
			failures++;
			continue;
		}

		op.enc = false;
		op.in = flat;
		op.inlen = alen + plen + 16;
		op.outlen = plen;
		aeadt_layout_random(&rng, &l, op.inlen, op.inlen - 16);
		err = aeadt_run(test, tfm, &op, &l, &guard);
		if (err || !guard || memcmp(out, data + alen, plen)) {
			aeadt_describe(desc, 512, &l);
			KUNIT_FAIL(test, "%s decrypt aad %u pt %u: err %d guard %d data %s; layout %s",
				   d->name, alen, plen, err, guard,
				   memcmp(out, data + alen, plen) ? "BAD" : "ok", desc);
			failures++;
		}
		cond_resched();
	}
	gsv_flat_exit(&ref);
	crypto_free_aead(tfm);
}

/* ---- Contexts ------------------------------------------------------------ */

/*
 * The SIMD drivers must fall back when SIMD is unusable.  On x86 a nested
 * kernel-FPU section makes crypto_simd_usable() false on all supported
 * kernels, and the driver is synchronous and does not sleep, so it can be
 * called right there.
 */
static void gsv_test_nosimd(struct kunit *test)
{
#if IS_ENABLED(CONFIG_X86)
	const struct gsv_driver *d = gsv_param(test);
	struct gsv_flat ref, tier;
	unsigned int n = 3000, alen = 77;
	bool usable;
	u64 rng = 0x515d;
	u8 key[32], *a, *b;
	int e1, e2, e3;

	a = kunit_kmalloc(test, 4096, GFP_KERNEL);
	b = kunit_kmalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	aeadt_fill(&rng, key, 32);
	aeadt_fill(&rng, a, alen + n);
	memcpy(b, a, alen + n);
	KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &tier, d->name, key, 32), 0);
	KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &ref, GSV_GENERIC, key, 32), 0);
	e1 = gsv_flat_crypt(&ref, true, gsv_iv0, a, alen, n, alen + n + 16);
	kernel_fpu_begin();
	usable = crypto_simd_usable();
	e2 = gsv_flat_crypt(&tier, true, gsv_iv0, b, alen, n, alen + n + 16);
	e3 = e2 ? e2 : gsv_flat_crypt(&tier, false, gsv_iv0, b, alen, n + 16,
				      alen + n + 16);
	kernel_fpu_end();
	KUNIT_EXPECT_FALSE(test, usable);
	KUNIT_EXPECT_EQ(test, e1, 0);
	KUNIT_EXPECT_EQ(test, e2, 0);
	KUNIT_EXPECT_EQ(test, e3, 0);
	/* b was encrypted then decrypted in place: compare the ciphertexts. */
	memcpy(b, a, alen);
	e2 = gsv_flat_crypt(&tier, true, gsv_iv0, b, alen, n, alen + n + 16);
	KUNIT_EXPECT_EQ(test, e2, 0);
	KUNIT_EXPECT_MEMEQ(test, a, b, alen + n + 16);
	gsv_flat_exit(&ref);
	gsv_flat_exit(&tier);
#else
	kunit_skip(test, "no SIMD tiers on this architecture");
#endif
}

/*
 * All drivers in atomic contexts: with BHs disabled and with IRQs
 * disabled (as IPsec/networking callers may be).  The result must equal
 * the one from process context.
 */
static void gsv_test_atomic(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct gsv_flat f;
	unsigned int n = 1500, alen = 20;
	unsigned long flags;
	u64 rng = 0xa70;
	u8 key[16], *a, *b, *c;
	int e1, e2, e3;

	a = kunit_kmalloc(test, 2048, GFP_KERNEL);
	b = kunit_kmalloc(test, 2048, GFP_KERNEL);
	c = kunit_kmalloc(test, 2048, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, c);
	aeadt_fill(&rng, key, 16);
	aeadt_fill(&rng, a, alen + n);
	memcpy(b, a, alen + n);
	memcpy(c, a, alen + n);
	if (gsv_flat_init(test, &f, d->name, key, 16)) {
		KUNIT_FAIL(test, "setup of %s failed", d->name);
		return;
	}
	e1 = gsv_flat_crypt(&f, true, gsv_iv0, a, alen, n, alen + n + 16);
	local_bh_disable();
	e2 = gsv_flat_crypt(&f, true, gsv_iv0, b, alen, n, alen + n + 16);
	local_bh_enable();
	local_irq_save(flags);
	e3 = gsv_flat_crypt(&f, true, gsv_iv0, c, alen, n, alen + n + 16);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, e1, 0);
	KUNIT_EXPECT_EQ(test, e2, 0);
	KUNIT_EXPECT_EQ(test, e3, 0);
	KUNIT_EXPECT_MEMEQ(test, a, b, alen + n + 16);
	KUNIT_EXPECT_MEMEQ(test, a, c, alen + n + 16);
	local_bh_disable();
	e2 = gsv_flat_crypt(&f, false, gsv_iv0, b, alen, n + 16, alen + n + 16);
	local_bh_enable();
	KUNIT_EXPECT_EQ(test, e2, 0);
	gsv_flat_exit(&f);
}

/* ---- Unwinding ----------------------------------------------------------- */

struct gsv_unwind_op {
	struct gsv_flat f;
	u8 *buf;
};

static int gsv_unwind_op(void *arg)
{
	struct gsv_unwind_op *o = arg;

	return gsv_flat_crypt(&o->f, true, gsv_iv0, o->buf, 16, SZ_64K, 16 + SZ_64K + 16);
}

/*
 * Stack traces from a hard-IRQ timer that interrupts the driver reach the
 * caller (kunit/unwind-test.h): 64 KiB seals, in place.
 */
static void gsv_test_unwind(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct gsv_unwind_op *o;
	u64 rng = 0x7f1d;
	u8 key[16];

	o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o);
	o->buf = kunit_kmalloc(test, 16 + SZ_64K + 16, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o->buf);
	aeadt_fill(&rng, key, sizeof(key));
	aeadt_fill(&rng, o->buf, 16 + SZ_64K);
	KUNIT_ASSERT_EQ(test, gsv_flat_init(test, &o->f, d->name, key, sizeof(key)), 0);
	kfast_unwind_check(test, d->name, crypto_aead_tfm(o->f.tfm)->__crt_alg,
			   gsv_unwind_op, o);
	gsv_flat_exit(&o->f);
}

/* ---- Bad inputs ---------------------------------------------------------- */

static void gsv_test_bad_inputs(struct kunit *test)
{
	const struct gsv_driver *d = gsv_param(test);
	struct crypto_aead *tfm = aeadt_alloc(test, d->name);
	struct gsv_flat f;
	u8 key[40] = { 0 }, buf[64] = { 0 };
	unsigned int i;

	if (!tfm)
		return;
	KUNIT_EXPECT_EQ(test, crypto_aead_ivsize(tfm), 12u);
	KUNIT_EXPECT_EQ(test, crypto_aead_maxauthsize(tfm), 16u);
	KUNIT_EXPECT_EQ(test, crypto_aead_authsize(tfm), 16u);
	KUNIT_EXPECT_EQ(test, crypto_aead_blocksize(tfm), 1u);
	for (i = 0; i <= 40; i++)
		KUNIT_EXPECT_EQ_MSG(test, crypto_aead_setkey(tfm, key, i),
				    (i == 16 || i == 32) ? 0 : -EINVAL, "key length %u", i);
	for (i = 0; i <= 17; i++)
		KUNIT_EXPECT_EQ_MSG(test, crypto_aead_setauthsize(tfm, i),
				    i == 16 ? 0 : -EINVAL, "authsize %u", i);
	crypto_free_aead(tfm);

	/* No key: -ENOKEY. */
	f.tfm = aeadt_alloc(test, d->name);
	if (!f.tfm)
		return;
	f.req = aead_request_alloc(f.tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f.req);
	aead_request_set_callback(f.req, 0, NULL, NULL);
	KUNIT_EXPECT_EQ(test, gsv_flat_crypt(&f, true, gsv_iv0, buf, 0, 16, 32), -ENOKEY);
	/* Ciphertext shorter than the tag: -EINVAL. */
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(f.tfm, key, 16), 0);
	for (i = 0; i < 16; i++)
		KUNIT_EXPECT_EQ_MSG(test, gsv_flat_crypt(&f, false, gsv_iv0, buf, 4, i, 20),
				    -EINVAL, "cryptlen %u", i);
	/* A zero-length message with the right tag decrypts; a wrong tag does not. */
	KUNIT_EXPECT_EQ(test, gsv_flat_crypt(&f, true, gsv_iv0, buf, 4, 0, 20), 0);
	KUNIT_EXPECT_EQ(test, gsv_flat_crypt(&f, false, gsv_iv0, buf, 4, 16, 20), 0);
	buf[19] ^= 1;
	KUNIT_EXPECT_EQ(test, gsv_flat_crypt(&f, false, gsv_iv0, buf, 4, 16, 20), -EBADMSG);
	gsv_flat_exit(&f);
}

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

static struct kunit_case gsv_cases[] = {
	KUNIT_CASE(gsv_test_polyval),
	KUNIT_CASE(gsv_test_vector_polyval),
	KUNIT_CASE_PARAM(gsv_test_vectors, gsv_driver_gen_params),
	KUNIT_CASE_PARAM(gsv_test_tamper, gsv_driver_gen_params),
	KUNIT_CASE_PARAM(gsv_test_bad_inputs, gsv_driver_gen_params),
	KUNIT_CASE_PARAM(gsv_test_atomic, gsv_driver_gen_params),
	KUNIT_CASE_PARAM(gsv_test_unwind, gsv_driver_gen_params),
	KUNIT_CASE_PARAM(gsv_test_random_splits, gsv_driver_gen_params),
	KUNIT_CASE_PARAM(gsv_test_all_lengths, gsv_tier_gen_params),
	KUNIT_CASE_PARAM(gsv_test_random_lengths, gsv_tier_gen_params),
	KUNIT_CASE_PARAM(gsv_test_nosimd, gsv_tier_gen_params),
	{}
};

static struct kunit_suite gsv_suite = {
	.name = "kfast_gcm_siv",
	.test_cases = gsv_cases,
};

kunit_test_suite(gsv_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for the kfast gcm-siv(aes) drivers and POLYVAL");

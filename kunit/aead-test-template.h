/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared KUnit cases for AEAD algorithms, through the crypto API by driver
 * name (gcm_siv_kunit.c; ocb_kunit.c next).
 *
 * An algorithm's suite describes itself with a struct kfast_aead_test_cfg
 * (cra_name, driver names with the generic one first, valid key lengths,
 * IV length, valid authsizes, block size, its published vectors, the
 * length limit of the exhaustive case) and runs the cases below over an
 * array of such configurations with KUNIT_ARRAY_PARAM:
 *
 *	KUNIT_ARRAY_PARAM(foo_cfg, foo_cfgs, kfast_aead_cfg_desc);
 *	KUNIT_CASE_PARAM(kfast_aead_case_vectors, foo_cfg_gen_params),
 *
 * Each case loops over the drivers: every implementation tier is compared
 * with the generic driver (or with the vectors); tiers that this CPU does
 * not register are skipped (they are not an error), but the generic driver
 * must exist.  The cases:
 *
 *  - vectors: every published vector, out of place and in place (one and
 *    two scatterlists), sealed and opened;
 *  - tamper: each byte of AAD, ciphertext and tag of every vector flipped
 *    in turn: -EBADMSG, the destination's plaintext region zeroed and
 *    nothing else written;
 *  - all_lengths: every (AAD length, plaintext length) pair up to
 *    cfg->max_len, for each key length, each tier against generic, with
 *    decryption round trips; random_lengths: the same with random lengths
 *    up to 64 KiB;
 *  - random_layouts: random scatterlist layouts (page-crossing, misaligned,
 *    out of place, in place with one and with two scatterlists), every
 *    driver against a flat generic request, the layout printed on a
 *    mismatch;
 *  - nosimd: every driver inside a kfast_simd_begin()/end() section, where
 *    crypto_simd_usable() is false; atomic: with BHs and with IRQs disabled;
 *  - stress: every driver at once from one kthread per CPU, a no-SIMD
 *    thread, softirq and hard-IRQ timers (kunit/stress-test.h);
 *  - bad_inputs: sizes the tfm reports, bad key lengths and authsizes,
 *    missing key, ciphertexts shorter than the tag, empty messages;
 *  - unwind: stack traces from a hard-IRQ timer that interrupts a driver
 *    reach the caller (kunit/unwind-test.h).
 *
 * Every request of the vectors, tamper and random_layouts cases goes
 * through aeadt_run(), which poisons everything around the scatterlist
 * entries and checks that nothing outside [assoclen, assoclen + output) of
 * the destination was written (out of place, not its AAD either) and that
 * the source was not written.  The scatterlist layouts are in the spirit
 * of testmgr's fuzzing: up to AEADT_MAX_SEGS entries of random length,
 * each at a random offset of its own page-aligned slot.
 *
 * Test data comes from <kfast/test-rng.h>, seeded per case.  The aeadt_*
 * helpers are the template's internals; a suite needs only the cfg, the
 * vectors and the cases.  It compiles on 6.1, 6.12 and 7.x headers.
 * Include it once per test module.
 */
#ifndef KFAST_AEAD_TEST_TEMPLATE_H
#define KFAST_AEAD_TEST_TEMPLATE_H

#include <kunit/test.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <crypto/aead.h>
#include <kfast/test-rng.h>
#include "stress-test.h"
#include "unwind-test.h"

#ifndef KUNIT_EXPECT_MEMEQ
#define KUNIT_EXPECT_MEMEQ(test, a, b, n) KUNIT_EXPECT_EQ(test, memcmp(a, b, n), 0)
#endif

#define AEADT_MAX_SEGS		8
#define AEADT_POISON		0xa5
#define AEADT_MAX_DRIVERS	8
#define AEADT_MAX_KEY		32
#define AEADT_MAX_IV		16
#define AEADT_MAX_AUTHSIZE	16
#define AEADT_MAX_FAILS		5	/* failure messages per driver and case */
/* Random lengths: AAD and plaintext up to 64 KiB each. */
#define AEADT_MAX_RANDOM	(2 * SZ_64K + 256)

/* A published vector: ctext is the ciphertext followed by the tag. */
struct kfast_aead_testvec {
	const char *name;
	const u8 *key;
	unsigned int klen;
	const u8 *iv;			/* cfg->iv_len bytes */
	const u8 *aad;
	unsigned int alen;
	const u8 *ptext;
	unsigned int plen;
	const u8 *ctext;		/* ciphertext || tag */
	unsigned int clen;		/* plen + the vector's authsize */
};

struct kfast_aead_test_cfg {
	const char *cra_name;
	/* Driver names, NULL-terminated; drivers[0] is the generic one. */
	const char *const *drivers;
	const unsigned int *key_lens;	/* valid key lengths, 0-terminated */
	unsigned int iv_len;
	/*
	 * Valid authsizes, 0-terminated; the largest is the default one (the
	 * crypto API gives a new tfm its maxauthsize).
	 */
	const unsigned int *authsizes;
	unsigned int block_size;	/* cra_blocksize */
	const struct kfast_aead_testvec *vecs;
	unsigned int num_vecs;
	unsigned int max_len;		/* all_lengths: AAD and text 0..max_len */
};

static inline void kfast_aead_cfg_desc(const struct kfast_aead_test_cfg *cfg,
				       char *desc)
{
	strscpy(desc, cfg->cra_name, KUNIT_PARAM_DESC_SIZE);
}

/* Entries of a 0-terminated list of lengths. */
static inline unsigned int aeadt_count(const unsigned int *list)
{
	unsigned int n = 0;

	while (list[n])
		n++;
	return n;
}

static inline bool aeadt_in_list(const unsigned int *list, unsigned int x)
{
	for (; *list; list++)
		if (*list == x)
			return true;
	return false;
}

static inline unsigned int aeadt_max_authsize(const struct kfast_aead_test_cfg *cfg)
{
	const unsigned int *a;
	unsigned int m = 0;

	for (a = cfg->authsizes; *a; a++)
		m = max(m, *a);
	return m;
}

/* ---- Layouts ----------------------------------------------------------- */

enum aeadt_inplace {
	AEADT_OUT_OF_PLACE,
	AEADT_INPLACE_ONE_SGLIST,
	AEADT_INPLACE_TWO_SGLISTS,
};

/* Shape of one scatterlist: entry i holds len[i] bytes at offset off[i]. */
struct aeadt_sgshape {
	unsigned int nents;
	unsigned int len[AEADT_MAX_SEGS];	/* the last entry takes the rest */
	unsigned int off[AEADT_MAX_SEGS];	/* within a fresh page-aligned slot */
};

struct aeadt_layout {
	enum aeadt_inplace inplace;
	struct aeadt_sgshape src, dst;
};

/* A scatterlist built from a shape over one poisoned arena. */
struct aeadt_sgbuf {
	u8 *arena;
	size_t arena_size;
	unsigned int nents;
	u8 *ptr[AEADT_MAX_SEGS];
	unsigned int len[AEADT_MAX_SEGS];
	struct scatterlist sg[AEADT_MAX_SEGS];
};

static const char *const aeadt_inplace_names[] = {
	"out-of-place", "in-place(one sglist)", "in-place(two sglists)",
};

/* The simple layout: one page-aligned entry each. */
static inline void aeadt_layout_flat(struct aeadt_layout *l,
				     enum aeadt_inplace inplace,
				     unsigned int srclen, unsigned int dstlen)
{
	memset(l, 0, sizeof(*l));
	l->inplace = inplace;
	l->src.nents = 1;
	l->dst.nents = 1;
	l->src.len[0] = inplace == AEADT_OUT_OF_PLACE ? srclen : max(srclen, dstlen);
	l->dst.len[0] = inplace == AEADT_OUT_OF_PLACE ? dstlen : l->src.len[0];
}

static void aeadt_shape_random(u64 *rng, struct aeadt_sgshape *s,
			       unsigned int total)
{
	unsigned int i, left = total;

	s->nents = 1 + kfast_test_rand_below(rng, AEADT_MAX_SEGS);
	for (i = 0; i < s->nents; i++) {
		unsigned int r = kfast_test_rand_below(rng, 4);

		/* Mostly small pieces, sometimes a page or more. */
		if (r == 0)
			s->len[i] = kfast_test_rand_below(rng, 17);
		else if (r == 1)
			s->len[i] = kfast_test_rand_below(rng, 2 * PAGE_SIZE);
		else
			s->len[i] = kfast_test_rand_below(rng, left + 1);
		s->len[i] = min(s->len[i], left);
		left -= s->len[i];
		/* Aligned, near the end of a page, or anywhere. */
		r = kfast_test_rand_below(rng, 3);
		if (r == 0)
			s->off[i] = 16 * kfast_test_rand_below(rng, 4);
		else if (r == 1)
			s->off[i] = PAGE_SIZE - 1 - kfast_test_rand_below(rng, 32);
		else
			s->off[i] = kfast_test_rand_below(rng, PAGE_SIZE);
	}
	s->len[s->nents - 1] += left;
}

static inline void aeadt_layout_random(u64 *rng, struct aeadt_layout *l,
				       unsigned int srclen, unsigned int dstlen)
{
	l->inplace = kfast_test_rand_below(rng, 3);
	aeadt_shape_random(rng, &l->src, max(srclen, dstlen));
	if (l->inplace == AEADT_OUT_OF_PLACE)
		aeadt_shape_random(rng, &l->dst, dstlen);
	else
		l->dst = l->src;
}

static void aeadt_describe_shape(char *buf, size_t size,
				 const struct aeadt_sgshape *s)
{
	size_t n = strlen(buf);
	unsigned int i;

	for (i = 0; i < s->nents && n < size; i++) {
		n += scnprintf(buf + n, size - n, "%s%u@%u", i ? "," : "[",
			       s->len[i], s->off[i]);
	}
	if (n < size)
		scnprintf(buf + n, size - n, "]");
}

static inline void aeadt_describe(char *buf, size_t size,
				  const struct aeadt_layout *l)
{
	scnprintf(buf, size, "%s src=", aeadt_inplace_names[l->inplace]);
	aeadt_describe_shape(buf, size, &l->src);
	if (l->inplace == AEADT_OUT_OF_PLACE) {
		size_t n = strlen(buf);

		scnprintf(buf + n, size - n, " dst=");
		aeadt_describe_shape(buf, size, &l->dst);
	}
}

/*
 * Lay @s out over a fresh arena: every entry starts in its own
 * page-aligned slot at its offset, so an entry crosses a page boundary
 * whenever off + len > PAGE_SIZE.  The arena is kmalloc'ed (physically
 * contiguous, so one entry may span pages) and filled with AEADT_POISON.
 * Plain kmalloc, not kunit_kmalloc: the tests run thousands of requests.
 */
static int aeadt_sgbuf_init(struct aeadt_sgbuf *b,
			    const struct aeadt_sgshape *s)
{
	size_t pos = 0;
	unsigned int i;

	b->arena_size = 0;
	for (i = 0; i < s->nents; i++)
		b->arena_size += round_up(s->off[i] + s->len[i] + 1, PAGE_SIZE);
	b->arena = kmalloc(b->arena_size, GFP_KERNEL);
	if (!b->arena)
		return -ENOMEM;
	memset(b->arena, AEADT_POISON, b->arena_size);
	b->nents = s->nents;
	sg_init_table(b->sg, s->nents);
	for (i = 0; i < s->nents; i++) {
		b->ptr[i] = b->arena + pos + s->off[i];
		b->len[i] = s->len[i];
		sg_set_buf(&b->sg[i], b->ptr[i], s->len[i]);
		pos += round_up(s->off[i] + s->len[i] + 1, PAGE_SIZE);
	}
	return 0;
}

static void aeadt_sgbuf_copy_in(struct aeadt_sgbuf *b, const u8 *data,
				size_t len)
{
	unsigned int i;

	for (i = 0; i < b->nents && len; i++) {
		size_t n = min_t(size_t, len, b->len[i]);

		memcpy(b->ptr[i], data, n);
		data += n;
		len -= n;
	}
}

static void aeadt_sgbuf_copy_out(const struct aeadt_sgbuf *b, u8 *data,
				 size_t len)
{
	unsigned int i;

	for (i = 0; i < b->nents && len; i++) {
		size_t n = min_t(size_t, len, b->len[i]);

		memcpy(data, b->ptr[i], n);
		data += n;
		len -= n;
	}
}

/* Bytes outside the entries (laid out in address order) must still be poison. */
static bool aeadt_sgbuf_guard_ok(const struct aeadt_sgbuf *b)
{
	const u8 *p = b->arena;
	unsigned int e;

	for (e = 0; e < b->nents; e++) {
		if (memchr_inv(p, AEADT_POISON, b->ptr[e] - p))
			return false;
		p = b->ptr[e] + b->len[e];
	}
	return !memchr_inv(p, AEADT_POISON, b->arena + b->arena_size - p);
}

/* ---- Running one operation -------------------------------------------- */

struct aeadt_op {
	bool enc;
	const u8 *iv;
	unsigned int assoclen;
	const u8 *in;		/* AAD || text (|| tag when decrypting) */
	unsigned int inlen;	/* assoclen + cryptlen */
	u8 *out;		/* receives outlen bytes after the AAD */
	unsigned int outlen;	/* cryptlen +/- authsize */
};

/*
 * Run @op with @layout.  Returns the driver's error code; *@guard_ok
 * tells whether everything outside [assoclen, assoclen + outlen) of the
 * destination (and, out of place, its AAD region) was left alone, and for
 * in-place requests whether the AAD is intact.
 */
static int aeadt_run(struct kunit *test, struct crypto_aead *tfm,
		     const struct aeadt_op *op,
		     const struct aeadt_layout *layout, bool *guard_ok)
{
	struct aeadt_sgbuf *src, *dst;
	struct aead_request *req;
	unsigned int dstlen = op->assoclen + op->outlen;
	unsigned int total = max(op->inlen, dstlen);
	u8 *tmp;
	int err = -ENOMEM;

	*guard_ok = false;
	/* src and dst scatterlist buffers in one allocation */
	src = kcalloc(2, sizeof(*src), GFP_KERNEL);
	dst = src ? src + 1 : NULL;
	tmp = kmalloc(total + 1, GFP_KERNEL);
	req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!src || !tmp || !req)
		goto out;
	err = aeadt_sgbuf_init(src, &layout->src);
	if (!err && layout->inplace == AEADT_OUT_OF_PLACE)
		err = aeadt_sgbuf_init(dst, &layout->dst);
	if (err)
		goto out;
	aeadt_sgbuf_copy_in(src, op->in, op->inlen);
	if (layout->inplace == AEADT_INPLACE_TWO_SGLISTS) {
		/* A second scatterlist over the same memory. */
		unsigned int i;

		dst->nents = src->nents;
		sg_init_table(dst->sg, dst->nents);
		for (i = 0; i < dst->nents; i++)
			sg_set_buf(&dst->sg[i], src->ptr[i], src->len[i]);
	}

	aead_request_set_callback(req, 0, NULL, NULL);
	aead_request_set_ad(req, op->assoclen);
	aead_request_set_crypt(req, src->sg,
			       layout->inplace == AEADT_INPLACE_ONE_SGLIST ?
			       src->sg : dst->sg, op->inlen - op->assoclen,
			       (u8 *)op->iv);
	err = op->enc ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req);

	if (layout->inplace == AEADT_OUT_OF_PLACE) {
		aeadt_sgbuf_copy_out(dst, tmp, dstlen);
		/* Nothing outside the entries; the AAD is not copied to dst. */
		*guard_ok = aeadt_sgbuf_guard_ok(dst) && aeadt_sgbuf_guard_ok(src) &&
			    !memchr_inv(tmp, AEADT_POISON, op->assoclen);
		memcpy(op->out, tmp + op->assoclen, op->outlen);
		/* src is never written. */
		aeadt_sgbuf_copy_out(src, tmp, op->inlen);
		*guard_ok = *guard_ok && !memcmp(tmp, op->in, op->inlen);
	} else {
		aeadt_sgbuf_copy_out(src, tmp, total);
		/* AAD intact; past the output (the tag, decrypting) unchanged. */
		*guard_ok = aeadt_sgbuf_guard_ok(src) &&
			    !memcmp(tmp, op->in, op->assoclen);
		if (op->inlen > dstlen)
			*guard_ok = *guard_ok && !memcmp(tmp + dstlen, op->in + dstlen,
							 op->inlen - dstlen);
		memcpy(op->out, tmp + op->assoclen, op->outlen);
	}
out:
	aead_request_free(req);
	if (src) {
		kfree(src->arena);
		if (layout->inplace == AEADT_OUT_OF_PLACE)
			kfree(dst->arena);
	}
	kfree(src);
	kfree(tmp);
	return err;
}

/* ---- Drivers ------------------------------------------------------------ */

/* One driver of a cfg: its tfm and a request for flat (one-buffer) calls. */
struct aeadt_drv {
	const char *name;
	struct crypto_aead *tfm;
	struct aead_request *req;
};

/*
 * Allocates @driver into @d.  -ENOENT if that driver is not registered and
 * is not the generic one (a tier this CPU lacks); any other failure is a
 * test failure.
 */
static int aeadt_drv_init(struct kunit *test, const struct kfast_aead_test_cfg *cfg,
			  const char *driver, struct aeadt_drv *d)
{
	struct crypto_aead *tfm = crypto_alloc_aead(driver, 0, 0);

	if (IS_ERR(tfm)) {
		if (driver != cfg->drivers[0] && PTR_ERR(tfm) == -ENOENT)
			return -ENOENT;
		KUNIT_FAIL(test, "allocating %s: %ld", driver, PTR_ERR(tfm));
		return PTR_ERR(tfm);
	}
	KUNIT_EXPECT_STREQ(test, crypto_aead_driver_name(tfm), driver);
	KUNIT_EXPECT_STREQ(test, crypto_tfm_alg_name(crypto_aead_tfm(tfm)), cfg->cra_name);
	d->req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!d->req) {
		crypto_free_aead(tfm);
		KUNIT_FAIL(test, "%s: no memory for a request", driver);
		return -ENOMEM;
	}
	aead_request_set_callback(d->req, 0, NULL, NULL);
	d->name = driver;
	d->tfm = tfm;
	return 0;
}

static void aeadt_drv_exit(struct aeadt_drv *d)
{
	aead_request_free(d->req);
	crypto_free_aead(d->tfm);
}

/* The cfg fits the template's buffers. */
static void aeadt_check_cfg(struct kunit *test, const struct kfast_aead_test_cfg *cfg)
{
	const unsigned int *k;

	KUNIT_ASSERT_NOT_NULL(test, cfg->drivers[0]);
	KUNIT_ASSERT_GT(test, aeadt_count(cfg->key_lens), 0u);
	KUNIT_ASSERT_GT(test, aeadt_count(cfg->authsizes), 0u);
	for (k = cfg->key_lens; *k; k++)
		KUNIT_ASSERT_LE(test, *k, (unsigned int)AEADT_MAX_KEY);
	KUNIT_ASSERT_LE(test, cfg->iv_len, (unsigned int)AEADT_MAX_IV);
	KUNIT_ASSERT_LE(test, aeadt_max_authsize(cfg), (unsigned int)AEADT_MAX_AUTHSIZE);
}

/*
 * All registered drivers of a cfg; returns how many (d[0] is generic, and
 * the case ends here if it is missing).
 */
static unsigned int aeadt_alloc_all(struct kunit *test,
				    const struct kfast_aead_test_cfg *cfg,
				    struct aeadt_drv *d)
{
	unsigned int i, n = 0;

	aeadt_check_cfg(test, cfg);
	for (i = 0; cfg->drivers[i] && n < AEADT_MAX_DRIVERS; i++) {
		int err = aeadt_drv_init(test, cfg, cfg->drivers[i], &d[n]);

		if (err) {
			KUNIT_ASSERT_NE_MSG(test, i, 0u, "no generic driver");
			if (err == -ENOENT)
				kunit_info(test, "%s: not registered on this CPU, skipped",
					   cfg->drivers[i]);
			continue;
		}
		n++;
	}
	return n;
}

static void aeadt_free_all(struct aeadt_drv *d, unsigned int n)
{
	while (n--)
		aeadt_drv_exit(&d[n]);
}

/* For the comparisons with generic: the case is skipped without a tier. */
static void aeadt_need_tiers(struct kunit *test, struct aeadt_drv *d, unsigned int n)
{
	if (n < 2) {
		aeadt_free_all(d, n);
		kunit_skip(test, "no tier besides %s on this CPU", d[0].name);
	}
}

/* A test-managed buffer; the case ends here if there is no memory. */
static void *aeadt_kmalloc(struct kunit *test, size_t size)
{
	void *p = kunit_kmalloc(test, size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	return p;
}

/* The same key, or authsize, on every driver; false (and a failure) if one refuses. */
static bool aeadt_setkey_all(struct kunit *test, struct aeadt_drv *d,
			     unsigned int n, const u8 *key, unsigned int klen)
{
	unsigned int t;

	for (t = 0; t < n; t++) {
		int err = crypto_aead_setkey(d[t].tfm, key, klen);

		if (err) {
			KUNIT_FAIL(test, "%s: setkey(%u bytes): %d", d[t].name, klen, err);
			return false;
		}
	}
	return true;
}

static bool aeadt_setauthsize_all(struct kunit *test, struct aeadt_drv *d,
				  unsigned int n, unsigned int authsize)
{
	unsigned int t;

	for (t = 0; t < n; t++) {
		int err = crypto_aead_setauthsize(d[t].tfm, authsize);

		if (err) {
			KUNIT_FAIL(test, "%s: setauthsize(%u): %d", d[t].name, authsize, err);
			return false;
		}
	}
	return true;
}

/*
 * In place on one linear buffer: buf holds AAD || text (|| tag); returns
 * the driver's result; the output replaces the text.
 */
static int aeadt_crypt(struct aeadt_drv *d, bool enc, const u8 *iv, u8 *buf,
		       unsigned int assoclen, unsigned int cryptlen,
		       unsigned int buflen)
{
	struct scatterlist sg;

	sg_init_one(&sg, buf, buflen);
	aead_request_set_ad(d->req, assoclen);
	aead_request_set_crypt(d->req, &sg, &sg, cryptlen, (u8 *)iv);
	return enc ? crypto_aead_encrypt(d->req) : crypto_aead_decrypt(d->req);
}

/*
 * Seals data (AAD || text) in place with generic (d[0], into a) and with
 * each tier d[1..n-1] (into b): the same output; then opens each tier's
 * output with that tier: the data back.  At most AEADT_MAX_FAILS messages
 * per tier (failures[t]).
 */
static void aeadt_compare(struct kunit *test, struct aeadt_drv *d, unsigned int n,
			  const u8 *iv, const u8 *data, u8 *a, u8 *b,
			  unsigned int alen, unsigned int plen, unsigned int authsize,
			  const char *what, unsigned int *failures)
{
	unsigned int t, len = alen + plen + authsize;
	int e1, e2;

	memcpy(a, data, alen + plen);
	e1 = aeadt_crypt(&d[0], true, iv, a, alen, plen, len);
	for (t = 1; t < n; t++) {
		memcpy(b, data, alen + plen);
		e2 = aeadt_crypt(&d[t], true, iv, b, alen, plen, len);
		if (e1 || e2 || memcmp(a, b, len)) {
			if (failures[t]++ < AEADT_MAX_FAILS)
				KUNIT_FAIL(test,
					   "%s: %s differs from generic: aad %u pt %u tag %u (err %d/%d)",
					   what, d[t].name, alen, plen, authsize, e1, e2);
			continue;
		}
		e2 = aeadt_crypt(&d[t], false, iv, b, alen, plen + authsize, len);
		if (e2 || memcmp(b, data, alen + plen)) {
			if (failures[t]++ < AEADT_MAX_FAILS)
				KUNIT_FAIL(test,
					   "%s: %s decrypt failed: aad %u pt %u tag %u (err %d)",
					   what, d[t].name, alen, plen, authsize, e2);
		}
	}
}

/* The key and authsize of vector v on driver d; false (and a failure) if refused. */
static bool aeadt_set_vec(struct kunit *test, struct aeadt_drv *d,
			  const struct kfast_aead_testvec *v)
{
	int err = crypto_aead_setkey(d->tfm, v->key, v->klen);

	if (!err)
		err = crypto_aead_setauthsize(d->tfm, v->clen - v->plen);
	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: %s: setkey/setauthsize", d->name, v->name);
	return !err;
}

/*
 * For the cases over the vectors: in and out buffers for the largest AAD
 * || ciphertext || tag (and one byte), and all drivers (returns how many).
 */
static unsigned int aeadt_vecs_setup(struct kunit *test, struct aeadt_drv *d,
				     u8 **in, u8 **out)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	unsigned int i, size = 0;

	KUNIT_ASSERT_GT(test, cfg->num_vecs, 0u);
	for (i = 0; i < cfg->num_vecs; i++)
		size = max(size, cfg->vecs[i].alen + cfg->vecs[i].clen);
	*in = aeadt_kmalloc(test, size + 1);
	*out = aeadt_kmalloc(test, size + 1);
	return aeadt_alloc_all(test, cfg, d);
}

/* ---- Published vectors ---------------------------------------------------- */

/* Vector v sealed (enc) or opened by driver d in one layout mode. */
static void aeadt_vec_check(struct kunit *test, struct aeadt_drv *d,
			    const struct kfast_aead_testvec *v, int mode, bool enc,
			    u8 *in, u8 *out)
{
	const char *m = aeadt_inplace_names[mode], *what = enc ? "encrypt" : "decrypt";
	struct aeadt_op op = {
		.enc = enc, .iv = v->iv, .assoclen = v->alen, .in = in, .out = out,
		.inlen = v->alen + (enc ? v->plen : v->clen),
		.outlen = enc ? v->clen : v->plen,
	};
	struct aeadt_layout l;
	bool guard;
	int err;

	memcpy(in, v->aad, v->alen);
	memcpy(in + v->alen, enc ? v->ptext : v->ctext, op.inlen - v->alen);
	aeadt_layout_flat(&l, mode, op.inlen, v->alen + op.outlen);
	err = aeadt_run(test, d->tfm, &op, &l, &guard);
	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: %s %s (%s)", d->name, v->name, what, m);
	KUNIT_EXPECT_TRUE_MSG(test, guard, "%s: %s %s wrote outside (%s)",
			      d->name, v->name, what, m);
	KUNIT_EXPECT_EQ_MSG(test, memcmp(out, enc ? v->ctext : v->ptext, v->plen), 0,
			    "%s: %s %s: %s mismatch (%s)", d->name, v->name, what,
			    enc ? "ciphertext" : "plaintext", m);
	if (enc)
		KUNIT_EXPECT_EQ_MSG(test, memcmp(out + v->plen, v->ctext + v->plen,
						 v->clen - v->plen), 0,
				    "%s: %s encrypt: tag mismatch (%s)", d->name, v->name, m);
}

/*
 * Every vector on every driver, out of place, in place with one and with
 * two scatterlists: sealed to the published ciphertext and tag, opened to
 * the plaintext, nothing written outside the output.
 */
static void __maybe_unused kfast_aead_case_vectors(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	unsigned int n, t, i;
	u8 *in, *out;
	int mode;

	n = aeadt_vecs_setup(test, d, &in, &out);

	for (i = 0; i < cfg->num_vecs; i++) {
		for (t = 0; t < n; t++) {
			if (!aeadt_set_vec(test, &d[t], &cfg->vecs[i]))
				continue;
			for (mode = AEADT_OUT_OF_PLACE; mode <= AEADT_INPLACE_TWO_SGLISTS;
			     mode++) {
				aeadt_vec_check(test, &d[t], &cfg->vecs[i], mode, true, in, out);
				aeadt_vec_check(test, &d[t], &cfg->vecs[i], mode, false, in, out);
			}
		}
	}
	aeadt_free_all(d, n);
}

/*
 * Each byte of AAD, ciphertext and tag of every vector flipped in turn
 * (alternating layouts): -EBADMSG, the plaintext region of the
 * destination zeroed, nothing else written.
 */
static void __maybe_unused kfast_aead_case_tamper(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	unsigned int n, t, i, j;
	struct aeadt_layout l;
	u8 *in, *out;
	bool guard;
	int err;

	n = aeadt_vecs_setup(test, d, &in, &out);

	for (i = 0; i < cfg->num_vecs; i++) {
		const struct kfast_aead_testvec *v = &cfg->vecs[i];
		unsigned int inlen = v->alen + v->clen;
		unsigned int authsize = v->clen - v->plen;
		struct aeadt_op op = {
			.enc = false, .iv = v->iv, .assoclen = v->alen,
			.in = in, .inlen = inlen, .out = out, .outlen = v->plen,
		};

		for (t = 0; t < n; t++) {
			if (!aeadt_set_vec(test, &d[t], v))
				continue;
			for (j = 0; j < inlen; j++) {
				memcpy(in, v->aad, v->alen);
				memcpy(in + v->alen, v->ctext, v->clen);
				in[j] ^= 1 << (j % 8);
				aeadt_layout_flat(&l, j % 3, inlen, inlen - authsize);
				memset(out, 0x33, v->plen + 1);
				err = aeadt_run(test, d[t].tfm, &op, &l, &guard);
				KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG, "%s: %s byte %u flipped",
						    d[t].name, v->name, j);
				KUNIT_EXPECT_TRUE_MSG(test, !memchr_inv(out, 0, v->plen),
						      "%s: %s byte %u: plaintext not zeroed",
						      d[t].name, v->name, j);
				KUNIT_EXPECT_TRUE_MSG(test, guard, "%s: %s byte %u: wrote outside",
						      d[t].name, v->name, j);
			}
		}
	}
	aeadt_free_all(d, n);
}

/* ---- Tiers against generic ------------------------------------------------ */

/*
 * Each tier against generic (aeadt_compare()), with each key length, over
 * either every (AAD length, plaintext length) pair 0..cfg->max_len (the
 * authsize cycling through the valid ones with the AAD length, one IV) or
 * 24 random pairs up to 64 KiB (random authsizes and IVs).
 */
static void aeadt_sweep(struct kunit *test, bool random)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	unsigned int size = (random ? AEADT_MAX_RANDOM : 2 * cfg->max_len) +
			    AEADT_MAX_AUTHSIZE;
	unsigned int lens = cfg->max_len + 1, count = random ? 24 : lens * lens;
	unsigned int nauth = aeadt_count(cfg->authsizes);
	unsigned int failures[AEADT_MAX_DRIVERS] = {};
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	u8 key[AEADT_MAX_KEY], iv[AEADT_MAX_IV];
	const unsigned int *klen;
	u64 rng = random ? 0x64 : 0xa11e4973;
	unsigned int n, i;
	u8 *data, *a, *b;

	data = aeadt_kmalloc(test, size);
	a = aeadt_kmalloc(test, size);
	b = aeadt_kmalloc(test, size);
	kfast_test_fill(&rng, data, size);
	kfast_test_fill(&rng, iv, sizeof(iv));
	n = aeadt_alloc_all(test, cfg, d);
	aeadt_need_tiers(test, d, n);

	for (klen = cfg->key_lens; *klen; klen++) {
		unsigned int cur = 0;

		kfast_test_fill(&rng, key, *klen);
		if (!aeadt_setkey_all(test, d, n, key, *klen))
			break;
		for (i = 0; i < count; i++) {
			unsigned int alen, plen, authsize;

			if (random) {
				alen = kfast_test_rand_below(&rng, i % 3 ? 257 : SZ_64K + 1);
				plen = kfast_test_rand_below(&rng, i % 2 ? SZ_64K + 1 : 4097);
				authsize = cfg->authsizes[kfast_test_rand_below(&rng, nauth)];
				kfast_test_fill(&rng, iv, cfg->iv_len);
			} else {
				alen = i / lens;
				plen = i % lens;
				authsize = cfg->authsizes[alen % nauth];
			}
			if (authsize != cur && !aeadt_setauthsize_all(test, d, n, authsize))
				goto out;
			cur = authsize;
			aeadt_compare(test, d, n, iv, data, a, b, alen, plen, authsize,
				      random ? "random lengths" : "all lengths", failures);
			if (random || plen == cfg->max_len)
				cond_resched();
		}
	}
out:
	aeadt_free_all(d, n);
}

/*
 * Every (AAD length, plaintext length) pair 0..cfg->max_len, with each key
 * length: each tier's output equals generic's and opens again.
 */
static void __maybe_unused kfast_aead_case_all_lengths(struct kunit *test)
{
	aeadt_sweep(test, false);
}

/*
 * Random AAD and plaintext lengths up to 64 KiB, random IVs and authsizes,
 * with each key length: each tier against generic.
 */
static void __maybe_unused kfast_aead_case_random_lengths(struct kunit *test)
{
	aeadt_sweep(test, true);
}

/* ---- Random scatterlist layouts ------------------------------------------- */

/*
 * 300 random requests (lengths, key length, authsize, IV), each sealed
 * and opened by every driver through a random layout of its own and
 * compared with generic's flat result; a mismatch prints the layout.
 */
static void __maybe_unused kfast_aead_case_random_layouts(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	unsigned int size = AEADT_MAX_RANDOM + AEADT_MAX_AUTHSIZE;
	unsigned int nkeys = aeadt_count(cfg->key_lens);
	unsigned int nauth = aeadt_count(cfg->authsizes);
	unsigned int failures[AEADT_MAX_DRIVERS] = {};
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	u8 key[AEADT_MAX_KEY], iv[AEADT_MAX_IV];
	u8 *data, *flat, *out;
	struct aeadt_layout l;
	unsigned int n, t, i;
	u64 rng = 0x5b1;
	char *desc;
	bool guard;
	int err;

	data = aeadt_kmalloc(test, size);
	flat = aeadt_kmalloc(test, size);
	out = aeadt_kmalloc(test, size);
	desc = aeadt_kmalloc(test, 512);
	kfast_test_fill(&rng, data, AEADT_MAX_RANDOM);
	n = aeadt_alloc_all(test, cfg, d);

	for (i = 0; i < 300; i++) {
		unsigned int r = kfast_test_rand_below(&rng, 10);
		unsigned int alen = kfast_test_rand_below(&rng, r == 0 ? 9000 : 300);
		unsigned int plen = kfast_test_rand_below(&rng, r == 1 ? SZ_64K + 1 :
							  r < 5 ? 9000 : 600);
		unsigned int klen = cfg->key_lens[i % nkeys];
		unsigned int authsize = cfg->authsizes[kfast_test_rand_below(&rng, nauth)];
		struct aeadt_op op = { .iv = iv, .assoclen = alen, .out = out };

		kfast_test_fill(&rng, key, klen);
		kfast_test_fill(&rng, iv, cfg->iv_len);
		if (!aeadt_setkey_all(test, d, n, key, klen) ||
		    !aeadt_setauthsize_all(test, d, n, authsize))
			break;
		memcpy(flat, data, alen + plen);
		err = aeadt_crypt(&d[0], true, iv, flat, alen, plen, alen + plen + authsize);
		if (err) {
			KUNIT_FAIL(test, "%s: flat encrypt aad %u pt %u: %d", d[0].name,
				   alen, plen, err);
			break;
		}

		for (t = 0; t < n; t++) {
			if (failures[t] >= AEADT_MAX_FAILS)
				continue;
			op.enc = true;
			op.in = data;
			op.inlen = alen + plen;
			op.outlen = plen + authsize;
			aeadt_layout_random(&rng, &l, op.inlen, op.inlen + authsize);
			err = aeadt_run(test, d[t].tfm, &op, &l, &guard);
			if (err || !guard || memcmp(out, flat + alen, plen + authsize)) {
				aeadt_describe(desc, 512, &l);
				KUNIT_FAIL(test,
					   "%s encrypt aad %u pt %u tag %u key %u: err %d guard %d data %s; layout %s",
					   d[t].name, alen, plen, authsize, klen, err, guard,
					   memcmp(out, flat + alen, plen + authsize) ? "BAD" : "ok",
					   desc);
				failures[t]++;
				continue;
			}

			op.enc = false;
			op.in = flat;
			op.inlen = alen + plen + authsize;
			op.outlen = plen;
			aeadt_layout_random(&rng, &l, op.inlen, op.inlen - authsize);
			err = aeadt_run(test, d[t].tfm, &op, &l, &guard);
			if (err || !guard || memcmp(out, data + alen, plen)) {
				aeadt_describe(desc, 512, &l);
				KUNIT_FAIL(test,
					   "%s decrypt aad %u pt %u tag %u key %u: err %d guard %d data %s; layout %s",
					   d[t].name, alen, plen, authsize, klen, err, guard,
					   memcmp(out, data + alen, plen) ? "BAD" : "ok", desc);
				failures[t]++;
			}
		}
		cond_resched();
	}
	aeadt_free_all(d, n);
}

/* ---- Contexts ------------------------------------------------------------- */

/*
 * Every driver where SIMD is not usable: inside a kfast_simd_begin()/end()
 * section (kernel_fpu_begin() on x86, kernel_neon_begin() on arm64)
 * crypto_simd_usable() is false for anything called there, which is what
 * the fallback paths exist for.  The driver is synchronous and does not
 * sleep, so it is called right there; its output is checked after the
 * section (KUnit may sleep when reporting): the ciphertext equals
 * generic's from process context, and opening it inside the section gives
 * the plaintext back.  On x86 the section always makes SIMD unusable; if
 * another architecture's does not, nothing is called in it and the case
 * is skipped rather than pretending.
 */
static void __maybe_unused kfast_aead_case_nosimd(struct kunit *test)
{
#if defined(CONFIG_X86) || defined(CONFIG_ARM64)
	static const unsigned int lens[][2] = {		/* AAD, plaintext */
		{ 0, 0 }, { 0, 1 }, { 13, 16 }, { 20, 255 }, { 77, 3000 },
	};
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	unsigned int size = 4096 + AEADT_MAX_AUTHSIZE;
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	u8 key[AEADT_MAX_KEY], iv[AEADT_MAX_IV];
	u8 *data, *ref, *enc, *dec;
	const unsigned int *klen;
	bool usable = false;
	unsigned int n, t, i;
	u64 rng = 0x515d;
	int err, e1 = 0, e2 = 0;

	data = aeadt_kmalloc(test, size);
	ref = aeadt_kmalloc(test, size);
	enc = aeadt_kmalloc(test, size);
	dec = aeadt_kmalloc(test, size);
	kfast_test_fill(&rng, data, size);
	kfast_test_fill(&rng, iv, sizeof(iv));
	n = aeadt_alloc_all(test, cfg, d);

	for (klen = cfg->key_lens; *klen && !usable; klen++) {
		unsigned int authsize = crypto_aead_authsize(d[0].tfm);

		kfast_test_fill(&rng, key, *klen);
		if (!aeadt_setkey_all(test, d, n, key, *klen))
			break;
		for (i = 0; i < ARRAY_SIZE(lens) && !usable; i++) {
			unsigned int alen = lens[i][0], plen = lens[i][1];
			unsigned int len = alen + plen + authsize;

			memcpy(ref, data, alen + plen);
			err = aeadt_crypt(&d[0], true, iv, ref, alen, plen, len);
			KUNIT_EXPECT_EQ(test, err, 0);
			for (t = 0; t < n; t++) {
				struct kfast_simd_state simd;

				memcpy(enc, data, alen + plen);
				kfast_simd_begin(&simd);
				usable = crypto_simd_usable();
				if (!usable) {
					e1 = aeadt_crypt(&d[t], true, iv, enc, alen, plen, len);
					memcpy(dec, enc, len);
					e2 = aeadt_crypt(&d[t], false, iv, dec, alen,
							 plen + authsize, len);
				}
				kfast_simd_end(&simd);
				if (usable)
					break;
				KUNIT_EXPECT_EQ_MSG(test, e1, 0,
						    "%s without SIMD: encrypt aad %u pt %u",
						    d[t].name, alen, plen);
				KUNIT_EXPECT_EQ_MSG(test, e2, 0,
						    "%s without SIMD: decrypt aad %u pt %u",
						    d[t].name, alen, plen);
				KUNIT_EXPECT_EQ_MSG(test, memcmp(enc, ref, len), 0,
						    "%s without SIMD != generic: aad %u pt %u key %u",
						    d[t].name, alen, plen, *klen);
				KUNIT_EXPECT_EQ_MSG(test, memcmp(dec, data, alen + plen), 0,
						    "%s without SIMD: round trip aad %u pt %u key %u",
						    d[t].name, alen, plen, *klen);
			}
		}
	}
	aeadt_free_all(d, n);
	if (usable) {
		if (IS_ENABLED(CONFIG_X86))
			KUNIT_FAIL(test, "crypto_simd_usable() is true inside kernel_fpu_begin()");
		else
			kunit_skip(test,
				   "crypto_simd_usable() stays true inside a SIMD section here");
	}
#else
	kunit_skip(test, "no way to make SIMD unusable on this architecture");
#endif
}

/*
 * Every driver in atomic contexts, as IPsec and networking callers may
 * be: with BHs disabled and with IRQs disabled.  The ciphertext equals the
 * one from process context (and generic's), and opens in both contexts.
 */
static void __maybe_unused kfast_aead_case_atomic(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	const unsigned int alen = 20, plen = 1500, size = 2048;
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	u8 key[AEADT_MAX_KEY], iv[AEADT_MAX_IV];
	u8 *data, *ref, *a, *b, *c;
	const unsigned int *klen;
	unsigned long flags;
	unsigned int n, t;
	u64 rng = 0xa70;
	int e1, e2, e3;

	data = aeadt_kmalloc(test, size);
	ref = aeadt_kmalloc(test, size);
	a = aeadt_kmalloc(test, size);
	b = aeadt_kmalloc(test, size);
	c = aeadt_kmalloc(test, size);
	kfast_test_fill(&rng, data, alen + plen);
	kfast_test_fill(&rng, iv, sizeof(iv));
	n = aeadt_alloc_all(test, cfg, d);

	for (klen = cfg->key_lens; *klen; klen++) {
		unsigned int len = alen + plen + crypto_aead_authsize(d[0].tfm);

		kfast_test_fill(&rng, key, *klen);
		if (!aeadt_setkey_all(test, d, n, key, *klen))
			break;
		memcpy(ref, data, alen + plen);
		KUNIT_EXPECT_EQ(test, aeadt_crypt(&d[0], true, iv, ref, alen, plen, len), 0);
		for (t = 0; t < n; t++) {
			memcpy(a, data, alen + plen);
			memcpy(b, data, alen + plen);
			memcpy(c, data, alen + plen);
			e1 = aeadt_crypt(&d[t], true, iv, a, alen, plen, len);
			local_bh_disable();
			e2 = aeadt_crypt(&d[t], true, iv, b, alen, plen, len);
			local_bh_enable();
			local_irq_save(flags);
			e3 = aeadt_crypt(&d[t], true, iv, c, alen, plen, len);
			local_irq_restore(flags);
			KUNIT_EXPECT_EQ_MSG(test, e1, 0, "%s: process context", d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, e2, 0, "%s: BHs disabled", d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, e3, 0, "%s: IRQs disabled", d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(a, ref, len), 0, "%s != generic, key %u",
					    d[t].name, *klen);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(a, b, len), 0,
					    "%s: BHs disabled != process context, key %u",
					    d[t].name, *klen);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(a, c, len), 0,
					    "%s: IRQs disabled != process context, key %u",
					    d[t].name, *klen);

			local_bh_disable();
			e2 = aeadt_crypt(&d[t], false, iv, b, alen, len - alen, len);
			local_bh_enable();
			local_irq_save(flags);
			e3 = aeadt_crypt(&d[t], false, iv, c, alen, len - alen, len);
			local_irq_restore(flags);
			KUNIT_EXPECT_EQ_MSG(test, e2, 0, "%s: decrypt with BHs disabled",
					    d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, e3, 0, "%s: decrypt with IRQs disabled",
					    d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(b, data, alen + plen), 0,
					    "%s: round trip with BHs disabled", d[t].name);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(c, data, alen + plen), 0,
					    "%s: round trip with IRQs disabled", d[t].name);
		}
	}
	aeadt_free_all(d, n);
}

/* ---- Bad inputs ----------------------------------------------------------- */

/*
 * On every driver: the sizes the tfm reports; no key -> -ENOKEY; key
 * lengths 0..AEADT_MAX_KEY + 8 -> 0 or -EINVAL (and after -EINVAL the tfm
 * needs a key again: -ENOKEY); authsizes 0..max + 1 -> 0 or -EINVAL; with
 * each valid authsize, ciphertexts shorter than the tag -> -EINVAL, an
 * empty message seals and opens, and with a flipped tag bit -> -EBADMSG.
 */
static void __maybe_unused kfast_aead_case_bad_inputs(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	unsigned int maxauth = aeadt_max_authsize(cfg);
	u8 key[AEADT_MAX_KEY + 8] = {}, *buf;
	static const u8 iv[AEADT_MAX_IV];
	const unsigned int *as;
	unsigned int i, len;

	aeadt_check_cfg(test, cfg);
	/* Not on the stack: a scatterlist must not point there (vmap'ed stacks). */
	buf = aeadt_kmalloc(test, 64);
	memset(buf, 0, 64);
	for (i = 0; cfg->drivers[i]; i++) {
		struct crypto_aead *tfm;
		struct aeadt_drv d;

		if (aeadt_drv_init(test, cfg, cfg->drivers[i], &d))
			continue;
		tfm = d.tfm;
		KUNIT_EXPECT_EQ(test, crypto_aead_ivsize(tfm), cfg->iv_len);
		KUNIT_EXPECT_EQ(test, crypto_aead_maxauthsize(tfm), maxauth);
		KUNIT_EXPECT_EQ(test, crypto_aead_authsize(tfm), maxauth);
		KUNIT_EXPECT_EQ(test, crypto_aead_blocksize(tfm), cfg->block_size);

		/* No key: -ENOKEY. */
		KUNIT_EXPECT_EQ_MSG(test, aeadt_crypt(&d, true, iv, buf, 0, 16, 16 + maxauth),
				    -ENOKEY, "%s: encrypt without a key", d.name);
		KUNIT_EXPECT_EQ_MSG(test, aeadt_crypt(&d, false, iv, buf, 0, maxauth, maxauth),
				    -ENOKEY, "%s: decrypt without a key", d.name);

		for (len = 0; len <= sizeof(key); len++) {
			bool valid = aeadt_in_list(cfg->key_lens, len);

			KUNIT_EXPECT_EQ_MSG(test, crypto_aead_setkey(tfm, key, len),
					    valid ? 0 : -EINVAL, "%s: key length %u", d.name, len);
			KUNIT_EXPECT_EQ_MSG(test,
					    aeadt_crypt(&d, true, iv, buf, 0, 16, 16 + maxauth),
					    valid ? 0 : -ENOKEY, "%s: encrypt after key length %u",
					    d.name, len);
		}
		for (len = 0; len <= maxauth + 1; len++)
			KUNIT_EXPECT_EQ_MSG(test, crypto_aead_setauthsize(tfm, len),
					    aeadt_in_list(cfg->authsizes, len) ? 0 : -EINVAL,
					    "%s: authsize %u", d.name, len);

		KUNIT_EXPECT_EQ(test, crypto_aead_setkey(tfm, key, cfg->key_lens[0]), 0);
		for (as = cfg->authsizes; *as; as++) {
			KUNIT_EXPECT_EQ(test, crypto_aead_setauthsize(tfm, *as), 0);
			/* Ciphertext shorter than the tag: -EINVAL. */
			for (len = 0; len < *as; len++)
				KUNIT_EXPECT_EQ_MSG(test, aeadt_crypt(&d, false, iv, buf, 4, len,
								      4 + *as),
						    -EINVAL, "%s: tag %u, cryptlen %u", d.name,
						    *as, len);
			/* An empty message with the right tag opens; a wrong tag does not. */
			KUNIT_EXPECT_EQ_MSG(test, aeadt_crypt(&d, true, iv, buf, 4, 0, 4 + *as), 0,
					    "%s: tag %u, empty message", d.name, *as);
			KUNIT_EXPECT_EQ_MSG(test, aeadt_crypt(&d, false, iv, buf, 4, *as, 4 + *as),
					    0, "%s: tag %u, empty message", d.name, *as);
			buf[4 + *as - 1] ^= 1;
			KUNIT_EXPECT_EQ_MSG(test, aeadt_crypt(&d, false, iv, buf, 4, *as, 4 + *as),
					    -EBADMSG, "%s: tag %u, flipped tag bit", d.name, *as);
		}
		aeadt_drv_exit(&d);
	}
}

/* ---- Unwinding ------------------------------------------------------------ */

struct aeadt_unwind_op {
	struct aeadt_drv *d;
	const u8 *iv;
	u8 *buf;
	unsigned int len;		/* AAD || 64 KiB || tag */
};

static int aeadt_unwind_op(void *arg)
{
	struct aeadt_unwind_op *o = arg;

	return aeadt_crypt(o->d, true, o->iv, o->buf, 16, SZ_64K, o->len);
}

/*
 * Stack traces from a hard-IRQ timer that interrupts each driver reach the
 * caller (kunit/unwind-test.h): 64 KiB seals in place, so that the
 * interrupts land in the bulk loops, assembly included.
 */
static void __maybe_unused kfast_aead_case_unwind(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	struct aeadt_drv d[AEADT_MAX_DRIVERS];
	u8 key[AEADT_MAX_KEY], iv[AEADT_MAX_IV];
	struct aeadt_unwind_op *o;
	unsigned int n, t;
	u64 rng = 0x7f1d;

	o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, o);
	o->len = 16 + SZ_64K + AEADT_MAX_AUTHSIZE;
	o->buf = aeadt_kmalloc(test, o->len);
	kfast_test_fill(&rng, key, cfg->key_lens[0]);
	kfast_test_fill(&rng, iv, sizeof(iv));
	kfast_test_fill(&rng, o->buf, 16 + SZ_64K);
	o->iv = iv;
	n = aeadt_alloc_all(test, cfg, d);
	if (aeadt_setkey_all(test, d, n, key, cfg->key_lens[0])) {
		for (t = 0; t < n; t++) {
			o->d = &d[t];
			kfast_unwind_check(test, d[t].name, crypto_aead_tfm(d[t].tfm)->__crt_alg,
					   aeadt_unwind_op, o);
		}
	}
	aeadt_free_all(d, n);
}

/* ---- Concurrency stress (kunit/stress-test.h) --------------------------- */

#define AEADT_STRESS_KEYS	2

/*
 * Every driver with each of two keys (the first and the last key length,
 * the largest and the smallest authsize): the tfms all workers share.
 */
struct aeadt_stress {
	const struct kfast_aead_test_cfg *cfg;
	struct aeadt_drv d[AEADT_STRESS_KEYS][AEADT_MAX_DRIVERS];
	unsigned int authsize[AEADT_STRESS_KEYS];
	unsigned int n;
};

/* A worker's own requests and buffers: nothing is allocated per operation. */
struct aeadt_stress_scratch {
	struct aead_request *req[AEADT_STRESS_KEYS][AEADT_MAX_DRIVERS];
	struct scatterlist sg[AEADT_MAX_SEGS];
	u8 iv[AEADT_MAX_IV];
	u8 *orig, *ref, *buf;	/* AAD || text || tag, buf with 64 bytes of slack */
};

#define AEADT_STRESS_BUF	(KFAST_STRESS_MAX_LEN + AEADT_MAX_AUTHSIZE + 64)

static void aeadt_stress_free(void *shared, void *scratch)
{
	const struct aeadt_stress *as = shared;
	struct aeadt_stress_scratch *sc = scratch;
	unsigned int k, t;

	for (k = 0; k < AEADT_STRESS_KEYS; k++)
		for (t = 0; t < as->n; t++)
			aead_request_free(sc->req[k][t]);
	kfree(sc->orig);
	kfree(sc->ref);
	kfree(sc->buf);
	kfree(sc);
}

static void *aeadt_stress_alloc(void *shared)
{
	const struct aeadt_stress *as = shared;
	struct aeadt_stress_scratch *sc = kzalloc(sizeof(*sc), GFP_KERNEL);
	unsigned int k, t;
	bool ok;

	if (!sc)
		return NULL;
	sc->orig = kmalloc(AEADT_STRESS_BUF, GFP_KERNEL);
	sc->ref = kmalloc(AEADT_STRESS_BUF, GFP_KERNEL);
	sc->buf = kmalloc(AEADT_STRESS_BUF, GFP_KERNEL);
	ok = sc->orig && sc->ref && sc->buf;
	for (k = 0; k < AEADT_STRESS_KEYS; k++) {
		for (t = 0; t < as->n; t++) {
			sc->req[k][t] = aead_request_alloc(as->d[k][t].tfm, GFP_KERNEL);
			if (!sc->req[k][t])
				ok = false;
			else
				aead_request_set_callback(sc->req[k][t], 0, NULL, NULL);
		}
	}
	if (!ok) {
		aeadt_stress_free(shared, sc);
		return NULL;
	}
	return sc;
}

/* buf in place, over up to AEADT_MAX_SEGS entries of random lengths. */
static int aeadt_stress_crypt(struct aead_request *req, struct scatterlist *sg,
			      u64 *rng, bool enc, u8 *iv, u8 *buf,
			      unsigned int assoclen, unsigned int cryptlen,
			      unsigned int buflen)
{
	unsigned int nents = 1 + kfast_test_rand_below(rng, AEADT_MAX_SEGS), i;

	sg_init_table(sg, nents);
	for (i = 0; i < nents; i++) {
		unsigned int n = i == nents - 1 ? buflen :
				 kfast_test_rand_below(rng, buflen + 1);

		sg_set_buf(&sg[i], buf, n);
		buf += n;
		buflen -= n;
	}
	aead_request_set_ad(req, assoclen);
	aead_request_set_crypt(req, sg, sg, cryptlen, iv);
	return enc ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req);
}

/*
 * A random key, driver, AAD and text length, IV, misalignment and split:
 * sealed by the driver and by generic (flat), the same output; opened by
 * the driver, the data back, or -EBADMSG when one byte was flipped.
 */
static int aeadt_stress_op(void *shared, void *scratch, u64 *rng,
			   unsigned int max_len)
{
	const struct aeadt_stress *as = shared;
	struct aeadt_stress_scratch *sc = scratch;
	unsigned int k = kfast_test_rand_below(rng, AEADT_STRESS_KEYS);
	unsigned int t = kfast_test_rand_below(rng, as->n);
	unsigned int authsize = as->authsize[k];
	unsigned int alen = kfast_test_rand_below(rng, max_len / 4 + 1);
	unsigned int plen = kfast_test_rand_below(rng, max_len - alen + 1);
	unsigned int len = alen + plen + authsize;
	u8 *buf = sc->buf + kfast_test_rand_below(rng, 64);
	bool tamper = kfast_test_rand_below(rng, 8) == 0;
	int err;

	kfast_test_fill(rng, sc->iv, as->cfg->iv_len);
	kfast_test_fill(rng, sc->orig, alen + plen);
	memcpy(sc->ref, sc->orig, alen + plen);
	memcpy(buf, sc->orig, alen + plen);
	if (aeadt_stress_crypt(sc->req[k][0], sc->sg, rng, true, sc->iv, sc->ref,
			       alen, plen, len) ||
	    aeadt_stress_crypt(sc->req[k][t], sc->sg, rng, true, sc->iv, buf,
			       alen, plen, len))
		return KFAST_STRESS_ERROR;
	if (memcmp(buf, sc->ref, len))
		return KFAST_STRESS_MISMATCH;
	if (tamper)
		buf[alen + kfast_test_rand_below(rng, plen + authsize)] ^=
			1 << kfast_test_rand_below(rng, 8);
	err = aeadt_stress_crypt(sc->req[k][t], sc->sg, rng, false, sc->iv, buf,
				 alen, plen + authsize, len);
	if (tamper)
		return err == -EBADMSG ? KFAST_STRESS_OK :
		       err ? KFAST_STRESS_ERROR : KFAST_STRESS_MISMATCH;
	if (err)
		return KFAST_STRESS_ERROR;
	return memcmp(buf, sc->orig, alen + plen) ? KFAST_STRESS_MISMATCH : KFAST_STRESS_OK;
}

/* All drivers at once from every CPU and context (kunit/stress-test.h). */
static void __maybe_unused kfast_aead_case_stress(struct kunit *test)
{
	const struct kfast_aead_test_cfg *cfg = test->param_value;
	struct kfast_stress s = {
		.op = aeadt_stress_op,
		.scratch_alloc = aeadt_stress_alloc,
		.scratch_free = aeadt_stress_free,
	};
	unsigned int nkeys = aeadt_count(cfg->key_lens), k, n;
	struct aeadt_stress *as = aeadt_kmalloc(test, sizeof(*as));
	u8 key[AEADT_MAX_KEY];
	u64 rng = 0xa57e55;

	as->cfg = cfg;
	as->authsize[0] = aeadt_max_authsize(cfg);
	as->authsize[1] = cfg->authsizes[0];
	for (k = 0; k < AEADT_STRESS_KEYS; k++) {
		unsigned int klen = cfg->key_lens[k ? nkeys - 1 : 0];

		n = aeadt_alloc_all(test, cfg, as->d[k]);
		kfast_test_fill(&rng, key, klen);
		if ((k && n != as->n) || !aeadt_setkey_all(test, as->d[k], n, key, klen) ||
		    !aeadt_setauthsize_all(test, as->d[k], n, as->authsize[k])) {
			aeadt_free_all(as->d[k], n);
			KUNIT_FAIL(test, "setting up the drivers failed");
			break;
		}
		as->n = n;
	}
	if (k == AEADT_STRESS_KEYS) {
		s.shared = as;
		kfast_stress_run(test, &s, cfg->cra_name);
	}
	while (k--)
		aeadt_free_all(as->d[k], as->n);
}

#endif /* KFAST_AEAD_TEST_TEMPLATE_H */

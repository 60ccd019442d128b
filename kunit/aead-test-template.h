/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Generic helpers for KUnit tests of AEAD drivers through the crypto API
 * (used by gcm_siv_kunit.c; meant for ocb_kunit.c too).
 *
 * What it provides:
 *  - aeadt_alloc(): allocate a tfm by driver name, skipping the test when
 *    that driver is not registered (a SIMD tier this CPU lacks);
 *  - scatterlist layouts in the spirit of testmgr's fuzzing: up to
 *    AEADT_MAX_SEGS entries of random length, each placed at a random
 *    offset (so entries cross pages and are misaligned), in one of three
 *    modes: out of place, in place with one scatterlist (src == dst) and
 *    in place with two scatterlists over the same memory;
 *  - aeadt_run(): copy a flat input into such a layout, run one
 *    encryption or decryption, copy the result back out and check that
 *    nothing outside [assoclen, assoclen + output length) of the
 *    destination changed (everything else is poisoned beforehand; out of
 *    place, the AAD of dst must stay untouched);
 *  - aeadt_describe(): the layout as text, printed on a mismatch so a
 *    failure can be reproduced;
 *  - a small deterministic xorshift generator (seeded per case).
 *
 * It only needs the kernel's crypto API and KUnit; it compiles on 6.1,
 * 6.12 and 7.x.  Include it once per test module.
 */
#ifndef KFAST_AEAD_TEST_TEMPLATE_H
#define KFAST_AEAD_TEST_TEMPLATE_H

#include <kunit/test.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <crypto/aead.h>

#ifndef KUNIT_EXPECT_MEMEQ
#define KUNIT_EXPECT_MEMEQ(test, a, b, n) KUNIT_EXPECT_EQ(test, memcmp(a, b, n), 0)
#endif

#define AEADT_MAX_SEGS	8
#define AEADT_POISON	0xa5

/* ---- Random numbers ------------------------------------------------------ */

static inline u64 aeadt_rand64(u64 *state)
{
	u64 x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

static inline u32 aeadt_rand_below(u64 *state, u32 n)
{
	return n ? (u32)(aeadt_rand64(state) % n) : 0;
}

static inline void aeadt_fill(u64 *state, u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)aeadt_rand64(state);
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
	l->src.nents = l->dst.nents = 1;
	l->src.len[0] = inplace == AEADT_OUT_OF_PLACE ? srclen : max(srclen, dstlen);
	l->dst.len[0] = inplace == AEADT_OUT_OF_PLACE ? dstlen : l->src.len[0];
}

static void aeadt_shape_random(u64 *rng, struct aeadt_sgshape *s,
			       unsigned int total)
{
	unsigned int i, left = total;

	s->nents = 1 + aeadt_rand_below(rng, AEADT_MAX_SEGS);
	for (i = 0; i < s->nents; i++) {
		unsigned int r = aeadt_rand_below(rng, 4);

		/* Mostly small pieces, sometimes a page or more. */
		if (r == 0)
			s->len[i] = aeadt_rand_below(rng, 17);
		else if (r == 1)
			s->len[i] = aeadt_rand_below(rng, 2 * PAGE_SIZE);
		else
			s->len[i] = aeadt_rand_below(rng, left + 1);
		s->len[i] = min(s->len[i], left);
		left -= s->len[i];
		/* Aligned, near the end of a page, or anywhere. */
		r = aeadt_rand_below(rng, 3);
		if (r == 0)
			s->off[i] = 16 * aeadt_rand_below(rng, 4);
		else if (r == 1)
			s->off[i] = PAGE_SIZE - 1 - aeadt_rand_below(rng, 32);
		else
			s->off[i] = aeadt_rand_below(rng, PAGE_SIZE);
	}
	s->len[s->nents - 1] += left;
}

static inline void aeadt_layout_random(u64 *rng, struct aeadt_layout *l,
				       unsigned int srclen, unsigned int dstlen)
{
	l->inplace = aeadt_rand_below(rng, 3);
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
static int __maybe_unused aeadt_run(struct kunit *test, struct crypto_aead *tfm,
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

/* Allocate a tfm by driver name; skip the test if the driver is absent. */
static struct crypto_aead *aeadt_alloc(struct kunit *test, const char *driver)
{
	struct crypto_aead *tfm = crypto_alloc_aead(driver, 0, 0);

	if (IS_ERR(tfm)) {
		if (PTR_ERR(tfm) == -ENOENT)
			kunit_skip(test, "%s is not available on this CPU", driver);
		KUNIT_FAIL(test, "allocating %s: %ld", driver, PTR_ERR(tfm));
		return NULL;
	}
	return tfm;
}

#endif /* KFAST_AEAD_TEST_TEMPLATE_H */

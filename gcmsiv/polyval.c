// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Portable constant-time POLYVAL (RFC 8452 section 3).
 *
 * Design:
 * - No tables.  The usual 4-bit or 8-bit multiplication tables are indexed
 *   by bits of the hash key and the data, which leaks through the cache.
 *   Instead the carry-less multiply is emulated with ordinary integer
 *   multiplies of "spread" operands: keep only every fourth bit of each
 *   operand so that the carries of the integer addition land in the three
 *   empty bit positions between two kept bits, where they are masked off.
 *   (The trick is well known from BearSSL's ct GHASH; the carry argument for
 *   the variant used here is spelled out beside clmul64().)
 * - 128 x 128 bits are three 64 x 64 products (one level of Karatsuba).
 * - The 256-bit product is reduced with the Montgomery-style step that
 *   POLYVAL's dot() wants (multiplication by x^-128): two folds of 64 bits,
 *   using only shifts and XORs, see polyval_reduce().
 *
 * Cost: about 50 integer multiplies per block on 64-bit hosts.  This is the
 * fallback for contexts without SIMD and for CPUs without carry-less
 * multiply instructions; the SIMD tiers are 20-100 times faster.
 */
#include "polyval.h"

#ifdef __SIZEOF_INT128__
#define kfast_u128 unsigned __int128

/*
 * Carry-less 64 x 64 -> 128 bits.
 *
 * Write x = x0 + x1 + x2 + x3 with x_i = x & (0x1111...1 << i): each x_i has
 * at most 16 set bits, 4 apart.  y is split the same way after removing its
 * top nibble (bits 60..63), so each y_j has at most 15 set bits.  In the
 * integer product x_i * y_j every set bit pair (a, b) adds 2^(a+b), and all
 * a + b are congruent to i + j mod 4.  At one such position k at most
 * min(16, 15) = 15 pairs meet, so the sum c_k * 2^k with c_k <= 15 stays
 * below 2^(k+4), the next position of the same class: the bit at k is
 * exactly the parity c_k mod 2, i.e. the carry-less result, and all carries
 * sit in the three bits in between.  XORing the four products of one class
 * and masking with that class's positions gives the carry-less product.
 * (With all 16 bits of y_j a position could collect 16 pairs, whose carry
 * would hit the next position of the class; hence the split-off nibble,
 * which is added with four masked shifts.)
 */
static kfast_u128 clmul64(u64 x, u64 y)
{
	const u64 m0 = 0x1111111111111111ULL;
	const u64 m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
	const kfast_u128 M0 = ((kfast_u128)m0 << 64) | m0;
	u64 x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
	u64 yl = y & 0x0fffffffffffffffULL;
	u64 y0 = yl & m0, y1 = yl & m1, y2 = yl & m2, y3 = yl & m3;
	kfast_u128 z0, z1, z2, z3, r;
	int t;

	z0 = ((kfast_u128)x0 * y0) ^ ((kfast_u128)x1 * y3) ^
	     ((kfast_u128)x2 * y2) ^ ((kfast_u128)x3 * y1);
	z1 = ((kfast_u128)x0 * y1) ^ ((kfast_u128)x1 * y0) ^
	     ((kfast_u128)x2 * y3) ^ ((kfast_u128)x3 * y2);
	z2 = ((kfast_u128)x0 * y2) ^ ((kfast_u128)x1 * y1) ^
	     ((kfast_u128)x2 * y0) ^ ((kfast_u128)x3 * y3);
	z3 = ((kfast_u128)x0 * y3) ^ ((kfast_u128)x1 * y2) ^
	     ((kfast_u128)x2 * y1) ^ ((kfast_u128)x3 * y0);
	r = (z0 & M0) | (z1 & (M0 << 1)) | (z2 & (M0 << 2)) | (z3 & (M0 << 3));

	/* y's bits 60..63: add x << (60 + t) where the bit is set, branch-free. */
	for (t = 0; t < 4; t++) {
		u64 mask = 0 - ((y >> (60 + t)) & 1);

		r ^= (kfast_u128)(x & mask) << (60 + t);
	}
	return r;
}

static void clmul64_parts(u64 x, u64 y, u64 *lo, u64 *hi)
{
	kfast_u128 r = clmul64(x, y);

	*lo = (u64)r;
	*hi = (u64)(r >> 64);
}
#else
/*
 * 32-bit hosts: the same spreading on 32-bit halves.  Each class of a 32-bit
 * operand has at most 8 bits, so at most 8 pairs meet at a position (< 16):
 * no carry reaches the next position of the class.  64 x 64 bits is then
 * three 32 x 32 products (Karatsuba).
 */
static u64 clmul32(u32 x, u32 y)
{
	const u32 m0 = 0x11111111, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
	const u64 M0 = 0x1111111111111111ULL;
	u32 x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
	u32 y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
	u64 z0, z1, z2, z3;

	z0 = ((u64)x0 * y0) ^ ((u64)x1 * y3) ^ ((u64)x2 * y2) ^ ((u64)x3 * y1);
	z1 = ((u64)x0 * y1) ^ ((u64)x1 * y0) ^ ((u64)x2 * y3) ^ ((u64)x3 * y2);
	z2 = ((u64)x0 * y2) ^ ((u64)x1 * y1) ^ ((u64)x2 * y0) ^ ((u64)x3 * y3);
	z3 = ((u64)x0 * y3) ^ ((u64)x1 * y2) ^ ((u64)x2 * y1) ^ ((u64)x3 * y0);
	return (z0 & M0) | (z1 & (M0 << 1)) | (z2 & (M0 << 2)) | (z3 & (M0 << 3));
}

static void clmul64_parts(u64 x, u64 y, u64 *lo, u64 *hi)
{
	u32 x0 = (u32)x, x1 = (u32)(x >> 32), y0 = (u32)y, y1 = (u32)(y >> 32);
	u64 l = clmul32(x0, y0), h = clmul32(x1, y1);
	u64 m = clmul32(x0 ^ x1, y0 ^ y1) ^ l ^ h;

	*lo = l ^ (m << 32);
	*hi = h ^ (m >> 32);
}
#endif

/*
 * (p3:p2:p1:p0) * x^-128 mod P, P = x^128 + x^127 + x^126 + x^121 + 1.
 *
 * P is 1 modulo x^64, so adding p0 * P clears word 0; the other terms of
 * p0 * P are p0 * (x^121 + x^126 + x^127) (words 1 and 2: shifts by 57, 62,
 * 63 across the word boundary) and p0 * x^128 (word 2).  The same with the
 * new word 1 times x^64 * P clears word 1 and touches words 2 and 3.  The
 * sum is divisible by x^128 and congruent to the product, so words 3:2 are
 * product * x^-128 mod P, already of degree < 128.
 */
static void polyval_reduce(struct kfast_polyval_elem *r, u64 p0, u64 p1,
			   u64 p2, u64 p3)
{
	p1 ^= (p0 << 57) ^ (p0 << 62) ^ (p0 << 63);
	p2 ^= p0 ^ (p0 >> 7) ^ (p0 >> 2) ^ (p0 >> 1);
	p2 ^= (p1 << 57) ^ (p1 << 62) ^ (p1 << 63);
	p3 ^= p1 ^ (p1 >> 7) ^ (p1 >> 2) ^ (p1 >> 1);
	r->lo = p2;
	r->hi = p3;
}

void kfast_polyval_dot(struct kfast_polyval_elem *r,
		       const struct kfast_polyval_elem *a,
		       const struct kfast_polyval_elem *b)
{
	u64 l0, l1, h0, h1, m0, m1;

	/* Karatsuba: (a1 x^64 + a0)(b1 x^64 + b0) */
	clmul64_parts(a->lo, b->lo, &l0, &l1);
	clmul64_parts(a->hi, b->hi, &h0, &h1);
	clmul64_parts(a->lo ^ a->hi, b->lo ^ b->hi, &m0, &m1);
	m0 ^= l0 ^ h0;
	m1 ^= l1 ^ h1;
	polyval_reduce(r, l0, l1 ^ m0, h0 ^ m1, h1);
}
KFAST_EXPORT_SYMBOL_GPL(kfast_polyval_dot);

void kfast_polyval_blocks_generic(struct kfast_polyval_elem *acc,
				  const struct kfast_polyval_elem *h,
				  const u8 *data, size_t nblocks)
{
	struct kfast_polyval_elem a = *acc;

	while (nblocks--) {
		a.lo ^= get_unaligned_le64(data);
		a.hi ^= get_unaligned_le64(data + 8);
		kfast_polyval_dot(&a, &a, h);
		data += KFAST_POLYVAL_BLOCK_SIZE;
	}
	*acc = a;
}

void kfast_polyval_preparekey(struct kfast_polyval_key *key,
			      const u8 raw[KFAST_POLYVAL_BLOCK_SIZE])
{
	kfast_polyval_elem_load(&key->h, raw);
}
KFAST_EXPORT_SYMBOL_GPL(kfast_polyval_preparekey);

void kfast_polyval_init(struct kfast_polyval_ctx *ctx,
			const struct kfast_polyval_key *key)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->key = key;
}
KFAST_EXPORT_SYMBOL_GPL(kfast_polyval_init);

void kfast_polyval_update(struct kfast_polyval_ctx *ctx, const u8 *data,
			  size_t len)
{
	size_t n;

	if (ctx->buflen) {
		n = min_t(size_t, len, KFAST_POLYVAL_BLOCK_SIZE - ctx->buflen);
		memcpy(ctx->buf + ctx->buflen, data, n);
		ctx->buflen += n;
		data += n;
		len -= n;
		if (ctx->buflen < KFAST_POLYVAL_BLOCK_SIZE)
			return;
		kfast_polyval_blocks_generic(&ctx->acc, &ctx->key->h, ctx->buf, 1);
		ctx->buflen = 0;
	}
	n = len / KFAST_POLYVAL_BLOCK_SIZE;
	kfast_polyval_blocks_generic(&ctx->acc, &ctx->key->h, data, n);
	data += n * KFAST_POLYVAL_BLOCK_SIZE;
	len -= n * KFAST_POLYVAL_BLOCK_SIZE;
	memcpy(ctx->buf, data, len);
	ctx->buflen = len;
}
KFAST_EXPORT_SYMBOL_GPL(kfast_polyval_update);

void kfast_polyval_final(struct kfast_polyval_ctx *ctx,
			 u8 out[KFAST_POLYVAL_BLOCK_SIZE])
{
	if (ctx->buflen) {
		memset(ctx->buf + ctx->buflen, 0,
		       KFAST_POLYVAL_BLOCK_SIZE - ctx->buflen);
		kfast_polyval_blocks_generic(&ctx->acc, &ctx->key->h, ctx->buf, 1);
	}
	kfast_polyval_elem_store(&ctx->acc, out);
	memzero_explicit(ctx, sizeof(*ctx));
}
KFAST_EXPORT_SYMBOL_GPL(kfast_polyval_final);

void kfast_polyval(const struct kfast_polyval_key *key, const u8 *data,
		   size_t len, u8 out[KFAST_POLYVAL_BLOCK_SIZE])
{
	struct kfast_polyval_ctx ctx;

	kfast_polyval_init(&ctx, key);
	kfast_polyval_update(&ctx, data, len);
	kfast_polyval_final(&ctx, out);
}
KFAST_EXPORT_SYMBOL_GPL(kfast_polyval);

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * POLYVAL (RFC 8452 section 3): the universal hash of AES-GCM-SIV.
 *
 * POLYVAL works in GF(2^128) defined by x^128 + x^127 + x^126 + x^121 + 1
 * with the "little-endian" convention: byte 0 bit 0 of a 16-byte string is
 * the coefficient of x^0, byte 15 bit 7 that of x^127.  Its multiplication
 * is dot(a, b) = a * b * x^-128, and
 *	POLYVAL(H, X_1..X_s) = S_s,  S_0 = 0,  S_j = dot(S_{j-1} + X_j, H).
 *
 * The names carry a kfast_ prefix because Linux 7.x exports its own
 * polyval_*() library functions.
 *
 * This is the portable, constant-time implementation (no table indexed by
 * secret data, no secret-dependent branch); the GCM-SIV arch tiers have
 * their own (arch/<arch>/gcm_siv-hooks.h).  The module exports the
 * functions the KUnit suite tests (kfast_polyval*(), kfast_polyval_dot()).
 */
#ifndef KFAST_GCMSIV_POLYVAL_H
#define KFAST_GCMSIV_POLYVAL_H

#include <kfast/base.h>

#define KFAST_POLYVAL_BLOCK_SIZE 16

/* A field element: lo holds x^0..x^63 (bytes 0-7 as le64), hi x^64..x^127. */
struct kfast_polyval_elem {
	u64 lo;
	u64 hi;
};

/* The hash key H as a field element (no precomputation in the generic code). */
struct kfast_polyval_key {
	struct kfast_polyval_elem h;
};

/*
 * Incremental state.  POLYVAL is defined on whole blocks; update() buffers a
 * partial block, and final() zero-pads a trailing partial block, which is
 * what AES-GCM-SIV does with the end of its AAD and its plaintext.
 */
struct kfast_polyval_ctx {
	const struct kfast_polyval_key *key;
	struct kfast_polyval_elem acc;
	u8 buf[KFAST_POLYVAL_BLOCK_SIZE];
	unsigned int buflen;
};

void kfast_polyval_preparekey(struct kfast_polyval_key *key,
			      const u8 raw[KFAST_POLYVAL_BLOCK_SIZE]);
void kfast_polyval_init(struct kfast_polyval_ctx *ctx,
			const struct kfast_polyval_key *key);
void kfast_polyval_update(struct kfast_polyval_ctx *ctx, const u8 *data,
			  size_t len);
void kfast_polyval_final(struct kfast_polyval_ctx *ctx,
			 u8 out[KFAST_POLYVAL_BLOCK_SIZE]);
void kfast_polyval(const struct kfast_polyval_key *key, const u8 *data,
		   size_t len, u8 out[KFAST_POLYVAL_BLOCK_SIZE]);

/* acc = POLYVAL continued over nblocks whole 16-byte blocks. */
void kfast_polyval_blocks_generic(struct kfast_polyval_elem *acc,
				  const struct kfast_polyval_elem *h,
				  const u8 *data, size_t nblocks);

/* r = dot(a, b) = a * b * x^-128 (r may alias a or b). */
void kfast_polyval_dot(struct kfast_polyval_elem *r,
		       const struct kfast_polyval_elem *a,
		       const struct kfast_polyval_elem *b);

static inline void kfast_polyval_elem_load(struct kfast_polyval_elem *e,
					   const u8 b[KFAST_POLYVAL_BLOCK_SIZE])
{
	e->lo = get_unaligned_le64(b);
	e->hi = get_unaligned_le64(b + 8);
}

static inline void kfast_polyval_elem_store(const struct kfast_polyval_elem *e,
					    u8 b[KFAST_POLYVAL_BLOCK_SIZE])
{
	put_unaligned_le64(e->lo, b);
	put_unaligned_le64(e->hi, b + 8);
}

#endif /* KFAST_GCMSIV_POLYVAL_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UMAC (RFC 4418) portable core: key derivation, NH/POLY/L3 in C, and the
 * streaming state machine shared by the kernel module and the userspace
 * tests.  See umac.h for the algorithm outline and the interface.
 *
 * Design notes
 *  - Subkeys are derived once per key (umac_setkey): the NH key as native
 *    32-bit words, the L2 keys already masked, the L3 keys already reduced
 *    mod 2^36 - 5, and K' expanded for AES.  Keys for all four iterations
 *    are derived whatever the tag length: the KDF output for n iterations is
 *    a prefix of the output for n + 1, so one key serves every tag length.
 *  - NH is folded 32 bytes at a time into per-iteration sums; the chunk is
 *    not buffered.  A completed 1024-byte chunk is handed to L2 only when
 *    more data follows, because a message of exactly 1024 bytes skips L2
 *    and the last chunk of any message carries its own bit length.
 *  - POLY keeps partially reduced values (below 2^64 resp. 2^128, not
 *    necessarily below p) and reduces fully once at the end.  The RFC's
 *    "marker" case (an input word too close to 2^64 or 2^128) is no
 *    branch: the word is an NH output, a function of the key, so whether
 *    the case is taken would tell something of the key.  POLY-64 takes
 *    the marker's two steps as one (y * k^2 + ..., k^2 precomputed), its
 *    multiplier and addend chosen by a mask; POLY-128 computes both steps
 *    and masks.  All other arithmetic is branch-free.
 *  - Three paths: whole messages of at most 1 KiB (umac(), umac_finup()
 *    on a fresh context, the shash digest/finup) need no L2 and no state
 *    and run from registers; the streaming path folds units into the
 *    state; SIMD tiers take up to four whole chunks per call (one SIMD
 *    section of 4 KiB) and step POLY-64 in the same call
 *    (umac_nh_poly_arch()), each chunk's step beside the next chunk's NH:
 *    issued after the call, the serial steps ran after the hashing
 *    instead.  Past 2^14 words (POLY-128) they take the returned sums
 *    (umac_nh_chunks_arch()) and run POLY in C.
 *  - Whole messages of at most 1 KiB first try the arch code's short path
 *    (umac_short_arch()): NH, L3 and, for umac(), the pad's AES in one
 *    call with nothing stored in between.  At these lengths the cost is
 *    the number of instructions more than any one chain: back-to-back
 *    messages overlap in the out-of-order window when each is short.
 *  - Otherwise the pad's AES is issued by umac_set_nonce(), before the
 *    hashing, so that its latency overlaps with NH instead of ending the
 *    message.
 *  - Arch code (arch/<arch>/umac-hooks.h) may override the NH of units
 *    and chunks, the whole short message and the AES of the pad; the
 *    generic versions below are also the fallback when SIMD is not
 *    usable.
 */
#include <kfast/base.h>
#include <kfast/aes.h>
#include "umac.h"

#ifndef __SIZEOF_INT128__
#error "the UMAC core needs a compiler with unsigned __int128 (64-bit targets)"
#endif
/* 128-bit products (a macro: 6.1's <linux/types.h> has no u128). */
#define umac_u128 unsigned __int128

#define P36		((1ull << 36) - 5)
#define M36		((1ull << 36) - 1)
#define P64		(~0ull - 58)		/* 2^64 - 59 */
#define POLY_MASK	0x01ffffff01ffffffull	/* Mask64, and both halves of Mask128 */
#define P128_OFFSET	159			/* 2^128 - p128 */

static __always_inline void nh_generic(const u32 *k, const u8 *p, size_t units,
				       u64 *nh, const unsigned int iters);

/*
 * Arch hooks (lib/crypto style): arch/$(SRCARCH)/umac-hooks.h, included
 * when umac/Kbuild.inc builds code for this architecture, defines each
 * hook it has and "#define name name"; the others decline.  The NH hooks
 * run inside a section opened by umac_simd_begin_arch().
 */
#ifdef KFAST_UMAC_ARCH
#include <umac-hooks.h>
#endif

#ifndef umac_simd_begin_arch
static __always_inline bool umac_simd_begin_arch(const struct umac_key *key,
						 struct kfast_simd_state *simd)
{
	return false;
}

static __always_inline void umac_simd_end_arch(struct kfast_simd_state *simd)
{
}
#define UMAC_SIMD_SECTION_BYTES	4096
#endif

#ifndef umac_nh_arch
static __always_inline bool umac_nh_arch(const struct umac_key *key, u64 *nh,
					 const u8 *p, size_t units, unsigned int pos,
					 unsigned int iters)
{
	return false;
}
#endif

#ifndef umac_nh_chunks_arch
static __always_inline bool umac_nh_chunks_arch(const struct umac_key *key,
						const u8 *p, size_t nchunks,
						unsigned int iters, u64 *out)
{
	return false;
}
#endif

#ifndef umac_nh_poly_arch
static __always_inline bool umac_nh_poly_arch(const struct umac_key *key,
					      const u8 *p, size_t nchunks,
					      unsigned int iters,
					      struct umac_poly_io *io,
					      bool pending)
{
	return false;
}
#endif

#ifndef umac_nh_short_arch
static __always_inline bool umac_nh_short_arch(const struct umac_key *key,
					       const u32 *k, const u8 *p, size_t units,
					       const u64 *last, u64 *nh,
					       unsigned int iters)
{
	return false;
}
#endif

#ifndef umac_short_arch
static __always_inline bool umac_short_arch(const struct umac_key *key,
					    unsigned int iters, const u8 *p,
					    size_t len, u64 lo, u64 hi,
					    unsigned int idx, u8 *out)
{
	return false;
}
#endif

#ifndef umac_short_hash_arch
static __always_inline bool umac_short_hash_arch(const struct umac_key *key,
						 unsigned int iters,
						 const u8 *p, size_t len,
						 u64 tag[2])
{
	return false;
}
#endif

#ifndef umac_pdf_arch
static __always_inline bool umac_pdf_arch(const struct umac_key *key, u8 *out,
					  u64 lo, u64 hi)
{
	return false;
}
#endif

#ifndef umac_setkey_arch
static __always_inline void umac_setkey_arch(struct umac_key *key, const u8 *kprime)
{
}
#endif

#ifndef umac_mod_init_arch
static __always_inline int umac_mod_init_arch(void)
{
	return UMAC_IMPL_GENERIC;
}
#endif

/* The best tier this CPU has; the tiers it has are a prefix of the table. */
static int umac_impl_found __ro_after_init;

int umac_mod_init(void)
{
	umac_impl_found = umac_mod_init_arch();
	return umac_impl_found;
}

/* ------------------------------------------------------------------ */
/* L1: NH (RFC 4418 section 5.2.2)                                     */
/* ------------------------------------------------------------------ */

/*
 * NH of one 32-byte unit with message words m0..m7 (little-endian: the
 * RFC's ENDIAN-SWAP then big-endian str2uint), added to s[0..iters-1]; k
 * points at the key word of the unit's position in the chunk, iteration i
 * uses the key shifted by 4 words.  Sums wrap mod 2^32 and 2^64 as the
 * RFC's +_32 and +_64.
 */
static __always_inline void nh_unit(const u32 *k, u32 m0, u32 m1, u32 m2,
				    u32 m3, u32 m4, u32 m5, u32 m6, u32 m7,
				    u64 *s, const unsigned int iters)
{
#define NH_ITER(i)							\
	do {								\
		const u32 *ki = k + 4 * (i);				\
									\
		s[i] += (u64)(u32)(m0 + ki[0]) * (u32)(m4 + ki[4]) +	\
			(u64)(u32)(m1 + ki[1]) * (u32)(m5 + ki[5]) +	\
			(u64)(u32)(m2 + ki[2]) * (u32)(m6 + ki[6]) +	\
			(u64)(u32)(m3 + ki[3]) * (u32)(m7 + ki[7]);	\
	} while (0)
	NH_ITER(0);
	if (iters > 1)
		NH_ITER(1);
	if (iters > 2)
		NH_ITER(2);
	if (iters > 3)
		NH_ITER(3);
#undef NH_ITER
}

/* NH of whole units of p, added to nh[0..iters-1]. */
static __always_inline void nh_generic(const u32 *k, const u8 *p, size_t units,
				       u64 *nh, const unsigned int iters)
{
	u64 s[UMAC_MAX_ITERS] = { 0 };
	unsigned int i;

	for (; units; units--, p += UMAC_UNIT_SIZE, k += 8) {
		nh_unit(k, get_unaligned_le32(p + 0), get_unaligned_le32(p + 4),
			get_unaligned_le32(p + 8), get_unaligned_le32(p + 12),
			get_unaligned_le32(p + 16), get_unaligned_le32(p + 20),
			get_unaligned_le32(p + 24), get_unaligned_le32(p + 28),
			s, iters);
		/*
		 * Consecutive units share 12 key words when iters == 4; without
		 * this barrier gcc keeps them across iterations and spills.
		 */
		__asm__ __volatile__("" : : : "memory");
	}
	for (i = 0; i < iters; i++)
		nh[i] += s[i];
}

/*
 * Word "off" of the zero-padded partial unit of rem (0..31) bytes at p;
 * len bytes ending at p + rem are readable (the whole message or update).
 * The words are loaded directly, without a byte buffer (a memcpy() into
 * one and word loads from it cost a call and a store-forwarding round
 * trip on the latency path of short messages): a partial 8-byte word is
 * the 8 bytes ending at p + rem, shifted into place.
 */
static __always_inline u64 partial_word(const u8 *p, size_t off, size_t rem,
					size_t len)
{
	u64 w = 0;
	size_t i;

	if (off + 8 <= rem)
		return get_unaligned_le64(p + off);
	if (off >= rem)
		return 0;
	if (len >= 8)
		return get_unaligned_le64(p + rem - 8) >> (8 * (off + 8 - rem));
	for (i = 0; i < rem; i++)	/* a message shorter than 8 bytes */
		w |= (u64)p[i] << (8 * i);
	return w;
}

static __always_inline void nh_partial(const u32 *k, const u8 *p, size_t rem,
				       size_t len, u64 *nh,
				       const unsigned int iters)
{
	/* scalars, not an array: no 4-byte reloads of 8-byte stores */
	u64 w0 = partial_word(p, 0, rem, len), w1 = partial_word(p, 8, rem, len);
	u64 w2 = partial_word(p, 16, rem, len), w3 = partial_word(p, 24, rem, len);
	u64 s[UMAC_MAX_ITERS] = { 0 };
	unsigned int i;

	nh_unit(k, (u32)w0, w0 >> 32, (u32)w1, w1 >> 32, (u32)w2, w2 >> 32,
		(u32)w3, w3 >> 32, s, iters);
	for (i = 0; i < iters; i++)
		nh[i] += s[i];
}

/* The same four words for SIMD code, stored as 8-byte words. */
static __always_inline void partial_words(const u8 *p, size_t rem, size_t len,
					  u64 w[4])
{
	w[0] = partial_word(p, 0, rem, len);
	w[1] = partial_word(p, 8, rem, len);
	w[2] = partial_word(p, 16, rem, len);
	w[3] = partial_word(p, 24, rem, len);
}

static void nh_units_generic(const u32 *k, const u8 *p, size_t units, u64 *nh,
			     unsigned int iters)
{
	switch (iters) {
	case 1:
		nh_generic(k, p, units, nh, 1);
		break;
	case 2:
		nh_generic(k, p, units, nh, 2);
		break;
	case 3:
		nh_generic(k, p, units, nh, 3);
		break;
	default:
		nh_generic(k, p, units, nh, 4);
		break;
	}
}

/* ------------------------------------------------------------------ */
/* L2: POLY (RFC 4418 section 5.3)                                     */
/* ------------------------------------------------------------------ */

static __always_inline umac_u128 mul64(u64 a, u64 b)
{
	return (umac_u128)a * b;
}

static __always_inline u64 poly64_reduce(u64 y)
{
	u64 t = y + 59;			/* y >= p64  <=>  y + 59 carries */
	u64 mask = -(u64)(t < y);

	return (t & mask) | (y & ~mask);
}

/*
 * y * k + a mod p64, partially reduced (result < 2^64), for any k, a <
 * 2^64 (the masked k64 and k64^2 mod p64 alike): y * k + a < 2^128.
 * 2^64 == 59 (mod p64): the high half h is folded as h * 59 < 2^70, whose
 * own high bits (< 59) and carry are folded once more; a last carry
 * leaves a small value to which 59 is added without carrying.
 */
static __always_inline u64 poly64_mul_add(u64 y, u64 k, u64 a)
{
	umac_u128 p = mul64(y, k) + a, h;
	u64 lo = (u64)p, t, c;

	h = mul64(p >> 64, 59);
	t = lo + (u64)h;
	c = (u64)(h >> 64) + (t < lo);		/* < 60 */
	lo = t + c * 59;
	return lo + (59 & (0 - (u64)(lo < t)));
}

/* a + b mod p64, partially reduced, for b <= p64 (no second carry). */
static __always_inline u64 poly64_add(u64 a, u64 b)
{
	u64 t = a + b;

	return t + (59 & (0 - (u64)(t < a)));
}

/*
 * RFC: words m >= 2^64 - 2^32 are sent as the marker p64 - 1, then m - 59:
 * y -> (y * k + p64 - 1) * k + m - 59 = y * k^2 + (p64 - k) + (m - 59).
 * Whether m is such a word must not show (m derives from the key through
 * NH), so the step is always y * K + A with K and A chosen by a mask: k
 * and m, or k^2 (poly64_k2) and the marker's addend.  Neither depends on
 * y, so they are ready before it is: one product stays in the chain from
 * word to word, as in the RFC's plain step.
 */
static __always_inline u64 poly64_step(u64 y, u64 k, u64 k2, u64 m)
{
	u64 marker = 0 - (u64)((m >> 32) == 0xffffffff);
	u64 am = poly64_add(P64 - k, m - 59);
	u64 mul = (k2 & marker) | (k & ~marker);
	u64 add = (am & marker) | (m & ~marker);

	return poly64_mul_add(y, mul, add);
}

/* count whole-chunk L1 words w[0], w[stride], ... (NH sums, + 8192 here). */
static __always_inline u64 poly64_steps(u64 y, u64 k, u64 k2, const u64 *w,
					unsigned int stride, size_t count)
{
	for (; count; count--, w += stride)
		y = poly64_step(y, k, k2, *w + 8 * UMAC_CHUNK_SIZE);
	return y;
}

/*
 * y * k + m mod p128, partially reduced.  k = (k1, k0) with both halves
 * below 2^57 (Mask128), y < 2^128.  The product is hi * 2^128 + lo with
 * hi < 2^122; 2^128 == 159 (mod p128), so hi is folded as h0 * 159 +
 * h1 * 159 * 2^64 (hi = h1 * 2^64 + h0), counting carries out of 128 bits
 * (each worth 159 again).
 */
static __always_inline umac_u128 poly128_mac(umac_u128 y, u64 k1, u64 k0,
					     umac_u128 m)
{
	u64 y1 = y >> 64, y0 = (u64)y;
	umac_u128 lo = mul64(y0, k0);
	umac_u128 mid = mul64(y0, k1) + mul64(y1, k0);	/* < 2^122 */
	umac_u128 hi = mul64(y1, k1);
	umac_u128 t, u;
	u64 carries;

	hi += mid >> 64;
	t = lo + ((umac_u128)(u64)mid << 64);
	hi += t < lo;
	/* Fold hi (< 2^122). */
	lo = t + mul64((u64)hi, P128_OFFSET);
	carries = lo < t;
	u = mul64((u64)(hi >> 64), P128_OFFSET);	/* < 2^66 */
	t = lo + ((umac_u128)(u64)u << 64);
	carries += (t < lo) + (u64)(u >> 64);
	lo = t + (umac_u128)carries * P128_OFFSET;
	/* Masks, not a multiply by the carry: GCC branches on that one. */
	lo += P128_OFFSET & (0 - (u64)(lo < t));
	/* Add m. */
	t = lo + m;
	t += P128_OFFSET & (0 - (u64)(t < lo));
	return t;
}

static __always_inline umac_u128 poly128_step(umac_u128 y, u64 k1, u64 k0,
					      umac_u128 m)
{
	/* marker p128 - 1, then m - offset, for m >= 2^128 - 2^96 */
	umac_u128 marker = 0 - (umac_u128)((u64)(m >> 96) == 0xffffffff);
	umac_u128 ym = poly128_mac(y, k1, k0, ~(umac_u128)0 - P128_OFFSET);

	y = (ym & marker) | (y & ~marker);
	return poly128_mac(y, k1, k0, m - (P128_OFFSET & marker));
}

static __always_inline umac_u128 poly128_reduce(umac_u128 y)
{
	umac_u128 t = y + P128_OFFSET;
	umac_u128 mask = -(umac_u128)(t < y);

	return (t & mask) | (y & ~mask);
}

static inline umac_u128 state_y128(const struct umac_state *s, unsigned int i)
{
	return ((umac_u128)s->poly[i][0] << 64) | s->poly[i][1];
}

/*
 * Feed one L1 word of iteration i to L2.  s->words is the number of words
 * fed before this one (the caller advances it once for all iterations).
 * The first 2^14 words go to POLY-64.  When word 2^14 arrives, the message
 * is longer than 2^24 bytes: POLY-128 starts from y = 1 with the POLY-64
 * result as its first word (k128 * 1 + y64), and the L1 words are then
 * paired into big-endian 128-bit words (the first one waits in half[i]).
 */
static void l2_push(const struct umac_key *key, struct umac_state *s,
		    unsigned int i, u64 w)
{
	u64 n = s->words;
	umac_u128 y;

	if (likely(n < UMAC_POLY64_WORDS)) {
		s->poly[i][1] = poly64_step(s->poly[i][1], key->poly64[i],
					     key->poly64_k2[i], w);
		return;
	}
	if (n == UMAC_POLY64_WORDS) {
		y = ((umac_u128)key->poly128[i][0] << 64 | key->poly128[i][1]) +
		    poly64_reduce(s->poly[i][1]);
		s->poly[i][0] = y >> 64;
		s->poly[i][1] = (u64)y;
		s->half[i] = w;
		return;
	}
	if ((n - UMAC_POLY64_WORDS) & 1) {
		y = poly128_step(state_y128(s, i), key->poly128[i][0],
				 key->poly128[i][1],
				 (umac_u128)s->half[i] << 64 | w);
		s->poly[i][0] = y >> 64;
		s->poly[i][1] = (u64)y;
	} else {
		s->half[i] = w;
	}
}

/* L2 output of iteration i after all s->words words were fed. */
static umac_u128 l2_finish(const struct umac_key *key,
			   const struct umac_state *s, unsigned int i)
{
	umac_u128 m;

	if (s->words <= UMAC_POLY64_WORDS)
		return poly64_reduce(s->poly[i][1]);
	/* zeropad(M_2 || 0x80, 16): 0x80 follows the last L1 word. */
	if ((s->words - UMAC_POLY64_WORDS) & 1)
		m = (umac_u128)s->half[i] << 64 | (1ull << 63);
	else
		m = (umac_u128)1 << 127;
	return poly128_reduce(poly128_step(state_y128(s, i), key->poly128[i][0],
					   key->poly128[i][1], m));
}

/* ------------------------------------------------------------------ */
/* L3 (RFC 4418 section 5.4)                                           */
/* ------------------------------------------------------------------ */

static __always_inline u64 mod_p36(u64 y)
{
	u64 t;

	y = (y & M36) + 5 * (y >> 36);
	y = (y & M36) + 5 * (y >> 36);
	t = y - P36;			/* negative (top bit set) if y < p36 */
	return t + (P36 & -(t >> 63));
}

static __always_inline u32 l3_hash(const u64 *k, umac_u128 b, u32 kx)
{
	u64 hi = b >> 64, lo = (u64)b, y;

	/* Eight 16-bit words times 36-bit keys: each < 2^52, the sum < 2^55. */
	y = (hi >> 48) * k[0] + ((hi >> 32) & 0xffff) * k[1] +
	    ((hi >> 16) & 0xffff) * k[2] + (hi & 0xffff) * k[3] +
	    (lo >> 48) * k[4] + ((lo >> 32) & 0xffff) * k[5] +
	    ((lo >> 16) & 0xffff) * k[6] + (lo & 0xffff) * k[7];
	return (u32)mod_p36(y) ^ kx;
}

/* ------------------------------------------------------------------ */
/* Key derivation (RFC 4418 sections 3.2 and 3.3)                      */
/* ------------------------------------------------------------------ */

/* Block i (from 1) of KDF(K, index, *): AES_K(uint2str(index, 8) || uint2str(i, 8)). */
static void kdf_block(const struct kfast_aes_key *aes, u64 index, u64 i,
		      u8 out[16])
{
	u8 in[16];

	put_unaligned_be64(index, in);
	put_unaligned_be64(i, in + 8);
	kfast_aes_encrypt(aes, out, in);
}

int __umac_setkey(struct umac_key *key, const u8 *raw, unsigned int len,
		  int impl)
{
	struct kfast_aes_key aes;
	u8 blk[16], kprime[16];
	unsigned int i, j;
	int err;

	if (len != UMAC_KEY_SIZE)
		return -EINVAL;
	err = kfast_aes_setkey(&aes, raw, len);
	if (err)
		return err;

	/* L1: KDF(K, 1, 1024 + 48) as big-endian 32-bit words. */
	for (i = 0; i < UMAC_NH_KEY_WORDS / 4; i++) {
		kdf_block(&aes, 1, i + 1, blk);
		for (j = 0; j < 4; j++)
			key->nh[4 * i + j] = get_unaligned_be32(blk + 4 * j);
	}
	/* L2: KDF(K, 2, 24 * 4); 24 bytes per iteration: k64 || k128. */
	for (i = 0; i < UMAC_MAX_ITERS; i++) {
		u8 b[24 + 8];	/* 24 bytes of this iteration from 2 blocks */
		unsigned int off = 24 * i;

		kdf_block(&aes, 2, off / 16 + 1, b);
		kdf_block(&aes, 2, off / 16 + 2, b + 16);
		/* off % 16 is 0 or 8; the 24 bytes start there */
		key->poly64[i] = get_unaligned_be64(b + off % 16) & POLY_MASK;
		key->poly64_k2[i] = poly64_mul_add(key->poly64[i], key->poly64[i], 0);
		key->poly128[i][0] = get_unaligned_be64(b + off % 16 + 8) &
				     POLY_MASK;
		if (off % 16 + 16 < 32) {
			key->poly128[i][1] = get_unaligned_be64(b + off % 16 + 16) &
					     POLY_MASK;
		} else {
			kdf_block(&aes, 2, off / 16 + 3, blk);
			key->poly128[i][1] = get_unaligned_be64(blk) & POLY_MASK;
		}
		memzero_explicit(b, sizeof(b));
	}
	/* L3: KDF(K, 3, 64 * 4) as 8-byte keys mod p36; KDF(K, 4, 4 * 4). */
	for (i = 0; i < UMAC_MAX_ITERS * 4; i++) {
		kdf_block(&aes, 3, i + 1, blk);
		key->l3[i / 4][2 * (i % 4)] = mod_p36(get_unaligned_be64(blk));
		key->l3[i / 4][2 * (i % 4) + 1] =
			mod_p36(get_unaligned_be64(blk + 8));
	}
	kdf_block(&aes, 4, 1, blk);
	for (i = 0; i < UMAC_MAX_ITERS; i++)
		key->l3_xor[i] = get_unaligned_be32(blk + 4 * i);
	/* PDF key K' = KDF(K, 0, 16). */
	kdf_block(&aes, 0, 1, kprime);
	err = kfast_aes_setkey(&key->pdf, kprime, sizeof(kprime));

	key->impl = impl < UMAC_IMPL_GENERIC ? UMAC_IMPL_GENERIC :
		    min_t(int, impl, umac_impl_found);
	memset(&key->arch, 0, sizeof(key->arch));
	if (!err)
		umac_setkey_arch(key, kprime);

	memzero_explicit(&aes, sizeof(aes));
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(kprime, sizeof(kprime));
	return err;
}

int umac_setkey(struct umac_key *key, const u8 *raw, unsigned int len)
{
	return __umac_setkey(key, raw, len, UMAC_IMPL_BEST);
}

/*
 * AES of the nonce block, given as two little-endian 64-bit halves so that
 * the common 8-byte nonce never goes through a byte buffer (a 16-byte load
 * of freshly stored bytes stalls store forwarding; this sits on the
 * latency path of short messages).
 */
static __always_inline void pdf_block(const struct umac_key *key, u64 lo,
				      u64 hi, u8 t[16])
{
	u8 in[16];

	if (umac_pdf_arch(key, t, lo, hi))
		return;
	put_unaligned_le64(lo, in);
	put_unaligned_le64(hi, in + 8);
	kfast_aes_encrypt(&key->pdf, t, in);
}

/*
 * The PDF's input block for a nonce of 1..16 bytes, as two little-endian
 * halves, and the index of the tag's slice of its AES output.  UMAC-32/64:
 * index = str2uint(Nonce) mod (16 / taglen), i.e. the low bits of the last
 * nonce byte (byte nonce_len - 1 of the block, bits 8 * ((nonce_len - 1) %
 * 8) of lo or hi); they are cleared before the encryption.  Longer tags
 * take the first bytes (index 0).
 */
static __always_inline unsigned int pdf_input(const u8 *nonce,
					      unsigned int nonce_len,
					      unsigned int taglen, u64 *lo,
					      u64 *hi)
{
	/* 16 / taglen - 1 without a division (it would delay the AES) */
	unsigned int mask = taglen == 4 ? 3 : taglen == 8 ? 1 : 0, idx, shift;

	if (WARN_ON_ONCE(nonce_len < 1 || nonce_len > UMAC_NONCE_MAX))
		nonce_len = nonce_len ? UMAC_NONCE_MAX : 1;
	if (likely(nonce_len == 8)) {
		*lo = get_unaligned_le64(nonce);
		*hi = 0;
	} else {
		u8 in[16] = { 0 };

		memcpy(in, nonce, nonce_len);
		*lo = get_unaligned_le64(in);
		*hi = get_unaligned_le64(in + 8);
	}
	shift = 8 * ((nonce_len - 1) % 8);
	if (nonce_len <= 8) {
		idx = (*lo >> shift) & mask;
		*lo &= ~((u64)mask << shift);
	} else {
		idx = (*hi >> shift) & mask;
		*hi &= ~((u64)mask << shift);
	}
	return idx;
}

/* The tag's taglen bytes of the PDF's AES block t (idx is 0 for 12 and 16). */
static __always_inline const u8 *pdf_slice(const u8 *t, unsigned int idx,
					   unsigned int taglen)
{
	return t + taglen * idx;
}

/* The taglen-byte pad from the PDF's input block and slice index. */
static __always_inline void pdf_pad(const struct umac_key *key, u64 lo,
				    u64 hi, unsigned int idx,
				    unsigned int taglen, u8 *pad)
{
	u8 t[16];
	const u8 *slice = pdf_slice(t, idx, taglen);

	pdf_block(key, lo, hi, t);
	/* fixed-size copies (a variable memcpy() is a call on this path) */
	switch (taglen) {
	case 4:
		memcpy(pad, slice, 4);
		break;
	case 8:
		memcpy(pad, slice, 8);
		break;
	case 12:
		memcpy(pad, slice, 12);
		break;
	default:
		memcpy(pad, slice, 16);
		break;
	}
	memzero_explicit(t, sizeof(t));
}

void umac_pdf(const struct umac_key *key, const u8 *nonce,
	      unsigned int nonce_len, unsigned int taglen, u8 *pad)
{
	unsigned int idx;
	u64 lo, hi;

	idx = pdf_input(nonce, nonce_len, taglen, &lo, &hi);
	pdf_pad(key, lo, hi, idx, taglen, pad);
}

/* ------------------------------------------------------------------ */
/* Streaming                                                           */
/* ------------------------------------------------------------------ */

/*
 * Every field written with plain stores: a memset() of the whole state
 * becomes "rep stos", whose start-up cost is a large part of a short
 * message.  buf[] is kept zero beyond buflen (the zero padding of the
 * last unit is then already in place).
 */
static __always_inline void umac_state_reset(struct umac_state *s,
					     unsigned int iters, u64 y)
{
	unsigned int i;

	for (i = 0; i < UMAC_MAX_ITERS; i++) {
		s->nh[i] = 0;
		s->poly[i][0] = 0;
		s->poly[i][1] = y;
		s->half[i] = 0;
	}
	s->words = 0;
	s->len = 0;
	s->chunk_pos = 0;
	s->buflen = 0;
	s->iters = iters;
	s->pad_set = 0;
	for (i = 0; i < UMAC_UNIT_SIZE / 8; i++)
		put_unaligned_le64(0, s->buf + 8 * i);
	for (i = 0; i < UMAC_MAX_TAG_SIZE / 8; i++)
		put_unaligned_le64(0, s->pad + 8 * i);
}

void umac_init(struct umac_ctx *ctx, const struct umac_key *key,
	       unsigned int taglen)
{
	if (WARN_ON_ONCE(taglen % 4 || taglen < 4 || taglen > UMAC_MAX_TAG_SIZE))
		taglen = 8;
	ctx->key = key;
	umac_state_reset(&ctx->s, taglen / 4, 1);	/* POLY starts from y = 1 */
}

void umac_set_nonce(struct umac_ctx *ctx, const u8 *nonce,
		    unsigned int nonce_len)
{
	umac_pdf(ctx->key, nonce, nonce_len, ctx->s.iters * 4, ctx->s.pad);
	ctx->s.pad_set = 1;
}

/* A complete chunk goes to L2 with its bit length 8192 added (L1-HASH). */
static void l1_flush(const struct umac_key *key, struct umac_state *s)
{
	unsigned int i;

	for (i = 0; i < s->iters; i++) {
		l2_push(key, s, i, s->nh[i] + 8 * UMAC_CHUNK_SIZE);
		s->nh[i] = 0;
	}
	s->words++;
	s->chunk_pos = 0;
}

#define UMAC_CHUNK_UNITS	(UMAC_CHUNK_SIZE / UMAC_UNIT_SIZE)
#define UMAC_MAX_BATCH		4	/* chunks per SIMD section (4 KiB) */

/*
 * Bulk path, SIMD only: n >= 2 whole chunks starting on a chunk boundary.
 * The arch code returns each chunk's NH; all but the last go to L2 right
 * away (POLY-64 with the accumulator in a register), the last one stays
 * pending like any completed chunk.
 */
static bool umac_chunks(const struct umac_key *key, struct umac_state *s,
			const u8 *p, size_t n)
{
	u64 out[UMAC_MAX_BATCH * UMAC_MAX_ITERS] __uninitialized;
	unsigned int i, iters = s->iters;
	const u64 *last = out + (n - 1) * iters;
	size_t c;

	if (!umac_nh_chunks_arch(key, p, n, iters, out))
		return false;
	if (likely(s->words + n - 1 <= UMAC_POLY64_WORDS)) {
		for (i = 0; i < iters; i++)
			s->poly[i][1] = poly64_steps(s->poly[i][1], key->poly64[i],
						     key->poly64_k2[i], out + i,
						     iters, n - 1);
		s->words += n - 1;
	} else {
		for (c = 0; c < n - 1; c++) {
			for (i = 0; i < iters; i++)
				l2_push(key, s, i, out[c * iters + i] +
					8 * UMAC_CHUNK_SIZE);
			s->words++;
		}
	}
	/* Fixed trip count: a variable one is turned into "rep movs". */
	for (i = 0; i < UMAC_MAX_ITERS; i++)
		s->nh[i] = i < iters ? last[i] : 0;
	s->chunk_pos = UMAC_CHUNK_SIZE;
	return true;
}

/*
 * Bulk path with POLY in the arch code, SIMD only: n >= 1 whole chunks
 * starting on a chunk boundary, after a completed chunk (pending) or at
 * the start of the message.  The completed chunk and all but the last of
 * the n go to POLY-64 in the same call as the hashing, the last one stays
 * pending like any completed chunk.
 */
static bool umac_chunks_poly(const struct umac_key *key, struct umac_state *s,
			     const u8 *p, size_t n)
{
	bool pending = s->chunk_pos == UMAC_CHUNK_SIZE;
	struct umac_poly_io io __uninitialized;
	unsigned int i;

	if (s->words + n - 1 + pending > UMAC_POLY64_WORDS)
		return false;
	for (i = 0; i < UMAC_MAX_ITERS; i++) {
		io.nh[i] = s->nh[i];
		io.y[i] = s->poly[i][1];
	}
	if (!umac_nh_poly_arch(key, p, n, s->iters, &io, pending))
		return false;
	for (i = 0; i < UMAC_MAX_ITERS; i++) {
		s->nh[i] = i < s->iters ? io.nh[i] : 0;
		s->poly[i][1] = io.y[i];
	}
	s->words += n - 1 + pending;
	s->chunk_pos = UMAC_CHUNK_SIZE;
	return true;
}

/* Whole units, any number, crossing chunk boundaries. */
static void umac_units(const struct umac_key *key, struct umac_state *s,
		       const u8 *p, size_t units, bool simd)
{
	while (units) {
		size_t n;

		if (simd && units >= UMAC_CHUNK_UNITS &&
		    (!s->chunk_pos || s->chunk_pos == UMAC_CHUNK_SIZE)) {
			n = min_t(size_t, units / UMAC_CHUNK_UNITS, UMAC_MAX_BATCH);
			if (umac_chunks_poly(key, s, p, n)) {
				p += n * UMAC_CHUNK_SIZE;
				units -= n * UMAC_CHUNK_UNITS;
				continue;
			}
		}
		if (s->chunk_pos == UMAC_CHUNK_SIZE)
			l1_flush(key, s);
		if (simd && !s->chunk_pos && units >= 2 * UMAC_CHUNK_UNITS) {
			n = min_t(size_t, units / UMAC_CHUNK_UNITS, UMAC_MAX_BATCH);
			if (umac_chunks(key, s, p, n)) {
				p += n * UMAC_CHUNK_SIZE;
				units -= n * UMAC_CHUNK_UNITS;
				continue;
			}
		}
		n = min_t(size_t, units,
			  (UMAC_CHUNK_SIZE - s->chunk_pos) / UMAC_UNIT_SIZE);
		if (!simd || !umac_nh_arch(key, s->nh, p, n, s->chunk_pos,
					   s->iters))
			nh_units_generic(key->nh + s->chunk_pos / 4, p, n, s->nh,
					 s->iters);
		s->chunk_pos += n * UMAC_UNIT_SIZE;
		p += n * UMAC_UNIT_SIZE;
		units -= n;
	}
}

/* SIMD sections cover at most UMAC_SIMD_SECTION_BYTES of data each. */
#define UMAC_SIMD_UNITS		(UMAC_SIMD_SECTION_BYTES / UMAC_UNIT_SIZE)

/*
 * Is a SIMD section worth it for this many units?  Scalar NH is 4
 * multiplies per unit and iteration; a SIMD section has a cost in the
 * kernel.  Two units, or one unit of several iterations.
 */
static __always_inline bool umac_simd_worth(const struct umac_state *s, size_t units)
{
	return units >= 2 || (units && s->iters >= 2);
}

/* One unit (buffered, or the zero-padded last one). */
static void umac_one_unit(const struct umac_key *key, struct umac_state *s,
			  const u8 *p)
{
	struct kfast_simd_state simd;

	if (umac_simd_worth(s, 1) && umac_simd_begin_arch(key, &simd)) {
		umac_units(key, s, p, 1, true);
		umac_simd_end_arch(&simd);
	} else {
		umac_units(key, s, p, 1, false);
	}
}

void umac_update(struct umac_ctx *ctx, const u8 *data, size_t len)
{
	const struct umac_key *key = ctx->key;
	struct umac_state *s = &ctx->s;
	size_t units, total;

	if (!len)
		return;
	total = len;		/* data[0..total) is readable */
	s->len += len;
	if (s->buflen) {
		size_t n = min_t(size_t, len, UMAC_UNIT_SIZE - s->buflen);

		memcpy(s->buf + s->buflen, data, n);
		s->buflen += n;
		data += n;
		len -= n;
		if (s->buflen < UMAC_UNIT_SIZE)
			return;
		umac_one_unit(key, s, s->buf);
		s->buflen = 0;
		memset(s->buf, 0, UMAC_UNIT_SIZE);
	}
	units = len / UMAC_UNIT_SIZE;
	if (umac_simd_worth(s, units)) {
		struct kfast_simd_state simd;

		while (units && umac_simd_begin_arch(key, &simd)) {
			size_t n = min_t(size_t, units, UMAC_SIMD_UNITS);

			umac_units(key, s, data, n, true);
			umac_simd_end_arch(&simd);
			data += n * UMAC_UNIT_SIZE;
			units -= n;
		}
	}
	if (units) {
		umac_units(key, s, data, units, false);
		data += units * UMAC_UNIT_SIZE;
	}
	len %= UMAC_UNIT_SIZE;
	if (len) {
		/*
		 * Word copies instead of a memcpy() call (short messages); the
		 * buffer is empty here and stays zero beyond len.
		 */
		unsigned int j;

		for (j = 0; j < UMAC_UNIT_SIZE / 8; j++)
			put_unaligned_le64(partial_word(data, 8 * j, len, total),
					   s->buf + 8 * j);
		s->buflen = len;
	}
}

void umac_final(struct umac_ctx *ctx, u8 *out)
{
	const struct umac_key *key = ctx->key;
	struct umac_state *s = &ctx->s;
	unsigned int i, iters = s->iters, chunk_bytes = s->chunk_pos;

	WARN_ON_ONCE(!s->pad_set);	/* umac_set_nonce() was not called */
	/*
	 * The last chunk: zeropad(M_t, 32), at least one unit (the empty
	 * message hashes 32 zero bytes); buf[] is already zero-padded.
	 * Buffered bytes after a completed chunk start a new chunk.
	 */
	if (s->buflen || !s->len) {
		unsigned int buflen = s->buflen;

		umac_one_unit(key, s, s->buf);	/* flushes a completed chunk */
		chunk_bytes = s->chunk_pos - UMAC_UNIT_SIZE + buflen;
	}

	for (i = 0; i < iters; i++) {
		u64 w = s->nh[i] + 8 * (u64)chunk_bytes;
		umac_u128 b;

		if (!s->words) {
			b = w;		/* one chunk: no L2, B = zeros(8) || A */
		} else {
			l2_push(key, s, i, w);
			s->words++;
			b = l2_finish(key, s, i);
			s->words--;
		}
		put_unaligned_be32(l3_hash(key->l3[i], b, key->l3_xor[i]) ^
				   get_unaligned_be32(s->pad + 4 * i), out + 4 * i);
	}
	/* Wipe; the barrier keeps the stores if ctx is a dying local (umac()). */
	umac_state_reset(s, 0, 0);
	ctx->key = NULL;
	__asm__ __volatile__("" : : "r"(ctx) : "memory");
}

/*
 * NH of a chunk's len bytes (at most one chunk, zero-padded to whole
 * units; "" is one zero unit) added to nh[], the chunk's first byte at
 * data.  SIMD when there is enough work to pay for a SIMD section (which
 * has a cost in the kernel): 2 units (the last one may be partial), or
 * several iterations.  A few units go through the tier's short-message
 * code in one call (umac_nh_short_arch(), the last unit's words passed
 * in); more use the tier's own wide code.
 */
static __always_inline void nh_chunk(const struct umac_key *key,
				     unsigned int iters, const u8 *data,
				     size_t len, u64 *nh)
{
	size_t units = len / UMAC_UNIT_SIZE, rem = len % UMAC_UNIT_SIZE;
	bool partial = rem || !len;
	struct kfast_simd_state simd;
	u64 last[4];

	if ((units + partial >= 2 || iters >= 2) && umac_simd_begin_arch(key, &simd)) {
		if (partial)
			partial_words(data + len - rem, rem, len, last);
		if (units >= 4 && umac_nh_arch(key, nh, data, units, 0, iters)) {
			if (partial)
				umac_nh_short_arch(key, key->nh + 8 * units, NULL, 0,
						   last, nh, iters);
			partial = false;
			units = 0;
		} else if (umac_nh_short_arch(key, key->nh, data, units,
					      partial ? last : NULL, nh, iters)) {
			partial = false;
			units = 0;
		}
		umac_simd_end_arch(&simd);
	}
	if (units)
		nh_units_generic(key->nh, data, units, nh, iters);
	if (partial)
		nh_partial(key->nh + 8 * units, data + len - rem, rem, len, nh,
			   iters);
}

/*
 * A whole message of at most one chunk, nothing hashed before: no L2, no
 * state, the NH sums stay in registers.  This is the path of short
 * messages (48-byte NTP packets, SSH packets) through umac() and the shash
 * finup()/digest(), with the pad computed before.  arch: try the arch
 * code's short path (without its pad) first; umac() does not, having
 * tried it with the pad already.
 */
static __always_inline void __umac_short(const struct umac_key *key,
					 unsigned int iters, const u8 *pad,
					 const u8 *data, size_t len, u8 *out,
					 bool arch)
{
	u64 nh[UMAC_MAX_ITERS] = { 0 }, t[2];
	unsigned int i;

	if (arch && umac_short_hash_arch(key, iters, data, len, t)) {
		/* fixed-size accesses to the iters * 4 bytes */
		switch (iters) {
		case 1:
			put_unaligned_le32((u32)t[0] ^ get_unaligned_le32(pad), out);
			break;
		case 2:
			put_unaligned_le64(t[0] ^ get_unaligned_le64(pad), out);
			break;
		case 3:
			put_unaligned_le64(t[0] ^ get_unaligned_le64(pad), out);
			put_unaligned_le32((u32)t[1] ^ get_unaligned_le32(pad + 8),
					   out + 8);
			break;
		default:
			put_unaligned_le64(t[0] ^ get_unaligned_le64(pad), out);
			put_unaligned_le64(t[1] ^ get_unaligned_le64(pad + 8),
					   out + 8);
			break;
		}
		return;
	}

	nh_chunk(key, iters, data, len, nh);
	for (i = 0; i < iters; i++)
		put_unaligned_be32(l3_hash(key->l3[i], nh[i] + 8 * (u64)len,
					   key->l3_xor[i]) ^
				   get_unaligned_be32(pad + 4 * i), out + 4 * i);
}

static void umac_short(const struct umac_key *key, unsigned int iters,
		       const u8 *pad, const u8 *data, size_t len, u8 *out)
{
	__umac_short(key, iters, pad, data, len, out, true);
}

void umac_finup(struct umac_ctx *ctx, const u8 *data, size_t len, u8 *out)
{
	if (ctx->s.len || len > UMAC_CHUNK_SIZE) {
		umac_update(ctx, data, len);
		umac_final(ctx, out);
		return;
	}
	WARN_ON_ONCE(!ctx->s.pad_set);	/* umac_set_nonce() was not called */
	umac_short(ctx->key, ctx->s.iters, ctx->s.pad, data, len, out);
	umac_state_reset(&ctx->s, 0, 0);
	ctx->key = NULL;
	__asm__ __volatile__("" : : "r"(ctx) : "memory");
}

static __always_inline bool umac_taglen_ok(unsigned int taglen)
{
	return taglen - 4 <= UMAC_MAX_TAG_SIZE - 4 && !(taglen % 4);
}

/*
 * A message of at most one chunk without the arch code's short path: the
 * pad first, then the generic short path (kept out of umac(): its set-up
 * would be paid by every message the arch code takes).
 */
static noinline void umac_short_pad(const struct umac_key *key,
				    unsigned int taglen, u64 lo, u64 hi,
				    unsigned int idx, const u8 *data,
				    size_t len, u8 *out)
{
	u8 pad[UMAC_MAX_TAG_SIZE] __uninitialized;

	pdf_pad(key, lo, hi, idx, taglen, pad);
	__umac_short(key, taglen / 4, pad, data, len, out, false);
	memzero_explicit(pad, sizeof(pad));
}

/* Longer messages that umac_long() leaves to the streaming calls. */
static noinline void umac_long_stream(const struct umac_key *key,
				      unsigned int taglen, const u8 *nonce,
				      unsigned int nonce_len, const u8 *data,
				      size_t len, u8 *out)
{
	struct umac_ctx ctx __uninitialized;

	umac_init(&ctx, key, taglen);
	umac_set_nonce(&ctx, nonce, nonce_len);
	umac_finup(&ctx, data, len, out);
}

/*
 * Longer messages.  With the arch code's bulk hook and SIMD usable, no
 * state: every chunk but the last through umac_nh_poly_arch() (4 KiB per
 * SIMD section, POLY-64 of each completed chunk in the same call), then
 * the last chunk's NH, the two POLY steps left (the last whole chunk's
 * word and the last chunk's with its own length), L3 and the pad: what
 * the streaming calls do, without their buffering and their state, whose
 * cost is not small next to a few KiB of hashing.  A last chunk of the
 * full 1024 bytes goes through the bulk call too, which leaves its word
 * pending: one POLY step is left.  Otherwise (no SIMD, generic, past
 * 2^14 words where POLY-128 starts) the streaming calls.
 *
 * What runs between one message's last bulk call and the next message's
 * first (the tag's chain, and every instruction the front end must get
 * through) is time the vector units mostly wait, so this path stays
 * short: the pad's slice is read from the AES block in place, and what
 * only the fallback or a partial last chunk needs is kept out of it.
 */
static noinline void umac_long(const struct umac_key *key, unsigned int taglen,
			       const u8 *nonce, unsigned int nonce_len,
			       const u8 *data, size_t len, u8 *out)
{
	size_t whole = (len - 1) / UMAC_CHUNK_SIZE, done = 0, last;
	/* chunks through the bulk call: the last one too if it is whole */
	size_t bulk = len / UMAC_CHUNK_SIZE;
	unsigned int i, idx, iters = taglen / 4;
	struct kfast_simd_state simd;
	struct umac_poly_io io __uninitialized;
	u8 block[16] __uninitialized;	/* the PDF's AES output */
	const u8 *pad;
	u64 lo, hi;

	/* whole + 1 words, all POLY-64 */
	if (!umac_taglen_ok(taglen) || whole >= UMAC_POLY64_WORDS)
		goto stream;
	for (i = 0; i < UMAC_MAX_ITERS; i++) {
		io.nh[i] = 0;
		io.y[i] = 1;		/* POLY starts from y = 1 */
	}
	while (done < bulk && umac_simd_begin_arch(key, &simd)) {
		size_t n = min_t(size_t, bulk - done, UMAC_MAX_BATCH);
		bool ok = umac_nh_poly_arch(key, data + done * UMAC_CHUNK_SIZE,
					    n, iters, &io, done);

		umac_simd_end_arch(&simd);
		if (!ok)
			break;
		done += n;
	}
	/* a context is not shareable between the two ways: start over */
	if (done < bulk)
		goto stream;

	idx = pdf_input(nonce, nonce_len, taglen, &lo, &hi);
	pdf_block(key, lo, hi, block);
	pad = pdf_slice(block, idx, taglen);
	for (i = 0; i < iters; i++)
		io.y[i] = poly64_step(io.y[i], key->poly64[i], key->poly64_k2[i],
				      io.nh[i] + 8 * UMAC_CHUNK_SIZE);
	if (bulk == whole) {
		last = len - whole * UMAC_CHUNK_SIZE;	/* 1..1023 bytes */
		for (i = 0; i < UMAC_MAX_ITERS; i++)
			io.nh[i] = 0;
		nh_chunk(key, iters, data + whole * UMAC_CHUNK_SIZE, last, io.nh);
		for (i = 0; i < iters; i++)
			io.y[i] = poly64_step(io.y[i], key->poly64[i],
					      key->poly64_k2[i],
					      io.nh[i] + 8 * (u64)last);
	}
	for (i = 0; i < iters; i++)
		put_unaligned_be32(l3_hash(key->l3[i], poly64_reduce(io.y[i]),
					   key->l3_xor[i]) ^
				   get_unaligned_be32(pad + 4 * i), out + 4 * i);
	memzero_explicit(block, sizeof(block));
	memzero_explicit(&io, sizeof(io));
	return;

stream:
	umac_long_stream(key, taglen, nonce, nonce_len, data, len, out);
}

/*
 * At most one chunk: the whole tag in one arch call, pad included, or the
 * pad and then the generic short path.  umac() has the common 8-byte
 * nonce inline; other lengths come here.
 */
static noinline void umac_one_chunk(const struct umac_key *key,
				    unsigned int taglen, const u8 *nonce,
				    unsigned int nonce_len, const u8 *data,
				    size_t len, u8 *out)
{
	unsigned int idx;
	u64 lo, hi;

	idx = pdf_input(nonce, nonce_len, taglen, &lo, &hi);
	if (!umac_short_arch(key, taglen / 4, data, len, lo, hi, idx, out))
		umac_short_pad(key, taglen, lo, hi, idx, data, len, out);
}

void umac(const struct umac_key *key, unsigned int taglen, const u8 *nonce,
	  unsigned int nonce_len, const u8 *data, size_t len, u8 *out)
{
	unsigned int idx;
	u64 lo, hi;

	if (len > UMAC_CHUNK_SIZE || !umac_taglen_ok(taglen)) {
		umac_long(key, taglen, nonce, nonce_len, data, len, out);
		return;
	}
	if (unlikely(nonce_len != 8)) {
		umac_one_chunk(key, taglen, nonce, nonce_len, data, len, out);
		return;
	}
	idx = pdf_input(nonce, 8, taglen, &lo, &hi);
	if (!umac_short_arch(key, taglen / 4, data, len, lo, hi, idx, out))
		umac_short_pad(key, taglen, lo, hi, idx, data, len, out);
}

/*
 * An imported state must be one that umac_update() can produce: the bytes
 * hashed so far are whole L2 words, the NH position and the buffer, and
 * the buffer is zero beyond its length.  Every index into buf[] and the
 * key is derived from these fields.
 */
int umac_state_check(const struct umac_state *s, unsigned int taglen)
{
	u64 done = s->len - s->buflen;
	unsigned int i;

	if (s->iters != taglen / 4 || s->buflen >= UMAC_UNIT_SIZE ||
	    s->chunk_pos > UMAC_CHUNK_SIZE || s->chunk_pos % UMAC_UNIT_SIZE ||
	    s->len < s->buflen || s->len % UMAC_UNIT_SIZE != s->buflen ||
	    s->words > (done >> 10) ||
	    done != s->words * UMAC_CHUNK_SIZE + s->chunk_pos ||
	    (done && !s->chunk_pos) || s->pad_set > 1)
		return -EINVAL;
	for (i = s->buflen; i < UMAC_UNIT_SIZE; i++)
		if (s->buf[i])
			return -EINVAL;
	return 0;
}

#ifndef __KERNEL__
size_t umac_test_l1_l2(const struct umac_key *key, unsigned int iter,
		       const u8 *msg, size_t len, u64 *l1, size_t max_words,
		       u64 l2[2])
{
	struct umac_state s = { .iters = UMAC_MAX_ITERS };
	size_t nwords = 0, off = 0;
	u64 first = 0;
	umac_u128 y;
	unsigned int i;

	for (i = 0; i < UMAC_MAX_ITERS; i++)
		s.poly[i][1] = 1;
	do {
		size_t n = min_t(size_t, len - off, UMAC_CHUNK_SIZE);
		u64 nh[UMAC_MAX_ITERS] = { 0 };
		u8 unit[UMAC_UNIT_SIZE] = { 0 };

		nh_units_generic(key->nh, msg + off, n / UMAC_UNIT_SIZE, nh,
				 UMAC_MAX_ITERS);
		if (n % UMAC_UNIT_SIZE || !n) {
			memcpy(unit, msg + off + n - n % UMAC_UNIT_SIZE,
			       n % UMAC_UNIT_SIZE);
			nh_units_generic(key->nh + (n - n % UMAC_UNIT_SIZE) / 4,
					 unit, 1, nh, UMAC_MAX_ITERS);
		}
		nh[iter] += 8 * (u64)n;
		if (nwords < max_words)
			l1[nwords] = nh[iter];
		if (!nwords)
			first = nh[iter];
		nwords++;
		l2_push(key, &s, iter, nh[iter]);
		s.words++;
		off += n;
	} while (off < len);
	/* As in UHASH: a single L1 word skips L2 (B = zeros(8) || A). */
	y = nwords == 1 ? first : l2_finish(key, &s, iter);
	l2[0] = y >> 64;
	l2[1] = (u64)y;
	return nwords;
}

u64 umac_test_mod_p36(u64 y)
{
	return mod_p36(y);
}

/* POLY steps on arbitrary (partially reduced) values, for the arithmetic test. */
u64 umac_test_poly64(u64 y, u64 k, u64 m)
{
	return poly64_reduce(poly64_step(y, k, poly64_mul_add(k, k, 0), m));
}

void umac_test_poly128(u64 y[2], const u64 k[2], const u64 m[2])
{
	umac_u128 r = poly128_step((umac_u128)y[0] << 64 | y[1], k[0], k[1],
				   (umac_u128)m[0] << 64 | m[1]);

	r = poly128_reduce(r);
	y[0] = r >> 64;
	y[1] = (u64)r;
}
#endif

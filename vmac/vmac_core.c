// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * VMAC (draft-krovetz-vmac-01, T. Krovetz and W. Dai, April 2007):
 * portable core shared by the kernel module and the userspace tests.
 *
 * VMAC-64/128(K, M, N) = PDF(K, N) + VHASH(K, M), per 64-bit word, where
 * VHASH runs one iteration per 64 tag bits of
 *
 *   L1 (NH):  for each 128-byte block (the last one zero-padded to a
 *             multiple of 16 bytes), sum over word pairs of
 *             (m[2j] + k[2j] mod 2^64) * (m[2j+1] + k[2j+1] mod 2^64),
 *             mod 2^126; message words little-endian, key words big-endian.
 *             Iteration i uses the key shifted by 2i words.
 *   L2:       polynomial y = y*k + a mod 2^127-1 over the NH outputs,
 *             y starting at 1; then y += (bitlen(M) mod 1024) * 2^64.
 *   L3:       ((y div (2^64-2^32) + k1) * (y mod (2^64-2^32) + k2)) mod
 *             2^64-257.
 *
 * and PDF is AES of the nonce (VMAC-64: the nonce's low bit selects the
 * half of the AES output and is cleared before encryption; VMAC-128 uses
 * the whole block).  Subkeys come from AES in counter mode (KDF) with the
 * index byte 0x80 (L1), 0xc0 (L2) and 0xe0 (L3, rejection-sampled).
 *
 * Design choices:
 *  - Everything that depends only on the key is computed in vmac_setkey():
 *    the NH key for both iterations, masked L2 keys, L3 keys, the AES key
 *    schedule (and what the arch tiers precompute, vmac_setkey_arch()).
 *    Per message there is
 *    exactly one AES block, for the pad.
 *  - No pad cache.  The draft lets VMAC-64 share one AES between the two
 *    nonces that differ in their last bit, but a cache that outlives one
 *    message must live somewhere mutable: in a per-key object it races
 *    with concurrent users of the key (the 2018 syzbot report against the
 *    kernel's old vmac was exactly that), and shash descriptors are
 *    re-initialised per message and wiped after final, so a cache there
 *    would never hit.  With AES-NI the pad block costs a few dozen cycles
 *    and overlaps the hashing.
 *  - Full 128-byte blocks are hashed as soon as they are complete (the
 *    last block of a message is hashed like any other when it is full;
 *    only the length term at the end depends on the total length), so the
 *    state only buffers msglen % 128 bytes and any split of the input
 *    gives the same tag.
 *  - The L2 accumulator is kept lazily reduced (below 2^127 + 8 here,
 *    below 2^127 + 2^38 after a vector tier's vmac_blocks_arch(); the bounds below
 *    only need its high word to be at most 2^63) between blocks and
 *    fully reduced once at the end.  Whole blocks go through
 *    L2 two at a time (acc * k^2 + m1 * k + m2, k^2 precomputed), which
 *    halves the serial multiply-reduce chain.
 *  - Short messages matter (a 48-byte NTP packet): the per-message path
 *    makes no library calls (inline word copies, a masked last word
 *    instead of memset(), an inline wipe), runs the end of the message in
 *    registers, and starts the pad's AES before the hashing so that its
 *    latency overlaps.  vmac_finup() on a fresh context (the one-shots,
 *    the glue's digest) lets the architecture take a whole short message
 *    in one go, without the context's buffer.
 *  - 64x64->128-bit products use the compiler's __uint128_t; an
 *    architecture can replace the block loop, the pad, the whole end of a
 *    message and a whole short message by assembly (arch/<arch>/
 *    vmac-hooks.h, tiers chosen once at init).
 */
#include <kfast/base.h>
#include <kfast/aes.h>
#include "vmac.h"

#define VMAC_M62	0x3fffffffffffffffULL
#define VMAC_M63	0x7fffffffffffffffULL
#define VMAC_M52	0x000fffffffffffffULL
#define VMAC_POLY_MASK	0x1fffffff1fffffffULL
#define VMAC_P64	0xfffffffffffffeffULL	/* 2^64 - 257 */


/*
 * Short copies and wipes without library calls: for the short messages
 * that matter most (a 48-byte NTP packet), a variable-length memcpy() or
 * memset() call costs as much as the hashing itself.  The empty asm keeps
 * the compiler from turning the loops back into such calls.
 */
static __always_inline void *vmac_hide_ptr(void *p)
{
	__asm__ ("" : "+r" (p));
	return p;
}

static __always_inline void vmac_copy(u8 *dst, const u8 *src, unsigned int n)
{
	for (; n >= 8; n -= 8, src += 8) {
		put_unaligned_le64(get_unaligned_le64(src), dst);
		dst = vmac_hide_ptr(dst + 8);
	}
	for (; n; n--)
		*dst++ = *src++;
}

/*
 * Copies n < 128 bytes to the start of a buffer of at least round_up(n, 8)
 * bytes in whole words: the last, partial one is read as the 8 bytes that
 * end the data (n >= 8) and shifted, or gathered byte by byte, and stored
 * zero-padded.  The reads of the NH code that follow then find whole word
 * stores to forward from, not byte stores.
 */
static __always_inline void vmac_copy_tail(u8 *dst, const u8 *src, unsigned int n)
{
	unsigned int r = n % 8;
	u64 w = 0;

	vmac_copy(dst, src, n - r);
	if (!r)
		return;
	if (n >= 8) {
		w = get_unaligned_le64(src + n - 8) >> (64 - 8 * r);
	} else {
		for (; r; r--)
			w = w << 8 | src[r - 1];
	}
	put_unaligned_le64(w, dst + n - n % 8);
}

/*
 * Zeroes a whole number of 64-bit words, four per loop turn (the context
 * is wiped after every message); the final barrier keeps the compiler from
 * dropping the stores as dead, like memzero_explicit().
 */
static __always_inline void vmac_wipe(void *p, size_t size)
{
	u64 *w = p;
	size_t n = size / 8;

	for (; n >= 4; n -= 4) {
		w[0] = 0;
		w[1] = 0;
		w[2] = 0;
		w[3] = 0;
		w = vmac_hide_ptr(w + 4);
	}
	for (; n; n--)
		*w++ = 0;
	__asm__ __volatile__ ("" : : "r" (p) : "memory");
}


/*
 * One L2 step: acc = acc * k + m mod 2^127 - 1, with acc <= 2^127 + 4 on
 * entry and exit (lazy reduction), k = (kh, kl) with both words < 2^61
 * (the L2 key mask) and m < 2^126 (an NH output).
 *
 * acc * k = t2 * 2^128 + t1 * 2^64 + t0 with t0 = al*kl < 2^125,
 * t1 = ah*kl + al*kh < 2^126, t2 = ah*kh <= 2^124.  As 2^128 = 2 mod p:
 *	acc * k = t0 + 2 * (t2 + hi64(t1)) + lo64(t1) * 2^64	(mod p)
 * where the first part is below 2^127.  Adding lo64(t1) and m gives a
 * value below 2^129; folding the bits above 127 (2^127 = 1 mod p) brings
 * it back to at most 2^127 + 3.
 */
static __always_inline void vmac_poly_step(u64 *ah, u64 *al, u64 kh, u64 kl,
					   u64 mh, u64 ml)
{
	__uint128_t t0 = (__uint128_t)*al * kl;
	__uint128_t t1 = (__uint128_t)*ah * kl + (__uint128_t)*al * kh;
	__uint128_t t2 = (__uint128_t)*ah * kh;
	__uint128_t x = t0 + 2 * (t2 + (u64)(t1 >> 64));
	__uint128_t xh = (x >> 64) + (u64)t1 + mh;
	u64 xl = (u64)x + ml;
	u64 f, rh;

	xh += xl < ml;
	f = (u64)(xh >> 63);
	rh = (u64)xh & VMAC_M63;
	xl += f;
	rh += xl < f;
	*ah = rh;
	*al = xl;
}

/*
 * Two L2 steps at once: acc = acc * k^2 + (m1 * k + m2) mod 2^127 - 1.
 * Only acc * k^2 is on the serial dependency chain, which halves the
 * chain's latency per block; the multiply count is the same as for two
 * single steps.  K2 = k^2 mod p is fully reduced (< 2^127), k is the
 * masked L2 key (words < 2^61), m1, m2 < 2^126, acc <= 2^127 + 4 (so
 * ah <= 2^63).  Products:
 *	acc * K2: t0 = al*K2l < 2^128, t1 = ah*K2l + al*K2h < 2^128,
 *		  t2 = ah*K2h < 2^126
 *	m1 * k:	  u0 < 2^125, u1 < 2^126, u2 < 2^123
 * and, with 2^128 = 2 mod p as in vmac_poly_step():
 *	sum = (t0 + u0) + 2 * (t2 + u2 + hi(t1) + hi(u1))
 *	      + (lo(t1) + lo(u1)) * 2^64 + m2
 * accumulated in three words (the top one small) and folded at bit 127.
 */
static __always_inline void vmac_poly_step2(u64 *ah, u64 *al, const u64 k2[2],
					    const u64 k[2], u64 m1h, u64 m1l,
					    u64 m2h, u64 m2l)
{
	__uint128_t t0 = (__uint128_t)*al * k2[1];
	__uint128_t t1 = (__uint128_t)*ah * k2[1] + (__uint128_t)*al * k2[0];
	__uint128_t t2 = (__uint128_t)*ah * k2[0];
	__uint128_t u0 = (__uint128_t)m1l * k[1];
	__uint128_t u1 = (__uint128_t)m1h * k[1] + (__uint128_t)m1l * k[0];
	__uint128_t u2 = (__uint128_t)m1h * k[0];
	__uint128_t s = t2 + u2 + (u64)(t1 >> 64) + (u64)(u1 >> 64);	/* < 2^127 */
	__uint128_t v = (__uint128_t)(u64)t1 + (u64)u1;			/* < 2^65 */
	__uint128_t lo = t0 + u0, x;
	u64 top = lo < t0, f, rh, rl;

	x = lo + (s << 1);
	top += x < lo;
	lo = x + ((__uint128_t)(u64)v << 64);
	top += lo < x;
	top += (u64)(v >> 64);
	x = lo + (((__uint128_t)m2h << 64) | m2l);
	top += x < lo;
	/* value = top * 2^128 + x;  2^128 = 2 and 2^127 = 1 mod p. */
	f = ((u64)(x >> 64) >> 63) + 2 * top;
	rh = (u64)(x >> 64) & VMAC_M63;
	rl = (u64)x + f;
	rh += rl < f;
	*ah = rh;
	*al = rl;
}

/*
 * NH over nwords message words (even, at most 16) for one or two
 * iterations, result mod 2^126 as (high, low) words.
 */
static __always_inline void vmac_nh(const u64 *k, const u8 *m,
				    unsigned int nwords, unsigned int iters,
				    u64 out[VMAC_MAX_ITERS][2])
{
	__uint128_t s0 = 0, s1 = 0;
	unsigned int i;

	for (i = 0; i < nwords; i += 2) {
		u64 m0 = get_unaligned_le64(m + 8 * i);
		u64 m1 = get_unaligned_le64(m + 8 * i + 8);

		s0 += (__uint128_t)(m0 + k[i]) * (m1 + k[i + 1]);
		if (iters > 1)
			s1 += (__uint128_t)(m0 + k[i + 2]) * (m1 + k[i + 3]);
	}
	out[0][0] = (u64)(s0 >> 64) & VMAC_M62;
	out[0][1] = (u64)s0;
	if (iters > 1) {
		out[1][0] = (u64)(s1 >> 64) & VMAC_M62;
		out[1][1] = (u64)s1;
	}
}

/*
 * End of L2: add the length term (bitlen mod 1024) * 2^64 and reduce fully
 * mod 2^127 - 1.  On entry the accumulator is at most 2^127 + 3.
 */
static __always_inline void vmac_l2_finish(u64 h, u64 l, u64 lenbits,
					   u64 *yh, u64 *yl)
{
	u64 f, l1, h1, mask;

	h += lenbits;
	f = h >> 63;

	/* Fold bit 127: the value is now at most 2^127. */
	h &= VMAC_M63;
	l += f;
	h += l < f;
	/* Subtract p once if value >= p, i.e. if value + 1 >= 2^127. */
	l1 = l + 1;
	h1 = h + (l1 == 0);
	mask = 0 - (h1 >> 63);
	*yh = ((h1 & VMAC_M63) & mask) | (h & ~mask);
	*yl = (l1 & mask) | (l & ~mask);
}

/*
 * End of L2 and L3 in one (the tag's serial tail, so its latency counts):
 * y = acc + (bitlen(M) mod 1024) 2^64 mod 2^127 - 1, fully reduced, then
 * L3 = ((y div D + k1) (y mod D + k2)) mod p64 with D = 2^64 - 2^32.
 *
 * The accumulator's high word is at most 2^63 (lazy reduction; at 2^63
 * the low word is below 2^38) and lenbits < 2^10.  Folding bit 127 of
 * acc + lenbits 2^64 once gives v = (h, l) <= 2^127 - 1 = p: either the
 * fold moved a 1 (then h < 2^10 and v is small) or v is below 2^127.  So
 * y = v, except y = 0 for v = p, which is handled by clearing m1, m2
 * rather than by a reduction in front of the division.
 *
 * Division by D = 2^32 (B - 1), B = 2^32, with the base-B digits h1, h0
 * of h and l1 of l >> 32:
 *	u = y div 2^32 = h1 B^2 + h0 B + l1
 *	  = (B - 1) (h1 (B + 1) + h0) + s,	s = h1 + h0 + l1 < 3 (B - 1)
 * so m1 = y div D = h + h1 + s div (B - 1), and for s < B (B - 1),
 * s div (B - 1) = (s + (s >> 32) + 1) >> 32: short independent terms
 * instead of a chain of carries.  The remainder is y - m1 D = l + m1 2^32
 * (mod 2^64), as it is below 2^64.  Then (m1 + k1) and (m2 + k2) are
 * brought below 2^64 using 2^64 = 257 mod p64, multiplied, and the
 * 128-bit product folded the same way to r < 2^64 + 2^18; r + 257
 * carries exactly when r wrapped or r >= p64, and is then the result.
 */
static __always_inline u64 vmac_l2_l3(u64 ah, u64 al, u64 lenbits,
				      const u64 k[2])
{
	u64 h = ah + lenbits, f = h >> 63, l = al + f;
	u64 s, m1, m2, a, b, r, t, w, zero, mask;
	__uint128_t p;
	bool c;

	h = (h & VMAC_M63) + (l < f);
	zero = 0 - (u64)(((h ^ VMAC_M63) | ~l) == 0);	/* v = p */
	s = (h >> 32) + (u32)h + (l >> 32);
	m1 = h + (h >> 32) + ((s + (s >> 32) + 1) >> 32);
	m2 = l + (m1 << 32);
	m1 &= ~zero;
	m2 &= ~zero;

	a = m1 + k[0];
	a += (0 - (u64)(a < m1)) & 257;
	b = m2 + k[1];
	b += (0 - (u64)(b < m2)) & 257;

	p = (__uint128_t)a * b;
	p = (__uint128_t)(u64)(p >> 64) * 257 + (u64)p;	/* < 2^73 + 2^64 */
	w = (u64)(p >> 64) * 257;			/* < 2^18 */
	r = (u64)p + w;
	c = r < w;
	t = r + 257;
	c |= t < r;
	/* A mask, not a ?: that the compiler may turn into a branch on the tag. */
	mask = 0 - (u64)c;
	return (t & mask) | (r & ~mask);
}

/*
 * Arch hooks (lib/crypto style): arch/$(SRCARCH)/vmac-hooks.h, included
 * when vmac/Kbuild.inc builds code for this architecture, defines each
 * hook it has and "#define name name"; the others decline.  It comes after
 * the field arithmetic above, which its key set-up uses.
 */
#ifdef KFAST_VMAC_ARCH
#include <vmac-hooks.h>
#endif

#ifndef vmac_blocks_arch
static __always_inline bool vmac_blocks_arch(const struct vmac_key *key,
					     struct vmac_state *st,
					     const u8 *p, size_t nblocks,
					     bool first)
{
	return false;
}
#endif

#ifndef vmac_pad_arch
static __always_inline bool vmac_pad_arch(const struct vmac_key *key,
					  const u8 nonce[16], unsigned int iters,
					  unsigned int impl, u64 pad[2])
{
	return false;
}
#endif

#ifndef vmac_final_arch
static __always_inline bool vmac_final_arch(const struct vmac_key *key,
					    const struct vmac_state *st,
					    const u8 nonce[16], u8 *tag)
{
	return false;
}
#endif

#ifndef vmac_finup_arch
static __always_inline bool vmac_finup_arch(const struct vmac_key *key,
					    struct vmac_state *st,
					    const u8 *data, size_t len,
					    const u8 nonce[16], u8 *tag)
{
	return false;
}
#endif

#ifndef vmac_setkey_arch
static __always_inline void vmac_setkey_arch(struct vmac_key *key,
					     const u8 *raw, unsigned int len)
{
}
#endif

#ifndef vmac_mod_init_arch
static __always_inline unsigned int vmac_mod_init_arch(void)
{
	return VMAC_IMPL_GENERIC;
}
#endif

static unsigned int vmac_impl_found;

unsigned int vmac_mod_init(void)
{
	vmac_impl_found = vmac_mod_init_arch();
	return vmac_impl_found;
}

unsigned int vmac_impl_max(void)
{
	return vmac_impl_found;
}

/* KDF block i for the given index byte: AES(index || uint120(i)). */
static void vmac_kdf_block(const struct kfast_aes_key *aes, u8 index, u64 i,
			   u8 out[16])
{
	u8 in[16] = { index };

	put_unaligned_be64(i, &in[8]);
	kfast_aes_encrypt(aes, out, in);
}

int vmac_setkey(struct vmac_key *key, const u8 *raw, unsigned int len)
{
	u8 blk[16];
	unsigned int i, n;
	int err;

	err = kfast_aes_setkey(&key->aes, raw, len);
	if (err)
		return err;

	/* L1: KDF(K, 128, 1024 + 128 * (iters - 1)) as big-endian words. */
	for (i = 0; i < ARRAY_SIZE(key->nhkey) / 2; i++) {
		vmac_kdf_block(&key->aes, 0x80, i, blk);
		key->nhkey[2 * i] = get_unaligned_be64(&blk[0]);
		key->nhkey[2 * i + 1] = get_unaligned_be64(&blk[8]);
	}

	/* L2: block i of KDF(K, 192), top 3 bits of every 32-bit word cleared. */
	for (i = 0; i < VMAC_MAX_ITERS; i++) {
		vmac_kdf_block(&key->aes, 0xc0, i, blk);
		key->polykey[i][0] = get_unaligned_be64(&blk[0]) & VMAC_POLY_MASK;
		key->polykey[i][1] = get_unaligned_be64(&blk[8]) & VMAC_POLY_MASK;
	}

	/*
	 * L3: the (iter+1)-th block of KDF(K, 224) whose two halves are both
	 * below 2^64 - 257.  A block is rejected with probability ~2^-55, so
	 * the bound is never reached in practice.
	 */
	for (i = 0, n = 0; n < VMAC_MAX_ITERS && i < 64; i++) {
		u64 k1, k2;
		bool ok;

		vmac_kdf_block(&key->aes, 0xe0, i, blk);
		k1 = get_unaligned_be64(&blk[0]);
		k2 = get_unaligned_be64(&blk[8]);
		/* Which candidates are rejected says nothing of the kept ones. */
		ok = k1 < VMAC_P64 && k2 < VMAC_P64;
		kfast_ct_declassify(&ok, sizeof(ok));
		if (ok) {
			key->l3key[n][0] = k1;
			key->l3key[n][1] = k2;
			n++;
		}
	}
	memzero_explicit(blk, sizeof(blk));
	if (WARN_ON(n != VMAC_MAX_ITERS))
		return -EINVAL;

	/* k^2 mod p for the two-block L2 step, fully reduced. */
	for (i = 0; i < VMAC_MAX_ITERS; i++) {
		u64 h = key->polykey[i][0], l = key->polykey[i][1];

		vmac_poly_step(&h, &l, key->polykey[i][0], key->polykey[i][1], 0, 0);
		vmac_l2_finish(h, l, 0, &key->polykey2[i][0], &key->polykey2[i][1]);
	}


	vmac_setkey_arch(key, raw, len);
	return 0;
}

static __always_inline void vmac_blocks_iters(const struct vmac_key *key,
					      struct vmac_state *st,
					      const u8 *p, size_t nblocks,
					      const unsigned int iters)
{
	u64 a0h = st->poly[0][0], a0l = st->poly[0][1];
	u64 a1h = st->poly[1][0], a1l = st->poly[1][1];
	u64 nh[VMAC_MAX_ITERS][2], nh2[VMAC_MAX_ITERS][2];

	for (; nblocks >= 2; nblocks -= 2, p += 2 * VMAC_NHBYTES) {
		vmac_nh(key->nhkey, p, VMAC_NHWORDS, iters, nh);
		vmac_nh(key->nhkey, p + VMAC_NHBYTES, VMAC_NHWORDS, iters, nh2);
		vmac_poly_step2(&a0h, &a0l, key->polykey2[0], key->polykey[0],
				nh[0][0], nh[0][1], nh2[0][0], nh2[0][1]);
		if (iters > 1)
			vmac_poly_step2(&a1h, &a1l, key->polykey2[1], key->polykey[1],
					nh[1][0], nh[1][1], nh2[1][0], nh2[1][1]);
	}
	if (nblocks) {
		vmac_nh(key->nhkey, p, VMAC_NHWORDS, iters, nh);
		vmac_poly_step(&a0h, &a0l, key->polykey[0][0],
			       key->polykey[0][1], nh[0][0], nh[0][1]);
		if (iters > 1)
			vmac_poly_step(&a1h, &a1l, key->polykey[1][0],
				       key->polykey[1][1], nh[1][0], nh[1][1]);
	}

	st->poly[0][0] = a0h;
	st->poly[0][1] = a0l;
	st->poly[1][0] = a1h;
	st->poly[1][1] = a1l;
}

/* NH + L2 over whole 128-byte blocks: the bulk of the work. */
static void vmac_blocks_generic(const struct vmac_key *key,
				struct vmac_state *st, const u8 *p,
				size_t nblocks)
{
	if (st->iters == 1)
		vmac_blocks_iters(key, st, p, nblocks, 1);
	else
		vmac_blocks_iters(key, st, p, nblocks, 2);
}

/*
 * @first: p is the start of the message (no L2 step taken yet, so the
 * accumulators hold their initial 1), known from the message length and
 * so public.  A tier may skip work on that ground (vmac-avx512.S's last
 * step); false is always correct.
 */
static void vmac_blocks(const struct vmac_key *key, struct vmac_state *st,
			const u8 *p, size_t nblocks, bool first)
{
	if (!vmac_blocks_arch(key, st, p, nblocks, first))
		vmac_blocks_generic(key, st, p, nblocks);
}

/* vmac_update() past its common case: a partial block to fill, or whole blocks. */
static noinline void vmac_update_blocks(struct vmac_ctx *ctx, const u8 *data,
					size_t len)
{
	struct vmac_state *st = &ctx->st;
	unsigned int used = st->msglen % VMAC_NHBYTES;

	st->msglen += len;
	if (used) {
		unsigned int n = min_t(size_t, len, VMAC_NHBYTES - used);

		vmac_copy(&st->buf[used], data, n);
		data += n;
		len -= n;
		if (used + n < VMAC_NHBYTES)
			return;
		vmac_blocks(ctx->key, st, st->buf, 1, false);
	}
	if (len >= VMAC_NHBYTES) {
		size_t nblocks = len / VMAC_NHBYTES;

		/* msglen already counts len: data starts the message if equal */
		vmac_blocks(ctx->key, st, data, nblocks, st->msglen == len);
		data += nblocks * VMAC_NHBYTES;
		len -= nblocks * VMAC_NHBYTES;
	}
	if (len)
		vmac_copy(st->buf, data, len);
}

void vmac_update(struct vmac_ctx *ctx, const u8 *data, size_t len)
{
	struct vmac_state *st = &ctx->st;

	/*
	 * Less than a block, starting one (a short message, or the end of a
	 * long one): only copied, without the frame the block path needs.
	 */
	if (st->msglen % VMAC_NHBYTES == 0 && len < VMAC_NHBYTES) {
		st->msglen += len;
		vmac_copy_tail(st->buf, data, len);
		return;
	}
	vmac_update_blocks(ctx, data, len);
}

/*
 * PDF: AES(nonce) as two host-order words, pad[0] from the first 8 bytes.
 * VMAC-64 encrypts the nonce with its last bit cleared (that bit selects
 * the half, see vmac_final()); VMAC-128 uses the nonce as it is.
 */
static __always_inline void vmac_pad(const struct vmac_key *key,
				     const u8 nonce[16], unsigned int iters,
				     unsigned int impl, u64 pad[2])
{
	u8 blk[16];

	if (vmac_pad_arch(key, nonce, iters, impl, pad))
		return;
	memcpy(blk, nonce, 16);
	if (iters == 1)
		blk[15] &= 0xfe;
	kfast_aes_encrypt(&key->aes, blk, blk);
	pad[0] = get_unaligned_be64(&blk[0]);
	pad[1] = get_unaligned_be64(&blk[8]);
	memzero_explicit(blk, sizeof(blk));
}

/*
 * One tag word: the last NH value (if \last) into the L2 accumulator of
 * iteration i, the length term, L3 and the pad word.
 */
static __always_inline void vmac_final_word(const struct vmac_key *key,
					    const struct vmac_state *st,
					    unsigned int i, bool last,
					    const u64 nh[2], unsigned int rem,
					    u64 pad, u8 *tag)
{
	u64 ah = st->poly[i][0], al = st->poly[i][1];

	if (last && st->msglen < VMAC_NHBYTES) {
		/* Only block: y = 1 * k + m, no multiplication. */
		al = key->polykey[i][1] + nh[1];
		ah = key->polykey[i][0] + nh[0] + (al < nh[1]);
	} else if (last) {
		vmac_poly_step(&ah, &al, key->polykey[i][0], key->polykey[i][1],
			       nh[0], nh[1]);
	}
	put_unaligned_be64(pad + vmac_l2_l3(ah, al, (u64)rem * 8, key->l3key[i]), tag);
}

/*
 * The end of a message, for one or two iterations (a compile-time constant
 * here, so that short messages run in registers only; the second
 * iteration is written out rather than looped, which the compiler would
 * not unroll, and a short VMAC-128 message shows the loop).
 */
static __always_inline void vmac_final_iters(struct vmac_ctx *ctx,
					     const u8 nonce[VMAC_NONCEBYTES],
					     u8 *tag, const unsigned int iters)
{
	const struct vmac_key *key = ctx->key;
	struct vmac_state *st = &ctx->st;
	unsigned int rem = st->msglen % VMAC_NHBYTES;
	u64 nh[VMAC_MAX_ITERS][2], pad[2];
	bool last = rem || st->msglen == 0;

	/* The pad first: its AES latency then overlaps the hashing below. */
	vmac_pad(key, nonce, iters, st->impl, pad);
	if (iters == 1 && (nonce[15] & 1))
		pad[0] = pad[1];

	/*
	 * The last, partial NH block, zero-padded to a multiple of 16 bytes.
	 * An empty message still takes one L2 step with m = 0: y = 1 * k.
	 */
	if (last) {
		unsigned int n = round_up(rem, 16), w = rem / 8;

		/*
		 * Zero the buffer up to the next 16-byte boundary with whole
		 * words: the word holding the last message bytes is masked
		 * (buf is 128 bytes, so the load stays inside it).
		 */
		if (rem % 8) {
			u64 lastw = get_unaligned_le64(&st->buf[8 * w]);

			lastw &= ~0ULL >> (64 - 8 * (rem % 8));
			put_unaligned_le64(lastw, &st->buf[8 * w]);
			w++;
		}
		if (w * 8 < n)
			put_unaligned_le64(0, &st->buf[8 * w]);
		vmac_nh(key->nhkey, st->buf, n / 8, iters, nh);
	}

	vmac_final_word(key, st, 0, last, nh[0], rem, pad[0], tag);
	if (iters > 1)
		vmac_final_word(key, st, 1, last, nh[1], rem, pad[1], tag + 8);
	memzero_explicit(pad, sizeof(pad));
}

/* Out of line: vmac_final() with an arch hook then needs no frame of its own. */
static noinline void vmac_final_generic(struct vmac_ctx *ctx,
					const u8 nonce[VMAC_NONCEBYTES], u8 *tag)
{
	if (ctx->st.iters == 1)
		vmac_final_iters(ctx, nonce, tag, 1);
	else
		vmac_final_iters(ctx, nonce, tag, 2);
}

int vmac_final(struct vmac_ctx *ctx, const u8 nonce[VMAC_NONCEBYTES], u8 *tag)
{
	int err = 0;

	/* A nonce is below 2^127: KDF inputs have the top bit set. */
	if (nonce[0] & 0x80)
		err = -EINVAL;
	else if (!vmac_final_arch(ctx->key, &ctx->st, nonce, tag))
		vmac_final_generic(ctx, nonce, tag);
	vmac_wipe(ctx, sizeof(*ctx));
	return err;
}

/* vmac_finup() offers whole messages shorter than this to the arch code. */
#define VMAC_FINUP_MAX		(8 * VMAC_NHBYTES)

static noinline int vmac_update_final(struct vmac_ctx *ctx, const u8 *data,
				      size_t len, const u8 nonce[VMAC_NONCEBYTES],
				      u8 *tag)
{
	vmac_update(ctx, data, len);
	return vmac_final(ctx, nonce, tag);
}

/*
 * A whole short message on a fresh context (nothing hashed yet; the sums
 * may be an imported state's): the arch code may take it in one go.  The
 * context then held nothing but what init() or import() wrote, and its
 * wipe is the part of vmac_final()'s that covers that.
 */
static noinline int vmac_finup_short(struct vmac_ctx *ctx, const u8 *data,
				     size_t len, const u8 nonce[VMAC_NONCEBYTES],
				     u8 *tag)
{
	if ((nonce[0] & 0x80) ||
	    !vmac_finup_arch(ctx->key, &ctx->st, data, len, nonce, tag))
		return vmac_update_final(ctx, data, len, nonce, tag);
	vmac_wipe(ctx, offsetof(struct vmac_ctx, st.buf));
	ctx->st.iters = 0;
	ctx->st.impl = 0;
	return 0;
}

/* update + final; two tail calls, so that neither path pays for the other's frame. */
int vmac_finup(struct vmac_ctx *ctx, const u8 *data, size_t len,
	       const u8 nonce[VMAC_NONCEBYTES], u8 *tag)
{
	if (ctx->st.msglen || len >= VMAC_FINUP_MAX)
		return vmac_update_final(ctx, data, len, nonce, tag);
	return vmac_finup_short(ctx, data, len, nonce, tag);
}

int vmac64(const struct vmac_key *key, const u8 nonce[VMAC_NONCEBYTES],
	   const u8 *data, size_t len, u8 tag[VMAC64_TAGBYTES])
{
	struct vmac_ctx ctx __uninitialized;

	vmac64_init(&ctx, key);
	return vmac_finup(&ctx, data, len, nonce, tag);
}

int vmac128(const struct vmac_key *key, const u8 nonce[VMAC_NONCEBYTES],
	    const u8 *data, size_t len, u8 tag[VMAC128_TAGBYTES])
{
	struct vmac_ctx ctx __uninitialized;

	vmac128_init(&ctx, key);
	return vmac_finup(&ctx, data, len, nonce, tag);
}

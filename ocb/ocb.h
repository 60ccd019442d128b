/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-OCB (OCB3, RFC 7253) with a 96-bit nonce and a 128, 96 or 64-bit tag.
 *
 * Notation of RFC 7253 section 4 (E = AES with the key K, D = its inverse):
 *  - per key: L_* = E(0^128), L_$ = double(L_*), L_0 = double(L_$),
 *    L_i = double(L_{i-1}); double() is multiplication by x in GF(2^128),
 *    big-endian (shift left, reduce by 0x87 into the last byte);
 *  - per message: Nonce = num2str(TAGLEN mod 128, 7) || 0^24 || 1 || N for
 *    a 12-byte N, so the tag length is part of the nonce and a 96-bit tag
 *    is NOT a truncated 128-bit one; bottom = the low 6 bits of Nonce,
 *    Ktop = E(Nonce with those bits cleared), Stretch = Ktop ||
 *    (Ktop[1..64] ^ Ktop[9..72]), Offset_0 = Stretch[1+bottom..128+bottom];
 *  - block i of the text: Offset_i = Offset_{i-1} ^ L_{ntz(i)},
 *    C_i = Offset_i ^ E(P_i ^ Offset_i), Checksum ^= P_i; a final partial
 *    block: Offset_* = Offset_m ^ L_*, C_* = P_* ^ E(Offset_*),
 *    Checksum ^= P_* || 1 || 0...;
 *  - Tag = E(Checksum ^ Offset ^ L_$) ^ HASH(K, A), where HASH sums
 *    E(A_i ^ Offset'_i) with offsets of its own starting at 0 (and
 *    E((A_* || 1 || 0...) ^ Offset'_m ^ L_*) for a partial last block);
 *    the first TAGLEN bits of it are sent.
 * Decryption is the same with P_i = Offset_i ^ D(C_i ^ Offset_i) and the
 * checksum over the plaintext it produces; the caller must compare the tags
 * in constant time and not release the plaintext if they differ.
 *
 * Streaming API (one pass: each block is enciphered once):
 *	ocb_init(ctx, key, nonce, taglen, impl)
 *	ocb_aad_update(ctx, key, aad, n) ...   any split
 *	ocb_encrypt_update(ctx, key, src, dst, n) ... or ocb_decrypt_update():
 *		whole blocks (n a multiple of 16); src == dst allowed
 *	ocb_final(ctx, key, src, dst, n, dec, tag)   the last n < 16 bytes of
 *		text (n may be 0) and the full 16-byte tag value; it ends the
 *		request and wipes the context.
 * The AAD may come before, between or after the text updates (HASH and the
 * text are independent until the tag).  The text must be cut at block
 * boundaries: a block that straddles two pieces of a scatterlist is for
 * the caller to gather (the kernel glue copies such a block through a
 * 16-byte buffer), because its output cannot be written before all of its
 * input is known.  At most 2^32 - 1 whole blocks of text and of AAD each
 * (OCB_L_COUNT), far above what one crypto API request can hold.
 *
 * Implementations ("impl"): the tiers of OCB_TIERS.  A SIMD tier also
 * needs crypto_simd_usable() at ocb_init(), else that request runs the
 * generic code; the arch code then holds one SIMD section from ocb_init()
 * to ocb_final() (or ocb_abort()), released and re-entered every 4 KiB, so
 * the calls of one request must not sleep in between and every request
 * ends with ocb_final() or ocb_abort().
 */
#ifndef KFAST_OCB_OCB_H
#define KFAST_OCB_OCB_H

#include <kfast/base.h>
#include <kfast/aes.h>

#define OCB_NONCE_SIZE		12
#define OCB_BLOCK_SIZE		16
#define OCB_MAX_TAG_SIZE	16
#define OCB_MAX_KEY_SIZE	32
/* L_0 .. L_31: enough for ntz(i) of every block index i < 2^32. */
#define OCB_L_COUNT		32
/* Whole blocks of text, or of AAD, in one message (the one-shots check it). */
#define OCB_MAX_BLOCKS		((1ULL << OCB_L_COUNT) - 1)

#ifdef KFAST_OCB_ARCH
#include <ocb-arch.h>
#else
#define OCB_ARCH_TIERS(T)
struct ocb_key_arch { };
struct ocb_ctx_arch { };
#endif

/*
 * Implementation tiers, lowest first: T(id, driver suffix, priority, CPU
 * has it); the CPU has a prefix of them, found by ocb_mod_init().
 */
#define OCB_TIERS(T)							\
	T(GENERIC, "generic", 100, true)				\
	OCB_ARCH_TIERS(T)

enum ocb_impl {
#define OCB_TIER_ENUM(id, suffix, priority, present) OCB_IMPL_##id,
	OCB_TIERS(OCB_TIER_ENUM)
#undef OCB_TIER_ENUM
	OCB_NR_IMPLS
};

/*
 * The key and what setkey derives from it.  Read-only once set: nothing per
 * message is cached here (concurrent requests share it).  The L table comes
 * first so that arch assembly can address it by fixed offsets.
 */
struct ocb_key {
	u8 l_star[OCB_BLOCK_SIZE];
	u8 l_dollar[OCB_BLOCK_SIZE];
	u8 l[OCB_L_COUNT][OCB_BLOCK_SIZE];	/* L_0 .. L_31 */
	struct ocb_key_arch arch;		/* ocb_setkey_arch()'s */
	struct kfast_aes_fullkey aes;		/* the generic tier's AES */
	u32 keylen;				/* 16, 24 or 32 */
	u32 nrounds;				/* 10, 12 or 14 */
};

/* Per-request state; wiped by ocb_final() and ocb_abort(). */
struct ocb_ctx {
	u8 offset[OCB_BLOCK_SIZE];	/* Offset_i of the text */
	u8 checksum[OCB_BLOCK_SIZE];	/* of the plaintext so far */
	u8 aad_offset[OCB_BLOCK_SIZE];	/* HASH's Offset_i */
	u8 aad_sum[OCB_BLOCK_SIZE];	/* HASH's Sum_i */
	u8 aad_buf[OCB_BLOCK_SIZE];	/* a partial AAD block */
	u64 nblocks;			/* whole text blocks so far (i) */
	u64 aad_nblocks;		/* whole AAD blocks so far */
	u8 aad_buflen;			/* bytes in aad_buf */
	u8 taglen;			/* 16, 12 or 8 */
	u8 impl;			/* enum ocb_impl */
	struct ocb_ctx_arch arch;
};

/*
 * RFC 7253 section 4.2, for the core and for arch hooks that encipher Ktop
 * themselves.  ocb_nonce_block(): Nonce = num2str(TAGLEN mod 128, 7) ||
 * 0^24 || 1 || N with its low 6 bits (bottom, returned; public) cleared,
 * the block whose encryption is Ktop.  ocb_offset0(): Stretch = Ktop ||
 * (Ktop[1..64] ^ Ktop[9..72]) as big-endian words s0 s1 s2, and Offset_0
 * = the 128 bits of Stretch from bit bottom on.
 */
static inline unsigned int ocb_nonce_block(u8 nb[OCB_BLOCK_SIZE],
					   const u8 nonce[OCB_NONCE_SIZE],
					   unsigned int taglen)
{
	unsigned int bottom;

	memset(nb, 0, OCB_BLOCK_SIZE);
	nb[0] = (u8)(((taglen * 8) % 128) << 1);
	nb[3] = 0x01;
	memcpy(nb + 4, nonce, OCB_NONCE_SIZE);
	bottom = nb[15] & 0x3f;
	nb[15] &= 0xc0;
	return bottom;
}

static inline void ocb_offset0(u8 offset[OCB_BLOCK_SIZE],
			       const u8 ktop[OCB_BLOCK_SIZE], unsigned int bottom)
{
	u64 s0 = get_unaligned_be64(ktop), s1 = get_unaligned_be64(ktop + 8);
	u64 s2 = s0 ^ ((s0 << 8) | (s1 >> 56));

	if (bottom) {
		s0 = (s0 << bottom) | (s1 >> (64 - bottom));
		s1 = (s1 << bottom) | (s2 >> (64 - bottom));
	}
	put_unaligned_be64(s0, offset);
	put_unaligned_be64(s1, offset + 8);
}

/* 16, 24 or 32 bytes, else -EINVAL. */
int ocb_setkey(struct ocb_key *key, const u8 *raw, unsigned int len);

/* Probe the CPU once; returns the best tier present (tiers 0..it exist). */
unsigned int ocb_mod_init(void);
bool ocb_impl_available(enum ocb_impl impl);
enum ocb_impl ocb_best_impl(void);

/* taglen is 16, 12 or 8 (the caller has checked it). */
void ocb_init(struct ocb_ctx *ctx, const struct ocb_key *key,
	      const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
	      enum ocb_impl impl);
void ocb_aad_update(struct ocb_ctx *ctx, const struct ocb_key *key,
		    const u8 *aad, size_t len);
void ocb_encrypt_update(struct ocb_ctx *ctx, const struct ocb_key *key,
			const u8 *src, u8 *dst, size_t len);
void ocb_decrypt_update(struct ocb_ctx *ctx, const struct ocb_key *key,
			const u8 *src, u8 *dst, size_t len);
void ocb_final(struct ocb_ctx *ctx, const struct ocb_key *key, const u8 *src,
	       u8 *dst, size_t len, bool dec, u8 tag[OCB_MAX_TAG_SIZE]);
/* End a request without a tag (wipe, close its SIMD section). */
void ocb_abort(struct ocb_ctx *ctx);

/*
 * One-shot helpers on flat buffers (tests, benchmark).  Encryption writes
 * C || tag (len + taglen bytes); decryption takes C || tag (srclen >=
 * taglen), writes srclen - taglen bytes, and returns -EBADMSG with them
 * zeroed if the tag is wrong.  src == dst is allowed.  -EINVAL for a bad
 * taglen or a message longer than OCB_MAX_BLOCKS blocks.
 */
int ocb_encrypt(const struct ocb_key *key, enum ocb_impl impl,
		const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
		const u8 *aad, size_t aadlen, const u8 *src, size_t len, u8 *dst);
int ocb_decrypt(const struct ocb_key *key, enum ocb_impl impl,
		const u8 nonce[OCB_NONCE_SIZE], unsigned int taglen,
		const u8 *aad, size_t aadlen, const u8 *src, size_t srclen,
		u8 *dst);

#endif /* KFAST_OCB_OCB_H */

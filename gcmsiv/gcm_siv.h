/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452): AEAD_AES_128_GCM_SIV and AEAD_AES_256_GCM_SIV.
 *
 * Nonce-misuse-resistant AEAD by Gueron, Langley and Lindell:
 *  1. per-nonce keys: AES(K, le32(i) || N) for i = 0..3 (AES-128) or 0..5
 *     (AES-256); the first 8 bytes of blocks 0,1 are the POLYVAL key, of
 *     blocks 2,3(,4,5) the message-encryption key;
 *  2. S = POLYVAL(auth key, pad(AAD) || pad(P) || le64(8*|AAD|) || le64(8*|P|));
 *  3. tag = AES(enc key, (S ^ (N || 0^32)) with bit 127 cleared);
 *  4. C = P ^ keystream of AES-CTR with initial counter block = tag with
 *     bit 127 set, incrementing its first 32 bits as a little-endian integer
 *     modulo 2^32 (RFC 8452 section 4).
 * Output is C || tag (16 bytes).  Decryption recomputes the tag from the
 * decrypted plaintext and must not release it unless the tags match.
 *
 * "Auth-only" use (empty plaintext, the message as AAD) is the MAC the NTP
 * draft calls GMAC-SIV: tag = AES-GCM-SIV(K, N, AAD = message, P = empty).
 *
 * Streaming API (what the crypto API glue needs to walk scatterlists in two
 * passes without copying the message): every *_update/ctr function accepts
 * any split of its input; partial blocks are buffered in the context.
 *	gcm_siv_init(ctx, key, nonce, impl)    derive the per-nonce keys
 *	gcm_siv_prepare(ctx, nbytes)            (optional) precompute for updates <= nbytes
 *	gcm_siv_auth_update(ctx, aad, n) ...    POLYVAL over the AAD
 *	gcm_siv_auth_pad(ctx)                   end of AAD (zero-pad)
 *	gcm_siv_auth_update(ctx, pt, n) ...     POLYVAL over the plaintext
 *	gcm_siv_tag(ctx, aadlen, ptlen, tag)    length block, tag, and the
 *	                                        counter block from the tag
 *	gcm_siv_ctr_start(ctx, tag)             counter block from a given tag
 *	                                        (decryption: the received one)
 *	gcm_siv_ctr(ctx, src, dst, n) ...       CTR en/decryption
 *	gcm_siv_ctr_dec_auth(ctx, src, dst, n)  decrypt + POLYVAL of the result
 *	gcm_siv_done(ctx)                       wipe
 * For decryption: init, ctr_start(received tag) (any time before the
 * CTR; right after init is fastest on x86, where it expands the message
 * key), auth AAD, pad, ctr_dec_auth over the ciphertext, tag, compare
 * (crypto_memneq).
 *
 * Implementations ("impl"): the generic one (lib AES + portable POLYVAL)
 * always exists; x86-64 adds AES-NI+PCLMULQDQ and VAES+VPCLMULQDQ tiers.
 * Each tier is usable only where gcm_siv_impl_available() says so, and
 * SIMD tiers only while crypto_simd_usable() and inside
 * kfast_simd_begin/end() (the caller's job, so it can chunk);
 * for them every call from gcm_siv_init() to gcm_siv_done() included must
 * be inside such a section.
 */
#ifndef KFAST_GCMSIV_GCM_SIV_H
#define KFAST_GCMSIV_GCM_SIV_H

#include <kfast/base.h>
#include <kfast/aes.h>
#include "polyval.h"

#define GCM_SIV_NONCE_SIZE	12
#define GCM_SIV_TAG_SIZE	16
#define GCM_SIV_BLOCK_SIZE	16
#define GCM_SIV_MAX_KEY_SIZE	32
/* RFC 8452 section 6: P and AAD are at most 2^36 bytes. */
#define GCM_SIV_MAX_LEN		(1ULL << 36)

enum gcm_siv_impl {
	GCM_SIV_IMPL_GENERIC = 0,
	GCM_SIV_IMPL_AESNI,		/* AES-NI + PCLMULQDQ + AVX (xmm) */
	GCM_SIV_IMPL_VAES_AVX2,		/* VAES + VPCLMULQDQ + AVX2 (ymm) */
	GCM_SIV_IMPL_VAES_AVX512,	/* VAES + VPCLMULQDQ + AVX-512 (zmm) */
	GCM_SIV_NR_IMPLS
};

#if defined(CONFIG_X86_64) || (!defined(__KERNEL__) && defined(__x86_64__))
#define KFAST_GCM_SIV_X86 1
#endif

/*
 * Number of precomputed powers of the POLYVAL key kept per request by the
 * x86 tiers: H^1..H^16, stored highest power first (hpow[0] = H^16), so a
 * run of 16 blocks X_1..X_16 is sum X_i * H^(17-i) with one reduction.
 */
#define GCM_SIV_X86_NPOWERS	16
/*
 * The zmm tier's POLYVAL loop takes 32 blocks per reduction and also needs
 * H^17..H^32 (hwide[0] = H^32).  They are made once per request (with the
 * others when gcm_siv_prepare() is told of a long update, else on the
 * first update long enough for that loop), not per call: the kernel glue
 * hashes a scatterlist a page at a time.
 */
#define GCM_SIV_X86_NWIDE	16

/* The long-term key (a key-generating key). */
struct gcm_siv_key {
#ifdef KFAST_GCM_SIV_X86
	/* Same key expanded for AES-NI: round keys in FIPS-197 byte order. */
	u8 rk[15][16] __aligned(16);
#endif
	struct kfast_aes_key aes;	/* for the generic implementation */
	u32 keylen;			/* 16 or 32 */
	u32 nrounds;			/* 10 or 14 */
};

/*
 * Per-request state; on the stack of the caller, wiped by gcm_siv_done().
 * The x86 assembly addresses the fields by offset (GSV_CTX_* in
 * arch/x86/gcm_siv_x86.h, checked with static_assert): the common part
 * comes first so that its offsets do not depend on the kernel's AES key
 * struct.
 */
struct gcm_siv_ctx {
	struct kfast_polyval_elem acc;		/* POLYVAL accumulator */
	u8 buf[GCM_SIV_BLOCK_SIZE];		/* partial POLYVAL block */
	u8 ctr[GCM_SIV_BLOCK_SIZE];		/* next counter block */
	u8 ks[GCM_SIV_BLOCK_SIZE];		/* keystream of a partial block */
	u8 nonce[GCM_SIV_NONCE_SIZE];
	u8 buflen;				/* bytes in buf */
	u8 ks_used;				/* bytes of ks consumed (16: none left) */
	u8 impl;				/* enum gcm_siv_impl */
	u8 nrounds;				/* 10 or 14, both keys */
	u8 npow;				/* x86: powers of H computed so far (<= 32) */
	u8 keyed;				/* x86: x86.rk expanded (else rk[0..1] only) */
	union {
		struct {
			struct kfast_aes_key enc;
			struct kfast_polyval_key h;
		} gen;
#ifdef KFAST_GCM_SIV_X86
		struct {
			u8 rk[15][16];			/* message-encryption key */
			/* H^k at hpow[GCM_SIV_X86_NPOWERS - k], k = 1..npow */
			u8 hpow[GCM_SIV_X86_NPOWERS][16];
			/* H^k at hwide[2 * GCM_SIV_X86_NPOWERS - k], k = 17..npow */
			u8 hwide[GCM_SIV_X86_NWIDE][16];
		} x86;
#endif
	} __aligned(16);
};

int gcm_siv_setkey(struct gcm_siv_key *key, const u8 *raw, unsigned int len);

/* Whether @impl runs on this CPU (decided once by gcm_siv_mod_init()). */
bool gcm_siv_impl_available(enum gcm_siv_impl impl);
/* The best available tier (what the one-shot helpers use). */
enum gcm_siv_impl gcm_siv_best_impl(void);
/* Detect CPU features; call once before anything else. */
void gcm_siv_mod_init(void);

/* The per-nonce keys of RFC 8452 section 4 (exposed for the tests). */
void gcm_siv_derive_keys(const struct gcm_siv_key *key,
			 const u8 nonce[GCM_SIV_NONCE_SIZE],
			 u8 auth_key[16], u8 enc_key[GCM_SIV_MAX_KEY_SIZE]);

void gcm_siv_init(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		  const u8 nonce[GCM_SIV_NONCE_SIZE], enum gcm_siv_impl impl);
/*
 * Optional, right after init: precompute what POLYVAL will need when no
 * auth_update()/ctr_dec_auth() call gets more than @max_update bytes, so
 * the x86 tiers overlap it with the key expansion (a latency win on short
 * messages).  Only a hint: whatever is missing is computed when needed.
 * gcm_siv_prepare_hint() gives it for a whole message.
 */
void gcm_siv_prepare(struct gcm_siv_ctx *ctx, u64 max_update);

/*
 * The hint for a message of @aadlen + @len bytes hashed in one piece each.
 * Decryption's ctr_dec_auth() hashes at most 16 blocks at a time: a longer
 * hint would make the zmm tier compute powers only auth_update() uses.
 */
static inline u64 gcm_siv_prepare_hint(u64 aadlen, u64 len, bool enc)
{
	if (!enc)
		len = min_t(u64, len, 16 * GCM_SIV_BLOCK_SIZE);
	return max_t(u64, aadlen, len);
}
void gcm_siv_auth_update(struct gcm_siv_ctx *ctx, const u8 *data, size_t len);
void gcm_siv_auth_pad(struct gcm_siv_ctx *ctx);
/* POLYVAL result S (before the nonce XOR), after the length block. */
void gcm_siv_auth_final(struct gcm_siv_ctx *ctx, u64 aadlen, u64 ptlen,
			u8 s[GCM_SIV_BLOCK_SIZE]);
void gcm_siv_tag(struct gcm_siv_ctx *ctx, u64 aadlen, u64 ptlen,
		 u8 tag[GCM_SIV_TAG_SIZE]);
void gcm_siv_ctr_start(struct gcm_siv_ctx *ctx, const u8 tag[GCM_SIV_TAG_SIZE]);
void gcm_siv_ctr(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst, size_t len);
void gcm_siv_ctr_dec_auth(struct gcm_siv_ctx *ctx, const u8 *src, u8 *dst,
			  size_t len);
void gcm_siv_done(struct gcm_siv_ctx *ctx);

/*
 * One-shot helpers on flat buffers, for the tests and benchmark (SIMD
 * sections are the caller's business, as above).  dst = C || tag on
 * encryption; on decryption @src is C || tag (srclen >= 16) and dst gets
 * srclen - 16 bytes, zeroed on -EBADMSG.  src == dst is allowed.
 */
int gcm_siv_encrypt(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
		    const u8 nonce[GCM_SIV_NONCE_SIZE], const u8 *aad,
		    size_t aadlen, const u8 *src, size_t len, u8 *dst);
/*
 * The same with the caller's context (left wiped), for callers that must
 * keep its ~850 bytes off the stack: the kernel glue passes its request
 * context.
 */
int gcm_siv_encrypt_in(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		       enum gcm_siv_impl impl, const u8 nonce[GCM_SIV_NONCE_SIZE],
		       const u8 *aad, size_t aadlen, const u8 *src, size_t len,
		       u8 *dst);
int gcm_siv_decrypt(const struct gcm_siv_key *key, enum gcm_siv_impl impl,
		    const u8 nonce[GCM_SIV_NONCE_SIZE], const u8 *aad,
		    size_t aadlen, const u8 *src, size_t srclen, u8 *dst);

#endif /* KFAST_GCMSIV_GCM_SIV_H */

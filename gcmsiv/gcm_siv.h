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
 * CTR; right after init is fastest where the arch code expands the
 * message key there), auth AAD, pad, ctr_dec_auth over the ciphertext, tag, compare
 * (crypto_memneq).
 *
 * Implementations ("impl"): the tiers of GCM_SIV_TIERS below.  The generic
 * one (lib AES + portable POLYVAL) always exists; an architecture adds
 * SIMD tiers (arch/$(SRCARCH)/gcm_siv-arch.h).  A tier is usable where
 * gcm_siv_impl_available() says so; gcm_siv_init() with an unavailable
 * one runs generic.  A SIMD tier also needs crypto_simd_usable() at
 * gcm_siv_init(), else that request runs generic; the arch code then
 * holds one SIMD section (kfast_simd_begin/end()) from gcm_siv_init() to
 * gcm_siv_done(), which it leaves and re-enters every 4 KiB of data.  So
 * the calls of one request must not sleep in between, and every request
 * ends with gcm_siv_done().  The one-shot helpers below do all of that
 * themselves.
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

/*
 * Architecture code, when gcmsiv/Kbuild.inc builds some for this
 * architecture, brings GCM_SIV_ARCH_TIERS, struct gcm_siv_key_arch and
 * struct gcm_siv_ctx_arch from arch/$(SRCARCH)/gcm_siv-arch.h (on the
 * include path).
 */
#ifdef KFAST_GCM_SIV_ARCH
#include <gcm_siv-arch.h>
#else
#define GCM_SIV_ARCH_TIERS(T)
struct gcm_siv_key_arch { };
struct gcm_siv_ctx_arch { };
#endif

/*
 * Implementation tiers, lowest first: T(id, driver suffix, priority, CPU
 * has it).  The CPU has a prefix of them (each needs the one before it),
 * found once by gcm_siv_mod_init().  The crypto API glue registers one
 * driver per tier ("gcm-siv-aes-" suffix) and pins each to its tier.
 */
#define GCM_SIV_TIERS(T)						\
	T(GENERIC, "generic", 100, true)				\
	GCM_SIV_ARCH_TIERS(T)

enum gcm_siv_impl {
#define GCM_SIV_TIER_ENUM(id, suffix, priority, present) GCM_SIV_IMPL_##id,
	GCM_SIV_TIERS(GCM_SIV_TIER_ENUM)
#undef GCM_SIV_TIER_ENUM
	GCM_SIV_NR_IMPLS
};

/* The long-term key (a key-generating key). */
struct gcm_siv_key {
	/* What the arch tiers make of it at setkey (gcm_siv_setkey_arch()). */
	struct gcm_siv_key_arch arch;
	struct kfast_aes_key aes;	/* for the generic implementation */
	u32 keylen;			/* 16 or 32 */
	u32 nrounds;			/* 10 or 14 */
};

/*
 * Per-request state, wiped by gcm_siv_done(); the kernel glue keeps it in
 * the request context.  Arch assembly may address fields by offset
 * (arch/<arch>/gcm_siv-offsets.h, checked with static_assert): the common
 * part comes first so that its offsets do not depend on the kernel's AES
 * key struct.
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
	union {
		struct {
			struct kfast_aes_key enc;
			struct kfast_polyval_key h;
		} gen;
		struct gcm_siv_ctx_arch arch;	/* impl above generic */
	};
};

int gcm_siv_setkey(struct gcm_siv_key *key, const u8 *raw, unsigned int len);

/*
 * Detect CPU features; call once before anything else.  Returns the best
 * tier the CPU has: tiers GENERIC .. that one are available.
 */
unsigned int gcm_siv_mod_init(void);
/* Whether @impl runs on this CPU (decided once by gcm_siv_mod_init()). */
bool gcm_siv_impl_available(enum gcm_siv_impl impl);
/* The best available tier. */
enum gcm_siv_impl gcm_siv_best_impl(void);

/* The per-nonce keys of RFC 8452 section 4 (exposed for the tests). */
void gcm_siv_derive_keys(const struct gcm_siv_key *key,
			 const u8 nonce[GCM_SIV_NONCE_SIZE],
			 u8 auth_key[16], u8 enc_key[GCM_SIV_MAX_KEY_SIZE]);

void gcm_siv_init(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		  const u8 nonce[GCM_SIV_NONCE_SIZE], enum gcm_siv_impl impl);
/*
 * Optional, right after init: precompute what POLYVAL will need when no
 * auth_update()/ctr_dec_auth() call gets more than @max_update bytes, so
 * an arch tier can overlap it with the key expansion (a latency win on short
 * messages).  Only a hint: whatever is missing is computed when needed.
 * gcm_siv_prepare_hint() gives it for a whole message.
 */
void gcm_siv_prepare(struct gcm_siv_ctx *ctx, u64 max_update);

/*
 * The hint for a message of @aadlen + @len bytes hashed in one piece each
 * (ctr_dec_auth() hashes its plaintext as auth_update() would).
 */
static inline u64 gcm_siv_prepare_hint(u64 aadlen, u64 len)
{
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
 * One-shot helpers on flat buffers, for the tests and benchmark (and the
 * glue's short seals).  dst = C || tag on
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
int gcm_siv_decrypt_in(struct gcm_siv_ctx *ctx, const struct gcm_siv_key *key,
		       enum gcm_siv_impl impl, const u8 nonce[GCM_SIV_NONCE_SIZE],
		       const u8 *aad, size_t aadlen, const u8 *src, size_t srclen,
		       u8 *dst);

#endif /* KFAST_GCMSIV_GCM_SIV_H */

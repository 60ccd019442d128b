/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UMAC (RFC 4418): UMAC-32, UMAC-64, UMAC-96 and UMAC-128 over AES-128.
 *
 * UMAC is a nonce-based MAC.  The message is hashed by UHASH, a universal
 * hash built from three layers, and the hash is XORed with a pad that AES
 * makes from the nonce:
 *
 *   L1 (NH)    the message is cut into 1024-byte chunks; each chunk is read
 *              as little-endian 32-bit words and compressed to 64 bits by
 *              NH, which multiplies words i and i+4 of every 32-byte unit
 *              after adding key words mod 2^32 (RFC 4418 section 5.2);
 *   L2 (POLY)  the 64-bit NH outputs are evaluated as a polynomial modulo
 *              p64 = 2^64 - 59; after 2^14 of them (2^24 message bytes) the
 *              rest is hashed as 128-bit words modulo p128 = 2^128 - 159
 *              (section 5.3).  Messages of at most 1024 bytes skip L2;
 *   L3         the 128-bit L2 output is split into eight 16-bit words and
 *              reduced to 32 bits by an inner product modulo 2^36 - 5
 *              (section 5.4).
 *
 * A tag of 4*n bytes runs UHASH n times with independent keys (the
 * "iterations"); all iterations are computed in one pass over the data.
 * Every key is derived from the 16-byte user key with AES-128 (the KDF of
 * section 3.2); the pad is one AES block under K' = KDF(K, 0, 16) of the
 * nonce, with the low 2 (UMAC-32) or 1 (UMAC-64) bits masked and used to
 * select the 4- or 8-byte slice (the PDF of section 3.3).
 *
 * Library interface (lib/crypto style):
 *   umac_setkey()   derives every subkey once per key (about 90 AES blocks);
 *   umac_init()     starts a message for a tag length of 4, 8, 12 or 16;
 *   umac_set_nonce() the message's nonce (1..16 bytes), at any time before
 *                   umac_final(): it computes the pad (one AES), which then
 *                   runs in parallel with the hashing;
 *   umac_update()   any split of the message gives the same tag;
 *   umac_final()    writes the tag and wipes the context;
 *   umac_finup()    update + final (short messages take a faster path);
 *   umac()          one-shot (up to 1 KiB, with an arch short path, the
 *                   pad's AES and the hashing in one call).
 *
 * The context does not buffer a 1024-byte chunk: NH is folded into per-
 * iteration 64-bit sums 32 bytes at a time, so the context holds at most a
 * 31-byte partial unit (it must fit the kernel's hash descriptor, see
 * umac_glue.c).  The pad is computed once per message from its nonce and
 * kept in the context until final.  There is no pad cache across
 * messages (the RFC allows reusing the AES block of nonces that differ
 * only in the low bits): such a cache would be mutable per-key state,
 * shared by every request on the key, and concurrent requests would race
 * on it; a per-request cache would never hit.
 */
#ifndef KFAST_UMAC_H
#define KFAST_UMAC_H

#include <kfast/base.h>
#include <kfast/aes.h>

#define UMAC_KEY_SIZE		16
#define UMAC_NONCE_MAX		16
#define UMAC_MAX_TAG_SIZE	16
#define UMAC_MAX_ITERS		4
#define UMAC_CHUNK_SIZE		1024	/* L1 block */
#define UMAC_UNIT_SIZE		32	/* NH pairs words i and i+4 of each unit */
/* L1 key: one chunk of words plus 4 words (16 bytes) per further iteration. */
#define UMAC_NH_KEY_WORDS	(UMAC_CHUNK_SIZE / 4 + 4 * (UMAC_MAX_ITERS - 1))
/* After this many L1 words, L2 switches from POLY-64 to POLY-128. */
#define UMAC_POLY64_WORDS	(1u << 14)

/*
 * Architecture code, when umac/Kbuild.inc builds some for this
 * architecture, brings UMAC_ARCH_TIERS and struct umac_key_arch from
 * arch/$(SRCARCH)/umac-arch.h (on the include path).
 */
#ifdef KFAST_UMAC_ARCH
#include <umac-arch.h>
#else
#define UMAC_ARCH_TIERS(T)
struct umac_key_arch { };
#endif
#ifndef umac_tier_priority_arch
#define umac_tier_priority_arch(impl, prio) (prio)
#endif

/*
 * Implementation tiers, lowest first: T(id, driver suffix, priority, CPU
 * has it).  A key is prepared for one tier (the per-tier key layouts
 * differ); umac_setkey() picks the best tier the CPU has, and
 * __umac_setkey() lets the crypto API glue and the tests choose.  Lower
 * tiers always work: the generic C code only uses the linear NH key.
 */
#define UMAC_TIERS(T)							\
	T(GENERIC, "generic", 100, true)				\
	UMAC_ARCH_TIERS(T)

enum umac_impl {
#define UMAC_TIER_ENUM(id, suffix, priority, present) UMAC_IMPL_##id,
	UMAC_TIERS(UMAC_TIER_ENUM)
#undef UMAC_TIER_ENUM
	UMAC_NR_IMPLS,
	UMAC_IMPL_BEST = UMAC_NR_IMPLS - 1,
};

struct umac_key {
	/* L1: NH key words, str2uint of the big-endian 4-byte KDF pieces. */
	u32 nh[UMAC_NH_KEY_WORDS] __aligned(64);
	/* L2: per iteration k64 and k128 (hi, lo), already masked. */
	u64 poly64[UMAC_MAX_ITERS];
	u64 poly64_k2[UMAC_MAX_ITERS];	/* k64^2 mod p64, partially reduced */
	u64 poly128[UMAC_MAX_ITERS][2];
	/* L3: per iteration eight keys mod 2^36 - 5, and the 32-bit K2. */
	u64 l3[UMAC_MAX_ITERS][8];
	u32 l3_xor[UMAC_MAX_ITERS];
	int impl;			/* tier the key is prepared for */
	/* PDF: AES-128 under K' = KDF(K, 0, 16). */
	struct kfast_aes_key pdf;
	/* The layouts and round keys of the architecture's tiers. */
	struct umac_key_arch arch;
};

/*
 * Per-message state: everything here can be exported and imported as is
 * (no pointers).  Sizes are bounded by the kernel's 345-byte export limit.
 */
struct umac_state {
	u64 nh[UMAC_MAX_ITERS];		/* NH sums of the current chunk */
	u64 poly[UMAC_MAX_ITERS][2];	/* L2 accumulator (POLY-64 uses [1]) */
	u64 half[UMAC_MAX_ITERS];	/* POLY-128: first word of a pair */
	u64 words;			/* L1 words already fed to L2 */
	u64 len;			/* message bytes so far */
	u16 chunk_pos;			/* bytes of this chunk folded into nh[] */
	u8 buflen;			/* bytes in buf[] (0..31) */
	u8 iters;			/* tag length / 4 */
	u8 pad_set;			/* pad[] holds the nonce's pad */
	u8 buf[UMAC_UNIT_SIZE];		/* partial 32-byte unit, zero-padded */
	u8 pad[UMAC_MAX_TAG_SIZE];	/* the iters * 4 pad bytes of the nonce */
};

struct umac_ctx {
	struct umac_state s;
	const struct umac_key *key;
};

/*
 * For the arch hook umac_nh_poly_arch() (bulk NH with POLY-64): the NH of
 * the pending chunk (its L1 word less 8192) and the POLY-64 accumulators,
 * per iteration.
 */
struct umac_poly_io {
	u64 nh[UMAC_MAX_ITERS];
	u64 y[UMAC_MAX_ITERS];
};

/*
 * CPU feature detection, once (module init, or program start in the
 * userspace tests): returns the best tier this CPU supports.  Call it
 * before __umac_setkey().
 */
int umac_mod_init(void);

int __umac_setkey(struct umac_key *key, const u8 *raw, unsigned int len,
		  int impl);
int umac_setkey(struct umac_key *key, const u8 *raw, unsigned int len);
void umac_init(struct umac_ctx *ctx, const struct umac_key *key,
	       unsigned int taglen);
void umac_set_nonce(struct umac_ctx *ctx, const u8 *nonce,
		    unsigned int nonce_len);
void umac_update(struct umac_ctx *ctx, const u8 *data, size_t len);
void umac_final(struct umac_ctx *ctx, u8 *out);
/* update + final; the fast path for a whole message of up to 1 KiB */
void umac_finup(struct umac_ctx *ctx, const u8 *data, size_t len, u8 *out);
void umac(const struct umac_key *key, unsigned int taglen, const u8 *nonce,
	  unsigned int nonce_len, const u8 *data, size_t len, u8 *out);

/* PDF (section 3.3): the taglen-byte pad for a nonce of 1..16 bytes. */
void umac_pdf(const struct umac_key *key, const u8 *nonce,
	      unsigned int nonce_len, unsigned int taglen, u8 *pad);

/* Checks an imported state; 0 if it is one umac_update() could have made. */
int umac_state_check(const struct umac_state *s, unsigned int taglen);

#ifndef __KERNEL__
/*
 * For the userspace known-answer test of RFC 4418's intermediate values:
 * the L1 output words and the L2 output of one iteration, computed by the
 * same generic helpers the streaming code uses.  Returns the number of L1
 * words (at most max_words are stored).
 */
size_t umac_test_l1_l2(const struct umac_key *key, unsigned int iter,
		       const u8 *msg, size_t len, u64 *l1, size_t max_words,
		       u64 l2[2]);
/*
 * One POLY step (section 5.3, marker case included) on any y below 2^64
 * resp. 2^128, fully reduced result; k must be masked.  128-bit values
 * are { hi, lo }.
 */
u64 umac_test_poly64(u64 y, u64 k, u64 m);
u64 umac_test_mod_p36(u64 y);	/* y < 2^64 */
void umac_test_poly128(u64 y[2], const u64 k[2], const u64 m[2]);
#endif

#endif /* KFAST_UMAC_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01): VMAC-64 and VMAC-128 over AES.
 *
 * Library API in the lib/crypto style:
 *
 *	vmac_setkey(&key, raw, 16|24|32);	   once per key
 *	vmac64_init(&ctx, &key);		   or vmac128_init()
 *	vmac_update(&ctx, data, len);		   any split
 *	vmac_final(&ctx, nonce, tag);		   8 or 16 bytes of tag
 *
 * or vmac_finup() for update + final (a whole message of less than 1 KiB
 * on a fresh context takes a faster path), plus the one-shot vmac64() /
 * vmac128().  The nonce is always passed as a 16-byte block: the draft's
 * nonce (shorter than 128 bits) left-padded with zero bytes, which is also
 * the layout the Linux vmac64(aes) shash takes from the first 16 bytes of
 * its data.  Its top bit must be zero (the KDF blocks have it set);
 * vmac_final() returns -EINVAL otherwise.
 *
 * struct vmac_key holds everything that depends on the key alone: the
 * VHASH subkeys of both iterations (so one key serves VMAC-64 and
 * VMAC-128) and the AES key for the per-message pad.  struct vmac_ctx is a
 * pointer to the key plus struct vmac_state, which is flat (no pointers)
 * so that shash export/import can copy it as is.
 */
#ifndef KFAST_VMAC_H
#define KFAST_VMAC_H

#include <kfast/base.h>
#include <kfast/aes.h>

#define VMAC_NONCEBYTES		16
#define VMAC_NHBYTES		128	/* L1KEYLEN / 8: one NH block */
#define VMAC_NHWORDS		(VMAC_NHBYTES / 8)
#define VMAC_MAX_ITERS		2	/* one VHASH iteration per 64 tag bits */
#define VMAC64_TAGBYTES		8
#define VMAC128_TAGBYTES	16

/*
 * Architecture code, when vmac/Kbuild.inc builds some for this
 * architecture, brings VMAC_ARCH_TIERS and struct vmac_key_arch from
 * arch/$(SRCARCH)/vmac-arch.h (on the include path).
 */
#ifdef KFAST_VMAC_ARCH
#include <vmac-arch.h>
#else
#define VMAC_ARCH_TIERS(T)
struct vmac_key_arch { };
#endif

/*
 * Implementation tiers, lowest first: T(id, driver suffix, priority, CPU
 * has it).  A context runs the highest tier that is both allowed by its
 * impl field and present on the CPU (chosen once by vmac_mod_init()).  The
 * crypto API glue registers one driver per tier and pins each driver to
 * its tier; library users pass VMAC_IMPL_BEST.
 */
#define VMAC_TIERS(T)							\
	T(GENERIC, "generic", 100, true)				\
	VMAC_ARCH_TIERS(T)

enum vmac_impl {
#define VMAC_TIER_ENUM(id, suffix, priority, present) VMAC_IMPL_##id,
	VMAC_TIERS(VMAC_TIER_ENUM)
#undef VMAC_TIER_ENUM
	VMAC_NR_IMPLS,
	VMAC_IMPL_BEST = 255,
};

struct vmac_key {
	/*
	 * L1 (NH) key: KDF(K, 128) as big-endian 64-bit words.  Iteration i
	 * uses words 2i .. 2i+15 (the draft's 128-bit shift per iteration).
	 */
	u64 nhkey[VMAC_NHWORDS + 2 * (VMAC_MAX_ITERS - 1)];
	/* L2 key per iteration, high word first, each 32-bit half masked to 29 bits. */
	u64 polykey[VMAC_MAX_ITERS][2];
	/* k^2 mod 2^127 - 1 per iteration, for two L2 steps at once. */
	u64 polykey2[VMAC_MAX_ITERS][2];
	/* Key material of the architecture's tiers (further powers of k, ...). */
	struct vmac_key_arch arch;
	/* L3 key per iteration: k1, k2 < 2^64 - 257. */
	u64 l3key[VMAC_MAX_ITERS][2];
	/* AES key for the pad (PDF). */
	struct kfast_aes_key aes;
};

struct vmac_state {
	/* L2 accumulators, one per iteration, high word first; lazily reduced. */
	u64 poly[VMAC_MAX_ITERS][2];
	u64 msglen;			/* message bytes so far */
	u8 buf[VMAC_NHBYTES];		/* msglen % 128 bytes not yet hashed */
	u32 iters;			/* 1: VMAC-64, 2: VMAC-128 */
	u32 impl;			/* enum vmac_impl */
};

struct vmac_ctx {
	const struct vmac_key *key;	/* not part of the exported state */
	struct vmac_state st;
};

/* vmac_final() wipes the context in 64-bit words. */
static_assert(sizeof(struct vmac_ctx) % 8 == 0, "vmac_ctx size");

int vmac_setkey(struct vmac_key *key, const u8 *raw, unsigned int len);

/* Inline: a short message's time is a few dozen cycles, and this is a few stores. */
static inline void vmac_init(struct vmac_ctx *ctx, const struct vmac_key *key,
			     unsigned int tagbytes, unsigned int impl)
{
	unsigned int i;

	ctx->key = key;
	ctx->st.iters = tagbytes == VMAC128_TAGBYTES ? 2 : 1;
	ctx->st.impl = impl;
	ctx->st.msglen = 0;
	/* L2 starts at y = 1 (the draft's "y = 1; y = y * k + m"). */
	for (i = 0; i < VMAC_MAX_ITERS; i++) {
		ctx->st.poly[i][0] = 0;
		ctx->st.poly[i][1] = 1;
	}
}
void vmac_update(struct vmac_ctx *ctx, const u8 *data, size_t len);
int vmac_final(struct vmac_ctx *ctx, const u8 nonce[VMAC_NONCEBYTES], u8 *tag);
int vmac_finup(struct vmac_ctx *ctx, const u8 *data, size_t len,
	       const u8 nonce[VMAC_NONCEBYTES], u8 *tag);

static inline void vmac64_init(struct vmac_ctx *ctx, const struct vmac_key *key)
{
	vmac_init(ctx, key, VMAC64_TAGBYTES, VMAC_IMPL_BEST);
}

static inline void vmac128_init(struct vmac_ctx *ctx, const struct vmac_key *key)
{
	vmac_init(ctx, key, VMAC128_TAGBYTES, VMAC_IMPL_BEST);
}

static inline unsigned int vmac_tagbytes(const struct vmac_ctx *ctx)
{
	return ctx->st.iters * 8;
}

int vmac64(const struct vmac_key *key, const u8 nonce[VMAC_NONCEBYTES],
	   const u8 *data, size_t len, u8 tag[VMAC64_TAGBYTES]);
int vmac128(const struct vmac_key *key, const u8 nonce[VMAC_NONCEBYTES],
	    const u8 *data, size_t len, u8 tag[VMAC128_TAGBYTES]);

/*
 * CPU feature detection, once (module init, or program start in the
 * userspace tests).  Returns the highest tier usable on this CPU.
 */
unsigned int vmac_mod_init(void);
/* Highest tier found by vmac_mod_init(). */
unsigned int vmac_impl_max(void);

#endif /* KFAST_VMAC_H */

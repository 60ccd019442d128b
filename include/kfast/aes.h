/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES block encryption for the portable cores.
 *
 * Only the forward cipher is needed (VMAC/UMAC key derivation and pads,
 * GCM-SIV key derivation and CTR).  In the kernel this is the AES library:
 * struct crypto_aes_ctx + aes_expandkey() up to 6.x, struct aes_enckey +
 * aes_prepareenckey() from 7.0 (probed, see compat/Kbuild.include).  In
 * userspace it is OpenSSL's AES (tools/uapi-shim/kfast_user.h).
 *
 * These helpers are for key setup and per-message pads; bulk AES belongs in
 * arch code.
 */
#ifndef KFAST_AES_H
#define KFAST_AES_H

#include "base.h"

#define KFAST_AES_BLOCK_SIZE 16

#ifdef __KERNEL__
#include <crypto/aes.h>

#ifdef KFAST_HAVE_AES_ENCKEY
struct kfast_aes_key {
	struct aes_enckey k;
};

static inline int kfast_aes_setkey(struct kfast_aes_key *key, const u8 *raw,
				   unsigned int len)
{
	return aes_prepareenckey(&key->k, raw, len);
}
#else
struct kfast_aes_key {
	struct crypto_aes_ctx k;
};

static inline int kfast_aes_setkey(struct kfast_aes_key *key, const u8 *raw,
				   unsigned int len)
{
	return aes_expandkey(&key->k, raw, len);
}
#endif

static inline void kfast_aes_encrypt(const struct kfast_aes_key *key,
				     u8 out[KFAST_AES_BLOCK_SIZE],
				     const u8 in[KFAST_AES_BLOCK_SIZE])
{
	aes_encrypt(&key->k, out, in);
}
#else
struct kfast_aes_key {
	kfast_user_aes_key k;
};

static inline int kfast_aes_setkey(struct kfast_aes_key *key, const u8 *raw,
				   unsigned int len)
{
	return kfast_user_aes_setkey(&key->k, raw, len);
}

static inline void kfast_aes_encrypt(const struct kfast_aes_key *key,
				     u8 out[KFAST_AES_BLOCK_SIZE],
				     const u8 in[KFAST_AES_BLOCK_SIZE])
{
	kfast_user_aes_encrypt(&key->k, out, in);
}
#endif

#endif /* KFAST_AES_H */

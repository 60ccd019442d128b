/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES block encryption for the portable cores.
 *
 * The forward cipher (VMAC/UMAC key derivation and pads, GCM-SIV key
 * derivation and CTR) with struct kfast_aes_key; both directions (the
 * inverse cipher too, for modes such as OCB) with struct
 * kfast_aes_fullkey.  In the kernel this is the AES library:
 * struct crypto_aes_ctx + aes_expandkey() up to 6.x, struct aes_enckey +
 * aes_prepareenckey() (struct aes_key + aes_preparekey() for both
 * directions) from 7.0 (probed, see compat/Kbuild.include).  In
 * userspace it is OpenSSL's AES (tools/uapi-shim/kfast_user.h).
 *
 * These helpers are for key setup and per-message pads; bulk AES belongs in
 * arch code.  kfast_aes_expandkey_ct() below is the one key schedule of the
 * arch tiers' round keys.
 */
#ifndef KFAST_AES_H
#define KFAST_AES_H

#include "base.h"

#define KFAST_AES_BLOCK_SIZE 16
#define KFAST_AES_MAX_ROUND_KEYS 15

/*
 * Constant-time key expansion (FIPS-197 section 5.2) into the round keys
 * in the standard's byte order, 16 bytes per round, which is what AES-NI
 * (and the ARMv8 Crypto Extensions) take.  For the arch tiers' key set-up:
 * portable C, because setkey may run where SIMD is unusable.  The S-box is
 * computed (the inverse in GF(2^8) as x^254, then the affine map), not
 * looked up, so no table index depends on the key.  Slow, and only used
 * at setkey.
 */
static inline u8 kfast_gf256_mul(u8 a, u8 b)
{
	u8 r = 0;
	int i;

	for (i = 0; i < 8; i++) {
		r ^= a & (u8)(0 - ((b >> i) & 1));
		a = (u8)((a << 1) ^ (0x1b & (u8)(0 - (a >> 7))));
	}
	return r;
}

static inline u8 kfast_aes_sbox_ct(u8 x)
{
	u8 y = x, r = 1, s;
	int i;

	/* x^254 = x^2 * x^4 * ... * x^128; 0 maps to 0 as required */
	for (i = 0; i < 7; i++) {
		y = kfast_gf256_mul(y, y);
		r = kfast_gf256_mul(r, y);
	}
	s = r ^ (u8)((r << 1) | (r >> 7)) ^ (u8)((r << 2) | (r >> 6)) ^
	    (u8)((r << 3) | (r >> 5)) ^ (u8)((r << 4) | (r >> 4));
	return s ^ 0x63;
}

static inline u32 kfast_aes_subword_ct(u32 w)
{
	return (u32)kfast_aes_sbox_ct((u8)w) | ((u32)kfast_aes_sbox_ct((u8)(w >> 8)) << 8) |
	       ((u32)kfast_aes_sbox_ct((u8)(w >> 16)) << 16) |
	       ((u32)kfast_aes_sbox_ct((u8)(w >> 24)) << 24);
}

/*
 * The key expansion of FIPS-197 section 5.2: rk gets len / 4 + 7 round
 * keys (11, 13 or 15) for a 16, 24 or 32-byte key; the caller has checked
 * @len.  The words are handled little-endian, so RotWord is a rotate right
 * by 8 and Rcon goes into the low byte.
 */
static inline void kfast_aes_expandkey_ct(u8 rk[][16], const u8 *raw, unsigned int len)
{
	u32 w[4 * KFAST_AES_MAX_ROUND_KEYS];
	unsigned int nk = len / 4, nw = 4 * (len / 4 + 7), i;
	u8 rcon = 1;

	for (i = 0; i < nk; i++)
		w[i] = get_unaligned_le32(raw + 4 * i);
	for (i = nk; i < nw; i++) {
		u32 t = w[i - 1];

		if (i % nk == 0) {
			t = kfast_aes_subword_ct((t >> 8) | (t << 24)) ^ rcon;
			rcon = (u8)((rcon << 1) ^ ((rcon >> 7) * 0x1b));
		} else if (nk > 6 && i % nk == 4) {
			t = kfast_aes_subword_ct(t);
		}
		w[i] = w[i - nk] ^ t;
	}
	for (i = 0; i < nw; i++)
		put_unaligned_le32(w[i], &rk[i / 4][4 * (i % 4)]);
	memzero_explicit(w, sizeof(w));
}

/*
 * The round keys of the Equivalent Inverse Cipher (FIPS-197 section 5.3.5)
 * from those of kfast_aes_expandkey_ct(), in the order AES-NI's AESDEC
 * takes them: drk[0] = rk[rounds], drk[i] = InvMixColumns(rk[rounds - i])
 * for 0 < i < rounds, drk[rounds] = rk[0].  @rounds is 10, 12 or 14; drk
 * and rk must not overlap.  Constant time, like the forward schedule.
 */
static inline void kfast_aes_invert_rk_ct(u8 drk[][16], const u8 rk[][16],
					  unsigned int rounds)
{
	unsigned int i, c;

	memcpy(drk[0], rk[rounds], 16);
	for (i = 1; i < rounds; i++) {
		const u8 *k = rk[rounds - i];

		for (c = 0; c < 16; c += 4) {
			u8 a0 = k[c], a1 = k[c + 1], a2 = k[c + 2], a3 = k[c + 3];

			drk[i][c] = kfast_gf256_mul(a0, 14) ^ kfast_gf256_mul(a1, 11) ^
				    kfast_gf256_mul(a2, 13) ^ kfast_gf256_mul(a3, 9);
			drk[i][c + 1] = kfast_gf256_mul(a0, 9) ^ kfast_gf256_mul(a1, 14) ^
					kfast_gf256_mul(a2, 11) ^ kfast_gf256_mul(a3, 13);
			drk[i][c + 2] = kfast_gf256_mul(a0, 13) ^ kfast_gf256_mul(a1, 9) ^
					kfast_gf256_mul(a2, 14) ^ kfast_gf256_mul(a3, 11);
			drk[i][c + 3] = kfast_gf256_mul(a0, 11) ^ kfast_gf256_mul(a1, 13) ^
					kfast_gf256_mul(a2, 9) ^ kfast_gf256_mul(a3, 14);
		}
	}
	memcpy(drk[rounds], rk[0], 16);
}

#ifdef __KERNEL__
#include <crypto/aes.h>

#ifdef KFAST_HAVE_AES_ENCKEY
struct kfast_aes_key {
	struct aes_enckey k;
};

/* A key for both directions (the inverse cipher's round keys too). */
struct kfast_aes_fullkey {
	struct aes_key k;
};

static inline int kfast_aes_setkey_full(struct kfast_aes_fullkey *key, const u8 *raw,
					unsigned int len)
{
	return aes_preparekey(&key->k, raw, len);
}

static inline int kfast_aes_setkey(struct kfast_aes_key *key, const u8 *raw,
				   unsigned int len)
{
	return aes_prepareenckey(&key->k, raw, len);
}
#else
struct kfast_aes_key {
	struct crypto_aes_ctx k;
};

struct kfast_aes_fullkey {
	struct crypto_aes_ctx k;
};

static inline int kfast_aes_setkey_full(struct kfast_aes_fullkey *key, const u8 *raw,
					unsigned int len)
{
	return aes_expandkey(&key->k, raw, len);
}

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

static inline void kfast_aes_encrypt_full(const struct kfast_aes_fullkey *key,
					  u8 out[KFAST_AES_BLOCK_SIZE],
					  const u8 in[KFAST_AES_BLOCK_SIZE])
{
	aes_encrypt(&key->k, out, in);
}

static inline void kfast_aes_decrypt(const struct kfast_aes_fullkey *key,
				     u8 out[KFAST_AES_BLOCK_SIZE],
				     const u8 in[KFAST_AES_BLOCK_SIZE])
{
	aes_decrypt(&key->k, out, in);
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

struct kfast_aes_fullkey {
	kfast_user_aes_key enc, dec;
};

static inline int kfast_aes_setkey_full(struct kfast_aes_fullkey *key, const u8 *raw,
					unsigned int len)
{
	return kfast_user_aes_setkey(&key->enc, raw, len) ?:
	       kfast_user_aes_setkey_dec(&key->dec, raw, len);
}

static inline void kfast_aes_encrypt_full(const struct kfast_aes_fullkey *key,
					  u8 out[KFAST_AES_BLOCK_SIZE],
					  const u8 in[KFAST_AES_BLOCK_SIZE])
{
	kfast_user_aes_encrypt(&key->enc, out, in);
}

static inline void kfast_aes_decrypt(const struct kfast_aes_fullkey *key,
				     u8 out[KFAST_AES_BLOCK_SIZE],
				     const u8 in[KFAST_AES_BLOCK_SIZE])
{
	kfast_user_aes_decrypt(&key->dec, out, in);
}
#endif

#endif /* KFAST_AES_H */

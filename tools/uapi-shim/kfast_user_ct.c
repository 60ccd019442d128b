// SPDX-License-Identifier: GPL-2.0
/*
 * AES for the constant-time test build (KFAST_CT_VALGRIND): FIPS-197 in
 * its textbook form with the S-box computed (kfast_aes_sbox_ct()), so that
 * no address depends on the key or the data.  Slow; correct is all it
 * needs to be (the test checks a FIPS-197 vector first).
 */
#include <kfast/aes.h>

int kfast_user_aes_setkey(kfast_user_aes_key *k, const u8 *raw, unsigned int len)
{
	if (len != 16 && len != 24 && len != 32)
		return -EINVAL;
	k->rounds = len / 4 + 6;
	kfast_aes_expandkey_ct(k->rk, raw, len);
	return 0;
}

/* The inverse cipher below runs on the forward round keys. */
int kfast_user_aes_setkey_dec(kfast_user_aes_key *k, const u8 *raw, unsigned int len)
{
	return kfast_user_aes_setkey(k, raw, len);
}

static u8 rotl8(u8 x, unsigned int n)
{
	return (u8)((x << n) | (x >> (8 - n)));
}

/* The inverse affine map, then the inverse in GF(2^8) (x^254). */
static u8 inv_sbox_ct(u8 s)
{
	u8 x = rotl8(s, 1) ^ rotl8(s, 3) ^ rotl8(s, 6) ^ 0x05, y = x, r = 1;
	int i;

	for (i = 0; i < 7; i++) {
		y = kfast_gf256_mul(y, y);
		r = kfast_gf256_mul(r, y);
	}
	return r;
}

static void add_round_key(u8 st[16], const u8 rk[16])
{
	int i;

	for (i = 0; i < 16; i++)
		st[i] ^= rk[i];
}

/* Byte r + 4c is row r of column c; row r rotates left by r (right: inverse). */
static void shift_rows(u8 st[16], bool inverse)
{
	u8 t[16];
	int r, c;

	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++)
			t[r + 4 * c] = st[r + 4 * ((inverse ? c + 4 - r : c + r) % 4)];
	memcpy(st, t, 16);
}

static void mix_columns(u8 st[16], const u8 m[4])
{
	int c;

	for (c = 0; c < 16; c += 4) {
		u8 a0 = st[c], a1 = st[c + 1], a2 = st[c + 2], a3 = st[c + 3];

		st[c] = kfast_gf256_mul(a0, m[0]) ^ kfast_gf256_mul(a1, m[1]) ^
			kfast_gf256_mul(a2, m[2]) ^ kfast_gf256_mul(a3, m[3]);
		st[c + 1] = kfast_gf256_mul(a0, m[3]) ^ kfast_gf256_mul(a1, m[0]) ^
			    kfast_gf256_mul(a2, m[1]) ^ kfast_gf256_mul(a3, m[2]);
		st[c + 2] = kfast_gf256_mul(a0, m[2]) ^ kfast_gf256_mul(a1, m[3]) ^
			    kfast_gf256_mul(a2, m[0]) ^ kfast_gf256_mul(a3, m[1]);
		st[c + 3] = kfast_gf256_mul(a0, m[1]) ^ kfast_gf256_mul(a1, m[2]) ^
			    kfast_gf256_mul(a2, m[3]) ^ kfast_gf256_mul(a3, m[0]);
	}
}

static const u8 mix[4] = { 2, 3, 1, 1 }, inv_mix[4] = { 14, 11, 13, 9 };

void kfast_user_aes_encrypt(const kfast_user_aes_key *k, u8 *out, const u8 *in)
{
	unsigned int r, i;
	u8 st[16];

	memcpy(st, in, 16);
	add_round_key(st, k->rk[0]);
	for (r = 1; r <= k->rounds; r++) {
		for (i = 0; i < 16; i++)
			st[i] = kfast_aes_sbox_ct(st[i]);
		shift_rows(st, false);
		if (r < k->rounds)
			mix_columns(st, mix);
		add_round_key(st, k->rk[r]);
	}
	memcpy(out, st, 16);
	memzero_explicit(st, sizeof(st));
}

void kfast_user_aes_decrypt(const kfast_user_aes_key *k, u8 *out, const u8 *in)
{
	unsigned int r, i;
	u8 st[16];

	memcpy(st, in, 16);
	add_round_key(st, k->rk[k->rounds]);
	for (r = k->rounds; r-- > 0;) {
		shift_rows(st, true);
		for (i = 0; i < 16; i++)
			st[i] = inv_sbox_ct(st[i]);
		add_round_key(st, k->rk[r]);
		if (r)
			mix_columns(st, inv_mix);
	}
	memcpy(out, st, 16);
	memzero_explicit(st, sizeof(st));
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Crypto++ VMAC as an independent reference for test_vmac_cryptopp.c.
 *
 * Plain C entry point so that the C test (and the kfast headers, which are
 * C only) never meet C++.  A fresh VMAC object is used for every message:
 * Crypto++ 8.7's VMAC-64 keeps a stale pad across Resynchronize() when the
 * next nonce differs from the cached one in more than its low bit.
 */
#include <cryptopp/aes.h>
#include <cryptopp/vmac.h>
#include "vmac_cryptopp_ref.h"

extern "C" int cryptopp_vmac(const unsigned char *key, unsigned int key_len,
			     const unsigned char *nonce, unsigned int nonce_len,
			     const unsigned char *msg, size_t len,
			     unsigned int tag_bytes, unsigned char *tag)
{
	try {
		if (tag_bytes == 8) {
			CryptoPP::VMAC<CryptoPP::AES, 64> mac;

			mac.SetKeyWithIV(key, key_len, nonce, nonce_len);
			mac.Update(msg, len);
			mac.Final(tag);
		} else {
			CryptoPP::VMAC<CryptoPP::AES, 128> mac;

			mac.SetKeyWithIV(key, key_len, nonce, nonce_len);
			mac.Update(msg, len);
			mac.Final(tag);
		}
	} catch (...) {
		return -1;
	}
	return 0;
}

/*
 * Keyed-once objects for the benchmark (selftests/user/bench_vmac.c): per
 * message Resynchronize + Update + Final, as a Crypto++ user pays it.
 * invalidate_pad forces the pad to be recomputed for every nonce (works
 * around the stale-pad bug above); otherwise VMAC-64 shares one AES between
 * the two nonces that differ only in their last bit, as the draft allows.
 */
template <int BITS>
struct KfastBenchVMAC : public CryptoPP::VMAC<CryptoPP::AES, BITS> {
	void invalidate_pad() { this->m_padCached = false; }
};

struct cryptopp_bench {
	KfastBenchVMAC<64> m64;
	KfastBenchVMAC<128> m128;
	unsigned int tag_bytes;
};

extern "C" void *cryptopp_bench_new(const unsigned char *key, unsigned int key_len,
				    unsigned int tag_bytes)
{
	static const unsigned char zero[16] = { 0 };
	cryptopp_bench *b = new cryptopp_bench;

	b->tag_bytes = tag_bytes;
	if (tag_bytes == 8)
		b->m64.SetKeyWithIV(key, key_len, zero, 16);
	else
		b->m128.SetKeyWithIV(key, key_len, zero, 16);
	return b;
}

extern "C" void cryptopp_bench_tag(void *handle, const unsigned char *nonce,
				   const unsigned char *msg, size_t len,
				   unsigned char *tag, int invalidate_pad)
{
	cryptopp_bench *b = static_cast<cryptopp_bench *>(handle);

	if (b->tag_bytes == 8) {
		if (invalidate_pad)
			b->m64.invalidate_pad();
		b->m64.Resynchronize(nonce, 16);
		b->m64.Update(msg, len);
		b->m64.Final(tag);
	} else {
		b->m128.Resynchronize(nonce, 16);
		b->m128.Update(msg, len);
		b->m128.Final(tag);
	}
}

extern "C" void cryptopp_bench_free(void *handle)
{
	delete static_cast<cryptopp_bench *>(handle);
}

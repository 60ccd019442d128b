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

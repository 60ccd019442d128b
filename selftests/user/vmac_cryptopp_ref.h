/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * C entry points of the Crypto++ VMAC reference (vmac_cryptopp_ref.cc),
 * used by test_vmac_cryptopp.c.
 */
#ifndef KFAST_VMAC_CRYPTOPP_REF_H
#define KFAST_VMAC_CRYPTOPP_REF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One tag with a fresh Crypto++ VMAC object; 0 on success. */
int cryptopp_vmac(const unsigned char *key, unsigned int key_len,
		  const unsigned char *nonce, unsigned int nonce_len,
		  const unsigned char *msg, size_t len,
		  unsigned int tag_bytes, unsigned char *tag);

#ifdef __cplusplus
}
#endif

#endif /* KFAST_VMAC_CRYPTOPP_REF_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Differential test of the VMAC core against Crypto++ 8.7 (an independent
 * implementation of draft-krovetz-vmac-01): random AES-128/192/256 keys,
 * random nonces (full 16 bytes with the top bit clear, and short nonces
 * left-padded with zeros), random lengths and random update splits, for
 * VMAC-64 and VMAC-128 and every implementation tier the CPU has; each
 * message also whole through vmac_finup().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utest.h"
#include "../../vmac/vmac.h"

#include "vmac_cryptopp_ref.h"

int main(void)
{
	static u8 buf[70000];
	u64 seed = 0xc0ffee01;
	unsigned int t, impl, max = vmac_mod_init();
	unsigned long compared = 0;

	for (t = 0; t < 2000; t++) {
		unsigned int klen = 16 + 8 * (kfast_test_rand(&seed) % 3);
		unsigned int tagbytes = (t & 1) ? 16 : 8;
		unsigned int nlen = 1 + kfast_test_rand(&seed) % 16;
		size_t len;
		u8 rawkey[32], rawnonce[16], nonce[16], ref[16], tag[16];
		struct vmac_key key;

		/* Mostly short and medium messages, some long ones. */
		switch (kfast_test_rand(&seed) % 4) {
		case 0:
			len = kfast_test_rand(&seed) % 64;
			break;
		case 1:
			len = kfast_test_rand(&seed) % 600;
			break;
		case 2:
			len = kfast_test_rand(&seed) % 5000;
			break;
		default:
			len = kfast_test_rand(&seed) % sizeof(buf);
			break;
		}
		kfast_test_fill(&seed, rawkey, sizeof(rawkey));
		kfast_test_fill(&seed, rawnonce, sizeof(rawnonce));
		kfast_test_fill(&seed, buf, len);
		if (nlen == 16)
			rawnonce[0] &= 0x7f;
		memset(nonce, 0, 16);
		memcpy(nonce + 16 - nlen, rawnonce, nlen);

		UT_CHECK(cryptopp_vmac(rawkey, klen, rawnonce, nlen, buf, len, tagbytes,
				       ref) == 0, "Crypto++ failed");
		UT_CHECK(vmac_setkey(&key, rawkey, klen) == 0, "setkey");
		for (impl = 0; impl <= max; impl++) {
			struct vmac_ctx ctx;
			size_t off = 0;

			vmac_init(&ctx, &key, tagbytes, impl);
			while (off < len) {
				size_t n = 1 + kfast_test_rand(&seed) % 4096;

				if (n > len - off)
					n = len - off;
				vmac_update(&ctx, buf + off, n);
				off += n;
			}
			memset(tag, 0, sizeof(tag));
			UT_CHECK(vmac_final(&ctx, nonce, tag) == 0, "final");
			UT_CHECK_MEMEQ(tag, ref, tagbytes,
				       "t=%u impl=%u klen=%u nlen=%u len=%zu tag=%u",
				       t, impl, klen, nlen, len, tagbytes);
			/* And whole, through vmac_finup() (the glue's digest). */
			memset(tag, 0, sizeof(tag));
			vmac_init(&ctx, &key, tagbytes, impl);
			UT_CHECK(vmac_finup(&ctx, buf, len, nonce, tag) == 0, "finup");
			UT_CHECK_MEMEQ(tag, ref, tagbytes,
				       "finup t=%u impl=%u klen=%u nlen=%u len=%zu tag=%u",
				       t, impl, klen, nlen, len, tagbytes);
			compared += 2;
		}
	}
	printf("vmac-cryptopp: %lu tags compared with Crypto++ (tiers 0..%u)\n",
	       compared, max);
	return utest_report("vmac-cryptopp");
}

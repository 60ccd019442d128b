// SPDX-License-Identifier: GPL-2.0
/*
 * Prints UMAC-128 tags computed by nettle for the messages of RFC 4418's
 * test vectors, in the format of selftests/afalg/vectors.txt (the RFC has
 * no UMAC-128 column).  Used by scripts/gen-afalg-vectors.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nettle/umac.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void hex(const unsigned char *p, size_t n)
{
	if (!n)
		fputs("-", stdout);
	while (n--)
		printf("%02x", *p++);
}

int main(void)
{
	static const size_t lens[] = { 0, 3, 1024 };
	const char *key = "abcdefghijklmnop", *nonce = "bcdefghi";
	static unsigned char msg[8 + 1024];
	unsigned char tag[UMAC128_DIGEST_SIZE];
	struct umac128_ctx ctx;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		memcpy(msg, nonce, 8);
		memset(msg + 8, 'a', lens[i]);
		umac128_set_key(&ctx, (const unsigned char *)key);
		umac128_set_nonce(&ctx, 8, (const unsigned char *)nonce);
		umac128_update(&ctx, lens[i], msg + 8);
		umac128_digest(&ctx, sizeof(tag), tag);
		fputs("hash umac128(aes) ", stdout);
		hex((const unsigned char *)key, 16);
		putchar(' ');
		hex(msg, 8 + lens[i]);
		putchar(' ');
		hex(tag, sizeof(tag));
		putchar('\n');
	}
	return 0;
}

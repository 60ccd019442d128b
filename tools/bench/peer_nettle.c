// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nettle peers of the benchmark: UMAC-32/64/96/128 (RFC 4418).
 *
 * Per message: umacNN_set_nonce(8-byte nonce), umacNN_update, umacNN_digest,
 * with the key set once.  An explicit set_nonce makes nettle compute the
 * pad for every message (one AES), as our code does; nettle's own nonce
 * auto-increment would share one AES between 2 (UMAC-64) or 4 (UMAC-32)
 * messages, which a caller with its own nonces (SSH, NTP) does not get.
 */
#include <stdio.h>
#include <nettle/umac.h>
#include <nettle/version.h>

#include "bench.h"

#define NETTLE_UMAC(n, fam)						\
static void op_umac##n(void *p, const uint8_t *nonce, const uint8_t *msg, \
		       size_t len, uint8_t *out)			\
{									\
	struct umac##n##_ctx *c = p;					\
									\
	umac##n##_set_nonce(c, 8, nonce);				\
	umac##n##_update(c, len, msg);					\
	umac##n##_digest(c, UMAC##n##_DIGEST_SIZE, out);		\
}									\
									\
static void add_umac##n(const uint8_t key[16], const char *name)	\
{									\
	struct umac##n##_ctx *c = bench_alloc(sizeof(*c));		\
	struct bench_impl *i;						\
									\
	umac##n##_set_key(c, key);					\
	i = bench_add(fam, "UMAC-" #n, name, 0, 8,			\
		      UMAC##n##_DIGEST_SIZE, 0, c, op_umac##n);		\
	i->ntp = (n == 64 || n == 96);					\
}

NETTLE_UMAC(32, FAM_UMAC32)
NETTLE_UMAC(64, FAM_UMAC64)
NETTLE_UMAC(96, FAM_UMAC96)
NETTLE_UMAC(128, FAM_UMAC128)

static char nettle_name[32];

const char *peer_nettle_version(void)
{
	snprintf(nettle_name, sizeof(nettle_name), "nettle %d.%d",
		 nettle_version_major(), nettle_version_minor());
	return nettle_name;
}

void peer_nettle_add(const uint8_t key[16])
{
	const char *name = peer_nettle_version();

	add_umac32(key, name);
	add_umac64(key, name);
	add_umac96(key, name);
	add_umac128(key, name);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Our UMAC-32/64/96/128 rows: every tier the CPU has, through the one-shot
 * umac() with an 8-byte nonce per message.  Linked by bench.mk only when
 * umac/ is in the tree.
 */
#include <kfast/base.h>
#include "umac/umac.h"

#include "bench.h"

/* By UMAC_IMPL_* value (umac/umac.h); see vmac_tiers in ours_vmac.c. */
static const char *const umac_tiers[] = { "generic", "sse2", "avx2", "avx512" };

struct ours_umac {
	struct umac_key key;
	unsigned int taglen;
};

/* The one-shot umac(): init, update, final with the 8-byte nonce. */
static void op_umac(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_umac *o = p;

	umac(&o->key, o->taglen, nonce, 8, msg, len, out);
}

/* One row per tier of one tag length. */
static void add_tiers(const u8 *key, unsigned int t, int best)
{
	static const enum bench_family fam[] = {
		FAM_UMAC32, FAM_UMAC64, FAM_UMAC96, FAM_UMAC128,
	};
	int impl;

	for (impl = 0; impl <= best; impl++) {
		struct ours_umac *o = bench_alloc(sizeof(*o));
		const char *tier = bench_tier(umac_tiers, ARRAY_SIZE(umac_tiers), impl);
		struct bench_impl *i;
		char alg[16];

		if (__umac_setkey(&o->key, key, 16, impl))
			bench_die("__umac_setkey failed");
		o->taglen = 4 * (t + 1);
		snprintf(alg, sizeof(alg), "UMAC-%u", 32 * (t + 1));
		i = bench_add(fam[t], alg, bench_ours_name(tier), 1, 8, o->taglen, 0, o, op_umac);
		i->ntp = impl == best && (t == 1 || t == 2);
	}
}

static void add_umac(const u8 *key)
{
	int best = umac_arch_init();
	unsigned int t;

	for (t = 0; t < 4; t++)
		add_tiers(key, t, best);
}

const struct bench_ours ours_umac = {
	.add = add_umac,
};

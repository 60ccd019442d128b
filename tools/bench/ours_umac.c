// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Our UMAC-32/64/96/128 rows: every tier the CPU has, through the one-shot
 * umac() with an 8-byte nonce per message; with --umac-stream also through
 * umac_init + umac_set_nonce + umac_update + umac_final, the calls of a
 * caller that does not have the whole message at once: up to 1 KiB the
 * one-shot runs from registers, the streaming calls go through the
 * context's state.  Linked by bench.mk only when umac/ is in the tree.
 */
#include <kfast/base.h>
#include "umac/umac.h"

#include "bench.h"

/* Driver suffixes by enum umac_impl value, from the tier table. */
static const char *const umac_tiers[] = {
#define UMAC_TIER_NAME(id, suffix, prio, present) [UMAC_IMPL_##id] = suffix,
	UMAC_TIERS(UMAC_TIER_NAME)
#undef UMAC_TIER_NAME
};

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

static void op_umac_stream(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_umac *o = p;
	struct umac_ctx ctx;

	umac_init(&ctx, &o->key, o->taglen);
	umac_set_nonce(&ctx, nonce, 8);
	umac_update(&ctx, msg, len);
	umac_final(&ctx, out);
}

/* One row per tier of one tag length. */
static void add_tiers(const u8 *key, unsigned int t, int best, int stream)
{
	static const enum bench_family fam[] = {
		FAM_UMAC32, FAM_UMAC64, FAM_UMAC96, FAM_UMAC128,
	};
	int impl;

	for (impl = 0; impl <= best; impl++) {
		struct ours_umac *o = bench_alloc(sizeof(*o));
		const char *tier = bench_tier(umac_tiers, ARRAY_SIZE(umac_tiers), impl);
		struct bench_impl *i;
		char alg[16], name[48];

		if (__umac_setkey(&o->key, key, 16, impl))
			bench_die("__umac_setkey failed");
		o->taglen = 4 * (t + 1);
		snprintf(alg, sizeof(alg), "UMAC-%u", 32 * (t + 1));
		snprintf(name, sizeof(name), "%s%s", bench_ours_name(tier),
			 stream ? " (streaming)" : "");
		i = bench_add(fam[t], alg, name, 1, 8, o->taglen, 0, o,
			      stream ? op_umac_stream : op_umac);
		i->ntp = !stream && impl == best && (t == 1 || t == 2);
	}
}

static void add_umac(const u8 *key)
{
	int best = umac_mod_init();
	unsigned int t;

	for (t = 0; t < 4; t++) {
		add_tiers(key, t, best, 0);
		if (bench_flags & BENCH_UMAC_STREAM)
			add_tiers(key, t, best, 1);
	}
}

const struct bench_ours ours_umac = {
	.add = add_umac,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Our VMAC-64 and VMAC-128 rows: every tier the CPU has, through
 * vmac_init + vmac_update + vmac_final with a fresh nonce per message (the
 * crypto API glue's path).  Linked by bench.mk only when vmac/ is in the tree.
 */
#include <kfast/base.h>
#include "vmac/vmac.h"

#include "bench.h"

/* Driver suffixes by enum vmac_impl value, from the tier table. */
static const char *const vmac_tiers[] = {
#define VMAC_TIER_NAME(id, suffix, prio, present) [VMAC_IMPL_##id] = suffix,
	VMAC_TIERS(VMAC_TIER_NAME)
#undef VMAC_TIER_NAME
};

struct ours_vmac {
	struct vmac_key key;
	unsigned int tagbytes;
	unsigned int impl;
};

static void op_vmac(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_vmac *o = p;
	struct vmac_ctx ctx;

	vmac_init(&ctx, &o->key, o->tagbytes, o->impl);
	vmac_update(&ctx, msg, len);
	if (vmac_final(&ctx, nonce, out))
		bench_die("vmac_final failed");
}

static void add_vmac(const u8 *key)
{
	unsigned int max = vmac_mod_init(), impl, bits;

	for (bits = 64; bits <= 128; bits += 64) {
		for (impl = 0; impl <= max; impl++) {
			struct ours_vmac *o = bench_alloc(sizeof(*o));
			struct bench_impl *i;

			if (vmac_setkey(&o->key, key, 16))
				bench_die("vmac_setkey failed");
			o->tagbytes = bits / 8;
			o->impl = impl;
			i = bench_add(bits == 64 ? FAM_VMAC64 : FAM_VMAC128,
				      bits == 64 ? "VMAC-64" : "VMAC-128",
				      bench_ours_name(bench_tier(vmac_tiers, ARRAY_SIZE(vmac_tiers),
								 impl)),
				      1, VMAC_NONCEBYTES, bits / 8, 0, o, op_vmac);
			i->ntp = impl == max;
		}
	}
}

const struct bench_ours ours_vmac = {
	.add = add_vmac,
};

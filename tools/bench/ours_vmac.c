// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Our VMAC-64 and VMAC-128 rows: every tier the CPU has, with a fresh
 * nonce per message, through vmac_init + vmac_finup (the crypto API glue's
 * digest(); vmac64() and vmac128() are the same for the best tier, which a
 * library user gets); with --vmac-stream also through vmac_init +
 * vmac_update + vmac_final, the calls of a caller that does not have the
 * whole message at once (the glue's init, update, final): below 1 KiB
 * vmac_finup() runs the message from registers and the stack, the
 * streaming calls go through the context.  Linked by bench.mk only when
 * vmac/ is in the tree.
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
	if (vmac_finup(&ctx, msg, len, nonce, out))
		bench_die("vmac_finup failed");
}

static void op_vmac_stream(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_vmac *o = p;
	struct vmac_ctx ctx;

	vmac_init(&ctx, &o->key, o->tagbytes, o->impl);
	vmac_update(&ctx, msg, len);
	if (vmac_final(&ctx, nonce, out))
		bench_die("vmac_final failed");
}

/* One row per tier of one tag length. */
static void add_tiers(const u8 *key, unsigned int bits, unsigned int max, int stream)
{
	unsigned int impl;

	for (impl = 0; impl <= max; impl++) {
		struct ours_vmac *o = bench_alloc(sizeof(*o));
		struct bench_impl *i;
		char name[48];

		if (vmac_setkey(&o->key, key, 16))
			bench_die("vmac_setkey failed");
		o->tagbytes = bits / 8;
		o->impl = impl;
		snprintf(name, sizeof(name), "%s%s",
			 bench_ours_name(bench_tier(vmac_tiers, ARRAY_SIZE(vmac_tiers), impl)),
			 stream ? " (streaming)" : "");
		i = bench_add(bits == 64 ? FAM_VMAC64 : FAM_VMAC128,
			      bits == 64 ? "VMAC-64" : "VMAC-128", name,
			      1, VMAC_NONCEBYTES, bits / 8, 0, o,
			      stream ? op_vmac_stream : op_vmac);
		i->ntp = !stream && impl == max;
	}
}

static void add_vmac(const u8 *key)
{
	unsigned int max = vmac_mod_init(), bits;

	for (bits = 64; bits <= 128; bits += 64) {
		add_tiers(key, bits, max, 0);
		if (bench_flags & BENCH_VMAC_STREAM)
			add_tiers(key, bits, max, 1);
	}
}

const struct bench_ours ours_vmac = {
	.add = add_vmac,
};

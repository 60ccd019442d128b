/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the arch hooks of every algorithm share about tiers.
 *
 * An algorithm's tier table, <ALG>_TIERS(T), has rows T(id, driver
 * suffix, priority, CPU has it), generic (tier 0) first; each tier needs
 * the one before it.  The arch code keeps one static key per tier, set
 * once at module init and read with static_branch_likely() on a constant
 * index.
 */
#ifndef KFAST_TIERS_H
#define KFAST_TIERS_H

#include <kfast/base.h>

/* keys[<ALG>_IMPL_<id>]: that tier is present (entry 0, generic, unused). */
#define KFAST_DEFINE_TIER_KEYS(keys, n)					\
	static __ro_after_init struct static_key_false keys[n] = {	\
		[0 ... (n) - 1] = STATIC_KEY_FALSE_INIT,		\
	}

/*
 * Enables keys[t] for t = 1, 2, ... while present[t]; returns the best tier
 * present.  present[] is the table's last column, in table order.
 */
static inline unsigned int kfast_probe_tiers(struct static_key_false *keys,
					     const bool *present, unsigned int n)
{
	unsigned int best = 0;

	while (best + 1 < n && present[best + 1])
		static_branch_enable(&keys[++best]);
	return best;
}

#endif /* KFAST_TIERS_H */

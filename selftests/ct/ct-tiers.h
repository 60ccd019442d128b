/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cores' tier names, their set-up and which tiers this CPU runs, for the two
 * constant-time programs (ct_test.c under valgrind, dudect.c timed).
 * Include after the cores' headers.
 */
#ifndef KFAST_CT_TIERS_H
#define KFAST_CT_TIERS_H

/* The tiers' names, from the tier tables. */
#define SUFFIX(id, suffix, priority, present) suffix,
static const char *const vmac_tiers[] = { VMAC_TIERS(SUFFIX) };
static const char *const umac_tiers[] = { UMAC_TIERS(SUFFIX) };
static const char *const gcm_siv_tiers[] = { GCM_SIV_TIERS(SUFFIX) };
static const char *const ocb_tiers[] = { OCB_TIERS(SUFFIX) };
#undef SUFFIX

static unsigned int vmac_max, umac_max;

static bool vmac_has(unsigned int impl) { return impl <= vmac_max; }
static bool umac_has(unsigned int impl) { return impl <= umac_max; }
static bool gcm_siv_has(unsigned int impl) { return gcm_siv_impl_available(impl); }
static bool ocb_has(unsigned int impl) { return ocb_impl_available(impl); }

/* Tier selection once, as the modules' init does. */
static void ct_cores_init(void)
{
	vmac_max = vmac_mod_init();
	umac_max = umac_mod_init();
	gcm_siv_mod_init();
	ocb_mod_init();
}

#endif /* KFAST_CT_TIERS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of UMAC on arm64 (included by
 * umac/umac.h when umac/Kbuild.inc builds arm64 code): the tier table and
 * the per-key state of those tiers.  The hooks are in
 * arch/arm64/umac-hooks.h.
 */
#ifndef KFAST_ARCH_ARM64_UMAC_ARCH_H
#define KFAST_ARCH_ARM64_UMAC_ARCH_H

/*
 * The arm64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 *   NEON    NH with Advanced SIMD (UMLAL/UMLAL2, two 32-byte units per
 *	     step, on the linear key)		arch/arm64/umac-nh-neon.S
 * The NEON tier also computes the per-message pad with the Crypto
 * Extensions' AESE/AESMC when the CPU has them (arch/arm64/umac-ce.S).
 */
#define UMAC_ARCH_TIERS(T)						\
	T(NEON, "neon", 200, cpu_have_named_feature(ASIMD))

/*
 * NH needs no key layout of its own on arm64: the linear key's quarters
 * are already what the vector code adds to a unit.  Only the pad has
 * state: the AES-128 round keys of K' (FIPS-197 byte order, what AESE
 * takes).
 */
struct umac_key_arch {
	u8 pdf_rk[11][16];
	bool ce;			/* pdf_rk is valid */
} __aligned(16);

#endif /* KFAST_ARCH_ARM64_UMAC_ARCH_H */

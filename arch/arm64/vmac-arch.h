/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of VMAC on arm64 (included by
 * vmac/vmac.h when vmac/Kbuild.inc builds arm64 code): the tier table and
 * the per-key state of that tier.  The hooks that use them are in
 * arch/arm64/vmac-hooks.h.
 */
#ifndef KFAST_ARCH_ARM64_VMAC_ARCH_H
#define KFAST_ARCH_ARM64_VMAC_ARCH_H

/*
 * The arm64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 *   SCALAR: NH + L2 in general-purpose registers with MUL/UMULH
 *	(arch/arm64/vmac-scalar.S); base A64 only, no NEON section, so it
 *	runs in every context.  Pads with the Crypto Extensions' AESE when
 *	the CPU has them and SIMD is usable.
 *   NEON: the same, with NH's key additions on the vector pipes
 *	(arch/arm64/vmac-neon.S), inside kernel-mode NEON sections; where
 *	SIMD is not usable, and for fewer blocks than a section is worth,
 *	the scalar tier runs instead.
 */
#define VMAC_ARCH_TIERS(T)						\
	T(SCALAR, "scalar", 200, true)					\
	T(NEON, "neon", 300, cpu_have_named_feature(ASIMD))

/*
 * Key material only these tiers use: the AES round keys for the pad
 * (FIPS-197 byte order), expanded at setkey when the CPU has AES;
 * ce_rounds == 0 means "use the portable AES".
 */
struct vmac_key_arch {
	u8 ce_rk[15][16];
	u32 ce_rounds;
};

#endif /* KFAST_ARCH_ARM64_VMAC_ARCH_H */

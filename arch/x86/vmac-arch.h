/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of VMAC on x86-64 (included by
 * vmac/vmac.h when vmac/Kbuild.inc builds x86 code): the tier table and the
 * per-key state of those tiers.  The hooks that use them are in
 * arch/x86/vmac-hooks.h.
 */
#ifndef KFAST_ARCH_X86_VMAC_ARCH_H
#define KFAST_ARCH_X86_VMAC_ARCH_H

/*
 * The x86-64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 * Each tier needs the one before it.  The enum (VMAC_IMPL_<id>), the
 * drivers, their module aliases and the tests' tier lists are made from
 * this table.
 *   BMI2: NH + L2 in general-purpose registers with MULX
 *	(arch/x86/vmac-bmi2.S); no FPU state, so it also serves the
 *	contexts where SIMD is unusable.  Where SIMD is usable and the CPU
 *	has AES-NI, the end of a message (the pad's AES, the last partial
 *	block, L2's end and L3) is one call, and so is a whole message of
 *	less than 1 KiB through vmac_finup().
 *   AVX512: NH with AVX-512 IFMA on groups of eight blocks, the L2 sixteen
 *	blocks (a pair of groups) per step, its message part with IFMA too
 *	and only acc * k^16 with MULX; three to seven blocks (a short
 *	message, or what a group leaves over) as one IFMA step
 *	(arch/x86/vmac-avx512.S); one or two blocks and no-SIMD contexts use
 *	the BMI2 code.
 */
#define VMAC_ARCH_TIERS(T)						\
	T(BMI2, "bmi2", 200, vmac_cpu_has_bmi2())			\
	T(AVX512, "avx512", 300, vmac_cpu_has_avx512())

/*
 * Key material only these tiers use, set by vmac_setkey_arch().  It sits
 * right after polykey2 in struct vmac_key: the offsets the assembly uses
 * are in arch/x86/vmac-offsets.h.
 */
struct vmac_key_arch {
	/* k^3, k^4 mod 2^127 - 1 per iteration, fully reduced: BMI2's four-block L2 step. */
	u64 polykey3[VMAC_MAX_ITERS][2];
	u64 polykey4[VMAC_MAX_ITERS][2];
	/*
	 * For the AVX-512 code, which runs the L2 eight blocks per step:
	 * k^8 mod 2^127 - 1 per iteration (high word first), and in lane b
	 * of l2vec[iter][s][limb] the limbs (radix 2^52: 52, 52 and 23 bits)
	 * of k^(7 - b) 2^(52 s) mod 2^127 - 1, for b = 0..7 (k^0 = 1) and
	 * s = 0..2.  All fully reduced.
	 */
	u64 polykey8[VMAC_MAX_ITERS][2];
	u64 l2vec[VMAC_MAX_ITERS][3][3][8];
	/*
	 * Sixteen steps at once (two groups of eight): k^16, and l2vec16
	 * like l2vec for the first group, whose block b has k^(15 - b).
	 */
	u64 polykey16[VMAC_MAX_ITERS][2];
	u64 l2vec16[VMAC_MAX_ITERS][3][3][8];
	/*
	 * Messages of two to seven blocks (vmac_blocks64_avx512_short,
	 * vmac_blocks128_avx512_short): k^(j + 1) in polypow[j][iter] (both
	 * iterations of a power side by side, as the scalar end reads them);
	 * for VMAC-128, whose lane 2b + i holds block b of iteration i, the NH
	 * key words of each half h arranged as its message words will be
	 * (nh128vec[h][0]: words 2l + 2i, nh128vec[h][1]: 2l + 1 + 2i in lane
	 * 2l + i, offset by 8h), and the L2 key powers like l2vec's for that
	 * lane order (lane 2b + i: k_i^(3 - b) 2^(52 s)).
	 */
	u64 polypow[8][VMAC_MAX_ITERS][2];
	u64 nh128vec[2][2][8];
	u64 l2vec128[3][3][8];
	/*
	 * AES-NI round keys for the pad (byte order as in FIPS-197, 16 bytes
	 * per round), expanded at setkey when the CPU has AES-NI;
	 * aesni_rounds == 0 means "no AES-NI, use the portable AES".
	 */
	u8 aesni_rk[15][16];
	u32 aesni_rounds;
	/*
	 * VMAC-128's second NH key minus its first, word by word mod 2^64
	 * (nhkey[j + 2] - nhkey[j]): the scalar NH turns m + k into m + k'
	 * with one addition instead of loading the message word again.
	 */
	u64 nhdiff[VMAC_NHWORDS];
};

#endif /* KFAST_ARCH_X86_VMAC_ARCH_H */

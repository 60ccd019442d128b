/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the rest of the tree knows of UMAC on x86-64 (included by
 * umac/umac.h when umac/Kbuild.inc builds x86 code): the tier table and the
 * per-key state of those tiers.  The hooks are in arch/x86/umac-hooks.h.
 */
#ifndef KFAST_ARCH_X86_UMAC_ARCH_H
#define KFAST_ARCH_X86_UMAC_ARCH_H

/*
 * The x86-64 tiers above generic, lowest first:
 *	T(id, driver suffix, crypto API priority, CPU has it)
 * Each tier needs the one before it.
 *   SSE2    NH with SSE2 (xmm, one 32-byte unit per step)
 *						arch/x86/umac-nh-sse2.S
 *   AVX2    NH with AVX2 (ymm, two units per step)
 *						arch/x86/umac-nh-avx2.S
 *   AVX512  NH with AVX-512F/VL (zmm, four units per step)
 *						arch/x86/umac-nh-avx512.S
 * The SIMD tiers also compute the per-message pad with AES-NI when the CPU
 * has it (arch/x86/umac-aesni.S).
 */
#define UMAC_ARCH_TIERS(T)						\
	T(SSE2, "sse2", 200, boot_cpu_has(X86_FEATURE_XMM2))		\
	T(AVX2, "avx2", 300, umac_cpu_has_avx2())			\
	T(AVX512, "avx512", 400, umac_cpu_has_avx512())

/*
 * The crypto API priority of a tier on this CPU: on CPUs that slow down on
 * zmm, the AVX-512 tier ranks below AVX2 (kernels that know the feature).
 * Only the glue uses it.
 */
#ifdef X86_FEATURE_PREFER_YMM
#define umac_tier_priority_arch(impl, prio)				\
	((impl) == UMAC_IMPL_AVX512 && boot_cpu_has(X86_FEATURE_PREFER_YMM) ? 250 : (prio))
#endif

/*
 * Key layouts of the SIMD tiers.  Q(n) below is the n-th 16-byte quarter
 * of the linear NH key (words 4n..4n+3, n = 0..66).  For the 32-byte units
 * u, u+1, ... of a chunk, NH needs in iteration i the key quarter
 * Q(2u + i) for the low half of unit u and Q(2u + 1 + i) for its high
 * half.  The SIMD code gathers the low halves of 2 (AVX2) or 4 (AVX-512)
 * consecutive units into one register and the high halves into another,
 * so the key is stored with the same interleave: entry n holds Q(n),
 * Q(n + 2) (, Q(n + 4), Q(n + 6)), and the keys of units u.. in iteration i
 * are entries 2u + i (low halves) and 2u + 1 + i (high halves), whatever u
 * is.  Entries whose later quarters would lie beyond Q(66) hold only the
 * leading ones, which is all the narrower code for the last units reads.
 */
#define UMAC_X86_ENTRIES	67
struct umac_key_arch {
	union {
		u32 nh_pairs[UMAC_X86_ENTRIES][8];	/* UMAC_IMPL_AVX2 */
		u32 nh_quads[UMAC_X86_ENTRIES][16];	/* UMAC_IMPL_AVX512 */
	};
	/*
	 * L3 of a message of at most one chunk, for the short path of the
	 * AVX2 and AVX-512 tiers (umac-short.S.inc): L2 is skipped, so the
	 * L3 input is 0^64 || A and only the keys of A's four 16-bit words
	 * count, k[4..7] of each iteration.  l3_lo[j][i] and l3_hi[j][i] are
	 * the low 32 and the high 4 bits of key 4 + j of iteration i (the
	 * one of A's word at bit 48 - 16j): one iteration per 64-bit lane,
	 * in the low dword where VPMULUDQ takes it.  l3_xor is K2 of each
	 * iteration (umac_key.l3_xor), for one 16-byte load.
	 */
	u64 l3_lo[4][4];
	u64 l3_hi[4][4];
	u32 l3_xor[4];
	/* AES-128 round keys of K' (FIPS-197 byte order) for the AES-NI pad. */
	u8 pdf_rk[11][16];
	bool aesni;			/* pdf_rk is valid */
} __aligned(64);

#endif /* KFAST_ARCH_X86_UMAC_ARCH_H */

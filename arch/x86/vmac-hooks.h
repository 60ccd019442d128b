/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-64 hooks of the VMAC core (included by vmac/vmac_core.c only, after
 * the field arithmetic it shares with them).  The tiers are in the table
 * of arch/x86/vmac-arch.h; vmac_mod_init_arch() probes them once and sets
 * one static key per tier present.  A context runs min(its impl, the
 * CPU's best tier).
 */
#ifndef KFAST_ARCH_X86_VMAC_HOOKS_H
#define KFAST_ARCH_X86_VMAC_HOOKS_H

#include <kfast/tiers.h>

#include "aes-aesni.h"
#include "vmac-offsets.h"

void vmac_aesni_pad(const u8 rk[15][16], unsigned int rounds,
		    const u8 nonce[16], unsigned int iters, u64 pad[2]);
void vmac_final64_aesni(const struct vmac_key *key, const u64 poly[2],
			const u8 buf[VMAC_NHBYTES], u64 msglen,
			const u8 nonce[16], u8 tag[8]);
void vmac_final128_aesni(const struct vmac_key *key, const u64 poly[2][2],
			 const u8 buf[VMAC_NHBYTES], u64 msglen,
			 const u8 nonce[16], u8 tag[16]);
/* tail + msglen % 128 - 16 .. tail + msglen % 128 readable */
void vmac_finup64_aesni(const struct vmac_key *key, const u64 poly[2],
			const u8 *tail, u64 msglen, const u8 nonce[16], u8 tag[8]);
void vmac_finup128_aesni(const struct vmac_key *key, const u64 poly[2][2],
			 const u8 *tail, u64 msglen, const u8 nonce[16], u8 tag[16]);
/* nblocks >= 1 whole blocks, nothing else: blocks and end in one call */
void vmac_whole64_bmi2(const struct vmac_key *key, const u64 poly[2],
		       const u8 *p, size_t nblocks, const u8 nonce[16], u8 tag[8]);
void vmac_whole128_bmi2(const struct vmac_key *key, const u64 poly[2][2],
			const u8 *p, size_t nblocks, const u8 nonce[16], u8 tag[16]);
/* first: public, p starts the message (the accumulators are still 1) */
void vmac_blocks64_bmi2(u64 poly[2], const u8 *p, size_t nblocks,
			const struct vmac_key *key, bool first);
void vmac_blocks128_bmi2(u64 poly[2][2], const u8 *p, size_t nblocks,
			 const struct vmac_key *key, bool first);
/*
 * What a call of vmac_blocks64_avx512() or vmac_blocks128_avx512() leaves
 * to the next one (VMAC_BLOCKS_CARRY_OUT): VMAC-64 the last group's NH
 * values and its pair's L2 columns, as three vectors each; VMAC-128 the
 * column sums of its last L2 step, for that step's scalar end.
 */
struct vmac_avx512_carry {
	union {
		struct {
			u64 nh[3][8];
			u64 col[3][8];
		};
		u64 sum[2][3][4];
	};
} __aligned(64);

void vmac_blocks64_avx512(u64 poly[2], const u8 *p, size_t ngroups,
			  const struct vmac_key *key, unsigned int flags,
			  struct vmac_avx512_carry *carry);
void vmac_blocks128_avx512(u64 poly[2][2], const u8 *p, size_t ngroups,
			   const struct vmac_key *key, unsigned int flags,
			   struct vmac_avx512_carry *carry);
/* 2 <= nblocks <= 7 (VMAC-64), 2 <= nblocks <= 4 (VMAC-128): one L2 step */
void vmac_blocks64_avx512_short(u64 poly[2], const u8 *p, size_t nblocks,
				const struct vmac_key *key, bool first);
void vmac_blocks128_avx512_short(u64 poly[2][2], const u8 *p, size_t nblocks,
				 const struct vmac_key *key, bool first);

static_assert(offsetof(struct vmac_key, nhkey) == VMAC_KEY_NH, "VMAC_KEY_NH");
static_assert(offsetof(struct vmac_key, polykey) == VMAC_KEY_POLY, "VMAC_KEY_POLY");
static_assert(offsetof(struct vmac_key, polykey2) == VMAC_KEY_POLY2, "VMAC_KEY_POLY2");
static_assert(offsetof(struct vmac_key, arch.polykey3) == VMAC_KEY_POLY3, "VMAC_KEY_POLY3");
static_assert(offsetof(struct vmac_key, arch.polykey4) == VMAC_KEY_POLY4, "VMAC_KEY_POLY4");
static_assert(offsetof(struct vmac_key, arch.polykey8) == VMAC_KEY_POLY8, "VMAC_KEY_POLY8");
static_assert(offsetof(struct vmac_key, arch.l2vec) == VMAC_KEY_L2VEC, "VMAC_KEY_L2VEC");
static_assert(offsetof(struct vmac_key, arch.polykey16) == VMAC_KEY_POLY16, "VMAC_KEY_POLY16");
static_assert(offsetof(struct vmac_key, arch.l2vec16) == VMAC_KEY_L2VEC16, "VMAC_KEY_L2VEC16");
static_assert(offsetof(struct vmac_key, arch.polypow) == VMAC_KEY_POLYPOW, "VMAC_KEY_POLYPOW");
static_assert(offsetof(struct vmac_key, arch.nh128vec) == VMAC_KEY_NH128VEC, "VMAC_KEY_NH128VEC");
static_assert(offsetof(struct vmac_key, arch.l2vec128) == VMAC_KEY_L2VEC128, "VMAC_KEY_L2VEC128");
static_assert(offsetof(struct vmac_key, arch.nhdiff) == VMAC_KEY_NHDIFF, "VMAC_KEY_NHDIFF");
static_assert(offsetof(struct vmac_key, arch.aesni_rk) == VMAC_KEY_AESNI_RK, "VMAC_KEY_AESNI_RK");
static_assert(offsetof(struct vmac_key, arch.aesni_rounds) == VMAC_KEY_AESNI_ROUNDS,
	      "VMAC_KEY_AESNI_ROUNDS");
static_assert(offsetof(struct vmac_key, l3key) == VMAC_KEY_L3, "VMAC_KEY_L3");
static_assert(offsetof(struct vmac_avx512_carry, nh) == VMAC_CARRY_NH, "VMAC_CARRY_NH");
static_assert(offsetof(struct vmac_avx512_carry, col) == VMAC_CARRY_COL, "VMAC_CARRY_COL");
static_assert(offsetof(struct vmac_avx512_carry, sum) == VMAC_CARRY_SUM, "VMAC_CARRY_SUM");

static __always_inline bool vmac_cpu_has_aesni(void)
{
	return kfast_cpu_has_aesni() && boot_cpu_has(X86_FEATURE_SSSE3);
}

static __always_inline bool vmac_cpu_has_bmi2(void)
{
	return boot_cpu_has(X86_FEATURE_BMI2);
}

static __always_inline bool vmac_cpu_has_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512IFMA) &&
	       boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}

/*
 * The AES-NI pad is not a tier of its own: the BMI2 and AVX512 tiers use it.
 * setkey makes the pad's AES-NI key schedule only where this is set, so the
 * hot paths test the key's aesni_rounds (nonzero: the schedule is there)
 * and not this key as well.
 */
static __ro_after_init DEFINE_STATIC_KEY_FALSE(vmac_use_aesni);
KFAST_DEFINE_TIER_KEYS(vmac_tier_keys, VMAC_NR_IMPLS);

/* Whether a context whose impl is @impl may run tier @id. */
#define vmac_may_run(impl, id)						\
	((impl) >= VMAC_IMPL_##id && static_branch_likely(&vmac_tier_keys[VMAC_IMPL_##id]))

/* Groups of eight blocks per kernel FPU section (4 KiB). */
#define VMAC_AVX512_MAX_GROUPS		4

/*
 * Fewer blocks than a group: one or two take the BMI2 code (an IFMA step
 * does not pay there); three to seven take one IFMA step (VMAC-64) or
 * steps of up to four blocks (VMAC-128; a single block left over goes to
 * the BMI2 code).
 */
#define VMAC_AVX512_SHORT_MIN		3

/*
 * 1 <= nblocks <= 7 blocks of a message, in a SIMD section the caller
 * holds (for the AVX-512 tier) or in any context (BMI2).
 */
static __always_inline void vmac_blocks_few(const struct vmac_key *key,
					    u64 poly[VMAC_MAX_ITERS][2],
					    unsigned int iters, bool avx512,
					    const u8 *p, size_t nblocks,
					    bool first)
{
	if (avx512 && nblocks >= VMAC_AVX512_SHORT_MIN) {
		if (iters == 1) {
			vmac_blocks64_avx512_short(poly[0], p, nblocks, key, first);
			return;
		}
		while (nblocks >= 2) {
			size_t n = min_t(size_t, nblocks, 4);

			vmac_blocks128_avx512_short(poly, p, n, key, first);
			p += n * VMAC_NHBYTES;
			nblocks -= n;
			first = false;
		}
	}
	if (!nblocks)
		return;
	if (iters == 1)
		vmac_blocks64_bmi2(poly[0], p, nblocks, key, first);
	else
		vmac_blocks128_bmi2(poly, p, nblocks, key, first);
}

static __always_inline bool vmac_blocks_arch(const struct vmac_key *key,
					     struct vmac_state *st,
					     const u8 *p, size_t nblocks,
					     bool first)
{
	/*
	 * Written by the call that leaves a carry before the next one reads
	 * it, cleared by the last: not zeroed at every entry as well (the
	 * kernel's automatic initialization of locals, 384 bytes per call).
	 */
	struct vmac_avx512_carry carry __uninitialized;
	struct kfast_simd_state simd;

	if (!vmac_may_run(st->impl, BMI2))
		return false;
	/*
	 * AVX-512: groups of eight blocks, at most 4 KiB per FPU section,
	 * the odd ones first, so that every later section has whole pairs
	 * and can take the last step the section before it left (the call
	 * that takes a carry last clears it); what is left over, and
	 * shorter runs, in one more section.
	 */
	if (vmac_may_run(st->impl, AVX512) &&
	    nblocks >= VMAC_AVX512_SHORT_MIN && crypto_simd_usable()) {
		size_t ngroups = nblocks / 8;
		size_t ng = ngroups % VMAC_AVX512_MAX_GROUPS ?: VMAC_AVX512_MAX_GROUPS;
		unsigned int flags = first ? VMAC_BLOCKS_FIRST : 0;

		for (; ngroups; ngroups -= ng, ng = VMAC_AVX512_MAX_GROUPS) {
			if (ngroups > ng && ng >= 2)
				flags |= VMAC_BLOCKS_CARRY_OUT;
			kfast_simd_begin(&simd);
			if (st->iters == 1)
				vmac_blocks64_avx512(st->poly[0], p, ng, key, flags, &carry);
			else
				vmac_blocks128_avx512(st->poly, p, ng, key, flags, &carry);
			kfast_simd_end(&simd);
			p += ng * 8 * VMAC_NHBYTES;
			nblocks -= ng * 8;
			flags = flags & VMAC_BLOCKS_CARRY_OUT ? VMAC_BLOCKS_CARRY_IN : 0;
			first = false;
		}
		if (nblocks >= VMAC_AVX512_SHORT_MIN) {
			kfast_simd_begin(&simd);
			vmac_blocks_few(key, st->poly, st->iters, true, p, nblocks, first);
			kfast_simd_end(&simd);
			return true;
		}
	}
	if (nblocks)
		vmac_blocks_few(key, st->poly, st->iters, false, p, nblocks, first);
	return true;
}
#define vmac_blocks_arch vmac_blocks_arch

static __always_inline bool vmac_pad_arch(const struct vmac_key *key,
					  const u8 nonce[16], unsigned int iters,
					  unsigned int impl, u64 pad[2])
{
	if (impl >= VMAC_IMPL_BMI2 && key->arch.aesni_rounds && crypto_simd_usable()) {
		struct kfast_simd_state simd;

		kfast_simd_begin(&simd);
		vmac_aesni_pad(key->arch.aesni_rk, key->arch.aesni_rounds, nonce, iters, pad);
		kfast_simd_end(&simd);
		return true;
	}
	return false;
}
#define vmac_pad_arch vmac_pad_arch

/*
 * The whole end of a message in one call (vmac-bmi2.S): the pad's AES,
 * whose latency the hashing of the last partial block, L2's end and L3
 * then overlap, and the tag, with no pad or NH value going through memory.
 * The BMI2 tier's, with the AES-NI pad: where either is missing, the
 * core's vmac_final_iters() runs.
 */
static __always_inline bool vmac_final_arch(const struct vmac_key *key,
					    const struct vmac_state *st,
					    const u8 nonce[16], u8 *tag)
{
	struct kfast_simd_state simd;

	if (!vmac_may_run(st->impl, BMI2) || !key->arch.aesni_rounds ||
	    !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	if (st->iters == 1)
		vmac_final64_aesni(key, st->poly[0], st->buf, st->msglen, nonce, tag);
	else
		vmac_final128_aesni(key, st->poly, st->buf, st->msglen, nonce, tag);
	kfast_simd_end(&simd);
	return true;
}
#define vmac_final_arch vmac_final_arch

/* The end of a finup whose blocks are hashed: the last partial block, L2, L3, pad. */
static __always_inline void vmac_finup_end(const struct vmac_key *key,
					   const struct vmac_state *st,
					   const u8 *tail, size_t len,
					   const u8 nonce[16], u8 *tag)
{
	if (st->iters == 1)
		vmac_finup64_aesni(key, st->poly[0], tail, len, nonce, tag);
	else
		vmac_finup128_aesni(key, st->poly, tail, len, nonce, tag);
}

/*
 * A whole message of less than 1 KiB (what vmac_finup() offers) on a fresh
 * context: its blocks and the end in one SIMD section, the sums in the
 * context (finup wipes it), the last partial block read from the message
 * itself; only a message shorter than 16 bytes is copied, to the end of a
 * 16-byte buffer, so that the 16 bytes before its end are readable.
 *
 * Each test here is a share of a short message's time, so the AVX-512 step
 * is tried first and needs no other: that tier implies BMI2, and three
 * blocks imply the 16 readable bytes.  Fewer blocks, or no AVX-512, take
 * the BMI2 code, one call per part.
 */
static __always_inline bool vmac_finup_arch(const struct vmac_key *key,
					    struct vmac_state *st,
					    const u8 *data, size_t len,
					    const u8 nonce[16], u8 *tag)
{
	size_t nblocks = len / VMAC_NHBYTES;
	const u8 *tail = data + len - len % VMAC_NHBYTES;
	struct kfast_simd_state simd;
	u64 tiny[2];

	if (!key->arch.aesni_rounds || !crypto_simd_usable())
		return false;
	if (nblocks >= VMAC_AVX512_SHORT_MIN && vmac_may_run(st->impl, AVX512)) {
		kfast_simd_begin(&simd);
		vmac_blocks_few(key, st->poly, st->iters, true, data, nblocks, true);
		vmac_finup_end(key, st, tail, len, nonce, tag);
		kfast_simd_end(&simd);
		return true;
	}
	if (!vmac_may_run(st->impl, BMI2))
		return false;
	if (len < 16) {
		tiny[0] = 0;
		tiny[1] = 0;
		vmac_copy((u8 *)tiny + 16 - len, data, len);
		tail = (u8 *)tiny + 16 - len;
	}
	kfast_simd_begin(&simd);
	if (nblocks && len % VMAC_NHBYTES == 0) {
		/* whole blocks only: no partial block, one call */
		if (st->iters == 1)
			vmac_whole64_bmi2(key, st->poly[0], data, nblocks, nonce, tag);
		else
			vmac_whole128_bmi2(key, st->poly, data, nblocks, nonce, tag);
	} else {
		if (nblocks)
			vmac_blocks_few(key, st->poly, st->iters, false, data, nblocks, true);
		vmac_finup_end(key, st, tail, len, nonce, tag);
	}
	kfast_simd_end(&simd);
	if (len < 16)
		vmac_wipe(tiny, sizeof(tiny));
	return true;
}
#define vmac_finup_arch vmac_finup_arch

/*
 * The key material of struct vmac_key_arch.  k^3 and k^4, then the vector
 * keys of the AVX-512 L2: eight L2 steps at once are acc * k^8 + m0 * k^7 +
 * ... + m7, so lane b of l2vec holds k^(7 - b) (k^0 = 1), and times 2^52
 * and 2^104 for the NH limbs of those weights.  Multiplying by 2^s mod
 * 2^127 - 1 rotates the 127-bit value left by s bits, which keeps it fully
 * reduced.  Every power is the previous one times k, then reduced.
 *
 * The AES-NI round keys for the pad, in portable constant-time C
 * (setkey may run where SIMD is unusable).
 */
static __always_inline void vmac_setkey_arch(struct vmac_key *key,
					     const u8 *raw, unsigned int len)
{
	struct vmac_key_arch *a = &key->arch;
	unsigned int i;

	for (i = 0; i < VMAC_MAX_ITERS; i++) {
		u64 h = 0, l = 1;
		unsigned int j, s;

		for (j = 0; j <= 16; j++) {
			u64 (*vec)[3][8] = j < 8 ? a->l2vec[i] : a->l2vec16[i];

			if (j) {
				vmac_poly_step(&h, &l, key->polykey[i][0],
					       key->polykey[i][1], 0, 0);
				vmac_l2_finish(h, l, 0, &h, &l);
			}
			if (j && j <= 8) {
				a->polypow[j - 1][i][0] = h;
				a->polypow[j - 1][i][1] = l;
			}
			if (j == 3) {
				a->polykey3[i][0] = h;
				a->polykey3[i][1] = l;
			} else if (j == 4) {
				a->polykey4[i][0] = h;
				a->polykey4[i][1] = l;
			} else if (j == 8) {
				a->polykey8[i][0] = h;
				a->polykey8[i][1] = l;
			}
			if (j == 16)
				break;
			for (s = 0; s < 3; s++) {
				__uint128_t v = (__uint128_t)h << 64 | l;
				u64 rh, rl;

				if (s)
					v = (v << (52 * s) | v >> (127 - 52 * s)) &
					    (((__uint128_t)VMAC_M63 << 64) | ~0ULL);
				rh = (u64)(v >> 64);
				rl = (u64)v;
				vec[s][0][7 - j % 8] = rl & VMAC_M52;
				vec[s][1][7 - j % 8] = (rl >> 52 | rh << 12) & VMAC_M52;
				vec[s][2][7 - j % 8] = rh >> 40;
				if (j <= 3) {
					a->l2vec128[s][0][2 * (3 - j) + i] = rl & VMAC_M52;
					a->l2vec128[s][1][2 * (3 - j) + i] =
						(rl >> 52 | rh << 12) & VMAC_M52;
					a->l2vec128[s][2][2 * (3 - j) + i] = rh >> 40;
				}
			}
		}
		a->polykey16[i][0] = h;
		a->polykey16[i][1] = l;
	}

	for (i = 0; i < VMAC_NHWORDS; i++)
		a->nhdiff[i] = key->nhkey[i + 2] - key->nhkey[i];

	for (i = 0; i < 2; i++) {
		unsigned int b;

		for (b = 0; b < 8; b++) {
			a->nh128vec[i][0][b] = key->nhkey[8 * i + (b & ~1u) + 2 * (b & 1)];
			a->nh128vec[i][1][b] = key->nhkey[8 * i + (b & ~1u) + 2 * (b & 1) + 1];
		}
	}

	a->aesni_rounds = 0;
	if (static_branch_likely(&vmac_use_aesni)) {
		kfast_aes_expandkey_ct(a->aesni_rk, raw, len);
		a->aesni_rounds = len / 4 + 6;
	}
}
#define vmac_setkey_arch vmac_setkey_arch

#define VMAC_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline unsigned int vmac_mod_init_arch(void)
{
	const bool present[] = { VMAC_TIERS(VMAC_TIER_PRESENT) };

	if (vmac_cpu_has_aesni())
		static_branch_enable(&vmac_use_aesni);
	return kfast_probe_tiers(vmac_tier_keys, present, VMAC_NR_IMPLS);
}
#define vmac_mod_init_arch vmac_mod_init_arch

#endif /* KFAST_ARCH_X86_VMAC_HOOKS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-64 hooks of the UMAC core (included by umac/umac_core.c only).  The
 * tiers are in the table of arch/x86/umac-arch.h.
 *
 * Every NH routine computes all iterations of a tag length (1..4) in one
 * pass over the data, with one routine per iteration count so that the
 * accumulators stay in registers.  The bulk routines also step POLY-64
 * after each chunk (arch/x86/umac-poly.S.inc), so that its serial chain of
 * 64-bit multiplies runs beside the next chunk's NH; POLY-128 (beyond 16
 * MiB) and the last steps stay in C.  The short path (messages of one
 * chunk) has L3 in SIMD for all iterations at once.
 *
 * The tiers available on this CPU are decided once, by
 * umac_mod_init_arch() at module init, into static keys; a key is laid
 * out for one tier at setkey (struct umac_key_arch) and its requests run
 * that tier's code, inside the kernel FPU sections of at most 4 KiB that
 * umac_simd_begin_arch() opens.
 */
#ifndef KFAST_ARCH_X86_UMAC_HOOKS_H
#define KFAST_ARCH_X86_UMAC_HOOKS_H

#include <kfast/tiers.h>
#include "aes-aesni.h"
#include "umac-offsets.h"

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#else
#define asmlinkage
#endif

/*
 * umac_nh_<tier>_N: NH of "units" 32-byte units of one chunk, sums added
 * to nh[0..N-1].  key: SSE2 - the linear key at the first unit's word;
 * AVX2 - &nh_pairs[2u]; AVX-512 - &nh_quads[2u], u being the first unit's
 * index in its chunk.
 * umac_nh_chunks_<tier>_N: NH of nchunks whole chunks, stored to
 * out[c * N + i]; key as above with u = 0.
 */
#define UMAC_NH_DECL(tier, n)						\
asmlinkage void umac_nh_##tier##_##n(const u32 *key, const u8 *data,	\
				     size_t units, u64 *nh);		\
asmlinkage void umac_nh_chunks_##tier##_##n(const u32 *key,		\
					    const u8 *data,		\
					    size_t nchunks, u64 *out)
UMAC_NH_DECL(sse2, 1);
UMAC_NH_DECL(sse2, 2);
UMAC_NH_DECL(sse2, 3);
UMAC_NH_DECL(sse2, 4);
UMAC_NH_DECL(avx2, 1);
UMAC_NH_DECL(avx2, 2);
UMAC_NH_DECL(avx2, 3);
UMAC_NH_DECL(avx2, 4);
UMAC_NH_DECL(avx512, 1);
UMAC_NH_DECL(avx512, 2);
UMAC_NH_DECL(avx512, 3);
UMAC_NH_DECL(avx512, 4);
#undef UMAC_NH_DECL

/*
 * umac_nh_poly_<tier>_N: NH of nchunks whole chunks (key as for
 * umac_nh_chunks_*) with POLY-64 (arch/x86/umac-poly.S.inc): if pending,
 * io->nh is a chunk's NH waiting for its step; after each chunk the
 * waiting one is stepped into io->y and the chunk waits instead.  pk is
 * umac_key.poly64 (poly64_k2 follows).
 */
#define UMAC_NH_POLY_DECL(tier, n)					\
asmlinkage void umac_nh_poly_##tier##_##n(const u32 *key, const u8 *data,\
					  size_t nchunks,		\
					  struct umac_poly_io *io,	\
					  const u64 *pk,		\
					  unsigned long pending)
UMAC_NH_POLY_DECL(sse2, 1);
UMAC_NH_POLY_DECL(sse2, 2);
UMAC_NH_POLY_DECL(sse2, 3);
UMAC_NH_POLY_DECL(sse2, 4);
UMAC_NH_POLY_DECL(avx2, 1);
UMAC_NH_POLY_DECL(avx2, 2);
UMAC_NH_POLY_DECL(avx2, 3);
UMAC_NH_POLY_DECL(avx2, 4);
UMAC_NH_POLY_DECL(avx512, 1);
UMAC_NH_POLY_DECL(avx512, 2);
UMAC_NH_POLY_DECL(avx512, 3);
UMAC_NH_POLY_DECL(avx512, 4);
#undef UMAC_NH_POLY_DECL

/* Short messages, every SIMD tier: whole units, then the padded last one. */
#define UMAC_NH_SHORT_DECL(n)						\
asmlinkage void umac_nh_short_sse2_##n(const u32 *key, const u8 *data,	\
				       size_t units, const u64 *last,	\
				       u64 *nh)
UMAC_NH_SHORT_DECL(1);
UMAC_NH_SHORT_DECL(2);
UMAC_NH_SHORT_DECL(3);
UMAC_NH_SHORT_DECL(4);
#undef UMAC_NH_SHORT_DECL

/*
 * The short path of the AVX2 and AVX-512 tiers (arch/x86/umac-short.S.inc),
 * a whole message of 16..1024 bytes: umac_short_<tier>_N writes the tag,
 * with the PDF's AES of the block (lo, hi) and its slice idx (UMAC-32/64);
 * umac_short_hash_<tier>_N returns UHASH alone in rax:rdx, iters * 4
 * bytes as stored.
 */
struct umac_short_tag {
	u64 lo, hi;
};

#define UMAC_SHORT_DECL(tier, n)					\
asmlinkage void umac_short_##tier##_##n(const struct umac_key_arch *ka,	\
					const u8 *data, size_t len,	\
					u64 lo, u64 hi, u8 *out,	\
					unsigned long idx);		\
asmlinkage struct umac_short_tag					\
umac_short_hash_##tier##_##n(const struct umac_key_arch *ka,		\
			     const u8 *data, size_t len)
UMAC_SHORT_DECL(avx2, 1);
UMAC_SHORT_DECL(avx2, 2);
UMAC_SHORT_DECL(avx2, 3);
UMAC_SHORT_DECL(avx2, 4);
UMAC_SHORT_DECL(avx512, 1);
UMAC_SHORT_DECL(avx512, 2);
UMAC_SHORT_DECL(avx512, 3);
UMAC_SHORT_DECL(avx512, 4);
#undef UMAC_SHORT_DECL

/*
 * One AES-128 block with expanded round keys (FIPS-197 byte order); the
 * input block is given as its two little-endian 64-bit halves.
 */
asmlinkage void umac_aesni_encrypt(const u8 rk[11][16], u8 *out, u64 lo,
				   u64 hi);

/* The assembly's view of the key layouts. */
static_assert(sizeof(((struct umac_key_arch *)0)->nh_pairs[0]) == 32, "asm layout");
static_assert(sizeof(((struct umac_key_arch *)0)->nh_quads[0]) == 64, "asm layout");
static_assert(sizeof(((struct umac_key_arch *)0)->pdf_rk) == 176, "asm layout");
static_assert(offsetof(struct umac_key_arch, nh_quads) == UMAC_ARCH_NH, "UMAC_ARCH_NH");
static_assert(offsetof(struct umac_key_arch, nh_pairs) == UMAC_ARCH_NH, "UMAC_ARCH_NH");
static_assert(offsetof(struct umac_key_arch, l3_lo) == UMAC_ARCH_L3_LO, "UMAC_ARCH_L3_LO");
static_assert(offsetof(struct umac_key_arch, l3_hi) == UMAC_ARCH_L3_HI, "UMAC_ARCH_L3_HI");
static_assert(offsetof(struct umac_key_arch, l3_xor) == UMAC_ARCH_L3_XOR, "UMAC_ARCH_L3_XOR");
static_assert(offsetof(struct umac_key_arch, pdf_rk) == UMAC_ARCH_PDF_RK, "UMAC_ARCH_PDF_RK");
/* umac-poly.S.inc's view of struct umac_poly_io and of the POLY-64 keys */
static_assert(offsetof(struct umac_poly_io, nh) == 0, "umac_poly_io");
static_assert(offsetof(struct umac_poly_io, y) == 32, "umac_poly_io");
static_assert(offsetof(struct umac_key, poly64_k2) ==
	      offsetof(struct umac_key, poly64) + 32, "UMAC_PK_K2");

static __always_inline bool umac_cpu_has_avx2(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

static __always_inline bool umac_cpu_has_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}

/* The AES-NI pad is not a tier of its own: every SIMD tier uses it. */
static __ro_after_init DEFINE_STATIC_KEY_FALSE(umac_have_aesni);
KFAST_DEFINE_TIER_KEYS(umac_tier_keys, UMAC_NR_IMPLS);

#define umac_have(id) static_branch_likely(&umac_tier_keys[UMAC_IMPL_##id])

/* Kernel FPU sections cover at most this much data. */
#define UMAC_SIMD_SECTION_BYTES	4096

/*
 * Opens a kernel FPU section for a key's SIMD tier, if SIMD is usable here;
 * false means "use the generic code".
 */
static __always_inline bool umac_simd_begin_arch(const struct umac_key *key,
						 struct kfast_simd_state *simd)
{
	if (key->impl == UMAC_IMPL_GENERIC || !crypto_simd_usable())
		return false;
	kfast_simd_begin(simd);
	return true;
}
#define umac_simd_begin_arch umac_simd_begin_arch

static __always_inline void umac_simd_end_arch(struct kfast_simd_state *simd)
{
	kfast_simd_end(simd);
}
#define umac_simd_end_arch umac_simd_end_arch

/* One routine per iteration count (accumulators stay in registers). */
#define UMAC_NH_CALL(fn, k, p, n, out, iters)				\
	do {								\
		switch (iters) {					\
		case 1:							\
			fn##_1(k, p, n, out);				\
			break;						\
		case 2:							\
			fn##_2(k, p, n, out);				\
			break;						\
		case 3:							\
			fn##_3(k, p, n, out);				\
			break;						\
		default:						\
			fn##_4(k, p, n, out);				\
			break;						\
		}							\
	} while (0)

#define UMAC_NH_SHORT_CALL(k, p, units, last, nh, iters)		\
	do {								\
		switch (iters) {					\
		case 1:							\
			umac_nh_short_sse2_1(k, p, units, last, nh);	\
			break;						\
		case 2:							\
			umac_nh_short_sse2_2(k, p, units, last, nh);	\
			break;						\
		case 3:							\
			umac_nh_short_sse2_3(k, p, units, last, nh);	\
			break;						\
		default:						\
			umac_nh_short_sse2_4(k, p, units, last, nh);	\
			break;						\
		}							\
	} while (0)

/* Called inside a SIMD section; false means "use the generic code". */
static __always_inline bool umac_nh_arch(const struct umac_key *key, u64 *nh,
					 const u8 *p, size_t units,
					 unsigned int pos, unsigned int iters)
{
	unsigned int u = pos / UMAC_UNIT_SIZE;

	/* A few units: the xmm code with its two-qword fold is cheaper. */
	if (units < 4 && key->impl != UMAC_IMPL_GENERIC &&
	    umac_have(SSE2)) {
		UMAC_NH_SHORT_CALL(key->nh + 8 * u, p, units, NULL, nh, iters);
		return true;
	}
	switch (key->impl) {
	case UMAC_IMPL_AVX512:
		if (!umac_have(AVX512))
			return false;
		UMAC_NH_CALL(umac_nh_avx512, key->arch.nh_quads[2 * u], p,
			     units, nh, iters);
		return true;
	case UMAC_IMPL_AVX2:
		if (!umac_have(AVX2))
			return false;
		UMAC_NH_CALL(umac_nh_avx2, key->arch.nh_pairs[2 * u], p, units,
			     nh, iters);
		return true;
	case UMAC_IMPL_SSE2:
		if (!umac_have(SSE2))
			return false;
		UMAC_NH_CALL(umac_nh_sse2, key->nh + 8 * u, p, units, nh, iters);
		return true;
	}
	return false;
}
#define umac_nh_arch umac_nh_arch

/*
 * A whole message of "units" units and an optional padded last unit
 * (last[4], little-endian words), inside a SIMD section.
 */
static __always_inline bool umac_nh_short_arch(const struct umac_key *key,
					       const u32 *k, const u8 *p,
					       size_t units, const u64 *last,
					       u64 *nh, unsigned int iters)
{
	if (key->impl == UMAC_IMPL_GENERIC ||
	    !umac_have(SSE2))
		return false;
	UMAC_NH_SHORT_CALL(k, p, units, last, nh, iters);
	return true;
}
#define umac_nh_short_arch umac_nh_short_arch

/* One short-path call per iteration count, for the tier named tier. */
#define UMAC_SHORT_CALL(tier, fn, iters, ...)				\
	do {								\
		switch (iters) {					\
		case 1:							\
			fn##_##tier##_1(__VA_ARGS__);			\
			break;						\
		case 2:							\
			fn##_##tier##_2(__VA_ARGS__);			\
			break;						\
		case 3:							\
			fn##_##tier##_3(__VA_ARGS__);			\
			break;						\
		default:						\
			fn##_##tier##_4(__VA_ARGS__);			\
			break;						\
		}							\
	} while (0)

#define UMAC_SHORT_HASH_CALL(tier, iters, t, ...)			\
	do {								\
		switch (iters) {					\
		case 1:							\
			t = umac_short_hash_##tier##_1(__VA_ARGS__);	\
			break;						\
		case 2:							\
			t = umac_short_hash_##tier##_2(__VA_ARGS__);	\
			break;						\
		case 3:							\
			t = umac_short_hash_##tier##_3(__VA_ARGS__);	\
			break;						\
		default:						\
			t = umac_short_hash_##tier##_4(__VA_ARGS__);	\
			break;						\
		}							\
	} while (0)

/* The tiers with the short path, on a CPU that has them. */
static __always_inline bool umac_short_tier(const struct umac_key *key)
{
	return (key->impl == UMAC_IMPL_AVX512 && umac_have(AVX512)) ||
	       (key->impl == UMAC_IMPL_AVX2 && umac_have(AVX2));
}

/*
 * A whole message of at most one chunk in one call, SIMD section included:
 * the AVX2 and AVX-512 tiers take 16 bytes or more (the last unit is read
 * without reading outside the message).  umac_short_arch() writes the tag,
 * the PDF's AES (AES-NI) of the block (lo, hi) in the same call;
 * umac_short_hash_arch() returns UHASH in tag[], the iters * 4 bytes as
 * stored (little-endian words), for a pad computed before.
 */
static __always_inline bool umac_short_arch(const struct umac_key *key,
					    unsigned int iters, const u8 *p,
					    size_t len, u64 lo, u64 hi,
					    unsigned int idx, u8 *out)
{
	const struct umac_key_arch *ka = &key->arch;
	struct kfast_simd_state simd;

	if (len < 16 || len > UMAC_CHUNK_SIZE || !umac_short_tier(key) ||
	    !ka->aesni || !static_branch_likely(&umac_have_aesni) ||
	    !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	if (key->impl == UMAC_IMPL_AVX512)
		UMAC_SHORT_CALL(avx512, umac_short, iters, ka, p, len, lo, hi,
				out, idx);
	else
		UMAC_SHORT_CALL(avx2, umac_short, iters, ka, p, len, lo, hi,
				out, idx);
	kfast_simd_end(&simd);
	return true;
}
#define umac_short_arch umac_short_arch

static __always_inline bool umac_short_hash_arch(const struct umac_key *key,
						 unsigned int iters,
						 const u8 *p, size_t len,
						 u64 tag[2])
{
	struct kfast_simd_state simd;
	struct umac_short_tag t;

	if (len < 16 || len > UMAC_CHUNK_SIZE || !umac_short_tier(key) ||
	    !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	if (key->impl == UMAC_IMPL_AVX512)
		UMAC_SHORT_HASH_CALL(avx512, iters, t, &key->arch, p, len);
	else
		UMAC_SHORT_HASH_CALL(avx2, iters, t, &key->arch, p, len);
	kfast_simd_end(&simd);
	tag[0] = t.lo;
	tag[1] = t.hi;
	return true;
}
#define umac_short_hash_arch umac_short_hash_arch

/* The same for the bulk function with POLY-64 (six arguments). */
#define UMAC_NH_POLY_CALL(tier, k, p, n, io, pk, pending, iters)	\
	do {								\
		switch (iters) {					\
		case 1:							\
			umac_nh_poly_##tier##_1(k, p, n, io, pk, pending); \
			break;						\
		case 2:							\
			umac_nh_poly_##tier##_2(k, p, n, io, pk, pending); \
			break;						\
		case 3:							\
			umac_nh_poly_##tier##_3(k, p, n, io, pk, pending); \
			break;						\
		default:						\
			umac_nh_poly_##tier##_4(k, p, n, io, pk, pending); \
			break;						\
		}							\
	} while (0)

/* Whole chunks with POLY-64 of all but the last, inside a SIMD section. */
static __always_inline bool umac_nh_poly_arch(const struct umac_key *key,
					      const u8 *p, size_t nchunks,
					      unsigned int iters,
					      struct umac_poly_io *io,
					      bool pending)
{
	switch (key->impl) {
	case UMAC_IMPL_AVX512:
		if (!umac_have(AVX512))
			return false;
		UMAC_NH_POLY_CALL(avx512, key->arch.nh_quads[0], p, nchunks, io,
				  key->poly64, pending, iters);
		return true;
	case UMAC_IMPL_AVX2:
		if (!umac_have(AVX2))
			return false;
		UMAC_NH_POLY_CALL(avx2, key->arch.nh_pairs[0], p, nchunks, io,
				  key->poly64, pending, iters);
		return true;
	case UMAC_IMPL_SSE2:
		if (!umac_have(SSE2))
			return false;
		UMAC_NH_POLY_CALL(sse2, key->nh, p, nchunks, io, key->poly64,
				  pending, iters);
		return true;
	}
	return false;
}
#define umac_nh_poly_arch umac_nh_poly_arch

/* Whole chunks, inside a SIMD section: out[c * iters + i]. */
static __always_inline bool umac_nh_chunks_arch(const struct umac_key *key,
						const u8 *p, size_t nchunks,
						unsigned int iters, u64 *out)
{
	switch (key->impl) {
	case UMAC_IMPL_AVX512:
		if (!umac_have(AVX512))
			return false;
		UMAC_NH_CALL(umac_nh_chunks_avx512, key->arch.nh_quads[0], p,
			     nchunks, out, iters);
		return true;
	case UMAC_IMPL_AVX2:
		if (!umac_have(AVX2))
			return false;
		UMAC_NH_CALL(umac_nh_chunks_avx2, key->arch.nh_pairs[0], p,
			     nchunks, out, iters);
		return true;
	case UMAC_IMPL_SSE2:
		if (!umac_have(SSE2))
			return false;
		UMAC_NH_CALL(umac_nh_chunks_sse2, key->nh, p, nchunks, out,
			     iters);
		return true;
	}
	return false;
}
#define umac_nh_chunks_arch umac_nh_chunks_arch

static __always_inline bool umac_pdf_arch(const struct umac_key *key, u8 *out,
					  u64 lo, u64 hi)
{
	struct kfast_simd_state simd;

	if (!key->arch.aesni || !static_branch_likely(&umac_have_aesni) ||
	    !crypto_simd_usable())
		return false;
	kfast_simd_begin(&simd);
	umac_aesni_encrypt(key->arch.pdf_rk, out, lo, hi);
	kfast_simd_end(&simd);
	return true;
}
#define umac_pdf_arch umac_pdf_arch

/*
 * Lay the NH key out for the chosen tier (see struct umac_key_arch):
 * entry n holds Q(n), Q(n + 2) (AVX2) or Q(n), Q(n + 2), Q(n + 4), Q(n + 6)
 * (AVX-512).  Entries near the end only have their leading quarters: the
 * narrower tail code of the last units reads no more than that.  Then the
 * short path's L3 keys and the AES-NI round keys of K'.
 */
static void umac_setkey_arch(struct umac_key *key, const u8 *kprime)
{
	unsigned int n, j, nq = UMAC_NH_KEY_WORDS / 4;

	/* key->arch is zero here. */
	if (key->impl == UMAC_IMPL_AVX2) {
		for (n = 0; n < UMAC_X86_ENTRIES; n++)
			for (j = 0; j < 2 && n + 2 * j < nq; j++)
				memcpy(&key->arch.nh_pairs[n][4 * j],
				       &key->nh[4 * (n + 2 * j)], 16);
	} else if (key->impl == UMAC_IMPL_AVX512) {
		for (n = 0; n < UMAC_X86_ENTRIES; n++)
			for (j = 0; j < 4 && n + 2 * j < nq; j++)
				memcpy(&key->arch.nh_quads[n][4 * j],
				       &key->nh[4 * (n + 2 * j)], 16);
	}
	/* The short path's L3 keys: key 4 + j of iteration i in lane i. */
	for (n = 0; n < 4; n++) {
		for (j = 0; j < UMAC_MAX_ITERS; j++) {
			key->arch.l3_lo[n][j] = (u32)key->l3[j][4 + n];
			key->arch.l3_hi[n][j] = key->l3[j][4 + n] >> 32;
		}
	}
	memcpy(key->arch.l3_xor, key->l3_xor, sizeof(key->arch.l3_xor));
	if (key->impl != UMAC_IMPL_GENERIC &&
	    static_branch_likely(&umac_have_aesni)) {
		kfast_aes_expandkey_ct(key->arch.pdf_rk, kprime, 16);
		key->arch.aesni = true;
	}
}
#define umac_setkey_arch umac_setkey_arch

#define UMAC_TIER_PRESENT(id, suffix, priority, present) present,
/* Each tier of the table, in order, while the CPU has it. */
static __always_inline int umac_mod_init_arch(void)
{
	const bool present[] = { UMAC_TIERS(UMAC_TIER_PRESENT) };

	if (kfast_cpu_has_aesni())
		static_branch_enable(&umac_have_aesni);
	return kfast_probe_tiers(umac_tier_keys, present, UMAC_NR_IMPLS);
}
#define umac_mod_init_arch umac_mod_init_arch

#endif /* KFAST_ARCH_X86_UMAC_HOOKS_H */

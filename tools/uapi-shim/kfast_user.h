/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Userspace stand-in for the kernel API subset used by the portable cores
 * (see include/kfast/base.h).  Only for the userspace test and benchmark
 * builds: it is never compiled into a module.
 */
#ifndef KFAST_USER_H
#define KFAST_USER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <assert.h>
/* The low-level AES API is deprecated in OpenSSL 3 but is the plain block cipher we want. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/aes.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;
typedef uint16_t __le16;
typedef uint32_t __le32;
typedef uint64_t __le64;
typedef uint32_t __be32;
typedef uint64_t __be64;

#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif
#define noinline __attribute__((noinline))
#define __aligned(x) __attribute__((aligned(x)))
#if __has_attribute(__uninitialized__)
#define __uninitialized __attribute__((__uninitialized__))
#else
#define __uninitialized
#endif
#define __packed __attribute__((packed))
#define __ro_after_init
#define __init
#define __exit
#define __maybe_unused __attribute__((unused))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define EXPORT_SYMBOL(x)
#define EXPORT_SYMBOL_GPL(x)
#define KFAST_EXPORT_SYMBOL_GPL(x)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON(c) _Static_assert(!(c), #c)
#define WARN_ON(c) ({ int __c = !!(c); assert(!__c); __c; })
#define WARN_ON_ONCE(c) WARN_ON(c)
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define round_down(x, y) ((x) & ~((__typeof__(x))((y) - 1)))
#define round_up(x, y) ((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)
#define SZ_4K 4096

/* Byte order: the shim only supports little-endian hosts, like the cores' SIMD code. */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the userspace shim assumes a little-endian host"
#endif
#define cpu_to_le32(x) ((u32)(x))
#define le32_to_cpu(x) ((u32)(x))
#define cpu_to_le64(x) ((u64)(x))
#define le64_to_cpu(x) ((u64)(x))
#define cpu_to_be32(x) __builtin_bswap32(x)
#define be32_to_cpu(x) __builtin_bswap32(x)
#define cpu_to_be64(x) __builtin_bswap64(x)
#define be64_to_cpu(x) __builtin_bswap64(x)

#define KFAST_USER_UNALIGNED(name, type, conv)				\
static inline type get_unaligned_##name(const void *p)			\
{									\
	type v;								\
	memcpy(&v, p, sizeof(v));					\
	return conv(v);							\
}									\
static inline void put_unaligned_##name(type v, void *p)		\
{									\
	v = conv(v);							\
	memcpy(p, &v, sizeof(v));					\
}
KFAST_USER_UNALIGNED(le32, u32, le32_to_cpu)
KFAST_USER_UNALIGNED(le64, u64, le64_to_cpu)
KFAST_USER_UNALIGNED(be32, u32, be32_to_cpu)
KFAST_USER_UNALIGNED(be64, u64, be64_to_cpu)
#undef KFAST_USER_UNALIGNED

static inline void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

/*
 * kfast_ct_declassify(p, n): from here on the n bytes at p are public,
 * though computed from secrets: a verdict the caller returns anyway, or
 * which candidate a rejection sampling kept.  The constant-time test
 * (selftests/ct/, built with KFAST_CT_VALGRIND) marks secrets undefined for
 * valgrind's memcheck, which then reports every branch and address that
 * depends on them; this is where a core says such a value may be used so.
 * Everywhere else (and in the kernel) it does nothing.
 */
#ifdef KFAST_CT_VALGRIND
#include <valgrind/memcheck.h>
#define kfast_ct_declassify(p, n)	VALGRIND_MAKE_MEM_DEFINED(p, n)
#else
static inline void kfast_ct_declassify(const void *p, size_t n) { }
#endif

/*
 * Constant-time inequality, as the kernel's crypto_memneq(): OR of the
 * XORs of whole 64-bit words, then bytes, with the accumulator hidden from
 * the compiler after each step so that it cannot stop at the first
 * difference (the kernel's OPTIMIZER_HIDE_VAR).  A byte loop through
 * volatile pointers, as this once was, costs an AES-GCM-SIV open in the
 * benchmark ~30 cycles that the module does not pay.
 */
static inline int crypto_memneq(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;
	u64 d = 0, u, v;

	for (; n >= 8; n -= 8, x += 8, y += 8) {
		memcpy(&u, x, 8);
		memcpy(&v, y, 8);
		d |= u ^ v;
		__asm__ ("" : "+r"(d));
	}
	for (; n; n--) {
		d |= *x++ ^ *y++;
		__asm__ ("" : "+r"(d));
	}
	return d != 0;
}

static inline void crypto_xor(u8 *dst, const u8 *src, unsigned int n)
{
	while (n--)
		*dst++ ^= *src++;
}

static inline void crypto_xor_cpy(u8 *dst, const u8 *a, const u8 *b,
				  unsigned int n)
{
	while (n--)
		*dst++ = *a++ ^ *b++;
}

/*
 * Static keys become plain booleans: the userspace tests flip them to run
 * every tier the host CPU has, which is the point of having them here.
 */
struct static_key_false { bool enabled; };
struct static_key_true { bool enabled; };
#define DEFINE_STATIC_KEY_FALSE(name) struct static_key_false name = { false }
#define DEFINE_STATIC_KEY_TRUE(name) struct static_key_true name = { true }
#define DECLARE_STATIC_KEY_FALSE(name) extern struct static_key_false name
#define STATIC_KEY_FALSE_INIT { false }
#define static_branch_likely(k) ((k)->enabled)
#define static_branch_unlikely(k) ((k)->enabled)
#define static_branch_enable(k) ((k)->enabled = true)
#define static_branch_disable(k) ((k)->enabled = false)

/* The no-SIMD path is tested by clearing this flag (the kernel's irq/nosimd case). */
extern bool kfast_user_simd_usable;
static inline bool crypto_simd_usable(void)
{
	return kfast_user_simd_usable;
}

/*
 * SIMD sections (kernel_fpu_begin/end, kernel_neon_begin/end in the
 * kernel): nothing to do in userspace.  Built with KFAST_USER_SIMD_TRACE
 * (tools/simd-sections/ only, never the tests or the benchmark), each
 * begin/end pair is timed with the TSC instead, to find the longest section
 * a tier runs.
 */
struct kfast_simd_state { };

#ifdef KFAST_USER_SIMD_TRACE
void kfast_user_simd_trace_begin(void);
void kfast_user_simd_trace_end(void);

static inline void kfast_simd_begin(struct kfast_simd_state *st)
{
	kfast_user_simd_trace_begin();
}

static inline void kfast_simd_end(struct kfast_simd_state *st)
{
	kfast_user_simd_trace_end();
}
#else
static inline void kfast_simd_begin(struct kfast_simd_state *st) { }
static inline void kfast_simd_end(struct kfast_simd_state *st) { }
#endif

/*
 * CPU features, as boot_cpu_has() in the kernel.  Tiers are chosen once by
 * the arch init function, exactly as in the module; tests then flip the
 * static keys to run each tier the host has.
 */
enum kfast_user_x86_feature {
	X86_FEATURE_XMM2, X86_FEATURE_SSSE3, X86_FEATURE_PCLMULQDQ,
	X86_FEATURE_AES, X86_FEATURE_AVX, X86_FEATURE_AVX2, X86_FEATURE_BMI2,
	X86_FEATURE_ADX, X86_FEATURE_AVX512F, X86_FEATURE_AVX512BW,
	X86_FEATURE_AVX512VL, X86_FEATURE_VAES, X86_FEATURE_VPCLMULQDQ,
	X86_FEATURE_AVX512IFMA,
};
bool kfast_user_cpu_has(enum kfast_user_x86_feature f);
#define boot_cpu_has(f) kfast_user_cpu_has(f)
#define cpu_has_xfeatures(mask, name) true
#define XFEATURE_MASK_SSE 0
#define XFEATURE_MASK_YMM 0
#define XFEATURE_MASK_AVX512 0

/*
 * arm64 CPU features, as the kernel's cpu_have_named_feature(name) (from
 * getauxval(AT_HWCAP) here).  KFAST_USER_NO_HWCAP=1 in the environment
 * hides them all, so a test can run the generic tier alone.
 */
#if defined(__aarch64__)
enum kfast_user_arm64_feature {
	KFAST_USER_HWCAP_ASIMD, KFAST_USER_HWCAP_AES, KFAST_USER_HWCAP_PMULL,
	KFAST_USER_HWCAP_SHA3,
};
bool kfast_user_arm64_has(enum kfast_user_arm64_feature f);
#define cpu_have_named_feature(name) kfast_user_arm64_has(KFAST_USER_HWCAP_##name)
#endif

#if defined(KFAST_CT_VALGRIND) || defined(KFAST_USER_CT_AES)
/*
 * The constant-time tests' AES (kfast_user_ct.c): OpenSSL's AES_encrypt()
 * looks up tables by key-dependent indices, which valgrind rightly reports
 * (and which the timing test, selftests/ct/dudect.c, would time); the
 * cores' own code is what those tests are about.
 */
typedef struct {
	u8 rk[15][16];
	unsigned int rounds;
} kfast_user_aes_key;

int kfast_user_aes_setkey(kfast_user_aes_key *k, const u8 *raw, unsigned int len);
void kfast_user_aes_encrypt(const kfast_user_aes_key *k, u8 *out, const u8 *in);
int kfast_user_aes_setkey_dec(kfast_user_aes_key *k, const u8 *raw, unsigned int len);
void kfast_user_aes_decrypt(const kfast_user_aes_key *k, u8 *out, const u8 *in);
#else
typedef AES_KEY kfast_user_aes_key;

static inline int kfast_user_aes_setkey(kfast_user_aes_key *k, const u8 *raw,
					unsigned int len)
{
	if (len != 16 && len != 24 && len != 32)
		return -EINVAL;
	return AES_set_encrypt_key(raw, len * 8, k) ? -EINVAL : 0;
}

static inline void kfast_user_aes_encrypt(const kfast_user_aes_key *k, u8 *out,
					  const u8 *in)
{
	AES_encrypt(in, out, k);
}

static inline int kfast_user_aes_setkey_dec(kfast_user_aes_key *k, const u8 *raw,
					    unsigned int len)
{
	if (len != 16 && len != 24 && len != 32)
		return -EINVAL;
	return AES_set_decrypt_key(raw, len * 8, k) ? -EINVAL : 0;
}

static inline void kfast_user_aes_decrypt(const kfast_user_aes_key *k, u8 *out,
					  const u8 *in)
{
	AES_decrypt(in, out, k);
}
#endif /* KFAST_CT_VALGRIND || KFAST_USER_CT_AES */

#endif /* KFAST_USER_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reproducible generator of all kfast tests: KUnit suites (kunit/),
 * the userspace tests of the cores (selftests/user/), the AF_ALG test
 * program (selftests/afalg/) and the benchmark's cross-checks (tools/bench/).
 *
 * xorshift64* (Vigna): a 64-bit xorshift step, output multiplied by an odd
 * constant.  Not for keys that must be secret; only for test data that a
 * seed reproduces.  The state must not be 0 (a fixed point of xorshift).
 *
 * Plain C over u8/u64, with no other dependency: in the kernel the types
 * come from <linux/types.h>; in userspace they are defined here the same
 * way as in tools/uapi-shim/kfast_user.h (C11 allows the identical
 * typedef twice), so programs that do not build against the shim (the
 * static AF_ALG test) can include this header too.
 */
#ifndef KFAST_TEST_RNG_H
#define KFAST_TEST_RNG_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
typedef uint8_t u8;
typedef uint64_t u64;
#endif

static inline u64 kfast_test_rand(u64 *state)
{
	u64 x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* Uniform enough in [0, n) for test data; 0 when n is 0. */
static inline u64 kfast_test_rand_below(u64 *state, u64 n)
{
	return n ? kfast_test_rand(state) % n : 0;
}

static inline void kfast_test_fill(u64 *state, void *buf, size_t n)
{
	u8 *p = buf;

	while (n--)
		*p++ = (u8)kfast_test_rand(state);
}

#endif /* KFAST_TEST_RNG_H */

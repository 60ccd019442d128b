/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TSC reads for the userspace benchmarks (tools/bench, test_gcm_siv's
 * --bench mode): start = lfence; rdtsc (earlier instructions done first),
 * stop = rdtscp; lfence (the timed ones done, later ones not started).
 * Other architectures read 0: the benchmarks are x86-64 only.
 */
#ifndef KFAST_TSC_H
#define KFAST_TSC_H

#include <stdint.h>

static inline uint64_t kfast_tsc_start(void)
{
#if defined(__x86_64__)
	uint32_t lo, hi;

	__asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
#else
	return 0;
#endif
}

static inline uint64_t kfast_tsc_stop(void)
{
#if defined(__x86_64__)
	uint32_t lo, hi;

	__asm__ __volatile__("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi) : : "rcx", "memory");
	return ((uint64_t)hi << 32) | lo;
#else
	return 0;
#endif
}

#endif /* KFAST_TSC_H */

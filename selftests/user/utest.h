/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Minimal userspace test harness for the portable cores: counted checks,
 * the reproducible generator of <kfast/test-rng.h> and a closing
 * "N passed, N failed" line.
 */
#ifndef KFAST_UTEST_H
#define KFAST_UTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <kfast/test-rng.h>	/* kfast_test_rand(), kfast_test_fill() */

static unsigned long utest_passed, utest_failed;

#define UT_CHECK(cond, ...)						\
	do {								\
		if (cond) {						\
			utest_passed++;					\
		} else {						\
			utest_failed++;					\
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
		}							\
	} while (0)

#define UT_CHECK_MEMEQ(a, b, n, ...)					\
	do {								\
		int __eq = memcmp((a), (b), (n)) == 0;			\
		if (!__eq) {						\
			utest_hexdump("  got ", (a), (n));		\
			utest_hexdump("  want", (b), (n));		\
		}							\
		UT_CHECK(__eq, __VA_ARGS__);				\
	} while (0)

static inline void utest_hexdump(const char *what, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	fprintf(stderr, "%s ", what);
	for (i = 0; i < n; i++)
		fprintf(stderr, "%02x", b[i]);
	fputc('\n', stderr);
}

/*
 * Guard pages, for inputs and outputs that must end flush against memory
 * that faults: [start, end) read-write (at least the span asked for, whole
 * pages), an inaccessible page on each side.
 */
struct utest_guard {
	unsigned char *start, *end;	/* end: the first guard byte */
	void *map;
	size_t mapped;
};

static inline void utest_guard_free(struct utest_guard *g)
{
	if (g->map)
		munmap(g->map, g->mapped);
	g->map = NULL;
}

/* 0, or -1 (no memory, or mprotect refused; nothing left mapped). */
static inline int utest_guard_alloc(struct utest_guard *g, size_t span)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	span = (span + page - 1) / page * page;
	g->mapped = span + 2 * page;
	g->map = mmap(NULL, g->mapped, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED) {
		g->map = NULL;
		return -1;
	}
	g->start = (unsigned char *)g->map + page;
	g->end = g->start + span;
	if (mprotect(g->map, page, PROT_NONE) || mprotect(g->end, page, PROT_NONE)) {
		utest_guard_free(g);
		return -1;
	}
	return 0;
}

/* Prints the closing line the CI reads and returns the exit status. */
static inline int utest_report(const char *suite)
{
	printf("%s: %lu passed, %lu failed\n", suite, utest_passed, utest_failed);
	return utest_failed ? 1 : 0;
}

#endif /* KFAST_UTEST_H */

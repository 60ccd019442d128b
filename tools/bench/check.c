// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The correctness checks, run before any timing through the same op() that
 * is timed: ours against the peer that implements the same algorithm (UMAC
 * vs nettle, VMAC vs Crypto++), every tier against the generic code, and
 * the known-answer tests the adapters and peers run through bench_kat().
 * Each check group adds a line to the report's list (bench_note_check()).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <kfast/base.h>
#include <kfast/test-rng.h>

#include "bench_int.h"

struct bench_tally bench_tally;
static char checks_md[8192];

void bench_note_check(const char *fmt, ...)
{
	size_t l = strlen(checks_md);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(checks_md + l, sizeof(checks_md) - l, fmt, ap);
	va_end(ap);
}

const char *bench_checks_md(void)
{
	return checks_md;
}

size_t bench_unhex(const char *h, u8 *out, size_t max)
{
	size_t n = strlen(h) / 2, i;

	if (n > max)
		bench_die("hex string too long");
	for (i = 0; i < n; i++)
		if (sscanf(h + 2 * i, "%2hhx", &out[i]) != 1)
			bench_die("bad hex '%s'", h);
	return n;
}

int bench_kat(const struct bench_impl *impl, const char *id, const char *nonce_hex,
	      const char *msg_hex, const char *expect_hex)
{
	u8 nonce[32] = { 0 }, msg[256], expect[512], out[512];
	size_t mlen, elen, olen;

	if (nonce_hex)
		bench_unhex(nonce_hex, nonce, sizeof(nonce));
	mlen = bench_unhex(msg_hex, msg, sizeof(msg));
	elen = bench_unhex(expect_hex, expect, sizeof(expect));
	olen = (impl->has_ct ? mlen : 0) + impl->taglen;
	memset(out, 0xa5, sizeof(out));
	impl->op(impl->ctx, nonce, msg, mlen, out);
	bench_tally.kats++;
	if (olen != elen || memcmp(out, expect, elen)) {
		fprintf(stderr, "bench: known-answer test %s FAILED\n", id);
		bench_tally.fail++;
		return 1;
	}
	return 0;
}

/* xorshift64: reproducible data without a library's generator. */
void bench_fill_pattern(u8 *p, size_t n, u32 seed)
{
	u64 x = 0x9e3779b97f4a7c15ull ^ seed;

	kfast_test_fill(&x, p, n);
}

/* Whether @a is the first row of its algorithm; *@members, *@ref for its group. */
static int group_start(unsigned int a, unsigned int *members, struct bench_impl **ref)
{
	struct bench_impl **impls = bench_impls;
	unsigned int b, peers = 0;

	for (b = 0; b < a; b++)
		if (!strcmp(impls[b]->alg, impls[a]->alg))
			return 0;
	*members = 0;
	*ref = NULL;
	for (b = a; b < bench_nimpls; b++) {
		if (strcmp(impls[b]->alg, impls[a]->alg))
			continue;
		(*members)++;
		if (!impls[b]->ours && !peers++)
			*ref = impls[b];
	}
	if (!*ref)
		*ref = impls[a];
	return 1;
}

/*
 * Implementations of one algorithm must agree: every one against the first
 * peer of the group (or the first of ours, generic, if there is no peer), on
 * every benchmark size and on lengths around the block boundaries, with
 * counter nonces that cross the VMAC-64 pad pairs.
 */
void bench_cross_check(void)
{
	static const size_t extra[] = {
		0, 1, 7, 8, 15, 17, 31, 32, 33, 63, 100, 127, 128, 129, 255, 257,
		1000, 1023, 1025, 2047, 2049, 3000, 8191, 8193, 20000,
	};
	const size_t nlen = BENCH_NSIZES + ARRAY_SIZE(extra);
	u8 *msgbuf = bench_msgbuf, *outbuf = bench_alloc(BENCH_MAX_SIZE + 64);
	u8 *refbuf = bench_alloc(BENCH_MAX_SIZE + 64);
	unsigned int a, b, n, members, groups = 0;
	struct bench_impl *ref;

	for (a = 0; a < bench_nimpls; a++) {
		if (!group_start(a, &members, &ref) || members < 2)
			continue;
		groups++;
		for (b = a; b < bench_nimpls; b++) {
			struct bench_impl *im = bench_impls[b];
			unsigned int bad = 0;
			size_t k;

			if (im == ref || strcmp(im->alg, ref->alg))
				continue;
			for (k = 0; k < nlen; k++) {
				size_t len = k < BENCH_NSIZES ? bench_sizes[k] :
						extra[k - BENCH_NSIZES];
				size_t olen = (im->has_ct ? len : 0) + im->taglen;

				for (n = 0; n < 3; n++) {
					u8 nonce[16] = { 0 };
					u64 ctr = 0x0102030405060000ull + k * 5 + n * 3;

					bench_set_nonce(nonce, im->noncelen, ctr);
					bench_fill_pattern(msgbuf, len, (u32)(k * 7 + n));
					ref->op(ref->ctx, nonce, msgbuf, len, refbuf);
					im->op(im->ctx, nonce, msgbuf, len, outbuf);
					bench_tally.cross++;
					if (memcmp(refbuf, outbuf, olen))
						bad++;
				}
			}
			if (bad) {
				fprintf(stderr, "bench: %s: %s differs from %s in %u of %zu cases\n",
					im->alg, im->name, ref->name, bad, 3 * nlen);
				bench_tally.fail += bad;
			}
		}
		bench_note_check("- %s: %u implementation%s identical output to %s on %zu "
				 "lengths (the benchmark sizes and block boundaries) x 3 nonces.\n",
				 ref->alg, members - 1, members == 2 ? " gives" : "s give",
				 ref->name, nlen);
	}
	if (!groups)
		bench_note_check("- (no algorithm with two implementations to compare)\n");
	free(outbuf);
	free(refbuf);
}

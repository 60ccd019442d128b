// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * VMAC speed in TSC cycles per byte, every tier of the core and Crypto++
 * 8.7 in the same run (make bench-vmac).
 *
 * One "message" is what a user pays per tag: init + update + final with a
 * new nonce (big-endian counter), the key set up once.  Batches of n
 * messages (~50k cycles) are timed with lfence;rdtsc / rdtscp;lfence; the
 * best batch over rounds that visit every cell in turn is reported.
 * Tags are checked against Crypto++ before timing.
 *
 * The machine (a shared VM, Intel Xeon family 6 model 207) drifts by 10-15%
 * between minutes, so compare builds by alternating runs, and kernels of
 * the asm by timing both in one process.  Best of 8 alternating runs (10
 * rounds each, CPU 0), TSC cycles/byte at 48 B / 1 KiB / 4 KiB / 16 KiB,
 * Nov 2026, before and after the eight-block vector L2 (vmac-avx512.S):
 *			before			after
 *	VMAC-64 avx512	0.978/0.151/0.113/0.101	0.956/0.124/0.089/0.079
 *	VMAC-128 avx512	1.485/0.295/0.200/0.185	1.307/0.207/0.161/0.149
 *	Crypto++ 8.7 in the same runs: VMAC-64 2.87/0.240/0.163/0.146 (pad
 *	shared by nonce pairs 2.16/0.204/0.159/0.144), VMAC-128
 *	3.18/0.377/0.292/0.272.
 * Best of 16 alternating runs (10 rounds each, CPU 0), Nov 2026, before
 * and after the sixteen-block L2 steps, the latency-minded last scalar
 * end (vmac-avx512.S) and the fused L2 end and L3 (vmac_core.c):
 *			before			after
 *	VMAC-64 avx512	0.955/0.123/0.085/0.076	0.903/0.112/0.078/0.071
 *	VMAC-128 avx512	1.299/0.198/0.151/0.140	1.238/0.195/0.142/0.132
 *	Crypto++ 8.7 in the same runs: VMAC-64 2.63-2.82/0.218-0.235/
 *	0.149-0.162/0.133-0.145 (pad shared by nonce pairs 1.98-2.11/
 *	0.186-0.203/0.145-0.158/0.132-0.143), VMAC-128 3.04-3.08/
 *	0.360-0.364/0.276-0.283/0.257-0.264 (the range: the machine's state
 *	in the runs of each binary).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utest.h"
#include "../../vmac/vmac.h"
#include "kfast_tsc.h"

#include "vmac_cryptopp_ref.h"

static const size_t sizes[] = { 16, 48, 256, 1024, 4096, 16384, 65536 };
static const char *const impl_names[] = { "generic", "bmi2", "avx512" };

enum { KIND_OURS, KIND_CRYPTOPP_PAIR, KIND_CRYPTOPP_NOCACHE };

struct cell {
	int kind;
	unsigned int impl, tagbytes;
	size_t size;
	double best;
};

static struct vmac_key key;
static void *cpp[2];
static u8 msg[65536 + 64];
static u64 counter;
/*
 * Per-message nonces (big-endian counter), prepared in memory beforehand
 * as a caller's packet would hold them.
 */
#define NNONCES 4096
static u8 nonces[NNONCES][16];

static void one(const struct cell *c, u8 *tag)
{
	const u8 *nonce = nonces[counter++ % NNONCES];

	if (c->kind == KIND_OURS) {
		struct vmac_ctx ctx;

		vmac_init(&ctx, &key, c->tagbytes, c->impl);
		vmac_update(&ctx, msg, c->size);
		vmac_final(&ctx, nonce, tag);
	} else {
		cryptopp_bench_tag(cpp[c->tagbytes == 16], nonce, msg, c->size, tag,
				   c->kind == KIND_CRYPTOPP_NOCACHE);
	}
}

static double time_cell(struct cell *c)
{
	unsigned int n = 50000 / (c->size + 100) + 1, i, b;
	double best = 1e30;
	u8 tag[16];

	for (b = 0; b < 8; b++) {
		u64 t0 = kfast_tsc_start(), t1;

		for (i = 0; i < n; i++)
			one(c, tag);
		t1 = kfast_tsc_stop();
		if ((double)(t1 - t0) / n < best)
			best = (double)(t1 - t0) / n;
	}
	__asm__ volatile("" : : "r"(tag) : "memory");
	return best;
}

struct row {
	int kind;
	unsigned int impl, tagbytes;
	struct cell c[ARRAY_SIZE(sizes)];
};

int main(int argc, char **argv)
{
	unsigned int rounds = argc > 1 ? atoi(argv[1]) : 7;
	unsigned int max = vmac_mod_init(), impl, t, r, i, k, nrows = 0, ncells;
	static struct row rows[16];
	u8 raw[16], nonce[16] = { 0 }, a[16], b[16];
	u64 seed = 1;

	for (i = 0; i < NNONCES; i++)
		put_unaligned_be64(i, &nonces[i][8]);
	kfast_test_fill(&seed, raw, sizeof(raw));
	kfast_test_fill(&seed, msg, sizeof(msg));
	vmac_setkey(&key, raw, 16);
	cpp[0] = cryptopp_bench_new(raw, 16, 8);
	cpp[1] = cryptopp_bench_new(raw, 16, 16);

	/* Sanity: every tier agrees with Crypto++ on a few messages. */
	for (t = 8; t <= 16; t += 8) {
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			for (impl = 0; impl <= max; impl++) {
				struct vmac_ctx ctx;

				nonce[15] = i;
				vmac_init(&ctx, &key, t, impl);
				vmac_update(&ctx, msg, sizes[i]);
				vmac_final(&ctx, nonce, a);
				cryptopp_bench_tag(cpp[t == 16], nonce, msg, sizes[i], b, 1);
				if (memcmp(a, b, t)) {
					fprintf(stderr, "MISMATCH tier %s tag %u size %zu\n",
						impl_names[impl], t, sizes[i]);
					return 1;
				}
			}
		}
	}

	for (t = 8; t <= 16; t += 8) {
		for (impl = 0; impl <= max; impl++)
			rows[nrows++] = (struct row){ .kind = KIND_OURS, .impl = impl, .tagbytes = t };
		rows[nrows++] = (struct row){ .kind = KIND_CRYPTOPP_NOCACHE, .tagbytes = t };
		if (t == 8)
			rows[nrows++] = (struct row){ .kind = KIND_CRYPTOPP_PAIR, .tagbytes = t };
	}
	for (r = 0; r < nrows; r++)
		for (k = 0; k < ARRAY_SIZE(sizes); k++)
			rows[r].c[k] = (struct cell){ rows[r].kind, rows[r].impl,
						      rows[r].tagbytes, sizes[k], 1e30 };
	ncells = nrows * ARRAY_SIZE(sizes);
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < ncells; i++) {
			unsigned int j = (i + r * 7) % ncells;
			struct cell *c = &rows[j / ARRAY_SIZE(sizes)].c[j % ARRAY_SIZE(sizes)];
			double v = time_cell(c);

			if (v < c->best)
				c->best = v;
		}
	}

	printf("TSC cycles/byte, best of %u rounds (last column: TSC cycles per 48-byte message)\n",
	       rounds);
	printf("%-28s", "implementation");
	for (k = 0; k < ARRAY_SIZE(sizes); k++)
		printf(" %8zu", sizes[k]);
	printf("   cyc@48\n");
	for (r = 0; r < nrows; r++) {
		const struct row *w = &rows[r];
		char name[64];

		if (w->kind == KIND_OURS)
			snprintf(name, sizeof(name), "VMAC-%u kfast %s", w->tagbytes * 8,
				 impl_names[w->impl]);
		else
			snprintf(name, sizeof(name), "VMAC-%u Crypto++%s", w->tagbytes * 8,
				 w->kind == KIND_CRYPTOPP_PAIR ? " pad/pair" : "");
		printf("%-28s", name);
		for (k = 0; k < ARRAY_SIZE(sizes); k++)
			printf(" %8.3f", w->c[k].best / w->c[k].size);
		printf("   %6.0f\n", w->c[1].best);
	}
	cryptopp_bench_free(cpp[0]);
	cryptopp_bench_free(cpp[1]);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The benchmark's rows and their timing.
 *
 *  - TSC cycles (lfence;rdtsc .. rdtscp;lfence) around batches of messages
 *    of about bench_opt.batch_cycles each; vzeroupper before every batch
 *    (some peer code returns with dirty upper vector state);
 *  - rounds: each round visits every (implementation, size) cell, sizes
 *    outer, implementations inner, the starting cell rotated per round, so
 *    ours and the peers share the machine's conditions;
 *  - best = minimum over all batches of all rounds (each batch is itself an
 *    average); median = median of the per-round medians.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kfast/base.h>

#include "bench_int.h"
#include "kfast_tsc.h"

const size_t bench_sizes[BENCH_NSIZES] = {
	16, 48, 64, 256, 512, 1024, 4096, 16384, 65536,
};

struct bench_impl *bench_impls[BENCH_MAX_IMPLS];
unsigned int bench_nimpls;
u8 *bench_msgbuf;

static u8 *outbuf;
static int have_avx;

void bench_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

void *bench_alloc(size_t size)
{
	void *p = aligned_alloc(64, (size + 63) & ~(size_t)63);

	if (!p)
		bench_die("out of memory");
	memset(p, 0, size);
	return p;
}

void bench_engine_init(void)
{
	have_avx = kfast_user_cpu_has(X86_FEATURE_AVX);
	bench_msgbuf = bench_alloc(BENCH_MAX_SIZE + 64);
	outbuf = bench_alloc(BENCH_MAX_SIZE + 64);
}

/* ------------------------------------------------------------------------ */
/* Rows                                                                      */

struct bench_impl *bench_add(enum bench_family family, const char *alg,
			     const char *name, int ours, unsigned int noncelen,
			     unsigned int taglen, int has_ct, void *ctx,
			     bench_op_fn op)
{
	struct bench_impl *i;

	if (bench_nimpls == BENCH_MAX_IMPLS)
		bench_die("too many implementations");
	i = bench_alloc(sizeof(*i));
	i->family = family;
	snprintf(i->alg, sizeof(i->alg), "%s", alg);
	snprintf(i->name, sizeof(i->name), "%s", name);
	i->ours = ours;
	i->noncelen = noncelen;
	i->taglen = taglen;
	i->has_ct = has_ct;
	i->ctx = ctx;
	i->op = op;
	bench_impls[bench_nimpls++] = i;
	return i;
}

const char *bench_tier(const char *const *tiers, size_t ntiers, int impl)
{
	return impl >= 0 && (size_t)impl < ntiers && tiers[impl] ? tiers[impl] : "?";
}

const char *bench_ours_name(const char *tier)
{
	static char label[64];

	snprintf(label, sizeof(label), "kfast %s", tier);
	return label;
}

/* --only: drop every implementation whose family slug is not listed. */
void bench_keep_only(const char *list)
{
	unsigned int i, n = 0;

	for (i = 0; i < bench_nimpls; i++) {
		const char *slug = bench_family_slugs[bench_impls[i]->family], *p = list;
		size_t l = strlen(slug);
		int keep = 0;

		while (*p && !keep) {
			keep = !strncmp(p, slug, l) && (p[l] == ',' || !p[l]);
			p = strchrnul(p, ',');
			if (*p)
				p++;
		}
		if (keep)
			bench_impls[n++] = bench_impls[i];
		else
			free(bench_impls[i]);
	}
	if (!n)
		bench_die("--only %s: no such family (vmac64 vmac128 umac32 umac64 umac96 umac128 "
			  "gcmsiv gcmsiv-more auth ocb)", list);
	bench_nimpls = n;
}

int bench_impl_live(const struct bench_impl *p)
{
	unsigned int i;

	for (i = 0; i < bench_nimpls; i++)
		if (bench_impls[i] == p)
			return 1;
	return 0;
}

void bench_set_nonce(u8 *nonce, unsigned int noncelen, u64 ctr)
{
	if (noncelen >= 8)
		put_unaligned_be64(ctr, nonce + noncelen - 8);
}

/* ------------------------------------------------------------------------ */
/* Clocks                                                                    */

static inline void vzeroupper(void)
{
	if (have_avx)
		__asm__ __volatile__("vzeroupper" : : : "memory");
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double bench_median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* TSC ticks per second against CLOCK_MONOTONIC_RAW, median of 5 x 40 ms. */
double bench_tsc_hz(void)
{
	double v[5];
	int r;

	for (r = 0; r < 5; r++) {
		double t0 = now_ns(), t1;
		u64 c0 = kfast_tsc_start(), c1;

		do
			t1 = now_ns();
		while (t1 - t0 < 40e6);
		c1 = kfast_tsc_stop();
		v[r] = (c1 - c0) / ((t1 - t0) / 1e9);
	}
	return bench_median(v, 5);
}

/*
 * Core clock / TSC: a chain of dependent one-cycle adds runs at one add per
 * core cycle.  Highest of 7 runs (the others saw interruptions).
 */
static double core_per_tsc(int runs, u64 loops)
{
	double best = 0;
	int r;

	for (r = 0; r < runs; r++) {
		u64 c0, c1, x = 0, n = loops, one = 1;

		/*
		 * Register operands: recent Intel cores fold add-immediate
		 * chains at rename, which would make this run "faster" than
		 * one add per cycle.
		 */
		c0 = kfast_tsc_start();
		__asm__ __volatile__(
			"1:\n\t"
			"add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
			"add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
			"dec %1\n\tjnz 1b"
			: "+r"(x), "+r"(n) : "r"(one));
		c1 = kfast_tsc_stop();
		if (8.0 * loops / (c1 - c0) > best)
			best = 8.0 * loops / (c1 - c0);
	}
	return best;
}

double bench_core_per_tsc(void)
{
	return core_per_tsc(7, 4000000);
}

/* The same in a few milliseconds, for a figure per round (bound.c). */
double bench_core_per_tsc_quick(void)
{
	return core_per_tsc(5, 250000);
}

void bench_busy_adds(void)
{
	bench_core_per_tsc();
}

/* The lowest of 1000 back-to-back TSC start/stop pairs. */
double bench_tsc_cost(void)
{
	double cost = INFINITY;
	unsigned int r;

	for (r = 0; r < 1000; r++) {
		u64 t0 = kfast_tsc_start();

		cost = fmin(cost, (double)(kfast_tsc_stop() - t0));
	}
	return cost;
}

/* ------------------------------------------------------------------------ */
/* Timing                                                                    */

static u8 bench_nonce[16];
static u64 nonce_ctr;

double bench_time_one(struct bench_impl *im, const u8 *src, size_t len)
{
	u64 t0, t1;

	vzeroupper();
	bench_set_nonce(bench_nonce, im->noncelen, ++nonce_ctr);
	t0 = kfast_tsc_start();
	im->op(im->ctx, bench_nonce, src, len, outbuf);
	t1 = kfast_tsc_stop();
	return (double)(t1 - t0);
}

static double run_batch(struct bench_impl *im, size_t len, unsigned long n)
{
	unsigned long i;
	u64 t0, t1;

	vzeroupper();
	t0 = kfast_tsc_start();
	for (i = 0; i < n; i++) {
		bench_set_nonce(bench_nonce, im->noncelen, ++nonce_ctr);
		im->op(im->ctx, bench_nonce, bench_msgbuf, len, outbuf);
	}
	t1 = kfast_tsc_stop();
	return (double)(t1 - t0) / n;
}

/* Messages per batch for about batch_cycles, from a warmed-up single call. */
unsigned long bench_batch_size(struct bench_impl *im, size_t len)
{
	double c, want = bench_opt.batch_cycles;
	unsigned long n;
	int k;

	for (k = 0; k < 3; k++)
		run_batch(im, len, 1);
	c = run_batch(im, len, 1);
	n = c > 0 && want / c > 1 ? (unsigned long)(want / c) : 1;
	c = run_batch(im, len, n);
	return c > 0 && want / c > 1 ? (unsigned long)(want / c) : 1;
}

#define MAX_BATCHES 64

/* One cell of one round: lowers *best, returns the median batch. */
static double run_cell(struct bench_impl *im, size_t len, unsigned long batch, double *best)
{
	double v[MAX_BATCHES], spent = 0;
	unsigned int n = 0;

	while (n < MAX_BATCHES && (n < bench_opt.min_batches || spent < bench_opt.cell_cycles)) {
		v[n] = run_batch(im, len, batch);
		spent += v[n] * batch;
		if (v[n] < *best)
			*best = v[n];
		n++;
	}
	return bench_median(v, n);
}

double bench_time_cell(struct bench_impl *im, size_t len, unsigned long batch)
{
	double best = INFINITY;

	run_cell(im, len, batch, &best);
	return best;
}

void bench_time_grid(struct bench_impl *const *rows, unsigned int nrows,
		     const size_t *sizes, unsigned int nsizes, double *best, double *med,
		     const char *what)
{
	unsigned int rounds = bench_opt.rounds, ncells = nrows * nsizes, r, k, c;
	unsigned long *batch = bench_alloc(ncells * sizeof(*batch));
	double *round_med = bench_alloc((size_t)ncells * rounds * sizeof(*round_med));
	double t0 = now_ns();

	/* cell c: row c % nrows, size c / nrows; best[] and med[] likewise */
	for (c = 0; c < ncells; c++) {
		best[c] = INFINITY;
		batch[c] = bench_batch_size(rows[c % nrows], sizes[c / nrows]);
	}
	for (r = 0; r < rounds; r++) {
		unsigned int start = (unsigned int)((u64)r * ncells / rounds);

		for (k = 0; k < ncells; k++) {
			c = (k + start) % ncells;
			round_med[(size_t)c * rounds + r] =
				run_cell(rows[c % nrows], sizes[c / nrows], batch[c], &best[c]);
		}
		fprintf(stderr, "\rbench: %s: round %u/%u done (%.0f s)", what, r + 1, rounds,
			(now_ns() - t0) / 1e9);
	}
	fputc('\n', stderr);
	for (c = 0; c < ncells; c++)
		med[c] = bench_median(round_med + (size_t)c * rounds, rounds);
	free(round_med);
	free(batch);
}

void bench_run_all(void)
{
	unsigned int n = bench_nimpls, i, s;
	double *best = bench_alloc(n * BENCH_NSIZES * sizeof(*best));
	double *med = bench_alloc(n * BENCH_NSIZES * sizeof(*med));

	bench_time_grid(bench_impls, n, bench_sizes, BENCH_NSIZES, best, med, "tables");
	for (s = 0; s < BENCH_NSIZES; s++)
		for (i = 0; i < n; i++) {
			bench_impls[i]->best[s] = best[s * n + i];
			bench_impls[i]->med[s] = med[s * n + i];
		}
	free(best);
	free(med);
}

void bench_alternate(struct bench_impl *a, const u8 *src_a, struct bench_impl *b,
		     const u8 *src_b, size_t len, unsigned int calls, double *best_a,
		     double *best_b)
{
	double tsc_cost = bench_tsc_cost();
	unsigned int r;

	*best_a = *best_b = INFINITY;
	for (r = 0; r < calls; r++) {
		*best_a = fmin(*best_a, bench_time_one(a, src_a, len) - tsc_cost);
		*best_b = fmin(*best_b, bench_time_one(b, src_b, len) - tsc_cost);
	}
}

struct bench_impl *bench_find(enum bench_family family, const char *alg, int ours)
{
	struct bench_impl *found = NULL;
	unsigned int i;

	/* ours: the last of its rows, the best tier (tiers are added in rising order) */
	for (i = 0; i < bench_nimpls; i++) {
		struct bench_impl *im = bench_impls[i];

		if (im->family == family && im->ours == ours && !strcmp(im->alg, alg)) {
			found = im;
			if (!ours)
				break;
		}
	}
	return found;
}

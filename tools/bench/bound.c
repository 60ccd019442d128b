// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The 16 KiB cells against their hardware bound, timed alternately.
 *
 * Documentation/hardware-bound.md states each best tier's bound at 16 KiB
 * as the uops of its loop per byte on the pipes that limit them, and the
 * measured/bound ratio as the message's TSC cycles over the bound's core
 * cycles at an estimated core/TSC: in this VM that estimate moves by a few
 * per cent between the start and the end of one run, and so did the
 * ratios.  Here the bound is not estimated but timed: a loop of exactly
 * the bound's uops (uarch-mix.h) runs right before and after each cell of
 * the row's 16 KiB messages, round after round, so both see the same clock
 * and the same neighbours on the host, and their quotient needs no
 * core/TSC.  The mixes touch no memory: a phase of the host that slows
 * loads shows as a higher ratio, not as a slower bound.
 *
 * Each round also times the row's 8 KiB messages, which splits the 16 KiB
 * time T into the two parts of T(L) = L a + b: the loop's cycles per byte
 * a (its ratio to the bound is what the ratio at 16 KiB tends to for long
 * messages) and the cycles b each message costs beyond them (set-up, the
 * last chunk's reduction, the tag), shown as their share of the 16 KiB
 * ratio.  Both messages stay in the L1 cache.
 *
 * The rows are the tables' own (the same op() functions, checked before
 * any timing), the zmm tier of each algorithm whose loop has a mix; a row
 * --only dropped, or a tier this CPU does not have, is left out.  The mixes
 * need AVX-512F, VAES, VPCLMULQDQ and AVX512IFMA.
 */
#include <math.h>
#include <string.h>

#include <kfast/base.h>

#include "bench_int.h"

#define BOUND_LEN	16384
#define BOUND_HALF	(BOUND_LEN / 2)
#define BOUND_ROUNDS	21

#ifdef __x86_64__
#include "uarch-mix.h"

/*
 * TSC cycles of the bound's uops for BOUND_LEN bytes, fastest of five
 * timings of 64 such lengths (tens of microseconds: rdtsc's own cost is
 * lost in it).  \body is the mix of \bytes bytes.
 */
#define MIX_FN(fn, body, bytes)						\
static __attribute__((target("avx512f"))) double fn(void)		\
{									\
	const unsigned long per_len = BOUND_LEN / (bytes);			\
									\
	return UARCH_TIME(body, 1, 64 * per_len, 5) * per_len;			\
}

MIX_FN(mix_vmac64, VMAC64_MIX, VMAC64_MIX_BYTES)
MIX_FN(mix_vmac128, VMAC128_MIX, VMAC128_MIX_BYTES)
MIX_FN(mix_umac32, UMAC32_MIX, UMAC_MIX_BYTES)
MIX_FN(mix_umac64, UMAC64_MIX, UMAC_MIX_BYTES)
MIX_FN(mix_umac96, UMAC96_MIX, UMAC_MIX_BYTES)
MIX_FN(mix_umac128, UMAC128_MIX, UMAC_MIX_BYTES)
MIX_FN(mix_ctr128, CTR128_MIX, AES_MIX_BYTES)
MIX_FN(mix_ctr256, CTR256_MIX, AES_MIX_BYTES)
MIX_FN(mix_dec128, DEC128_MIX, AES_MIX_BYTES)
MIX_FN(mix_dec256, DEC256_MIX, AES_MIX_BYTES)
MIX_FN(mix_polyval, POLYVAL_MIX, POLYVAL_MIX_BYTES)
MIX_FN(mix_gsvdec, GSVDEC_MIX, GSVDEC_MIX_BYTES)

/* A seal's bound: its CTR pass and its POLYVAL pass, which cannot overlap. */
static double mix_seal128(void)
{
	return mix_ctr128() + mix_polyval();
}

static double mix_seal256(void)
{
	return mix_ctr256() + mix_polyval();
}

static int bound_cpu_ok(void)
{
	return kfast_user_cpu_has(X86_FEATURE_AVX512F) &&
	       kfast_user_cpu_has(X86_FEATURE_AVX512VL) &&
	       kfast_user_cpu_has(X86_FEATURE_VAES) &&
	       kfast_user_cpu_has(X86_FEATURE_VPCLMULQDQ) &&
	       kfast_user_cpu_has(X86_FEATURE_AVX512IFMA);
}

static const struct bound_pick {
	enum bench_family family;
	const char *alg;
	const char *name;	/* our row's name: the zmm tier */
	const char *uops;	/* what the bound counts */
	double (*mix)(void);	/* TSC cycles of those uops for BOUND_LEN bytes */
} bound_picks[] = {
	{ FAM_VMAC64, "VMAC-64", "kfast avx512", VMAC64_MIX_WHAT, mix_vmac64 },
	{ FAM_VMAC128, "VMAC-128", "kfast avx512", VMAC128_MIX_WHAT, mix_vmac128 },
	{ FAM_UMAC32, "UMAC-32", "kfast avx512", UMAC32_MIX_WHAT, mix_umac32 },
	{ FAM_UMAC64, "UMAC-64", "kfast avx512", UMAC64_MIX_WHAT, mix_umac64 },
	{ FAM_UMAC96, "UMAC-96", "kfast avx512", UMAC96_MIX_WHAT, mix_umac96 },
	{ FAM_UMAC128, "UMAC-128", "kfast avx512", UMAC128_MIX_WHAT, mix_umac128 },
	{ FAM_GCMSIV, "AES-128-GCM-SIV", "kfast vaes-avx512",
	  CTR128_MIX_WHAT ", then " POLYVAL_MIX_WHAT, mix_seal128 },
	{ FAM_GCMSIV_MORE, "AES-256-GCM-SIV", "kfast vaes-avx512",
	  CTR256_MIX_WHAT ", then " POLYVAL_MIX_WHAT, mix_seal256 },
	{ FAM_AUTH, "AES-128-GCM-SIV auth-only", "kfast vaes-avx512",
	  POLYVAL_MIX_WHAT, mix_polyval },
	{ FAM_GCMSIV_MORE, "AES-128-GCM-SIV open", "kfast vaes-avx512",
	  GSVDEC_MIX_WHAT, mix_gsvdec },
	{ FAM_GCMSIV_MORE, BENCH_ALG_CTR_PASS_128, "kfast vaes-avx512",
	  CTR128_MIX_WHAT, mix_ctr128 },
	{ FAM_OCB, "AES-128-OCB", "kfast vaes-avx512", CTR128_MIX_WHAT, mix_ctr128 },
	{ FAM_OCB, "AES-128-OCB open", "kfast vaes-avx512", DEC128_MIX_WHAT, mix_dec128 },
	{ FAM_OCB, "AES-256-OCB", "kfast vaes-avx512", CTR256_MIX_WHAT, mix_ctr256 },
	{ FAM_OCB, "AES-256-OCB open", "kfast vaes-avx512", DEC256_MIX_WHAT, mix_dec256 },
};
#define BOUND_MAX_ROWS	ARRAY_SIZE(bound_picks)

static struct bound_row {
	const struct bound_pick *pick;
	struct bench_impl *impl;
	double msg[BOUND_ROUNDS], mix[BOUND_ROUNDS], ratio[BOUND_ROUNDS];
	double half[BOUND_ROUNDS], loop[BOUND_ROUNDS], fixed[BOUND_ROUNDS];
	double med_ratio, q1_ratio, q3_ratio, med_msg, med_mix;
	double med_loop, med_fixed, med_share;
} bound_rows[BOUND_MAX_ROWS];
static unsigned int bound_nrows;
static double bound_core_ratio;	/* median of the rounds' ADD chains */

static struct bench_impl *bound_find(const struct bound_pick *p)
{
	unsigned int i;

	for (i = 0; i < bench_nimpls; i++) {
		struct bench_impl *im = bench_impls[i];

		if (im->ours && im->family == p->family && !strcmp(im->alg, p->alg) &&
		    !strcmp(im->name, p->name))
			return im;
	}
	return NULL;
}

void bench_bound_run(void)
{
	unsigned long batch[BOUND_MAX_ROWS], batch_half[BOUND_MAX_ROWS];
	double core[BOUND_ROUNDS], share[BOUND_ROUNDS];
	unsigned int i, r;

	bound_nrows = 0;
	if (!bound_cpu_ok())
		return;
	for (i = 0; i < BOUND_MAX_ROWS; i++) {
		struct bench_impl *im = bound_find(&bound_picks[i]);

		if (!im)
			continue;
		bound_rows[bound_nrows].pick = &bound_picks[i];
		bound_rows[bound_nrows].impl = im;
		batch[bound_nrows] = bench_batch_size(im, BOUND_LEN);
		batch_half[bound_nrows] = bench_batch_size(im, BOUND_HALF);
		bound_nrows++;
	}
	for (r = 0; r < BOUND_ROUNDS; r++) {
		core[r] = bench_core_per_tsc_quick();
		for (i = 0; i < bound_nrows; i++) {
			struct bound_row *b = &bound_rows[i];

			b->mix[r] = b->pick->mix();
			b->msg[r] = bench_time_cell(b->impl, BOUND_LEN, batch[i]);
			b->half[r] = bench_time_cell(b->impl, BOUND_HALF, batch_half[i]);
			b->mix[r] = fmin(b->mix[r], b->pick->mix());
			b->ratio[r] = b->msg[r] / b->mix[r];
			/* T(L) = L a + b from L = 8 and 16 KiB */
			b->loop[r] = 2 * (b->msg[r] - b->half[r]) / b->mix[r];
			b->fixed[r] = 2 * b->half[r] - b->msg[r];
		}
		fprintf(stderr, "\rbench: 16 KiB against the bound: round %u/%u done", r + 1,
			BOUND_ROUNDS);
	}
	if (bound_nrows)
		fputc('\n', stderr);
	bound_core_ratio = bench_median(core, BOUND_ROUNDS);
	for (i = 0; i < bound_nrows; i++) {
		struct bound_row *b = &bound_rows[i];

		b->med_ratio = bench_median(b->ratio, BOUND_ROUNDS);	/* sorts */
		b->q1_ratio = b->ratio[BOUND_ROUNDS / 4];
		b->q3_ratio = b->ratio[BOUND_ROUNDS - 1 - BOUND_ROUNDS / 4];
		b->med_msg = bench_median(b->msg, BOUND_ROUNDS);
		b->med_mix = bench_median(b->mix, BOUND_ROUNDS);
		for (r = 0; r < BOUND_ROUNDS; r++)
			share[r] = b->fixed[r] / b->mix[r];
		b->med_share = bench_median(share, BOUND_ROUNDS);
		b->med_loop = bench_median(b->loop, BOUND_ROUNDS);
		b->med_fixed = bench_median(b->fixed, BOUND_ROUNDS);
	}
}

void bench_bound_md(FILE *f)
{
	unsigned int i;

	if (!bound_nrows)
		return;
	fprintf(f, "## 16 KiB against the hardware bound, timed alternately\n\n");
	fprintf(f, "The bound of each zmm tier's loop (Documentation/hardware-bound.md) as a "
		   "loop of its uops, independent of each other (`tools/bench/uarch-mix.h`), "
		   "timed right before and after each cell of the row's 16 KiB messages in %u "
		   "rounds (`tools/bench/bound.c`; the faster of the two): the ratio needs no "
		   "core/TSC estimate. Median over the rounds, and the quartiles; the core "
		   "cycles use the median of the rounds' ADD chains (core/TSC %.3f; the "
		   "tables' own estimate, at the start of the run, was %.3f).\n\n"
		   "The same rounds time %u KiB messages too, which splits each 16 KiB time "
		   "into the loop's cycles per byte and a cost per message (T(L) = L a + b): "
		   "\"loop / bound\" is a over the bound's cycles per byte, what the ratio "
		   "tends to for long messages; \"per message\" is b (set-up, the last "
		   "block's reduction, the tag) in TSC and core cycles, and what it adds to "
		   "the 16 KiB ratio. Medians over the rounds.\n\n",
		BOUND_ROUNDS, bound_core_ratio, bench_mach.core_ratio, BOUND_HALF / 1024);
	fprintf(f, "| algorithm (tier) | the bound's uops | bound, TSC c/B (core c/B) | "
		   "measured, TSC c/B | measured / bound | loop / bound | per message, "
		   "TSC (core) cycles: + ratio |\n|---|---|---:|---:|---:|---:|---:|\n");
	for (i = 0; i < bound_nrows; i++) {
		const struct bound_row *b = &bound_rows[i];

		fprintf(f, "| %s (%s) | %s | %.4f (%.4f) | %.4f | **%.2f** (%.2f–%.2f) | "
			   "%.2f | %.0f (%.0f): +%.2f |\n",
			b->impl->alg, b->impl->name + strlen("kfast "), b->pick->uops,
			b->med_mix / BOUND_LEN, b->med_mix * bound_core_ratio / BOUND_LEN,
			b->med_msg / BOUND_LEN, b->med_ratio, b->q1_ratio, b->q3_ratio,
			b->med_loop, b->med_fixed, b->med_fixed * bound_core_ratio,
			b->med_share);
	}
	fputc('\n', f);
}

void bench_bound_summary(FILE *f)
{
	unsigned int i;

	if (!bound_nrows)
		return;
	fprintf(f, "\n16 KiB against the hardware bound (its uops timed alternately, %u rounds; "
		   "TSC c/B; measured / bound median, quartiles; the loop's part and the "
		   "message's, from %u KiB)\n", BOUND_ROUNDS, BOUND_HALF / 1024);
	for (i = 0; i < bound_nrows; i++) {
		const struct bound_row *b = &bound_rows[i];
		char label[128];

		snprintf(label, sizeof(label), "%s (%s)", b->impl->alg,
			 b->impl->name + strlen("kfast "));
		fprintf(f, "  %-52.52s bound %.4f  measured %.4f  %.2f (%.2f-%.2f)  "
			   "loop %.2f + per message %.2f\n", label,
			b->med_mix / BOUND_LEN, b->med_msg / BOUND_LEN, b->med_ratio,
			b->q1_ratio, b->q3_ratio, b->med_loop, b->med_share);
	}
}
#else
/* The mixes are x86-64 code: elsewhere the report has no such section. */
void bench_bound_run(void)
{
}

void bench_bound_md(FILE *f)
{
}

void bench_bound_summary(FILE *f)
{
}
#endif /* __x86_64__ */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ratio rows under each table (report.c prints them in the Markdown
 * file and the terminal summary): ours / peer, per message size, from the
 * same interleaved run's best (or median) figures.
 *
 * The MAC families hold one algorithm, so one row compares our best tier
 * with the best peer.  The GCM-SIV and OCB families mix algorithms (or key
 * sizes and directions): there every
 * algorithm of ours that has a peer of the same name gets its own
 * like-for-like row (AES-128-GCM-SIV seal against BoringSSL's, the open
 * against its open, ...), and the seal and auth-only tables keep a context
 * row against the peers of other algorithms (AES-GCM, AES-OCB, the MACs),
 * the same-algorithm peers left out of it.  A peer row that names one of
 * our algorithms in ratio_with (BoringSSL's AES-GCM) gets a context row of
 * its own: our best tier of that algorithm over that one peer.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_int.h"

static double cell(const struct bench_impl *im, unsigned int s, int use_med)
{
	return use_med ? im->med[s] : im->best[s];
}

/* Whether some row of ours in @fam is of algorithm @alg. */
static int ours_has_alg(enum bench_family fam, const char *alg)
{
	unsigned int i;

	for (i = 0; i < bench_nimpls; i++)
		if (bench_impls[i]->family == fam && bench_impls[i]->ours &&
		    !strcmp(bench_impls[i]->alg, alg))
			return 1;
	return 0;
}

/*
 * Lowest cell among @fam's rows of ours (@ours) or peers: of algorithm
 * @alg, or any (@alg NULL), or for peers with @other set only those whose
 * algorithm none of ours in @fam implements.
 */
static double best_of(enum bench_family fam, int ours, const char *alg, int other,
		      unsigned int s, int use_med)
{
	double best = INFINITY;
	unsigned int i;

	for (i = 0; i < bench_nimpls; i++) {
		const struct bench_impl *im = bench_impls[i];

		if (im->family != fam || im->ours != ours)
			continue;
		if (alg && strcmp(im->alg, alg))
			continue;
		if (other && ours_has_alg(fam, im->alg))
			continue;
		best = fmin(best, cell(im, s, use_med));
	}
	return best;
}

static void fill(struct bench_ratio *r, enum bench_family fam, const char *alg,
		 int other, int use_med)
{
	unsigned int s;

	for (s = 0; s < BENCH_NSIZES; s++) {
		double o = best_of(fam, 1, alg, 0, s, use_med);
		double p = best_of(fam, 0, alg, other, s, use_med);

		r->v[s] = isfinite(o) && isfinite(p) ? o / p : NAN;
	}
}

/* Our best of @alg over the one peer row @peer, per size. */
static void fill_vs(struct bench_ratio *r, enum bench_family fam, const char *alg,
		    const struct bench_impl *peer, int use_med)
{
	unsigned int s;

	for (s = 0; s < BENCH_NSIZES; s++) {
		double o = best_of(fam, 1, alg, 0, s, use_med);

		r->v[s] = isfinite(o) ? o / cell(peer, s, use_med) : NAN;
	}
}

/* "BoringSSL AES-128-GCM-SIV" -> "BoringSSL": the library, for a caption. */
static void peer_library(char *b, size_t n, enum bench_family fam, const char *alg)
{
	unsigned int i, peers = 0;
	const char *name = NULL;

	for (i = 0; i < bench_nimpls; i++) {
		const struct bench_impl *im = bench_impls[i];

		if (im->family == fam && !im->ours && !strcmp(im->alg, alg)) {
			peers++;
			name = im->name;
		}
	}
	if (peers == 1)
		snprintf(b, n, "%.*s", (int)strcspn(name, " "), name);
	else
		snprintf(b, n, "best peer");
}

/* Whether @i is the first row of ours with its algorithm in its family. */
static int first_of_alg(unsigned int i)
{
	unsigned int j;

	for (j = 0; j < i; j++)
		if (bench_impls[j]->family == bench_impls[i]->family && bench_impls[j]->ours &&
		    !strcmp(bench_impls[j]->alg, bench_impls[i]->alg))
			return 0;
	return 1;
}

unsigned int bench_ratios(enum bench_family fam, int use_med,
			  struct bench_ratio *r, unsigned int max)
{
	unsigned int i, n = 0;
	char lib[48];

	if (fam != FAM_GCMSIV && fam != FAM_GCMSIV_MORE && fam != FAM_AUTH && fam != FAM_OCB) {
		snprintf(r[0].caption, sizeof(r[0].caption),
			 "best kfast / best peer (same algorithm)");
		fill(&r[0], fam, NULL, 0, use_med);
		return 1;
	}
	for (i = 0; i < bench_nimpls && n + 1 < max; i++) {
		const struct bench_impl *im = bench_impls[i];

		if (im->family != fam || !im->ours || !first_of_alg(i) ||
		    !isfinite(best_of(fam, 0, im->alg, 0, 0, use_med)))
			continue;
		peer_library(lib, sizeof(lib), fam, im->alg);
		snprintf(r[n].caption, sizeof(r[n].caption), "%s: best kfast / %s", im->alg, lib);
		fill(&r[n++], fam, im->alg, 0, use_med);
	}
	for (i = 0; i < bench_nimpls && n + 1 < max; i++) {
		const struct bench_impl *im = bench_impls[i];

		if (im->family != fam || im->ours || !im->ratio_with ||
		    !ours_has_alg(fam, im->ratio_with))
			continue;
		snprintf(r[n].caption, sizeof(r[n].caption),
			 "%s: best kfast / %s (other algorithm, for context)", im->ratio_with,
			 im->name);
		fill_vs(&r[n++], fam, im->ratio_with, im, use_med);
	}
	if (fam == FAM_GCMSIV_MORE || fam == FAM_OCB) {
		if (!n) {
			snprintf(r[0].caption, sizeof(r[0].caption), "no peer loaded");
			fill(&r[n++], fam, "", 0, use_med);
		}
		return n;
	}
	snprintf(r[n].caption, sizeof(r[n].caption), "%s",
		 fam == FAM_GCMSIV ?
		 "best kfast / best of AES-GCM, AES-CCM, AES-OCB (other algorithms, for context)" :
		 "best kfast / best peer MAC (other algorithms, for context)");
	fill(&r[n++], fam, NULL, 1, use_med);
	return n;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Krovetz and Rogaway's table ("The Software Performance of
 * Authenticated-Encryption Modes", FSE 2011) with today's code on this
 * CPU: CCM, GCM, OCB, GCM-SIV and CTR encryption at the paper's message
 * sizes and its Internet Performance Index, the mix of packet sizes the
 * paper weighs an Internet link's traffic with.
 *
 * The rows are ones the tables already time (the same op() functions, so
 * the same known-answer and cross-checks stand behind them), picked by
 * family, algorithm and library; a row --only dropped, or a library that
 * is not loaded, is left out.  They are timed again here at the paper's
 * sizes, in rounds over every (row, size) cell as the tables are.
 */
#include <math.h>
#include <string.h>

#include <kfast/base.h>

#include "bench_int.h"

static const size_t paper_sizes[] = { 44, 552, 576, 1500, 4096 };
#define PAPER_NSIZES	ARRAY_SIZE(paper_sizes)
/* The IPI's weights of the sizes above; 4 KiB is not in the mix. */
static const double paper_ipi_weight[PAPER_NSIZES] = { 0.05, 0.15, 0.20, 0.60, 0 };

static const struct paper_pick {
	const char *mode;	/* the paper's column */
	enum bench_family family;
	const char *alg;
	const char *library;	/* the row name's first word */
} paper_picks[] = {
	{ "CCM", FAM_GCMSIV, "AES-128-CCM", "OpenSSL" },
	{ "GCM", FAM_GCMSIV, "AES-128-GCM", "OpenSSL" },
	{ "GCM", FAM_GCMSIV, "AES-128-GCM", "BoringSSL" },
	{ "OCB", FAM_OCB, "AES-128-OCB", "OpenSSL" },
	{ "OCB", FAM_OCB, "AES-128-OCB", "kfast" },
	{ "GCM-SIV", FAM_GCMSIV, "AES-128-GCM-SIV", "BoringSSL" },
	{ "GCM-SIV", FAM_GCMSIV, "AES-128-GCM-SIV", "kfast" },
	{ "CTR", FAM_GCMSIV_MORE, "AES-128-CTR", "OpenSSL" },
	{ "CTR", FAM_GCMSIV_MORE, BENCH_ALG_CTR_PASS_128, "kfast" },
};
#define PAPER_MAX_ROWS	ARRAY_SIZE(paper_picks)

static struct paper_row {
	const struct paper_pick *pick;
	struct bench_impl *impl;
	double cpb[PAPER_NSIZES], med_cpb[PAPER_NSIZES];
	double ipi, med_ipi;
} paper_rows[PAPER_MAX_ROWS];
static unsigned int paper_nrows;

/* The row of @p: a peer's first, our last (the best tier). */
static struct bench_impl *paper_find(const struct paper_pick *p)
{
	size_t l = strlen(p->library);
	struct bench_impl *found = NULL;
	unsigned int i;

	for (i = 0; i < bench_nimpls; i++) {
		struct bench_impl *im = bench_impls[i];

		if (im->family != p->family || strcmp(im->alg, p->alg) ||
		    strncmp(im->name, p->library, l) || im->name[l] != ' ')
			continue;
		found = im;
		if (!im->ours)
			break;
	}
	return found;
}

static double paper_ipi(const double *cpb)
{
	double ipi = 0;
	unsigned int s;

	for (s = 0; s < PAPER_NSIZES; s++)
		ipi += paper_ipi_weight[s] * cpb[s];
	return ipi;
}

void bench_paper_run(void)
{
	struct bench_impl *impls[PAPER_MAX_ROWS];
	double best[PAPER_MAX_ROWS * PAPER_NSIZES], med[PAPER_MAX_ROWS * PAPER_NSIZES];
	unsigned int k, n = 0, s;

	for (k = 0; k < PAPER_MAX_ROWS; k++) {
		struct bench_impl *im = paper_find(&paper_picks[k]);

		if (!im)
			continue;
		paper_rows[n].pick = &paper_picks[k];
		paper_rows[n].impl = im;
		impls[n++] = im;
	}
	paper_nrows = n;
	if (!n)
		return;
	bench_time_grid(impls, n, paper_sizes, PAPER_NSIZES, best, med, "the paper's table");
	for (k = 0; k < n; k++) {
		struct paper_row *r = &paper_rows[k];

		for (s = 0; s < PAPER_NSIZES; s++) {
			r->cpb[s] = best[s * n + k] / paper_sizes[s];
			r->med_cpb[s] = med[s * n + k] / paper_sizes[s];
		}
		r->ipi = paper_ipi(r->cpb);
		r->med_ipi = paper_ipi(r->med_cpb);
	}
}

/* The paper's figures for Clarkdale, from its abstract (message sizes not stated there). */
static const struct {
	const char *mode;
	double cpb;
} paper_clarkdale[] = {
	{ "CCM", 4.2 }, { "GCM", 3.7 }, { "OCB", 1.5 }, { "CTR", 1.3 },
};

static const char *paper_then(const char *mode)
{
	static char b[16];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(paper_clarkdale); i++)
		if (!strcmp(paper_clarkdale[i].mode, mode)) {
			snprintf(b, sizeof(b), "%.1f", paper_clarkdale[i].cpb);
			return b;
		}
	return "-";
}

/* Our row of @mode's IPI over the best peer's of the same mode, or NAN. */
static double paper_ratio(const char *mode, int use_med)
{
	double ours = NAN, peer = INFINITY;
	unsigned int k;

	for (k = 0; k < paper_nrows; k++) {
		const struct paper_row *r = &paper_rows[k];
		double v = use_med ? r->med_ipi : r->ipi;

		if (strcmp(r->pick->mode, mode))
			continue;
		if (r->impl->ours)
			ours = v;
		else
			peer = fmin(peer, v);
	}
	return isfinite(peer) ? ours / peer : NAN;
}

void bench_paper_md(FILE *f)
{
	unsigned int k, s;

	if (!paper_nrows)
		return;
	fprintf(f, "## The OCB paper's table on this CPU\n\n");
	fprintf(f, "Krovetz and Rogaway, \"The Software Performance of Authenticated-Encryption "
		   "Modes\" (FSE 2011), found on an Intel i5 (Clarkdale) that good implementations "
		   "of CCM, GCM and OCB encrypt at about 4.2, 3.7 and 1.5 cycles/byte while CTR "
		   "needs 1.3 (the abstract's figures; the column \"2011\" below). The same "
		   "comparison with today's code, AES-128, 16-byte tags, no AAD, encryption "
		   "(OCB and GCM-SIV: seal), in TSC cycles per byte (best of %u rounds over every "
		   "row and size, interleaved, as in the tables above), at the paper's sizes and "
		   "its Internet Performance Index: IPI = 5%% x 44 B + 15%% x 552 B + 20%% x 576 B "
		   "+ 60%% x 1500 B, the weighted mean of the cycles/byte. \"CTR\" is OpenSSL's "
		   "AES-128-CTR and our CTR pass of a GCM-SIV seal alone, the mode every other "
		   "one is measured against. The 2011 figures come from another CPU and are "
		   "shown for the shape, not to be divided.\n\n", bench_opt.rounds);
	fprintf(f, "| mode | implementation | 44 B | 552 B | 576 B | 1500 B | 4 KiB | IPI | "
		   "IPI (median) | 2011 |\n");
	fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (k = 0; k < paper_nrows; k++) {
		const struct paper_row *r = &paper_rows[k];
		const char *b = r->impl->ours ? "**" : "";

		fprintf(f, "| %s | %s%s%s |", r->pick->mode, b, r->impl->name, b);
		for (s = 0; s < PAPER_NSIZES; s++)
			fprintf(f, " %.3f |", r->cpb[s]);
		fprintf(f, " %s%.3f%s | %.3f | %s |\n", b, r->ipi, b, r->med_ipi,
			paper_then(r->pick->mode));
	}
	fprintf(f, "\nIPI, ours / the best peer of the same mode: OCB %.2f, GCM-SIV %.2f, CTR %.2f "
		   "(medians: %.2f, %.2f, %.2f).\n\n", paper_ratio("OCB", 0),
		paper_ratio("GCM-SIV", 0), paper_ratio("CTR", 0), paper_ratio("OCB", 1),
		paper_ratio("GCM-SIV", 1), paper_ratio("CTR", 1));
	fprintf(f, "![The OCB paper's table: IPI per implementation](bench-paper.%s)\n\n",
		strcmp(bench_opt.term, "svg") ? "png" : "svg");
}

void bench_paper_summary(FILE *f)
{
	unsigned int k, s;

	if (!paper_nrows)
		return;
	fprintf(f, "\nThe OCB paper's table, TSC cycles/byte (best):\n%-44s", "");
	for (s = 0; s < PAPER_NSIZES; s++)
		fprintf(f, " %7zu", paper_sizes[s]);
	fprintf(f, "     IPI\n");
	for (k = 0; k < paper_nrows; k++) {
		const struct paper_row *r = &paper_rows[k];
		char label[96];

		snprintf(label, sizeof(label), "%s - %s", r->pick->mode, r->impl->name);
		fprintf(f, "%-44.44s", label);
		for (s = 0; s < PAPER_NSIZES; s++)
			fprintf(f, " %7.3f", r->cpb[s]);
		fprintf(f, " %7.3f\n", r->ipi);
	}
}

/* The IPI bar chart, styled as the NTP chart (report.c). */
void bench_paper_plot(FILE *gp, const char *dir)
{
	char path[512];
	unsigned int k;
	FILE *d;

	if (!paper_nrows)
		return;
	snprintf(path, sizeof(path), "%s/paper.dat", dir);
	d = fopen(path, "w");
	if (!d)
		bench_die("cannot write %s", path);
	fprintf(d, "# label, IPI in TSC cycles/byte (best): kfast, peer\n");
	for (k = 0; k < paper_nrows; k++) {
		const struct paper_row *r = &paper_rows[k];

		fprintf(d, "\"%s\\n%.*s\" %.4f %.4f\n", r->pick->mode, 40, r->impl->name,
			r->impl->ours ? r->ipi : 0.0, r->impl->ours ? 0.0 : r->ipi);
	}
	fclose(d);
	fprintf(gp, "set output '%s/bench-paper.%s'\n", bench_opt.png_dir,
		strcmp(bench_opt.term, "svg") ? "png" : "svg");
	fprintf(gp, "set terminal %s size 1100,620\n",
		strcmp(bench_opt.term, "svg") ? "pngcairo" : "svg");
	fprintf(gp, "set title 'The OCB paper (FSE 2011) on this CPU: Internet Performance Index, "
		    "TSC cycles/byte (best), lower is better' noenhanced\n");
	fprintf(gp, "set style data histograms\nset style histogram rowstacked\n"
		    "set style fill solid 0.85 border -1\nset boxwidth 0.75\nset grid ytics\n"
		    "set key top right\nset xtics rotate by -35 scale 0 font ',8' noenhanced\n"
		    "set ylabel 'TSC cycles / byte'\nset bmargin 7\nset rmargin 9\nset yrange [0:*]\n");
	fprintf(gp, "plot '%s' using 2:xtic(1) title 'kfast (this project)' lc rgb '#1b7837', "
		    "'' using 3 title 'peer libraries' lc rgb '#8c8c8c'\n", path);
}

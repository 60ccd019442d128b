/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What main.c, engine.c, check.c and report.c share and the adapters and
 * peers do not need: the registered rows, the run's settings, the machine
 * as measured, and the entry points main calls in order.
 */
#ifndef KFAST_BENCH_INT_H
#define KFAST_BENCH_INT_H

#include "bench.h"

#define BENCH_NTP_SIZE_INDEX	1	/* 48 bytes */

/* The registered rows, in bench_add() order (engine.c). */
extern struct bench_impl *bench_impls[BENCH_MAX_IMPLS];
extern unsigned int bench_nimpls;

/* The adapters that are linked, in the order their rows are added; NULL-terminated (main.c). */
extern const struct bench_ours *bench_ours[];

/* The command line's settings (main.c). */
struct bench_opts {
	unsigned int rounds;
	int cpu;		/* pinned to; -1 until pinned: the highest allowed */
	const char *png_dir;	/* where plots.gp writes the images */
	const char *term;	/* gnuplot terminal: png or svg */
	double batch_cycles;	/* TSC cycles per timed batch */
	double cell_cycles;	/* per cell and round, at least */
	unsigned int min_batches;	/* per cell and round, at least */
};
extern struct bench_opts bench_opt;

/* The machine, for the reports (main.c). */
struct bench_machine {
	double tsc_rate;	/* TSC ticks per second */
	double core_ratio;	/* core cycles per TSC cycle */
	char perf_note[160];	/* whether a core-cycle counter is readable */
	char cpu_model[128], cpu_fms[64], cpu_flags[256], kernel_rel[160], loadavg[64];
};
extern struct bench_machine bench_mach;

/* engine.c */
void bench_engine_init(void);		/* buffers, vzeroupper or not */
void bench_keep_only(const char *list);	/* --only: comma-separated family slugs */
void bench_set_nonce(uint8_t *nonce, unsigned int noncelen, uint64_t ctr);
double bench_tsc_hz(void);
double bench_core_per_tsc(void);
double bench_core_per_tsc_quick(void);
double bench_median(double *v, unsigned int n);	/* sorts v */
void bench_busy_adds(void);
void bench_run_all(void);
/*
 * Rounds over every (row, size) cell as bench_run_all() does, for other
 * grids (paper.c): best[] and med[] get TSC cycles per message, indexed
 * size * nrows + row.  @what names the grid in the progress line.
 */
void bench_time_grid(struct bench_impl *const *rows, unsigned int nrows,
		     const size_t *sizes, unsigned int nsizes, double *best, double *med,
		     const char *what);

/*
 * One cell timed as a round times it, on its own: the messages per batch
 * for about batch_cycles, then TSC cycles per message of the best batch.
 */
unsigned long bench_batch_size(struct bench_impl *im, size_t len);
double bench_time_cell(struct bench_impl *im, size_t len, unsigned long batch);

/* check.c */
void bench_fill_pattern(uint8_t *p, size_t n, uint32_t seed);
void bench_cross_check(void);
const char *bench_checks_md(void);	/* one Markdown list item per check */

/* ratio.c: the ratio rows under a family's table, ours / peer per size */
#define BENCH_MAX_RATIOS	8
struct bench_ratio {
	char caption[160];
	double v[BENCH_NSIZES];	/* NAN where a side has no figure */
};
unsigned int bench_ratios(enum bench_family fam, int use_med,
			  struct bench_ratio *r, unsigned int max);

/*
 * paper.c: the OCB paper's table, timed after the rounds (run), its
 * Markdown section, terminal lines and chart.
 */
void bench_paper_run(void);
void bench_paper_md(FILE *f);
void bench_paper_summary(FILE *f);
void bench_paper_plot(FILE *gp, const char *dir);

/*
 * bound.c: the 16 KiB cells of the zmm tiers against their bound's uops,
 * timed alternately after the rounds (run), its Markdown section and
 * terminal lines.
 */
void bench_bound_run(void);
void bench_bound_md(FILE *f);
void bench_bound_summary(FILE *f);

/* report.c */
extern const char *const bench_family_slugs[FAM_COUNT];
void bench_print_summary(FILE *f);
void bench_write_md(const char *path, const char *date);
void bench_write_plots(const char *dir);

#endif /* KFAST_BENCH_INT_H */

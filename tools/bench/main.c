// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kfast_bench: our VMAC / UMAC / AES-GCM-SIV cores, every tier the CPU has,
 * against the Debian-packaged peers (OpenSSL 3.0, BoringSSL, nettle 3.8,
 * Crypto++ 8.7),
 * in one run, interleaved, on one pinned core.
 *
 * What is timed: one whole message as a user pays it (key set up once; per
 * message a fresh nonce/IV, the data, the tag), for 16 .. 65536-byte
 * messages.  Our cores are the very files the kernel modules build (generic
 * C compiled without -march; the SIMD tiers are the cores' arch code,
 * selected per implementation exactly as the crypto API glue does).
 *
 * This file is the command line, the machine's description and the order
 * of the run: rows (ours_*.c, peer_*.c), checks (check.c: a mismatch stops
 * the program, exit 1), timing (engine.c), reports (report.c; see
 * Documentation/benchmarks.md, written by it).  Timings are reported, never
 * judged.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include <kfast/base.h>

#include "bench_int.h"

struct bench_opts bench_opt = {
	.rounds = 21,
	.cpu = -1,
	.png_dir = "Documentation",
	.term = "png",
	.batch_cycles = 100000,
	.cell_cycles = 5e6,
	.min_batches = 15,
};
struct bench_machine bench_mach = { .loadavg = "unknown" };
unsigned int bench_flags;

/* The adapters that are linked, and the NULL (room for all four). */
const struct bench_ours *bench_ours[5];

/*
 * GCM-SIV's peers: BoringSSL first, the same algorithm as ours, listed
 * right under our rows; then OpenSSL's other algorithms.
 */
static void peers_gcmsiv_add(const uint8_t *key)
{
	peer_boringssl_add(key);
	peer_openssl_add(key);
}

/*
 * Ours first in each family (generic first), then the peers of that
 * algorithm; the cross-checks and the report list algorithms in this order.
 */
static void add_rows(const u8 *key)
{
	static const struct {
		const struct bench_ours *ours;
		void (*peer_add)(const uint8_t *key);
	} order[] = {
		{ &ours_vmac, peer_cryptopp_add },
		{ &ours_umac, peer_nettle_add },
		{ &ours_gcmsiv, peers_gcmsiv_add },
		{ &ours_ocb, peer_openssl_ocb_add },
	};
	unsigned int k, n = 0;

	BUILD_BUG_ON(ARRAY_SIZE(order) >= ARRAY_SIZE(bench_ours));
	for (k = 0; k < ARRAY_SIZE(order); k++) {
		if (order[k].ours) {
			bench_ours[n++] = order[k].ours;
			order[k].ours->add(key);
		}
		order[k].peer_add(key);
	}
}

static void machine_info(void)
{
	static const char *const want[] = {
		"aes", "pclmulqdq", "avx", "avx2", "bmi2", "adx", "avx512f", "avx512bw",
		"avx512vl", "avx512ifma", "vaes", "vpclmulqdq",
	};
	static char line[8192], flags[8200];
	struct bench_machine *m = &bench_mach;
	struct utsname u;
	FILE *f = fopen("/proc/cpuinfo", "r");
	size_t w;

	snprintf(m->cpu_model, sizeof(m->cpu_model), "unknown");
	while (f && fgets(line, sizeof(line), f)) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		v += 1 + (v[1] == ' ');
		v[strcspn(v, "\n")] = '\0';
		if (!strncmp(line, "model name", 10) && !strcmp(m->cpu_model, "unknown"))
			snprintf(m->cpu_model, sizeof(m->cpu_model), "%s", v);
		if (!strncmp(line, "cpu family", 10) && !m->cpu_fms[0])
			snprintf(m->cpu_fms, sizeof(m->cpu_fms), "family %s", v);
		if (!strncmp(line, "model\t", 6) && !strstr(m->cpu_fms, "model"))
			snprintf(m->cpu_fms + strlen(m->cpu_fms),
				 sizeof(m->cpu_fms) - strlen(m->cpu_fms), " model %s", v);
		if (!strncmp(line, "flags", 5) && !flags[0]) {
			snprintf(flags, sizeof(flags), " %s ", v);
			for (w = 0; w < ARRAY_SIZE(want); w++) {
				char pat[32];

				snprintf(pat, sizeof(pat), " %s ", want[w]);
				if (!strstr(flags, pat))
					continue;
				if (m->cpu_flags[0])
					strcat(m->cpu_flags, " ");
				strcat(m->cpu_flags, want[w]);
			}
		}
	}
	if (f)
		fclose(f);
	if (!uname(&u))
		snprintf(m->kernel_rel, sizeof(m->kernel_rel), "%s %s", u.sysname, u.release);
	f = fopen("/proc/loadavg", "r");
	if (f && fgets(line, sizeof(line), f)) {
		/* "0.52 0.58 0.59 1/200 1234": the 1, 5 and 15 minute averages */
		line[strcspn(line, "/")] = '\0';
		line[strlen(line) > 14 ? 14 : strlen(line)] = '\0';
		snprintf(m->loadavg, sizeof(m->loadavg), "%s (1, 5, 15 min)", line);
	}
	if (f)
		fclose(f);
}

static void pin(void)
{
	cpu_set_t set;
	int c;

	if (sched_getaffinity(0, sizeof(set), &set))
		bench_die("sched_getaffinity: %s", strerror(errno));
	if (bench_opt.cpu < 0)
		for (c = CPU_SETSIZE - 1; c >= 0; c--)
			if (CPU_ISSET(c, &set)) {
				bench_opt.cpu = c;
				break;
			}
	CPU_ZERO(&set);
	CPU_SET(bench_opt.cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		bench_die("cannot pin to CPU %d: %s", bench_opt.cpu, strerror(errno));
}

static void usage(void)
{
	fprintf(stderr,
		"usage: kfast_bench [--rounds N] [--quick] [--cpu N] [--md FILE]\n"
		"                   [--plots DIR] [--png-dir DIR] [--term png|svg]\n"
		"                   [--only FAMILY[,FAMILY...]] [--umac-stream]\n"
		"                   [--vmac-stream] [--gcmsiv-aes256] [--check]\n"
		"  --rounds N    rounds over every cell (default 21, at most %d)\n"
		"  --quick       5 rounds, shorter cells: a noisier run in seconds\n"
		"  --cpu N       pin to CPU N (default: the highest one allowed)\n"
		"  --md FILE     write the Markdown report (tables, checks, method)\n"
		"  --only        time only these families: vmac64 vmac128 umac32 umac64\n"
		"                umac96 umac128 gcmsiv gcmsiv-more auth ocb\n"
		"                (one algorithm's tiers and peers: --only vmac64,vmac128)\n"
		"  --umac-stream also time UMAC through umac_init + umac_set_nonce +\n"
		"                umac_update + umac_final, beside the one-shot umac()\n"
		"  --vmac-stream also time VMAC through vmac_init + vmac_update +\n"
		"                vmac_final, beside vmac_init + vmac_finup (the glue's digest)\n"
		"  --gcmsiv-aes256 also time AES-256-GCM-SIV open and auth-only (the\n"
		"                AES-256 seal is always timed)\n"
		"  --check       run the correctness checks only (exit 1 on a failure), no timing\n"
		"  --plots DIR   write gnuplot data and DIR/plots.gp (images go to --png-dir)\n"
		"  --png-dir DIR where plots.gp puts the charts (default Documentation)\n"
		"  --term T      the charts' gnuplot terminal: png (pngcairo, default) or svg\n",
		BENCH_MAX_ROUNDS);
	exit(2);
}

/* What main does with the command line beyond bench_opt: NULL when not given. */
struct cli {
	const char *md, *plots, *only;
	int check_only;		/* --check: the correctness checks, no timing */
};

static void parse_args(int argc, char **argv, struct cli *cli)
{
	static const struct option lo[] = {
		{ "rounds", 1, NULL, 'r' }, { "quick", 0, NULL, 'q' },
		{ "cpu", 1, NULL, 'c' }, { "md", 1, NULL, 'm' },
		{ "plots", 1, NULL, 'p' }, { "png-dir", 1, NULL, 'd' },
		{ "term", 1, NULL, 't' }, { "only", 1, NULL, 'o' },
		{ "umac-stream", 0, NULL, 'u' }, { "gcmsiv-aes256", 0, NULL, 'g' },
		{ "vmac-stream", 0, NULL, 'v' },
		{ "check", 0, NULL, 'k' }, { "help", 0, NULL, 'h' }, { 0 },
	};
	int o;

	while ((o = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (o) {
		case 'r':
			bench_opt.rounds = (unsigned int)atoi(optarg);
			break;
		case 'q':
			bench_opt.rounds = 5;
			bench_opt.min_batches = 7;
			bench_opt.cell_cycles = 5e5;
			break;
		case 'c':
			bench_opt.cpu = atoi(optarg);
			break;
		case 'm':
			cli->md = optarg;
			break;
		case 'p':
			cli->plots = optarg;
			break;
		case 'd':
			bench_opt.png_dir = optarg;
			break;
		case 't':
			bench_opt.term = optarg;
			break;
		case 'o':
			cli->only = optarg;
			break;
		case 'g':
			bench_flags |= BENCH_GCMSIV_AES256;
			break;
		case 'k':
			cli->check_only = 1;
			break;
		case 'u':
			bench_flags |= BENCH_UMAC_STREAM;
			break;
		case 'v':
			bench_flags |= BENCH_VMAC_STREAM;
			break;
		default:
			usage();
		}
	}
	if (bench_opt.rounds < 1 || bench_opt.rounds > BENCH_MAX_ROUNDS)
		bench_die("--rounds must be 1..%d", BENCH_MAX_ROUNDS);
}

/* The checks beyond the cross-checks; returns the number of failures. */
static unsigned int run_checks(const u8 *key)
{
	const struct bench_ours *const *ad;
	int o, raw_wrong = 0;

	bench_cross_check();
	for (ad = bench_ours; *ad; ad++)
		if ((*ad)->kats)
			(*ad)->kats();
	o = peer_openssl_kats();
	bench_note_check("- OpenSSL rows, through the timed functions: GCM test cases 1-2 "
			 "(McGrew-Viega), RFC 7253 OCB vectors A-1 and A-4, RFC 4493 CMAC examples "
			 "1-2, RFC 4231/2202 HMAC test case 2, RFC 8439 Poly1305 (2.5.2), "
			 "MD5(key||msg) as RFC 1321's alphabet split 16+10, SP 800-38A F.5.1 "
			 "(AES-128-CTR), GMAC-via-GCM equal to OpenSSL's EVP_MAC GMAC at 33 random "
			 "lengths, and AES-128-CCM equal to CCM built from AES-128-ECB blocks "
			 "(SP 800-38C, 12-byte nonce, 16-byte tag) at every length 1-1000%s.\n",
			 o ? " (FAILED)" : "");
	if (peer_boringssl_available()) {
		o = peer_boringssl_kats();
		bench_note_check("- BoringSSL rows, through the timed functions: RFC 8452 C.1 vectors "
				 "1, 2, 4 (AES-128-GCM-SIV seal) and C.2 vectors 1, 2 (AES-256), the "
				 "open path on C.1-4 and C.2-2 (plaintext back, a flipped tag bit "
				 "refused) and on its own seals at 11 lengths, GCM test cases 2 and "
				 "14 (McGrew-Viega, AES-128 and AES-256), and the auth-only path: the "
				 "timed function on the empty message (C.1-1, C.2-1; RFC 8452 has no "
				 "vector with AAD and no plaintext) and the seal call it makes on the "
				 "AAD vectors C.1-8 and C.2-8%s.\n",
				 o ? " (FAILED)" : "");
	} else {
		bench_note_check("- BoringSSL: not loaded (%s), no BoringSSL rows.\n",
				 peer_boringssl_why_not());
	}
	o = peer_cryptopp_sequence_check(key, &raw_wrong);
	bench_tally.cross += 120;
	bench_tally.fail += o;
	bench_note_check("- Crypto++ VMAC-64 (both rows) and VMAC-128 objects, reused with counter "
			 "nonces as timed, equal a fresh object per nonce over 40 consecutive "
			 "nonces%s. For comparison, a plain reused Crypto++ VMAC-64 object "
			 "(Resynchronize per message, as documented) gave %d wrong tags out of 40 "
			 "on the same nonces: the stale-pad bug the wrapper works around.\n",
			 o ? " (FAILED)" : "", raw_wrong);
	return bench_tally.fail;
}

int main(int argc, char **argv)
{
	const struct bench_ours *const *ad;
	struct cli cli = { NULL };
	u8 key[32];
	char date[64];
	time_t now = time(NULL);

	parse_args(argc, argv, &cli);
	pin();
	machine_info();
	bench_engine_init();
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
	bench_fill_pattern(key, sizeof(key), 2026);
	key[0] &= 0x7f;

	add_rows(key);
	if (cli.only)
		bench_keep_only(cli.only);

	fprintf(stderr, "bench: %u implementations x %d sizes, checking correctness first\n",
		bench_nimpls, BENCH_NSIZES);
	if (run_checks(key)) {
		fprintf(stderr, "bench: %u correctness failures: not timing anything\n",
			bench_tally.fail);
		return 1;
	}
	fprintf(stderr, "bench: %u cross-implementation comparisons, %u known-answer tests: all ok\n",
		bench_tally.cross, bench_tally.kats);
	if (cli.check_only) {
		fputs(bench_checks_md(), stdout);
		return 0;
	}

	bench_mach.tsc_rate = bench_tsc_hz();
	bench_mach.core_ratio = bench_core_per_tsc();
	bench_perf_probe(bench_mach.perf_note, sizeof(bench_mach.perf_note), bench_busy_adds);
	fprintf(stderr, "bench: pinned to CPU %d; TSC %.1f MHz; core/TSC %.3f; core cycle counter: %s\n",
		bench_opt.cpu, bench_mach.tsc_rate / 1e6, bench_mach.core_ratio,
		bench_mach.perf_note);

	bench_run_all();
	for (ad = bench_ours; *ad; ad++)
		if ((*ad)->after_rounds)
			(*ad)->after_rounds();
	bench_paper_run();
	bench_bound_run();
	bench_print_summary(stdout);
	if (cli.md) {
		bench_write_md(cli.md, date);
		fprintf(stderr, "bench: wrote %s\n", cli.md);
	}
	if (cli.plots) {
		bench_write_plots(cli.plots);
		fprintf(stderr, "bench: wrote %s/plots.gp and data\n", cli.plots);
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The benchmark's reports, from the timed rows: the Markdown file
 * (Documentation/benchmarks.md under make bench), the gnuplot data and
 * script for its charts, and the terminal summary.  An adapter's own
 * section (bench_ours.md, .summary) comes after the per-family tables.
 */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include <kfast/base.h>

#include "bench_int.h"

static const char *const family_names[FAM_COUNT] = {
	[FAM_VMAC64] = "VMAC-64",
	[FAM_VMAC128] = "VMAC-128",
	[FAM_UMAC32] = "UMAC-32",
	[FAM_UMAC64] = "UMAC-64",
	[FAM_UMAC96] = "UMAC-96",
	[FAM_UMAC128] = "UMAC-128",
	[FAM_GCMSIV] = "AES-128-GCM-SIV encryption (beside BoringSSL's, AES-128-GCM, AES-128-CCM and AES-128-OCB)",
	[FAM_GCMSIV_MORE] = "AES-GCM-SIV decryption (AES-128), AES-256-GCM-SIV encryption (beside BoringSSL's and AES-256-GCM), and AES-CTR (our CTR pass alone, OpenSSL's AES-128-CTR)",
	[FAM_AUTH] = "Authentication only: AES-128-GCM-SIV auth-only beside BoringSSL's and the MACs",
	[FAM_OCB] = "AES-OCB encryption and decryption (AES-128, AES-256), 16-byte tag, no AAD",
};

const char *const bench_family_slugs[FAM_COUNT] = {
	[FAM_VMAC64] = "vmac64", [FAM_VMAC128] = "vmac128",
	[FAM_UMAC32] = "umac32", [FAM_UMAC64] = "umac64",
	[FAM_UMAC96] = "umac96", [FAM_UMAC128] = "umac128",
	[FAM_GCMSIV] = "gcmsiv", [FAM_GCMSIV_MORE] = "gcmsiv-more",
	[FAM_AUTH] = "auth", [FAM_OCB] = "ocb",
};

static void fmt_cpb(char *b, size_t n, double v)
{
	if (!isfinite(v))
		snprintf(b, n, "-");
	else if (v >= 100)
		snprintf(b, n, "%.0f", v);
	else if (v >= 10)
		snprintf(b, n, "%.1f", v);
	else if (v >= 1)
		snprintf(b, n, "%.2f", v);
	else
		snprintf(b, n, "%.3f", v);
}

/*
 * \in with \esc written before every \c, in one of four rotating static
 * buffers (so up to four results can be used in one printf).
 */
static const char *escape_each(const char *in, char c, char esc)
{
	static char buf[4][160];
	static unsigned int k;
	char *o = buf[k++ % 4];
	size_t n = 0;

	for (; *in && n + 3 < sizeof(buf[0]); in++) {
		if (*in == c)
			o[n++] = esc;
		o[n++] = *in;
	}
	o[n] = '\0';
	return o;
}

/* For gnuplot single-quoted strings: ' is written twice. */
static const char *gpq(const char *in)
{
	return escape_each(in, '\'', '\'');
}

/* For Markdown table cells: "MD5(key||msg)" -> "MD5(key\|\|msg)". */
static const char *md(const char *in)
{
	return escape_each(in, '|', '\\');
}

static void table(FILE *f, enum bench_family fam, int use_med)
{
	struct bench_ratio r[BENCH_MAX_RATIOS];
	unsigned int i, s, nr;
	char b[32];

	fprintf(f, "| implementation |");
	for (s = 0; s < BENCH_NSIZES; s++)
		fprintf(f, " %zu B |", bench_sizes[s]);
	fprintf(f, "\n|---|");
	for (s = 0; s < BENCH_NSIZES; s++)
		fprintf(f, "---:|");
	fputc('\n', f);
	for (i = 0; i < bench_nimpls; i++) {
		struct bench_impl *im = bench_impls[i];

		if (im->family != fam)
			continue;
		if (fam >= FAM_GCMSIV)
			fprintf(f, "| %s%s%s - %s |", im->ours ? "**" : "", md(im->alg),
				im->ours ? "**" : "", md(im->name));
		else
			fprintf(f, "| %s%s%s |", im->ours ? "**" : "", md(im->name),
				im->ours ? "**" : "");
		for (s = 0; s < BENCH_NSIZES; s++) {
			double v = use_med ? im->med[s] : im->best[s];

			fmt_cpb(b, sizeof(b), v / bench_sizes[s]);
			fprintf(f, " %s |", b);
		}
		fputc('\n', f);
	}
	nr = bench_ratios(fam, use_med, r, BENCH_MAX_RATIOS);
	for (i = 0; i < nr; i++) {
		fprintf(f, "| *ratio %s* |", md(r[i].caption));
		for (s = 0; s < BENCH_NSIZES; s++) {
			if (isfinite(r[i].v[s]))
				fprintf(f, " %.2f |", r[i].v[s]);
			else
				fprintf(f, " - |");
		}
		fputc('\n', f);
	}
}

static int fam_present(enum bench_family fam)
{
	unsigned int i;

	for (i = 0; i < bench_nimpls; i++)
		if (bench_impls[i]->family == fam)
			return 1;
	return 0;
}

/* NTP rows: the draft's MACs first, then the candidates, ours before peers. */
static int ntp_rank(const struct bench_impl *im)
{
	static const char *const order[] = {
		"MD5(key||msg)", "HMAC-MD5", "HMAC-SHA224", "CMAC-AES-128",
		"GMAC-AES-128", "Poly1305", "UMAC-64", "UMAC-96", "VMAC-64",
		"VMAC-128", "AES-128-GCM-SIV auth-only",
	};
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(order); k++)
		if (!strcmp(im->alg, order[k]))
			return 2 * k + !im->ours;
	return 2 * ARRAY_SIZE(order);
}

static unsigned int ntp_rows(struct bench_impl **rows)
{
	unsigned int i, j, n = 0;

	for (i = 0; i < bench_nimpls; i++) {
		if (!bench_impls[i]->ntp)
			continue;
		for (j = n; j > 0 && ntp_rank(rows[j - 1]) > ntp_rank(bench_impls[i]); j--)
			rows[j] = rows[j - 1];
		rows[j] = bench_impls[i];
		n++;
	}
	return n;
}

/* "OpenSSL 3.0.22 HMAC-MD5" -> "OpenSSL 3.0.22"; ours keep "kfast <tier>". */
static void short_name(char *b, size_t n, const struct bench_impl *im)
{
	const char *sp = strchr(im->name, ' ');

	sp = sp ? strchr(sp + 1, ' ') : NULL;
	if (im->ours || !sp)
		snprintf(b, n, "%s", im->name);
	else
		snprintf(b, n, "%.*s", (int)(sp - im->name), im->name);
}

static const char *ext(void)
{
	return strcmp(bench_opt.term, "svg") ? "png" : "svg";
}

/* How this machine was measured and how the rows are timed. */
static void md_method(FILE *f)
{
	const struct bench_machine *mach = &bench_mach;

	fprintf(f, "## Machine and method\n\n");
	fprintf(f, "- CPU: %s (%s), %ld online CPUs; flags: %s\n", mach->cpu_model, mach->cpu_fms,
		sysconf(_SC_NPROCESSORS_ONLN), mach->cpu_flags);
	fprintf(f, "- Kernel %s; compiler: gcc %s, `-O2` without `-march` (the SIMD tiers are the "
		   "cores' arch code, chosen per row)\n", mach->kernel_rel, __VERSION__);
	fprintf(f, "- Peers: %s; %s; %s; %s\n", peer_openssl_version(),
		peer_boringssl_available() ? peer_boringssl_version() : "BoringSSL not loaded",
		peer_nettle_version(), peer_cryptopp_version());
	fprintf(f, "- **All cycle counts are TSC cycles** (`lfence;rdtsc` .. `rdtscp;lfence`). "
		   "TSC: %.1f MHz (against CLOCK_MONOTONIC_RAW). Core cycle counter: %s. "
		   "A chain of dependent adds runs at %.3f core cycles per TSC cycle "
		   "(core ~%.2f GHz), so core cycles ~= TSC cycles x %.2f on this machine.\n",
		mach->tsc_rate / 1e6, mach->perf_note, mach->core_ratio,
		mach->core_ratio * mach->tsc_rate / 1e9, mach->core_ratio);
	fprintf(f, "- One timed operation = one whole message as a user pays it: key set up once; "
		   "per message a fresh nonce/IV (big-endian counter), the data, the tag. "
		   "Messages are timed in batches of ~%.0f TSC cycles with `vzeroupper` before each "
		   "batch; %u rounds, each visiting every implementation x size (sizes outer, "
		   "start rotated per round); pinned to CPU %d.\n",
		bench_opt.batch_cycles, bench_opt.rounds, bench_opt.cpu);
	fprintf(f, "- AES-GCM-SIV open rows decrypt (and authenticate) one valid ciphertext per "
		   "size, sealed under a fixed nonce before timing: the per-nonce key derivation "
		   "still runs on every call. The AES-128-CTR row is the CTR pass of a seal alone "
		   "(one set-up context, the keystream continued call after call): the bound a "
		   "seal or an open is compared with.\n");
	fprintf(f, "- **best** = lowest batch average over all rounds (the main figure: the machine "
		   "is shared and noisy); **median** = median of the per-round medians.\n");
	fprintf(f, "- Hot caches: one message buffer per size, keys and data stay in L1/L2.\n");
	fprintf(f, "- Load average when the run started: %s (the machine is shared; other work "
		   "inflates medians more than best values).\n\n", mach->loadavg);
}

/* One table per family present: the best figures (with the chart) or the medians. */
static void md_tables(FILE *f, int use_med)
{
	unsigned int fam;

	for (fam = 0; fam < FAM_COUNT; fam++) {
		if (!fam_present(fam))
			continue;
		fprintf(f, "### %s%s\n\n", family_names[fam], use_med ? " (median)" : "");
		table(f, fam, use_med);
		if (use_med)
			fputc('\n', f);
		else
			fprintf(f, "\n![%s](bench-%s.%s)\n\n", family_names[fam],
				bench_family_slugs[fam], ext());
	}
}

static void md_ntp(FILE *f)
{
	const struct bench_machine *mach = &bench_mach;
	struct bench_impl *rows[BENCH_MAX_IMPLS];
	unsigned int i, nrows;

	fprintf(f, "## NTP: 48-byte packets\n\n");
	fprintf(f, "The MACs of the NTP MAC draft (OpenSSL) and the candidates; for our algorithms "
		   "the tier the kernel module would register with the highest priority on this CPU. "
		   "Packets/s per core = TSC Hz / TSC cycles per packet (wall clock).\n\n");
	fprintf(f, "| MAC | implementation | TSC cycles/packet, best | median | TSC cycles/byte | "
		   "~core cycles/packet | packets/s per core, best | median |\n");
	fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|\n");
	nrows = ntp_rows(rows);
	for (i = 0; i < nrows; i++) {
		struct bench_impl *im = rows[i];
		double b = im->best[BENCH_NTP_SIZE_INDEX], m = im->med[BENCH_NTP_SIZE_INDEX];

		fprintf(f, "| %s%s%s | %s | %.0f | %.0f | %.2f | %.0f | %.2f M | %.2f M |\n",
			im->ours ? "**" : "", md(im->alg), im->ours ? "**" : "", md(im->name), b, m,
			b / 48, b * mach->core_ratio, mach->tsc_rate / b / 1e6,
			mach->tsc_rate / m / 1e6);
	}
	fprintf(f, "\n![NTP 48-byte packets per second](bench-ntp.%s)\n\n", ext());
}

static void md_notes(FILE *f)
{
	unsigned int i;

	fprintf(f, "## Notes\n\n");
	for (i = 0; i < bench_nimpls; i++) {
		struct bench_impl *im = bench_impls[i];
		unsigned int a, b;

		/* A shorter message costing 20 %% more than a longer one: say so. */
		for (a = 0; a + 1 < BENCH_NSIZES; a++)
			for (b = a + 1; b < BENCH_NSIZES; b++)
				if (im->best[a] > 1.2 * im->best[b]) {
					fprintf(f, "- Observed, not explained here: %s - %s takes %.0f TSC "
						   "cycles per %zu-byte message but %.0f per %zu-byte "
						   "message (best of all rounds).\n", im->alg, im->name,
						im->best[a], bench_sizes[a], im->best[b],
						bench_sizes[b]);
					a = b = BENCH_NSIZES;
				}
	}
	fprintf(f, "- Peers use the call sequences a user of each library writes: OpenSSL EVP "
		   "(`EVP_EncryptInit_ex` with a new IV per message; `EVP_MAC_init` with the same key "
		   "for CMAC/HMAC; Poly1305's one-time key set per message, its derivation not "
		   "included), nettle `umacNN_set_nonce` + update + digest (an explicit nonce costs "
		   "one AES per message, as ours), Crypto++ `Resynchronize` + `Update` + `Final`.\n");
	fprintf(f, "- Crypto++ 8.7 VMAC-64 reuses a stale pad after `Resynchronize` when the nonce's "
		   "last byte changes by more than its low bit (wrong tags with counter nonces); the "
		   "benchmark wraps the object to invalidate that cache correctly (checked against a "
		   "fresh object per nonce). Its \"pad shared by nonce pairs\" row computes one AES per "
		   "two counter nonces (the draft's intent); the \"pad per message\" row and our code "
		   "compute one AES per message.\n");
	if (peer_boringssl_available())
		fprintf(f, "- OpenSSL 3.0 has no AES-GCM-SIV (3.2+ has); BoringSSL (Debian's "
			   "android-libboringssl, loaded with `dlopen(RTLD_LOCAL | RTLD_DEEPBIND)` "
			   "beside OpenSSL, whose symbol names it shares) does, with x86-64 AES-NI "
			   "assembly when `EVP_has_aes_hardware()` (%d here): the GCM-SIV tables' "
			   "\"best kfast / BoringSSL\" rows are like-for-like. Its calls per message: "
			   "one `EVP_AEAD_CTX_seal` (auth-only: the message as AAD, no plaintext) or "
			   "`EVP_AEAD_CTX_open` on a context keyed once with `EVP_AEAD_CTX_new`.%s\n",
			peer_boringssl_aes_hw(), peer_boringssl_isa_note());
	else
		fprintf(f, "- OpenSSL 3.0 has no AES-GCM-SIV and BoringSSL (android-libboringssl) "
			   "was not loaded: no like-for-like GCM-SIV peer in this run.\n");
	fprintf(f, "- The ratio rows against AES-GCM, AES-OCB and the MACs compare different "
		   "algorithms: context, not like-for-like.\n");
	fprintf(f, "- OpenSSL's per-call overhead (provider dispatch, parameter handling) dominates "
		   "small messages; the kernel's crypto API has its own per-request costs that a "
		   "userspace benchmark does not see (see `kfast_speed.ko`, Documentation/speed.md).\n");
}

/*
 * Sections kept beside the report and copied in at its end, so that a rerun
 * keeps them: the hand-written "Hardware bound" section
 * (Documentation/hardware-bound.md) and the arm64 model that `make
 * model-arm64` writes (Documentation/benchmarks-arm64.md: its "Generated"
 * comment dropped, its headings one level down).  Their figures are their
 * own (a fixed earlier run, llvm-mca, hand counts), not this run's; each
 * section says so.
 */
static void md_copy(FILE *f, const char *path, const char *file, bool demote)
{
	const char *slash = strrchr(path, '/');
	char name[4096], line[4096];
	FILE *in;

	snprintf(name, sizeof(name), "%.*s%s",
		 slash ? (int)(slash - path + 1) : 0, path, file);
	in = fopen(name, "r");
	if (!in)
		return;
	fputc('\n', f);
	while (fgets(line, sizeof(line), in)) {
		if (demote && !strncmp(line, "<!--", 4))
			continue;
		if (demote && line[0] == '#')
			fputc('#', f);
		fputs(line, f);
	}
	fclose(in);
}

void bench_write_md(const char *path, const char *date)
{
	const struct bench_ours *const *ad;
	FILE *f = fopen(path, "w");

	if (!f)
		bench_die("cannot write %s: %s", path, strerror(errno));
	fprintf(f, "<!-- Generated by `make bench` (tools/bench/) on %s. Do not edit; rerun. -->\n",
		date);
	fprintf(f, "# Benchmarks: kfast cores against OpenSSL, BoringSSL, nettle and Crypto++\n\n");
	fprintf(f, "Userspace build of the same core and arch files the kernel modules use, every "
		   "implementation tier this CPU has, timed in one run, interleaved, against the "
		   "Debian-packaged peers. Reproduce with `make bench` (about a minute; "
		   "`make bench BENCH_ARGS=--quick` for a shorter, noisier run).\n\n");
	md_method(f);
	fprintf(f, "## Correctness checks (run before timing, through the timed functions)\n\n");
	fprintf(f, "%u cross-implementation comparisons and %u known-answer tests, all passed:\n\n",
		bench_tally.cross, bench_tally.kats);
	fputs(bench_checks_md(), f);
	fputc('\n', f);

	fprintf(f, "## TSC cycles per byte, best\n\n");
	fprintf(f, "Bold: this project. A ratio below 1 means ours is faster.\n\n");
	md_tables(f, 0);
	for (ad = bench_ours; *ad; ad++)
		if ((*ad)->md)
			(*ad)->md(f);
	bench_bound_md(f);
	bench_paper_md(f);
	md_ntp(f);
	fprintf(f, "## TSC cycles per byte, median of per-round medians\n\n");
	md_tables(f, 1);
	md_notes(f);
	md_copy(f, path, "hardware-bound.md", false);
	md_copy(f, path, "benchmarks-arm64.md", true);
	fclose(f);
}

static FILE *open_w(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		bench_die("cannot write %s", path);
	return f;
}

/* One family's data file and chart: TSC cycles/byte over message size. */
static void plot_family(FILE *gp, const char *dir, enum bench_family fam)
{
	unsigned int i, s, col = 2;
	char path[512];
	FILE *d;

	snprintf(path, sizeof(path), "%s/%s.dat", dir, bench_family_slugs[fam]);
	d = open_w(path);
	fprintf(d, "# message bytes, then TSC cycles/byte (best) per implementation\n");
	for (s = 0; s < BENCH_NSIZES; s++) {
		fprintf(d, "%zu", bench_sizes[s]);
		for (i = 0; i < bench_nimpls; i++)
			if (bench_impls[i]->family == fam)
				fprintf(d, " %.5f", bench_impls[i]->best[s] / bench_sizes[s]);
		fputc('\n', d);
	}
	fclose(d);
	fprintf(gp, "set output '%s/bench-%s.%s'\n", bench_opt.png_dir, bench_family_slugs[fam],
		ext());
	/*
	 * A label centred on the canvas, not a title: a title is centred over
	 * the plot, which the key beside it makes too narrow for the GCM-SIV
	 * families' long names.
	 */
	fprintf(gp, "set label 1 \"%s: TSC cycles per byte (best), lower is better\" "
		    "at screen 0.5, screen 0.965 center noenhanced\nset tmargin 3\n",
		family_names[fam]);
	fprintf(gp, "set logscale xy\nset grid\nset key outside right top noenhanced font ',9'\n"
		    "set xlabel 'message size (bytes)'\nset ylabel 'TSC cycles / byte'\n"
		    "set xrange [12:90000]\nset xtics (16,48,64,256,512,1024,4096,16384,65536)\n");
	fprintf(gp, "plot ");
	for (i = 0; i < bench_nimpls; i++) {
		struct bench_impl *im = bench_impls[i];

		if (im->family != fam)
			continue;
		fprintf(gp, "%s'%s' using 1:%u with linespoints lw %s dt %s pt %u title '%s%s%s'",
			col > 2 ? ", \\\n     " : "", path, col, im->ours ? "2" : "1.5",
			im->ours ? "1" : "2", 5 + col % 8,
			fam >= FAM_GCMSIV ? gpq(im->alg) : "", fam >= FAM_GCMSIV ? " - " : "",
			gpq(im->name));
		col++;
	}
	fprintf(gp, "\nunset logscale\nunset xtics\nunset xrange\nunset label 1\nset tmargin -1\n");
}

/* The NTP rows' data file and bar chart: packets per second per core. */
static void plot_ntp(FILE *gp, const char *dir)
{
	struct bench_impl *rows[BENCH_MAX_IMPLS];
	unsigned int i, nrows;
	char path[512];
	FILE *d;

	snprintf(path, sizeof(path), "%s/ntp.dat", dir);
	d = open_w(path);
	fprintf(d, "# label, million packets/s per core (best): kfast, peer\n");
	nrows = ntp_rows(rows);
	for (i = 0; i < nrows; i++) {
		struct bench_impl *im = rows[i];
		double mpps = bench_mach.tsc_rate / im->best[BENCH_NTP_SIZE_INDEX] / 1e6;
		char sn[64];

		short_name(sn, sizeof(sn), im);
		fprintf(d, "\"%s\\n%s\" %.3f %.3f\n", im->alg, sn,
			im->ours ? mpps : 0.0, im->ours ? 0.0 : mpps);
	}
	fclose(d);
	fprintf(gp, "set output '%s/bench-ntp.%s'\n", bench_opt.png_dir, ext());
	fprintf(gp, "set terminal %s size 1100,620\n",
		strcmp(bench_opt.term, "svg") ? "pngcairo" : "svg");
	fprintf(gp, "set title 'NTP: 48-byte packets per second per core (best; TSC-derived wall "
		    "clock), higher is better' noenhanced\n");
	fprintf(gp, "set style data histograms\nset style histogram rowstacked\n"
		    "set style fill solid 0.85 border -1\nset boxwidth 0.75\nset grid ytics\n"
		    "set key top left\nset xtics rotate by -35 scale 0 font ',8' noenhanced\n"
		    "set ylabel 'million packets / s'\nset bmargin 7\nset rmargin 9\nset yrange [0:*]\n");
	fprintf(gp, "plot '%s' using 2:xtic(1) title 'kfast (this project)' lc rgb '#1b7837', "
		    "'' using 3 title 'peer libraries' lc rgb '#8c8c8c'\n", path);
}

void bench_write_plots(const char *dir)
{
	char path[512];
	unsigned int fam;
	FILE *gp;

	if (bench_mkdir(dir))
		bench_die("cannot create %s", dir);
	snprintf(path, sizeof(path), "%s/plots.gp", dir);
	gp = open_w(path);
	fprintf(gp, "# Generated by kfast_bench; run: gnuplot %s\n", path);
	if (!strcmp(bench_opt.term, "svg"))
		fprintf(gp, "set terminal svg size 1250,560 dynamic font 'sans,11'\n");
	else
		fprintf(gp, "set terminal pngcairo size 1250,560 font 'sans,10'\n");
	for (fam = 0; fam < FAM_COUNT; fam++)
		if (fam_present(fam))
			plot_family(gp, dir, fam);
	plot_ntp(gp, dir);
	bench_paper_plot(gp, dir);
	fclose(gp);
}

void bench_print_summary(FILE *f)
{
	const struct bench_ours *const *ad;
	struct bench_impl *rows[BENCH_MAX_IMPLS];
	struct bench_ratio r[BENCH_MAX_RATIOS];
	unsigned int fam, i, s, nrows, nr;
	char b[32];

	fprintf(f, "\nTSC cycles per byte, best of %u rounds (TSC %.1f MHz; core/TSC %.3f)\n",
		bench_opt.rounds, bench_mach.tsc_rate / 1e6, bench_mach.core_ratio);
	for (fam = 0; fam < FAM_COUNT; fam++) {
		if (!fam_present(fam))
			continue;
		fprintf(f, "\n%s\n%-52s", family_names[fam], "");
		for (s = 0; s < BENCH_NSIZES; s++)
			fprintf(f, " %7zu", bench_sizes[s]);
		fputc('\n', f);
		for (i = 0; i < bench_nimpls; i++) {
			struct bench_impl *im = bench_impls[i];
			char label[160];

			if (im->family != fam)
				continue;
			snprintf(label, sizeof(label), "%s%s%s", fam >= FAM_GCMSIV ? im->alg : "",
				 fam >= FAM_GCMSIV ? " - " : "", im->name);
			fprintf(f, "%-52.52s", label);
			for (s = 0; s < BENCH_NSIZES; s++) {
				fmt_cpb(b, sizeof(b), im->best[s] / bench_sizes[s]);
				fprintf(f, " %7s", b);
			}
			fputc('\n', f);
		}
		nr = bench_ratios(fam, 0, r, BENCH_MAX_RATIOS);
		for (i = 0; i < nr; i++) {
			fprintf(f, "  ratio %s\n%-52s", r[i].caption, "");
			for (s = 0; s < BENCH_NSIZES; s++) {
				if (isfinite(r[i].v[s]))
					fprintf(f, " %7.2f", r[i].v[s]);
				else
					fprintf(f, " %7s", "-");
			}
			fputc('\n', f);
		}
	}
	for (ad = bench_ours; *ad; ad++)
		if ((*ad)->summary)
			(*ad)->summary(f);
	bench_bound_summary(f);
	bench_paper_summary(f);
	fprintf(f, "\nNTP, 48-byte packets: TSC cycles/packet (best, median), packets/s per core (best)\n");
	nrows = ntp_rows(rows);
	for (i = 0; i < nrows; i++) {
		struct bench_impl *im = rows[i];

		fprintf(f, "  %-28s %-40.40s %6.0f %6.0f %8.2f M/s\n", im->alg, im->name,
			im->best[BENCH_NTP_SIZE_INDEX], im->med[BENCH_NTP_SIZE_INDEX],
			bench_mach.tsc_rate / im->best[BENCH_NTP_SIZE_INDEX] / 1e6);
	}
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The longest SIMD section of every tier, measured natively in userspace on
 * this CPU: the cores are built with KFAST_USER_SIMD_TRACE, which makes the
 * shim's kfast_simd_begin()/kfast_simd_end() (kernel_fpu_begin/end in the
 * kernel, where preemption is off in between) read the TSC.  For each
 * algorithm, tier and message (64 KiB and 1 MiB in one call, 1 MiB through
 * the update path in pieces of 64 KiB + 16 bytes, for VMAC a 1023-byte
 * message through vmac_finup(), and for the AEADs 64 KiB of AAD alone), it
 * records the number of sections, their mean and the
 * longest one, best of REPS runs (a timer interrupt or a preemption on this
 * shared machine lengthens a single run's maximum; the worst seen is printed
 * too).  The time is the section as the core code runs it, in TSC ticks
 * (and microseconds), with the begin/end reads (~30 ticks) included; the
 * kernel adds its FPU save/restore around it.  Not measured in an RT kernel.
 *
 * Checks (the "N passed, N failed" line): every tier's output equals the
 * generic tier's, begin/end pairs are balanced and never nested, and a tier
 * doing its bulk work in SIMD registers opens at least one section per
 * 4 KiB (len / 4096 sections; VMAC's bmi2 tier does NH and L2 in
 * general-purpose registers and opens only the pad's AES-NI section, and
 * in vmac_finup() one section for a whole message below 1 KiB).
 * The timings are a report, not a verdict.
 *
 *   simd_sections [--reps N] [--md]   --md: only the summary table (Markdown)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kfast/base.h>
#include "vmac/vmac.h"
#include "umac/umac.h"
#include "gcmsiv/gcm_siv.h"
#include "ocb/ocb.h"
#include "kfast_tsc.h"

#define SECTION_BYTES	4096	/* what the arch hooks are written for */
#define MAX_LEN		(1024 * 1024)
#define PIECE		(65536 + 16)

/* --- the trace behind the shim's kfast_simd_begin()/kfast_simd_end() --- */

static struct {
	u64 t0, max, sum, count;
	int open, errors;
} tr;

void kfast_user_simd_trace_begin(void)
{
	if (tr.open++)
		tr.errors++;	/* nested: kernel_fpu_begin() does not nest */
	tr.t0 = kfast_tsc_start();
}

void kfast_user_simd_trace_end(void)
{
	u64 d = kfast_tsc_stop() - tr.t0;

	if (--tr.open) {
		tr.errors++;	/* end without begin, or nested */
		tr.open = 0;
		return;
	}
	tr.count++;
	tr.sum += d;
	if (d > tr.max)
		tr.max = d;
}

/* --- the jobs --- */

enum alg { VMAC, UMAC, GSV_SEAL, GSV_OPEN, OCB_ENC, OCB_DEC, NR_ALGS };

static const char *const alg_names[NR_ALGS] = {
	"vmac", "umac", "gcm-siv seal", "gcm-siv open", "ocb encrypt", "ocb decrypt",
};

static const char *const vmac_tiers[] = {
#define VMAC_TIER_NAME(id, suffix, prio, present) [VMAC_IMPL_##id] = suffix,
	VMAC_TIERS(VMAC_TIER_NAME)
#undef VMAC_TIER_NAME
};

static const char *const umac_tiers[] = {
#define UMAC_TIER_NAME(id, suffix, prio, present) [UMAC_IMPL_##id] = suffix,
	UMAC_TIERS(UMAC_TIER_NAME)
#undef UMAC_TIER_NAME
};

static const char *const gsv_tiers[] = {
#define GCM_SIV_TIER_NAME(id, suffix, prio, present) [GCM_SIV_IMPL_##id] = suffix,
	GCM_SIV_TIERS(GCM_SIV_TIER_NAME)
#undef GCM_SIV_TIER_NAME
};

static const char *const ocb_tiers[] = {
#define OCB_TIER_NAME(id, suffix, prio, present) [OCB_IMPL_##id] = suffix,
	OCB_TIERS(OCB_TIER_NAME)
#undef OCB_TIER_NAME
};

struct job {
	enum alg alg;
	int impl;
	unsigned int param;	/* tag bytes (VMAC, UMAC), key bytes (AEADs) */
	size_t len;		/* message (or AAD) bytes */
	size_t piece;		/* 0: one call */
	bool aad_only;
	bool whole;		/* VMAC: through vmac_finup() on a fresh context */
};

static u8 *msg, *out, *sealed, *ref;
static size_t sealed_len, ref_len;

static const u8 rawkey[32] = "kfast simd section length key!";
static const u8 nonce[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
			      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
static struct vmac_key vkey;
static struct umac_key ukey[UMAC_NR_IMPLS];
static struct gcm_siv_key gkey[2];
static struct ocb_key okey[2];

static void die(const char *what)
{
	fprintf(stderr, "simd_sections: %s\n", what);
	exit(2);
}

static size_t piece_of(const struct job *j, size_t left)
{
	return j->piece ? min_t(size_t, j->piece, left) : left;
}

/* POLYVAL over buf in the job's pieces. */
static void auth_in_pieces(struct gcm_siv_ctx *ctx, const struct job *j,
			   const u8 *buf, size_t len)
{
	size_t off, n;

	for (off = 0; off < len; off += n) {
		n = piece_of(j, len - off);
		gcm_siv_auth_update(ctx, buf + off, n);
	}
}

/* Runs the job once; returns the bytes of output in out[]. */
static size_t run(const struct job *j)
{
	const u8 *aad = j->aad_only ? msg : NULL;
	size_t aadlen = j->aad_only ? j->len : 0;
	size_t len = j->aad_only ? 0 : j->len, off, n;
	int k = j->param == 32;

	switch (j->alg) {
	case VMAC: {
		struct vmac_ctx ctx;

		vmac_init(&ctx, &vkey, j->param, j->impl);
		if (j->whole) {
			if (vmac_finup(&ctx, msg, len, nonce, out))
				die("vmac_finup failed");
			return j->param;
		}
		for (off = 0; off < len; off += n) {
			n = piece_of(j, len - off);
			vmac_update(&ctx, msg + off, n);
		}
		if (vmac_final(&ctx, nonce, out))
			die("vmac_final failed");
		return j->param;
	}
	case UMAC: {
		struct umac_ctx ctx;

		if (!j->piece) {	/* umac(): its own way for long messages */
			umac(&ukey[j->impl], j->param, nonce, 8, msg, len, out);
			return j->param;
		}
		umac_init(&ctx, &ukey[j->impl], j->param);
		umac_set_nonce(&ctx, nonce, 8);
		for (off = 0; off < len; off += n) {
			n = piece_of(j, len - off);
			umac_update(&ctx, msg + off, n);
		}
		umac_final(&ctx, out);
		return j->param;
	}
	case GSV_SEAL: {
		struct gcm_siv_ctx ctx;
		u8 tag[GCM_SIV_TAG_SIZE];

		if (!j->piece) {
			if (gcm_siv_encrypt(&gkey[k], j->impl, nonce, aad, aadlen, msg, len, out))
				die("gcm_siv_encrypt failed");
			return len + GCM_SIV_TAG_SIZE;
		}
		/* gcm_siv_encrypt_in()'s steps, the text in pieces */
		gcm_siv_init(&ctx, &gkey[k], nonce, j->impl);
		gcm_siv_prepare(&ctx, gcm_siv_prepare_hint(min_t(size_t, aadlen, j->piece),
							   min_t(size_t, len, j->piece)));
		auth_in_pieces(&ctx, j, aad, aadlen);
		gcm_siv_auth_pad(&ctx);
		auth_in_pieces(&ctx, j, msg, len);
		gcm_siv_tag(&ctx, aadlen, len, tag);
		for (off = 0; off < len; off += n) {
			n = piece_of(j, len - off);
			gcm_siv_ctr(&ctx, msg + off, out + off, n);
		}
		memcpy(out + len, tag, GCM_SIV_TAG_SIZE);
		gcm_siv_done(&ctx);
		return len + GCM_SIV_TAG_SIZE;
	}
	case GSV_OPEN: {
		struct gcm_siv_ctx ctx;
		u8 tag[GCM_SIV_TAG_SIZE];

		if (!j->piece) {
			if (gcm_siv_decrypt(&gkey[k], j->impl, nonce, aad, aadlen, sealed,
					    sealed_len, out))
				die("gcm_siv_decrypt rejected its input");
			return len;
		}
		/* gcm_siv_decrypt()'s steps, the text in pieces */
		gcm_siv_init(&ctx, &gkey[k], nonce, j->impl);
		gcm_siv_ctr_start(&ctx, sealed + len);
		gcm_siv_prepare(&ctx, gcm_siv_prepare_hint(min_t(size_t, aadlen, j->piece),
							   min_t(size_t, len, j->piece)));
		auth_in_pieces(&ctx, j, aad, aadlen);
		gcm_siv_auth_pad(&ctx);
		for (off = 0; off < len; off += n) {
			n = piece_of(j, len - off);
			gcm_siv_ctr_dec_auth(&ctx, sealed + off, out + off, n);
		}
		gcm_siv_tag(&ctx, aadlen, len, tag);
		gcm_siv_done(&ctx);
		if (memcmp(tag, sealed + len, GCM_SIV_TAG_SIZE))
			die("gcm-siv open (pieces): wrong tag");
		return len;
	}
	case OCB_ENC:
	case OCB_DEC: {
		bool dec = j->alg == OCB_DEC;
		const u8 *src = dec ? sealed : msg;
		size_t whole = round_down(len, OCB_BLOCK_SIZE);
		struct ocb_ctx ctx;
		u8 tag[OCB_MAX_TAG_SIZE];

		if (!j->piece) {
			if (dec ? ocb_decrypt(&okey[k], j->impl, nonce, 16, aad, aadlen, sealed,
					      sealed_len, out) :
				  ocb_encrypt(&okey[k], j->impl, nonce, 16, aad, aadlen, msg,
					      len, out))
				die("ocb one-shot failed");
			return dec ? len : len + 16;
		}
		/* ocb_encrypt()'s steps, the text in pieces (whole blocks: PIECE is) */
		ocb_init(&ctx, &okey[k], nonce, 16, j->impl);
		for (off = 0; off < aadlen; off += n) {
			n = piece_of(j, aadlen - off);
			ocb_aad_update(&ctx, &okey[k], aad + off, n);
		}
		for (off = 0; off < whole; off += n) {
			n = piece_of(j, whole - off);
			if (dec)
				ocb_decrypt_update(&ctx, &okey[k], src + off, out + off, n);
			else
				ocb_encrypt_update(&ctx, &okey[k], src + off, out + off, n);
		}
		ocb_final(&ctx, &okey[k], src + whole, out + whole, len - whole, dec, tag);
		if (dec) {
			if (memcmp(tag, sealed + len, 16))
				die("ocb decrypt (pieces): wrong tag");
			return len;
		}
		memcpy(out + len, tag, 16);
		return len + 16;
	}
	default:
		die("no such algorithm");
	}
	return 0;
}

/* The generic tier's sealed form of the job's message, for the opens. */
static void seal_for(const struct job *j)
{
	struct job s = *j;

	s.alg = j->alg == GSV_OPEN ? GSV_SEAL : OCB_ENC;
	s.impl = 0;
	s.piece = 0;
	sealed_len = run(&s);
	memcpy(sealed, out, sealed_len);
}

struct result {
	u64 sections, best_max, worst_max, sum, total;
	bool ok;
};

static void measure(const struct job *j, unsigned int reps, struct result *r)
{
	unsigned int i;
	size_t n;

	memset(r, 0, sizeof(*r));
	r->best_max = ~0ull;
	r->ok = true;
	for (i = 0; i < reps; i++) {
		u64 t;

		memset(&tr, 0, sizeof(tr));
		t = kfast_tsc_start();
		n = run(j);
		t = kfast_tsc_stop() - t;
		if (tr.errors || tr.open)
			r->ok = false;
		if (i && tr.count != r->sections)
			r->ok = false;	/* the same work must open the same sections */
		r->sections = tr.count;
		r->sum = tr.sum;
		r->total = !i || t < r->total ? t : r->total;
		r->best_max = min(r->best_max, tr.max);
		r->worst_max = max(r->worst_max, tr.max);
	}
	if (j->impl) {
		/* the same job on the generic tier, untimed */
		struct job g = *j;

		memcpy(ref, out, n);
		ref_len = n;
		g.impl = 0;
		if (run(&g) != ref_len || memcmp(ref, out, ref_len))
			r->ok = false;
	}
}

static double tsc_hz(void)
{
	struct timespec a, b;
	u64 c0, c1;
	double best = 0;
	int r;

	for (r = 0; r < 3; r++) {
		double ns;

		clock_gettime(CLOCK_MONOTONIC_RAW, &a);
		c0 = kfast_tsc_start();
		do {
			clock_gettime(CLOCK_MONOTONIC_RAW, &b);
			ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
		} while (ns < 20e6);
		c1 = kfast_tsc_stop();
		best = max(best, (c1 - c0) / (ns / 1e9));
	}
	return best;
}

/* One summary row: an algorithm (and tag length), a tier, the worst job. */
struct row {
	char alg[24];
	const char *tier;
	bool bulk_simd;
	u64 sec64k, sec1m, longest;
	char longest_job[40];
};

static struct row rows[64];
static unsigned int nrows, passed, failed;
static double hz;
static bool md_only;

static void row_job(struct row *rw, const struct job *j, unsigned int reps)
{
	struct result r;
	char what[40];
	u64 want;

	if (j->alg == GSV_OPEN || j->alg == OCB_DEC)
		seal_for(j);
	measure(j, reps, &r);
	if (j->whole)
		snprintf(what, sizeof(what), "%zu B, finup", j->len);
	else
		snprintf(what, sizeof(what), "%s%s%zu KiB%s",
			 j->alg >= GSV_SEAL ? (j->param == 32 ? "AES-256 " : "AES-128 ") : "",
			 j->aad_only ? "AAD " : "", j->len / 1024,
			 j->piece ? " in 64 KiB+16 updates" : "");
	/* a tier whose bulk work is SIMD: at least one section per 4 KiB */
	want = rw->bulk_simd ? j->len / SECTION_BYTES : 0;
	if (r.sections < want)
		r.ok = false;
	if (r.ok)
		passed++;
	else
		failed++;
	if (!md_only)
		printf("%s %-14s %-7s %-32s sections %6llu (%6.0f B each)  mean %7.0f  longest %7llu (%6.2f us; worst run %7llu)  whole %10llu\n",
		       r.ok ? "ok    " : "not ok", rw->alg, rw->tier, what,
		       (unsigned long long)r.sections,
		       r.sections ? (double)j->len / r.sections : 0.0,
		       r.sections ? (double)r.sum / r.sections : 0.0,
		       (unsigned long long)(r.sections ? r.best_max : 0),
		       r.sections ? r.best_max / hz * 1e6 : 0.0,
		       (unsigned long long)(r.sections ? r.worst_max : 0),
		       (unsigned long long)r.total);
	if (!j->piece && !j->aad_only && j->len == 65536)
		rw->sec64k = max(rw->sec64k, r.sections);
	if (!j->piece && !j->aad_only && j->len == MAX_LEN)
		rw->sec1m = max(rw->sec1m, r.sections);
	if (r.sections && r.best_max > rw->longest) {
		rw->longest = r.best_max;
		snprintf(rw->longest_job, sizeof(rw->longest_job), "%s", what);
	}
}

static void do_row(enum alg alg, unsigned int param, int impl, const char *tier,
		   bool bulk_simd, unsigned int reps)
{
	static const size_t lens[] = { 65536, MAX_LEN };
	struct row *rw = &rows[nrows++];
	struct job j = { .alg = alg, .impl = impl, .param = param };
	unsigned int i, keys, k;

	if (alg == VMAC || alg == UMAC)
		snprintf(rw->alg, sizeof(rw->alg), "%s%u", alg_names[alg], param * 8);
	else
		snprintf(rw->alg, sizeof(rw->alg), "%s", alg_names[alg]);
	rw->tier = tier;
	rw->bulk_simd = bulk_simd;
	keys = alg >= GSV_SEAL ? 2 : 1;
	for (k = 0; k < keys; k++) {
		if (alg >= GSV_SEAL)
			j.param = k ? 32 : 16;
		j.aad_only = false;
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			j.len = lens[i];
			j.piece = 0;
			row_job(rw, &j, reps);
		}
		j.piece = PIECE;
		row_job(rw, &j, reps);
		if (alg == VMAC) {
			/* the short-message path: seven blocks and a tail in one section */
			j.len = 1023;
			j.piece = 0;
			j.whole = true;
			row_job(rw, &j, reps);
			j.whole = false;
		}
		if (alg >= GSV_SEAL) {
			j.aad_only = true;
			j.len = 65536;
			j.piece = 0;
			row_job(rw, &j, reps);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned int reps = 7, i, vmax, umax, gmax, omax, tags;
	int impl;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--reps") && i + 1 < (unsigned int)argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--md"))
			md_only = true;
		else
			die("usage: simd_sections [--reps N] [--md]");
	}
#if !defined(__x86_64__)
	printf("# the TSC is read on x86-64 only: nothing measured here\n");
	printf("simd sections: 0 passed, 0 failed\n");
	return 0;
#endif
	if (!reps)
		reps = 1;
	msg = malloc(MAX_LEN + 64);
	out = malloc(MAX_LEN + 64);
	sealed = malloc(MAX_LEN + 64);
	ref = malloc(MAX_LEN + 64);
	if (!msg || !out || !sealed || !ref)
		die("out of memory");
	for (i = 0; i < MAX_LEN; i++)
		msg[i] = (u8)(i * 131 + (i >> 9));
	hz = tsc_hz();

	vmax = vmac_mod_init();
	umax = umac_mod_init();
	gmax = gcm_siv_mod_init();
	omax = ocb_mod_init();
	if (vmac_setkey(&vkey, rawkey, 16))
		die("vmac_setkey failed");
	for (impl = 0; impl <= (int)umax; impl++)
		if (__umac_setkey(&ukey[impl], rawkey, 16, impl))
			die("__umac_setkey failed");
	if (gcm_siv_setkey(&gkey[0], rawkey, 16) || gcm_siv_setkey(&gkey[1], rawkey, 32) ||
	    ocb_setkey(&okey[0], rawkey, 16) || ocb_setkey(&okey[1], rawkey, 32))
		die("AEAD setkey failed");

	if (!md_only)
		printf("# TSC %.3f GHz; longest = best of %u runs' longest section, TSC ticks\n",
		       hz / 1e9, reps);
	for (tags = 8; tags <= 16; tags += 8)
		for (impl = 0; impl <= (int)vmax; impl++)
			do_row(VMAC, tags, impl, vmac_tiers[impl],
			       impl && strcmp(vmac_tiers[impl], "bmi2"), reps);
	for (tags = 4; tags <= 16; tags += 12)
		for (impl = 0; impl <= (int)umax; impl++)
			do_row(UMAC, tags, impl, umac_tiers[impl], impl, reps);
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++)
		if (gcm_siv_impl_available(impl) && impl <= (int)gmax) {
			do_row(GSV_SEAL, 16, impl, gsv_tiers[impl], impl, reps);
			do_row(GSV_OPEN, 16, impl, gsv_tiers[impl], impl, reps);
		}
	for (impl = 0; impl < OCB_NR_IMPLS; impl++)
		if (ocb_impl_available(impl) && impl <= (int)omax) {
			do_row(OCB_ENC, 16, impl, ocb_tiers[impl], impl, reps);
			do_row(OCB_DEC, 16, impl, ocb_tiers[impl], impl, reps);
		}

	printf("\n| algorithm | tier | data per section (design) | sections, 64 KiB | sections, 1 MiB | longest section, TSC ticks | µs | in |\n");
	printf("|---|---|---|---:|---:|---:|---:|---|\n");
	for (i = 0; i < nrows; i++) {
		struct row *rw = &rows[i];

		if (!rw->longest) {
			printf("| %s | %s | none | %llu | %llu | no SIMD section | | |\n", rw->alg,
			       rw->tier, (unsigned long long)rw->sec64k,
			       (unsigned long long)rw->sec1m);
			continue;
		}
		printf("| %s | %s | %s | %llu | %llu | %llu | %.2f | %s |\n", rw->alg, rw->tier,
		       rw->bulk_simd ? "4 KiB" :
		       "the pad (one AES); finup: a message below 1 KiB",
		       (unsigned long long)rw->sec64k, (unsigned long long)rw->sec1m,
		       (unsigned long long)rw->longest, rw->longest / hz * 1e6,
		       rw->longest_job);
	}
	printf("\n# TSC %.3f GHz (against CLOCK_MONOTONIC_RAW)\n", hz / 1e9);
	printf("simd sections: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}

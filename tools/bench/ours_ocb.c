// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Our AES-OCB rows: every tier the CPU has, AES-128 and AES-256 seals with
 * a 16-byte tag and no AAD and their opens, beside OpenSSL's AES-128-OCB /
 * AES-256-OCB (peer_openssl.c), which the cross-checks compare them with;
 * and the "OCB in CTR passes" section: the best tier's seal and open timed
 * alternately with our CTR pass alone (ours_gcmsiv.c's rows).  Linked by
 * bench.mk only when ocb/ is in the tree.
 */
#include <string.h>

#include <kfast/base.h>
#include "ocb/ocb.h"

#include "bench.h"

/* Driver suffixes by enum ocb_impl value, from the tier table. */
static const char *const ocb_tiers[] = {
#define OCB_TIER_NAME(id, suffix, prio, present) [OCB_IMPL_##id] = suffix,
	OCB_TIERS(OCB_TIER_NAME)
#undef OCB_TIER_NAME
};

struct ours_ocb {
	struct ocb_key key;
	enum ocb_impl impl;
	/* open rows: the sealed form of the last message, under a fixed nonce */
	u8 *sealed;
	size_t sealed_len;
};

/* out = C || tag */
static void op_ocb_seal(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_ocb *o = p;

	if (ocb_encrypt(&o->key, o->impl, nonce, 16, NULL, 0, msg, len, out))
		bench_die("ocb_encrypt failed");
}

/*
 * Decryption (out = plaintext) of the message sealed once per length under
 * a fixed nonce, as the GCM-SIV open rows do (compared by its edges; the
 * harness refills the whole buffer when it changes it).
 */
static void op_ocb_open(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	static const u8 fixed_nonce[OCB_NONCE_SIZE] = { 0x4f, 0x70, 0x65, 0x6e };
	struct ours_ocb *o = p;
	size_t edge = min_t(size_t, len, 32);

	if (o->sealed_len != len + 16 ||
	    memcmp(o->sealed + o->sealed_len, msg, edge) ||
	    memcmp(o->sealed + o->sealed_len + len - edge, msg + len - edge, edge)) {
		if (ocb_encrypt(&o->key, o->impl, fixed_nonce, 16, NULL, 0, msg, len,
				o->sealed))
			bench_die("ocb_encrypt failed");
		o->sealed_len = len + 16;
		memcpy(o->sealed + o->sealed_len, msg, len);
	}
	if (ocb_decrypt(&o->key, o->impl, fixed_nonce, 16, NULL, 0, o->sealed,
			o->sealed_len, out))
		bench_die("ocb_decrypt rejected its own ciphertext");
}

static struct ours_ocb *ocb_new(const u8 *key, unsigned int keylen, enum ocb_impl impl)
{
	struct ours_ocb *o = bench_alloc(sizeof(*o));

	if (ocb_setkey(&o->key, key, keylen))
		bench_die("ocb_setkey failed");
	o->impl = impl;
	o->sealed = bench_alloc(2 * BENCH_MAX_SIZE + 64);
	return o;
}

static void ocb_add(const uint8_t key[32])
{
	int impl;

	ocb_mod_init();
	for (impl = 0; impl < OCB_NR_IMPLS; impl++) {
		const char *name;

		if (!ocb_impl_available(impl))
			continue;
		name = bench_ours_name(bench_tier(ocb_tiers, ARRAY_SIZE(ocb_tiers), impl));
		bench_add(FAM_OCB, "AES-128-OCB", name, 1, 12, 16, 1, ocb_new(key, 16, impl),
			  op_ocb_seal);
		bench_add(FAM_OCB, "AES-256-OCB", name, 1, 12, 16, 1, ocb_new(key, 32, impl),
			  op_ocb_seal);
		bench_add(FAM_OCB, "AES-128-OCB open", name, 1, 12, 0, 1, ocb_new(key, 16, impl),
			  op_ocb_open);
		bench_add(FAM_OCB, "AES-256-OCB open", name, 1, 12, 0, 1, ocb_new(key, 32, impl),
			  op_ocb_open);
	}
}

/* RFC 7253 Appendix A tuples 1, 4 and 7 (no AAD) through the seal rows. */
static void ocb_kats(void)
{
	static const char *const vec[][4] = {
		{ "bbaa99887766554433221100", "", "785407bfffc8ad9edcc5520ac9111ee6", "A-1" },
		{ "bbaa99887766554433221103", "0001020304050607",
		  "45dd69f8f5aae72414054cd1f35d82760b2cd00d2f99bfa9", "A-4" },
		{ "bbaa99887766554433221106", "000102030405060708090a0b0c0d0e0f",
		  "5ce88ec2e0692706a915c00aeb8b2396f40e1c743f52436bdf06d8fa1eca343d", "A-7" },
	};
	static const u8 rfc_key[16] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	};
	struct bench_impl impl = {
		.taglen = 16, .has_ct = 1, .noncelen = 12, .op = op_ocb_seal,
	};
	unsigned int i, t, fails = 0, n = 0;
	char id[32];

	for (t = 0; t < OCB_NR_IMPLS; t++) {
		if (!ocb_impl_available(t))
			continue;
		impl.ctx = ocb_new(rfc_key, 16, t);
		for (i = 0; i < ARRAY_SIZE(vec); i++) {
			snprintf(id, sizeof(id), "OCB %s %s", vec[i][3], ocb_tiers[t]);
			fails += bench_kat(&impl, id, vec[i][0], vec[i][1], vec[i][2]);
			n++;
		}
	}
	bench_note_check("- AES-128-OCB: RFC 7253 Appendix A tuples 1, 4, 7 on every tier "
			 "(%u checks, %u failed).\n", n, fails);
}

/*
 * "OCB costs barely more than CTR": the best tier's seal and open, each
 * timed alternately with our CTR pass alone of the same key size (one call
 * at a time, the lowest of each kept: bench_alternate()), the CTR pass
 * reading what the other one reads (the message, or the ciphertext the
 * open takes).  Needs the GCM-SIV adapter's CTR pass rows.
 */
#define OCB_PASS_NSIZES	3
#define OCB_PASS_CALLS	2000
static const size_t ocb_pass_sizes[OCB_PASS_NSIZES] = { 4096, 16384, 65536 };
static const char *const ocb_pass_algs[2][3] = {
	{ "AES-128-OCB", "AES-128-OCB open", BENCH_ALG_CTR_PASS_128 },
	{ "AES-256-OCB", "AES-256-OCB open", BENCH_ALG_CTR_PASS_256 },
};
/* [key size][seal, CTR beside it, open, CTR beside that][size] */
static double ocb_pass_best[2][4][OCB_PASS_NSIZES];
static int ocb_pass_done;
static const char *ocb_pass_tier;

static void ocb_pass_ratios(void)
{
	unsigned int ks, j;

	for (ks = 0; ks < 2; ks++) {
		struct bench_impl *seal = bench_find(FAM_OCB, ocb_pass_algs[ks][0], 1);
		struct bench_impl *open = bench_find(FAM_OCB, ocb_pass_algs[ks][1], 1);
		struct bench_impl *ctr = bench_find(FAM_GCMSIV_MORE, ocb_pass_algs[ks][2], 1);

		if (!seal || !open || !ctr)
			return;
		ocb_pass_tier = bench_tier(ocb_tiers, ARRAY_SIZE(ocb_tiers),
					   ((struct ours_ocb *)seal->ctx)->impl);
		for (j = 0; j < OCB_PASS_NSIZES; j++) {
			size_t len = ocb_pass_sizes[j];
			double (*b)[OCB_PASS_NSIZES] = ocb_pass_best[ks];

			/* the open's input: its sealed form of the message, made here */
			bench_time_one(open, bench_msgbuf, len);
			bench_alternate(seal, bench_msgbuf, ctr, bench_msgbuf, len, OCB_PASS_CALLS,
					&b[0][j], &b[1][j]);
			bench_alternate(open, bench_msgbuf, ctr, ((struct ours_ocb *)open->ctx)->sealed,
					len, OCB_PASS_CALLS, &b[2][j], &b[3][j]);
		}
	}
	ocb_pass_done = 1;
}

/*
 * The OCB goals, stated per run: how many times faster than OpenSSL the
 * best tier is at 48 B, 1 KiB and 16 KiB (goals 3, 2.5 and 2), seal and
 * open of both key sizes, from the tables' best cells.
 */
static void ocb_goals_md(FILE *f)
{
	static const unsigned int idx[3] = { 1, 5, 7 };	/* 48, 1024, 16384 bytes */
	static const char *const algs[] = {
		"AES-128-OCB", "AES-128-OCB open", "AES-256-OCB", "AES-256-OCB open",
	};
	unsigned int a, j;

	fprintf(f, "### AES-OCB against OpenSSL: the goals\n\n");
	fprintf(f, "Against OpenSSL in this run (the OCB table above, best cells), the best tier is "
		   "this many times faster (the goals: 3x at 48 B, 2.5x at 1 KiB, 2x at 16 KiB):\n\n");
	fprintf(f, "| | 48 B | 1 KiB | 16 KiB |\n|---|---:|---:|---:|\n");
	for (a = 0; a < ARRAY_SIZE(algs); a++) {
		struct bench_impl *ours = bench_find(FAM_OCB, algs[a], 1);
		struct bench_impl *peer = bench_find(FAM_OCB, algs[a], 0);

		if (!ours || !peer)
			continue;
		fprintf(f, "| %s |", algs[a]);
		for (j = 0; j < ARRAY_SIZE(idx); j++)
			fprintf(f, " %.2f |", peer->best[idx[j]] / ours->best[idx[j]]);
		fputc('\n', f);
	}
	fprintf(f, "\nAt 16-64 B the open's time is latency, not throughput: its tag is the "
		   "encryption of a checksum over the plaintext, which waits for the last block's "
		   "decryption, so one more AES runs in series than in the seal (whose checksum "
		   "is known at the start).\n\n");
}

static void ocb_pass_md(FILE *f)
{
	unsigned int ks, j;

	if (!ocb_pass_done)
		return;
	fprintf(f, "### AES-OCB in CTR passes (timed alternately)\n\n");
	fprintf(f, "The best tier (%s): its seal and our CTR pass alone of the same key size "
		   "(the AES-CTR rows of the GCM-SIV decryption table) timed in turn, one message "
		   "at a time, %u times each, the lowest time of each kept (less the cost of "
		   "reading the TSC); then its open and the CTR pass the same way, the CTR pass "
		   "reading the ciphertext the open reads. Krovetz and Rogaway's point: OCB costs "
		   "barely more than encryption alone; the goal here: within 1.12 CTR passes at "
		   "16 KiB.\n\n", ocb_pass_tier, OCB_PASS_CALLS);
	fprintf(f, "| key | message | seal / CTR pass | open / CTR pass | CTR pass, TSC cycles/byte |\n");
	fprintf(f, "|---|---:|---:|---:|---:|\n");
	for (ks = 0; ks < 2; ks++)
		for (j = 0; j < OCB_PASS_NSIZES; j++) {
			double (*b)[OCB_PASS_NSIZES] = ocb_pass_best[ks];

			fprintf(f, "| AES-%d | %zu | %.3f | %.3f | %.3f |\n", ks ? 256 : 128,
				ocb_pass_sizes[j], b[0][j] / b[1][j], b[2][j] / b[3][j],
				b[1][j] / ocb_pass_sizes[j]);
		}
	fputc('\n', f);
}

static void ocb_md(FILE *f)
{
	ocb_goals_md(f);
	ocb_pass_md(f);
}

static void ocb_pass_summary(FILE *f)
{
	unsigned int ks, j;

	if (!ocb_pass_done)
		return;
	fprintf(f, "\nAES-OCB (%s) in CTR passes of the same key size, timed alternately:\n",
		ocb_pass_tier);
	for (ks = 0; ks < 2; ks++)
		for (j = 0; j < OCB_PASS_NSIZES; j++) {
			double (*b)[OCB_PASS_NSIZES] = ocb_pass_best[ks];

			fprintf(f, "  AES-%d %6zu bytes: seal %.3f, open %.3f CTR passes\n",
				ks ? 256 : 128, ocb_pass_sizes[j], b[0][j] / b[1][j],
				b[2][j] / b[3][j]);
		}
}

const struct bench_ours ours_ocb = {
	.add = ocb_add,
	.kats = ocb_kats,
	.after_rounds = ocb_pass_ratios,
	.md = ocb_md,
	.summary = ocb_pass_summary,
};

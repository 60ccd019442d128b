// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Our AES-GCM-SIV rows (every tier the CPU has: AES-128 seal, open and
 * auth-only, AES-256 seal, and the best tier's CTR pass alone), their
 * known-answer tests, and the "CTR passes" section: the best tier's seal
 * and open each timed against its CTR pass.  Linked by bench.mk only when
 * gcmsiv/ is in the tree.
 */
#include <stdlib.h>
#include <string.h>

#include <kfast/base.h>
#include "gcmsiv/gcm_siv.h"

#include "bench.h"

/* Driver suffixes by enum gcm_siv_impl value, from the tier table. */
static const char *const gsv_tiers[] = {
#define GSV_TIER_NAME(id, suffix, prio, present) [GCM_SIV_IMPL_##id] = suffix,
	GCM_SIV_TIERS(GSV_TIER_NAME)
#undef GSV_TIER_NAME
};

static const char *gsv_tier(int impl)
{
	return bench_tier(gsv_tiers, ARRAY_SIZE(gsv_tiers), impl);
}

struct ours_gsv {
	struct gcm_siv_key key;
	enum gcm_siv_impl impl;
	/* open rows: the sealed form of the last message, under a fixed nonce */
	u8 *sealed;
	size_t sealed_len;
};

/* out = C || tag */
static void op_gsv_seal(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_gsv *o = p;

	if (gcm_siv_encrypt(&o->key, o->impl, nonce, NULL, 0, msg, len, out))
		bench_die("gcm_siv_encrypt failed");
}

/* Auth-only ("GMAC-SIV"): the message is the AAD, the plaintext is empty. */
static void op_gsv_auth(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_gsv *o = p;

	if (gcm_siv_encrypt(&o->key, o->impl, nonce, msg, len, NULL, 0, out))
		bench_die("gcm_siv_encrypt failed");
}

/*
 * Decryption (out = plaintext).  A valid ciphertext is needed, so the
 * message is sealed once per length under a fixed nonce (not timed as
 * long as the length stays the same) and every timed call opens that
 * same ciphertext: the per-nonce key derivation runs on every call all
 * the same, there is nothing to cache in GCM-SIV.
 */
static void op_gsv_open(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	static const u8 fixed_nonce[GCM_SIV_NONCE_SIZE] = { 0x4f, 0x70, 0x65, 0x6e };
	struct ours_gsv *o = p;

	/*
	 * Same message as last time?  Compared by its edges (the harness
	 * refills the whole buffer when it changes it): a full memcmp would
	 * add ~0.03 cycles/byte to what is timed.
	 */
	if (o->sealed_len != len + GCM_SIV_TAG_SIZE ||
	    memcmp(o->sealed + o->sealed_len, msg, min_t(size_t, len, 32)) ||
	    memcmp(o->sealed + o->sealed_len + len - min_t(size_t, len, 32),
		   msg + len - min_t(size_t, len, 32), min_t(size_t, len, 32))) {
		if (gcm_siv_encrypt(&o->key, o->impl, fixed_nonce, NULL, 0, msg, len,
				    o->sealed))
			bench_die("gcm_siv_encrypt failed");
		o->sealed_len = len + GCM_SIV_TAG_SIZE;
		memcpy(o->sealed + o->sealed_len, msg, len);
	}
	if (gcm_siv_decrypt(&o->key, o->impl, fixed_nonce, NULL, 0, o->sealed,
			    o->sealed_len, out))
		bench_die("gcm_siv_decrypt rejected its own ciphertext");
}

/*
 * The CTR pass of a seal alone (the best tier; AES-128, and AES-256 for
 * the OCB rows' comparison), timed beside the whole seal and open: "within
 * 1.5x of the CTR limit" measured in the same run.  One context, set up
 * once; each call continues the keystream (the cost does not depend on the
 * counter).
 */
struct ours_ctr {
	struct gcm_siv_ctx ctx;
};

static void op_gsv_ctr(void *p, const u8 *nonce, const u8 *msg, size_t len, u8 *out)
{
	struct ours_ctr *o = p;

	gcm_siv_ctr(&o->ctx, msg, out, len);
}

static struct ours_ctr *gsv_ctr_new(const u8 *key, unsigned int keylen,
				    enum gcm_siv_impl impl)
{
	static const u8 nonce[GCM_SIV_NONCE_SIZE], tag[GCM_SIV_TAG_SIZE] = { 1 };
	struct ours_ctr *o = bench_alloc(sizeof(*o));
	struct gcm_siv_key k;

	if (gcm_siv_setkey(&k, key, keylen))
		bench_die("gcm_siv_setkey failed");
	gcm_siv_init(&o->ctx, &k, nonce, impl);
	gcm_siv_ctr_start(&o->ctx, tag);
	return o;
}

static struct ours_gsv *gsv_new_len(const u8 *key, unsigned int keylen,
				    enum gcm_siv_impl impl)
{
	struct ours_gsv *o = bench_alloc(sizeof(*o));

	if (gcm_siv_setkey(&o->key, key, keylen))
		bench_die("gcm_siv_setkey failed");
	o->impl = impl;
	return o;
}

static struct ours_gsv *gsv_new(const u8 *key, enum gcm_siv_impl impl)
{
	return gsv_new_len(key, 16, impl);
}

static struct ours_gsv *gsv_new_open_len(const u8 *key, unsigned int keylen,
					 enum gcm_siv_impl impl)
{
	struct ours_gsv *o = gsv_new_len(key, keylen, impl);

	/* ciphertext + tag, then the plaintext it was made from */
	o->sealed = bench_alloc(2 * BENCH_MAX_SIZE + GCM_SIV_TAG_SIZE);
	o->sealed_len = SIZE_MAX;
	return o;
}

static struct ours_gsv *gsv_new_open(const u8 *key, enum gcm_siv_impl impl)
{
	return gsv_new_open_len(key, 16, impl);
}

/* The best tier's AES-128 seal and open rows and the CTR pass row. */
static struct bench_impl *gsv_pass_seal, *gsv_pass_open, *gsv_pass_ctr;

static void add_gcmsiv(const u8 *key)
{
	struct bench_impl *i;
	int impl;

	gcm_siv_mod_init();
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		i = bench_add(FAM_GCMSIV, "AES-128-GCM-SIV", bench_ours_name(gsv_tier(impl)), 1,
			      GCM_SIV_NONCE_SIZE, GCM_SIV_TAG_SIZE, 1, gsv_new(key, impl),
			      op_gsv_seal);
		if (impl == (int)gcm_siv_best_impl())
			gsv_pass_seal = i;
	}
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		i = bench_add(FAM_GCMSIV_MORE, "AES-128-GCM-SIV open",
			      bench_ours_name(gsv_tier(impl)), 1, GCM_SIV_NONCE_SIZE, 0, 1,
			      gsv_new_open(key, impl), op_gsv_open);
		if (impl == (int)gcm_siv_best_impl())
			gsv_pass_open = i;
	}
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		bench_add(FAM_GCMSIV_MORE, "AES-256-GCM-SIV", bench_ours_name(gsv_tier(impl)), 1,
			  GCM_SIV_NONCE_SIZE, GCM_SIV_TAG_SIZE, 1, gsv_new_len(key, 32, impl),
			  op_gsv_seal);
	}
	gsv_pass_ctr = bench_add(FAM_GCMSIV_MORE, BENCH_ALG_CTR_PASS_128,
				 bench_ours_name(gsv_tier(gcm_siv_best_impl())), 1, 0, 0, 1,
				 gsv_ctr_new(key, 16, gcm_siv_best_impl()), op_gsv_ctr);
	bench_add(FAM_GCMSIV_MORE, BENCH_ALG_CTR_PASS_256,
		  bench_ours_name(gsv_tier(gcm_siv_best_impl())), 1, 0, 0, 1,
		  gsv_ctr_new(key, 32, gcm_siv_best_impl()), op_gsv_ctr);
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		i = bench_add(FAM_AUTH, "AES-128-GCM-SIV auth-only",
			      bench_ours_name(gsv_tier(impl)), 1, GCM_SIV_NONCE_SIZE,
			      GCM_SIV_TAG_SIZE, 0, gsv_new(key, impl), op_gsv_auth);
		i->ntp = impl == (int)gcm_siv_best_impl();
	}
	if (!(bench_flags & BENCH_GCMSIV_AES256))
		return;
	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		if (!gcm_siv_impl_available(impl))
			continue;
		bench_add(FAM_GCMSIV_MORE, "AES-256-GCM-SIV open", bench_ours_name(gsv_tier(impl)),
			  1, GCM_SIV_NONCE_SIZE, 0, 1, gsv_new_open_len(key, 32, impl), op_gsv_open);
		bench_add(FAM_AUTH, "AES-256-GCM-SIV auth-only", bench_ours_name(gsv_tier(impl)),
			  1, GCM_SIV_NONCE_SIZE, GCM_SIV_TAG_SIZE, 0, gsv_new_len(key, 32, impl),
			  op_gsv_auth);
	}
}

/* C.1-8: AAD 01, plaintext 02 00 .. 00 (8 bytes), through gcm_siv_encrypt(). */
static void gsv_kat_aad(struct ours_gsv *o, int impl)
{
	static const u8 nonce[12] = { 3 }, aad[1] = { 1 }, pt8[8] = { 2 };
	u8 out[64], exp[32];

	bench_unhex("1e6daba35669f4273b0a1a2560969cdf790d99759abd1508", exp, sizeof(exp));
	gcm_siv_encrypt(&o->key, impl, nonce, aad, 1, pt8, 8, out);
	bench_tally.kats++;
	if (memcmp(out, exp, 24)) {
		fprintf(stderr, "bench: GCM-SIV %s RFC8452 C.1-8 (AAD) FAILED\n", gsv_tier(impl));
		bench_tally.fail++;
	}
}

/* Decrypt what the timed seal produced, at several lengths. */
static void gsv_check_open(struct ours_gsv *o, int impl)
{
	static const u8 nonce[12] = { 3 };
	u8 buf[1100], sealed[1100 + 16], back[1100];
	size_t len, j;

	for (len = 0; len <= 1024; len += 97) {
		for (j = 0; j < len; j++)
			buf[j] = (u8)(j * 31 + impl);
		op_gsv_seal(o, nonce, buf, len, sealed);
		bench_tally.cross++;
		if (gcm_siv_decrypt(&o->key, impl, nonce, NULL, 0, sealed, len + 16, back) ||
		    memcmp(back, buf, len)) {
			fprintf(stderr, "bench: GCM-SIV %s: own ciphertext rejected (%zu)\n",
				gsv_tier(impl), len);
			bench_tally.fail++;
		}
	}
}

/*
 * RFC 8452 C.1 through the timed op() of every tier, the AAD path (C.1-8)
 * through the same gcm_siv_encrypt() the auth-only op() calls, and
 * decryption of what the seal op() produced.
 */
static void gcmsiv_kats(void)
{
	static const u8 k[16] = { 1 };
	static const char *const c1[][3] = {
		{ "1", "", "dc20e2d83f25705bb49e439eca56de25" },
		{ "2", "0100000000000000", "b5d839330ac7b786578782fff6013b815b287c22493a364c" },
		{ "4", "01000000000000000000000000000000",
		  "743f7c8077ab25f8624e2e948579cf77303aaf90f6fe21199c6068577437a0c4" },
	};
	int impl;

	for (impl = 0; impl < GCM_SIV_NR_IMPLS; impl++) {
		struct bench_impl t = { .op = op_gsv_seal, .taglen = 16, .has_ct = 1 };
		struct ours_gsv *o;
		unsigned int v;
		char id[64];

		if (!gcm_siv_impl_available(impl))
			continue;
		o = gsv_new(k, impl);
		t.ctx = o;
		for (v = 0; v < ARRAY_SIZE(c1); v++) {
			snprintf(id, sizeof(id), "GCM-SIV %s RFC8452 C.1-%s", gsv_tier(impl),
				 c1[v][0]);
			bench_kat(&t, id, "030000000000000000000000", c1[v][1], c1[v][2]);
		}
		gsv_kat_aad(o, impl);
		gsv_check_open(o, impl);
		free(o);
	}
	bench_note_check("- AES-128-GCM-SIV, every tier through the timed function: RFC 8452 C.1 "
			 "vectors 1, 2, 4 (seal), vector 8 (with AAD, the path the auth-only rows "
			 "use), and decryption of its own output at 11 lengths.\n");
}

/*
 * The "seal and open within 1.5x of the CTR limit" as a ratio that
 * the machine's speed changes do not move: the best tier's AES-128 seal and
 * its CTR pass alone are timed alternately, one message at a time, each
 * keeping its lowest time (less the cost of reading the TSC), and the
 * quotient of the minima is taken; then the same for its open.  The CTR
 * pass reads what the other one reads (the message, or the ciphertext the
 * open takes), so the pair's data stays as much in L1 as a single one's.
 * Separate best-of-round cells (the tables) can come from different
 * minutes, whose speed differs by up to ~10% here.
 */
#define GSV_PASS_NSIZES	3
#define GSV_PASS_CALLS	2000
static const unsigned int gsv_pass_size_idx[GSV_PASS_NSIZES] = { 6, 7, 8 };
/* [0] seal, [1] CTR beside it, [2] open, [3] CTR beside that */
static double gsv_pass_best[4][GSV_PASS_NSIZES];
static int gsv_pass_done;

static void gsv_pass_ratios(void)
{
	struct bench_impl *rows[4] = { gsv_pass_seal, gsv_pass_ctr, gsv_pass_open, gsv_pass_ctr };
	const u8 *msgbuf = bench_msgbuf;
	unsigned int k, j;

	for (k = 0; k < 4; k++)
		if (!rows[k] || !bench_impl_live(rows[k]))
			return;
	for (j = 0; j < GSV_PASS_NSIZES; j++) {
		size_t len = bench_sizes[gsv_pass_size_idx[j]];
		/* The open's input: its sealed form of msgbuf, made by its first call. */
		const u8 *sealed = ((struct ours_gsv *)gsv_pass_open->ctx)->sealed;

		bench_time_one(gsv_pass_open, msgbuf, len);
		for (k = 0; k < 4; k += 2)
			bench_alternate(rows[k], msgbuf, rows[k + 1], k ? sealed : msgbuf, len,
					GSV_PASS_CALLS, &gsv_pass_best[k][j],
					&gsv_pass_best[k + 1][j]);
	}
	gsv_pass_done = 1;
}

static void gsv_pass_md(FILE *f)
{
	unsigned int i;

	if (!gsv_pass_done)
		return;
	fprintf(f, "### AES-128-GCM-SIV in CTR passes (timed alternately)\n\n");
	fprintf(f, "The best tier (%s): its seal and its CTR pass alone (the AES-128-CTR row "
		   "above) timed in turn, one message at a time, %u times each, the lowest time "
		   "of each kept (less the ~30 cycles of reading the TSC); then its open and the "
		   "CTR pass the same way, the CTR pass reading the ciphertext the open reads. "
		   "The quotients are what the machine's minute-to-minute speed changes (up to "
		   "~10%%) do not move; the tables' cells are timed at different moments.\n\n",
		gsv_tier(gcm_siv_best_impl()), GSV_PASS_CALLS);
	fprintf(f, "| message | seal / CTR pass | open / CTR pass | CTR pass, TSC cycles/byte |\n");
	fprintf(f, "|---:|---:|---:|---:|\n");
	for (i = 0; i < GSV_PASS_NSIZES; i++)
		fprintf(f, "| %zu | %.3f | %.3f | %.3f |\n", bench_sizes[gsv_pass_size_idx[i]],
			gsv_pass_best[0][i] / gsv_pass_best[1][i],
			gsv_pass_best[2][i] / gsv_pass_best[3][i],
			gsv_pass_best[1][i] / bench_sizes[gsv_pass_size_idx[i]]);
	fputc('\n', f);
}

static void gsv_pass_summary(FILE *f)
{
	unsigned int i;

	if (!gsv_pass_done)
		return;
	fprintf(f, "\nAES-128-GCM-SIV (%s) in CTR passes, timed alternately:\n",
		gsv_tier(gcm_siv_best_impl()));
	for (i = 0; i < GSV_PASS_NSIZES; i++)
		fprintf(f, "  %6zu bytes: seal %.3f, open %.3f CTR passes (CTR pass %.3f TSC cycles/byte)\n",
			bench_sizes[gsv_pass_size_idx[i]],
			gsv_pass_best[0][i] / gsv_pass_best[1][i],
			gsv_pass_best[2][i] / gsv_pass_best[3][i],
			gsv_pass_best[1][i] / bench_sizes[gsv_pass_size_idx[i]]);
}

const struct bench_ours ours_gcmsiv = {
	.add = add_gcmsiv,
	.kats = gcmsiv_kats,
	.after_rounds = gsv_pass_ratios,
	.md = gsv_pass_md,
	.summary = gsv_pass_summary,
};

// SPDX-License-Identifier: GPL-2.0
/*
 * kfast_speed: tcrypt-style speed tests for the kfast MACs and AEADs and for
 * the kernel's own baselines, plus a table for 48-byte NTP packets.
 *
 * Why a module of our own: tcrypt only takes alg= for hashes (mode=300/400),
 * has no way to benchmark an AEAD by name, always fails to load (-EAGAIN) and
 * is not built on every distribution kernel.  This module
 *  - prints exactly tcrypt's lines for hash, AEAD and skcipher speed tests
 *    ("testing speed of async <alg> (<driver>)", "test%3u (%5u byte blocks,
 *    ...): ..."; "testing speed of <alg> (<driver>) encryption" and, for an
 *    skcipher, "testing speed of async <alg> (<driver>) encryption", then
 *    "test %u (%d bit key, %d byte blocks): ..."), so scripts that parse
 *    tcrypt's output read ours.  The headers follow tcrypt since 6.2 (no
 *    leading newline; 6.1's tcrypt still starts them with "\n").  Each
 *    result line is printed in one printk (tcrypt uses pr_cont, which
 *    interleaves with other messages under load);
 *  - follows each result with a "rate" line (MB/s, cycles/byte with two
 *    decimals, ns/op), which tcrypt lacks;
 *  - reports an algorithm that is not available as a "skipped" line;
 *  - returns 0 from its init function after running, so insmod succeeds and
 *    the module can be removed with rmmod (it does nothing once loaded).
 *
 * Parameters (see Documentation/speed.md): mode= (numbered test sets),
 * alg= (any hash or AEAD name or driver name), sec= (0: count cycles like
 * tcrypt, N: run each test for N seconds, at most KSPEED_MAX_SEC), klen=
 * (key length), aad= (AEAD associated data length), iters= (timed runs per
 * test with sec=0; tcrypt uses 8), updates= (0 skips the multi-update
 * entries of the hash template).
 *
 * Clock: on x86 "cycles" are TSC ticks read with rdtsc (tcrypt's
 * get_cycles() is rdtsc too), i.e. cycles of the nominal TSC frequency, not
 * core clock cycles.  Other architectures have no portable cycle counter, so
 * there the module prints tcrypt's nanosecond variant ("nsecs/operation").
 *
 * Nothing is allocated inside a timed loop: tfms, requests, buffers and
 * scatterlists are set up before each test.  Per-message nonces are paid as a
 * user pays them: for MACs that take their nonce in the data (vmac: the first
 * 16 bytes, umac: the first 8) a counter in the nonce changes before each
 * operation, and AEAD encryption changes its IV before each operation
 * (decryption keeps the IV its ciphertext was made with); an skcipher
 * (ctr(aes)) starts every message from a 16-byte IV of its own.
 */
/* compat/compat.h is force-included and pulls in printk.h first. */
#undef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include "../vmac/vmac.h"
#include "../umac/umac.h"
#include "../gcmsiv/gcm_siv.h"
#include "../ocb/ocb.h"
#ifdef CONFIG_X86
#include <asm/msr.h>
#include <asm/tsc.h>
#endif

#ifndef CRYPTO_NOLOAD
#define CRYPTO_NOLOAD 0
#endif

#define KSPEED_MAX_SEC		10
#define KSPEED_HASH_SEGS	4		/* tcrypt's TVMEMSIZE */
#define KSPEED_HASH_SEG		4096
#define KSPEED_HASH_BUF		(KSPEED_HASH_SEGS * KSPEED_HASH_SEG)
#define KSPEED_AEAD_MAX_LEN	8192
#define KSPEED_MAX_AAD		512
#define KSPEED_MAX_TAG		64
#define KSPEED_AEAD_BUF		(KSPEED_MAX_AAD + KSPEED_AEAD_MAX_LEN + KSPEED_MAX_TAG)
#define KSPEED_MAX_IV		32
#define KSPEED_MAX_KEY		64
#define KSPEED_MAX_DIGEST	64
#define KSPEED_WARMUP		4		/* as tcrypt */
#define KSPEED_NTP_LEN		48
#define KSPEED_NTP_BATCH	256
#define KSPEED_NTP_BATCHES	16		/* with sec=0 */
#define KSPEED_NTP_MAX_BATCHES	1024		/* with sec>0 */

static int mode;
module_param(mode, int, 0444);
MODULE_PARM_DESC(mode, "test set: 0 alg= only, 1 VMAC, 2 UMAC, 3 GCM-SIV, 4 kernel MAC baselines, 5 kernel AEAD baselines (gcm, ccm, rfc4543, ctr), 6 OCB, 10 = 1+2+3+6, 11 = 4+5, 20 NTP 48-byte table, 99 everything");

static char *alg;
module_param(alg, charp, 0444);
MODULE_PARM_DESC(alg, "hash or aead (cra_name or driver name) to test, alone (mode=0) or before mode=");

static unsigned int sec;
module_param(sec, uint, 0444);
MODULE_PARM_DESC(sec, "0: count cycles like tcrypt; N: run each test for N seconds (at most 10)");

static unsigned int klen;
module_param(klen, uint, 0444);
MODULE_PARM_DESC(klen, "key length in bytes (0: the test set's default; for alg=, 16 if the tfm needs a key)");

static unsigned int aad = 16;
module_param(aad, uint, 0444);
MODULE_PARM_DESC(aad, "AEAD associated data length in bytes (default 16, at most 512)");

static unsigned int iters = 8;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "timed runs per test with sec=0 (default 8, as tcrypt)");

static bool updates = true;
module_param(updates, bool, 0444);
MODULE_PARM_DESC(updates, "hash template: also run the multi-update entries (default 1, as tcrypt)");

/* Everything a test touches, allocated once by the init function. */
struct kspeed_bufs {
	u8 key[KSPEED_MAX_KEY];
	u8 iv[KSPEED_MAX_IV];
	u8 digest[KSPEED_MAX_DIGEST];
	char driver[CRYPTO_MAX_ALG_NAME];
	u8 *hbuf;		/* hash data, KSPEED_HASH_BUF bytes */
	u8 *ain;		/* AEAD source: AAD || data || tag */
	u8 *aout;		/* AEAD destination */
	u64 *bt;		/* NTP per-batch ticks */
	u64 *bn;		/* NTP per-batch nanoseconds */
	struct scatterlist hsg[KSPEED_HASH_SEGS];
	struct scatterlist sgin;
	struct scatterlist sgout;
};

static struct kspeed_bufs *kb;
static unsigned int kspeed_ran, kspeed_skipped, kspeed_failed;

#ifdef CONFIG_X86
#define KSPEED_UNIT "cycles"
static __always_inline u64 kspeed_ticks(void)
{
	return rdtsc_ordered();
}
#else
#define KSPEED_UNIT "nsecs"
static __always_inline u64 kspeed_ticks(void)
{
	return ktime_get_ns();
}
#endif

/* Stores a big-endian 64-bit nonce/IV counter (any alignment). */
static __always_inline void kspeed_put_ctr(u64 ctr, u8 *p)
{
	__be64 v = cpu_to_be64(ctr);

	memcpy(p, &v, sizeof(v));
}

struct kspeed_res {
	u64 ops;
	u64 ticks;
	u64 ns;
};

/*
 * Run @expr (an operation returning 0 or -errno) the way tcrypt does: with
 * @secs == 0, KSPEED_WARMUP untimed runs then @n timed runs; otherwise as
 * many runs as fit in @secs seconds of jiffies.  Ticks and nanoseconds are
 * taken around the whole timed loop.  A macro rather than a function taking
 * a callback, so that no indirect call is timed.
 */
#define KSPEED_RUN(res, secs, n, expr)					\
({									\
	struct kspeed_res *__r = (res);					\
	unsigned int __secs = (secs);					\
	int __ret = 0;							\
	u64 __i = 0;							\
									\
	if (!__secs) {							\
		for (__i = 0; __i < KSPEED_WARMUP && !__ret; __i++)	\
			__ret = (expr);	/* evaluated once per run */	\
		__r->ns = ktime_get_ns();				\
		__r->ticks = kspeed_ticks();				\
		for (__i = 0; __i < (n) && !__ret; __i++)		\
			__ret = (expr);					\
	} else {							\
		unsigned long __end = jiffies + __secs * HZ;		\
									\
		__r->ns = ktime_get_ns();				\
		__r->ticks = kspeed_ticks();				\
		while (time_before(jiffies, __end) && !__ret) {		\
			__ret = (expr);					\
			if (!(++__i & 1023))				\
				cond_resched();				\
		}							\
	}								\
	__r->ticks = kspeed_ticks() - __r->ticks;			\
	__r->ns = ktime_get_ns() - __r->ns;				\
	__r->ops = __i;							\
	__ret;								\
})

static void kspeed_skip(const char *name, long err)
{
	pr_info("%s: skipped (not available, error %ld)\n", name, err);
	kspeed_skipped++;
}

/* The line tcrypt lacks: bandwidth and fractional cycles per byte. */
static void kspeed_rate(unsigned int idx, unsigned int blen,
			const struct kspeed_res *r)
{
	u64 bytes = r->ops * blen;
	u64 mbps = r->ns ? div64_u64(bytes * 100000, r->ns) : 0;
	u64 tpb = bytes ? div64_u64(r->ticks * 100, bytes) : 0;
	u64 nsop = r->ops ? div64_u64(r->ns, r->ops) : 0;

	pr_info("rate %3u: %5u bytes: %7llu.%02llu MB/s, %5llu.%02llu " KSPEED_UNIT
		"/byte, %8llu ns/op\n", idx, blen, div_u64(mbps, 100), mbps % 100,
		div_u64(tpb, 100), tpb % 100, nsop);
}

/* ------------------------------------------------------------------------ */
/* Hash speed, tcrypt's test_ahash_speed_common()                            */

/* tcrypt's generic_hash_speed_template: block length / bytes per update. */
static const struct {
	u16 blen;
	u16 plen;
} kspeed_hash_tmpl[] = {
	{ 16, 16 }, { 64, 16 }, { 64, 64 }, { 256, 16 }, { 256, 64 },
	{ 256, 256 }, { 1024, 16 }, { 1024, 256 }, { 1024, 1024 },
	{ 2048, 16 }, { 2048, 256 }, { 2048, 1024 }, { 2048, 2048 },
	{ 4096, 16 }, { 4096, 256 }, { 4096, 1024 }, { 4096, 4096 },
	{ 8192, 16 }, { 8192, 256 }, { 8192, 1024 }, { 8192, 4096 },
	{ 8192, 8192 },
};

struct kspeed_hash_run {
	struct ahash_request *req;
	struct crypto_wait wait;
	unsigned int nonce;	/* nonce bytes at the start of the data */
	u64 ctr;
};

static int kspeed_hash_once(struct kspeed_hash_run *r, unsigned int blen,
			    unsigned int plen)
{
	unsigned int pcount;
	int ret;

	/* A fresh nonce per message: big-endian counter in its last 8 bytes. */
	if (r->nonce)
		kspeed_put_ctr(++r->ctr, kb->hbuf + r->nonce - 8);

	if (plen == blen)
		return crypto_wait_req(crypto_ahash_digest(r->req), &r->wait);

	/*
	 * As tcrypt: the same plen bytes are fed blen / plen times.  In 7.x
	 * crypto_ahash_final() is finup() with req->nbytes = 0, so the length
	 * is set again for every message.
	 */
	ahash_request_set_crypt(r->req, kb->hsg, kb->digest, plen);
	ret = crypto_wait_req(crypto_ahash_init(r->req), &r->wait);
	for (pcount = 0; !ret && pcount < blen; pcount += plen)
		ret = crypto_wait_req(crypto_ahash_update(r->req), &r->wait);
	if (!ret)
		ret = crypto_wait_req(crypto_ahash_final(r->req), &r->wait);
	return ret;
}

#define KSPEED_QUIET	1	/* no "skipped" line if the name does not exist */

/*
 * @keylen: 0 = no setkey unless the tfm needs a key (then 16, or 32 if 16 is
 * refused); @nonce: nonce bytes at the start of each block (vmac 16, umac 8);
 * @min_blen: smallest block the algorithm accepts (poly1305 takes its 32-byte
 * one-time key from the data).
 */
static void kspeed_hash_test(const char *name, unsigned int keylen,
			     unsigned int nonce, unsigned int min_blen,
			     u32 mask, int flags)
{
	struct kspeed_hash_run r = { .nonce = nonce };
	struct crypto_ahash *tfm;
	struct kspeed_res res;
	unsigned int i;
	int ret;

	kb->driver[0] = '\0';
	tfm = crypto_alloc_ahash(name, 0, mask);
	if (IS_ERR(tfm)) {
		if (!(flags & KSPEED_QUIET))
			kspeed_skip(name, PTR_ERR(tfm));
		return;
	}
	strscpy(kb->driver, crypto_ahash_driver_name(tfm), sizeof(kb->driver));

	pr_info("testing speed of async %s (%s)\n", name, kb->driver);

	if (crypto_ahash_digestsize(tfm) > KSPEED_MAX_DIGEST) {
		pr_err("digestsize(%u) > %d\n", crypto_ahash_digestsize(tfm),
		       KSPEED_MAX_DIGEST);
		kspeed_failed++;
		goto out_tfm;
	}

	if (klen)
		keylen = klen;
	if (keylen > KSPEED_MAX_KEY) {
		pr_err("klen %u > %d\n", keylen, KSPEED_MAX_KEY);
		kspeed_failed++;
		goto out_tfm;
	}
	memset(kb->key, 0xff, sizeof(kb->key));
	if (keylen) {
		ret = crypto_ahash_setkey(tfm, kb->key, keylen);
	} else if (crypto_ahash_get_flags(tfm) & CRYPTO_TFM_NEED_KEY) {
		keylen = 16;
		ret = crypto_ahash_setkey(tfm, kb->key, keylen);
		if (ret) {
			keylen = 32;
			ret = crypto_ahash_setkey(tfm, kb->key, keylen);
		}
		pr_info("%s needs a key: using klen=%u\n", name, keylen);
	} else {
		ret = 0;
	}
	if (ret) {
		pr_err("setkey() failed flags=%x\n", crypto_ahash_get_flags(tfm));
		kspeed_failed++;
		goto out_tfm;
	}

	r.req = ahash_request_alloc(tfm, GFP_KERNEL);
	if (!r.req) {
		pr_err("ahash request allocation failure\n");
		kspeed_failed++;
		goto out_tfm;
	}
	crypto_init_wait(&r.wait);
	ahash_request_set_callback(r.req, CRYPTO_TFM_REQ_MAY_BACKLOG,
				   crypto_req_done, &r.wait);

	/* tcrypt's data is 0xff; a leading nonce must have its top bit clear. */
	memset(kb->hbuf, 0xff, KSPEED_HASH_BUF);
	memset(kb->hbuf, 0, nonce);
	sg_init_table(kb->hsg, KSPEED_HASH_SEGS);
	for (i = 0; i < KSPEED_HASH_SEGS; i++)
		sg_set_buf(&kb->hsg[i], kb->hbuf + i * KSPEED_HASH_SEG,
			   KSPEED_HASH_SEG);

	for (i = 0; i < ARRAY_SIZE(kspeed_hash_tmpl); i++) {
		unsigned int blen = kspeed_hash_tmpl[i].blen;
		unsigned int plen = kspeed_hash_tmpl[i].plen;

		if ((!updates && plen != blen) || blen < min_blen ||
		    blen < nonce)
			continue;

		ahash_request_set_crypt(r.req, kb->hsg, kb->digest, plen);
		ret = KSPEED_RUN(&res, sec, iters,
				 kspeed_hash_once(&r, blen, plen));
		if (ret) {
			pr_err("hashing failed ret=%d\n", ret);
			kspeed_failed++;
			break;
		}
		if (sec)
			pr_info("test%3u (%5u byte blocks,%5u bytes per update,%4u updates): %6u opers/sec, %9lu bytes/sec\n",
				i, blen, plen, blen / plen, (u32)div_u64(res.ops, sec),
				(unsigned long)div_u64(res.ops * blen, sec));
		else
			pr_info("test%3u (%5u byte blocks,%5u bytes per update,%4u updates): %6lu " KSPEED_UNIT "/operation, %4lu " KSPEED_UNIT "/byte\n",
				i, blen, plen, blen / plen,
				(unsigned long)div64_u64(res.ticks, res.ops),
				(unsigned long)div64_u64(res.ticks, res.ops * blen));
		kspeed_rate(i, blen, &res);
		kspeed_ran++;
		cond_resched();
	}

	ahash_request_free(r.req);
out_tfm:
	crypto_free_ahash(tfm);
}

/*
 * tcrypt's result line of its AEAD and skcipher speed tests (the same in
 * test_aead_speed() and test_skcipher_speed()), then our rate line.
 */
static void kspeed_cipher_result(unsigned int idx, unsigned int keylen,
				 unsigned int len, const struct kspeed_res *res)
{
	if (sec)
		pr_info("test %u (%d bit key, %d byte blocks): %d operations in %d seconds (%llu bytes)\n",
			idx, keylen * 8, len, (int)res->ops, sec,
			res->ops * len);
	else
		pr_info("test %u (%d bit key, %d byte blocks): 1 operation in %lu " KSPEED_UNIT " (%d bytes)\n",
			idx, keylen * 8, len,
			(unsigned long)div64_u64(res->ticks + res->ops / 2, res->ops),
			len);
	kspeed_rate(idx, len, res);
	kspeed_ran++;
}

/* ------------------------------------------------------------------------ */
/* AEAD speed, tcrypt's test_aead_speed()                                    */

/* tcrypt's aead_sizes (1420 replaced 2048 before 6.1). */
static const u16 kspeed_aead_sizes[] = {
	16, 64, 256, 512, 1024, 1420, 4096, 8192,
};

/* Key lengths tried for alg= when klen= is not given (tcrypt's templates). */
static const u8 kspeed_aead_probe_keys[] = { 16, 20, 24, 28, 32, 36 };

/* ccm: L, the length field's bytes (2..8); 3 leaves a 12-byte nonce. */
#define KSPEED_CCM_L		3

struct kspeed_aead_run {
	struct aead_request *req;
	struct crypto_wait wait;
	unsigned int ivsize;
	unsigned int ctr_off;	/* where the per-message counter goes */
	bool ccm;
	u64 ctr;
};

/*
 * The IV each test starts from: tcrypt's 0xff, except for ccm, whose IV is
 * flags || nonce || counter: its first byte must be L - 1 (the kernel's ccm
 * refuses 0xff with -EINVAL) and the counter field is ccm's own (it
 * overwrites it), so there the per-message counter goes in the nonce's last
 * 8 bytes instead of the IV's.
 */
static void kspeed_aead_prep_iv(struct kspeed_aead_run *r)
{
	memset(kb->iv, 0xff, r->ivsize);
	r->ctr_off = r->ivsize >= 8 ? r->ivsize - 8 : 0;
	if (r->ccm && r->ivsize == 16) {
		kb->iv[0] = KSPEED_CCM_L - 1;
		memset(kb->iv + 16 - KSPEED_CCM_L, 0, KSPEED_CCM_L);
		r->ctr_off = 16 - KSPEED_CCM_L - 8;
	}
}

static int kspeed_aead_once(struct kspeed_aead_run *r, bool enc)
{
	if (enc) {
		/* A fresh IV per message: a big-endian counter in it. */
		if (r->ivsize >= 8)
			kspeed_put_ctr(++r->ctr, kb->iv + r->ctr_off);
		return crypto_wait_req(crypto_aead_encrypt(r->req), &r->wait);
	}
	return crypto_wait_req(crypto_aead_decrypt(r->req), &r->wait);
}

/* @keys: key lengths, 0-terminated; NULL = probe kspeed_aead_probe_keys. */
static void kspeed_aead_test(const char *name, const u8 *keys, u32 mask,
			     int flags)
{
	struct kspeed_aead_run r = {};
	u8 keylens[ARRAY_SIZE(kspeed_aead_probe_keys) + 1] = {};
	unsigned int authsize, nkeys = 0, k, i, idx;
	struct crypto_aead *tfm;
	struct kspeed_res res;
	int dir, ret;

	kb->driver[0] = '\0';
	tfm = crypto_alloc_aead(name, 0, mask);
	if (IS_ERR(tfm)) {
		if (!(flags & KSPEED_QUIET))
			kspeed_skip(name, PTR_ERR(tfm));
		return;
	}
	strscpy(kb->driver, crypto_aead_driver_name(tfm), sizeof(kb->driver));

	/* A fresh tfm's authsize is the algorithm's maximum (16 for ccm). */
	authsize = crypto_aead_authsize(tfm);
	r.ivsize = crypto_aead_ivsize(tfm);
	r.ccm = !strncmp(crypto_tfm_alg_name(crypto_aead_tfm(tfm)), "ccm(", 4);
	if (authsize > KSPEED_MAX_TAG || r.ivsize > KSPEED_MAX_IV ||
	    aad > KSPEED_MAX_AAD) {
		pr_err("%s: authsize %u / ivsize %u / aad %u too large\n", name,
		       authsize, r.ivsize, aad);
		kspeed_failed++;
		goto out_tfm;
	}

	memset(kb->key, 0xff, sizeof(kb->key));
	if (klen) {
		keylens[nkeys++] = min_t(unsigned int, klen, KSPEED_MAX_KEY);
	} else if (keys) {
		while (keys[nkeys] && nkeys < ARRAY_SIZE(keylens) - 1) {
			keylens[nkeys] = keys[nkeys];
			nkeys++;
		}
	} else {
		for (k = 0; k < ARRAY_SIZE(kspeed_aead_probe_keys); k++)
			if (!crypto_aead_setkey(tfm, kb->key,
						kspeed_aead_probe_keys[k]))
				keylens[nkeys++] = kspeed_aead_probe_keys[k];
	}
	if (!nkeys) {
		pr_err("%s: no key length accepted (use klen=)\n", name);
		kspeed_failed++;
		goto out_tfm;
	}

	r.req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!r.req) {
		pr_err("alg: aead: Failed to allocate request for %s\n", name);
		kspeed_failed++;
		goto out_tfm;
	}
	crypto_init_wait(&r.wait);
	aead_request_set_callback(r.req, CRYPTO_TFM_REQ_MAY_BACKLOG,
				  crypto_req_done, &r.wait);

	for (dir = 0; dir < 2; dir++) {
		bool enc = dir == 0;
		const char *e = enc ? "encryption" : "decryption";

		pr_info("testing speed of %s (%s) %s\n", name, kb->driver, e);
		idx = 0;
		for (k = 0; k < nkeys; k++) {
			for (i = 0; i < ARRAY_SIZE(kspeed_aead_sizes); i++, idx++) {
				unsigned int len = kspeed_aead_sizes[i];

				ret = crypto_aead_setkey(tfm, kb->key, keylens[k]);
				if (!ret)
					ret = crypto_aead_setauthsize(tfm, authsize);
				if (ret) {
					pr_err("setkey() failed flags=%x\n",
					       crypto_aead_get_flags(tfm));
					kspeed_failed++;
					goto out_req;
				}
				kspeed_aead_prep_iv(&r);
				memset(kb->ain, 0xff, KSPEED_AEAD_BUF);
				memset(kb->aout, 0xff, KSPEED_AEAD_BUF);
				sg_init_one(&kb->sgin, kb->ain,
					    aad + len + (enc ? 0 : authsize));
				sg_init_one(&kb->sgout, kb->aout,
					    aad + len + (enc ? authsize : 0));
				aead_request_set_ad(r.req, aad);

				if (!enc) {
					/* A valid tag first, buffers reversed. */
					aead_request_set_crypt(r.req, &kb->sgout,
							       &kb->sgin, len,
							       kb->iv);
					ret = crypto_wait_req(crypto_aead_encrypt(r.req),
							      &r.wait);
					if (ret) {
						pr_err("calculating auth failed (%d)\n",
						       ret);
						kspeed_failed++;
						goto out_req;
					}
				}
				aead_request_set_crypt(r.req, &kb->sgin, &kb->sgout,
						       len + (enc ? 0 : authsize),
						       kb->iv);

				ret = KSPEED_RUN(&res, sec, iters,
						 kspeed_aead_once(&r, enc));
				if (ret) {
					pr_err("%s() failed return code=%d\n", e, ret);
					kspeed_failed++;
					goto out_req;
				}
				kspeed_cipher_result(idx, keylens[k], len, &res);
				cond_resched();
			}
		}
	}

out_req:
	aead_request_free(r.req);
out_tfm:
	crypto_free_aead(tfm);
}

/* ------------------------------------------------------------------------ */
/* Cipher speed, tcrypt's test_skcipher_speed() (async: test_acipher_speed) */

struct kspeed_skcipher_run {
	struct skcipher_request *req;
	struct crypto_wait wait;
	unsigned int ivsize;
	u64 ctr;
};

/*
 * ctr(aes) hands back the next counter block in the IV, so every message
 * starts again from an IV of its own: message number || block counter 0
 * (big-endian, 8 bytes each), a fresh number for each encryption, the
 * number of the last one for decryption (as the AEAD tests keep theirs).
 */
static int kspeed_skcipher_once(struct kspeed_skcipher_run *r, bool enc)
{
	if (r->ivsize >= 16) {
		if (enc)
			r->ctr++;
		kspeed_put_ctr(r->ctr, kb->iv + r->ivsize - 16);
		memset(kb->iv + r->ivsize - 8, 0, 8);
	}
	return crypto_wait_req(enc ? crypto_skcipher_encrypt(r->req) :
				     crypto_skcipher_decrypt(r->req), &r->wait);
}

/*
 * @keys: key lengths, 0-terminated (klen= replaces them).  In place on
 * tcrypt's 0xff data, at the AEAD tests' sizes rounded up to the cipher's
 * block size as tcrypt rounds its own (1420 is 1424 for cbc(aes), stays 1420
 * for ctr(aes)).  tcrypt's header says "async" when the tfm may be
 * asynchronous, as this one may (crypto_wait_req() waits for each request).
 */
static void kspeed_skcipher_test(const char *name, const u8 *keys, u32 mask,
				 int flags)
{
	struct kspeed_skcipher_run r = {};
	u8 one[2] = { min_t(unsigned int, klen, KSPEED_MAX_KEY), 0 };
	const u8 *keylens = klen ? one : keys;
	struct crypto_skcipher *tfm;
	unsigned int bs, k, i, idx;
	struct kspeed_res res;
	int dir, ret;

	kb->driver[0] = '\0';
	tfm = crypto_alloc_skcipher(name, 0, mask);
	if (IS_ERR(tfm)) {
		if (!(flags & KSPEED_QUIET))
			kspeed_skip(name, PTR_ERR(tfm));
		return;
	}
	strscpy(kb->driver, crypto_skcipher_driver_name(tfm), sizeof(kb->driver));

	r.ivsize = crypto_skcipher_ivsize(tfm);
	bs = crypto_skcipher_blocksize(tfm);
	/* The largest size rounded up to bs must fit in kb->ain. */
	if (r.ivsize > KSPEED_MAX_IV || bs > KSPEED_MAX_TAG) {
		pr_err("%s: ivsize %u / blocksize %u too large\n", name, r.ivsize, bs);
		kspeed_failed++;
		goto out_tfm;
	}

	r.req = skcipher_request_alloc(tfm, GFP_KERNEL);
	if (!r.req) {
		pr_err("alg: skcipher: Failed to allocate request for %s\n", name);
		kspeed_failed++;
		goto out_tfm;
	}
	crypto_init_wait(&r.wait);
	skcipher_request_set_callback(r.req, CRYPTO_TFM_REQ_MAY_BACKLOG,
				      crypto_req_done, &r.wait);

	memset(kb->key, 0xff, sizeof(kb->key));
	for (dir = 0; dir < 2; dir++) {
		bool enc = dir == 0;
		const char *e = enc ? "encryption" : "decryption";

		pr_info("testing speed of async %s (%s) %s\n", name, kb->driver, e);
		idx = 0;
		for (k = 0; keylens[k]; k++) {
			ret = crypto_skcipher_setkey(tfm, kb->key, keylens[k]);
			if (ret) {
				pr_err("setkey() failed flags=%x\n",
				       crypto_skcipher_get_flags(tfm));
				kspeed_failed++;
				goto out_req;
			}
			for (i = 0; i < ARRAY_SIZE(kspeed_aead_sizes); i++, idx++) {
				unsigned int len = roundup(kspeed_aead_sizes[i], bs);

				memset(kb->iv, 0xff, r.ivsize);
				memset(kb->ain, 0xff, len);
				sg_init_one(&kb->sgin, kb->ain, len);
				skcipher_request_set_crypt(r.req, &kb->sgin, &kb->sgin,
							   len, kb->iv);

				ret = KSPEED_RUN(&res, sec, iters,
						 kspeed_skcipher_once(&r, enc));
				if (ret) {
					pr_err("%s() failed flags=%x\n", e,
					       crypto_skcipher_get_flags(tfm));
					kspeed_failed++;
					goto out_req;
				}
				kspeed_cipher_result(idx, keylens[k], len, &res);
				cond_resched();
			}
		}
	}

out_req:
	skcipher_request_free(r.req);
out_tfm:
	crypto_free_skcipher(tfm);
}

/* ------------------------------------------------------------------------ */
/* Our algorithms: the best implementation by name, then every tier.         */

/*
 * Tier suffixes of the kfast driver names (<alg>-aes-<tier>), lowest tier
 * first, from each algorithm's tier table.  Each driver is looked up
 * without module loading (CRYPTO_NOLOAD); tiers this CPU does not register
 * are simply absent.
 */
#define KSPEED_TIER_SUFFIX(id, suffix, prio, present) suffix,
static const char *const kspeed_vmac_tiers[] = { VMAC_TIERS(KSPEED_TIER_SUFFIX) NULL };
static const char *const kspeed_umac_tiers[] = { UMAC_TIERS(KSPEED_TIER_SUFFIX) NULL };
static const char *const kspeed_gcm_siv_tiers[] = { GCM_SIV_TIERS(KSPEED_TIER_SUFFIX) NULL };
static const char *const kspeed_ocb_tiers[] = { OCB_TIERS(KSPEED_TIER_SUFFIX) NULL };

static const char *const *kspeed_tiers_of(const char *name)
{
	if (!strncmp(name, "vmac", 4))
		return kspeed_vmac_tiers;
	if (!strncmp(name, "umac", 4))
		return kspeed_umac_tiers;
	if (!strncmp(name, "ocb", 3))
		return kspeed_ocb_tiers;
	return kspeed_gcm_siv_tiers;
}

/* "vmac64(aes)" -> "vmac64-aes-<tier>" */
static void kspeed_tier_name(char *out, size_t size, const char *name,
			     const char *tier)
{
	size_t n = 0;

	for (; *name && n + 1 < size; name++)
		if (*name != ')')
			out[n++] = *name == '(' ? '-' : *name;
	out[n] = '\0';
	strlcat(out, "-", size);
	strlcat(out, tier, size);
}

/*
 * Makes sure our module for @name is loaded: its driver names have module
 * aliases, so allocating the generic tier by driver name loads it even when
 * @name itself already resolves to something else (on 6.1/6.12 the kernel's
 * vmac64 template instance, once created, outranks our generic tier).
 */
static bool kspeed_load_ours(const char *name, bool aead)
{
	char drv[CRYPTO_MAX_ALG_NAME];
	void *tfm;

	kspeed_tier_name(drv, sizeof(drv), name, "generic");
	tfm = aead ? (void *)crypto_alloc_aead(drv, 0, 0) :
		     (void *)crypto_alloc_shash(drv, 0, 0);
	if (IS_ERR(tfm))
		return false;
	if (aead)
		crypto_free_aead(tfm);
	else
		crypto_free_shash(tfm);
	return true;
}

/*
 * Our highest tier registered on this CPU, by driver name (@drv), or false.
 * The tier tables list each algorithm's tiers in rising priority, so the
 * last one that exists is the one the crypto API picks among ours.
 */
static bool kspeed_best_ours(const char *name, bool aead, char *drv, size_t size)
{
	char cand[CRYPTO_MAX_ALG_NAME];
	bool found = false;
	const char *const *t;
	void *tfm;

	if (!kspeed_load_ours(name, aead))
		return false;
	for (t = kspeed_tiers_of(name); *t; t++) {
		kspeed_tier_name(cand, sizeof(cand), name, *t);
		tfm = aead ? (void *)crypto_alloc_aead(cand, 0, CRYPTO_NOLOAD) :
			     (void *)crypto_alloc_shash(cand, 0, CRYPTO_NOLOAD);
		if (IS_ERR(tfm))
			continue;
		if (aead)
			crypto_free_aead(tfm);
		else
			crypto_free_shash(tfm);
		strscpy(drv, cand, size);
		found = true;
	}
	return found;
}

/* @name as the crypto API resolves it, then each of our tiers by driver name. */
static void kspeed_ours_hash(const char *name, unsigned int keylen,
			     unsigned int nonce)
{
	char best[CRYPTO_MAX_ALG_NAME], drv[CRYPTO_MAX_ALG_NAME];
	const char *const *t;

	kspeed_load_ours(name, false);
	kspeed_hash_test(name, keylen, nonce, 0, 0, 0);
	strscpy(best, kb->driver, sizeof(best));
	for (t = kspeed_tiers_of(name); *t; t++) {
		kspeed_tier_name(drv, sizeof(drv), name, *t);
		if (strcmp(drv, best))
			kspeed_hash_test(drv, keylen, nonce, 0, CRYPTO_NOLOAD,
					 KSPEED_QUIET);
	}
}

static void kspeed_ours_aead(const char *name, const u8 *keys)
{
	char best[CRYPTO_MAX_ALG_NAME], drv[CRYPTO_MAX_ALG_NAME];
	const char *const *t;

	kspeed_load_ours(name, true);
	kspeed_aead_test(name, keys, 0, 0);
	strscpy(best, kb->driver, sizeof(best));
	for (t = kspeed_tiers_of(name); *t; t++) {
		kspeed_tier_name(drv, sizeof(drv), name, *t);
		if (strcmp(drv, best))
			kspeed_aead_test(drv, keys, CRYPTO_NOLOAD, KSPEED_QUIET);
	}
}

static const u8 kspeed_keys_16_32[] = { 16, 32, 0 };
static const u8 kspeed_keys_16_24_32[] = { 16, 24, 32, 0 };
static const u8 kspeed_keys_20_36[] = { 20, 36, 0 };

/* The distribution's vmac64 template (vmac.ko, gone in 6.13+). */
static void kspeed_kernel_vmac(void)
{
	kspeed_hash_test("vmac64(aes-generic)", 16, 16, 0, 0, 0);
#ifdef CONFIG_X86
	kspeed_hash_test("vmac64(aes-aesni)", 16, 16, 0, 0, 0);
#endif
}

static void kspeed_mode_vmac(void)
{
	kspeed_ours_hash("vmac64(aes)", 16, 16);
	kspeed_ours_hash("vmac128(aes)", 16, 16);
	kspeed_kernel_vmac();
}

static void kspeed_mode_umac(void)
{
	kspeed_ours_hash("umac32(aes)", 16, 8);
	kspeed_ours_hash("umac64(aes)", 16, 8);
	kspeed_ours_hash("umac96(aes)", 16, 8);
	kspeed_ours_hash("umac128(aes)", 16, 8);
}

static void kspeed_mode_gcmsiv(void)
{
	kspeed_ours_aead("gcm-siv(aes)", kspeed_keys_16_32);
}

/* AES-OCB with its default 16-byte tag. */
static void kspeed_mode_ocb(void)
{
	kspeed_ours_aead("ocb(aes)", kspeed_keys_16_24_32);
}

/* The distribution's vmac64 runs in mode 1, next to ours. */
static void kspeed_mode_kernel_macs(void)
{
	kspeed_hash_test("cmac(aes)", 16, 0, 0, 0, 0);
	kspeed_hash_test("hmac(md5)", 16, 0, 0, 0, 0);
	kspeed_hash_test("hmac(sha224)", 16, 0, 0, 0, 0);
	kspeed_hash_test("hmac(sha256)", 16, 0, 0, 0, 0);
	/* The poly1305 shash takes its one-time key as the first 32 bytes. */
	kspeed_hash_test("poly1305", 0, 0, 32, 0, 0);
}

/* The OCB paper's comparison: GCM, CCM and CTR (no authentication). */
static void kspeed_mode_kernel_aeads(void)
{
	kspeed_aead_test("gcm(aes)", kspeed_keys_16_32, 0, 0);
	/* 16-byte tag, 12-byte nonce (see kspeed_aead_prep_iv()). */
	kspeed_aead_test("ccm(aes)", kspeed_keys_16_32, 0, 0);
	/* GMAC; rfc4543 wants the 8-byte IV inside 16 or 20 bytes of AAD. */
	kspeed_aead_test("rfc4543(gcm(aes))", kspeed_keys_20_36, 0, 0);
	kspeed_skcipher_test("ctr(aes)", kspeed_keys_16_32, 0, 0);
}

/* ------------------------------------------------------------------------ */
/* NTP: 48-byte packets, every MAC of the NTP MAC draft beside ours          */

enum kspeed_ntp_kind {
	KSPEED_NTP_DIGEST,	/* setkey once; digest(prefix || msg) */
	KSPEED_NTP_KEYMSG,	/* init, update(prefix), update(msg), final */
	KSPEED_NTP_AEAD_AUTH,	/* encrypt, AAD = msg, no plaintext */
};

struct kspeed_ntp_mac {
	const char *label;
	const char *name;
	u8 kind;
	u8 klen;	/* setkey length, 0 = none */
	u8 prefix;	/* bytes hashed before the message (key or nonce) */
	u8 nonce;	/* the prefix is a per-packet nonce */
	u8 ours;	/* use our highest registered tier, by driver name */
};

static const struct kspeed_ntp_mac kspeed_ntp_macs[] = {
	{ "MD5(key||msg), legacy NTP", "md5", KSPEED_NTP_KEYMSG, 0, 16, 0 },
	{ "HMAC-MD5", "hmac(md5)", KSPEED_NTP_DIGEST, 16, 0, 0 },
	{ "HMAC-SHA224 (truncated)", "hmac(sha224)", KSPEED_NTP_DIGEST, 16, 0, 0 },
	{ "CMAC-AES-128", "cmac(aes)", KSPEED_NTP_DIGEST, 16, 0, 0 },
	{ "GMAC-AES-128 (GCM, AAD only)", "gcm(aes)", KSPEED_NTP_AEAD_AUTH, 16, 0, 0 },
	{ "Poly1305 (key||msg, key not derived)", "poly1305", KSPEED_NTP_KEYMSG, 0, 32, 0 },
	{ "UMAC-64", "umac64(aes)", KSPEED_NTP_DIGEST, 16, 8, 1, 1 },
	{ "UMAC-96", "umac96(aes)", KSPEED_NTP_DIGEST, 16, 8, 1, 1 },
	{ "VMAC-64", "vmac64(aes)", KSPEED_NTP_DIGEST, 16, 16, 1, 1 },
	{ "VMAC-128", "vmac128(aes)", KSPEED_NTP_DIGEST, 16, 16, 1, 1 },
	{ "VMAC-64, kernel vmac.ko", "vmac64(aes-generic)", KSPEED_NTP_DIGEST, 16, 16, 1 },
	{ "AES-128-GCM-SIV auth-only", "gcm-siv(aes)", KSPEED_NTP_AEAD_AUTH, 16, 0, 0, 1 },
};

struct kspeed_ntp_run {
	const struct kspeed_ntp_mac *m;
	struct shash_desc *desc;
	struct aead_request *req;
	struct crypto_wait wait;
	unsigned int ivsize;
	u64 ctr;
};

static int kspeed_ntp_once(struct kspeed_ntp_run *r)
{
	const struct kspeed_ntp_mac *m = r->m;
	u8 *msg = kb->hbuf + m->prefix;
	int ret;

	switch (m->kind) {
	case KSPEED_NTP_DIGEST:
		if (m->nonce)
			kspeed_put_ctr(++r->ctr, kb->hbuf + m->prefix - 8);
		return crypto_shash_digest(r->desc, kb->hbuf,
					   m->prefix + KSPEED_NTP_LEN, kb->digest);
	case KSPEED_NTP_KEYMSG:
		ret = crypto_shash_init(r->desc);
		if (!ret)
			ret = crypto_shash_update(r->desc, kb->hbuf, m->prefix);
		if (!ret)
			ret = crypto_shash_update(r->desc, msg, KSPEED_NTP_LEN);
		if (!ret)
			ret = crypto_shash_final(r->desc, kb->digest);
		return ret;
	default:
		if (r->ivsize >= 8)
			kspeed_put_ctr(++r->ctr, kb->iv + r->ivsize - 8);
		return crypto_wait_req(crypto_aead_encrypt(r->req), &r->wait);
	}
}

static int kspeed_u64_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static void kspeed_ntp_one(const struct kspeed_ntp_mac *m)
{
	struct kspeed_ntp_run r = { .m = m };
	struct crypto_shash *stfm = NULL;
	struct crypto_aead *atfm = NULL;
	char drv[CRYPTO_MAX_ALG_NAME];
	const char *name = m->name;
	unsigned int nb, b, i;
	unsigned long end;
	u64 tbest, tmed, nbest, nmed, cpb;
	int ret = 0;

	if (m->ours && kspeed_best_ours(m->name, m->kind == KSPEED_NTP_AEAD_AUTH,
					drv, sizeof(drv)))
		name = drv;

	memset(kb->key, 0xff, sizeof(kb->key));
	memset(kb->hbuf, 0xff, m->prefix + KSPEED_NTP_LEN);
	if (m->nonce)
		memset(kb->hbuf, 0, m->prefix);

	if (m->kind == KSPEED_NTP_AEAD_AUTH) {
		atfm = crypto_alloc_aead(name, 0, 0);
		if (IS_ERR(atfm)) {
			pr_info("ntp: %s: skipped (not available, error %ld)\n",
				m->label, PTR_ERR(atfm));
			kspeed_skipped++;
			return;
		}
		strscpy(kb->driver, crypto_aead_driver_name(atfm),
			sizeof(kb->driver));
		r.ivsize = crypto_aead_ivsize(atfm);
		ret = crypto_aead_setkey(atfm, kb->key, m->klen);
		if (!ret)
			ret = crypto_aead_setauthsize(atfm, 16);
		if (ret || r.ivsize > KSPEED_MAX_IV)
			goto fail;
		r.req = aead_request_alloc(atfm, GFP_KERNEL);
		if (!r.req) {
			ret = -ENOMEM;
			goto fail;
		}
		crypto_init_wait(&r.wait);
		aead_request_set_callback(r.req, CRYPTO_TFM_REQ_MAY_BACKLOG,
					  crypto_req_done, &r.wait);
		memset(kb->iv, 0, r.ivsize);
		memcpy(kb->ain, kb->hbuf, KSPEED_NTP_LEN);
		sg_init_one(&kb->sgin, kb->ain, KSPEED_NTP_LEN);
		sg_init_one(&kb->sgout, kb->aout, KSPEED_NTP_LEN + 16);
		aead_request_set_ad(r.req, KSPEED_NTP_LEN);
		aead_request_set_crypt(r.req, &kb->sgin, &kb->sgout, 0, kb->iv);
	} else {
		stfm = crypto_alloc_shash(name, 0, 0);
		if (IS_ERR(stfm)) {
			pr_info("ntp: %s: skipped (not available, error %ld)\n",
				m->label, PTR_ERR(stfm));
			kspeed_skipped++;
			return;
		}
		strscpy(kb->driver, crypto_shash_driver_name(stfm),
			sizeof(kb->driver));
		if (crypto_shash_digestsize(stfm) > KSPEED_MAX_DIGEST) {
			ret = -EINVAL;
			goto fail;
		}
		if (m->klen) {
			ret = crypto_shash_setkey(stfm, kb->key, m->klen);
			if (ret)
				goto fail;
		}
		r.desc = kmalloc(sizeof(*r.desc) + crypto_shash_descsize(stfm),
				 GFP_KERNEL);
		if (!r.desc) {
			ret = -ENOMEM;
			goto fail;
		}
		r.desc->tfm = stfm;
	}

	/* One untimed batch, then batches of KSPEED_NTP_BATCH packets. */
	for (i = 0; i < KSPEED_NTP_BATCH && !ret; i++)
		ret = kspeed_ntp_once(&r);
	nb = sec ? KSPEED_NTP_MAX_BATCHES : KSPEED_NTP_BATCHES;
	end = jiffies + sec * HZ;
	for (b = 0; b < nb && !ret; b++) {
		u64 t0 = ktime_get_ns(), c0 = kspeed_ticks();

		for (i = 0; i < KSPEED_NTP_BATCH && !ret; i++)
			ret = kspeed_ntp_once(&r);
		kb->bt[b] = kspeed_ticks() - c0;
		kb->bn[b] = ktime_get_ns() - t0;
		if (sec && !time_before(jiffies, end)) {
			b++;
			break;
		}
		cond_resched();
	}
	if (ret)
		goto fail;

	sort(kb->bt, b, sizeof(u64), kspeed_u64_cmp, NULL);
	sort(kb->bn, b, sizeof(u64), kspeed_u64_cmp, NULL);
	tbest = div_u64(kb->bt[0], KSPEED_NTP_BATCH);
	tmed = div_u64(kb->bt[b / 2], KSPEED_NTP_BATCH);
	nbest = kb->bn[0] ? div64_u64(KSPEED_NTP_BATCH * NSEC_PER_SEC, kb->bn[0]) : 0;
	nmed = kb->bn[b / 2] ? div64_u64(KSPEED_NTP_BATCH * NSEC_PER_SEC, kb->bn[b / 2]) : 0;
	cpb = div_u64(kb->bt[0] * 100, KSPEED_NTP_BATCH * KSPEED_NTP_LEN);
	pr_info("ntp: %-38s (%s): %6llu " KSPEED_UNIT "/packet, %3llu.%02llu " KSPEED_UNIT
		"/byte, %9llu packets/s; median %6llu " KSPEED_UNIT "/packet, %9llu packets/s\n",
		m->label, kb->driver, tbest, div_u64(cpb, 100), cpb % 100, nbest,
		tmed, nmed);
	kspeed_ran++;
	goto out;

fail:
	pr_err("ntp: %s (%s) failed: %d\n", m->label, m->name, ret);
	kspeed_failed++;
out:
	kfree(r.desc);
	if (r.req)
		aead_request_free(r.req);
	if (!IS_ERR_OR_NULL(stfm))
		crypto_free_shash(stfm);
	if (!IS_ERR_OR_NULL(atfm))
		crypto_free_aead(atfm);
}

static void kspeed_mode_ntp(void)
{
	unsigned int i;

	if (sec)
		pr_info("testing NTP MACs: %u-byte packets, fresh nonce per packet, batches of %u for up to %u s: best and median batch\n",
			KSPEED_NTP_LEN, KSPEED_NTP_BATCH, sec);
	else
		pr_info("testing NTP MACs: %u-byte packets, fresh nonce per packet, %u batches of %u: best and median batch\n",
			KSPEED_NTP_LEN, KSPEED_NTP_BATCHES, KSPEED_NTP_BATCH);
	for (i = 0; i < ARRAY_SIZE(kspeed_ntp_macs); i++)
		kspeed_ntp_one(&kspeed_ntp_macs[i]);
}

/* ------------------------------------------------------------------------ */

/*
 * alg=: a hash if the name allocates as one, else an AEAD.  MACs that take a
 * nonce or key in front of the data (vmac: 16-byte nonce with its top bit
 * clear, umac: 8-byte nonce, poly1305: 32-byte key) are recognised by their
 * cra_name, so that a driver name works too.
 */
static void kspeed_by_name(const char *name)
{
	unsigned int nonce = 0, min_blen = 0;
	struct crypto_ahash *h;
	struct crypto_aead *a;

	h = crypto_alloc_ahash(name, 0, 0);
	if (!IS_ERR(h)) {
		const char *cra = crypto_tfm_alg_name(crypto_ahash_tfm(h));

		if (!strncmp(cra, "vmac", 4))
			nonce = 16;
		else if (!strncmp(cra, "umac", 4))
			nonce = 8;
		else if (!strcmp(cra, "poly1305"))
			min_blen = 32;
		crypto_free_ahash(h);
		kspeed_hash_test(name, 0, nonce, min_blen, 0, 0);
		return;
	}
	a = crypto_alloc_aead(name, 0, 0);
	if (!IS_ERR(a)) {
		crypto_free_aead(a);
		kspeed_aead_test(name, NULL, 0, 0);
		return;
	}
	kspeed_skip(name, PTR_ERR(a));
}

static int kspeed_run_mode(int m)
{
	switch (m) {
	case 0:
		break;
	case 1:
		kspeed_mode_vmac();
		break;
	case 2:
		kspeed_mode_umac();
		break;
	case 3:
		kspeed_mode_gcmsiv();
		break;
	case 4:
		kspeed_mode_kernel_macs();
		break;
	case 5:
		kspeed_mode_kernel_aeads();
		break;
	case 6:
		kspeed_mode_ocb();
		break;
	case 10:
		kspeed_run_mode(1);
		kspeed_run_mode(2);
		kspeed_run_mode(3);
		kspeed_run_mode(6);
		break;
	case 11:
		kspeed_run_mode(4);
		kspeed_run_mode(5);
		break;
	case 20:
		kspeed_mode_ntp();
		break;
	case 99:
		kspeed_run_mode(10);
		kspeed_run_mode(11);
		kspeed_run_mode(20);
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

static void kspeed_free(void)
{
	if (!kb)
		return;
	kfree(kb->hbuf);
	kfree(kb->ain);
	kfree(kb->aout);
	kfree(kb->bt);
	kfree(kb->bn);
	kfree(kb);
	kb = NULL;
}

static int __init kspeed_init(void)
{
	switch (mode) {
	case 0: case 1: case 2: case 3: case 4: case 5: case 6:
	case 10: case 11: case 20: case 99:
		break;
	default:
		pr_err("unknown mode=%d (see Documentation/speed.md)\n", mode);
		return -EINVAL;
	}
	if (!mode && !alg) {
		pr_info("nothing to do: load with mode=N or alg=NAME (see Documentation/speed.md)\n");
		return 0;
	}
	if (sec > KSPEED_MAX_SEC) {
		pr_info("sec=%u limited to %u\n", sec, KSPEED_MAX_SEC);
		sec = KSPEED_MAX_SEC;
	}
	if (!sec && !iters)
		iters = 8;
	if (aad > KSPEED_MAX_AAD) {
		pr_info("aad=%u limited to %u\n", aad, KSPEED_MAX_AAD);
		aad = KSPEED_MAX_AAD;
	}

	kb = kzalloc(sizeof(*kb), GFP_KERNEL);
	if (!kb)
		return -ENOMEM;
	kb->hbuf = kmalloc(KSPEED_HASH_BUF, GFP_KERNEL);
	kb->ain = kmalloc(KSPEED_AEAD_BUF, GFP_KERNEL);
	kb->aout = kmalloc(KSPEED_AEAD_BUF, GFP_KERNEL);
	kb->bt = kcalloc(KSPEED_NTP_MAX_BATCHES, sizeof(u64), GFP_KERNEL);
	kb->bn = kcalloc(KSPEED_NTP_MAX_BATCHES, sizeof(u64), GFP_KERNEL);
	if (!kb->hbuf || !kb->ain || !kb->aout || !kb->bt || !kb->bn) {
		kspeed_free();
		return -ENOMEM;
	}

	pr_info("mode=%d alg=%s sec=%u klen=%u aad=%u iters=%u updates=%d, clock: %s\n",
		mode, alg ? alg : "(none)", sec, klen, aad, iters, updates,
		IS_ENABLED(CONFIG_X86) ? "TSC cycles (rdtsc)" : "nanoseconds");
	if (alg)
		kspeed_by_name(alg);
	kspeed_run_mode(mode);

	pr_info("done: %u tests run, %u skipped (not available), %u failed\n",
		kspeed_ran, kspeed_skipped, kspeed_failed);
	if (kspeed_failed)
		pr_info("one or more tests failed!\n");
	kspeed_free();
	/* Unlike tcrypt, stay loaded: insmod succeeds, rmmod removes us. */
	return 0;
}

static void __exit kspeed_exit(void)
{
}

module_init(kspeed_init);
module_exit(kspeed_exit);

MODULE_LICENSE("GPL");
MODULE_VERSION(KFAST_VERSION);
MODULE_DESCRIPTION("kfast: tcrypt-style speed tests (hash, AEAD, skcipher, NTP 48-byte MACs)");

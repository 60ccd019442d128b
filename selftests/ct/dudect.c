// SPDX-License-Identifier: GPL-2.0
/*
 * Statistical timing test in the style of dudect (Reparaz, Balasch,
 * Verbauwhede, "Dude, is my code constant time?", 2017) for the tiers
 * that valgrind cannot run (selftests/ct/run.sh skips them: valgrind's
 * virtual CPU has neither VAES nor AVX-512).  A report, not a verdict:
 * the exit status says only whether every tier ran and gave the generic
 * tier's output on the same inputs.
 *
 * Per (algorithm, tier, operation): a bounded number of measurements of
 * the operation on a secret input of one of two classes, chosen at random
 * for each measurement: class 0 a fixed value (zeros; for a bad tag the
 * right tag with its last bit flipped), class 1 fresh random bytes.  The
 * inputs are prepared a batch at a time before their measurements and
 * copied to the same buffer in both classes just before each (keys: from
 * a pool of random keys and of copies of the fixed one, set up first);
 * the operation is timed with lfence; rdtsc ... rdtscp;
 * lfence (tools/uapi-shim/kfast_tsc.h).  As dudect does, the measurements
 * are cropped at 100 percentiles (thresholds 1 - 0.5^(10 (k + 1) / 100) of
 * the distribution), and Welch's t statistic of the two classes is
 * computed on each crop and on the whole set; the largest |t| is printed
 * with the measurement count of that test.
 *
 *   dudect                 every tier of every algorithm that needs VAES
 *                          or AVX-512 and that this CPU has
 *   dudect ALG TIER        one tier (any, e.g. generic for comparison)
 *   -n N                   measurements per operation (default 20000;
 *                          setkey a quarter, and at most 2 s of them)
 *   -s SEED                the PRNG seed (default: from getrandom())
 *   -z                     the fixed class a random value instead of zeros
 */
#include <kfast/base.h>
#include "../../vmac/vmac.h"
#include "../../umac/umac.h"
#include "../../gcmsiv/gcm_siv.h"
#include "../../ocb/ocb.h"
#include <kfast/aes.h>
#include "ct-tiers.h"
#include <kfast_tsc.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define MAX_LEN		4113
#define AAD_LEN		23
#define NCROPS		100
#define NTESTS		(NCROPS + 1)
/* A crop's t is considered only with this many measurements in each class. */
#define MIN_CLASS	100
/* The crop at the 90th percentile (1 - 0.5^(10 * 33 / 100) = 0.90). */
#define D10_CROP	32

/* ---- PRNG (xoshiro256**), seeded once ---------------------------------- */

static u64 rng_s[4];

static u64 rotl64(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static u64 rng_next(void)
{
	u64 r = rotl64(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;

	rng_s[2] ^= rng_s[0];
	rng_s[3] ^= rng_s[1];
	rng_s[1] ^= rng_s[2];
	rng_s[0] ^= rng_s[3];
	rng_s[2] ^= t;
	rng_s[3] = rotl64(rng_s[3], 45);
	return r;
}

static void rng_seed(u64 seed)
{
	unsigned int i;

	for (i = 0; i < 4; i++) {	/* splitmix64 */
		u64 z = (seed += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		rng_s[i] = z ^ (z >> 31);
	}
}

static void rng_fill(u8 *p, size_t n)
{
	while (n >= 8) {
		put_unaligned_le64(rng_next(), p);
		p += 8;
		n -= 8;
	}
	if (n) {
		u64 r = rng_next();

		while (n--) {
			*p++ = (u8)r;
			r >>= 8;
		}
	}
}

/* ---- the operations ----------------------------------------------------- */

/*
 * The state every operation works on, at fixed addresses: the secret
 * input of the measurement (in), the public message, AAD and nonce, the
 * keys of the tier under test (key: the fixed one; wkey: the one a
 * key-class operation sets up before each measurement) and the output.
 */
static u8 in[MAX_LEN], msg[MAX_LEN], aad[AAD_LEN], ctbuf[MAX_LEN + 16];
static u8 out[MAX_LEN + 16], ref[MAX_LEN + 16], fixed_in[MAX_LEN];
static u8 nonce[16];
static unsigned int impl;
static int rc, ref_rc;

static struct vmac_key vkey, vwkey, vgkey;
static struct umac_key ukey, uwkey, ugkey, ufgkey;
static struct gcm_siv_key gkey, gwkey, ggkey;
static struct ocb_key okey, owkey, ogkey;

struct op {
	const char *name;
	const char *secret;	/* what the classes vary */
	size_t inlen;		/* bytes of secret input */
	size_t outlen;		/* bytes of output to compare */
	size_t len;		/* message length */
	unsigned int param;	/* tag bytes, AES key bytes */
	bool setkey;		/* setkey: no output of its own, reference() makes
				 * both; fewer measurements */
	/* Outside the timing: from in, what the timed call needs. */
	void (*setup)(const struct op *op);
	/* The timed call: out (and rc). */
	void (*run)(const struct op *op);
	/* The generic tier on the same inputs: ref (and ref_rc). */
	void (*reference)(const struct op *op);
	/* Fixed-class input other than zeros (bad tags), from the fixed key. */
	void (*fixed)(const struct op *op);
	/*
	 * Key-class operations: the key the timed call uses (*wkey), made
	 * from raw bytes by keyprep().  The keys are prepared before the
	 * measurements (a pool of random ones and the fixed one), and copied
	 * to *wkey before each measurement: setkey itself is too slow here
	 * (the test build's constant-time AES) to run that often.
	 */
	void (*keyprep)(const struct op *op, void *key, const u8 *raw);
	void *wkey;
	size_t keysize;
};

static void nop_setup(const struct op *op) { }

/* VMAC: tag of msg (or of in, the secret message) under key at the tier. */
static void vmac_tag(const struct vmac_key *k, const u8 *m, size_t len,
		     unsigned int tagbytes, unsigned int tier, u8 *tag)
{
	struct vmac_ctx ctx;

	vmac_init(&ctx, k, tagbytes, tier);
	vmac_update(&ctx, m, len);
	rc = vmac_final(&ctx, nonce, tag);
}

/* The same through vmac_finup() (the one-shot and the glue's digest). */
static void vmac_tag_finup(const struct vmac_key *k, const u8 *m, size_t len,
			   unsigned int tagbytes, unsigned int tier, u8 *tag)
{
	struct vmac_ctx ctx;

	vmac_init(&ctx, k, tagbytes, tier);
	rc = vmac_finup(&ctx, m, len, nonce, tag);
}

static void vmac_setkey_run(const struct op *op)
{
	rc = vmac_setkey(&vwkey, in, 16);
}

/* setkey does not depend on the tier: check the tier's tag with that key. */
static void vmac_setkey_ref(const struct op *op)
{
	int r = rc;

	vmac_tag(&vwkey, msg, 1041, 16, impl, out);
	vmac_setkey(&vgkey, in, 16);
	vmac_tag(&vgkey, msg, 1041, 16, 0, ref);
	ref_rc = rc;
	rc = r;
}

static void vmac_msg_run(const struct op *op)
{
	vmac_tag(&vkey, in, op->len, op->param, impl, out);
}

static void vmac_msg_ref(const struct op *op)
{
	int r = rc;

	vmac_tag(&vkey, in, op->len, op->param, 0, ref);
	ref_rc = rc;
	rc = r;
}

static void vmac_finup_run(const struct op *op)
{
	vmac_tag_finup(&vkey, in, op->len, op->param, impl, out);
}

static void vmac_finup_key_run(const struct op *op)
{
	vmac_tag_finup(&vwkey, msg, op->len, op->param, impl, out);
}

static void vmac_keyprep(const struct op *op, void *key, const u8 *raw)
{
	vmac_setkey(key, raw, 16);
}

static void vmac_key_run(const struct op *op)
{
	vmac_tag(&vwkey, msg, op->len, op->param, impl, out);
}

static void vmac_key_ref(const struct op *op)
{
	int r = rc;

	vmac_setkey(&vgkey, in, 16);
	vmac_tag(&vgkey, msg, op->len, op->param, 0, ref);
	ref_rc = rc;
	rc = r;
}

/* UMAC: a key is laid out for one tier at setkey. */
static void umac_setkey_run(const struct op *op)
{
	rc = __umac_setkey(&uwkey, in, 16, impl);
}

static void umac_setkey_ref(const struct op *op)
{
	umac(&uwkey, 16, nonce, 8, msg, 1041, out);
	ref_rc = __umac_setkey(&ugkey, in, 16, UMAC_IMPL_GENERIC);
	umac(&ugkey, 16, nonce, 8, msg, 1041, ref);
}

static void umac_msg_run(const struct op *op)
{
	umac(&ukey, op->param, nonce, 8, in, op->len, out);
}

static void umac_msg_ref(const struct op *op)
{
	umac(&ufgkey, op->param, nonce, 8, in, op->len, ref);
}

static void umac_keyprep(const struct op *op, void *key, const u8 *raw)
{
	__umac_setkey(key, raw, 16, impl);
}

static void umac_key_run(const struct op *op)
{
	umac(&uwkey, op->param, nonce, 8, msg, op->len, out);
}

static void umac_key_ref(const struct op *op)
{
	__umac_setkey(&ugkey, in, 16, UMAC_IMPL_GENERIC);
	umac(&ugkey, op->param, nonce, 8, msg, op->len, ref);
}

/* GCM-SIV: seal and open at the tier; the generic tier for reference. */
static void gcm_siv_setkey_run(const struct op *op)
{
	rc = gcm_siv_setkey(&gwkey, in, op->param);
}

static void gcm_siv_setkey_ref(const struct op *op)
{
	gcm_siv_encrypt(&gwkey, impl, nonce, aad, AAD_LEN, msg, 64, out);
	ref_rc = gcm_siv_setkey(&ggkey, in, op->param);
	gcm_siv_encrypt(&ggkey, 0, nonce, aad, AAD_LEN, msg, 64, ref);
}

static void gcm_siv_seal_run(const struct op *op)
{
	rc = gcm_siv_encrypt(&gkey, impl, nonce, aad, AAD_LEN, in, op->len, out);
}

static void gcm_siv_seal_ref(const struct op *op)
{
	ref_rc = gcm_siv_encrypt(&gkey, 0, nonce, aad, AAD_LEN, in, op->len, ref);
}

static void gcm_siv_keyprep(const struct op *op, void *key, const u8 *raw)
{
	gcm_siv_setkey(key, raw, op->param);
}

static void gcm_siv_key_run(const struct op *op)
{
	rc = gcm_siv_encrypt(&gwkey, impl, nonce, aad, AAD_LEN, msg, op->len, out);
}

static void gcm_siv_key_ref(const struct op *op)
{
	gcm_siv_setkey(&ggkey, in, op->param);
	ref_rc = gcm_siv_encrypt(&ggkey, 0, nonce, aad, AAD_LEN, msg, op->len, ref);
}

/* Open: the secret plaintext in, sealed at the tier (outside the timing). */
static void gcm_siv_open_setup(const struct op *op)
{
	gcm_siv_encrypt(&gkey, impl, nonce, aad, AAD_LEN, in, op->len, ctbuf);
}

static void gcm_siv_open_run(const struct op *op)
{
	rc = gcm_siv_decrypt(&gkey, impl, nonce, aad, AAD_LEN, ctbuf, op->len + 16, out);
}

static void gcm_siv_open_ref(const struct op *op)
{
	ref_rc = gcm_siv_decrypt(&gkey, 0, nonce, aad, AAD_LEN, ctbuf, op->len + 16, ref);
	if (memcmp(ref, in, op->len))
		ref_rc = -1;
}

/* Open with the key as the secret: msg sealed under it. */
static void gcm_siv_openkey_setup(const struct op *op)
{
	gcm_siv_encrypt(&gwkey, impl, nonce, aad, AAD_LEN, msg, op->len, ctbuf);
}

static void gcm_siv_openkey_run(const struct op *op)
{
	rc = gcm_siv_decrypt(&gwkey, impl, nonce, aad, AAD_LEN, ctbuf, op->len + 16, out);
}

static void gcm_siv_openkey_ref(const struct op *op)
{
	gcm_siv_setkey(&ggkey, in, op->param);
	ref_rc = gcm_siv_decrypt(&ggkey, 0, nonce, aad, AAD_LEN, ctbuf, op->len + 16, ref);
	if (memcmp(ref, msg, op->len))
		ref_rc = -1;
}

/*
 * A bad tag (the secret: how far it is from the right one): msg sealed
 * once under the fixed key; each measurement opens it with tag in.
 */
static u8 good_ct[MAX_LEN + 16];

static void gcm_siv_badtag_fixed(const struct op *op)
{
	gcm_siv_encrypt(&gkey, impl, nonce, aad, AAD_LEN, msg, op->len, good_ct);
	memcpy(fixed_in, good_ct + op->len, 16);
	fixed_in[15] ^= 1;
}

static void badtag_setup(const struct op *op)
{
	memcpy(ctbuf, good_ct, op->len);
	memcpy(ctbuf + op->len, in, 16);
}

static void gcm_siv_badtag_ref(const struct op *op)
{
	ref_rc = gcm_siv_decrypt(&gkey, 0, nonce, aad, AAD_LEN, ctbuf, op->len + 16, ref);
	if (ref_rc != -EBADMSG)		/* a random tag that is right: 2^-128 */
		ref_rc = 1;		/* never a return code: a mismatch */
}

/* OCB, 16-byte tags: the same operations. */
static void ocb_setkey_run(const struct op *op)
{
	rc = ocb_setkey(&owkey, in, op->param);
}

static void ocb_setkey_ref(const struct op *op)
{
	ocb_encrypt(&owkey, impl, nonce, 16, aad, AAD_LEN, msg, 64, out);
	ref_rc = ocb_setkey(&ogkey, in, op->param);
	ocb_encrypt(&ogkey, 0, nonce, 16, aad, AAD_LEN, msg, 64, ref);
}

static void ocb_enc_run(const struct op *op)
{
	rc = ocb_encrypt(&okey, impl, nonce, 16, aad, AAD_LEN, in, op->len, out);
}

static void ocb_enc_ref(const struct op *op)
{
	ref_rc = ocb_encrypt(&okey, 0, nonce, 16, aad, AAD_LEN, in, op->len, ref);
}

static void ocb_keyprep(const struct op *op, void *key, const u8 *raw)
{
	ocb_setkey(key, raw, op->param);
}

static void ocb_key_run(const struct op *op)
{
	rc = ocb_encrypt(&owkey, impl, nonce, 16, aad, AAD_LEN, msg, op->len, out);
}

static void ocb_key_ref(const struct op *op)
{
	ocb_setkey(&ogkey, in, op->param);
	ref_rc = ocb_encrypt(&ogkey, 0, nonce, 16, aad, AAD_LEN, msg, op->len, ref);
}

static void ocb_dec_setup(const struct op *op)
{
	ocb_encrypt(&okey, impl, nonce, 16, aad, AAD_LEN, in, op->len, ctbuf);
}

static void ocb_dec_run(const struct op *op)
{
	rc = ocb_decrypt(&okey, impl, nonce, 16, aad, AAD_LEN, ctbuf, op->len + 16, out);
}

static void ocb_dec_ref(const struct op *op)
{
	ref_rc = ocb_decrypt(&okey, 0, nonce, 16, aad, AAD_LEN, ctbuf, op->len + 16, ref);
	if (memcmp(ref, in, op->len))
		ref_rc = -1;
}

static void ocb_deckey_setup(const struct op *op)
{
	ocb_encrypt(&owkey, impl, nonce, 16, aad, AAD_LEN, msg, op->len, ctbuf);
}

static void ocb_deckey_run(const struct op *op)
{
	rc = ocb_decrypt(&owkey, impl, nonce, 16, aad, AAD_LEN, ctbuf, op->len + 16, out);
}

static void ocb_deckey_ref(const struct op *op)
{
	ocb_setkey(&ogkey, in, op->param);
	ref_rc = ocb_decrypt(&ogkey, 0, nonce, 16, aad, AAD_LEN, ctbuf, op->len + 16, ref);
	if (memcmp(ref, msg, op->len))
		ref_rc = -1;
}

static void ocb_badtag_fixed(const struct op *op)
{
	ocb_encrypt(&okey, impl, nonce, 16, aad, AAD_LEN, msg, op->len, good_ct);
	memcpy(fixed_in, good_ct + op->len, 16);
	fixed_in[15] ^= 1;
}

static void ocb_badtag_ref(const struct op *op)
{
	ref_rc = ocb_decrypt(&okey, 0, nonce, 16, aad, AAD_LEN, ctbuf, op->len + 16, ref);
	if (ref_rc != -EBADMSG)
		ref_rc = 1;
}

/*
 * The control: a tag check that returns at the first differing byte (what
 * crypto_memneq() is there to avoid), with the tag as the secret, to show
 * what a leak looks like to this test.  Not a tier: printed as a comment.
 */
static u8 control_tag[16];

static void control_fixed(const struct op *op)
{
	rng_fill(control_tag, sizeof(control_tag));
	memcpy(fixed_in, control_tag, 16);
	fixed_in[15] ^= 1;
}

static noinline int leaky_memneq(const volatile u8 *a, const volatile u8 *b,
				size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return 1;
	return 0;
}

static void control_run(const struct op *op)
{
	rc = leaky_memneq(in, control_tag, 16);
	out[0] = rc;
}

static void control_ref(const struct op *op)
{
	ref_rc = memcmp(in, control_tag, 16) != 0;
	ref[0] = ref_rc;
}

static const struct op control_op = {
	"early-exit tag check", "tag", 16, 1, 16, 16, false, nop_setup,
	control_run, control_ref, control_fixed, NULL, NULL, 0
};

#define VMAC_OPS(tb)							\
	{ "vmac" #tb " 1041 B", "msg", 1041, tb / 8, 1041, tb / 8, false, \
	  nop_setup, vmac_msg_run, vmac_msg_ref, NULL, NULL, NULL, 0 },			\
	{ "vmac" #tb " 4113 B", "msg", 4113, tb / 8, 4113, tb / 8, false, \
	  nop_setup, vmac_msg_run, vmac_msg_ref, NULL, NULL, NULL, 0 },			\
	{ "vmac" #tb " 1041 B", "key", 16, tb / 8, 1041, tb / 8, false, \
	  nop_setup, vmac_key_run, vmac_key_ref, NULL, vmac_keyprep,	\
	  &vwkey, sizeof(vwkey) },						\
	{ "vmac" #tb " 48 B finup", "msg", 48, tb / 8, 48, tb / 8, false, \
	  nop_setup, vmac_finup_run, vmac_msg_ref, NULL, NULL, NULL, 0 },		\
	{ "vmac" #tb " 1000 B finup", "msg", 1000, tb / 8, 1000, tb / 8, false, \
	  nop_setup, vmac_finup_run, vmac_msg_ref, NULL, NULL, NULL, 0 },		\
	{ "vmac" #tb " 1000 B finup", "key", 16, tb / 8, 1000, tb / 8, false, \
	  nop_setup, vmac_finup_key_run, vmac_key_ref, NULL, vmac_keyprep, \
	  &vwkey, sizeof(vwkey) }

static const struct op vmac_ops[] = {
	{ "setkey", "key", 16, 16, 0, 16, true, nop_setup, vmac_setkey_run,
	  vmac_setkey_ref, NULL, NULL, NULL, 0 },
	VMAC_OPS(64),
	VMAC_OPS(128),
};

#define UMAC_OPS(tb)							\
	{ "umac" #tb " 4113 B", "msg", 4113, tb / 8, 4113, tb / 8, false, \
	  nop_setup, umac_msg_run, umac_msg_ref, NULL, NULL, NULL, 0 },			\
	{ "umac" #tb " 1041 B", "key", 16, tb / 8, 1041, tb / 8, false, \
	  nop_setup, umac_key_run, umac_key_ref, NULL, umac_keyprep,	\
	  &uwkey, sizeof(uwkey) },					\
	{ "umac" #tb " 48 B", "msg", 48, tb / 8, 48, tb / 8, false,	\
	  nop_setup, umac_msg_run, umac_msg_ref, NULL, NULL, NULL, 0 },	\
	{ "umac" #tb " 48 B", "key", 16, tb / 8, 48, tb / 8, false,	\
	  nop_setup, umac_key_run, umac_key_ref, NULL, umac_keyprep,	\
	  &uwkey, sizeof(uwkey) }

static const struct op umac_ops[] = {
	{ "setkey", "key", 16, 16, 0, 16, true, nop_setup, umac_setkey_run,
	  umac_setkey_ref, NULL, NULL, NULL, 0 },
	UMAC_OPS(32),
	UMAC_OPS(64),
	UMAC_OPS(96),
	UMAC_OPS(128),
};

/*
 * Opens of n bytes: the plaintext secret (AES-128), the key (AES-256), and
 * a bad tag; 300 bytes take the zmm tier's medium open, 1041 its long
 * open, 2100 the context.
 */
#define GCM_SIV_OPEN_OPS(n)						\
	{ "open " #n " B", "pt", n, n, n, 16, false, gcm_siv_open_setup, \
	  gcm_siv_open_run, gcm_siv_open_ref, NULL, NULL, NULL, 0 },	\
	{ "open " #n " B AES-256", "key", 32, n, n, 32, false,	\
	  gcm_siv_openkey_setup, gcm_siv_openkey_run, gcm_siv_openkey_ref, \
	  NULL, gcm_siv_keyprep, &gwkey, sizeof(gwkey) },		\
	{ "open bad tag " #n " B", "tag", 16, n, n, 16, false, badtag_setup, \
	  gcm_siv_open_run, gcm_siv_badtag_ref, gcm_siv_badtag_fixed, NULL, \
	  NULL, 0 }

/*
 * Seals of 40, 300, 1041 and 2100 bytes (with the 23-byte AAD) take the
 * short seal, the zmm tier's medium and long seals, and the context.
 */
static const struct op gcm_siv_ops[] = {
	{ "setkey AES-128", "key", 16, 64 + 16, 0, 16, true, nop_setup,
	  gcm_siv_setkey_run, gcm_siv_setkey_ref, NULL, NULL, NULL, 0 },
	{ "setkey AES-256", "key", 32, 64 + 16, 0, 32, true, nop_setup,
	  gcm_siv_setkey_run, gcm_siv_setkey_ref, NULL, NULL, NULL, 0 },
	{ "seal 40 B", "pt", 40, 40 + 16, 40, 16, false, nop_setup,
	  gcm_siv_seal_run, gcm_siv_seal_ref, NULL, NULL, NULL, 0 },
	{ "seal 300 B", "pt", 300, 300 + 16, 300, 16, false, nop_setup,
	  gcm_siv_seal_run, gcm_siv_seal_ref, NULL, NULL, NULL, 0 },
	{ "seal 300 B AES-256", "key", 32, 300 + 16, 300, 32, false,
	  nop_setup, gcm_siv_key_run, gcm_siv_key_ref, NULL, gcm_siv_keyprep,
	  &gwkey, sizeof(gwkey) },
	{ "seal 1041 B", "pt", 1041, 1041 + 16, 1041, 16, false, nop_setup,
	  gcm_siv_seal_run, gcm_siv_seal_ref, NULL, NULL, NULL, 0 },
	{ "seal 1041 B AES-256", "key", 32, 1041 + 16, 1041, 32, false,
	  nop_setup, gcm_siv_key_run, gcm_siv_key_ref, NULL, gcm_siv_keyprep,
	  &gwkey, sizeof(gwkey) },
	{ "seal 2100 B", "pt", 2100, 2100 + 16, 2100, 16, false, nop_setup,
	  gcm_siv_seal_run, gcm_siv_seal_ref, NULL, NULL, NULL, 0 },
	{ "open 40 B", "pt", 40, 40, 40, 16, false, gcm_siv_open_setup,
	  gcm_siv_open_run, gcm_siv_open_ref, NULL, NULL, NULL, 0 },
	GCM_SIV_OPEN_OPS(300),
	GCM_SIV_OPEN_OPS(1041),
	GCM_SIV_OPEN_OPS(2100),
};

static const struct op ocb_ops[] = {
	{ "setkey AES-128", "key", 16, 64 + 16, 0, 16, true, nop_setup,
	  ocb_setkey_run, ocb_setkey_ref, NULL, NULL, NULL, 0 },
	{ "setkey AES-256", "key", 32, 64 + 16, 0, 32, true, nop_setup,
	  ocb_setkey_run, ocb_setkey_ref, NULL, NULL, NULL, 0 },
	{ "enc 40 B", "pt", 40, 40 + 16, 40, 16, false, nop_setup,
	  ocb_enc_run, ocb_enc_ref, NULL, NULL, NULL, 0 },
	{ "enc 1041 B", "pt", 1041, 1041 + 16, 1041, 16, false, nop_setup,
	  ocb_enc_run, ocb_enc_ref, NULL, NULL, NULL, 0 },
	{ "enc 1041 B AES-256", "key", 32, 1041 + 16, 1041, 32, false,
	  nop_setup, ocb_key_run, ocb_key_ref, NULL, ocb_keyprep, &owkey,
	  sizeof(owkey) },
	{ "dec 40 B", "pt", 40, 40, 40, 16, false, ocb_dec_setup,
	  ocb_dec_run, ocb_dec_ref, NULL, NULL, NULL, 0 },
	{ "dec 1041 B", "pt", 1041, 1041, 1041, 16, false, ocb_dec_setup,
	  ocb_dec_run, ocb_dec_ref, NULL, NULL, NULL, 0 },
	{ "dec 1041 B AES-256", "key", 32, 1041, 1041, 32, false,
	  ocb_deckey_setup, ocb_deckey_run, ocb_deckey_ref, NULL, ocb_keyprep,
	  &owkey, sizeof(owkey) },
	{ "dec bad tag 1041 B", "tag", 16, 1041, 1041, 16, false, badtag_setup,
	  ocb_dec_run, ocb_badtag_ref, ocb_badtag_fixed, NULL, NULL, 0 },
};

/* ---- statistics ----------------------------------------------------------- */

struct ttest {
	double mean[2], m2[2], n[2];
};

static void ttest_push(struct ttest *t, double x, int c)
{
	double d = x - t->mean[c];

	t->n[c] += 1;
	t->mean[c] += d / t->n[c];
	t->m2[c] += d * (x - t->mean[c]);
}

static double ttest_t(const struct ttest *t)
{
	double v0, v1;

	if (t->n[0] < 2 || t->n[1] < 2)
		return 0;
	v0 = t->m2[0] / (t->n[0] - 1);
	v1 = t->m2[1] / (t->n[1] - 1);
	if (v0 + v1 == 0)	/* each class one value (a TSC step is 26 here) */
		return t->mean[0] == t->mean[1] ? 0 : HUGE_VAL;
	return (t->mean[0] - t->mean[1]) / sqrt(v0 / t->n[0] + v1 / t->n[1]);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* ---- the measurement loop ------------------------------------------------- */

static unsigned int nmeas = 20000;
static bool fixed_random;	/* -z: the fixed class a random value, not zeros */
static u64 *cycles, *sorted;
static u8 *classes;

struct result {
	double maxt, median;
	double d10;		/* the mean difference that would give |t| = 10 */
	double diff;		/* fixed - random mean, in the test of maxt */
	unsigned long n, n_at_max;
	int crop;		/* -1: uncropped */
	unsigned int checked;
};

/* Every fixed-class output must equal the first; random ones are sampled. */
static bool check(const struct op *op, bool *have_fixed, u8 *fixed_out,
		  int *fixed_rc, int c, unsigned int i, struct result *r)
{
	if (c == 0 && *have_fixed && !op->setkey)
		return !memcmp(out, fixed_out, op->outlen) && rc == *fixed_rc;
	if ((c == 1 || op->setkey) && i > 64 && i % 256)
		return true;
	op->reference(op);
	r->checked++;
	if (memcmp(out, ref, op->outlen) || rc != ref_rc)
		return false;
	if (c == 0) {
		memcpy(fixed_out, out, op->outlen);
		*fixed_rc = rc;
		*have_fixed = true;
	}
	return true;
}

#define POOL		64	/* random keys of a key-class operation */
#define SETKEY_BUDGET	2.0	/* seconds of setkey measurements at most */
#define BATCH		256	/* inputs prepared at a time */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool measure(const struct op *op, struct result *r)
{
	static u8 fixed_out[MAX_LEN + 16];
	static u8 batch[BATCH][MAX_LEN];
	static u8 praw[2 * POOL * 32];
	unsigned int n = op->setkey ? nmeas / 4 : nmeas, i, k;
	bool have_fixed = false;
	int fixed_rc = 0;
	struct ttest t[NTESTS];
	double thr[NCROPS], start;
	u8 *pool = NULL;

	memset(fixed_in, 0, sizeof(fixed_in));
	if (fixed_random)
		rng_fill(fixed_in, sizeof(fixed_in));
	if (op->fixed)
		op->fixed(op);
	if (op->keyprep) {
		/*
		 * Keys 0 .. POOL - 1 random, POOL .. 2 POOL - 1 copies of the
		 * fixed one (zeros), so that both classes copy their key from
		 * as much memory (one fixed copy would stay in L1, and the
		 * timed call would find more of its other data there).
		 */
		pool = malloc(2 * POOL * op->keysize);
		if (!pool)
			return false;
		rng_fill(praw, POOL * op->inlen);
		for (i = 0; i < POOL; i++)
			op->keyprep(op, pool + i * op->keysize, praw + i * op->inlen);
		op->keyprep(op, pool + POOL * op->keysize, fixed_in);
		for (i = POOL; i < 2 * POOL; i++) {
			memcpy(praw + i * op->inlen, fixed_in, op->inlen);
			memcpy(pool + i * op->keysize, pool + POOL * op->keysize, op->keysize);
		}
	}
	for (i = 0; i < n; i++)
		classes[i] = rng_next() & 1;
	/*
	 * Both classes run the same instructions before the timed call: the
	 * input is copied to the same buffer from a slot of a batch that was
	 * filled, before the batch's measurements, with the fixed or with
	 * random bytes (dudect prepares all inputs first).  Making the
	 * class's input right before its measurement (a memcpy from the hot
	 * fixed input or a fresh random one) left the caches in different
	 * states and gave |t| up to 50 at 200000 measurements of VMAC on
	 * 4 KiB.  The first 200 runs (caches, predictors, the wide vector
	 * unit's warm-up) are not recorded.
	 */
	start = now();
	for (i = 0; i < n + 200; i++) {
		int c = i < 200 ? 0 : classes[i - 200];
		unsigned int m = i - 200;
		u64 t0, t1;

		if (pool) {
			unsigned int j = rng_next() % POOL + (c ? 0 : POOL);

			memcpy(in, praw + j * op->inlen, op->inlen);
			memcpy(op->wkey, pool + j * op->keysize, op->keysize);
		} else {
			unsigned int b = i % BATCH;

			if (!b) {
				unsigned int k2;

				for (k2 = 0; k2 < BATCH; k2++) {
					unsigned int m2 = i + k2;

					if (m2 >= 200 && m2 < n + 200 && classes[m2 - 200])
						rng_fill(batch[k2], op->inlen);
					else
						memcpy(batch[k2], fixed_in, op->inlen);
				}
			}
			memcpy(in, batch[b], op->inlen);
		}
		op->setup(op);
		t0 = kfast_tsc_start();
		op->run(op);
		t1 = kfast_tsc_stop();
		if (i < 200)
			continue;
		cycles[m] = t1 - t0;
		if (!check(op, &have_fixed, fixed_out, &fixed_rc, c, m, r)) {
			printf("# %s: class %d measurement %u differs from the generic tier "
			       "(rc %d, generic %d)\n", op->name, c, m, rc, ref_rc);
			free(pool);
			return false;
		}
		/* setkey with the test build's slow AES: a time budget too */
		if (op->setkey && m >= 1000 && !(m % 64) && now() - start > SETKEY_BUDGET) {
			n = m + 1;
			break;
		}
	}
	free(pool);

	memcpy(sorted, cycles, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_u64);
	for (k = 0; k < NCROPS; k++)
		thr[k] = sorted[(size_t)((1 - pow(0.5, 10.0 * (k + 1) / NCROPS)) * n)];
	memset(t, 0, sizeof(t));
	for (i = 0; i < n; i++) {
		double x = (double)cycles[i];

		ttest_push(&t[NCROPS], x, classes[i]);
		for (k = 0; k < NCROPS; k++)
			if (x < thr[k])
				ttest_push(&t[k], x, classes[i]);
	}
	r->n = n;
	r->median = (double)sorted[n / 2];
	/* Crop 32 keeps the fastest 90%: |t| = 10 there at this difference. */
	{
		const struct ttest *c = &t[D10_CROP];

		r->d10 = c->n[0] > 1 && c->n[1] > 1 ?
			10 * sqrt(c->m2[0] / (c->n[0] - 1) / c->n[0] +
				  c->m2[1] / (c->n[1] - 1) / c->n[1]) : 0;
	}
	r->maxt = 0;
	r->n_at_max = 0;
	r->crop = -1;
	for (k = 0; k < NTESTS; k++) {
		double a = fabs(ttest_t(&t[k]));

		if (t[k].n[0] < MIN_CLASS || t[k].n[1] < MIN_CLASS)
			continue;
		if (a > r->maxt) {
			r->maxt = a;
			r->diff = t[k].mean[0] - t[k].mean[1];
			r->n_at_max = (unsigned long)(t[k].n[0] + t[k].n[1]);
			r->crop = k == NCROPS ? -1 : (int)k;
		}
	}
	return true;
}

/* ---- the tiers ------------------------------------------------------------ */

struct alg {
	const char *name;
	const char *const *tiers;
	unsigned int ntiers;
	const struct op *ops;
	unsigned int nops;
	bool (*available)(unsigned int impl);
	void (*prepare)(unsigned int impl);
};

/* The fixed keys (random, chosen once) for the message-class operations. */
static void vmac_fixed_key(unsigned int t)
{
	u8 raw[16];

	rng_fill(raw, sizeof(raw));
	vmac_setkey(&vkey, raw, 16);
}

static void umac_fixed_key(unsigned int t)
{
	u8 raw[16];

	rng_fill(raw, sizeof(raw));
	__umac_setkey(&ukey, raw, 16, t);
	__umac_setkey(&ufgkey, raw, 16, UMAC_IMPL_GENERIC);
}

static void gcm_siv_fixed_key(unsigned int t)
{
	u8 raw[16];

	rng_fill(raw, sizeof(raw));
	gcm_siv_setkey(&gkey, raw, 16);
}

static void ocb_fixed_key(unsigned int t)
{
	u8 raw[16];

	rng_fill(raw, sizeof(raw));
	ocb_setkey(&okey, raw, 16);
}

static const struct alg algs[] = {
	{ "vmac", vmac_tiers, ARRAY_SIZE(vmac_tiers), vmac_ops, ARRAY_SIZE(vmac_ops),
	  vmac_has, vmac_fixed_key },
	{ "umac", umac_tiers, ARRAY_SIZE(umac_tiers), umac_ops, ARRAY_SIZE(umac_ops),
	  umac_has, umac_fixed_key },
	{ "gcm-siv", gcm_siv_tiers, ARRAY_SIZE(gcm_siv_tiers), gcm_siv_ops,
	  ARRAY_SIZE(gcm_siv_ops), gcm_siv_has, gcm_siv_fixed_key },
	{ "ocb", ocb_tiers, ARRAY_SIZE(ocb_tiers), ocb_ops, ARRAY_SIZE(ocb_ops),
	  ocb_has, ocb_fixed_key },
};

/* The tiers valgrind's virtual CPU cannot run: those needing VAES or AVX-512. */
static bool needs_dudect(const char *tier)
{
	return strstr(tier, "avx512") || strstr(tier, "vaes");
}

static unsigned int pass, fail;

static void run_tier(const struct alg *a, unsigned int t)
{
	unsigned int o;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	impl = t;
	a->prepare(t);
	for (o = 0; o < a->nops; o++) {
		const struct op *op = &a->ops[o];
		struct result r = { 0 };

		if (!measure(op, &r)) {
			printf("not ok - %s %s %s (%s): wrong output\n", a->name,
			       a->tiers[t], op->name, op->secret);
			fail++;
			continue;
		}
		char crop[16] = "uncropped";

		if (r.crop >= 0)
			snprintf(crop, sizeof(crop), "crop %d", r.crop);
		printf("ok - %-7s %-11s %-20s %-3s  n %6lu  max |t| %6.2f (%s, n %lu, "
		       "fixed - random %+.1f)  median %.0f, |t| = 10 at %.1f cycles; "
		       "%u checked\n",
		       a->name, a->tiers[t], op->name, op->secret, r.n, r.maxt,
		       crop, r.n_at_max, r.diff, r.median, r.d10, r.checked);
		pass++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# %s %s: %.1f s\n", a->name, a->tiers[t],
	       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
}

int main(int argc, char **argv)
{
	const char *alg = NULL, *tier = NULL;
	unsigned int a, t, ran = 0;
	u64 seed;
	int i;

	if (getrandom(&seed, sizeof(seed), 0) != sizeof(seed))
		seed = (u64)time(NULL);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			nmeas = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "-z"))
			fixed_random = true;
		else if (!strcmp(argv[i], "-s") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!alg)
			alg = argv[i];
		else if (!tier)
			tier = argv[i];
		else
			nmeas = 0;	/* usage */
	}
	if ((alg && !tier) || nmeas < 1000) {
		fprintf(stderr, "usage: %s [-n N (>= 1000)] [-s SEED] [-z] [ALG TIER]\n", argv[0]);
		return 2;
	}
	cycles = calloc(nmeas, sizeof(*cycles));
	sorted = calloc(nmeas, sizeof(*sorted));
	classes = calloc(nmeas, 1);
	if (!cycles || !sorted || !classes)
		return 2;
	rng_seed(seed);
	rng_fill(msg, sizeof(msg));
	rng_fill(aad, sizeof(aad));
	rng_fill(nonce, sizeof(nonce));
	nonce[0] &= 0x7f;	/* VMAC: top bit 0 */

	ct_cores_init();

	printf("# dudect-style timing report: fixed vs random secret, Welch's t on %u crops\n",
	       NCROPS);
	printf("# seed %#llx, %u measurements per operation (setkey: %u, or 2 s)\n",
	       (unsigned long long)seed, nmeas, nmeas / 4);
	printf("# |t| > 10 would suggest a leak (dudect's threshold); a report, not a verdict:\n"
	       "# only a wrong output or a tier that does not run fails\n");
	if (!alg) {
		struct result r = { 0 };

		if (measure(&control_op, &r))
			printf("# control (a leak): %s of 16 bytes, n %lu, max |t| %.2f, "
			       "median %.0f cycles\n", control_op.name, r.n, r.maxt, r.median);
	}
	for (a = 0; a < ARRAY_SIZE(algs); a++) {
		if (alg && strcmp(alg, algs[a].name))
			continue;
		for (t = 0; t < algs[a].ntiers; t++) {
			if (tier ? strcmp(tier, algs[a].tiers[t]) : !needs_dudect(algs[a].tiers[t]))
				continue;
			ran++;
			if (!algs[a].available(t)) {
				printf("# skip - %s %s: this CPU does not have the tier\n",
				       algs[a].name, algs[a].tiers[t]);
				continue;
			}
			run_tier(&algs[a], t);
		}
	}
	if (!ran) {
		fprintf(stderr, "%s: no tier %s %s\n", argv[0], alg, tier);
		return 2;
	}
	printf("dudect timing (report): %u passed, %u failed\n", pass, fail);
	return fail ? 1 : 0;
}

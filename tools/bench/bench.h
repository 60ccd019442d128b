/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared declarations of the userspace benchmark (tools/bench/).
 *
 * Every implementation that is timed (one of our tiers or a peer library) is
 * a struct bench_impl: an op() that processes one whole message the way a
 * user pays for it (per-message nonce/IV set-up, data, tag), with the key
 * set up once beforehand.  The same op() is used for the correctness checks
 * and for the timing, so what is timed is what was checked.
 *
 * The peer wrappers (peer_openssl.c, peer_nettle.c, peer_cryptopp.cc) are
 * separate translation units: nettle's and our UMAC headers share names, and
 * Crypto++ is C++.  This header only uses <stdint.h>/<stddef.h> types.
 */
#ifndef KFAST_BENCH_H
#define KFAST_BENCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_NSIZES		9
#define BENCH_MAX_SIZE		65536
#define BENCH_MAX_ROUNDS	64
#define BENCH_MAX_IMPLS		80

/* Table/chart groups. */
enum bench_family {
	FAM_VMAC64,
	FAM_VMAC128,
	FAM_UMAC32,
	FAM_UMAC64,
	FAM_UMAC96,
	FAM_UMAC128,
	FAM_GCMSIV,	/* AES-128-GCM-SIV encryption beside AES-GCM / AES-OCB */
	FAM_GCMSIV_MORE, /* AES-GCM-SIV decryption, AES-256: ours only */
	FAM_AUTH,	/* authentication only: GCM-SIV auth-only beside the MACs */
	FAM_COUNT
};

typedef void (*bench_op_fn)(void *ctx, const uint8_t *nonce, const uint8_t *msg,
			    size_t len, uint8_t *out);

struct bench_impl {
	enum bench_family family;
	char alg[40];		/* algorithm; equal alg => equal output required */
	char name[64];		/* implementation, e.g. "kfast avx2", "nettle 3.8" */
	int ours;		/* 1: our core (one tier), 0: a peer library */
	int ntp;		/* shown in the NTP 48-byte table */
	unsigned int noncelen;	/* bytes of nonce/IV op() reads (0: none) */
	unsigned int taglen;	/* tag bytes op() writes */
	int has_ct;		/* op() writes len bytes of ciphertext, then the tag */
	void *ctx;
	bench_op_fn op;

	/* Results, TSC cycles per message. */
	double best[BENCH_NSIZES];
	double med[BENCH_NSIZES];
	double round_med[BENCH_NSIZES][BENCH_MAX_ROUNDS];
	unsigned long batch[BENCH_NSIZES];	/* messages per timed batch */
};

/* Adds an implementation; returns it so the caller can set flags. */
struct bench_impl *bench_add(enum bench_family family, const char *alg,
			     const char *name, int ours, unsigned int noncelen,
			     unsigned int taglen, int has_ct, void *ctx,
			     bench_op_fn op);

/* A known-answer check (hex strings) through an implementation's op(). */
int bench_kat(const struct bench_impl *impl, const char *id, const char *nonce_hex,
	      const char *msg_hex, const char *expect_hex);

void *bench_alloc(size_t size);	/* 64-byte aligned, zeroed, exits on failure */

/*
 * Whether a core-cycle counter can be read here (perf_event_open); writes a
 * sentence for the report.  @busy is run while counting.  sys.c:
 * <linux/perf_event.h> clashes with the userspace shim's kernel types.
 */
void bench_perf_probe(char *buf, size_t n, void (*busy)(void));
int bench_mkdir(const char *dir);	/* 0 or -errno; an existing dir is fine */

/* Peers: register their implementations, keyed with the bench key. */
void peer_openssl_add(const uint8_t key[32]);
int peer_openssl_kats(void);		/* returns the number of failures */
const char *peer_openssl_version(void);

void peer_nettle_add(const uint8_t key[16]);
const char *peer_nettle_version(void);

void peer_cryptopp_add(const uint8_t key[16]);
/*
 * VMAC with reused objects vs a fresh object per nonce, 40 counter nonces;
 * returns mismatches of the wrapped objects, and in *raw_wrong those of a
 * plain reused Crypto++ VMAC-64 object (its stale-pad bug).
 */
int peer_cryptopp_sequence_check(const uint8_t key[16], int *raw_wrong);
const char *peer_cryptopp_version(void);

#ifdef __cplusplus
}
#endif

#endif /* KFAST_BENCH_H */

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
 * Our algorithms (ours_vmac.c, ours_umac.c, ours_gcmsiv.c, ours_ocb.c) and the peer
 * wrappers (peer_openssl.c, peer_boringssl.c, peer_nettle.c,
 * peer_cryptopp.cc) are separate translation units that register their
 * rows through bench_add(): each includes only its own library's headers
 * (nettle's and our UMAC headers share names, Crypto++ is C++, and
 * BoringSSL is loaded at run time beside OpenSSL, whose names it shares).
 * What the engine, the checks, the reports and main share beyond this is
 * in bench_int.h.
 */
#ifndef KFAST_BENCH_H
#define KFAST_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_NSIZES		9
#define BENCH_MAX_SIZE		65536
#define BENCH_MAX_ROUNDS	64
#define BENCH_MAX_IMPLS		96

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
	FAM_OCB,	/* AES-OCB seal and open beside OpenSSL's */
	FAM_COUNT
};

typedef void (*bench_op_fn)(void *ctx, const uint8_t *nonce, const uint8_t *msg,
			    size_t len, uint8_t *out);

struct bench_impl {
	enum bench_family family;
	char alg[48];		/* algorithm; equal alg => equal output required */
	char name[64];		/* implementation, e.g. "kfast avx2", "nettle 3.8" */
	int ours;		/* 1: our core (one tier), 0: a peer library */
	int ntp;		/* shown in the NTP 48-byte table */
	unsigned int noncelen;	/* bytes of nonce/IV op() reads (0: none) */
	unsigned int taglen;	/* tag bytes op() writes */
	int has_ct;		/* op() writes len bytes of ciphertext, then the tag */
	void *ctx;
	bench_op_fn op;
	/*
	 * A peer of another algorithm (AES-GCM beside GCM-SIV): the algorithm
	 * of ours it gets a context ratio row against, or NULL.
	 */
	const char *ratio_with;

	/* Results, TSC cycles per message. */
	double best[BENCH_NSIZES];
	double med[BENCH_NSIZES];
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
/* Prints "bench: <message>" and exits 2: set-up errors, not check failures. */
void bench_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* The message sizes of the tables, in bytes. */
extern const size_t bench_sizes[BENCH_NSIZES];

/*
 * The checks' bookkeeping, reported in the Markdown file: adapters with
 * checks of their own (not through bench_kat()) count them here and add a
 * line saying what they checked.
 */
struct bench_tally {
	unsigned int kats, cross, fail;
};
extern struct bench_tally bench_tally;
void bench_note_check(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
size_t bench_unhex(const char *hex, uint8_t *out, size_t max);

/*
 * A tier's name from an adapter's names by enum value, "?" past their end
 * (a tier added to the core before its name is added here), and the row
 * name "kfast <tier>" (in a static buffer: bench_add() copies it).
 */
const char *bench_tier(const char *const *tiers, size_t ntiers, int impl);
const char *bench_ours_name(const char *tier);

/*
 * For an adapter's own timing after the rounds: the message buffer the rows
 * are timed on (BENCH_MAX_SIZE bytes), whether @impl is still timed (--only
 * may have dropped it), the cost of one TSC start/stop pair, and one call of
 * @impl's op() on @src in TSC cycles (a fresh nonce, as in the rounds).
 */
extern uint8_t *bench_msgbuf;
int bench_impl_live(const struct bench_impl *impl);
double bench_tsc_cost(void);
double bench_time_one(struct bench_impl *impl, const uint8_t *src, size_t len);

/*
 * Two rows timed in turn, one call at a time, @calls times each, on @len
 * bytes of @src_a and @src_b: the lowest time of each, less the cost of
 * reading the TSC.  Their quotient is what the machine's minute-to-minute
 * speed changes do not move.
 */
void bench_alternate(struct bench_impl *a, const uint8_t *src_a, struct bench_impl *b,
		     const uint8_t *src_b, size_t len, unsigned int calls, double *best_a,
		     double *best_b);

/*
 * A row still timed, by family, algorithm and side: a peer's first row,
 * or our last (the best tier: each adapter adds its tiers in rising order).
 * NULL when there is none.
 */
struct bench_impl *bench_find(enum bench_family family, const char *alg, int ours);

/* The algorithm names of our CTR passes alone (ours_gcmsiv.c's rows). */
#define BENCH_ALG_CTR_PASS_128	"AES-128-CTR (the CTR pass of a seal, alone)"
#define BENCH_ALG_CTR_PASS_256	"AES-256-CTR (the CTR pass of a seal, alone)"

/* Extra rows asked for on the command line (--umac-stream, --gcmsiv-aes256, --vmac-stream). */
#define BENCH_UMAC_STREAM	1u
#define BENCH_GCMSIV_AES256	2u
#define BENCH_VMAC_STREAM	4u
extern unsigned int bench_flags;

/*
 * One of our algorithms: tools/bench/ours_<alg>.c, which bench.mk links
 * only when that core is in the tree.  The references are weak, so main
 * sees NULL for an adapter that is not linked and no file has to know
 * which cores exist.  Every hook but add may be NULL.
 */
struct bench_ours {
	void (*add)(const uint8_t key[32]);	/* every tier's rows */
	void (*kats)(void);		/* checks beyond the cross-checks */
	void (*after_rounds)(void);	/* timing of its own, after the rounds */
	void (*md)(FILE *f);		/* its section, after the Markdown tables */
	void (*summary)(FILE *f);	/* its lines, after the terminal tables */
};
extern const struct bench_ours ours_vmac __attribute__((weak));
extern const struct bench_ours ours_umac __attribute__((weak));
extern const struct bench_ours ours_gcmsiv __attribute__((weak));
extern const struct bench_ours ours_ocb __attribute__((weak));

/*
 * Whether a core-cycle counter can be read here (perf_event_open); writes a
 * sentence for the report.  @busy is run while counting.  sys.c:
 * <linux/perf_event.h> clashes with the userspace shim's kernel types.
 */
void bench_perf_probe(char *buf, size_t n, void (*busy)(void));
int bench_mkdir(const char *dir);	/* 0 or -errno; an existing dir is fine */

/* Peers: register their implementations, keyed with the bench key. */
void peer_openssl_add(const uint8_t key[32]);
void peer_openssl_ocb_add(const uint8_t key[32]);
int peer_openssl_kats(void);		/* returns the number of failures */
const char *peer_openssl_version(void);

/*
 * BoringSSL, dlopen()ed (peer_boringssl.c): AES-GCM-SIV and AES-GCM.  When
 * the library cannot be loaded, add registers nothing and kats checks
 * nothing; why_not says why.
 */
void peer_boringssl_add(const uint8_t key[32]);
int peer_boringssl_kats(void);		/* returns the number of failures */
int peer_boringssl_available(void);
const char *peer_boringssl_why_not(void);
const char *peer_boringssl_version(void);
int peer_boringssl_aes_hw(void);	/* EVP_has_aes_hardware() */
const char *peer_boringssl_isa_note(void);	/* "" or a sentence for the report */

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

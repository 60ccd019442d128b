// SPDX-License-Identifier: GPL-2.0
/*
 * AF_ALG test program for the kfast algorithms, run inside the test guests.
 *
 *   kfast_afalg_test vectors FILE
 *	Computes every vector of FILE (see scripts/gen-afalg-vectors.py) through
 *	AF_ALG: hashes in one write and split in two writes, AEADs sealed and
 *	opened, with a flipped tag bit that must give EBADMSG.
 *   kfast_afalg_test diff NAME DRIVER_A DRIVER_B COUNT MAXLEN KEYLEN NONCELEN
 *	Random keys, nonces (top bit clear) and messages up to MAXLEN bytes
 *	hashed by two drivers of the same algorithm: tags must be identical.
 *   kfast_afalg_test diff-aead NAME DRIVER_A DRIVER_B COUNT MAXLEN KEYLEN IVLEN
 *	Random keys, IVs, AAD and plaintexts (up to MAXLEN bytes) sealed by
 *	two drivers of the same AEAD with each authsize of 16, 12 and 8 that
 *	the algorithm takes: identical output; each opens the other's, and a
 *	flipped ciphertext or tag byte gives EBADMSG.
 *   kfast_afalg_test errors NAME KEYLEN NONCELEN
 *	Bad input through AF_ALG: wrong key length (EINVAL), no key (ENOKEY),
 *	data shorter than the nonce (EINVAL); for VMAC a bad nonce (EINVAL),
 *	also on a message longer than one of algif_hash's internal chunks.
 *   kfast_afalg_test bind TYPE NAME ERRNO
 *	bind() of an AF_ALG socket of TYPE (hash, aead) to NAME must give
 *	ERRNO (0: success), e.g. ENOENT (2) for a name Linux 7.3's
 *	crypto.af_alg_restrict=1 keeps off its allowlist.
 *
 * Every send is checked for its full count and every read gets room for
 * the whole output: AF_ALG reports some failures only as a short count and
 * splits a short read into several requests (README, "AF_ALG").
 *
 * Prints TAP-like "ok"/"not ok" lines and a closing
 * "afalg: N passed, N failed"; exits non-zero on any failure.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include "../../include/kfast/test-rng.h"
#include "afalg-aead.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

static unsigned int passed, failed;

static void __attribute__((format(printf, 2, 3))) result(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s ", ok ? "ok" : "not ok");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (ok)
		passed++;
	else
		failed++;
}

/* Hex field of the vector file into out (at most max bytes); exits on bad input. */
static size_t unhex(const char *s, uint8_t *out, size_t max)
{
	size_t n = 0;

	if (!strcmp(s, "-"))
		return 0;
	for (; s[0]; s += 2) {
		if (n == max || sscanf(s, "%2hhx", &out[n]) != 1 || !s[1]) {
			fprintf(stderr, "bad hex field in the vector file: %.40s\n", s);
			exit(2);
		}
		n++;
	}
	return n;
}

static int alg_socket(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (fd < 0)
		return -errno;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

/*
 * Sends all of buf: 0, -errno, or -EIO when the kernel took only part of
 * it.  algif_hash hashes a long message in chunks; when the last step
 * fails after the first chunk, sendmsg() returns the bytes of the earlier
 * chunks instead of the error and the hash state is gone, so a short
 * count is an error and no tag may be read after it.
 */
static int send_all(int op, const void *buf, size_t len, int flags)
{
	ssize_t n = send(op, buf, len, flags);

	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

/*
 * Hashes data with the named hash, in one write or split at 'split' (when
 * split < len).  Returns the digest length or -errno of the failing step.
 */
static int afalg_hash(const char *name, const uint8_t *key, size_t klen,
		      const uint8_t *data, size_t len, size_t split,
		      uint8_t *out, size_t outlen)
{
	int tfm, op, ret;

	tfm = alg_socket("hash", name);
	if (tfm < 0)
		return tfm;
	if (klen != (size_t)-1 &&
	    setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, klen) < 0) {
		ret = -errno;
		goto out_tfm;
	}
	op = accept(tfm, NULL, 0);
	if (op < 0) {
		ret = -errno;
		goto out_tfm;
	}
	if (split < len) {
		ret = send_all(op, data, split, MSG_MORE);
		if (ret)
			goto out_op;
		data += split;
		len -= split;
	}
	ret = send_all(op, data, len, 0);
	if (ret)
		goto out_op;
	ret = read(op, out, outlen);
	if (ret < 0)
		ret = -errno;
out_op:
	close(op);
out_tfm:
	close(tfm);
	return ret;
}

/* Seals (enc=1) or opens (enc=0) AAD||in; out gets AAD||result. */
static int afalg_aead(const char *name, const uint8_t *key, size_t klen,
		      const uint8_t *iv, size_t ivlen, size_t taglen,
		      const uint8_t *buf, size_t assoclen, size_t inlen,
		      uint8_t *out, size_t outlen, int enc)
{
	ssize_t n;
	int tfm, op, ret;

	/*
	 * algif_aead runs only what fits in the receive buffer and the rest
	 * as another request with the same IV and assoclen: the buffer must
	 * hold AAD + the whole output.
	 */
	if (outlen < assoclen + (enc ? inlen + taglen : inlen > taglen ? inlen - taglen : 0))
		return -EINVAL;
	tfm = alg_socket("aead", name);
	if (tfm < 0)
		return tfm;
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, klen) < 0 ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, taglen) < 0) {
		ret = -errno;
		goto out_tfm;
	}
	op = accept(tfm, NULL, 0);
	if (op < 0) {
		ret = -errno;
		goto out_tfm;
	}
	n = afalg_aead_sendmsg(op, enc, iv, ivlen, buf, assoclen, assoclen + inlen, 0);
	if (n != (ssize_t)(assoclen + inlen)) {
		ret = n < 0 ? -errno : -EIO;
		goto out_op;
	}
	/* Exactly AAD + output: a larger read blocks waiting for more input. */
	ret = read(op, out, outlen);
	if (ret < 0)
		ret = -errno;
	close(op);
	close(tfm);
	return ret;
out_op:
	close(op);
out_tfm:
	close(tfm);
	return ret;
}

#define MAXBUF (1 << 17)
static uint8_t key[64], data[MAXBUF], expect[MAXBUF], out[MAXBUF], out2[MAXBUF];

static void test_hash_line(char **f, unsigned int lineno)
{
	size_t klen = unhex(f[2], key, sizeof(key)), len = unhex(f[3], data, sizeof(data));
	size_t dlen = unhex(f[4], expect, sizeof(expect));
	int r1 = afalg_hash(f[1], key, klen, data, len, len, out, sizeof(out));
	int r2 = afalg_hash(f[1], key, klen, data, len, len / 2, out2, sizeof(out2));

	if (r1 != (int)dlen || memcmp(out, expect, dlen))
		printf("# %s line %u: ret %d\n", f[1], lineno, r1);
	result(r1 == (int)dlen && !memcmp(out, expect, dlen), "%s vector line %u", f[1], lineno);
	result(r2 == (int)dlen && !memcmp(out2, expect, dlen),
	       "%s vector line %u, split update", f[1], lineno);
}

static void test_aead_line(char **f, unsigned int lineno)
{
	static uint8_t iv[32], aad[MAXBUF], pt[MAXBUF];
	size_t klen = unhex(f[2], key, sizeof(key)), ivlen = unhex(f[3], iv, sizeof(iv));
	size_t alen = unhex(f[4], aad, sizeof(aad)), plen = unhex(f[5], pt, sizeof(pt));
	size_t clen = unhex(f[6], expect, sizeof(expect)), taglen = strtoul(f[7], NULL, 0);
	int r;

	memcpy(data, aad, alen);
	memcpy(data + alen, pt, plen);
	r = afalg_aead(f[1], key, klen, iv, ivlen, taglen, data, alen, plen,
		       out, alen + clen, 1);
	result(r == (int)(alen + clen) && !memcmp(out + alen, expect, clen),
	       "%s seal vector line %u", f[1], lineno);

	memcpy(data + alen, expect, clen);
	r = afalg_aead(f[1], key, klen, iv, ivlen, taglen, data, alen, clen,
		       out, alen + plen, 0);
	result(r == (int)(alen + plen) && !memcmp(out + alen, pt, plen),
	       "%s open vector line %u", f[1], lineno);

	/*
	 * AF_ALG only runs an operation when there is output to read; with
	 * neither AAD nor plaintext a tampered tag cannot be observed here
	 * (the KUnit suites cover that case).
	 */
	if (alen + plen == 0)
		return;
	data[alen + clen - 1] ^= 0x01;
	r = afalg_aead(f[1], key, klen, iv, ivlen, taglen, data, alen, clen,
		       out, alen + plen, 0);
	result(r == -EBADMSG, "%s open with a flipped tag bit fails with EBADMSG, line %u",
	       f[1], lineno);
}

static int run_vectors(const char *path)
{
	char line[1 << 18], *f[9];
	unsigned int lineno = 0, n;
	FILE *fp = fopen(path, "r");

	if (!fp) {
		perror(path);
		return 1;
	}
	while (fgets(line, sizeof(line), fp)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		n = 0;
		for (char *t = strtok(line, " \n"); t && n < 9; t = strtok(NULL, " \n"))
			f[n++] = t;
		if (!strcmp(f[0], "hash") && n == 5)
			test_hash_line(f, lineno);
		else if (!strcmp(f[0], "aead") && n == 8)
			test_aead_line(f, lineno);
		else
			result(0, "%s: malformed line %u", path, lineno);
	}
	fclose(fp);
	return 0;
}

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static void run_diff(char **argv)
{
	const char *name = argv[0], *da = argv[1], *db = argv[2];
	unsigned int count = atoi(argv[3]), i;
	size_t maxlen = strtoul(argv[4], NULL, 0), klen = atoi(argv[5]);
	size_t nlen = atoi(argv[6]), len;
	unsigned int bad = 0;
	int ra, rb;

	for (i = 0; i < count; i++) {
		kfast_test_fill(&rng_state, key, klen);
		/* Mostly short messages, some long ones, always the nonce. */
		len = kfast_test_rand_below(&rng_state, i % 4 ? 600 : maxlen + 1);
		len += nlen;
		kfast_test_fill(&rng_state, data, len);
		data[0] &= 0x7f;
		ra = afalg_hash(da, key, klen, data, len, len, out, sizeof(out));
		rb = afalg_hash(db, key, klen, data, len,
				kfast_test_rand_below(&rng_state, len + 1), out2, sizeof(out2));
		if (ra <= 0 || ra != rb || memcmp(out, out2, ra)) {
			if (!bad++)
				printf("# %s: %s vs %s differ at iteration %u (len %zu): %d %d\n",
				       name, da, db, i, len, ra, rb);
		}
	}
	printf("# %s: %u random messages up to %zu bytes\n", name, count, maxlen);
	result(!bad, "%s: identical tags from both drivers", name);
}

static void run_diff_aead(char **argv)
{
	static const size_t authsizes[] = { 16, 12, 8 };
	static uint8_t iv[32];
	const char *name = argv[0], *da = argv[1], *db = argv[2];
	unsigned int count = atoi(argv[3]), i, bad = 0, opens = 0, rejects = 0;
	size_t maxlen = strtoul(argv[4], NULL, 0), klen = atoi(argv[5]);
	size_t ivlen = atoi(argv[6]);

	if (maxlen > MAXBUF / 2 - 64)
		maxlen = MAXBUF / 2 - 64;
	if (ivlen > sizeof(iv) || klen > sizeof(key)) {
		result(0, "%s: IV or key too long", name);
		return;
	}
	for (i = 0; i < count; i++) {
		size_t tl = authsizes[i % 3];
		size_t alen = kfast_test_rand_below(&rng_state, i % 4 ? 64 : 600);
		size_t plen = kfast_test_rand_below(&rng_state, i % 4 ? 600 : maxlen + 1);
		int ra, rb, r;

		kfast_test_fill(&rng_state, key, klen);
		kfast_test_fill(&rng_state, iv, ivlen);
		kfast_test_fill(&rng_state, data, alen + plen);
		ra = afalg_aead(da, key, klen, iv, ivlen, tl, data, alen, plen, out,
				alen + plen + tl, 1);
		rb = afalg_aead(db, key, klen, iv, ivlen, tl, data, alen, plen, out2,
				alen + plen + tl, 1);
		if (ra != (int)(alen + plen + tl) || ra != rb || memcmp(out, out2, ra)) {
			if (!bad++)
				printf("# %s: %s vs %s differ at iteration %u (aad %zu, text %zu, tag %zu): %d %d\n",
				       name, da, db, i, alen, plen, tl, ra, rb);
			continue;
		}
		/* Each driver opens the other's output (out holds AAD || C || T). */
		r = afalg_aead(db, key, klen, iv, ivlen, tl, out, alen, plen + tl, out2,
			       alen + plen, 0);
		opens += r == (int)(alen + plen) && !memcmp(out2 + alen, data + alen, plen);
		r = afalg_aead(da, key, klen, iv, ivlen, tl, out, alen, plen + tl, out2,
			       alen + plen, 0);
		opens += r == (int)(alen + plen) && !memcmp(out2 + alen, data + alen, plen);
		out[alen + kfast_test_rand_below(&rng_state, plen + tl)] ^= 0x10;
		r = afalg_aead(db, key, klen, iv, ivlen, tl, out, alen, plen + tl, out2,
			       alen + plen, 0);
		rejects += r == -EBADMSG;
	}
	printf("# %s: %u random messages up to %zu bytes\n", name, count, maxlen);
	result(!bad, "%s: identical output from both drivers", name);
	result(opens == 2 * (count - bad), "%s: each driver opens the other's output", name);
	result(rejects == count - bad, "%s: a flipped ciphertext or tag byte gives EBADMSG",
	       name);
}

static void run_errors(char **argv)
{
	const char *name = argv[0];
	size_t klen = atoi(argv[1]), nlen = atoi(argv[2]);
	int r;

	memset(key, 0x42, sizeof(key));
	memset(data, 0x01, sizeof(data));
	r = afalg_hash(name, key, klen + 1, data, nlen, nlen, out, sizeof(out));
	result(r == -EINVAL, "%s: wrong key length gives EINVAL", name);
	r = afalg_hash(name, key, (size_t)-1, data, nlen, nlen, out, sizeof(out));
	result(r == -ENOKEY, "%s: no key gives ENOKEY", name);
	r = afalg_hash(name, key, klen, data, nlen - 1, nlen - 1, out, sizeof(out));
	result(r == -EINVAL, "%s: data shorter than the nonce gives EINVAL", name);
	data[0] = 0x80;
	r = afalg_hash(name, key, klen, data, nlen, nlen, out, sizeof(out));
	if (strncmp(name, "vmac", 4))
		return;
	result(r == -EINVAL, "%s: nonce with the top bit set gives EINVAL", name);
	/*
	 * The same error at the end of a message of several algif_hash chunks
	 * (16 pages each): the kernel reports it as a short send (-EIO here)
	 * where it does not return the error itself; either way no tag.
	 */
	r = afalg_hash(name, key, klen, data, sizeof(data), sizeof(data), out, sizeof(out));
	printf("# %s: bad nonce on a %zu-byte message: %d\n", name, sizeof(data), r);
	result(r == -EINVAL || r == -EIO,
	       "%s: bad nonce on a multi-chunk message is an error, not a tag", name);
}

static void run_bind(char **argv)
{
	int want = atoi(argv[2]), r = alg_socket(argv[0], argv[1]);

	if (r >= 0) {
		close(r);
		r = 0;
	}
	result(r == -want, "bind(%s, %s) returns %d (want %d)", argv[0], argv[1], r, -want);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "vectors"))
		run_vectors(argv[2]);
	else if (argc == 9 && !strcmp(argv[1], "diff"))
		run_diff(argv + 2);
	else if (argc == 9 && !strcmp(argv[1], "diff-aead"))
		run_diff_aead(argv + 2);
	else if (argc == 5 && !strcmp(argv[1], "errors"))
		run_errors(argv + 2);
	else if (argc == 5 && !strcmp(argv[1], "bind"))
		run_bind(argv + 2);
	else {
		fprintf(stderr, "usage: see the comment at the top of %s\n", __FILE__);
		return 2;
	}
	printf("afalg: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Reliability tests of the kfast algorithms over AF_ALG, run inside the
 * KUnit debug guests (KASAN, UBSAN, lockdep, kmemleak, fault injection).
 * Every algorithm with a line in the vector file (scripts/gen-afalg-vectors.py
 * format) whose driver comes from one of our modules is tested.
 *
 *   kfast_afalg_reliab refcount VECTORS KODIR
 *	Per module: a bound, keyed AF_ALG socket of each of its algorithms
 *	with an accept()ed operation socket open; delete_module() must fail
 *	(EWOULDBLOCK: in use) and the algorithms still compute the vectors;
 *	after closing, the module unloads (no driver of it left in
 *	/proc/crypto), loads again from KODIR, and its vectors pass.
 *   kfast_afalg_reliab faults VECTORS KODIR STRIDE ROUNDS
 *	Fault injection (failslab, fail_page_alloc): first systematically,
 *	failing the n-th allocation of this task (/proc/thread-self/fail-nth)
 *	for every n of an AF_ALG operation of each algorithm (socket, bind,
 *	setkey, accept, sendmsg, recvmsg, seal and open or a split hash), and
 *	for n = 1..31 and every STRIDE-th n after of loading each module (up
 *	to its drivers' registration, see run_faults()) with an unload under
 *	the same n before each; then ROUNDS rounds of unloading each module
 *	and of the AF_ALG operations in a child with make-it-fail and a 10%
 *	and a 30% failure probability.  A failing operation must fail with a
 *	clean errno (counted per errno), an operation that succeeds must give
 *	the known answer, a failed load must leave no trace of the module,
 *	and the kernel log may hold allocation-failure reports only.  After
 *	injection stops every module loads and every vector passes.
 *   kfast_afalg_reliab fuzz VECTORS SEED COUNT
 *	COUNT hostile sequences per algorithm (reproducible from SEED, except
 *	for the timing of the close race): random keys and key lengths,
 *	authsizes, ALG_SET_OP / ALG_SET_IV / ALG_SET_AEAD_ASSOCLEN cmsgs with
 *	random values and lengths, MSG_MORE splits, splice()/vmsplice() from
 *	pipes, short and oversized reads, truncated ciphertexts, closes at
 *	random points and a close racing a thread that uses the socket.
 *	Every error must be an allowed errno; after each sequence a fresh
 *	socket must still compute a known answer.
 *   kfast_afalg_reliab concurrency VECTORS PROCS OPS
 *	Per algorithm PROCS forked processes share one bound, keyed socket,
 *	each running OPS accept()ed operations checked against known answers;
 *	then one process with sockets of every algorithm open at once (many
 *	bound sockets, several operation sockets each), interleaved.
 *
 * Prints "ok"/"not ok" lines, "# " notes with the figures and a closing
 * "<mode>: N passed, N failed"; exits non-zero on any failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
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
	fflush(stdout);
	if (ok)
		passed++;
	else
		failed++;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --- errno tallies ------------------------------------------------------ */

#define NERR 160

struct tally {
	unsigned long n[NERR];
};

static void tally_add(struct tally *t, int err)
{
	if (err < 0)
		err = -err;
	t->n[err < NERR ? err : NERR - 1]++;
}

static const char *errname(int e)
{
	const char *s = strerrorname_np(e);

	return s ? s : "E?";
}

static unsigned long tally_print(const char *label, const struct tally *t)
{
	unsigned long total = 0;
	int e;

	printf("# %s:", label);
	for (e = 1; e < NERR; e++) {
		if (!t->n[e])
			continue;
		printf(" %s %lu", errname(e), t->n[e]);
		total += t->n[e];
	}
	printf("%s\n", total ? "" : " none");
	return total;
}

/* Errnos of t not in the 0-terminated list allowed. */
static unsigned long tally_outside(const struct tally *t, const int *allowed)
{
	unsigned long bad = 0;
	int e;
	const int *a;

	for (e = 1; e < NERR; e++) {
		for (a = allowed; *a && *a != e; a++)
			;
		if (!*a && t->n[e]) {
			printf("# errno %s (%d) %lu times is not an allowed one\n", errname(e), e,
			       t->n[e]);
			bad += t->n[e];
		}
	}
	return bad;
}

/* --- vectors ------------------------------------------------------------- */

struct vec {
	int aead;
	char name[64];
	char module[128];	/* module of the driver AF_ALG binds */
	uint8_t key[64], iv[32];
	size_t klen, ivlen, taglen;
	uint8_t *aad, *in, *out;	/* hash: in = data, out = digest */
	size_t alen, inlen, outlen;	/* aead: in = plaintext, out = C || T */
};

#define MAXVEC 512
static struct vec vecs[MAXVEC];
static unsigned int nvec;

/* Distinct algorithm names, in file order, with their first vector. */
static const char *algs[32];
static unsigned int nalg;

static size_t unhex(const char *s, uint8_t **outp, uint8_t *fixed, size_t max)
{
	size_t n = 0, len = strcmp(s, "-") ? strlen(s) / 2 : 0;
	uint8_t *out = fixed;

	if (!fixed) {
		out = malloc(len + 1);
		*outp = out;
	} else if (len > max) {
		fprintf(stderr, "field too long: %.40s\n", s);
		exit(2);
	}
	for (n = 0; n < len; n++) {
		if (sscanf(s + 2 * n, "%2hhx", &out[n]) != 1) {
			fprintf(stderr, "bad hex field: %.40s\n", s);
			exit(2);
		}
	}
	return len;
}

struct crypto_entry {
	char name[128], driver[128], module[128];
	int priority;
};

static struct crypto_entry centries[512];
static unsigned int ncentries;

static void read_proc_crypto(void)
{
	char line[256], k[64], v[128];
	FILE *f = fopen("/proc/crypto", "r");
	struct crypto_entry *e = NULL;

	ncentries = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s : %127s", k, v) != 2)
			continue;
		if (!strcmp(k, "name")) {
			if (ncentries == 512)
				break;
			e = &centries[ncentries++];
			memset(e, 0, sizeof(*e));
			snprintf(e->name, sizeof(e->name), "%s", v);
		} else if (e && !strcmp(k, "driver")) {
			snprintf(e->driver, sizeof(e->driver), "%s", v);
		} else if (e && !strcmp(k, "module")) {
			snprintf(e->module, sizeof(e->module), "%s", v);
		} else if (e && !strcmp(k, "priority")) {
			e->priority = atoi(v);
		}
	}
	fclose(f);
}

/* Module of the highest-priority driver of name ("" if none). */
static const char *alg_module(const char *name)
{
	const struct crypto_entry *best = NULL;
	unsigned int i;

	for (i = 0; i < ncentries; i++)
		if (!strcmp(centries[i].name, name) &&
		    (!best || centries[i].priority > best->priority))
			best = &centries[i];
	return best ? best->module : "";
}

static int module_has_drivers(const char *mod)
{
	unsigned int i;

	read_proc_crypto();
	for (i = 0; i < ncentries; i++)
		if (!strcmp(centries[i].module, mod))
			return 1;
	return 0;
}

/* Loads the vectors of algorithms provided by kfast_* modules. */
static void load_vectors(const char *path)
{
	char line[1 << 16], *f[9];
	FILE *fp = fopen(path, "r");
	unsigned int n, i;

	if (!fp) {
		perror(path);
		exit(2);
	}
	read_proc_crypto();
	while (fgets(line, sizeof(line), fp) && nvec < MAXVEC) {
		struct vec *v = &vecs[nvec];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		n = 0;
		for (char *t = strtok(line, " \n"); t && n < 9; t = strtok(NULL, " \n"))
			f[n++] = t;
		if (n < 5)
			continue;
		memset(v, 0, sizeof(*v));
		snprintf(v->name, sizeof(v->name), "%s", f[1]);
		v->klen = unhex(f[2], NULL, v->key, sizeof(v->key));
		if (!strcmp(f[0], "hash") && n == 5) {
			v->inlen = unhex(f[3], &v->in, NULL, 0);
			v->outlen = unhex(f[4], &v->out, NULL, 0);
		} else if (!strcmp(f[0], "aead") && n == 8) {
			v->aead = 1;
			v->ivlen = unhex(f[3], NULL, v->iv, sizeof(v->iv));
			v->alen = unhex(f[4], &v->aad, NULL, 0);
			v->inlen = unhex(f[5], &v->in, NULL, 0);
			v->outlen = unhex(f[6], &v->out, NULL, 0);
			v->taglen = strtoul(f[7], NULL, 0);
		} else {
			continue;
		}
		snprintf(v->module, sizeof(v->module), "%s", alg_module(v->name));
		if (strncmp(v->module, "kfast_", 6))
			continue;	/* not registered, or not ours */
		for (i = 0; i < nalg && strcmp(algs[i], v->name); i++)
			;
		if (i == nalg && nalg < 32)
			algs[nalg++] = v->name;
		nvec++;
	}
	fclose(fp);
	printf("# %u vectors of %u algorithms from our modules\n", nvec, nalg);
}

static const struct vec *first_vec(const char *name)
{
	unsigned int i;

	for (i = 0; i < nvec; i++)
		if (!strcmp(vecs[i].name, name))
			return &vecs[i];
	return NULL;
}

/* The k-th vector (cyclically) of name with the same key and tag length as ref. */
static const struct vec *vec_like(const struct vec *ref, unsigned int k)
{
	unsigned int i, n = 0;

	for (i = 0; i < nvec; i++)
		if (!strcmp(vecs[i].name, ref->name) && vecs[i].klen == ref->klen &&
		    !memcmp(vecs[i].key, ref->key, ref->klen) && vecs[i].taglen == ref->taglen)
			n++;
	k %= n;
	for (i = 0; i < nvec; i++)
		if (!strcmp(vecs[i].name, ref->name) && vecs[i].klen == ref->klen &&
		    !memcmp(vecs[i].key, ref->key, ref->klen) && vecs[i].taglen == ref->taglen &&
		    !k--)
			return &vecs[i];
	return ref;
}

/* The vector of name whose key is shared by the most vectors (for shared tfms). */
static const struct vec *best_group(const char *name)
{
	const struct vec *best = NULL;
	unsigned int i, j, n, bestn = 0;

	for (i = 0; i < nvec; i++) {
		if (strcmp(vecs[i].name, name))
			continue;
		for (n = 0, j = 0; j < nvec; j++)
			n += !strcmp(vecs[j].name, name) && vecs[j].klen == vecs[i].klen &&
			     !memcmp(vecs[j].key, vecs[i].key, vecs[i].klen) &&
			     vecs[j].taglen == vecs[i].taglen;
		if (n > bestn) {
			bestn = n;
			best = &vecs[i];
		}
	}
	return best;
}

/* --- AF_ALG operations --------------------------------------------------- */

/* The step an operation failed at, for the per-step tallies. */
enum step { ST_SOCKET, ST_BIND, ST_SETKEY, ST_AUTHSIZE, ST_ACCEPT, ST_SEND, ST_RECV, ST_NR };
static const char *const step_names[ST_NR] = {
	"socket", "bind", "setkey", "authsize", "accept", "sendmsg", "recvmsg",
};
static enum step last_step;

#define FAIL_AT(st) do { last_step = (st); ret = -errno; goto out; } while (0)

/* A bound AF_ALG socket for v's algorithm, keyed with v's key (if key). */
static int tfm_open(const struct vec *v, int key)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd, ret;

	last_step = ST_SOCKET;
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (fd < 0)
		return -errno;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", v->aead ? "aead" : "hash");
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", v->name);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		FAIL_AT(ST_BIND);
	if (key && setsockopt(fd, SOL_ALG, ALG_SET_KEY, v->key, v->klen) < 0)
		FAIL_AT(ST_SETKEY);
	if (key && v->aead &&
	    setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, v->taglen) < 0)
		FAIL_AT(ST_AUTHSIZE);
	return fd;
out:
	close(fd);
	return ret;
}

/* sendmsg of AAD || in with the AEAD cmsgs; returns bytes or -errno. */
static ssize_t aead_send(int op, int enc, const uint8_t *iv, size_t ivlen,
			 const uint8_t *buf, size_t assoclen, size_t len, int flags)
{
	ssize_t n = afalg_aead_sendmsg(op, enc, iv, ivlen, buf, assoclen, len, flags);

	return n < 0 ? -errno : n;
}

static uint8_t obuf[1 << 17], ibuf[1 << 17];

/*
 * One operation on a fresh accept()ed socket of tfm: v's hash (split at
 * split when split < inlen), or v's seal (enc) or open.  0: the known
 * answer; 1: a wrong answer; -errno: the failing step is in last_step.
 */
static int vec_op(const struct vec *v, int tfm, int enc, size_t split)
{
	size_t want;
	ssize_t n;
	int op, ret;

	last_step = ST_ACCEPT;
	op = accept(tfm, NULL, 0);
	if (op < 0)
		return -errno;
	if (!v->aead) {
		if (split < v->inlen) {
			n = send(op, v->in, split, MSG_MORE);
			if (n != (ssize_t)split) {
				last_step = ST_SEND;
				ret = n < 0 ? -errno : -EIO;
				goto out;
			}
		} else {
			split = 0;
		}
		n = send(op, v->in + split, v->inlen - split, 0);
		if (n != (ssize_t)(v->inlen - split)) {
			last_step = ST_SEND;
			ret = n < 0 ? -errno : -EIO;
			goto out;
		}
		n = read(op, obuf, sizeof(obuf));
		if (n < 0)
			FAIL_AT(ST_RECV);
		ret = n != (ssize_t)v->outlen || memcmp(obuf, v->out, v->outlen);
		goto out;
	}
	memcpy(ibuf, v->aad, v->alen);
	if (enc)
		memcpy(ibuf + v->alen, v->in, v->inlen);
	else
		memcpy(ibuf + v->alen, v->out, v->outlen);
	n = aead_send(op, enc, v->iv, v->ivlen, ibuf, v->alen,
		      v->alen + (enc ? v->inlen : v->outlen), 0);
	if (n != (ssize_t)(v->alen + (enc ? v->inlen : v->outlen))) {
		last_step = ST_SEND;
		ret = n < 0 ? n : -EIO;
		goto out;
	}
	/* AF_ALG runs an AEAD operation only when there is output to read. */
	want = v->alen + (enc ? v->outlen : v->inlen);
	if (!want) {
		ret = 0;
		goto out;
	}
	n = read(op, obuf, want);
	if (n < 0)
		FAIL_AT(ST_RECV);
	ret = n != (ssize_t)want ||
	      memcmp(obuf + v->alen, enc ? v->out : v->in, enc ? v->outlen : v->inlen);
out:
	close(op);
	return ret;
}

/* v's known answer(s) on tfm: hash whole and split, or seal and open. */
static int vec_check(const struct vec *v, int tfm)
{
	int r = vec_op(v, tfm, 1, v->inlen);

	if (r)
		return r;
	return vec_op(v, tfm, 0, v->inlen / 2);
}

/* The same on a fresh bound, keyed socket. */
static int vec_fresh(const struct vec *v)
{
	int tfm = tfm_open(v, 1), r;

	if (tfm < 0)
		return tfm;
	r = vec_check(v, tfm);
	close(tfm);
	return r;
}

/* Every vector of module mod ("" for all); prints one result line. */
static void all_vectors(const char *what, const char *mod)
{
	unsigned int i, n = 0, bad = 0;
	int r;

	for (i = 0; i < nvec; i++) {
		if (mod[0] && strcmp(vecs[i].module, mod))
			continue;
		n++;
		r = vec_fresh(&vecs[i]);
		if (r && bad++ < 3)
			printf("# %s: vector %u of %s: %s%s\n", what, i, vecs[i].name,
			       r > 0 ? "wrong answer" : errname(-r),
			       r > 0 ? "" : step_names[last_step]);
	}
	result(n && !bad, "%s: %u vectors%s%s pass (%u fail)", what, n, mod[0] ? " of " : "",
	       mod, bad);
}

/* --- modules ------------------------------------------------------------- */

static const char *const modules[] = { "kfast_vmac", "kfast_umac", "kfast_gcmsiv", "kfast_ocb" };
#define NMOD (sizeof(modules) / sizeof(modules[0]))
static const char *kodir;

static int ko_fd(const char *mod)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s.ko", kodir, mod);
	return open(path, O_RDONLY | O_CLOEXEC);
}

static int mod_load_fd(int fd)
{
	return syscall(SYS_finit_module, fd, "", 0) < 0 ? -errno : 0;
}

static int mod_load(const char *mod)
{
	int fd = ko_fd(mod), r;

	if (fd < 0)
		return -errno;
	r = mod_load_fd(fd);
	close(fd);
	return r;
}

static int mod_unload(const char *mod)
{
	return syscall(SYS_delete_module, mod, O_NONBLOCK) < 0 ? -errno : 0;
}

static int mod_loaded(const char *mod)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%s", mod);
	return !stat(path, &st);
}

static int mod_refcnt(const char *mod)
{
	char path[256];
	FILE *f;
	int n = -1;

	snprintf(path, sizeof(path), "/sys/module/%s/refcnt", mod);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%d", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

/* Unloads mod, retrying a moment while a just-closed socket's tfm goes away. */
static int mod_unload_wait(const char *mod)
{
	int i, r = 0;

	for (i = 0; i < 100; i++) {
		r = mod_unload(mod);
		if (r != -EAGAIN && r != -EBUSY)
			break;
		usleep(20000);
	}
	return r;
}

static unsigned long module_drivers(const char *mod)
{
	unsigned long n = 0;
	unsigned int i;

	read_proc_crypto();
	for (i = 0; i < ncentries; i++)
		n += !strcmp(centries[i].module, mod);
	return n;
}

static int mod_present(const char *mod)
{
	unsigned int i;

	for (i = 0; i < nvec; i++)
		if (!strcmp(vecs[i].module, mod))
			return 1;
	return 0;
}

/* --- refcount ------------------------------------------------------------ */

static void run_refcount(void)
{
	unsigned int m, i, k;

	for (m = 0; m < NMOD; m++) {
		const char *mod = modules[m];
		int tfms[32], ops[32], nt = 0, r, refs, still = 0;

		if (!mod_present(mod))
			continue;
		for (i = 0; i < nalg; i++) {
			const struct vec *v = first_vec(algs[i]);

			if (strcmp(v->module, mod))
				continue;
			tfms[nt] = tfm_open(v, 1);
			ops[nt] = tfms[nt] >= 0 ? accept(tfms[nt], NULL, 0) : -1;
			if (tfms[nt] < 0 || ops[nt] < 0) {
				result(0, "%s: %s bound, keyed and accept()ed", mod, v->name);
				continue;
			}
			nt++;
		}
		refs = mod_refcnt(mod);
		printf("# %s: %d sockets held, module refcount %d\n", mod, nt, refs);
		result(refs >= nt && nt > 0, "%s: the module is referenced by the held sockets", mod);
		r = mod_unload(mod);
		result(r == -EWOULDBLOCK || r == -EBUSY,
		       "%s: unload while in use is refused (%s)", mod, r ? errname(-r) : "unloaded!");
		if (!r) {
			/* unloaded under the sockets: nothing more is safe to check */
			for (k = 0; k < (unsigned int)nt; k++) {
				close(ops[k]);
				close(tfms[k]);
			}
			mod_load(mod);
			continue;
		}
		/*
		 * The held sockets still work: an operation on the accept()ed
		 * socket (hash: the data, then the digest; AEAD: a seal), then
		 * more on the bound one.
		 */
		for (k = 0, i = 0; i < nalg; i++) {
			const struct vec *v = first_vec(algs[i]);

			if (strcmp(v->module, mod) || k >= (unsigned int)nt)
				continue;
			if (!v->aead) {
				ssize_t n = send(ops[k], v->in, v->inlen, 0);

				still += n == (ssize_t)v->inlen &&
					 read(ops[k], obuf, sizeof(obuf)) == (ssize_t)v->outlen &&
					 !memcmp(obuf, v->out, v->outlen);
			} else {
				size_t want = v->alen + v->outlen;

				memcpy(ibuf, v->aad, v->alen);
				memcpy(ibuf + v->alen, v->in, v->inlen);
				still += aead_send(ops[k], 1, v->iv, v->ivlen, ibuf, v->alen,
						   v->alen + v->inlen, 0) ==
					 (ssize_t)(v->alen + v->inlen) &&
					 read(ops[k], obuf, want) == (ssize_t)want &&
					 !memcmp(obuf + v->alen, v->out, v->outlen);
			}
			still += !vec_check(v, tfms[k]);
			k++;
		}
		result(still == 2 * nt, "%s: the held sockets still compute the vectors (%d/%d)",
		       mod, still, 2 * nt);
		for (k = 0; k < (unsigned int)nt; k++) {
			close(ops[k]);
			close(tfms[k]);
		}
		r = mod_unload_wait(mod);
		result(!r, "%s: unloads once the sockets are closed (%s)", mod,
		       r ? errname(-r) : "0");
		result(!module_has_drivers(mod), "%s: no driver left in /proc/crypto", mod);
		r = mod_load(mod);
		result(!r, "%s: loads again (%s)", mod, r ? errname(-r) : "0");
		read_proc_crypto();
		all_vectors("after the reload", mod);
	}
}

/* --- fault injection ----------------------------------------------------- */

/*
 * The kernel log of the faults step.  A failed vmalloc() or page
 * allocation prints an allocation-failure report with a stack trace
 * (warn_alloc) unless the caller asked for __GFP_NOWARN: expected here,
 * they are not left for the run's verdict (which takes any stack trace in
 * the log for a problem).  The step drains the log (read and clear) often
 * enough that nothing is lost to the ring buffer wrapping, and judges it
 * as the verdict does: every stack trace must follow an allocation-failure
 * report, and no line may match the verdict's problem patterns (printed,
 * so that the console and the verdict see them too).
 */
static const char *const problem_patterns[] = {
	"BUG:", "WARNING:", "Oops", "KASAN:", "UBSAN:", "Kernel panic", "kernel BUG",
	"general protection", "possible circular locking", "possible recursive locking",
	"inconsistent lock state", "suspicious RCU", "unreferenced object", NULL,
};

struct kmsg_stats {
	unsigned long lines, allocfail, traces, orphan_traces, problems, kmemleak;
	int in_report;		/* lines since the last allocation-failure header */
};

static struct kmsg_stats *km;
static char kbuf[1 << 20];

static void kmsg_line(const char *l)
{
	const char *const *p;

	km->lines++;
	if (strstr(l, "page allocation failure:") || strstr(l, "vmalloc error:") ||
	    strstr(l, "vmalloc_node_range for size")) {
		km->allocfail++;
		km->in_report = 1;
	} else if (strstr(l, "Call Trace:")) {
		km->traces++;
		if (!km->in_report) {
			km->orphan_traces++;
			printf("# kernel: %s\n", l);
		}
		km->in_report = 0;
	}
	if (strcasestr(l, "kmemleak")) {
		km->kmemleak++;
		printf("# kernel: %s\n", l);
		/* kmemleak out of its pool or disabled: the final scan would be blind */
		if (strcasestr(l, "disabled") || strcasestr(l, "pool empty") ||
		    strcasestr(l, "cannot allocate a kmemleak")) {
			km->problems++;
			printf("kernel problem: %s\n", l);
		}
	}
	for (p = problem_patterns; *p; p++)
		if (strstr(l, *p)) {
			km->problems++;
			printf("kernel problem: %s\n", l);
			break;
		}
}

/* Reads and clears the kernel log, judging each line. */
static void kmsg_drain(void)
{
	int n = klogctl(4 /* SYSLOG_ACTION_READ_CLEAR */, kbuf, sizeof(kbuf) - 1);
	char *l, *save;

	if (n <= 0 || !km)
		return;
	kbuf[n] = 0;
	for (l = strtok_r(kbuf, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		kmsg_line(l);
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -errno;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -EIO;
}

static long read_long(const char *path)
{
	char buf[64] = "";
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? strtol(buf, NULL, 0) : -1;
}

#define DBG "/sys/kernel/debug/"
#define TIMES 100000000L

static int fi_attr(const char *dir, const char *attr, const char *val)
{
	char path[256];
	int r;

	snprintf(path, sizeof(path), DBG "%s/%s", dir, attr);
	r = write_str(path, val);
	if (r)
		printf("# cannot write %s to %s: %s\n", val, path, errname(-r));
	return r;
}

/* Both facilities: quiet, per task, every allocation a candidate. */
static int fi_setup(void)
{
	static const char *const dirs[] = { "failslab", "fail_page_alloc" };
	int r = 0;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		r |= fi_attr(dirs[i], "probability", "0");
		r |= fi_attr(dirs[i], "interval", "1");
		r |= fi_attr(dirs[i], "times", "-1");
		r |= fi_attr(dirs[i], "space", "0");
		/* no message or stack per injected fault (the console is judged) */
		r |= fi_attr(dirs[i], "verbose", "0");
		r |= fi_attr(dirs[i], "task-filter", "Y");
		/* GFP_KERNEL allocations too, not only atomic ones */
		r |= fi_attr(dirs[i], "ignore-gfp-wait", "N");
	}
	r |= fi_attr("failslab", "cache-filter", "N");
	r |= fi_attr("fail_page_alloc", "min-order", "0");
	/* user pages stay: faults in this program's memory are not the test */
	r |= fi_attr("fail_page_alloc", "ignore-gfp-highmem", "Y");
	return r;
}

static void fi_probability(int p)
{
	char s[16];

	snprintf(s, sizeof(s), "%d", p);
	fi_attr("failslab", "probability", s);
	fi_attr("fail_page_alloc", "probability", s);
	snprintf(s, sizeof(s), "%ld", p ? TIMES : -1L);
	fi_attr("failslab", "times", s);
	fi_attr("fail_page_alloc", "times", s);
}

static int nth_fd = -1;

static void fail_nth(unsigned long n)
{
	char s[32];
	int len = snprintf(s, sizeof(s), "%lu", n);

	if (pwrite(nth_fd, s, len, 0) != len) {
		perror("fail-nth");
		exit(2);
	}
}

static unsigned long fail_nth_left(void)
{
	char s[32] = "";

	if (pread(nth_fd, s, sizeof(s) - 1, 0) <= 0)
		return 0;
	return strtoul(s, NULL, 10);
}

/* Tallies of the faults step, shared with the probabilistic child. */
struct fault_stats {
	struct tally step[ST_NR + 2];	/* + module load, unload */
	unsigned long runs, ok, wrong, injected, trace;
	char first_problem[160];
};
#define ST_LOAD ST_NR
#define ST_UNLOAD (ST_NR + 1)

static struct fault_stats *fs;

static void problem(const char *fmt, ...)
{
	va_list ap;

	fs->trace++;
	if (fs->first_problem[0])
		return;
	va_start(ap, fmt);
	vsnprintf(fs->first_problem, sizeof(fs->first_problem), fmt, ap);
	va_end(ap);
}

/* One AF_ALG sequence under whatever injection is armed. */
static int fault_afalg(const struct vec *v)
{
	int tfm = tfm_open(v, 1), r;

	if (tfm < 0)
		return tfm;
	r = vec_check(v, tfm);
	close(tfm);
	return r;
}

static void fault_afalg_record(const struct vec *v, int r)
{
	if (!(fs->runs % 16))
		kmsg_drain();
	fs->runs++;
	if (r < 0) {
		tally_add(&fs->step[last_step], r);
	} else if (r > 0) {
		fs->wrong++;
		problem("%s: wrong answer from an operation that succeeded", v->name);
	} else {
		fs->ok++;
	}
}

static void fault_load_record(const char *mod, int r)
{
	(void)mod;
	kmsg_drain();
	fs->runs++;
	if (r == 0) {
		fs->ok++;
		return;
	}
	tally_add(&fs->step[ST_LOAD], r);
}

/* After a load under injection (disarmed): loaded and complete, or no trace. */
static void fault_load_check(const char *mod, int r)
{
	int i;

	if (r == 0) {
		if (!mod_loaded(mod) || !module_has_drivers(mod))
			problem("%s: loaded, but no drivers registered", mod);
		return;
	}
	for (i = 0; i < 50 && mod_loaded(mod); i++)
		usleep(20000);
	if (mod_loaded(mod))
		problem("%s: failed load (%s) left the module loaded", mod, errname(-r));
	if (module_has_drivers(mod))
		problem("%s: failed load (%s) left drivers registered", mod, errname(-r));
}

static void run_faults(unsigned long stride, unsigned int rounds)
{
	/*
	 * ENOMEM, or what the layer that lost the allocation reports for it:
	 * ENFILE (no struct file for a socket, alloc_empty_file()), ENOENT
	 * (bind: the crypto API's lookup of the algorithm failed), ENOBUFS
	 * (the socket layer).
	 */
	static const int allowed[] = { ENOMEM, ENFILE, ENOENT, ENOBUFS, 0 };
	unsigned long n, calls, inj_slab, inj_page, sys_inj = 0;
	unsigned int i, m, s;
	double t0 = now(), t;
	int r, fd;

	fs = mmap(NULL, sizeof(*fs), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (fs == MAP_FAILED || fi_setup()) {
		result(0, "faults: fault injection attributes in debugfs");
		return;
	}
	memset(fs, 0, sizeof(*fs));
	km = mmap(NULL, sizeof(*km), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (km == MAP_FAILED) {
		km = NULL;
		result(0, "faults: shared memory");
		return;
	}
	memset(km, 0, sizeof(*km));
	kmsg_drain();
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0) {
		result(0, "faults: /proc/thread-self/fail-nth (%s)", errname(errno));
		return;
	}
	/* this program's own memory is not what is tested */
	mlockall(MCL_CURRENT);

	/* 1. systematic: the n-th allocation of the sequence fails, for each n */
	for (i = 0; i < nalg; i++) {
		const struct vec *v = first_vec(algs[i]);
		unsigned long inj = 0;

		fail_nth(1000000);
		r = fault_afalg(v);
		calls = 1000000 - fail_nth_left();
		fail_nth(0);
		if (r) {
			result(0, "faults: %s without injection (%d)", v->name, r);
			continue;
		}
		for (n = 1; n <= calls + 1; n++) {
			fail_nth(n);
			r = fault_afalg(v);
			if (!fail_nth_left())
				inj++;
			fail_nth(0);
			fault_afalg_record(v, r);
		}
		fs->injected += inj;
		printf("# %s: %lu allocations in a seal+open / hash+split hash over AF_ALG, each failed once: %lu faults injected\n",
		       v->name, calls, inj);
	}
	t = now();
	printf("# systematic AF_ALG: %.1f s\n", t - t0);
	for (m = 0; m < NMOD; m++) {
		const char *mod = modules[m];
		unsigned long inj = 0, tries = 0, loads = 0, unloads = 0, nreg, margin, limit;

		if (!mod_present(mod))
			continue;
		r = mod_unload_wait(mod);
		fd = ko_fd(mod);
		if (r || fd < 0) {
			result(0, "faults: %s unloads and its .ko opens", mod);
			continue;
		}
		fail_nth(1000000);
		r = mod_load_fd(fd);
		calls = 1000000 - fail_nth_left();
		fail_nth(0);
		if (r) {
			result(0, "faults: %s loads without injection (%s)", mod, errname(-r));
			close(fd);
			continue;
		}
		/*
		 * Not the last allocations of the load: module init registers
		 * the drivers, and when the crypto core cannot allocate the
		 * self-test thread of one (cryptomgr_schedule_test()), it WARNs
		 * (crypto_wait_for_test() on 6.1, crypto_schedule_test() on
		 * 6.12 and 7.2), which panics this panic_on_warn kernel.  That
		 * is the crypto core's, not ours; the margin keeps the sweep in
		 * load_module() before the registrations (a generous count per
		 * registered driver).
		 */
		nreg = module_drivers(mod);
		margin = 16 * nreg + 48;
		limit = calls > margin ? calls - margin : 0;
		for (n = 1; n <= limit; n += n < 32 ? 1 : stride) {
			if (mod_loaded(mod)) {
				/* unload under injection: fails cleanly or unloads */
				fail_nth(n);
				r = mod_unload(mod);
				inj += !fail_nth_left();
				fail_nth(0);
				fs->runs++;
				if (r) {
					tally_add(&fs->step[ST_UNLOAD], r);
					if (!mod_loaded(mod))
						problem("%s: failed unload (%s) but gone", mod,
							errname(-r));
					r = mod_unload_wait(mod);
				} else {
					fs->ok++;
					unloads++;
				}
				if (r || mod_loaded(mod)) {
					problem("%s: cannot unload (%s)", mod, errname(-r));
					break;
				}
			}
			fail_nth(n);
			r = mod_load_fd(fd);
			inj += !fail_nth_left();
			fail_nth(0);
			fault_load_record(mod, r);
			fault_load_check(mod, r);
			loads += !r;
			tries++;
		}
		if (!mod_loaded(mod)) {
			r = mod_load_fd(fd);
			if (r)
				problem("%s: does not load after injection (%s)", mod, errname(-r));
		}
		close(fd);
		fs->injected += inj;
		printf("# %s: %lu allocations in a load (%lu drivers registered); %lu loads with the n-th failing (n = 1..31, then every %lu-th, up to %lu): %lu faults injected, %lu loads and %lu unloads succeeded\n",
		       mod, calls, nreg, tries, stride, limit, inj, loads, unloads);
	}
	printf("# systematic modules: %.1f s\n", now() - t);
	sys_inj = fs->injected;

	/* 2. random: a child with make-it-fail and a failure probability */
	for (s = 0; s < 2; s++) {
		static const int probs[] = { 10, 30 };
		pid_t pid;
		int st;

		t = now();
		fi_probability(probs[s]);
		pid = fork();
		if (pid == 0) {
			/* opened before arming: toggling it allocates nothing */
			int mif = open("/proc/self/make-it-fail", O_WRONLY);

			if (mif < 0 || pwrite(mif, "1", 1, 0) != 1)
				_exit(3);
			for (i = 0; i < rounds; i++) {
				for (m = 0; m < NMOD; m++) {
					if (!mod_present(modules[m]))
						continue;
					fd = ko_fd(modules[m]);
					if (fd < 0)
						continue;
					/* ENOENT: a failed load of the last round */
					r = mod_unload(modules[m]);
					fs->runs++;
					if (r && r != -ENOENT)
						tally_add(&fs->step[ST_UNLOAD], r);
					else
						fs->ok += !r;
					/*
					 * Loaded again with injection off in
					 * this task (see the margin above).
					 */
					if (!r || r == -ENOENT) {
						if (pwrite(mif, "0", 1, 0) != 1)
							_exit(3);
						r = mod_load_fd(fd);
						if (pwrite(mif, "1", 1, 0) != 1)
							_exit(3);
						if (r)
							problem("%s: does not load (%s)", modules[m],
								errname(-r));
						kmsg_drain();
					}
					close(fd);
				}
				for (m = 0; m < nalg; m++) {
					const struct vec *v = first_vec(algs[m]);

					fault_afalg_record(v, fault_afalg(v));
				}
			}
			_exit(0);
		}
		st = -1;
		if (pid > 0)
			waitpid(pid, &st, 0);
		inj_slab = TIMES - read_long(DBG "failslab/times");
		inj_page = TIMES - read_long(DBG "fail_page_alloc/times");
		fi_probability(0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			problem("the %d%% child ended with status %#x", probs[s], st);
		fs->injected += inj_slab + inj_page;
		printf("# %d%% probability, %u rounds: %lu slab and %lu page allocation faults injected (%.1f s)\n",
		       probs[s], rounds, inj_slab, inj_page, now() - t);
	}
	fail_nth(0);
	close(nth_fd);

	for (s = 0; s < ST_NR + 2; s++) {
		char label[64];

		snprintf(label, sizeof(label), "errors at %s",
			 s == ST_LOAD ? "module load" : s == ST_UNLOAD ? "module unload" :
			 step_names[s]);
		tally_print(label, &fs->step[s]);
	}
	{
		struct tally all = { { 0 } };
		unsigned long bad;
		int e;

		for (s = 0; s < ST_NR + 2; s++)
			for (e = 0; e < NERR; e++)
				all.n[e] += fs->step[s].n[e];
		/*
		 * A module just loaded is busy a moment while the crypto
		 * self-tests of its drivers hold tfms (6.12 and 7.2 run them
		 * after the registration returns): EWOULDBLOCK from unload.
		 */
		printf("# module unload refused while busy (self-tests running): %lu\n",
		       fs->step[ST_UNLOAD].n[EWOULDBLOCK]);
		all.n[EWOULDBLOCK] -= fs->step[ST_UNLOAD].n[EWOULDBLOCK];
		tally_print("all errors", &all);
		bad = tally_outside(&all, allowed);
		printf("# faults: %lu operations (%lu succeeded), %lu faults injected (%lu systematic), %.1f s\n",
		       fs->runs, fs->ok, fs->injected, sys_inj, now() - t0);
		result(!bad, "faults: every failure under injection is ENOMEM, ENFILE, ENOENT or ENOBUFS");
	}
	result(!fs->wrong, "faults: every operation that succeeded gave the known answer (%lu wrong)",
	       fs->wrong);
	if (fs->first_problem[0])
		printf("# %s\n", fs->first_problem);
	kmsg_drain();
	printf("# kernel log of the step: %lu lines, %lu allocation-failure reports (warn_alloc), %lu stack traces\n",
	       km->lines, km->allocfail, km->traces);
	result(!km->orphan_traces,
	       "faults: every stack trace in the kernel log is an allocation-failure report (%lu other)",
	       km->orphan_traces);
	result(!km->problems, "faults: no BUG, WARNING, KASAN, UBSAN, lockdep or kmemleak report (%lu lines)",
	       km->problems);
	result(!fs->trace, "faults: failed loads leave no trace, modules stay usable (%lu problems)",
	       fs->trace);
	result(fs->injected > 0, "faults: faults were injected");

	/* After injection: every module loads, every vector passes. */
	for (m = 0; m < NMOD; m++) {
		if (!mod_present(modules[m]))
			continue;
		r = mod_loaded(modules[m]) ? 0 : mod_load(modules[m]);
		result(!r && mod_loaded(modules[m]), "faults: %s is loaded after injection (%s)",
		       modules[m], r ? errname(-r) : "0");
	}
	read_proc_crypto();
	all_vectors("faults: after injection", "");
	munmap(fs, sizeof(*fs));
}

/* --- fuzz ---------------------------------------------------------------- */

static u64 rng;

static unsigned int rnd(unsigned int n)
{
	return kfast_test_rand_below(&rng, n);
}

static struct tally fz_errs, fz_race_errs;
static unsigned long fz_actions, fz_seq, fz_kat_bad, fz_trunc_ok, fz_trunc, fz_intr, fz_ok, fz_reads;
static unsigned long fz_known, fz_known_bad, fz_known_err;

static void fz_err(long r)
{
	if (r < 0)
		tally_add(&fz_errs, errno);
}

#define FZ_OPS 4
struct fz {
	const struct vec *v;
	int tfm, ops[FZ_OPS];
	size_t sent[FZ_OPS];
	/* tfm holds v's key / (AEAD) v's authsize, as far as the actions tell */
	int key_ok, auth_ok;
};

static int fz_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int fz_pick_op(struct fz *z)
{
	int i = rnd(FZ_OPS), k;

	for (k = 0; k < FZ_OPS; k++, i = (i + 1) % FZ_OPS)
		if (z->ops[i] >= 0)
			return i;
	return -1;
}

static size_t fz_len(unsigned int small)
{
	switch (rnd(8)) {
	case 0:
		return 0;
	case 1:
		return rnd(17);
	case 2:
		return rnd(70000);
	default:
		return rnd(small);
	}
}

/* A sendmsg with random cmsgs of random values and lengths. */
static long fz_sendmsg(struct fz *z, int op, size_t len, int flags)
{
	uint64_t cbuf_space[32] = { 0 };
	char *cbuf = (char *)cbuf_space;
	struct iovec iov[3];
	struct msghdr msg = { .msg_iov = iov };
	struct cmsghdr *c;
	size_t used = 0, part;
	unsigned int i, n;

	kfast_test_fill(&rng, ibuf, len);
	/* up to three iovecs */
	n = 1 + rnd(3);
	for (i = 0; i < n; i++) {
		part = i == n - 1 ? len - used : rnd(len - used + 1);
		iov[i].iov_base = ibuf + used;
		iov[i].iov_len = part;
		used += part;
	}
	msg.msg_iovlen = n;
	if (rnd(4)) {
		msg.msg_control = cbuf;
		msg.msg_controllen = sizeof(cbuf_space);
		c = CMSG_FIRSTHDR(&msg);
		if (rnd(4)) {
			c->cmsg_level = SOL_ALG;
			c->cmsg_type = ALG_SET_OP;
			c->cmsg_len = rnd(8) ? CMSG_LEN(4) : CMSG_LEN(rnd(4));
			*(uint32_t *)CMSG_DATA(c) = rnd(8) ? rnd(2) : (uint32_t)kfast_test_rand(&rng);
			c = CMSG_NXTHDR(&msg, c);
		}
		if (c && rnd(4)) {
			struct af_alg_iv *aiv = (struct af_alg_iv *)CMSG_DATA(c);
			unsigned int ivlen = rnd(2) ? z->v->ivlen : rnd(3) ? rnd(40) : rnd(65536);
			unsigned int room = ivlen < 64 ? ivlen : 64;

			c->cmsg_level = SOL_ALG;
			c->cmsg_type = ALG_SET_IV;
			/* mostly consistent, sometimes shorter than the IV it declares */
			c->cmsg_len = CMSG_LEN(4 + (rnd(4) ? room : rnd(room + 1)));
			aiv->ivlen = ivlen;
			kfast_test_fill(&rng, aiv->iv, room);
			if (rnd(2))
				memcpy(aiv->iv, z->v->iv, z->v->ivlen);
			c = CMSG_NXTHDR(&msg, c);
		}
		if (c && rnd(3)) {
			c->cmsg_level = SOL_ALG;
			c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
			c->cmsg_len = rnd(8) ? CMSG_LEN(4) : CMSG_LEN(rnd(4));
			*(uint32_t *)CMSG_DATA(c) = rnd(4) ? rnd(len + 32) :
						   rnd(2) ? 0xffffffffu : (uint32_t)kfast_test_rand(&rng);
			c = CMSG_NXTHDR(&msg, c);
		}
		if (c && !rnd(8)) {	/* an unknown type, or another level */
			c->cmsg_level = rnd(2) ? SOL_ALG : SOL_SOCKET;
			c->cmsg_type = 1 + rnd(8);
			c->cmsg_len = CMSG_LEN(rnd(8));
			c = CMSG_NXTHDR(&msg, c);
		}
		msg.msg_controllen = c ? (size_t)((char *)c - cbuf) : sizeof(cbuf_space);
	}
	return sendmsg(op, &msg, flags);
}

/* splice() from a pipe filled by write() or vmsplice(). */
static long fz_splice(int op, size_t len, int flags)
{
	int p[2];
	long r;
	struct iovec iov = { .iov_base = ibuf, .iov_len = len };

	if (len > 60000)
		len = 60000;
	iov.iov_len = len;
	if (pipe2(p, O_NONBLOCK))
		return -1;
	kfast_test_fill(&rng, ibuf, len);
	if (rnd(2))
		r = vmsplice(p[1], &iov, 1, 0);
	else
		r = write(p[1], ibuf, len);
	if (r >= 0)
		r = splice(p[0], NULL, op, NULL, rnd(4) ? len : len + rnd(4096),
			   flags | SPLICE_F_NONBLOCK);
	if (r < 0)
		r = -errno;
	close(p[0]);
	close(p[1]);
	if (r < 0) {
		errno = -r;
		return -1;
	}
	return r;
}

/* The close race: a thread uses op while the main thread closes it. */
struct race {
	int fd, aead;
	uint8_t buf[4096];
	struct tally errs;
};

static void *race_thread(void *arg)
{
	struct race *rc = arg;
	unsigned int i;
	long r;

	for (i = 0; i < 16; i++) {
		if (i % 2)
			r = recv(rc->fd, rc->buf, sizeof(rc->buf), MSG_DONTWAIT);
		else
			r = send(rc->fd, rc->buf, 64 + i * 16, MSG_DONTWAIT | (i % 4 ? MSG_MORE : 0));
		if (r < 0)
			tally_add(&rc->errs, errno);
	}
	return NULL;
}

static void fz_race(struct fz *z, int i)
{
	static struct race rc;
	pthread_t th;
	int e;

	memset(&rc, 0, sizeof(rc));
	rc.fd = z->ops[i];
	rc.aead = z->v->aead;
	if (pthread_create(&th, NULL, race_thread, &rc))
		return;
	if (rnd(2))
		sched_yield();
	close(z->ops[i]);
	z->ops[i] = -1;
	pthread_join(th, NULL);
	for (e = 0; e < NERR; e++)
		fz_race_errs.n[e] += rc.errs.n[e];
}

/* A truncated ciphertext on a fresh operation socket: must not open. */
static void fz_truncated(struct fz *z)
{
	const struct vec *v = z->v;
	size_t cut, alen = v->alen;
	ssize_t n;
	int op;

	if (!v->aead || z->tfm < 0)
		return;
	op = accept(z->tfm, NULL, 0);
	if (op < 0) {
		fz_err(op);
		return;
	}
	fz_nonblock(op);
	cut = rnd(v->outlen);	/* 0 .. outlen - 1 bytes of C || T */
	memcpy(ibuf, v->aad, alen);
	memcpy(ibuf + alen, v->out, cut);
	n = aead_send(op, 0, v->iv, v->ivlen, ibuf, alen, alen + cut, MSG_DONTWAIT);
	if (n < 0) {
		tally_add(&fz_errs, n);
	} else {
		n = recv(op, obuf, alen + v->inlen + 64, MSG_DONTWAIT);
		fz_trunc++;
		/* a truncated C || T must not open: an error, or nothing read */
		if (n > 0) {
			fz_trunc_ok++;
			printf("# %s: a ciphertext truncated to %zu of %zu bytes opened (%zd)\n",
			       v->name, cut, v->outlen, n);
		}
		fz_err(n);
	}
	close(op);
}

static void fz_action(struct fz *z)
{
	const struct vec *v = z->v;
	unsigned int a = rnd(14), i;
	size_t len;
	long r = 0;
	int op;

	fz_actions++;
	switch (a) {
	case 0:		/* a key of a random length, or the right one */
	case 1:
		if (z->tfm < 0)
			return;
		len = rnd(4) ? v->klen : rnd(4) ? rnd(80) : rnd(3000);
		kfast_test_fill(&rng, ibuf, len);
		if (rnd(2) && len == v->klen)
			memcpy(ibuf, v->key, len);
		op = rnd(8) ? -1 : fz_pick_op(z);
		r = setsockopt(op < 0 ? z->tfm : z->ops[op], SOL_ALG, ALG_SET_KEY, ibuf, len);
		/*
		 * EBUSY (operation sockets open) leaves the key alone; any other
		 * failure leaves the tfm without a key.
		 */
		if (op < 0 && (!r || errno != EBUSY))
			z->key_ok = !r && len == v->klen && !memcmp(ibuf, v->key, len);
		break;
	case 2:		/* authsize, random or right */
		if (z->tfm < 0)
			return;
		len = rnd(2) ? v->taglen : rnd(4) ? rnd(20) : (unsigned int)kfast_test_rand(&rng);
		r = setsockopt(z->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, len);
		/* a refused authsize leaves the old one */
		if (!r)
			z->auth_ok = len == v->taglen;
		break;
	case 3:		/* accept */
	case 4:
		if (z->tfm < 0)
			return;
		for (i = 0; i < FZ_OPS && z->ops[i] >= 0; i++)
			;
		if (i == FZ_OPS) {
			close(z->ops[0]);
			z->ops[0] = -1;
			i = 0;
		}
		z->ops[i] = accept(z->tfm, NULL, 0);
		r = z->ops[i];
		z->sent[i] = 0;
		if (r >= 0 && fz_nonblock(r))
			r = -1;
		break;
	case 5:		/* sendmsg with random cmsgs, MSG_MORE or not */
	case 6:
	case 7:
		i = fz_pick_op(z);
		if ((int)i < 0)
			return;
		len = fz_len(v->aead ? 600 : 3000);
		/* bounded queue: the operation sockets are non-blocking anyway */
		if (z->sent[i] + len > 48000)
			len = 0;
		r = fz_sendmsg(z, z->ops[i], len, MSG_DONTWAIT | (rnd(2) ? MSG_MORE : 0));
		if (r > 0)
			z->sent[i] += r;
		break;
	case 8:		/* splice / vmsplice from a pipe */
		i = fz_pick_op(z);
		if ((int)i < 0)
			return;
		len = fz_len(v->aead ? 600 : 5000);
		if (z->sent[i] + len > 48000)
			len = 0;
		r = fz_splice(z->ops[i], len, rnd(2) ? SPLICE_F_MORE : 0);
		if (r > 0)
			z->sent[i] += r;
		break;
	case 9:		/* read / recvmsg with a short, exact or oversized buffer */
	case 10:
		i = fz_pick_op(z);
		if ((int)i < 0)
			return;
		switch (rnd(5)) {
		case 0:
			len = rnd(4);
			break;
		case 1:
			len = rnd(v->outlen + v->alen + 1);
			break;
		case 2:
			len = v->outlen + v->alen;
			break;
		case 3:
			len = z->sent[i] + 16;
			break;
		default:
			len = rnd(sizeof(obuf));
			break;
		}
		if (rnd(2)) {
			r = read(z->ops[i], obuf, len);
		} else {
			struct iovec iov[2] = { { obuf, len / 2 }, { obuf + len / 2, len - len / 2 } };
			struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };

			r = recvmsg(z->ops[i], &msg, MSG_DONTWAIT);
		}
		if (r >= 0)
			z->sent[i] = 0;
		break;
	case 11:	/* truncated ciphertext */
		fz_truncated(z);
		return;
	case 12:	/* close an operation socket, or the bound one */
		i = fz_pick_op(z);
		if (rnd(4) && (int)i >= 0) {
			close(z->ops[i]);
			z->ops[i] = -1;
		} else if (z->tfm >= 0) {
			close(z->tfm);
			z->tfm = -1;
		}
		return;
	case 13:	/* close racing a thread using the socket */
		i = fz_pick_op(z);
		if ((int)i >= 0)
			fz_race(z, i);
		return;
	}
	if (r < 0) {
		if (errno == EINTR)
			fz_intr++;
		tally_add(&fz_errs, errno);
	} else {
		fz_ok++;
		fz_reads += (a == 9 || a == 10) && r > 0;
	}
}

/* splice() of exactly len bytes of buf from a fresh pipe; bytes or -errno. */
static long splice_bytes(int op, const void *buf, size_t len, unsigned int flags)
{
	int p[2];
	long r;

	if (pipe(p))
		return -errno;
	r = write(p[1], buf, len);
	if (r == (long)len)
		r = splice(p[0], NULL, op, NULL, len, flags);
	if (r < 0)
		r = -errno;
	close(p[0]);
	close(p[1]);
	return r;
}

/* send() or splice() of buf, MSG_MORE or not; bytes or -errno. */
static long fz_send_piece(int op, const uint8_t *buf, size_t len, int more)
{
	long r;

	if (len && len <= 60000 && rnd(2))
		return splice_bytes(op, buf, len, more ? SPLICE_F_MORE : 0);
	r = send(op, buf, len, more ? MSG_MORE : 0);
	return r < 0 ? -errno : r;
}

/*
 * A known answer on the fuzzed bound socket, while the actions so far left
 * it with the vector's key (and authsize): a fresh operation socket
 * (non-blocking: everything it needs has been sent when it reads), the input in one to four pieces by sendmsg() (the AEAD's first,
 * with its control messages), send() and splice(), all but the last with
 * MSG_MORE, then the output read exactly, into an oversized buffer or into
 * two iovecs.  The answer must be the vector's and nothing may fail.
 */
static void fz_known_answer(struct fz *z)
{
	const struct vec *v = vec_like(z->v, rnd(64));
	int enc = !v->aead || rnd(2), op;
	size_t alen = v->aead ? v->alen : 0, inlen, want, pos = 0, explen, n;
	unsigned int pieces = 1 + rnd(4), i;
	const uint8_t *expect;
	long r = 0;

	if (z->tfm < 0 || !z->key_ok || (v->aead && !z->auth_ok))
		return;
	if (v->aead) {
		memcpy(ibuf, v->aad, v->alen);
		memcpy(ibuf + v->alen, enc ? v->in : v->out, enc ? v->inlen : v->outlen);
		inlen = v->alen + (enc ? v->inlen : v->outlen);
		expect = enc ? v->out : v->in;
		explen = enc ? v->outlen : v->inlen;
	} else {
		memcpy(ibuf, v->in, v->inlen);
		inlen = v->inlen;
		expect = v->out;
		explen = v->outlen;
	}
	want = alen + explen;
	/* AF_ALG runs an AEAD operation only when there is output to read. */
	if (!want)
		return;
	op = accept(z->tfm, NULL, 0);
	if (op < 0 || fz_nonblock(op)) {
		r = -errno;
		goto out;
	}
	for (i = 0; i < pieces; i++) {
		int more = i < pieces - 1;

		n = more ? rnd(inlen - pos + 1) : inlen - pos;
		if (!i && v->aead)
			r = aead_send(op, enc, v->iv, v->ivlen, ibuf, v->alen, n,
				      more ? MSG_MORE : 0);
		else
			r = fz_send_piece(op, ibuf + pos, n, more);
		if (r != (long)n) {
			r = r < 0 ? r : -EIO;
			goto out;
		}
		pos += n;
	}
	switch (rnd(3)) {
	case 0:
		r = read(op, obuf, want);
		break;
	case 1:
		r = read(op, obuf, want + 1 + rnd(4096));
		break;
	default: {
		size_t cut = rnd(want + 1);
		struct iovec iov[2] = { { obuf, cut }, { obuf + cut, want - cut } };
		struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };

		r = recvmsg(op, &msg, 0);
		break;
	}
	}
	if (r < 0) {
		r = -errno;
	} else {
		fz_known++;
		if (r != (long)want || memcmp(obuf + alen, expect, explen)) {
			if (!fz_known_bad++)
				printf("# fuzz: %s %s: a wrong known answer after the actions (%ld of %zu bytes)\n",
				       v->name, v->aead ? (enc ? "seal" : "open") : "digest", r, want);
		}
		r = 0;
	}
out:
	if (r < 0) {
		if (!fz_known_err++)
			printf("# fuzz: %s: the known answer failed: %s\n", v->name, errname(-r));
		tally_add(&fz_errs, -r);
	}
	if (op >= 0)
		close(op);
}

/*
 * Regression (6.1 debug guest, found by this fuzz): a finup from splice()
 * failing for a nonce that never arrived, then more data spliced with
 * SPLICE_F_MORE: 6.1's algif_hash goes on with update() without init(),
 * which was a NULL dereference in our drivers (the failed final wiped the
 * descriptor).  Now the digest of the data spliced after the error comes
 * out (or, on kernels that re-initialise themselves, an error or the same
 * digest): never a crash.
 */
static void fz_regression(void)
{
	unsigned int a, good = 0, n = 0;

	for (a = 0; a < nalg; a++) {
		const struct vec *v = first_vec(algs[a]);
		long r1, r2, r3;
		ssize_t got = -1;
		int tfm, op;

		if (v->aead)
			continue;
		n++;
		tfm = tfm_open(v, 1);
		op = tfm >= 0 ? accept(tfm, NULL, 0) : -1;
		if (op < 0) {
			result(0, "fuzz regression: %s socket", v->name);
			if (tfm >= 0)
				close(tfm);
			continue;
		}
		r1 = splice_bytes(op, v->in, 3, SPLICE_F_MORE);
		r2 = splice_bytes(op, v->in + 3, 2, 0);	/* 5 bytes: no nonce */
		r3 = splice_bytes(op, v->in, v->inlen, SPLICE_F_MORE);
		if (r3 == (long)v->inlen)
			got = read(op, obuf, sizeof(obuf));
		printf("# fuzz regression %s: splice 3 (more) %ld, 2 %ld, %zu (more) %ld, read %zd%s\n",
		       v->name, r1, r2, v->inlen, r3, got,
		       got == (ssize_t)v->outlen && !memcmp(obuf, v->out, v->outlen) ?
		       ": the digest of the data after the error" : "");
		/* no crash, and a digest that comes out is the right one */
		good += got == (ssize_t)v->outlen ? !memcmp(obuf, v->out, v->outlen) : got < 0;
		close(op);
		close(tfm);
	}
	result(good == n,
	       "fuzz regression: after a failed finup from splice() more data hashes as a new message or fails (%u/%u)",
	       good, n);
}

static void fz_alarm(int sig)
{
	(void)sig;
}

static void run_fuzz(u64 seed, unsigned int count)
{
	static const int allowed[] = {
		EINVAL, EBADMSG, ENOKEY, EMSGSIZE, ENOMEM, EOPNOTSUPP, ENOPROTOOPT, EBUSY,
		EAGAIN, 0
	};
	static const int race_allowed[] = { EINVAL, EBADMSG, ENOKEY, EAGAIN, EBADF, ENOTSOCK, 0 };
	struct sigaction sa = { .sa_handler = fz_alarm };
	unsigned int a, c, k, steps;
	double t0 = now();
	unsigned long bad;

	/* a blocked call is interrupted (EINTR, a failure) instead of hanging the guest */
	sigaction(SIGALRM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	rng = seed ? seed : 1;
	fz_regression();
	printf("# fuzz: SEED=%llu COUNT=%u (sequences per algorithm)\n",
	       (unsigned long long)seed, count);
	for (a = 0; a < nalg; a++) {
		const struct vec *v0 = first_vec(algs[a]);
		unsigned long kat_bad = 0;

		for (c = 0; c < count; c++) {
			struct fz z = { .v = vec_like(v0, c), .tfm = -1 };
			const struct vec *kv;
			int r;

			for (k = 0; k < FZ_OPS; k++)
				z.ops[k] = -1;
			/* sometimes another vector's key and tag length */
			if (!rnd(4))
				z.v = &vecs[rnd(nvec)];
			if (strcmp(z.v->name, v0->name))
				z.v = v0;
			alarm(20);
			z.key_ok = rnd(4) != 0;
			z.auth_ok = z.key_ok;
			z.tfm = tfm_open(z.v, z.key_ok);
			if (z.tfm < 0) {
				tally_add(&fz_errs, z.tfm);
			} else {
				steps = 1 + rnd(16);
				for (k = 0; k < steps; k++) {
					if (rnd(6))
						fz_action(&z);
					else
						fz_known_answer(&z);
				}
				fz_known_answer(&z);
			}
			/* close what is left, in a random order */
			for (k = rnd(FZ_OPS + 1); k < FZ_OPS; k++)
				if (z.ops[k] >= 0)
					close(z.ops[k]);
			if (z.tfm >= 0)
				close(z.tfm);
			for (k = 0; k < FZ_OPS; k++)
				if (z.ops[k] >= 0)
					close(z.ops[k]);
			/* a valid known answer on a fresh socket */
			kv = vec_like(v0, c * 7 + 3);
			r = vec_fresh(kv);
			alarm(0);
			if (r) {
				if (!kat_bad++)
					printf("# %s: known answer after sequence %u: %s\n", kv->name,
					       c, r > 0 ? "wrong" : errname(-r));
			}
			fz_seq++;
		}
		fz_kat_bad += kat_bad;
	}
	printf("# fuzz: %lu sequences, %lu actions (%lu calls succeeded, %lu reads returned output), %lu known answers on the fuzzed sockets, %lu truncated ciphertexts, %.1f s\n",
	       fz_seq, fz_actions, fz_ok, fz_reads, fz_known, fz_trunc, now() - t0);
	tally_print("fuzz errors", &fz_errs);
	tally_print("fuzz errors in the thread racing close()", &fz_race_errs);
	bad = tally_outside(&fz_errs, allowed);
	result(!bad, "fuzz: every error is an allowed errno (%lu other)", bad);
	bad = tally_outside(&fz_race_errs, race_allowed);
	result(!bad, "fuzz: the close race gives allowed errnos only (%lu other)", bad);
	result(!fz_intr, "fuzz: no call blocked (%lu interrupted)", fz_intr);
	result(!fz_trunc_ok, "fuzz: no truncated ciphertext opens (%lu of %lu)", fz_trunc_ok,
	       fz_trunc);
	result(!fz_kat_bad, "fuzz: a known answer after each of %lu sequences (%lu wrong)", fz_seq,
	       fz_kat_bad);
	result(fz_known && !fz_known_bad && !fz_known_err,
	       "fuzz: %lu known answers on the fuzzed sockets, through random pieces and reads (%lu wrong, %lu failed)",
	       fz_known, fz_known_bad, fz_known_err);
}

/* --- concurrency --------------------------------------------------------- */

struct conc_res {
	unsigned long ops, bad, err;
};

/*
 * One process with MANY_TFMS bound sockets per algorithm and MANY_OPS
 * accept()ed sockets on each, all open at once: the first half of every
 * hash and every AEAD's input is sent before any result is read, then the
 * rest of every hash, then every result is read and checked.
 */
enum { MANY_TFMS = 6, MANY_OPS = 4 };

struct many_op {
	const struct vec *v;
	int fd, enc;
};

static int many_start(struct many_op *o)
{
	const struct vec *w = o->v;
	size_t inlen = o->enc ? w->inlen : w->outlen;

	if (!w->aead)
		return send(o->fd, w->in, w->inlen / 2, MSG_MORE) < 0;
	memcpy(ibuf, w->aad, w->alen);
	memcpy(ibuf + w->alen, o->enc ? w->in : w->out, inlen);
	return aead_send(o->fd, o->enc, w->iv, w->ivlen, ibuf, w->alen, w->alen + inlen, 0) !=
	       (ssize_t)(w->alen + inlen);
}

/* 0: the known answer, 1: wrong, -1: an error. */
static int many_finish(struct many_op *o)
{
	const struct vec *w = o->v;
	size_t h = w->inlen / 2, want = w->alen + (o->enc ? w->outlen : w->inlen);
	ssize_t got;

	if (!w->aead) {
		if (send(o->fd, w->in + h, w->inlen - h, 0) < 0)
			return -1;
		got = read(o->fd, obuf, sizeof(obuf));
		if (got < 0)
			return -1;
		return got != (ssize_t)w->outlen || memcmp(obuf, w->out, w->outlen);
	}
	if (!want)
		return 0;
	got = read(o->fd, obuf, want);
	if (got < 0)
		return -1;
	return got != (ssize_t)want ||
	       memcmp(obuf + w->alen, o->enc ? w->out : w->in, o->enc ? w->outlen : w->inlen);
}

static unsigned long many_sockets(void)
{
	static struct many_op ops[32 * MANY_TFMS * MANY_OPS];
	static int tfms[32 * MANY_TFMS];
	unsigned long n = 0, bad = 0, err = 0;
	unsigned int a, i, j, nt = 0, no = 0;
	int r;

	for (a = 0; a < nalg; a++) {
		const struct vec *g = best_group(algs[a]);

		for (i = 0; i < MANY_TFMS; i++, nt++) {
			tfms[nt] = tfm_open(g, 1);
			for (j = 0; j < MANY_OPS; j++, no++) {
				ops[no].v = vec_like(g, i * MANY_OPS + j);
				ops[no].enc = (i + j) % 2;
				ops[no].fd = tfms[nt] >= 0 ? accept(tfms[nt], NULL, 0) : -1;
			}
		}
	}
	for (i = 0; i < no; i++)
		if (ops[i].fd < 0 || many_start(&ops[i]))
			err++;
	for (i = 0; i < no; i++) {
		n++;
		if (ops[i].fd < 0)
			continue;
		r = many_finish(&ops[i]);
		if (r < 0)
			err++;
		else
			bad += r;
	}
	for (i = 0; i < no; i++)
		if (ops[i].fd >= 0)
			close(ops[i].fd);
	for (i = 0; i < nt; i++)
		if (tfms[i] >= 0)
			close(tfms[i]);
	result(n && !bad && !err,
	       "concurrency: %u bound and %u operation sockets of %u algorithms open at once in one process: %lu operations, %lu wrong, %lu errors",
	       nt, no, nalg, n, bad, err);
	return n;
}

static void run_concurrency(unsigned int procs, unsigned int nops)
{
	unsigned int a, p, i;
	double t0 = now();
	unsigned long total = 0;

	for (a = 0; a < nalg; a++) {
		const struct vec *v = best_group(algs[a]);
		struct conc_res sum = { 0 }, res;
		int tfm = tfm_open(v, 1), pfd[2];
		pid_t pids[64];

		if (tfm < 0 || pipe(pfd)) {
			result(0, "concurrency: %s socket (%s)", v->name, errname(-tfm));
			continue;
		}
		for (p = 0; p < procs && p < 64; p++) {
			pids[p] = fork();
			if (pids[p] == 0) {
				memset(&res, 0, sizeof(res));
				for (i = 0; i < nops; i++) {
					const struct vec *w = vec_like(v, i + p * 7);
					int r = vec_op(w, tfm, i % 2, w->inlen * (i % 3) / 2);

					res.ops++;
					if (r > 0)
						res.bad++;
					else if (r < 0)
						res.err++;
				}
				if (write(pfd[1], &res, sizeof(res)) != sizeof(res))
					_exit(2);
				_exit(0);
			}
		}
		close(pfd[1]);
		while (read(pfd[0], &res, sizeof(res)) == sizeof(res)) {
			sum.ops += res.ops;
			sum.bad += res.bad;
			sum.err += res.err;
		}
		close(pfd[0]);
		for (p = 0; p < procs && p < 64; p++)
			if (pids[p] > 0)
				waitpid(pids[p], NULL, 0);
		close(tfm);
		total += sum.ops;
		result(sum.ops == (unsigned long)procs * nops && !sum.bad && !sum.err,
		       "concurrency: %s: %u processes x %u accept()ed operations on one socket: %lu done, %lu wrong, %lu errors",
		       v->name, procs, nops, sum.ops, sum.bad, sum.err);
	}

	/* One process, sockets of every algorithm open at once, twice. */
	for (i = 0; i < 2; i++)
		total += many_sockets();
	printf("# concurrency: %lu operations checked, %.1f s\n", total, now() - t0);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 3) {
		fprintf(stderr, "usage: see the comment at the top of %s\n", __FILE__);
		return 2;
	}
	load_vectors(argv[2]);
	if (!nvec) {
		result(0, "no vectors of our algorithms (modules not loaded?)");
	} else if (argc == 4 && !strcmp(argv[1], "refcount")) {
		kodir = argv[3];
		run_refcount();
	} else if (argc == 6 && !strcmp(argv[1], "faults")) {
		kodir = argv[3];
		run_faults(strtoul(argv[4], NULL, 0), atoi(argv[5]));
	} else if (argc == 5 && !strcmp(argv[1], "fuzz")) {
		run_fuzz(strtoull(argv[3], NULL, 0), atoi(argv[4]));
	} else if (argc == 5 && !strcmp(argv[1], "concurrency")) {
		run_concurrency(atoi(argv[3]), atoi(argv[4]));
	} else {
		fprintf(stderr, "usage: see the comment at the top of %s\n", __FILE__);
		return 2;
	}
	printf("%s: %u passed, %u failed\n", argv[1], passed, failed);
	return failed ? 1 : 0;
}

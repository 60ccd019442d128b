// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Userspace tests of the VMAC core (vmac/vmac_core.c + arch code), built
 * with ASan + UBSan by `make check-user`:
 *  - all draft-krovetz-vmac-01 vectors (VMAC-64 and VMAC-128, including
 *    'abc' x 1000000 generated from its pattern), one-shot and streamed;
 *  - the Linux testmgr vmac64(aes) vectors (nonce = first 16 bytes);
 *  - random update splits against one-shot, AES-128/192/256 keys;
 *  - every implementation tier this CPU has against the generic code over
 *    all lengths 0..4096 and some long messages, with SIMD allowed and
 *    forbidden (the kernel's no-SIMD contexts);
 *  - every tier against generic on messages whose NH inputs are extreme
 *    (largest products, NH value 2^126 - 1, zero);
 *  - vmac_finup() (the one-shot and the glue's digest) of every tier
 *    against generic at the same lengths, and on contexts whose sums an
 *    import() set;
 *  - every tier on messages that end flush against an inaccessible page
 *    (no load past the input: the block loops read ahead);
 *  - bad inputs: key lengths, nonces with the top bit set.
 * The differential test against Crypto++ is test_vmac_cryptopp.cc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utest.h"
#include "../../vmac/vmac.h"
#include "../../kunit/vectors/vmac_vectors.h"

static const char *const impl_names[] = {
#define VMAC_TIER_NAME(id, suffix, prio, present) [VMAC_IMPL_##id] = suffix,
	VMAC_TIERS(VMAC_TIER_NAME)
#undef VMAC_TIER_NAME
};

static void left_pad_nonce(u8 out[16], const u8 *nonce, unsigned int len)
{
	memset(out, 0, 16);
	memcpy(out + 16 - len, nonce, len);
}

/* Tag of data under (key, nonce) fed in pieces of at most "chunk" bytes. */
static int mac_chunked(const struct vmac_key *key, unsigned int tagbytes,
		       unsigned int impl, const u8 nonce[16], const u8 *data,
		       size_t len, size_t chunk, u8 *tag)
{
	struct vmac_ctx ctx;

	vmac_init(&ctx, key, tagbytes, impl);
	while (len) {
		size_t n = len < chunk ? len : chunk;

		vmac_update(&ctx, data, n);
		data += n;
		len -= n;
	}
	return vmac_final(&ctx, nonce, tag);
}

/* Tag of data through vmac_init() + vmac_finup(). */
static int mac_finup(const struct vmac_key *key, unsigned int tagbytes,
		     unsigned int impl, const u8 nonce[16], const u8 *data,
		     size_t len, u8 *tag)
{
	struct vmac_ctx ctx;

	vmac_init(&ctx, key, tagbytes, impl);
	return vmac_finup(&ctx, data, len, nonce, tag);
}

static void test_draft_vectors(void)
{
	size_t i, chunks[] = { (size_t)-1, 1, 7, 128, 129, 3000 };

	for (i = 0; i < ARRAY_SIZE(vmac_draft_vecs); i++) {
		const struct vmac_draft_vec *v = &vmac_draft_vecs[i];
		struct vmac_key key;
		u8 nonce[16], tag[16], *msg;
		unsigned int impl, c, r;

		UT_CHECK(vmac_setkey(&key, v->key, v->key_len) == 0, "%s setkey", v->name);
		left_pad_nonce(nonce, v->nonce, v->nonce_len);
		msg = malloc(v->len + 1);
		for (r = 0; r < v->repeat; r++)
			memcpy(msg + r * v->unit_len, v->unit, v->unit_len);
		if (v->msg)
			UT_CHECK(memcmp(msg, v->msg, v->len) == 0, "%s pattern", v->name);

		if (v->tag_len == 8)
			UT_CHECK(vmac64(&key, nonce, msg, v->len, tag) == 0, "%s", v->name);
		else
			UT_CHECK(vmac128(&key, nonce, msg, v->len, tag) == 0, "%s", v->name);
		UT_CHECK_MEMEQ(tag, v->tag, v->tag_len, "%s one-shot", v->name);

		for (impl = 0; impl <= vmac_impl_max(); impl++) {
			for (c = 0; c < ARRAY_SIZE(chunks); c++) {
				/* Byte-at-a-time over 3 MB is slow under ASan: skip. */
				if (chunks[c] == 1 && v->len > 100000)
					continue;
				memset(tag, 0, sizeof(tag));
				UT_CHECK(mac_chunked(&key, v->tag_len, impl, nonce, msg,
						     v->len, chunks[c], tag) == 0,
					 "%s", v->name);
				UT_CHECK_MEMEQ(tag, v->tag, v->tag_len, "%s %s chunk %zu",
					       v->name, impl_names[impl], chunks[c]);
			}
		}
		free(msg);
	}
}

static void test_linux_vectors(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(vmac_linux_vecs); i++) {
		const struct vmac_linux_vec *v = &vmac_linux_vecs[i];
		struct vmac_key key;
		unsigned int impl;
		u8 tag[8];

		UT_CHECK(vmac_setkey(&key, v->key, v->key_len) == 0, "%s setkey", v->name);
		for (impl = 0; impl <= vmac_impl_max(); impl++) {
			memset(tag, 0, sizeof(tag));
			UT_CHECK(mac_chunked(&key, 8, impl, v->data, v->data + 16,
					     v->data_len - 16, 5, tag) == 0, "%s", v->name);
			UT_CHECK_MEMEQ(tag, v->digest, 8, "%s %s", v->name, impl_names[impl]);
		}
	}
}

static void test_random_splits(void)
{
	static u8 buf[3 * 4096 + 7];
	u64 seed = 0x5eed0001;
	unsigned int t;

	for (t = 0; t < 300; t++) {
		unsigned int klen = 16 + 8 * (kfast_test_rand(&seed) % 3);
		unsigned int tagbytes = (t & 1) ? 16 : 8;
		size_t len = kfast_test_rand(&seed) % sizeof(buf), off = 0;
		u8 rawkey[32], nonce[16], ref[16], tag[16];
		struct vmac_key key;
		struct vmac_ctx ctx;

		kfast_test_fill(&seed, rawkey, sizeof(rawkey));
		kfast_test_fill(&seed, nonce, sizeof(nonce));
		nonce[0] &= 0x7f;
		kfast_test_fill(&seed, buf, len);
		UT_CHECK(vmac_setkey(&key, rawkey, klen) == 0, "setkey %u", klen);
		UT_CHECK(mac_chunked(&key, tagbytes, VMAC_IMPL_BEST, nonce, buf, len,
				     (size_t)-1, ref) == 0, "one-shot");

		vmac_init(&ctx, &key, tagbytes, VMAC_IMPL_BEST);
		while (off < len) {
			size_t n = kfast_test_rand(&seed) % 300;

			/* Sometimes an empty update, sometimes a big one. */
			if (kfast_test_rand(&seed) % 8 == 0)
				n = kfast_test_rand(&seed) % 2000;
			if (n > len - off)
				n = len - off;
			vmac_update(&ctx, buf + off, n);
			off += n;
		}
		UT_CHECK(vmac_final(&ctx, nonce, tag) == 0, "final");
		UT_CHECK_MEMEQ(tag, ref, tagbytes, "split t=%u len=%zu klen=%u tag=%u",
			       t, len, klen, tagbytes);
	}
}

/*
 * Every tier against generic: each length 0..4096 (plus long messages), at
 * random offsets (misaligned input), with SIMD usable and not usable.
 */
static void test_tiers(void)
{
	static u8 buf[70000 + 64];
	static const size_t longlens[] = {
		6844, 8191, 8192, 8193, 9856, 11698, 65536, 70000
	};
	u64 seed = 0x71e50001;
	unsigned int impl, simd, tagbytes;
	struct vmac_key key;
	u8 rawkey[32], nonce[16];
	size_t len, i;

	kfast_test_fill(&seed, buf, sizeof(buf));
	kfast_test_fill(&seed, rawkey, sizeof(rawkey));
	kfast_test_fill(&seed, nonce, sizeof(nonce));
	nonce[0] &= 0x7f;
	UT_CHECK(vmac_setkey(&key, rawkey, 32) == 0, "setkey");

	for (impl = 1; impl <= vmac_impl_max(); impl++) {
		for (simd = 0; simd < 2; simd++) {
			unsigned long bad = 0, runs = 0;

			kfast_user_simd_usable = simd;
			for (tagbytes = 8; tagbytes <= 16; tagbytes += 8) {
				for (len = 0; len <= 4096 + ARRAY_SIZE(longlens); len++) {
					size_t l = len <= 4096 ? len : longlens[len - 4097];
					size_t off = len % 61;
					u8 ref[16], tag[16];

					mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce,
						    buf + off, l, (size_t)-1, ref);
					mac_chunked(&key, tagbytes, impl, nonce, buf + off, l,
						    (size_t)-1, tag);
					runs++;
					if (memcmp(ref, tag, tagbytes)) {
						if (!bad)
							fprintf(stderr, "first mismatch: len %zu\n", l);
						bad++;
					}
					memset(tag, 0, sizeof(tag));
					mac_finup(&key, tagbytes, impl, nonce, buf + off, l, tag);
					runs++;
					if (memcmp(ref, tag, tagbytes)) {
						if (!bad)
							fprintf(stderr, "first finup mismatch: len %zu\n",
								l);
						bad++;
					}
				}
			}
			UT_CHECK(bad == 0, "tier %s (simd %u): %lu of %lu lengths differ",
				 impl_names[impl], simd, bad, runs);
			printf("tier %s simd=%u: %lu lengths x tags compared with generic\n",
			       impl_names[impl], simd, runs);
		}
	}
	kfast_user_simd_usable = true;

	/* Generic's own vmac_finup() (no arch path) and the one-shots. */
	for (len = 0; len <= 2100; len += 7) {
		u8 ref[16], tag[16];

		for (tagbytes = 8; tagbytes <= 16; tagbytes += 8) {
			mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce, buf, len,
				    (size_t)-1, ref);
			mac_finup(&key, tagbytes, VMAC_IMPL_GENERIC, nonce, buf, len, tag);
			UT_CHECK_MEMEQ(tag, ref, tagbytes, "generic finup len %zu", len);
			if (tagbytes == 8)
				vmac64(&key, nonce, buf, len, tag);
			else
				vmac128(&key, nonce, buf, len, tag);
			UT_CHECK_MEMEQ(tag, ref, tagbytes, "one-shot len %zu", len);
		}
	}

	/* finup() after some update()s: the fast path does not apply. */
	for (impl = 1; impl <= vmac_impl_max(); impl++) {
		for (i = 0; i < 60; i++) {
			size_t l = kfast_test_rand(&seed) % 3000, split = kfast_test_rand(&seed) % (l + 1);
			struct vmac_ctx ctx;
			u8 ref[16], tag[16];

			tagbytes = (i & 1) ? 16 : 8;
			mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce, buf, l,
				    (size_t)-1, ref);
			vmac_init(&ctx, &key, tagbytes, impl);
			vmac_update(&ctx, buf, split);
			UT_CHECK(vmac_finup(&ctx, buf + split, l - split, nonce, tag) == 0,
				 "finup");
			UT_CHECK_MEMEQ(tag, ref, tagbytes, "tier %s update %zu + finup %zu",
				       impl_names[impl], split, l - split);
		}
	}

	/* Tiers must also agree when fed through many small updates. */
	for (impl = 1; impl <= vmac_impl_max(); impl++) {
		for (i = 0; i < 50; i++) {
			size_t l = kfast_test_rand(&seed) % 20000, chunk = 1 + kfast_test_rand(&seed) % 700;
			u8 ref[16], tag[16];

			tagbytes = (i & 1) ? 16 : 8;
			mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce, buf, l,
				    (size_t)-1, ref);
			mac_chunked(&key, tagbytes, impl, nonce, buf + 3, l, chunk, tag);
			mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce, buf + 3, l,
				    (size_t)-1, ref);
			UT_CHECK_MEMEQ(tag, ref, tagbytes, "tier %s chunked len %zu chunk %zu",
				       impl_names[impl], l, chunk);
		}
	}
}

/*
 * Messages ending at a guard page: a read past the input faults.  The
 * block loops load the next group while they hash the current one, so a
 * message's last whole groups are where they must stop; the lengths cover
 * one to nine groups of 1 KiB, with and without a partial block after
 * them, and a 4 KiB SIMD section's end.
 */
static void test_guard_pages(void)
{
	static const size_t lens[] = { 1024, 1040, 2048, 3072, 3100, 4096, 5120,
				       8192, 8200, 9216 };
	struct utest_guard g;
	u64 seed = 0x71e50003;
	unsigned int impl, tagbytes, n;
	struct vmac_key key;
	u8 rawkey[16], nonce[16];

	if (utest_guard_alloc(&g, 9216)) {
		UT_CHECK(0, "guard pages: mmap/mprotect");
		return;
	}
	kfast_test_fill(&seed, g.start, (size_t)(g.end - g.start));
	kfast_test_fill(&seed, rawkey, sizeof(rawkey));
	kfast_test_fill(&seed, nonce, sizeof(nonce));
	nonce[0] &= 0x7f;
	UT_CHECK(vmac_setkey(&key, rawkey, sizeof(rawkey)) == 0, "setkey");
	for (impl = 1; impl <= vmac_impl_max(); impl++) {
		unsigned int bad = 0;

		for (tagbytes = 8; tagbytes <= 16; tagbytes += 8) {
			for (n = 0; n < ARRAY_SIZE(lens); n++) {
				const u8 *p = g.end - lens[n];
				u8 ref[16], tag[16];

				mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce, p,
					    lens[n], (size_t)-1, ref);
				mac_chunked(&key, tagbytes, impl, nonce, p, lens[n],
					    (size_t)-1, tag);
				bad += memcmp(ref, tag, tagbytes) != 0;
				mac_finup(&key, tagbytes, impl, nonce, p, lens[n], tag);
				bad += memcmp(ref, tag, tagbytes) != 0;
			}
		}
		UT_CHECK(bad == 0, "guard pages [%s]: %u tags differ", impl_names[impl], bad);
	}
	utest_guard_free(&g);
}

/*
 * Messages built against the key so that every NH input (m + k mod 2^64)
 * is at an extreme: all ones (largest products), or a block whose NH
 * value is exactly 2^126 - 1 (the largest L2 input), or all zero.  The L2
 * code paths of every tier (two- and four-block steps, lazily reduced
 * accumulators, the carries of their reductions) then see their edge
 * values; each tier must agree with the generic code.
 */
static void test_extreme_nh(void)
{
	static const size_t lens[] = { 128, 256, 384, 512, 640, 768, 896 + 33, 1024,
				       1024 + 5, 1024 + 384, 2048, 3072 + 64, 4096,
				       33 * 128, 40 * 128 + 77, 9000 };
	static u8 buf[9000 + 16];
	u64 seed = 0xe7e70001;
	unsigned int t, impl, simd, kind;

	for (t = 0; t < 12; t++) {
		unsigned int klen = 16 + 8 * (t % 3), tagbytes = (t & 1) ? 16 : 8;
		u8 rawkey[32], nonce[16] = { 0 };
		struct vmac_key key;
		size_t w, i;

		kind = (t / 2) % 3;
		kfast_test_fill(&seed, rawkey, sizeof(rawkey));
		UT_CHECK(vmac_setkey(&key, rawkey, klen) == 0, "setkey");
		nonce[15] = t;
		for (w = 0; w < sizeof(buf) / 8; w++) {
			/* word w of its block, iteration 0's key */
			u64 k = key.nhkey[w % VMAC_NHWORDS], x;

			if (kind == 0) {
				x = ~0ULL;
			} else if (kind == 1) {
				/* (2^64 - 1) 2^62 + (2^62 - 1) 1 = 2^126 - 1 */
				static const u64 top[4] = { ~0ULL, 1ULL << 62,
							    (1ULL << 62) - 1, 1 };
				x = w % VMAC_NHWORDS < 4 ? top[w % VMAC_NHWORDS] : 0;
			} else {
				x = 0;
			}
			put_unaligned_le64(x - k, &buf[8 * w]);
		}
		for (impl = 1; impl <= vmac_impl_max(); impl++) {
			for (simd = 0; simd < 2; simd++) {
				kfast_user_simd_usable = simd;
				for (i = 0; i < ARRAY_SIZE(lens); i++) {
					u8 ref[16], tag[16];

					mac_chunked(&key, tagbytes, VMAC_IMPL_GENERIC, nonce,
						    buf, lens[i], (size_t)-1, ref);
					mac_chunked(&key, tagbytes, impl, nonce, buf, lens[i],
						    (size_t)-1, tag);
					UT_CHECK_MEMEQ(tag, ref, tagbytes,
						       "extreme NH kind %u tier %s simd %u len %zu tag %u",
						       kind, impl_names[impl], simd, lens[i],
						       tagbytes);
					mac_finup(&key, tagbytes, impl, nonce, buf, lens[i], tag);
					UT_CHECK_MEMEQ(tag, ref, tagbytes,
						       "extreme NH finup kind %u tier %s simd %u len %zu tag %u",
						       kind, impl_names[impl], simd, lens[i],
						       tagbytes);
				}
			}
		}
	}
	kfast_user_simd_usable = true;
}

/*
 * A context whose sums are not the initial 1 although nothing was hashed
 * yet, as import() may leave it (an exported state is not required to
 * come from the same message): the tiers' shortcuts for a message's first
 * step (the sums are 1, decided from public facts and then checked) must
 * give generic's tag, through update + final and through finup.  The sums
 * are kept within the lazily reduced range the L2 code keeps them in.
 */
static void test_imported_sums(void)
{
	static u8 buf[3 * 1024 + 200];
	u64 seed = 0x1a907701;
	unsigned int t, impl, simd;
	struct vmac_key key;
	u8 rawkey[16], nonce[16] = { 0 };

	kfast_test_fill(&seed, buf, sizeof(buf));
	kfast_test_fill(&seed, rawkey, sizeof(rawkey));
	UT_CHECK(vmac_setkey(&key, rawkey, 16) == 0, "setkey");
	for (t = 0; t < 400; t++) {
		unsigned int tagbytes = (t & 1) ? 16 : 8;
		size_t len = t < 64 ? 128 * (t / 4) + 16 * (t % 4) :
			     kfast_test_rand(&seed) % sizeof(buf);
		u64 poly[VMAC_MAX_ITERS][2];
		u8 ref[16], tag[16];
		struct vmac_ctx ctx;
		unsigned int i;

		for (i = 0; i < VMAC_MAX_ITERS; i++) {
			poly[i][0] = kfast_test_rand(&seed) >> (1 + t % 3);
			poly[i][1] = kfast_test_rand(&seed);
		}
		if (t % 5 == 0)		/* one iteration still at 1 */
			poly[t % 2][0] = 0, poly[t % 2][1] = 1;
		nonce[15] = t;
		vmac_init(&ctx, &key, tagbytes, VMAC_IMPL_GENERIC);
		memcpy(ctx.st.poly, poly, sizeof(poly));
		vmac_update(&ctx, buf, len);
		vmac_final(&ctx, nonce, ref);
		for (impl = 1; impl <= vmac_impl_max(); impl++) {
			for (simd = 0; simd < 2; simd++) {
				kfast_user_simd_usable = simd;
				vmac_init(&ctx, &key, tagbytes, impl);
				memcpy(ctx.st.poly, poly, sizeof(poly));
				vmac_update(&ctx, buf, len);
				vmac_final(&ctx, nonce, tag);
				UT_CHECK_MEMEQ(tag, ref, tagbytes,
					       "imported sums, tier %s simd %u len %zu tag %u",
					       impl_names[impl], simd, len, tagbytes);
				vmac_init(&ctx, &key, tagbytes, impl);
				memcpy(ctx.st.poly, poly, sizeof(poly));
				vmac_finup(&ctx, buf, len, nonce, tag);
				UT_CHECK_MEMEQ(tag, ref, tagbytes,
					       "imported sums finup, tier %s simd %u len %zu tag %u",
					       impl_names[impl], simd, len, tagbytes);
			}
		}
	}
	kfast_user_simd_usable = true;
}

static void test_bad_inputs(void)
{
	static const unsigned int lens[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 64 };
	u8 raw[64] = { 1, 2, 3 }, nonce[16] = { 0x80 }, tag[16], keep[16];
	struct vmac_key key;
	struct vmac_ctx ctx;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lens); i++)
		UT_CHECK(vmac_setkey(&key, raw, lens[i]) == -EINVAL, "key length %u",
			 lens[i]);
	UT_CHECK(vmac_setkey(&key, raw, 24) == 0, "key length 24");

	/* Top nonce bit set: -EINVAL, tag untouched, ctx wiped. */
	memset(tag, 0xa5, sizeof(tag));
	memcpy(keep, tag, sizeof(tag));
	vmac64_init(&ctx, &key);
	vmac_update(&ctx, raw, 40);
	UT_CHECK(vmac_final(&ctx, nonce, tag) == -EINVAL, "vmac64 top nonce bit");
	UT_CHECK(memcmp(tag, keep, sizeof(tag)) == 0, "tag untouched");
	UT_CHECK(ctx.key == NULL && ctx.st.msglen == 0, "ctx wiped");
	UT_CHECK(vmac128(&key, nonce, raw, 3, tag) == -EINVAL, "vmac128 top nonce bit");
	vmac128_init(&ctx, &key);
	UT_CHECK(vmac_finup(&ctx, raw, 40, nonce, tag) == -EINVAL, "finup top nonce bit");
	UT_CHECK(memcmp(tag, keep, sizeof(tag)) == 0, "tag untouched by finup");
	UT_CHECK(ctx.key == NULL && ctx.st.msglen == 0, "ctx wiped by finup");
	vmac64_init(&ctx, &key);
	nonce[0] = 0;
	UT_CHECK(vmac_finup(&ctx, raw, 40, nonce, tag) == 0, "finup");
	UT_CHECK(ctx.key == NULL && ctx.st.msglen == 0, "ctx wiped by finup's fast path");
	nonce[0] = 0x80;

	/* The top bit is the only forbidden one. */
	nonce[0] = 0x7f;
	UT_CHECK(vmac128(&key, nonce, raw, 3, tag) == 0, "vmac128 nonce 0x7f..");

	/*
	 * VMAC-64: nonces differing only in the last bit share the AES block
	 * and take its two halves; VMAC-128 does not clear that bit.
	 */
	{
		u8 n0[16] = { 0 }, n1[16] = { 0 }, t0[8], t1[8], t2[16], t3[16];

		n1[15] = 1;
		vmac64(&key, n0, raw, 10, t0);
		vmac64(&key, n1, raw, 10, t1);
		UT_CHECK(memcmp(t0, t1, 8) != 0, "vmac64 pad halves differ");
		vmac128(&key, n0, raw, 10, t2);
		vmac128(&key, n1, raw, 10, t3);
		UT_CHECK(memcmp(t2, t3, 16) != 0, "vmac128 nonce low bit used");
	}
}

int main(void)
{
	unsigned int max = vmac_mod_init();

	printf("vmac: highest tier on this CPU: %s\n", impl_names[max]);
	test_draft_vectors();
	test_linux_vectors();
	test_random_splits();
	test_tiers();
	test_guard_pages();
	test_extreme_nh();
	test_imported_sums();
	test_bad_inputs();
	return utest_report("vmac");
}

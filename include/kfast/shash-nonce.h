/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-band nonce of the VMAC and UMAC shash drivers.
 *
 * A shash has no IV, so these drivers take the nonce from the first bytes
 * of the hashed data (16 for VMAC, as Linux's old vmac64 did; 8 for UMAC,
 * as OpenSSH passes it).  The glue keeps those bytes in a struct
 * kfast_shash_nonce inside its descriptor and its exported state, and
 * hands the rest of the data to the core.
 */
#ifndef KFAST_SHASH_NONCE_H
#define KFAST_SHASH_NONCE_H

#include <kfast/base.h>

#define KFAST_SHASH_NONCE_MAX	16

struct kfast_shash_nonce {
	u8 bytes[KFAST_SHASH_NONCE_MAX];
	u32 len;			/* bytes received so far */
};

static inline void kfast_shash_nonce_reset(struct kfast_shash_nonce *n)
{
	n->len = 0;
}

/*
 * Moves the leading bytes of (*data, *len) into the nonce until it has
 * @size of them.  Returns true when this call completed it.
 */
static inline bool kfast_shash_nonce_take(struct kfast_shash_nonce *n,
					  unsigned int size, const u8 **data,
					  unsigned int *len)
{
	unsigned int k;

	if (n->len == size)	/* every update after the first: no copy, no call */
		return false;
	k = min(*len, size - n->len);
	memcpy(&n->bytes[n->len], *data, k);
	n->len += k;
	*data += k;
	*len -= k;
	return k && n->len == size;
}

static inline bool kfast_shash_nonce_complete(const struct kfast_shash_nonce *n,
					      unsigned int size)
{
	return n->len == size;
}

/* An imported nonce: its length must not index past the buffer. */
static inline bool kfast_shash_nonce_valid(const struct kfast_shash_nonce *n,
					   unsigned int size)
{
	return n->len <= size;
}

/* After the tag (or an error): no nonce byte stays in the descriptor. */
static inline void kfast_shash_nonce_wipe(struct kfast_shash_nonce *n)
{
	memzero_explicit(n, sizeof(*n));
}

#endif /* KFAST_SHASH_NONCE_H */

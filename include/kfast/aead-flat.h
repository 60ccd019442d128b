/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An AEAD request that lies in one mapped piece of src and of dst (a
 * request within one page of a buffer set up with sg_init_one(), say): the
 * AEAD glues hand such a request to their core's flat one-shot, which
 * takes the architecture's one-call paths for short messages, instead of
 * walking the scatterlists a piece at a time.  Kernel only.
 */
#ifndef KFAST_AEAD_FLAT_H
#define KFAST_AEAD_FLAT_H

#include <linux/scatterlist.h>
#include <crypto/internal/aead.h>

struct kfast_aead_flat {
	struct sg_mapping_iter ms, md;
	u8 *src, *dst;		/* the mapped starts of src and dst */
};

/*
 * Map the first piece of req->src and req->dst (one iterator when they are
 * the same scatterlist) if they hold @srclen and @dstlen bytes; then
 * kfast_aead_flat_stop() must follow.  Otherwise return false with nothing
 * mapped: at once when the first entries are too short (a request of
 * several entries, or a long one), else once the pieces have been mapped
 * (an entry that crosses a page is mapped a page at a time).
 */
static inline bool kfast_aead_flat_start(struct kfast_aead_flat *f,
					 struct aead_request *req,
					 u64 srclen, u64 dstlen)
{
	if (req->src->length < srclen || req->dst->length < dstlen)
		return false;
	if (req->src == req->dst) {
		sg_miter_start(&f->ms, req->src, sg_nents(req->src),
			       SG_MITER_FROM_SG | SG_MITER_TO_SG | SG_MITER_ATOMIC);
		if (sg_miter_next(&f->ms) && f->ms.length >= max(srclen, dstlen)) {
			f->src = f->ms.addr;
			f->dst = f->ms.addr;
			return true;
		}
		sg_miter_stop(&f->ms);
		return false;
	}
	sg_miter_start(&f->ms, req->src, sg_nents(req->src),
		       SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	sg_miter_start(&f->md, req->dst, sg_nents(req->dst),
		       SG_MITER_TO_SG | SG_MITER_ATOMIC);
	if (sg_miter_next(&f->ms) && f->ms.length >= srclen &&
	    sg_miter_next(&f->md) && f->md.length >= dstlen) {
		f->src = f->ms.addr;
		f->dst = f->md.addr;
		return true;
	}
	sg_miter_stop(&f->md);
	sg_miter_stop(&f->ms);
	return false;
}

static inline void kfast_aead_flat_stop(struct kfast_aead_flat *f,
					struct aead_request *req)
{
	if (req->src != req->dst)
		sg_miter_stop(&f->md);
	sg_miter_stop(&f->ms);
}

#endif /* KFAST_AEAD_FLAT_H */

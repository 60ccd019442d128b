/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AF_ALG AEAD sendmsg() the guest test programs share: AAD || text with
 * the operation, IV (at most 32 bytes) and assoclen as control messages.
 */
#ifndef KFAST_AFALG_AEAD_H
#define KFAST_AFALG_AEAD_H

#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* sendmsg()'s result: bytes sent, or -1 with errno set. */
static inline ssize_t afalg_aead_sendmsg(int op, int enc, const uint8_t *iv, size_t ivlen,
					 const uint8_t *buf, size_t assoclen, size_t len,
					 int flags)
{
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(4 + 32) + CMSG_SPACE(4)] = { 0 };
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = {
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct af_alg_iv *aiv;
	struct cmsghdr *c;

	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(c) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(4 + 32);
	aiv = (struct af_alg_iv *)CMSG_DATA(c);
	aiv->ivlen = ivlen;
	memcpy(aiv->iv, iv, ivlen);
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	c->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(c) = assoclen;
	return sendmsg(op, &msg, flags);
}

#endif /* KFAST_AFALG_AEAD_H */

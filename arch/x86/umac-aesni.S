/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One AES-128 block encryption with AES-NI, for UMAC's per-message pad
 * (RFC 4418 section 3.3: the PDF encrypts the nonce block under K').
 *
 * CPU-feature contract: AES-NI and SSE2 (legacy encoding; round keys are
 * loaded with MOVDQU, so no alignment is required).  The caller owns the
 * vector state (kernel_fpu_begin() or userspace).  No stack, no
 * callee-saved register; the registers holding the block and the keys are
 * cleared before returning.
 *
 *   void umac_aesni_encrypt(const u8 rk[11][16], u8 *out, u64 lo, u64 hi);
 *
 * encrypts the block whose bytes 0-7 are lo and 8-15 are hi, little-endian
 * (the block is built in registers: the caller never stores it).
 * rk holds the 11 round keys of kfast_aes_expandkey_ct(); the rounds are
 * aes-aesni.S.inc's.
 */
#include <linux/linkage.h>
#include "aes-aesni.S.inc"

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

.set RK,	%rdi
.set OUT,	%rsi
.set LO,	%rdx
.set HI,	%rcx

.text

SYM_FUNC_START(umac_aesni_encrypt)
	movq		LO, %xmm0
	movq		HI, %xmm1
	punpcklqdq	%xmm1, %xmm0
	AESNI_ENCRYPT	sse, RK, 10, %xmm1, %xmm0
	movdqu		%xmm0, (OUT)
	pxor		%xmm0, %xmm0
	pxor		%xmm1, %xmm1
	RET
SYM_FUNC_END(umac_aesni_encrypt)

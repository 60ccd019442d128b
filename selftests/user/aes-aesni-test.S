/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every form of arch/x86/aes-aesni.S.inc's macros as a function, for
 * test_aes.c:
 *
 *   void kfast_test_aesni_<form>(const u8 rk[][16], unsigned int nr,
 *				  u8 out[16], const u8 in[16]);
 *
 * The _10/_12/_14 forms take the number of rounds as an assembly-time
 * literal and ignore @nr.  CPU-feature contract: AES-NI; AVX for _vex.
 */
#include <linux/linkage.h>
#include "aes-aesni.S.inc"

.section .note.GNU-stack, "", %progbits
.text

.macro AESNI_TEST_FN name, cipher, enc, nr
SYM_FUNC_START(kfast_test_aesni_\name)
.ifc \enc, vex
	vmovdqu		(%rcx), %xmm0
.else
	movdqu		(%rcx), %xmm0
.endif
	\cipher		\enc, %rdi, \nr, %xmm1, %xmm0, %xmm2
.ifc \enc, vex
	vmovdqu		%xmm0, (%rdx)
.else
	movdqu		%xmm0, (%rdx)
.endif
	RET
SYM_FUNC_END(kfast_test_aesni_\name)
.endm

/* Two blocks in flight (%xmm2 is the second, unused) to run the vararg path. */
AESNI_TEST_FN	enc_sse, AESNI_ENCRYPT, sse, %esi
AESNI_TEST_FN	enc_vex, AESNI_ENCRYPT, vex, %esi
AESNI_TEST_FN	enc_128_256_vex, AESNI_ENCRYPT_128_256, vex, %esi
AESNI_TEST_FN	dec_sse, AESNI_DECRYPT, sse, %esi
AESNI_TEST_FN	dec_vex, AESNI_DECRYPT, vex, %esi
AESNI_TEST_FN	enc_sse_10, AESNI_ENCRYPT, sse, 10
AESNI_TEST_FN	enc_sse_12, AESNI_ENCRYPT, sse, 12
AESNI_TEST_FN	enc_sse_14, AESNI_ENCRYPT, sse, 14
AESNI_TEST_FN	dec_vex_10, AESNI_DECRYPT, vex, 10
AESNI_TEST_FN	dec_vex_12, AESNI_DECRYPT, vex, 12
AESNI_TEST_FN	dec_vex_14, AESNI_DECRYPT, vex, 14

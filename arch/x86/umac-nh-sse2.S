/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UMAC NH (RFC 4418 section 5.2.2) for x86-64 with SSE2, 1 to 4 iterations
 * in one pass over the data.
 *
 * CPU-feature contract: SSE2 only (baseline x86-64; legacy-encoded, so
 * every memory access is an unaligned MOVDQU).  The caller owns the vector
 * state (kernel_fpu_begin() or userspace).  No stack and no callee-saved
 * register is used, except that umac_nh_poly_* saves rbx and r12 there.
 *
 *   void umac_nh_sse2_N(const u32 *key, const u8 *data, size_t units,
 *			 u64 *nh);	N = number of iterations, 1..4
 *
 * adds, for i < N, NH of the "units" 32-byte units of data under iteration
 * i's key to nh[i] (mod 2^64).  key points at the linear NH key word of
 * the first unit (struct umac_key.nh + 8u).
 *
 *   void umac_nh_chunks_sse2_N(const u32 *key, const u8 *data,
 *				size_t nchunks, u64 *out);
 *
 * stores NH of each of "nchunks" (>= 1) whole 1024-byte chunks, iteration
 * i of chunk c in out[c * N + i]; key points at the start of the key.
 *
 *   void umac_nh_poly_sse2_N(const u32 *key, const u8 *data,
 *				size_t nchunks, struct umac_poly_io *io,
 *				const u64 *pk, unsigned long pending);
 *
 * the same chunks with POLY-64 (umac-poly.S.inc): after each chunk the
 * pending chunk's L1 word (io->nh, if pending; then each chunk's but the
 * last) is stepped into io->y; io->nh ends with the last chunk's NH.
 * Saves and restores rbx and r12.
 *
 *   void umac_nh_short_sse2_N(const u32 *key, const u8 *data, size_t units,
 *			       const u64 *last, u64 *nh);
 *
 * adds NH of "units" whole units and then, if last is not NULL, of the
 * zero-padded final unit given as four little-endian 64-bit words (built
 * by the caller from a message's partial tail; read with 8-byte loads, so
 * they come straight from the caller's 8-byte stores).  Every SIMD tier
 * uses this for short messages: with only a few units, xmm registers and
 * a two-qword fold cost less than a wider tier's setup.
 *
 * One unit per step: X = the first 16 bytes (words 0-3), Y = the last 16
 * (words 4-7), so word j and its NH partner j+4 share a dword lane.
 * Iteration i adds key words 4i.. to X and 4i+4.. to Y (PADDD, mod 2^32),
 * multiplies the even dwords (PMULUDQ: 32x32->64 in each qword lane), then
 * the odd ones after shifting both operands right by 32, and adds the four
 * 64-bit products to a per-iteration accumulator (PADDQ, mod 2^64) whose
 * two qwords are summed at the end.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#include "umac-nh.S.inc"
#include "umac-poly.S.inc"
.set LAST,	%rcx		/* umac_nh_short_*: */
.set SNH,	%r8

.text

/* Iteration \i on X = xmm0, Y = xmm1, into accumulator xmm\a. */
.macro NH_STEP i, a
	movdqu		(16 * \i)(KEY), %xmm2
	movdqu		(16 * (\i + 1))(KEY), %xmm3
	paddd		%xmm0, %xmm2
	paddd		%xmm1, %xmm3
	movdqa		%xmm2, %xmm4
	pmuludq		%xmm3, %xmm4
	psrlq		$32, %xmm2
	psrlq		$32, %xmm3
	pmuludq		%xmm3, %xmm2
	paddq		%xmm4, %xmm\a
	paddq		%xmm2, %xmm\a
.endm

/* \op (add or mov) the sum of both qwords of xmm\a to nh[i]. */
.macro NH_FOLD i, a, op=add, dst=NH
	pshufd		$0x4e, %xmm\a, %xmm2
	paddq		%xmm2, %xmm\a
	movq		%xmm\a, %rax
	\op		%rax, (8 * \i)(\dst)
.endm

.macro NH_FOLDS iters, op=add, dst=NH
	NH_FOLD		0, 8, \op, \dst
.if \iters > 1
	NH_FOLD		1, 9, \op, \dst
.endif
.if \iters > 2
	NH_FOLD		2, 10, \op, \dst
.endif
.if \iters > 3
	NH_FOLD		3, 11, \op, \dst
.endif
.endm

/* All four accumulators, whatever \iters (the other files zero \iters). */
.macro NH_ZERO iters=4
	pxor		%xmm8, %xmm8
	pxor		%xmm9, %xmm9
	pxor		%xmm10, %xmm10
	pxor		%xmm11, %xmm11
.endm

/* NH_STEP for iterations 0..\iters-1 on the unit in xmm0, xmm1. */
.macro NH_ITERS iters
	NH_STEP		0, 8
.if \iters > 1
	NH_STEP		1, 9
.endif
.if \iters > 2
	NH_STEP		2, 10
.endif
.if \iters > 3
	NH_STEP		3, 11
.endif
.endm

.macro NH_UNIT iters
	movdqu		(DATA), %xmm0
	movdqu		16(DATA), %xmm1
	NH_ITERS	\iters
	add		$32, DATA
	add		$32, KEY
.endm

.macro NH_FUNC iters
SYM_FUNC_START(umac_nh_sse2_\iters)
	NH_ZERO
	test		UNITS, UNITS
	jz		.Lfold\iters
	UMAC_LOOP_ALIGN
.Lloop\iters:
	NH_UNIT		\iters
	dec		UNITS
	jnz		.Lloop\iters
.Lfold\iters:
	NH_FOLDS	\iters
	RET
SYM_FUNC_END(umac_nh_sse2_\iters)

SYM_FUNC_START(umac_nh_chunks_sse2_\iters)
	mov		KEY, KEY0
.Lchunk\iters:
	NH_ZERO
	mov		KEY0, KEY
	mov		$32, BLOCKS		/* 32 units = 1024 bytes */
	UMAC_LOOP_ALIGN
.Lcloop\iters:
	NH_UNIT		\iters
	dec		BLOCKS
	jnz		.Lcloop\iters
	NH_FOLDS	\iters, mov, OUT
	add		$(8 * \iters), OUT
	dec		NCHUNKS
	jnz		.Lchunk\iters
	RET
SYM_FUNC_END(umac_nh_chunks_sse2_\iters)

SYM_FUNC_START(umac_nh_short_sse2_\iters)
	NH_ZERO
	test		UNITS, UNITS
	jz		.Lslast\iters
	UMAC_LOOP_ALIGN
.Lsloop\iters:
	NH_UNIT		\iters
	dec		UNITS
	jnz		.Lsloop\iters
.Lslast\iters:
	test		LAST, LAST
	jz		.Lsfold\iters
	movq		(LAST), %xmm0
	movhps		8(LAST), %xmm0
	movq		16(LAST), %xmm1
	movhps		24(LAST), %xmm1
	NH_ITERS	\iters
.Lsfold\iters:
	NH_FOLDS	\iters, add, SNH
	RET
SYM_FUNC_END(umac_nh_short_sse2_\iters)
.endm

NH_FUNC	1
NH_FUNC	2
NH_FUNC	3
NH_FUNC	4

/*
 * umac_nh_poly_<tier>_N: NH of nchunks whole chunks with POLY-64 (see
 * umac-poly.S.inc): after each chunk, the step of the pending chunk's word
 * (the one in io->nh if pending, then each chunk's but the last), and the
 * chunk's NH becomes the pending one; io->nh ends with the last chunk's.
 */
.macro NH_POLY_FUNC iters
SYM_FUNC_START(umac_nh_poly_sse2_\iters)
	UMAC_POLY_ENTER
.Lpchunk\iters:
	NH_ZERO		\iters
	mov		%r10, KEY
	mov		$32, %r11
	UMAC_LOOP_ALIGN
.Lploop\iters:
	NH_UNIT	\iters
	dec		%r11
	jnz		.Lploop\iters
	UMAC_POLY_CHUNK_END \iters, NH_FOLDS
	dec		%r12
	jnz		.Lpchunk\iters
	UMAC_POLY_LEAVE
	RET
SYM_FUNC_END(umac_nh_poly_sse2_\iters)
.endm

NH_POLY_FUNC	1
NH_POLY_FUNC	2
NH_POLY_FUNC	3
NH_POLY_FUNC	4

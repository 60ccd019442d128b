/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UMAC NH (RFC 4418 section 5.2.2) for x86-64 with AVX2, 1 to 4 iterations
 * in one pass over the data.
 *
 * CPU-feature contract: AVX2 (VEX ymm for two units per step, xmm for the
 * last unit); the short path's functions with the pad also AES-NI.  The
 * caller owns the vector state (kernel_fpu_begin() or userspace).  No
 * stack and no callee-saved register is used, except that umac_nh_poly_*
 * saves rbx and r12 there; the upper vector state is cleared on return
 * (VZEROUPPER).
 *
 *   void umac_nh_avx2_N(const u32 *key, const u8 *data, size_t units,
 *			 u64 *nh);	N = number of iterations, 1..4
 *
 * adds, for i < N, NH of the "units" 32-byte units of data under iteration
 * i's key to nh[i] (mod 2^64).  key points at entry 2u of the interleaved
 * key (struct umac_key_arch.nh_pairs, 32 bytes per entry), u being the
 * index of the first unit within its 1024-byte chunk.
 *
 *   void umac_nh_chunks_avx2_N(const u32 *key, const u8 *data,
 *				size_t nchunks, u64 *out);
 *
 * stores NH of each of "nchunks" (>= 1) whole 1024-byte chunks, iteration
 * i of chunk c in out[c * N + i]; key points at entry 0.
 *
 *   void umac_nh_poly_avx2_N(const u32 *key, const u8 *data,
 *				size_t nchunks, struct umac_poly_io *io,
 *				const u64 *pk, unsigned long pending);
 *
 * the same chunks with POLY-64 (umac-poly.S.inc): after each chunk the
 * pending chunk's L1 word (io->nh, if pending; then each chunk's but the
 * last) is stepped into io->y; io->nh ends with the last chunk's NH.
 * Saves and restores rbx and r12.
 *
 * The maths is that of umac-nh-avx512.S with two units per step: NH pairs
 * word j of a unit with word j+4, 16 bytes later, so for units u0, u1
 *   X = lo(u0) lo(u1) = bytes 0-15, 32-47
 *   Y = hi(u0) hi(u1) = bytes 16-31, 48-63
 * are built by loading bytes 16-47 and blending in (VPBLENDD, a cheap
 * in-lane operation that takes a memory operand) the first 16 bytes from
 * offset 0 and the last 16 from offset 32.  Iteration i adds the key
 * entries 2u + i (to X) and 2u + 1 + i (to Y), multiplies even and odd
 * dwords (VPMULUDQ, the odd ones after a 32-bit right shift) and sums the
 * 64-bit products into per-iteration accumulators, folded at the end.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#define ENTRY_BYTES	32		/* bytes per key entry */
#include "umac-nh.S.inc"
#include "umac-poly.S.inc"
#include "aes-aesni.S.inc"
#include "umac-short.S.inc"

.text

/* Iteration i accumulates into ymm(8 + i) and ymm(12 + i). */
.macro NH_ITERS w, iters
	NH_VEX_STEPS	\w, \iters, ymm, 8, 9, 10, 11, 12, 13, 14, 15
.endm

/* \op (add or mov) the sum of the 8 qwords of accumulators \a, \b to nh[i]. */
.macro NH_FOLD i, a, b, op=add, dst=NH
	vpaddq		%ymm\b, %ymm\a, %ymm2
	vextracti128	$1, %ymm2, %xmm3
	vpaddq		%xmm3, %xmm2, %xmm2
	vpshufd		$0x4e, %xmm2, %xmm3
	vpaddq		%xmm3, %xmm2, %xmm2
	vmovq		%xmm2, %rax
	\op		%rax, (8 * \i)(\dst)
.endm

.macro NH_FOLDS iters, op=add, dst=NH
	NH_FOLD		0, 8, 12, \op, \dst
.if \iters > 1
	NH_FOLD		1, 9, 13, \op, \dst
.endif
.if \iters > 2
	NH_FOLD		2, 10, 14, \op, \dst
.endif
.if \iters > 3
	NH_FOLD		3, 11, 15, \op, \dst
.endif
.endm

.macro NH_ZERO iters
	vpxor		%xmm8, %xmm8, %xmm8
	vpxor		%xmm12, %xmm12, %xmm12
.if \iters > 1
	vpxor		%xmm9, %xmm9, %xmm9
	vpxor		%xmm13, %xmm13, %xmm13
.endif
.if \iters > 2
	vpxor		%xmm10, %xmm10, %xmm10
	vpxor		%xmm14, %xmm14, %xmm14
.endif
.if \iters > 3
	vpxor		%xmm11, %xmm11, %xmm11
	vpxor		%xmm15, %xmm15, %xmm15
.endif
.endm

/* Two units: X = lo(u0) lo(u1), Y = hi(u0) hi(u1), then every iteration. */
.macro NH_BLOCK2 iters
	vmovdqu		16(DATA), %ymm2
	vpblendd	$0x0f, (DATA), %ymm2, %ymm0
	vpblendd	$0xf0, 32(DATA), %ymm2, %ymm1
	NH_ITERS	ymm, \iters
	add		$64, DATA
	add		$(4 * ENTRY_BYTES), KEY
.endm

.macro NH_FUNC iters
SYM_FUNC_START(umac_nh_avx2_\iters)
	NH_ZERO		\iters
	sub		$2, UNITS
	jb		.Lone\iters
	UMAC_LOOP_ALIGN
.Lloop\iters:
	NH_BLOCK2	\iters
	sub		$2, UNITS
	jae		.Lloop\iters
.Lone\iters:
	test		$1, UNITS
	jz		.Lfold\iters
	vmovdqu		(DATA), %xmm0
	vmovdqu		16(DATA), %xmm1
	NH_ITERS	xmm, \iters
.Lfold\iters:
	NH_FOLDS	\iters
	vzeroupper
	RET
SYM_FUNC_END(umac_nh_avx2_\iters)

SYM_FUNC_START(umac_nh_chunks_avx2_\iters)
	mov		KEY, KEY0
.Lchunk\iters:
	NH_ZERO		\iters
	mov		KEY0, KEY
	mov		$16, BLOCKS		/* 16 x 2 units = 1024 bytes */
	UMAC_LOOP_ALIGN
.Lcloop\iters:
	NH_BLOCK2	\iters
	dec		BLOCKS
	jnz		.Lcloop\iters
	NH_FOLDS	\iters, mov, OUT
	add		$(8 * \iters), OUT
	dec		NCHUNKS
	jnz		.Lchunk\iters
	vzeroupper
	RET
SYM_FUNC_END(umac_nh_chunks_avx2_\iters)
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
SYM_FUNC_START(umac_nh_poly_avx2_\iters)
	UMAC_POLY_ENTER
.Lpchunk\iters:
	NH_ZERO		\iters
	mov		%r10, KEY
	mov		$16, %r11
	UMAC_LOOP_ALIGN
.Lploop\iters:
	NH_BLOCK2	\iters
	dec		%r11
	jnz		.Lploop\iters
	UMAC_POLY_CHUNK_END \iters, NH_FOLDS
	dec		%r12
	jnz		.Lpchunk\iters
	vzeroupper
	UMAC_POLY_LEAVE
	RET
SYM_FUNC_END(umac_nh_poly_avx2_\iters)
.endm

NH_POLY_FUNC	1
NH_POLY_FUNC	2
NH_POLY_FUNC	3
NH_POLY_FUNC	4

/*
 * The short path (umac-short.S.inc): whole units two at a time, then one,
 * then the padded last one (this file's accumulators are the short
 * path's); \pad: with the PDF's AES.
 */
.macro SHORT_FUNC iters, pad, name
SYM_FUNC_START(\name)
	UMAC_SHORT_START \pad
	UMAC_SHORT_ZERO	\iters
	sub		$2, UNITS
	jb		.Lsone\@
	UMAC_LOOP_ALIGN
.Lsloop\@:
	NH_BLOCK2	\iters
	sub		$2, UNITS
	jae		.Lsloop\@
.Lsone\@:
	test		$1, UNITS
	jz		.Lspart\@
	vmovdqu		(DATA), %xmm0
	vmovdqu		16(DATA), %xmm1
	NH_ITERS	xmm, \iters
	add		$32, DATA
	add		$(2 * ENTRY_BYTES), KEY
.Lspart\@:
	UMAC_SHORT_PARTIAL \iters
	UMAC_SHORT_ADD	\iters
	UMAC_SHORT_FINISH \iters, \pad
SYM_FUNC_END(\name)
.endm

SHORT_FUNC	1, 1, umac_short_avx2_1
SHORT_FUNC	2, 1, umac_short_avx2_2
SHORT_FUNC	3, 1, umac_short_avx2_3
SHORT_FUNC	4, 1, umac_short_avx2_4
SHORT_FUNC	1, 0, umac_short_hash_avx2_1
SHORT_FUNC	2, 0, umac_short_hash_avx2_2
SHORT_FUNC	3, 0, umac_short_hash_avx2_3
SHORT_FUNC	4, 0, umac_short_hash_avx2_4

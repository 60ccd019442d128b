/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UMAC NH (RFC 4418 section 5.2.2) for x86-64 with AVX-512, 1 to 4
 * iterations in one pass over the data.
 *
 * CPU-feature contract: AVX512F + AVX512VL + AVX2 (zmm for four units per
 * step, VEX ymm/xmm for the last one to three units); the short path's
 * functions with the pad also AES-NI.  The caller owns the vector state
 * (kernel_fpu_begin() or userspace).  No stack and no callee-saved
 * register is used, except that umac_nh_poly_* saves rbx and r12 there;
 * the upper vector state is cleared on return (VZEROUPPER).
 *
 *   void umac_nh_avx512_N(const u32 *key, const u8 *data, size_t units,
 *			   u64 *nh);	N = number of iterations, 1..4
 *
 * adds, for i < N, NH of the "units" 32-byte units of data under iteration
 * i's key to nh[i] (mod 2^64).  key points at entry 2u of the interleaved
 * key (struct umac_key_arch.nh_quads, 64 bytes per entry), u being the
 * index of the first unit within its 1024-byte chunk.
 *
 *   void umac_nh_chunks_avx512_N(const u32 *key, const u8 *data,
 *				  size_t nchunks, u64 *out);
 *
 * stores NH of each of "nchunks" (>= 1) whole 1024-byte chunks, iteration
 * i of chunk c in out[c * N + i]; key points at entry 0.  This is the bulk
 * path: one call per SIMD section instead of one per chunk.
 *
 *   void umac_nh_poly_avx512_N(const u32 *key, const u8 *data,
 *				  size_t nchunks, struct umac_poly_io *io,
 *				  const u64 *pk, unsigned long pending);
 *
 * the same chunks with POLY-64 (umac-poly.S.inc): after each chunk the
 * pending chunk's L1 word (io->nh, if pending; then each chunk's but the
 * last) is stepped into io->y; io->nh ends with the last chunk's NH.
 * Saves and restores rbx and r12.
 *
 * The maths.  For one unit with 32-bit little-endian words m0..m7 and key
 * words k0..k7, NH adds (m0+k0)(m4+k4) + (m1+k1)(m5+k5) + (m2+k2)(m6+k6) +
 * (m3+k3)(m7+k7): the sums are mod 2^32 (VPADDD), the products 32x32->64
 * (VPMULUDQ), the total mod 2^64 (VPADDQ).  Word j pairs with word j+4, the
 * word 16 bytes later, so the data is regrouped: for units u0..u3,
 *   X = lo(u0) lo(u1) lo(u2) lo(u3),  Y = hi(u0) hi(u1) hi(u2) hi(u3)
 * (lo/hi = the first/second 16 bytes of a unit), two VSHUFI64X2 from two
 * 64-byte loads, once for all iterations.  Then X + KX and Y + KY hold
 * every factor, with the pairs in the same dword lanes.  VPMULUDQ
 * multiplies the even dwords of each qword lane; shifting both operands
 * right by 32 bits brings the odd dwords down for a second VPMULUDQ.  Lane
 * order does not matter because only the sum of all products is needed,
 * so each iteration keeps two zmm accumulators of eight qword partial sums
 * that are added together only at the end.
 *
 * Iteration i uses the key shifted by 4 words (one quarter, 16 bytes):
 * KX = entry 2u + i and KY = entry 2u + 1 + i, which hold exactly the
 * quarters Q(2u+i), Q(2u+2+i), ... that meet the lo/hi halves in X and Y
 * (see umac.h).  Four units advance the key by 8 entries (512 bytes).
 * Tails reuse the same entries: two units take the first 32 bytes of
 * each (ymm, X/Y built with VPBLENDD), one unit the first 16 (xmm).
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#define ENTRY_BYTES	64		/* bytes per key entry */
#include "umac-nh.S.inc"
#include "umac-poly.S.inc"
#include "aes-aesni.S.inc"
#include "umac-short.S.inc"

.text

/* Iteration i accumulates into zmm(16 + i) and zmm(20 + i). */
.macro NH_ITERS w, iters
	NH_VEX_STEPS	\w, \iters, zmm, 16, 17, 18, 19, 20, 21, 22, 23
.endm

/* \op (add or mov) the sum of the 16 qwords of accumulators \a, \b to nh[i]. */
.macro NH_FOLD i, a, b, op=add, dst=NH
	vpaddq		%zmm\b, %zmm\a, %zmm\a
	vextracti64x4	$1, %zmm\a, %ymm2
	vpaddq		%ymm2, %ymm\a, %ymm2
	vextracti128	$1, %ymm2, %xmm3
	vpaddq		%xmm3, %xmm2, %xmm2
	vpshufd		$0x4e, %xmm2, %xmm3
	vpaddq		%xmm3, %xmm2, %xmm2
	vmovq		%xmm2, %rax
	\op		%rax, (8 * \i)(\dst)
.endm

.macro NH_FOLDS iters, op=add, dst=NH
	NH_FOLD		0, 16, 20, \op, \dst
.if \iters > 1
	NH_FOLD		1, 17, 21, \op, \dst
.endif
.if \iters > 2
	NH_FOLD		2, 18, 22, \op, \dst
.endif
.if \iters > 3
	NH_FOLD		3, 19, 23, \op, \dst
.endif
.endm

/*
 * Fold of 2..4 iterations at once ("transpose and add"): with A_i = the
 * sum of iteration i's two accumulators, VPUNPCK[LH]QDQ pair A0 with A1
 * (and A2 with A3) so that one VPADDQ adds two qwords of each; the 128-bit
 * lanes are then added crosswise (VSHUFI64X2) until lane 0 holds
 * (sum A0, sum A1) and lane 2 (sum A2, sum A3).  17 instructions for four
 * iterations instead of 36.  \op is add (to nh[]) or mov (to out[]).
 */
.macro NH_FOLD_T iters, op=add, dst=NH
	vpaddq		%zmm20, %zmm16, %zmm16
	vpaddq		%zmm21, %zmm17, %zmm17
.if \iters > 2
	vpaddq		%zmm22, %zmm18, %zmm18
.else
	vpxorq		%zmm18, %zmm18, %zmm18
.endif
.if \iters > 3
	vpaddq		%zmm23, %zmm19, %zmm19
.else
	vpxorq		%zmm19, %zmm19, %zmm19
.endif
	vpunpcklqdq	%zmm17, %zmm16, %zmm0
	vpunpckhqdq	%zmm17, %zmm16, %zmm1
	vpaddq		%zmm1, %zmm0, %zmm0	/* A0,A1 pair sums per lane */
	vpunpcklqdq	%zmm19, %zmm18, %zmm2
	vpunpckhqdq	%zmm19, %zmm18, %zmm3
	vpaddq		%zmm3, %zmm2, %zmm2	/* A2,A3 pair sums per lane */
	vshufi64x2	$0x44, %zmm2, %zmm0, %zmm1	/* lanes 0,1 of each */
	vshufi64x2	$0xee, %zmm2, %zmm0, %zmm3	/* lanes 2,3 of each */
	vpaddq		%zmm3, %zmm1, %zmm1
	vshufi64x2	$0xb1, %zmm1, %zmm1, %zmm3	/* swap lanes 0<->1, 2<->3 */
	vpaddq		%zmm3, %zmm1, %zmm1	/* lane 0: A0,A1; lane 2: A2,A3 */
	vextracti32x4	$2, %zmm1, %xmm2
.ifc \op, add
	vpaddq		(\dst), %xmm1, %xmm1
.endif
	vmovdqu		%xmm1, (\dst)
.if \iters > 3
.ifc \op, add
	vpaddq		16(\dst), %xmm2, %xmm2
.endif
	vmovdqu		%xmm2, 16(\dst)
.elseif \iters > 2
.ifc \op, add
	vmovq		16(\dst), %xmm3
	vpaddq		%xmm3, %xmm2, %xmm2
.endif
	vmovq		%xmm2, 16(\dst)
.endif
.endm

.macro NH_ZERO iters
	vpxorq		%zmm16, %zmm16, %zmm16
	vpxorq		%zmm20, %zmm20, %zmm20
.if \iters > 1
	vpxorq		%zmm17, %zmm17, %zmm17
	vpxorq		%zmm21, %zmm21, %zmm21
.endif
.if \iters > 2
	vpxorq		%zmm18, %zmm18, %zmm18
	vpxorq		%zmm22, %zmm22, %zmm22
.endif
.if \iters > 3
	vpxorq		%zmm19, %zmm19, %zmm19
	vpxorq		%zmm23, %zmm23, %zmm23
.endif
.endm

/*
 * Four units at \off(DATA): X = zmm\x, Y = zmm\y.  The second 64 bytes are
 * a memory operand of both lane shuffles rather than a load of their own.
 */
.macro NH_LOAD4 x, y, off
	vmovdqu64	(\off)(DATA), %zmm\y
	vshufi64x2	$0x88, (\off + 64)(DATA), %zmm\y, %zmm\x
	vshufi64x2	$0xdd, (\off + 64)(DATA), %zmm\y, %zmm\y
.endm

/*
 * The bulk functions of one and two iterations hold entries 8s and 8s + 1
 * of each step s (all UMAC-32 reads, and two of UMAC-64's three) in
 * registers, loaded once per call and cleared at its end: two loads per
 * 128 bytes instead of four (UMAC-64: three instead of six), which leaves
 * the load ports to the data and the POLY steps.
 */
#define NH_KEYREGS_MAX_ITERS	2

.macro NH_KEYREGS_LOAD iters
	.if \iters <= NH_KEYREGS_MAX_ITERS
	NH_KEYREGS_EACH	NH_KEY_LOAD
	.endif
.endm

/* The key out of the registers again (the whole zmm: EVEX zeroing idioms). */
.macro NH_KEYREGS_WIPE iters
	.if \iters <= NH_KEYREGS_MAX_ITERS
	NH_KEYREGS_EACH	NH_KEY_WIPE
	.endif
.endm

/* \mac (entry's register), (entry) for each entry held in a register. */
.macro NH_KEYREGS_EACH mac
	.irp e, 0, 1, 8, 9, 16, 17, 24, 25, 32, 33, 40, 41, 48, 49, 56, 57
	NH_KEYREG	\e, \mac, \e
	.endr
.endm

/*
 * \mac (entry \e's register), \args: the sixteen entries in zmm9..15 and
 * zmm22..30, in order (UMAC-64's accumulators are zmm16, 17, 20, 21).
 */
.macro NH_KEYREG e, mac, args:vararg
	.set	.Lkr, (\e / 8) * 2 + (\e % 8)
	.irp r, 9, 10, 11, 12, 13, 14, 15, 22, 23, 24, 25, 26, 27, 28, 29, 30
	.if .Lkr == 0
	\mac		\r, \args
	.endif
	.set	.Lkr, .Lkr - 1
	.endr
.endm

.macro NH_KEY_LOAD r, e
	vmovdqu64	(ENTRY_BYTES * \e)(KEY), %zmm\r
.endm

.macro NH_KEY_WIPE r, e
	vpxord		%xmm\r, %xmm\r, %xmm\r
.endm

/* zmm\t = zmm\x + the key entry in zmm\r */
.macro NH_KEY_ADD r, x, t
	vpaddd		%zmm\r, %zmm\x, %zmm\t
.endm

/*
 * NH_VEX_STEP on X = zmm\x, Y = zmm\y, key entries from KEY + \koff, or
 * with \kregs from the registers of NH_KEYREGS_LOAD (but iteration 1's
 * entry 8s + 2, from memory).
 */
.macro NH_STEP_XY x, y, i, a, b, koff, kregs=0
	.if \kregs
	NH_KEYREG	(\koff / ENTRY_BYTES + \i), NH_KEY_ADD, \x, 2
	.if \i == 0
	NH_KEYREG	(\koff / ENTRY_BYTES + 1), NH_KEY_ADD, \y, 3
	.else
	vpaddd		(\koff + ENTRY_BYTES * (\i + 1))(KEY), %zmm\y, %zmm3
	.endif
	.else
	vpaddd		(\koff + ENTRY_BYTES * \i)(KEY), %zmm\x, %zmm2
	vpaddd		(\koff + ENTRY_BYTES * (\i + 1))(KEY), %zmm\y, %zmm3
	.endif
	vpmuludq	%zmm3, %zmm2, %zmm4
	vpsrlq		$32, %zmm2, %zmm2
	vpsrlq		$32, %zmm3, %zmm3
	vpmuludq	%zmm3, %zmm2, %zmm2
	vpaddq		%zmm4, %zmm\a, %zmm\a
	vpaddq		%zmm2, %zmm\b, %zmm\b
.endm

.macro NH_COMPUTE4 x, y, iters, koff
	NH_STEP_XY	\x, \y, 0, 16, 20, \koff, (\iters <= NH_KEYREGS_MAX_ITERS)
.if \iters > 1
	NH_STEP_XY	\x, \y, 1, 17, 21, \koff, (\iters <= NH_KEYREGS_MAX_ITERS)
.endif
.if \iters > 2
	NH_STEP_XY	\x, \y, 2, 18, 22, \koff
.endif
.if \iters > 3
	NH_STEP_XY	\x, \y, 3, 19, 23, \koff
.endif
.endm

/*
 * One whole chunk (8 x 4 units) for the bulk functions, software-
 * pipelined: the data of step s + NH_AHEAD is loaded and regrouped before
 * the iterations of step s, so that neither the loads' latency nor the
 * shuffles' is in the steps' chains (with them there, the steps of too few
 * blocks fit in the scheduler to keep the vector pipes busy).  The short
 * steps of one and two iterations need three steps of lead; the longer
 * ones of three and four iterations one, and are slower with more (their
 * look-ahead then fills the scheduler).  Unrolled, with constant offsets
 * from DATA and KEY (KEY stays at the chunk's first entry, DATA advances
 * by the chunk at the end): no pointer or counter updates between the
 * steps, whose own instructions are few (eleven per four units for one
 * iteration).  One and two iterations take their key from the registers
 * of NH_KEYREGS_LOAD.
 */
.macro NH_SET_AHEAD iters
	.if \iters <= NH_KEYREGS_MAX_ITERS
	.set	NH_AHEAD, 3
	.else
	.set	NH_AHEAD, 1
	.endif
.endm

/*
 * \mac X, Y, \args with step \s's X and Y registers, pair s mod
 * (NH_AHEAD + 1): registers that neither the steps' scratch (zmm2-4), the
 * accumulators nor the key registers use (zmm18 and zmm19 are
 * accumulators only from three iterations on).
 */
.macro NH_XY s, mac, args:vararg
	.if ((\s) % (NH_AHEAD + 1)) == 0
	\mac		0, 1, \args
	.elseif ((\s) % (NH_AHEAD + 1)) == 1
	\mac		5, 6, \args
	.elseif ((\s) % (NH_AHEAD + 1)) == 2
	\mac		7, 8, \args
	.else
	\mac		18, 19, \args
	.endif
.endm

.macro NH_CHUNK iters
	NH_SET_AHEAD	\iters
	.irp s, 0, 1, 2, 3, 4, 5, 6, 7
	.if \s < NH_AHEAD
	NH_XY		\s, NH_LOAD4, \s*128
	.endif
	.endr
	.irp s, 0, 1, 2, 3, 4, 5, 6, 7
	.if \s + NH_AHEAD < 8
	NH_XY		(\s + NH_AHEAD), NH_LOAD4, (\s + NH_AHEAD)*128
	.endif
	NH_XY		\s, NH_COMPUTE4, \iters, \s*8*ENTRY_BYTES
	.endr
	add		$1024, DATA
.endm

/* Four units: X = lo(u0..u3), Y = hi(u0..u3), then every iteration. */
.macro NH_BLOCK4 iters
	vmovdqu64	(DATA), %zmm2
	vmovdqu64	64(DATA), %zmm3
	vshufi64x2	$0x88, %zmm3, %zmm2, %zmm0
	vshufi64x2	$0xdd, %zmm3, %zmm2, %zmm1
	NH_ITERS	zmm, \iters
	add		$128, DATA
	add		$(8 * ENTRY_BYTES), KEY
.endm

.macro NH_FUNC iters
SYM_FUNC_START(umac_nh_avx512_\iters)
	NH_ZERO		\iters
	sub		$4, UNITS
	jb		.Ltail\iters
	UMAC_LOOP_ALIGN
.Lloop\iters:
	NH_BLOCK4	\iters
	sub		$4, UNITS
	jae		.Lloop\iters
.Ltail\iters:
	test		$2, UNITS
	jz		.Lone\iters
	/* X = lo(u0) lo(u1), Y = hi(u0) hi(u1): bytes 0-15, 32-47 / 16-31, 48-63 */
	vmovdqu		16(DATA), %ymm2
	vpblendd	$0x0f, (DATA), %ymm2, %ymm0
	vpblendd	$0xf0, 32(DATA), %ymm2, %ymm1
	NH_ITERS	ymm, \iters
	add		$64, DATA
	add		$(4 * ENTRY_BYTES), KEY
.Lone\iters:
	test		$1, UNITS
	jz		.Lfold\iters
	vmovdqu		(DATA), %xmm0
	vmovdqu		16(DATA), %xmm1
	NH_ITERS	xmm, \iters
.Lfold\iters:
.if \iters > 1
	NH_FOLD_T	\iters
.else
	NH_FOLDS	\iters
.endif
	vzeroupper
	RET
SYM_FUNC_END(umac_nh_avx512_\iters)

SYM_FUNC_START(umac_nh_chunks_avx512_\iters)
	mov		KEY, KEY0
	NH_KEYREGS_LOAD	\iters
.Lchunk\iters:
	NH_ZERO		\iters
	mov		KEY0, KEY
	NH_CHUNK	\iters
.if \iters > 1
	NH_FOLD_T	\iters, mov, OUT
.else
	NH_FOLDS	\iters, mov, OUT
.endif
	add		$(8 * \iters), OUT
	dec		NCHUNKS
	jnz		.Lchunk\iters
	NH_KEYREGS_WIPE	\iters
	vzeroupper
	RET
SYM_FUNC_END(umac_nh_chunks_avx512_\iters)
.endm

NH_FUNC	1
NH_FUNC	2
NH_FUNC	3
NH_FUNC	4

/* Any iteration count: NH_FOLD_T, or NH_FOLDS for one. */
.macro NH_FOLD_ANY iters, op=add, dst=NH
.if \iters > 1
	NH_FOLD_T	\iters, \op, \dst
.else
	NH_FOLDS	\iters, \op, \dst
.endif
.endm

/*
 * umac_nh_poly_<tier>_N: NH of nchunks whole chunks with POLY-64 (see
 * umac-poly.S.inc): after each chunk, the step of the pending chunk's word
 * (the one in io->nh if pending, then each chunk's but the last), and the
 * chunk's NH becomes the pending one; io->nh ends with the last chunk's.
 */
.macro NH_POLY_FUNC iters
SYM_FUNC_START(umac_nh_poly_avx512_\iters)
	UMAC_POLY_ENTER
	NH_KEYREGS_LOAD	\iters
.Lpchunk\iters:
	NH_ZERO		\iters
	mov		%r10, KEY
	NH_CHUNK	\iters
	UMAC_POLY_CHUNK_END \iters, NH_FOLD_ANY
	dec		%r12
	jnz		.Lpchunk\iters
	NH_KEYREGS_WIPE	\iters
	vzeroupper
	UMAC_POLY_LEAVE
	RET
SYM_FUNC_END(umac_nh_poly_avx512_\iters)
.endm

NH_POLY_FUNC	1
NH_POLY_FUNC	2
NH_POLY_FUNC	3
NH_POLY_FUNC	4

/* ymm\y += the low and high halves of zmm\a + zmm\b. */
.macro SHORT_HALVE a, b, y
	vpaddq		%zmm\b, %zmm\a, %zmm\a
	vextracti64x4	$1, %zmm\a, %ymm1
	vpaddq		%ymm1, %ymm\a, %ymm1
	vpaddq		%ymm1, %ymm\y, %ymm\y
.endm

/*
 * The short path (umac-short.S.inc): whole units four at a time into this
 * file's zmm accumulators, which are then halved into the short path's
 * ymm ones (so that a message of fewer than four units touches no zmm),
 * then two and one at a time and the padded last one.  \pad: with the
 * PDF's AES.
 */
.macro SHORT_FUNC iters, pad, name
SYM_FUNC_START(\name)
	UMAC_SHORT_START \pad
	UMAC_SHORT_ZERO	\iters
	sub		$4, UNITS
	jb		.Lstail\@
	NH_ZERO		\iters
	UMAC_LOOP_ALIGN
.Lsloop\@:
	NH_BLOCK4	\iters
	sub		$4, UNITS
	jae		.Lsloop\@
	SHORT_HALVE	16, 20, 8
.if \iters > 1
	SHORT_HALVE	17, 21, 9
.endif
.if \iters > 2
	SHORT_HALVE	18, 22, 10
.endif
.if \iters > 3
	SHORT_HALVE	19, 23, 11
.endif
.Lstail\@:
	test		$2, UNITS
	jz		.Lsone\@
	vmovdqu		16(DATA), %ymm2
	vpblendd	$0x0f, (DATA), %ymm2, %ymm0
	vpblendd	$0xf0, 32(DATA), %ymm2, %ymm1
	UMAC_SHORT_ITERS ymm, \iters
	add		$64, DATA
	add		$(4 * ENTRY_BYTES), KEY
.Lsone\@:
	test		$1, UNITS
	jz		.Lspart\@
	vmovdqu		(DATA), %xmm0
	vmovdqu		16(DATA), %xmm1
	UMAC_SHORT_ITERS xmm, \iters
	add		$32, DATA
	add		$(2 * ENTRY_BYTES), KEY
.Lspart\@:
	UMAC_SHORT_PARTIAL \iters
	UMAC_SHORT_ADD	\iters
	UMAC_SHORT_FINISH \iters, \pad
SYM_FUNC_END(\name)
.endm

SHORT_FUNC	1, 1, umac_short_avx512_1
SHORT_FUNC	2, 1, umac_short_avx512_2
SHORT_FUNC	3, 1, umac_short_avx512_3
SHORT_FUNC	4, 1, umac_short_avx512_4
SHORT_FUNC	1, 0, umac_short_hash_avx512_1
SHORT_FUNC	2, 0, umac_short_hash_avx512_2
SHORT_FUNC	3, 0, umac_short_hash_avx512_3
SHORT_FUNC	4, 0, umac_short_hash_avx512_4

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-OCB (RFC 7253) for x86-64: the VAES + AVX-512 tier (zmm, 16 blocks
 * in flight, four per register).
 *
 * CPU-feature contract: VAES, AVX512F and AVX512VL (EVEX-encoded
 * VAESENC/VAESDEC on zmm and, for single blocks with round keys in
 * xmm16-30, on xmm), with the OS saving the zmm state; the caller owns the
 * vector state and passes a struct ocb_key and struct ocb_ctx laid out as
 * arch/x86/ocb-offsets.h says (asserted in arch/x86/ocb-hooks.h).  No
 * callee-saved register and no stack is used.  Every function ends with
 * VZEROUPPER.
 *
 * The maths is that of arch/x86/ocb-aesni.S (Offset_i = Offset_{i-1} ^
 * L_{ntz(i)}, rk[0] merged into the first XOR, rk[nr] ^ Offset_i as the
 * last round key), with the offsets of 16 blocks made at once:
 *
 *  - When i, the number of blocks done, is a multiple of 16, blocks i+1 ..
 *    i+15 have ntz(i+j) = ntz(j), so Offset_{i+j} = Offset_i ^ S_j with
 *    S_j = L_{ntz(1)} ^ ... ^ L_{ntz(j)}, the same for every such i: setkey
 *    stores S_1..S_15 (and S_15 again in slot 16) in key->arch.lsum, four
 *    per zmm.  Block i+16 also has L_{ntz(i+16)}, which depends on i: it is
 *    broadcast into lane 3 of the fourth vector under the mask k1.  So 16
 *    offsets cost one broadcast of Offset_i, four XORs, one BSF and one
 *    masked broadcast, and Offset_{i+16} is lane 3 of the fourth vector.
 *  - The last 1..15 blocks (a short message's only ones) are one more pass
 *    of the same kind on as many registers as they fill, under masks of
 *    two quadwords per block: nothing past them is loaded, stored or
 *    summed, and Offset_{i+n} = Offset_i ^ S_n.
 *  - Blocks before the first multiple of 16 (a call that starts after a
 *    straddling block) go one at a time on xmm with the same round-key
 *    registers.  The wide passes keep the checksum (or HASH's Sum) in four
 *    lanes of CSUM, folded into lane 0 after them; a 128-bit operation
 *    clears the upper lanes, so they are zero at every pass's start.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#include "ocb-offsets.h"

.text

/* Arguments as in ocb-aesni.S: key, ctx, in, out, nblocks, nrounds. */
#define KEY	%rdi
#define CTX	%rsi
#define IN	%rdx
#define OUT	%rcx
#define NBLK	%r8
#define NR	%r9d
#define IDX	%rax		/* block index i */
#define NTZ	%r10		/* 16 * ntz(i), or a scratch value */
#define RK	%r11		/* round keys: forward or inverse */

#define OFFX	%xmm8		/* Offset_i */
#define OFFZ	%zmm8
#define CSUMX	%xmm9		/* Checksum or Sum, lane 0 */
#define CSUMY	%ymm9
#define CSUMZ	%zmm9		/* Checksum or Sum, four lanes in the wide loop */
#define TMPX	%xmm14
#define TMPZ	%zmm14
#define BOFF	%zmm15		/* Offset_i in every lane */
#define RKLASTX	%xmm30		/* rk[nr] */
#define RKLASTZ	%zmm30
/* zmm16 + r holds round key r (r < nr), zmm10..13 S_1..S_16. */

/* Round key \r of RK in every lane of \reg. */
.macro BCAST r, reg
	vbroadcasti32x4	(16 * \r)(RK), \reg
.endm

/*
 * RK = the round keys of \which (OCB_KEY_RK_ENC or _DEC): rounds 0..nr-1
 * to zmm16.., rk[nr] to zmm30; S_1..S_16 to zmm10..13; k1 = lane 3.
 */
.macro SETUP which
	leaq		\which(KEY), RK
	BCAST		0, %zmm16
	BCAST		1, %zmm17
	BCAST		2, %zmm18
	BCAST		3, %zmm19
	BCAST		4, %zmm20
	BCAST		5, %zmm21
	BCAST		6, %zmm22
	BCAST		7, %zmm23
	BCAST		8, %zmm24
	BCAST		9, %zmm25
	cmpl		$10, NR
	je		.Lsetup_keys\@
	BCAST		10, %zmm26
	BCAST		11, %zmm27
	cmpl		$12, NR
	je		.Lsetup_keys\@
	BCAST		12, %zmm28
	BCAST		13, %zmm29
.Lsetup_keys\@:
	movl		NR, %r10d
	shll		$4, %r10d
	vbroadcasti32x4	(RK, NTZ), RKLASTZ
	vmovdqu64	(OCB_KEY_LSUM + 0)(KEY), %zmm10
	vmovdqu64	(OCB_KEY_LSUM + 64)(KEY), %zmm11
	vmovdqu64	(OCB_KEY_LSUM + 128)(KEY), %zmm12
	vmovdqu64	(OCB_KEY_LSUM + 192)(KEY), %zmm13
	movl		$0xf000, %r10d
	kmovw		%r10d, %k1
.endm

/* i += 1; OFFX = Offset_i = Offset_{i-1} ^ L_{ntz(i)}. */
.macro NEXT_OFFSET
	incq		IDX
	bsfq		IDX, NTZ
	shlq		$4, NTZ
	vpxor		OCB_KEY_L(KEY, NTZ), OFFX, OFFX
.endm

/*
 * Rounds 1 .. nr-1 of \op (aesenc or aesdec) with the round keys in
 * zmm17.. (their low lanes, xmm17.., for \w = x).
 */
.macro MIDDLE_ROUNDS op, w, blocks:vararg
	.irp r, 17, 18, 19, 20, 21, 22, 23, 24, 25
	.irp blk, \blocks
	v\op		%\w\()mm\r, \blk, \blk
	.endr
	.endr
	cmpl		$10, NR
	je		.Lmiddle_done\@
	.irp r, 26, 27
	.irp blk, \blocks
	v\op		%\w\()mm\r, \blk, \blk
	.endr
	.endr
	cmpl		$12, NR
	je		.Lmiddle_done\@
	.irp r, 28, 29
	.irp blk, \blocks
	v\op		%\w\()mm\r, \blk, \blk
	.endr
	.endr
.Lmiddle_done\@:
.endm

/*
 * One text block on xmm0: the next offset, xmm0 = in ^ Offset_i ^ rk[0],
 * the rounds, the last one with rk[nr] ^ Offset_i, the output stored, the
 * plaintext (input or output) into CSUMX.
 */
.macro TEXT_ONE dec
	NEXT_OFFSET
	vmovdqa64	%xmm16, %xmm0
	vpternlogq	$0x96, (IN), OFFX, %xmm0
.if \dec
	MIDDLE_ROUNDS	aesdec, x, %xmm0
	vpxorq		RKLASTX, OFFX, TMPX
	vaesdeclast	TMPX, %xmm0, %xmm0
	vpxor		%xmm0, CSUMX, CSUMX
.else
	vpxor		(IN), CSUMX, CSUMX
	MIDDLE_ROUNDS	aesenc, x, %xmm0
	vpxorq		RKLASTX, OFFX, TMPX
	vaesenclast	TMPX, %xmm0, %xmm0
.endif
	vmovdqu		%xmm0, (OUT)
	addq		$16, IN
	addq		$16, OUT
	decq		NBLK
.endm

/* One HASH block: Sum ^= E(A_i ^ Offset_i). */
.macro HASH_ONE
	NEXT_OFFSET
	vmovdqa64	%xmm16, %xmm0
	vpternlogq	$0x96, (IN), OFFX, %xmm0
	MIDDLE_ROUNDS	aesenc, x, %xmm0
	vaesenclast	RKLASTX, %xmm0, %xmm0
	vpxor		%xmm0, CSUMX, CSUMX
	addq		$16, IN
	decq		NBLK
.endm

/*
 * The offsets of blocks i+1 .. i+16 (16 | i) in zmm4..7 (block i+j in
 * lane (j-1) % 4 of zmm4 + (j-1) / 4); OFFX = Offset_{i+16}; i += 16.
 */
.macro WIDE_OFFSETS
	vshufi64x2	$0, OFFZ, OFFZ, BOFF
	vpxorq		%zmm10, BOFF, %zmm4
	vpxorq		%zmm11, BOFF, %zmm5
	vpxorq		%zmm12, BOFF, %zmm6
	vpxorq		%zmm13, BOFF, %zmm7
	addq		$16, IDX
	bsfq		IDX, NTZ
	shlq		$4, NTZ
	vbroadcasti32x4	OCB_KEY_L(KEY, NTZ), TMPZ{%k1}{z}
	vpxorq		TMPZ, %zmm7, %zmm7
	vextracti32x4	$3, %zmm7, OFFX
.endm

/* CSUMX = the XOR of the four lanes of CSUMZ. */
.macro FOLD_CSUM
	vextracti64x4	$1, CSUMZ, %ymm1
	vpxorq		%ymm1, CSUMY, CSUMY
	vextracti32x4	$1, CSUMY, %xmm1
	vpxorq		%xmm1, CSUMX, CSUMX
.endm

/*
 * The input half of a short pass for one register: \data = its four blocks
 * (masked by \mask) ^ rk[0] ^ their offsets \off = Offset_i ^ \lsum, and
 * for \kind 0 (encryption) the checksum of the plaintext, for 0 and 1
 * \off ^= rk[nr] (the last round key).
 */
.macro PARTIAL_IN kind, j, data, off, lsum, mask
	vpxorq		\lsum, BOFF, \off
	vmovdqu64	(64 * \j)(IN), \data{\mask}{z}
.if \kind == 0
	vpxorq		\data, CSUMZ, CSUMZ
.endif
	vpternlogq	$0x96, %zmm16, \off, \data
.if \kind != 2
	vpxorq		RKLASTZ, \off, \off
.endif
.endm

/*
 * The output half: the last round, the masked store (not for HASH) and
 * the masked sum (the plaintext for decryption, the block for HASH).
 */
.macro PARTIAL_OUT kind, j, data, off, mask
.if \kind == 0
	vaesenclast	\off, \data, \data
	vmovdqu64	\data, (64 * \j)(OUT){\mask}
.elseif \kind == 1
	vaesdeclast	\off, \data, \data
	vmovdqu64	\data, (64 * \j)(OUT){\mask}
	vpxorq		\data, CSUMZ, CSUMZ{\mask}
.else
	vaesenclast	RKLASTZ, \data, \data
	vpxorq		\data, CSUMZ, CSUMZ{\mask}
.endif
.endm

/* MIDDLE_ROUNDS of \op on the first \nz of zmm0..zmm3. */
.macro PARTIAL_ROUNDS op, nz
.if \nz == 1
	MIDDLE_ROUNDS	\op, z, %zmm0
.elseif \nz == 2
	MIDDLE_ROUNDS	\op, z, %zmm0, %zmm1
.elseif \nz == 3
	MIDDLE_ROUNDS	\op, z, %zmm0, %zmm1, %zmm2
.else
	MIDDLE_ROUNDS	\op, z, %zmm0, %zmm1, %zmm2, %zmm3
.endif
.endm

/*
 * One short pass over \nz registers (zmm0.., four blocks each; offsets in
 * zmm4.., masks in k2..; see PARTIAL): \kind 0 encrypts, 1 decrypts, 2 is
 * HASH (no output; rk[nr] alone as the last round key).
 */
.macro PARTIAL_PASS kind, nz
	PARTIAL_IN	\kind, 0, %zmm0, %zmm4, %zmm10, %k2
.if \nz > 1
	PARTIAL_IN	\kind, 1, %zmm1, %zmm5, %zmm11, %k3
.endif
.if \nz > 2
	PARTIAL_IN	\kind, 2, %zmm2, %zmm6, %zmm12, %k4
.endif
.if \nz > 3
	PARTIAL_IN	\kind, 3, %zmm3, %zmm7, %zmm13, %k5
.endif
.if \kind == 1
	PARTIAL_ROUNDS	aesdec, \nz
.else
	PARTIAL_ROUNDS	aesenc, \nz
.endif
	PARTIAL_OUT	\kind, 0, %zmm0, %zmm4, %k2
.if \nz > 1
	PARTIAL_OUT	\kind, 1, %zmm1, %zmm5, %k3
.endif
.if \nz > 2
	PARTIAL_OUT	\kind, 2, %zmm2, %zmm6, %k4
.endif
.if \nz > 3
	PARTIAL_OUT	\kind, 3, %zmm3, %zmm7, %k5
.endif
.endm

/*
 * The last NBLK = n blocks, 1 <= n <= 15, when 16 | i: k2..k5 get the
 * quadword masks of blocks 1-4, 5-8, 9-12 and 13-16 ((1 << 2n) - 1, eight
 * bits each), one pass on ceil(n / 4) registers, then Offset_{i+n} =
 * Offset_i ^ S_n, i += n, NBLK = 0 and the sum folded into CSUMX.
 */
.macro PARTIAL kind
	/* r11 (RK) is free once SETUP has loaded the round keys */
	xorl		%r11d, %r11d
	leal		(NBLK, NBLK), %r10d
	btsl		%r10d, %r11d
	decl		%r11d
	kmovw		%r11d, %k2
	shrl		$8, %r11d
	kmovw		%r11d, %k3
	shrl		$8, %r11d
	kmovw		%r11d, %k4
	shrl		$8, %r11d
	kmovw		%r11d, %k5
	vshufi64x2	$0, OFFZ, OFFZ, BOFF
	cmpq		$4, NBLK
	jbe		.Lpartial1\@
	cmpq		$8, NBLK
	jbe		.Lpartial2\@
	cmpq		$12, NBLK
	jbe		.Lpartial3\@
	PARTIAL_PASS	\kind, 4
	jmp		.Lpartial_done\@
.Lpartial3\@:
	PARTIAL_PASS	\kind, 3
	jmp		.Lpartial_done\@
.Lpartial2\@:
	PARTIAL_PASS	\kind, 2
	jmp		.Lpartial_done\@
.Lpartial1\@:
	PARTIAL_PASS	\kind, 1
.Lpartial_done\@:
	movq		NBLK, NTZ
	shlq		$4, NTZ
	vpxor		(OCB_KEY_LSUM - 16)(KEY, NTZ), OFFX, OFFX
	addq		NBLK, IDX
	xorl		%r8d, %r8d
	FOLD_CSUM
.endm

/*
 * void kfast_ocb_{enc,dec}_vaes_avx512(const struct ocb_key *key,
 *					struct ocb_ctx *ctx, const u8 *in,
 *					u8 *out, size_t nblocks,
 *					unsigned int nrounds);
 * As kfast_ocb_{enc,dec}_aesni(): nblocks >= 1 whole blocks, in == out
 * allowed; ctx->offset, ctx->checksum and ctx->nblocks updated.
 */
.macro OCB_TEXT dec
.if \dec
	SETUP		OCB_KEY_RK_DEC
.else
	SETUP		OCB_KEY_RK_ENC
.endif
	movq		OCB_CTX_NBLOCKS(CTX), IDX
	vmovdqu		OCB_CTX_OFFSET(CTX), OFFX
	vmovdqu		OCB_CTX_CHECKSUM(CTX), CSUMX
.Ltext_head\@:
	/* One at a time up to the first multiple of 16. */
	testq		NBLK, NBLK
	jz		.Ltext_done\@
	testq		$15, IDX
	jz		.Ltext_wide_check\@
	TEXT_ONE	\dec
	jmp		.Ltext_head\@
.Ltext_wide_check\@:
	cmpq		$16, NBLK
	jb		.Ltext_tail\@
.Ltext_wide\@:
	WIDE_OFFSETS
	vmovdqu64	0(IN), %zmm0
	vmovdqu64	64(IN), %zmm1
	vmovdqu64	128(IN), %zmm2
	vmovdqu64	192(IN), %zmm3
.if !\dec
	vpternlogq	$0x96, %zmm0, %zmm1, CSUMZ
	vpternlogq	$0x96, %zmm2, %zmm3, CSUMZ
.endif
	vpternlogq	$0x96, %zmm16, %zmm4, %zmm0
	vpternlogq	$0x96, %zmm16, %zmm5, %zmm1
	vpternlogq	$0x96, %zmm16, %zmm6, %zmm2
	vpternlogq	$0x96, %zmm16, %zmm7, %zmm3
	vpxorq		RKLASTZ, %zmm4, %zmm4
	vpxorq		RKLASTZ, %zmm5, %zmm5
	vpxorq		RKLASTZ, %zmm6, %zmm6
	vpxorq		RKLASTZ, %zmm7, %zmm7
.if \dec
	MIDDLE_ROUNDS	aesdec, z, %zmm0, %zmm1, %zmm2, %zmm3
	vaesdeclast	%zmm4, %zmm0, %zmm0
	vaesdeclast	%zmm5, %zmm1, %zmm1
	vaesdeclast	%zmm6, %zmm2, %zmm2
	vaesdeclast	%zmm7, %zmm3, %zmm3
	vpternlogq	$0x96, %zmm0, %zmm1, CSUMZ
	vpternlogq	$0x96, %zmm2, %zmm3, CSUMZ
.else
	MIDDLE_ROUNDS	aesenc, z, %zmm0, %zmm1, %zmm2, %zmm3
	vaesenclast	%zmm4, %zmm0, %zmm0
	vaesenclast	%zmm5, %zmm1, %zmm1
	vaesenclast	%zmm6, %zmm2, %zmm2
	vaesenclast	%zmm7, %zmm3, %zmm3
.endif
	vmovdqu64	%zmm0, 0(OUT)
	vmovdqu64	%zmm1, 64(OUT)
	vmovdqu64	%zmm2, 128(OUT)
	vmovdqu64	%zmm3, 192(OUT)
	addq		$256, IN
	addq		$256, OUT
	subq		$16, NBLK
	cmpq		$16, NBLK
	jae		.Ltext_wide\@
	FOLD_CSUM
.Ltext_tail\@:
	testq		NBLK, NBLK
	jz		.Ltext_done\@
	PARTIAL		\dec
.Ltext_done\@:
	movq		IDX, OCB_CTX_NBLOCKS(CTX)
	vmovdqu		OFFX, OCB_CTX_OFFSET(CTX)
	vmovdqu		CSUMX, OCB_CTX_CHECKSUM(CTX)
	vzeroupper
	RET
.endm

SYM_FUNC_START(kfast_ocb_enc_vaes_avx512)
	OCB_TEXT	0
SYM_FUNC_END(kfast_ocb_enc_vaes_avx512)

SYM_FUNC_START(kfast_ocb_dec_vaes_avx512)
	OCB_TEXT	1
SYM_FUNC_END(kfast_ocb_dec_vaes_avx512)

/*
 * void kfast_ocb_hash_vaes_avx512(const struct ocb_key *key,
 *				   struct ocb_ctx *ctx, const u8 *aad,
 *				   void *unused, size_t nblocks,
 *				   unsigned int nrounds);
 * As kfast_ocb_hash_aesni().
 */
SYM_FUNC_START(kfast_ocb_hash_vaes_avx512)
	SETUP		OCB_KEY_RK_ENC
	movq		OCB_CTX_AAD_NBLOCKS(CTX), IDX
	vmovdqu		OCB_CTX_AAD_OFFSET(CTX), OFFX
	vmovdqu		OCB_CTX_AAD_SUM(CTX), CSUMX
.Lhash_head:
	testq		NBLK, NBLK
	jz		.Lhash_done
	testq		$15, IDX
	jz		.Lhash_wide_check
	HASH_ONE
	jmp		.Lhash_head
.Lhash_wide_check:
	cmpq		$16, NBLK
	jb		.Lhash_tail
.Lhash_wide:
	WIDE_OFFSETS
	vmovdqu64	0(IN), %zmm0
	vmovdqu64	64(IN), %zmm1
	vmovdqu64	128(IN), %zmm2
	vmovdqu64	192(IN), %zmm3
	vpternlogq	$0x96, %zmm16, %zmm4, %zmm0
	vpternlogq	$0x96, %zmm16, %zmm5, %zmm1
	vpternlogq	$0x96, %zmm16, %zmm6, %zmm2
	vpternlogq	$0x96, %zmm16, %zmm7, %zmm3
	MIDDLE_ROUNDS	aesenc, z, %zmm0, %zmm1, %zmm2, %zmm3
	vaesenclast	RKLASTZ, %zmm0, %zmm0
	vaesenclast	RKLASTZ, %zmm1, %zmm1
	vaesenclast	RKLASTZ, %zmm2, %zmm2
	vaesenclast	RKLASTZ, %zmm3, %zmm3
	vpternlogq	$0x96, %zmm0, %zmm1, CSUMZ
	vpternlogq	$0x96, %zmm2, %zmm3, CSUMZ
	addq		$256, IN
	subq		$16, NBLK
	cmpq		$16, NBLK
	jae		.Lhash_wide
	FOLD_CSUM
.Lhash_tail:
	testq		NBLK, NBLK
	jz		.Lhash_done
	PARTIAL		2
.Lhash_done:
	movq		IDX, OCB_CTX_AAD_NBLOCKS(CTX)
	vmovdqu		OFFX, OCB_CTX_AAD_OFFSET(CTX)
	vmovdqu		CSUMX, OCB_CTX_AAD_SUM(CTX)
	vzeroupper
	RET
SYM_FUNC_END(kfast_ocb_hash_vaes_avx512)

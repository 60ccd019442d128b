/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-OCB (RFC 7253) for x86-64: the VAES + AVX2 tier (ymm, 8 blocks in
 * flight, two per register).
 *
 * CPU-feature contract: VAES and AVX2 (VEX-encoded VAESENC/VAESDEC on ymm;
 * AES-NI's xmm forms for single blocks), with the OS saving the ymm state.
 * The caller owns the vector state and passes a struct ocb_key and struct
 * ocb_ctx laid out as arch/x86/ocb-offsets.h says (asserted in
 * arch/x86/ocb-hooks.h).  No callee-saved register and no stack is used.
 * Every function ends with VZEROUPPER.  The tier probe also runs
 * kfast_ocb_vaes_ymm_ok() (below): an emulator whose VAES on ymm is wrong
 * does not get this tier.
 *
 * The maths is that of arch/x86/ocb-aesni.S, groups of 8 included: when i
 * is a multiple of 8, Offset_{i+j} = Offset_i ^ S_j (key->arch.lsum) for
 * j < 8 and Offset_{i+8} = Offset_i ^ S_7 ^ L_{ntz(i+8)}.  The group works
 * on Offset ^ rk[0] (T) with the blocks in ymm0..3 and their T in
 * ymm4..7 (block i+1+2k+l in lane l of ymm(k)), which the last round takes
 * XORed with rk[0] ^ rk[nr]; with ymm registers there is room to keep them,
 * so no stack frame.  The checksum (or Sum) has two lanes in the wide
 * loop, folded before the single blocks after it (a 128-bit VEX operation
 * clears the upper lane).
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

#define OFF	%xmm8		/* Offset_i */
#define CSUMX	%xmm9		/* Checksum or Sum */
#define CSUMY	%ymm9		/* two lanes of it in the wide loop */
#define RKT	%ymm10		/* round key of the round being done */
#define TMPX	%xmm11
#define TMPY	%ymm11
#define RKDY	%ymm12		/* rk[0] ^ rk[nr], both lanes */
#define RK0	%xmm13		/* rk[0] */
#define T8X	%xmm14		/* Offset_i ^ rk[0] at a group's start */
#define T8Y	%ymm14
#define RKLASTX	%xmm15		/* rk[nr] (both lanes in RKLASTY) */
#define RKLASTY	%ymm15

/* RK = \which's round keys; RK0, RKLAST (both lanes), RKDY. */
.macro SETUP which
	leaq		\which(KEY), RK
	vmovdqu		(RK), RK0
	movl		NR, %r10d
	shll		$4, %r10d
	vbroadcasti128	(RK, NTZ), RKLASTY
	vinserti128	$1, RK0, %ymm13, RKDY
	vpxor		RKLASTY, RKDY, RKDY
.endm

/* i += 1; OFF = Offset_i = Offset_{i-1} ^ L_{ntz(i)}. */
.macro NEXT_OFFSET
	incq		IDX
	bsfq		IDX, NTZ
	shlq		$4, NTZ
	vpxor		OCB_KEY_L(KEY, NTZ), OFF, OFF
.endm

/* Rounds 1 .. nr-1 of \op on ymm blocks, each round key broadcast once. */
.macro MIDDLE_ROUNDS_Y op, blocks:vararg
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	vbroadcasti128	(16 * \r)(RK), RKT
	.irp blk, \blocks
	v\op		RKT, \blk, \blk
	.endr
	.endr
	cmpl		$10, NR
	je		.Lmiddle_done\@
	.irp r, 10, 11
	vbroadcasti128	(16 * \r)(RK), RKT
	.irp blk, \blocks
	v\op		RKT, \blk, \blk
	.endr
	.endr
	cmpl		$12, NR
	je		.Lmiddle_done\@
	.irp r, 12, 13
	vbroadcasti128	(16 * \r)(RK), RKT
	.irp blk, \blocks
	v\op		RKT, \blk, \blk
	.endr
	.endr
.Lmiddle_done\@:
.endm

/* The same on one xmm block, the round keys straight from memory. */
.macro MIDDLE_ROUNDS_X op, blk
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	v\op		(16 * \r)(RK), \blk, \blk
	.endr
	cmpl		$10, NR
	je		.Lmiddle_done\@
	.irp r, 10, 11
	v\op		(16 * \r)(RK), \blk, \blk
	.endr
	cmpl		$12, NR
	je		.Lmiddle_done\@
	.irp r, 12, 13
	v\op		(16 * \r)(RK), \blk, \blk
	.endr
.Lmiddle_done\@:
.endm

/*
 * T for the 8 blocks of a group at a multiple of 8 in ymm4..7; OFF =
 * Offset_{i+8}, i += 8.
 */
.macro GROUP_OFFSETS
	vpxor		OFF, RK0, T8X
	vinserti128	$1, T8X, T8Y, T8Y
	vpxor		(OCB_KEY_LSUM + 0)(KEY), T8Y, %ymm4
	vpxor		(OCB_KEY_LSUM + 32)(KEY), T8Y, %ymm5
	vpxor		(OCB_KEY_LSUM + 64)(KEY), T8Y, %ymm6
	vpxor		(OCB_KEY_LSUM + 96)(KEY), T8X, %xmm7
	addq		$8, IDX
	bsfq		IDX, NTZ
	shlq		$4, NTZ
	vpxor		(OCB_KEY_LSUM + 96)(KEY), OFF, OFF
	vpxor		OCB_KEY_L(KEY, NTZ), OFF, OFF
	vpxor		OFF, RK0, TMPX
	vinserti128	$1, TMPX, %ymm7, %ymm7
.endm

/* One text block on xmm0, its offset from the running one. */
.macro TEXT_ONE dec
	NEXT_OFFSET
	vpxor		OFF, RK0, TMPX
	vpxor		(IN), TMPX, %xmm0
.if \dec
	MIDDLE_ROUNDS_X	aesdec, %xmm0
	vpxor		OFF, RKLASTX, TMPX
	vaesdeclast	TMPX, %xmm0, %xmm0
	vpxor		%xmm0, CSUMX, CSUMX
.else
	vpxor		(IN), CSUMX, CSUMX
	MIDDLE_ROUNDS_X	aesenc, %xmm0
	vpxor		OFF, RKLASTX, TMPX
	vaesenclast	TMPX, %xmm0, %xmm0
.endif
	vmovdqu		%xmm0, (OUT)
	addq		$16, IN
	addq		$16, OUT
	decq		NBLK
.endm

/* One HASH block on xmm0: Sum ^= E(A_i ^ Offset'_i). */
.macro HASH_ONE
	NEXT_OFFSET
	vpxor		OFF, RK0, TMPX
	vpxor		(IN), TMPX, %xmm0
	MIDDLE_ROUNDS_X	aesenc, %xmm0
	vaesenclast	RKLASTX, %xmm0, %xmm0
	vpxor		%xmm0, CSUMX, CSUMX
	addq		$16, IN
	decq		NBLK
.endm

/* CSUMX ^= the upper lane of CSUMY (and that lane cleared). */
.macro FOLD_CSUM
	vextracti128	$1, CSUMY, TMPX
	vpxor		TMPX, CSUMX, CSUMX
.endm

/*
 * void kfast_ocb_{enc,dec}_vaes_avx2(const struct ocb_key *key,
 *				      struct ocb_ctx *ctx, const u8 *in,
 *				      u8 *out, size_t nblocks,
 *				      unsigned int nrounds);
 * As kfast_ocb_{enc,dec}_aesni().
 */
.macro OCB_TEXT dec
.if \dec
	SETUP		OCB_KEY_RK_DEC
.else
	SETUP		OCB_KEY_RK_ENC
.endif
	movq		OCB_CTX_NBLOCKS(CTX), IDX
	vmovdqu		OCB_CTX_OFFSET(CTX), OFF
	vmovdqu		OCB_CTX_CHECKSUM(CTX), CSUMX
.Ltext_head\@:
	testq		NBLK, NBLK
	jz		.Ltext_done\@
	testq		$7, IDX
	jz		.Ltext_wide_check\@
	TEXT_ONE	\dec
	jmp		.Ltext_head\@
.Ltext_wide_check\@:
	cmpq		$8, NBLK
	jb		.Ltext_tail\@
.Ltext_wide\@:
	GROUP_OFFSETS
	vmovdqu		0(IN), %ymm0
	vmovdqu		32(IN), %ymm1
	vmovdqu		64(IN), %ymm2
	vmovdqu		96(IN), %ymm3
.if !\dec
	vpxor		%ymm0, CSUMY, CSUMY
	vpxor		%ymm1, CSUMY, CSUMY
	vpxor		%ymm2, CSUMY, CSUMY
	vpxor		%ymm3, CSUMY, CSUMY
.endif
	vpxor		%ymm4, %ymm0, %ymm0
	vpxor		%ymm5, %ymm1, %ymm1
	vpxor		%ymm6, %ymm2, %ymm2
	vpxor		%ymm7, %ymm3, %ymm3
	vpxor		RKDY, %ymm4, %ymm4
	vpxor		RKDY, %ymm5, %ymm5
	vpxor		RKDY, %ymm6, %ymm6
	vpxor		RKDY, %ymm7, %ymm7
.if \dec
	MIDDLE_ROUNDS_Y	aesdec, %ymm0, %ymm1, %ymm2, %ymm3
	vaesdeclast	%ymm4, %ymm0, %ymm0
	vaesdeclast	%ymm5, %ymm1, %ymm1
	vaesdeclast	%ymm6, %ymm2, %ymm2
	vaesdeclast	%ymm7, %ymm3, %ymm3
	vpxor		%ymm0, CSUMY, CSUMY
	vpxor		%ymm1, CSUMY, CSUMY
	vpxor		%ymm2, CSUMY, CSUMY
	vpxor		%ymm3, CSUMY, CSUMY
.else
	MIDDLE_ROUNDS_Y	aesenc, %ymm0, %ymm1, %ymm2, %ymm3
	vaesenclast	%ymm4, %ymm0, %ymm0
	vaesenclast	%ymm5, %ymm1, %ymm1
	vaesenclast	%ymm6, %ymm2, %ymm2
	vaesenclast	%ymm7, %ymm3, %ymm3
.endif
	vmovdqu		%ymm0, 0(OUT)
	vmovdqu		%ymm1, 32(OUT)
	vmovdqu		%ymm2, 64(OUT)
	vmovdqu		%ymm3, 96(OUT)
	addq		$128, IN
	addq		$128, OUT
	subq		$8, NBLK
	cmpq		$8, NBLK
	jae		.Ltext_wide\@
	FOLD_CSUM
.Ltext_tail\@:
	testq		NBLK, NBLK
	jz		.Ltext_done\@
	TEXT_ONE	\dec
	jmp		.Ltext_tail\@
.Ltext_done\@:
	movq		IDX, OCB_CTX_NBLOCKS(CTX)
	vmovdqu		OFF, OCB_CTX_OFFSET(CTX)
	vmovdqu		CSUMX, OCB_CTX_CHECKSUM(CTX)
	vzeroupper
	RET
.endm

SYM_FUNC_START(kfast_ocb_enc_vaes_avx2)
	OCB_TEXT	0
SYM_FUNC_END(kfast_ocb_enc_vaes_avx2)

SYM_FUNC_START(kfast_ocb_dec_vaes_avx2)
	OCB_TEXT	1
SYM_FUNC_END(kfast_ocb_dec_vaes_avx2)

/*
 * void kfast_ocb_hash_vaes_avx2(const struct ocb_key *key,
 *				 struct ocb_ctx *ctx, const u8 *aad,
 *				 void *unused, size_t nblocks,
 *				 unsigned int nrounds);
 * As kfast_ocb_hash_aesni().
 */
SYM_FUNC_START(kfast_ocb_hash_vaes_avx2)
	SETUP		OCB_KEY_RK_ENC
	movq		OCB_CTX_AAD_NBLOCKS(CTX), IDX
	vmovdqu		OCB_CTX_AAD_OFFSET(CTX), OFF
	vmovdqu		OCB_CTX_AAD_SUM(CTX), CSUMX
.Lhash_head:
	testq		NBLK, NBLK
	jz		.Lhash_done
	testq		$7, IDX
	jz		.Lhash_wide_check
	HASH_ONE
	jmp		.Lhash_head
.Lhash_wide_check:
	cmpq		$8, NBLK
	jb		.Lhash_tail
.Lhash_wide:
	GROUP_OFFSETS
	vpxor		0(IN), %ymm4, %ymm0
	vpxor		32(IN), %ymm5, %ymm1
	vpxor		64(IN), %ymm6, %ymm2
	vpxor		96(IN), %ymm7, %ymm3
	MIDDLE_ROUNDS_Y	aesenc, %ymm0, %ymm1, %ymm2, %ymm3
	vaesenclast	RKLASTY, %ymm0, %ymm0
	vaesenclast	RKLASTY, %ymm1, %ymm1
	vaesenclast	RKLASTY, %ymm2, %ymm2
	vaesenclast	RKLASTY, %ymm3, %ymm3
	vpxor		%ymm1, %ymm0, %ymm0
	vpxor		%ymm3, %ymm2, %ymm2
	vpxor		%ymm2, %ymm0, %ymm0
	vpxor		%ymm0, CSUMY, CSUMY
	addq		$128, IN
	subq		$8, NBLK
	cmpq		$8, NBLK
	jae		.Lhash_wide
	FOLD_CSUM
.Lhash_tail:
	testq		NBLK, NBLK
	jz		.Lhash_done
	HASH_ONE
	jmp		.Lhash_tail
.Lhash_done:
	movq		IDX, OCB_CTX_AAD_NBLOCKS(CTX)
	vmovdqu		OFF, OCB_CTX_AAD_OFFSET(CTX)
	vmovdqu		CSUMX, OCB_CTX_AAD_SUM(CTX)
	vzeroupper
	RET
SYM_FUNC_END(kfast_ocb_hash_vaes_avx2)

.section .rodata
.p2align 5
/* Two different blocks and two different round keys (any values do). */
.Lprobe_in:
	.byte	0x01, 0x08, 0x0f, 0x16, 0x1d, 0x24, 0x2b, 0x32
	.byte	0x39, 0x40, 0x47, 0x4e, 0x55, 0x5c, 0x63, 0x6a
	.byte	0x71, 0x78, 0x7f, 0x86, 0x8d, 0x94, 0x9b, 0xa2
	.byte	0xa9, 0xb0, 0xb7, 0xbe, 0xc5, 0xcc, 0xd3, 0xda
.Lprobe_key:
	.byte	0x05, 0x12, 0x1f, 0x2c, 0x39, 0x46, 0x53, 0x60
	.byte	0x6d, 0x7a, 0x87, 0x94, 0xa1, 0xae, 0xbb, 0xc8
	.byte	0xd5, 0xe2, 0xef, 0xfc, 0x09, 0x16, 0x23, 0x30
	.byte	0x3d, 0x4a, 0x57, 0x64, 0x71, 0x7e, 0x8b, 0x98

.text
/*
 * bool kfast_ocb_vaes_ymm_ok(void);
 * Whether VAESENC and VAESDEC on ymm give, in each lane, what their xmm
 * forms give on that lane: QEMU 7.2's TCG computes the upper lane of
 * both wrongly (VAESENCLAST/VAESDECLAST are right), which would make this
 * tier wrong in such guests.  Called once by the tier probe.
 */
SYM_FUNC_START(kfast_ocb_vaes_ymm_ok)
	vmovdqu		.Lprobe_in(%rip), %ymm0
	vmovdqu		.Lprobe_key(%rip), %ymm1
	vaesenc		%ymm1, %ymm0, %ymm2
	vaesdec		%ymm1, %ymm0, %ymm3
	/* Lane 1 by the xmm forms. */
	vextracti128	$1, %ymm0, %xmm4
	vextracti128	$1, %ymm1, %xmm5
	vaesenc		%xmm5, %xmm4, %xmm6
	vaesdec		%xmm5, %xmm4, %xmm7
	vextracti128	$1, %ymm2, %xmm8
	vextracti128	$1, %ymm3, %xmm9
	vpxor		%xmm6, %xmm8, %xmm8
	vpxor		%xmm7, %xmm9, %xmm9
	vpor		%xmm9, %xmm8, %xmm8
	/* Lane 0 by the xmm forms. */
	vaesenc		%xmm1, %xmm0, %xmm6
	vaesdec		%xmm1, %xmm0, %xmm7
	vpxor		%xmm6, %xmm2, %xmm2
	vpxor		%xmm7, %xmm3, %xmm3
	vpor		%xmm3, %xmm2, %xmm2
	vpor		%xmm2, %xmm8, %xmm8
	xorl		%eax, %eax
	vptest		%xmm8, %xmm8
	sete		%al
	vzeroupper
	RET
SYM_FUNC_END(kfast_ocb_vaes_ymm_ok)

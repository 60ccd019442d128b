/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-OCB (RFC 7253) for x86-64: the AES-NI tier (xmm, 8 blocks in flight).
 *
 * CPU-feature contract: AES-NI and AVX (every instruction is VEX-encoded,
 * so memory operands may be unaligned and no legacy-SSE/AVX transition
 * arises); BSF is baseline x86-64.  The caller owns the vector state
 * (kernel_fpu_begin() or userspace) and passes a struct ocb_key and a
 * struct ocb_ctx whose field offsets are the OCB_KEY_* / OCB_CTX_* of
 * arch/x86/ocb-offsets.h (asserted in arch/x86/ocb-hooks.h).  No
 * callee-saved register is used; %rsp moves by a fixed 128 bytes in the
 * text functions (a leaf frame, no %rbp).
 *
 * The maths (RFC 7253 section 4, E = AES-Enc with the key, D = AES-Dec):
 *
 *  - Offsets.  Block i (counted from 1 over the whole message, the
 *    context's nblocks) has Offset_i = Offset_{i-1} ^ L_{ntz(i)}: the
 *    running offset lives in OFF, i in IDX, and ntz(i) is BSF of i (i is
 *    never 0), scaled by 16 to index the key's L table.  Offsets are
 *    bytes in RFC (big-endian) order, like the L table, so XOR works on
 *    them as loaded.
 *  - Groups of 8.  When i is a multiple of 8, blocks i+1 .. i+7 have
 *    ntz(i+j) = ntz(j), so Offset_{i+j} = Offset_i ^ S_j with S_j =
 *    L_{ntz(1)} ^ ... ^ L_{ntz(j)}, fixed per key (key->arch.lsum, shared
 *    with the zmm tier); Offset_{i+8} = Offset_i ^ S_7 ^ L_{ntz(i+8)} is
 *    the one BSF of a group.  A call that starts elsewhere (after a block
 *    that straddled two scatterlist entries) goes one block at a time up
 *    to the next multiple of 8, and the last 0..7 blocks do too.
 *  - Text.  C_i = Offset_i ^ E(P_i ^ Offset_i).  The AddRoundKey of round
 *    0 is merged into the offset: a group works on Offset_i ^ rk[0], which
 *    is XORed into P_i; and the second XOR into the last round:
 *    AESENCLAST ends with AddRoundKey, so AESENCLAST(x, (Offset_i ^ rk[0])
 *    ^ (rk[0] ^ rk[nr])) = E(..) ^ Offset_i.  The eight Offset_i ^ rk[0]
 *    of a group are kept in a 128-byte stack frame between the first and
 *    the last round (8 blocks, the offset, the checksum and the round keys
 *    kept in registers fill the 16 xmm registers), and wiped at the end.
 *    Decryption is the same with AESDEC on the Equivalent Inverse Cipher's
 *    round keys (kfast_aes_invert_rk_ct(): drk[0] = rk[nr], drk[nr] =
 *    rk[0]): P_i = Offset_i ^ D(C_i ^ Offset_i).  The checksum is the XOR
 *    of the plaintext blocks: the input when encrypting, the output when
 *    decrypting.
 *  - HASH.  Sum ^= E(A_i ^ Offset'_i) with the AAD's own offsets (the
 *    context's aad_offset and aad_nblocks); the eight results of a group
 *    are summed in a tree and added to Sum once.
 * Besides the bulk functions (whole blocks): the start of a message
 * (kfast_ocb_init_aesni(), Offset_0), the tag (kfast_ocb_tag_aesni()) and
 * single blocks (kfast_ocb_aes_block_aesni(), the pads of partial blocks),
 * which every x86 tier uses.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#include "ocb-offsets.h"
#include "aes-aesni.S.inc"		/* AESNI_ROUND_ALL, AESNI_ENCRYPT */

.text

/* Blocks in flight, and the stack frame holding their offsets. */
#define OCB_WIDTH	8
#define OCB_FRAME	(16 * OCB_WIDTH)

/*
 * Register names of all three bulk functions.  Arguments (System V):
 * key, ctx, in (plaintext, ciphertext or AAD), out, nblocks, nrounds.
 */
#define KEY	%rdi
#define CTX	%rsi
#define IN	%rdx
#define OUT	%rcx
#define NBLK	%r8
#define NR	%r9d
#define IDX	%rax		/* block index i */
#define NTZ	%r10		/* 16 * ntz(i) */
#define RK	%r11		/* round keys: forward or inverse */

#define OFF	%xmm8		/* Offset_i */
#define CSUM	%xmm9		/* Checksum (text) or Sum (HASH) */
#define RKT	%xmm10		/* round key of the round being done */
#define TMP	%xmm11
#define RKLAST	%xmm12		/* rk[nr] */
#define RK0	%xmm13		/* rk[0] */
#define T8	%xmm14		/* Offset_i ^ rk[0] at the start of a group of 8 */
#define RKD	%xmm15		/* rk[0] ^ rk[nr] */

/* The round keys at RK; RK0 = rk[0], RKLAST = rk[nr], RKD = their XOR. */
.macro LOAD_END_KEYS
	vmovdqu		(RK), RK0
	movl		NR, %r10d
	shll		$4, %r10d
	vmovdqu		(RK, NTZ), RKLAST
	vpxor		RK0, RKLAST, RKD
.endm

/*
 * Offset_{i+j+1} ^ rk[0] into TMP for block \j (0-based) of a group of 8
 * starting at a multiple of 8: T8 ^ S_{j+1} (key->arch.lsum) for j < 7;
 * for j = 7, Offset_{i+8} = Offset_i ^ S_7 ^ L_{ntz(i+8)} becomes the new
 * OFF (and i += 8).
 */
.macro GROUP_OFFSET j
.if \j < 7
	vpxor		(OCB_KEY_LSUM + 16 * \j)(KEY), T8, TMP
.else
	addq		$8, IDX
	bsfq		IDX, NTZ
	shlq		$4, NTZ
	vpxor		(OCB_KEY_LSUM + 16 * 6)(KEY), OFF, OFF
	vpxor		OCB_KEY_L(KEY, NTZ), OFF, OFF
	vpxor		OFF, RK0, TMP
.endif
.endm

/* i += 1; OFF = Offset_i = Offset_{i-1} ^ L_{ntz(i)}. */
.macro NEXT_OFFSET
	incq		IDX
	bsfq		IDX, NTZ
	shlq		$4, NTZ
	vpxor		OCB_KEY_L(KEY, NTZ), OFF, OFF
.endm

/*
 * Rounds 1 .. nr-1 of \op (aesenc or aesdec) on the blocks: nine, then two
 * more for AES-192 and four more for AES-256 (NR is 10, 12 or 14).
 */
.macro MIDDLE_ROUNDS op, blocks:vararg
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	AESNI_ROUND_ALL	vex, \op, \r, RK, RKT, \blocks
	.endr
	cmpl		$10, NR
	je		.Lmiddle_done\@
	.irp r, 10, 11
	AESNI_ROUND_ALL	vex, \op, \r, RK, RKT, \blocks
	.endr
	cmpl		$12, NR
	je		.Lmiddle_done\@
	.irp r, 12, 13
	AESNI_ROUND_ALL	vex, \op, \r, RK, RKT, \blocks
	.endr
.Lmiddle_done\@:
.endm

/*
 * Block \j of a group of 8 of the text: Offset_i ^ rk[0], saved at \j * 16
 * of the frame, and \blk = in ^ it; when encrypting, the plaintext into
 * the checksum.
 */
.macro TEXT_FIRST dec, j, blk
	GROUP_OFFSET	\j
	vmovdqu		TMP, (16 * \j)(%rsp)
	vpxor		(16 * \j)(IN), TMP, \blk
.if !\dec
	vpxor		(16 * \j)(IN), CSUM, CSUM
.endif
.endm

/*
 * The last round of block \j with (Offset_i ^ rk[0]) ^ (rk[0] ^ rk[nr]),
 * the output stored; when decrypting, the plaintext into the checksum.
 */
.macro TEXT_LAST dec, j, blk, op
	vpxor		(16 * \j)(%rsp), RKD, TMP
	v\op		TMP, \blk, \blk
	vmovdqu		\blk, (16 * \j)(OUT)
.if \dec
	vpxor		\blk, CSUM, CSUM
.endif
.endm

/* One block of the text on xmm0, its offset from the running one. */
.macro TEXT_ONE dec
	NEXT_OFFSET
	vpxor		OFF, RK0, TMP
	vpxor		(IN), TMP, %xmm0
.if \dec
	MIDDLE_ROUNDS	aesdec, %xmm0
	vpxor		OFF, RKLAST, TMP
	vaesdeclast	TMP, %xmm0, %xmm0
	vpxor		%xmm0, CSUM, CSUM
.else
	vpxor		(IN), CSUM, CSUM
	MIDDLE_ROUNDS	aesenc, %xmm0
	vpxor		OFF, RKLAST, TMP
	vaesenclast	TMP, %xmm0, %xmm0
.endif
	vmovdqu		%xmm0, (OUT)
	addq		$16, IN
	addq		$16, OUT
	decq		NBLK
.endm

/*
 * void kfast_ocb_{enc,dec}_aesni(const struct ocb_key *key,
 *				  struct ocb_ctx *ctx, const u8 *in, u8 *out,
 *				  size_t nblocks, unsigned int nrounds);
 * nblocks >= 1 whole blocks from in to out (in == out allowed); updates
 * ctx->offset, ctx->checksum and ctx->nblocks.
 */
.macro OCB_TEXT dec
.if \dec
	leaq		OCB_KEY_RK_DEC(KEY), RK
.else
	leaq		OCB_KEY_RK_ENC(KEY), RK
.endif
	subq		$OCB_FRAME, %rsp
	movq		OCB_CTX_NBLOCKS(CTX), IDX
	vmovdqu		OCB_CTX_OFFSET(CTX), OFF
	vmovdqu		OCB_CTX_CHECKSUM(CTX), CSUM
	LOAD_END_KEYS
.Ltext_head\@:
	/* One at a time up to a multiple of 8 (a call after a straddling block). */
	testq		NBLK, NBLK
	jz		.Ltext_done\@
	testq		$(OCB_WIDTH - 1), IDX
	jz		.Ltext_wide_check\@
	TEXT_ONE	\dec
	jmp		.Ltext_head\@
.Ltext_wide_check\@:
	cmpq		$OCB_WIDTH, NBLK
	jb		.Ltext_one\@
.Ltext_wide\@:
	vpxor		OFF, RK0, T8
	TEXT_FIRST	\dec, 0, %xmm0
	TEXT_FIRST	\dec, 1, %xmm1
	TEXT_FIRST	\dec, 2, %xmm2
	TEXT_FIRST	\dec, 3, %xmm3
	TEXT_FIRST	\dec, 4, %xmm4
	TEXT_FIRST	\dec, 5, %xmm5
	TEXT_FIRST	\dec, 6, %xmm6
	TEXT_FIRST	\dec, 7, %xmm7
.if \dec
	MIDDLE_ROUNDS	aesdec, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	TEXT_LAST	1, \j, %xmm\j, aesdeclast
	.endr
.else
	MIDDLE_ROUNDS	aesenc, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	TEXT_LAST	0, \j, %xmm\j, aesenclast
	.endr
.endif
	addq		$OCB_FRAME, IN
	addq		$OCB_FRAME, OUT
	subq		$OCB_WIDTH, NBLK
	cmpq		$OCB_WIDTH, NBLK
	jae		.Ltext_wide\@
.Ltext_one\@:
	/* The last 0..7 blocks one at a time (out of order, they overlap). */
	testq		NBLK, NBLK
	jz		.Ltext_done\@
	TEXT_ONE	\dec
	jmp		.Ltext_one\@
.Ltext_done\@:
	movq		IDX, OCB_CTX_NBLOCKS(CTX)
	vmovdqu		OFF, OCB_CTX_OFFSET(CTX)
	vmovdqu		CSUM, OCB_CTX_CHECKSUM(CTX)
	/* The offsets are secret: clear the frame. */
	vpxor		%xmm0, %xmm0, %xmm0
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu		%xmm0, (16 * \j)(%rsp)
	.endr
	addq		$OCB_FRAME, %rsp
	RET
.endm

SYM_FUNC_START(kfast_ocb_enc_aesni)
	OCB_TEXT	0
SYM_FUNC_END(kfast_ocb_enc_aesni)

SYM_FUNC_START(kfast_ocb_dec_aesni)
	OCB_TEXT	1
SYM_FUNC_END(kfast_ocb_dec_aesni)

/* Block \j of a HASH group of 8: \blk = A_i ^ Offset'_i ^ rk[0]. */
.macro HASH_FIRST j, blk
	GROUP_OFFSET	\j
	vpxor		(16 * \j)(IN), TMP, \blk
.endm

/* One HASH block on xmm0: Sum ^= E(A_i ^ Offset'_i). */
.macro HASH_ONE
	NEXT_OFFSET
	vpxor		OFF, RK0, TMP
	vpxor		(IN), TMP, %xmm0
	MIDDLE_ROUNDS	aesenc, %xmm0
	vaesenclast	RKLAST, %xmm0, %xmm0
	vpxor		%xmm0, CSUM, CSUM
	addq		$16, IN
	decq		NBLK
.endm

/*
 * void kfast_ocb_hash_aesni(const struct ocb_key *key, struct ocb_ctx *ctx,
 *			     const u8 *aad, void *unused, size_t nblocks,
 *			     unsigned int nrounds);
 * nblocks >= 1 whole AAD blocks into ctx->aad_sum (ctx->aad_offset,
 * ctx->aad_nblocks updated).  The fourth argument keeps the registers of
 * the text functions.
 */
SYM_FUNC_START(kfast_ocb_hash_aesni)
	leaq		OCB_KEY_RK_ENC(KEY), RK
	movq		OCB_CTX_AAD_NBLOCKS(CTX), IDX
	vmovdqu		OCB_CTX_AAD_OFFSET(CTX), OFF
	vmovdqu		OCB_CTX_AAD_SUM(CTX), CSUM
	LOAD_END_KEYS
.Lhash_head:
	testq		NBLK, NBLK
	jz		.Lhash_done
	testq		$(OCB_WIDTH - 1), IDX
	jz		.Lhash_wide_check
	HASH_ONE
	jmp		.Lhash_head
.Lhash_wide_check:
	cmpq		$OCB_WIDTH, NBLK
	jb		.Lhash_one
.Lhash_wide:
	vpxor		OFF, RK0, T8
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	HASH_FIRST	\j, %xmm\j
	.endr
	MIDDLE_ROUNDS	aesenc, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	vaesenclast	RKLAST, %xmm\j, %xmm\j
	.endr
	/* Sum ^= the eight results, as a tree. */
	vpxor		%xmm1, %xmm0, %xmm0
	vpxor		%xmm3, %xmm2, %xmm2
	vpxor		%xmm5, %xmm4, %xmm4
	vpxor		%xmm7, %xmm6, %xmm6
	vpxor		%xmm2, %xmm0, %xmm0
	vpxor		%xmm6, %xmm4, %xmm4
	vpxor		%xmm4, %xmm0, %xmm0
	vpxor		%xmm0, CSUM, CSUM
	addq		$OCB_FRAME, IN
	subq		$OCB_WIDTH, NBLK
	cmpq		$OCB_WIDTH, NBLK
	jae		.Lhash_wide
.Lhash_one:
	testq		NBLK, NBLK
	jz		.Lhash_done
	HASH_ONE
	jmp		.Lhash_one
.Lhash_done:
	movq		IDX, OCB_CTX_AAD_NBLOCKS(CTX)
	vmovdqu		OFF, OCB_CTX_AAD_OFFSET(CTX)
	vmovdqu		CSUM, OCB_CTX_AAD_SUM(CTX)
	RET
SYM_FUNC_END(kfast_ocb_hash_aesni)

/*
 * \blk = the nonce block num2str(TAGLEN mod 128, 7) || 0^24 || 1 || N with
 * its low 6 bits (bottom, into r9d) cleared, from the nonce at \nonce and
 * the tag length in bytes in ecx.  Clobbers eax, ecx.
 */
.macro NONCE_BLOCK nonce, blk
	/* Dword 0 of the block: TAGLEN (bits) mod 128 << 1 in byte 0, 1 in byte 3. */
	shll		$3, %ecx
	andl		$127, %ecx
	addl		%ecx, %ecx
	orl		$0x01000000, %ecx
	vmovd		%ecx, \blk
	vpinsrd		$1, (\nonce), \blk, \blk
	vpinsrd		$2, 4(\nonce), \blk, \blk
	/* Block byte 15 is the top byte of N's last dword: bottom, then cleared. */
	movl		8(\nonce), %eax
	movl		%eax, %r9d
	andl		$0xc0ffffff, %eax
	vpinsrd		$3, %eax, \blk, \blk
	shrl		$24, %r9d
	andl		$63, %r9d
.endm

/*
 * \blk = Offset_0 from \blk = Ktop and r9d = bottom: Stretch = Ktop ||
 * (Ktop[1..64] ^ Ktop[9..72]) as three big-endian words s0 s1 s2 in GPRs,
 * and Offset_0 = (s0 s1 s2) << bottom, top 128 bits (SHLD by bottom, which
 * is 0..63).  Clobbers rax, rcx, rdx, r10, all four cleared.
 */
.macro OFFSET0 blk
	vmovq		\blk, %rax
	vpextrq		$1, \blk, %rdx
	bswapq		%rax			/* s0 */
	bswapq		%rdx			/* s1 */
	movq		%rax, %r10
	shldq		$8, %rdx, %r10
	xorq		%rax, %r10		/* s2 = s0 ^ (s0 << 8 | s1 >> 56) */
	movl		%r9d, %ecx
	shldq		%cl, %rdx, %rax		/* s0 << bottom | s1 >> (64 - bottom) */
	shldq		%cl, %r10, %rdx		/* s1 << bottom | s2 >> (64 - bottom) */
	bswapq		%rax
	bswapq		%rdx
	vmovq		%rax, \blk
	vpinsrq		$1, %rdx, \blk, \blk
	xorl		%eax, %eax
	xorl		%ecx, %ecx
	xorl		%edx, %edx
	xorl		%r10d, %r10d
.endm

/*
 * void kfast_ocb_init_aesni(const struct ocb_key *key, struct ocb_ctx *ctx,
 *			     const u8 nonce[12], unsigned int taglen,
 *			     unsigned int nrounds);
 * The start of a message (RFC 7253 section 4.2) in registers: the nonce
 * block num2str(TAGLEN mod 128, 7) || 0^24 || 1 || N with its low 6 bits
 * (bottom) cleared, Ktop = E(it), Stretch = Ktop || (Ktop[1..64] ^
 * Ktop[9..72]) as three big-endian words s0 s1 s2 in GPRs, and Offset_0 =
 * (s0 s1 s2) << bottom, top 128 bits (SHLD by bottom, which is 0..63).
 * Stores ctx->offset and zeroes ctx->checksum, aad_offset and aad_sum, all
 * as 16-byte stores, which the bulk functions' 16-byte loads can forward
 * from.  The nonce is read as three dwords (a caller's 8 + 4 byte stores
 * forward to those; a 16-byte load over them would not).
 */
SYM_FUNC_START(kfast_ocb_init_aesni)
	NONCE_BLOCK	%rdx, %xmm0
	leaq		OCB_KEY_RK_ENC(%rdi), %r10
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm1, %xmm0
	OFFSET0		%xmm0
	vmovdqu		%xmm0, OCB_CTX_OFFSET(%rsi)
	vpxor		%xmm0, %xmm0, %xmm0
	vmovdqu		%xmm0, OCB_CTX_CHECKSUM(%rsi)
	vmovdqu		%xmm0, OCB_CTX_AAD_OFFSET(%rsi)
	vmovdqu		%xmm0, OCB_CTX_AAD_SUM(%rsi)
	RET
SYM_FUNC_END(kfast_ocb_init_aesni)

/*
 * void kfast_ocb_tag_aesni(const struct ocb_key *key,
 *			    const struct ocb_ctx *ctx, u8 tag[16],
 *			    unsigned int nrounds);
 * Tag = E(Checksum ^ Offset ^ L_$) ^ Sum, from the context as the bulk
 * functions (and ocb/ocb.c for partial blocks) left it; all 16 bytes.
 */
SYM_FUNC_START(kfast_ocb_tag_aesni)
	vmovdqu		OCB_CTX_CHECKSUM(%rsi), %xmm0
	vpxor		OCB_CTX_OFFSET(%rsi), %xmm0, %xmm0
	vpxor		OCB_KEY_L_DOLLAR(%rdi), %xmm0, %xmm0
	leaq		OCB_KEY_RK_ENC(%rdi), %r8
	AESNI_ENCRYPT	vex, %r8, %ecx, %xmm1, %xmm0
	vpxor		OCB_CTX_AAD_SUM(%rsi), %xmm0, %xmm0
	vmovdqu		%xmm0, (%rdx)
	RET
SYM_FUNC_END(kfast_ocb_tag_aesni)

/*
 * void kfast_ocb_aes_block_aesni(const u8 rk[][16], u8 out[16],
 *				  const u8 in[16], unsigned int nrounds);
 * One forward block (Ktop, the pad of a partial block, the tag).
 */
SYM_FUNC_START(kfast_ocb_aes_block_aesni)
	vmovdqu		(%rdx), %xmm0
	AESNI_ENCRYPT	vex, %rdi, %ecx, %xmm1, %xmm0
	vmovdqu		%xmm0, (%rsi)
	RET
SYM_FUNC_END(kfast_ocb_aes_block_aesni)

/* ---- Short seal and open: a whole message in one call ------------------- */

/*
 * void kfast_ocb_{seal,open}_short_aesni(const struct ocb_key *key,
 *		u8 buf[9][16], const u8 nonce[12], unsigned int taglen,
 *		unsigned int nrounds, unsigned long lens);
 * A whole message of at most four blocks of text and four of AAD, with no
 * context: lens = len | aadlen << 8.  buf[0..3] hold the text (the
 * plaintext, its partial block padded 1 0*, or the ciphertext, zero-padded)
 * and receive the ciphertext or plaintext; buf[4..7] the AAD blocks already
 * XORed with HASH's offsets (the C's work: they do not depend on the
 * nonce); buf[8] receives the whole tag (an open's caller compares it).
 *
 * Everything left depends on Offset_0, so it is one chain, as short as
 * RFC 7253 allows: Ktop's AES beside the AAD's blocks -> Offset_0 -> the
 * text's blocks, the pad and the tag's block in one batch (the seal: the
 * checksum is of the plaintext, known from the start), or the text's
 * blocks and the pad, then the tag's (the open: the checksum is of the
 * plaintext it makes).  Offset_i = Offset_0 ^ S_i (key->arch.lsum), and a
 * partial block's Offset_* = Offset_0 ^ S_m ^ L_*: no ntz.  One instance
 * of the text's code per count of whole blocks and partial block, so that
 * only the blocks there are go through AES (the counts are public).
 */

.section .rodata
.p2align 4
/* From byte 16 - r: r bytes 0xff, then zeros (a partial block's mask) ... */
.Lshort_mask:	.octa -1, 0
/* ... and from byte 16 - r: 0x80 in byte r (the checksum's padding). */
.Lshort_one:	.octa 0, 0x80
.text

#define SB_AAD		(4 * 16)
#define SB_TAG		(8 * 16)

/*
 * The start, after NONCE_BLOCK (xmm0, r9d = bottom): Ktop and the AAD's
 * \na blocks (buf[4..]) in one batch, then xmm14 = Offset_0, xmm15 = Sum.
 * Uses rax, rcx, rdx, r10 (rk_enc after), xmm0-xmm5.
 */
.macro SHORT_KTOP na
	.irp b, 1, 2, 3, 4
	.if \b <= \na
	vmovdqu		(SB_AAD + 16 * (\b - 1))(%rsi), %xmm\b
	.endif
	.endr
	.if \na == 0
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, %xmm0
	vpxor		%xmm15, %xmm15, %xmm15
	.elseif \na == 1
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, %xmm0, %xmm1
	vmovdqa		%xmm1, %xmm15
	.elseif \na == 2
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, %xmm0, %xmm1, %xmm2
	vpxor		%xmm2, %xmm1, %xmm15
	.elseif \na == 3
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, %xmm0, %xmm1, %xmm2, %xmm3
	vpxor		%xmm2, %xmm1, %xmm1
	vpxor		%xmm3, %xmm1, %xmm15
	.else
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4
	vpxor		%xmm2, %xmm1, %xmm1
	vpxor		%xmm4, %xmm3, %xmm3
	vpxor		%xmm3, %xmm1, %xmm15
	.endif
.endm

/*
 * The start of both functions: save lens to r11, the nonce block, the
 * batch of SHORT_KTOP for the AAD's block count, Offset_0; r10 = rk_enc.
 */
.macro SHORT_START
	movq		%r9, %r11
	NONCE_BLOCK	%rdx, %xmm0
	leaq		OCB_KEY_RK_ENC(%rdi), %r10
	movq		%r11, %rax
	shrq		$8, %rax
	addq		$15, %rax
	shrq		$4, %rax			/* AAD blocks */
	cmpq		$2, %rax
	jb		.Lktop01\@
	je		.Lktop2\@
	cmpq		$3, %rax
	je		.Lktop3\@
	SHORT_KTOP	4
	jmp		.Lktop_done\@
.Lktop3\@:
	SHORT_KTOP	3
	jmp		.Lktop_done\@
.Lktop2\@:
	SHORT_KTOP	2
	jmp		.Lktop_done\@
.Lktop01\@:
	testq		%rax, %rax
	jz		.Lktop0\@
	SHORT_KTOP	1
	jmp		.Lktop_done\@
.Lktop0\@:
	SHORT_KTOP	0
.Lktop_done\@:
	OFFSET0		%xmm0
	vmovdqa		%xmm0, %xmm14
	leaq		OCB_KEY_RK_ENC(%rdi), %r10
.endm

/* \w = Offset_* = Offset_0 ^ S_\f ^ L_* (a partial block after \f whole ones). */
.macro OFFSET_STAR f, w
	.if \f
	vpxor		(OCB_KEY_LSUM + 16 * (\f - 1))(%rdi), %xmm14, \w
	vpxor		OCB_KEY_L_STAR(%rdi), \w, \w
	.else
	vpxor		OCB_KEY_L_STAR(%rdi), %xmm14, \w
	.endif
.endm

/* \mac i, xmm(6 + i) for each of the \f whole blocks i (xmm6..xmm9: their offsets). */
.macro EACH_WHOLE mac, f
	.if \f > 0
	\mac		0, %xmm6
	.endif
	.if \f > 1
	\mac		1, %xmm7
	.endif
	.if \f > 2
	\mac		2, %xmm8
	.endif
	.if \f > 3
	\mac		3, %xmm9
	.endif
.endm

/* Whole block \i: \w = Offset_{i+1}, xmm\i = P ^ it, P into the checksum. */
.macro SEAL_IN i, w
	vmovdqu		(16 * \i)(%rsi), %xmm\i
	vpxor		(OCB_KEY_LSUM + 16 * \i)(%rdi), %xmm14, \w
	vpxor		%xmm\i, %xmm10, %xmm10
	vpxor		\w, %xmm\i, %xmm\i
.endm

/* C_i = E(..) ^ Offset_{i+1}, stored. */
.macro SEAL_OUT i, w
	vpxor		\w, %xmm\i, %xmm\i
	vmovdqu		%xmm\i, (16 * \i)(%rsi)
.endm

/*
 * The seal's text of \f whole blocks and \p (0/1) partial one: their
 * offsets in xmm6.. (\wpad the partial one's), the tag's block (Checksum
 * ^ \wlast, the last offset, ^ L_$) in \tag, all \blocks through AES at
 * once, the outputs stored.
 */
.macro SEAL_TEXT f, p, wpad, wlast, tag, blocks:vararg
	vpxor		%xmm10, %xmm10, %xmm10		/* Checksum */
	EACH_WHOLE	SEAL_IN, \f
	.if \p
	vpxor		(16 * \f)(%rsi), %xmm10, %xmm10	/* P_* || 1 0* */
	OFFSET_STAR	\f, \wpad
	vmovdqa		\wpad, %xmm\f			/* Pad = E(Offset_*) */
	.endif
	vpxor		\wlast, %xmm10, \tag
	vpxor		OCB_KEY_L_DOLLAR(%rdi), \tag, \tag
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, \blocks
	EACH_WHOLE	SEAL_OUT, \f
	.if \p
	vpxor		(16 * \f)(%rsi), %xmm\f, %xmm\f	/* C_* (bytes past it: junk) */
	vmovdqu		%xmm\f, (16 * \f)(%rsi)
	.endif
	vpxor		%xmm15, \tag, \tag
	vmovdqu		\tag, SB_TAG(%rsi)
.endm

/* Whole block \i: \w = Offset_{i+1}, xmm\i = C ^ it. */
.macro OPEN_IN i, w
	vpxor		(OCB_KEY_LSUM + 16 * \i)(%rdi), %xmm14, \w
	vpxor		(16 * \i)(%rsi), \w, %xmm\i
.endm

/* P_i = D(..) ^ Offset_{i+1}, stored and added to the checksum. */
.macro OPEN_OUT i, w
	vpxor		\w, %xmm\i, %xmm\i
	vmovdqu		%xmm\i, (16 * \i)(%rsi)
	vpxor		%xmm\i, %xmm10, %xmm10
.endm

/*
 * The open's text: \f whole blocks decrypted beside the pad of \p partial
 * one, the plaintext stored and summed, then the tag's block (\tag and
 * \blocks, SEAL_TEXT's, are not used).  rcx = the partial block's length.
 */
.macro OPEN_TEXT f, p, wpad, wlast, tag, blocks:vararg
	EACH_WHOLE	OPEN_IN, \f
	.if \p
	OFFSET_STAR	\f, \wpad
	vmovdqa		\wpad, %xmm\f
	.endif
	leaq		OCB_KEY_RK_DEC(%rdi), %rax
	.if \f == 1
	AESNI_DECRYPT	vex, %rax, %r8d, %xmm5, %xmm0
	.elseif \f == 2
	AESNI_DECRYPT	vex, %rax, %r8d, %xmm5, %xmm0, %xmm1
	.elseif \f == 3
	AESNI_DECRYPT	vex, %rax, %r8d, %xmm5, %xmm0, %xmm1, %xmm2
	.elseif \f == 4
	AESNI_DECRYPT	vex, %rax, %r8d, %xmm5, %xmm0, %xmm1, %xmm2, %xmm3
	.endif
	.if \p
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm12, %xmm\f	/* Pad */
	.endif
	vpxor		%xmm10, %xmm10, %xmm10		/* Checksum */
	EACH_WHOLE	OPEN_OUT, \f
	.if \p
	/* P_* = (C_* ^ Pad) on its bytes; the checksum takes P_* || 1 0*. */
	negq		%rcx
	leaq		(.Lshort_mask + 16)(%rip), %rax
	vpxor		(16 * \f)(%rsi), %xmm\f, %xmm\f
	vpand		(%rax, %rcx), %xmm\f, %xmm\f
	vmovdqu		%xmm\f, (16 * \f)(%rsi)
	vpxor		%xmm\f, %xmm10, %xmm10
	leaq		(.Lshort_one + 16)(%rip), %rax
	vpxor		(%rax, %rcx), %xmm10, %xmm10
	.endif
	vpxor		\wlast, %xmm10, %xmm0
	vpxor		OCB_KEY_L_DOLLAR(%rdi), %xmm0, %xmm0
	AESNI_ENCRYPT	vex, %r10, %r8d, %xmm5, %xmm0
	vpxor		%xmm15, %xmm0, %xmm0
	vmovdqu		%xmm0, SB_TAG(%rsi)
.endm

/*
 * Run \mac (SEAL_TEXT or OPEN_TEXT) for the text's counts: rax = whole
 * blocks, rcx = the partial block's length.
 */
.macro SHORT_TEXT mac
	testq		%rcx, %rcx
	jnz		.Lpartial\@
	cmpq		$2, %rax
	jb		.Lwhole01\@
	je		.Lwhole2\@
	cmpq		$3, %rax
	je		.Lwhole3\@
	\mac		4, 0, -, %xmm9, %xmm4, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4
	jmp		.Ltext_done\@
.Lwhole3\@:
	\mac		3, 0, -, %xmm8, %xmm3, %xmm0, %xmm1, %xmm2, %xmm3
	jmp		.Ltext_done\@
.Lwhole2\@:
	\mac		2, 0, -, %xmm7, %xmm2, %xmm0, %xmm1, %xmm2
	jmp		.Ltext_done\@
.Lwhole01\@:
	testq		%rax, %rax
	jz		.Lwhole0\@
	\mac		1, 0, -, %xmm6, %xmm1, %xmm0, %xmm1
	jmp		.Ltext_done\@
.Lwhole0\@:
	\mac		0, 0, -, %xmm14, %xmm0, %xmm0
	jmp		.Ltext_done\@
.Lpartial\@:
	cmpq		$2, %rax
	jb		.Lpartial01\@
	je		.Lpartial2\@
	\mac		3, 1, %xmm9, %xmm9, %xmm4, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4
	jmp		.Ltext_done\@
.Lpartial2\@:
	\mac		2, 1, %xmm8, %xmm8, %xmm3, %xmm0, %xmm1, %xmm2, %xmm3
	jmp		.Ltext_done\@
.Lpartial01\@:
	testq		%rax, %rax
	jz		.Lpartial0\@
	\mac		1, 1, %xmm7, %xmm7, %xmm2, %xmm0, %xmm1, %xmm2
	jmp		.Ltext_done\@
.Lpartial0\@:
	\mac		0, 1, %xmm6, %xmm6, %xmm1, %xmm0, %xmm1
.Ltext_done\@:
.endm

/* Wipe every vector register; return. */
.macro SHORT_WIPE_RET
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpxor		%xmm\r, %xmm\r, %xmm\r
	.endr
	RET
.endm

/* rax = the text's whole blocks, rcx = its partial block's length, from r11. */
.macro SHORT_COUNTS
	movzbl		%r11b, %eax
	movl		%eax, %ecx
	andl		$15, %ecx
	shrl		$4, %eax
.endm

SYM_FUNC_START(kfast_ocb_seal_short_aesni)
	SHORT_START
	SHORT_COUNTS
	SHORT_TEXT	SEAL_TEXT
	SHORT_WIPE_RET
SYM_FUNC_END(kfast_ocb_seal_short_aesni)

SYM_FUNC_START(kfast_ocb_open_short_aesni)
	SHORT_START
	SHORT_COUNTS
	SHORT_TEXT	OPEN_TEXT
	SHORT_WIPE_RET
SYM_FUNC_END(kfast_ocb_open_short_aesni)

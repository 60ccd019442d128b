/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM-SIV (RFC 8452) for x86-64: the AES-NI + PCLMULQDQ tier (xmm), the
 * per-nonce key setup shared by all x86 tiers, and the one-call seal and
 * open of short messages (kfast_gcmsiv_{seal,open}_short_aesni(), also
 * shared, and their _vaes twins for the VAES tiers).
 *
 * CPU-feature contract: AES-NI, PCLMULQDQ and AVX (VEX-encoded 128-bit
 * instructions, plus 256-bit VMOVDQU stores of zero in the wipes; SSSE3's
 * pshufb in its VEX form); the _vaes short functions also VAES and AVX2
 * (ymm AES in their key derivation).  The caller owns the
 * FPU (kernel_fpu_begin() or userspace) and passes a struct gcm_siv_ctx
 * whose field offsets are the GSV_CTX_* of arch/x86/gcm_siv-offsets.h
 * (asserted in arch/x86/gcm_siv-hooks.h).  No callee-saved register is used, except
 * %rbp as the frame pointer of the short seal's stack frame.
 *
 * Field arithmetic (POLYVAL, RFC 8452 section 3).  POLYVAL's elements are
 * little-endian: loading 16 bytes into an xmm register puts the
 * coefficients of x^0..x^63 in the low qword and x^64..x^127 in the high
 * qword, which is exactly what PCLMULQDQ multiplies, so, unlike GHASH, no
 * byte reflection is needed.  dot(a, b) = a * b * x^-128 mod P with
 * P = x^128 + x^127 + x^126 + x^121 + 1:
 *
 *  1. Schoolbook product of 128-bit a and b: LO = a0*b0, HI = a1*b1,
 *     MID = a0*b1 + a1*b0, i.e. (HI:LO) + MID*x^64 (four PCLMULQDQs).
 *     Sums of such products (X_1*H^n + ... + X_n*H^1) are accumulated
 *     unreduced: the reduction is linear, so one suffices per group
 *     ("aggregated reduction"), with H^k precomputed.
 *  2. Montgomery reduction of the 256-bit T = (t3:t2:t1:t0): adding
 *     t0 * P clears qword 0 because P = 1 mod x^64; its other terms are
 *     t0 * (x^121 + x^126 + x^127), a 128-bit product placed at qword 1,
 *     computed as PCLMULQDQ(t0, 0xc200000000000000) (bits 57, 62, 63),
 *     and t0 * x^128, i.e. t0 added to qword 2.  Swapping the qwords of
 *     (t1:t0) and XORing the product does both at once.  Repeating the
 *     step with the new qword 1 clears it, and the result, divisible by
 *     x^128, is (t3:t2) XOR the folded pair: T * x^-128 mod P.
 *
 * Key setup.  The message keys come from AES(K, le32(i) || nonce),
 * i = 0..3 (5); both halves are the low qwords of two blocks (PUNPCKLQDQ).
 * The new AES key is expanded with AESENCLAST instead of AESKEYGENASSIST:
 * with all four columns of the state equal to RotWord(w3) (a PSHUFB
 * broadcast), ShiftRows is the identity and MixColumns is skipped, so
 * AESENCLAST with rcon in every column yields SubWord(RotWord(w3)) ^ rcon
 * in every column; the prefix XOR w0, w0^w1, w0^w1^w2, w0^..^w3 of the
 * previous round key (two shift+XOR steps) runs in parallel with it.
 * AES-256's odd steps broadcast w3 without rotation and use rcon = 0.
 * AES-128 chains the broadcast words alone, one AESENCLAST per round key,
 * and assembles the keys beside that chain (EXPAND128 in
 * gcm_siv-keys.S.inc).
 *
 * CTR: the counter is the first 32-bit word of the block, little-endian,
 * wrapping modulo 2^32, which is what VPADDD does to lane 0.
 */
#include <linux/linkage.h>

#ifndef __KERNEL__
.section .note.GNU-stack, "", %progbits
#endif

#include "gcm_siv-offsets.h"
#include "aes-aesni.S.inc"		/* AESNI_ENCRYPT_128_256 */
#include "gcm_siv-polyval.S.inc"	/* .Lpoly first in .rodata, the POLYVAL macros */
#include "gcm_siv-keys.S.inc"		/* DERIVE_KEYS, EXPAND_KEY, their constants */

.section .rodata
.p2align 5
.Lvinc01:	.long 0, 0, 0, 0, 1, 0, 0, 0		/* per lane: +0, +1 */
.Lvinc22:	.long 2, 0, 0, 0, 2, 0, 0, 0		/* +2 in each lane */

.text

/* ---- POLYVAL ------------------------------------------------------------ */

/* CLMUL_FIRST, CLMUL_ACC, REDUCE, DOT, SQR: gcm_siv-polyval.S.inc. */

/*
 * void kfast_gcmsiv_powers_pclmul(struct gcm_siv_ctx *ctx, unsigned int have,
 *				   unsigned int want);
 * Given H^1..H^have, compute H^(have+1)..H^want, H^k stored at
 * hpow[16 - k].  Doubling rounds: H^(m+j) = dot(H^m, H^j) for j = 1..m are
 * independent, so four rounds reach H^16 with a short dependency chain.
 */
SYM_FUNC_START(kfast_gcmsiv_powers_pclmul)
	lea		(GSV_CTX_HPOW + 15 * 16)(%rdi), %r8	/* &H^1; H^k at -16(k-1) */
.Lpow_outer:
	cmp		%edx, %esi
	jae		.Lpow_done
	mov		%edx, %ecx
	sub		%esi, %ecx
	cmp		%esi, %ecx
	cmova		%esi, %ecx			/* n = min(have, want - have) */
	lea		-1(%rsi), %eax
	shl		$4, %rax
	mov		%r8, %r9
	sub		%rax, %r9			/* &H^have */
	vmovdqu		(%r9), %xmm0
	mov		%r8, %r10			/* &H^j, j = 1.. */
	lea		-16(%r9), %r11			/* &H^(have+j) */
	add		%ecx, %esi
.Lpow_inner:
	vmovdqu		(%r10), %xmm1
	CLMUL_FIRST	%xmm1, %xmm0, %xmm2, %xmm3, %xmm4, %xmm5
	REDUCE		%xmm2, %xmm3, %xmm4, %xmm1, %xmm5
	vmovdqu		%xmm1, (%r11)
	sub		$16, %r10
	sub		$16, %r11
	dec		%ecx
	jnz		.Lpow_inner
	jmp		.Lpow_outer
.Lpow_done:
	RET
SYM_FUNC_END(kfast_gcmsiv_powers_pclmul)

/*
 * void kfast_gcmsiv_polyval_aesni(struct gcm_siv_ctx *ctx, const u8 *data,
 *				   size_t nblocks);
 * acc = POLYVAL continued over nblocks blocks: groups of 8 with H^8..H^1
 * and one reduction each, then the n < 8 remaining blocks with H^n..H^1.
 * Needs H^1..H^min(nblocks, 8).
 */
SYM_FUNC_START(kfast_gcmsiv_polyval_aesni)
	vmovdqu		GSV_CTX_ACC(%rdi), %xmm0
	lea		GSV_CTX_HPOW(%rdi), %r8		/* H^k at (16 - k) * 16 */
	cmp		$8, %rdx
	jb		.Lpv_tail
.Lpv_loop8:
	vpxor		(%rsi), %xmm0, %xmm1
	CLMUL_FIRST	%xmm1, (8 * 16)(%r8), %xmm2, %xmm3, %xmm4, %xmm5
	.irp i, 1, 2, 3, 4, 5, 6, 7
	vmovdqu		(\i * 16)(%rsi), %xmm1
	CLMUL_ACC	%xmm1, ((8 + \i) * 16)(%r8), %xmm2, %xmm3, %xmm4, %xmm5
	.endr
	REDUCE		%xmm2, %xmm3, %xmm4, %xmm0, %xmm5
	add		$128, %rsi
	sub		$8, %rdx
	cmp		$8, %rdx
	jae		.Lpv_loop8
.Lpv_tail:
	test		%rdx, %rdx
	jz		.Lpv_done
	mov		$16, %r9d
	sub		%rdx, %r9
	shl		$4, %r9
	add		%r8, %r9			/* &H^n */
	vpxor		(%rsi), %xmm0, %xmm1
	CLMUL_FIRST	%xmm1, (%r9), %xmm2, %xmm3, %xmm4, %xmm5
	add		$16, %rsi
	add		$16, %r9
	dec		%rdx
	jz		.Lpv_reduce
.Lpv_tail_loop:
	vmovdqu		(%rsi), %xmm1
	CLMUL_ACC	%xmm1, (%r9), %xmm2, %xmm3, %xmm4, %xmm5
	add		$16, %rsi
	add		$16, %r9
	dec		%rdx
	jnz		.Lpv_tail_loop
.Lpv_reduce:
	REDUCE		%xmm2, %xmm3, %xmm4, %xmm0, %xmm5
.Lpv_done:
	vmovdqu		%xmm0, GSV_CTX_ACC(%rdi)
	RET
SYM_FUNC_END(kfast_gcmsiv_polyval_aesni)

/* ---- Key setup (macros: gcm_siv-keys.S.inc) ---------------------------- */


/*
 * void kfast_gcmsiv_derive_aesni(struct gcm_siv_ctx *ctx,
 *				  const u8 master_rk[15][16], const u8 nonce[12]);
 * DERIVE_KEYS with ctx->nrounds set: zeroes the accumulator, writes H^1
 * (the POLYVAL key) to hpow[15] and the message-encryption key to rk[0]
 * and rk[1] (zero for AES-128).  The key is expanded later, by
 * kfast_gcmsiv_expand_tag_aesni() or kfast_gcmsiv_expand_aesni(): here,
 * ahead of the POLYVAL pass, the expansion's long dependency chain adds
 * to the seal's time instead of overlapping it, and fused with the tag block's rounds it
 * also hides most of that encryption's latency.  (DERIVE_KEYS' vaes form
 * is for the short functions: here the keys go through memory to separate
 * calls, and it bought nothing.)
 */
SYM_FUNC_START(kfast_gcmsiv_derive_aesni)
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	vpxor		%xmm7, %xmm7, %xmm7
	vmovdqu		%xmm7, GSV_CTX_ACC(%rdi)	/* POLYVAL starts from 0 */
	DERIVE_KEYS	vex, %rsi, %rdx, %r9d
	vmovdqu		%xmm0, (GSV_CTX_HPOW + 15 * 16)(%rdi)
	vmovdqu		%xmm1, GSV_CTX_RK(%rdi)
	vmovdqu		%xmm14, (GSV_CTX_RK + 16)(%rdi)
	RET
SYM_FUNC_END(kfast_gcmsiv_derive_aesni)

/*
 * void kfast_gcmsiv_aes_block_aesni(const struct gcm_siv_ctx *ctx, u8 *out,
 *				     const u8 *in);
 * One block with the message-encryption key (the tag).
 */
SYM_FUNC_START(kfast_gcmsiv_aes_block_aesni)
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	lea		GSV_CTX_RK(%rdi), %r8
	vmovdqu		(%rdx), %xmm0
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm1, %xmm0
	vmovdqu		%xmm0, (%rsi)
	RET
SYM_FUNC_END(kfast_gcmsiv_aes_block_aesni)

/*
 * For the tag functions below (ctx, aadlen, ptlen, tag in rdi, rsi, rdx,
 * rcx): xmm0 = the tag block before AES, (POLYVAL finished with the length
 * block, ^ nonce) with bit 127 cleared; the accumulator is stored;
 * r8 = round keys, r9d = rounds.
 */
.macro TAG_BLOCK
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	lea		GSV_CTX_RK(%rdi), %r8
	shl		$3, %rsi
	shl		$3, %rdx
	vmovq		%rsi, %xmm1
	vpinsrq		$1, %rdx, %xmm1, %xmm1
	vpxor		GSV_CTX_ACC(%rdi), %xmm1, %xmm1
	CLMUL_FIRST	%xmm1, (GSV_CTX_HPOW + 15 * 16)(%rdi), %xmm2, %xmm3, %xmm4, %xmm5
	REDUCE		%xmm2, %xmm3, %xmm4, %xmm0, %xmm5
	vmovdqu		%xmm0, GSV_CTX_ACC(%rdi)
	vmovq		GSV_CTX_NONCE(%rdi), %xmm1		/* as gcm_siv_init() stored it */
	vpinsrd		$2, (GSV_CTX_NONCE + 8)(%rdi), %xmm1, %xmm1
	vpxor		%xmm1, %xmm0, %xmm0
	vpand		.Lmsb_clear(%rip), %xmm0, %xmm0
.endm

/* Store the tag (xmm0) and the counter block (the tag with bit 127 set). */
.macro TAG_STORE
	vmovdqu		%xmm0, (%rcx)
	vpor		.Lmsb_set(%rip), %xmm0, %xmm0
	vmovdqu		%xmm0, GSV_CTX_CTR(%rdi)
.endm

/*
 * void kfast_gcmsiv_tag_aesni(struct gcm_siv_ctx *ctx, u64 aadlen,
 *			       u64 ptlen, u8 tag[16]);
 * Finish POLYVAL with the length block (le64(8 * aadlen) || le64(8 * ptlen),
 * using H^1; the partial block must already be flushed), then
 * tag = AES(enc key, (S ^ nonce) with bit 127 cleared), and set the
 * counter block to the tag with bit 127 set (RFC 8452 section 4).  One call
 * instead of three keeps the values in registers on this latency-bound
 * path.
 */
SYM_FUNC_START(kfast_gcmsiv_tag_aesni)
	TAG_BLOCK
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm1, %xmm0
	TAG_STORE
	RET
SYM_FUNC_END(kfast_gcmsiv_tag_aesni)

/*
 * void kfast_gcmsiv_expand_tag_aesni(struct gcm_siv_ctx *ctx, u64 aadlen,
 *				      u64 ptlen, u8 tag[16]);
 * kfast_gcmsiv_tag_aesni() for a context whose key is not expanded yet
 * (see derive): expands it into ctx->arch.rk while the tag block goes
 * through the rounds.
 */
SYM_FUNC_START(kfast_gcmsiv_expand_tag_aesni)
	TAG_BLOCK
	vmovdqu		0(%r8), %xmm1			/* rk[0] */
	vmovdqu		16(%r8), %xmm2			/* rk[1] (AES-256) */
	vpxor		%xmm1, %xmm0, %xmm0
	EXPAND_KEY	%r9d, %r8, %xmm1, %xmm2, %xmm0
	TAG_STORE
	RET
SYM_FUNC_END(kfast_gcmsiv_expand_tag_aesni)

/*
 * void kfast_gcmsiv_expand_aesni(struct gcm_siv_ctx *ctx);
 * Expand the message-encryption key (rk[0], and rk[1] for AES-256, from
 * derive) into ctx->arch.rk: decryption needs it before the tag.
 */
SYM_FUNC_START(kfast_gcmsiv_expand_aesni)
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	lea		GSV_CTX_RK(%rdi), %r8
	vmovdqu		0(%r8), %xmm0
	vmovdqu		16(%r8), %xmm1			/* rk[1] (AES-256) */
	EXPAND_KEY	%r9d, %r8, %xmm0, %xmm1
	RET
SYM_FUNC_END(kfast_gcmsiv_expand_aesni)

/*
 * void kfast_gcmsiv_ctr_start_avx(struct gcm_siv_ctx *ctx, const u8 tag[16]);
 * Counter block = tag with bit 127 set, with one 16-byte store (the bulk
 * loops load it whole).
 */
SYM_FUNC_START(kfast_gcmsiv_ctr_start_avx)
	vmovq		(%rsi), %xmm0			/* 8 + 8: the tag may come from C */
	vpinsrq		$1, 8(%rsi), %xmm0, %xmm0
	vpor		.Lmsb_set(%rip), %xmm0, %xmm0
	vmovdqu		%xmm0, GSV_CTX_CTR(%rdi)
	RET
SYM_FUNC_END(kfast_gcmsiv_ctr_start_avx)

/*
 * void kfast_gcmsiv_wipe_avx(struct gcm_siv_ctx *ctx, size_t len);
 * Zero the first len bytes of ctx (a multiple of 16, at least 32: the
 * common part, the round keys and the powers of H) with 32-byte stores:
 * cheaper than memset() calls on this latency-bound path, and it also
 * clears the registers that held keys.
 */
SYM_FUNC_START(kfast_gcmsiv_wipe_avx)
	vpxor		%xmm0, %xmm0, %xmm0
	lea		-32(%rdi, %rsi), %rax		/* the last 32-byte store */
.Lwipe32:
	vmovdqu		%ymm0, (%rdi)
	add		$32, %rdi
	cmp		%rax, %rdi
	jbe		.Lwipe32
	add		$32, %rax			/* the end */
	cmp		%rax, %rdi
	jae		.Lwipe_regs
	vmovdqu		%xmm0, (%rdi)			/* len % 32 == 16 */
.Lwipe_regs:
	vzeroupper
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpxor		%xmm\r, %xmm\r, %xmm\r
	.endr
	RET
SYM_FUNC_END(kfast_gcmsiv_wipe_avx)

/* ---- CTR ---------------------------------------------------------------- */

/* xmm0..7 = counter + 0..7, counter += 8. */
.macro CTR8 ctr
	vmovdqa		\ctr, %xmm0
	vpaddd		.Linc1(%rip), \ctr, %xmm1
	vpaddd		.Linc2(%rip), \ctr, %xmm2
	vpaddd		.Linc3(%rip), \ctr, %xmm3
	vpaddd		.Linc4(%rip), \ctr, %xmm4
	vpaddd		.Linc5(%rip), \ctr, %xmm5
	vpaddd		.Linc6(%rip), \ctr, %xmm6
	vpaddd		.Linc7(%rip), \ctr, %xmm7
	vpaddd		.Linc8(%rip), \ctr, \ctr
.endm

/* xmm0..7 ^= src[0..7]; dst[0..7] = xmm0..7. */
.macro XOR_STORE8 src, dst
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	vpxor		(\i * 16)(\src), %xmm\i, %xmm\i
	vmovdqu		%xmm\i, (\i * 16)(\dst)
	.endr
.endm

/*
 * void kfast_gcmsiv_ctr_aesni(struct gcm_siv_ctx *ctx, const u8 *src,
 *			       u8 *dst, size_t nblocks);
 * CTR over whole blocks from ctx->ctr (updated), 8 blocks in flight.
 * src == dst is allowed.
 */
SYM_FUNC_START(kfast_gcmsiv_ctr_aesni)
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	lea		GSV_CTX_RK(%rdi), %r8
	vmovdqu		GSV_CTX_CTR(%rdi), %xmm15
	cmp		$8, %rcx
	jb		.Lctr_tail
.Lctr_loop8:
	CTR8		%xmm15
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	XOR_STORE8	%rsi, %rdx
	add		$128, %rsi
	add		$128, %rdx
	sub		$8, %rcx
	cmp		$8, %rcx
	jae		.Lctr_loop8
.Lctr_tail:
	test		%rcx, %rcx
	jz		.Lctr_done
.Lctr_loop1:
	vmovdqa		%xmm15, %xmm0
	vpaddd		.Linc1(%rip), %xmm15, %xmm15
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm8, %xmm0
	vpxor		(%rsi), %xmm0, %xmm0
	vmovdqu		%xmm0, (%rdx)
	add		$16, %rsi
	add		$16, %rdx
	dec		%rcx
	jnz		.Lctr_loop1
.Lctr_done:
	vmovdqu		%xmm15, GSV_CTX_CTR(%rdi)
	RET
SYM_FUNC_END(kfast_gcmsiv_ctr_aesni)

/*
 * void kfast_gcmsiv_dec_aesni(struct gcm_siv_ctx *ctx, const u8 *src,
 *			       u8 *dst, size_t nblocks);
 * CTR-decrypt whole blocks and continue POLYVAL over the plaintext, which
 * is hashed from the registers it was computed in (never read back from
 * dst).  Groups of 8 blocks: the AES of a group and the carry-less
 * multiplications of the previous one are independent, so the
 * out-of-order core overlaps them across loop iterations.
 * Needs H^1..H^min(nblocks, 8).
 */
SYM_FUNC_START(kfast_gcmsiv_dec_aesni)
	movzbl		GSV_CTX_NROUNDS(%rdi), %r9d
	lea		GSV_CTX_RK(%rdi), %r8
	lea		GSV_CTX_HPOW(%rdi), %r10
	vmovdqu		GSV_CTX_CTR(%rdi), %xmm15
	vmovdqu		GSV_CTX_ACC(%rdi), %xmm14
	cmp		$8, %rcx
	jb		.Ldec_tail
.Ldec_loop8:
	CTR8		%xmm15
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	XOR_STORE8	%rsi, %rdx
	vpxor		%xmm14, %xmm0, %xmm0
	CLMUL_FIRST	%xmm0, (8 * 16)(%r10), %xmm9, %xmm10, %xmm11, %xmm12
	.irp i, 1, 2, 3, 4, 5, 6, 7
	CLMUL_ACC	%xmm\i, ((8 + \i) * 16)(%r10), %xmm9, %xmm10, %xmm11, %xmm12
	.endr
	REDUCE		%xmm9, %xmm10, %xmm11, %xmm14, %xmm12
	add		$128, %rsi
	add		$128, %rdx
	sub		$8, %rcx
	cmp		$8, %rcx
	jae		.Ldec_loop8
.Ldec_tail:
	test		%rcx, %rcx
	jz		.Ldec_done
	mov		$16, %r11d
	sub		%rcx, %r11
	shl		$4, %r11
	add		%r10, %r11			/* &H^n */
	vmovdqa		%xmm15, %xmm0
	vpaddd		.Linc1(%rip), %xmm15, %xmm15
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm8, %xmm0
	vpxor		(%rsi), %xmm0, %xmm0
	vmovdqu		%xmm0, (%rdx)
	vpxor		%xmm14, %xmm0, %xmm0
	CLMUL_FIRST	%xmm0, (%r11), %xmm9, %xmm10, %xmm11, %xmm12
	jmp		.Ldec_tail_next
.Ldec_tail_loop:
	vmovdqa		%xmm15, %xmm0
	vpaddd		.Linc1(%rip), %xmm15, %xmm15
	AESNI_ENCRYPT_128_256	vex, %r8, %r9d, %xmm8, %xmm0
	vpxor		(%rsi), %xmm0, %xmm0
	vmovdqu		%xmm0, (%rdx)
	CLMUL_ACC	%xmm0, (%r11), %xmm9, %xmm10, %xmm11, %xmm12
.Ldec_tail_next:
	add		$16, %rsi
	add		$16, %rdx
	add		$16, %r11
	dec		%rcx
	jnz		.Ldec_tail_loop
	REDUCE		%xmm9, %xmm10, %xmm11, %xmm14, %xmm12
.Ldec_done:
	vmovdqu		%xmm15, GSV_CTX_CTR(%rdi)
	vmovdqu		%xmm14, GSV_CTX_ACC(%rdi)
	RET
SYM_FUNC_END(kfast_gcmsiv_dec_aesni)

/* ---- Short seal and open: the whole of RFC 8452 in one call ----------- */

/*
 * Both take (const u8 master_rk[15][16], u8 buf[5][16], const u8 nonce[12],
 * unsigned int nrounds, u64 aadlen, u64 ptlen) for a message whose padded
 * AAD and plaintext fit in four blocks, and need no context.  buf[0..3]
 * are the blocks to hash: zero-padded AAD, then the zero-padded text
 * (plaintext for the seal, ciphertext for the open), with leading all-zero
 * blocks if there are fewer than four, which POLYVAL skips.  The
 * text blocks are buf[4 - np] .. buf[3], np = ceil(ptlen / 16), en- or
 * decrypted in place (the caller copies out ptlen bytes); buf[4] is the
 * tag: written by the seal, read by the open as its counter and replaced
 * by the tag it computes (the caller compares).  The round keys live in
 * the function's stack frame and are wiped, as are all sixteen vector
 * registers.
 *
 * Latency, not throughput, is what counts at this size, so the work is
 * arranged as a few independent chains that the out-of-order core runs
 * side by side:
 *  - key derivation: 4 (6) AES blocks with the long-term key, in parallel;
 *  - POLYVAL from the new H, at most three multiplication levels instead
 *    of n + 1 serial ones: the seal has its data from the start and goes
 *    by Horner's rule in H^2 with the fewest multiplies (SEAL_POLYVAL);
 *    the open, whose text comes last, makes the powers H^2 .. H^(n+1)
 *    first and then X1 H^(n+1) + ... + Xn H^2 + L H (L is the length
 *    block) with one reduction (OPEN_POLYVAL).  (Where VPCLMULQDQ
 *    issues every cycle, as on Intel, the depth counts and the Horner
 *    form is the slower one; where it issues every other cycle, as on
 *    Zen 5, the count does);
 *  - expansion of the new AES key (AESENCLAST method, see derive above);
 *    in the seal each round key is used for the tag block as soon as it
 *    exists (only the first round of the tag waits for POLYVAL);
 *  - the four counter blocks, with the round keys from the stack.  The
 *    open's counter is the received tag, so its CTR runs first and its
 *    POLYVAL (over the plaintext) last, then the tag's AES.
 */

.section .rodata
/* 16 bytes 0xff, 16 bytes 0: from byte 16 - r, a mask of the first r bytes */
.Lpt_mask:	.quad -1, -1, 0, 0
.text

/* r10 = np, the text blocks; r11 = na + np, the blocks hashed. */
.macro SHORT_COUNT
	lea		15(%r9), %r10
	shr		$4, %r10
	lea		15(%r8), %r11
	shr		$4, %r11
	add		%r10, %r11
.endm

/*
 * DERIVE_KEYS from the master key (%rdi, %ecx rounds) and the nonce
 * (%rdx), rk[0] (and rk[1]) of the new key also stored at (%rsp)
 * (16(%rsp)), where the expansion continues.
 */
.macro SHORT_DERIVE enc
	DERIVE_KEYS	\enc, %rdi, %rdx, %ecx
	vmovdqu		%xmm1, (%rsp)
	vmovdqu		%xmm14, 16(%rsp)
.endm

/* Karatsuba (xmm): \xk = x0 + x1 in both qwords. */
.macro KFOLD x, xk
	vpshufd		$0x4e, \x, \xk
	vpxor		\x, \xk, \xk
.endm

/*
 * (lo, mid, hi) = or += x * h in three multiplies, \xk and \hk their
 * KFOLDs: lo = x0 h0, hi = x1 h1, mid = (x0 + x1)(h0 + h1), which KRED
 * turns into x0 h1 + x1 h0 once for the whole sum.
 */
.macro KPROD first, x, xk, h, hk, lo, mid, hi, t
	.if \first
	vpclmulqdq	$0x00, \h, \x, \lo
	vpclmulqdq	$0x11, \h, \x, \hi
	vpclmulqdq	$0x00, \hk, \xk, \mid
	.else
	vpclmulqdq	$0x00, \h, \x, \t
	vpxor		\t, \lo, \lo
	vpclmulqdq	$0x11, \h, \x, \t
	vpxor		\t, \hi, \hi
	vpclmulqdq	$0x00, \hk, \xk, \t
	vpxor		\t, \mid, \mid
	.endif
.endm

/*
 * dst = the KPROD sums reduced, plus \add if given: a field element added
 * to hi before the Montgomery reduction, which maps hi to itself.
 */
.macro KRED lo, mid, hi, dst, t, add
	vpxor		\lo, \mid, \mid
	vpxor		\hi, \mid, \mid
	.ifnb \add
	vpxor		\add, \hi, \hi
	.endif
	REDUCE		\lo, \mid, \hi, \dst, \t
.endm

/* xmm5 = L, the length block, from the byte lengths r8 and r9 (made bit lengths). */
.macro SHORT_LENGTH_BLOCK
	shl		$3, %r8
	shl		$3, %r9
	vmovq		%r8, %xmm5
	vpinsrq		$1, %r9, %xmm5, %xmm5
.endm

/*
 * xmm13 = the tag block before its AES: S, the reduced KPROD sums
 * (xmm6-xmm8), XOR the nonce (xmm15 >> 32), bit 127 cleared.
 */
.macro SHORT_TAG_BLOCK
	KRED		%xmm6, %xmm7, %xmm8, %xmm13, %xmm9	/* S */
	vpsrldq		$4, %xmm15, %xmm5		/* nonce || 0 */
	vpxor		%xmm5, %xmm13, %xmm13
	vpand		.Lmsb_clear(%rip), %xmm13, %xmm13
.endm

/*
 * The seal's POLYVAL: xmm13 as OPEN_POLYVAL leaves it, over the same
 * n = r11 blocks X1..Xn (buf[4 - n] .. buf[3]) and L.  A seal has its
 * data before H, so no powers beyond H^2 are made: Horner's rule in H^2,
 * with A = X1 H + X2 and C = A H^2 + X3 H + X4, each reduced:
 *	n = 4:	C H^2 + L H
 *	n = 3:	(A H^2 + X3 H + L) H
 *	n = 2:	A H^2 + L H
 *	n = 1:	(X1 H + L) H
 *	n = 0:	L H
 * Three multiplication levels at most (making H^5 first takes four), and
 * 25 multiplies for four blocks, 22 for three, where OPEN_POLYVAL's
 * powers-first form takes 37 and 28.  VPCLMULQDQ issues once per two
 * cycles on Zen 5, so there the count, not the depth, is what a short
 * seal waits for.  (The open has OPEN_POLYVAL: its text exists only after
 * CTR, and with the powers made by then its products are one level.)
 * Uses xmm2-xmm13 and rax; r8 and r9 become bit lengths.
 */
.macro SEAL_POLYVAL
	SHORT_LENGTH_BLOCK
	KFOLD		%xmm0, %xmm2			/* H */
	mov		%r11, %rax
	shl		$4, %rax
	neg		%rax
	lea		64(%rsi, %rax), %rax		/* &buf[4 - n] = X1 */
	cmp		$2, %r11
	jb		.Lseal_pv_01\@
	vmovdqu		(%rax), %xmm10
	KFOLD		%xmm10, %xmm11
	KPROD		1, %xmm10, %xmm11, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8
	SQR		%xmm0, %xmm3, %xmm13, %xmm4, %xmm9	/* H^2 */
	KRED		%xmm6, %xmm7, %xmm8, %xmm12, %xmm9, 16(%rax)	/* A */
	KFOLD		%xmm3, %xmm4
	KFOLD		%xmm12, %xmm11
	KPROD		1, %xmm12, %xmm11, %xmm3, %xmm4, %xmm6, %xmm7, %xmm8
	cmp		$3, %r11
	jb		.Lseal_pv_2\@
	vmovdqu		32(%rax), %xmm10
	KFOLD		%xmm10, %xmm11
	KPROD		0, %xmm10, %xmm11, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8, %xmm9
	cmp		$3, %r11
	je		.Lseal_pv_3\@
	KRED		%xmm6, %xmm7, %xmm8, %xmm12, %xmm9, 48(%rax)	/* C */
	KFOLD		%xmm12, %xmm11
	KPROD		1, %xmm12, %xmm11, %xmm3, %xmm4, %xmm6, %xmm7, %xmm8
	KFOLD		%xmm5, %xmm10
	KPROD		0, %xmm5, %xmm10, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8, %xmm9
	jmp		.Lseal_pv_reduce\@
.Lseal_pv_3\@:
	KRED		%xmm6, %xmm7, %xmm8, %xmm12, %xmm9, %xmm5
	KFOLD		%xmm12, %xmm11
	KPROD		1, %xmm12, %xmm11, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8
	jmp		.Lseal_pv_reduce\@
.Lseal_pv_2\@:
	KFOLD		%xmm5, %xmm10
	KPROD		0, %xmm5, %xmm10, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8, %xmm9
	jmp		.Lseal_pv_reduce\@
.Lseal_pv_01\@:
	KFOLD		%xmm5, %xmm10
	test		%r11, %r11
	jz		.Lseal_pv_0\@
	vmovdqu		(%rax), %xmm3			/* n = 1 */
	KFOLD		%xmm3, %xmm4
	KPROD		1, %xmm3, %xmm4, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8
	KRED		%xmm6, %xmm7, %xmm8, %xmm12, %xmm9, %xmm5
	KFOLD		%xmm12, %xmm11
	KPROD		1, %xmm12, %xmm11, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8
	jmp		.Lseal_pv_reduce\@
.Lseal_pv_0\@:
	KPROD		1, %xmm5, %xmm10, %xmm0, %xmm2, %xmm6, %xmm7, %xmm8
.Lseal_pv_reduce\@:
	SHORT_TAG_BLOCK
.endm

/*
 * The short functions' frames: the round keys (up to 15), and for the open
 * then H^3 .. H^5 and their folds.
 */
#define SHORT_FRAME	(15 * 16)
#define OPEN_POW(k)	(SHORT_FRAME + 32 * ((k) - 3))
#define OPEN_FRAME	(SHORT_FRAME + 32 * 3)

/*
 * The open's POLYVAL: xmm13 = the tag block before its AES, POLYVAL(H =
 * xmm0) of the r11 blocks buf[4 - r11] .. buf[3] (the AAD and the
 * plaintext just decrypted) and the length block, XOR the nonce (xmm15 >>
 * 32), bit 127 cleared: X_1 H^(n+1) + ... + X_n H^2 + L H with one
 * reduction.  The text comes last, so the powers come first (OPEN_POWERS;
 * with one block, H^2 is made here) and every block is then one KPROD
 * from the sum.  Only the powers and products the block count needs (a
 * branch on public lengths): the leading zero blocks of buf would add
 * nothing but multiplies.  Runs after the key expansion, so it may use
 * xmm1 and xmm14 too; r8 and r9 become bit lengths.
 */
.macro OPEN_POLYVAL
	SHORT_LENGTH_BLOCK
	KFOLD		%xmm0, %xmm14			/* H */
	KFOLD		%xmm5, %xmm10
	KPROD		1, %xmm5, %xmm10, %xmm0, %xmm14, %xmm6, %xmm7, %xmm8
	test		%r11, %r11
	jz		.Lopen_hashed\@
	cmp		$1, %r11
	jne		.Lopen_powers_made\@
	SQR		%xmm0, %xmm12, %xmm2, %xmm3, %xmm4	/* H^2 */
.Lopen_powers_made\@:
	OPEN_PRODUCT	2
	cmp		$2, %r11
	jb		.Lopen_hashed\@
	OPEN_PRODUCT	3
	cmp		$3, %r11
	jb		.Lopen_hashed\@
	OPEN_PRODUCT	4
	cmp		$4, %r11
	jb		.Lopen_hashed\@
	OPEN_PRODUCT	5
.Lopen_hashed\@:
	SHORT_TAG_BLOCK
.endm

/* The KPROD of the block that H^\k multiplies, buf[5 - k], into xmm6-xmm8. */
.macro OPEN_PRODUCT k
	vmovdqu		(16 * (5 - \k))(%rsi), %xmm5
	KFOLD		%xmm5, %xmm10
	.if \k == 2
	KFOLD		%xmm12, %xmm1
	KPROD		0, %xmm5, %xmm10, %xmm12, %xmm1, %xmm6, %xmm7, %xmm8, %xmm9
	.else
	KPROD		0, %xmm5, %xmm10, OPEN_POW(\k)(%rsp), (OPEN_POW(\k) + 16)(%rsp), \
			%xmm6, %xmm7, %xmm8, %xmm9
	.endif
.endm

/*
 * The open's powers H^2 .. H^(n+1) of H = xmm0 for its n = r11 (2..4)
 * blocks (H^2 = H^2, H^3 = H^2 H, H^4 = (H^2)^2, H^5 = H^4 H): H^2 in
 * xmm12, which the key expansion and CTR leave alone, the others with
 * their Karatsuba folds at OPEN_POW(k)(%rsp) and 16 bytes after.  Made
 * right after the derivation, before the key expansion and CTR in program
 * order, so that the three levels of products run beside them rather than
 * after them.  One block needs only H^2, one level, which the expansion's
 * chain covers anyway: made first it would take issue slots from that
 * chain, so OPEN_POLYVAL makes it.  Clobbers xmm2-xmm7, xmm10, xmm11.
 */
.macro OPEN_POWER_STORE k, x, t
	KFOLD		\x, \t
	vmovdqu		\x, OPEN_POW(\k)(%rsp)
	vmovdqu		\t, (OPEN_POW(\k) + 16)(%rsp)
.endm

.macro OPEN_POWERS
	cmp		$2, %r11
	jb		.Lopen_powers_done\@
	SQR		%xmm0, %xmm12, %xmm5, %xmm11, %xmm2	/* H^2 */
	DOT		%xmm12, %xmm0, %xmm4, %xmm5, %xmm10, %xmm11, %xmm2	/* H^3 */
	OPEN_POWER_STORE 3, %xmm4, %xmm3
	cmp		$3, %r11
	jb		.Lopen_powers_done\@
	SQR		%xmm12, %xmm6, %xmm5, %xmm11, %xmm2	/* H^4 */
	OPEN_POWER_STORE 4, %xmm6, %xmm3
	cmp		$4, %r11
	jb		.Lopen_powers_done\@
	DOT		%xmm6, %xmm0, %xmm7, %xmm5, %xmm10, %xmm11, %xmm2	/* H^5 */
	OPEN_POWER_STORE 5, %xmm7, %xmm3
.Lopen_powers_done\@:
.endm

/*
 * Encrypt the counter blocks xmm2 .. xmm(1 + \n) with the round keys at
 * (%rsp) and XOR them into the \n blocks at (%rax), in place.
 */
.macro SHORT_CTR_BLOCKS n
	.if \n == 1
	AESNI_ENCRYPT_128_256	vex, %rsp, %ecx, %xmm8, %xmm2
	.elseif \n == 2
	AESNI_ENCRYPT_128_256	vex, %rsp, %ecx, %xmm8, %xmm2, %xmm3
	.elseif \n == 3
	AESNI_ENCRYPT_128_256	vex, %rsp, %ecx, %xmm8, %xmm2, %xmm3, %xmm4
	.else
	AESNI_ENCRYPT_128_256	vex, %rsp, %ecx, %xmm8, %xmm2, %xmm3, %xmm4, %xmm5
	.endif
	.irp b, 2, 3, 4, 5
	.if \b - 2 < \n
	vpxor		(16 * (\b - 2))(%rax), %xmm\b, %xmm\b
	vmovdqu		%xmm\b, (16 * (\b - 2))(%rax)
	.endif
	.endr
.endm

/*
 * XOR the np = r10 (1..4) text blocks buf[4 - np] .. buf[3] with the key
 * stream from the counter blocks xmm13 | bit 127, +1, +2, +3 (32-bit
 * little-endian add), round keys at (%rsp); only the np blocks needed are
 * encrypted (a fourth AES block shows in a 16-byte seal's time).  With
 * \enc = vaes, two and more blocks go two to a ymm register.  Uses
 * xmm2-xmm5, xmm8, rax.
 */
.macro SHORT_CTR enc
	vpor		.Lmsb_set(%rip), %xmm13, %xmm2
	mov		%r10, %rax
	shl		$4, %rax
	neg		%rax
	lea		64(%rsi, %rax), %rax		/* &buf[4 - np] */
	.ifc \enc, vaes
	cmp		$2, %r10
	jb		.Lshort_ctr1\@
	vinserti128	$1, %xmm2, %ymm2, %ymm2
	vpaddd		.Lvinc01(%rip), %ymm2, %ymm2	/* counters 0, 1 */
	cmp		$2, %r10
	je		.Lshort_ctr2\@
	vpaddd		.Lvinc22(%rip), %ymm2, %ymm3	/* counters 2, 3 */
	AESNI_ENCRYPT_128_256	vaes, %rsp, %ecx, %ymm8, %ymm2, %ymm3
	vpxor		(%rax), %ymm2, %ymm2
	vmovdqu		%ymm2, (%rax)
	cmp		$3, %r10
	je		.Lshort_ctr3\@
	vpxor		32(%rax), %ymm3, %ymm3
	vmovdqu		%ymm3, 32(%rax)
	jmp		.Lshort_ctr_done\@
.Lshort_ctr3\@:
	vpxor		32(%rax), %xmm3, %xmm3
	vmovdqu		%xmm3, 32(%rax)
	jmp		.Lshort_ctr_done\@
.Lshort_ctr2\@:
	AESNI_ENCRYPT_128_256	vaes, %rsp, %ecx, %ymm8, %ymm2
	vpxor		(%rax), %ymm2, %ymm2
	vmovdqu		%ymm2, (%rax)
	jmp		.Lshort_ctr_done\@
	.else
	vpaddd		.Linc1(%rip), %xmm2, %xmm3
	vpaddd		.Linc2(%rip), %xmm2, %xmm4
	vpaddd		.Linc3(%rip), %xmm2, %xmm5
	cmp		$2, %r10
	jb		.Lshort_ctr1\@
	je		.Lshort_ctr2\@
	cmp		$3, %r10
	je		.Lshort_ctr3\@
	SHORT_CTR_BLOCKS 4
	jmp		.Lshort_ctr_done\@
.Lshort_ctr3\@:
	SHORT_CTR_BLOCKS 3
	jmp		.Lshort_ctr_done\@
.Lshort_ctr2\@:
	SHORT_CTR_BLOCKS 2
	jmp		.Lshort_ctr_done\@
	.endif
.Lshort_ctr1\@:
	SHORT_CTR_BLOCKS 1
.Lshort_ctr_done\@:
.endm

/*
 * The open's plaintext: the np = r10 (1..4) text blocks buf[4 - np] ..
 * buf[3] XOR the key stream blocks xmm2 .. xmm(1 + np), in place, the
 * last one ANDed with xmm8 (POLYVAL hashes the zero-padded text).
 */
.macro SHORT_XOR_BLOCKS n
	.irp b, 2, 3, 4, 5
	.if \b - 2 < \n
	vpxor		(16 * (2 - \n + \b))(%rsi), %xmm\b, %xmm\b
	.if \b - 1 == \n
	vpand		%xmm8, %xmm\b, %xmm\b
	.endif
	vmovdqu		%xmm\b, (16 * (2 - \n + \b))(%rsi)
	.endif
	.endr
.endm

/*
 * The open's key expansion with its \n counter blocks riding on it (the
 * received tag xmm13 with bit 127 set, +1, ...: its counter is known from
 * the start), then the plaintext: XOR, the last block's padding zeroed,
 * stored for POLYVAL.  One instance per block count keeps the AES work to
 * the blocks there are.
 */
.macro SHORT_OPEN_CTR n
	vpor		.Lmsb_set(%rip), %xmm13, %xmm2
	.if \n > 1
	vpaddd		.Linc1(%rip), %xmm2, %xmm3
	.endif
	.if \n > 2
	vpaddd		.Linc2(%rip), %xmm2, %xmm4
	.endif
	.if \n > 3
	vpaddd		.Linc3(%rip), %xmm2, %xmm5
	.endif
	.irp b, 2, 3, 4, 5
	.if \b - 2 < \n
	vpxor		%xmm1, %xmm\b, %xmm\b
	.endif
	.endr
	.if \n == 1
	EXPAND_KEY	%ecx, %rsp, %xmm1, %xmm14, %xmm2
	.elseif \n == 2
	EXPAND_KEY	%ecx, %rsp, %xmm1, %xmm14, %xmm2, %xmm3
	.elseif \n == 3
	EXPAND_KEY	%ecx, %rsp, %xmm1, %xmm14, %xmm2, %xmm3, %xmm4
	.else
	EXPAND_KEY	%ecx, %rsp, %xmm1, %xmm14, %xmm2, %xmm3, %xmm4, %xmm5
	.endif
	SHORT_XOR_BLOCKS \n
.endm

/* Wipe the round keys and every vector register; return. */
.macro SHORT_WIPE_RET frame=SHORT_FRAME
	vpxor		%xmm0, %xmm0, %xmm0
	.set		.Lwipe_off, 0
	.rept		\frame / 32
	vmovdqu		%ymm0, .Lwipe_off(%rsp)
	.set		.Lwipe_off, .Lwipe_off + 32
	.endr
	.if		\frame % 32
	vmovdqu		%xmm0, .Lwipe_off(%rsp)
	.endif
	/* VEX zeroing idioms: no execution unit, and the upper halves too. */
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpxor		%xmm\r, %xmm\r, %xmm\r
	.endr
	leave
	RET
.endm

/*
 * The short seal and open, kfast_gcmsiv_{seal,open}_short_\enc: \aes is
 * SHORT_DERIVE's encoding, vex (AES-NI on xmm) for every tier, vaes for
 * the VAES tiers, whose CPUs also have VAES and AVX2.
 */
.macro SHORT_FUNCS enc, aes
SYM_FUNC_START(kfast_gcmsiv_seal_short_\enc)
	push		%rbp
	mov		%rsp, %rbp
	sub		$SHORT_FRAME, %rsp
	SHORT_COUNT
	SHORT_DERIVE	\aes
	SEAL_POLYVAL
	vpxor		%xmm1, %xmm13, %xmm13		/* tag block, round 0 */
	/*
	 * Key expansion, the tag block one round behind each new key.  rk[1]
	 * is stored for AES-256; for AES-128 the expansion overwrites it.
	 */
	EXPAND_KEY	%ecx, %rsp, %xmm1, %xmm14, %xmm13
	vmovdqu		%xmm13, 64(%rsi)
	test		%r10, %r10
	jz		.Lseal_short_done\@		/* no plaintext (a MAC) */
	SHORT_CTR	\aes
.Lseal_short_done\@:
	SHORT_WIPE_RET
SYM_FUNC_END(kfast_gcmsiv_seal_short_\enc)

SYM_FUNC_START(kfast_gcmsiv_open_short_\enc)
	push		%rbp
	mov		%rsp, %rbp
	sub		$OPEN_FRAME, %rsp
	SHORT_COUNT
	SHORT_DERIVE	\aes
	OPEN_POWERS
	vmovdqu		64(%rsi), %xmm13		/* the received tag */
	/* xmm8 = the mask of the last block's ptlen % 16 bytes (all if 0) */
	mov		%r9d, %eax
	neg		%eax
	and		$15, %eax			/* (16 - ptlen % 16) % 16 */
	lea		.Lpt_mask(%rip), %rdx
	vmovdqu		(%rdx, %rax), %xmm8
	cmp		$2, %r10
	jb		.Lopen_short_ctr01\@
	je		.Lopen_short_ctr2\@
	cmp		$3, %r10
	je		.Lopen_short_ctr3\@
	SHORT_OPEN_CTR	4
	jmp		.Lopen_short_hash\@
.Lopen_short_ctr3\@:
	SHORT_OPEN_CTR	3
	jmp		.Lopen_short_hash\@
.Lopen_short_ctr2\@:
	SHORT_OPEN_CTR	2
	jmp		.Lopen_short_hash\@
.Lopen_short_ctr01\@:
	test		%r10, %r10
	jz		.Lopen_short_no_text\@
	SHORT_OPEN_CTR	1
	jmp		.Lopen_short_hash\@
.Lopen_short_no_text\@:
	EXPAND_KEY	%ecx, %rsp, %xmm1, %xmm14
.Lopen_short_hash\@:
	OPEN_POLYVAL
	AESNI_ENCRYPT_128_256	vex, %rsp, %ecx, %xmm8, %xmm13
	vmovdqu		%xmm13, 64(%rsi)
	SHORT_WIPE_RET	OPEN_FRAME
SYM_FUNC_END(kfast_gcmsiv_open_short_\enc)
.endm

SHORT_FUNCS	aesni, vex
SHORT_FUNCS	vaes, vaes

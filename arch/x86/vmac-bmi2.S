/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01) for x86-64: scalar NH + L2 with MULX, the
 * AES-NI block encryption used for the per-message pad, and the end of a
 * message (pad, last partial block, L2's end, L3, tag) in one call.
 *
 * CPU-feature contract:
 *   vmac_blocks64_bmi2, vmac_blocks128_bmi2: BMI2 (MULX).  General-purpose
 *	registers only, so they need no kernel FPU section and run in any
 *	context.  %rbp is never touched: a frame-pointer unwinder that
 *	interrupts them follows it to the caller's frame.
 *   vmac_aesni_pad: AES-NI, SSSE3; the caller holds a kernel FPU section
 *	(kernel_fpu_begin()) in the kernel.  Its round keys come from
 *	kfast_aes_expandkey_ct() (<kfast/aes.h>).
 *   vmac_final64_aesni, vmac_final128_aesni, vmac_finup64_aesni,
 *   vmac_finup128_aesni: AES-NI, SSSE3, BMI2 (MULX, BZHI, SHRX); the
 *	caller holds a kernel FPU section.  %rbp is not touched.
 *
 * The maths is the same as in vmac/vmac_core.c (see the comments there):
 *
 *   NH (one 128-byte block, one iteration): sum over the 8 word pairs of
 *	(m[2j] + k[2j] mod 2^64) * (m[2j+1] + k[2j+1] mod 2^64)  mod 2^126,
 *	message words little-endian (plain loads), key words pre-converted
 *	from big-endian at setkey.  Iteration 1 uses the key 16 bytes on.
 *	Products are summed mod 2^128 with add/adc into two accumulators
 *	(even and odd pairs) to keep the carry chains short.
 *
 *   L2 step (POLY1): acc = acc * k + m mod p = 2^127 - 1, acc kept below
 *	2^127 + 8.  With 2^128 = 2 mod p:
 *	    acc * k = t0 + 2 * (t2 + hi(t1)) + lo(t1) * 2^64
 *	with t0 = al*kl, t1 = ah*kl + al*kh, t2 = ah*kh; add m, fold the
 *	bits above 127 back in (2^127 = 1 mod p).
 *
 *   Two L2 steps at once (POLY2, VMAC-64): acc = acc * k^2 + m1 * k + m2.
 *	The message part m1 * k + m2 is summed first, off the serial chain;
 *	then the four products of acc * k^2 are added and the 256-bit sum
 *	Z = z0 + z1 2^64 + z2 2^128 + z3 2^192 is reduced as
 *	    Z = (z0 + z1 2^64) + 2 * (z2 + z3 2^64)	(mod p)
 *	and folded at bit 127.  Only acc * k^2 is on the dependency chain,
 *	so the chain costs one multiply-and-reduce per two blocks.
 *
 *   Four L2 steps at once (POLY4, VMAC-64 runs of four blocks):
 *	acc = acc * k^4 + m1 * k^3 + m2 * k^2 + m3 * k + m4 with the key
 *	powers from setkey; one reduction per four blocks instead of two,
 *	which counts because the loop is bound by the integer ports, not
 *	by the chain.  POLY2 and POLY1 take the last 1-3 blocks.
 */
#include <linux/linkage.h>
#include "aes-aesni.S.inc"		/* AESNI_ENCRYPT */
/*
 * struct vmac_key offsets; NH_PAIR_SUM, NH_HALF, NH_BLOCK1, MULACC_Z,
 * FOLD127, POLY4_FINISH
 */
#include "vmac-scalar.S.inc"

	.text

/* ------------------------------------------------------------------------ */
/* AES-NI: one block                                                        */
/* ------------------------------------------------------------------------ */

/*
 * void vmac_aesni_pad(const u8 rk[15][16], unsigned int rounds,
 *		       const u8 nonce[16], unsigned int iters, u64 pad[2])
 *
 * PDF: AES of the nonce block, returned as two host-order words
 * (pad[0] = first 8 bytes big-endian, pad[1] = last 8).  For VMAC-64
 * (iters == 1) the nonce's last bit is cleared before encryption (it
 * selects the half, which the caller does).  Everything stays in
 * registers: no byte store feeds a wide load.
 */
SYM_FUNC_START(vmac_aesni_pad)
	movdqu		(%rdx), %xmm0
	cmpl		$1, %ecx
	jne		.Lpad_enc
	pand		.Lpad_clear_bit127(%rip), %xmm0
.Lpad_enc:
	AESNI_ENCRYPT	sse, %rdi, %esi, %xmm1, %xmm0
	pshufb		.Lpad_bswap64(%rip), %xmm0
	movdqu		%xmm0, (%r8)
	pxor		%xmm0, %xmm0
	pxor		%xmm1, %xmm1
	RET
SYM_FUNC_END(vmac_aesni_pad)

	.section	.rodata.cst16.vmac_pad, "aM", @progbits, 16
	.balign		16
.Lpad_clear_bit127:
	.octa		0xfeffffffffffffffffffffffffffffff
.Lpad_bswap64:
	.byte		7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.text

/* ------------------------------------------------------------------------ */
/* NH and L2 with MULX                                                      */
/* ------------------------------------------------------------------------ */

/*
 * NH of the 128-byte block at \off(P) with the key at \koff(KEY) into
 * (\hi:\lo), mod 2^126.  Even pairs go to (\hi:\lo), odd pairs to
 * (\bhi:\blo); \t0..\t2 are scratch, %rdx is MULX's implicit operand.
 */
.macro	NH_BLOCK off, koff, lo, hi, blo, bhi, t0, t1, t2
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	movq	\off + 16 * \j(P), %rdx
	addq	\koff + 16 * \j(KEY), %rdx
	movq	\off + 16 * \j + 8(P), \t0
	addq	\koff + 16 * \j + 8(KEY), \t0
	.if	\j % 2 == 0
	NH_PAIR_SUM	(\j == 0), \t0, \t1, \t2, \lo, \hi
	.else
	NH_PAIR_SUM	(\j == 1), \t0, \t1, \t2, \blo, \bhi
	.endif
	.endr
	addq	\blo, \lo
	adcq	\bhi, \hi
	shlq	$2, \hi			/* mod 2^126 */
	shrq	$2, \hi
.endm


/*
 * One L2 step: (\ah:\al) = (\ah:\al) * k + (\mh:\ml) mod 2^127 - 1 with k
 * at \koff(KEY) (high word first).  Each accumulator word is dead once it
 * is in %rdx, so its register takes a product: four scratch registers
 * (\a..\d) suffice.  \mh and \ml are consumed.
 */
.macro	POLY1 koff, ah, al, mh, ml, a, b, c, d
	movq	\al, %rdx
	mulx	\koff + 8(KEY), \al, \a		/* t0 = al * kl = (a:al) */
	mulx	\koff(KEY), \c, \d		/* al * kh */
	movq	\ah, %rdx
	mulx	\koff + 8(KEY), \b, \ah		/* ah * kl */
	addq	\c, \b
	adcq	\d, \ah				/* t1 = (ah:b), ah < 2^62 */
	mulx	\koff(KEY), \c, \d		/* t2 = ah * kh */
	addq	\ah, \c
	adcq	$0, \d				/* s = t2 + hi(t1) */
	addq	\c, \c
	adcq	\d, \d				/* 2s < 2^127 */
	addq	\c, \al
	adcq	\d, \a				/* x = t0 + 2s < 2^127 */
	addq	\ml, \al
	adcq	\b, \a				/* + lo(t1) * 2^64 + ml */
	movl	$0, %edx
	adcq	$0, %rdx
	addq	\mh, \a
	adcq	$0, %rdx			/* value = rdx * 2^128 + (a:al) */
	movq	\a, \c
	shrq	$63, \c
	leaq	(\c, %rdx, 2), \c		/* bits 127 and up, weighted 1 */
	btrq	$63, \a
	addq	\c, \al
	adcq	$0, \a
	movq	\a, \ah
.endm

/* POLY1 on an accumulator of 1: (\ah:\al) = k + (\mh:\ml), no multiplication. */
.macro	POLY1_FRESH koff, ah, al, mh, ml
	movq	\koff + 8(KEY), \al
	addq	\ml, \al
	movq	\koff(KEY), \ah
	adcq	\mh, \ah
.endm

/*
 * The body of vmac_blocks64_bmi2 (below), from its arguments to the
 * accumulator in AH:AL, with the callee-saved registers pushed (%rbx,
 * %r12..%r15) for the caller to pop.
 */
.macro	BLOCKS64
	.set	P, %rsi
	.set	KEY, %rcx
	.set	AH, %r14
	.set	AL, %r15
	.set	M1H, %r13
	.set	M1L, %rdi
	/*
	 * The two- and four-block steps use all fourteen general registers
	 * that are neither %rsp nor %rbp (the frame pointer, never a scratch
	 * register), so the end of the blocks lives on the stack.
	 */
	.set	END, 0
	.set	FRESH, 8

	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	movq	(%rdi), AH
	movq	8(%rdi), AL
	xorl	%eax, %eax
	testb	%r8b, %r8b
	jz	1f
	movq	AL, %rbx
	xorq	$1, %rbx
	orq	AH, %rbx
	jnz	1f
	movl	$1, %eax
1:
	push	%rax
	movq	%rdx, %rax
	shlq	$7, %rax
	addq	P, %rax
	push	%rax

	testb	$1, %dl
	jz	.L64_even\@
	movq	%rdx, M1H
	NH_BLOCK	0, VMAC_KEY_NH, %r9, %r10, %r11, %r12, %rax, %rbx, %r8
	cmpq	$0, FRESH(%rsp)
	je	.L64_odd_step\@
	POLY1_FRESH	VMAC_KEY_POLY, AH, AL, %r10, %r9
	movq	$0, FRESH(%rsp)
	jmp	.L64_odd_done\@
.L64_odd_step\@:
	POLY1		VMAC_KEY_POLY, AH, AL, %r10, %r9, %r11, %r12, %rbx, %r8
.L64_odd_done\@:
	movq	M1H, %rdx
	addq	$128, P
.L64_even\@:
	testb	$2, %dl
	jz	.L64_quads\@
	NH_BLOCK	0, VMAC_KEY_NH, M1L, M1H, %r9, %r10, %rax, %rbx, %r8
	NH_BLOCK	128, VMAC_KEY_NH, %r9, %r10, %r11, %r12, %rax, %rbx, %r8

	/*
	 * POLY2: Z = m1 * k + m2 + acc * k^2 in (z3:z2:z1:z0) =
	 * (%r12:%r11:%rbx:%rax), then reduce.  m2 = (%r10:%r9).
	 */
	movq	M1L, %rdx
	mulx	VMAC_KEY_POLY + 8(KEY), %rax, %rbx	/* m1l * kl: z0, z1 */
	mulx	VMAC_KEY_POLY(KEY), %r8, %r11		/* m1l * kh: z1, z2 */
	movq	M1H, %rdx
	mulx	VMAC_KEY_POLY(KEY), M1L, %r12		/* m1h * kh: z2, z3 */
	mulx	VMAC_KEY_POLY + 8(KEY), %rdx, M1H	/* m1h * kl: z1, z2 */
	addq	%r8, %rbx
	adcq	M1H, %r11
	adcq	$0, %r12
	addq	%rdx, %rbx
	adcq	M1L, %r11
	adcq	$0, %r12
	addq	%r9, %rax				/* + m2 */
	adcq	%r10, %rbx
	adcq	$0, %r11
	adcq	$0, %r12
	cmpq	$0, FRESH(%rsp)
	je	.L64_acc2\@
	/* acc = 1: + k^2 */
	addq	VMAC_KEY_POLY2 + 8(KEY), %rax
	adcq	VMAC_KEY_POLY2(KEY), %rbx
	adcq	$0, %r11
	adcq	$0, %r12
	movq	$0, FRESH(%rsp)
	jmp	.L64_fold2\@
.L64_acc2\@:
	/* + acc * k^2 */
	movq	AL, %rdx
	mulx	VMAC_KEY_POLY2 + 8(KEY), %r8, %r9	/* al * K2l */
	mulx	VMAC_KEY_POLY2(KEY), %r10, M1L		/* al * K2h */
	movq	AH, %rdx
	mulx	VMAC_KEY_POLY2 + 8(KEY), M1H, %rdx	/* ah * K2l */
	addq	%r8, %rax
	adcq	%r9, %rbx
	adcq	M1L, %r11
	adcq	$0, %r12
	addq	%r10, %rbx
	adcq	%rdx, %r11
	adcq	$0, %r12
	addq	M1H, %rbx
	adcq	$0, %r11
	adcq	$0, %r12
	movq	AH, %rdx
	mulx	VMAC_KEY_POLY2(KEY), %r8, %r9		/* ah * K2h */
	addq	%r8, %r11
	adcq	%r9, %r12
.L64_fold2\@:
	FOLD127	%rax, %rbx, %r11, %r12, AH, AL, 0
	addq	$256, P
.L64_quads\@:
	cmpq	END(%rsp), P
	je	.L64_done\@
.L64_four\@:
	/*
	 * Four blocks per turn (POLY4): acc = acc * k^4 + m1 * k^3 + m2 * k^2
	 * + m3 * k + m4 with k^2..k^4 fully reduced (< 2^127), m < 2^126 and
	 * acc <= 2^127 + 4.  The message part is summed as each NH value
	 * comes out; only acc * k^4 and the reduction are on the serial
	 * chain.  Z < 2^254 + 2^130 + 2 * 2^253 + 2^251 + 2^126 < 2^256 fits
	 * four words, but z3 may reach 2^63, so the doubling in the reduction
	 * keeps its carry.  Fewer instructions per block than POLY2 (one
	 * reduction per four blocks).
	 */
	.set	Z0, %r10
	.set	Z1, %r11
	.set	Z2, %r12
	.set	Z3, %r13
	NH_BLOCK1	0, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9
	MULACC_Z	%rbx, %rax, VMAC_KEY_POLY3(KEY), VMAC_KEY_POLY3 + 8(KEY), 1, %r8, %r9, %rdi, %rax
	NH_BLOCK1	128, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9
	MULACC_Z	%rbx, %rax, VMAC_KEY_POLY2(KEY), VMAC_KEY_POLY2 + 8(KEY), 0, %r8, %r9, %rdi, %rax
	NH_BLOCK1	256, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9
	MULACC_Z	%rbx, %rax, VMAC_KEY_POLY(KEY), VMAC_KEY_POLY + 8(KEY), 0, %r8, %r9, %rdi, %rax
	NH_BLOCK1	384, VMAC_KEY_NH, %rax, %rbx, %rdi, %r8, %r9
	addq	%rax, Z0				/* + m4 */
	adcq	%rbx, Z1
	adcq	$0, Z2
	adcq	$0, Z3
	cmpq	$0, FRESH(%rsp)
	je	.L64_acc4\@
	/* acc = 1: + k^4 */
	addq	VMAC_KEY_POLY4 + 8(KEY), Z0
	adcq	VMAC_KEY_POLY4(KEY), Z1
	adcq	$0, Z2
	adcq	$0, Z3
	movq	$0, FRESH(%rsp)
	FOLD127	Z0, Z1, Z2, Z3, AH, AL, 1
	jmp	.L64_next4\@
.L64_acc4\@:
	POLY4_FINISH
.L64_next4\@:
	addq	$512, P
	cmpq	END(%rsp), P
	jb	.L64_four\@
.L64_done\@:
	addq	$16, %rsp
	pop	%rdi
.endm

/*
 * void vmac_blocks64_bmi2(u64 poly[2], const u8 *p, size_t nblocks,
 *			   const struct vmac_key *key, bool first)
 *
 * VMAC-64 NH + L2 over nblocks >= 1 whole blocks; poly = {ah, al}.  The
 * nblocks mod 4 leading blocks go first (one, then two), the rest four at
 * a time: the same Horner steps in the same order, grouped differently.
 * Every step accepts what any step returns, so any grouping is valid.
 * first: p starts the message (public); if the accumulator is then 1 (the
 * initial one; an imported state may have another), the first step adds
 * k^j instead of multiplying acc by it (FRESH on the stack until then).
 */
SYM_FUNC_START(vmac_blocks64_bmi2)
	BLOCKS64
	movq	AH, (%rdi)
	movq	AL, 8(%rdi)
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
SYM_FUNC_END(vmac_blocks64_bmi2)

/*
 * NH of the 128-byte block at P for both of VMAC-128's iterations, into
 * (\hi0:\lo0) with the key at VMAC_KEY_NH and (\hi1:\lo1) with the key
 * two words on.  Each message word is read once: m + k' comes from m + k
 * by adding nhdiff = k' - k (mod 2^64).  \t0..\t2 are scratch, %rdx is
 * MULX's implicit operand.
 */
.macro	NH_BLOCK_BOTH lo0, hi0, lo1, hi1, t0, t1, t2
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	movq	16 * \j(P), %rdx
	addq	VMAC_KEY_NH + 16 * \j(KEY), %rdx
	movq	16 * \j + 8(P), \t0
	addq	VMAC_KEY_NH + 16 * \j + 8(KEY), \t0
	NH_PAIR_SUM	(\j == 0), \t0, \t1, \t2, \lo0, \hi0
	addq	VMAC_KEY_NHDIFF + 16 * \j(KEY), %rdx
	addq	VMAC_KEY_NHDIFF + 16 * \j + 8(KEY), \t0
	NH_PAIR_SUM	(\j == 0), \t0, \t1, \t2, \lo1, \hi1
	.endr
	shlq	$2, \hi0			/* mod 2^126 */
	shrq	$2, \hi0
	shlq	$2, \hi1
	shrq	$2, \hi1
.endm

/*
 * The body of vmac_blocks128_bmi2 (below), from its arguments to the
 * accumulators in AH0:AL0, AH1:AL1, with the callee-saved registers pushed
 * (%rbx, %r12..%r15) for the caller to pop.
 */
.macro	BLOCKS128
	.set	P, %rsi
	.set	KEY, %rcx
	.set	AH0, %r12
	.set	AL0, %r13
	.set	AH1, %r14
	.set	AL1, %r15

	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	push	%rdx			/* block counter at (%rsp) */
	movq	(%rdi), AH0
	movq	8(%rdi), AL0
	movq	16(%rdi), AH1
	movq	24(%rdi), AL1
	testb	%r8b, %r8b
	jz	.L128_block\@
	movq	AL0, %rax
	xorq	$1, %rax
	orq	AH0, %rax
	movq	AL1, %rdx
	xorq	$1, %rdx
	orq	AH1, %rdx
	orq	%rdx, %rax
	jnz	.L128_block\@
	NH_BLOCK_BOTH	%r9, %r10, %r11, %rdi, %rax, %rbx, %r8
	POLY1_FRESH	VMAC_KEY_POLY, AH0, AL0, %r10, %r9
	POLY1_FRESH	VMAC_KEY_POLY + 16, AH1, AL1, %rdi, %r11
	addq	$128, P
	decq	(%rsp)
	jz	.L128_end\@
	/* the loop's speed moves by a few percent with where it falls */
	.p2align 5
.L128_block\@:
	NH_BLOCK	0, VMAC_KEY_NH, %r9, %r10, %r11, %rdi, %rax, %rbx, %r8
	POLY1		VMAC_KEY_POLY, AH0, AL0, %r10, %r9, %r11, %rdi, %rbx, %r8
	NH_BLOCK	0, VMAC_KEY_NH + 16, %r9, %r10, %r11, %rdi, %rax, %rbx, %r8
	POLY1		VMAC_KEY_POLY + 16, AH1, AL1, %r10, %r9, %r11, %rdi, %rbx, %r8
	addq	$128, P
	decq	(%rsp)
	jnz	.L128_block\@
.L128_end\@:
	pop	%rdx
	pop	%rdi
.endm

/*
 * void vmac_blocks128_bmi2(u64 poly[2][2], const u8 *p, size_t nblocks,
 *			    const struct vmac_key *key, bool first)
 *
 * VMAC-128 NH + L2 over nblocks >= 1 whole blocks, both iterations; the
 * two L2 chains are independent and interleave in the out-of-order core.
 * first and both accumulators 1: the first block's step is k + m, as in
 * vmac_blocks64_bmi2, and its NH reads each message word once for both
 * iterations (NH_BLOCK_BOTH): a short message's chain starts there.  The
 * loop keeps one NH per iteration, each followed by its step: with both
 * NH values live, the multiplying steps would be a register short.
 */
SYM_FUNC_START(vmac_blocks128_bmi2)
	BLOCKS128
	movq	AH0, (%rdi)
	movq	AL0, 8(%rdi)
	movq	AH1, 16(%rdi)
	movq	AL1, 24(%rdi)
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
SYM_FUNC_END(vmac_blocks128_bmi2)

/* ------------------------------------------------------------------------ */
/* The end of a message in one call                                         */
/* ------------------------------------------------------------------------ */

/*
 * The end of L2 and L3 for iteration \it, as vmac_l2_l3(): y = (r8:r15)
 * with the length term added, bit 127 folded once (at most p, and y = p
 * stands for 0), then L3 into \out.  KEY: struct vmac_key.  Clobbers
 * rax, rbx, rdx, r8, r10, r12, r14, r15.
 */
.macro	L2_END_L3 it, out
	movq	%r8, %rax
	shrq	$63, %rax
	btrq	$63, %r8
	addq	%rax, %r15
	adcq	$0, %r8
	/* keep = 0 if y = p: h + (l == 2^64 - 1) reaches 2^63 only then */
	movq	%r15, %rax
	addq	$1, %rax
	movq	%r8, %r14
	adcq	$0, %r14
	shrq	$63, %r14
	decq	%r14
	/* m1 = y div (2^64 - 2^32), m2 = y mod (2^64 - 2^32) */
	movq	%r8, %r10
	shrq	$32, %r10			/* h1 */
	movl	%r8d, %ebx			/* h0 */
	movq	%r15, %r12
	shrq	$32, %r12			/* l1 */
	addq	%r10, %rbx
	addq	%r12, %rbx			/* s = h1 + h0 + l1 */
	movq	%rbx, %r12
	shrq	$32, %r12
	leaq	1(%rbx, %r12), %rbx
	shrq	$32, %rbx			/* s div (2^32 - 1) */
	addq	%r10, %r8
	addq	%rbx, %r8			/* m1 */
	movq	%r8, %r10
	shlq	$32, %r10
	addq	%r10, %r15			/* m2 */
	andq	%r14, %r8
	andq	%r14, %r15
	/* (m1 + k1) (m2 + k2) mod 2^64 - 257, with 2^64 = 257 */
	addq	VMAC_KEY_L3 + 16 * \it(KEY), %r8
	sbbq	%rbx, %rbx
	andl	$257, %ebx
	addq	%rbx, %r8
	addq	VMAC_KEY_L3 + 16 * \it + 8(KEY), %r15
	sbbq	%r12, %r12
	andl	$257, %r12d
	addq	%r12, %r15
	movq	%r8, %rdx
	mulx	%r15, %r8, %r15
	movl	$257, %edx
	mulx	%r15, %r15, %r10
	addq	%r8, %r15
	adcq	$0, %r10			/* (r10:r15) < 2^73 + 2^64 */
	imulq	$257, %r10, %r10		/* < 2^18 */
	addq	%r10, %r15			/* r */
	sbbq	%rbx, %rbx
	movq	%r15, \out
	addq	$257, \out
	sbbq	%r10, %r10
	/* r + 257 if that or r wrapped (r >= 2^64 - 257 or r >= 2^64) */
	orq	%rbx, %r10
	cmovzq	%r15, \out
.endm

/*
 * The tag word of iteration \it into \out: NH of the last, partial block
 * (the msglen % 128 bytes at BUF, zero-padded to a multiple of 16), the L2
 * step that takes it (none for the only block: y = k + m), the length term,
 * the end of L2 and L3, as vmac_final_iters() and vmac_l2_l3() in
 * vmac/vmac_core.c.  The branches depend on msglen only.  The partial
 * block's last pair goes first and sets the sum, the pairs before it add
 * to it.  Its words: with \back = 0 whole words at BUF, masked with BZHI
 * to the pair's b bytes (BUF is a 128-byte buffer); with \back = 1 (BUF is
 * in the message itself, and the 16 bytes that end the message are
 * readable) the word that ends the message, shifted down, and a whole word
 * before it if b > 8: nothing past the message is read.  \d is a scratch
 * register for POLY1.  Clobbers rax, rbx, rdx, r8, r10, r12, r14, r15 and
 * \d.
 */
.macro	FINAL_WORD it, out, d, back
	movl	%ecx, %eax
	andl	$127, %eax	/* rem */
	jz	.Lnotail\@
	leal	-1(%rax), %r15d
	movl	%r15d, %r10d
	andl	$15, %r10d
	leal	8(, %r10, 8), %r10d		/* bits in the last pair: 8b, 8..128 */
	shrl	$4, %r15d			/* pairs before it */
	movl	%r15d, %eax
	shll	$4, %eax
	leaq	(BUF, %rax), %r8
	leaq	VMAC_KEY_NH + 16 * \it(KEY, %rax), %rax
	.if	\back
	movl	%r10d, %edx
	shrl	$3, %edx
	movq	-8(%r8, %rdx), %r12		/* the message's last 8 bytes */
	negl	%r10d
	cmpl	$-64, %r10d
	jge	.Lsmall\@
	addl	$128, %r10d
	shrx	%r10, %r12, %r12		/* b > 8: the second word's 8b - 64 bits */
	movq	(%r8), %rdx
	jmp	.Lpair\@
.Lsmall\@:
	addl	$64, %r10d
	shrx	%r10, %r12, %rdx		/* b <= 8: the first word's 8b bits */
	xorl	%r12d, %r12d
.Lpair\@:
	.else
	bzhi	%r10, (%r8), %rdx		/* all 64 bits from 64 on */
	xorl	%ebx, %ebx
	subl	$64, %r10d
	cmovsl	%ebx, %r10d
	bzhi	%r10, 8(%r8), %r12
	.endif
	addq	(%rax), %rdx
	addq	8(%rax), %r12
	mulx	%r12, %rbx, %r12		/* the sum (r12:rbx) */
	.irp	j, 0, 1, 2, 3, 4, 5, 6
	cmpl	$\j, %r15d
	jbe	1f
	movq	16 * \j(BUF), %rdx
	addq	VMAC_KEY_NH + 16 * \it + 16 * \j(KEY), %rdx
	movq	16 * \j + 8(BUF), %rax
	addq	VMAC_KEY_NH + 16 * \it + 16 * \j + 8(KEY), %rax
	mulx	%rax, %rax, %r10
	addq	%rax, %rbx
	adcq	%r10, %r12
	.endr
1:
	movl	$62, %eax
	bzhi	%rax, %r12, %r12		/* mod 2^126 */
	cmpq	$128, %rcx
	jae	.Lstep\@
	/* The only block: y = 1 * k + m, no multiplication. */
	movq	VMAC_KEY_POLY + 16 * \it + 8(KEY), %r15
	movq	VMAC_KEY_POLY + 16 * \it(KEY), %r8
	addq	%rbx, %r15
	adcq	%r12, %r8
	jmp	.Ll3\@
.Lstep\@:
	movq	16 * \it(POLYP), %r8
	movq	16 * \it + 8(POLYP), %r15
	POLY1	(VMAC_KEY_POLY + 16 * \it), %r8, %r15, %r12, %rbx, %rax, %r10, %r14, \d
	jmp	.Ll3\@
.Lnotail\@:
	/* No partial block: y = k for the empty message, else the sum so far. */
	testq	%rcx, %rcx
	jnz	.Lacc\@
	movq	VMAC_KEY_POLY + 16 * \it + 8(KEY), %r15
	movq	VMAC_KEY_POLY + 16 * \it(KEY), %r8
	jmp	.Ll3\@
.Lacc\@:
	movq	16 * \it(POLYP), %r8
	movq	16 * \it + 8(POLYP), %r15
.Ll3\@:
	/* y = (r8:r15) + (bitlen mod 1024) 2^64 */
	movl	%ecx, %eax
	andl	$127, %eax
	shll	$3, %eax
	addq	%rax, %r8
	L2_END_L3	\it, \out
.endm

/*
 * The pad: AES of the nonce at %r8 under the key's AES-NI schedule (KEY)
 * into xmm0, and in xmm2 the byte shuffle that makes its words host-order
 * (VMAC-64: the half the nonce's last bit, public, chooses).  The
 * nonce is read as two 8-byte halves, which the store forwarding of a
 * nonce just written by 8-byte stores serves (a 16-byte load would wait
 * for those stores to reach the cache).  Clobbers rax, r10, xmm1.
 */
.macro	PAD_AES iters
	movq	(%r8), %xmm0
	movq	8(%r8), %xmm1
	punpcklqdq	%xmm1, %xmm0
	.if	\iters == 1
	movzbl	15(%r8), %eax
	andl	$1, %eax
	shll	$4, %eax
	leaq	.Lfinal_half(%rip), %r10
	movdqa	(%r10, %rax), %xmm2
	pand	.Lpad_clear_bit127(%rip), %xmm0
	.else
	movdqa	.Lpad_bswap64(%rip), %xmm2
	.endif
	leaq	VMAC_KEY_AESNI_RK(KEY), %rax
	movl	VMAC_KEY_AESNI_ROUNDS(KEY), %r10d
	AESNI_ENCRYPT	sse, %rax, %r10d, %xmm1, %xmm0
.endm

/*
 * The tag words, pad + L3 big-endian, into %rax (and %rdx for VMAC-128)
 * from PAD_AES's xmm0, xmm2 and the L3 values \w0, \w1; xmm0 and xmm1
 * wiped.
 */
.macro	PAD_TAG iters, w0, w1
	pshufb	%xmm2, %xmm0
	movq	%xmm0, %rax
	addq	\w0, %rax
	bswapq	%rax
	.if	\iters == 2
	punpckhqdq	%xmm0, %xmm0
	movq	%xmm0, %rdx
	addq	\w1, %rdx
	bswapq	%rdx
	.endif
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
.endm

/*
 * void vmac_final64_aesni(const struct vmac_key *key, const u64 poly[2],
 *			   const u8 buf[128], u64 msglen,
 *			   const u8 nonce[16], u8 tag[8])
 * void vmac_final128_aesni(const struct vmac_key *key, const u64 poly[2][2],
 *			    const u8 buf[128], u64 msglen,
 *			    const u8 nonce[16], u8 tag[16])
 * void vmac_finup64_aesni(const struct vmac_key *key, const u64 poly[2],
 *			   const u8 *tail, u64 msglen,
 *			   const u8 nonce[16], u8 tag[8])
 * void vmac_finup128_aesni(const struct vmac_key *key, const u64 poly[2][2],
 *			    const u8 *tail, u64 msglen,
 *			    const u8 nonce[16], u8 tag[16])
 *
 * The end of a message: the pad, the last partial block (msglen % 128
 * bytes, in the 128-byte buffer buf, or for the finup forms at tail in the
 * message itself, where the 16 bytes before tail + msglen % 128 must be
 * readable) and the tag, all in registers.  poly: the L2 sums of the whole
 * blocks so far (read only if msglen >= 128).  The AES rounds of the pad
 * (PAD_AES) come first: the longest chain, which the scalar work then
 * overlaps.
 */
.macro	FINAL iters, back
	.set	KEY, %rdi
	.set	POLYP, %rsi
	.set	BUF, %r11

	PAD_AES	\iters

	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	movq	%rdx, BUF
	FINAL_WORD	0, %r13, %r13, \back
	.if	\iters == 2
	FINAL_WORD	1, %r11, %rsi, \back
	.endif

	PAD_TAG	\iters, %r13, %r11
	movq	%rax, (%r9)
	.if	\iters == 2
	movq	%rdx, 8(%r9)
	.endif
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
.endm

SYM_FUNC_START(vmac_final64_aesni)
	FINAL	1, 0
SYM_FUNC_END(vmac_final64_aesni)

SYM_FUNC_START(vmac_final128_aesni)
	FINAL	2, 0
SYM_FUNC_END(vmac_final128_aesni)

SYM_FUNC_START(vmac_finup64_aesni)
	FINAL	1, 1
SYM_FUNC_END(vmac_finup64_aesni)

SYM_FUNC_START(vmac_finup128_aesni)
	FINAL	2, 1
SYM_FUNC_END(vmac_finup128_aesni)

/*
 * void vmac_whole64_bmi2(const struct vmac_key *key, const u64 poly[2],
 *			  const u8 *p, size_t nblocks, const u8 nonce[16],
 *			  u8 tag[8])
 * void vmac_whole128_bmi2(const struct vmac_key *key, const u64 poly[2][2],
 *			   const u8 *p, size_t nblocks, const u8 nonce[16],
 *			   u8 tag[16])
 *
 * A message of nblocks >= 1 whole blocks on a fresh context (poly as for
 * vmac_blocks*_bmi2 with first set), blocks and end in one call: the sums
 * go from the last L2 step to L3 in registers, not through poly[] (a
 * message of one to seven blocks waits for that chain).  The pad's AES
 * comes after the blocks, beside L3, as in two calls (issued first, its
 * rounds hold up the blocks).  The length term is 0 (128 nblocks
 * bytes are 0 bits mod 1024).  The nonce and tag pointers wait on the
 * stack, above the five registers BLOCKS64/BLOCKS128 leave pushed.
 */
.macro	WHOLE iters
	push	%r9
	push	%r8
	movq	%rdi, %rax
	movq	%rsi, %rdi
	movq	%rdx, %rsi
	movq	%rcx, %rdx
	movq	%rax, %rcx
	movl	$1, %r8d
	.if	\iters == 1
	BLOCKS64
	.else
	BLOCKS128
	.endif
	movq	40(%rsp), %r8			/* nonce */
	PAD_AES	\iters
	.if	\iters == 1
	movq	AH, %r8				/* AL is %r15 */
	L2_END_L3	0, %r13
	.else
	movq	AH1, %r9
	movq	AL1, %r11
	movq	AH0, %r8
	movq	AL0, %r15
	L2_END_L3	0, %r13
	movq	%r9, %r8
	movq	%r11, %r15
	L2_END_L3	1, %r11
	.endif
	PAD_TAG	\iters, %r13, %r11
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%r8
	pop	%r9
	movq	%rax, (%r9)
	.if	\iters == 2
	movq	%rdx, 8(%r9)
	.endif
	RET
.endm

SYM_FUNC_START(vmac_whole64_bmi2)
	WHOLE	1
SYM_FUNC_END(vmac_whole64_bmi2)

SYM_FUNC_START(vmac_whole128_bmi2)
	WHOLE	2
SYM_FUNC_END(vmac_whole128_bmi2)

	.section	.rodata.cst32.vmac_final, "aM", @progbits, 32
	.balign		32
/* PSHUFB masks: half 0 or half 1 of the AES output, big-endian, as the low word. */
.Lfinal_half:
	.byte		7, 6, 5, 4, 3, 2, 1, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte		15, 14, 13, 12, 11, 10, 9, 8, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.text

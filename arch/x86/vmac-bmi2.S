/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VMAC (draft-krovetz-vmac-01) for x86-64: scalar NH + L2 with MULX, and the
 * AES-NI block encryption used for the per-message pad.
 *
 * CPU-feature contract:
 *   vmac_blocks64_bmi2, vmac_blocks128_bmi2: BMI2 (MULX).  General-purpose
 *	registers only, so they need no kernel FPU section and run in any
 *	context.  %rbp is never touched: a frame-pointer unwinder that
 *	interrupts them follows it to the caller's frame.
 *   vmac_aesni_pad: AES-NI, SSSE3; the caller holds a kernel FPU section
 *	(kernel_fpu_begin()) in the kernel.  Its round keys come from
 *	kfast_aes_expandkey_ct() (<kfast/aes.h>).
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
 *	powers from setkey; one reduction per four blocks instead of two:
 *	2-3% fewer cycles per block than POLY2 on an Intel Xeon family 6
 *	model 207 (the loop is bound by the integer ports, ~15 TSC cycles
 *	per block, not by the chain).  POLY2 and POLY1 take the last 1-3
 *	blocks.
 */
#include <linux/linkage.h>
#include "aes-aesni.S.inc"		/* AESNI_ENCRYPT */
/* struct vmac_key offsets; NH_HALF, NH_BLOCK1, MULACC_Z, FOLD127, POLY4_FINISH */
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
	.if	\j == 0
	mulx	\t0, \lo, \hi
	.elseif	\j == 1
	mulx	\t0, \blo, \bhi
	.else
	mulx	\t0, \t1, \t2
	.if	\j % 2 == 0
	addq	\t1, \lo
	adcq	\t2, \hi
	.else
	addq	\t1, \blo
	adcq	\t2, \bhi
	.endif
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

/*
 * void vmac_blocks64_bmi2(u64 poly[2], const u8 *p, size_t nblocks,
 *			   const struct vmac_key *key)
 *
 * VMAC-64 NH + L2 over nblocks >= 1 whole blocks; poly = {ah, al}.  The
 * nblocks mod 4 leading blocks go first (one, then two), the rest four at
 * a time: the same Horner steps in the same order, grouped differently.
 * Every step accepts what any step returns, so any grouping is valid.
 */
SYM_FUNC_START(vmac_blocks64_bmi2)
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

	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	movq	%rdx, %rax
	shlq	$7, %rax
	addq	P, %rax
	push	%rax
	movq	(%rdi), AH
	movq	8(%rdi), AL

	testb	$1, %dl
	jz	.L64_even
	movq	%rdx, M1H
	NH_BLOCK	0, VMAC_KEY_NH, %r9, %r10, %r11, %r12, %rax, %rbx, %r8
	POLY1		VMAC_KEY_POLY, AH, AL, %r10, %r9, %r11, %r12, %rbx, %r8
	movq	M1H, %rdx
	addq	$128, P
.L64_even:
	testb	$2, %dl
	jz	.L64_quads
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
	FOLD127	%rax, %rbx, %r11, %r12, AH, AL, 0
	addq	$256, P
.L64_quads:
	cmpq	END(%rsp), P
	je	.L64_done
.L64_four:
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
	POLY4_FINISH
	addq	$512, P
	cmpq	END(%rsp), P
	jb	.L64_four
.L64_done:
	addq	$8, %rsp
	pop	%rdi
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
 * void vmac_blocks128_bmi2(u64 poly[2][2], const u8 *p, size_t nblocks,
 *			    const struct vmac_key *key)
 *
 * VMAC-128 NH + L2 over nblocks >= 1 whole blocks, both iterations; the
 * two L2 chains are independent and interleave in the out-of-order core.
 */
SYM_FUNC_START(vmac_blocks128_bmi2)
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
.L128_block:
	NH_BLOCK	0, VMAC_KEY_NH, %r9, %r10, %r11, %rdi, %rax, %rbx, %r8
	POLY1		VMAC_KEY_POLY, AH0, AL0, %r10, %r9, %r11, %rdi, %rbx, %r8
	NH_BLOCK	0, VMAC_KEY_NH + 16, %r9, %r10, %r11, %rdi, %rax, %rbx, %r8
	POLY1		VMAC_KEY_POLY + 16, AH1, AL1, %r10, %r9, %r11, %rdi, %rbx, %r8
	addq	$128, P
	decq	(%rsp)
	jnz	.L128_block

	pop	%rdx
	pop	%rdi
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

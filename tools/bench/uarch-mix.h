/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The uop mixes that stand for the hardware bound of each hot loop
 * (Documentation/hardware-bound.md), as gas text for a timing loop, and the
 * loop that times them: shared by uarch-probe (which prints their
 * throughputs) and kfast_bench (which times each against the 16 KiB
 * messages of its tier, bound.c).  A mix is the loop's vector uops per so
 * many bytes (NAME_MIX_BYTES; NAME_MIX_WHAT says what it counts), each an
 * instruction whose sources nothing in the mix writes
 * (or a chain of its own register, long enough apart), so that only the
 * ports limit it.  The instructions need AVX-512F, VAES, VPCLMULQDQ and
 * AVX512IFMA; the caller checks.
 */
#ifndef KFAST_BENCH_UARCH_MIX_H
#define KFAST_BENCH_UARCH_MIX_H

#include <stdint.h>

static inline uint64_t uarch_tsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence; rdtsc; lfence" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

#define CLOBBERS "memory", "cc", "rax", "rdx", "r8", "r9", "r10", "r11", \
	"xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", \
	"xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", \
	"xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", \
	"xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"

/* TSC cycles per instance of body (which has per instances), fastest of reps. */
#define UARCH_TIME(body, per, loops, reps) ({					\
	double best_ = 1e30;						\
	for (int k_ = 0; k_ < (reps); k_++) {				\
		uint64_t n_ = (loops), a_ = uarch_tsc();			\
		__asm__ volatile("1:\n" body "dec %0\njnz 1b\n"		\
				 : "+r"(n_) : : CLOBBERS);		\
		double c_ = (double)(uarch_tsc() - a_) / ((double)(loops) * (per)); \
		if (c_ < best_)						\
			best_ = c_;					\
	}								\
	best_; })

/*
 * One instruction on each register of a list (gas .irp on \r), independent
 * of each other: the whole-loop mixes below are these in the loop's counts.
 */
#define IFMA_LO "vpmadd52luq %%zmm31, %%zmm30, %%zmm\\r\n"
#define IFMA_HI "vpmadd52huq %%zmm31, %%zmm30, %%zmm\\r\n"
#define ADDQ "vpaddq %%zmm31, %%zmm30, %%zmm\\r\n"
#define SRLQ "vpsrlq $32, %%zmm31, %%zmm\\r\n"
#define SHUF "vshufi64x2 $0x4e, %%zmm31, %%zmm30, %%zmm\\r\n"
#define UNPL "vpunpcklqdq %%zmm31, %%zmm30, %%zmm\\r\n"
#define UNPH "vpunpckhqdq %%zmm31, %%zmm30, %%zmm\\r\n"
#define XORQ "vpxorq %%zmm31, %%zmm30, %%zmm\\r\n"
#define AESQ "vaesenc %%zmm31, %%zmm\\r, %%zmm\\r\n"
#define CLMQ "vpclmulqdq $0x00, %%zmm31, %%zmm30, %%zmm\\r\n"
#define AESDQ "vaesdec %%zmm31, %%zmm\\r, %%zmm\\r\n"
#define ADDD "vpaddd %%zmm31, %%zmm30, %%zmm\\r\n"
#define MULQ "vpmuludq %%zmm31, %%zmm30, %%zmm\\r\n"
/*
 * A loop's count of one instruction, spread over eight slices (\s of an
 * enclosing .irp s, 0..7): slice s gets n(s+1)/8 - ns/8 of them, on up to
 * 40 destinations zmm0..zmm19 taken in turn, so that the classes of a
 * mix are interleaved as in the loop and not issued in long runs.
 */
#define REGS20 "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19"
#define SLICE(n, insn) ".set mixleft, (" #n " * (\\s + 1)) / 8 - (" #n " * \\s) / 8\n" \
	".rept 2\n.irp r, " REGS20 "\n.if mixleft > 0\n" insn \
	".set mixleft, mixleft - 1\n.endif\n.endr\n.endr\n"
#define SLICES(body) ".irp s, 0, 1, 2, 3, 4, 5, 6, 7\n" body ".endr\n"
#define SLLQ "vpsllq $32, %%zmm31, %%zmm\\r\n"
#define ANDQ "vpandq %%zmm31, %%zmm30, %%zmm\\r\n"
#define EXT4 "vextracti64x4 $1, %%zmm31, %%ymm\\r\n"
#define EXT2 "vextracti32x4 $2, %%zmm31, %%xmm\\r\n"
/* A zeroing idiom, as the loops clear their accumulators. */
#define ZERO "vpxorq %%zmm\\r, %%zmm\\r, %%zmm\\r\n"
/*
 * VMAC-64's IFMA loop (vmac_blocks64_avx512) per 2 KiB, its vector
 * instructions as the object code has them: 146 IFMA, 60 VPADDQ, 37
 * shifts, 71 lane shuffles, extracts and unpacks, 2 VPANDQ and 30 zeroing
 * idioms.
 */
#define VMAC64_MIX_BYTES 2048
#define VMAC64_MIX_WHAT "146 IFMA and 170 other vector uops, 30 zeroing idioms per 2 KiB"
#define VMAC64_MIX SLICES(SLICE(82, IFMA_LO) SLICE(64, IFMA_HI) SLICE(60, ADDQ) \
	SLICE(36, SRLQ) SLICE(1, SLLQ) SLICE(36, SHUF) SLICE(16, UNPL) SLICE(16, UNPH) \
	SLICE(3, EXT4) SLICE(2, ANDQ) SLICE(30, ZERO))
/*
 * VMAC-128's (vmac_blocks128_avx512) the same way: 292 IFMA, 96 VPADDQ,
 * 74 shifts, 102 lane shuffles, extracts and unpacks, 4 VPANDQ and 36
 * zeroing idioms.
 */
#define VMAC128_MIX_BYTES 2048
#define VMAC128_MIX_WHAT "292 IFMA and 276 other vector uops, 36 zeroing idioms per 2 KiB"
#define VMAC128_MIX SLICES(SLICE(164, IFMA_LO) SLICE(128, IFMA_HI) SLICE(96, ADDQ) \
	SLICE(72, SRLQ) SLICE(2, SLLQ) SLICE(64, SHUF) SLICE(16, UNPL) SLICE(16, UNPH) \
	SLICE(6, EXT4) SLICE(4, ANDQ) SLICE(36, ZERO))
/*
 * The AES passes (CTR, OCB) per 256 bytes, four zmm blocks a VAESENC or
 * VAESDEC: AES-128's 40 rounds and AES-256's 56, on ten and fourteen
 * chains (a round's latency is four cycles, Zen 5 issues two a cycle).
 */
#define AES_MIX_BYTES 256
#define CTR128_MIX_WHAT "40 VAESENC zmm per 256 B"
#define CTR256_MIX_WHAT "56 VAESENC zmm per 256 B"
#define DEC128_MIX_WHAT "40 VAESDEC zmm per 256 B"
#define DEC256_MIX_WHAT "56 VAESDEC zmm per 256 B"
#define CTR128_MIX ".rept 4\n.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9\n" AESQ ".endr\n.endr\n"
#define CTR256_MIX ".rept 4\n.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13\n" \
	AESQ ".endr\n.endr\n"
#define DEC128_MIX ".rept 4\n.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9\n" AESDQ ".endr\n.endr\n"
#define DEC256_MIX ".rept 4\n.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13\n" \
	AESDQ ".endr\n.endr\n"
/* POLYVAL per 512 bytes (the zmm tier): 26 VPCLMULQDQ zmm. */
#define POLYVAL_MIX_BYTES 512
#define POLYVAL_MIX_WHAT "26 VPCLMULQDQ zmm per 512 B"
#define POLYVAL_MIX ".rept 2\n.irp r, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26\n" \
	CLMQ ".endr\n.endr\n"
/*
 * AES-GCM-SIV's wide decryption (kfast_gcmsiv_dec_vaes_avx512) per 32
 * blocks of AES-128: 80 VAESENC (eight chains), 26 VPCLMULQDQ and 67
 * other vector uops (XOR, VPTERNLOGD, VPSHUFD, VPADDD, extracts), as XORs.
 */
#define GSVDEC_MIX_BYTES 512
#define GSVDEC_MIX_WHAT "80 VAESENC, 26 VPCLMULQDQ and 67 other vector uops per 512 B"
#define GSVDEC_AES_CLMUL ".rept 10\n.irp r, 0, 1, 2, 3, 4, 5, 6, 7\n" AESQ ".endr\n.endr\n" \
	POLYVAL_MIX
#define GSVDEC_MIX GSVDEC_AES_CLMUL \
	".rept 7\n.irp r, 21, 22, 23, 24, 25, 26, 27, 28, 29\n" XORQ ".endr\n.endr\n" \
	".irp r, 21, 22, 23, 24\n" XORQ ".endr\n"
/*
 * The fold of a chunk's two accumulators of one iteration to the scalar L1
 * word that POLY takes (NH_FOLD: an add, the two lane extracts with their
 * adds, a VPSHUFD and its add, the move to a general-purpose register),
 * which is a chain of its own in each chunk.
 */
#define UMACFOLD "vpaddq %%zmm31, %%zmm30, %%zmm8\n" \
	"vextracti64x4 $1, %%zmm8, %%ymm9\n" \
	"vpaddq %%ymm9, %%ymm8, %%ymm9\n" \
	"vextracti128 $1, %%ymm9, %%xmm8\n" \
	"vpaddq %%xmm8, %%xmm9, %%xmm9\n" \
	"vpshufd $0x4e, %%xmm9, %%xmm8\n" \
	"vpaddq %%xmm8, %%xmm9, %%xmm9\n" \
	"vmovq %%xmm9, %%rax\n"
/*
 * UMAC's chunk loop with n iterations (umac_nh_poly_avx512_n) per KiB, as
 * the object code has it: per 128 bytes the two lane shuffles that all
 * iterations share, then per iteration two VPADDD (the key), two
 * VPMULUDQ, two VPSRLQ and two VPADDQ (the accumulators); per chunk two
 * zeroing idioms per iteration and the fold: UMACFOLD for one iteration,
 * the transposing fold for more (NH_FOLD_T: n + 4 VPADDQ, four unpacks,
 * three lane shuffles, an extract, and a zeroing idiom for each of the
 * four accumulator pairs beyond n).
 */
#define NH_MIX_SHARED ".irp r, 0, 1\n" SHUF ".endr\n"
#define NH_MIX_ITER ".irp r, 2, 3\n" ADDD ".endr\n.irp r, 4, 5\n" MULQ ".endr\n" \
	".irp r, 6, 7\n" SRLQ ".endr\n.irp r, 10, 11\n" ADDQ ".endr\n"
#define NH_MIX_STEPS(n) ".rept 8\n" NH_MIX_SHARED ".rept " #n "\n" NH_MIX_ITER \
	".endr\n.endr\n.rept " #n "\n.irp r, 12, 13\n" ZERO ".endr\n.endr\n"
#define NH_MIX_FOLD_T(n) ".irp r, 14, 15, 16\n" SHUF ".endr\n" \
	".rept " #n " + 4\n.irp r, 17\n" ADDQ ".endr\n.endr\n" \
	".irp r, 18, 19\n" UNPL UNPH ".endr\n.irp r, 20\n" EXT2 ".endr\n" \
	".rept 4 - " #n "\n.irp r, 21\n" ZERO ".endr\n.endr\n"
/* One 128-byte step of one iteration, without the fold. */
#define NH_MIX_STEP NH_MIX_SHARED NH_MIX_ITER
#define UMAC_MIX_BYTES 1024
#define UMAC32_MIX NH_MIX_STEPS(1) UMACFOLD
#define UMAC64_MIX NH_MIX_STEPS(2) NH_MIX_FOLD_T(2)
#define UMAC96_MIX NH_MIX_STEPS(3) NH_MIX_FOLD_T(3)
#define UMAC128_MIX NH_MIX_STEPS(4) NH_MIX_FOLD_T(4)
#define UMAC32_MIX_WHAT "NH x1 and its fold: 88 vector uops, 2 zeroing idioms per KiB"
#define UMAC64_MIX_WHAT "NH x2 and the fold: 158 vector uops, 6 zeroing idioms per KiB"
#define UMAC96_MIX_WHAT "NH x3 and the fold: 223 vector uops, 7 zeroing idioms per KiB"
#define UMAC128_MIX_WHAT "NH x4 and the fold: 288 vector uops, 8 zeroing idioms per KiB"

#endif /* KFAST_BENCH_UARCH_MIX_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * uarch-probe: the two measured inputs of the "Hardware bound" section of
 * Documentation/benchmarks.md (Documentation/hardware-bound.md), on the CPU
 * it runs on, in a few seconds of one core:
 *
 *  - core cycles per TSC cycle: a chain of dependent ADDs (1 cycle each) and
 *    one of dependent IMULs (3 cycles each), short chains (10^6 ADDs) timed
 *    with lfence;rdtsc and the fastest of 3000 taken, nine times over (the
 *    spread is the VM's clock drift, not noise of one chain); then the ADD
 *    chain beside independent zmm work (the NH mix), for a clock offset
 *    under vector load;
 *  - reciprocal throughput (12 independent chains) and latency (one chain)
 *    of the instructions the hot loops are bound by: VAESENC, VPCLMULQDQ,
 *    VPMADD52LUQ, VPMULUDQ, MULX, and VAESENC mixed with VPCLMULQDQ / IFMA
 *    (do they share the vector pipes?), and the other uops of the NH and
 *    IFMA loops (shifts, lane shuffles, adds) alone and in pairs with the
 *    multiplies, in TSC cycles and in core cycles by the ADD chain of the
 *    same pass;
 *  - the latency of the simple vector steps on the short messages' chains
 *    (XOR, add, byte shuffle and shift, lane shuffle, the move to a
 *    general-purpose register and back): the 16-64 B floor counts them.
 *
 * Needs AVX-512F/VL, VAES, VPCLMULQDQ, AVX512IFMA and BMI2 (it does not
 * check).  Built and run by `make uarch-probe` (not part of make bench).
 */
#include <stdint.h>
#include <stdio.h>

static inline uint64_t tsc(void)
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
#define TIME(body, per, loops, reps) ({					\
	double best_ = 1e30;						\
	for (int k_ = 0; k_ < (reps); k_++) {				\
		uint64_t n_ = (loops), a_ = tsc();			\
		__asm__ volatile("1:\n" body "dec %0\njnz 1b\n"		\
				 : "+r"(n_) : : CLOBBERS);		\
		double c_ = (double)(tsc() - a_) / ((double)(loops) * (per)); \
		if (c_ < best_)						\
			best_ = c_;					\
	}								\
	best_; })

/* Repetitions by the assembler: \i in the body of R12 / R6 runs over 0..11 / 0..5. */
#define R4(x) ".rept 4\n" x ".endr\n"
#define R8(x) ".rept 8\n" x ".endr\n"
#define R2(x) ".rept 2\n" x ".endr\n"
#define ADD8 R8("add $1, %%r8\n")
#define IMUL8 R8("imul %%r9, %%r9\n")
#define R12(body) ".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n" body ".endr\n"
#define AESZ "vaesenc %%zmm31, %%zmm\\i, %%zmm\\i\n"
#define AESY "vaesenc %%ymm15, %%ymm\\i, %%ymm\\i\n"
#define AESX "vaesenc %%xmm15, %%xmm\\i, %%xmm\\i\n"
#define CLZ "vpclmulqdq $0x11, %%zmm31, %%zmm\\i, %%zmm\\i\n"
#define CLY "vpclmulqdq $0x11, %%ymm15, %%ymm\\i, %%ymm\\i\n"
#define CLX "vpclmulqdq $0x11, %%xmm15, %%xmm\\i, %%xmm\\i\n"
#define IFZ "vpmadd52luq %%zmm31, %%zmm30, %%zmm\\i\n"
#define MUZ "vpmuludq %%zmm31, %%zmm\\i, %%zmm\\i\n"
#define MUY "vpmuludq %%ymm15, %%ymm\\i, %%ymm\\i\n"
/* Six groups: zmm0-5 for the AES chains, zmm10-15 / zmm20-25 for the others. */
#define MIXC "vaesenc %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vpclmulqdq $0x11, %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
#define MIX2C "vaesenc %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vaesenc %%zmm31, %%zmm2\\i, %%zmm2\\i\n" \
	"vpclmulqdq $0x11, %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
#define MIXI "vaesenc %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vpmadd52luq %%zmm31, %%zmm30, %%zmm1\\i\n"
#define R6(body) ".irp i, 0, 1, 2, 3, 4, 5\n" body ".endr\n"
/* The other uops of the NH and IFMA loops, alone and beside each other. */
#define SRZ "vpsrlq $32, %%zmm\\i, %%zmm\\i\n"
#define SHZ "vshufi64x2 $0x88, %%zmm31, %%zmm\\i, %%zmm\\i\n"
#define ADZ "vpaddq %%zmm31, %%zmm\\i, %%zmm\\i\n"
#define MU_SR "vpmuludq %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vpsrlq $32, %%zmm1\\i, %%zmm1\\i\n"
#define MU_SH "vpmuludq %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vshufi64x2 $0x88, %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
#define SR_SH "vpsrlq $32, %%zmm\\i, %%zmm\\i\n" \
	"vshufi64x2 $0x88, %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
#define MU_SR_SH "vpmuludq %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vpsrlq $32, %%zmm1\\i, %%zmm1\\i\n" \
	"vshufi64x2 $0x88, %%zmm31, %%zmm2\\i, %%zmm2\\i\n"
#define MU_AD "vpmuludq %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vpaddq %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
#define IF_SH "vpmadd52luq %%zmm31, %%zmm30, %%zmm\\i\n" \
	"vshufi64x2 $0x88, %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
#define IF_AD "vpmadd52luq %%zmm31, %%zmm30, %%zmm\\i\n" \
	"vpaddq %%zmm31, %%zmm1\\i, %%zmm1\\i\n"
/* The vector-ALU uops of UMAC's NH per 128 bytes and iteration (avx512), independent. */
#define NHMIX "vshufi64x2 $0x88, %%zmm31, %%zmm\\i, %%zmm\\i\n" \
	"vshufi64x2 $0xdd, %%zmm31, %%zmm1\\i, %%zmm1\\i\n" \
	"vpaddd %%zmm31, %%zmm2\\i, %%zmm2\\i\n" \
	"vpaddd %%zmm30, %%zmm2\\i, %%zmm2\\i\n" \
	"vpmuludq %%zmm31, %%zmm1\\i, %%zmm1\\i\n" \
	"vpsrlq $32, %%zmm\\i, %%zmm\\i\n" \
	"vpsrlq $32, %%zmm1\\i, %%zmm1\\i\n" \
	"vpmuludq %%zmm30, %%zmm\\i, %%zmm\\i\n" \
	"vpaddq %%zmm31, %%zmm2\\i, %%zmm2\\i\n" \
	"vpaddq %%zmm30, %%zmm2\\i, %%zmm2\\i\n"
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
/*
 * VMAC-64's IFMA loop (vmac_blocks64_avx512) per 256 bytes, from its counts
 * per 2 KiB (146 IFMA, 60 adds, 36 shifts, 71 shuffles and unpacks, 33
 * logic) over eight: 18 IFMA, 8 VPADDQ, 4 VPSRLQ, 9 shuffles, 4 VPXORQ.
 */
#define VMACMIX ".irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8\n" IFMA_LO ".endr\n" \
	".irp r, 9, 10, 11, 12, 13, 14, 15, 16, 17\n" IFMA_HI ".endr\n" \
	".irp r, 18, 19, 20, 21, 22, 23, 24, 25\n" ADDQ ".endr\n" \
	".irp r, 26, 27, 28, 29\n" SRLQ ".endr\n" \
	".irp r, 0, 1, 2, 3, 4\n" SHUF ".endr\n" \
	".irp r, 5, 6\n" UNPL ".endr\n.irp r, 7, 8\n" UNPH ".endr\n" \
	".irp r, 9, 10, 11, 12\n" XORQ ".endr\n"
/*
 * VMAC-128's (vmac_blocks128_avx512) the same way: per 2 KiB 292 IFMA, 96
 * adds, 74 shifts, 102 shuffles and unpacks, 40 logic; over eight: 36
 * IFMA, 12 VPADDQ, 9 VPSRLQ, 13 shuffles, 5 VPXORQ.
 */
#define VMAC128MIX ".irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17\n" \
	IFMA_LO ".endr\n" \
	".irp r, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 0, 1, 2, 3, 4, 5\n" \
	IFMA_HI ".endr\n" \
	".irp r, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17\n" ADDQ ".endr\n" \
	".irp r, 18, 19, 20, 21, 22, 23, 24, 25, 26\n" SRLQ ".endr\n" \
	".irp r, 27, 28, 29, 0, 1, 2, 3\n" SHUF ".endr\n" \
	".irp r, 4, 5, 6\n" UNPL ".endr\n.irp r, 7, 8, 9\n" UNPH ".endr\n" \
	".irp r, 10, 11, 12, 13, 14\n" XORQ ".endr\n"
/*
 * AES-GCM-SIV's wide decryption (kfast_gcmsiv_dec_vaes_avx512) per 32
 * blocks of AES-128: 80 VAESENC (eight chains), 26 VPCLMULQDQ and 67
 * other vector uops (XOR, VPTERNLOGD, VPSHUFD, VPADDD, extracts), as XORs.
 */
#define GSVDEC_AES_CLMUL ".rept 10\n.irp r, 0, 1, 2, 3, 4, 5, 6, 7\n" AESQ ".endr\n.endr\n" \
	".rept 2\n.irp r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20\n" CLMQ \
	".endr\n.endr\n"
#define GSVDECMIX GSVDEC_AES_CLMUL \
	".rept 7\n.irp r, 21, 22, 23, 24, 25, 26, 27, 28, 29\n" XORQ ".endr\n.endr\n" \
	".irp r, 21, 22, 23, 24\n" XORQ ".endr\n"
/*
 * UMAC-32's chunk loop (umac_nh_poly_avx512_1) per 1 KiB: eight NH mixes
 * and the fold of the chunk's two accumulators to the scalar L1 word that
 * POLY takes (NH_FOLD: an add, the two lane extracts with their adds, a
 * VPSHUFD and its add, the move to a general-purpose register), which is
 * a chain of its own in each chunk.
 */
#define UMACFOLD "vpaddq %%zmm31, %%zmm30, %%zmm8\n" \
	"vextracti64x4 $1, %%zmm8, %%ymm9\n" \
	"vpaddq %%ymm9, %%ymm8, %%ymm9\n" \
	"vextracti128 $1, %%ymm9, %%xmm8\n" \
	"vpaddq %%xmm8, %%xmm9, %%xmm9\n" \
	"vpshufd $0x4e, %%xmm9, %%xmm8\n" \
	"vpaddq %%xmm8, %%xmm9, %%xmm9\n" \
	"vmovq %%xmm9, %%rax\n"
#define NHMIX8 ".irp i, 0, 1, 2, 3, 4, 5, 6, 7\n" NHMIX ".endr\n"
#define IF_MU "vpmadd52luq %%zmm31, %%zmm30, %%zmm\\i\n" \
	"vpmuludq %%zmm31, %%zmm1\\i, %%zmm1\\i\n"

int main(void)
{
	double add, imul, beside;
	int r;

	printf("core cycles per TSC cycle (dependent ADD chain; IMUL chain):\n");
	for (r = 0; r < 9; r++) {
		add = TIME(ADD8, 8, 125000, 3000);
		imul = TIME(IMUL8, 8, 12500, 3000) / 3;
		printf("  run %d: %.3f  %.3f\n", r, 1 / add, 1 / imul);
	}
	/*
	 * The same ADD chain, 24 per six NH mixes (about 17 core cycles of
	 * vector work): the chain is the longer, so it runs at the core's
	 * clock with the vector pipes busy; a lower ratio here than above
	 * would be a clock offset under zmm load.
	 */
	add = TIME(ADD8, 8, 125000, 3000);
	beside = TIME(R6(NHMIX) ADD8 ADD8 ADD8, 24, 20000, 3000);
	printf("  beside six NH mixes (24 ADDs per six): %.3f (ADD chain alone %.3f)\n",
	       1 / beside, 1 / add);
	add = TIME(ADD8, 8, 1000, 1000);
	printf("\nTSC cycles per instruction (core cycles = TSC x %.3f, this pass's ADD chain)\n",
	       1 / add);
#define SHOW(what, body, per) do {					\
		double t_ = TIME(body, per, 1000, 1000);			\
		printf("  %-44s %6.3f TSC  %6.2f core\n", what, t_, t_ / add); \
	} while (0)
	SHOW("VAESENC zmm, reciprocal throughput", R12(AESZ), 12);
	SHOW("VAESENC ymm", R12(AESY), 12);
	SHOW("VAESENC xmm", R12(AESX), 12);
	SHOW("VPCLMULQDQ zmm", R12(CLZ), 12);
	SHOW("VPCLMULQDQ ymm", R12(CLY), 12);
	SHOW("VPCLMULQDQ xmm", R12(CLX), 12);
	SHOW("VPMADD52LUQ zmm", R12(IFZ), 12);
	SHOW("VPMULUDQ zmm", R12(MUZ), 12);
	SHOW("VPMULUDQ ymm", R12(MUY), 12);
	SHOW("MULX", R4("mulx %%r8, %%r9, %%r10\nmulx %%r8, %%r11, %%rax\n"), 8);
	SHOW("1 VAESENC + 1 VPCLMULQDQ zmm (per pair)", R6(MIXC), 6);
	SHOW("2 VAESENC + 1 VPCLMULQDQ zmm (per triple)", R6(MIX2C), 6);
	SHOW("1 VAESENC + 1 VPMADD52LUQ zmm (per pair)", R6(MIXI), 6);
	SHOW("VPSRLQ zmm", R12(SRZ), 12);
	SHOW("VSHUFI64X2 zmm", R12(SHZ), 12);
	SHOW("VPADDQ zmm", R12(ADZ), 12);
	SHOW("1 VPMULUDQ + 1 VPSRLQ zmm (per pair)", R6(MU_SR), 6);
	SHOW("1 VPMULUDQ + 1 VSHUFI64X2 zmm (per pair)", R6(MU_SH), 6);
	SHOW("1 VPSRLQ + 1 VSHUFI64X2 zmm (per pair)", R6(SR_SH), 6);
	SHOW("VPMULUDQ + VPSRLQ + VSHUFI64X2 zmm (per triple)", R6(MU_SR_SH), 6);
	SHOW("1 VPMULUDQ + 1 VPADDQ zmm (per pair)", R6(MU_AD), 6);
	SHOW("1 VPMADD52LUQ + 1 VSHUFI64X2 zmm (per pair)", R6(IF_SH), 6);
	SHOW("1 VPMADD52LUQ + 1 VPADDQ zmm (per pair)", R6(IF_AD), 6);
	SHOW("1 VPMADD52LUQ + 1 VPMULUDQ zmm (per pair)", R6(IF_MU), 6);
	SHOW("NH mix: 2 VSHUFI64X2, 2 VPMULUDQ, 2 VPSRLQ, 4 adds (per mix)", R6(NHMIX), 6);
	SHOW("UMAC-32 chunk mix per KiB: 8 NH mixes + the fold", NHMIX8 UMACFOLD, 1);
	SHOW("  the same without the fold (8 NH mixes)", NHMIX8, 1);
	SHOW("VMAC-64 IFMA loop mix per 256 bytes (43 uops)", R2(VMACMIX), 2);
	SHOW("VMAC-128 IFMA loop mix per 256 bytes (75 uops)", VMAC128MIX, 1);
	SHOW("GCM-SIV wide decryption mix per 32 blocks (173 uops)", GSVDECMIX, 1);
	SHOW("  the same without its 67 other uops", GSVDEC_AES_CLMUL, 1);
	SHOW("VAESENC zmm, latency", R8("vaesenc %%zmm31, %%zmm0, %%zmm0\n"), 8);
	SHOW("VPCLMULQDQ xmm, latency", R8("vpclmulqdq $0x11, %%xmm15, %%xmm0, %%xmm0\n"), 8);
	SHOW("VPMADD52LUQ zmm, latency", R8("vpmadd52luq %%zmm31, %%zmm30, %%zmm0\n"), 8);
	SHOW("MULX, latency (rdx -> high half -> rdx)",
	     R4("mulx %%rdx, %%rdx, %%r9\n"), 4);
	/* The simple steps of the short messages' chains (the 16-64 B floor). */
	SHOW("VPXOR xmm, latency", R8("vpxor %%xmm15, %%xmm0, %%xmm0\n"), 8);
	SHOW("VPADDD xmm, latency", R8("vpaddd %%xmm15, %%xmm0, %%xmm0\n"), 8);
	SHOW("VPSHUFB xmm, latency", R8("vpshufb %%xmm15, %%xmm0, %%xmm0\n"), 8);
	SHOW("VPSRLDQ xmm, latency", R8("vpsrldq $4, %%xmm0, %%xmm0\n"), 8);
	SHOW("VPTERNLOGD xmm, latency",
	     R8("vpternlogd $0x96, %%xmm15, %%xmm14, %%xmm0\n"), 8);
	SHOW("VSHUFI64X2 zmm, latency",
	     R8("vshufi64x2 $0x4e, %%zmm0, %%zmm0, %%zmm0\n"), 8);
	SHOW("VMOVQ xmm -> r64 -> xmm (per pair), latency",
	     R4("vmovq %%xmm0, %%r8\nvmovq %%r8, %%xmm0\n"), 4);
	return 0;
}

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

#include "uarch-mix.h"

/* The probe's own rows (the mixes of the bounds are uarch-mix.h's). */
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
#define IF_MU "vpmadd52luq %%zmm31, %%zmm30, %%zmm\\i\n" \
	"vpmuludq %%zmm31, %%zmm1\\i, %%zmm1\\i\n"

int main(void)
{
	double add, imul, beside;
	int r;

	printf("core cycles per TSC cycle (dependent ADD chain; IMUL chain):\n");
	for (r = 0; r < 9; r++) {
		add = UARCH_TIME(ADD8, 8, 125000, 3000);
		imul = UARCH_TIME(IMUL8, 8, 12500, 3000) / 3;
		printf("  run %d: %.3f  %.3f\n", r, 1 / add, 1 / imul);
	}
	/*
	 * The same ADD chain, 24 per six NH mixes (about 17 core cycles of
	 * vector work): the chain is the longer, so it runs at the core's
	 * clock with the vector pipes busy; a lower ratio here than above
	 * would be a clock offset under zmm load.
	 */
	add = UARCH_TIME(ADD8, 8, 125000, 3000);
	beside = UARCH_TIME(R6(NH_MIX_STEP) ADD8 ADD8 ADD8, 24, 20000, 3000);
	printf("  beside six NH mixes (24 ADDs per six): %.3f (ADD chain alone %.3f)\n",
	       1 / beside, 1 / add);
	add = UARCH_TIME(ADD8, 8, 1000, 1000);
	printf("\nTSC cycles per instruction (core cycles = TSC x %.3f, this pass's ADD chain)\n",
	       1 / add);
#define SHOW(what, body, per) do {					\
		double t_ = UARCH_TIME(body, per, 1000, 1000);			\
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
	SHOW("NH step: 2 VSHUFI64X2, 2 VPMULUDQ, 2 VPSRLQ, 4 adds", R6(NH_MIX_STEP), 6);
	SHOW("UMAC-32: " UMAC32_MIX_WHAT, UMAC32_MIX, 1);
	SHOW("UMAC-64: " UMAC64_MIX_WHAT, UMAC64_MIX, 1);
	SHOW("UMAC-96: " UMAC96_MIX_WHAT, UMAC96_MIX, 1);
	SHOW("UMAC-128: " UMAC128_MIX_WHAT, UMAC128_MIX, 1);
	SHOW("AES-128 CTR: " CTR128_MIX_WHAT, CTR128_MIX, 1);
	SHOW("AES-256 CTR: " CTR256_MIX_WHAT, CTR256_MIX, 1);
	SHOW("AES-128 decryption: " DEC128_MIX_WHAT, DEC128_MIX, 1);
	SHOW("POLYVAL: " POLYVAL_MIX_WHAT, POLYVAL_MIX, 1);
	SHOW("VMAC-64: " VMAC64_MIX_WHAT, VMAC64_MIX, 1);
	SHOW("VMAC-128: " VMAC128_MIX_WHAT, VMAC128_MIX, 1);
	SHOW("GCM-SIV decryption: " GSVDEC_MIX_WHAT, GSVDEC_MIX, 1);
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

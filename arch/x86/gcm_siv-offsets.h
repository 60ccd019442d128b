/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the x86-64 assembly of AES-GCM-SIV and the C that calls it must
 * agree on, written once: the .S files include this, and
 * arch/x86/gcm_siv-hooks.h checks each offset against struct gcm_siv_ctx
 * (gcmsiv/gcm_siv.h, with struct gcm_siv_ctx_arch of
 * arch/x86/gcm_siv-arch.h) with static_assert.  Plain #defines only: it is
 * read by the assembler too.
 */
#ifndef KFAST_ARCH_X86_GCM_SIV_OFFSETS_H
#define KFAST_ARCH_X86_GCM_SIV_OFFSETS_H

/* struct gcm_siv_ctx */
#define GSV_CTX_ACC		0	/* acc */
#define GSV_CTX_CTR		32	/* ctr */
#define GSV_CTX_NONCE		64	/* nonce */
#define GSV_CTX_NROUNDS		79	/* nrounds */
#define GSV_CTX_RK		96	/* arch.rk */
#define GSV_CTX_HPOW		336	/* arch.hpow */
#define GSV_CTX_HWIDE		592	/* arch.hwide */

/*
 * Shortest input (in blocks) that the zmm tier's 32-block POLYVAL and
 * decryption loops take; the C makes H^17..H^32 for inputs this long.
 * Shorter ones take the 16-block loops: making H^17..H^32 is 24 more
 * multiplies on the one VPCLMULQDQ pipe, which two or three 32-block
 * iterations do not earn back.  At most one SIMD section's blocks, since
 * the loops compare it with the blocks of one call.
 */
#define GSV_WIDE_MIN		128

#endif /* KFAST_ARCH_X86_GCM_SIV_OFFSETS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the arm64 assembly of AES-OCB and the C that calls it must agree
 * on, written once: arch/arm64/ocb-ce.S includes this, and
 * arch/arm64/ocb-hooks.h checks each offset against struct ocb_key and
 * struct ocb_ctx (ocb/ocb.h, with the arch parts of arch/arm64/ocb-arch.h)
 * with static_assert.  Plain #defines only: the assembler reads it too.
 */
#ifndef KFAST_ARCH_ARM64_OCB_OFFSETS_H
#define KFAST_ARCH_ARM64_OCB_OFFSETS_H

/* struct ocb_key */
#define OCB_KEY_L		32	/* l[0..31], 16 bytes each */
#define OCB_KEY_RK_ENC		544	/* arch.rk_enc: AES round keys */
#define OCB_KEY_RK_DEC		784	/* arch.rk_dec: Equivalent Inverse Cipher's */
#define OCB_KEY_LSUM		1024	/* arch.lsum: S_1..S_7 */

/* struct ocb_ctx */
#define OCB_CTX_OFFSET		0	/* offset */
#define OCB_CTX_CHECKSUM	16	/* checksum */
#define OCB_CTX_AAD_OFFSET	32	/* aad_offset */
#define OCB_CTX_AAD_SUM		48	/* aad_sum */
#define OCB_CTX_NBLOCKS		80	/* nblocks (u64) */
#define OCB_CTX_AAD_NBLOCKS	88	/* aad_nblocks (u64) */

#endif /* KFAST_ARCH_ARM64_OCB_OFFSETS_H */

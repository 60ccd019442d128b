/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Offsets of the portable fields of struct ocb_key and struct ocb_ctx
 * (ocb/ocb.h) that the arch assembly reads, written once: each arch's
 * ocb-offsets.h includes this beside its own fields, and ocb/ocb.c checks
 * these with static_assert.  Plain #defines only: the assembler reads it.
 */
#ifndef KFAST_OCB_CORE_OFFSETS_H
#define KFAST_OCB_CORE_OFFSETS_H

/* struct ocb_key */
#define OCB_KEY_L_STAR		0	/* l_star */
#define OCB_KEY_L_DOLLAR	16	/* l_dollar */
#define OCB_KEY_L		32	/* l[0..31], 16 bytes each */

/* struct ocb_ctx */
#define OCB_CTX_OFFSET		0	/* offset */
#define OCB_CTX_CHECKSUM	16	/* checksum */
#define OCB_CTX_AAD_OFFSET	32	/* aad_offset */
#define OCB_CTX_AAD_SUM		48	/* aad_sum */
#define OCB_CTX_NBLOCKS		80	/* nblocks (u64) */
#define OCB_CTX_AAD_NBLOCKS	88	/* aad_nblocks (u64) */

#endif /* KFAST_OCB_CORE_OFFSETS_H */

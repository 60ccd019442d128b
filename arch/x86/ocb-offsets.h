/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the x86-64 assembly of AES-OCB and the C that calls it must agree
 * on, written once: the .S files include this, arch/x86/ocb-hooks.h
 * checks the offsets of the arch parts of struct ocb_key
 * (arch/x86/ocb-arch.h) with static_assert, and ocb/ocb-core-offsets.h
 * has the portable fields.  Plain #defines only: the assembler reads it.
 */
#ifndef KFAST_ARCH_X86_OCB_OFFSETS_H
#define KFAST_ARCH_X86_OCB_OFFSETS_H

#include "../../ocb/ocb-core-offsets.h"

/* struct ocb_key: the arch part */
#define OCB_KEY_RK_ENC		544	/* arch.rk_enc: AES round keys */
#define OCB_KEY_RK_DEC		784	/* arch.rk_dec: Equivalent Inverse Cipher's */
#define OCB_KEY_LSUM		1024	/* arch.lsum: S_1..S_15, S_15 */

#endif /* KFAST_ARCH_X86_OCB_OFFSETS_H */

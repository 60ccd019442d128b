/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * struct umac_key_arch offsets used by the x86-64 short-message path
 * (arch/x86/umac-short.S.inc), written once: the .S files include this,
 * and arch/x86/umac-hooks.h checks each against the struct with
 * static_assert.
 */
#ifndef KFAST_ARCH_X86_UMAC_OFFSETS_H
#define KFAST_ARCH_X86_UMAC_OFFSETS_H

#define UMAC_ARCH_NH		0	/* nh_pairs / nh_quads */
#define UMAC_ARCH_L3_LO		4288
#define UMAC_ARCH_L3_HI		4416
#define UMAC_ARCH_L3_XOR	4544
#define UMAC_ARCH_PDF_RK	4560

#endif /* KFAST_ARCH_X86_UMAC_OFFSETS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * struct vmac_key offsets used by the x86-64 assembly, written once: the
 * .S files include this, and arch/x86/vmac-hooks.h checks each against the
 * struct with static_assert.
 */
#ifndef KFAST_ARCH_X86_VMAC_OFFSETS_H
#define KFAST_ARCH_X86_VMAC_OFFSETS_H

#define VMAC_KEY_NH		0
#define VMAC_KEY_POLY		144
#define VMAC_KEY_POLY2		176
#define VMAC_KEY_POLY3		208
#define VMAC_KEY_POLY4		240
#define VMAC_KEY_POLY8		272
#define VMAC_KEY_L2VEC		304
#define VMAC_KEY_POLY16		1456
#define VMAC_KEY_L2VEC16	1488

#endif /* KFAST_ARCH_X86_VMAC_OFFSETS_H */

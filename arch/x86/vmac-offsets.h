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
#define VMAC_KEY_POLYPOW	2640
#define VMAC_KEY_NH128VEC	2896
#define VMAC_KEY_L2VEC128	3152
#define VMAC_KEY_AESNI_RK	3728
#define VMAC_KEY_AESNI_ROUNDS	3968
#define VMAC_KEY_NHDIFF		3976
#define VMAC_KEY_L3		4104

#endif /* KFAST_ARCH_X86_VMAC_OFFSETS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * struct vmac_key and struct vmac_avx512_carry offsets used by the x86-64
 * assembly, and the flags of vmac_blocks64_avx512(), written once: the .S
 * files include this, and arch/x86/vmac-hooks.h checks each offset against
 * its struct with static_assert.
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

#define VMAC_CARRY_NH		0
#define VMAC_CARRY_COL		192
#define VMAC_CARRY_SUM		0

/* vmac_blocks64_avx512() and vmac_blocks128_avx512() flags */
#define VMAC_BLOCKS_FIRST	1	/* p starts the message */
#define VMAC_BLOCKS_CARRY_IN	2	/* carry holds the previous call's last step */
#define VMAC_BLOCKS_CARRY_OUT	4	/* leave this call's last step in carry */

#endif /* KFAST_ARCH_X86_VMAC_OFFSETS_H */

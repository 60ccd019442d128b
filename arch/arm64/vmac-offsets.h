/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * struct vmac_key offsets used by the arm64 assembly, written once: the .S
 * file includes this, and arch/arm64/vmac-hooks.h checks each against the
 * struct with static_assert.
 */
#ifndef KFAST_ARCH_ARM64_VMAC_OFFSETS_H
#define KFAST_ARCH_ARM64_VMAC_OFFSETS_H

#define VMAC_KEY_NH		0
#define VMAC_KEY_POLY		144
#define VMAC_KEY_POLY2		176

#endif /* KFAST_ARCH_ARM64_VMAC_OFFSETS_H */

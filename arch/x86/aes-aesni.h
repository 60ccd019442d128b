/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU check for aes-aesni.S.inc, shared by every x86 tier that uses
 * it: AES-NI, and the OS saving the xmm registers.  A tier that takes the
 * VEX encoding or other instructions beside it checks those too.
 */
#ifndef KFAST_ARCH_X86_AES_AESNI_H
#define KFAST_ARCH_X86_AES_AESNI_H

#ifdef __KERNEL__
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#endif

static __always_inline bool kfast_cpu_has_aesni(void)
{
	return boot_cpu_has(X86_FEATURE_AES) && cpu_has_xfeatures(XFEATURE_MASK_SSE, NULL);
}

#endif /* KFAST_ARCH_X86_AES_AESNI_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/* Definitions behind tools/uapi-shim/kfast_user.h. */
#include "kfast_user.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#if defined(__aarch64__)
#include <stdlib.h>
#include <sys/auxv.h>
#include <asm/hwcap.h>
#endif

bool kfast_user_simd_usable = true;

#if defined(__x86_64__)
static u64 xgetbv0(void)
{
	u32 lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((u64)hi << 32) | lo;
}

bool kfast_user_cpu_has(enum kfast_user_x86_feature f)
{
	unsigned int a, b, c, d, b7 = 0, c7 = 0, d7 = 0;
	bool osxsave, ymm_ok, zmm_ok;
	u64 xcr0;

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return false;
	__get_cpuid_count(7, 0, &a, &b7, &c7, &d7);
	osxsave = c & (1u << 27);
	xcr0 = osxsave ? xgetbv0() : 0;
	ymm_ok = (xcr0 & 0x6) == 0x6;
	zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0;

	switch (f) {
	case X86_FEATURE_XMM2:		return d & (1u << 26);
	case X86_FEATURE_SSSE3:		return c & (1u << 9);
	case X86_FEATURE_PCLMULQDQ:	return c & (1u << 1);
	case X86_FEATURE_AES:		return c & (1u << 25);
	case X86_FEATURE_AVX:		return ymm_ok && (c & (1u << 28));
	case X86_FEATURE_AVX2:		return ymm_ok && (b7 & (1u << 5));
	case X86_FEATURE_BMI2:		return b7 & (1u << 8);
	case X86_FEATURE_ADX:		return b7 & (1u << 19);
	case X86_FEATURE_AVX512F:	return zmm_ok && (b7 & (1u << 16));
	case X86_FEATURE_AVX512BW:	return zmm_ok && (b7 & (1u << 30));
	case X86_FEATURE_AVX512VL:	return zmm_ok && (b7 & (1u << 31));
	case X86_FEATURE_AVX512IFMA:	return zmm_ok && (b7 & (1u << 21));
	case X86_FEATURE_VAES:		return ymm_ok && (c7 & (1u << 9));
	case X86_FEATURE_VPCLMULQDQ:	return ymm_ok && (c7 & (1u << 10));
	}
	return false;
}
#else
bool kfast_user_cpu_has(enum kfast_user_x86_feature f)
{
	return false;
}
#endif

#if defined(__aarch64__)
bool kfast_user_arm64_has(enum kfast_user_arm64_feature f)
{
	unsigned long hwcap = getauxval(AT_HWCAP);
	const char *off = getenv("KFAST_USER_NO_HWCAP");

	if (off && *off == '1')
		return false;
	switch (f) {
	case KFAST_USER_HWCAP_ASIMD:	return hwcap & HWCAP_ASIMD;
	case KFAST_USER_HWCAP_AES:	return hwcap & HWCAP_AES;
	case KFAST_USER_HWCAP_PMULL:	return hwcap & HWCAP_PMULL;
	case KFAST_USER_HWCAP_SHA3:	return hwcap & HWCAP_SHA3;
	}
	return false;
}
#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every C file of the kfast modules (see Kbuild).
 *
 * This is the only place that knows how the supported kernels (Debian's
 * 6.1, 6.12 and 7.2) differ.  Differences are detected by the probes in
 * compat/Kbuild.include; the code elsewhere uses the spellings below.
 */
#ifndef KFAST_COMPAT_H
#define KFAST_COMPAT_H

#include <linux/version.h>
#include <linux/module.h>

/*
 * MODULE_IMPORT_NS() stringified a bare identifier up to 6.12 and takes a
 * string literal from 6.13; MODULE_INFO() with a literal works on both.
 */
#define KFAST_IMPORT_NS(ns) MODULE_INFO(import_ns, ns)

/*
 * SIMD sections.  <crypto/internal/simd.h> only includes <asm/simd.h> itself
 * from 6.15 on.  Callers do:
 *	if (crypto_simd_usable()) { kfast_simd_begin(); ...; kfast_simd_end(); }
 * and keep each section to about 4 KiB of data.
 */
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#if defined(CONFIG_X86)
#include <asm/fpu/api.h>
#define KFAST_SIMD_STATE	do { } while (0)
#define kfast_simd_begin()	kernel_fpu_begin()
#define kfast_simd_end()	kernel_fpu_end()
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#ifdef KFAST_NEON_BEGIN_TAKES_STATE
#define KFAST_SIMD_STATE	struct user_fpsimd_state __kfast_simd_state
#define kfast_simd_begin()	kernel_neon_begin(&__kfast_simd_state)
#define kfast_simd_end()	kernel_neon_end(&__kfast_simd_state)
#else
#define KFAST_SIMD_STATE	do { } while (0)
#define kfast_simd_begin()	kernel_neon_begin()
#define kfast_simd_end()	kernel_neon_end()
#endif
#endif

#endif /* KFAST_COMPAT_H */

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
 * Symbols one kfast module exports for another (the KUnit suites) are in
 * the KFAST namespace.  EXPORT_SYMBOL_NS_GPL() and MODULE_IMPORT_NS()
 * stringified a bare identifier up to 6.12 and take a string literal from
 * 6.13; MODULE_INFO() with a literal works on both.
 */
#ifdef KFAST_EXPORT_NS_STRINGIFIES
#define KFAST_EXPORT_SYMBOL_GPL(sym) EXPORT_SYMBOL_NS_GPL(sym, KFAST)
#else
#define KFAST_EXPORT_SYMBOL_GPL(sym) EXPORT_SYMBOL_NS_GPL(sym, "KFAST")
#endif
#define KFAST_IMPORT_NS() MODULE_INFO(import_ns, "KFAST")

/* hrtimer_setup() from 6.13 on; hrtimer_init() + .function before. */
#include <linux/hrtimer.h>
static inline void kfast_hrtimer_setup(struct hrtimer *timer,
				       enum hrtimer_restart (*fn)(struct hrtimer *),
				       clockid_t clock, enum hrtimer_mode mode)
{
#ifdef KFAST_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, fn, clock, mode);
#else
	hrtimer_init(timer, clock, mode);
	timer->function = fn;
#endif
}

/*
 * SIMD sections.  <crypto/internal/simd.h> only includes <asm/simd.h> itself
 * from 6.15 on.  Callers do:
 *
 *	struct kfast_simd_state simd;
 *
 *	if (crypto_simd_usable()) {
 *		kfast_simd_begin(&simd);
 *		... at most about 4 KiB of data ...
 *		kfast_simd_end(&simd);
 *	} else {
 *		... generic code ...
 *	}
 *
 * The state is empty except on arm64 from 6.19/7.x, where
 * kernel_neon_begin() takes a buffer for the task's kernel-mode NEON state
 * (about 528 bytes, on the stack like the kernel's own scoped_ksimd()).
 * Passing it everywhere makes a missing state a compile error on x86 too.
 */
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#if defined(CONFIG_X86)
#include <asm/fpu/api.h>
struct kfast_simd_state { };
static __always_inline void kfast_simd_begin(struct kfast_simd_state *st)
{
	kernel_fpu_begin();
}

static __always_inline void kfast_simd_end(struct kfast_simd_state *st)
{
	kernel_fpu_end();
}
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#ifdef KFAST_NEON_BEGIN_TAKES_STATE
struct kfast_simd_state {
	struct user_fpsimd_state fpsimd;
};

static __always_inline void kfast_simd_begin(struct kfast_simd_state *st)
{
	kernel_neon_begin(&st->fpsimd);
}

static __always_inline void kfast_simd_end(struct kfast_simd_state *st)
{
	kernel_neon_end(&st->fpsimd);
}
#else
struct kfast_simd_state { };
static __always_inline void kfast_simd_begin(struct kfast_simd_state *st)
{
	kernel_neon_begin();
}

static __always_inline void kfast_simd_end(struct kfast_simd_state *st)
{
	kernel_neon_end();
}
#endif
#endif

#endif /* KFAST_COMPAT_H */

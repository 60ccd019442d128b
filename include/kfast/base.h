/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one header every portable core file includes first.
 *
 * The cores (vmac/, umac/, gcmsiv/) are written against a small subset of
 * the kernel API: fixed-width types, byte-order and unaligned helpers,
 * memzero_explicit(), crypto_memneq(), static keys and the SIMD usability
 * check.  Inside the kernel that subset comes from the kernel's own headers
 * (with compat/compat.h force-included by Kbuild); in the userspace test and
 * benchmark builds tools/uapi-shim/kfast_user.h provides the same names, so
 * the very same .c and .S files run in both places.
 */
#ifndef KFAST_BASE_H
#define KFAST_BASE_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/export.h>
#include <linux/jump_label.h>
#include <crypto/algapi.h>	/* crypto_memneq(), crypto_xor() */
#ifdef KFAST_HAVE_LINUX_UNALIGNED_H	/* probed in compat/Kbuild.include */
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif
/* See kfast_user.h: only the userspace constant-time test gives it meaning. */
static inline void kfast_ct_declassify(const void *p, size_t n) { }
#else
#include "kfast_user.h"
#endif

#endif /* KFAST_BASE_H */

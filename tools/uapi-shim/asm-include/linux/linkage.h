/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Userspace stand-in for the kernel's asm linkage macros (for .S files only). */
#ifndef KFAST_USER_LINKAGE_H
#define KFAST_USER_LINKAGE_H
/* %function: "@" starts a comment on some targets, "%" works on all. */
#define SYM_FUNC_START(name)	.globl name; .type name, %function; .p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
#define SYM_FUNC_START_LOCAL(name)	.type name, %function; .p2align 4; name:
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#if defined(__x86_64__)
#define RET ret
#endif
#endif

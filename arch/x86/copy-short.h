/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The copy of a short message into (and out of) the stack buffer of an x86
 * one-call function (GCM-SIV's and OCB's short seals and opens), shared by
 * their hooks headers.
 */
#ifndef KFAST_ARCH_X86_COPY_SHORT_H
#define KFAST_ARCH_X86_COPY_SHORT_H

/*
 * Copy @len <= 64 bytes: whole blocks as fixed-size 16-byte copies (inlined
 * vector moves that the asm's 16-byte loads can forward from), then the rest.
 * Unrolled by hand: written as a loop of up to four blocks, GCC turns it
 * into one rep movsq, whose start-up is a large part of a short seal.
 */
static __always_inline void kfast_x86_copy_short(u8 *dst, const u8 *src, size_t len)
{
	size_t whole = round_down(len, 16);

	if (len >= 16)
		memcpy(dst, src, 16);
	if (len >= 2 * 16)
		memcpy(dst + 16, src + 16, 16);
	if (len >= 3 * 16)
		memcpy(dst + 32, src + 32, 16);
	if (len >= 4 * 16)
		memcpy(dst + 48, src + 48, 16);
	if (len > whole)
		memcpy(dst + whole, src + whole, len - whole);
}

#endif /* KFAST_ARCH_X86_COPY_SHORT_H */

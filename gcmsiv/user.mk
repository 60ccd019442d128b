# SPDX-License-Identifier: GPL-2.0
#
# Userspace build of the AES-GCM-SIV core (see selftests/user/user.mk).
# GCMSIV_CORE_SRCS is what the benchmark links too.

GCMSIV_CORE_SRCS := gcmsiv/polyval.c gcmsiv/gcm_siv.c
# as gcmsiv/Kbuild.inc
ifeq ($(USER_ARCH),x86)
GCMSIV_CORE_SRCS += arch/x86/gcm_siv-aesni-avx.S arch/x86/gcm_siv-vaes-avx2.S \
	arch/x86/gcm_siv-vaes-avx512.S
USER_CFLAGS += -DKFAST_GCM_SIV_ARCH
endif
ifeq ($(USER_ARCH),arm64)
GCMSIV_CORE_SRCS += arch/arm64/gcm_siv-ce.S
USER_CFLAGS += -DKFAST_GCM_SIV_ARCH
endif

USER_TESTS += test_gcm_siv
test_gcm_siv_SRCS := $(GCMSIV_CORE_SRCS) selftests/user/test_gcm_siv.c

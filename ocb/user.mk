# SPDX-License-Identifier: GPL-2.0
#
# Userspace build of the AES-OCB core (see selftests/user/user.mk).
# OCB_CORE_SRCS is what the benchmark links too.

OCB_CORE_SRCS := ocb/ocb.c
# as ocb/Kbuild.inc
ifeq ($(USER_ARCH),x86)
OCB_CORE_SRCS += arch/x86/ocb-aesni.S arch/x86/ocb-vaes-avx2.S \
	arch/x86/ocb-vaes-avx512.S
USER_CFLAGS += -DKFAST_OCB_ARCH
endif
ifeq ($(USER_ARCH),arm64)
OCB_CORE_SRCS += arch/arm64/ocb-ce.S
USER_CFLAGS += -DKFAST_OCB_ARCH
endif

USER_TESTS += test_ocb
test_ocb_SRCS := $(OCB_CORE_SRCS) selftests/user/test_ocb.c

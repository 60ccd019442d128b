# SPDX-License-Identifier: GPL-2.0
#
# Userspace build of the UMAC core (included by selftests/user/user.mk).
# UMAC_CORE_SRCS is what the benchmark links too.

UMAC_CORE_SRCS := umac/umac_core.c
# as umac/Kbuild.inc
ifeq ($(USER_ARCH),x86)
UMAC_CORE_SRCS += arch/x86/umac-nh-sse2.S arch/x86/umac-nh-avx2.S \
	arch/x86/umac-nh-avx512.S arch/x86/umac-aesni.S
USER_CFLAGS += -DKFAST_UMAC_ARCH
endif
ifeq ($(USER_ARCH),arm64)
UMAC_CORE_SRCS += arch/arm64/umac-nh-neon.S arch/arm64/umac-ce.S
USER_CFLAGS += -DKFAST_UMAC_ARCH
endif

# test_umac also runs the differential test against nettle (nettle-dev).
USER_TESTS += test_umac
test_umac_SRCS := $(UMAC_CORE_SRCS) selftests/user/test_umac.c
$(USER_OUT)/test_umac: USER_LIBS += -lnettle

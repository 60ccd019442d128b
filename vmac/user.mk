# SPDX-License-Identifier: GPL-2.0
#
# Userspace build of the VMAC core (included by selftests/user/user.mk).

VMAC_CORE_SRCS := vmac/vmac_core.c
# as vmac/Kbuild.inc
ifeq ($(USER_ARCH),x86)
VMAC_CORE_SRCS += arch/x86/vmac-bmi2.S arch/x86/vmac-avx512.S
USER_CFLAGS += -DKFAST_VMAC_ARCH
endif
ifeq ($(USER_ARCH),arm64)
VMAC_CORE_SRCS += arch/arm64/vmac-scalar.S arch/arm64/vmac-neon.S
USER_CFLAGS += -DKFAST_VMAC_ARCH
endif

USER_TESTS += test_vmac
# the .S files carry no .note.GNU-stack (the kernel does not want one)
$(USER_OUT)/test_vmac $(USER_OUT)/test_vmac_cryptopp: USER_CFLAGS += -Wa,--noexecstack
test_vmac_SRCS := $(VMAC_CORE_SRCS) selftests/user/test_vmac.c

# Differential test against Crypto++ (libcrypto++-dev).  The reference
# wrapper is C++, so this test has its own link rule (C++ driver, same
# sanitizers); the pattern rule in selftests/user/user.mk does the rest.
USER_CXX ?= c++
USER_TESTS += test_vmac_cryptopp
test_vmac_cryptopp_SRCS := $(VMAC_CORE_SRCS) selftests/user/test_vmac_cryptopp.c

$(USER_OUT)/vmac_cryptopp_ref.o: selftests/user/vmac_cryptopp_ref.cc selftests/user/vmac_cryptopp_ref.h
	@mkdir -p $(dir $@)
	$(USER_CXX) -O2 -g -Wall $(USER_SAN) $(USER_TARGET_FLAGS) -c -o $@ $<

$(USER_OUT)/test_vmac_cryptopp: $(test_vmac_cryptopp_SRCS) $(USER_OUT)/vmac_cryptopp_ref.o \
		tools/uapi-shim/kfast_user.c $(wildcard include/kfast/*.h tools/uapi-shim/*.h \
		selftests/user/*.h vmac/*.h arch/$(USER_ARCH)/vmac*.h)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) $(USER_SAN) -o $@ $(test_vmac_cryptopp_SRCS) \
		tools/uapi-shim/kfast_user.c $(USER_OUT)/vmac_cryptopp_ref.o \
		-lcryptopp -lstdc++ $(USER_LIBS)

# SPDX-License-Identifier: GPL-2.0
#
# Userspace builds of the portable cores: unit tests (ASan + UBSan) and the
# benchmark.  Each algorithm folder's user.mk appends to USER_TESTS and sets
# <test>_SRCS (paths relative to the top directory).

USER_OUT ?= build/user
USER_CC ?= cc
# The kernel's $(SRCARCH) of the target: the cores find their arch headers
# in arch/$(USER_ARCH)/ as they do in the kernel build.  This machine's,
# unless a cross build (check-user-arm64 below) sets it.
USER_ARCH ?= $(patsubst x86_64,x86,$(patsubst aarch64,arm64,$(shell uname -m)))
# Cross builds: include and library flags of the target's libraries, and
# the command that runs a target binary here (selftests/user/run.sh).
USER_TARGET_FLAGS ?=
USER_RUN ?=
USER_CFLAGS := -O2 -g -Wall -Wextra -Wno-unused-parameter -std=gnu11 \
	-Iinclude -Itools/uapi-shim -Itools/uapi-shim/asm-include -Iselftests/user \
	-Iarch/$(USER_ARCH) $(USER_TARGET_FLAGS)
USER_SAN ?= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
USER_LIBS := -lcrypto

USER_TESTS :=
include $(sort $(wildcard */user.mk))

# <kfast/aes.h>: the key schedules and both cipher directions.
USER_TESTS += test_aes
test_aes_SRCS := selftests/user/test_aes.c
ifeq ($(USER_ARCH),x86)
test_aes_SRCS += selftests/user/aes-aesni-test.S
endif

# Run after those: programs of one target only (USER_EXTRA_TESTS), and a
# file of regular expressions that the output must match (USER_EXPECT, one
# per line: see check-user-arm64-nocrypto below).
USER_EXTRA_TESTS ?=
USER_EXPECT ?=
arm64-insn-probe_SRCS := selftests/qemu/arm64-insn-probe.c

USER_TEST_BINS := $(addprefix $(USER_OUT)/,$(USER_TESTS) $(USER_EXTRA_TESTS))

.SECONDEXPANSION:

$(USER_OUT)/%: $$($$*_SRCS) tools/uapi-shim/kfast_user.c $(wildcard include/kfast/*.h tools/uapi-shim/*.h selftests/user/*.h */*.h \
		arch/*/*.h arch/*/*.inc)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) $(USER_SAN) -o $@ $($*_SRCS) tools/uapi-shim/kfast_user.c $(USER_LIBS)

check-user: $(USER_TEST_BINS)
	KFAST_USER_RUN="$(USER_RUN)" KFAST_USER_EXPECT="$(USER_EXPECT)" \
		selftests/user/run.sh $(USER_TEST_BINS)

# The same tests cross-built for arm64 (USER_ARCH=arm64: arch/arm64/ code)
# and run under qemu-aarch64 with every CPU feature it emulates (-cpu max:
# NEON, AES, PMULL, SHA3, SVE2).  The arm64 OpenSSL, nettle and Crypto++
# come from Debian's .debs (scripts/kenv.sh user-sysroot); their headers
# are system headers, as natively (-isystem).  ASan + UBSan as natively,
# except LeakSanitizer, which does not work under qemu-user (it stops the
# process with ptrace).
USER_ARM64_QEMU := env ASAN_OPTIONS=detect_leaks=0 qemu-aarch64 -cpu max \
	-L /usr/aarch64-linux-gnu
check-user-arm64:
	@sr=$$(scripts/kenv.sh user-sysroot arm64) && lib=$$sr/usr/lib/aarch64-linux-gnu && \
	$(MAKE) -s check-user USER_ARCH=arm64 USER_OUT=build/user-arm64 \
		USER_CC=aarch64-linux-gnu-gcc USER_CXX=aarch64-linux-gnu-g++ \
		USER_TARGET_FLAGS="-isystem $$sr/usr/include -isystem $$sr/usr/include/aarch64-linux-gnu \
			-L$$lib -Wl,-rpath-link=$$lib" \
		USER_RUN="$(USER_ARM64_QEMU) -E LD_LIBRARY_PATH=$$lib"

# The same arm64 binaries on a CPU without the Crypto Extensions (the
# Raspberry Pi 4's Cortex-A72): qemu-aarch64 -cpu cortex-a72-nocrypto, the
# model that scripts/kenv.sh qemu-nocrypto adds to Debian's qemu, with no
# AES, PMULL, SHA1 or SHA2 (neither the hwcaps nor the instructions).  The
# tests then find no CE tier and run generic, VMAC scalar and UMAC NEON
# with the portable AES; selftests/user/expect-arm64-nocrypto.txt says
# what they must report, and selftests/qemu/arm64-insn-probe.c checks that
# the model executes exactly the instructions it advertises.
check-user-arm64-nocrypto:
	@q=$$(scripts/kenv.sh qemu-nocrypto) && \
	$(MAKE) -s check-user-arm64 USER_EXTRA_TESTS=arm64-insn-probe \
		USER_EXPECT=selftests/user/expect-arm64-nocrypto.txt \
		USER_ARM64_QEMU="env ASAN_OPTIONS=detect_leaks=0 $$q/bin/qemu-aarch64 \
			-cpu cortex-a72-nocrypto -L /usr/aarch64-linux-gnu"

.PHONY: check-user-arm64 check-user-arm64-nocrypto

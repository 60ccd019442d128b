# SPDX-License-Identifier: GPL-2.0
#
# Userspace builds of the portable cores: unit tests (ASan + UBSan) and the
# benchmark.  Each algorithm folder's user.mk appends to USER_TESTS and sets
# <test>_SRCS (paths relative to the top directory).

USER_OUT := build/user
USER_CC ?= cc
# The kernel's $(SRCARCH) of this machine: the cores find their arch
# headers in arch/$(USER_ARCH)/ as they do in the kernel build.
USER_ARCH := $(patsubst x86_64,x86,$(patsubst aarch64,arm64,$(shell uname -m)))
USER_CFLAGS := -O2 -g -Wall -Wextra -Wno-unused-parameter -std=gnu11 \
	-Iinclude -Itools/uapi-shim -Itools/uapi-shim/asm-include -Iselftests/user \
	-Iarch/$(USER_ARCH)
USER_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
USER_LIBS := -lcrypto

USER_TESTS :=
include $(sort $(wildcard */user.mk))

# <kfast/aes.h>: the key schedules and both cipher directions.
USER_TESTS += test_aes
test_aes_SRCS := selftests/user/test_aes.c
ifeq ($(USER_ARCH),x86)
test_aes_SRCS += selftests/user/aes-aesni-test.S
endif

USER_TEST_BINS := $(addprefix $(USER_OUT)/,$(USER_TESTS))

.SECONDEXPANSION:

$(USER_OUT)/%: $$($$*_SRCS) tools/uapi-shim/kfast_user.c $(wildcard include/kfast/*.h tools/uapi-shim/*.h selftests/user/*.h */*.h \
		arch/*/*.h arch/*/*.inc)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) $(USER_SAN) -o $@ $($*_SRCS) tools/uapi-shim/kfast_user.c $(USER_LIBS)

check-user: $(USER_TEST_BINS)
	selftests/user/run.sh $(USER_TEST_BINS)

# SPDX-License-Identifier: GPL-2.0
#
# make check-ct: the constant-time test (selftests/ct/ct_test.c) of every
# core and every tier valgrind can execute, under valgrind's memcheck.  The
# cores are built as for the userspace tests but without sanitizers
# (valgrind runs the plain code) and with KFAST_CT_VALGRIND, which gives
# kfast_ct_declassify() its meaning.  Included by the top-level Makefile
# after selftests/user/user.mk (the <ALG>_CORE_SRCS lists).

CT_BIN := $(USER_OUT)/ct_test
CT_SRCS := selftests/ct/ct_test.c $(VMAC_CORE_SRCS) $(UMAC_CORE_SRCS) \
	$(GCMSIV_CORE_SRCS) $(OCB_CORE_SRCS) tools/uapi-shim/kfast_user.c \
	tools/uapi-shim/kfast_user_ct.c

$(CT_BIN): $(CT_SRCS) $(wildcard include/kfast/*.h tools/uapi-shim/*.h */*.h selftests/ct/*.h \
		arch/$(USER_ARCH)/*.h arch/$(USER_ARCH)/*.inc)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -DKFAST_CT_VALGRIND -Wa,--noexecstack -o $@ $(CT_SRCS)

check-ct: $(CT_BIN)
	selftests/ct/run.sh $(CT_BIN)

.PHONY: check-ct

# make check-dudect: the statistical timing test (selftests/ct/dudect.c) of
# the tiers valgrind cannot run (VAES, AVX-512), natively.  Built like the
# valgrind test (no sanitizers, the constant-time AES of kfast_user_ct.c
# for the cores' portable AES) but without KFAST_CT_VALGRIND.  A report:
# it fails only if a tier does not run or disagrees with the generic tier.
DUDECT_BIN := $(USER_OUT)/dudect
DUDECT_SRCS := selftests/ct/dudect.c $(VMAC_CORE_SRCS) $(UMAC_CORE_SRCS) \
	$(GCMSIV_CORE_SRCS) $(OCB_CORE_SRCS) tools/uapi-shim/kfast_user.c \
	tools/uapi-shim/kfast_user_ct.c
DUDECT_ARGS ?=

$(DUDECT_BIN): $(DUDECT_SRCS) $(wildcard include/kfast/*.h tools/uapi-shim/*.h */*.h selftests/ct/*.h \
		arch/$(USER_ARCH)/*.h arch/$(USER_ARCH)/*.inc)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -DKFAST_USER_CT_AES -Wa,--noexecstack -o $@ $(DUDECT_SRCS) -lm

check-dudect: $(DUDECT_BIN)
	$(DUDECT_BIN) $(DUDECT_ARGS)

.PHONY: check-dudect

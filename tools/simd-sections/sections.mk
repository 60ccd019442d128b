# SPDX-License-Identifier: GPL-2.0
#
# make check-simd-sections: the longest kfast_simd_begin()/kfast_simd_end()
# section of every tier of every algorithm, measured natively on this CPU
# (tools/simd-sections/simd_sections.c; Documentation/benchmarks.md, "SIMD
# sections").  The cores are built a second time, here only, with
# KFAST_USER_SIMD_TRACE, which makes the shim's begin/end read the TSC; the
# userspace tests and the benchmark keep the empty ones.  Like the
# benchmark: -O2, no sanitizers, no -march.  Included by the top-level
# Makefile after selftests/user/user.mk (the *_CORE_SRCS lists).

SECTIONS_BIN := build/simd-sections/simd_sections
SECTIONS_SRCS := tools/simd-sections/simd_sections.c tools/uapi-shim/kfast_user.c \
	$(VMAC_CORE_SRCS) $(UMAC_CORE_SRCS) $(GCMSIV_CORE_SRCS) $(OCB_CORE_SRCS)

$(SECTIONS_BIN): $(SECTIONS_SRCS) tools/simd-sections/sections.mk \
		$(wildcard include/kfast/*.h tools/uapi-shim/*.h vmac/*.h umac/*.h gcmsiv/*.h \
			ocb/*.h arch/*/*.h arch/*/*.inc)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -I. -Wa,--noexecstack -DKFAST_USER_SIMD_TRACE -o $@ \
		$(SECTIONS_SRCS) $(USER_LIBS)

# SECTIONS_ARGS: --reps N (default 7), --md (the summary table alone)
SECTIONS_ARGS ?=
check-simd-sections: $(SECTIONS_BIN)
	$(SECTIONS_BIN) $(SECTIONS_ARGS)

.PHONY: check-simd-sections

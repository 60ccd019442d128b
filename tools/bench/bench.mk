# SPDX-License-Identifier: GPL-2.0
#
# make bench: userspace benchmark of our cores (every tier the CPU has)
# against OpenSSL 3.0, BoringSSL (Debian's android-libboringssl), nettle 3.8
# and Crypto++ 8.7 (tools/bench/).
#
# Included by the top-level Makefile after selftests/user/user.mk, whose
# <alg>/user.mk files define VMAC_CORE_SRCS, UMAC_CORE_SRCS and
# GCMSIV_CORE_SRCS; an algorithm whose core is not in the tree yet is left
# out of the benchmark: its adapter (tools/bench/ours_<alg>.c) is not
# linked, and main.c finds it missing through a weak reference.  The cores
# are built like the userspace tests but without sanitizers, at -O2 and
# without -march: the SIMD tiers come from the cores' arch code, selected
# per implementation at run time.
#
#   make bench                       build, run (~1 minute), write
#                                    Documentation/benchmarks.md and the charts
#   make bench BENCH_ARGS=--quick    fewer rounds
#   make bench-build                 only build build/bench/kfast_bench
#   make bench-check                 only the correctness checks the run
#                                    starts with (known answers through the
#                                    timed functions, cross-checks), seconds
#   make uarch-probe                 build and run build/uarch-probe (core/TSC
#                                    and the throughputs the hardware bound
#                                    uses; needs AVX-512, VAES, IFMA)
#
# BENCH_ARGS takes any of kfast_bench's options (build/bench/kfast_bench
# --help), e.g. for one algorithm's tiers against its peer, pinned to CPU 1:
#
#   BENCH_ARGS='--only vmac64,vmac128 --cpu 1'
#   BENCH_ARGS='--only umac32,umac64,umac96,umac128 --umac-stream'
#                                    UMAC also through init + set_nonce +
#                                    update + final, beside the one-shot
#   BENCH_ARGS='--only vmac64,vmac128 --vmac-stream'
#                                    VMAC also through init + update +
#                                    final, beside init + finup
#   BENCH_ARGS='--only gcmsiv,gcmsiv-more,auth --gcmsiv-aes256'
#                                    AES-256-GCM-SIV open and auth-only too
#
# Such a run rewrites Documentation/benchmarks.md with only those tables:
# run build/bench/kfast_bench directly (no --md) to print them instead.
#
# Needs libssl-dev, nettle-dev, libcrypto++-dev and gnuplot(-nox);
# android-libboringssl-dev for the BoringSSL rows (loaded at run time from
# BENCH_BORINGSSL_LIB: without it those rows are skipped, with a message).

BENCH_OUT := build/bench
BENCH_BIN := $(BENCH_OUT)/kfast_bench
BENCH_CC ?= $(USER_CC)
BENCH_CXX ?= c++
# The cores' .S files carry no .note.GNU-stack (the kernel does not want one).
BENCH_CFLAGS := $(USER_CFLAGS) -I. -Wa,--noexecstack
BENCH_CXXFLAGS := -O2 -g -Wall -Wextra -Itools/bench
BENCH_DOC := Documentation
BENCH_ARGS ?=
BENCH_BORINGSSL_LIB ?= /usr/lib/$(shell $(BENCH_CC) -print-multiarch 2>/dev/null)/android/libcrypto.so
# The package's version names the rows' library in the report ("?" without dpkg).
BENCH_BORINGSSL_VERSION := $(or $(shell dpkg-query -W -f '$${Version}' android-libboringssl 2>/dev/null),?)

BENCH_CORES := $(VMAC_CORE_SRCS) $(UMAC_CORE_SRCS) $(GCMSIV_CORE_SRCS) $(OCB_CORE_SRCS)
# One adapter per algorithm whose core is in the tree.
BENCH_OURS := $(if $(strip $(VMAC_CORE_SRCS)),tools/bench/ours_vmac.c) \
	$(if $(strip $(UMAC_CORE_SRCS)),tools/bench/ours_umac.c) \
	$(if $(strip $(GCMSIV_CORE_SRCS)),tools/bench/ours_gcmsiv.c) \
	$(if $(strip $(OCB_CORE_SRCS)),tools/bench/ours_ocb.c)
BENCH_SRCS := $(addprefix tools/bench/,main.c engine.c check.c report.c ratio.c paper.c bound.c sys.c \
		peer_openssl.c peer_boringssl.c peer_nettle.c) \
	$(BENCH_OURS) tools/uapi-shim/kfast_user.c $(BENCH_CORES)
BENCH_DEPS := $(BENCH_SRCS) tools/bench/bench.h tools/bench/bench_int.h \
	tools/bench/uarch-mix.h tools/bench/bench.mk \
	$(wildcard include/kfast/*.h tools/uapi-shim/*.h vmac/*.h umac/*.h gcmsiv/*.h ocb/*.h \
		arch/*/*.h arch/*/*.inc)

$(BENCH_OUT)/peer_cryptopp.o: tools/bench/peer_cryptopp.cc tools/bench/bench.h
	@mkdir -p $(dir $@)
	$(BENCH_CXX) $(BENCH_CXXFLAGS) -c -o $@ $<

$(BENCH_BIN): $(BENCH_DEPS) $(BENCH_OUT)/peer_cryptopp.o
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) -o $@ $(BENCH_SRCS) \
		-DBENCH_BORINGSSL_LIB='"$(BENCH_BORINGSSL_LIB)"' \
		-DBENCH_BORINGSSL_VERSION='"$(BENCH_BORINGSSL_VERSION)"' \
		$(BENCH_OUT)/peer_cryptopp.o -lcryptopp -lnettle -lcrypto -lstdc++ -ldl -lm

bench-build: $(BENCH_BIN)

bench-check: $(BENCH_BIN)
	$(BENCH_BIN) --check $(BENCH_ARGS)

# -mavx512f only lets the probe's asm name zmm16-31 as clobbered.
build/uarch-probe: tools/bench/uarch-probe.c tools/bench/uarch-mix.h
	@mkdir -p $(dir $@)
	$(BENCH_CC) -O2 -mavx512f -o $@ $<

uarch-probe: build/uarch-probe
	taskset -c 1 build/uarch-probe

# gnuplot: PNG through pngcairo when this gnuplot has it, else SVG.
BENCH_TERM = $(shell gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 && echo png || echo svg)

bench: $(BENCH_BIN)
	@mkdir -p $(BENCH_DOC)
	$(BENCH_BIN) --md $(BENCH_DOC)/benchmarks.md --plots $(BENCH_OUT) \
		--png-dir $(BENCH_DOC) --term $(BENCH_TERM) $(BENCH_ARGS)
	@if command -v gnuplot >/dev/null; then \
		gnuplot $(BENCH_OUT)/plots.gp && echo "bench: charts written to $(BENCH_DOC)/"; \
	else \
		echo "bench: gnuplot not installed, no charts (data in $(BENCH_OUT)/)"; \
	fi

.PHONY: bench bench-build bench-check uarch-probe

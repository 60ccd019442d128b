# SPDX-License-Identifier: GPL-2.0
#
# User-facing entry points.  The kernel build itself is ./Kbuild.
#
#   make                  build the modules against KDIR (default: running kernel)
#   make install          install them and run depmod
#   make check            everything: userspace tests, stock 6.1/6.12/7.2 guests,
#                         7.2 KUnit debug kernels, arm64 guests (scripts/check.sh)
#   make check-quick      userspace tests + the 6.1 stock guest only
#   make check-kunit-older  the KUnit debug guests of 6.1 and 6.12 (amd64, arm64)
#   make check-user       userspace tests of the cores (ASan + UBSan)
#   make check-user-arm64 the same, cross-built for arm64, under qemu-aarch64
#   make check-arm64-nocrypto  arm64 userspace tests and stock guests on a CPU
#                         without the Crypto Extensions (qemu's cortex-a72-nocrypto)
#   make check-ct         the constant-time test under valgrind (selftests/ct/)
#   make check-dudect     the dudect-style timing report of the tiers valgrind
#                         cannot run (VAES, AVX-512); DUDECT_ARGS="-n N ALG TIER"
#   make demo             the main job: build, boot, AF_ALG sample, speed report
#   make bench            userspace benchmark against OpenSSL/BoringSSL/nettle/Crypto++
#   make bench-check      only its correctness checks (known answers, cross-checks)
#   make uarch-probe      core/TSC and the throughputs of the hardware bound (AVX-512)
#   make check-simd-sections  the longest SIMD section of every tier, natively (TSC)
#   make vm-run KERNEL=6.1 CMD='...' [FILES=dir]   run a command in a test guest
#   make fuzz SEED=n COUNT=n [KERNEL=7.2]   AF_ALG fuzz campaign in a KUnit debug guest
#   make style            checkpatch.pl on the project's C files
#   make deb              the kfast-dkms Debian package in dist/ (scripts/deb.sh)
#   make model-arm64      llvm-mca-19 cycles/byte of the arm64 loops (a model;
#                         Documentation/benchmarks-arm64.md)
#   make model-x86        llvm-mca-19 port bound of the x86-64 loops, icelake-server
#                         and znver4 models (Documentation/benchmarks-x86.md)

KDIR ?= /lib/modules/$(shell uname -r)/build
PWD := $(CURDIR)

all: modules

modules:
	$(MAKE) -C $(KDIR) M=$(PWD) modules

# INSTALL_MOD_PATH=dir installs under dir (packaging, tests).  The release
# comes from the modules' vermagic: Debian's headers report the upstream
# version (6.1.192) from `make kernelrelease`, not 6.1.0-57-amd64.
install: modules
	$(MAKE) -C $(KDIR) M=$(PWD) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) -a \
		$$(modinfo -F vermagic kfast_vmac.ko | cut -d' ' -f1)

clean:
	-$(MAKE) -C $(KDIR) M=$(PWD) clean 2>/dev/null
	rm -rf build/ dist/

check:
	scripts/check.sh all

check-quick:
	scripts/check.sh quick

demo:
	scripts/demo.sh

vm-run:
	scripts/vm-run.sh "$(KERNEL)" "$(CMD)" "$(FILES)"

# The KUnit guest's fuzz step alone (kunit-40-fuzz.sh, then the kmemleak scan): COUNT sequences per
# algorithm, about 0.05 s each under TCG+KASAN; the timeout allows 0.5 s.
SEED ?= 1
COUNT ?= 2000
fuzz:
	KFAST_GUEST_STEPS="40 90" KFAST_FUZZ_SEED=$(SEED) KFAST_FUZZ_COUNT=$(COUNT) \
	KFAST_GUEST_TIMEOUT=$$((600 + $(COUNT) * 8 / 2)) KFAST_RUN_TAG=fuzz \
		selftests/qemu/run-guest.sh kunit $(or $(KERNEL),7.2)

# KUnit on the older kernels, outside make check (scripts/lib.sh's
# KFAST_KUNIT_KERNELS: a debug kernel is a build of 15-30 minutes each,
# cold): the amd64 guests with every step make check's 7.2 one has, the arm64
# ones with the suites and the kmemleak scan.  check-kunit-arm64: the arm64
# ones alone.
KUNIT_OLDER_KERNELS ?= 6.1 6.12
ARM64_KUNIT_KERNELS ?= $(KUNIT_OLDER_KERNELS)
check-kunit-older:
	@fail=0; for k in $(KUNIT_OLDER_KERNELS); do \
		selftests/qemu/run-guest.sh kunit $$k || fail=1; \
	done; $(MAKE) -s check-kunit-arm64 ARM64_KUNIT_KERNELS="$(KUNIT_OLDER_KERNELS)" || fail=1; \
	exit $$fail

check-kunit-arm64:
	@fail=0; for k in $(ARM64_KUNIT_KERNELS); do \
		selftests/qemu/run-guest.sh kunit $$k arm64 || fail=1; \
	done; exit $$fail

# arm64 without the Crypto Extensions (a Cortex-A72 without AES, PMULL,
# SHA1, SHA2, like the Raspberry Pi 4's), on qemu's cortex-a72-nocrypto
# model (scripts/kenv.sh qemu-nocrypto builds that qemu once): the
# userspace tests under qemu-aarch64, then Debian's stock arm64 kernels with
# the tree's modules, which must register generic, scalar and neon only.
ARM64_NOCRYPTO_KERNELS ?= 7.2 6.1 6.12
check-arm64-nocrypto:
	@fail=0; $(MAKE) -s check-user-arm64-nocrypto || fail=1; \
	for k in $(ARM64_NOCRYPTO_KERNELS); do \
		KFAST_ARM64_CPU=cortex-a72-nocrypto selftests/qemu/run-guest.sh stock $$k arm64 || \
			fail=1; \
	done; exit $$fail

style:
	scripts/style.sh

deb:
	scripts/deb.sh

model-arm64:
	scripts/model-arm64.py Documentation/benchmarks-arm64.md

model-x86:
	scripts/model-x86.py Documentation/benchmarks-x86.md

include selftests/user/user.mk
include tools/bench/bench.mk
include tools/simd-sections/sections.mk
include selftests/ct/ct.mk

.PHONY: all modules install clean check check-quick check-user demo vm-run fuzz style bench \
	check-kunit-older check-kunit-arm64 check-arm64-nocrypto \
	deb model-arm64 model-x86

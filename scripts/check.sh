#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The test suite behind `make check` (all) and `make check-quick` (quick).
#
#   all:   host packages, userspace tests of the cores (ASan + UBSan, every
#          SIMD tier the host CPU has; and cross-built for arm64 under
#          qemu-aarch64 -cpu max), the constant-time test (valgrind) and
#          the timing report of the tiers valgrind cannot run (dudect),
#          module builds with W=1 for 6.1, 6.12,
#          7.2 and 7.3-rc7 on amd64 and arm64, the kfast-dkms Debian package
#          (lintian; installed, built by DKMS for two kernels and removed in
#          a clean chroot of each suite), Debian's stock 6.1/6.12/7.2/7.3
#          amd64 kernels booted under qemu with the modules DKMS built
#          (modprobe, /proc/crypto,
#          AF_ALG, kcapi tools, differential test against vmac.ko, speed
#          module, unload/reload), the 7.2 KUnit debug kernels (amd64 and
#          arm64; 6.1/6.12: make check-kunit-older), the stock 6.1/6.12/7.2/7.3-rc7 arm64
#          kernels and the 6.1/6.12/7.2 ones on an arm64 CPU without the
#          Crypto Extensions (qemu cortex-a72-nocrypto, built here), and
#          Debian's PREEMPT_RT and cloud flavours of the amd64
#          kernels (rt-amd64, cloud-amd64: modprobe, /proc/crypto, AF_ALG
#          vectors and concurrency, unload/reload); the longest SIMD section
#          of every tier, measured natively (a report).
#   quick: host packages, userspace tests (both), the constant-time tests,
#          the stock 6.1 amd64 guest.
#
# Each step prints "<step>: N passed, N failed"; the last line is the total.

set -u
# Read the whole script before running it (a brace group is parsed at once),
# so that editing it during a long run cannot derail the running copy.
{
. "$(dirname "$0")/lib.sh"
mode=${1:-all}
cd "$KFAST_TOP"

total_pass=0 total_fail=0
failed_steps=()

# step NAME COMMAND...: runs a step, adds its "N passed, N failed" counts
# (or one failure if it failed without printing them).
step() {
	local name=$1 out rc line p f
	shift
	log "=== $name"
	out=$(mktemp)
	"$@" 2>&1 | tee "$out"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[^:]+: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
	rm -f "$out"
	p=0 f=0
	if [ -n "$line" ]; then
		p=$(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')
		f=$(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
	fi
	[ -z "$line" ] && [ "$rc" -eq 0 ] && p=1
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	[ "$f" -ne 0 ] && failed_steps+=("$name")
	return 0
}

# parallel_steps "NAME|COMMAND" ...: runs the steps two at a time (the
# machine has two cores and each guest is mostly one busy qemu thread), then
# accounts each one as step() does, in the order given.
parallel_steps() {
	local spec name cmd i=0 dir
	local -a names=()
	dir=$(mktemp -d)
	for spec in "$@"; do
		name=${spec%%|*}
		cmd=${spec#*|}
		while [ "$(jobs -rp | wc -l)" -ge "${KFAST_PARALLEL:-2}" ]; do
			sleep 2
		done
		log "=== $name (started)"
		# The step writes its own exit status: `wait PID` reported
		# failures for steps that had passed.
		(
			bash -c "$cmd" >"$dir/$i.out" 2>&1
			echo $? >"$dir/$i.rc"
		) &
		names+=("$name")
		i=$((i + 1))
	done
	wait
	for i in "${!names[@]}"; do
		[ -s "$dir/$i.rc" ] || echo 1 >"$dir/$i.rc"
	done
	for i in "${!names[@]}"; do
		step "${names[$i]}" sh -c "cat '$dir/$i.out'; exit \$(cat '$dir/$i.rc')"
	done
	rm -rf "$dir"
}

build_all_modules() {
	local k a n=0 bad=0
	for k in $KFAST_STOCK_KERNELS; do
		for a in amd64 arm64 $KFAST_FLAVOURS; do
			if scripts/kenv.sh modules "$k" "$a" >/dev/null; then
				n=$((n + 1))
				echo "ok - modules build with W=1 and no warning for $k $a"
			else
				bad=$((bad + 1))
				echo "not ok - modules build for $k $a"
			fi
		done
	done
	echo "module builds: $n passed, $bad failed"
	[ "$bad" -eq 0 ]
}

# dkms_then_guest KVER DEB: the package through DKMS in a clean chroot, then
# the stock guest booting the modules DKMS built; one count for both.
dkms_then_guest() {
	local out p=0 f=0 line rc
	out=$(mktemp)
	{
		selftests/dkms/dkms-test.sh "$1" "$2" &&
			KFAST_MODULES=dkms selftests/qemu/run-guest.sh stock "$1" amd64
	} 2>&1 | tee "$out"
	rc=${PIPESTATUS[0]}
	while read -r line; do
		p=$((p + $(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')))
		f=$((f + $(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')))
	done < <(grep -E '^(dkms|guest) [^:]+: [0-9]+ passed, [0-9]+ failed$' "$out")
	rm -f "$out"
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	echo "DKMS package and stock $1 guest: $p passed, $f failed"
	[ "$f" -eq 0 ]
}
export -f dkms_then_guest

# make install into a scratch root, as a distribution package build would.
install_test() {
	local tree abi
	tree=$(sync_tree install-test)
	abi=$(stock_headers "$KFAST_CACHE/chroot/bookworm")
	abi=${abi##*/linux-headers-}
	in_chroot bookworm "cd /build/install-test && make -s KDIR=/usr/src/linux-headers-$abi \
		INSTALL_MOD_PATH=/build/install-test/root install" >"$tree/install.log" 2>&1 || {
		cat "$tree/install.log"
		echo "make install: 0 passed, 1 failed"
		return 1
	}
	local ok=0 bad=0 m
	for m in $(kfast_modules); do
		if grep -q "^extra/$m.ko:" "$tree"/root/lib/modules/*/modules.dep; then
			ok=$((ok + 1))
		else
			echo "not ok - $m missing from modules.dep after make install"
			bad=$((bad + 1))
		fi
	done
	for a in "vmac64(aes)" "vmac128(aes)" "umac64(aes)" "gcm-siv(aes)" "ocb(aes)"; do
		if grep -qF "alias crypto-$a " "$tree"/root/lib/modules/*/modules.alias; then
			ok=$((ok + 1))
		else
			echo "not ok - no modules.alias entry for crypto-$a"
			bad=$((bad + 1))
		fi
	done
	echo "make install: $ok passed, $bad failed"
	[ "$bad" -eq 0 ]
}

step "host packages" scripts/kenv.sh setup-host
if [ "$mode" = all ]; then
	# Cold, the debug kernels are the longest part of a run (the arm64
	# cross build about 30 minutes of one core, amd64 about 15): their builds
	# start now, one job each, beside the steps below rather than when their
	# guests do.  The guest steps wait for them (kenv.sh locks each kernel's
	# build) and build them themselves if this failed.  Warm, a no-op.
	# Not jobs of this shell: parallel_steps counts those.
	for k in $KFAST_KUNIT_KERNELS; do
		for a in arm64 amd64; do
			(KFAST_JOBS=1 scripts/kenv.sh kunit-kernel "$k" "$a" >/dev/null 2>&1 &)
		done
	done
fi
step "userspace tests" make -s check-user
step "arm64 userspace tests (qemu-user)" make -s check-user-arm64
step "constant time (valgrind)" make -s check-ct
step "constant time (dudect timing report)" make -s check-dudect
step "SIMD section lengths (native, a report)" make -s check-simd-sections
step "speed output checker" selftests/qemu/check-speed-output-test.sh

case "$mode" in
quick)
	step "stock 6.1 amd64 guest" selftests/qemu/run-guest.sh stock 6.1 amd64
	;;
all)
	step "module builds" build_all_modules
	step "Debian package" scripts/deb.sh
	deb=$(ls dist/kfast-dkms_*_all.deb | sort -V | tail -n 1)
	# The longest first: the KUnit guests of KFAST_KUNIT_KERNELS, whose
	# debug kernels have been building since the start (cold: the arm64
	# cross build about 30 minutes of one core, amd64 about 15; the older
	# kernels' are `make check-kunit-older`).  The arm64 one has the KUnit
	# suites and the kmemleak scan: its kernel has no networking
	# (kunit-arm64.config), the AF_ALG reliability steps run in the amd64
	# debug guest (under TCG they would take the arm64 guest from 16 to
	# about 25 minutes).  Then the DKMS chains (mostly apt and
	# dpkg), the stock amd64 guests booting the modules DKMS built from the
	# package.
	guests=()
	for k in $KFAST_KUNIT_KERNELS; do
		guests+=("KUnit $k arm64 debug guest|selftests/qemu/run-guest.sh kunit $k arm64")
		guests+=("KUnit $k debug guest|selftests/qemu/run-guest.sh kunit $k")
	done
	# An arm64 CPU without the Crypto Extensions (a Raspberry Pi 4's):
	# qemu built with our cortex-a72-nocrypto model (cold, about 5 minutes
	# of both cores), the userspace tests on it here, its guests below.
	guests+=("arm64 userspace tests on cortex-a72-nocrypto|make -s check-user-arm64-nocrypto")
	for k in $KFAST_STOCK_KERNELS; do
		guests+=("DKMS package and stock $k amd64 guest|dkms_then_guest $k $deb")
	done
	for k in $KFAST_STOCK_KERNELS; do
		guests+=("stock $k arm64 guest|selftests/qemu/run-guest.sh stock $k arm64")
	done
	# The arm64 CPU without the Crypto Extensions boots the newest kernel
	# here; `make check-arm64-nocrypto` boots all three on it.
	k=${KFAST_KERNELS##* }
	guests+=("stock $k arm64 guest on cortex-a72-nocrypto|KFAST_ARM64_CPU=cortex-a72-nocrypto selftests/qemu/run-guest.sh stock $k arm64")
	# Debian's PREEMPT_RT and cloud kernels of each release: the flavour
	# steps (run-guest.sh's FLAVOUR_STEPS), under a minute each when warm;
	# last, so that they fill the slot beside the longer guests.
	for k in $KFAST_STOCK_KERNELS; do
		for f in $KFAST_FLAVOURS; do
			guests+=("stock $k $f guest|selftests/qemu/run-guest.sh stock $k $f")
		done
	done
	parallel_steps "${guests[@]}"
	step "make install" install_test
	step "checkpatch" scripts/style.sh
	;;
*)
	die "usage: check.sh all|quick"
	;;
esac

if [ ${#failed_steps[@]} -ne 0 ]; then
	log "failed steps: ${failed_steps[*]}"
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
exit $?
}

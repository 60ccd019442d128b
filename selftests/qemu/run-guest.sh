#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boots a test guest under qemu (TCG: nested KVM is not available) and judges
# the run.
#
#   run-guest.sh stock KVER FLAVOUR     Debian's kernel + our modules built
#                                       against Debian's headers (with
#                                       KFAST_MODULES=dkms: the modules DKMS
#                                       built in selftests/dkms/dkms-test.sh);
#                                       FLAVOUR amd64, arm64, or rt-amd64 /
#                                       cloud-amd64 (Debian's PREEMPT_RT and
#                                       cloud kernels: the flavour steps below)
#   run-guest.sh kunit KVER [ARCH]      the KUnit debug kernel (amd64 or
#                                       arm64) + our modules and KUnit
#                                       suites built against it
#   run-guest.sh demo KVER FLAVOUR      stock guest running the demo (make demo)
#   run-guest.sh cmd KVER FLAVOUR CMD [DIR]  stock guest, modules loaded, runs
#                                       CMD with DIR's files in /files
#
# A flavour guest (rt-amd64, cloud-amd64) runs a reduced set of steps
# (FLAVOUR_STEPS below: modprobe and /proc/crypto, the AF_ALG vectors, the
# KUnit guest's AF_ALG concurrency step, unload/reload), and checks that it
# booted that flavour.  KFAST_GUEST_STEPS="20 40" stages only those NN steps
# of any stock or KUnit guest.  KUnit knobs: KFAST_FUZZ_SEED, KFAST_FUZZ_COUNT,
# KFAST_FAULT_STRIDE, KFAST_FAULT_ROUNDS reach the reliability steps;
# KFAST_GUEST_TIMEOUT (seconds) replaces the 1500 s timeout (make fuzz).
#
# arm64 guests run on qemu's -cpu max (every feature qemu emulates:
# ASIMD, AES, PMULL, SHA*, SVE2, ...), or with
# KFAST_ARM64_CPU=cortex-a72-nocrypto on a Cortex-A72 without the Crypto
# Extensions (no AES, PMULL, SHA1, SHA2: the Raspberry Pi 4), a model that
# only the qemu of `kenv.sh qemu-nocrypto` has (make check-arm64-nocrypto).
# The guest is then named <kind>-<kver>-arm64-cortex-a72-nocrypto, so that
# it can run beside the same kernel's -cpu max guest.  Either way
# stock-10-modules.sh checks that the CPU has (or lacks) the features the
# model is for, that it executes exactly the instructions it advertises
# (arm64-insn-probe.c), and that exactly the drivers those features allow
# are registered.
#
# The guest's init (guest/init) runs the guest/<kind>-NN-*.sh scripts and
# prints "KFAST-RESULT pass=N fail=N" (also on the second serial port on
# x86).  The run fails on a missing result line, a non-zero fail count, a
# timeout, or any oops/WARN/KASAN/UBSAN/lockdep report in the console log.
# Prints "guest <name>: N passed, N failed" last.

set -eu
# Read the whole script before running it (a brace group is parsed at once),
# so that editing it during a long run cannot derail the running copy.
{
. "$(dirname "$0")/../../scripts/lib.sh"
KENV=$KFAST_TOP/scripts/kenv.sh
GUEST=$KFAST_TOP/selftests/qemu/guest

# The steps of a flavour guest: guest/<kind>-NN-*.sh names, any kind's.
FLAVOUR_STEPS="stock-10-modules stock-20-afalg kunit-50-concurrency stock-80-reload"

kind=$1 kver=$2
case "$kind" in
kunit) arch=${3:-amd64} flav=$arch ;;
stock | demo | cmd) flav=$3 arch=$(flavour_arch "$3") ;;
*) die "usage: run-guest.sh stock|kunit|demo|cmd KVER [FLAVOUR] [CMD [DIR]]" ;;
esac
name="$kind-$kver-$flav"
cpu=max qemu_arm64=qemu-system-aarch64
if [ "$arch" = arm64 ]; then
	cpu=${KFAST_ARM64_CPU:-max}
	# what the model must have (or lack, "!"): /tests/cpu-features
	case "$cpu" in
	max) cpu_features="asimd aes pmull sha1 sha2 sha3" ;;
	cortex-a72-nocrypto) cpu_features="asimd !aes !pmull !sha1 !sha2 !sha3" ;;
	*) die "KFAST_ARM64_CPU=$cpu: max or cortex-a72-nocrypto" ;;
	esac
	if [ "$cpu" != max ]; then
		name="$name-$cpu"
		qemu_arm64=$("$KENV" qemu-nocrypto)/bin/qemu-system-aarch64
	fi
fi
smp=2
# KFAST_RUN_TAG keeps concurrent runs of the same guest apart.
out=$KFAST_CACHE/runs/$name${KFAST_RUN_TAG:+-$KFAST_RUN_TAG}
rm -rf "$out"
mkdir -p "$out/root"/{bin,tests,files}
root=$out/root

# --- userspace of the guest: busybox, libkcapi tools, our AF_ALG program ---
userland() {
	local arch=$1 root=$2 d
	if [ "$arch" = amd64 ]; then
		cp /bin/busybox "$root/bin/busybox"
		gcc -static -O2 -Wall -o "$root/tests/kfast_afalg_test" \
			"$KFAST_TOP/selftests/afalg/kfast_afalg_test.c"
		gcc -static -O2 -Wall -Wextra -pthread -o "$root/tests/kfast_afalg_reliab" \
			"$KFAST_TOP/selftests/afalg/kfast_afalg_reliab.c"
		local f lib
		for f in /usr/bin/kcapi-dgst /usr/bin/kcapi-enc; do
			cp "$f" "$root/bin/"
			for lib in $(ldd "$f" | grep -oE '/[^ ]+\.so[^ ]*'); do
				mkdir -p "$root$(dirname "$lib")"
				cp -L "$lib" "$root$lib"
			done
		done
		[ -e "$root/lib64" ] || ln -s usr/lib64 "$root/lib64" 2>/dev/null || true
	else
		# arm64 busybox and libkcapi from bookworm (static busybox; the
		# tools with their libraries).
		apt_update_once bookworm
		fetch_debs bookworm busybox-static:arm64 kcapi-tools:arm64 libkcapi1:arm64 libc6:arm64
		d=$KFAST_CACHE/arm64-userland
		if [ ! -f "$d/.ready" ]; then
			rm -rf "$d"
			for p in busybox-static kcapi-tools libkcapi1 libc6; do
				extract_deb "$(compgen -G "$KFAST_CACHE/debs/bookworm/${p}_*_arm64.deb" | tail -n 1)" "$d"
			done
			touch "$d/.ready"
		fi
		cp "$d/bin/busybox" "$root/bin/busybox"
		cp "$d/usr/bin/kcapi-dgst" "$d/usr/bin/kcapi-enc" "$root/bin/"
		mkdir -p "$root/lib/aarch64-linux-gnu" "$root/usr/lib/aarch64-linux-gnu"
		cp -a "$d"/usr/lib/aarch64-linux-gnu/libkcapi.so.1* "$root/usr/lib/aarch64-linux-gnu/"
		cp -a "$d"/lib/aarch64-linux-gnu/libc.so.6 "$d"/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1 \
			"$root/lib/aarch64-linux-gnu/" 2>/dev/null ||
			cp -a "$d"/usr/lib/aarch64-linux-gnu/libc.so.6 \
				"$d"/usr/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1 "$root/lib/aarch64-linux-gnu/"
		# the ELF interpreter path of aarch64 binaries
		ln -sf aarch64-linux-gnu/ld-linux-aarch64.so.1 "$root/lib/ld-linux-aarch64.so.1"
		aarch64-linux-gnu-gcc -static -O2 -Wall -o "$root/tests/kfast_afalg_test" \
			"$KFAST_TOP/selftests/afalg/kfast_afalg_test.c"
		aarch64-linux-gnu-gcc -static -O2 -Wall -o "$root/tests/arm64-insn-probe" \
			"$KFAST_TOP/selftests/qemu/arm64-insn-probe.c"
		echo "$cpu_features" >"$root/tests/cpu-features"
	fi
}

# stage_steps FILE...: the guest/<kind>-NN-*.sh steps as /tests/NN-*.sh,
# only those of KFAST_GUEST_STEPS="NN NN" when it is set.
stage_steps() {
	local f b
	for f in "$@"; do
		b=${f##*/}
		b=${b#*-}
		if [ -n "${KFAST_GUEST_STEPS:-}" ]; then
			case " $KFAST_GUEST_STEPS " in *" ${b%%-*} "*) ;; *) continue ;; esac
		fi
		cp "$f" "$root/tests/$b"
	done
}

# Copies a kernel module and its dependencies (from modules.dep) into the
# guest's module tree, decompressed (busybox cannot load .ko.xz).
add_kernel_module() {
	local src=$1 dst=$2 name=$3 rel dep
	rel=$(grep -E "(^|/)$name\.ko(\.xz|\.zst)?:" "$src/modules.dep" | head -n 1) || return 1
	for dep in ${rel%%:*} ${rel#*:}; do
		[ -f "$dst/${dep%.xz}" ] || [ -f "$dst/${dep%.zst}" ] && continue
		mkdir -p "$dst/$(dirname "$dep")"
		case "$dep" in
		*.xz) xz -dc "$src/$dep" >"$dst/${dep%.xz}" ;;
		*.zst) zstd -qdc "$src/$dep" >"$dst/${dep%.zst}" ;;
		*) cp "$src/$dep" "$dst/$dep" ;;
		esac
	done
}

stage_modules() {
	local builddir=$1 kabi=$2 stockmods=${3:-} m
	local moddir=$root/lib/modules/$kabi
	mkdir -p "$moddir/extra"
	find "$builddir" -maxdepth 1 -name '*.ko' -exec cp {} "$moddir/extra/" \;
	if [ -n "$stockmods" ]; then
		for m in af_alg algif_hash algif_aead tcrypt vmac crypto_user; do
			add_kernel_module "$stockmods" "$moddir" "$m" || true
		done
		# The kernel's crypto modules, as an installed system has them,
		# so that the crypto API autoloads cmac(aes), gcm(aes), ... by
		# name for the speed module and the demo's NTP table.
		for m in $(cd "$stockmods" && find kernel/crypto kernel/arch/*/crypto kernel/lib/crypto \
			-name '*.ko*' 2>/dev/null); do
			m=${m##*/}
			add_kernel_module "$stockmods" "$moddir" "${m%%.ko*}" || true
		done
		cp "$stockmods"/modules.builtin* "$moddir/" 2>/dev/null || true
	fi
	touch "$moddir/modules.order" "$moddir/modules.builtin"
	depmod -b "$root" "$kabi"
}

timeout_s=600
case "$kind" in
stock | demo | cmd)
	kdir=$("$KENV" stock "$kver" "$flav")
	kabi=$(cat "$kdir/abi")
	if [ "${KFAST_MODULES:-tree}" = dkms ]; then
		bdir=$KFAST_CACHE/dkms/$kabi/modules
		[ -f "$bdir/kfast_vmac.ko" ] ||
			die "no DKMS-built modules for $kabi (selftests/dkms/dkms-test.sh $kver runs first)"
		log "guest $name boots the modules DKMS built ($bdir)"
	else
		bdir=$("$KENV" modules "$kver" "$flav")
	fi
	userland "$arch" "$root"
	stage_modules "$bdir" "$kabi" "$kdir/modules"
	kernel=$kdir/vmlinuz
	if [ "$kind" = stock ] && [ "$flav" != "$arch" ]; then
		# a flavour: its steps, and what it must be (stock-10-modules.sh)
		steps=()
		for f in $FLAVOUR_STEPS; do
			steps+=("$GUEST/$f.sh")
		done
		stage_steps "${steps[@]}"
		echo "$flav" >"$root/tests/flavour"
	elif [ "$kind" != cmd ]; then
		stage_steps "$GUEST/$kind"-*.sh
	fi
	if [ "$kind" != cmd ]; then
		cp "$GUEST/reliab-lib.sh" "$KFAST_TOP/selftests/afalg/vectors.txt" "$root/tests/"
		: >"$root/tests/reliab.env"
		# The README's example blocks marked for the stock guest, as is
		# (stock-40-readme.sh runs them).
		mkdir -p "$root/tests/readme"
		awk -v d="$root/tests/readme" '
			/^<!-- test: stock guest/ { want = 1; next }
			want && /^```sh$/ { n++; f = sprintf("%s/%02d.sh", d, n); in_block = 1; want = 0; next }
			in_block && /^```$/ { in_block = 0; close(f); next }
			in_block { print > f }' "$KFAST_TOP/README.md"
	else
		cp "$GUEST/stock-10-modules.sh" "$root/tests/10-modules.sh"
		printf '%s\n' "${4:-true}" >"$root/tests/50-cmd.sh"
		[ -n "${5:-}" ] && cp -a "$5"/. "$root/files/"
	fi
	;;
kunit)
	odir=$("$KENV" kunit-kernel "$kver" "$arch")
	bdir=$("$KENV" kunit-modules "$kver" "$arch")
	kabi=$(cat "$odir/include/config/kernel.release")
	userland "$arch" "$root"
	stage_modules "$bdir" "$kabi"
	# The AF_ALG steps (those on reliab-lib.sh) need a kernel with
	# networking; the arm64 debug kernel has none (kunit-arm64.config), so
	# its guest runs the KUnit suites and the kmemleak scan.
	if grep -q '^CONFIG_NET=y' "$odir/.config"; then
		stage_steps "$GUEST"/kunit-*.sh
	else
		log "$name: no CONFIG_NET in this kernel, the AF_ALG steps are not staged"
		stage_steps $(grep -L reliab-lib.sh "$GUEST"/kunit-*.sh)
	fi
	cp "$GUEST/reliab-lib.sh" "$KFAST_TOP/selftests/afalg/vectors.txt" "$root/tests/"
	# The reliability steps' knobs (kunit-30, kunit-40), when set.
	for v in KFAST_FUZZ_SEED KFAST_FUZZ_COUNT KFAST_FAULT_STRIDE KFAST_FAULT_ROUNDS; do
		[ -n "${!v:-}" ] && echo "$v=${!v}"
	done >"$root/tests/reliab.env"
	# Four CPUs for the concurrency cases (one thread per CPU); the guest
	# checks that it brought them all up.
	smp=4
	echo "$smp" >"$root/tests/expected-cpus"
	kernel=$odir/arch/x86/boot/bzImage
	timeout_s=${KFAST_GUEST_TIMEOUT:-1500}
	if [ "$arch" = arm64 ]; then
		# TCG runs this KASAN kernel about three times slower than the x86
		# one: KUnit's 300-second case timeout would stop the all-lengths
		# cases (kunit.timeout: 7.2 has it, 6.1 and 6.12 do not).
		kernel=$odir/arch/arm64/boot/Image
		timeout_s=${KFAST_GUEST_TIMEOUT:-3000}
		kunit_append="kunit.timeout=900"
	fi
	;;
esac
cp "$GUEST/init" "$GUEST/lib.sh" "$root/"
mv "$root/lib.sh" "$root/tests/lib.sh"
chmod +x "$root/init"

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out/initrd.gz"

log "booting $name (timeout ${timeout_s}s)"
append="panic=-1 oops=panic panic_on_warn=1 quiet loglevel=4 ${kunit_append:-}"
if [ "$arch" = amd64 ]; then
	# thread=single: one host thread runs all the vCPUs.  With multi-threaded
	# TCG a 7.2 guest once died at boot with an int3 Oops in the middle of
	# the kernel's own text patching (cross-vCPU code modification).
	qemu=(qemu-system-x86_64 -accel tcg,thread=single -cpu max -smp "$smp" -m 2048
		-serial "file:$out/console.log" -serial "file:$out/result.txt")
	# no5lvl: -cpu max offers LA57, and KASAN's early shadow on 6.1 faults
	# with 5-level paging (wild-memory-access in the first interrupt).
	append="console=ttyS0 no5lvl $append"
else
	qemu=("$qemu_arm64" -M virt -cpu "$cpu" -accel tcg,thread=single -smp "$smp" -m 2048
		-serial "file:$out/console.log")
	# that qemu is built without networking: no default NIC
	[ "$cpu" = max ] || qemu+=(-nic none)
	append="console=ttyAMA0 $append"
fi
start=$(date +%s)
set +e
timeout "$timeout_s" "${qemu[@]}" -nographic -no-reboot -monitor none -display none \
	-kernel "$kernel" -initrd "$out/initrd.gz" -append "$append" >"$out/qemu.log" 2>&1
rc=$?
set -e
log "$name finished in $(($(date +%s) - start))s (qemu exit $rc)"

# --- verdict -------------------------------------------------------------
console=$out/console.log
res=$(cat "$out/result.txt" "$console" 2>/dev/null | grep -a 'KFAST-RESULT' | tail -n 1 | tr -d '\r' || true)
pass=$(echo "$res" | sed -n 's/.*pass=\([0-9]*\).*/\1/p')
fail=$(echo "$res" | sed -n 's/.*fail=\([0-9]*\).*/\1/p')
problems=$(grep -anE 'BUG:|WARNING:|Oops|KASAN:|UBSAN:|Kernel panic|kernel BUG|general protection|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU|unreferenced object|Call Trace:' \
	"$console" | head -n 5 || true)
verdict_fail=0
if [ -z "$res" ]; then
	log "$name: no result line (timeout or crash); end of the console log:"
	tail -n 60 "$console" >&2
	verdict_fail=1
	pass=${pass:-0}
	fail=$(( $(grep -ac '^not ok' "$console" || true) + 1 ))
	pass=$(grep -ac '^ok' "$console" || true)
fi
if [ -n "$problems" ]; then
	log "$name: kernel reported problems:"
	grep -anE -B5 -A25 'BUG:|WARNING:|Oops|KASAN:|UBSAN:|Kernel panic|kernel BUG|general protection|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU|unreferenced object' \
		"$console" | head -n 80 >&2
	fail=$((fail + 1))
fi
if grep -aq '^KFAST-SPEED-BEGIN' "$console"; then
	# speed module output: the form of the lines, not the numbers
	sed -n '/^KFAST-SPEED-BEGIN/,/^KFAST-SPEED-END/p' "$console" | tr -d '\r' |
		grep -av '^KFAST-SPEED' >"$out/speed.txt"
	if python3 "$KFAST_TOP/selftests/qemu/check-speed-output.py" --module kfast_speed \
		"$out/speed.txt" >&2; then
		pass=$((pass + 1))
	else
		echo "not ok - speed module output is not well-formed ($out/speed.txt)" >&2
		fail=$((fail + 1))
	fi
fi
grep -a '^not ok' "$console" >&2 || true
if [ "$kind" = demo ] || [ "$kind" = cmd ]; then
	# what the guest printed, without the kernel log dump
	sed -n '/== guest/,/^== dmesg/p' "$console" | tr -d '\r' | sed 's/^.*== guest/== guest/' |
		grep -v '^== dmesg'
fi
echo "guest $name: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$verdict_fail" -eq 0 ]
exit $?
}

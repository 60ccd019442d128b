# SPDX-License-Identifier: GPL-2.0
# Stock kernel: load the kernel's AF_ALG modules and ours by name, check
# /proc/crypto and the self-test results.

# A flavour guest (run-guest.sh stock KVER rt-amd64 or cloud-amd64) checks
# that it booted that flavour of the kernel.
if [ -f /tests/flavour ]; then
	flavour=$(cat /tests/flavour)
	echo "# kernel $(uname -r): $(uname -v)"
	check "the kernel is the $flavour flavour" \
		sh -c "uname -r | grep -q -- '-$flavour\$'"
	[ "$flavour" = rt-amd64 ] &&
		check "the kernel is PREEMPT_RT" sh -c 'uname -v | grep -q PREEMPT_RT'
fi

# arm64: the CPU model is the one the host asked for (run-guest.sh writes
# the features it must have or lack, "!aes", to /tests/cpu-features), and it
# executes exactly the optional instructions it advertises.
if [ -f /tests/cpu-features ]; then
	echo "# CPU part $(sed -n 's/^CPU part[[:space:]]*: //p' /proc/cpuinfo | head -n 1), features:" \
		"$(sed -n 's/^Features[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
	/tests/arm64-insn-probe $(cat /tests/cpu-features) > /tmp/probe.out 2>&1
	cat /tmp/probe.out
	count_from /tmp/probe.out "arm64 instruction probe"
fi

# arm64_drivers NAME: the drivers of our algorithm NAME that this CPU must
# register, from its features (/proc/cpuinfo), the tier tables of
# arch/arm64/*-arch.h written out again: the CE drivers only with AES (and
# PMULL for GCM-SIV), so a CPU without the Crypto Extensions (Raspberry Pi
# 4, the cortex-a72-nocrypto guests) has generic, scalar and neon only.
arm64_features=" $(sed -n 's/^Features[[:space:]]*: //p' /proc/cpuinfo | head -n 1) "
arm64_has() {
	for _f; do
		case "$arm64_features" in *" $_f "*) ;; *) return 1 ;; esac
	done
}
arm64_drivers() {
	_b=${1%(aes)}
	echo "$_b-aes-generic"
	case "$_b" in
	vmac*)
		echo "$_b-aes-scalar"
		arm64_has asimd && echo "$_b-aes-neon"
		;;
	umac*) arm64_has asimd && echo "$_b-aes-neon" ;;
	gcm-siv)
		arm64_has asimd aes pmull && echo "$_b-aes-ce"
		arm64_has asimd aes pmull sha3 && echo "$_b-aes-ce-sha3"
		;;
	ocb) arm64_has asimd aes && echo "$_b-aes-ce" ;;
	esac
}

for m in af_alg algif_hash algif_aead; do
	check "modprobe $m (distribution module)" modprobe "$m"
done
af_alg_unrestrict

# module: algorithm names it must register
KFAST_ALGS="kfast_vmac:vmac64(aes),vmac128(aes)
kfast_umac:umac32(aes),umac64(aes),umac96(aes),umac128(aes)
kfast_gcmsiv:gcm-siv(aes)
kfast_ocb:ocb(aes)"

for entry in $KFAST_ALGS; do
	mod=${entry%%:*}
	[ -f "/lib/modules/$(uname -r)/extra/$mod.ko" ] || continue
	check "modprobe $mod" modprobe "$mod"
	crypto_settle
	for name in $(echo "${entry#*:}" | tr ',' ' '); do
		base=${name%(aes)}
		gen="$base-aes-generic"
		[ "$base" = gcm-siv ] && gen=gcm-siv-aes-generic
		check "$name: driver $gen registered" \
			test "$(crypto_field "$gen" module)" = "$mod"
		check "$name: $gen self-test passed" \
			test "$(crypto_field "$gen" selftest)" = passed
		have=""
		for drv in $(awk -v n="$name" '/^name/ { c = $3 } /^driver/ && c == n { print $3 }' /proc/crypto); do
			case "$drv" in "$base"-aes-*) ;; *) continue ;; esac
			have="$have $drv"
			check "$name: $drv (priority $(crypto_field "$drv" priority)) self-test passed" \
				test "$(crypto_field "$drv" selftest)" = passed
		done
		if [ "$(uname -m)" = aarch64 ]; then
			have=$(echo $have | tr ' ' '\n' | sort | tr '\n' ' ')
			want=$(arm64_drivers "$name" | sort | tr '\n' ' ')
			[ "$have" = "$want" ] || echo "# registered: $have"
			check "$name: the drivers this CPU's features allow, all and only: $want" \
				test "$have" = "$want"
		fi
	done
done

# testmgr runs its own vmac64(aes) vectors on 6.1/6.12; any failure is logged.
check "no crypto self-test failure in the kernel log" \
	sh -c '! dmesg | grep -iE "alg: .*(fail|error)|self-test.*fail"'
dmesg | grep -E 'alg: No test for|kfast' | head -n 20

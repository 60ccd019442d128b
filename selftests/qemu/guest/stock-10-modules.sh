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
	for name in $(echo "${entry#*:}" | tr ',' ' '); do
		base=${name%(aes)}
		gen="$base-aes-generic"
		[ "$base" = gcm-siv ] && gen=gcm-siv-aes-generic
		check "$name: driver $gen registered" \
			test "$(crypto_field "$gen" module)" = "$mod"
		check "$name: $gen self-test passed" \
			test "$(crypto_field "$gen" selftest)" = passed
		for drv in $(awk -v n="$name" '/^name/ { c = $3 } /^driver/ && c == n { print $3 }' /proc/crypto); do
			case "$drv" in "$base"-aes-*) ;; *) continue ;; esac
			check "$name: $drv (priority $(crypto_field "$drv" priority)) self-test passed" \
				test "$(crypto_field "$drv" selftest)" = passed
		done
	done
done

# testmgr runs its own vmac64(aes) vectors on 6.1/6.12; any failure is logged.
check "no crypto self-test failure in the kernel log" \
	sh -c '! dmesg | grep -iE "alg: .*(fail|error)|self-test.*fail"'
dmesg | grep -E 'alg: No test for|kfast' | head -n 20

# SPDX-License-Identifier: GPL-2.0
# The speed module runs and prints well-formed tcrypt lines (the host checks
# the form with selftests/qemu/check-speed-output.py; timings under TCG mean
# nothing).  Short runs: one timed iteration, no multi-update entries.
if [ -f "/lib/modules/$(uname -r)/extra/kfast_speed.ko" ]; then
	# one run with the multi-update entries of the hash template
	for args in "mode=10 updates=0" "mode=20 updates=0" "mode=2 updates=1" \
		"mode=5 updates=0" "mode=0 alg=cmac(aes) updates=0"; do
		dmesg -c > /dev/null
		check "modprobe kfast_speed $args" modprobe kfast_speed $args sec=0 iters=1
		echo "KFAST-SPEED-BEGIN $args"
		dmesg -c | sed 's/^\[ *[0-9.]*\] //'
		echo "KFAST-SPEED-END"
		check "rmmod kfast_speed" rmmod kfast_speed
	done
fi

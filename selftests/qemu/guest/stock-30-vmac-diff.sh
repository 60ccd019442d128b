# SPDX-License-Identifier: GPL-2.0
# Stock 6.1/6.12: our vmac64(aes) against the distribution's own vmac.ko
# (template instance "vmac64(aes-generic)") on random keys, nonces and
# lengths up to 64 KiB.  7.x no longer ships vmac.ko.

if grep -q "^name *: vmac64(aes)$" /proc/crypto && modprobe vmac 2>/dev/null; then
	for drv in $(awk '/^driver/ { print $3 }' /proc/crypto | grep '^vmac64-aes-'); do
		/tests/kfast_afalg_test diff "vmac64(aes) $drv" "vmac64(aes-generic)" "$drv" \
			200 65536 16 16 > /tmp/diff.out 2>&1
		cat /tmp/diff.out
		count_from /tmp/diff.out "vmac64 differential ($drv)"
	done
else
	echo "# no vmac.ko in this kernel: differential test against it skipped"
fi

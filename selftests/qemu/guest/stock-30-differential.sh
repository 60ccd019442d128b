# SPDX-License-Identifier: GPL-2.0
# Differential tests over AF_ALG on random keys, nonces and lengths:
#  - every SIMD driver of each of our hashes against its -generic driver;
#  - every SIMD driver of ocb(aes) against ocb-aes-generic;
#  - on 6.1/6.12, our vmac64(aes) drivers against the distribution's own
#    vmac.ko (template instance "vmac64(aes-generic)", lengths up to 64 KiB).
#    7.x no longer ships vmac.ko.

drivers_of() { awk -v n="$1" '/^name/ { c = $3 } /^driver/ && c == n { print $3 }' /proc/crypto; }

for spec in "vmac64 16 16" "vmac128 16 16" "umac32 16 8" "umac64 16 8" "umac96 16 8" "umac128 16 8"; do
	set -- $spec
	for drv in $(drivers_of "$1(aes)"); do
		case "$drv" in "$1"-aes-generic | "$1"-aes-*) ;; *) continue ;; esac
		[ "$drv" = "$1-aes-generic" ] && continue
		/tests/kfast_afalg_test diff "$1(aes) $drv" "$1-aes-generic" "$drv" \
			100 16384 "$2" "$3" > /tmp/diff.out 2>&1
		cat /tmp/diff.out
		count_from /tmp/diff.out "$1 differential ($drv vs generic)"
	done
done

# Every SIMD driver of our AEADs against its -generic driver, sealing with
# each authsize the algorithm takes (ocb: 16, 12, 8) and opening crosswise.
for spec in "ocb 16" "ocb 24" "ocb 32"; do
	set -- $spec
	for drv in $(drivers_of "$1(aes)"); do
		case "$drv" in "$1"-aes-*) ;; *) continue ;; esac
		[ "$drv" = "$1-aes-generic" ] && continue
		/tests/kfast_afalg_test diff-aead "$1(aes) $drv key $2" "$1-aes-generic" "$drv" \
			60 16384 "$2" 12 > /tmp/diff.out 2>&1
		cat /tmp/diff.out
		count_from /tmp/diff.out "$1 AEAD differential ($drv vs generic, key $2)"
	done
done

if grep -q "^name *: vmac64(aes)$" /proc/crypto && modprobe vmac 2>/dev/null; then
	for drv in $(drivers_of "vmac64(aes)" | grep '^vmac64-aes-'); do
		/tests/kfast_afalg_test diff "vmac64(aes) $drv vs vmac.ko" "vmac64(aes-generic)" "$drv" \
			200 65536 16 16 > /tmp/diff.out 2>&1
		cat /tmp/diff.out
		count_from /tmp/diff.out "vmac64 differential ($drv vs vmac.ko)"
	done
else
	echo "# no vmac.ko in this kernel: differential test against it skipped"
fi

# SPDX-License-Identifier: GPL-2.0
# KUnit debug kernel: load our modules, then every KUnit suite module (the
# suites run at load time and print KTAP), count the results, unload all.
# kmemleak's list is cleared here; the scan that must find nothing is the
# last step (kunit-90-kmemleak.sh), after the reliability steps.

extra=/lib/modules/$(uname -r)/extra
cpus=$(grep -c '^processor' /proc/cpuinfo)
check "all $(cat /tests/expected-cpus) CPUs online ($cpus)" test "$cpus" -eq "$(cat /tests/expected-cpus)"
[ -e /sys/kernel/debug/kmemleak ] && echo clear > /sys/kernel/debug/kmemleak
for ko in "$extra"/kfast_*.ko; do
	m=${ko##*/}
	m=${m%.ko}
	case "$m" in *_kunit | kfast_speed) continue ;; esac
	check "modprobe $m" modprobe "$m"
done
suites=0
for ko in "$extra"/kfast_*_kunit.ko; do
	[ -f "$ko" ] || continue
	m=${ko##*/}
	m=${m%.ko}
	dmesg -c > /dev/null
	check "modprobe $m" modprobe "$m"
	dmesg > /tmp/ktap.txt
	sed 's/^\[ *[0-9.]*\] //' /tmp/ktap.txt | grep -E '^ *(KTAP|TAP|# |ok |not ok )' |
		grep -vE '^ +ok ' | head -n 200
	totals=$(grep -E '# Totals: pass:[0-9]+ fail:[0-9]+ skip:[0-9]+ total:[0-9]+' /tmp/ktap.txt | tail -n 1)
	if [ -z "$totals" ]; then
		not_ok "$m: no KUnit totals line"
		continue
	fi
	suites=$((suites + 1))
	p=$(echo "$totals" | sed 's/.*pass:\([0-9]*\).*/\1/')
	f=$(echo "$totals" | sed 's/.*fail:\([0-9]*\).*/\1/')
	s=$(echo "$totals" | sed 's/.*skip:\([0-9]*\).*/\1/')
	echo "# $m: KUnit pass:$p fail:$f skip:$s"
	KFAST_PASS=$((KFAST_PASS + p))
	KFAST_FAIL=$((KFAST_FAIL + f))
	grep -E '^\[ *[0-9.]*\] +not ok ' /tmp/ktap.txt | while read -r l; do echo "KUNIT FAILURE: $l"; done
done
check "at least one KUnit suite ran" test "$suites" -gt 0

for m in $(lsmod | awk '$1 ~ /_kunit$/ { print $1 }') $(lsmod | awk '$1 ~ /^kfast_/ && $1 !~ /_kunit$/ { print $1 }'); do
	check "rmmod $m" rmmod "$m"
done


# SPDX-License-Identifier: GPL-2.0
# Last step: our modules unloaded, a kmemleak scan must find nothing.  It
# covers every step since kunit-10 cleared kmemleak's list: the KUnit
# suites, refcounts, fault injection, the fuzz and the concurrency steps.
for m in $(lsmod | awk '$1 ~ /^kfast_/ { print $1 }'); do
	check "rmmod $m" rmmod "$m"
done
if [ -e /sys/kernel/debug/kmemleak ]; then
	# kmemleak only reports objects older than 5 s, and needs two scans.
	sleep 6
	echo scan > /sys/kernel/debug/kmemleak
	sleep 1
	echo scan > /sys/kernel/debug/kmemleak
	# A kmemleak that disabled itself (fault injection fails its own
	# allocations too; out of its pool it gives up) would find nothing:
	# its file then fails to read (EBUSY).
	check "kmemleak is still enabled" sh -c 'cat /sys/kernel/debug/kmemleak > /tmp/leaks'
	cat /tmp/leaks | head -n 40
	check "kmemleak finds no leak" test ! -s /tmp/leaks
	check "kmemleak did not give up" sh -c \
		"! dmesg | grep -qiE 'kmemleak.*(disabled|pool empty|cannot allocate a kmemleak)'"
else
	not_ok "kmemleak is not available in this kernel"
fi

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Tests selftests/qemu/check-speed-output.py on captured logs
# (speed-samples/): real output must pass, and each way of breaking a
# line or the structure must be caught.  Runs on the host; needs python3.
# Prints "check-speed-output-test: N passed, N failed"; exit status 1 on
# any failure.

set -u
dir=$(cd "$(dirname "$0")" && pwd)
chk="python3 $dir/check-speed-output.py"
s=$dir/speed-samples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

expect() {	# expect ok|bad DESCRIPTION CHECKER-ARGS...
	want=$1 what=$2
	shift 2
	if $chk "$@" >"$tmp/out" 2>&1; then got=ok; else got=bad; fi
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "not ok - $what: expected $want, checker said:" >&2
		sed 's/^/    /' "$tmp/out" >&2
	fi
}

# mutate NAME SED-SCRIPT [SAMPLE]: a broken copy of a log (default: the 7.2
# kfast_speed log)
mutate() {
	src=$s/${3:-kfast_speed-7.2.log}
	sed "$2" "$src" >"$tmp/$1.log"
	if cmp -s "$src" "$tmp/$1.log"; then
		echo "not ok - mutation $1 changed nothing" >&2
		fail=$((fail + 1))
	fi
}

expect ok "kfast_speed on 7.2" "$s/kfast_speed-7.2.log"
expect ok "kfast_speed on 6.1 (sec=1)" "$s/kfast_speed-and-tcrypt-6.1.log"
expect ok "tcrypt on 6.1 (hash, unprefixed header)" --tcrypt "$s/kfast_speed-and-tcrypt-6.1.log"
expect ok "tcrypt on 6.12 (AEAD)" --tcrypt "$s/tcrypt-6.12-mode211.log"
expect ok "kfast_speed mode=5 on 6.1 (ccm, ctr skcipher; sec=0, sec=1)" "$s/kfast_speed-6.1-mode5.log"
expect ok "tcrypt on 6.1 (skcipher, mode=500)" --tcrypt "$s/tcrypt-6.1-mode500.log"
expect bad "tcrypt log is not kfast_speed output" "$s/tcrypt-6.12-mode211.log"
expect bad "too few results" --min-tests 1000 "$s/kfast_speed-7.2.log"

# dmesg without timestamps and with continuation indentation still parses
sed -E 's/^\[ *[0-9.]+\] //' "$s/kfast_speed-7.2.log" >"$tmp/plain.log"
expect ok "no timestamps" "$tmp/plain.log"

mutate width '0,/bytes per update,   1 updates/s//bytes per update,  1 updates/'
expect bad "hash line with a field width that is not tcrypt's" "$tmp/width.log"
mutate updates '0,/64 bytes per update,   1 updates/s//64 bytes per update,   2 updates/'
expect bad "updates != block size / bytes per update" "$tmp/updates.log"
mutate norate '0,/ rate /{/ rate /d}'
expect bad "result line without its rate line" "$tmp/norate.log"
mutate nodone '/ done: /d'
expect bad "run without a done line" "$tmp/nodone.log"
mutate aeadsize '0,/1420 byte blocks/s//1421 byte blocks/'
expect bad "AEAD block size not in tcrypt's list" "$tmp/aeadsize.log"
mutate aeadidx '0,/ test 3 (/s// test 4 (/'
expect bad "AEAD test numbers out of sequence" "$tmp/aeadidx.log"
mutate unknown '0,/ rate /s/ rate /X rate /'
expect bad "unknown line" "$tmp/unknown.log"
mutate count '0,/ done: [0-9]* tests/s/ done: \([0-9]*\) tests/ done: 1\1 tests/'
expect bad "done: count differs from the lines seen" "$tmp/count.log"
mutate failed '0,/ 0 failed$/s// 1 failed/'
expect bad "a failed test" "$tmp/failed.log"
expect ok "a failed test with --allow-failures" --allow-failures "$tmp/failed.log"
mutate noheader '0,/testing speed of async/{/testing speed of async/d}'
expect bad "results before any header" "$tmp/noheader.log"
mutate ntp '0,/ packets\/s; median/s// packets\/s, median/'
expect bad "malformed NTP line" "$tmp/ntp.log"

# skcipher lines (ctr(aes) in mode 5, tcrypt's mode=500)
m5=kfast_speed-6.1-mode5.log
mutate skcsize '/async ctr(aes)/,/rate   5:/{s/1420 byte blocks/1436 byte blocks/;s/(1420 bytes)/(1436 bytes)/;s/rate   5:  1420 bytes/rate   5:  1436 bytes/}' $m5
expect bad "skcipher block size not in the AEAD sizes" "$tmp/skcsize.log"
mutate skcround '/async ctr(aes)/,/rate   5:/{s/1420 byte blocks/1424 byte blocks/;s/(1420 bytes)/(1424 bytes)/;s/rate   5:  1420 bytes/rate   5:  1424 bytes/}' $m5
expect ok "skcipher size rounded up to a 16-byte block" "$tmp/skcround.log"
mutate skcheader 's/testing speed of async ctr/testing speed of asynk ctr/' $m5
expect bad "malformed skcipher header" "$tmp/skcheader.log"
mutate skcnohdr '0,/async ctr(aes)/{/async ctr(aes)/d}' $m5
expect bad "skcipher results under the previous AEAD header" "$tmp/skcnohdr.log"
mutate tcsync 's/speed of async cbc(aes)/speed of cbc(aes)/' tcrypt-6.1-mode500.log
expect bad "tcrypt skcipher sizes under an AEAD header" --tcrypt "$tmp/tcsync.log"

echo "check-speed-output-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

# SPDX-License-Identifier: GPL-2.0
# Counters and checks shared by the guest test scripts (busybox sh).
KFAST_PASS=0
KFAST_FAIL=0

ok() { KFAST_PASS=$((KFAST_PASS + 1)); echo "ok - $*"; }
not_ok() { KFAST_FAIL=$((KFAST_FAIL + 1)); echo "not ok - $*"; }

# check DESCRIPTION COMMAND...: one counted result from a command's status.
check() {
	desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}

# Adds a program's own closing "<name>: N passed, N failed" line to the counters.
count_from() {
	line=$(grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)
	if [ -z "$line" ]; then
		not_ok "$2: no result line"
		return
	fi
	p=$(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')
	f=$(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')
	KFAST_PASS=$((KFAST_PASS + p))
	KFAST_FAIL=$((KFAST_FAIL + f))
}

# /proc/crypto entry of a driver: "<field>" value.  A driver's self-test
# larval (listed while its test runs, under the same driver name, module
# "kernel", self-test "unknown") is not the driver: skipped.
crypto_field() {
	awk -v d="$1" -v f="$2" '
		function entry_end() {
			if (drv == d && !larval && val != "") { print val; found = 1; exit }
		}
		/^name/ { entry_end(); drv = ""; val = ""; larval = 0 }
		/^driver/ { drv = $3 }
		/^type/ && $3 == "larval" { larval = 1 }
		$1 == f { val = $3 }
		END { if (!found) entry_end() }' /proc/crypto
}

# Wait (up to 10 s) until no self-test larval is left in /proc/crypto: since
# 6.12 a module's algorithms may still be under test when modprobe returns.
crypto_settle() {
	n=0
	while grep -q '^type *: larval' /proc/crypto && [ $n -lt 10 ]; do
		sleep 1
		n=$((n + 1))
	done
}

# Linux 7.3+: once af_alg is loaded, AF_ALG binds only an allowlist unless
# crypto.af_alg_restrict is 0.  The tests use our names through AF_ALG, so
# this sets it to 0 and keeps the old value in KFAST_AF_ALG_RESTRICT
# (stock-20-afalg.sh checks the restricted behaviour with it).
af_alg_unrestrict() {
	[ -f /proc/sys/crypto/af_alg_restrict ] || return 0
	KFAST_AF_ALG_RESTRICT=$(cat /proc/sys/crypto/af_alg_restrict)
	echo 0 > /proc/sys/crypto/af_alg_restrict &&
		echo "# crypto.af_alg_restrict was $KFAST_AF_ALG_RESTRICT, set to 0 for the tests"
}

# Whether libkcapi's tools run on this kernel: libkcapi 1.4 reads the
# release as X.Y.Z and gives up on one like Debian's release candidates'
# "7.3-amd64" ("Could not parse kernel version").  A probe, not a guess.
kcapi_usable() {
	if printf '' | kcapi-dgst -c sha256 --hex 2>&1 | grep -q 'Could not parse kernel version'; then
		echo "# libkcapi cannot parse the kernel release $(uname -r): its tools are not run"
		return 1
	fi
}

kfast_finish() {
	echo "== dmesg"
	dmesg | tail -n 200
	res="KFAST-RESULT pass=$KFAST_PASS fail=$KFAST_FAIL"
	echo "$res"
	[ -c /dev/ttyS1 ] && echo "$res" > /dev/ttyS1
	sync
	# reboot, not poweroff: the minimal KUnit kernels have no ACPI power-off;
	# qemu runs with -no-reboot, so it exits either way.
	reboot -f
}

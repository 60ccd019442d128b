#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
#   run.sh CT_TEST
#
# Runs the constant-time test of each "<alg> <tier>" pair the CPU has under
# valgrind's memcheck: any report (a branch or an address that depends on a
# secret) fails the pair.  A tier valgrind cannot execute (its virtual CPU
# lacks the feature) is listed as skipped, with the reason.
set -u
bin=$1
pass=0 fail=0 skip=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
while read -r alg tier; do
	start=$SECONDS
	valgrind -q --error-exitcode=99 "$bin" "$alg" "$tier" >"$log" 2>&1
	rc=$?
	# A report: run again with the origins (where the secret came from).
	[ "$rc" -eq 99 ] && valgrind -q --error-exitcode=99 --track-origins=yes \
		--num-callers=20 "$bin" "$alg" "$tier" >"$log" 2>&1
	case $rc in
	0)
		echo "ok - $alg $tier: no secret-dependent branch or address ($((SECONDS - start)) s)"
		pass=$((pass + 1))
		;;
	77)
		echo "# skip - $alg $tier: valgrind's virtual CPU does not offer this tier's instructions"
		skip=$((skip + 1))
		;;
	*)
		echo "not ok - $alg $tier (exit $rc)"
		sed -n '1,80p' "$log"
		fail=$((fail + 1))
		;;
	esac
done < <("$bin" list)
echo "# $skip tier(s) skipped"
echo "constant time (valgrind): $pass passed, $fail failed"
[ "$fail" -eq 0 ]

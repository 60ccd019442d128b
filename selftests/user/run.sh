#!/bin/sh
# Runs each userspace test binary given as an argument; prints the total.
# KFAST_USER_RUN, if set, is the command that runs them (qemu-aarch64 ...).
set -u
run=${KFAST_USER_RUN:-}
passed=0 failed=0
for t in "$@"; do
	out=$($run "$t" 2>&1); rc=$?
	printf '%s\n' "$out" | tail -n 25
	line=$(printf '%s\n' "$out" | grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
		echo "user test $t: FAILED (exit $rc)"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
done
echo "user tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

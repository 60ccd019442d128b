#!/bin/sh
# Runs each userspace test binary given as an argument; prints the total.
# KFAST_USER_RUN, if set, is the command that runs them (qemu-aarch64 ...).
# KFAST_USER_EXPECT, if set, is a file of extended regular expressions, one
# per line ('#' comments), each of which some line of the tests' output must
# match: one more result each.
set -u
run=${KFAST_USER_RUN:-}
expect=${KFAST_USER_EXPECT:-}
passed=0 failed=0
all=$(mktemp)
trap 'rm -f "$all"' EXIT
for t in "$@"; do
	out=$($run "$t" 2>&1); rc=$?
	printf '%s\n' "$out" >>"$all"
	printf '%s\n' "$out" | tail -n 25
	line=$(printf '%s\n' "$out" | grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
		echo "user test $t: FAILED (exit $rc)"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
done
if [ -n "$expect" ]; then
	while IFS= read -r re; do
		case "$re" in '' | '#'*) continue ;; esac
		if grep -qE -- "$re" "$all"; then
			echo "ok - output has a line matching $re"
			passed=$((passed + 1))
		else
			echo "not ok - no output line matches $re"
			failed=$((failed + 1))
		fi
	done <"$expect"
fi
echo "user tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make style: the kernel's checkpatch.pl (from the newest Debian linux-source
# that the KUnit step extracted, see scripts/kenv.sh) over the project's
# kernel-side C, header and asm files.  Prints "checkpatch: N passed, N failed"
# (files without / with errors or warnings).
set -u
. "$(dirname "$0")/lib.sh"
cd "$KFAST_TOP"
cp=""
for k in 7.2 6.12 6.1; do
	f=$KFAST_CACHE/build/src/linux-source-$k/scripts/checkpatch.pl
	[ -f "$f" ] && { cp=$f; break; }
done
if [ -z "$cp" ]; then
	scripts/kenv.sh kunit-kernel 7.2 >/dev/null || die "no kernel source for checkpatch.pl"
	cp=$KFAST_CACHE/build/src/linux-source-7.2/scripts/checkpatch.pl
fi
# Userspace-only code (the shim, the test and bench programs) follows the same
# style but is not kernel code; only kernel-side files are judged here.
files=$(git ls-files '*.c' '*.h' '*.S' | grep -vE '^(tools/|selftests/|scripts/)' | grep -v '_vectors\.h$')
# Tier tables are X-macros (T(id, suffix, priority, present) rows, see
# vmac/vmac.h): checkpatch's rules for ordinary macros (arguments used,
# one parenthesised value, no statements) do not fit a row expander.  Those
# reports are dropped only for a #define whose name has TIER in it (any case).
xmacro_types='MACRO_ARG_UNUSED|COMPLEX_MACRO|MULTISTATEMENT_MACRO_USE_DO_WHILE|TRAILING_SEMICOLON'
not_tier_table() {
	local line file lineno
	while IFS= read -r line; do
		if [[ $line =~ ^([^:]+):([0-9]+):\ (ERROR|WARNING):($xmacro_types): ]]; then
			file=${BASH_REMATCH[1]} lineno=${BASH_REMATCH[2]}
			sed -n "${lineno}p" "$file" | grep -qiE '^#define [a-z0-9_]*tier' && continue
		fi
		echo "$line"
	done
}
# checkpatch.pl on every file, KFAST_JOBS at a time, each report in its own
# file; then read in the files' order.
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
printf '%s\n' $files | xargs -P "$KFAST_JOBS" -I{} sh -c '
	perl "$1" --no-tree --terse --show-types --strict \
		--ignore LINUX_VERSION_CODE,FILE_PATH_CHANGES,SPDX_LICENSE_TAG,CAMELCASE,PREFER_KERNEL_TYPES \
		-f "$2" >"$3/$(echo "$2" | tr / %)" 2>&1' _ "$cp" {} "$reports"
pass=0 fail=0
for f in $files; do
	r=$reports/$(echo "$f" | tr / %)
	if [ ! -e "$r" ]; then
		echo "$f: checkpatch.pl gave no report"
		fail=$((fail + 1))
		continue
	fi
	out=$(grep -E 'ERROR|WARNING' "$r" | not_tier_table)
	if [ -n "$out" ]; then
		echo "$out"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
echo "checkpatch: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

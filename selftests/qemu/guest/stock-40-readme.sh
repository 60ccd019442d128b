# SPDX-License-Identifier: GPL-2.0
# The README's example blocks marked "test: stock guest", run as they are
# written (run-guest.sh extracts them into /tests/readme/), each in an empty
# directory: every command must succeed (sh -e) and the block must print.

n=0
for f in /tests/readme/*.sh; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	if grep -q kcapi- "$f" && ! kcapi_usable; then
		echo "== README example $n not run (it uses libkcapi's tools)"
		continue
	fi
	d=/tmp/readme-$n
	mkdir -p "$d"
	echo "== README example $n:"
	sed 's/^/   $ /' "$f"
	(cd "$d" && sh -e "$f") > "$d.out" 2>&1
	rc=$?
	sed 's/^/   /' "$d.out" | head -n 40
	check "README example $n runs as written (exit $rc)" test "$rc" -eq 0
	check "README example $n prints its result" test -s "$d.out"
done
check "the README has example blocks for the guest ($n)" test "$n" -ge 2

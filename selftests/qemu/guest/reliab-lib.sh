# SPDX-License-Identifier: GPL-2.0
# Shared by the KUnit guest's reliability steps (kunit-20 .. kunit-50).
KFAST_EXTRA=/lib/modules/$(uname -r)/extra
af_alg_unrestrict
# SEED/COUNT and the like from the host (run-guest.sh)
[ -f /tests/reliab.env ] && . /tests/reliab.env

# Our algorithm modules loaded (the steps unload and load them themselves).
reliab_modules_loaded() {
	for m in kfast_vmac kfast_umac kfast_gcmsiv kfast_ocb; do
		[ -f "$KFAST_EXTRA/$m.ko" ] || continue
		[ -d "/sys/module/$m" ] || check "modprobe $m" modprobe "$m"
	done
}

# reliab_run MODE ARGS...: the program's notes and failures, its counts,
# and how long the step took.
reliab_run() {
	t0=$(date +%s)
	/tests/kfast_afalg_reliab "$@" > /tmp/reliab.out 2>&1
	grep -v '^ok ' /tmp/reliab.out
	count_from /tmp/reliab.out "$1"
	echo "# $1 step: $(($(date +%s) - t0)) s"
}

#!/bin/sh
# verify-config.sh .config FRAGMENT...: fails if an option every supported
# kernel must have did not survive olddefconfig.  Options that exist only on
# some versions (e.g. CRYPTO_SELFTESTS) are not in this list on purpose.
set -eu
cfg=$1
missing=0
for opt in KUNIT KASAN UBSAN PROVE_LOCKING DEBUG_KMEMLEAK DEBUG_SG DEBUG_ATOMIC_SLEEP \
	UNWINDER_FRAME_POINTER STACK_VALIDATION MODULES MODULE_UNLOAD CRYPTO_AES CRYPTO_GCM BUG DEBUG_FS BLK_DEV_INITRD SERIAL_8250_CONSOLE \
	FAULT_INJECTION FAILSLAB FAIL_PAGE_ALLOC FAULT_INJECTION_DEBUG_FS; do
	if ! grep -q "^CONFIG_$opt=y" "$cfg"; then
		echo "verify-config: CONFIG_$opt is not set in $cfg" >&2
		missing=1
	fi
done
exit $missing

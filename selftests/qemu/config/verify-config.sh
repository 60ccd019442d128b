#!/bin/sh
# verify-config.sh ARCH .config: fails if an option every supported kernel
# of ARCH (amd64, arm64) must have did not survive olddefconfig.  Options
# that exist only on some versions (e.g. CRYPTO_SELFTESTS) are not in this
# list on purpose.
set -eu
arch=$1 cfg=$2
missing=0
case "$arch" in
amd64) arch_opts="ACPI UNWINDER_FRAME_POINTER STACK_VALIDATION SERIAL_8250_CONSOLE" ;;
arm64) arch_opts="SERIAL_AMBA_PL011_CONSOLE KERNEL_MODE_NEON FRAME_POINTER" ;;
*) echo "verify-config: unknown architecture $arch" >&2; exit 2 ;;
esac
for opt in SMP PREEMPT KUNIT KASAN UBSAN PROVE_LOCKING DEBUG_KMEMLEAK DEBUG_SG DEBUG_ATOMIC_SLEEP \
	MODULES MODULE_UNLOAD CRYPTO_AES CRYPTO_GCM BUG DEBUG_FS BLK_DEV_INITRD \
	FAULT_INJECTION FAILSLAB FAIL_PAGE_ALLOC FAULT_INJECTION_DEBUG_FS $arch_opts; do
	if ! grep -q "^CONFIG_$opt=y" "$cfg"; then
		echo "verify-config: CONFIG_$opt is not set in $cfg" >&2
		missing=1
	fi
done
# The KUnit guests boot with four CPUs.
cpus=$(sed -n 's/^CONFIG_NR_CPUS=//p' "$cfg")
if [ "${cpus:-1}" -lt 4 ]; then
	echo "verify-config: CONFIG_NR_CPUS is ${cpus:-unset} in $cfg, fewer than the guests' four CPUs" >&2
	missing=1
fi
exit $missing

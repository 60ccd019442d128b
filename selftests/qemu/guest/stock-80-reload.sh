# SPDX-License-Identifier: GPL-2.0
# Unload and reload our modules; algorithms must vanish and come back.
for mod in $(lsmod | awk '$1 ~ /^kfast_/ && $1 != "kfast_speed" { print $1 }'); do
	check "rmmod $mod" rmmod "$mod"
	check "$mod: no driver left in /proc/crypto" \
		sh -c "! grep -q '^module *: $mod\$' /proc/crypto"
	check "modprobe $mod again" modprobe "$mod"
done
# Autoload by algorithm name (MODULE_ALIAS_CRYPTO) through AF_ALG.
if lsmod | grep -q '^kfast_vmac'; then
	rmmod vmac 2>/dev/null  # the distribution template would answer instead
	rmmod kfast_vmac
	/tests/kfast_afalg_test errors "vmac64(aes)" 16 16 > /tmp/afalg.out 2>&1
	count_from /tmp/afalg.out "AF_ALG autoload of kfast_vmac"
	check "kfast_vmac was loaded on demand" sh -c 'lsmod | grep -q ^kfast_vmac'
fi

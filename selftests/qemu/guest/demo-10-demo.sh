# SPDX-License-Identifier: GPL-2.0
# The main job, as a user would do it on a real machine: load the modules,
# look at /proc/crypto, authenticate and encrypt a sample over AF_ALG with
# libkcapi's tools, and print the speed module's report.

modprobe algif_hash
modprobe algif_aead
af_alg_unrestrict
for m in kfast_vmac kfast_umac kfast_gcmsiv kfast_ocb; do
	[ -f "/lib/modules/$(uname -r)/extra/$m.ko" ] || continue
	check "modprobe $m" modprobe "$m"
done
echo "== our algorithms in /proc/crypto (name, driver, priority)"
awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^module/ && $3 ~ /^kfast_/ { m = 1 }
     /^priority/ && m { printf "  %-14s %-26s %s\n", n, d, $3; m = 0 }' /proc/crypto

echo "== AF_ALG sample (libkcapi): MAC of 'The quick brown fox' with key 000102...0f"
printf '\000\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017' > /tmp/key
printf 'The quick brown fox' > /tmp/msg
kcapi=yes
kcapi_usable || kcapi=
for a in "vmac64(aes) 16" "vmac128(aes) 16" "umac64(aes) 8" "umac128(aes) 8"; do
	[ -n "$kcapi" ] || break
	set -- $a
	grep -q "^name *: $1\$" /proc/crypto || continue
	# the nonce travels in front of the message: $2 bytes, here all zero but the last
	{ head -c $(($2 - 1)) /dev/zero; printf '\001'; cat /tmp/msg; } > /tmp/in
	tag=$(kcapi-dgst -c "$1" --keyfd 3 --hex 3< /tmp/key < /tmp/in)
	check "kcapi-dgst $1 (nonce ...01): $tag" test -n "$tag"
done
if [ -n "$kcapi" ] && grep -q "^name *: gcm-siv(aes)\$" /proc/crypto; then
	# kcapi-enc writes the AF_ALG buffer as is: AAD || ciphertext || tag on
	# sealing, AAD || plaintext on opening.
	iv=000102030405060708090a0b
	aad=6865616465	# "heade"
	kcapi-enc -q -e -c "gcm-siv(aes)" --iv $iv --aad $aad --taglen 16 --keyfd 3 \
		3< /tmp/key < /tmp/msg > /tmp/sealed
	echo "   gcm-siv(aes) AAD || ciphertext || tag: $(xxd -p /tmp/sealed | tr -d '\n')"
	len=$(wc -c < /tmp/sealed)
	tail -c $((len - 5)) /tmp/sealed | head -c $((len - 5 - 16)) > /tmp/ct
	tag=$(tail -c 16 /tmp/sealed | xxd -p)
	kcapi-enc -q -d -c "gcm-siv(aes)" --iv $iv --aad $aad --tag "$tag" --keyfd 3 \
		3< /tmp/key < /tmp/ct | tail -c +6 > /tmp/opened
	check "kcapi-enc gcm-siv(aes) seal/open round trip: '$(cat /tmp/opened)'" cmp -s /tmp/opened /tmp/msg
fi

echo "== speed module report (timings under TCG emulation are not real-CPU figures)"
dmesg -c > /dev/null
if [ -f "/lib/modules/$(uname -r)/extra/kfast_speed.ko" ]; then
	check "modprobe kfast_speed mode=20 (NTP 48-byte table)" modprobe kfast_speed mode=20 sec=0
	dmesg -c | sed 's/^\[ *[0-9.]*\] //'
	rmmod kfast_speed
	check "modprobe kfast_speed alg=umac64(aes) (one algorithm, tcrypt format)" \
		modprobe kfast_speed mode=0 alg="umac64(aes)" sec=0 updates=0
	dmesg -c | sed 's/^\[ *[0-9.]*\] //'
	rmmod kfast_speed
fi

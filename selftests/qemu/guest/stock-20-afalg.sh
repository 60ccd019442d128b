# SPDX-License-Identifier: GPL-2.0
# Stock kernel: every registered algorithm over AF_ALG, with the C test
# program (vectors, splits, tampering, bad input, differential) and with
# libkcapi's kcapi-dgst / kcapi-enc.

present() { grep -q "^name *: $1\$" /proc/crypto; }

# Linux 7.3+ (crypto.af_alg_restrict, set to 0 by init): with the allowlist
# on, our names fail to bind with ENOENT and nothing else breaks; the
# kernel's own allowed names still bind, and ours work again at 0.
if [ -n "${KFAST_AF_ALG_RESTRICT:-}" ]; then
	echo 1 > /proc/sys/crypto/af_alg_restrict
	for spec in "hash umac64(aes)" "hash vmac64(aes)" "aead gcm-siv(aes)"; do
		set -- $spec
		present "$2" || continue
		/tests/kfast_afalg_test bind "$1" "$2" 2 > /tmp/afalg.out 2>&1
		cat /tmp/afalg.out | grep -v '^afalg:'
		count_from /tmp/afalg.out "AF_ALG allowlist refuses $2"
	done
	/tests/kfast_afalg_test bind hash "cmac(aes)" 0 > /tmp/afalg.out 2>&1
	count_from /tmp/afalg.out "AF_ALG allowlist still binds cmac(aes)"
	echo 0 > /proc/sys/crypto/af_alg_restrict
	check "crypto.af_alg_restrict=0: umac64(aes) binds again" \
		/tests/kfast_afalg_test bind hash "umac64(aes)" 0
fi

: > /tmp/vectors.txt
grep -v '^#' /tests/vectors.txt | while read -r kind name rest; do
	present "$name" && echo "$kind $name $rest" >> /tmp/vectors.txt
done
echo "# $(wc -l < /tmp/vectors.txt) vectors for the registered algorithms"
/tests/kfast_afalg_test vectors /tmp/vectors.txt > /tmp/afalg.out 2>&1
grep -v '^ok' /tmp/afalg.out
count_from /tmp/afalg.out "AF_ALG vectors"

for spec in "vmac64(aes) 16 16" "vmac64(aes) 32 16" "vmac128(aes) 24 16" \
	"umac32(aes) 16 8" "umac64(aes) 16 8" "umac96(aes) 16 8" "umac128(aes) 16 8"; do
	set -- $spec
	present "$1" || continue
	/tests/kfast_afalg_test errors "$1" "$2" "$3" > /tmp/afalg.out 2>&1
	grep -v '^ok' /tmp/afalg.out
	count_from /tmp/afalg.out "AF_ALG bad input $1"
done

# libkcapi's command-line tools on a few vectors of each algorithm: every
# third hash vector, and each AEAD's first three vectors with both AAD and
# plaintext (the tool needs both).
n=0
: > /tmp/kcapi-aead
kcapi_usable || : > /tmp/vectors.txt
while read -r kind name key a b c d e; do
	n=$((n + 1))
	if [ "$kind" = hash ]; then
		[ $((n % 3)) -eq 1 ] || continue
	else
		[ "$c" != - ] && [ "$b" != - ] || continue
		[ "$(grep -cxF "$name" /tmp/kcapi-aead)" -lt 3 ] || continue
		echo "$name" >> /tmp/kcapi-aead
	fi
	echo "$key" | xxd -r -p > /tmp/key
	if [ "$kind" = hash ]; then
		if [ "$a" = - ]; then : > /tmp/in; else echo "$a" | xxd -r -p > /tmp/in; fi
		got=$(kcapi-dgst -c "$name" --keyfd 3 --hex 3< /tmp/key < /tmp/in 2> /tmp/err)
		[ "$got" = "$b" ] || { echo "# kcapi-dgst: got '$got' want '$b'"; cat /tmp/err; }
		check "kcapi-dgst $name vector $n" test "$got" = "$b"
	else
		# aead: key iv aad pt ct||tag taglen.  kcapi-enc writes the AF_ALG
		# output buffer as is: AAD || ciphertext || tag, and AAD || plaintext.
		echo "$c" | xxd -r -p > /tmp/in
		kcapi-enc -e -c "$name" --iv "$a" --aad "$b" --taglen "$e" --keyfd 3 \
			3< /tmp/key < /tmp/in > /tmp/out 2> /tmp/err
		got=$(xxd -p /tmp/out | tr -d '\n')
		[ "$got" = "$b$d" ] || { echo "# kcapi-enc seal: got '$got' want '$b$d'"; cat /tmp/err; }
		check "kcapi-enc seal $name vector $n" test "$got" = "$b$d"
		ctlen=$(( ${#d} - 2 * e ))
		ct=$(echo "$d" | cut -c1-$ctlen)
		tag=$(echo "$d" | cut -c$((ctlen + 1))-)
		echo "$ct" | xxd -r -p > /tmp/in
		got=$(kcapi-enc -d -c "$name" --iv "$a" --aad "$b" --tag "$tag" --keyfd 3 \
			3< /tmp/key < /tmp/in 2> /tmp/err | xxd -p | tr -d '\n')
		[ "$got" = "$b$c" ] || { echo "# kcapi-enc open: got '$got' want '$b$c'"; cat /tmp/err; }
		check "kcapi-enc open $name vector $n" test "$got" = "$b$c"
		bad=$(echo "$tag" | cut -c1-$(( ${#tag} - 1 )))$(echo "$tag" | cut -c${#tag} | tr '0-9a-f' '1-9a-f0')
		check "kcapi-enc open $name vector $n rejects a modified tag" \
			sh -c "! kcapi-enc -q -d -c '$name' --iv '$a' --aad '$b' --tag '$bad' --keyfd 3 3< /tmp/key < /tmp/in > /dev/null 2>&1"
	fi
done < /tmp/vectors.txt

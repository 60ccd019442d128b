#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
#   dkms-test.sh KVER DEB
#
# Installs the kfast-dkms package DEB the way a user does, in a fresh chroot
# of the Debian suite that ships kernel KVER holding only that suite's
# stock kernel headers (linux-headers-amd64), and checks:
#   - the README's block marked "test: dkms chroot" runs as written, in two
#     parts with the checks below between them: its install and `dkms
#     status`, then its `apt remove`;
#   - the install built and installed the modules through DKMS for that
#     kernel; `dkms status` says installed; modinfo reports the package
#     version;
#   - a second kernel's headers installed beside the first (the cloud
#     flavour of the same release) make DKMS build for it too, signed;
#   - the README's `apt remove kfast-dkms` removes the modules for both.
# The modules DKMS built for the stock kernel are left, decompressed, in
# $KFAST_CACHE/dkms/<abi>-amd64/modules/ for the stock guest to boot
# (run-guest.sh with KFAST_MODULES=dkms).
set -u
. "$(dirname "$0")/../../scripts/lib.sh"

kver=$1 deb=$(realpath "$2")
suite=$(suite_of "$kver")
base=$KFAST_CACHE/dkms/base-$suite.tar
root=$KFAST_CACHE/dkms/root-$suite
aptcache=$KFAST_CACHE/dkms/apt-$suite
pass=0 fail=0
MODULES=$(kfast_modules)

ok() { echo "ok - $*"; pass=$((pass + 1)); }
not_ok() { echo "not ok - $*"; fail=$((fail + 1)); }
check() {
	local what=$1
	shift
	if "$@"; then ok "$what"; else not_ok "$what"; return 1; fi
}

# dkms_root COMMAND: runs COMMAND in the test chroot, with the persistent apt
# archive cache bind-mounted (downloads only once per machine).
dkms_root() { in_root "$root" "$aptcache" /var/cache/apt/archives "$1"; }

# The clean chroot: minbase and the stock headers, made once and unpacked
# afresh for every run.
mkdir -p "$KFAST_CACHE/dkms" "$aptcache/partial"
want="$(sha1sum <"$KFAST_TOP/selftests/qemu/apt/$suite.sources") $(headers_install_args "$suite")"
if [ ! -f "$base" ] || [ "$(cat "$base.src" 2>/dev/null)" != "$want" ]; then
	log "dkms: clean $suite chroot with its stock kernel headers"
	minbase_root "$suite" "$root"
	dkms_root "apt-get -q update >/dev/null &&
		apt-get install -y -q --no-install-recommends $(headers_install_args "$suite") >/dev/null" ||
		die "kernel headers install ($suite) failed"
	tar -C "$root" -cf "$base.new" . && mv "$base.new" "$base"
	echo "$want" >"$base.src"
else
	# just made, the root is the base already
	remove_tree "$root"
	mkdir -p "$root"
	tar -C "$root" -xf "$base"
fi

abi=$(stock_headers "$root")
abi=${abi##*/linux-headers-}
kernel=$abi
second=${abi%-amd64}-cloud-amd64
version=$(dpkg-deb -f "$deb" Version)
out=$KFAST_CACHE/dkms/$kernel/modules
log "dkms: installing ${deb##*/} in a clean $suite chroot (headers $kernel)"

# The README's block as a user types it (apt asks; the answer is yes), from
# a directory holding dist/: first up to its `apt remove`, the checks, then
# the rest.
mkdir -p "$root/root/dist"
cp "$deb" "$root/root/dist/"
awk '/^<!-- test: dkms chroot/ { want = 1; next }
	want && /^```sh$/ { block = 1; want = 0; next }
	block && /^```$/ { exit }
	block' "$KFAST_TOP/README.md" >"$KFAST_CACHE/dkms/readme-$suite.sh"
sed '/^apt remove/,$d' "$KFAST_CACHE/dkms/readme-$suite.sh" >"$root/tmp/readme-install.sh"
sed -n '/^apt remove/,$p' "$KFAST_CACHE/dkms/readme-$suite.sh" >"$root/tmp/readme-remove.sh"
check "the README's package block has an install and an apt remove" \
	test -s "$root/tmp/readme-install.sh" -a -s "$root/tmp/readme-remove.sh"
dkms_root "cd /root && yes | sh -e /tmp/readme-install.sh" >"$KFAST_CACHE/dkms/readme-$suite.log" 2>&1
check "the README's package block installs as written ($suite)" test $? -eq 0 ||
	tail -n 30 "$KFAST_CACHE/dkms/readme-$suite.log"
check "... its dkms status said kfast/$version installed for $kernel" \
	grep -q "^kfast/$version, $kernel, x86_64: installed" "$KFAST_CACHE/dkms/readme-$suite.log"

status=$(dkms_root "dkms status" 2>&1)
echo "$status" | sed 's/^/# dkms status: /'
check "dkms status: kfast/$version installed for $kernel" \
	grep -q "^kfast/$version, $kernel, x86_64: installed" <<<"$status"

# Where DKMS put the modules, and that they are the package's.
rm -rf "$out"
mkdir -p "$out"
for m in $MODULES; do
	f=$(find "$root/lib/modules/$kernel/updates/dkms" -name "$m.ko*" 2>/dev/null | head -n 1)
	if [ -z "$f" ]; then
		not_ok "$m.ko installed by DKMS under /lib/modules/$kernel/updates/dkms"
		continue
	fi
	case "$f" in
	*.xz) xz -dc "$f" >"$out/$m.ko" ;;
	*.zst) zstd -qdc "$f" >"$out/$m.ko" ;;
	*) cp "$f" "$out/$m.ko" ;;
	esac
	check "$m.ko installed by DKMS, modinfo version $version" \
		test "$(modinfo -F version "$out/$m.ko")" = "$version"
done
# DKMS runs depmod where the kernel's modules.dep exists; 3.2 (trixie, sid)
# leaves a kernel whose image is not installed to the image's own depmod.
if [ -f "$root/lib/modules/$kernel/modules.dep" ]; then
	check "modules.dep of $kernel lists the DKMS modules" \
		grep -q "^updates/dkms/kfast_vmac.ko" "$root/lib/modules/$kernel/modules.dep"
else
	echo "# no modules.dep for $kernel (its image is not installed): DKMS left depmod to it"
fi

# A second kernel's headers: DKMS's header hook builds for it as well.  With
# openssl present (as on most systems) DKMS also makes its MOK key and signs
# what it builds with it (the README's Secure Boot paragraph).
dkms_root "apt-get install -y -q --no-install-recommends openssl &&
	apt-get install -y -q --no-install-recommends $(suite_release_args "$suite") \
		linux-headers-$second" \
	>"$KFAST_CACHE/dkms/second-$suite.log" 2>&1
check "openssl and linux-headers-$second install" test $? -eq 0
status=$(dkms_root "dkms status" 2>&1)
check "dkms status: kfast/$version installed for $second too" \
	grep -q "^kfast/$version, $second, x86_64: installed" <<<"$status"
f=$(find "$root/lib/modules/$second/updates/dkms" -name 'kfast_gcmsiv.ko*' 2>/dev/null | head -n 1)
check "kfast_gcmsiv.ko built for $second" test -n "$f"
check "/var/lib/dkms/mok.key and mok.pub made" \
	test -f "$root/var/lib/dkms/mok.key" -a -f "$root/var/lib/dkms/mok.pub"
signer=$( { [ -n "$f" ] && modinfo -F signer "$f"; } 2>/dev/null)
check "the $second build is signed by DKMS's key (signer: ${signer:-none})" \
	test "$signer" = "DKMS module signing key"

# The rest of the README's block: the removal.
dkms_root "cd /root && yes | sh -e /tmp/readme-remove.sh" >"$KFAST_CACHE/dkms/remove-$suite.log" 2>&1
check "the README's package block removes as written ($suite)" test $? -eq 0 ||
	tail -n 20 "$KFAST_CACHE/dkms/remove-$suite.log"
check "dkms status is empty after removal" test -z "$(dkms_root 'dkms status' 2>&1)"
check "no kfast module left under /lib/modules" \
	test -z "$(find "$root/lib/modules" -name 'kfast_*' 2>/dev/null)"

remove_tree "$root"
echo "dkms $suite: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

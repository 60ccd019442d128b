# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Shared helpers of the test harness.  Sourced, never run.
#
# Everything that is downloaded or built for testing lives under
# $KFAST_CACHE (default /var/cache/kfast), outside the repository, keyed by
# what it was made from, so a second run on the same machine reuses it:
#
#   apt/<suite>/         private apt state for bookworm, trixie, sid
#                        (/etc/apt is never touched; bookworm-src: qemu's
#                        source package)
#   chroot/<suite>/      minbase chroots with that suite's compiler and
#                        kernel headers: the modules for a kernel are built
#                        with the compiler that built the kernel
#   stock/<kver>-<arch>/ Debian's kernel image and the modules we load from it
#   kunit/<kver>-<hash>/ self-built debug kernels with KUnit (O= build dirs)
#   build/<tag>/         copies of the source tree, one per target kernel
#   qemu-nocrypto/       qemu with the cortex-a72-nocrypto CPU model
#                        (kenv.sh qemu-nocrypto) and the root that builds it
#   locks/               one preparation of a kernel or module tree at a time

set -o pipefail

KFAST_TOP=${KFAST_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
KFAST_CACHE=${KFAST_CACHE:-/var/cache/kfast}
KFAST_MIRROR=${KFAST_MIRROR:-http://deb.debian.org/debian}
KFAST_JOBS=${KFAST_JOBS:-$(nproc)}

# The three supported kernels (stock and KUnit guests, DKMS) and the Debian
# suite that ships each; the stock guests and module builds also cover the
# release candidate in experimental.
KFAST_KERNELS="6.1 6.12 7.2"
KFAST_NEXT_KERNEL=7.3
KFAST_STOCK_KERNELS="$KFAST_KERNELS $KFAST_NEXT_KERNEL"

# The kernels whose KUnit debug guests (amd64 and arm64) make check runs: a
# debug kernel is a build of 15-30 minutes cold and its amd64 guest about 20
# minutes under TCG, so make check has the newest one and `make
# check-kunit-older` the others (KFAST_KUNIT_OLDER_KERNELS).
# shellcheck disable=SC2034  # check.sh's
KFAST_KUNIT_KERNELS="7.2"

# Kernel flavours.  The ARCH argument of the stock kernels (kenv.sh stock,
# kenv.sh modules, run-guest.sh stock) is a Debian flavour, the end of the
# kernel release: amd64 or arm64 (the default kernels), or the amd64 kernels'
# rt-amd64 (PREEMPT_RT) and cloud-amd64 (Debian packages both for 6.1, 6.12,
# 7.2 and 7.3-rc7).  make check boots these flavours too.
# shellcheck disable=SC2034  # check.sh's
KFAST_FLAVOURS="rt-amd64 cloud-amd64"

# The Debian architecture of a flavour (rt-amd64 -> amd64).
flavour_arch() {
	case "$1" in
	amd64 | arm64 | rt-amd64 | cloud-amd64) echo "${1##*-}" ;;
	*) die "unknown kernel flavour '$1' (amd64, arm64, rt-amd64, cloud-amd64)" ;;
	esac
}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

suite_of() {
	case "$1" in
	6.1) echo bookworm ;;
	6.12) echo trixie ;;
	7.2) echo sid ;;
	"$KFAST_NEXT_KERNEL") echo experimental ;;
	*) die "unknown kernel '$1' (supported: $KFAST_STOCK_KERNELS)" ;;
	esac
}

# What debootstrap starts a suite's chroot from (experimental is not a whole
# suite: sid plus experimental's sources), the apt arguments that take a
# package from the suite itself, and those that install its stock kernel
# headers.
bootstrap_suite() {
	case "$1" in experimental) echo sid ;; *) echo "$1" ;; esac
}
suite_release_args() {
	case "$1" in experimental) echo "-t experimental" ;; esac
}
headers_install_args() {
	case "$1" in
	experimental) echo "$(suite_release_args "$1") linux-headers-$KFAST_NEXT_KERNEL-amd64" ;;
	*) echo linux-headers-amd64 ;;
	esac
}

# The modules a user gets (dkms.conf's BUILT_MODULE_NAME list, written once).
kfast_modules() {
	sed -n 's/^BUILT_MODULE_NAME\[[0-9]*\]="\(.*\)"$/\1/p' "$KFAST_TOP/dkms.conf"
}

# aptx SUITE apt-get|apt-cache ARGS: apt with a private configuration.
aptx() {
	local suite=$1 cmd=$2 d=$KFAST_CACHE/apt/$1
	shift 2
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
	[ -f "$d/status" ] || : >"$d/status"
	cp "$KFAST_TOP/selftests/qemu/apt/$suite.sources" "$d/debian.sources"
	# one apt at a time per suite: guests are prepared in parallel
	flock "$d/.kfast-lock" "$cmd" -q -o Dir::Etc::SourceList="$d/debian.sources" \
		-o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$d/lists" -o Dir::Cache="$d/cache" \
		-o Dir::State::status="$d/status" \
		-o Acquire::Check-Valid-Until=false -o APT::Sandbox::User=root \
		-o APT::Architectures=amd64,arm64 "$@"
}

# Refreshes a suite's private package lists at most once per run.
apt_update_once() {
	local stamp=$KFAST_CACHE/apt/$1/.updated-$KFAST_RUN_ID
	[ -f "$stamp" ] && return 0
	aptx "$1" apt-get update >/dev/null || die "apt-get update ($1) failed"
	touch "$stamp"
}
KFAST_RUN_ID=${KFAST_RUN_ID:-$$}
export KFAST_RUN_ID

# Prints the newest version of a package in a suite.
pkg_version() {
	aptx "$1" apt-cache show "$2" 2>/dev/null |
		sed -n 's/^Version: //p' | sort -V | tail -n 1
}

# The kernel ABI name (e.g. 6.12.117+deb13) that the suite's metapackage
# linux-headers-<arch> points to.
kernel_abi() {
	local suite=$1 arch=$2
	aptx "$suite" apt-cache depends "linux-headers-$arch:$arch" 2>/dev/null |
		sed -n "s/^ *Depends: linux-headers-\(.*\)-$arch\(:$arch\)\?\$/\1/p" | head -n 1
}

# Downloads SUITE PKG... into $KFAST_CACHE/debs/<suite>/ (if not already there).
fetch_debs() {
	local suite=$1 d=$KFAST_CACHE/debs/$1 p missing=()
	shift
	mkdir -p "$d"
	for p in "$@"; do
		# name:arch must find that architecture's .deb, not another's
		if [ "${p#*:}" != "$p" ]; then
			compgen -G "$d/${p%%:*}_*_${p#*:}.deb" >/dev/null || missing+=("$p")
		else
			compgen -G "$d/${p%%:*}_*" >/dev/null || missing+=("$p")
		fi
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	(cd "$d" && aptx "$suite" apt-get download "${missing[@]}" >/dev/null) ||
		die "download failed: ${missing[*]}"
}

# stock_headers ROOT: the newest stock (no -rt-/-cloud- flavour) amd64
# headers directory under ROOT/usr/src; a chroot that also holds a flavour's
# headers (the DKMS test installs the cloud ones) still names the stock ABI.
stock_headers() {
	ls -d "$1"/usr/src/linux-headers-*-amd64 2>/dev/null |
		grep -Ev -- '-(rt|cloud)-amd64$' | sort -V | tail -n 1
}

deb_path() { compgen -G "$KFAST_CACHE/debs/$1/${2%%:*}_*.deb" | sort -V | tail -n 1; }

# Extracts a .deb under DIR keeping merged-usr symlinks (plain dpkg-deb -x
# replaces a /lib -> usr/lib link with a directory).
extract_deb() {
	mkdir -p "$2"
	dpkg-deb --fsys-tarfile "$1" | tar -x --keep-directory-symlink -C "$2"
}

# unmount_below DIR: unmounts whatever is mounted below DIR, deepest first.
# remove_tree DIR: rm -rf that never descends into a file system mounted
# below DIR (a debootstrap that dies leaves its /proc mounted in the
# target; rm -rf would walk the host's /proc, or worse a bind-mounted /dev).
unmount_below() {
	local m
	awk -v d="$1/" 'index($2 "/", d) == 1 { print $2 }' /proc/mounts |
		sort -r | while read -r m; do
		umount -l "$m" || die "cannot unmount $m"
	done
}

remove_tree() {
	[ -e "$1" ] || return 0
	unmount_below "$1"
	rm -rf --one-file-system "$1"
}

# minbase_root SUITE ROOT: ROOT becomes a fresh minbase system of the suite
# for the harness: the snapshot mirror's Valid-Until ignored, no daemons
# started, apt pointed at selftests/qemu/apt/<suite>.sources.  One
# debootstrap per bootstrap suite and machine, kept as a tarball that the build
# chroot and every DKMS test unpack; parallel guests wait for the one that
# makes it.  debootstrap is tried twice: sid's once died quietly while
# configuring its packages and passed when run again.
minbase_root() {
	local suite=$1 root=$2 base tar tmp try
	base=$(bootstrap_suite "$suite")
	tar=$KFAST_CACHE/minbase/$base.tar
	mkdir -p "$KFAST_CACHE/minbase"
	(
		flock 9
		[ -f "$tar" ] && exit 0
		tmp=$KFAST_CACHE/minbase/$base.new
		for try in 1 2; do
			remove_tree "$tmp"
			mkdir -p "$tmp"
			debootstrap --variant=minbase "$base" "$tmp" "$KFAST_MIRROR" \
				>"$KFAST_CACHE/minbase/$base.log" 2>&1 && break
			log "debootstrap $base failed (try $try, see $KFAST_CACHE/minbase/$base.log)"
			tail -n 5 "$KFAST_CACHE/minbase/$base.log" >&2
			[ "$try" = 2 ] && { remove_tree "$tmp"; exit 1; }
		done
		unmount_below "$tmp"
		echo 'Acquire::Check-Valid-Until "false";' >"$tmp/etc/apt/apt.conf.d/99kfast-novalid"
		printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
		chmod +x "$tmp/usr/sbin/policy-rc.d"
		tar -C "$tmp" -cf "$tar.new" . && mv "$tar.new" "$tar"
		remove_tree "$tmp"
	) 9>"$KFAST_CACHE/minbase/.$base.lock" || die "debootstrap $base failed"
	remove_tree "$root"
	mkdir -p "$root"
	tar -C "$root" -xf "$tar"
	# A scratch root: dpkg need not fsync every file it unpacks (a crash
	# loses the root anyway); package installs take about a fifth less.
	echo force-unsafe-io >"$root/etc/dpkg/dpkg.cfg.d/kfast-unsafe-io"
	: >"$root/etc/apt/sources.list"
	cp "$KFAST_TOP/selftests/qemu/apt/$suite.sources" "$root/etc/apt/sources.list.d/debian.sources"
}

# in_root ROOT SRC DST COMMAND: runs COMMAND (bash -c) chrooted in ROOT with
# /proc mounted and the host directory SRC bind-mounted at DST, in a private
# mount namespace, so nothing stays mounted afterwards.
in_root() {
	unshare --mount --fork bash -c '
		set -e
		root=$1 src=$2 dst=$3
		shift 3
		mount -t proc proc "$root/proc"
		mkdir -p "$root$dst" "$src"
		mount --bind "$src" "$root$dst"
		exec chroot "$root" /usr/bin/env -i HOME=/root LC_ALL=C.UTF-8 \
			DEBIAN_FRONTEND=noninteractive \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			bash -c "$*"' _ "$@"
}

# in_chroot SUITE COMMAND: runs COMMAND in the suite's build chroot with the
# source trees of $KFAST_CACHE/build at /build.
in_chroot() {
	local suite=$1
	shift
	in_root "$KFAST_CACHE/chroot/$suite" "$KFAST_CACHE/build" /build "$@"
}

sync_tree() {
	local dst=$KFAST_CACHE/build/$1${KFAST_RUN_TAG:+-$KFAST_RUN_TAG} new hash
	new=$dst.new
	rm -rf "$new"
	mkdir -p "$new"
	if [ -n "${KFAST_FROM_HEAD:-}" ]; then
		# only what is committed (KFAST_FROM_HEAD=1 while others edit the tree)
		git -C "$KFAST_TOP" archive HEAD | tar -xf - -C "$new"
	elif git -C "$KFAST_TOP" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$KFAST_TOP" && git ls-files -co --exclude-standard -z |
			xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' _ |
			tar --null -T - -cf -) | tar -xf - -C "$new"
	else
		(cd "$KFAST_TOP" && tar --exclude=./build -cf - .) | tar -xf - -C "$new"
	fi
	hash=$(cd "$new" && find . -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum)
	if [ -f "$dst/.kfast-src" ] && [ "$(cat "$dst/.kfast-src")" = "$hash" ]; then
		rm -rf "$new"
	else
		rm -rf "$dst"
		mv "$new" "$dst"
		echo "$hash" >"$dst/.kfast-src"
	fi
	echo "$dst"
}

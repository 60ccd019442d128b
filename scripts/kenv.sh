#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Kernel environments for testing: host packages, per-suite build chroots,
# Debian's stock kernels, self-built KUnit debug kernels, and module builds
# against each of them.  Every step is idempotent and caches its result under
# $KFAST_CACHE (see scripts/lib.sh).
#
#   kenv.sh setup-host                 install the host packages the tests need
#   kenv.sh chroot SUITE               create/update a build chroot
#   kenv.sh stock KVER FLAVOUR         fetch Debian's kernel (image + modules)
#   kenv.sh modules KVER FLAVOUR       build our modules for that stock kernel
#   kenv.sh kunit-kernel KVER [ARCH]   build the KUnit debug kernel (amd64, arm64)
#   kenv.sh kunit-modules KVER [ARCH]  build our modules + KUnit suites for it
#   kenv.sh user-sysroot arm64         arm64 libraries for the cross-built userspace tests
#   kenv.sh qemu-nocrypto              qemu-system-aarch64 and qemu-aarch64 with a
#                                      Cortex-A72 model without the Crypto Extensions
#
# FLAVOUR: amd64, arm64, or an amd64 kernel flavour, rt-amd64 (PREEMPT_RT)
# or cloud-amd64 (scripts/lib.sh: KFAST_FLAVOURS); it is the end of the
# kernel release, as in linux-image-6.1.0-57-rt-amd64.
#
# Paths of the results are printed on stdout (one per line) for the caller.

set -eu
. "$(dirname "$0")/lib.sh"

HOST_PKGS="qemu-system-x86 qemu-system-arm debootstrap debian-archive-keyring valgrind
	busybox-static cpio kcapi-tools libkcapi-dev nettle-dev libcrypto++-dev
	libssl-dev gcc g++ make bc flex bison libelf-dev xz-utils zstd kmod
	rsync linux-headers-amd64 python3 gnuplot-nox gcc-aarch64-linux-gnu
	g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user llvm-19 util-linux
	perl git android-libboringssl-dev"

setup_host() {
	local p missing=""
	for p in $HOST_PKGS; do
		dpkg-query -W -f '${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	log "installing host packages:$missing"
	apt-get update -q >/dev/null
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		$missing >/dev/null
}

# The gcc major version a kernel's headers ask for (CC = ...gcc-NN).
headers_gcc() {
	sed -n 's/^CC = .*gcc-\([0-9]*\).*/\1/p' "$1/.kernelvariables" | head -n 1
}

# The chroot's arm64 cross compiler, the version its kernel headers ask for.
cross_gcc() {
	echo "aarch64-linux-gnu-gcc-$(headers_gcc "$(stock_headers "$KFAST_CACHE/chroot/$1")")"
}

CHROOT_PKGS="gcc make libc6-dev kmod bc flex bison libelf-dev
	libssl-dev python3 xz-utils cpio rsync perl binutils-aarch64-linux-gnu"

# make_chroot SUITE: the suite's build chroot, made or brought up to date
# under a lock (the guests of make check prepare theirs in parallel).
make_chroot() {
	mkdir -p "$KFAST_CACHE/chroot"
	(
		flock 9
		make_chroot_locked "$1"
	) 9>"$KFAST_CACHE/chroot/.$1.lock" || exit 1
	echo "$KFAST_CACHE/chroot/$1"
}

make_chroot_locked() {
	local suite=$1 root=$KFAST_CACHE/chroot/$1 gccv want
	if [ ! -f "$root/.kfast-debootstrapped" ]; then
		log "debootstrap $suite (minbase)"
		minbase_root "$suite" "$root"
		touch "$root/.kfast-debootstrapped"
	fi
	# The suite with its updates and security pockets: the newest kernel
	# headers, matching the newest image that the guests boot.
	# The stamp: what the chroot is made from (sources, packages, headers).
	want="$(cat "$KFAST_TOP/selftests/qemu/apt/$suite.sources" - <<<"$CHROOT_PKGS" |
		sha1sum) $(headers_install_args "$suite")"
	if [ "$(cat "$root/.kfast-ready" 2>/dev/null)" != "$want" ]; then
		: >"$root/etc/apt/sources.list"
		cp "$KFAST_TOP/selftests/qemu/apt/$suite.sources" \
			"$root/etc/apt/sources.list.d/debian.sources"
		log "installing the $suite toolchain and kernel headers"
		in_chroot "$suite" "apt-get -q update >/dev/null &&
			apt-get install -y -q --no-install-recommends $(echo $CHROOT_PKGS) >/dev/null &&
			apt-get install -y -q --no-install-recommends $(headers_install_args "$suite") \
				>/dev/null" ||
			die "chroot package install ($suite) failed"
		gccv=$(headers_gcc "$(stock_headers "$root")")
		in_chroot "$suite" "apt-get install -y -q --no-install-recommends \
			gcc-$gccv-aarch64-linux-gnu >/dev/null" ||
			die "cross compiler gcc-$gccv-aarch64-linux-gnu ($suite) failed"
		echo "$want" >"$root/.kfast-ready"
	fi
}

# ABI of the amd64 headers installed in a chroot (the kernel we boot must match).
chroot_abi() {
	local h
	h=$(stock_headers "$KFAST_CACHE/chroot/$1")
	[ -n "$h" ] || die "no kernel headers in the $1 chroot"
	h=${h##*/linux-headers-}
	echo "${h%-amd64}"
}

# stock KVER FLAVOUR: vmlinuz + the module tree of Debian's kernel whose
# headers are in the chroot (the same ABI for a flavour).  Prints the
# directory (vmlinuz, modules/, abi, and config when the package has one).
stock_kernel() {
	local kver=$1 flav=$2 arch suite abi dir img mods rel
	arch=$(flavour_arch "$flav")
	suite=$(suite_of "$kver")
	make_chroot "$suite" >/dev/null
	abi=$(chroot_abi "$suite")
	rel=$abi-$flav
	dir=$KFAST_CACHE/stock/$rel
	if [ ! -f "$dir/.ready" ]; then
		apt_update_once "$suite"
		rm -rf "$dir"
		mkdir -p "$dir/x"
		if aptx "$suite" apt-cache show "linux-binary-$rel:$arch" >/dev/null 2>&1; then
			# 7.x splits the image package: binary (vmlinuz) + modules.
			img=linux-binary-$rel:$arch
			mods=linux-modules-$rel:$arch
			fetch_debs "$suite" "$img" "$mods"
			extract_deb "$(deb_path "$suite" "$img")" "$dir/x"
			extract_deb "$(deb_path "$suite" "$mods")" "$dir/x"
		else
			img=linux-image-$rel-unsigned:$arch
			aptx "$suite" apt-cache show "$img" >/dev/null 2>&1 ||
				img=linux-image-$rel:$arch
			fetch_debs "$suite" "$img"
			extract_deb "$(deb_path "$suite" "$img")" "$dir/x"
		fi
		local vmlinuz
		vmlinuz=$(find "$dir/x" -name "vmlinuz*" -type f | head -n 1)
		[ -n "$vmlinuz" ] || die "no vmlinuz in the $rel packages"
		mv "$vmlinuz" "$dir/vmlinuz"
		find "$dir/x" -name "config-$rel" -type f -exec mv {} "$dir/config" \;
		mv "$(find "$dir/x" -type d -path "*/modules/$rel" | head -n 1)" "$dir/modules"
		rm -rf "$dir/x"
		# Debian generates modules.dep at install time, not in the package.
		mkdir -p "$dir/dep/lib/modules"
		ln -s ../../../modules "$dir/dep/lib/modules/$rel"
		depmod -b "$dir/dep" "$rel" || die "depmod of the $rel modules failed"
		rm -rf "$dir/dep"
		echo "$rel" >"$dir/abi"
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# flavour_headers SUITE FLAVOUR: installs the headers of an amd64 flavour
# (linux-headers-<abi>-rt-amd64, ...) of the chroot's kernel ABI into the
# suite's build chroot, once.  Prints their directory inside the chroot.
flavour_headers() {
	local suite=$1 flav=$2 abi root=$KFAST_CACHE/chroot/$1 p t
	abi=$(chroot_abi "$suite")
	p=linux-headers-$abi-$flav
	t=$(suite_release_args "$suite")
	# one apt in the chroot at a time: a suite's rt and cloud guests are
	# prepared in parallel
	(
		flock 9
		[ -f "$root/usr/src/$p/Module.symvers" ] && exit 0
		log "installing $p in the $suite chroot"
		in_chroot "$suite" "apt-get install -y -q --no-install-recommends $t $p >/dev/null ||
			{ apt-get -q update >/dev/null &&
				apt-get install -y -q --no-install-recommends $t $p >/dev/null; }"
	) 9>"$root/.kfast-apt-lock" || die "$p ($suite) failed"
	echo "/usr/src/$p"
}

# Extracts the arm64 headers of the chroot's kernel ABI into the chroot (they
# cannot be apt-installed on amd64: linux-kbuild is not Multi-Arch).
arm64_headers() {
	local suite=$1 abi root=$KFAST_CACHE/chroot/$1 p
	abi=$(chroot_abi "$suite")
	if [ ! -d "$root/usr/src/linux-headers-$abi-arm64" ]; then
		apt_update_once "$suite"
		p=linux-headers-$abi-arm64:arm64
		fetch_debs "$suite" "$p"
		extract_deb "$(deb_path "$suite" "$p")" "$root"
	fi
	echo "/usr/src/linux-headers-$abi-arm64"
}

# modules KVER FLAVOUR: builds the kfast modules against Debian's headers of
# the stock kernel (of the flavour).  Prints the build directory (the .ko
# files are in it).
build_modules() {
	local kver=$1 flav=$2 suite abi tree hdr cross=""
	flavour_arch "$flav" >/dev/null
	suite=$(suite_of "$kver")
	make_chroot "$suite" >/dev/null
	abi=$(chroot_abi "$suite")
	case "$flav" in
	arm64)
		hdr=$(arm64_headers "$suite")
		# the headers' CC is $(CROSS_COMPILE)gcc-NN, the chroot's cross gcc
		cross="ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-"
		;;
	amd64) hdr=/usr/src/linux-headers-$abi-amd64 ;;
	*) hdr=$(flavour_headers "$suite" "$flav") ;;
	esac
	tree=$(sync_tree "stock-$abi-$flav")
	log "modules for $abi-$flav"
	kbuild_modules "$suite" "$tree" "$abi-$flav" "-C $hdr $cross" \
		"$KFAST_CACHE/chroot/$suite$hdr/Module.symvers"
	echo "$tree"
}

# kbuild_modules SUITE TREE WHAT MAKE-ARGS SYMVERS: W=1 module build of TREE
# in the suite's chroot; any warning fails it like an error, objtool's too
# (the debug kernels have CONFIG_STACK_VALIDATION, so objtool checks the
# frame-pointer rules on our objects there).  Skipped when
# the same sources were already built with the same arguments against the
# same kernel (SYMVERS: its Module.symvers, host path).
kbuild_modules() {
	local suite=$1 tree=$2 what=$3 args=$4 stamp

	stamp="$(cat "$tree/.kfast-src") $args $(stat -c %Y "$5")"
	if [ "$(cat "$tree/.kfast-built" 2>/dev/null)" = "$stamp" ]; then
		log "modules for $what are up to date"
		return 0
	fi
	rm -f "$tree/.kfast-built"
	in_chroot "$suite" "make $args M=/build/${tree##*/} W=1 -j$KFAST_JOBS modules" \
		>"$tree/build.log" 2>&1 || {
		tail -n 40 "$tree/build.log" >&2
		die "module build for $what failed"
	}
	if grep -E 'warning:' "$tree/build.log" >&2; then
		die "module build for $what has warnings"
	fi
	echo "$stamp" >"$tree/.kfast-built"
}

# The config fragments of an architecture's KUnit kernel, in merge order.
kunit_fragments() {
	local d=$KFAST_TOP/selftests/qemu/config
	echo "$d/kunit.config $d/debug.config $d/kunit-$1.config"
}

kunit_config_hash() {
	cat $(kunit_fragments "$1") | sha1sum | cut -c1-10
}

# kunit-kernel KVER [ARCH]: allnoconfig + our fragments, built from Debian's
# linux-source in the suite's chroot (arm64: with the chroot's cross
# compiler).  Prints the O= build directory.
kunit_kernel() {
	local kver=$1 arch=${2:-amd64} suite src odir hash f frags="" make image
	suite=$(suite_of "$kver")
	make_chroot "$suite" >/dev/null
	hash=$(kunit_config_hash "$arch")
	odir=kunit-$kver-$hash
	make="make O=/build/$odir"
	image=bzImage
	if [ "$arch" = arm64 ]; then
		odir=kunit-$kver-arm64-$hash
		make="make O=/build/$odir ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
			CC=$(cross_gcc "$suite")"
		image=Image
	fi
	mkdir -p "$KFAST_CACHE/build"
	# one build per kernel at a time: kunit-modules and a make check that
	# starts the build early (check.sh) may ask for it together
	exec 7>>"$KFAST_CACHE/build/$odir.lock"
	flock 7
	if [ ! -f "$KFAST_CACHE/build/$odir/.ready" ]; then
		src=src/linux-source-$kver
		# One extraction per version, whole or not at all: the amd64 and
		# arm64 kernels of a version build from the same tree, and
		# make check starts both at once.
		mkdir -p "$KFAST_CACHE/build/src"
		(
			flock 9
			[ -f "$KFAST_CACHE/build/$src/Makefile" ] && exit 0
			log "fetching linux-source-$kver"
			# the chroot's apt, one at a time (flavour_headers())
			(
				flock 8
				in_chroot "$suite" "apt-get install -y -q --no-install-recommends \
					linux-source-$kver >/dev/null"
			) 8>"$KFAST_CACHE/chroot/$suite/.kfast-apt-lock" ||
				die "linux-source-$kver install failed"
			in_chroot "$suite" "cd /build/src &&
				rm -rf linux-source-$kver linux-source-$kver.new &&
				mkdir linux-source-$kver.new &&
				tar -xaf /usr/src/linux-source-$kver.tar.xz -C linux-source-$kver.new \
					--strip-components=1 &&
				mv linux-source-$kver.new linux-source-$kver" ||
				die "linux-source-$kver extraction failed"
		) 9>"$KFAST_CACHE/build/src/.linux-source-$kver.lock" || exit 1
		mkdir -p "$KFAST_CACHE/build/$odir"
		for f in $(kunit_fragments "$arch"); do
			cp "$f" "$KFAST_CACHE/build/$odir/"
			frags="$frags /build/$odir/${f##*/}"
		done
		log "building the KUnit debug kernel $kver $arch (several minutes)"
		in_chroot "$suite" "set -e; cd /build/$src
			$make allnoconfig >/dev/null
			ARCH=$([ "$arch" = arm64 ] && echo arm64 || echo x86) \
				scripts/kconfig/merge_config.sh -m -O /build/$odir /build/$odir/.config \
				$frags >/dev/null
			$make olddefconfig >/dev/null
			$make -j$KFAST_JOBS $image modules" \
			>"$KFAST_CACHE/build/$odir.log" 2>&1 || {
			tail -n 30 "$KFAST_CACHE/build/$odir.log" >&2
			die "KUnit kernel $kver $arch build failed"
		}
		"$KFAST_TOP/selftests/qemu/config/verify-config.sh" "$arch" \
			"$KFAST_CACHE/build/$odir/.config" ||
			die "KUnit kernel $kver $arch: config fragment not fully applied"
		touch "$KFAST_CACHE/build/$odir/.ready"
	fi
	exec 7>&-
	echo "$KFAST_CACHE/build/$odir"
}

# kunit-modules KVER [ARCH]: our modules and KUnit suites built against the
# KUnit kernel.
kunit_modules() {
	local kver=$1 arch=${2:-amd64} suite odir tree cross=""
	suite=$(suite_of "$kver")
	odir=$(kunit_kernel "$kver" "$arch")
	[ "$arch" = arm64 ] &&
		cross="ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CC=$(cross_gcc "$suite")"
	tree=$(sync_tree "kunitmods-$kver${cross:+-arm64}")
	log "modules + KUnit suites for the $kver $arch debug kernel"
	# Debian's kernels warn above 2048-byte frames; allnoconfig says 1024,
	# which KASAN's redzones push the test suites' buffers over.
	kbuild_modules "$suite" "$tree" "the $kver $arch debug kernel" \
		"-C /build/${odir##*/} $cross KCFLAGS=-Wframe-larger-than=2048" "$odir/Module.symvers"
	echo "$tree"
}

# user-sysroot arm64: the arm64 libraries the userspace tests link (OpenSSL,
# nettle, Crypto++), bookworm's like the host's cross toolchain, extracted
# from their .debs under $KFAST_CACHE/sysroot/arm64 (the host's dpkg gets no
# foreign architecture).  The cross compiler takes --sysroot-less -I/-L
# flags into it (selftests/user/user.mk); qemu-aarch64 finds the shared
# libraries through LD_LIBRARY_PATH.  Prints the directory.
USER_SYSROOT_PKGS_ARM64="libssl-dev libssl3 nettle-dev libnettle8 libhogweed6
	libgmp10 libcrypto++-dev libcrypto++8"

user_sysroot() {
	local arch=$1 dir=$KFAST_CACHE/sysroot/$1 want p pkgs=()
	[ "$arch" = arm64 ] || die "user-sysroot: only arm64"
	want=$(echo $USER_SYSROOT_PKGS_ARM64 | sha1sum)
	if [ "$(cat "$dir/.ready" 2>/dev/null)" != "$want" ]; then
		apt_update_once bookworm
		for p in $USER_SYSROOT_PKGS_ARM64; do
			pkgs+=("$p:arm64")
		done
		fetch_debs bookworm "${pkgs[@]}"
		rm -rf "$dir"
		for p in $USER_SYSROOT_PKGS_ARM64; do
			extract_deb "$(compgen -G "$KFAST_CACHE/debs/bookworm/${p}_*_arm64.deb" |
				sort -V | tail -n 1)" "$dir"
		done
		echo "$want" >"$dir/.ready"
	fi
	echo "$dir"
}

# qemu-nocrypto: qemu-system-aarch64 and qemu-aarch64 that also offer
# "cortex-a72-nocrypto", a Cortex-A72 without the Cryptography Extension
# (AES, PMULL, SHA1, SHA2), as in the Raspberry Pi 4.  Debian's qemu has no
# AArch64 model without AES and PMULL, no property that removes them, and
# the kernel's idreg overrides (arm64.*, id_aa64*.*) have no field for
# ID_AA64ISAR0; so the model is our patch, selftests/qemu/qemu-nocrypto.patch,
# on Debian bookworm's own qemu source package (the newest in bookworm and
# its updates: the same qemu as the host's, plus the model).  Only the
# aarch64 targets, with no optional feature and only the virt board's
# devices: a few minutes of compiling.  Built in a bookworm root of its own
# (the minbase tarball plus QEMU_BUILD_PKGS), not in the module build
# chroot: that one's apt is in use by the guests being prepared beside it,
# and its contents are what builds the modules.  The binaries link against
# bookworm's glib, pixman and libfdt, which the host's qemu-system-arm
# already needs.  Cached under $KFAST_CACHE/qemu-nocrypto/<version>-<hash>
# (the hash of the patch and of the configure options); prints that
# directory (bin/qemu-system-aarch64, bin/qemu-aarch64, build.log).
QEMU_BUILD_PKGS="gcc libc6-dev make ninja-build meson pkg-config python3 dpkg-dev
	libglib2.0-dev libpixman-1-dev zlib1g-dev libfdt-dev"
# No optional feature (no slirp, no audio, no UI, no block drivers beyond
# the built-in ones) and, of the devices, only the virt board's (the
# patch's kfast-virt.mak): the guests use -kernel/-initrd and serial ports.
# No debug information either (-g is about a sixth of the compile time).
QEMU_NOCRYPTO_CONFIGURE="--target-list=aarch64-softmmu,aarch64-linux-user
	--without-default-features --without-default-devices
	--with-devices-aarch64=kfast-virt --enable-fdt=system --audio-drv-list=
	--disable-docs --disable-tools --disable-debug-info --disable-werror"

qemu_nocrypto() {
	local top=$KFAST_CACHE/qemu-nocrypto root ver key dir want
	root=$top/root
	mkdir -p "$top"
	apt_update_once bookworm-src
	ver=$(aptx bookworm-src apt-cache showsrc qemu 2>/dev/null |
		sed -n 's/^Version: //p' | sort -V | tail -n 1)
	[ -n "$ver" ] || die "no qemu source package in bookworm"
	key=$({ echo "$ver $QEMU_NOCRYPTO_CONFIGURE"; cat "$KFAST_TOP/selftests/qemu/qemu-nocrypto.patch"; } |
		sha1sum | cut -c1-10)
	dir=$top/${ver#*:}-$key
	(
		# one build at a time: make check-arm64-nocrypto may be run
		# while make check builds it
		flock 9
		[ -f "$dir/.ready" ] && exit 0
		want=$(echo $QEMU_BUILD_PKGS | sha1sum)
		if [ "$(cat "$root/.kfast-ready" 2>/dev/null)" != "$want" ]; then
			log "qemu build root (bookworm minbase and qemu's build dependencies)"
			minbase_root bookworm "$root"
			in_root "$root" "$top" /q "apt-get -q update >/dev/null &&
				apt-get install -y -q --no-install-recommends $(echo $QEMU_BUILD_PKGS) \
					>/dev/null" || die "qemu build root: package install failed"
			echo "$want" >"$root/.kfast-ready"
		fi
		rm -rf "$dir"
		mkdir -p "$dir/work"
		(cd "$dir/work" && aptx bookworm-src apt-get source --download-only "qemu=$ver" \
			>/dev/null) || die "qemu $ver source download failed"
		cp "$KFAST_TOP/selftests/qemu/qemu-nocrypto.patch" "$dir/"
		log "building qemu $ver with the cortex-a72-nocrypto model (aarch64 targets)"
		start=$(date +%s)
		# dpkg-source warns that it cannot check the .dsc's signature (no
		# keyring in the root): apt has checked its hash against the signed
		# Sources index
		in_root "$root" "$dir" /q "set -e; cd /q/work
			dpkg-source -x qemu_*.dsc src
			cd src
			patch -p1 <../../qemu-nocrypto.patch
			mkdir build
			cd build
			../configure $(echo $QEMU_NOCRYPTO_CONFIGURE) \
				--with-pkgversion='Debian $ver, kfast cortex-a72-nocrypto'
			ninja -j$KFAST_JOBS qemu-system-aarch64 qemu-aarch64" \
			>"$dir/build.log" 2>&1 || {
			tail -n 30 "$dir/build.log" >&2
			die "qemu $ver build failed (see $dir/build.log)"
		}
		mkdir -p "$dir/bin"
		cp "$dir/work/src/build/qemu-system-aarch64" "$dir/work/src/build/qemu-aarch64" \
			"$dir/bin/"
		# the virt board takes the model (it checks CPU types) and stops
		echo quit | "$dir/bin/qemu-system-aarch64" -M virt -cpu cortex-a72-nocrypto \
			-nodefaults -display none -S -monitor stdio >/dev/null ||
			die "the qemu just built cannot start virt on cortex-a72-nocrypto"
		log "qemu $ver built in $(($(date +%s) - start)) s"
		# the sources and objects (about 1 GB) are not needed again
		rm -rf "$dir/work"
		touch "$dir/.ready"
	) 9>>"$top/.lock" || exit 1
	echo "$dir"
}

# The whole command line is read before anything runs (main ...; exit), so
# editing this file while a long build runs cannot derail the running copy.
main() {
	local cmd=${1:-}

	shift || true
	# The guests of one kernel on -cpu max and on cortex-a72-nocrypto may
	# be prepared at the same time (make check runs two guests at once):
	# one fetch or build of the same thing at a time, the second caller
	# finds it done.
	# KFAST_RUN_TAG gives a module tree of its own (sync_tree), not a
	# kernel of its own.
	case "$cmd" in
	stock | modules | kunit-kernel | kunit-modules)
		local lock
		lock=$cmd-$(echo "$*" | tr ' /' '-_')
		case "$cmd" in *modules) lock=$lock${KFAST_RUN_TAG:+-$KFAST_RUN_TAG} ;; esac
		mkdir -p "$KFAST_CACHE/locks"
		exec 8>>"$KFAST_CACHE/locks/$lock"
		flock 8
		;;
	esac
	case "$cmd" in
	setup-host) setup_host ;;
	chroot) make_chroot "$@" ;;
	stock) stock_kernel "$@" ;;
	modules) build_modules "$@" ;;
	kunit-kernel) kunit_kernel "$@" ;;
	kunit-modules) kunit_modules "$@" ;;
	user-sysroot) user_sysroot "$@" ;;
	qemu-nocrypto) qemu_nocrypto "$@" ;;
	*) sed -n '4,20p' "$0"; return 2 ;;
	esac
}

main "$@"; exit $?

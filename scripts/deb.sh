#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make deb: the kfast-dkms Debian package, built with Debian's tooling
# (dpkg-buildpackage, dh with dh-dkms) from the files git tracks, written
# to dist/kfast-dkms_<version>_all.deb and checked with lintian.
set -eu
. "$(dirname "$0")/lib.sh"

need=""
for p in debhelper dh-dkms dpkg-dev lintian; do
	dpkg-query -W -f '${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' || need="$need $p"
done
if [ -n "$need" ]; then
	log "installing$need"
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $need \
		>/dev/null || die "cannot install$need"
fi

cd "$KFAST_TOP"
version=$(dpkg-parsechangelog -S Version)
work=build/deb
rm -rf "$work"
mkdir -p "$work/kfast-$version" dist
git ls-files -z | xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' _ |
	tar --null -T - -cf - | tar -xf - -C "$work/kfast-$version"
(cd "$work/kfast-$version" && dpkg-buildpackage -b -us -uc >../build.log 2>&1) ||
	die "dpkg-buildpackage failed (see $work/build.log)"
# Errors fail; warnings and informational tags are printed.
lintian --fail-on error "$work"/kfast_"${version}"_*.changes 2>&1 |
	grep -v '^running with root privileges' >&2 || true
[ "${PIPESTATUS[0]}" -eq 0 ] || die "lintian reports errors"
deb=dist/kfast-dkms_${version}_all.deb
mv "$work/kfast-dkms_${version}_all.deb" "$deb"
log "built $deb"
echo "$deb"

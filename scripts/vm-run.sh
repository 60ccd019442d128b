#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make vm-run KERNEL=6.1 [ARCH=amd64] CMD='...' [FILES=dir]: boots the stock
# guest with our modules loaded and runs CMD (busybox sh) with DIR's files
# in /files; prints what the guest printed.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
kernel=${1:-6.1} cmd=${2:-cat /proc/crypto} files=${3:-}
[ -n "$kernel" ] || kernel=6.1
[ -n "$cmd" ] || cmd="cat /proc/crypto"
"$top/scripts/kenv.sh" setup-host
exec "$top/selftests/qemu/run-guest.sh" cmd "$kernel" "${ARCH:-amd64}" "$cmd" "$files"

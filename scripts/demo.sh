#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: on a Debian machine, build the modules for Debian's stock
# kernel (KERNEL=6.1 by default, or 6.12 / 7.2), boot it under qemu, load
# the modules, use them over AF_ALG with libkcapi's tools and print the
# speed module's report.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/kenv.sh" setup-host
exec "$top/selftests/qemu/run-guest.sh" demo "${KERNEL:-6.1}" "${ARCH:-amd64}"

# SPDX-License-Identifier: GPL-2.0
# Fault injection (failslab, fail_page_alloc): the n-th allocation of an
# AF_ALG operation of each algorithm failed for every n; of unloading and
# loading each module for n = 1..31 and every STRIDE-th n after (short of
# the drivers' registration: the crypto core WARNs when it cannot allocate
# a self-test thread); then ROUNDS rounds of unloads and AF_ALG operations
# at 10% and 30% failure probability in a task with make-it-fail.  Only
# clean errnos (ENOMEM, ENFILE, ENOENT, ENOBUFS), successes give the known
# answer, a failed load leaves nothing behind, the kernel log holds
# allocation-failure reports only, and after injection every module loads
# and every vector passes (kfast_afalg_reliab faults).  The kmemleak scan
# of kunit-90 covers this step.
. /tests/reliab-lib.sh
reliab_modules_loaded
reliab_run faults /tests/vectors.txt "$KFAST_EXTRA" "${KFAST_FAULT_STRIDE:-20}" \
	"${KFAST_FAULT_ROUNDS:-8}"

# SPDX-License-Identifier: GPL-2.0
# Fault injection (failslab, fail_page_alloc): the n-th allocation of an
# AF_ALG operation of each algorithm failed for every n, of loading and
# unloading each module for n = 1..31 and every STRIDE-th n after; then
# ROUNDS rounds of all of it at 10% and 30% failure probability in a task
# with make-it-fail.  Failures are ENOMEM only, successes give the known
# answer, a failed load leaves nothing behind, and after injection every
# module loads and every vector passes (kfast_afalg_reliab faults).  The
# kmemleak scan of kunit-90 covers this step.
. /tests/reliab-lib.sh
reliab_modules_loaded
reliab_run faults /tests/vectors.txt "$KFAST_EXTRA" "${KFAST_FAULT_STRIDE:-20}" \
	"${KFAST_FAULT_ROUNDS:-10}"

# SPDX-License-Identifier: GPL-2.0
# Hostile AF_ALG input, seeded and bounded: COUNT random sequences per
# algorithm (keys, authsizes, cmsgs, MSG_MORE, splice/vmsplice, short and
# oversized reads, truncated ciphertexts, closes, a close racing a thread);
# only allowed errnos, a known answer after each, and known answers sent in
# random pieces on the fuzzed sockets while their key is still the vector's
# (kfast_afalg_reliab fuzz).
# A longer campaign: make fuzz SEED=n COUNT=n [KERNEL=7.2] (this step alone).
. /tests/reliab-lib.sh
reliab_modules_loaded
reliab_run fuzz /tests/vectors.txt "${KFAST_FUZZ_SEED:-1}" "${KFAST_FUZZ_COUNT:-80}"

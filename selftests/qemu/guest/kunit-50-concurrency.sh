# SPDX-License-Identifier: GPL-2.0
# AF_ALG concurrency: forked processes sharing one bound, keyed socket per
# algorithm through many accept()ed sockets, and one process with sockets of
# every algorithm open at once, all checked against known answers
# (kfast_afalg_reliab concurrency PROCS OPS).
. /tests/reliab-lib.sh
reliab_modules_loaded
reliab_run concurrency /tests/vectors.txt 4 50

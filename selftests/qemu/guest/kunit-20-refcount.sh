# SPDX-License-Identifier: GPL-2.0
# Module refcounts: while AF_ALG sockets hold a tfm of each algorithm of a
# module (bound, keyed, an accept()ed socket open), unloading it is refused
# and the algorithms still work; once they are closed it unloads, loads
# again, and its vectors pass (kfast_afalg_reliab refcount).
. /tests/reliab-lib.sh
reliab_modules_loaded
reliab_run refcount /tests/vectors.txt "$KFAST_EXTRA"

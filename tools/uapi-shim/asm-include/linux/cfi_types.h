/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Userspace stand-in: SYM_TYPED_FUNC_START lives in linkage.h here. */
#include <linux/linkage.h>

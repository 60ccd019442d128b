// SPDX-License-Identifier: GPL-2.0-or-later
/* Definitions behind tools/uapi-shim/kfast_user.h. */
#include "kfast_user.h"

bool kfast_user_simd_usable = true;

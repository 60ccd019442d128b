#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make model-x86: llvm-mca-19 figures for the steady-state loops of the
x86-64 tiers (a model, not a measurement): the port bound of each loop.

As in scripts/model-arm64.py (the shared parts are in scripts/mcamodel.py):
each arch/x86/*.S file is assembled with the host gcc and the userspace
shim's headers (as selftests/user/user.mk does), the loop body is cut out
of `objdump -d` from the target of its backward branch to the branch, and
the branches inside it are resolved: a conditional jump right after
`cmp $N, %r9d` (the round-count dispatch of the AES loops) is taken or not
as the modelled key size says, any other forward conditional jump falls
through (the steady state: no tail, no exit), an unconditional forward jmp
is taken.  llvm-mca-19 then runs the straight block on two CPU models:
icelake-server (the Ice Lake-class Cypress Cove core of the Rocket Lake
Xeon guests, family 6 model 167, where Documentation/benchmarks.md was
measured) and znver4 (the Zen 4 EPYC guests, family 25 model 17).

Per loop and model: bytes per iteration; llvm-mca's block reciprocal
throughput (the busiest resource's cycles per iteration, no dependencies)
and that resource; the cycles per iteration of the simulation (dependencies
included, 300 iterations); hence the port bound and the simulated figure in
core cycles per byte.  Usage: scripts/model-x86.py [OUT.md]
"""
import os
import re
import shutil
import sys
import tempfile

import mcamodel

TOP = mcamodel.TOP
CC = "gcc"
OBJDUMP = "objdump"
CPUS = ["icelake-server", "znver4"]
ITERS = 300
BRANCH = re.compile(r"^(j\w+|call|ret)\b")
CMP_NR = re.compile(r"^cmp\s+\$0x([0-9a-f]+),%r9d$")

OBJS = ["vmac-bmi2", "vmac-avx512", "umac-nh-sse2", "umac-nh-avx2",
        "umac-nh-avx512", "gcm_siv-aesni-avx", "gcm_siv-vaes-avx2",
        "gcm_siv-vaes-avx512", "ocb-aesni", "ocb-vaes-avx2", "ocb-vaes-avx512"]

# (key, what, function, nth loop, bytes per iteration, round count or None)
ROWS = [
    ("vmac64-bmi2", "VMAC-64 NH + L2, bmi2 (MULX, 4 blocks per L2 step)", "vmac_blocks64_bmi2", 0, 512, None),
    ("vmac128-bmi2", "VMAC-128 NH + L2, bmi2 (MULX, 1 block)", "vmac_blocks128_bmi2", 0, 128, None),
    ("vmac64-avx512", "VMAC-64 NH + L2, avx512 (IFMA, 16 blocks)", "vmac_blocks64_avx512", 0, 2048, None),
    ("vmac128-avx512", "VMAC-128 NH + L2, avx512 (IFMA, 16 blocks)", "vmac_blocks128_avx512", 0, 2048, None),
]
# The avx512 chunk is unrolled: its loop is the chunk loop (1024 bytes a
# turn, the fold of the accumulators included).
for tier, step in (("sse2", 32), ("avx2", 64), ("avx512", 1024)):
    for n, alg in ((1, "UMAC-32"), (2, "UMAC-64"), (3, "UMAC-96"), (4, "UMAC-128")):
        ROWS.append(("umac%d-%s" % (32 * n, tier),
                     "UMAC NH x%d (%s), %s" % (n, alg, tier),
                     "umac_nh_chunks_%s_%d" % (tier, n), 0, step, None))
ROWS += [
    ("polyval-aesni", "GCM-SIV POLYVAL, aesni (PCLMULQDQ xmm, 8 blocks)", "kfast_gcmsiv_polyval_aesni", 0, 128, None),
    ("ctr128-aesni", "GCM-SIV AES-128-CTR, aesni (8 blocks)", "kfast_gcmsiv_ctr_aesni", 0, 128, 10),
    ("ctr256-aesni", "GCM-SIV AES-256-CTR, aesni (8 blocks)", "kfast_gcmsiv_ctr_aesni", 0, 128, 14),
    ("dec128-aesni", "GCM-SIV AES-128 open (CTR + POLYVAL), aesni", "kfast_gcmsiv_dec_aesni", 0, 128, 10),
    ("polyval-vaes-avx2", "GCM-SIV POLYVAL, vaes-avx2 (Karatsuba ymm, 16 blocks)", "kfast_gcmsiv_polyval_vaes_avx2", 0, 256, None),
    ("ctr128-vaes-avx2", "GCM-SIV AES-128-CTR, vaes-avx2 (16 blocks)", "kfast_gcmsiv_ctr_vaes_avx2", 0, 256, 10),
    ("ctr256-vaes-avx2", "GCM-SIV AES-256-CTR, vaes-avx2 (16 blocks)", "kfast_gcmsiv_ctr_vaes_avx2", 0, 256, 14),
    ("dec128-vaes-avx2", "GCM-SIV AES-128 open (CTR + POLYVAL), vaes-avx2", "kfast_gcmsiv_dec_vaes_avx2", 0, 256, 10),
    ("polyval-vaes-avx512", "GCM-SIV POLYVAL, vaes-avx512 (Karatsuba zmm, 32 blocks)", "kfast_gcmsiv_polyval_vaes_avx512", 0, 512, None),
    ("ctr128-vaes-avx512", "GCM-SIV AES-128-CTR, vaes-avx512 (32 blocks)", "kfast_gcmsiv_ctr_vaes_avx512", 0, 512, 10),
    ("ctr256-vaes-avx512", "GCM-SIV AES-256-CTR, vaes-avx512 (32 blocks)", "kfast_gcmsiv_ctr_vaes_avx512", 0, 512, 14),
    ("dec128-vaes-avx512", "GCM-SIV AES-128 open (CTR + POLYVAL), vaes-avx512 (two 32-block groups)", "kfast_gcmsiv_dec_vaes_avx512", 0, 1024, 10),
]
# OCB: loop 0 is the head (single blocks up to a group boundary), loop 1
# the groups, loop 2 the tail.
for tier, nb in (("aesni", 8), ("vaes_avx2", 8), ("vaes_avx512", 16)):
    for op in ("enc", "dec", "hash"):
        for nr, bits in ((10, 128), (14, 256)):
            if op == "hash" and bits == 256:
                continue
            ROWS.append(("ocb%d-%s-%s" % (bits, op, tier.replace("_", "-")),
                         "OCB AES-%d %s, %s (%d blocks)" % (bits, {"enc": "encrypt", "dec": "decrypt", "hash": "HASH (AAD)"}[op], tier.replace("_", "-"), nb),
                         "kfast_ocb_%s_%s" % (op, tier), 1, 16 * nb, nr))


def straight(body, nr):
    """The loop body without its branches, on the path of round count nr."""
    out, skip_to, last = [], None, ""
    for addr, text in body[:-1]:            # the last one is the back edge
        if skip_to is not None:
            if addr < skip_to:
                continue
            skip_to = None
        if BRANCH.match(text):
            t = mcamodel.target(text)
            m = CMP_NR.match(last)
            if text.startswith("jmp"):
                taken = True
            elif m and nr is not None and text.split()[0] in ("je", "jne"):
                taken = (nr == int(m.group(1), 16)) == text.startswith("je")
            else:
                taken = False
            if taken and t is not None and t > addr:
                skip_to = t
            last = text
            continue
        out.append(text)
        last = text
    return out


def model():
    """{key: {cpu: {...}}} and the rows, for model-x86.py and its users."""
    work = tempfile.mkdtemp(prefix="kfast-model-x86-")
    try:
        funcs = {}
        shim = os.path.join(TOP, "tools/uapi-shim")
        for name in OBJS:
            obj = os.path.join(work, name + ".o")
            mcamodel.assemble(CC, os.path.join(TOP, "arch/x86", name + ".S"), obj,
                              [os.path.join(TOP, "include"), shim,
                               os.path.join(shim, "asm-include"),
                               os.path.join(TOP, "arch/x86")])
            funcs.update(mcamodel.disasm(OBJDUMP, obj, "#"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    res = {}
    for key, what, fn, nth, nbytes, nr in ROWS:
        lines = straight(mcamodel.loop_body(funcs, fn, BRANCH, nth), nr)
        res[key] = {"insns": len(lines), "counts": counts(lines)}
        for cpu in CPUS:
            r = mcamodel.mca(lines, ["-mtriple=x86_64", "-mcpu=" + cpu], ITERS,
                             views=True)
            busiest = max(r["pressure"].items(), key=lambda kv: kv[1])
            res[key][cpu] = {
                "rthroughput": r["rthroughput"],
                "busiest": busiest,
                "sim": r["cycles"] / ITERS,
                "bound_cpb": r["rthroughput"] / nbytes,
                "sim_cpb": r["cycles"] / (ITERS * nbytes),
            }
    return res


KEY_OPS = re.compile(r"^(v?aes(enc|dec)(last)?|v?pclmul\w*|vpmadd52[lh]uq|mulx|v?pmuludq)$")


def counts(lines):
    """Per iteration: the instructions the hand check counts, by name, and
    the loads (instructions with a memory source operand)."""
    c = {}
    for x in lines:
        op = x.split()[0]
        if KEY_OPS.match(op):
            op = re.sub(r"^vpclmul\w+", "vpclmulqdq", op)
            op = re.sub(r"^pclmul\w+", "pclmulqdq", op)
            width = "zmm" if "%zmm" in x else "ymm" if "%ymm" in x else "xmm" if "%xmm" in x else ""
            k = op + (" " + width if width and op != "mulx" else "")
            c[k] = c.get(k, 0) + 1
        operands = x.split(None, 1)[1] if " " in x else ""
        srcs = operands.rsplit(",", 1)[0] if "," in operands else ""
        if "(" in srcs and not op.startswith("lea"):
            c["loads"] = c.get("loads", 0) + 1
    return c


# Reciprocal throughputs (core cycles) measured on the Zen 5 guest (AMD EPYC
# family 26 model 2) with tools/bench/uarch-probe.c, 2026-12-06 00:49 and
# 03:14: VAESENC 0.5 at every width, VPCLMULQDQ 2 at every width (one VAESENC
# beside one VPCLMULQDQ: 2.09 per pair, so the AES hides beside the CLMULs),
# VPMADD52LUQ zmm 0.5 (0.61 in the 03:14 pass), VPMULUDQ zmm 0.5 and ymm 0.5
# (0.59 at 03:14), MULX 0.67.  Legacy-encoded AESENC/PCLMULQDQ/PMULUDQ xmm are
# taken as their VEX forms (not measured separately).
ZEN5_CORE_PER_TSC = 1.635
ZEN5_RTHR = [
    (re.compile(r"^v?aes"), "AES", 0.5),
    (re.compile(r"^v?pclmulqdq"), "CLMUL", 2.0),
    (re.compile(r"^vpmadd52"), "IFMA", 0.5),
    (re.compile(r"^v?pmuludq"), "PMULUDQ", 0.5),
    (re.compile(r"^mulx"), "MULX", 0.67),
]


def zen5_bound(c):
    """The busiest of the counted instruction classes on Zen 5: (cycles per
    iteration, class).  AES and CLMUL are separate classes (the AES hides
    beside the CLMULs, measured); loads and the other vector uops are not
    counted, so this is a lower bound."""
    per = {}
    for k, n in c.items():
        for rx, cls, rthr in ZEN5_RTHR:
            if rx.match(k):
                per[cls] = per.get(cls, 0.0) + n * rthr
    if not per:
        return 0.0, "-"
    cls = max(per, key=per.get)
    return per[cls], cls


HEADER = """<!-- Generated by `make model-x86` (scripts/model-x86.py). Do not edit; rerun. -->
# x86-64: the port bound of the inner loops (llvm-mca-19), a model, not a measurement

Each steady-state loop body of the x86-64 tiers, cut from the object code of
arch/x86/*.S (host gcc, the userspace build's include paths), branches resolved
on the path of the named key size, run through llvm-mca-19 for %d iterations on
LLVM's icelake-server model (the Cypress Cove core of the Rocket Lake Xeon
guests, family 6 model 167, on which Documentation/benchmarks.md was measured;
LLVM's rocketlake uses the same scheduling model) and its znver4 model (the
Zen 4 EPYC guests, family 25 model 17).  **RThr** is llvm-mca's block
reciprocal throughput: the cycles per iteration of the busiest resource, with
no dependencies; **bound** = RThr / bytes per iteration, in core cycles per
byte; **sim** = simulated cycles per iteration / bytes (dependencies and the
scheduler included).  The busiest resource is named as llvm-mca names it
(ICX: ICXPort0..9, ICXPort01 = ports 0 and 1 together, etc.; Zen 4: Zn4FP0..3
the vector pipes, Zn4ALU, Zn4AGU, Zn4LoadStoreUnit...) with its cycles per iteration
in the simulation's resource-pressure view: that is where llvm-mca's dispatcher put
the uops, and it can exceed RThr when the simulation balances the ports worse than
the ideal.  Known model errors (checked on Zen 4 with tools/bench/uarch-probe.c):
znver4 gives VAESENC/VAESDEC zmm half their real cost (0.5 cycle, real 1) and
VPMADD52 zmm twice it (2, real 1).  The hand check of these figures, the measured
speeds and their ratios are in Documentation/benchmarks.md, section "Hardware
bound" (Documentation/hardware-bound.md).

**Zen 5 (hand)**: the same loops on the Zen 5 EPYC guests (family 26 model 2),
for which llvm-mca-19 has no model of its own (its znver5 is the znver4 model,
wrong there for AES and IFMA): the key instructions counted per iteration
times their reciprocal throughputs measured there with
tools/bench/uarch-probe.c (AES 0.5, CLMUL 2, IFMA 0.5, PMULUDQ 0.5, MULX 0.67
core cycles), the busiest class only, so a lower bound (loads, shuffles and
adds not counted: for the UMAC loops, whose multiplies are a small part of
their vector uops, the bound of every uop is in hardware-bound.md, table C);
in core cycles per byte and in TSC cycles per byte at the measured %.3f core
cycles per TSC cycle.
"""


def main():
    res = model()
    out = [HEADER % (ITERS, ZEN5_CORE_PER_TSC),
           "| loop | bytes/iter | key instructions per iteration | " +
           " | ".join("%s: RThr (busiest) | bound c/B | sim c/B" % c for c in CPUS) +
           " | Zen 5 (hand): busiest class | bound, core c/B | bound, TSC c/B |",
           "|---|---:|---|" + "---|---:|---:|" * len(CPUS) + "---|---:|---:|"]
    for key, what, fn, nth, nbytes, nr in ROWS:
        r = res[key]
        cells = []
        for cpu in CPUS:
            m = r[cpu]
            cells.append("%.2f (%s %.2f) | %.4f | %.4f" % (
                m["rthroughput"], m["busiest"][0], m["busiest"][1],
                m["bound_cpb"], m["sim_cpb"]))
        cyc, cls = zen5_bound(r["counts"])
        cells.append("%s %.2f | %.4f | %.4f" % (cls, cyc, cyc / nbytes,
                                                cyc / nbytes / ZEN5_CORE_PER_TSC))
        ops = ", ".join("%d %s" % (v, k) for k, v in sorted(r["counts"].items()))
        out.append("| %s | %d | %s | %s |" % (what, nbytes, ops, " | ".join(cells)))
    text = "\n".join(out) + "\n"
    mcamodel.write_output(text, sys.argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: GPL-2.0
"""What scripts/model-arm64.py and scripts/model-x86.py share: assemble a .S
file, read its object code back with objdump, cut a loop body out of a
function (from the target of its nth backward branch to that branch) and
run llvm-mca-19 on a straight-line block.

The per-architecture parts stay in the two scripts: the toolchain names, the
branch mnemonics, and how the branches inside a loop body are resolved
(arm64: TBZ/TBNZ on the round count, splicing of `bl` helpers; x86: CMP of
the round count followed by a conditional jump).
"""
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MCA = "llvm-mca-19"


def assemble(cc, src, obj, incs, pre=None, flags=()):
    cmd = [cc, "-c", "-o", obj, src] + list(flags) + ["-I" + i for i in incs]
    if pre:
        cmd += ["-include", pre]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def disasm(objdump, obj, comment):
    """{function: [(addr, text)]} from objdump; text stops at the comment
    marker (`//` on arm64, `#` on x86)."""
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", obj],
                         check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if m and cur:
            text = m.group(2).split(comment)[0].strip()
            funcs[cur].append((int(m.group(1), 16), text))
    return funcs


def target(text):
    """The address a branch's text names (`... 1a2c <fn+0x..>`), or None."""
    m = re.search(r"\b([0-9a-f]+) <", text)
    return int(m.group(1), 16) if m else None


def loop_body(funcs, fn, branch, nth=0):
    """Instructions of the nth loop (by backward branch, in address order
    of the branches) of fn; branch is the regular expression of a branch."""
    insns = funcs[fn]
    loops = []
    for addr, text in insns:
        t = target(text) if branch.match(text) else None
        if t is not None and t < addr and t >= insns[0][0]:
            loops.append((t, addr))
    start, end = loops[nth]
    return [(a, x) for a, x in insns if start <= a <= end]


def mca(lines, args, iters, views=False):
    """Run llvm-mca on the block; {'cycles': total cycles, 'rthroughput':
    block reciprocal throughput, 'pressure': {resource: cycles per
    iteration}} (the last two only with views=True, from the summary and
    the resource-pressure view)."""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        name = f.name
    cmd = [MCA] + list(args) + ["-iterations=%d" % iters]
    if not views:
        cmd += ["-resource-pressure=false", "-instruction-info=false"]
    try:
        out = subprocess.run(cmd + [name], check=True, capture_output=True,
                             text=True).stdout
    finally:
        os.unlink(name)
    res = {"cycles": int(re.search(r"Total Cycles:\s+(\d+)", out).group(1))}
    if views:
        res["rthroughput"] = float(re.search(r"Block RThroughput:\s+([\d.]+)",
                                             out).group(1))
        names = dict(re.findall(r"^\[(\d+(?:\.\d+)?)\]\s+-\s+(\S+)", out, re.M))
        m = re.search(r"Resource pressure per iteration:\n(.*)\n(.*)\n", out)
        cols = re.findall(r"\[([\d.]+)\]", m.group(1))
        vals = m.group(2).split()
        res["pressure"] = {names.get(c, c): (0.0 if v == "-" else float(v))
                           for c, v in zip(cols, vals)}
    return res


def write_output(text, argv):
    """The generated document into argv[1] if given, and onto stdout."""
    if len(argv) > 1:
        with open(argv[1], "w") as f:
            f.write(text)
    sys.stdout.write(text)

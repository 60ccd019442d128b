#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare two kfast_bench builds, timed alternately in one window.

    tools/bench/compare.py OLD NEW [--runs 6] [-- BENCH ARGS...]

Runs OLD and NEW in turn (OLD, NEW, NEW, OLD, ...) so that the machine's
drift falls on both alike, keeps each table cell's best value over the
runs, and prints NEW/OLD per cell for the rows both builds print (our
tiers and the peers; a peer's ratio shows the noise floor).  It reports;
it asserts nothing.
"""
import re
import subprocess
import sys


def parse(text):
    """{(section, row, size): cycles/byte} from one run's tables."""
    cells = {}
    section, sizes = None, None
    for line in text.splitlines():
        toks = line.split()
        if not toks:
            sizes = None
            continue
        if all(re.fullmatch(r"\d+", t) for t in toks):
            sizes = toks
            continue
        if sizes and len(toks) > len(sizes):
            vals = toks[-len(sizes):]
            try:
                nums = [float(v) for v in vals]
            except ValueError:
                continue
            row = " ".join(toks[:-len(sizes)])
            if row.startswith("ratio"):
                continue
            for size, v in zip(sizes, nums):
                cells[(section, row, size)] = v
            continue
        if not line.startswith(" "):
            # The table's first word (its algorithm): the captions' wording
            # may differ between the two builds.
            section = line.split()[0]
    return cells


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    runs = 6
    if "--runs" in argv:
        i = argv.index("--runs")
        runs = int(argv[i + 1])
        del argv[i:i + 2]
    if len(argv) != 2:
        sys.exit(__doc__)
    bins = argv
    best = [{}, {}]
    order = [0, 1, 1, 0] * ((runs + 1) // 2)
    for n, which in enumerate(order[:2 * runs]):
        out = subprocess.run([bins[which]] + extra, check=True, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        for k, v in parse(out).items():
            if k not in best[which] or v < best[which][k]:
                best[which][k] = v
        print(f"run {n + 1}/{2 * runs} ({'old' if which == 0 else 'new'}) done",
              file=sys.stderr)
    keys = [k for k in best[0] if k in best[1]]
    rows = {}
    for sec, row, size in keys:
        rows.setdefault((sec, row), []).append(size)
    print(f"NEW/OLD, best of {runs} runs each, alternated (<1: NEW faster)")
    for (sec, row), sizes in rows.items():
        cells = " ".join(f"{s}:{best[1][(sec, row, s)] / best[0][(sec, row, s)]:.3f}"
                         for s in sizes)
        print(f"{sec or '':24.24} {row:44.44} {cells}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks that kfast_speed.ko printed well-formed, tcrypt-compatible lines.

Runs on the host over a captured guest console log or dmesg text:

    check-speed-output.py [--min-tests N] [--allow-failures] [--module NAME] FILE...
    check-speed-output.py --tcrypt [--allow-failures] FILE...   (real tcrypt's log)

It validates the form of the lines, never the numbers (timings under TCG mean
nothing):
  - every line the module printed matches one of its known formats, with
    tcrypt's exact field widths for the hash, AEAD and skcipher result lines
    (an skcipher's result lines read as an AEAD's; its header says "async"
    or "sync" before the name, as tcrypt's test_skcipher_speed() prints it);
  - a "\\ntesting speed of ..." header precedes its test lines, test indices
    and block sizes follow tcrypt's templates (the "updates" field equals
    block size / bytes per update), and every test line is followed by its
    "rate" line with the same index and size;
  - every load of the module (a "mode=... alg=..." start line; a log may
    hold several) ended with a "done:" line whose counts match the lines
    seen, and reported no failed test (unless --allow-failures).

With --tcrypt the same line formats are checked in the kernel's own
tcrypt output (prefix "tcrypt:", no rate/start/done lines): this is how
the formats above were validated against tcrypt itself.

Accepts dmesg output (with or without timestamps, dmesg's indented
continuation lines), console logs (every line timestamped) and raw
"<6>" level prefixes.  Headers may be on the prefixed line (tcrypt since
6.2, and this module) or, as tcrypt printed them up to 6.1 ("\ntesting
..."), on the line after a bare "<module>:" line.  Exits 0 when the output is well formed, 1 otherwise;
prints a one-line summary either way.
"""

import argparse
import re
import sys

UNIT = r"(cycles|nsecs)"
NUM = r"\d+"

# Lines of the form "<module>: <text>"; header continuation lines follow a
# bare "<module>:" line.
PATTERNS = {
    "start": re.compile(
        r"^mode=-?\d+ alg=\S+ sec=\d+ klen=\d+ aad=\d+ iters=\d+ updates=[01], "
        r"clock: .+$"),
    # tcrypt: "test%3u (%5u byte blocks,%5u bytes per update,%4u updates): "
    "hash_cycles": re.compile(
        r"^test([ \d]{3,}) \(([ \d]{5,}) byte blocks,([ \d]{5,}) bytes per update,"
        r"([ \d]{4,}) updates\): ([ \d]{6,}) " + UNIT + r"/operation, ([ \d]{4,}) "
        + UNIT + r"/byte$"),
    "hash_secs": re.compile(
        r"^test([ \d]{3,}) \(([ \d]{5,}) byte blocks,([ \d]{5,}) bytes per update,"
        r"([ \d]{4,}) updates\): ([ \d]{6,}) opers/sec, ([ \d]{9,}) bytes/sec$"),
    # tcrypt: "test %u (%d bit key, %d byte blocks): "
    "aead_cycles": re.compile(
        r"^test (\d+) \((\d+) bit key, (\d+) byte blocks\): 1 operation in (\d+) "
        + UNIT + r" \((\d+) bytes\)$"),
    "aead_secs": re.compile(
        r"^test (\d+) \((\d+) bit key, (\d+) byte blocks\): (\d+) operations in "
        r"(\d+) seconds \((\d+) bytes\)$"),
    "rate": re.compile(
        r"^rate +(\d+): +(\d+) bytes: +\d+\.\d\d MB/s, +\d+\.\d\d " + UNIT
        + r"/byte, +\d+ ns/op$"),
    "ntp": re.compile(
        r"^ntp: (.+?) +\((\S+)\): +\d+ " + UNIT + r"/packet, +\d+\.\d\d " + UNIT
        + r"/byte, +\d+ packets/s; median +\d+ " + UNIT + r"/packet, +\d+ packets/s$"),
    "skipped": re.compile(r"^(ntp: .+|\S+): skipped \(not available, error -\d+\)$"),
    "needs_key": re.compile(r"^\S+ needs a key: using klen=\d+$"),
    "limited": re.compile(r"^(sec|aad)=\d+ limited to \d+$"),
    "done": re.compile(
        r"^done: (\d+) tests run, (\d+) skipped \(not available\), (\d+) failed$"),
    "nothing": re.compile(r"^nothing to do: .+$"),
    # Failures, worded as tcrypt words them; counted, and fatal by default.
    "failure": re.compile(
        r"^(hashing failed ret=-?\d+|setkey\(\) failed flags=[0-9a-f]+|"
        r"calculating auth failed \(-?\d+\)|(encryption|decryption)\(\) failed "
        r"(return code=-?\d+|flags=[0-9a-f]+)|one or more tests failed!|"
        r"ntp: .+ failed: -?\d+|"
        r"digestsize\(\d+\) > \d+|klen \d+ > \d+|.+: no key length accepted .+|"
        r"ahash request allocation failure|alg: (aead|skcipher): Failed to allocate .+|"
        r".+: authsize \d+ / ivsize \d+ / aad \d+ too large|"
        r".+: ivsize \d+ / blocksize \d+ too large|"
        r"unknown mode=-?\d+ .+)$"),
    # tcrypt prints a test's prefix before running it; when the test fails
    # the line stays without a result (followed by e.g. "hashing failed").
    "no_result": re.compile(r"^test ?[ \d]+ \(.+\): ?$"),
    # The kernel's own notes about loading an unsigned out-of-tree module.
    "kernel": re.compile(
        r"^(loading out-of-tree module taints kernel\.|module verification failed: .+)$"),
}

HEADERS = {
    "hash_header": re.compile(r"^testing speed of async (\S+) \((\S+)\)$"),
    "aead_header": re.compile(r"^testing speed of (\S+) \((\S+)\) (encryption|decryption)$"),
    # tcrypt's test_skcipher_speed(): "async" from test_acipher_speed()
    "skcipher_header": re.compile(
        r"^testing speed of (async|sync) (\S+) \((\S+)\) (encryption|decryption)$"),
    "ntp_header": re.compile(r"^testing NTP MACs: 48-byte packets, .+$"),
}

# tcrypt's generic_hash_speed_template and aead_sizes (6.1 .. 7.x).
HASH_TMPL = [(16, 16), (64, 16), (64, 64), (256, 16), (256, 64), (256, 256),
             (1024, 16), (1024, 256), (1024, 1024), (2048, 16), (2048, 256),
             (2048, 1024), (2048, 2048), (4096, 16), (4096, 256), (4096, 1024),
             (4096, 4096), (8192, 16), (8192, 256), (8192, 1024), (8192, 4096),
             (8192, 8192)]
AEAD_SIZES = [16, 64, 256, 512, 1024, 1420, 4096, 8192]
OLD_AEAD_SIZES = [16, 64, 256, 512, 1024, 2048, 4096, 8192]   # tcrypt before 5.x's change
# kfast_speed times an skcipher at the AEAD sizes; tcrypt's own skcipher
# tests use its block_sizes (checked with --tcrypt).  Both round a size up
# to the cipher's block size (6.1's tcrypt: 1424 for cbc(aes), 1420 for ctr(aes)).
TCRYPT_BLOCK_SIZES = [16, 64, 128, 256, 1024, 1420, 4096]
MAX_CIPHER_BLOCK = 16
RESULT_KINDS = ("hash_cycles", "hash_secs", "aead_cycles", "aead_secs",
                "skcipher_cycles", "skcipher_secs", "ntp")

PREFIX = re.compile(r"^(<\d>)?(\[ *\d+\.\d+\] ?)?")


def strip(line):
    """Removes the carriage return, level and timestamp prefixes."""
    line = line.rstrip("\r\n")
    return PREFIX.sub("", line, count=1)


class Checker:
    def __init__(self, module, allow_failures, tcrypt=False):
        self.tag = module + ":"
        self.allow_failures = allow_failures
        self.tcrypt = tcrypt
        self.errors = []
        self.counts = {}
        self.section = None      # "hash", "aead", "skcipher", "ntp" or None
        self.pending = None      # (kind, index, size) awaiting its rate line
        self.aead_index = 0
        self.expect_header = False
        self.done = None
        self.failures = 0
        self.runs = 0
        self.run_counts = {}

    def err(self, where, msg):
        self.errors.append(f"{where}: {msg}")

    def count(self, kind):
        self.counts[kind] = self.counts.get(kind, 0) + 1
        self.run_counts[kind] = self.run_counts.get(kind, 0) + 1

    def feed(self, where, raw):
        line = strip(raw)
        body = line.lstrip(" \t")
        if self.expect_header:
            # The line after a bare "<module>:" is the "\ntesting ..." header
            # (dmesg indents it, a console log gives it its own timestamp).
            self.expect_header = False
            if body.startswith(self.tag):
                body = body[len(self.tag):].lstrip(" ")
            for kind, rx in HEADERS.items():
                if rx.match(body):
                    self.header(where, kind)
                    return
            self.err(where, f"expected a 'testing ...' header, got {body!r}")
            return
        if not body.startswith(self.tag):
            # tcrypt up to 6.1 printed its hash header with a bare
            # printk(KERN_INFO "\ntesting ..."): no prefix at all.
            if self.tcrypt:
                for kind, rx in HEADERS.items():
                    if rx.match(body):
                        self.header(where, kind)
            return
        text = body[len(self.tag):]
        if text.strip() == "":
            self.expect_header = True
            return
        if not text.startswith(" "):
            self.err(where, f"no space after the module prefix: {body!r}")
            return
        self.line(where, text[1:])

    def header(self, where, kind):
        self.flush(where)
        self.count(kind)
        self.section = {"hash_header": "hash", "aead_header": "aead",
                        "skcipher_header": "skcipher", "ntp_header": "ntp"}[kind]
        self.aead_index = 0

    def flush(self, where):
        if self.pending and not self.tcrypt:
            self.err(where, f"test {self.pending[1]} has no rate line")
            self.pending = None

    def line(self, where, text):
        for kind, rx in HEADERS.items():
            if rx.match(text):
                self.header(where, kind)
                return
        for kind, rx in PATTERNS.items():
            m = rx.match(text)
            if m:
                break
        else:
            self.err(where, f"unknown line: {text!r}")
            return
        if kind in ("aead_cycles", "aead_secs") and self.section == "skcipher":
            # tcrypt prints an skcipher's results exactly as an AEAD's
            kind = kind.replace("aead", "skcipher")
        self.count(kind)
        if kind in ("hash_cycles", "hash_secs"):
            self.hash_line(where, kind, m)
        elif kind in ("aead_cycles", "aead_secs", "skcipher_cycles", "skcipher_secs"):
            self.aead_line(where, kind, m)
        elif kind == "rate":
            idx, size = int(m.group(1)), int(m.group(2))
            if not self.pending:
                self.err(where, "rate line without a test line")
            elif self.pending[1:] != (idx, size):
                self.err(where, f"rate line {idx}/{size} after test {self.pending[1]}/{self.pending[2]}")
            self.pending = None
        elif kind == "ntp":
            self.flush(where)
            if self.section != "ntp":
                self.err(where, "ntp line outside the NTP section")
        elif kind == "done":
            self.flush(where)
            self.done = tuple(int(g) for g in m.groups())
        elif kind in ("failure", "no_result"):
            self.flush(where)
            self.failures += kind == "failure"
        elif kind == "skipped":
            self.flush(where)
        elif kind == "start":
            # A new load of the module: the previous run must be complete.
            if self.runs:
                self.end_run(where)
            self.runs += 1
            self.section = None
            self.done = None
            self.run_counts = {"start": 1}

    def hash_line(self, where, kind, m):
        self.flush(where)
        if self.section != "hash":
            self.err(where, "hash test line outside a hash section")
        idx, blen, plen, upd = (int(m.group(i)) for i in range(1, 5))
        if idx >= len(HASH_TMPL) or HASH_TMPL[idx] != (blen, plen):
            self.err(where, f"test {idx} ({blen}/{plen}) is not tcrypt's template entry")
        if plen == 0 or upd != blen // plen:
            self.err(where, f"{upd} updates for {blen}/{plen}")
        if kind == "hash_cycles" and m.group(6) != m.group(8):
            self.err(where, "mixed units")
        self.pending = (kind, idx, blen)

    def aead_line(self, where, kind, m):
        """An AEAD or skcipher result line (kind aead_* or skcipher_*)."""
        self.flush(where)
        what = kind.split("_")[0]
        if self.section not in ("aead", "skcipher"):
            self.err(where, f"{what} test line outside an aead or skcipher section")
        idx, bits, size = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if idx != self.aead_index:
            self.err(where, f"{what} test index {idx}, expected {self.aead_index}")
        self.aead_index = idx + 1
        if what == "skcipher" and self.tcrypt:
            sizes = (TCRYPT_BLOCK_SIZES,)
        elif what == "skcipher":
            sizes = (AEAD_SIZES,)
        else:
            sizes = (AEAD_SIZES, OLD_AEAD_SIZES)

        def fits(want):
            if size == want:
                return True
            # an skcipher's size rounded up to the cipher's block size
            return (what == "skcipher" and want < size < want + MAX_CIPHER_BLOCK
                    and size % MAX_CIPHER_BLOCK == 0)
        ok = any(fits(t[idx % len(t)]) for t in sizes)
        if not ok:
            self.err(where, f"{what} test {idx} has {size} byte blocks, not tcrypt's size")
        if bits % 8 or bits == 0:
            self.err(where, f"{bits} bit key")
        if kind.endswith("_cycles") and int(m.group(6)) != size:
            self.err(where, "byte count differs from the block size")
        self.pending = (kind, idx, size)

    def end_run(self, where):
        """Checks the "done:" line of one load of the module."""
        self.flush(where)
        c = self.run_counts
        tests = sum(c.get(k, 0) for k in RESULT_KINDS)
        if c.get("nothing"):
            return
        if self.done is None:
            self.err(where, "run has no 'done:' line (module did not finish?)")
            return
        ran, skipped, failed = self.done
        if ran != tests:
            self.err(where, f"done: says {ran} tests run, {tests} result lines seen")
        if skipped != c.get("skipped", 0):
            self.err(where, f"done: says {skipped} skipped, {c.get('skipped', 0)} seen")
        if failed and not self.allow_failures:
            self.err(where, f"{failed} test(s) failed")

    def finish(self, where, min_tests):
        if self.expect_header:
            self.err(where, "output ends after a bare prefix line")
        if self.runs:
            self.end_run(where)
        elif not self.counts.get("nothing") and not self.tcrypt:
            self.err(where, "no start line: the module's output is missing")
        c = self.counts
        tests = sum(c.get(k, 0) for k in RESULT_KINDS)
        if self.failures and not self.allow_failures:
            self.err(where, f"{self.failures} failure line(s)")
        if tests < min_tests:
            self.err(where, f"only {tests} result lines, expected at least {min_tests}")
        return tests


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--min-tests", type=int, default=1,
                    help="fail with fewer result lines than this (default 1)")
    ap.add_argument("--allow-failures", action="store_true",
                    help="do not fail on failed tests, only on malformed output")
    ap.add_argument("--module", default=None,
                    help="printk prefix (default kfast_speed, or tcrypt with --tcrypt)")
    ap.add_argument("--tcrypt", action="store_true",
                    help="check the kernel's tcrypt output: no start/done/rate lines")
    args = ap.parse_args()

    ok = True
    for name in args.files:
        module = args.module or ("tcrypt" if args.tcrypt else "kfast_speed")
        chk = Checker(module, args.allow_failures, args.tcrypt)
        lineno = 0
        with open(name, encoding="utf-8", errors="replace") as f:
            for lineno, raw in enumerate(f, 1):
                chk.feed(f"{name}:{lineno}", raw)
        tests = chk.finish(f"{name}:{lineno}", args.min_tests)
        c = chk.counts
        summary = (f"{chk.runs} run(s), {tests} results (hash {c.get('hash_cycles', 0) + c.get('hash_secs', 0)}, "
                   f"aead {c.get('aead_cycles', 0) + c.get('aead_secs', 0)}, "
                   f"skcipher {c.get('skcipher_cycles', 0) + c.get('skcipher_secs', 0)}, "
                   f"ntp {c.get('ntp', 0)}), {c.get('rate', 0)} rate lines, "
                   f"{c.get('skipped', 0)} skipped")
        if chk.errors:
            ok = False
            for e in chk.errors[:30]:
                print(e, file=sys.stderr)
            if len(chk.errors) > 30:
                print(f"... {len(chk.errors) - 30} more", file=sys.stderr)
            print(f"check-speed-output: {name}: FAIL: {len(chk.errors)} problem(s); {summary}")
        else:
            print(f"check-speed-output: {name}: ok: {summary}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

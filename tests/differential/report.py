#!/usr/bin/env python3
"""Print the instructions whose output differs from UCBLogo's, for classifying them in
``known_differences.txt``.

Usage::

    python3 tests/differential/report.py            # what no known difference covers
    python3 tests/differential/report.py --all      # every differing instruction
    python3 tests/differential/report.py --summary  # counts per known difference
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root

import tests.differential.test_differential as td


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    known = td._known()
    rewrites = tuple(k for k in known if k.selector.startswith("rewrite:"))
    counts: Counter[str] = Counter()
    items = instructions = differ = 0
    for name in td._batch_names():
        for it in td._batch(name):
            items += 1
            shown = []
            for ins in it.instructions():
                instructions += 1
                if td._same(ins[1], ins[2], ()):
                    continue
                differ += 1
                covering = [k for k in known if k.covers(it.number, ins[0])]
                if covering:
                    counts[f"{covering[0].kind}  {covering[0].selector}"] += 1
                elif td._same(ins[1], ins[2], rewrites):
                    alone = [k for k in rewrites if td._same(ins[1], ins[2], (k,))]
                    counts[f"{alone[0].kind}  {alone[0].selector}" if alone
                           else "(several rewrites)"] += 1
                else:
                    counts["(none)"] += 1
                if args.all or not (covering or td._same(ins[1], ins[2], rewrites)):
                    shown.append(ins)
            if shown and not args.summary:
                print(it.report(shown))
    print(f"{items} items, {instructions} instructions, {differ} differ")
    for sel, n in counts.most_common():
        print(f"{n:5d}  {sel[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

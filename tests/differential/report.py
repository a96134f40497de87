#!/usr/bin/env python3
"""Print every item whose output differs from UCBLogo's, with the known difference that
covers it (if any), for classifying differences.

Usage::

    python3 tests/differential/report.py            # items no known difference covers
    python3 tests/differential/report.py --all      # every differing item
    python3 tests/differential/report.py --summary  # counts per known difference
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import test_differential as td  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    known = td._known()
    counts: Counter[str] = Counter()
    total = differ = 0
    for name in td._batch_names():
        for it in td._batch(name):
            total += 1
            if it.same:
                continue
            differ += 1
            if it.matches(known):
                counts["(rewrites)"] += 1
                continue
            covering = [k for k in known if k.covers(it.number, it.source)]
            counts[covering[0].selector if covering else "(none)"] += 1
            if not args.summary and (args.all or not covering):
                label = f"[{covering[0].kind} {covering[0].selector}]" if covering else ""
                print(label + it.report())
    print(f"{total} items, {differ} differ")
    for sel, n in counts.most_common():
        print(f"{n:5d}  {sel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

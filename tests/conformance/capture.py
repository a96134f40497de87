#!/usr/bin/env python3
"""(Re)generate the golden ``.out`` files of the conformance cases from the real UCBLogo 6.2.2.

Usage::

    python tests/conformance/capture.py                 # every case
    python tests/conformance/capture.py data/word_basic control   # given cases or chapters
    python tests/conformance/capture.py --missing       # only cases without a .out yet

A case is ``cases/<chapter>/<name>.lgo``; it is named on the command line as
``chapter/name``, as a path to the ``.lgo`` file, or as a whole chapter name.
Each case is run through UCBLogo by ``tests/tools/ucblogo_run.py`` with 4 workers.  A run that times out (exit 124:
an uncaught error leaves UCBLogo at its prompt) or fails otherwise writes no ``.out``;
any stale ``.out`` for it is removed, and the case is reported at the end so it can be
fixed or dropped.  Exit status is 1 when any case failed.

Needs ``ucblogo`` (or ``LOGO_UCBLOGO``) and an X display: set ``DISPLAY`` (e.g. a running
``Xvfb :99``) for fast, parallel-safe runs; without one each run starts ``xvfb-run``.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root

from tests.tools import ucblogo_run

CASES = Path(__file__).resolve().parent / "cases"


def all_cases() -> list[Path]:
    return sorted(CASES.glob("*/*.lgo"))


def resolve(names: list[str]) -> list[Path]:
    if not names:
        return all_cases()
    out: list[Path] = []
    for name in names:
        p = Path(name)
        if p.suffix == ".lgo" and p.exists():
            out.append(p.resolve())
            continue
        if (CASES / name).is_dir():
            out.extend(sorted((CASES / name).glob("*.lgo")))
            continue
        cand = CASES / (name.removesuffix(".lgo") + ".lgo")
        if cand.exists():
            out.append(cand)
        else:
            sys.exit(f"no such case: {name}")
    return out


def capture(case: Path, timeout: int) -> tuple[Path, int, str]:
    """Run the case under UCBLogo; write its ``.out`` when it finished (else remove it)."""
    rc, text = ucblogo_run.run_file(case, timeout)
    out = case.with_suffix(".out")
    if rc == 0:
        out.write_text(text, encoding="utf-8")
    elif out.exists():
        out.unlink()
    return case, rc, text


def _case_name(case: Path) -> str:
    if case.is_relative_to(CASES):
        return case.relative_to(CASES).with_suffix("").as_posix()
    return str(case)


def capture_all(files: list[Path], jobs: int, timeout: int, name: Any, noun: str) -> int:
    """Capture the golden of each file with ``jobs`` workers; report the ones that got
    none (named by ``name(path)``); exit status 1 when any failed."""
    failed: list[tuple[str, int]] = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for path, rc, _ in pool.map(lambda f: capture(f, timeout), files):
            if rc != 0:
                failed.append((name(path), rc))
                print(f"FAIL {name(path)} (rc {rc}{', timed out' if rc == 124 else ''})",
                      flush=True)
    print(f"captured {len(files) - len(failed)}/{len(files)} {noun}")
    for label, rc in failed:
        print(f"  no golden: {label} rc={rc}")
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "cases", nargs="*", help="chapter/name, chapter, or path to .lgo (default: all)"
    )
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=int, default=int(os.environ.get("UCB_TIMEOUT", "8")))
    ap.add_argument("--missing", action="store_true", help="only cases that have no .out yet")
    args = ap.parse_args()

    why = ucblogo_run.missing()
    if why:
        sys.exit(f"capture: UCBLogo cannot run here: {why}")
    cases = resolve(args.cases)
    if args.missing:
        cases = [c for c in cases if not c.with_suffix(".out").exists()]
    return capture_all(cases, args.jobs, args.timeout, _case_name, "cases")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""(Re)generate the golden ``.out`` files of the program corpus from the real UCBLogo 6.2.2.

Usage::

    python tests/corpus/capture.py                  # every program
    python tests/corpus/capture.py a01_reverse_palindrome b07_maze   # given programs
    python tests/corpus/capture.py --missing        # only programs without a .out yet

A program is ``programs/<name>.lgo``; it is named on the command line as ``name`` or as a
path to the ``.lgo`` file.  Each one is run through UCBLogo by ``tests/tools/ucblogo_run.py``; the capture loop is
the conformance capture's (``tests/conformance/capture.py``), imported rather than copied.  A run that
fails or times out (an uncaught error leaves UCBLogo at its prompt: exit 124) writes no
``.out`` (a stale one is removed) and is reported; the exit status is then 1.

Needs ``ucblogo`` (or ``LOGO_UCBLOGO``) and an X display: ``DISPLAY`` (e.g. a running
``Xvfb :99``), else ``xvfb-run``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # the repository root

from tests.conformance import capture as conformance  # noqa: E402
from tests.tools import ucblogo_run  # noqa: E402

PROGRAMS = HERE / "programs"


def resolve(names: list[str]) -> list[Path]:
    if not names:
        return sorted(PROGRAMS.glob("*.lgo"))
    out: list[Path] = []
    for name in names:
        p = Path(name)
        if p.suffix == ".lgo" and p.exists():
            out.append(p.resolve())
            continue
        cand = PROGRAMS / (name.removesuffix(".lgo") + ".lgo")
        if not cand.exists():
            sys.exit(f"no such program: {name}")
        out.append(cand)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("programs", nargs="*", help="name or path to .lgo (default: all)")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=int, default=int(os.environ.get("UCB_TIMEOUT", "20")))
    ap.add_argument("--missing", action="store_true", help="only programs with no .out yet")
    args = ap.parse_args()

    why = ucblogo_run.missing()
    if why:
        sys.exit(f"capture: UCBLogo cannot run here: {why}")
    programs = resolve(args.programs)
    if args.missing:
        programs = [p for p in programs if not p.with_suffix(".out").exists()]
    return conformance.capture_all(programs, args.jobs, args.timeout, lambda p: p.stem, "programs")


if __name__ == "__main__":
    sys.exit(main())

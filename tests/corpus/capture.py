#!/usr/bin/env python3
"""(Re)generate the golden ``.out`` files of the program corpus from the real UCBLogo 6.2.2.

Usage::

    python tests/corpus/capture.py                  # every program
    python tests/corpus/capture.py a01_reverse_palindrome b07_maze   # given programs
    python tests/corpus/capture.py --missing        # only programs without a .out yet

A program is ``programs/<name>.lgo``; it is named on the command line as ``name`` or as a
path to the ``.lgo`` file.  Each one is run through the capture tool (``UCBLOGO_RUN``,
default ``/work/shared/tools/ucblogo-run``); the running itself is the conformance
capture's (``tests/conformance/capture.py``), imported rather than copied.  A run that
fails or times out (an uncaught error leaves UCBLogo at its prompt: exit 124) writes no
``.out`` (a stale one is removed) and is reported; the exit status is then 1.

Needs ``ucblogo`` and an X display: set ``DISPLAY`` (e.g. a running ``Xvfb :99``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"


def _conformance_capture():  # type: ignore[no-untyped-def]
    """The conformance capture module, loaded from its file (run as a script)."""
    path = HERE.parent / "conformance" / "capture.py"
    spec = importlib.util.spec_from_file_location("conformance_capture", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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

    os.environ.setdefault("DISPLAY", ":99")
    conf = _conformance_capture()
    programs = resolve(args.programs)
    if args.missing:
        programs = [p for p in programs if not p.with_suffix(".out").exists()]
    return conf.capture_all(programs, args.jobs, args.timeout, lambda p: p.stem, "programs")


if __name__ == "__main__":
    sys.exit(main())

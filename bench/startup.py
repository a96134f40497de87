"""Start-up time of ``logo run -e "print 1"`` against a bare Python start, in the same run.

    python bench/startup.py [--repeat N] [--json out.json]

Runs, interleaved (one of each per round, so that a change of load touches all alike):
``python -c "print(1)"`` (the bare interpreter), ``python -m logo run -e "print 1"`` from the
repository root, and the installed ``logo`` entry point when there is one beside this
Python (with this checkout first on PYTHONPATH, so that it runs the same code; it is left
out, with the reason, when it fails).  Prints the best (min) and the median of N rounds, the ratios of the best times to
the bare start, and the machine's load average before and after.  ``bench/run.py`` may call
:func:`measure` to print the same section.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
GOAL = 2.5  # issue 15: logo run -e "print 1" within 2.5 times a bare Python start


def checkout_env() -> dict[str, str]:
    """The environment of the runs: this checkout first on PYTHONPATH."""
    path = os.environ.get("PYTHONPATH")
    return dict(os.environ, PYTHONPATH=str(ROOT) + (os.pathsep + path if path else ""))


def commands() -> dict[str, list[str]]:
    """The commands timed, by name: the bare start first (the ratios' base)."""
    cmds = {"python -c": [sys.executable, "-c", "print(1)"],
            "python -m logo": [sys.executable, "-m", "logo", "run", "-e", "print 1"]}
    script = Path(sysconfig.get_path("scripts")) / "logo"
    if script.is_file():
        cmds["logo (installed)"] = [str(script), "run", "-e", "print 1"]
    return cmds


def bytecode() -> str:
    """Whether the runs read logo's compiled modules or compile them at every start
    (PYTHONDONTWRITEBYTECODE=1 and no __pycache__: the checkout case here; a wheel
    install has them compiled by pip)."""
    cached = any((ROOT / "logo").rglob("__pycache__/*.pyc"))
    if cached:
        return "logo's modules read from __pycache__ (as from a wheel install)"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return "logo's modules compiled at every start (PYTHONDONTWRITEBYTECODE, no __pycache__)"
    return "no __pycache__ before the warm-up run (it writes one)"


def time_once(cmd: list[str]) -> float:
    """Wall-clock seconds of one run; a run that fails or prints the wrong thing is an
    error (a fast failure must not pass for a fast start)."""
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=checkout_env(),
                       stdin=subprocess.DEVNULL, timeout=60)
    took = time.perf_counter() - t0
    if p.returncode != 0 or p.stdout.strip() != "1":
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}, "
                           f"stdout {p.stdout!r}, stderr {p.stderr[-300:]!r}")
    return took


def measure(repeat: int = 20, out: TextIO = sys.stdout) -> dict:
    """Time every command ``repeat`` times, interleaved; print the table; the results."""
    cmds = commands()
    times: dict[str, list[float]] = {name: [] for name in cmds}
    load_before = os.getloadavg()
    for name, cmd in list(cmds.items()):  # one warm-up each: the file cache, .pyc files
        try:
            time_once(cmd)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            if name != "logo (installed)":
                raise
            print(f"left out: {name}: {exc}", file=out)
            del cmds[name], times[name]
    for _ in range(repeat):
        for name, cmd in cmds.items():
            times[name].append(time_once(cmd))
    load_after = os.getloadavg()
    base = min(times["python -c"])
    base_median = statistics.median(times["python -c"])
    print(f"start-up, best and median of {repeat} interleaved runs "
          f"(load average {load_before[0]:.2f} before, {load_after[0]:.2f} after)",
          file=out)
    print(f"bytecode: {bytecode()}", file=out)
    print(f"{'command':<18} {'min s':>8} {'median s':>9} {'ratio (min)':>12} "
          f"{'ratio (median)':>15}", file=out)
    for name, runs in times.items():
        best, median = min(runs), statistics.median(runs)
        print(f"{name:<18} {best:8.4f} {median:9.4f} {best / base:12.2f} "
              f"{median / base_median:15.2f}", file=out)
    ratio = min(times["python -m logo"]) / base
    print(f"goal: python -m logo within {GOAL} x python -c: "
          f"{'met' if ratio <= GOAL else 'NOT met'} ({ratio:.2f} x)", file=out)
    return {"repeat": repeat, "load_before": load_before, "load_after": load_after,
            "bytecode": bytecode(),
            "commands": {n: " ".join(c) for n, c in cmds.items()}, "times": times,
            "ratio": ratio, "goal": GOAL}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20, help="rounds (default 20)")
    ap.add_argument("--json", default=None, metavar="FILE", help="also write JSON here")
    args = ap.parse_args(argv)
    results = measure(args.repeat)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

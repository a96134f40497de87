"""Run the Logo benchmarks under this interpreter and under UCBLogo, in the same run.

    python bench/run.py [--repeat N] [--json out.json] [--only NAME ...] [--timeout S]

Each ``bench/programs/*.lgo`` runs as ``python -m logo run FILE`` and under UCBLogo (the file
wrapped in openwrite/setwrite ... bye, as ``tests/tools/ucblogo_run.py`` does, on the X display
in $DISPLAY, else a running Xvfb found in /tmp/.X11-unix, else ``xvfb-run -a``).  A time is
the best of N wall-clock runs minus that interpreter's start-up time (the best of N runs of
an empty program, reported separately).  Both outputs must match; a mismatch is marked.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "bench" / "programs"
NA = "n/a"


@dataclass
class Result:
    """One interpreter's best time and output for one program (``error`` when it failed)."""

    best: float | None = None
    output: str | None = None
    error: str | None = None
    times: list[float] = field(default_factory=list)


def norm(text: str) -> str:
    """Output as compared: trailing blanks of each line and trailing blank lines dropped."""
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


class Ours:
    name = "ours"

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout

    def available(self) -> bool:
        return True

    def run_once(self, program: Path) -> tuple[float, str | None, str | None]:
        cmd = [sys.executable, "-m", "logo", "run", str(program)]
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                               timeout=self.timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return time.perf_counter() - t0, None, f"timed out after {self.timeout:g} s"
        elapsed = time.perf_counter() - t0
        if p.returncode != 0:
            lines = (p.stderr or p.stdout).strip().splitlines()
            return elapsed, None, f"exit {p.returncode}: {lines[-1] if lines else ''}"
        return elapsed, p.stdout, None


class UCBLogo:
    name = "ucblogo"

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.exe = shutil.which("ucblogo")
        self.env = dict(os.environ)
        self.prefix: list[str] = []
        if not self.env.get("DISPLAY"):
            servers = sorted(Path("/tmp/.X11-unix").glob("X*")) if Path("/tmp/.X11-unix").is_dir() else []
            if servers:
                self.env["DISPLAY"] = ":" + servers[0].name[1:]
            elif shutil.which("xvfb-run"):
                self.prefix = ["xvfb-run", "-a"]
            else:
                self.exe = None

    def available(self) -> bool:
        return self.exe is not None

    def run_once(self, program: Path) -> tuple[float, str | None, str | None]:
        with tempfile.TemporaryDirectory() as d:
            out, wrapped = Path(d) / "out.txt", Path(d) / "prog.lg"
            wrapped.write_text(f'openwrite "{out}\nsetwrite "{out}\n' + program.read_text("utf-8")
                               + f'\nsetwrite []\nclose "{out}\nbye\n', "utf-8")
            for _attempt in range(3):  # the wx build sometimes dies at start-up: try again
                out.unlink(missing_ok=True)
                t0 = time.perf_counter()
                try:
                    subprocess.run([*self.prefix, str(self.exe), str(wrapped)], env=self.env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, timeout=self.timeout)
                except subprocess.TimeoutExpired:
                    return time.perf_counter() - t0, None, f"timed out after {self.timeout:g} s"
                elapsed = time.perf_counter() - t0
                if out.exists():
                    return elapsed, out.read_text("utf-8", errors="replace"), None
            return elapsed, None, "no output (ucblogo failed to start?)"


def measure(interp: Ours | UCBLogo, program: Path, repeat: int) -> Result:
    """Best of ``repeat`` runs; stops at the first failure."""
    res = Result()
    for _ in range(repeat):
        elapsed, output, error = interp.run_once(program)
        if error is not None:
            res.error = error
            return res
        res.times.append(elapsed)
        res.output = output
    res.best = min(res.times)
    return res


def fmt(t: float | None) -> str:
    return NA if t is None else f"{t:.3f}"


def net(res: Result, startup: float | None) -> float | None:
    """Time minus start-up, kept above a millisecond so that ratios stay finite."""
    if res.best is None:
        return None
    return max(res.best - (startup or 0.0), 1e-3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per program; the best counts (3)")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="run only these benchmarks")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per run (120)")
    args = ap.parse_args(argv)

    programs = sorted(PROGRAMS.glob("*.lgo"))
    if args.only:
        programs = [p for p in programs if p.stem in set(args.only)]
    if not programs:
        print("no benchmarks selected", file=sys.stderr)
        return 2
    interps = [Ours(args.timeout), UCBLogo(args.timeout)]

    startup: dict[str, float | None] = {}
    startup_error: dict[str, str | None] = {}
    with tempfile.TemporaryDirectory() as d:
        empty = Path(d) / "empty.lgo"
        empty.write_text("\n", "utf-8")
        for it in interps:
            res = measure(it, empty, args.repeat) if it.available() else Result(error="not installed")
            startup[it.name], startup_error[it.name] = res.best, res.error
            note = "" if res.error is None else f"  ({res.error})"
            print(f"start-up {it.name:8s} {fmt(res.best)} s{note}", flush=True)
    print()

    head = f"{'benchmark':12s} {'ours s':>9s} {'ucblogo s':>10s} {'ratio':>7s}  output"
    print(head)
    print("-" * len(head))
    rows, ratios = [], []
    for prog in programs:
        results = {it.name: measure(it, prog, args.repeat) if it.available()
                   else Result(error="not installed") for it in interps}
        ours, theirs = results["ours"], results["ucblogo"]
        t_ours, t_theirs = net(ours, startup["ours"]), net(theirs, startup["ucblogo"])
        ratio = t_ours / t_theirs if t_ours is not None and t_theirs is not None else None
        if ratio is not None:
            ratios.append(ratio)
        if ours.output is None or theirs.output is None:
            same = "-"
        else:
            same = "same" if norm(ours.output) == norm(theirs.output) else "MISMATCH"
        print(f"{prog.stem:12s} {fmt(t_ours):>9s} {fmt(t_theirs):>10s} "
              f"{NA if ratio is None else f'{ratio:.2f}':>7s}  {same}", flush=True)
        for it_name, res in results.items():
            if res.error and res.error != startup_error[it_name]:
                print(f"    {it_name}: {res.error}")
        if same == "MISMATCH":
            print(f"    ours:    {norm(ours.output or '')[:200]!r}")
            print(f"    ucblogo: {norm(theirs.output or '')[:200]!r}")
        rows.append({"benchmark": prog.stem, "ours_s": t_ours, "ucblogo_s": t_theirs,
                     "ratio": ratio, "output": same,
                     "ours_raw_s": ours.times, "ucblogo_raw_s": theirs.times,
                     "ours_error": ours.error, "ucblogo_error": theirs.error,
                     "ours_output": ours.output, "ucblogo_output": theirs.output})

    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None
    print("-" * len(head))
    print(f"geometric mean of ratios (ours/ucblogo): {NA if geo is None else f'{geo:.2f}'}"
          f"  over {len(ratios)} of {len(programs)} benchmarks")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "repeat": args.repeat, "startup_s": startup, "geomean_ratio": geo,
            "benchmarks": rows}, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
